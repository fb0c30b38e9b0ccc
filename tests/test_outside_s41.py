"""Findings of session 41's outside check, each on a fixture written for
hlsight in the public shape."""

from __future__ import annotations

from pathlib import Path

import pytest

from hlsight.analyzer.results import AnalysisResult, KernelEstimate, bound_label
from hlsight.core.model import Design, Device, Kernel, KernelKind, Product, ToolInfo, Vendor
from hlsight.reporters.present import design_headline
from hlsight.reporters.text import RenderOptions, headline_lines
from tests.conftest import FIXTURES, run_cli

BREAK_AFTER_WORK = FIXTURES / "instrument" / "break_after_work"
MAXI_PROJECT = FIXTURES / "vhls2015_maxi_nosource"


@pytest.mark.parametrize("framed", [False, True])
def test_an_iteration_that_breaks_after_its_work_costs_its_il(tmp_path: Path, framed: bool) -> None:
    """A public Vivado HLS 2016.3 Mandelbrot (raph38130/zed-design) leaves
    its escape loop by ``break`` after the iteration's work: its report's
    best case, 77 cycles, holds that one 29-cycle iteration, but
    ``simulate`` charged it 0 (49 cycles), the rule for an exit test taken
    before any work (the bfs report's minimum). Only a ``break`` that leads
    the body is that test now; the fixture's README derives 28 cycles. A
    ``return`` in the loop keeps its frame at run time (``framed``): the
    same rule holds there."""
    source = (BREAK_AFTER_WORK / "escape.c").read_text(encoding="utf-8")
    if framed:
        source = source.replace("        if (sum > limit)\n", "        if (sum < -limit)\n            return 0;\n"
                                "        if (sum > limit)\n")
    design = tmp_path / "escape.c"
    design.write_text(source, encoding="utf-8")
    result = run_cli("simulate", str(design), "--report", str(BREAK_AFTER_WORK / "report"),
                     "--testbench", str(BREAK_AFTER_WORK / "tb.c"))
    assert result.code == 0, result.stderr
    assert "    SCAN                         line 10    sequential trip count            3  cycles              8" \
        in result.stdout
    assert "    ESCAPE                       line 15    sequential trip count            3  cycles             18" \
        in result.stdout
    assert "total: 28 cycles = 280 ns at 10 ns" in result.stdout


PIXELS = """int poly(unsigned char *x, unsigned char *y, int a)
{
#pragma HLS INTERFACE m_axi port=y depth=16 offset=slave
#pragma HLS INTERFACE m_axi port=x depth=16 offset=slave
    for (int i = 0; i < a; i++) {
        unsigned char r = x[3 * i + 0];
        unsigned char g = x[3 * i + 1];
        unsigned char b = x[3 * i + 2];
        y[i] = (r + g + b) / 3;
    }
    return a;
}
"""


@pytest.mark.parametrize("offsets, consecutive", [((0, 1, 2), True), ((0, 1), False), ((1, 2, 3), True)])
def test_neighbours_that_fill_a_stride_are_one_consecutive_walk(tmp_path: Path, offsets: tuple[int, ...],
                                                                 consecutive: bool) -> None:
    """A public Vitis HLS 2024.1 RGB-to-grey converter
    (danielchacon9925/acelerador-rgb-gris-MP6160) reads its pixels as
    ``in[3*i+0]``, ``in[3*i+1]``, ``in[3*i+2]``: together one consecutive
    walk, but each was taken alone as stride 3 and timed as random
    accesses: "at least 666 us" against 24,671 co-simulated cycles (98.7
    us). Only a complete set of offsets fills the stride: with the blue
    byte left out, every burst has holes."""
    import dataclasses

    from hlsight.analyzer.access.axi_derive import derive_axi_facts
    from hlsight.core.model import SourceFile
    from hlsight.parsers.loader import load_design

    lines = PIXELS.splitlines(keepends=True)
    reads = {0: lines[5], 1: lines[6], 2: lines[7]}
    text = PIXELS
    for k, line in reads.items():
        shifted = line.replace(f"3 * i + {k}", f"3 * i + {offsets[k]}") if k < len(offsets) else \
            line.replace(f"x[3 * i + {k}]", "0")
        text = text.replace(line, shifted)
    source = tmp_path / "poly.c"
    source.write_text(text, encoding="utf-8")
    design = load_design(MAXI_PROJECT / "solution1" / "syn" / "report")
    design = dataclasses.replace(design, source_files=[SourceFile(str(source), source.name, text)])
    facts = derive_axi_facts(design)
    read = facts.axi("poly", "m_axi_gmem")
    assert read is not None and read.bytes is not None
    assert read.consecutive is consecutive
    assert read.bytes == f"{len(offsets) + 1}*a"  # the reads and the write share the report's one bundle


