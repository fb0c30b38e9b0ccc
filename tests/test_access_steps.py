"""Indexes that move unevenly: through an integer division, by a factor,
or by a step hlsight cannot read.

``vertices[gid / leaf_size]`` (clBool's prefix sum) was "no stride" and
left the estimate asking for a `stride` nobody knows; a doubling counter
``in[span]`` (span *= 2) was "advance 1 per iteration", confidently wrong;
an unreadable grid step was silently taken as 1. Now a division moves its
average (the stride is max(1, a/k)), a doubling counter has no constant
advance, and an assumed step says so.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from pathlib import Path

import pytest
import sympy

from hlsight.analyzer.access import parse_expression
from hlsight.analyzer.access.classify import classify
from hlsight.analyzer.access.sycl_kernels import find_kernels
from hlsight.analyzer.access.sycl_walker import walk_kernel
from hlsight.analyzer.results import AccessFacts
from hlsight.core.model import Kernel, KernelKind, LSUKind
from hlsight.parsers.cxx.sycl_headers import parse_sycl
from tests.access_fixtures import MarkedSource, facts_of, value
from tests.conftest import CORPUS, run_cli

STEPS = MarkedSource("steps.cl", version="20.4.0")


def load_facts(kernel: str, marker: str, ndrange: bool, kind: LSUKind = LSUKind.LOAD) -> AccessFacts:
    (facts,) = STEPS.facts(kernel, [(kind, marker)], ndrange)
    return facts


def stride(facts: AccessFacts, **values: int) -> sympy.Expr:
    assert facts.stride is not None
    return parse_expression(facts.stride).subs(values)


def test_work_items_sharing_an_element_through_a_division() -> None:
    """`vertices[gid / leaf_size]`: leaf_size consecutive work-items read
    one element: delta 1 once leaf_size is given (at least 1 element per
    access, as "the same element every time" is), and leaf_size is what the
    estimate asks for, not a stride."""
    facts = load_facts("leaves", "leaf", ndrange=True)
    assert stride(facts, leaf_size=256) == 1 and stride(facts, leaf_size=1) == 1
    assert "leaf_size" in facts.stride and "integer division" in facts.explanation


def test_a_division_that_still_moves_more_than_one_element() -> None:
    """`in[(3*gid)/2]`: 1.5 elements per work-item on average."""
    facts = load_facts("three_halves", "three_halves", ndrange=True)
    assert stride(facts) == sympy.Rational(3, 2)


def test_a_loop_index_halved() -> None:
    """`in[i/2]` in `for (i < n)`: each element read twice in a row: delta 1."""
    facts = load_facts("pairs", "pairs", ndrange=False)
    assert stride(facts) == 1
    assert "integer division, on average: 1/2" in facts.explanation


def test_a_doubling_counter_has_no_constant_advance() -> None:
    """`for (span = 1; span < n; span *= 2) s += in[span]`: 1, 2, 4, 8...
    was "advance 1 per iteration"; no stride now, and the count is still
    the loop's log2 trip."""
    facts = load_facts("doubling", "doubling", ndrange=False)
    assert facts.stride is None
    assert "multiplied or divided" in facts.explanation


def test_an_unread_step_is_said_where_the_stride_is_explained() -> None:
    """`i += (int)sqrt((float)n)`: hlsight cannot read the step; the
    stride rests on taking it as 1, and the explanation says so."""
    facts = load_facts("unread_step", "unread", ndrange=False)
    assert stride(facts) == 1
    assert "step unread, taken as 1" in facts.explanation


def test_a_loop_the_work_items_of_a_group_deal_out() -> None:
    """`for (i = lid; i < n; i += get_local_size(0))`: consecutive
    work-items read consecutive elements (stride 1, was the step: the
    local size); the step is the launch's `local_size0`, a value the user
    gives, not an opaque call."""
    facts = load_facts("group_strided", "group_strided", ndrange=True)
    assert stride(facts) == 1
    assert "local_size0" in facts.explanation
    # every work-group's work-items share the n iterations (was a trip-count symbol)
    for items, local, n in ((256, 64, 1000), (64, 64, 10), (96, 32, 33)):
        loads = sum(len(range(gid % local, n, local)) for gid in range(items))
        assert value(facts.accesses, n=n, work_items=items, local_size0=local) == loads == n * items // local
    assert "work-group-stride loop" in (facts.explanation or "")


def test_a_local_stride_fixed_by_the_required_work_group() -> None:
    """`reqd_work_group_size(64, 1, 1)`: `i += get_local_size(0)` steps by
    64, and the local id runs below 64, so each work-group's work-items
    still share the n loads (the step converter did not know the fixed
    size: `local_size0` against the id's 64, a trip-count symbol)."""
    facts = load_facts("tile_sum", "tile_sum", ndrange=True)
    assert value(facts.accesses, n=1000, work_items=256) == 4 * 1000
    assert stride(facts) == 1


