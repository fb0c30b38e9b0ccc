"""A source file edited since synthesis: the report's ``VITIS_LOOP_<line>``
names point at lines where it has no loop (``source-lines-moved``).

Found on a public Vitis 2023.2 systolic array (kangaroo-0000/systolic-array-hls,
not in the corpus) whose committed ``pe_cycle.h`` is the synthesized file
minus two lines: values to give were described at ``}`` lines, and one
report loop was matched to the loop that closes on the line its name gives
(aoc places some loops at their closing line; Vivado/Vitis never do). Here:
the shared c2hlsc quicksort (Vitis 2022.2.2) with two lines put before its
source.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import SHARED, run_cli

QUICKSORT = SHARED / "instrument" / "vitis2022.2.2_c2hlsc_quicksort"


def _shifted(tmp_path: Path, between: bool = False) -> Path:
    """The quicksort with two lines put before it; ``between``: one of
    them put between its first two loops instead (the loops then move by
    different amounts)."""
    folder = tmp_path / "src"
    folder.mkdir()
    lines = (QUICKSORT / "upstream" / "qs_fast.cpp").read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[22].lstrip().startswith("while (top >= 0)") and lines[31].lstrip().startswith("while (i < j)")
    if between:
        lines.insert(30, "// edited after synthesis\n")
    text = "".join(lines)
    (folder / "qs_fast.cpp").write_text("// edited after synthesis\n" + ("" if between else "// (two lines added)\n")
                                        + text, encoding="utf-8")
    return folder


def test_a_source_moved_as_a_whole_is_matched_at_its_offset(tmp_path: Path) -> None:
    """Two lines added above every loop: each loop sits two lines below its
    name, the loop of the name's rank (the simulator's rule), and is matched
    there with a warning naming the offset and the loops."""
    result = run_cli("analyze", str(QUICKSORT / "report"), "--source-root", str(_shifted(tmp_path)), "-v")
    assert result.code == 0, result.stderr
    assert ("qs_fast.cpp:25:5: warning: the report names loops of qs_fast.cpp at lines where it has none; its loops"
            " of the same ranks sit 2 lines below their names (+2), all at that one offset, so qs_fast.cpp moved since"
            " synthesis (a line added above them?) and they are matched there: VITIS_LOOP_23_1 at line 25,"
            " VITIS_LOOP_32_2 at line 34, VITIS_LOOP_35_3 at line 37, VITIS_LOOP_37_4 at line 39"
            " [source-loops-shifted]") in result.stdout
    assert "loops of qs_fast.cpp at lines where it has none:" not in result.stdout  # no source-lines-moved for loops


def test_an_edited_source_is_said_to_differ(tmp_path: Path) -> None:
    """A line added above the loops and one between them: the loops sit 1
    and 2 lines from their names, no one offset, and none is matched."""
    result = run_cli("analyze", str(QUICKSORT / "report"), "--source-root", str(_shifted(tmp_path, between=True)),
                     "-v")
    assert result.code == 0, result.stderr
    assert ("qs_fast.cpp:23: warning: the report names loops of qs_fast.cpp at lines where it has none:"
            " VITIS_LOOP_23_1 (line 23), VITIS_LOOP_32_2 (line 32), VITIS_LOOP_35_3 (line 35). This qs_fast.cpp is"
            " not the file that was synthesized (edited since?): its loops are not matched to the report's by line,"
            " and the counts it gives may not be the report's [source-lines-moved]") in result.stdout
    assert "source-loops-shifted" not in result.stdout
    # VITIS_LOOP_37_4's line now holds the loop that was at 35: not taken for it
    assert "note: trip count of loop VITIS_LOOP_37_4 unknown: symbol loop.qs.VITIS_LOOP_37_4.trip" in result.stdout


def test_the_synthesized_source_draws_no_warning() -> None:
    result = run_cli("analyze", str(QUICKSORT / "report"), "--source-root", str(QUICKSORT / "upstream"), "-v")
    assert result.code == 0 and "source-lines-moved" not in result.stdout


def test_a_source_without_the_reports_pragmas_is_said_to_differ(tmp_path: Path) -> None:
    """A public Vitis 2025.1 FIR: the report pipelines ``Outer`` by the
    pragma it found at ``filter.cpp:14``; the committed ``filter.cpp`` has
    every pragma commented out and its line 14 reads ``// total filter size
    start``; nothing was said. csynth.xml's ``PragmaReport`` places each
    pragma written in the source (``isDirective="0"``): here the quicksort's
    m_axi interface pragma at line 10, its line replaced by a comment (no
    line moves)."""
    folder = tmp_path / "src"
    folder.mkdir()
    lines = (QUICKSORT / "upstream" / "qs_fast.cpp").read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[9].startswith("#pragma HLS INTERFACE m_axi port=arr")
    lines[9] = "// the interface is set by a Tcl directive now\n"
    (folder / "qs_fast.cpp").write_text("".join(lines), encoding="utf-8")
    result = run_cli("analyze", str(QUICKSORT / "report"), "--source-root", str(folder))
    assert result.code == 0, result.stderr
    assert ("qs_fast.cpp:10:1: warning: the report found pragmas of qs_fast.cpp at line 10, where this qs_fast.cpp has"
            " none (line 10: `// the interface is set by a Tcl directive now`). This qs_fast.cpp is not the file that"
            " was synthesized (edited since?): the counts and places it gives may not be the report's"
            " [source-lines-moved]") in result.stdout
