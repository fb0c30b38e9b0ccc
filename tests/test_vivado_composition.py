"""Issue 12 item 1: the Vivado/Vitis cycle composition reproduces the report.

For every corpus case whose top module reports a latency *range*, composing
the top from its loops and sub-modules with every trip count (and every range
the report gives) at its minimum must give the report's minimum latency, and
at its maximum the report's maximum (within 2 %). Iteration latency of a loop
already contains its sub-loops, so nothing is counted twice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hlsight.analyzer.vivado_cycles import Bound, CycleComposer, module_cycles
from hlsight.core.model import (
    Design,
    Instance,
    Kernel,
    KernelKind,
    LatencyRange,
    Loop,
    Product,
    ToolInfo,
    TripCount,
    Vendor,
)
from hlsight.parsers.vivado import read_report
from tests.conftest import CORPUS, run_cli

VIVADO = CORPUS / "vivado"
CASES = sorted(path.name for path in VIVADO.iterdir() if path.is_dir())


def _top(design: Design) -> Kernel:
    return design.top_kernels()[0]


def _ranged_cases() -> list[str]:
    out = []
    for case in CASES:
        latency = _top(read_report(VIVADO / case)).latency
        if latency is not None and latency.min is not None and latency.max is not None and latency.min != latency.max:
            out.append(case)
    return out


RANGED = _ranged_cases()


def test_the_corpus_has_the_ranged_cases_checked_by_hand() -> None:
    # SOURCE.md "top latency (rpt)" rows with min != max, read by hand.
    assert RANGED == [
        "vhls2018.3_hls_sobel_dataflow", "vhls2019.1_cse237c_fir128", "vhls2020.1_cnn_mnist",
        "vitis2022.2.2_machsuite_bfs_queue", "vitis2022.2.2_machsuite_sort_merge",
        "vitis2022.2.2_machsuite_spmv_crs", "vitis2022.2.2_polybench_lu", "vitis2024.1_wrr_dataflow",
    ]


@pytest.mark.parametrize("case", RANGED)
@pytest.mark.parametrize("bound", [Bound.MIN, Bound.MAX])
def test_composed_top_equals_report_bound(case: str, bound: Bound) -> None:
    design = read_report(VIVADO / case)
    top = _top(design)
    assert top.latency is not None
    expected = top.latency.min if bound is Bound.MIN else top.latency.max
    cycles, _ = module_cycles(top, design, bound)
    assert cycles is not None and not cycles.free_symbols, cycles
    assert float(cycles) == pytest.approx(expected, rel=0.02)


def test_bfs_queue_no_longer_counts_the_inner_loop_twice() -> None:
    # bfs_csynth.rpt: loop_queue IL 481 (contains loop_neighbors, 477-cycle
    # call), TC 1 ~ 256; top latency 482 ~ 123137 = 481*TC + 1.
    design = read_report(VIVADO / "vitis2022.2.2_machsuite_bfs_queue")
    cycles, notes = module_cycles(_top(design), design)
    assert cycles is not None
    assert str(cycles) == "481*loop.bfs.loop_queue.trip + 1"  # qualified by its module (issue 15)
    assert any("loop.bfs.loop_queue.trip" in note for note in notes)


def test_cli_estimate_at_the_max_trip_count_is_the_report_max() -> None:
    result = run_cli("analyze", str(VIVADO / "vitis2022.2.2_machsuite_bfs_queue"), "--format", "json",
                     "--set", "loop.bfs.loop_queue.trip=256")
    assert result.code == 0, result.err
    data = json.loads(result.stdout)
    design = data["estimate"]
    assert design["cycles"]["cycles"] == 123137
    # 123137 cycles at the 5.00 ns target clock: the rpt's 0.616 ms
    assert design["seconds"] == pytest.approx(123137 * 5e-9)


def test_cnn_shared_pool_instance_is_called_twice() -> None:
    # top_csynth.rpt: one grp_pool_fu_236 instance (17769 ~ 141601); the top's
    # range 358786 ~ 606450 is twice pool's range: pool runs twice.
    design = read_report(VIVADO / "vhls2020.1_cnn_mnist")
    _, notes = module_cycles(_top(design), design)
    assert any("pool runs 2 times" in note for note in notes)


def test_case_folder_with_report_set_deeper_down_is_found(tmp_path: Path) -> None:
    design = read_report(VIVADO / "vitis2025.2_conv2d_unified")
    assert _top(design).name == "conv2d"


@pytest.mark.parametrize("case", RANGED)
def test_loops_and_calls_explain_the_top_latency(case: str) -> None:
    """The top's own fixed cycles (report min minus the parts at their
    minimum) are a few control states: the range is explained by the loops
    and calls, not absorbed by the fixed term."""
    design = read_report(VIVADO / case)
    top = _top(design)
    assert top.latency is not None and top.latency.max is not None
    composer = CycleComposer(design, Bound.MAX)
    body = composer.body(top)
    assert body is not None and not body.free_symbols
    assert 0 <= int(composer.fixed(top)) <= 0.01 * top.latency.max
    assert float(body) == pytest.approx(top.latency.max, rel=0.02)


def _exclusive_calls(top_latency: tuple[int, int]) -> tuple[Kernel, Design]:
    """A public fault detector's ``run`` (Vitis 2022.1), as its reports give
    it: a 128-cycle loop in one branch and a 145-cycle call in another, the
    module 130 ~ 148 cycles; the callee's own report is not in the set."""
    loop = Loop(name="VITIS_LOOP_417_2", latency=LatencyRange(128, 128), trip_count=TripCount(64, 64, None),
                pipelined=False)
    call = Instance(name="grp_runTestAfterInit_fu_369", module="runTestAfterInit", latency=LatencyRange(2, 145))
    top = Kernel(name="run", kind=KernelKind.FUNCTION, loops=[loop], instances=[call], is_top=True,
                 latency=LatencyRange(*top_latency))
    return top, Design(tool=ToolInfo(Vendor.XILINX, Product.VITIS_HLS, "2022.1"), root=Path("."), kernels=[top])


def test_parts_in_exclusive_branches_are_not_added_past_the_reports_maximum() -> None:
    """128 + 145 = 273 cycles was the estimate, above the report's worst
    path: the parts cannot all run in one call, so the report's maximum
    stands and a note says why. Where the parts fit, nothing changes."""
    top, design = _exclusive_calls((130, 148))
    cycles, notes = module_cycles(top, design)
    assert cycles == 148
    assert ("run: its parts add up to 273 cycles, more than the report's maximum (148): they do not all run in one"
            " call (exclusive branches), so the report's maximum is used") in notes
    top, design = _exclusive_calls((130, 300))
    cycles, notes = module_cycles(top, design)
    assert cycles == 300 and not any("exclusive branches" in note for note in notes)
