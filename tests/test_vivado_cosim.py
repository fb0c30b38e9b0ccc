"""A Vivado/Vitis solution's C/RTL co-simulation report beside the estimate.

The synthesis reports are the real Vitis 2022.2.2 MachSuite bfs ones
(``../shared/instrument``, copied into a solution layout in a temporary
folder); the co-simulation reports are hand-written in the two layouts
public solutions show (``fixtures/vivado_cosim/README.md``). bfs's top is
``481 * loop_queue.trip + 1`` cycles (its csynth.xml: loop_queue iteration
latency 481, one cycle of its own), so every number below is hand-computed:
112,074 measured = 233 x 481 + 1; 200 iterations give 96,201, -14.16 %.
"""

from __future__ import annotations

import json
import shutil
from datetime import datetime
from pathlib import Path

import jsonschema
import pytest

from hlsight.analyzer.cosim_check import relative_error, run_time_waits
from hlsight.core.model import CosimReport
from hlsight.parsers.loader import load_design
from hlsight.parsers.vivado.cosim import MAX_COSIM_BYTES, parse_cosim, parse_report_date, read_cosim
from tests.conftest import FIXTURES, REPO, SHARED, run_cli

BFS = SHARED / "instrument" / "vitis2022.2.2_machsuite_bfs_queue"
COSIM = FIXTURES / "vivado_cosim"
TRIP = "loop.bfs.loop_queue.trip"


def _solution(tmp_path: Path, cosim: Path | None, name: str = "bfs_cosim.rpt") -> Path:
    """``tmp_path/solution1`` with bfs's syn/report and ``cosim`` as sim/report/NAME."""
    solution = tmp_path / "solution1"
    shutil.copytree(BFS / "report", solution / "syn" / "report")
    (solution / "sim" / "report").mkdir(parents=True)
    if cosim is not None:
        shutil.copyfile(cosim, solution / "sim" / "report" / name)
    return solution


def _corpus_solution(tmp_path: Path, reports: Path, top: str) -> Path:
    """``tmp_path/solution1`` with a corpus design's reports as syn/report and
    bfs_cosim.rpt as the co-simulation report of ``top``."""
    solution = tmp_path / "solution1"
    shutil.copytree(reports, solution / "syn" / "report")
    (solution / "sim" / "report").mkdir(parents=True)
    shutil.copyfile(COSIM / "bfs_cosim.rpt", solution / "sim" / "report" / f"{top}_cosim.rpt")
    return solution


