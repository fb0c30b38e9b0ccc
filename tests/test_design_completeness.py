"""A design estimate says what it leaves out, and an i++ component's
invocation loop counts one call per launch (issue 11: no silent guess)."""

from __future__ import annotations

import json
from pathlib import Path

from bs4 import BeautifulSoup

from hlsight.analyzer.pipeline import analyze
from hlsight.parsers.loader import load_design
from hlsight.reporters import get_reporter
from hlsight.reporters.base import RenderOptions
from hlsight.reporters.present import trip_symbol_loops
from tests.conftest import run_cli

REPORTS = Path("zaragoza") / "reports"


def test_component_invocation_loop_is_one_call_per_launch(corpus: Path) -> None:
    """i++ names the loop around a component's body "Component invocation"
    (ImgSobel.B1.start); one launch is one call, so only the source loops'
    trip counts remain to give, and the note says how to give N calls."""
    design = load_design(corpus / REPORTS / "ddr4-1866" / "sobel")
    (kernel,) = design.kernels
    assert [loop.name for loop in kernel.loops if loop.component_invocation] == ["ImgSobel.B1.start"]
    # report facts only: the source loops' trips are then the values to give
    estimate = analyze(design, {}, derive_access=False).estimates["ImgSobel"]
    assert estimate.free_symbols == ["loop.ImgSobel.B2.trip", "loop.ImgSobel.B4.trip"]
    given = analyze(design, {"loop.ImgSobel.B2.trip": 1081, "loop.ImgSobel.B4.trip": 241}).estimates["ImgSobel"]
    # one call (x1) of: B2's 1081 iterations, each running B4's 241 iterations at
    # II 114 (II*(TC-1) + 148 cycles), then the call's 18 (FlexCL eq. 1 per loop)
    cycles = 1 * (1081 * (114 * (241 - 1) + 148) + 18)
    assert given.seconds is not None and abs(given.seconds / (cycles / 480e6) - 1) < 1e-9
    assert any("ImgSobel.B1.start is the component's invocation loop: one call per launch"
               " (--set loop.ImgSobel.B1.start.trip=N for N calls enqueued with ihc_hls_enqueue, which overlap;"
               " N explicit calls block, each taking this whole time)" in note
               for note in given.assumptions)
    calls = analyze(design, {"loop.ImgSobel.B2.trip": 1081, "loop.ImgSobel.B4.trip": 241,
                             "loop.ImgSobel.B1.start.trip": 3}).estimates["ImgSobel"]
    assert calls.seconds is not None and calls.seconds > 2.9 * given.seconds
    # the same value for this kernel only (--set KERNEL:NAME) counts the same calls
    scoped = analyze(design, {"loop.ImgSobel.B2.trip": 1081, "loop.ImgSobel.B4.trip": 241,
                              "ImgSobel:loop.ImgSobel.B1.start.trip": 3}).estimates["ImgSobel"]
    assert scoped.seconds == calls.seconds


def test_a_flat_component_costs_its_depth_per_call(corpus: Path) -> None:
    """rgb_to_hsv's invocation loop has no sub-loops; its depth is in the
    i++ 18.1 mav only, as the cycle its last instruction finishes (the block
    says "Latency" 1 but writes its output channel at cycle 55): one call
    per launch costs those 55 cycles (FlexCL eq. 1 with TC = 1)."""
    design = load_design(corpus / "aoc" / "ipp18.1_max10_rgb_to_hsv")
    estimate = analyze(design, {"fmax": 100}).estimates["rgb_to_hsv"]
    assert estimate.seconds is not None and abs(estimate.seconds - 55 / 100e6) < 1e-15
    assert any("rgb_to_hsv.B1.start is the component's invocation loop: one call per launch" in note
               for note in estimate.assumptions)


def test_a_flat_component_without_a_depth_keeps_its_call_count_symbol(corpus: Path) -> None:
    """Without any depth in the report, one call would cost '0 cycles', so
    the count stays a symbol (the same component with its depths removed)."""
    design = load_design(corpus / "aoc" / "ipp18.1_max10_rgb_to_hsv")
    for kernel in design.kernels:
        for loop in kernel.all_loops():
            loop.iteration_latency = None
    estimate = analyze(design, {"fmax": 100}).estimates["rgb_to_hsv"]
    assert estimate.seconds is None and estimate.free_symbols == ["loop.rgb_to_hsv.B1.start.trip"]