def _estimate(name: str, seconds: float, memory: float, compute: float, groups: list[list[str]] | None = None) \
        -> KernelEstimate:
    return KernelEstimate(kernel=name, seconds=seconds, bound="compute", expression=None, free_symbols=[],
                          model="Davila-Guzman", assumptions=["T_ovh = 0 while #lsu <= 2 (eq. 8)"],
                          memory_seconds=memory, compute_seconds=compute, memory_saturated=False,
                          concurrent_groups=groups or [])


def test_a_channel_joined_group_reads_its_own_bound_and_says_what_it_assumes() -> None:
    """A public aoc 18.1.1 SAXPY for the 520N (kenter/OpenCL-FPGA-examples,
    SAXPY6_streaming16) joins two kernels by a channel: each alone reads
    25.8 ms, "compute+memory-bound", but pooled on the banks the group's
    memory time is 54.3 ms. The headline took the slowest kernel's reading
    ("54.3 ms, compute+memory-bound") where JSON and whatif said "memory
    (non-saturated)"; and the assumptions the number rests on (eq. 8's
    rule, the controller efficiency, the kernels' concurrency) were in JSON
    only. Under -v they are said beside it."""
    kernels = [Kernel(name, kind=KernelKind.SINGLE_WORK_ITEM) for name in ("readY", "SAXPY")]
    design = Design(tool=ToolInfo(Vendor.INTEL, Product.AOC, "18.1.1"), root=Path("."), name="saxpy",
                    device=Device("Stratix 10", "1SG280LU3F50E1VGS1"), kernels=kernels)
    group = _estimate("saxpy", 54.3e-3, 54.3e-3, 25.8e-3, [["readY", "SAXPY"]])
    group.assumptions.append("kernels joined by channels/pipes run concurrently (max, shared banks)")
    result = AnalysisResult(design, estimates={name: _estimate(name, 25.8e-3, 25.8e-3, 25.8e-3)
                                               for name in ("readY", "SAXPY")}, design_estimate=group)
    assert design_headline(result) == "54.3 ms, memory-bound (non-saturated)"
    assert bound_label(group) == "memory (non-saturated)"  # JSON's reading, the same
    verbose = headline_lines(result, RenderOptions(verbosity=1))
    assert "  assumes: T_ovh = 0 while #lsu <= 2 (eq. 8)" in verbose
    assert "  assumes: kernels joined by channels/pipes run concurrently (max, shared banks)" in verbose
    assert not [line for line in headline_lines(result, RenderOptions()) if line.startswith("  assumes:")]
    # kernels run one after another (no channel between them): the slowest kernel's reading, as before
    apart = _estimate("saxpy", 51.6e-3, 51.6e-3, 51.6e-3, [["readY"], ["SAXPY"]])
    result = AnalysisResult(design, estimates=result.estimates, design_estimate=apart)
    assert design_headline(result) == "51.6 ms, compute+memory-bound"


def test_a_module_no_source_function_stands_for_is_said_to_count_at_its_worst_case() -> None:
    """A public Vivado HLS 2019.1 Cholesky (HansGiesen/hls_tuner) calls
    ``test::cholesky<>()``, a template chain HLS synthesized as module
    ``cholesky_alt`` (1,255 ~ 901,099 cycles). simulate printed 918,791
    cycles, the module's worst case inside the top's own latency, against
    467,444 co-simulated, and no warning said so ("the warnings above say
    where" named none). A module the sources' functions stand for, a fixed
    latency or HLS's own processes are not said."""
    from hlsight.analyzer.instrument.external_calls import WORST_CASE_RULE, instances_no_function_counts
    from hlsight.core.model import Instance, LatencyRange

    top = Kernel("cholesky_top", kind=KernelKind.FUNCTION, latency=LatencyRange(10_102, 918_791), instances=[
        Instance("grp_cholesky_alt_fu_90", "cholesky_alt", latency=LatencyRange(1_255, 901_099)),
        Instance("grp_helper_fu_80", "helper", latency=LatencyRange(3, 70)),
        Instance("grp_sqrt_fu_70", "sqrt_fixed", latency=LatencyRange(12, 12)),
        Instance("entry_proc_U0", "entry_proc", latency=LatencyRange(0, 4))])
    design = Design(tool=ToolInfo(Vendor.XILINX, Product.VIVADO_HLS, "2019.1"), root=Path("."), name="cholesky_top",
                    device=Device("virtexuplus", "xcvu9p-flga2104-2-i"), kernels=[top])
    said = instances_no_function_counts(top, design, {"helper"}, lambda module: module == "entry_proc",
                                        "cholesky_top", "cholesky.cpp", 37)
    assert [(d.rule, d.subject, d.line) for d in said] == [(WORST_CASE_RULE, "cholesky_alt", 37)]
    assert said[0].message.startswith("'cholesky_top' instantiates module cholesky_alt, 1,255 ~ 901,099 cycles in"
                                      " the report, which no function of the design sources stands for")


