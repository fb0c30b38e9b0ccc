"""Accesses inside helper functions, walked where the kernel calls them.

aoc inlines a kernel's helper functions and its report places their LSUs on
the helper's lines. Walked on its own, a helper's ``a[i]`` (``i`` a
parameter) was "the same element every time", once per work-item, whatever
loop called it: a silently wrong stride and count. These tests build the
design such a report gives around ``fixtures/access/helpers.cl`` (OpenCL C)
and a SYCL kernel calling a function of an embedded header, and check the
facts against values worked out by hand from the source.
"""

from __future__ import annotations

import time
from pathlib import Path

import sympy

from hlsight.analyzer.access.loops import CALL_WALK_BUDGET
from hlsight.analyzer.access.sycl_kernels import find_kernels
from hlsight.analyzer.access.sycl_walker import walk_kernel
from hlsight.analyzer.access.walker import walk_function
from hlsight.core.model import LSU, Kernel, KernelKind, LSUKind
from hlsight.parsers.csource import parse_c_file
from hlsight.parsers.cxx.sycl_headers import parse_sycl
from tests.access_fixtures import MarkedSource, facts_of, value

HELPERS = MarkedSource("helpers.cl")
NAME = HELPERS.name
line_of = HELPERS.line_of
derived = HELPERS.derived


def lsu(lsu_id: str, kind: LSUKind, marker: str) -> LSU:
    return HELPERS.lsu(lsu_id, kind, marker)


def test_a_helper_called_in_a_loop_gets_the_callers_stride_and_count() -> None:
    """`s += load_at(x, 2*g*n + j)` in `for (j < n)`: consecutive work-items
    are 2n floats apart, n loads per work-item; `store_at(z, 3*g + 1, s)`:
    stride 3, offset 1, once per work-item."""
    load, store = lsu("strided/load0", LSUKind.LOAD, "load_at"), lsu("strided/store0", LSUKind.STORE, "store_at")
    found = derived([Kernel(name="strided", kind=KernelKind.NDRANGE, lsus=[load, store])])
    loaded, stored = facts_of(found, load), facts_of(found, store)
    assert value(loaded.stride, n=5) == 10 and value(loaded.offset) == 0
    assert value(loaded.accesses, n=5, work_items=1000) == 5000
    assert (value(stored.stride), value(stored.offset), value(stored.accesses, work_items=1000)) == (3, 1, 1000)
    assert f"at {NAME}:{line_of('load_at')} (in load_at() called at {NAME}:{line_of('strided_call')})" \
        in loaded.explanation
    assert f"for loop at line {line_of('strided_loop')}" in loaded.explanation


def test_an_offset_pointer_argument_and_a_loop_inside_the_helper() -> None:
    """`sum_row(m + r*cols, cols)`: the helper's `row[j]` is `m[r*cols + j]`,
    cols loads per work-item, work-items a row apart."""
    load = lsu("rows/load0", LSUKind.LOAD, "sum_row")
    facts = facts_of(derived([Kernel(name="rows", kind=KernelKind.NDRANGE, lsus=[load])]), load)
    assert value(facts.stride, cols=300) == 300
    assert value(facts.accesses, cols=300, work_items=64) == 300 * 64
    assert "in sum_row() called at" in facts.explanation


def test_a_barrier_in_a_loop_of_a_called_function_puts_the_kernel_in_barrier_mode() -> None:
    """`tiled_copy` loops over tiles with `sync_tile()` (a barrier) inside:
    FlexCL's barrier mode, shown at the kernel's call line; the tile load
    runs `tiles` times per work-item."""
    load = lsu("tiles/load0", LSUKind.LOAD, "tile_load")
    kernel = Kernel(name="tiles", kind=KernelKind.NDRANGE, lsus=[load])
    found = derived([kernel])
    mode = found.barrier_mode(kernel)
    assert mode is not None and mode.startswith(f"barrier at {NAME}:{line_of('tiles_call')} inside the loop at "
                                                f"line {line_of('tile_loop')}")
    facts = facts_of(found, load)
    assert value(facts.accesses, tiles=7, work_items=640) == 7 * 640
    assert value(facts.stride) == 1


