"""Accesses through pointers that move (``*q++ = *p++``, ``in += 4``).

Stream code written in C style walks pointers instead of indexing. Before,
hlsight saw ``*p++`` as no access at all (the LSU got no facts), ``*p``
after ``p += 4`` as "the same element every time" (the pointer's offset was
fixed where it was declared), and ``*out`` after a loop that moved ``out``
as element 0. The pointer's element offset is now a value of the walk like
any variable: stepped by ``++``/``+=``, carried across loop iterations,
unknown after a loop or a branch that moves it. These tests build the
design aoc's report gives around ``fixtures/access/pointers.cl`` and a SYCL
kernel, and check strides, offsets and counts worked out by hand.
"""

from __future__ import annotations

from pathlib import Path

import sympy

from hlsight.analyzer.access.classify import classify
from hlsight.analyzer.access.sycl_kernels import find_kernels
from hlsight.analyzer.access.sycl_walker import walk_kernel
from hlsight.analyzer.access.walker import walk_function
from hlsight.analyzer.results import AccessFacts
from hlsight.core.model import LSUKind
from hlsight.parsers.csource import parse_c_file
from hlsight.parsers.cxx.sycl_headers import parse_sycl
from tests.access_fixtures import MarkedSource, value

POINTERS = MarkedSource("pointers.cl")
line_of = POINTERS.line_of


def facts(kernel: str, kinds: list[tuple[LSUKind, str]], ndrange: bool = False) -> list[AccessFacts]:
    return POINTERS.facts(kernel, kinds, ndrange)


def test_post_increment_copy_streams_both_pointers() -> None:
    """`*q++ = *p++` in `for (i < n)`: one load and one store per
    iteration, each one element further (was: no access found)."""
    load, store = facts("copy_post", [(LSUKind.LOAD, "copy"), (LSUKind.STORE, "copy")])
    for fact in (load, store):
        assert (value(fact.stride), value(fact.offset), value(fact.accesses, n=1000)) == (1, 0, 1000)
    assert f"loop at line {line_of('stream_loop')}" in load.explanation


def test_a_parameter_pointer_stepped_by_four_is_stride_four() -> None:
    """`in += 3;` then `out[i] = *in; in += 4;`: element 3, 7, 11, ...
    (was: the same element every time, and no LSU facts for a hoisted load)."""
    (load,) = facts("advance_param", [(LSUKind.LOAD, "advance")])
    assert (value(load.stride), value(load.accesses, n=500)) == (4, 500)
    assert load.data_dependent is False


def test_a_row_pointer_moved_after_the_inner_loop() -> None:
    """`m += cols` after `for (c < cols) s += m[c]`: the reads run
    rows*cols times, consecutive in the inner loop; `*sums++ = s` once per
    row, consecutive."""
    read, store = facts("row_sums", [(LSUKind.LOAD, "row_read"), (LSUKind.STORE, "row_store")])
    assert (value(read.stride), value(read.accesses, rows=30, cols=40)) == (1, 1200)
    assert (value(store.stride), value(store.accesses, rows=30, cols=40)) == (1, 30)


def test_two_post_increments_of_one_index_per_iteration() -> None:
    """`out[k++] = a[i]; out[k++] = -a[i];`: k steps 2 per iteration, the
    two stores are stride 2 at offsets 0 and 1 (was: not affine)."""
    even, odd = facts("interleave", [(LSUKind.STORE, "even"), (LSUKind.STORE, "odd")])
    assert (value(even.stride), value(even.offset), value(even.accesses, n=64)) == (2, 0, 64)
    assert (value(odd.stride), value(odd.offset), value(odd.accesses, n=64)) == (2, 1, 64)


def test_loops_counted_by_a_pointer() -> None:
    """`for (p = in + 2; p < in + n; p++) s += *p` runs n - 2 times (was:
    the load was not found); `while (in != end) s += *in++` with
    `end = in + n` runs n times (the bound is an element offset of `in`)."""
    (counted,) = facts("pointer_for", [(LSUKind.LOAD, "pointer_for")])
    assert (value(counted.stride), value(counted.accesses, n=100)) == (1, 98)
    (walked,) = facts("pointer_while", [(LSUKind.LOAD, "pointer_while")])
    assert (value(walked.stride), value(walked.accesses, n=100)) == (1, 100)
    assert "end" not in walked.accesses


def test_after_a_loop_that_moved_it_a_pointer_points_past_its_walk() -> None:
    """`*out = 0` after `for (i < n) *out++ = in[i]`: element n, once (it
    was element 0: confidently wrong)."""
    (store,) = facts("after_walk", [(LSUKind.STORE, "after_walk")])
    assert (value(store.offset), value(store.accesses, n=9)) == (sympy.Symbol("n"), 1)