def test_a_cosim_report_beside_the_synthesis_reports_is_read(tmp_path: Path) -> None:
    """A public Vitis HLS 2024.1 project (danielchacon9925/acelerador-rgb-gris-MP6160)
    committed ``rgb2gray_csynth.rpt`` and ``rgb2gray_cosim.rpt`` in one flat
    ``reports/`` folder: the measured 24,671 cycles went unsaid, as only a
    solution's ``sim/report`` was searched. Here machsuite bfs's reports
    (../shared/instrument) with the co-simulation fixture beside them."""
    import shutil

    from tests.conftest import SHARED

    reports = tmp_path / "reports"
    shutil.copytree(SHARED / "instrument" / "vitis2022.2.2_machsuite_bfs_queue" / "report", reports)
    shutil.copyfile(FIXTURES / "vivado_cosim" / "bfs_cosim.rpt", reports / "bfs_cosim.rpt")
    result = run_cli("analyze", str(reports))
    assert result.code == 0, result.stderr
    assert "co-simulation measured 112,074 cycles per call (Verilog, xsim)" in result.stdout


def test_a_vendor_header_the_headers_in_use_lack_is_read_as_empty(tmp_path: Path) -> None:
    """A public Vivado HLS 2019.1 Cholesky (HansGiesen/hls_tuner) includes
    ``/scratch/safe/SDSoC/Vivado/2019.1/include/gmp.h``, which it does not
    use and which hlsight's header model does not have: clang stopped there
    and nothing of the source was analysed. A header of a tool's
    installation is read as an empty file now, said; a path outside any
    tool's tree is still an error."""
    from hlsight.analyzer.access.trip_counts import loop_infos
    from hlsight.parsers.cxx.as_c import parse_cxx_as_c

    source = tmp_path / "k.cpp"
    source.write_text('#include "/scratch/safe/SDSoC/Vivado/2019.1/include/gmp.h"\n'
                      "void k(int *y) {\n  for (int i = 0; i < 66; i++) { y[i] = 0; }\n}\n", encoding="utf-8")
    unit = parse_cxx_as_c(source)
    (info,) = loop_infos(unit, unit.functions()["k"]).values()
    assert str(info.trip_count) == "66"
    ((line, rule, message),) = unit.warnings
    assert (line, rule) == (1, "hls-vendor-path")
    assert message.startswith("includes /scratch/safe/SDSoC/Vivado/2019.1/include/gmp.h, which is not on this"
                              " machine nor among the HLS headers in use") and message.endswith("read as an empty file")


def test_a_count_that_runs_one_below_its_passes_says_which_value_to_give() -> None:
    """A public Vivado HLS 2019.1 Cholesky (HansGiesen/hls_tuner) unrolls
    ``k < j`` by 64: its report gives ``sum_loop`` a trip count of 0 ~ 1
    for 194 ~ 386 cycles at II 192, one or two passes. hlsight's symbol
    counts as the report does, so a user who gave the passes (1) read
    879,092 cycles against 467,444 co-simulated; with 0, 467,252. The
    corpus's 2022.1 fault detector has a loop of the same shape (0 ~ 136,
    44 ~ 1,132 cycles at II 8, depth 46); a 2018.3 Sobel's depth-2 loop
    (1 cycle at 0) is too shallow to tell a pass from entering the loop."""
    from hlsight.analyzer.consistency import count_below_passes
    from hlsight.parsers.loader import load_design
    from tests.conftest import CORPUS

    result = run_cli("analyze", "-v", str(CORPUS / "vivado" / "vitis2022.1_fault_detector"))
    assert result.code == 0, result.stderr
    assert ("    loop.insert_point.VITIS_LOOP_271_1.trip: the loop at abs_solid_detector.cpp:271; the report gives a"
            " trip count of 0 ~ 136, one below the passes its latency holds (44 ~ 1132 cycles): give the"
            " passes - 1") in result.stdout
    sobel = load_design(str(CORPUS / "vivado" / "vhls2018.3_hls_sobel_dataflow"))
    (width,) = [loop for kernel in sobel.kernels for loop in kernel.all_loops()
                if kernel.name == "AXIvideo2Mat" and loop.name == "loop_width"]
    assert width.trip_count is not None and width.trip_count.min == 0 and not count_below_passes(width)