def test_an_ipp_c_source_is_cplusplus_not_an_unparsable_c_file(corpus: Path) -> None:
    """i++ compiles .c as C++ (its User Guide): rgb_to_hsv.c, with ac_int
    arguments and <HLS/hls.h>, was sent to the C front end and got "cannot
    derive access facts ... the C preprocessor failed: HLS/hls.h"."""
    design = load_design(corpus / "aoc" / "ipp18.1_max10_rgb_to_hsv")
    assert [source.path for source in design.source_files if source.path.endswith(".c")]
    result = analyze(design, {"fmax": 100})
    assert not [d for d in result.diagnostics if d.rule == "access-source-unparsed"]
    assert result.estimates["rgb_to_hsv"].seconds is not None


def test_the_design_time_names_the_kernels_it_leaves_out(corpus: Path) -> None:
    """HiFlipVX on the MX as hlsight read it before session 27, its four task
    functions without their loop rows (loops.json lists them under `Task:`
    rows, which were read as no kernel's): with nothing the model can count,
    the design time is a lower bound and says so in every output."""
    report = corpus / REPORTS / "hbm2" / "sobel-hiflipvx"
    design = load_design(report)
    for kernel in design.kernels:
        if kernel.name != "ImgSobelFunc":
            kernel.loops = []
    result = analyze(design, {})
    assert result.design_estimate is not None
    assert result.design_estimate.caveats == [
        "the design time leaves out ImgSobelIntel, vxReadDram, vxWriteDram, vxWriteDram_1: no global LSUs, loops"
        " or latency in the report to estimate them from, so it is a lower bound"]
    text = get_reporter("text").render(result, RenderOptions()).split("summary:")[0]
    assert "  caution: the design time leaves out ImgSobelIntel, vxReadDram, vxWriteDram, vxWriteDram_1" in text
    assert "  estimate: at least 41.2 ns" in text  # the number itself says it is a floor
    data = json.loads(get_reporter("json").render(result, RenderOptions()))
    assert data["estimate"]["extra"]["caveats"] == result.design_estimate.caveats
    assert data["estimate"]["extra"]["left_out"] == ["ImgSobelIntel", "vxReadDram", "vxWriteDram", "vxWriteDram_1"]
    page = get_reporter("html").render(result, RenderOptions())
    header = BeautifulSoup(page, "lxml").select_one("header dl.hs-facts")
    assert header is not None and result.design_estimate.caveats[0] in header.get_text()
    # the report as it is: every task counted, nothing left out
    whole = analyze(load_design(report), {}).design_estimate
    assert whole is not None and whole.caveats == [] and whole.left_out == []
    complete = analyze(load_design(corpus / REPORTS / "hbm2" / "fft"), {"LOGN": 12, "count": 2000,
                                                                       "work_items": 1024000})
    assert complete.design_estimate is not None and complete.design_estimate.caveats == []
    assert complete.design_estimate.left_out == []


def test_data_dependent_per_lane_lsus_quote_no_stride_measurement(corpus: Path) -> None:
    """The per-lane caution quotes the measured strided kernels; the
    write-ack micro-benchmark's per-lane loads are data-dependent."""
    result = analyze(load_design(corpus / REPORTS / "hbm2" / "micro-wack-4_1"), {"work_items": 1000})
    caveats = [caveat for estimate in result.estimates.values() for caveat in estimate.caveats]
    assert not [caveat for caveat in caveats if "per-lane" in caveat]
    # what it does quote: how far data-dependent addresses are from the model (decision 21)
    assert len(caveats) == 1 and caveats[0].startswith("data-dependent addresses: ")


MM_SWI = REPORTS / "hbm2" / "mm"  # Boyi SWI+CH matrix multiply, t1-1_ul8.cl


def test_a_loop_the_report_pipelines_gets_its_trip_whatever_the_pragma(corpus: Path) -> None:
    """``#pragma unroll SIMD`` (a macro) left in.B4 a pipelined loop of 2
    iterations (one 256-bit LSU, not two lanes' worth); ``#pragma unroll 8``
    makes matrixMult.B6 a pipeline of ceil(A_width/8 / 8) iterations. Both
    were 'trip unknown', and the pipeline time was left out of the number."""
    design = load_design(corpus / MM_SWI)
    values = {"A_width": 1024, "C_height": 1024, "C_width": 1024}
    result = analyze(design, values)
    trips = {d.subject: d.message for d in result.diagnostics if d.rule == "access-trip-count"}
    assert "trip count 2 from the source" in trips["in.B4"]
    assert "trip count ceiling(floor(A_width/8)/8) from the source" in trips["matrixMult.B6"]
    assert "unrolled 8x by the compiler" in trips["matrixMult.B6"]
    for estimate in result.estimates.values():
        assert not any("left out of the total" in note for note in estimate.assumptions)


