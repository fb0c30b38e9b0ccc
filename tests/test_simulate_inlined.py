"""Loops of callees HLS inlined count as loops of the module they were
inlined into, in inline-expansion order (``fixtures/instrument/inlined_callee``,
the shape of the public SHA-3 top whose ``Loop 1`` is the inlined
keccak_squeezeblocks loop). Compiled with gcc and run; the expected cycles are
computed from the report's own rows."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema

from hlsight.commands.report_args import load_report
from hlsight.core.model import Loop
from tests.conftest import FIXTURES, REPO, run_cli

FOLDER = FIXTURES / "instrument" / "inlined_callee"
REPORT = FOLDER / "report"
N = 10  # tb.c: squeeze(out, s, 10)


def _simulate(source: Path, *extra: str) -> dict[str, Any]:
    result = run_cli("simulate", str(source), *extra, "--report", str(REPORT), "--testbench", str(FOLDER / "tb.c"),
                     "--cflags", f"-std=c99 -O2 -Wno-unknown-pragmas -I {FOLDER}", "--format", "json")
    assert result.code == 0, result.stderr
    document: dict[str, Any] = json.loads(result.stdout)
    jsonschema.validate(document, json.loads((REPO / "docs" / "simulate.schema.json").read_text()))
    return document


def _row(module: str, name: str) -> Loop:
    kernel = load_report(str(REPORT), None).kernel(module)
    assert kernel is not None
    return next(loop for loop in kernel.all_loops() if loop.name.replace(" ", "") == name.replace(" ", ""))


def _loops(document: dict[str, Any], function: str) -> dict[str, dict[str, Any]]:
    found = next(item for item in document["functions"] if item["name"] == function)
    return {loop["report_name"]: loop for loop in found["loops"]}


def test_an_inlined_callee_loop_is_the_callers_loop_in_expansion_order() -> None:
    document = _simulate(FOLDER / "squeeze.c")
    inlined, own = _row("squeeze", "Loop 1"), _row("squeeze", "Loop 2")
    checksum = load_report(str(REPORT), None).kernel("checksum")
    assert checksum is not None and checksum.latency is not None and checksum.latency.max is not None
    assert inlined.latency is not None and inlined.latency.max is not None and own.iteration_latency is not None
    # Loop 1 = copy_block's loop (its one-trip BLOCKS wrapper dissolved), Loop 2 = the top's own loop over n
    assert document["cycles"] == inlined.latency.max + N * own.iteration_latency + checksum.latency.max
    loops = _loops(document, "squeeze")
    assert loops["Loop 1"]["inlined_from"] == "copy_block" and loops["Loop 1"]["trip_count_total"] == 17
    assert loops["Loop 2"]["inlined_from"] == "" and loops["Loop 2"]["trip_count_total"] == N
    rules = {d["rule"]: d for d in document["diagnostics"]}
    assert "instrument-report-loop-unmatched" not in rules and "instrument-loop-unmatched" not in rules
    assert "loops count as loops of module 'squeeze'" in rules["instrument-no-module"]["message"]
    assert "HLS dissolved it" in rules["instrument-loop-single-trip"]["message"]
    text = run_cli("simulate", str(FOLDER / "squeeze.c"), "--report", str(REPORT), "--testbench",
                   str(FOLDER / "tb.c")).stdout
    # every loop is counted; squeeze's own cycles beyond them are not (its latency is "?"): said
    assert "Loop 1 (copy_block, inlined)" in text
    assert ("a lower bound: 1 part(s) of the design are not counted (the instrument-residual-unknown warnings"
            " below)") in text


def test_a_callee_inlined_at_two_places_is_said_not_guessed(tmp_path: Path) -> None:
    """Two calls of copy_block: its one loop is the report's Loop 1 and Loop 2
    at once; one counter cannot tell them apart, so neither is taken, and the
    top's own loop (now the third) does not take Loop 2 either."""
    source = tmp_path / "squeeze.c"
    source.write_text((FOLDER / "squeeze.c").read_text().replace(
        "    copy_block(out, s, 1);\n", "    copy_block(out, s, 1);\n    copy_block(out, s, 1);\n"))
    document = _simulate(source)
    (ambiguous,) = [d for d in document["diagnostics"] if d["rule"] == "instrument-inlined-ambiguous"]
    assert ambiguous["severity"] == "warning" and ambiguous["line"] == 13
    assert "inlined at 2 places" in ambiguous["message"]
    assert "'Loop 1' of module 'squeeze', 'Loop 2' of module 'squeeze'" in ambiguous["message"]
    assert _loops(document, "squeeze") == {}
    unmatched = {d["message"].split("'")[1] for d in document["diagnostics"]
                 if d["rule"] == "instrument-report-loop-unmatched"}
    assert unmatched == {"Loop 1", "Loop 2"}