def test_an_assumption_the_using_line_says_is_not_said_twice() -> None:
    """A family-only oneAPI 2025 report's assumed profile ("unknown board:
    ... ddr4-1866 assumed") is the using: line; -v repeated it word for word
    as an assumes: line."""
    result = run_cli("analyze", "-v", str(FIXTURES / "oneapi2025_ndjson" / "vadd.report.prj"))
    assert result.code == 0, result.stderr
    lines = result.stdout.splitlines()
    using = next(line for line in lines if line.startswith("  using: "))
    assumes = [line.removeprefix("  assumes: ") for line in lines if line.startswith("  assumes: ")]
    assert assumes and not [assumption for assumption in assumes if assumption in using]
    assert "kernels joined by channels/pipes run concurrently (max, shared banks); other kernels run in sequence" \
           " (sum)" in assumes


#: a streaming top whose 10,000 calls overlapped (written for hlsight in the public shape)
STREAMING_COSIM = FIXTURES / "vivado_cosim" / "streaming_cosim.rpt"


def test_overlapping_calls_are_compared_by_the_runs_total(tmp_path: Path) -> None:
    """A public Vitis HLS 2021.2 streaming BDT (necst/aca2122-prj-unbalanced-tree,
    ``ap_ctrl_none``) co-simulated 10,000 calls in 209,999 cycles, a call
    every 20 while each call's latency averaged 29: they overlapped.
    ``simulate`` counted 22 a call (220,000 in all, +4.8 %) and said
    "-24.1 % off the 29 cycles per call": the mean latency counts time the
    next call counts too. With the calls simulate ran, the run's total over
    them is what a call cost; one call (analyze) keeps the latency."""
    from hlsight.analyzer.cosim_check import compare_simulated
    from hlsight.parsers.vivado.cosim import parse_cosim

    path = tmp_path / "myproject_axi_cosim.rpt"
    report = parse_cosim(STREAMING_COSIM.read_text(encoding="utf-8"), path)
    assert report is not None
    top = Kernel("myproject_axi", kind=KernelKind.FUNCTION, is_top=True)
    design = Design(tool=ToolInfo(Vendor.XILINX, Product.VITIS_HLS, "2021.2"), root=tmp_path, name="myproject_axi",
                    device=Device("zynquplus", "xczu3eg-sbva484-1-e"), kernels=[top], cosim=[report])
    comparison, said = compare_simulated(design, "myproject_axi", 22.0, 10_000)
    assert comparison is not None and comparison.run_share == pytest.approx(20.9999)
    assert comparison.error == pytest.approx(22 / 20.9999 - 1)
    assert not [d for d in said if d.rule == "vivado-cosim-differs"]  # +4.8 %: within the 5 % tolerance
    from hlsight.analyzer.cosim_check import measured_text
    assert measured_text(comparison).startswith(
        "21 cycles per call (209,999 cycles over the 10,000 calls run, which overlapped: a call every 20 cycles,"
        " their latencies 29 cycles on average, min 20 max 30; Verilog, xsim)")
    single, _said = compare_simulated(design, "myproject_axi", 22.0, 1)
    assert single is not None and single.run_share is None and single.error == pytest.approx(22 / 29 - 1)


def test_a_function_missing_from_the_one_module_read_may_be_its_missing_report(tmp_path: Path) -> None:
    """A public Vitis HLS 2021.2 BDT (necst/aca2122-prj-unbalanced-tree)
    kept only its top's ``myproject_axi_csynth.xml`` beside a csynth.rpt
    that lists ``myproject`` as a module of its own: instrument said
    "function 'myproject' is not a module of the report (HLS inlined it)".
    With one module read and no instance list, a missing report looks the
    same: both are said."""
    source = (FIXTURES / "instrument" / "while_loops" / "find_run.c").read_text(encoding="utf-8")
    source = source.replace("int find_run(", "static int twice(int x)\n{\n    return x + x;\n}\n\nint find_run(", 1)
    source = source.replace("    return count + i;", "    return twice(count) + i;")
    design = tmp_path / "find_run.c"
    design.write_text(source, encoding="utf-8")
    result = run_cli("instrument", "--mode", "cycles", "-v", "--report", str(FIXTURES / "instrument" / "while_loops"
                                                                              / "report"),
                     "-o", str(tmp_path / "out.c"), str(design))
    assert result.code == 0, result.stderr
    assert ("note: function 'twice' is not a module of the report (HLS inlined it, or its own report is not among"
            " those read: the one module read lists no instances)") in result.stderr + result.stdout


