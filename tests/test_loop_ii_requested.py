"""A loop whose II is the one its pipeline pragma asks for is a note, not a
warning, and a loop short of its pragma's II says which II was asked.

A public Vitis 2023.1 LeNet writes ``#pragma HLS PIPELINE II=2`` in the
innermost level of a flattened nest; its report shows II 2, and hlsight
warned about it, blaming memory ports the tool had partitioned. Here the
polybench insertion sort of ``../shared/instrument`` (its report: the
``while`` loop ``VITIS_LOOP_7_2`` at II 3) is given such a pragma in a
copy of its source.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pycparser import c_ast, c_parser

from hlsight.analyzer.access.derive import _requested_ii
from hlsight.analyzer.access.hls_pragmas import pipeline_ii
from hlsight.analyzer.access.loops import LoopInfo
from tests.conftest import SHARED, run_cli

CASE = SHARED / "instrument" / "vitis2022.2.2_polybench_insert_sort"


def _loop_ii(tmp_path: Path, pragma: str | None) -> list[tuple[str, str]]:
    """(severity, message) of the loop-ii diagnostics of the report, read
    with the source given ``pragma`` as the first line of the while body."""
    text = (CASE / "insert_sort_slow.c").read_text(encoding="utf-8")
    anchor = "while (j > 0 && A[j - 1] > item) {\n"
    assert anchor in text
    if pragma is not None:
        text = text.replace(anchor, anchor + f"#pragma HLS {pragma}\n")
    (tmp_path / "insert_sort_slow.c").write_text(text, encoding="utf-8")
    (tmp_path / "insert_sort.h").write_bytes((CASE / "insert_sort.h").read_bytes())
    result = run_cli("analyze", str(CASE / "report"), "--source-root", str(tmp_path), "--format", "json")
    assert result.code == 0, result.stderr
    return [(diag["severity"], diag["message"]) for diag in json.loads(result.stdout)["diagnostics"]
            if diag["rule"] == "loop-ii" and diag["subject"] == "VITIS_LOOP_7_2"]


def test_the_ii_asked_for_is_a_note(tmp_path: Path) -> None:
    said = _loop_ii(tmp_path, "pipeline II=3")
    assert said and all(severity == "note" for severity, _ in said)
    assert said[0][1] == ("loop VITIS_LOOP_7_2 has II 3, as its pipeline pragma asks (II=3): one iteration every 3"
                          " cycles")


def test_an_ii_above_the_one_asked_for_says_which(tmp_path: Path) -> None:
    said = _loop_ii(tmp_path, "pipeline II=2")
    assert said and all(severity == "warning" for severity, _ in said)
    assert said[0][1].startswith("loop VITIS_LOOP_7_2 has II 3 (its pipeline pragma asks II=2): one iteration every 3"
                                 " cycles (")


def test_without_an_ii_in_the_source_the_warning_stays(tmp_path: Path) -> None:
    for pragma in (None, "pipeline"):
        folder = tmp_path / str(pragma)
        folder.mkdir()
        said = _loop_ii(folder, pragma)
        assert said and all(severity == "warning" for severity, _ in said)
        assert "asks" not in said[0][1]


@pytest.mark.parametrize(("pragmas", "asked"), [
    (["HLS PIPELINE II=2"], 2), (["HLS pipeline ii = 4 rewind"], 4), (["HLS pipeline"], None),
    (["HLS pipeline II="], None), (["HLS unroll factor=2", "HLS pipeline II=8"], 8), (["HLS pipeline off"], None)])
def test_the_ii_of_a_pipeline_pragma(pragmas: list[str], asked: int | None) -> None:
    assert pipeline_ii(pragmas) == asked


def test_a_flattened_nest_s_ii_is_on_its_innermost_level() -> None:
    """Vitis names the nest after all its levels; the pragma sits in the
    innermost, below the single loop of each level above. A level with two
    loops is not flattened through."""
    code = ("void f(int *y) {\n for (int a = 0; a < 4; a++) {\n  for (int b = 0; b < 4; b++) {\n"
            "#pragma HLS PIPELINE II=2\n   y[a * 4 + b] = 0;\n  }\n }\n"
            " for (int c = 0; c < 4; c++) {\n  for (int d = 0; d < 2; d++) { y[d] = 1; }\n"
            "  for (int e = 0; e < 2; e++) {\n#pragma HLS PIPELINE II=3\n   y[e] = 2;\n  }\n }\n}\n")
    body = c_parser.CParser().parse(code).ext[0].body
    first, second = body.block_items

    def info(loop: c_ast.For, levels: tuple[int, ...]) -> LoopInfo:
        return LoopInfo("for", 2, "f.c", None, None, None, "", body=loop.stmt, flattened_lines=levels)

    assert _requested_ii(info(first, (2, 3))) == 2
    assert _requested_ii(info(first, ())) is None  # not flattened: its own body asks nothing
    assert _requested_ii(info(second, (8, 10))) is None
