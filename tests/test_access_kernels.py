"""Access analysis on small kernels written for it (fixtures/access/).

Each test builds the design an aoc report would give (LSUs pointing at a
``file:line``) around ``patterns.cl`` and checks the derived stride, offset,
element size, data dependence and execution count against values computed
by hand from the source.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import sympy

from hlsight.analyzer.access import access_free_symbols, derive_access_facts, parse_expression
from hlsight.analyzer.access.c_symbols import Role
from hlsight.analyzer.access.walker import walk_function
from hlsight.analyzer.instrument.sourceloops import static_trip_counts
from hlsight.analyzer.pipeline import analyze
from hlsight.analyzer.results import AccessFacts, SourceFacts
from hlsight.core.model import (
    LSU,
    Design,
    Kernel,
    KernelKind,
    LSUKind,
    LSUStyle,
    Product,
    SourceFile,
    SourceLocation,
    ToolInfo,
    Vendor,
)
from hlsight.parsers.csource import parse_c_file

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "access"
SOURCE = (FIXTURE / "patterns.cl").read_text()
PATH = "/build/device/patterns.cl"  # as aoc spells it: an absolute build path


def line_of(marker: str) -> int:
    for number, text in enumerate(SOURCE.splitlines(), 1):
        if f"// @{marker}" in text:
            return number
    raise AssertionError(marker)


def lsu(name: str, kind: LSUKind, marker: str, width: int = 32, variable: str | None = None) -> LSU:
    return LSU(
        id=name,
        kind=kind,
        style=LSUStyle.BURST_COALESCED,
        style_raw="Burst-coalesced",
        width_bits=width,
        is_global=True,
        location=SourceLocation(PATH.rsplit("/", 1)[1], line_of(marker)),
        variable=variable,
    )


def design(kernels: list[Kernel]) -> Design:
    return Design(
        tool=ToolInfo(Vendor.INTEL, Product.AOC, "19.4.0", command="aoc -v patterns.cl -o p.aocx"),
        root=FIXTURE,
        kernels=kernels,
        source_files=[
            SourceFile(PATH, "patterns.cl", SOURCE),
            SourceFile("/build/device/params.h", "params.h", (FIXTURE / "params.h").read_text()),
        ],
    )


def evaluate(text: str | None, **values: int) -> sympy.Expr:
    assert text is not None
    return parse_expression(text).subs(values)


@pytest.fixture(scope="module")
def patterns() -> dict[str, AccessFacts | None]:
    units = [
        lsu("aligned", LSUKind.LOAD, "aligned", 128),
        lsu("offset", LSUKind.LOAD, "offset", 128),
        lsu("vector", LSUKind.LOAD, "vector", 256),
        lsu("idx", LSUKind.LOAD, "datadep", 128, variable="idx"),
        lsu("random", LSUKind.LOAD, "datadep", 32, variable="a"),
        lsu("cast", LSUKind.LOAD, "cast", 128),
        lsu("int16", LSUKind.LOAD, "int16", 2048),
        lsu("store", LSUKind.STORE, "store", 128),
        lsu("macro", LSUKind.STORE, "macro", 128),
        lsu("amb_store", LSUKind.STORE, "ambiguous", 128),
        lsu("amb_load", LSUKind.LOAD, "ambiguous", 128),
    ]
    kernel = Kernel("patterns", kind=KernelKind.NDRANGE, simd=4, lsus=units)
    derived = design([kernel])
    facts = derive_access_facts(derived)
    return {unit.id: facts.access(unit) for unit in units}


def test_aligned_access_of_the_work_item(patterns: dict[str, LSU]) -> None:
    facts = patterns["aligned"]
    assert facts is not None
    assert (facts.stride, facts.offset, facts.element_bytes, facts.accesses) == ("1", "0", 4, "work_items")
    assert not facts.data_dependent
    assert facts.expression == "a[gid]"


def test_stride_and_offset_through_locals_and_header_macro(patterns: dict[str, LSU]) -> None:
    facts = patterns["offset"]
    assert facts is not None
    # int strided = DELTA * gid (DELTA = 3 from params.h); a[strided + 1]
    assert (facts.stride, facts.offset) == ("3", "1")
    assert facts.explanation is not None and "stride 3 from `a[strided + 1]` at patterns.cl:" in facts.explanation
    assert "does not start at element 0" in facts.explanation


def test_vector_types_have_their_real_size(patterns: dict[str, LSU]) -> None:
    vector = patterns["vector"]
    wide = patterns["int16"]
    assert vector is not None and wide is not None
    assert (vector.stride, vector.element_bytes) == ("1", 8)  # float2
    assert (wide.stride, wide.element_bytes) == ("1", 64)  # int16


def test_data_dependent_index_and_names_from_the_report(patterns: dict[str, LSU]) -> None:
    index_load = patterns["idx"]
    random_load = patterns["random"]
    assert index_load is not None and random_load is not None
    assert index_load.expression == "idx[gid]" and not index_load.data_dependent
    assert random_load.expression == "a[idx[gid]]" and random_load.data_dependent
    assert random_load.offset is None


def test_casts_typedefs_and_function_like_macros(patterns: dict[str, LSU]) -> None:
    cast = patterns["cast"]
    store = patterns["store"]
    macro = patterns["macro"]
    assert cast is not None and store is not None and macro is not None
    assert (cast.stride, cast.offset) == ("2", "0")
    assert (store.stride, store.element_bytes) == ("1", 4)  # real_t is a typedef of float
    assert (macro.stride, macro.offset) == ("4", "1")  # OFF(4 * gid) = 4*gid + 1


def test_one_lsu_for_two_different_accesses_is_a_diagnostic_not_a_guess() -> None:
    units = [lsu("amb_load", LSUKind.LOAD, "ambiguous", 128)]
    derived = design([Kernel("patterns", kind=KernelKind.NDRANGE, lsus=units)])
    found = derive_access_facts(derived)
    assert found.access(units[0]) is None
    warning = next(d for d in found.diagnostics if d.rule == "access-ambiguous")
    assert warning.line == line_of("ambiguous") and "a[2 * gid]" in warning.message and "a[3 * gid]" in warning.message


def test_two_lsus_for_two_accesses_pair_by_order(patterns: dict[str, LSU]) -> None:
    units = [lsu("first", LSUKind.LOAD, "ambiguous", 128), lsu("second", LSUKind.LOAD, "ambiguous", 128)]
    found = derive_access_facts(design([Kernel("patterns", kind=KernelKind.NDRANGE, lsus=units)]))
    facts = [found.access(unit) for unit in units]
    assert [fact.stride if fact else None for fact in facts] == ["2", "3"]
    assert facts[0] is not None and "matched by order" in (facts[0].explanation or "")


@pytest.fixture(scope="module")
def loops() -> SourceFacts:
    units = [lsu("unrolled", LSUKind.LOAD, "unrolled", 256), lsu("column", LSUKind.STORE, "column", 32)]
    return derive_access_facts(design([Kernel("loops", kind=KernelKind.SINGLE_WORK_ITEM, lsus=units)]))


def by_id(found: SourceFacts) -> dict[str, AccessFacts]:
    """The derived facts by LSU id (the LSUs are the keys' objects)."""
    return {lsu.id: facts for lsu, facts in found.items()}


def test_unrolled_lanes_are_contiguous_and_counted(loops: SourceFacts) -> None:
    facts = by_id(loops).get("unrolled")
    assert facts is not None
    assert facts.stride == "1"  # in[i*8 + j], 8 lanes of j, i advances 8
    assert evaluate(facts.accesses, n=100) == 800


def test_symbolic_loop_bounds_and_steps(loops: SourceFacts) -> None:
    facts = by_id(loops).get("column")
    assert facts is not None
    # out[k*n + i], k = 2, 4, ..., <= m: the address moves 2n per iteration
    assert parse_expression(facts.stride) == 2 * sympy.Symbol("n")
    for n, m in ((10, 7), (3, 8), (5, 2)):
        expected = n * len(range(2, m + 1, 2))
        assert evaluate(facts.accesses, n=n, m=m) == expected


def test_merged_neighbour_stores_and_guarded_iterations() -> None:
    unit = lsu("merged", LSUKind.STORE, "merged", 4 * 64)  # four float2 in one 256-bit LSU
    facts = derive_access_facts(design([Kernel("drain", kind=KernelKind.SINGLE_WORK_ITEM, lsus=[unit])])).access(unit)
    assert facts is not None
    # dest[4*(i-3) + 0..3]: the group advances 4 elements per iteration, 4 lanes -> stride 1
    assert (facts.stride, facts.element_bytes) == ("1", 8)
    # i runs count + 3 times, stores only when i >= 3: count iterations x 4 elements
    assert evaluate(facts.accesses, count=250) == 1000
    assert "merged" in (facts.explanation or "") and "i >= 3" in (facts.explanation or "")


def test_while_loop_counter_and_modular_window() -> None:
    units = [lsu("load", LSUKind.LOAD, "window", 512), lsu("store", LSUKind.STORE, "window", 512)]
    found = derive_access_facts(design([Kernel("stream", kind=KernelKind.SINGLE_WORK_ITEM, lsus=units)]))
    load, store = (found.access(unit) for unit in units)
    assert load is not None and store is not None
    assert (load.stride, load.offset, store.offset) == ("1", "1", "0")
    assert evaluate(load.accesses, comp_exit=64) == 16 * 64


def test_free_symbols_are_the_kernel_arguments(loops: SourceFacts) -> None:
    assert access_free_symbols(loops) == {"m", "n"}


def test_the_parsed_design_is_not_changed_by_the_analysis() -> None:
    units = [lsu("unrolled", LSUKind.LOAD, "unrolled", 256)]
    parsed = design([Kernel("loops", kind=KernelKind.SINGLE_WORK_ITEM, lsus=units)])
    before = repr(parsed)
    found = derive_access_facts(parsed)
    assert found.access(units[0]) is not None
    assert repr(parsed) == before


def test_pipeline_explains_each_derived_fact() -> None:
    units = [lsu("offset", LSUKind.LOAD, "offset", 128)]
    result = analyze(design([Kernel("patterns", kind=KernelKind.NDRANGE, lsus=units)]))
    notes = [d for d in result.diagnostics if d.rule == "access-derived"]
    assert len(notes) == 1
    text = notes[0].format_gcc()
    line = line_of("offset")
    column = SOURCE.splitlines()[line - 1].index("a[strided + 1]") + 1  # issue 15: the access's column
    assert text.startswith(f"patterns.cl:{line}:{column}: note: load LSU offset: stride 3 from `a[strided + 1]`")
    assert any(d.rule == "access-free-symbols" and "work_items" in d.message for d in result.diagnostics)


def test_unparsable_source_is_a_warning_not_a_crash() -> None:
    units = [lsu("aligned", LSUKind.LOAD, "aligned", 128)]
    broken = design([Kernel("patterns", kind=KernelKind.NDRANGE, lsus=units)])
    broken.source_files[0].content = SOURCE.replace("int gid = get_global_id(0);", "int gid = = 1;")
    found = derive_access_facts(broken)
    assert found.access(units[0]) is None
    warning = next(d for d in found.diagnostics if d.rule == "access-source-unparsed")
    assert "patterns.cl" in warning.message and warning.file == PATH


def test_row_counter_guards_give_per_lsu_counts() -> None:
    units = [
        lsu("top", LSUKind.LOAD, "firstrow"),
        lsu("body", LSUKind.LOAD, "otherrows"),
        lsu("out", LSUKind.STORE, "lastrow"),
    ]
    found = derive_access_facts(design([Kernel("rows", kind=KernelKind.SINGLE_WORK_ITEM, lsus=units)]))
    steps = 64 * 8 * 10
    facts = [found.access(unit) for unit in units]
    counts = [evaluate(fact.accesses if fact else None, exit_count=steps, height=8) for fact in facts]
    # simulate: y advances every 64 steps and cycles 0..7
    simulated = [0, 0, 0]
    x = y = 0
    for _step in range(steps):
        simulated[0] += y == 0
        simulated[1] += y != 0
        simulated[2] += y == 8 - 1
        x = (x + 1) & 63
        if x == 0:
            y = 0 if y + 1 == 8 else y + 1
    assert counts == simulated


def test_pointer_aliases_structs_and_struct_channels() -> None:
    units = [lsu("load", LSUKind.LOAD, "pointer", 64), lsu("store", LSUKind.STORE, "pointer", 32)]
    found = derive_access_facts(design([Kernel("pointers", kind=KernelKind.NDRANGE, lsus=units)]))
    load, store = (found.access(unit) for unit in units)
    assert load is not None and store is not None
    # p = where + gid + offset; p->lat and p->lng: one LSU moving 8-byte structs
    assert (load.stride, load.offset, load.element_bytes) == ("1", "offset", 8)
    assert load.expression == "p->lat"
    # o = &out[2*gid]; *o = ...: stride 2, 4-byte floats
    assert (store.stride, store.offset, store.element_bytes) == ("2", "0", 4)


def test_vector_loads_and_stores_move_whole_vectors() -> None:
    """`vload4(i, x + 1)` reads x[4i+1] .. x[4i+4]: one 16 B float4 per
    work-item, a quarter of an element off alignment; `vload_half4`: four
    halves, 8 B; `vstore4(v, 2*i, y)`: every other float4 of y."""
    units = [lsu("vload", LSUKind.LOAD, "vload", 128), lsu("half", LSUKind.LOAD, "vload_half", 64),
             lsu("vstore", LSUKind.STORE, "vstore", 128)]
    found = derive_access_facts(design([Kernel("vectors", kind=KernelKind.NDRANGE, lsus=units)]))
    loaded, halves, stored = (found.access(unit) for unit in units)
    assert loaded is not None and halves is not None and stored is not None
    assert (loaded.stride, loaded.offset, loaded.element_bytes, loaded.accesses) == ("1", "1/4", 16, "work_items")
    assert "offset 1/4 (does not start at element 0)" in loaded.explanation
    assert (halves.stride, halves.offset, halves.element_bytes) == ("1", "0", 8)
    assert (stored.stride, stored.offset, stored.element_bytes) == ("2", "0", 16)


def test_a_grid_stride_loop_deals_its_iterations_among_the_work_items() -> None:
    """`for (i = gid + 2; i < n; i += get_global_size(0))`: work-item g runs
    ceil((n - 2 - g) / work_items) iterations, n - 2 in all: the load runs
    n - 2 times, consecutive work-items touch consecutive floats."""
    unit = lsu("load", LSUKind.LOAD, "gridstride")
    facts = derive_access_facts(design([Kernel("grid_stride", kind=KernelKind.NDRANGE, lsus=[unit])])).access(unit)
    assert facts is not None
    assert (facts.stride, facts.offset) == ("1", "2")
    assert evaluate(facts.accesses, n=1000, work_items=64) == 998
    assert "grid-stride loop `i < n` from gid0 + 2 step work_items: the work-items share its n - 2 iterations" \
        in facts.explanation


def test_fields_member_arrays_flags_and_macro_blocks() -> None:
    """Found on public OpenCL code (Rodinia lavaMD, b+tree, bfs, cfd, srad):
    `f[i].v += 1` loads and stores f[i] (was two loads); `q[i].x = 2` stores
    (was a load); `boxes[i].nei[2]` loads boxes[i] (was dropped with the
    loads inside its index); `*over = 1` through a kernel argument stores
    (was dropped as a hoisted struct read); a `do { } while (0)` macro block
    runs once (was a loop of unknown count); `s = 2 * s` from 2 to 256
    doubles 8 times (only `s = s * 2` was counted)."""
    sites = {
        "field": [lsu("field_load", LSUKind.LOAD, "field_update", 64),
                  lsu("field_store", LSUKind.STORE, "field_update", 64)],
        "component": [lsu("component", LSUKind.STORE, "component_store", 128)],
        "member": [lsu("member", LSUKind.LOAD, "member_array", 160)],
        "flag": [lsu("flag", LSUKind.STORE, "flag_store", 8)],
        "doubling": [lsu("doubling", LSUKind.STORE, "doubling", 128)],
    }
    units = [unit for group in sites.values() for unit in group]
    found = derive_access_facts(design([Kernel("records", kind=KernelKind.NDRANGE, lsus=units)]))
    facts = {unit.id: found.access(unit) for unit in units}
    assert all(fact is not None for fact in facts.values()), [name for name, fact in facts.items() if fact is None]
    field_load, field_store = facts["field_load"], facts["field_store"]
    assert field_load is not None and field_store is not None
    assert (field_load.stride, field_load.element_bytes) == ("1", 8) == (field_store.stride, field_store.element_bytes)
    component, member, flag, doubling = facts["component"], facts["member"], facts["flag"], facts["doubling"]
    assert component is not None and (component.stride, component.element_bytes) == ("1", 16)
    assert member is not None and (member.stride, member.element_bytes, member.accesses) == ("1", 20, "work_items")
    assert flag is not None and (flag.offset, flag.accesses) == ("0", "work_items")
    assert doubling is not None and evaluate(doubling.accesses, work_items=10) == 80
    assert not [d for d in found.diagnostics if d.rule in ("access-unmatched", "access-ambiguous")]
    path = FIXTURE / "patterns.cl"
    unit = parse_c_file(path)
    walker = walk_function(unit, unit.functions()["records"], {str(path): SOURCE.splitlines()})
    block = [site for site in walker.sites if site.line == line_of("macro_block")]
    assert block and all([loop.trip_count for loop in site.loops] == [1] for site in block)


def test_a_vector_component_read_twice_is_one_value_until_it_changes() -> None:
    """`in[v.x]` and `in[v.x + 1]` (v loaded from memory) are neighbours:
    one data symbol for `v.x`, not one per read; after `v.x = 7` it is a
    new value (a spiking-network kernel read `input[syn.x]`, `input[syn.x
    + 1]`, ... as four unrelated symbols)."""
    path = FIXTURE / "patterns.cl"
    unit = parse_c_file(path)
    walker = walk_function(unit, unit.functions()["components"], {str(path): SOURCE.splitlines()})
    first, second = (site.index for site in walker.sites if site.line == line_of("neighbours") and site.array == "in")
    assert sympy.expand(second - first) == 1 and walker.table.roles(first) == {Role.LOAD}
    (changed,) = (site.index for site in walker.sites if site.line == line_of("changed") and site.array == "in")
    assert changed != first


def test_a_work_group_copy_moves_its_elements_once_per_group() -> None:
    """`async_work_group_copy(line, &in[r*1024 + 512], 512, 0)` in a loop of
    `rows`: 512 contiguous floats per group and row, shared by the 64
    work-items of a group (reqd_work_group_size): 512/64 = 8 per work-item
    and row (a Rodinia-FPGA hotspot3D kernel bursts lines this way; its
    copies had no access at all)."""
    unit = lsu("copy", LSUKind.LOAD, "group_copy", 512)
    kernel = Kernel("group_copy", kind=KernelKind.NDRANGE, lsus=[unit])
    found = derive_access_facts(design([kernel]))
    facts = found.access(unit)
    assert facts is not None
    assert (facts.stride, facts.element_bytes) == ("1", 4)
    assert evaluate(facts.accesses, rows=10, work_items=6400) == 10 * 512 * 100  # 100 groups


def test_a_triangular_nest_counts_its_iterations() -> None:
    """`for (x < n) for (y = x + 1; y < n; y++)`: the inner loop runs
    n - x - 1 times, n(n - 1)/2 in all; its count per entry is the average
    (n - 1)/2 (oneAPI's triangular_loop sample, Rodinia lud: was unknown)."""
    units = [lsu("load", LSUKind.LOAD, "triangle"), lsu("store", LSUKind.STORE, "triangle")]
    found = derive_access_facts(design([Kernel("triangle", kind=KernelKind.SINGLE_WORK_ITEM, lsus=units)]))
    facts = found.access(units[0])
    assert facts is not None
    assert evaluate(facts.accesses, n=100) == 4950
    assert "averaged over the iterations of the loop at line" in facts.explanation
    # said for any bound that moves with an outer counter, not only a triangle (a public Vitis
    # reduction tree's pairs halve each stage: it was called "a triangular nest")
    assert "(its bound moves with them)" in facts.explanation


@pytest.mark.parametrize(("nest", "counts", "innermost_total"), [
    # polybench's nussinov: 34,220 innermost iterations over 1,770 entries (averaged level by level: 57/4,
    # 25,222.5 in all, and a Vitis estimate of 88,238.5 cycles for 115,231)
    ("for (int i = 59; i >= 0; i--)\n for (int j = i + 1; j < 60; j++)\n  for (int k = i + 1; k < j; k++)",
     ["60", "59/2", "58/3"], 34220),
    # the innermost count depends on the outer counter only: weighted by the middle loop's count
    ("for (int i = 0; i < 10; i++)\n for (int j = 0; j < i; j++)\n  for (int k = 0; k < i; k++)",
     ["10", "9/2", "19/3"], 285),
    # a constant innermost count stays itself
    ("for (int i = 0; i < 10; i++)\n for (int j = 0; j < i; j++)\n  for (int k = 0; k < 4; k++)",
     ["10", "9/2", "4"], 180),
])
def test_a_deeper_triangular_nest_averages_per_entry(tmp_path: Path, nest: str, counts: list[str],
                                                     innermost_total: int) -> None:
    """Each level's count per entry multiplies along the nest to the
    innermost body's total: the entries of a loop in a triangular loop are
    weighted by how often that loop runs, not by its average."""
    path = tmp_path / "nest.c"
    path.write_text(f"void f(int a[60][60]) {{\n{nest}\n   a[i][j] += k;\n}}\n")
    unit = parse_c_file(path)
    walker = walk_function(unit, unit.functions()["f"], {str(path): path.read_text().splitlines()})
    found = [info.trip_count for info in sorted(walker.loop_infos.values(), key=lambda info: info.line)]
    assert [str(count) for count in found] == counts
    assert sympy.Mul(*found) == innermost_total


def test_a_triangular_average_is_not_a_constant_for_the_instrumenter(tmp_path: Path) -> None:
    """HLS C `for (i < 101) for (j < i)`: the access analysis counts the
    inner loop 50 times per entry on average, but per entry it varies, so
    the instrumenter must still give it a loop_tripcount pragma (it only
    leaves out loops whose count is a constant the HLS tool finds too)."""
    path = tmp_path / "tri.c"
    path.write_text("void f(int a[101][101]) {\n  for (int i = 0; i < 101; i++)\n"
                    "    for (int j = 0; j < i; j++)\n      a[i][j] = 0;\n}\n")
    unit = parse_c_file(path)
    walker = walk_function(unit, unit.functions()["f"], {str(path): path.read_text().splitlines()})
    counts = [loop.trip_count for loop in walker.loop_infos.values()]
    assert sorted(int(count) for count in counts if count is not None) == [50, 101]
    assert sorted(static_trip_counts(unit, unit.functions()["f"]).values()) == [101]