def test_recursion_is_not_followed() -> None:
    """`depth` calls itself: walked once at the kernel's call, its own call
    is not entered again (the walk ends; the load keeps its facts)."""
    load = lsu("walk/load0", LSUKind.LOAD, "recursive")
    facts = facts_of(derived([Kernel(name="walk", kind=KernelKind.NDRANGE, lsus=[load])]), load)
    assert facts.data_dependent is False and "in depth() called at" in facts.explanation


SYCL_HEADER = """#pragma once
template <typename T>
T sum_row(const T *row, int n) {
  T s = 0;
  for (int j = 0; j < n; j++) s += row[j];
  return s;
}
"""

SYCL_KERNEL = """#include <sycl/sycl.hpp>
#include "row_sum.hpp"
using namespace sycl;
void run(queue &q, float *m, float *out, int rows, int cols) {
  q.single_task<class Rows>([=]() {
    for (int r = 0; r < rows; r++) {
      out[r] = sum_row(m + r * cols, cols);
    }
  });
}
"""


def test_a_sycl_kernel_calling_a_function_of_an_embedded_header() -> None:
    """oneAPI: `sum_row` is defined in `row_sum.hpp`, which the report
    embeds: its `row[j]` is `m[cols*r + j]`, inside both loops."""
    header = "/build/src/row_sum.hpp"
    unit = parse_sycl(Path("/build/src/k.cpp"), SYCL_KERNEL, {header: SYCL_HEADER})
    assert not unit.errors
    (kernel,) = find_kernels(unit.translation_unit, "/build/src/k.cpp")
    alone = walk_kernel(kernel, "Rows", SYCL_KERNEL.splitlines()).sites
    assert [(site.file, site.text) for site in alone] == [("/build/src/k.cpp", "out[r]")]  # header not given
    sites = walk_kernel(kernel, "Rows", SYCL_KERNEL.splitlines(), {header: SYCL_HEADER.splitlines()}).sites
    inside = [site for site in sites if site.file == header]
    assert [(site.line, site.text, site.calls) for site in inside] == [(5, "row[j]", ("sum_row() called at k.cpp:7",))]
    (site,) = inside
    r, j, cols = (sympy.Symbol(name) for name in ("r", "j", "cols"))
    assert sympy.expand(site.index.xreplace({s: sympy.Symbol(s.name) for s in site.index.free_symbols})) \
        == sympy.expand(cols * r + j)
    assert [loop.line for loop in site.loops] == [6, 5]


def test_a_two_dimensional_array_parameter_keeps_its_row_length() -> None:
    """`element(m, gid, 3)` reads `m[gid][3]` of 64-float rows: stride 64,
    offset 3 (the parameter's `[][64]` gives the row length)."""
    load = lsu("column/load0", LSUKind.LOAD, "element")
    facts = facts_of(derived([Kernel(name="column", kind=KernelKind.NDRANGE, lsus=[load])]), load)
    assert (facts.stride, facts.offset, facts.accesses) == ("64", "3", "work_items")


def test_a_hostile_fan_out_of_helpers_is_walked_within_a_budget(tmp_path: Path) -> None:
    """Four levels of helpers, each calling the next twenty times, and the
    kernel keeping the sum in a local: 20^4 = 160,000 inlined calls. The
    value inlining (older than this session) took over two minutes; the
    walk now stops entering calls after CALL_WALK_BUDGET of them (values
    past it are opaque, accesses come from the helper's own walk)."""
    lines = ["float f4(__global const float *a, int i) { return a[i]; }"]
    for level in (3, 2, 1):
        calls = " + ".join(f"f{level + 1}(a, i + {k})" for k in range(20))
        lines.append(f"float f{level}(__global const float *a, int i) {{ return {calls}; }}")
    calls = " + ".join(f"f1(a, {k})" for k in range(20))
    lines.append("__kernel void k(__global const float *restrict a, __global float *restrict o) "
                 f"{{ float s = {calls}; o[get_global_id(0)] = s; }}")
    path = tmp_path / "fan.cl"
    path.write_text("\n".join(lines) + "\n")
    unit = parse_c_file(path)
    started = time.perf_counter()
    walker = walk_function(unit, unit.functions()["k"], {str(path): path.read_text().splitlines()})
    assert time.perf_counter() - started < 30  # about 1 s here; unbounded before
    assert walker.sites and len(walker.sites) <= 2 * CALL_WALK_BUDGET
