"""Bottleneck hints on real reports: each rule fires where the journal's
observations say it should, points at the source line, and carries numbers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hlsight.analyzer.estimate import design as design_module
from hlsight.analyzer.pipeline import analyze
from hlsight.analyzer.results import AnalysisResult, KernelEstimate
from hlsight.core.diagnostics import Diagnostic
from hlsight.parsers.loader import load_design
from tests.conftest import CORPUS, run_cli

ZARAGOZA = CORPUS / "zaragoza" / "reports"
ROW = {"work_items": 32768000, "element_bytes": 4, "stride": 1}


def _hints(case: str, **values: float) -> dict[str, list[Diagnostic]]:
    result = analyze(load_design(ZARAGOZA / case), {**ROW, **values})
    rules: dict[str, list[Diagnostic]] = {}
    for diag in result.diagnostics:
        if diag.rule.startswith(("mem-", "loop-")):
            rules.setdefault(diag.rule, []).append(diag)
    return rules


def test_shared_bank_on_three_lsus_of_one_ddr_bank() -> None:
    rules = _hints("ddr4-1866/vectoradd")
    (shared,) = rules["mem-shared-bank"]
    assert shared.file is not None and shared.file.endswith("test_bw10.cl") and shared.line == 32
    assert shared.data["lsus"] == [f"test_multiplereads/{name}" for name in ("load0", "load1", "store0")]
    assert 0 < float(shared.data["t_ovh_seconds"]) < 0.01  # 3 x 131 MB / 2 KB x 27 ns = 5.2 ms
    assert set(rules) == {"mem-shared-bank"}  # saturated, contiguous, wide: nothing else to say


def test_no_shared_bank_hint_with_one_lsu_per_hbm_channel() -> None:
    assert "mem-shared-bank" not in _hints("hbm2/micro-ca-bw10_16_4")


def test_per_lane_write_ack_and_atomic_lsus_give_one_hint_per_line() -> None:
    wack = _hints("ddr4-1866/micro-wack-bw9_16_5")
    (ack,) = wack["mem-write-ack"]
    assert ack.line == 54 and len(ack.data["lsus"]) == 15  # 15 write-ack stores of one access
    atomic = _hints("ddr4-1866/micro-atomic-16_5")
    (hint,) = atomic["mem-atomic"]
    # the profile's measured atomic round trip (325.1 ns) exceeds eq. 14's 2 (13.5 + 13.5) + 15 = 69 ns
    assert len(hint.data["lsus"]) == 80 and hint.data["t_row_ns"] == pytest.approx(325.1)
    assert "measured on ddr4-1866" in hint.message


def test_stride_hint_from_the_source_stride() -> None:
    # sum_reduct: x[i*delta + j*(16*delta)] with -Ddelta=2, 16 unrolled lanes 2 floats apart
    rules = _hints("hbm2/sum-reduct", arg=2048000)
    (stride,) = rules["mem-stride"]
    assert stride.data["stride"] == 2.0 and stride.line == 47
    # test_CNA.cl's z[3i], z[3i+1], z[3i+2] are one padded LSU covering every element: no stride
    assert "mem-stride" not in _hints("hbm2/micro-cna-2_0")


def test_fmax_below_fmin_names_the_numbers() -> None:
    # SIMD 2: one 64-bit store per HBM pseudo-channel at 455.56 MHz
    rules = _hints("hbm2/micro-ca-bw10_2_0")
    (hint,) = rules["mem-fmax-below-fmin"]
    # eq. 5: f_min = bw_dram / ls_width = 0.9215 * 8 B * 2 * 800 MHz / 8 B (one LSU: no x2 of eq. 6)
    assert hint.data["width_bytes"] == 8
    assert float(hint.data["f_min_mhz"]) == pytest.approx(0.9215 * 8 * 2 * 800 / 8, rel=1e-6)
    assert "1474 MHz" in hint.message and "widen it ~3.2x" in hint.message


def test_immaterial_lsus_get_no_hints() -> None:
    # iamax's 4 B result store runs once per block: far below 5 % of the bank time
    # (the vector length is the kernel argument N, as the host program passes it)
    assert "mem-fmax-below-fmin" not in _hints("ddr4-1866/iamax", N=32768000)


def test_loop_ii_hint_once_per_loop_line() -> None:
    design = load_design(CORPUS / "vivado" / "vitis2022.2.2_machsuite_nw")
    hints = [diag for diag in analyze(design).diagnostics if diag.rule == "loop-ii"]
    assert [(diag.file and diag.file.split("/")[-1], diag.line, diag.data["ii"]) for diag in hints] == [("nw.c", 29, 2)]


def test_a_loop_without_a_source_place_points_at_its_report_row(corpus: Path) -> None:
    """A Vivado 2019.1 loop named ``Loop 1`` has no source line: its II
    warning read "hlsight: warning: loop Loop 1 has II 2", with no file to
    open and no function named; it now points at the loop's row of the
    module's text report."""
    report = corpus / "vivado" / "vhls2019.1_unique_paths"
    lines = [line for line in run_cli("analyze", str(report)).stdout.splitlines() if "[loop-ii]" in line]
    rpt = report / "unique_paths_csynth.rpt"
    assert lines[0].startswith(f"{rpt}:44: warning: loop Loop 1 of unique_paths has II 2:")
    assert "|- Loop 1 " in rpt.read_text().splitlines()[43]