def test_an_ambiguous_callee_lists_each_report_row_once_and_says_what_is_counted(tmp_path: Path) -> None:
    """Three calls of copy_block reach two report rows: each row is listed
    once (a walk's gaussian listed 'win_y_win_x' of module 'gaussian'
    twice), the calls are said once with their number, and where the rows'
    cycles go is said in the warning itself (it said "as the report's
    unmatched loops say", with those said only in notes or not at all)."""
    source = tmp_path / "squeeze.c"
    source.write_text((FOLDER / "squeeze.c").read_text().replace(
        "    copy_block(out, s, 1);\n", "    copy_block(out, s, 1);\n" * 3))
    document = _simulate(source)
    (ambiguous,) = [d for d in document["diagnostics"] if d["rule"] == "instrument-inlined-ambiguous"]
    message = ambiguous["message"]
    assert "inlined at 3 places (via copy_block (x3))" in message
    assert message.split("that ", 1)[1] == (
        "the report lists as 'Loop 1' of module 'squeeze', 'Loop 2' of module 'squeeze': one counter cannot tell"
        " them apart, so it is not matched; their cycles are not counted (said by instrument-report-loop-unmatched)")
    unmatched = [d for d in document["diagnostics"] if d["rule"] == "instrument-report-loop-unmatched"]
    assert sorted(d["message"].split("'")[1] for d in unmatched) == ["Loop 1", "Loop 2"]
    assert all(d["severity"] == "warning" and " are not counted" in d["message"] for d in unmatched)


def test_an_inlined_callee_with_loops_in_an_extra_file_is_said(tmp_path: Path) -> None:
    """copy_block moved to a file given with --extra: its loop (the report's
    Loop 1) cannot be counted; the warning names the file and the function."""
    text = (FOLDER / "squeeze.c").read_text()
    start, end = text.index("static void copy_block"), text.index("static int checksum")
    helper = tmp_path / "copy_block.c"
    helper.write_text(text[start:end].replace("static void", "void"))
    top = tmp_path / "squeeze.c"
    top.write_text(text[:start] + "void copy_block(int out[17], const int s[25], int blocks);\n\n" + text[end:])
    document = _simulate(top, "--extra", str(helper))
    (said,) = [d for d in document["diagnostics"] if d["rule"] == "instrument-inlined-in-extra"]
    assert said["file"] == str(helper) and said["line"] == 1 and said["severity"] == "warning"
    assert "'copy_block', called by 'squeeze', is defined in the --extra file copy_block.c" in said["message"]
    assert "its loops are loops of module 'squeeze' in the report: they are not counted" in said["message"]
    both = _simulate(top, str(helper))  # given as a design source instead: counted as in one file
    assert both["cycles"] == _simulate(FOLDER / "squeeze.c")["cycles"] > document["cycles"]
    assert _loops(both, "squeeze")["Loop 1"]["inlined_from"] == "copy_block"


HELD = FIXTURES / "instrument" / "inlined_twice"


def test_an_ambiguous_callee_loop_the_module_latency_holds_is_counted_once_and_said() -> None:
    """``clear`` (no module) is called twice: its one loop is the report's
    ``Loop 1`` and ``Loop 2``. No counter is matched to either (one cannot
    tell the copies apart); the module's latency beside the matched ``SUM``
    holds both (eq. 6: ``R_f = latency max - SUM max``), so the copies are
    counted there, once per call, not again by a counter, and the warning
    says where their cycles went. tb.c calls it with n = 4 and n = 10."""
    result = run_cli("simulate", str(HELD / "clear_sum.c"), "--report", str(HELD / "report"), "--testbench",
                     str(HELD / "tb.c"), "--format", "json")
    assert result.code == 0, result.stderr
    document: dict[str, Any] = json.loads(result.stdout)
    kernel = load_report(str(HELD / "report"), None).kernel("clear_sum")
    assert kernel is not None and kernel.latency is not None and kernel.latency.max is not None
    rows = {loop.name.replace(" ", ""): loop for loop in kernel.all_loops()}
    total = rows["SUM"]
    assert total.latency is not None and total.latency.max is not None and total.iteration_latency is not None
    residual = kernel.latency.max - total.latency.max  # 219 - 200: the two 8-cycle copies and 3 own cycles
    copies = [rows[name].latency for name in ("Loop1", "Loop2")]
    assert [None if latency is None else latency.max for latency in copies] == [8, 8] and residual == 8 + 8 + 3
    calls = (4, 10)
    assert document["cycles"] == sum(n * total.iteration_latency + residual for n in calls) == 66
    # no counter for the copies: the only loop counted is SUM, entered once per call
    assert [(loop["report_name"], loop["entries"], loop["trip_count_total"])
            for loop in _loops(document, "clear_sum").values()] == [("SUM", 2, sum(calls))]
    (ambiguous,) = [d for d in document["diagnostics"] if d["rule"] == "instrument-inlined-ambiguous"]
    assert ambiguous["severity"] == "warning" and ambiguous["line"] == 9
    assert ambiguous["message"] == (
        "loop 'Loop 1' of 'clear' is inlined at 2 places (via clear (x2)) that the report lists as 'Loop 1' of"
        " module 'clear_sum', 'Loop 2' of module 'clear_sum': one counter cannot tell them apart, so it is not"
        " matched; their cycles are counted in the latency of module 'clear_sum'")
    unmatched = [d for d in document["diagnostics"] if d["rule"] == "instrument-report-loop-unmatched"]
    assert sorted(d["message"].split("'")[1] for d in unmatched) == ["Loop 1", "Loop 2"]
    assert all(d["severity"] == "note" and "its 8 cycles are counted in the latency of module 'clear_sum'"
               in d["message"] for d in unmatched)
    text = run_cli("simulate", str(HELD / "clear_sum.c"), "--report", str(HELD / "report"), "--testbench",
                   str(HELD / "tb.c"))
    assert "total: 66 cycles" in text.stdout and "a lower bound" not in text.stdout + text.stderr
