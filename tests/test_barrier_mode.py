"""NDRange kernels with loops and work-group barriers (issue 11: tiled loads
with barriers, matrix multiply).

* FlexCL eq. 1: a work-item whose body holds a loop of TC iterations takes
  TC pipeline slots, so the NDRange pipeline time counts the loop's trip
  count, not one slot per work-item.
* FlexCL section 3.5: in barrier mode "global memory access and computation
  operations are separated by barriers ... no overlap", T = L_mem + L_comp
  (eq. 10). hlsight takes that mode when a barrier sits inside a loop that
  also accesses global memory (the tiled matrix multiply); a barrier run
  once per work-item (Intel fft1d ``fetch``) keeps the pipeline mode, since
  aoc streams the next work-groups through it (fft1d's measured time is its
  memory time, see tests/test_hbm_interface.py).
Inputs: the seed authors' aoc reports in ../shared/corpus/zaragoza.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hlsight.analyzer.access.communication import barrier_mode
from hlsight.analyzer.access.derive import KernelAccesses
from hlsight.analyzer.access.sycl_kernels import find_kernels
from hlsight.analyzer.access.sycl_walker import walk_kernel
from hlsight.analyzer.access.walker import walk_function
from hlsight.analyzer.pipeline import analyze
from hlsight.core.model import Kernel, KernelKind
from hlsight.parsers.csource import parse_c_file
from hlsight.parsers.cxx.sycl_headers import parse_sycl
from hlsight.parsers.loader import load_design
from tests.conftest import run_cli

#: Intel's matrix_mult.cl as the seed authors built it: BLOCK_SIZE 64, SIMD 16, 295 MHz
A_WIDTH = 4096
WORK_ITEMS = 4096 * 4096


def test_ndrange_pipeline_counts_the_loop_of_each_work_item(corpus: Path) -> None:
    design = load_design(corpus / "zaragoza" / "reports" / "ddr4-1866" / "matrixmult")
    result = analyze(design, {"A_width": A_WIDTH, "work_items": WORK_ITEMS})
    estimate = result.estimates["matrixMult"]
    # each work-item runs the block loop A_width / 64 times (floor((A_width-1)/64) + 1 = 64);
    # 16 lanes, II 1, depth unknown (0): cycles = WI * 64 / 16 - 1 at 295 MHz
    cycles = WORK_ITEMS * 64 / 16 - 1
    assert estimate.compute_seconds == pytest.approx(cycles / 295e6, rel=1e-9)
    assert any("each work-item runs floor(A_width/64 - 1/64) + 1 loop iteration" in a for a in estimate.assumptions)


def test_barrier_inside_the_tile_loop_adds_memory_and_pipeline(corpus: Path) -> None:
    for case in ("ddr4-1866/matrixmult", "hbm2/matrix-mult", "hbm2/mm-intel-simd64"):
        design = load_design(corpus / "zaragoza" / "reports" / case)
        result = analyze(design, {"A_width": A_WIDTH, "work_items": WORK_ITEMS})
        estimate = result.estimates["matrixMult"]
        assert estimate.memory_seconds is not None and estimate.compute_seconds is not None
        assert estimate.seconds == pytest.approx(estimate.memory_seconds + estimate.compute_seconds, rel=1e-12)
        assert "FlexCL eq. 10 (barrier mode)" in estimate.model
        notes = [d for d in result.diagnostics if d.rule == "access-barrier-mode"]
        assert len(notes) == 1
        assert "barrier at matrix_mult.cl:144 inside the loop at line 132" in notes[0].message
        assert "A[(a + (A_width * local_y)) + local_x]" in notes[0].message


def test_barrier_once_per_work_item_keeps_pipeline_mode(corpus: Path) -> None:
    design = load_design(corpus / "zaragoza" / "reports" / "hbm2" / "fft")
    source = "\n".join(file.content or "" for file in design.source_files)
    assert "barrier (CLK_LOCAL_MEM_FENCE);" in source  # the fetch kernel has one, outside any loop
    result = analyze(design, {"LOGN": 12, "count": 2000, "work_items": 1024000})
    fetch = result.estimates["fetch"]
    assert fetch.memory_seconds is not None and fetch.compute_seconds is not None
    assert fetch.seconds == pytest.approx(max(fetch.memory_seconds, fetch.compute_seconds), rel=1e-12)
    assert "eq. 12 (pipeline mode)" in fetch.model
    assert not [d for d in result.diagnostics if d.rule == "access-barrier-mode"]


SIGNATURE = "__kernel void k(__global float *restrict out, __global const float *restrict in, int n)"


def _context(tmp_path: Path, body: str, signature: str = SIGNATURE) -> KernelAccesses:
    path = tmp_path / "k.cl"
    path.write_text(signature + "\n{\n" + body + "\n}\n")
    unit = parse_c_file(path)
    func = unit.functions()["k"]
    lines = {str(path): path.read_text().splitlines()}
    walker = walk_function(unit, func, lines)
    kernel = Kernel(name="k", kind=KernelKind.NDRANGE)
    return KernelAccesses(kernel, True, walker.sites, list(walker.loop_infos.values()), walker.barriers)


def test_barrier_in_a_loop_of_local_work_only_is_not_barrier_mode(tmp_path: Path) -> None:
    context = _context(tmp_path, """
    __local float tile[64];
    float acc = 0.0f;
    for (int t = 0; t < n; t++) {
        tile[get_local_id(0)] = t;
        barrier(CLK_LOCAL_MEM_FENCE);
        acc += tile[63 - get_local_id(0)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = acc;""")
    assert [barrier.line for barrier in context.barriers] == [8, 10]
    assert barrier_mode(context) is None


def test_barrier_in_a_loop_that_reads_global_memory_is_barrier_mode(tmp_path: Path) -> None:
    context = _context(tmp_path, """
    __local float tile[64];
    float acc = 0.0f;
    for (int t = 0; t < n; t++) {
        tile[get_local_id(0)] = in[t * 64 + get_local_id(0)];
        barrier(CLK_LOCAL_MEM_FENCE);
        acc += tile[63 - get_local_id(0)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = acc;""")
    reason = barrier_mode(context)
    assert reason is not None
    assert reason.startswith("barrier at k.cl:8 inside the loop at line 6")
    assert "`in[(t * 64) + get_local_id(0)]` at line 7" in reason


def test_barrier_mode_is_said_next_to_the_number(corpus: Path) -> None:
    report = str(corpus / "zaragoza" / "reports" / "ddr4-1866" / "matrixmult")
    given = ("--set", f"A_width={A_WIDTH}", "--set", f"work_items={WORK_ITEMS}")
    text = run_cli("analyze", report, *given).stdout.split("summary:")[0].splitlines()
    assert text[5] == (
        "  kernel matrixMult: memory 715 ms + pipeline 227 ms, not overlapped: barrier at matrix_mult.cl:144 inside"
        " the loop at line 132, which also accesses global memory (`A[(a + (A_width * local_y)) + local_x]` at"
        " line 140) (FlexCL eq. 10, barrier mode)"
    )
    data = json.loads(run_cli("analyze", report, *given, "--format", "json").stdout)
    kernel = next(entry for entry in data["kernels"] if entry["name"] == "matrixMult")
    assert kernel["estimate"]["extra"]["barrier_mode"].startswith("barrier at matrix_mult.cl:144")
    assert kernel["estimate"]["alternatives"][0]["extra"]["barrier_mode"] is None  # pipeline alone


SYCL_TILED = """#include <sycl/sycl.hpp>
using namespace sycl;
void run(queue &q, float *in, float *out, int n, int tiles) {
  q.submit([&](handler &h) {
    local_accessor<float, 1> tile(range<1>(64), h);
    h.parallel_for<class Tiled>(nd_range<1>(range<1>(n), range<1>(64)), [=](nd_item<1> it) {
      int l = it.get_local_id(0);
      float acc = 0;
      for (int t = 0; t < tiles; t++) {
        tile[l] = LOAD;
        it.barrier(access::fence_space::local_space);
        acc += tile[63 - l];
        group_barrier(it.get_group());
      }
      out[it.get_global_id(0)] = acc;
    });
  });
}
"""


@pytest.mark.parametrize(("load", "mode"), [("in[t * 64 + l]", True), ("t * 2.0f", False)])
def test_sycl_barriers_in_a_tile_loop(tmp_path: Path, load: str, mode: bool) -> None:
    """``nd_item::barrier`` and SYCL 2020 ``group_barrier`` are work-group barriers too."""
    text = SYCL_TILED.replace("LOAD", load)
    path = tmp_path / "k.cpp"
    unit = parse_sycl(path, text)
    (launch,) = find_kernels(unit.translation_unit, str(path))
    walker = walk_kernel(launch, "Tiled", text.splitlines())
    found = [(barrier.line, [loop.line for loop in barrier.loops]) for barrier in walker.barriers]
    assert found == [(11, [9]), (13, [9])]
    kernel = Kernel(name="Tiled", kind=KernelKind.NDRANGE)
    reason = barrier_mode(KernelAccesses(kernel, True, walker.sites, list(walker.loop_infos.values()), walker.barriers))
    if mode:
        assert reason == (
            "barrier at k.cpp:11 inside the loop at line 9, which also accesses global memory"
            " (`in[t * 64 + l]` at line 10)"
        )
    else:
        assert reason is None


TILE_LOOP = """
    float acc = 0.0f;
    {pragma}
    for (int t = 0; t < n; t++) {{
        tile[get_local_id(0)] = in[t * 64 + get_local_id(0)];
        barrier(CLK_LOCAL_MEM_FENCE);
        acc += tile[63 - get_local_id(0)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }}
    out[get_global_id(0)] = acc;"""


def test_a_local_parameter_on_the_signature_line_leaves_the_others_global(tmp_path: Path) -> None:
    """The qualifier is read from each parameter's own text: `__local float
    *tile` on the same line does not make `in` and `out` local."""
    context = _context(tmp_path, TILE_LOOP.format(pragma=""), signature=(
        "__kernel void k(__global float *restrict out, __global const float *restrict in,"
        " __local float *tile, int n)"))
    spaces = {site.text.split("[")[0]: site.space for site in context.sites}
    assert spaces == {"in": "global", "tile": "local", "out": "global"}
    assert barrier_mode(context) is not None


def test_a_partially_unrolled_tile_loop_still_loops_over_its_barriers(tmp_path: Path) -> None:
    body = "    __local float tile[64];" + TILE_LOOP
    partial = _context(tmp_path, body.format(pragma="#pragma unroll 2"))
    assert barrier_mode(partial) is not None
    whole = _context(tmp_path, body.format(pragma="#pragma unroll").replace("t < n", "t < 4"))
    assert barrier_mode(whole) is None  # four copies in straight-line code: no loop around the barriers


def test_a_barrier_inside_a_called_function_counts_at_the_call(tmp_path: Path) -> None:
    """`sync()` wraps the barrier: the tile loop still synchronises every iteration."""
    path = tmp_path / "k.cl"
    path.write_text("void wait_all(void) { barrier(CLK_LOCAL_MEM_FENCE); }\n"
                    "void sync(void) { wait_all(); }\n" + SIGNATURE + "\n{\n    __local float tile[64];"
                    + TILE_LOOP.format(pragma="").replace("barrier(CLK_LOCAL_MEM_FENCE);", "sync();") + "\n}\n")
    unit = parse_c_file(path)
    walker = walk_function(unit, unit.functions()["k"], {str(path): path.read_text().splitlines()})
    context = KernelAccesses(Kernel(name="k", kind=KernelKind.NDRANGE), True, walker.sites,
                             list(walker.loop_infos.values()), walker.barriers)
    assert [barrier.line for barrier in walker.barriers] == [10, 12]
    reason = barrier_mode(context)
    assert reason is not None and reason.startswith("barrier at k.cl:10 inside the loop at line 8")
