"""Bad Intel inputs: one message naming the file and what was expected, exit
code 2, no traceback, and the corpus is never modified (copies in tmp_path)."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hlsight.core.errors import InputError
from hlsight.parsers.loader import load_design
from tests.conftest import CORPUS, run_cli

AOC = CORPUS / "aoc"
VADD_19 = AOC / "aoc19.4pro_s10mx_hbm2_memprofile" / "Stratix10MX_Mem_Profile" / "CA_reports" / "testMX_bw10_16_1"
NET_REPORTS = AOC / "aoc16.1_s5_de5net_caffe_net" / "kernels" / "net" / "bin" / "net" / "reports"


def _copy(src: Path, dst: Path) -> Path:
    shutil.copytree(src, dst)
    return dst


def _assert_input_error(path: Path, *needles: str) -> str:
    result = run_cli("analyze", str(path))
    assert result.code == 2, result.stdout
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("hlsight: error: ") and result.stderr.count("\n") == 1
    for needle in needles:
        assert needle in result.stderr, result.stderr
    return result.stderr


def test_truncated_report_data_js(tmp_path: Path) -> None:
    reports = _copy(NET_REPORTS, tmp_path / "reports")  # 16.1: report_data.js only
    data = reports / "lib" / "report_data.js"
    text = data.read_text()
    data.write_text(text[: len(text) // 2])
    _assert_input_error(reports, "report_data.js", "truncated", "expected a complete aoc, oneAPI or i++ report file")


def test_truncated_single_quoted_payload(tmp_path: Path) -> None:
    reports = _copy(VADD_19, tmp_path / "set")
    shutil.rmtree(reports / "lib" / "json")
    data = reports / "lib" / "report_data.js"
    lines = data.read_text().splitlines()
    mav = next(i for i, line in enumerate(lines) if line.startswith("var mavJSON="))
    lines[mav] = lines[mav][: len(lines[mav]) // 2] + ";"  # cut inside the string, statement still closed
    data.write_text("\n".join(lines))
    _assert_input_error(reports, "report_data.js", "var mavJSON", "unterminated quoted payload")
    data.write_text("\n".join(lines[: mav + 1])[:-1])  # cut at the end of the file
    _assert_input_error(reports, "report_data.js", "var mavJSON", "truncated")


def test_truncated_json_file(tmp_path: Path) -> None:
    reports = _copy(VADD_19, tmp_path / "set")
    mav = reports / "lib" / "json" / "mav.json"
    mav.write_text(mav.read_text()[:700])
    _assert_input_error(reports, str(mav), "malformed JSON")


def test_malformed_loops_json(tmp_path: Path) -> None:
    reports = _copy(VADD_19, tmp_path / "set")
    (reports / "lib" / "json" / "loops.json").write_text('{"columns": [}')
    _assert_input_error(reports, "loops.json", "malformed JSON")


def test_mav_of_unknown_shape(tmp_path: Path) -> None:
    reports = _copy(VADD_19, tmp_path / "set")
    (reports / "lib" / "json" / "mav.json").write_text('["a future mav format"]')
    _assert_input_error(reports, "mav.json", "mav data has an unexpected structure", "expected the aoc mav document")


def test_unknown_future_layout(tmp_path: Path) -> None:
    """A reports dir whose data lives somewhere hlsight does not know."""
    reports = tmp_path / "reports"
    (reports / "assets" / "data").mkdir(parents=True)
    (reports / "report.html").write_text("<html></html>")
    (reports / "assets" / "data" / "design.json").write_text("{}")
    _assert_input_error(reports / "report.html", "report.html", "expected", "lib/report_data.js")
    _assert_input_error(reports, str(reports), "without its report data", "resources/report_data.js")


def test_report_html_without_data(tmp_path: Path) -> None:
    (tmp_path / "report.html").write_text("<html></html>")
    _assert_input_error(tmp_path / "report.html", "report.html")


def test_js_file_without_vars(tmp_path: Path) -> None:
    lib = tmp_path / "reports" / "lib"
    lib.mkdir(parents=True)
    (lib / "report_data.js").write_text("console.log('not a report');\n")
    _assert_input_error(tmp_path / "reports", "report_data.js", "no 'var NAME=' statements")


def test_several_prj_directories_are_ambiguous(tmp_path: Path) -> None:
    bfs = AOC / "oneapi2021.4_s10gx_parallel_bfs" / "parallel_bfs_report.prj" / "reports"
    for name in ("a.prj", "b.prj"):
        _copy(bfs, tmp_path / name / "reports")
    _assert_input_error(tmp_path, "several oneAPI projects", "a.prj, b.prj")


@pytest.mark.parametrize("name", ["mav.json", "report_data.js"])
def test_empty_files(tmp_path: Path, name: str) -> None:
    if name == "mav.json":
        (tmp_path / "mav.json").write_text("")  # looks like a 15.1 project
        _assert_input_error(tmp_path, "mav.json")
    else:
        lib = tmp_path / "lib"
        lib.mkdir()
        (lib / name).write_text("")
        _assert_input_error(tmp_path, name)


@pytest.mark.parametrize("given", ["bin", "bin/reports", "bin/reports/report.html", "bin/reports/lib/report_data.js"])
def test_an_emptied_report_data_js_says_empty_file(tmp_path: Path, given: str) -> None:
    """It said "no 'var NAME=' statements found" (or, elsewhere, "no HLS
    report found here"), which sends the user looking for a syntax error."""
    reports = _copy(NET_REPORTS, tmp_path / "bin" / "reports")
    (reports / "lib" / "report_data.js").write_bytes(b"")
    _assert_input_error(tmp_path / given, f"{reports / 'lib' / 'report_data.js'}: empty file (expected ")


@pytest.mark.parametrize("given", ["bin", "bin/reports", "bin/reports/report.html"])
def test_an_empty_report_html_without_data_says_empty_file(tmp_path: Path, given: str) -> None:
    reports = _copy(NET_REPORTS, tmp_path / "bin" / "reports")
    shutil.rmtree(reports / "lib")
    (reports / "report.html").write_bytes(b"")
    _assert_input_error(tmp_path / given, f"{reports / 'report.html'}: empty file (expected ")


def test_a_lone_empty_report_data_js_says_empty_file(tmp_path: Path) -> None:
    """Outside lib/ no reader claims it: "no HLS report found here" hid that the file is empty."""
    lone = tmp_path / "report_data.js"
    shutil.copy(NET_REPORTS / "lib" / "report_data.js", lone)
    lone.write_bytes(b"")
    _assert_input_error(lone, f"{lone}: empty file (expected ")


def test_corpus_untouched_and_output_not_overwritten_on_error(tmp_path: Path) -> None:
    reports = _copy(VADD_19, tmp_path / "set")
    (reports / "lib" / "json" / "mav.json").write_text("{")
    out = tmp_path / "out.json"
    out.write_text("previous")
    result = run_cli("analyze", str(reports), "--format", "json", "-o", str(out))
    assert result.code == 2
    assert out.read_text() == "previous"


# --------------------------------------------------------------------------- fuzzing

FUZZ_SET = VADD_19 / "lib"
DOCUMENTS = ("mav", "loops", "summary", "info", "fmax_ii")


def _paths(node: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    out = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            out.extend(_paths(value, (*prefix, key)))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out.extend(_paths(value, (*prefix, index)))
    return out


def _replace(node: object, path: tuple[object, ...], value: object) -> object:
    if not path:
        return value
    head, rest = path[0], path[1:]
    if isinstance(node, dict):
        return {**node, head: _replace(node[head], rest, value)}  # type: ignore[index]
    assert isinstance(node, list) and isinstance(head, int)
    return [*node[:head], _replace(node[head], rest, value), *node[head + 1:]]


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(document=st.sampled_from(DOCUMENTS), pick=st.integers(min_value=0),
       value=st.sampled_from([None, 0, -1, "", "n/a", "x bits", [], {}, [[]], {"type": "table"}, 1.5]))
def test_mutated_documents_give_a_design_or_an_input_error(document: str, pick: int, value: object) -> None:
    """Any JSON value anywhere in a real report replaced by another type: the
    reader returns a design or raises InputError, never another exception."""
    original = json.loads((FUZZ_SET / "json" / f"{document}.json").read_text(), strict=False)
    paths = _paths(original)
    mutated = _replace(original, paths[pick % len(paths)], value)
    with tempfile.TemporaryDirectory() as tmp:
        reports = Path(tmp) / "set"
        shutil.copytree(FUZZ_SET.parent, reports)
        (reports / "lib" / "json" / f"{document}.json").write_text(json.dumps(mutated))
        try:
            load_design(reports)
        except InputError as error:
            assert error.path is not None and error.message


@settings(max_examples=40, deadline=None)
@given(cut=st.floats(min_value=0.0, max_value=0.999))
def test_truncated_report_data_js_anywhere_is_an_input_error(cut: float) -> None:
    text = (NET_REPORTS / "lib" / "report_data.js").read_text()
    with tempfile.TemporaryDirectory() as tmp:
        lib = Path(tmp) / "reports" / "lib"
        lib.mkdir(parents=True)
        (lib / "report_data.js").write_text(text[: int(len(text) * cut)])
        with pytest.raises(InputError):
            load_design(lib.parent)
