"""Interleaved invocations of an II > 1 inner loop (Intel HLS Reference
Manual 6.8 / OpenCL Programming Guide 5.2.9, "Loop Interleaving Control").

The compiler fills an II-n inner loop's idle issue slots with iterations of
the next invocations, as many as the report's max interleaving says. A
public i++ 20.4 atax (B7: II 4, max interleaving 4, 64 x 64) ran 9,732
cycles in ModelSim; the count, taking B7's invocations one after another,
said 23,816 (+144.7 %); with four at a time it says 11,048 (+13.5 %).
The corpus has two loops with max interleaving above 1 (a 19.1 Sobel's
B4, 114; a oneAPI BFS's B4, 460), both inside regions the report runs
serially ("Only a single loop iteration will execute inside this region"),
where no invocations share the pipeline."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import sympy

from hlsight.analyzer.compute_model import interleaved_cycles, interleaved_loops
from hlsight.analyzer.loop_concurrency import serial_sub_loops
from hlsight.analyzer.pipeline import analyze
from hlsight.core.model import InitiationInterval, Loop, TripCount
from hlsight.parsers.loader import load_design

CHAI = Path("zaragoza") / "reports" / "hbm2" / "mm-swi-ch-chai-bench"
SOBEL = Path("zaragoza") / "reports" / "ddr4-1866" / "sobel"
BFS = Path("aoc") / "oneapi2021.4_s10gx_parallel_bfs" / "parallel_bfs_report.prj" / "reports"
SIZES = {"A_width": 1024, "C_height": 1024, "C_width": 1024}


def _nest(max_interleaving: int, details: list[str] | None = None) -> Loop:
    """The manual's example: j (II 1, M = 2, depth 3) around i (II 2, N = 5,
    depth 6)."""
    inner = Loop(name="k.B2", pipelined=True, ii=InitiationInterval(2), trip_count=TripCount(5, 5),
                 iteration_latency=6, max_interleaving=max_interleaving)
    return Loop(name="k.B1", pipelined=True, ii=InitiationInterval(1), trip_count=TripCount(2, 2), iteration_latency=3,
                children=[inner], details=details or [])


def test_the_manuals_table_two_invocations_share_ten_cycles() -> None:
    """The manual's interleaved table: (0,0) (1,0) (0,1) (1,1) ... (1,4) in
    cycles 0 .. 9, where pipelined execution alone takes 0 .. 19."""
    notes: list[str] = []
    assert interleaved_cycles(_nest(2), notes) == (10, 3 + (6 - 2))  # the depths drain once
    assert any("2 invocations share its II-2 pipeline" in note for note in notes)
    assert interleaved_cycles(_nest(1), [])[0] == 20
    # at most the II: a 4 on an II-2 loop still leaves two issue slots per iteration
    assert interleaved_cycles(_nest(4), [])[0] == 10


def test_a_serial_region_keeps_invocations_apart() -> None:
    """'Iteration executed serially across k.B2' names the region; 'Serial
    exe' alone covers every sub-loop; a region naming another loop does not."""
    across = "Iteration executed serially across k.B2. Only a single loop iteration will execute inside this region"
    one_call = 2 * 5 + (6 - 2)  # launches, then the drain: II*(N-1) + D
    assert interleaved_cycles(_nest(2, [across]), []) == (2 * one_call + 2 * 3, 0)
    assert interleaved_cycles(_nest(2, ["Serial exe: Memory dependency"]), []) == (2 * one_call + 2 * 3, 0)
    other = "Iteration executed serially across k.B9. Only a single loop iteration will execute inside this region"
    assert interleaved_cycles(_nest(2, [other]), []) == (1 * one_call + 2 * 3, 0)
    assert serial_sub_loops(Loop(name="m.B1", details=[
        "Iteration executed serially across matrixMult.B4, matrixMult.B5. Only a single loop iteration will"
        " execute inside this region due to memory dependency"])) == {"B4", "B5"}


def test_the_corpus_loops_with_interleaving_sit_in_serial_regions(corpus: Path) -> None:
    """HiFlipVX's Sobel B4 (II ~114, max interleaving 114) is in B2's serial
    region: its 1081 invocations follow each other (the estimate pinned in
    test_design_completeness), and no loop is said to interleave. The
    oneAPI BFS's region names its kernel as the compiler does
    (``const::'lambda'().B4``), its loop is ``parallel_bfs.cpp:104.B4``."""
    design = load_design(corpus / SOBEL)
    (kernel,) = design.kernels
    (b4,) = [loop for loop in kernel.all_loops() if loop.name == "ImgSobel.B4"]
    assert b4.max_interleaving == 114
    assert interleaved_loops(kernel.loops) == []
    result = analyze(design, {})
    assert not any("invocations share" in note for note in result.estimates["ImgSobel"].assumptions)
    bfs = load_design(corpus / BFS)
    (kernel,) = bfs.kernels
    assert [loop.max_interleaving for loop in kernel.all_loops() if loop.name.endswith(".B4")] == [460]
    assert interleaved_loops(kernel.loops) == []


def test_a_report_that_interleaves_is_counted_in_groups(corpus: Path, tmp_path: Path) -> None:
    """The chai-bench matrix multiply's B7 (II 41, 128 launches per B5
    iteration, 1024 iterations) with the report's max interleaving set to 4
    (the compiler gave 1): B5 costs ceil(1024 / 4) groups of B7's launches."""
    copy = tmp_path / "chai"
    shutil.copytree(corpus / CHAI, copy)
    fmax_ii = copy / "lib" / "json" / "fmax_ii.json"
    data = json.loads(fmax_ii.read_text(encoding="utf-8"))

    def set_b7(node: object) -> None:
        if isinstance(node, dict):
            if node.get("name") == "matrixMult.B7":
                node["max_interleaving"] = 4
            for value in node.values():
                set_b7(value)
        elif isinstance(node, list):
            for value in node:
                set_b7(value)

    set_b7(data)
    fmax_ii.write_text(json.dumps(data), encoding="utf-8")
    (pipeline,) = analyze(load_design(copy), SIZES).estimates["matrixMult"].alternatives
    b4 = 1 * (1024 - 1) + 21
    b5 = sympy.ceiling(sympy.Rational(1024, 4)) * (41 * 128) + 15 + (254 - 41)
    cycles = 1024 * (b4 + b5 + 9)  # B1 runs serially across B4 and B5 (test_design_completeness)
    assert pipeline.seconds is not None and abs(pipeline.seconds / (float(cycles) / 480e6) - 1) < 1e-9