def test_a_count_that_differs_per_work_item_is_averaged_over_them() -> None:
    """`for (j = 0; j < gid; j++)`: work-item g makes g accesses, the
    launch 0 + 1 + ... + (W - 1); the count was `gid0 * work_items`, a
    work-item's id asked of the user."""
    facts = load_facts("prefix_count", "prefix_count", ndrange=True, kind=LSUKind.STORE)
    for items in (1, 2, 7, 1024):
        assert value(facts.accesses, work_items=items) == sum(range(items))
    assert "averaged over the work-items' get_global_id(0)" in (facts.explanation or "")
    assert "gid0" not in (facts.accesses or "")


def test_a_literal_step_that_is_not_the_launch_size_stays_unknown() -> None:
    """`for (i = gid; i < n; i += 1024)`: unless the launch has exactly 1024
    work-items they overlap or leave gaps, and the sum of ceil((n - g) /
    1024) over them has no closed form here: a named trip count, said (it
    was `work_items * ceiling((n - gid0) / 1024)`, asking for an id)."""
    facts = load_facts("literal_stride", "literal_stride", ndrange=True, kind=LSUKind.STORE)
    assert facts.accesses is not None and "trips_literal_stride" in facts.accesses and "gid0" not in facts.accesses
    assert "the count differs per work-item (with get_global_id(0))" in (facts.explanation or "")


def test_a_grid_stride_while_loop_keeps_its_work_item_stride() -> None:
    """`i = gid; while (i < n) { a[i] = 0; i += get_global_size(0); }`:
    stride 1, n / work_items iterations per work-item (the stride was
    work_items: the loop's step)."""
    facts = load_facts("grid_while", "grid_while", ndrange=True, kind=LSUKind.STORE)
    assert stride(facts) == 1
    assert facts.accesses is not None
    assert parse_expression(facts.accesses).subs({"n": 4096, "work_items": 256}) == 4096


def _grid_stride_run(sizes: tuple[int, ...], n: int, first: int, flat: Callable[..., int]) -> list[int]:
    """The elements a grid-stride loop touches, every work-item of a launch
    of ``sizes`` running ``for (i = flat(ids) + first; i < n; i += all)``."""
    every = math.prod(sizes)
    touched: list[int] = []
    for ids in itertools.product(*(range(size) for size in sizes)):
        i = flat(*ids) + first
        while i < n:
            touched.append(i)
            i += every
    return touched


@pytest.mark.parametrize("sizes", [(2, 3, 4), (1, 1, 5), (4, 1, 2)])
@pytest.mark.parametrize("n", [0, 7, 24, 25, 100])
def test_a_grid_stride_loop_over_a_flattened_3d_id_counts_its_elements(sizes: tuple[int, int, int], n: int) -> None:
    """caffe-fpga's `i = GLOBAL_ID; while (i < n) { ...; i += GLOBAL_SIZE; }`
    with GLOBAL_ID the three ids flattened (dimension 2 fastest) and
    GLOBAL_SIZE the product of the three sizes: the launch touches every
    element below n once, n accesses (was a trip-count symbol, the step
    `global_size0*global_size1*global_size2` not read as the launch's);
    consecutive work-items (dimension 0) are global_size1 x global_size2
    elements apart."""
    facts = load_facts("grid_while_3d", "grid_while_3d", ndrange=True, kind=LSUKind.STORE)
    gs0, gs1, gs2 = sizes
    touched = _grid_stride_run(sizes, n, 0, lambda x, y, z: x * gs1 * gs2 + y * gs2 + z)
    assert sorted(touched) == list(range(n))
    given = {"n": n, "work_items": gs0 * gs1 * gs2, "global_size0": gs0, "global_size1": gs1, "global_size2": gs2}
    assert value(facts.accesses, **given) == len(touched)
    assert stride(facts, **given) == gs1 * gs2
    assert "grid-stride loop" in (facts.explanation or "")


@pytest.mark.parametrize("sizes", [(3, 2), (8, 8), (1, 5)])
@pytest.mark.parametrize("n", [4, 9, 70])
def test_a_grid_stride_loop_numbered_the_other_way_counts_from_its_start(sizes: tuple[int, int], n: int) -> None:
    """`for (i = gid1 * global_size0 + gid0 + 4; i < n; i += global_size1 *
    global_size0)`: dimension 0 the fastest, the factors in any order; n -
    4 accesses, stride 1."""
    facts = load_facts("grid_for_2d", "grid_for_2d", ndrange=True, kind=LSUKind.STORE)
    gs0, gs1 = sizes
    touched = _grid_stride_run(sizes, n, 4, lambda x, y: y * gs0 + x)
    given = {"n": n, "work_items": gs0 * gs1, "global_size0": gs0, "global_size1": gs1}
    assert value(facts.accesses, **given) == len(touched) == n - 4
    assert stride(facts, **given) == 1


def test_a_grid_stride_start_that_misses_a_dimension_stays_unknown() -> None:
    """A 3-D kernel whose counter starts at the first two ids flattened but
    steps by all work-items: the work-items of dimension 2 repeat the same
    elements, so n is not the count; it stays a named trip count, said."""
    facts = load_facts("grid_partial_3d", "grid_partial_3d", ndrange=True, kind=LSUKind.STORE)
    assert facts.accesses is not None and "trips_grid_partial_3d" in facts.accesses
    assert ("a work_items step needs a counter from get_global_id(0), get_global_id(1) and get_global_id(2) flattened,"
            " plus c" in (facts.explanation or ""))