def _json(*argv: str) -> dict[str, object]:
    result = run_cli("analyze", *argv, "--format", "json")
    assert result.code in (0, 1), result.stderr
    document: dict[str, object] = json.loads(result.stdout)
    schema = json.loads((REPO / "docs" / "hlsight.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(document)
    return document


def _rules(document: dict[str, object]) -> dict[str, dict[str, object]]:
    diagnostics = document["diagnostics"]
    assert isinstance(diagnostics, list)
    return {item["rule"]: item for item in diagnostics if item["rule"].startswith("vivado-cosim")}


def test_both_layouts_are_read() -> None:
    recent = parse_cosim((COSIM / "bfs_cosim.rpt").read_text(encoding="utf-8"), COSIM / "bfs_cosim.rpt")
    legacy = parse_cosim((COSIM / "legacy_cosim.rpt").read_text(encoding="utf-8"), COSIM / "legacy_cosim.rpt")
    assert isinstance(recent, CosimReport) and isinstance(legacy, CosimReport)
    assert recent.top == "bfs" and recent.simulator == "xsim"
    assert [(run.language, run.status) for run in recent.runs] == [("VHDL", "NA"), ("Verilog", "Pass")]
    vhdl, verilog = recent.runs
    assert vhdl.latency_avg is None and not vhdl.passed
    assert (verilog.latency_min, verilog.latency_avg, verilog.latency_max, verilog.total_cycles) == (
        112074, 112074, 112074, 112074)
    assert verilog.interval_avg is None and verilog.line == 11
    measured = legacy.measured()
    assert measured is not None
    assert (measured.latency_min, measured.latency_avg, measured.latency_max) == (96201, 104137, 112074)
    assert (measured.interval_min, measured.total_cycles) == (96202, None)


def test_symbolic_estimate_names_the_trip_count_cosim_implies(tmp_path: Path) -> None:
    solution = _solution(tmp_path, COSIM / "bfs_cosim.rpt")
    document = _json(str(solution))
    (comparison,) = document["cosim"]  # type: ignore[misc]
    assert comparison["estimate_cycles"] is None and comparison["error"] is None
    assert comparison["implied"][TRIP] == pytest.approx(233, abs=1e-5)  # (112,074 - 1) / 481
    assert comparison["measured_avg"] == 112074 and comparison["language"] == "Verilog"
    note = _rules(document)["vivado-cosim-implied"]
    assert note["severity"] == "note" and note["line"] == 11
    assert f"--set {TRIP}=233 to use it" in note["message"]
    assert document["estimate"]["free_symbols"] == [TRIP]  # said, never put into the number
    text = run_cli("analyze", str(solution)).stdout
    assert ("co-simulation measured 112,074 cycles per call (Verilog, xsim): the estimate equals it at"
            f" {TRIP} = 233") in text


def test_estimate_at_the_testbench_values_matches(tmp_path: Path) -> None:
    solution = _solution(tmp_path, COSIM / "bfs_cosim.rpt")
    document = _json(str(solution), "--set", f"{TRIP}=233")
    (comparison,) = document["cosim"]  # type: ignore[misc]
    assert comparison["estimate_cycles"] == 112074 and comparison["error"] == 0
    assert not _rules(document)
    text = run_cli("analyze", str(solution), "--set", f"{TRIP}=233").stdout
    assert "co-simulation measured 112,074 cycles per call (Verilog, xsim): the cycle count above +0.0%" in text


def test_estimate_far_from_cosim_is_a_warning(tmp_path: Path) -> None:
    solution = _solution(tmp_path, COSIM / "bfs_cosim.rpt")
    document = _json(str(solution), "--set", f"{TRIP}=200")
    (comparison,) = document["cosim"]  # type: ignore[misc]
    assert comparison["estimate_cycles"] == 96201
    assert comparison["error"] == pytest.approx((96201 - 112074) / 112074)
    warning = _rules(document)["vivado-cosim-differs"]
    assert warning["severity"] == "warning"
    assert "the cycle count at the values given, 96,201 cycles, is -14.2% off the 112,074 cycles" in warning["message"]
    result = run_cli("analyze", str(solution), "--set", f"{TRIP}=200")
    assert "sim/report/bfs_cosim.rpt:11: warning: top 'bfs'" in result.stdout + result.stderr


def test_inside_the_measured_range_is_no_warning(tmp_path: Path) -> None:
    """Several transactions, 96,201..112,074: 200 iterations lie inside
    (-7.6 % from the average, but a call the testbench made took that long)."""
    solution = _solution(tmp_path, COSIM / "legacy_cosim.rpt")
    inside = _json(str(solution), "--set", f"{TRIP}=200")
    assert inside["cosim"][0]["error"] == pytest.approx((96201 - 104137) / 104137)  # type: ignore[index]
    assert "vivado-cosim-differs" not in _rules(inside)
    below = _json(str(solution), "--set", f"{TRIP}=150")  # 72,151: 30.7 % under the average, below the min
    assert "vivado-cosim-differs" in _rules(below)
    text = run_cli("analyze", str(solution), "--set", f"{TRIP}=200").stdout
    assert "co-simulation measured 104,137 cycles per call on average (Verilog, xsim, min 96,201 max 112,074)" in text


def test_failed_other_top_and_unreadable_reports_are_said(tmp_path: Path) -> None:
    failed = _json(str(_solution(tmp_path / "a", COSIM / "failed_cosim.rpt")))
    assert failed["cosim"] == []
    assert "VHDL: NA, Verilog: Fail" in _rules(failed)["vivado-cosim-failed"]["message"]
    other = _json(str(_solution(tmp_path / "b", COSIM / "bfs_cosim.rpt", name="dot_cosim.rpt")))
    assert other["cosim"] == []
    assert "'dot', which is not the top of these synthesis reports (bfs)" in \
        _rules(other)["vivado-cosim-other-top"]["message"]
    garbage = tmp_path / "garbage.rpt"
    garbage.write_text("Report time : today\nnot a table\n", encoding="utf-8")
    unreadable = _json(str(_solution(tmp_path / "c", garbage)))
    assert unreadable["cosim"] == [] and unreadable["estimate"]["free_symbols"] == [TRIP]  # analysis unaffected
    assert "no RTL row" in _rules(unreadable)["vivado-cosim-unreadable"]["message"]


def test_huge_cosim_report_is_not_read(tmp_path: Path) -> None:
    huge = tmp_path / "bfs_cosim.rpt"
    huge.write_bytes((COSIM / "bfs_cosim.rpt").read_bytes() + b" " * (MAX_COSIM_BYTES + 1))
    report, found = read_cosim(huge)
    assert report is None and found[0].rule == "vivado-cosim-unreadable"
    assert "larger than any co-simulation report" in found[0].message
    before = huge.read_bytes()
    document = _json(str(_solution(tmp_path / "s", huge)))
    assert document["cosim"] == [] and huge.read_bytes() == before  # never changed


def test_simulate_compares_its_cycles_with_cosim(tmp_path: Path) -> None:
    """HLScope+ Table III: the software-simulated cycles beside RTL co-simulation.
    tb.c runs bfs once; the report model gives 112,074 cycles for its 233 dequeued
    nodes (../shared/instrument/expected.json, checked by tests/test_instrument_heldout.py)."""
    solution = _solution(tmp_path, COSIM / "bfs_cosim.rpt")
    result = run_cli("simulate", str(BFS / "bfs_queue.c"), "--report", str(solution),
                     "--testbench", str(BFS / "tb.c"), "--format", "json")
    assert result.code == 0, result.stderr
    document = json.loads(result.stdout)
    schema = json.loads((REPO / "docs" / "simulate.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(document)
    assert document["cosim"]["measured_avg"] == 112074
    assert document["cosim"]["estimate_cycles"] == document["cycles"] == 112074
    assert document["cosim"]["error"] == 0
    text = run_cli("simulate", str(BFS / "bfs_queue.c"), "--report", str(solution), "--testbench",
                   str(BFS / "tb.c")).stdout
    assert "co-simulation measured 112,074 cycles per call (Verilog, xsim): simulated 112,074 per call (+0.0%)" in text


def test_a_worst_case_top_names_its_missing_instance_table(tmp_path: Path, corpus: Path) -> None:
    """Outside check (a public 2018.2 dataflow solution without its top .rpt):
    the top had nothing to compose from, took the report's worst case,
    asked for trip counts that could not change it, and the co-simulation
    warning blamed the trip counts. The 2018.3 sobel corpus design, read
    without hls_sobel_csynth.rpt, has the same shape."""
    solution = tmp_path / "solution1"
    report = solution / "syn" / "report"
    report.mkdir(parents=True)
    for path in (corpus / "vivado" / "vhls2018.3_hls_sobel_dataflow").iterdir():
        if path.name.endswith((".xml", ".rpt")) and path.name != "hls_sobel_csynth.rpt":
            shutil.copyfile(path, report / path.name)
    (solution / "sim" / "report").mkdir(parents=True)
    shutil.copyfile(COSIM / "bfs_cosim.rpt", solution / "sim" / "report" / "hls_sobel_cosim.rpt")
    text = run_cli("analyze", str(solution)).stdout
    assert ("note: hls_sobel: latency 160 ~ 2089114 cycles and nothing to compose it from (the reports read name"
            " no loop or sub-module of it, though AXIvideo2Mat, Block_Mat_exit45_pro, Mat2AXIvideo, Sobel are"
            " called by nothing else; its hls_sobel_csynth.rpt, whose Instance table names them, is not among the"
            " reports read): worst case 2089114 used") in text
    assert "the estimate above needs none of them; to time the other functions, give 6 values" in text
    document = _json(str(solution))
    assert document["estimate"]["cycles"]["caveats"] == ["worst-case"]  # type: ignore[index]
    warning = _rules(document)["vivado-cosim-differs"]["message"]
    assert "the estimate takes a worst case of the report where it cannot compose" in warning
    assert "values given" not in warning.split("Possible causes:")[1]  # nothing was given
    whole = run_cli("analyze", str(corpus / "vivado" / "vhls2018.3_hls_sobel_dataflow")).stdout
    assert "nothing to compose it from" not in whole and "to get a number, give" in whole


def test_trip_count_outside_the_report_range_is_said(tmp_path: Path) -> None:
    """Outside check (a public MNIST solution given 30 for a loop the report
    bounds to 1 ~ 25, taken silently). bfs's loop_queue: 1 ~ 256."""
    solution = _solution(tmp_path, None)
    document = _json(str(solution), "--set", f"{TRIP}=300")
    warnings = [item for item in document["diagnostics"] if item["rule"] == "input-trip-outside-report"]  # type: ignore[union-attr]
    assert len(warnings) == 1 and warnings[0]["line"] == 32
    assert (f"{TRIP}=300 is outside the 1 ~ 256 iterations the report gives for loop 'loop_queue' of 'bfs'"
            in warnings[0]["message"])
    assert document["estimate"]["free_symbols"] == []  # taken as given
    inside = _json(str(solution), "--set", f"{TRIP}=256")
    assert not [item for item in inside["diagnostics"] if item["rule"] == "input-trip-outside-report"]  # type: ignore[union-attr]


def test_no_trip_count_is_implied_while_parts_are_uncounted(tmp_path: Path, corpus: Path) -> None:
    """A top whose own cycles the report leaves "?" is composed without
    them; the trip count matching co-simulation would absorb them (a public
    NMS kernel: 888 implied for 84 iterations), so none is named."""
    solution = _corpus_solution(tmp_path, corpus / "vivado" / "vhls2019.2_fibonacci", "fibonacci")
    document = _json(str(solution))
    (comparison,) = document["cosim"]  # type: ignore[misc]
    assert comparison["uncounted"] is True and comparison["implied"] == {}
    # its own control cycles are "?": a lower bound, though not one the headline leads with
    assert document["estimate"]["cycles"]["caveats"] == ["control-unknown"]  # type: ignore[index]
    assert "vivado-cosim-implied" not in _rules(document)
    text = run_cli("analyze", str(solution)).stdout
    assert ("give the trip counts the testbench runs to compare (no trip count is implied: the estimate leaves"
            " parts uncounted, which -v lists)") in text


def test_report_dates_in_the_locales_seen() -> None:
    assert parse_report_date("Wed Apr 24 07:54:13 IST 2024") == datetime(2024, 4, 24, 7, 54, 13)
    assert parse_report_date("Tue Sep 14 14:09:38 SEAST 2021") == datetime(2021, 9, 14, 14, 9, 38)
    assert parse_report_date("Tue Mar  8 19:41:29 2022") == datetime(2022, 3, 8, 19, 41, 29)
    # Vitis 2024.2 in a 12-hour locale (public wanone111/FPGA_Code sobel and FIR): was not read, so
    # a co-simulation older than its synthesis went unsaid
    assert parse_report_date("Sat Oct 11 05:26:30 PM CST 2025") == datetime(2025, 10, 11, 17, 26, 30)
    assert parse_report_date("Sat Oct 11 12:05:00 AM CST 2025") == datetime(2025, 10, 11, 0, 5, 0)
    # day first with a 12-hour clock (public ArdaAsci/hls_project matrixmul, 2021.1): PM was dropped, and a
    # co-simulation run 56 seconds after synthesis was called older than it
    assert parse_report_date("Thu 02 Sep 2021 01:46:59 PM +03") == datetime(2021, 9, 2, 13, 46, 59)
    assert parse_report_date("Thu 02 Sep 2021 12:10:00 AM +03") == datetime(2021, 9, 2, 0, 10, 0)
    assert parse_report_date("Thu 02 Sep 2021 01:46:59 +03") == datetime(2021, 9, 2, 1, 46, 59)
    # a Hungarian locale (public tamas-farkas/Tancoeff-FPGA, 2019.1): co-simulated 12 minutes before synthesis
    assert parse_report_date("2019. nov. 18., hétfő, 15:51:32 CET") == datetime(2019, 11, 18, 15, 51, 32)
    assert parse_report_date("2019. márc. 8., péntek, 09:01:02 CET") == datetime(2019, 3, 8, 9, 1, 2)
    assert parse_report_date("ශ්‍රී 2020 මාර්තු 3") is None  # a locale not read (Sinhala seen): None, said below
    # day-first locales (public NetFPGA Simple_ALU, Vietnamese: co-simulated 3 days before its synthesis;
    # kmfrick/HLS_QLearning, Italian, with dotted times); German and French month names
    assert parse_report_date("Thứ năm, 21 Tháng 10 năm 2021 21:17:26 +07") == datetime(2021, 10, 21, 21, 17, 26)
    assert parse_report_date("ven 19 feb 2021, 21.14.54, CET") == datetime(2021, 2, 19, 21, 14, 54)
    assert parse_report_date("Di 5. Mär 2019 10:00:00 CET") == datetime(2019, 3, 5, 10, 0, 0)
    assert parse_report_date("mar. 3 juil. 2018 14:01:02 CEST") == datetime(2018, 7, 3, 14, 1, 2)
    assert parse_report_date("jeu. 7 juin 2018 08:00:00 CEST") == datetime(2018, 6, 7, 8, 0, 0)
    assert parse_report_date("lun 31 foo 2018 08:00:00") is None  # not a month name
    assert parse_report_date("2022. 03. 08. (화) 17:27:50 KST") == datetime(2022, 3, 8, 17, 27, 50)
    assert parse_report_date("yesterday") is None


def test_cosim_older_than_the_synthesis_is_said(tmp_path: Path) -> None:
    """Outside check: a public AdderTree solution co-simulated at 17:27 and
    synthesized again at 19:41 with another top signature; the +750 % was
    put down to m_axi latency the design does not have."""
    document = _json(str(_solution(tmp_path, COSIM / "stale_cosim.rpt")), "--set", f"{TRIP}=200")
    rules = _rules(document)
    assert ("is older than its synthesis report (2023-01-05 09:15 before 2025-04-04 02:04): it may have measured"
            " an earlier version of the design") in rules["vivado-cosim-stale"]["message"]
    assert "Possible causes: the co-simulation is older than the synthesis" in rules["vivado-cosim-differs"]["message"]
    assert document["cosim"][0]["older_than_synthesis"] == "2023-01-05 09:15 before 2025-04-04 02:04"  # type: ignore[index]
    fresh = _json(str(_solution(tmp_path / "fresh", COSIM / "bfs_cosim.rpt")))  # 2026, after 2025
    assert "vivado-cosim-stale" not in _rules(fresh)


def test_arrays_on_axi_lite_are_named_as_part_of_the_measurement(tmp_path: Path, corpus: Path) -> None:
    """Outside check: a public 64-point FFT with its arrays on s_axilite
    measured 2,252 cycles for an IP of 627: co-simulation spans the
    testbench's AXI-lite writes and reads. The report's interface table
    says so (C type "array" on s_axi_control), as in the 2022.1 fault
    detector of the corpus."""
    solution = _corpus_solution(tmp_path, corpus / "vivado" / "vitis2022.1_fault_detector", "run")
    document = _json(str(solution))
    (comparison,) = document["cosim"]  # type: ignore[misc]
    assert comparison["axi_lite_arrays"] == ["control"]
    text = run_cli("analyze", str(solution)).stdout
    assert ("co-simulation measured 112,074 cycles per call (Verilog, xsim; the testbench's AXI-lite transfers of the"
            " arrays on control included)") in text
    bfs = _json(str(_solution(tmp_path / "bfs", COSIM / "bfs_cosim.rpt")))  # bfs: no s_axilite arrays
    assert bfs["cosim"][0]["axi_lite_arrays"] == []  # type: ignore[index]


def test_a_worst_case_path_is_named_among_the_causes(tmp_path: Path, corpus: Path) -> None:
    """Outside check: a public AES top (`switch (mode)` over five paths,
    report 1 ~ 2,526) co-simulated 65..2,279 cycles per call; the estimate
    takes the worst path, which its note said ("the worst-case path is
    modelled") but the co-simulation warning did not. The 2024.1 wrr corpus
    design has a process of that shape."""
    solution = _corpus_solution(tmp_path, corpus / "vivado" / "vitis2024.1_wrr_dataflow", "weighted_rr")
    cosim = solution / "sim" / "report" / "weighted_rr_cosim.rpt"
    cosim.write_text(cosim.read_text(encoding="utf-8").replace("112074", "    50"), encoding="utf-8")
    document = _json(str(solution), "--set", "loop.Block_entry_split_proc.VITIS_LOOP_29_2.trip=4")
    warning = _rules(document)["vivado-cosim-differs"]["message"]
    assert "is +186.0% off" in warning  # 143 cycles estimated, 50 measured: a worst case pushes it up
    assert "the estimate takes a worst case of the report where it cannot compose" in warning


def test_a_top_without_cycles_still_shows_what_cosimulation_measured(tmp_path: Path, corpus: Path) -> None:
    """Outside check: a public Vitis 2021.2 decrypt top whose reports were
    incomplete printed no co-simulation line at all. The 2019.1 LR_top of
    the corpus has no cycle estimate either (nothing in its report to time)."""
    solution = _corpus_solution(tmp_path, corpus / "vivado" / "vhls2019.1_lr_trackfit", "LR_top")
    text = run_cli("analyze", str(solution)).stdout
    assert "function LR_top (top): unknown" in text
    # 28 trip counts time the other functions; none makes the top a number (outside check: it said
    # "to get a number, give 28 values", and after all 28 the estimate was still unknown)
    assert ("  the estimate above stays unknown whatever is given (the top calls produce, whose report is not here"
            " and whose latency the top's report does not give); to time the other functions, give 28 values") in text
    assert ("co-simulation measured 112,074 cycles per call (Verilog, xsim): no cycle count here to compare it"
            " with") in text


def test_launches_compare_their_mean_cycles_per_call(tmp_path: Path) -> None:
    """Outside check: a public Ascon decrypt's testbench makes 1,089 calls;
    with them as [[launch]] tables the design time was right but the
    co-simulation comparison took the first launch's cycles (65, -55.8 %)
    against the average of all calls. bfs: 200 and 266 iterations are
    96,201 and 127,947 cycles, mean 112,074 = the measured average."""
    hints = tmp_path / "calls.toml"
    hints.write_text(f'[[launch]]\n"{TRIP}" = 200\n\n[[launch]]\n"{TRIP}" = 266\n', encoding="utf-8")
    document = _json(str(_solution(tmp_path, COSIM / "bfs_cosim.rpt")), "--hints", str(hints))
    (comparison,) = document["cosim"]  # type: ignore[misc]
    assert comparison["estimate_cycles"] == pytest.approx(112074) and comparison["error"] == pytest.approx(0)
    assert comparison["estimate_calls"] == 2
    assert "vivado-cosim-differs" not in _rules(document)
    # the text's count above is the first launch's (96,201): the comparison says it is the mean
    # (a public SHA-256 printed 562 and "the cycle count above +2487.5%" of a 45,540 mean)
    text = run_cli("analyze", str(_solution(tmp_path / "t", COSIM / "bfs_cosim.rpt")), "--hints", str(hints)).stdout
    assert ("co-simulation measured 112,074 cycles per call (Verilog, xsim): the mean over the 2 calls given,"
            " 112,074 per call, +0.0%") in text
    once = tmp_path / "once.toml"
    once.write_text(f'[[launch]]\nrepeat = 3\n"{TRIP}" = 200\n', encoding="utf-8")
    warning = _rules(_json(str(_solution(tmp_path / "b", COSIM / "bfs_cosim.rpt")), "--hints", str(once)))
    assert ("the mean cycle count per call over the 3 launches given, 96,201 cycles, is -14.2% off"
            in warning["vivado-cosim-differs"]["message"])


def test_run_time_waits_name_only_the_ports_the_top_has(tmp_path: Path, corpus: Path) -> None:
    """bfs has no m_axi or AXI-stream port: its warning names neither (a
    public Ascon decrypt with ap_memory ports was told about both); the
    fault detector's top has an m_axi bundle."""
    bfs = _rules(_json(str(_solution(tmp_path, COSIM / "bfs_cosim.rpt")), "--set", f"{TRIP}=200"))
    message = bfs["vivado-cosim-differs"]["message"]
    assert "m_axi" not in message and "AXI-stream" not in message
    detector = load_design(corpus / "vivado" / "vitis2022.1_fault_detector")
    (top,) = detector.top_kernels()
    assert run_time_waits(top) == ["m_axi read and write-response latency"]


def test_causes_follow_the_direction_of_the_difference(tmp_path: Path) -> None:
    """Only causes that push the way the estimate is off are named: bfs at
    200 iterations is 14 % below the measurement (a wait or a part left out,
    never a shorter path); at 266, 14 % above (a shorter path, never a wait).
    A public LeNet5 (report exact, measured 45 % longer) was offered "a path
    ... shorter than the report's worst case"."""
    below = _rules(_json(str(_solution(tmp_path / "a", COSIM / "bfs_cosim.rpt")), "--set", f"{TRIP}=200"))
    causes = below["vivado-cosim-differs"]["message"].split("Possible causes:")[1]  # type: ignore[union-attr]
    assert "shorter than the report's worst case" not in causes
    assert "a stall the report's schedule does not show" in causes or "values given" in causes
    above = _rules(_json(str(_solution(tmp_path / "b", COSIM / "bfs_cosim.rpt")), "--set", f"{TRIP}=266"))
    causes = above["vivado-cosim-differs"]["message"].split("Possible causes:")[1]  # type: ignore[union-attr]
    assert "a path the testbench takes that is shorter than the report's worst case" in causes
    assert "stall" not in causes


MIX_UPDATE = FIXTURES / "vhls2016_call_in_loop" / "mix_update_csynth.rpt"


def _mix_update_solution(tmp_path: Path, report_text: str) -> Path:
    """mix_update's report as a solution with bfs_cosim.rpt as its co-simulation."""
    solution = tmp_path / "solution1"
    (solution / "syn" / "report").mkdir(parents=True)
    (solution / "syn" / "report" / "mix_update_csynth.rpt").write_text(report_text, encoding="utf-8")
    (solution / "sim" / "report").mkdir(parents=True)
    shutil.copyfile(COSIM / "bfs_cosim.rpt", solution / "sim" / "report" / "mix_update_cosim.rpt")
    return solution


def test_caveats_are_flags_not_note_wording(corpus: Path) -> None:
    """The co-simulation causes test the estimate's caveats, not its notes'
    words. The 2015.3 DCT's dct_dct_2d places its call in Row_DCT_Loop
    because "the loops' and calls' worst cases (3,873) would exceed the
    report's maximum": no worst case is taken, yet the word match counted
    one. mix_update's branch (iteration latency 3 ~ 304) is one."""
    document = _json(str(corpus / "vivado" / "vhls2015.3_ug871_dct_seq"))
    (dct_2d,) = [kernel for kernel in document["kernels"] if kernel["name"] == "dct_dct_2d"]  # type: ignore[attr-defined]
    cycles = dct_2d["estimate"]["cycles"]
    assert any("worst cases (3,873) would exceed" in note for note in cycles["notes"])
    assert cycles["caveats"] == [] and cycles["cycles"] == 3668
    branch = _json(str(MIX_UPDATE), "--set", "loop.mix_update.Loop_1.trip=16")
    assert branch["estimate"]["cycles"]["caveats"] == ["worst-case"]  # type: ignore[index]


def test_a_call_left_out_is_uncounted(tmp_path: Path) -> None:
    """An instance with a "?" latency and no report is left out of the count
    (a lower bound): flagged `uncounted`, so no trip count is implied (the
    note's wording matched none of the marks the comparison looked for
    before)."""
    text = MIX_UPDATE.read_text(encoding="utf-8").replace(
        "|grp_mix_block_fu_120    |mix_block    |  300|  300|  300|  300|   none  |",
        "|grp_mix_block_fu_120    |mix_block    |    ?|    ?|    ?|    ?|   none  |")
    document = _json(str(_mix_update_solution(tmp_path, text)))
    cycles = document["estimate"]["cycles"]  # type: ignore[index]
    assert any(note.endswith("no report of its own here: its cycles are not counted") for note in cycles["notes"])
    assert cycles["caveats"] == ["uncounted", "worst-case"]  # and Loop 1's branch
    (comparison,) = document["cosim"]  # type: ignore[misc]
    assert comparison["uncounted"] is True and comparison["implied"] == {}
    given = _json(str(tmp_path / "solution1"), "--set", "loop.mix_update.Loop_1.trip=16")
    warning = _rules(given)["vivado-cosim-differs"]["message"]
    assert isinstance(warning, str) and "the estimate leaves parts uncounted or assumes them" in warning


def _zero_latency_solution(tmp_path: Path) -> Path:
    """A function with no loops and latency 0, co-simulated at 0 cycles per
    call (the shape of a public Vitis 2023.2 12-hour clock: a combinational
    top called 86,400 times)."""
    text = MIX_UPDATE.read_text(encoding="utf-8").replace("Report for 'mix_update'", "Report for 'tick'")
    start, end = text.index("    + Detail:"), text.index("=" * 64 + "\n== Utilization")
    text = text[:start] + "\n\n" + text[end:]
    text = text.replace("|    1|  4865|    1|  4865|   none  |", "|    0|     0|    1|     1|   yes   |")
    solution = tmp_path / "solution1"
    (solution / "syn" / "report").mkdir(parents=True)
    (solution / "syn" / "report" / "tick_csynth.rpt").write_text(text, encoding="utf-8")
    (solution / "sim" / "report").mkdir(parents=True)
    cosim = (COSIM / "bfs_cosim.rpt").read_text(encoding="utf-8").replace(
        "|   Verilog|      Pass|         112074|         112074|         112074|             NA|             NA|"
        "             NA|                112074|",
        "|   Verilog|      Pass|              0|              0|              0|              1|              1|"
        "              1|                 86400|")
    (solution / "sim" / "report" / "tick_cosim.rpt").write_text(cosim, encoding="utf-8")
    return solution


def test_zero_cycles_measured_for_zero_estimated_is_a_match(tmp_path: Path) -> None:
    """0 estimated for 0 measured is a match, not "give the trip counts"
    (a design without loops has none to give)."""
    solution = _zero_latency_solution(tmp_path)
    document = _json(str(solution))
    (comparison,) = document["cosim"]  # type: ignore[misc]
    assert comparison["estimate_cycles"] == 0 and comparison["measured_avg"] == 0 and comparison["error"] == 0
    text = run_cli("analyze", str(solution)).stdout
    assert "co-simulation measured 0 cycles per call (Verilog, xsim): the cycle count above +0.0%" in text
    assert "give the trip counts" not in text
    assert relative_error(5, 0) is None and relative_error(0, 0) == 0.0 and relative_error(None, 0) is None


def test_simulate_of_a_zero_latency_top_matches_its_co_simulation(tmp_path: Path) -> None:
    """simulate said "the top was not simulated" and warned that the report
    gives no latency for what ran, for a top whose latency is an exact 0."""
    solution = _zero_latency_solution(tmp_path)
    source = tmp_path / "tick.c"
    source.write_text("void tick(const int *in, int *out)\n{\n    *out = *in + 1;\n}\n", encoding="utf-8")
    testbench = tmp_path / "tb.c"
    testbench.write_text("void tick(const int *in, int *out);\nint main(void)\n{\n    int a = 0, b = 0;\n"
                         "    for (int i = 0; i < 3; i++)\n        tick(&a, &b);\n    return b != 1;\n}\n",
                         encoding="utf-8")
    result = run_cli("simulate", str(source), "--report", str(solution), "--testbench", str(testbench))
    assert result.code == 0, result.stderr
    assert "co-simulation measured 0 cycles per call (Verilog, xsim): simulated 0 per call (+0.0%)" in result.stdout
    assert "simulate-zero-cycles" not in result.stdout + result.stderr


def test_an_exact_report_latency_is_named_as_the_cause(tmp_path: Path, corpus: Path) -> None:
    """The estimate is the report's exact latency: no shorter path and no
    "?" latency can explain a difference (a public Vitis 2023.2 BCD adder,
    report 7 ~ 7, co-simulated 6, was told of both)."""
    solution = _corpus_solution(tmp_path, corpus / "vivado" / "vhls2015.3_ug871_dct_seq", "dct")
    document = _json(str(solution))
    assert document["estimate"]["cycles"]["caveats"] == []  # type: ignore[index]
    warning = _rules(document)["vivado-cosim-differs"]["message"]
    assert isinstance(warning, str) and warning.startswith("top 'dct': the cycle count, ")  # no values given
    causes = warning.split("Possible causes:")[1]
    assert "the estimate is the report's exact latency (" in causes and "not a composition" in causes
    assert "shorter than the report's worst case" not in causes and '"?"' not in causes


def test_a_cosim_report_named_after_project_and_top_is_read(tmp_path: Path) -> None:
    """A public 2019.1 solution holds hier_func_hier_func_cosim.rpt for its
    top hier_func: it was left out with a note only -v showed."""
    solution = _solution(tmp_path, COSIM / "bfs_cosim.rpt", name="proj_bfs_cosim.rpt")
    document = _json(str(solution), "--set", f"{TRIP}=233")
    (comparison,) = document["cosim"]  # type: ignore[misc]
    assert comparison["top"] == "bfs" and comparison["error"] == 0
    notes = [item["message"] for item in document["diagnostics"] if item["rule"] == "vivado-cosim-other-top"]
    assert notes == ["'proj_bfs_cosim.rpt' is read as the co-simulation report of the top 'bfs' (its name ends in"
                     " '_bfs_cosim.rpt' and no bfs_cosim.rpt is here)"]


def test_a_date_in_a_format_not_read_is_said(tmp_path: Path) -> None:
    """The stale check is said to be skipped when a date cannot be read."""
    solution = _solution(tmp_path, COSIM / "bfs_cosim.rpt")
    cosim = solution / "sim" / "report" / "bfs_cosim.rpt"
    cosim.write_text(cosim.read_text(encoding="utf-8").replace("Sat Nov 28 21:30:00 UTC 2026", "28/11/2026 21h30"),
                     encoding="utf-8")
    document = _json(str(solution), "-v")
    (note,) = [item for item in document["diagnostics"] if item["rule"] == "vivado-cosim-undated"]
    assert note["severity"] == "note" and note["message"].startswith("the date '28/11/2026 21h30' is in a format")


def test_a_design_without_maxi_names_no_dram_profile(corpus: Path) -> None:
    """A DRAM profile named for a design whose ports reach no DRAM read as
    if it timed something (a public 2018.2 dot product with ap_memory
    ports); an m_axi design still names it."""
    bfs = run_cli("analyze", str(BFS / "report")).stdout
    assert "  using: no DRAM profile: no m_axi port (the schedule times its ap_memory ports), clock 200 MHz" in bfs
    assert "DRAM profile ddr" not in bfs and "per-launch cost" not in bfs
    # every output says the same (JSON and HTML named an "unknown board ... assumed; pass --memory")
    document = json.loads(run_cli("analyze", str(BFS / "report"), "--format", "json").stdout)
    assert document["memory_profile"]["why"].startswith("no DRAM profile: no m_axi port")
    assert not [text for text in document["estimate"]["assumptions"] if "unknown board" in text or "launch" in text]
    detector = run_cli("analyze", str(corpus / "vivado" / "vitis2022.1_fault_detector")).stdout
    assert "  using: DRAM profile ddr3-1066-zynq for the board Zynq-7000" in detector


def test_the_long_path_count_of_a_branch_loop_is_said(tmp_path: Path) -> None:
    """A public Vivado HLS 2016.2 RSA (1,024 iterations of 4,102 or 8,201
    cycles) co-simulated 34 % below the worst case taken for every
    iteration: the measurement is exactly 500 long ones, now said. Here
    mix_update without its instance table: Loop 1 runs 16 times, 3 ~ 304
    cycles each; 10 long and 6 short iterations are 10 x 304 + 6 x 3 + 1."""
    text = MIX_UPDATE.read_text(encoding="utf-8")
    start, end = text.index("        * Instance:"), text.index("        * Loop:")
    solution = _mix_update_solution(tmp_path, text[:start] + text[end:])
    cosim = solution / "sim" / "report" / "mix_update_cosim.rpt"
    cosim.write_text(cosim.read_text(encoding="utf-8").replace("112074", "  3059"), encoding="utf-8")
    document = _json(str(solution), "--set", "loop.mix_update.Loop_1.trip=16")
    (comparison,) = document["cosim"]  # type: ignore[misc]
    assert comparison["estimate_cycles"] == 4865
    symbol = "loop.mix_update.Loop_1.long_iterations"
    assert comparison["long_path"] == {"loop": "Loop 1", "iterations": 10.0, "of": 16.0, "short": 3, "long": 304,
                                       "symbol": symbol}
    (note,) = [item for item in document["diagnostics"] if item["rule"] == "vivado-cosim-implied"]  # type: ignore[union-attr]
    assert "it equals the measurement with 10 of them on the long path" in note["message"]
    assert f"give --set {symbol}=10 to use it" in note["message"]
    # given, the long and short iterations are counted apart: 16 x 3 + 10 x 301 + 1
    given = _json(str(solution), "--set", "loop.mix_update.Loop_1.trip=16", "--set", f"{symbol}=10")
    (matched,) = given["cosim"]  # type: ignore[misc]
    assert matched["estimate_cycles"] == 3059 and matched["error"] == 0 and matched["long_path"] is None
    assert given["estimate"]["cycles"]["caveats"] == []  # type: ignore[index]
    sweep = run_cli("whatif", str(solution), "--set", "loop.mix_update.Loop_1.trip=16", "--sweep", f"{symbol}=0,16",
                    "--format", "csv")
    assert sweep.code == 0, sweep.stderr
    # all short: 49 cycles; all long: 4,865; scheduled cycles only: compute-bound, as analyze says
    assert sweep.stdout.splitlines()[1:] == ["0,4.9e-07,compute", "16,4.865e-05,compute"]
    refused = run_cli("analyze", str(solution), "--set", f"{symbol}=2.5")
    assert refused.code == 2 and "expected a whole number" in refused.stderr
    negative = run_cli("analyze", str(solution), "--set", f"{symbol}=-1")
    assert negative.code == 2 and "(expected 0 or more (0: every iteration takes the short path))" in negative.stderr
    above = _json(str(solution), "--set", "loop.mix_update.Loop_1.trip=16", "--set", f"{symbol}=17")
    (said,) = [item for item in above["diagnostics"] if item["rule"] == "input-trip-outside-report"]  # type: ignore[union-attr]
    assert said["message"].startswith(f"{symbol}=17 is more than the 16 iterations of loop 'Loop 1'")
    line = run_cli("analyze", str(solution), "--set", "loop.mix_update.Loop_1.trip=16").stdout
    assert ("the cycle count above +59.0% (it equals the measurement with 10 of the 16 iterations of loop Loop 1 on"
            " their long path, 304 cycles against 3; the count takes all)") in line


def test_calls_of_a_pipelined_top_are_said_to_overlap(tmp_path: Path) -> None:
    """A public 12-hour clock (latency 0, interval 1) co-simulated 86,400
    calls in 86,400 cycles; 86,400 [[launch]] calls summed to 0 s without a
    word. A top whose interval is shorter than its latency overlaps calls
    issued back to back; both are said beside the design time."""
    solution = _zero_latency_solution(tmp_path / "zero")
    hints = tmp_path / "calls.toml"
    hints.write_text("[[launch]]\nrepeat = 3\n", encoding="utf-8")
    text = run_cli("analyze", str(solution), "--hints", str(hints)).stdout
    assert ("tick has latency 0 and interval 1: each call still takes 1 cycle of the IP, so 3 calls issued back to"
            " back take 3 cycles") in text
    report = solution / "syn" / "report" / "tick_csynth.rpt"
    report.write_text(report.read_text(encoding="utf-8").replace("|    0|     0|    1|     1|   yes   |",
                                                                 "|   10|    10|    2|     2|   yes   |"),
                      encoding="utf-8")
    pipelined = run_cli("analyze", str(solution), "--hints", str(hints)).stdout
    assert "tick is pipelined (interval 2 < latency 10 cycles): 3 calls issued back to back overlap" in pipelined
    once = run_cli("analyze", str(solution)).stdout
    assert "issued back to back" not in once  # one call: nothing overlaps


def test_a_unified_component_s_own_copy_of_the_cosim_report(tmp_path: Path) -> None:
    """A Vitis unified component keeps its top's co-simulation report as
    ``<component>/reports/hls_cosim.rpt`` (a public 2024.2 component,
    Daedalus-op/APZ-DA, committed only that copy): read as the one top's;
    ``hls/sim/report`` still comes first."""
    component = tmp_path / "bfs_component"
    shutil.copytree(BFS / "report", component / "hls" / "syn" / "report")
    (component / "reports").mkdir()
    shutil.copyfile(COSIM / "bfs_cosim.rpt", component / "reports" / "hls_cosim.rpt")
    document = json.loads(run_cli("analyze", str(component / "hls" / "syn" / "report"), "--set", f"{TRIP}=233",
                                  "--format", "json").stdout)
    (entry,) = document["cosim"]
    assert (entry["top"], entry["measured_avg"]) == ("bfs", 112074)
    assert Path(entry["report"]).name == "hls_cosim.rpt"
    (component / "hls" / "sim" / "report").mkdir(parents=True)
    shutil.copyfile(COSIM / "legacy_cosim.rpt", component / "hls" / "sim" / "report" / "bfs_cosim.rpt")
    document = json.loads(run_cli("analyze", str(component / "hls" / "syn" / "report"), "--format", "json").stdout)
    assert [Path(item["report"]).parent.name for item in document["cosim"]] == ["report"]


def test_calls_that_queued_are_compared_by_their_interval(tmp_path: Path) -> None:
    """A public 2024.2 FIR (``ap_ctrl_none``, a testbench that writes all 460
    inputs before the first call) co-simulated latency 795 ~ 3,173, average
    3,162, a call every 788, 365,241 cycles in all: each latency counts the
    call's wait behind the ones before it, and its 797-cycle schedule was
    said to be -74.8 % off. Here bfs's five queued calls of 112,074 cycles
    (trip 233): one every 112,080 on average, latencies 112,074 ~ 560,370."""
    row = ("|   Verilog|      Pass|         112074|         336222|         560370|         112074|         112080|"
           "         112086|                560400|")
    text = (COSIM / "bfs_cosim.rpt").read_text(encoding="utf-8")
    queued = tmp_path / "queued_cosim.rpt"
    queued.write_text("\n".join(row if line.startswith("|   Verilog|") else line for line in text.splitlines()) + "\n",
                      encoding="utf-8")
    solution = _solution(tmp_path, queued)
    document = _json(str(solution), "--set", f"{TRIP}=233")
    (comparison,) = document["cosim"]  # type: ignore[misc]
    assert comparison["queued_interval"] == 112080 and comparison["measured_avg"] == 336222
    assert comparison["error"] == pytest.approx((112074 - 112080) / 112080)
    out = run_cli("analyze", str(solution), "--set", f"{TRIP}=233").stdout
    assert ("co-simulation measured 112,080 cycles per call (the calls queued one after another, a call every"
            " 112,080 cycles; their latencies, 336,222 cycles on average, min 112,074 max 560,370, count each call's"
            " wait; Verilog, xsim): the cycle count above -0.0%") in out
    assert "vivado-cosim-differs" not in out


def test_calls_of_different_sizes_one_after_another_are_not_queued(tmp_path: Path) -> None:
    """A public 2025.1 GEMM's testbench calls three sizes one after another:
    latency 40,941 / 167,290 / 408,405, interval 40,966 / 46,759 / 52,553
    (the last call has none), total 501,924 = 3 x 167,290: its latencies
    add up to the total, so they are the calls' own; the average interval
    (46,759) was compared as each call's cost, and simulate blamed itself."""
    row = ("|   Verilog|      Pass|          40941|         167290|         408405|          40966|          46759|"
           "          52553|                501924|")
    text = (COSIM / "bfs_cosim.rpt").read_text(encoding="utf-8")
    sequential = tmp_path / "gemm_cosim.rpt"
    sequential.write_text("\n".join(row if line.startswith("|   Verilog|") else line for line in text.splitlines())
                          + "\n", encoding="utf-8")
    document = _json(str(_solution(tmp_path, sequential)), "--set", f"{TRIP}=233")
    (comparison,) = document["cosim"]  # type: ignore[misc]
    assert comparison["queued_interval"] is None
    assert comparison["error"] == pytest.approx((112074 - 167290) / 167290)
