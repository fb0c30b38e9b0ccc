"""Pointer casts inside pointer arithmetic (docs/model.md decision 40).

T2S/Halide write a vector load as ``vload16(0, (__global float *)A + k)``:
a cast on the pointer inside the sum. The walker looked through a cast only
at the top of the pointer expression, so such an access was not found and
its LSU kept a free ``stride`` (IntelLabs/t2sp's GEMM needed ``--set
stride=1`` by hand). A cast now counts wherever it stands, as C counts it:
``(T *)p + i`` is i elements of T past p, ``(T *)(p + i)`` i elements of p's
own type, and the element is T where T has a size. These tests build the
design aoc's report gives around ``fixtures/access/casts.cl`` and check
strides, offsets, element sizes and counts worked out by hand.
"""

from __future__ import annotations

from pathlib import Path

from hlsight.analyzer.access.classify import classify
from hlsight.analyzer.access.sycl_kernels import find_kernels
from hlsight.analyzer.access.sycl_walker import walk_kernel
from hlsight.analyzer.access.walker import walk_function
from hlsight.analyzer.results import AccessFacts
from hlsight.core.model import LSU, Kernel, KernelKind, LSUKind, LSUStyle, SourceLocation
from hlsight.parsers.csource import parse_c_file
from hlsight.parsers.cxx.sycl_headers import parse_sycl
from tests.access_fixtures import MarkedSource, facts_of, value

CASTS = MarkedSource("casts.cl")


def facts(kernel: str, kinds: list[tuple[LSUKind, str, int]]) -> list[AccessFacts]:
    """Facts of LSUs of the single work-item ``kernel``, one per (kind,
    marker, width in bits): the widths aoc builds for these elements."""
    lsus = [LSU(id=f"{kernel}/lsu{number}", kind=kind, style=LSUStyle.BURST_COALESCED, style_raw="Burst-coalesced",
                width_bits=width, is_global=True, location=SourceLocation(CASTS.name, CASTS.line_of(marker)))
            for number, (kind, marker, width) in enumerate(kinds)]
    found = CASTS.derived([Kernel(name=kernel, kind=KernelKind.SINGLE_WORK_ITEM, lsus=lsus)])
    return [facts_of(found, unit) for unit in lsus]


def shape(fact: AccessFacts, n: int = 100) -> tuple[object, object, int | None, object]:
    """(stride, offset, element bytes, accesses with n given)."""
    return value(fact.stride), value(fact.offset), fact.element_bytes, value(fact.accesses, n=n)


def test_a_cast_on_the_pointer_inside_the_sum_of_a_vector_load_and_store() -> None:
    """`vload16(0, (float *)a + 16*i)` reads floats 16i .. 16i+15: one
    64-byte float16 per iteration, consecutive (stride 1); `vstore8(v, 0,
    (float *)b + 8*i)` writes one 32-byte float8 per iteration (was: no
    access found on either line, a free `stride`)."""
    load, store = facts("cast_sum", [(LSUKind.LOAD, "cast_vload", 512), (LSUKind.STORE, "cast_vstore", 256)])
    assert shape(load) == (1, 0, 64, 100)
    assert shape(store) == (1, 0, 32, 100)
    assert "vload16" in (load.expression or "")


def test_a_cast_around_the_sum_counts_the_offset_in_the_inner_type() -> None:
    """`vload4(0, (float *)(a + 8*i))`: 8i floats past a, float4 2i (stride
    2); `*(float4 *)(a + 4*i + 2)`: float 4i + 2 is float4 i + 1/2, stride 1
    and half a float4 off alignment."""
    vector, deref = facts("cast_around", [(LSUKind.LOAD, "around_vload", 128), (LSUKind.LOAD, "around_deref", 128)])
    assert shape(vector) == (2, 0, 16, 100)
    assert shape(deref)[0] == 1 and str(deref.offset) == "1/2" and deref.element_bytes == 16
    assert value(deref.accesses, n=100) == 100