def test_a_dram_time_beside_a_cosimulated_latency_says_cosim_does_not_measure_it(tmp_path: Path) -> None:
    """A public Vitis HLS 2025.1 lab (handasahil/FPGA_ECE8893_SJH, lab3)
    read "estimate: 10.8 ms" with its strided bundles given, and under it
    "co-simulation measured 852,837 cycles ...: the cycle count above
    -0.0 %" (8.53 ms): a reader takes the -0.0 % for the 10.8 ms. The DRAM
    part is now said to be outside what co-simulation's AXI model
    measures, and -v lists the DRAM model's assumptions, which were in
    JSON only. The 2015 poly() fixture with a co-simulation report beside
    it stands in."""
    import shutil

    project = tmp_path / "project"
    shutil.copytree(MAXI_PROJECT, project)
    (project / "solution1" / "sim" / "report").mkdir(parents=True)
    shutil.copyfile(FIXTURES / "vivado_cosim" / "bfs_cosim.rpt", project / "solution1" / "sim" / "report" /
                    "poly_cosim.rpt")
    result = run_cli("analyze", "-v", str(project / "solution1"), "--set", "axi.poly.gmem.bytes=1000000",
                     "--set", "axi.poly.gmem.stride=2")
    assert result.code == 0, result.stderr
    assert ("the cycle count above -100.0%; the estimate, 6.8 ms, adds the DRAM model's memory time to these cycles"
            " (340 ns), which co-simulation's AXI model, no DRAM, does not measure") in result.stdout
    assert "  assumes: one DLAT per port: outstanding requests overlap the rest (eq. 7)" in result.stdout


def test_a_bundles_bytes_asked_for_name_the_reports_longest_bursts() -> None:
    """A public Vitis HLS 2025.1 lab (handasahil/FPGA_ECE8893_SJH) whose
    header was not committed asked for both bundles' bytes beside the
    report's 65,536-beat bursts of 32 bits, the 262,144 bytes its source
    moves. The longest inferred burst is now named beside the value asked,
    in bytes, as a floor each time its loop runs: said, never used. The
    corpus's 2023.2 NMS: 400 and 100 beats; its write bundle has none."""
    from tests.conftest import CORPUS

    result = run_cli("analyze", "-v", str(CORPUS / "vivado" / "vitis2023.2_cluster_nms"))
    assert result.code == 0, result.stderr
    assert ("axi.nms.gmem0.bytes: the bytes m_axi bundle m_axi_gmem0 of nms moves per call (read, 32-bit): reads plus"
            " writes in the run (a buffer behind it the run leaves alone counts 0); the report's longest inferred"
            " burst: read 400 beats of 32 bits, 1,600 bytes each time its loop runs") in result.stdout
    assert ("axi.nms.gmem.bytes: the bytes m_axi bundle m_axi_gmem of nms moves per call (write, 32-bit): reads plus"
            " writes in the run (a buffer behind it the run leaves alone counts 0)\n") in result.stdout
    assert "symbolic in axi.nms.gmem.bytes" in result.stdout  # nothing taken for a value


def test_a_day_first_date_with_the_year_last_is_read() -> None:
    """A public Vivado HLS 2017.2 project (AngeloDamiani/es_vivadohls_cfiles)
    dates its co-simulation reports as glibc's en_GB ``date`` prints them,
    'Thu  1 Mar 00:56:04 CET 2018': unread, so a co-simulation ten hours
    older than its synthesis ('Thu Mar  1 10:51:46 2018') went unflagged."""
    from datetime import datetime

    from hlsight.parsers.vivado.cosim import parse_report_date

    assert parse_report_date("Report time       : Thu  1 Mar 00:56:04 CET 2018.") == datetime(2018, 3, 1, 0, 56, 4)
    assert parse_report_date("* Date:           Thu Mar  1 10:51:46 2018") == datetime(2018, 3, 1, 10, 51, 46)