def test_a_pointer_pointed_at_another_buffer() -> None:
    """`p = b + 1` after `p = a`: `p[2*i]` reads b, stride 2 from element 1."""
    (load,) = facts("repointed", [(LSUKind.LOAD, "repointed")])
    assert (value(load.stride), value(load.offset)) == (2, 1)
    unit = parse_c_file(POINTERS.path)
    walker = walk_function(unit, unit.functions()["repointed"], {unit.filename: unit.lines})
    assert [(site.array, site.kind) for site in walker.sites if site.line == line_of("repointed")] \
        == [("b", "load"), ("out", "store")]


def test_a_work_item_walking_its_own_row() -> None:
    """NDRange: `row = m + gid*cols; for (j < cols) s += *row++`: cols
    reads per work-item, work-items a row apart (as for `m[gid*cols + j]`)."""
    (load,) = facts("rows_per_item", [(LSUKind.LOAD, "per_item")], ndrange=True)
    assert value(load.stride, cols=300) == 300
    assert value(load.accesses, cols=300, work_items=64) == 300 * 64


SYCL_KERNEL = """#include <sycl/sycl.hpp>
void run(sycl::queue &q, float *in, float *out, int n) {
  q.single_task<class Copy>([=]() {
    const float *p = in + 8;
    float *o = out;
    for (int i = 0; i < n; i++) {
      float v = *p++;
      *o++ = v;
      *o++ = -v;
    }
  });
  q.single_task<class Stepped>([=]() {
    const float *p = in + 3;
    for (int i = 0; i < n; i++) {
      out[i] = *p;
      p += 4;
    }
    out[n] = *p;
  });
  q.single_task<class Walk>([=]() {
    float s = 0.0f;
    for (const float *p = in; p < in + n; p++)
      s += *p;
    int k = 0;
    const float *r = in;
    for (int i = 0; i < n; i++) {
      out[k++] = s;
      out[k++] = *++r;
    }
  });
}
"""


def _sycl_sites() -> dict[str, list[tuple[str, str, object, object, object]]]:
    path = "/build/src/pointers.cpp"
    unit = parse_sycl(Path(path), SYCL_KERNEL, {})
    assert not unit.errors
    found = {}
    for kernel in find_kernels(unit.translation_unit, path):
        sites = walk_kernel(kernel, kernel.name, SYCL_KERNEL.splitlines()).sites
        found[kernel.name] = [(site.kind, site.text, *_shape(site)) for site in sites]
    return found


def _shape(site: object) -> tuple[object, object, object]:
    result = classify(site, ndrange=False)  # type: ignore[arg-type]

    def plain(expr: sympy.Expr | None) -> sympy.Expr | None:  # the walker's `n` carries assumptions
        return None if expr is None else expr.xreplace({s: sympy.Symbol(s.name) for s in expr.free_symbols})

    return result.stride, plain(result.offset), plain(result.accesses)


def test_sycl_pointers_move_like_c_pointers() -> None:
    """The same walks in a oneAPI kernel: `*p++` in a declaration, two
    `*o++` stores per iteration (stride 2, offsets 0 and 1), `p += 4`
    (stride 4; after the loop element 3 + 4n), a pointer-counted `for`,
    `*++r`."""
    n = sympy.Symbol("n")
    sites = _sycl_sites()
    assert sites["Copy"] == [("load", "*p++", 1, 8, n), ("store", "*o++", 2, 0, n), ("store", "*o++", 2, 1, n)]
    stepped = sites["Stepped"]
    assert stepped[0] == ("load", "*p", 4, 3, n)
    assert stepped[2] == ("load", "*p", 1, 4 * n + 3, 1)  # after the loop: 3 + 4n, once
    walk = sites["Walk"]
    assert walk[0] == ("load", "*p", 1, 0, n)
    assert ("store", "out[k++]", 2, 0, n) in walk and ("store", "out[k++]", 2, 1, n) in walk
    assert ("load", "*++r", 1, 1, n) in walk


def test_an_optional_pointer_test_reads_as_written() -> None:
    """`if (bias != 0) v += bias[i]`: the test is on the pointer, a value of
    the launch, counted as always true (n reads at most) and shown as
    `bias != 0`, not as the pointer's element offset (`0 != 0`)."""
    (load,) = facts("optional_bias", [(LSUKind.LOAD, "bias")])
    assert value(load.accesses, n=64) == 64
    assert "other conditions (bias != 0) counted as always true" in load.explanation