def test_casts_that_change_the_element_size() -> None:
    """On a `float *a`: `((float4 *)a)[i]` is 16-byte elements, stride 1;
    `((float2 *)(a + 4))[3*i]` starts 4 floats = 2 float2s in, stride 3;
    `*((float16 *)a + i)` is 64-byte elements, stride 1; `*(float16 *)(a +
    32*i)` skips every other float16 (stride 2); `*((int *)c + 3*i) = ...`
    stores every third 4-byte int."""
    kinds = [(LSUKind.LOAD, "as_float4", 128), (LSUKind.LOAD, "as_float2", 64), (LSUKind.LOAD, "as_float16", 512),
             (LSUKind.LOAD, "as_float16_sum", 512), (LSUKind.STORE, "as_int_store", 32)]
    float4, float2, float16, float16_sum, ints = facts("cast_elements", kinds)
    assert shape(float4) == (1, 0, 16, 100)
    assert shape(float2) == (3, 2, 8, 100)
    assert shape(float16) == (1, 0, 64, 100)
    assert shape(float16_sum) == (2, 0, 64, 100)
    assert shape(ints) == (3, 0, 4, 100)


def test_a_moved_pointer_cast_to_wider_elements() -> None:
    """`p = a + 8; ((float4 *)p)[i]`: the 8 floats p was moved are 2
    float4s (was: 8 float4s, 32 floats off)."""
    (load,) = facts("cast_moved", [(LSUKind.LOAD, "moved_float4", 128)])
    assert shape(load) == (1, 2, 16, 100)


def test_walker_sites_through_casts() -> None:
    """The walker itself: each cast access is one site of the array the
    pointer points into, with the cast's element type."""
    unit = parse_c_file(CASTS.path)
    walker = walk_function(unit, unit.functions()["cast_elements"], {unit.filename: unit.lines})
    line = CASTS.line_of("as_int_store")
    assert [(site.array, site.kind, site.element.name, site.element.bytes) for site in walker.sites
            if site.line == line] == [("c", "store", "int", 4)]
    line = CASTS.line_of("as_float16")
    assert [(site.array, site.element.name) for site in walker.sites if site.line == line] == [("a", "float16")]


def test_offsets_of_a_cast_pointer_load_and_move_back() -> None:
    """`vload4(0, (float *)a + idx[i])`: the read of `idx[i]` is an access
    of its own, and the vector load is data-dependent; `vstore4(v, 0,
    (float *)(b + 4*n) - 4*(i + 1))` stores float4 n-1, n-2, ..., 0:
    consecutive (stride 1) from float4 n - 1."""
    unit = parse_c_file(CASTS.path)
    walker = walk_function(unit, unit.functions()["cast_offsets"], {unit.filename: unit.lines})
    line = CASTS.line_of("gather")
    assert [(site.array, site.kind) for site in walker.sites if site.line == line] == [("idx", "load"), ("a", "load")]
    index, gather, backwards = facts("cast_offsets", [(LSUKind.LOAD, "gather", 32), (LSUKind.LOAD, "gather", 128),
                                                      (LSUKind.STORE, "backwards", 128)])
    assert (value(index.stride), index.element_bytes, index.data_dependent) == (1, 4, False)
    assert gather.data_dependent is True and gather.element_bytes == 16
    assert (value(backwards.stride), value(backwards.offset, n=10), backwards.element_bytes) == (1, 9, 16)
    assert value(backwards.accesses, n=10) == 10