@pytest.mark.parametrize(("sizes", "w", "h"), [((4, 2), 10, 3), ((3, 5), 7, 11), ((1, 1), 2, 2), ((8, 8), 5, 4)])
def test_grid_stride_loops_per_dimension_cover_the_image_once(sizes: tuple[int, int], w: int, h: int) -> None:
    """`for (y = gid1; y < h; y += global_size1) for (x = gid0; x < w; x +=
    global_size0)`: each loop is shared by the work-items along its
    dimension, so the launch writes the h x w image once, whatever its
    sizes (the steps were trip-count symbols)."""
    facts = load_facts("grid_rows_cols", "grid_rows_cols", ndrange=True, kind=LSUKind.STORE)
    gs0, gs1 = sizes
    writes = [y * w + x for gid0 in range(gs0) for gid1 in range(gs1)
              for y in range(gid1, h, gs1) for x in range(gid0, w, gs0)]
    assert sorted(writes) == list(range(w * h))
    given = {"w": w, "h": h, "work_items": gs0 * gs1, "global_size0": gs0, "global_size1": gs1}
    assert value(facts.accesses, **given) == len(writes)
    assert stride(facts, **given) == 1


def test_a_required_work_group_of_two_dimensions_makes_a_2d_launch() -> None:
    """`reqd_work_group_size(8, 8, 1)` on a kernel that reads only
    dimension 0: the launch is 2-D (as the launch sizes count it), so
    `get_global_size(0)` is global_size0, not every work-item, and each id
    of dimension 1 runs the grid-stride loop again: n x global_size1
    accesses (was n, global_size1 times too few)."""
    facts = load_facts("rows_of_tiles", "rows_of_tiles", ndrange=True, kind=LSUKind.STORE)
    assert value(facts.accesses, n=100, work_items=64 * 16, global_size0=64, global_size1=16) == 100 * 16
    assert "dealt out by get_global_id(0): the work-items along it share its n iterations, each value of the other" \
        " ids runs them again" in (facts.explanation or "")


def test_the_groups_times_their_size_is_every_work_item() -> None:
    """cl2qcd's `for (i = gid; i < n; i += threads * get_num_groups(0))`
    with `threads = get_local_size(0)`: get_num_groups(0) is the launch's
    size over the group's (OpenCL 1.x whole work-groups), so the step is
    work_items and the loop a grid stride: n accesses, stride 1 (was a
    trip-count symbol per work-item and a `num_groups0` to give)."""
    facts = load_facts("groups_stride", "groups_stride", ndrange=True, kind=LSUKind.STORE)
    assert facts.accesses == "n" and stride(facts) == 1
    assert "num_groups" not in (facts.explanation or "")