GRIDDING = CORPUS / "aoc" / "aoc17.1.1_a10_gridding"
CONV_LOOPS = (218, 228, 229, 241, 247, 253, 278, 279)


def _gridding_fmax_hints(tiles: int) -> list[str]:
    """oskar_process_all_tiles streams visibilities to convEng through a
    channel; convEng's eight loops of 32 trips make its pipeline 5.32 ms."""
    values = ["--set", "fmax=250", "--set", f"numTiles_u={tiles}", "--set", f"numTiles_v={tiles}", "--set", "stride=1",
              "--set", "trips_oskar_process_all_tiles_L107=1000"]
    for line in CONV_LOOPS:
        values += ["--set", f"trips_convEng_L{line}=32"]
    shown = run_cli("analyze", str(GRIDDING), *values, "-v").stdout.splitlines()
    return [line for line in shown if "oskar_process_all_tiles/load8 " in line and "[mem-fmax-below-fmin]" in line]


def test_a_kernel_paced_by_a_slower_channel_partner_gets_a_note_not_a_warning() -> None:
    """IntelLabs/t2sp's GEMM (outside check, session 22): the loaders' hints
    asked to widen them while the systolic array they feed took 4.4 s. With
    4 x 4 tiles oskar's memory and convEng's pool to 4.71 ms on their shared
    bank (the group's memory time of the design estimate; 4.77 ms before
    oskar's bucket loads streamed, session 26), below convEng's 5.32 ms
    pipeline: widening oskar's loads shortens nothing."""
    (hint,) = _gridding_fmax_hints(4)
    assert ": note: " in hint
    assert ("but the pipeline of convEng (5.32 ms), joined to this kernel by channels, takes longer than the memory"
            " of the whole group (4.71 ms)") in hint
    result = analyze(load_design(GRIDDING), _gridding_values(4))
    assert result.design_estimate is not None
    (pooled,) = [seconds for group, seconds in zip(result.design_estimate.concurrent_groups,
                                                    result.design_estimate.group_memory_seconds, strict=True)
                 if "convEng" in group]
    assert pooled is not None and round(pooled * 1e3, 2) == 4.71


def test_a_group_its_shared_bank_bounds_is_not_paced_elsewhere() -> None:
    # 8 x 8 tiles: oskar's memory is 1.28 ms, the group's 5.74 ms is above convEng's pipeline
    (hint,) = _gridding_fmax_hints(8)
    assert "paces the group" not in hint and "joined to this kernel by channels" not in hint
    # oskar's load8 is "Burst-coalesced cached": a note that the bound is its worst case (decision 49)
    assert ": note: " in hint and "it is a cached load" in hint


def _gridding_values(tiles: int) -> dict[str, float]:
    """The values of :func:`_gridding_fmax_hints` for :func:`analyze`."""
    values: dict[str, float] = {"fmax": 250, "numTiles_u": tiles, "numTiles_v": tiles, "stride": 1,
                                "trips_oskar_process_all_tiles_L107": 1000}
    return {**values, **{f"trips_convEng_L{line}": 32 for line in CONV_LOOPS}}


def _paced_hints(result: AnalysisResult) -> list[Diagnostic]:
    return [diag for diag in result.diagnostics
            if diag.rule == "mem-fmax-below-fmin" and "joined to this kernel by channels" in diag.message]


def test_the_hints_read_the_groups_the_design_estimate_was_built_from(monkeypatch: pytest.MonkeyPatch) -> None:
    """One data model: the design estimate carries its kernel groups and the
    channel-partner hint reads them (it grouped the kernels again, which
    could disagree with the number). Built without the groups, the note
    goes, which the hint's own grouping would have kept."""
    design = load_design(GRIDDING)
    result = analyze(design, _gridding_values(4))
    assert result.design_estimate is not None
    groups = result.design_estimate.concurrent_groups
    assert ["oskar_process_all_tiles", "convEng"] in [sorted(group, reverse=True) for group in groups]
    assert sorted(name for group in groups for name in group) == sorted(kernel.name for kernel in design.kernels)
    assert _paced_hints(result)
    built = design_module.intel_design_estimate

    def without_groups(*args: Any) -> KernelEstimate | None:
        estimate = built(*args)
        if estimate is not None:
            estimate.concurrent_groups = [[name] for group in estimate.concurrent_groups for name in group]
        return estimate

    monkeypatch.setattr(design_module, "intel_design_estimate", without_groups)
    assert _paced_hints(analyze(load_design(GRIDDING), _gridding_values(4))) == []