def test_aoc_inner_loop_invocations_follow_each_other(corpus: Path) -> None:
    """aoc starts the next invocation of a pipelined inner loop after the
    previous one's last launch (Programming Guide 5.2.9): per (i, j) of the
    matrix product, B6 costs its 16 launches, not its 190-cycle depth; the
    depths of B1 (15), B3 (15) and B6 drain once."""
    design = load_design(corpus / MM_SWI)
    result = analyze(design, {"A_width": 1024, "C_height": 1024, "C_width": 1024})
    (pipeline,) = result.estimates["matrixMult"].alternatives
    cycles = 1024 * 1024 * 16 * 1 + 15 + 15 + (190 - 1)
    assert pipeline.seconds is not None and abs(pipeline.seconds / (cycles / 432e6) - 1) < 1e-9
    assert any("aoc loop interleaving" in note for note in result.estimates["matrixMult"].assumptions)


def test_outer_iterations_the_report_serialises_wait_for_the_inner_loops(corpus: Path) -> None:
    """mm-swi-ch-chai-bench: B1 'executed serially across matrixMult.B4,
    matrixMult.B5': each of its iterations waits for B4 and B5 to drain;
    inside B5 the B7 invocations (II 41, 128 launches) follow each other."""
    design = load_design(corpus / REPORTS / "hbm2" / "mm-swi-ch-chai-bench")
    result = analyze(design, {"A_width": 1024, "C_height": 1024, "C_width": 1024})
    (pipeline,) = result.estimates["matrixMult"].alternatives
    b4 = 1 * (1024 - 1) + 21  # leaf: II*(TC-1) + D
    b5 = 1024 * (41 * 128) + 15 + (254 - 41)  # launches of B7, then the depths drain
    cycles = 1024 * (b4 + b5 + 9)
    assert pipeline.seconds is not None and abs(pipeline.seconds / (cycles / 480e6) - 1) < 1e-9



def test_a_missing_trip_count_names_its_source_loop(corpus: Path) -> None:
    """'give loop.ImgSobel.B2.trip' alone does not say what that is: the
    headline shows the loop's place and, when the report embeds the source,
    how the source bounds it."""
    design = load_design(corpus / REPORTS / "ddr4-1866" / "sobel")
    assert trip_symbol_loops(design, ["loop.ImgSobel.B2.trip", "loop.ImgSobel.B4.trip", "fmax"]) == {
        "loop.ImgSobel.B2.trip":
            "the loop at img_filter_core.h:1430 `for (vx_uint16 y = 0; y < IMG_ROWS + KERN_RAD; y++)`",
        "loop.ImgSobel.B4.trip":
            "the loop at img_filter_core.h:1431 `for (vx_uint16 x = 0; x < VEC_COLS + OHD_COLS; x++)`",
    }
    text = run_cli("analyze", str(corpus / "vivado" / "vitis2022.2.2_machsuite_nw")).stdout.split("summary:")[0]
    assert "    loop.needwun.trace.trip: the loop at nw.c:65" in text  # Vivado reports embed no source


def test_component_loops_bounded_by_template_arguments(corpus: Path) -> None:
    """HiFlipVX's Sobel: main() instantiates ImgSobel<uchar, schar, 8, 1920,
    1080, 3, ...>, which reaches ComputeFilter2dFunc's loops y < IMG_ROWS +
    KERN_RAD (1080 + 3/2 = 1081) and x < VEC_COLS + OHD_COLS (1920/8 + 1 =
    241) four calls down; the estimate needs no value any more."""
    result = analyze(load_design(corpus / REPORTS / "ddr4-1866" / "sobel"), {})
    trips = {d.subject: d.message for d in result.diagnostics if d.rule == "access-trip-count"}
    assert trips["ImgSobel.B2"].startswith("loop ImgSobel.B2: trip count 1081 from the source's template arguments")
    assert trips["ImgSobel.B4"].startswith("loop ImgSobel.B4: trip count 241 from the source's template arguments")
    estimate = result.estimates["ImgSobel"]
    cycles = 1 * (1081 * (114 * (241 - 1) + 148) + 18)
    assert estimate.seconds is not None and abs(estimate.seconds / (cycles / 480e6) - 1) < 1e-9

