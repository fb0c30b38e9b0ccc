"""An aoc kernel source of another revision than the one the report was
compiled from (``source-lines-moved``, :mod:`hlsight.analyzer.access.aoc_moved_lines`).

Found on the public OxfordSKA/FPGA_Gridding (aoc 17.1.1): its committed
report places ``oskar_process_all_tiles`` at line 54, ``convEng`` at 193 and
loops at 82, 107, 228, ...; the repository's earlier
``gridding_kernels_tile.cl``, given with ``--source-root``, defines the
kernels at lines 4 and 149 and has no loop at 9 of those 10 lines. It was
matched by line without a word: an LSU the report places per tile was
counted once per visibility (1000x), a loop took an unrelated loop's count
and an endless loop's count was inferred from the old file.

The fixture ``fixtures/aoc17_other_revision`` (written for these tests)
has the same shape: a report compiled from ``v2/tiles.cl`` and an earlier
``v1/tiles.cl`` whose lines put ``vis[off + i]`` (per point) where the
report's per-tile ``start[t]`` load is, the inner loop where the report's
outer loop is, and the outer loop's ``}`` where the report's inner loop is.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from hlsight.analyzer.access.aoc_moved_lines import KernelSource, stale_sources
from hlsight.analyzer.access.derive import kernel_accesses
from hlsight.analyzer.access.sources import parse_design_sources
from hlsight.commands.sources import with_local_sources
from hlsight.parsers.loader import load_design
from tests.conftest import FIXTURES, run_cli, run_json

FIXTURE = FIXTURES / "aoc17_other_revision"
REPORT = FIXTURE / "reports"
COMPILED = "/home/builder/tiles_v2/tiles.cl"


def _access_notes(document: dict[str, Any]) -> list[str]:
    return [item["rule"] for item in document["diagnostics"] if item["rule"].startswith("access-")]


def _lsu_facts(document: dict[str, Any]) -> dict[str, Any]:
    return {lsu["id"]: lsu["access"] for kernel in document["kernels"] for lsu in kernel["lsus"]}


def _loop_trips(document: dict[str, Any]) -> list[Any]:
    def walk(loops: list[dict[str, Any]]) -> list[Any]:
        return [item for loop in loops for item in [loop["trip_expression"], *walk(loop["children"])]]
    return walk([loop for kernel in document["kernels"] for loop in kernel["loops"]])


def test_another_revision_is_said_once_and_none_of_its_counts_are_used() -> None:
    """v1 gave ``start[t]`` the count of ``vis[off + i]`` (64 x the points
    of a tile, not 64) and swapped the two loops' counts; now it is said to
    be another file and the analysis is the one without a source."""
    result = run_cli("analyze", str(REPORT), "--source-root", str(FIXTURE / "v1"), "-v")
    assert result.code == 0, result.stderr
    assert result.stdout.count("[source-lines-moved]") == 1
    assert ("tiles.cl:10:9: warning: this tiles.cl is not the file that was compiled (another revision?): the report"
            " places kernel sum_tiles at line 10 (this file defines it at line 4). The counts it gives may not be the"
            " report's, so none of its accesses and loops are used (their LSUs and loops keep the report's symbols,"
            " as without a source) [source-lines-moved]") in result.stdout
    # the loops' symbols are named without quoting the other revision's lines
    assert "loop.sum_tiles.B1.trip: the loop at tiles.cl:12\n" in result.stdout
    stale = run_json("analyze", str(REPORT), "--source-root", str(FIXTURE / "v1"))
    without = run_json("analyze", str(REPORT))
    assert _access_notes(stale) == []
    assert _lsu_facts(stale) == _lsu_facts(without) == {
        "sum_tiles/load0": None, "sum_tiles/load1": None, "sum_tiles/load2": None, "sum_tiles/store0": None}
    assert _loop_trips(stale) == _loop_trips(without) == [None, None]
    assert stale["kernels"][0]["estimate"]["expression"] == without["kernels"][0]["estimate"]["expression"]


def _copy_report(tmp_path: Path, path: str, lines: dict[int, int] | None = None) -> Path:
    """The fixture's report with its file named ``path`` and the lines in
    ``lines`` (old -> new) moved."""
    folder = tmp_path / "reports"
    shutil.copytree(REPORT, folder)

    def rewrite(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("filename") == COMPILED:
                node["filename"] = path
                node["line"] = (lines or {}).get(node["line"], node["line"])
            for value in node.values():
                rewrite(value)
        elif isinstance(node, list):
            for value in node:
                rewrite(value)

    for name in ("mav.json", "loops.json"):
        target = folder / "lib" / "json" / name
        data = json.loads(target.read_text(encoding="utf-8"))
        rewrite(data)
        target.write_text(json.dumps(data), encoding="utf-8")
    return folder


def test_a_windows_path_is_matched_by_its_name(tmp_path: Path) -> None:
    """A report built on Windows names ``C:\\build\\tiles.cl``: the file
    found by that name is judged as any other, the other revision set
    aside, the compiled one used."""
    report = _copy_report(tmp_path, "C:\\build\\tiles_v2\\tiles.cl")
    stale = run_json("analyze", str(report), "--source-root", str(FIXTURE / "v1"))
    assert [item["rule"] for item in stale["diagnostics"]].count("source-lines-moved") == 1
    assert _access_notes(stale) == []
    compiled = run_json("analyze", str(report), "--source-root", str(FIXTURE / "v2"))
    assert "source-lines-moved" not in [item["rule"] for item in compiled["diagnostics"]]
    assert _lsu_facts(compiled)["sum_tiles/load0"]["accesses"] == "64"
    assert _loop_trips(compiled) == ["64", "trips_sum_tiles_L16"]


def _stale(report: Path, root: Path) -> dict[str, list[tuple[str, int]]]:
    """File name -> the loops :func:`stale_sources` finds misplaced, for
    ``report`` read with the sources below ``root``."""
    design = with_local_sources(load_design(report), str(root))
    parsed = parse_design_sources(design)
    walks = []
    for kernel in design.kernels:
        found = parsed.function(kernel.name)
        context = kernel_accesses(design, kernel, parsed)
        walks.append(KernelSource(kernel, found[1] if found else None, context.loops if context else []))
    return {file: entry.loops for file, entry in stale_sources(walks, parsed.lines).items()}


def test_the_compiled_revisions_legitimate_places_are_not_taken_for_an_edit(tmp_path: Path) -> None:
    """The places a compiled file's report may give that are not a loop's
    keyword or a kernel's name: a loop at its ``#pragma unroll`` line (11),
    a kernel at its ``__attribute__`` line (5) or at its ``{`` (10), and a
    loop written as a macro's use (the macro's text holds the ``for``)."""
    assert _stale(REPORT, FIXTURE / "v2") == {}
    assert _stale(_copy_report(tmp_path / "pragma", COMPILED, {12: 11, 10: 5}), FIXTURE / "v2") == {}
    source = tmp_path / "macro"
    source.mkdir()
    text = (FIXTURE / "v2" / "tiles.cl").read_text(encoding="utf-8").splitlines()
    text[3] = "#define EACH(i, n) for (int i = 0; i < (n); i++)"
    text[15] = "        EACH(i, n) {"
    (source / "tiles.cl").write_text("\n".join(text) + "\n", encoding="utf-8")
    assert _stale(REPORT, source) == {}


def test_most_loops_at_lines_without_one_say_another_revision(tmp_path: Path) -> None:
    """With the kernel where the report places it, the loops alone decide:
    both at lines without a loop (3, 7) is another revision; one of two
    (hlsight may misread one line) is not."""
    both = _copy_report(tmp_path / "both", COMPILED, {12: 3, 16: 7})
    assert _stale(both, FIXTURE / "v2") == {"tiles.cl": [("sum_tiles.B1", 3), ("sum_tiles.B2", 7)]}
    one = _copy_report(tmp_path / "one", COMPILED, {16: 7})
    assert _stale(one, FIXTURE / "v2") == {}