#: aoc 15.1's vector_add: the report embeds no source, so none of its three LSUs has a stride
VECTOR_ADD_15 = CORPUS / "aoc" / "aoc15.1_c5soc_vector_add" / "vector_add" / "bin_vector_add"


def test_the_shared_stride_names_the_lsus_it_stands_for() -> None:
    """``--set stride=VALUE`` alone gave every LSU without a source stride the
    same value, unsaid (t2sp's GEMM: three loaders and unloaders); the ask
    now names them: aoc 15.1's vector_add, whose report embeds no source."""
    shown = run_cli("analyze", str(VECTOR_ADD_15), "-v").stdout.splitlines()
    (line,) = [line for line in shown if line.startswith("    stride: ")]
    assert line == ("    stride: the index stride of vector_add/load0, vector_add/load1, vector_add/store0, which the"
                    " source analysis did not give (-v says why); lsu.<id>.stride sets one LSU's")


def test_a_shared_stride_left_to_one_lsu_is_asked_by_that_lsus_name() -> None:
    """With two of three strides given, ``--set stride=VALUE`` would stand for
    the last one only: the ask names it (t2sp's conv loader, the one LSU
    without a stride, was asked as a bare ``stride``)."""
    given = ("--set", "lsu.vector_add/load0.stride=1", "--set", "lsu.vector_add/load1.stride=1")
    shown = run_cli("analyze", str(VECTOR_ADD_15), "-v", *given).stdout.splitlines()
    (ask,) = [line for line in shown if line.startswith("  to get a number, give: ")]
    assert " --set lsu.vector_add/store0.stride=VALUE " in ask and " --set stride=VALUE" not in ask
    assert ("    lsu.vector_add/store0.stride: the index stride of this LSU, which the source analysis"
            " did not give (-v says why)") in shown
    answered = run_cli("analyze", str(VECTOR_ADD_15), "-v", *given, "--set", "lsu.vector_add/store0.stride=1")
    assert "store0.stride=VALUE" not in answered.stdout


@pytest.mark.parametrize(("element_bytes", "hinted"), [(4, True), (32, True), (64, False), (128, False)])
def test_a_stride_is_hinted_only_where_it_wastes_part_of_the_burst(element_bytes: int, hinted: bool) -> None:
    """ddr4-1866's burst is 8 B x BL 8 = 64 B: a 4 B element at stride 4
    uses a quarter of each burst; a 64 B element (t2sp's float16 loads)
    fills it, and the hint read "0% of every DRAM burst is discarded, time x1"."""
    shown = run_cli("analyze", str(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "axpy"), "--set", "N=1000000",
                    "--set", "lsu.sreaming_saxpy/load0.stride=4",
                    "--set", f"lsu.sreaming_saxpy/load0.bytes={element_bytes}", "-v").stdout
    lines = [line for line in shown.splitlines() if "[mem-stride]" in line and "sreaming_saxpy/load0" in line]
    assert bool(lines) is hinted
    if hinted:
        charged = min(4, 64 // element_bytes)
        assert f"{1 - 1 / charged:.0%} of every DRAM burst is discarded, time x{charged}" in lines[0]


@pytest.mark.parametrize(("case", "split_into", "hinted"), [
    ("hbm2/stride6", 16, 48),  # 16 per-lane 4 B LSUs on each of three pseudo-channels
    ("hbm2/stride-3-1-offset1", 5, 4),  # z[3i+1] at SIMD 8: 4, 4, 4 and 16 B stores (the 32 B one saturates)
])
def test_per_lane_lsus_are_not_told_to_widen(case: str, split_into: int, hinted: int) -> None:
    """aoc builds one LSU per lane (or group of lanes) when an access's lanes
    are not contiguous (decision 10): more SIMD or unrolling makes more such
    LSUs, not wider ones, so the f_min hint asks for a contiguous index
    instead of "widen it ~6.9x (SIMD/unroll)"."""
    (hint,) = _hints(case)["mem-fmax-below-fmin"]  # one finding for the LSUs alike
    assert len(hint.data["lsus"]) == hinted
    assert f"aoc split its access over {split_into} LSUs" in hint.message
    assert "make the index contiguous" in hint.message and "widen it" not in hint.message
    # one LSU per access keeps the advice: the seed authors' vector add at SIMD 2 on HBM2
    (narrow, *_) = _hints("hbm2/micro-ca-bw10_2_2")["mem-fmax-below-fmin"]
    assert "widen it ~" in narrow.message and "split" not in narrow.message