def test_a_cast_to_a_union_counts_the_union_size() -> None:
    """T2S's `float32` (a union of `float s[32]` and a struct of 32 floats,
    128 B) loaded as `*((float32 *)(a + 32*addr))`: 32 floats past a per
    iteration are one float32, consecutive (was: the union had no size, the
    cast kept 4 B floats and the load read stride 32, a `mem-stride` warning
    of 94 % wasted bursts on IntelLabs/t2sp's Stratix 10 capsule loaders).
    `union { float f[3]; double d; }` is its 12 B member padded to the
    double's 8 B alignment: 16 B, and `m[2*i]` is stride 2 of them."""
    union, mixed = facts("cast_union", [(LSUKind.LOAD, "as_union", 1024), (LSUKind.LOAD, "mixed_union", 128)])
    assert shape(union) == (1, 0, 128, 100)
    assert shape(mixed) == (2, 0, 16, 100)

SYCL_CASTS = """#include <sycl/sycl.hpp>
void run(sycl::queue &q, float *in, float *out, sycl::float4 *wide, int n) {
  q.single_task<class Casts>([=]() {
    const float *p = in + 8;
    for (int i = 0; i < n; i++) {
      long j = static_cast<long>(i);
      out[(int)(2 * i)] = in[static_cast<int>(3 * j)] + in[size_t(i) + 1];
      sycl::float4 v = reinterpret_cast<const sycl::float4 *>(p)[i];
      sycl::float4 w = *reinterpret_cast<const sycl::float4 *>(in + 8 * i);
      sycl::float4 x = *((const sycl::float4 *)in + i);
      wide[i] = v + w + x;
      reinterpret_cast<float *>(wide)[3 * i] = 0.0f;
      const char *bytes = reinterpret_cast<const char *>(in + 1);
      out[n + i] = bytes[4 * i];
      const void *untyped = static_cast<const void *>(in);
      out[2 * n + i] = static_cast<const float *>(untyped)[i];
    }
  });
}
"""


def test_sycl_casts_in_indices_and_on_pointers() -> None:
    """The SYCL walker, as the C one: integer casts in an index
    (`static_cast<int>`, C-style, functional `size_t(i)`) are their operand;
    a pointer cast counts where it stands and its element is the cast's.
    `reinterpret_cast<const float4 *>(p)[i]` with p at float 8 reads float4
    2 + i (was float4 8 + i); `*reinterpret_cast<const float4 *>(in + 8*i)`
    and `*((const float4 *)in + i)` are 16-byte reads, strides 2 and 1
    (were 4-byte floats 8 and 1 apart: a stride-8 read of a quarter of each
    float4); `reinterpret_cast<float *>(wide)[3*i]` stores every third
    float; `bytes[4*i]` after `(const char *)(in + 1)` reads byte 4 + 4i; a
    cast through `void *` keeps the float elements."""
    path = "/build/src/casts.cpp"
    unit = parse_sycl(Path(path), SYCL_CASTS, {})
    assert not unit.errors
    (kernel,) = find_kernels(unit.translation_unit, path)
    found = {}
    for site in walk_kernel(kernel, kernel.name, SYCL_CASTS.splitlines()).sites:
        result = classify(site, ndrange=False)
        found[(site.kind, site.text)] = (str(result.stride), str(result.offset), site.element.bytes)
    assert found[("load", "in[static_cast<int>(3 * j)]")] == ("3", "0", 4)
    assert found[("load", "in[size_t(i) + 1]")] == ("1", "1", 4)
    assert found[("store", "out[(int)(2 * i)]")] == ("2", "0", 4)
    assert found[("load", "reinterpret_cast<const sycl::float4 *>(p)[i]")] == ("1", "2", 16)
    assert found[("load", "*reinterpret_cast<const sycl::float4 *>(in + 8 * i)")] == ("2", "0", 16)
    assert found[("load", "*((const sycl::float4 *)in + i)")] == ("1", "0", 16)
    assert found[("store", "reinterpret_cast<float *>(wide)[3 * i]")] == ("3", "0", 4)
    assert found[("load", "bytes[4 * i]")] == ("4", "4", 1)
    assert found[("load", "static_cast<const float *>(untyped)[i]")] == ("1", "0", 4)