@pytest.mark.parametrize(("items", "local"), [(256, 64), (64, 64), (1024, 16)])
def test_only_the_last_group_counts_one_group_of_work_items(items: int, local: int) -> None:
    """`if (get_group_id(0) == get_num_groups(0) - 1)`: the last of
    work_items / local_size0 groups, local_size0 work-items; the sentence
    shows the count as simplified (it held `1 - w/l + w/l`: a launch-size
    symbol of other assumptions than the bound's)."""
    facts = load_facts("last_group", "last_group", ndrange=True, kind=LSUKind.STORE)
    passing = sum(1 for gid in range(items) if gid // local == items // local - 1)
    assert value(facts.accesses, work_items=items, local_size0=local) == passing == local
    assert "+ work_items/local_size0 - work_items/local_size0" not in (facts.explanation or "")
    assert (facts.explanation or "").endswith(f": {facts.accesses}")


@pytest.mark.parametrize(("height", "rows", "start"), [(5, 100, 0), (5, 4, 0), (20, 30, 12), (1, 2, 0)])
def test_a_min_written_as_a_conditional_bounds_the_loop(height: int, rows: int, start: int) -> None:
    """Rodinia pathfinder's `iteration = pyramid_height <= rows - startStep
    - 1 ? pyramid_height : rows - startStep - 1`: min of the two (the trip
    count was unknown, "the bound depends on `(pyramid_height <= ...) ? ...`,
    which is not fixed per launch")."""
    facts = load_facts("pyramid", "pyramid", ndrange=False, kind=LSUKind.STORE)
    expected = height if height <= rows - start - 1 else rows - start - 1
    assert value(facts.accesses, pyramid_height=height, rows=rows, startStep=start) == expected


@pytest.mark.parametrize("kernel", ["blocks_ternary", "blocks_flag", "blocks_truth"])
@pytest.mark.parametrize(("n", "block"), [(0, 16), (1, 16), (15, 16), (16, 16), (17, 16), (1000, 7), (5, 1)])
def test_blocks_rounded_up_however_written(kernel: str, n: int, block: int) -> None:
    """Rodinia srad v5's `(Nr % BSIZE == 0) ? Nr / BSIZE : (Nr / BSIZE) +
    1`, `n / B + (n % B != 0)` and `n / B + ((n % B) ? 1 : 0)`: the blocks n
    elements fill, ceil(n / B), however written (each was "the bound depends
    on `...`, which is not fixed per launch": a divisibility test's value
    was not read)."""
    facts = load_facts(kernel, kernel, ndrange=False, kind=LSUKind.STORE)
    assert value(facts.accesses, n=n, B=block) == -(-n // block)


@pytest.mark.parametrize("n", [0, 1, 16, 17, 31, 32, 33])
def test_blocks_rounded_up_with_the_test_reversed(n: int) -> None:
    """`(0 != n % 16) ? n / 16 + 1 : n / 16`: the same, the zero on the left."""
    facts = load_facts("blocks_even", "blocks_even", ndrange=False, kind=LSUKind.STORE)
    assert value(facts.accesses, n=n) == -(-n // 16)


@pytest.mark.parametrize(("nx", "ny"), [(8, 4), (64, 3), (16, 16)])
def test_a_stencils_edge_clamps_keep_the_stride(nx: int, ny: int) -> None:
    """`W = (i == 0) ? c : c - 1` and its three siblings (Rodinia hotspot3D
    v0): each neighbour's index is the cell's plus or minus a step but at
    one edge value, so consecutive work-items read consecutive elements
    (stride 1; it was "no stride", a `stride` to give per LSU), and the
    first work-item's element is the offset, the clamp included. (On a
    grid two cells wide half the work-items are edges and the most common
    step is not 1: the rule holds for the grids stencils run on.)"""
    kinds = [(LSUKind.LOAD, "stencil")] * 4
    found = STEPS.facts("stencil", kinds, ndrange=True)
    order = [(i, j) for j in range(ny) for i in range(nx)]  # dimension 0 fastest, as work-items issue
    clamps = {
        "W": lambda i, j: i + j * nx if i == 0 else i + j * nx - 1,
        "E": lambda i, j: i + j * nx if i == nx - 1 else i + j * nx + 1,
        "N": lambda i, j: i + j * nx if j == 0 else i + j * nx - nx,
        "S": lambda i, j: i + j * nx + nx if ny - 1 != j else i + j * nx,
    }
    offsets = set()
    for facts in found:
        assert facts.stride is not None and stride(facts, nx=nx, ny=ny) == 1, facts.explanation
        assert value(facts.accesses, work_items=nx * ny) == nx * ny
        offsets.add(value(facts.offset, nx=nx, ny=ny))
    for clamp in clamps.values():
        addresses = [clamp(i, j) for i, j in order]
        steps = [b - a for a, b in itertools.pairwise(addresses)]
        assert max(set(steps), key=steps.count) == 1
    assert offsets == {clamp(0, 0) for clamp in clamps.values()}


@pytest.mark.parametrize(("items", "lo", "hi"), [(64, 0, 63), (1000, 5, 900), (16, 0, 15)])
def test_neighbours_clamped_to_the_valid_cells_keep_the_stride(items: int, lo: int, hi: int) -> None:
    """`W = (W < lo) ? lo : W` (Rodinia hotspot v2's clamp, a max written
    as a conditional): the neighbour moves with the work-item but where it
    clamps, so the stride is the step the addresses take most (1; it was
    "no stride", a `stride` to give)."""
    found = STEPS.facts("clamped", [(LSUKind.LOAD, "clamped")] * 2, ndrange=True)
    for facts, clamp in zip(found, (lambda i: max(i - 1, lo), lambda i: min(i + 1, hi)), strict=True):
        addresses = [clamp(i) for i in range(items)]
        steps = [b - a for a, b in itertools.pairwise(addresses)]
        assert facts.stride is not None and stride(facts, lo=lo, hi=hi) == max(set(steps), key=steps.count) == 1
        assert "a clamp (a min or max)" in (facts.explanation or "")


@pytest.mark.parametrize(("blk", "cols"), [(-3, 40), (0, 40), (5, 40), (30, 40), (-2, 10)])
def test_bounds_that_take_off_how_far_a_block_passes_the_edge(blk: int, cols: int) -> None:
    """Rodinia hotspot's `validXmin = (blkX < 0) ? -blkX : 0` and
    `validXmax = (blkXmax > grid_cols - 1) ? 15 - (blkXmax - grid_cols + 1)
    : 15`: a min and a max of how far the block passes the edge (each was
    an opaque value, the loop's count unknown)."""
    facts = load_facts("ramps", "ramps", ndrange=False, kind=LSUKind.STORE)
    lo = -blk if blk < 0 else 0
    hi = 15 - (blk + 15 - cols + 1) if blk + 15 > cols - 1 else 15
    assert value(facts.accesses, blkX=blk, blkXmax=blk + 15, grid_cols=cols) == len(range(lo, hi + 1))


@pytest.mark.parametrize(("items", "cols"), [(64, 8), (1000, 100), (48, 16)])
def test_edge_clamps_written_as_ifs_keep_the_stride(items: int, cols: int) -> None:
    """`if (idx % cols == 0) left = idx + cols - 1; else left = idx - 1;`
    and `if (idx == 0) w = idx; else w = idx - 1;`: the branches are weighed
    by the test's value, as the conditional expression's are, so both
    neighbours keep the step most work-items take (1; each was "set under
    the if", no stride) and their first elements are the offsets."""
    left, west = STEPS.facts("if_clamps", [(LSUKind.LOAD, "if_clamps")] * 2, ndrange=True)
    clamps = (lambda i: i + cols - 1 if i % cols == 0 else i - 1, lambda i: i if i == 0 else i - 1)
    for facts, clamp in zip((left, west), clamps, strict=True):
        addresses = [clamp(i) for i in range(items)]
        steps = [b - a for a, b in itertools.pairwise(addresses)]
        assert facts.stride is not None and stride(facts, cols=cols) == max(set(steps), key=steps.count) == 1
        assert value(facts.offset, cols=cols) == clamp(0)


@pytest.mark.parametrize("count", [0, 1, 2, 7, 8, 1001])
def test_a_bound_masked_to_even_counts_pairs(count: int) -> None:
    """`for (i = 0; i < (count & ~1); i += 2)`: count rounded down to even,
    halved (was "the bound depends on `count & (~1)`"); the conditional max
    beside it is the max of the two arguments, an index that does not move
    (was an opaque value)."""
    store, load = STEPS.facts("masked_pairs", [(LSUKind.STORE, "masked_pairs"), (LSUKind.LOAD, "masked_pairs")])
    assert value(store.accesses, count=count) == len(range(0, count & ~1, 2))
    assert load.offset == "Max(count, floor_n)" and "the index does not move" in (load.explanation or "")


@pytest.mark.parametrize(("kernel", "local"), [("cuda_index", 16), ("cuda_index", 64), ("cuda_index_fixed", 128)])
@pytest.mark.parametrize("n", [0, 100, 1000, 5000])
def test_a_group_id_times_the_group_size_plus_the_local_id_is_the_global_id(kernel: str, local: int, n: int) -> None:
    """CUDA's `blockIdx.x * blockDim.x + threadIdx.x` ported:
    `get_group_id(0) * get_local_size(0) + get_local_id(0)` (or `lid +
    128 * grp` where reqd_work_group_size fixes 128) is get_global_id(0),
    so `if (i < n)` counts min(work_items, n) work-items, as a launch of
    1024 work-items run group by group gives (it was an upper bound, every
    work-item)."""
    facts = load_facts(kernel, kernel, ndrange=True, kind=LSUKind.STORE)
    items = 1024
    passing = sum(1 for group in range(items // local) for lane in range(local) if group * local + lane < n)
    assert value(facts.accesses, work_items=items, n=n, local_size0=local) == passing
    assert "get_global_id(0) < n" in (facts.explanation or "")


def test_a_group_id_times_another_number_stays_two_ids() -> None:
    """`get_group_id(0) * 256 + get_local_id(0)` with no fixed work-group
    (srad's NUMBER_THREADS, which the host happens to launch): only the
    global id when the group is 256, which the source does not say; the
    test stays an upper bound, said."""
    facts = load_facts("block_of_256", "block_of_256", ndrange=True, kind=LSUKind.STORE)
    assert facts.accesses == "work_items" and "upper bound" in (facts.explanation or "")


def test_a_two_dimensional_kernel_names_its_launch_sizes() -> None:
    """`out[x * get_global_size(1) + y]` with x = get_global_id(0):
    consecutive work-items are `global_size1` apart (was an opaque
    `f_get_global_size_1`); in a 2-D kernel `get_global_size(0)` is
    `global_size0`, not `work_items` (all the work-items)."""
    load = STEPS.lsu("transpose/load0", LSUKind.LOAD, "transpose")
    store = STEPS.lsu("transpose/store0", LSUKind.STORE, "transpose")
    found = STEPS.derived([Kernel(name="transpose", kind=KernelKind.NDRANGE, lsus=[load, store])])
    stored, loaded = facts_of(found, store), facts_of(found, load)
    assert stored.stride == "global_size1" and stride(loaded) == 1
    assert loaded.expression is not None and "global_size0" in loaded.explanation


def test_clbool_prefix_sum_asks_for_its_kernel_argument_not_a_stride() -> None:
    """The corpus report (aoc 20.4): update_pref_sum's
    `vertices[global_leaf_id]` (`global_id / leaf_size`) made the estimate
    symbolic in `stride`; now it needs the host's `leaf_size`, its array
    length `n` (the kernels' `if (global_id < n)` and `return` guards count
    min(work_items, n) work-items) and the global size, and with them it is
    a number."""
    report = CORPUS / "aoc" / "aoc20.4_a10_clbool" / "fpga_reports" / "prefix_sum" / "reports"
    symbolic = run_cli("analyze", str(report))
    assert "symbolic in leaf_size, n, work_items" in symbolic.stdout
    assert "--set stride" not in symbolic.stdout
    numeric = run_cli("analyze", str(report), "--set", "leaf_size=256", "--set", "n=1000000",
                      "--set", "work_items=1048576")
    assert numeric.code == 0
    assert "estimate: " in numeric.stdout and "symbolic" not in numeric.stdout.split("estimate: ")[1].splitlines()[0]


SYCL_KERNELS = """#include <sycl/sycl.hpp>
void run(sycl::queue &q, float *a, float *out, int n, int h, int r) {
  q.parallel_for<class LinearStride>(sycl::range<2>(64, 32), [=](sycl::item<2> it) {
    for (size_t i = it.get_linear_id(); i < n; i += it.get_range(0) * it.get_range(1))
      out[i] = a[i];
  });
  q.parallel_for<class Required>(sycl::nd_range<2>(sycl::range<2>(n, 64), sycl::range<2>(1, r)),
                                 [=](sycl::nd_item<2> it) [[sycl::reqd_work_group_size(1, 16)]] {
    if (it.get_local_id(1) == 0) out[it.get_global_id(0)] = 1.0f;
  });
  q.single_task<class Blocks>([=]() {
    int blocks = (n % 16 == 0) ? n / 16 : n / 16 + 1;
    for (int i = 0; i < blocks; i++)
      out[i] = 0.0f;
  });
  q.parallel_for<class Required3>(sycl::nd_range<1>(n, r), [=](sycl::nd_item<1> it)
                                  [[intel::reqd_work_group_size(1, 1, 64)]] {
    if (it.get_local_id(0) == 0) out[it.get_group(0)] = 1.0f;
  });
  q.parallel_for<class IfClamp>(sycl::range<1>(1024), [=](sycl::item<1> it) {
    int i = it.get_id(0);
    int w;
    if (i == 0) w = i; else w = i - 1;
    out[i] = a[w];
  });
  q.parallel_for<class Clamp>(sycl::range<1>(1024), [=](sycl::item<1> it) {
    int i = it.get_id(0);
    int w = (i == 0) ? i : i - 1;
    out[i] = a[w];
  });
  q.single_task<class Pyramid>([=]() {
    int iteration = h <= r - 1 ? h : r - 1;
    for (int i = 0; i < (iteration & ~1); i++)
      out[i] = 0.0f;
  });
  q.parallel_for<class GroupsStride>(sycl::nd_range<1>(1024, 64), [=](sycl::nd_item<1> it) {
    for (size_t i = it.get_global_id(0); i < n; i += it.get_local_range(0) * it.get_group_range(0))
      out[i] = 0.0f;
  });
  q.parallel_for<class GroupLoads>(sycl::nd_range<1>(1024, 64), [=](sycl::nd_item<1> it) {
    float s = 0.0f;
    for (size_t i = it.get_local_id(0); i < n; i += it.get_local_range(0))
      s += a[i];
    out[it.get_global_id(0)] = s;
  });
  q.parallel_for<class GridWhile>(sycl::range<1>(1024), [=](sycl::item<1> it) {
    size_t i = it.get_id(0);
    while (i < n) {
      a[i] = 0.0f;
      i += it.get_range(0);
    }
  });
  q.parallel_for<class Transpose>(sycl::range<2>(64, 32), [=](sycl::item<2> it) {
    size_t x = it.get_id(0), y = it.get_id(1);
    out[x * it.get_range(1) + y] = a[y * it.get_range(0) + x];
  });
}
"""


def test_sycl_grid_stride_while_and_named_ranges() -> None:
    """oneAPI: the grid-stride `while` keeps stride 1 (consecutive
    work-items), n / work_items iterations each; a 2-D item's
    `get_range(d)` is the named value `range<d>` (was opaque); the group
    range is the launch's over the group's, so a step of the two is every
    work-item (was a `group_range0` to give and a trip symbol); a
    `reqd_work_group_size` on the lambda or constants in the nd_range fix
    the local range (was `local_range<d>` to give); a 2-D item's
    `get_linear_id()` stepping by `get_range(0) * get_range(1)` is a grid
    stride (was opaque)."""
    path = "/build/src/steps.cpp"
    unit = parse_sycl(Path(path), SYCL_KERNELS, {})
    assert not unit.errors
    found = {kernel.name: walk_kernel(kernel, kernel.name, SYCL_KERNELS.splitlines()).sites
             for kernel in find_kernels(unit.translation_unit, path)}
    (store,) = found["GridWhile"]
    shape = classify(store, ndrange=True)
    assert shape.stride == 1 and shape.accesses is not None
    assert shape.accesses.subs({s: {"n": 4096, "work_items": 256}[s.name] for s in shape.accesses.free_symbols}) == 4096
    names = {site.text: {str(s) for s in site.index.free_symbols} for site in found["Transpose"]}
    assert "range1" in names["out[x * it.get_range(1) + y]"] and "range0" in names["a[y * it.get_range(0) + x]"]
    (grouped,) = found["GroupsStride"]  # get_local_range(0) * get_group_range(0): every work-item
    shape = classify(grouped, ndrange=True)
    assert shape.stride == 1 and str(shape.accesses) == "n"
    for site in found["LinearStride"]:  # a 2-D item's linear id stepping by both ranges: n in all
        shape = classify(site, ndrange=True)
        assert shape.stride == 1 and str(shape.accesses) == "n"
    (required,) = found["Required"]  # the attribute fixes the group at 1 x 16 (the nd_range's is a run-time r)
    shape = classify(required, ndrange=True)
    assert str(shape.accesses) == "work_items/16"
    (pyramid,) = found["Pyramid"]  # a min written as a conditional, masked to even
    shape = classify(pyramid, ndrange=False)
    assert shape.accesses is not None
    for h, r in ((5, 100), (9, 4), (7, 8)):
        given = {"h": h, "r": r}
        assert shape.accesses.subs({s: given[s.name] for s in shape.accesses.free_symbols}) == min(h, r - 1) & ~1
    (required3,) = found["Required3"]  # Intel's (Z, Y, X) on a 1-D kernel: the group is 64 (was local_range0)
    shape = classify(required3, ndrange=True)
    assert str(shape.accesses) == "work_items/64"
    for kernel in ("Clamp", "IfClamp"):  # an edge clamp, as a conditional or an if: stride 1, offset 0
        clamp = next(site for site in found[kernel] if site.kind == "load")
        shape = classify(clamp, ndrange=True)
        assert shape.stride == 1 and shape.offset == 0, kernel
    (blocks,) = found["Blocks"]  # a quotient rounded up through a divisibility test
    shape = classify(blocks, ndrange=False)
    assert shape.accesses is not None
    for n in (0, 1, 16, 17, 100):
        assert shape.accesses.subs({s: n for s in shape.accesses.free_symbols}) == -(-n // 16)
    load = next(site for site in found["GroupLoads"] if site.kind == "load")  # each work-group shares n loads
    shape = classify(load, ndrange=True)
    assert shape.accesses is not None
    assert shape.accesses.subs({s: {"n": 1000, "work_items": 1024, "local_range0": 64}[s.name]
                                for s in shape.accesses.free_symbols}) == 16 * 1000


def test_a_triangular_nest_bounded_by_an_integer_division() -> None:
    """`for (j < i/2)` inside `for (i < n)`: sum of floor(i/2) over i < n
    is n(n - 2)/4 for even n (0+0+1+1+...: 20 at n = 10, 30 at n = 12);
    the count was an unknown `trips_` symbol (sympy has no closed form for
    the floor sum; its mean over a period sums exactly)."""
    facts = load_facts("half_triangle", "half_triangle", ndrange=False, kind=LSUKind.STORE)
    assert facts.accesses is not None
    count = parse_expression(facts.accesses)
    assert count.subs({"n": 10}) == sum(i // 2 for i in range(10)) == 20
    assert count.subs({"n": 12}) == sum(i // 2 for i in range(12)) == 30
    assert "integer division averaged" in facts.explanation


def test_a_counter_stepped_in_the_loop_condition_moves_the_index() -> None:
    """`while (i++ < n) a[i] = 0`: elements 1 .. n, n times (was "the same
    element every time": the condition's step was not carried);
    `do { a[3*k] = 1; } while (k++ < n)`: 0, 3, ... n + 1 times."""
    stepped, done = STEPS.facts("counted_in_condition", [(LSUKind.STORE, "condition_while"),
                                                          (LSUKind.STORE, "condition_do")])
    assert (value(stepped.stride), value(stepped.offset), value(stepped.accesses, n=50)) == (1, 1, 50)
    assert (value(done.stride), value(done.offset), value(done.accesses, n=50)) == (3, 0, 51)


SYCL_CONDITION = """#include <sycl/sycl.hpp>
void run(sycl::queue &q, float *a, int n) {
  q.single_task<class CondStep>([=]() {
    int i = 0;
    while (i++ < n)
      a[i] = 0.0f;
    int k = 0;
    do {
      a[3 * k] = 1.0f;
    } while (k++ < n);
  });
}
"""


def test_sycl_counter_stepped_in_the_loop_condition() -> None:
    """The same two loops in a oneAPI kernel: stride 1 from element 1, and
    stride 3 from element 0 (the do-while's body runs before its test)."""
    path = "/build/src/condition.cpp"
    unit = parse_sycl(Path(path), SYCL_CONDITION, {})
    assert not unit.errors
    (kernel,) = find_kernels(unit.translation_unit, path)
    sites = walk_kernel(kernel, "CondStep", SYCL_CONDITION.splitlines()).sites
    shapes = [(site.text, classify(site, ndrange=False).stride, classify(site, ndrange=False).offset)
              for site in sites]
    assert shapes == [("a[i]", 1, 1), ("a[3 * k]", 3, 0)]


def test_a_loop_that_may_leave_early_says_its_count_is_at_most() -> None:
    """`for (i < n) { if (a[i] == 0) break; s += b[i]; }`: n reads at most;
    the count says so, naming the `break` (an inner loop's own `break` is
    not the outer loop's)."""
    (read,) = STEPS.facts("early_exit", [(LSUKind.LOAD, "early_read")])
    assert value(read.accesses, n=100) == 100
    assert f"at most: the body may leave early (`break` at line {STEPS.line_of('leaves')})" in read.explanation


def test_a_ring_buffer_index_is_consecutive_between_its_wraps() -> None:
    """`a[(i + 1) % n]`: elements 1, 2, ..., n - 1, 0: stride 1 (was "no
    stride": the remainder made it non-linear)."""
    (read,) = STEPS.facts("ring", [(LSUKind.LOAD, "ring")])
    assert value(read.stride) == 1
    assert "a remainder, between its wraps every n elements" in read.explanation


def test_a_division_and_its_remainder_recombine() -> None:
    """`a[(i / 16) * 16 + i % 16]` is `a[i]`: stride 1 exactly (adding the
    remainder's advance to the division's average would say 2)."""
    (read,) = STEPS.facts("flattened", [(LSUKind.LOAD, "flattened")])
    assert value(read.stride) == 1
    assert "a division and its remainder, which recombine" in read.explanation


def test_a_remainder_of_a_wrapping_index_is_consecutive_between_its_wraps() -> None:
    """`a[((t / 110592) * 18432 + t % 18432) % 36864]` (T2S's conv loader,
    IntelLabs/t2sp): between the wraps of the inner remainder the index moves
    by 1 (the quotient only steps at them), and the outer remainder keeps it
    moving by 1 between its own wraps: stride 1 (was "appears non-linearly",
    a free `stride` a user had to give)."""
    (read,) = STEPS.facts("wrapped_twice", [(LSUKind.LOAD, "wrapped_twice")])
    assert value(read.stride) == 1
    assert "a remainder, between its wraps every 36864 elements, of (a remainder, between its wraps every 18432" \
        " elements and a division by a multiple of 18432, constant between those wraps)" in read.explanation


def test_a_break_under_a_test_of_the_counter_is_a_second_bound() -> None:
    """`for (i < 64) { if (i == n) break; ... }` runs min(64, n) times, and
    says so without "at most"; `k >= 16` caps `k < m` the same way, but a
    later exit on data still makes that count an upper bound; a down-counting
    loop stops above its test's value. An exit on data ahead of the counter's
    test, or an equality a step of 2 may jump, leaves decision 27's bound."""
    copy_read, capped, down, after_data, stepped = STEPS.facts("counter_exit", [
        (LSUKind.LOAD, "exit_copy"), (LSUKind.STORE, "exit_capped"), (LSUKind.STORE, "exit_down"),
        (LSUKind.STORE, "exit_after_data"), (LSUKind.STORE, "exit_stepped")])
    assert value(copy_read.accesses, n=10, m=0) == 10
    assert value(copy_read.accesses, n=100, m=0) == 64
    assert "if (i == n) break;" in copy_read.explanation and "at most" not in copy_read.explanation
    assert value(capped.accesses, n=0, m=10) == 10
    assert value(capped.accesses, n=0, m=100) == 16
    assert f"`break` at line {STEPS.line_of('exit_data')}" in capped.explanation
    assert value(down.accesses, n=10, m=0) == 30
    assert "at most" not in down.explanation and "the statements above it run once more" in down.explanation
    assert "run once more" not in copy_read.explanation
    assert value(after_data.accesses, n=10, m=0) == 31  # the `if` arm's rule: the test holds once in 32
    assert f"`break` at line {STEPS.line_of('exit_first')}" in after_data.explanation
    assert value(stepped.accesses, n=10, m=0) == 16
    assert f"`break` at line {STEPS.line_of('exit_jumped')}" in stepped.explanation


SYCL_COUNTER_EXIT = """#include <sycl/sycl.hpp>
constexpr int kMax = 64;
void run(sycl::queue &q, float *a, float *out, int n) {
  q.single_task<class LeaveAt>([=]() {
    for (int i = 0; i < kMax; i++) {
      if (i == n) break;
      out[i] = a[i];
    }
    for (int t = 0; t < kMax; t++) {
      if (a[t] < 0.0f) break;
      if (t == n) break;
      out[t] = 1.0f;
    }
  });
}
"""


def test_sycl_a_break_under_a_test_of_the_counter_is_a_second_bound() -> None:
    """The oneAPI form of the rule: min(kMax, n) reads, not "at most"; a data
    exit ahead of the counter's test leaves decision 27's bound."""
    path = "/build/src/leave_at.cpp"
    unit = parse_sycl(Path(path), SYCL_COUNTER_EXIT, {})
    assert not unit.errors
    (kernel,) = find_kernels(unit.translation_unit, path)
    sites = walk_kernel(kernel, "LeaveAt", SYCL_COUNTER_EXIT.splitlines()).sites
    counted = {site.text: classify(site, ndrange=False) for site in sites if site.kind == "load"}
    stored = [classify(site, ndrange=False) for site in sites if site.text == "out[t]"]
    copy = counted["a[i]"]
    assert copy.accesses is not None and copy.accesses.subs("n", 10) == 10 and copy.accesses.subs("n", 99) == 64
    assert not any("at most" in reason for reason in copy.count_reasons), copy.count_reasons
    (after_data,) = stored
    assert after_data.accesses is not None and any("at most" in reason for reason in after_data.count_reasons)
