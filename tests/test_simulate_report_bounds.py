"""A simulated count above its module's worst case in the report is said,
and the total is then printed as no bound (``analyzer/instrument/report_bounds``):
a public hls4ml convolution counted 1,266,110 cycles a call against its
module's fixed 258,945 because a module called inside loops the report
pipelines was counted once per call, and the text called the total "a lower
bound". Checked on fixture reports whose numbers are hand-derived
(``fixtures/instrument/make_reports.py``)."""

from __future__ import annotations

import json
from pathlib import Path

from hlsight.analyzer.instrument.report_bounds import RULE, above_report, fixed_worst_case
from hlsight.analyzer.instrument.simulate import FunctionCycles, SimulationResult
from hlsight.core.diagnostics import Severity
from hlsight.parsers.loader import ReadOptions, load_design
from hlsight.reporters.simulate import simulation_text
from tests.conftest import FIXTURES, run_cli


def _module(folder: str, name: str):  # type: ignore[no-untyped-def]
    design = load_design(str(FIXTURES / "instrument" / folder / "report"), ReadOptions(read_rtl=False))
    return next(kernel for kernel in design.kernels if kernel.name == name)


def test_a_count_above_a_fixed_worst_case_is_said_and_at_it_is_not() -> None:
    """copy_64_int_s: 67 cycles at most (its loop's 64 trips are the
    report's); two calls may take 134, not 136."""
    kernel = _module("template_instances", "copy_64_int_s")
    assert fixed_worst_case(kernel) == 67
    assert above_report([("copy<64, int>", kernel, 2, 134, "copy.cpp", 7)]) == []
    (said,) = above_report([("copy<64, int>", kernel, 2, 136, "copy.cpp", 7)])
    assert (said.rule, said.severity, said.file, said.line) == (RULE, Severity.WARNING, "copy.cpp", 7)
    assert said.message.startswith("'copy<64, int>' counts 68 cycles a call, more than its module copy_64_int_s"
                                   " can take by its report (67, every trip count fixed)")


def test_a_loop_tripcount_guess_is_no_bound_to_exceed(tmp_path: Path) -> None:
    """scale's loop runs n times, its 32 in the report from a loop_tripcount
    pragma the report prints as a fixed count: a testbench with a larger n
    legitimately takes longer than the report's 34, and nothing is said."""
    folder = FIXTURES / "instrument" / "tripcount_pragma"
    source = (folder / "scale.c").read_text(encoding="utf-8")
    assert "#pragma HLS loop_tripcount min=32 max=32" in source
    bench = tmp_path / "tb.c"
    bench.write_text("void scale(int *a, int n);\nint main(void) { static int a[100]; scale(a, 100); return 0; }\n")
    result = run_cli("simulate", str(folder / "scale.c"), "--report", str(folder / "report"), "--testbench",
                     str(bench), "--format", "json")
    assert result.code == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["cycles"] > 34
    assert RULE not in [item["rule"] for item in document["diagnostics"]]


def test_the_total_then_reads_as_no_bound_not_a_lower_bound() -> None:
    kernel = _module("template_instances", "copy_64_int_s")
    said = above_report([("copy<64, int>", kernel, 1, 100, "copy.cpp", 7)])
    unmatched = said[0].__class__("instrument-report-loop-unmatched", Severity.WARNING, "a loop", file="copy.cpp")
    result = SimulationResult("copy.cpp", "report", "copy<64, int>", "full", 10.0, 100,
                              [FunctionCycles("copy<64, int>", "copy_64_int_s", 7, 1, 100, file="copy.cpp")], 0, 0.1,
                              [unmatched, *said])
    text = simulation_text(result)
    assert "  no bound: 1 function(s) count more than their module's worst case in the report" in text
    assert "a lower bound" not in text


def test_the_dram_terms_are_time_the_report_does_not_hold() -> None:
    """With ``--memory`` (HLScope+ section IV) ``load`` counts 1,943 cycles
    in two calls of a module whose report says 2: the DRAM's time, which
    the schedule leaves out by design. Nothing is said of it."""
    folder = FIXTURES / "instrument" / "memory"
    result = run_cli("simulate", str(folder / "pe.c"), "--report", str(folder / "report"), "--testbench",
                     str(folder / "tb.c"), "--memory", "ddr3-1333-7v3", "--format", "json")
    assert result.code == 0, result.stderr
    document = json.loads(result.stdout)
    load = next(item for item in document["functions"] if item["name"] == "load")
    assert (load["calls"], load["cycles"]) == (2, 1489 + 454)
    assert RULE not in [item["rule"] for item in document["diagnostics"]]
