"""A report that estimates more of a resource than the device holds gets a
``resource-over-device`` warning (``analyzer/resource_fit.py``): two public
Vivado/Vitis designs printed "DSP 1,029 (467.73%)" and "BRAM_18K 12,288
(4388.57%)" in their summary and a run time, with no finding at all."""

from __future__ import annotations

from hlsight.analyzer.pipeline import analyze
from hlsight.analyzer.resource_fit import RULE
from hlsight.core.diagnostics import Severity
from hlsight.parsers.loader import load_design
from tests.conftest import CORPUS, FIXTURES


def _findings(path: str) -> list[str]:
    result = analyze(load_design(path), {})
    return [f"{diag.severity.value}: {diag.message}" for diag in result.diagnostics if diag.rule == RULE]


def test_a_vitis_top_over_its_part_is_said_with_the_figures() -> None:
    (said,) = _findings(str(FIXTURES / "vitis2022_over_device"))
    assert said == ("warning: pipelined_layer_processor uses more than xc7z020-clg400-1 holds: DSP 1,029 of 220"
                    " (468%), LUT 63,616 of 53,200 (120%); as synthesized, the design does not fit the part. The"
                    " estimate assumes a build that fits: reduce unrolling, partitioning or replication, or move"
                    " large arrays off chip")


def test_intel_kernels_are_summed_and_the_pre_synthesis_estimate_said() -> None:
    """The seed authors' HBM2 matrix multiply: aoc estimated 4,220.5 of the
    S10 MX's 3,960 DSPs, and the build ran (it was measured): the finding
    says the estimate is made before synthesis."""
    design = load_design(CORPUS / "zaragoza" / "reports" / "hbm2" / "matrix-mult")
    result = analyze(design, {})
    (found,) = [diag for diag in result.diagnostics if diag.rule == RULE]
    assert found.severity is Severity.WARNING and found.file is not None and found.file.endswith("area_src.json")
    assert found.data == {"DSPs": {"used": 4220.5, "available": 3960.0}}
    assert "DSPs 4,220.5 of 3,960 (107%); the compiler's area estimate is made before synthesis" in found.message


def test_designs_that_fit_say_nothing() -> None:
    for path in (CORPUS / "zaragoza" / "reports" / "hbm2" / "axpy", FIXTURES / "vhls2019_dataflow_sequence"):
        assert _findings(str(path)) == []


def test_an_ii_is_a_value_only_where_the_reports_cannot_be_real() -> None:
    """``--set loop.SgdLR_sw.DOT.ii=2`` on a public Vivado 2019.1 spam filter
    was echoed ("with loop.SgdLR_sw.DOT.ii=2") and the time stayed the II-1
    one: every loop's ``.ii`` was a valid name, used only for a flagged II.
    Now only a flagged loop lists it (aoc 18.1 lenet5's II 52628672), and
    another's is refused with the reason."""
    from tests.conftest import run_cli

    matrixmul = CORPUS / "vivado" / "vhls2015.3_ug871_matrixmul"
    refused = run_cli("analyze", str(matrixmul), "--set", "loop.matrixmul.Col.ii=2")
    assert refused.code == 2 and refused.stdout == ""
    assert refused.stderr == (
        "hlsight: error: 'loop.matrixmul.Col.ii': that loop's II is the report's; an II is a value to give only for"
        " a loop whose reported II cannot be real (report-implausible-ii) (expected loop.matrixmul.Col.trip or"
        " another name from 'hlsight analyze -v')\n")
    lenet5 = run_cli("analyze", str(CORPUS / "aoc" / "aoc18.1_c5soc_lenet5"), "--set", "loop.conv2d.B1.ii=1",
                     "--set", "loop.conv2d.B1.trip=2")
    assert lenet5.code == 0, lenet5.stderr


def test_a_vivado_rpt_only_design_over_its_block_rams() -> None:
    """The public 2018.2 yuv_filter (three .rpt files, no XML): 12,288 of 280 BRAM_18K."""
    (said,) = _findings(str(FIXTURES / "vhls2018_yuv_filter" / "solution1"))
    assert said.startswith("warning: yuv_filter uses more than xc7z020clg400-1 holds: BRAM_18K 12,288 of 280"
                           " (4389%); as synthesized, the design does not fit the part.")
