"""Exact counts of guarded accesses (analyzer/access/guard_count.py).

The derived counts are compared with brute-force runs of the kernels' own
loops, written out here statement by statement: Rodinia pathfinder as
embedded in the zaragoza reports (BSIZE 256, SSIZE 16 from its
pathfinder_common.h) and the small kernels of fixtures/access/guards.cl.
A vector iteration counts, with all its lanes, when at least one lane of
the wide LSU is active (aoc issues the LSU's request then and moves the
whole width).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from pathlib import Path

import pytest
import sympy

from hlsight.analyzer.access import derive_access_facts, parse_expression
from hlsight.analyzer.access.classify import classify
from hlsight.analyzer.access.launch import solve_launch
from hlsight.analyzer.access.walker import AccessSite, walk_function
from hlsight.analyzer.estimate.evaluate import bind, numeric
from hlsight.parsers.csource import parse_c_file
from hlsight.parsers.loader import load_design
from tests.access_fixtures import FIXTURES, sycl_sites
from tests.conftest import CORPUS, run_cli, whatif_points
from tests.test_access_zaragoza import ZARAGOZA, derived

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "access" / "guards.cl"


def _facts(report: str, lsu_id: str) -> tuple[str, str]:
    design, found = derived(report)
    lsu = next(lsu for kernel in design.kernels for lsu in kernel.lsus if lsu.id == lsu_id)
    facts = found.access(lsu)
    assert facts is not None and facts.accesses is not None and facts.explanation is not None
    return facts.accesses, facts.explanation


def _given(expr: sympy.Expr, **values: float) -> dict[sympy.Symbol, sympy.Float]:
    return {s: sympy.Float(values[s.name]) for s in expr.free_symbols if isinstance(s, sympy.Symbol)}


def _count(text: str, **values: int) -> int:
    expr = parse_expression(text)
    exact = expr.subs(values).doit()
    fast = numeric(expr, _given(expr, **values))
    assert fast == pytest.approx(float(exact), rel=1e-12)  # the float path adds the Sum up the same way
    return int(exact)


def run_pathfinder(rem_rows: int, blocks: int) -> tuple[int, int, int]:
    """pathfinder_kernel_v5.cl lines 40-116 for ``blocks`` column blocks:
    (comp_exit, wall elements, dst elements). ``real_x >= 0 && real_x < cols``
    (the data size) and ``real_y >= 0`` are left out: the analysis counts
    them as always true and says so."""
    bsize, ssize, halo = 256, 16, rem_rows
    comp_exit = bsize // ssize * (rem_rows + 1) * blocks  # host: BSIZE * col_blocks * (rem_rows + 1) / SSIZE
    x = y = 0
    wall = dst = 0
    for _index in range(comp_exit):
        real_block_x = [x + i - halo for i in range(ssize)]
        lanes = [block_x >= y - halo and block_x < bsize - 2 * y for block_x in real_block_x]
        if any(lanes) and y != 0:  # center = (y == 0) ? in : wall[read_offset]
            wall += ssize
        if any(lanes) and y == rem_rows:  # if (y == rem_rows) dst[real_x] = ...
            dst += ssize
        x = (x + ssize) & (bsize - 1)
        if x == 0:
            y += 1
            if y == rem_rows + 1:
                y = 0
    return comp_exit, wall, dst


@pytest.mark.parametrize("report", ["ddr4-1866/pathfinder", "hbm2/pathfinder-tunel-atps"])
@pytest.mark.parametrize("rem_rows", [2, 20, 40, 99])
def test_pathfinder_halo_counted_per_vector(report: str, rem_rows: int) -> None:
    comp_exit, wall, dst = run_pathfinder(rem_rows, blocks=3)
    wall_text, _ = _facts(report, "dynproc_kernel/load1")
    dst_text, _ = _facts(report, "dynproc_kernel/store0")
    assert _count(wall_text, comp_exit=comp_exit, rem_rows=rem_rows) == wall
    assert _count(dst_text, comp_exit=comp_exit, rem_rows=rem_rows) == dst


def test_pathfinder_hand_count_rem_rows_2() -> None:
    """rem_rows = 2: rows y = 0, 1, 2 of 16 vectors each. Lane i of vector x is
    active when y <= x + i < 258 - 2y: every vector has an active lane on
    every row (y = 2: x + i in 2..253). wall skips row 0: 2 of 3 rows, dst
    only row 2: 1 of 3; per block 32 and 16 vector iterations, 16 lanes each."""
    comp_exit = 16 * 3  # one block
    wall_text, _ = _facts("ddr4-1866/pathfinder", "dynproc_kernel/load1")
    dst_text, _ = _facts("ddr4-1866/pathfinder", "dynproc_kernel/store0")
    assert _count(wall_text, comp_exit=comp_exit, rem_rows=2) == 32 * 16
    assert _count(dst_text, comp_exit=comp_exit, rem_rows=2) == 16 * 16


def test_pathfinder_large_halo_drops_vectors() -> None:
    """rem_rows = 99 (pyramid height 100): on row y the active lanes are
    y <= x + i < 355 - 2y, so whole vectors fall out at both ends: the
    upper bound (16*comp_exit*rem_rows/(rem_rows + 1)) overcounts wall by a
    third and dst (row 99: x + i in 99..156, vectors 6..9) four times."""
    comp_exit, wall, dst = run_pathfinder(99, blocks=1)
    assert dst == 4 * 16
    assert wall < 16 * comp_exit * 99 // 100 * 0.8


def test_pathfinder_note_says_what_was_counted_and_what_bounded() -> None:
    _, wall = _facts("ddr4-1866/pathfinder", "dynproc_kernel/load1")
    _, dst = _facts("ddr4-1866/pathfinder", "dynproc_kernel/store0")
    for note in (wall, dst):
        assert "counted exactly over `x` in 0..240 step 16, `y` in 0..rem_rows" in note
        assert "the 16 lanes of `i` are one wide LSU, which aoc issues when any lane is active" in note
        assert "i_2" not in note  # C names, not analysis symbols
    assert "y != 0" in wall.split("counted exactly")[0]
    assert "counted as always true (upper bound)" in wall and "< cols" in wall.split("upper bound")[0]
    # real_y >= 0 would make the count depend on starting_row: kept as a bound
    assert "starting_row + y >= 0" in dst.split("counted as always true")[0].rsplit("other conditions", 1)[1]


def test_src_row_test_keeps_its_share() -> None:
    text, note = _facts("ddr4-1866/pathfinder", "dynproc_kernel/load0")
    assert parse_expression(text) == parse_expression("16*comp_exit/(rem_rows + 1)")
    assert "`y == 0` holds in 1 of every rem_rows + 1 iterations" in note


@pytest.mark.parametrize(("report", "lanes", "last"), [("ddr4-1866/hotspot", 8, 504), ("hbm2/hotspot", 64, 448)])
def test_hotspot_halo_leaves_every_vector_active(report: str, lanes: int, last: int) -> None:
    """hotspot's dst store: 0 <= x + i - 1 < 510. Lane 0 of the first vector
    and the last lane of the final vector are off, but each vector keeps an
    active lane: the wide LSU still runs every iteration (share 1)."""
    text, note = _facts(report, "hotspot/store0")
    assert _count(text, comp_exit=1001, grid_rows=1000) == lanes * 1000
    assert f"`i + x - 1 >= 0; i + x - 1 < 510` counted exactly over `x` in 0..{last} step {lanes}" in note
    assert "bx + i + x - 1 < grid_cols) counted as always true (upper bound)" in note


def _site(marker: str, kind: str, local_size: tuple[int, int, int] | None = None) -> AccessSite:
    """The ``kind`` access on the line marked ``// @marker`` (``local_size``:
    the kernel's reqd_work_group_size, as the report's derivation reads it)."""
    unit = parse_c_file(FIXTURE)
    line = next(number for number, text in enumerate(FIXTURE.read_text().splitlines(), 1) if f"// @{marker}" in text)
    for func in unit.functions().values():
        walker = walk_function(unit, func, {unit.filename: unit.lines}, local_size)
        for site in walker.sites:
            if site.line == line and site.kind == kind:
                return site
    raise AssertionError(marker)


def _brute_halo(rows: int) -> int:
    """Vector iterations of one (x, y) cycle of kernel `halo` with an active lane."""
    active = 0
    for y in range(rows + 1):
        for x in range(0, 64, 8):
            if any(x + i >= 3 * y and x + i < 64 - y and y != 1 for i in range(8)):
                active += 1
    return active


@pytest.mark.parametrize("rows", [0, 1, 3, 7, 20])
def test_fixture_halo_against_brute_force(rows: int) -> None:
    result = classify(_site("halo", "store"), ndrange=False)
    assert result.accesses is not None
    n = 8 * (rows + 1) * 5  # five whole (x, y) cycles
    assert _count(str(result.accesses), n=n, rows=rows) == 5 * 8 * _brute_halo(rows)
    assert "any lane is active" in " ".join(result.count_reasons)


def test_unpaced_row_counter_is_not_counted_jointly() -> None:
    """y advances on `flag == index`, not on x's wrap: the (x, y) pairs need
    not be uniform, so the lane test on x and y stays an upper bound and
    only `y != 1` takes its share of the row cycle: rows of every rows + 1,
    or all of them when the cycle is the single row 0."""
    result = classify(_site("unpaced", "store"), ndrange=False)
    assert result.accesses is not None
    for rows in (0, 1, 3, 7):
        n = 8 * (rows + 1)
        assert _count(str(result.accesses), n=n, rows=rows) == 8 * n * max(rows, 1) // (rows + 1)
    reasons = " ".join(result.count_reasons)
    assert "counted exactly" not in reasons
    assert re.search(r"other conditions \(i \+ x >= 3\*y\) counted as always true", reasons)


def test_lanes_apart_are_not_one_lsu() -> None:
    result = classify(_site("spread", "load"), ndrange=False)
    assert result.accesses is not None
    assert parse_expression(str(result.accesses)) == parse_expression("8*n")
    assert "counted as always true (upper bound)" in " ".join(result.count_reasons)


def test_bound_sum_is_added_up_not_evaluated_by_euler_maclaurin() -> None:
    """A Sum whose limits become numbers inside a Max: bind adds it up (sympy
    would evalf it through derivatives of floor and fail to compare)."""
    total = parse_expression("Max(n, Sum(IMax(0, IMin(1, 4 - y))*floor((y + 1)/2), (y, 0, rows)))")
    exact = sum(max(0, min(1, 4 - v)) * ((v + 1) // 2) for v in range(10))  # 0 + 1 + 1 + 2 = 4
    assert exact == 4
    assert numeric(total, _given(total, rows=9, n=1)) == exact
    assert float(bind(total, _given(total, rows=9, n=1))) == exact
    partial = bind(total, {sympy.Symbol("rows"): sympy.Float(9)})
    assert partial.free_symbols == {sympy.Symbol("n")} and float(partial.subs("n", 1)) == exact
    rows = parse_expression("Sum(y, (y, 0, n))")
    assert numeric(rows, _given(rows, n=2.5)) == 0 + 1 + 2  # the integer rows in 0..2.5
    assert numeric(rows, _given(rows, n=10**7)) is None  # beyond SUM_TERMS: no value (and no sympy evalf)


def test_launch_solver_adds_the_row_sum_up_before_relaxing_floors() -> None:
    """1e6 wall elements at rem_rows 20: 312 of the 336 (x, y) vector
    iterations of a block read wall (rows 1..20; rows 16..20 lose one or two
    vectors), 16 lanes each: comp_exit = 1e6 * 336 / (16 * 312)."""
    design, found = derived("ddr4-1866/pathfinder")
    launch = solve_launch(design, found, 1e6, {"rem_rows": 20})
    assert launch.values["comp_exit"] == pytest.approx(1e6 * 336 / (16 * 312))
    comp_exit, wall, _dst = run_pathfinder(20, blocks=1)
    assert (comp_exit, wall) == (336, 312 * 16)


def test_whatif_sweeps_the_row_cycle_and_refuses_to_solve_for_it() -> None:
    """Sweeping rem_rows (a Sum limit) evaluates point by point and agrees
    with analyze; solving for it has no continuous answer: exit 2 with the
    way out; solving for comp_exit (the Sum then bound) still works."""
    report = str(ZARAGOZA / "reports" / "ddr4-1866" / "pathfinder")
    swept = run_cli("whatif", report, "--set", "comp_exit=155568", "--sweep", "rem_rows=2,20", "--format", "json")
    assert swept.code == 0, swept.stderr
    for point in whatif_points(json.loads(swept.stdout)):
        single = run_cli("analyze", report, "--set", "comp_exit=155568", "--set", f"rem_rows={point['rem_rows']:g}",
                         "--format", "json")
        assert point["seconds"] == pytest.approx(json.loads(single.stdout)["estimate"]["seconds"], rel=1e-12)
    refused = run_cli("whatif", report, "--set", "comp_exit=155568", "--solve", "rem_rows", "--for-time", "900us")
    assert refused.code == 2 and "--sweep rem_rows=a,b,c" in refused.stderr and "Traceback" not in refused.stderr
    solved = run_cli("whatif", report, "--set", "rem_rows=20", "--solve", "comp_exit", "--for-time", "1ms")
    # comp_exit is a kernel argument (int): the largest whole value within 1 ms (the real root was 185897.9)
    assert solved.code == 0 and solved.stdout.startswith("comp_exit = 185,897 gives 999.99")
    assert "the largest whole comp_exit within 1 ms (comp_exit = 185,898 gives 1.00000" in solved.stdout


def test_nw_block_row_test_counts_one_iteration_in_sixteen() -> None:
    """nw_kernel_v5.cl: `data[read_index]` (4 unrolled lanes) runs under
    `if (block_row == 0)` and `block_row = (block_row + 1) & 15` every
    iteration, so in 1 of 16 iterations: loop_exit * 4 / 16 elements (the
    upper bound counted it in all 16; nw-ddr4's estimate moved 1.407 ->
    1.282 ms, docs/model.md decision 14)."""
    text, note = _facts("ddr4-1866/nw", "nw_kernel1/load1")
    assert parse_expression(text) == parse_expression("loop_exit/4")
    assert "`block_row == 0` counted exactly over `block_row` in 0..15" in note
    assert "other conditions (comp_col_offset + i < dim - 1; block_offset + block_row < dim - 1) counted as" in note


STEPPING = """__attribute__((max_global_work_dim(0)))
__kernel void k(__global int* restrict out, int rows, int n)
{{
    int x = 0;
    int y = {y_start};
    for (int index = 0; index < n; index++) {{
        #pragma unroll
        for (int i = 0; i < 8; i++) {{
            if ({guard}) {{
                out[x + i] = 1;
            }}
        }}
        {step}
        if (x == 0) {{
            y++;
            if (y == rows + 1) {{
                y = 0;
            }}
        }}
    }}
}}
"""


def _stepping_count(tmp_path: Path, guard: str, step: str = "x = (x + 8) & 63;", y_start: int = 0) -> tuple[str, str]:
    """Access count and reasons of the store in a kernel whose x steps by 8
    modulo 64 and whose y counts x's wraps modulo rows + 1."""
    path = tmp_path / "k.cl"
    path.write_text(STEPPING.format(guard=guard, step=step, y_start=y_start))
    unit = parse_c_file(path)
    walker = walk_function(unit, unit.functions()["k"], {unit.filename: unit.lines})
    (site,) = [site for site in walker.sites if site.kind == "store"]
    result = classify(site, ndrange=False)
    assert result.accesses is not None
    return str(result.accesses), " ".join(result.count_reasons)


def _brute_stepping(active: object, rows: int, n: int, y_start: int = 0) -> int:
    """8 accesses per iteration with an active lane, as the kernel runs."""
    x, y, count = 0, y_start, 0
    for _ in range(n):
        if any(active(x, y, i) for i in range(8)):  # type: ignore[operator]
            count += 8
        x = (x + 8) & 63
        if x == 0:
            y += 1
            if y == rows + 1:
                y = 0
    return count


def test_a_lane_bound_stays_in_the_exact_count(tmp_path: Path) -> None:
    """`i < 4` bounds the active lanes to 0..3 (4 elements per iteration);
    `x + i >= 60` must then hold on one of those lanes: never (x <= 56),
    and `x + i >= 52` only at x = 56, one iteration in 8."""
    never, _ = _stepping_count(tmp_path, "i < 4 && x + i >= 60")
    assert parse_expression(never) == 0
    once, _ = _stepping_count(tmp_path, "i < 4 && x + i >= 52")
    assert parse_expression(once) == parse_expression("4*n/8")


def test_c_remainder_of_a_falling_counter_is_not_an_orbit(tmp_path: Path) -> None:
    """C's % truncates: x = (x - 8) % 64 from 0 runs 0, -8, ..., -56, so no
    lane ever reaches 32. Not a modulo orbit: the guard stays an upper bound."""
    count, reasons = _stepping_count(tmp_path, "x + i >= 32", step="x = (x - 8) % 64;")
    assert parse_expression(count) == parse_expression("8*n")
    assert "counted as always true (upper bound)" in reasons
    masked, _ = _stepping_count(tmp_path, "x + i >= 32", step="x = (x - 8) & 63;")
    assert parse_expression(masked) == parse_expression("8*n/2")  # & is a true modulo: x = 56, 48, 40, 32


@pytest.mark.parametrize(("guard", "active"), [
    ("3 * x + i < y + 2", lambda x, y, i: 3 * x + i < y + 2),
    ("y >= 3 && x + i < 10", lambda x, y, i: y >= 3 and x + i < 10),
    ("y == 2", lambda x, y, i: y == 2),
    ("y != 2", lambda x, y, i: y != 2),
    ("y == 0 - 1", lambda x, y, i: y == -1),
])
def test_row_and_stepping_counts_against_the_kernel_run(tmp_path: Path, guard: str, active: object) -> None:
    """Every row count from 0 (a one-row cycle) to 30, through the float
    path an estimate takes: floor(y/24 + 1/24) at y = 23 is 1, not the
    0.99999999999999989 doubles give; a threshold past the cycle's end
    holds never or always, not a negative share."""
    count, _ = _stepping_count(tmp_path, guard)
    for rows in range(31):
        n = 8 * (rows + 1) * 3
        assert _count(count, n=n, rows=rows) == _brute_stepping(active, rows, n), rows


def test_a_row_counter_entering_past_its_reset_is_no_cycle(tmp_path: Path) -> None:
    """y from 7 with `if (y == rows + 1) y = 0`: for rows < 6 it never
    wraps and never equals 2. Not counted as 1 of every rows + 1 rows: the
    test stays an upper bound, which the kernel's runs never exceed."""
    count, reasons = _stepping_count(tmp_path, "y == 2", y_start=7)
    assert "counted as always true (upper bound)" in reasons
    for rows in range(12):
        n = 8 * (rows + 1) * 3
        assert _count(count, n=n, rows=rows) >= _brute_stepping(lambda x, y, i: y == 2, rows, n, y_start=7)


def test_a_guard_through_a_bool_temporary_is_its_test() -> None:
    """T2S's loaders test through temporaries (someoneinjd/t2sp GER's yLoader:
    ``bool _23 = i < _22; if (_23)`` over a loop one longer than I): the
    temporary's test counts, where it was declared; one assigned again
    since is an unknown condition, counted as always true."""
    inside = classify(_site("through_temporary", "store"), ndrange=False)
    assert inside.accesses is not None and parse_expression(str(inside.accesses)) == parse_expression("n")
    assert "only iterations where i < n" in " ".join(inside.count_reasons)
    stale = classify(_site("reassigned", "store"), ndrange=False)
    assert stale.accesses is not None and parse_expression(str(stale.accesses)) == parse_expression("n + 1")
    assert "counted as always true (upper bound)" in " ".join(stale.count_reasons)


@pytest.mark.parametrize("marker", ["either_temporaries", "either_inline"])
def test_an_or_of_two_counter_tests_counts_each_and_their_overlap_once(marker: str) -> None:
    """someoneinjd/t2sp GER's yLoader writes its channel under ``_20 = _15 ||
    _19`` (``j == 0 || i < I``, the loop over i one longer than I): counted as
    always true that was 16 (I + 1) J writes, an upper bound the feeder's count
    inherited; by inclusion-exclusion it is (I + 1) + I J - I per 16 lanes."""
    result = classify(_site(marker, "store"), ndrange=False)
    assert result.accesses is not None
    count = parse_expression(str(result.accesses))
    brute = {(n, m): sum(1 for i in range(n + 1) for j in range(m) if j == 0 or i < n)
             for n, m in ((3, 5), (0, 4), (7, 1), (2, 0))}
    for (n, m), expected in brute.items():
        assert numeric(count, {sympy.Symbol("n"): n, sympy.Symbol("m"): m}) == expected, (n, m)
    reasons = " ".join(result.count_reasons)
    assert "each counted and their overlap once" in reasons and "upper bound" not in reasons


def test_an_or_with_a_data_side_stays_an_upper_bound() -> None:
    result = classify(_site("either_data", "store"), ndrange=False)
    assert result.accesses is not None and parse_expression(str(result.accesses)) == parse_expression("m*(n + 1)")
    assert "counted as always true (upper bound)" in " ".join(result.count_reasons)


def test_a_counter_test_counts_from_the_loops_first_value() -> None:
    """`for (j = 1; ...) if (j < 5)` runs its body for j = 1..4: 4 times (the
    test's threshold was taken as a count from 0, which gave 5)."""
    result = classify(_site("from_one", "store"), ndrange=False)
    assert result.accesses is not None
    count = parse_expression(str(result.accesses))
    for n in range(0, 9):  # and fewer when the loop ends before j reaches 5
        assert numeric(count, {sympy.Symbol("n"): n}) == sum(1 for j in range(1, n) if j < 5), n


def test_sycl_guards_count_chains_and_ors_as_the_c_walker() -> None:
    """The SYCL walker read only a guard that is one comparison; an ``&&``
    chain and an ``||`` of two chains count as in C (``fixtures/access/guards.cpp``)."""
    sites = sycl_sites(FIXTURES / "guards.cpp")
    stores = {site.text: classify(site, ndrange=False) for site in sites["either"] if site.kind == "store"}
    either = stores["out[i * m + j]"].accesses
    both = stores["out[i * m + j + 1]"].accesses
    (through,) = [classify(site, ndrange=False).accesses for site in sites["temporaries"] if site.kind == "store"]
    assert either is not None and both is not None and through is not None
    for n, m in ((3, 5), (0, 4), (7, 1), (2, 0)):
        values = {sympy.Symbol("n"): n, sympy.Symbol("m"): m}
        for count in (either, through):
            assert numeric(parse_expression(str(count)), values) == sum(
                1 for i in range(n + 1) for j in range(m) if j == 0 or i < n), (n, m)
    # `j < 3` is taken as 3 iterations of the j loop: exact while the loop runs at least 3 (as in C)
    for n, m in ((3, 5), (2, 3), (0, 4)):
        values = {sympy.Symbol("n"): n, sympy.Symbol("m"): m}
        assert numeric(parse_expression(str(both)), values) == sum(
            1 for i in range(n + 1) for j in range(m) if i < n and j < 3), (n, m)


def test_the_else_of_an_or_of_two_tests_holds_both_negated() -> None:
    result = classify(_site("neither", "store"), ndrange=False)
    assert result.accesses is not None
    count = parse_expression(str(result.accesses))
    for n, m in ((3, 5), (0, 4), (7, 1), (2, 0)):
        expected = sum(1 for i in range(n + 1) for j in range(m) if not (j == 0 or i < n))
        assert numeric(count, {sympy.Symbol("n"): n, sympy.Symbol("m"): m}) == expected, (n, m)
    assert "upper bound" not in " ".join(result.count_reasons)


_GRIDS = [(n, m) for n in range(6) for m in range(6)]


def _grid_count(marker: str) -> sympy.Expr:
    result = classify(_site(marker, "store"), ndrange=False)
    assert result.accesses is not None
    assert "upper bound" not in " ".join(result.count_reasons), result.count_reasons
    return parse_expression(str(result.accesses))


@pytest.mark.parametrize(("marker", "holds"), [
    ("borders_three", lambda i, j, n, m: j == 0 or i == 0 or j == m - 1),
    ("borders_interior", lambda i, j, n, m: 0 < j < m - 1 and 0 < i < n - 1),
    ("borders_last", lambda i, j, n, m: j == m - 1),
    ("skipped_interior", lambda i, j, n, m: not (j == 0 or j == m - 1 or i == 0 or i == n - 1)),
    ("border_else", lambda i, j, n, m: not (0 < j < m - 1 and 0 < i < n - 1)),
    ("shifted", lambda i, j, n, m: i < n - 1 and 1 <= j <= m - 2),  # written i + 1 < n, 0 < j, m - 2 >= j
    ("borders_corners", lambda i, j, n, m: i in (0, n - 1) and j in (0, m - 1)),  # two `||`s: four sides
])
def test_grid_boundary_guards_count_exactly(marker: str, holds: Callable[[int, int, int, int], bool]) -> None:
    """Stencil and image kernels guard their borders: an ``||`` of three
    counter tests (inclusion-exclusion over three sides), an interior ``&&``
    range of two tests on each counter, a test on a value fixed per launch
    (``j == m - 1``), and ``if (...) continue;`` whose rest of the body runs
    under the negated ``||`` of four tests; the else of the interior range,
    the ``||`` of its four negated tests; tests written with an offset or
    from the other side (``i + 1 < n``, ``0 < j``); two ``||`` parts under one
    ``&&`` (a grid's corners), the ``||`` of the four pairs. Counted as always true they were
    n m each (the `continue` without a word); every grid of up to 5 x 5,
    the empty and one-wide ones included, against the loops run by hand."""
    count = _grid_count(marker)
    for n, m in _GRIDS:
        if marker == "shifted" and n == 0:
            continue  # one test on a counter takes its bound in the loop's range: i + 1 < n means n >= 1
        expected = sum(1 for i in range(n) for j in range(m) if holds(i, j, n, m))
        assert numeric(count, {sympy.Symbol("n"): n, sympy.Symbol("m"): m}) == expected, (n, m)


def test_an_interior_range_reads_as_the_source_means_it() -> None:
    """Two tests on one counter give the range between them, never below none."""
    assert _grid_count("borders_interior") == parse_expression("IMax(0, m - 2)*IMax(0, n - 2)")
    assert _grid_count("skipped_interior") == parse_expression("IMax(0, m - 2)*IMax(0, n - 2)")


def test_an_early_return_counts_the_work_items_it_keeps() -> None:
    """``if (gid >= n) return;`` left the rest of an NDRange kernel counted
    once per work-item with nothing said; a 1-D launch's ids run over
    0..work_items - 1 once each, so it is min(work_items, n) (a launch rounded
    up to whole work-groups runs more work-items than n)."""
    result = classify(_site("leaves", "store"), ndrange=True)
    assert result.accesses is not None and parse_expression(str(result.accesses)) == parse_expression(
        "IMin(work_items, n)")
    assert "only work-items where get_global_id(0) < n: IMin(work_items, n)" in " ".join(result.count_reasons)
    # a 2-D launch repeats get_global_id(0) below global_size0 in every row: that share of the work-items
    flat = classify(_site("leaves_2d", "store"), ndrange=True)
    assert flat.accesses is not None and parse_expression(str(flat.accesses)) == parse_expression(
        "work_items*IMin(global_size0, n)/global_size0")
    assert "upper bound" not in " ".join(flat.count_reasons)


def _launch_count(count: sympy.Expr, **values: int) -> int:
    """``count`` on a launch of the sizes given (``global_size0``...;
    ``range0``...), whose work_items is their product."""
    sizes = [value for name, value in values.items() if name.startswith(("global_size", "range"))]
    given = {sympy.Symbol(name): value for name, value in values.items()}
    given[sympy.Symbol("work_items")] = math.prod(sizes)
    return int(numeric(count, given))


_LAUNCHES = [(g0, g1) for g0 in (1, 3, 8, 16) for g1 in (1, 2, 5, 16)]


def test_a_launch_grid_border_counts_the_ids_inside() -> None:
    """``if (x < w && y < h)`` on a 2-D launch rounded up past w x h: the
    work-items inside, min(global_size0, w) x min(global_size1, h), as a
    share of work_items (it was every work-item, an upper bound said)."""
    result = classify(_site("inside_grid", "store"), ndrange=True)
    assert result.accesses is not None and "upper bound" not in " ".join(result.count_reasons)
    assert "only work-items where get_global_id(0) < w and get_global_id(1) < h" in " ".join(result.count_reasons)
    count = parse_expression(str(result.accesses))
    for g0, g1 in _LAUNCHES:
        for w, h in ((0, 0), (1, 1), (4, 3), (8, 16), (20, 20)):
            expected = sum(1 for x in range(g0) for y in range(g1) if x < w and y < h)
            assert _launch_count(count, global_size0=g0, global_size1=g1, w=w, h=h) == expected, (g0, g1, w, h)


def test_sycl_corners_count_as_the_c_walker() -> None:
    """Two ``||`` parts under one ``&&`` in SYCL: the C walker's four-sided count."""
    (site,) = [site for site in sycl_sites(FIXTURES / "guards.cpp")["corners"] if site.kind == "store"]
    count = classify(site, ndrange=False).accesses
    assert count is not None and parse_expression(str(count)) == _grid_count("borders_corners")


def test_sycl_grid_borders_count_by_the_range_names() -> None:
    """The same border in SYCL: idx[0] (the row, SYCL's first dimension) runs below range0."""
    (site,) = [site for site in sycl_sites(FIXTURES / "guards.cpp")["inside_grid"] if site.kind == "store"]
    result = classify(site, ndrange=True)
    count = result.accesses
    assert count is not None
    assert "only work-items where idx[0] < n and idx[1] < m" in " ".join(result.count_reasons)  # as written
    for r0, r1 in _LAUNCHES:
        for n, m in ((0, 3), (2, 2), (5, 20)):
            expected = sum(1 for row in range(r0) for column in range(r1) if row < n and column < m)
            assert _launch_count(parse_expression(str(count)), range0=r0, range1=r1, n=n, m=m) == expected


def test_id_tests_read_from_either_side_or_shifted_count_exactly() -> None:
    """``gid + k < n && n - 1 > gid``: gid < n - k and gid < n - 1."""
    result = classify(_site("shifted_ids", "store"), ndrange=True)
    assert result.accesses is not None and "upper bound" not in " ".join(result.count_reasons)
    count = parse_expression(str(result.accesses))
    for items in range(0, 12):
        for n in range(0, 12):
            for k in range(0, 4):
                expected = sum(1 for gid in range(items) if gid + k < n and n - 1 > gid)
                assert _count_at(count, work_items=items, n=n, k=k) == expected, (items, n, k)


def _groups_count(holds: Callable[..., bool], items: int, local: int) -> int:
    """Work-items of a 1-D launch of ``items`` in work-groups of ``local`` whose (gid, lid) pass."""
    return sum(1 for gid in range(items) if holds(gid, gid % local))


def test_a_local_id_test_counts_its_share_of_every_work_group() -> None:
    """``if (get_local_id(0) == 0)``, a reduction's store per work-group, ran
    once per work-item (an upper bound said, 64 x too many with 64-wide
    groups); every work-group runs its local ids once, so it is the passing
    share of them: work_items / 64 where reqd_work_group_size fixes 64, of
    the host's ``local_size0`` otherwise."""
    fixed = classify(_site("per_group", "store", local_size=(64, 1, 1)), ndrange=True)
    assert fixed.accesses is not None and str(fixed.accesses) == "work_items/64"
    assert "only work-items where get_local_id(0) == 0: work_items/64" in " ".join(fixed.count_reasons)
    lanes = classify(_site("first_lanes", "store"), ndrange=True)
    assert lanes.accesses is not None and "upper bound" not in " ".join(lanes.count_reasons)
    count = parse_expression(str(lanes.accesses))
    for local in (1, 2, 4, 8):
        for groups in (1, 3):
            for k in range(0, 10):
                expected = _groups_count(lambda _gid, lid, k=k: lid < k and lid != 1, groups * local, local)
                assert _count_at(count, work_items=groups * local, local_size0=local, k=k) == expected
    mixed = classify(_site("mixed_ids", "store"), ndrange=True)
    assert mixed.accesses is not None and str(mixed.accesses) == "IMin(work_items, n)"
    assert "other conditions (get_local_id(0) == 0) counted as always true (upper bound)" in " ".join(
        mixed.count_reasons)


def test_a_remainder_of_a_local_id_counts_within_its_range() -> None:
    """``lid % 2 == 0 && lid < n`` in 8-wide work-groups: the even local ids below min(8, n)."""
    result = classify(_site("even_lanes", "store", local_size=(8, 1, 1)), ndrange=True)
    assert result.accesses is not None and "upper bound" not in " ".join(result.count_reasons)
    count = parse_expression(str(result.accesses))
    for groups in (1, 2, 5):
        for n in range(0, 11):
            expected = _groups_count(lambda _gid, lid, n=n: lid % 2 == 0 and lid < n, 8 * groups, 8)
            assert _count_at(count, work_items=8 * groups, n=n) == expected, (groups, n)


def test_sycl_local_ids_count_over_the_local_range() -> None:
    """``if (it.get_local_id(0) == 0)`` in an nd_range kernel: the share of
    each work-group of the host's ``local_range0``, or of the 64 the
    launch's ``nd_range<1>(range<1>(1024), range<1>(64))`` fixes (session
    29; it asked for ``local_range0``, a number the source holds)."""
    sites = sycl_sites(FIXTURES / "guards.cpp")
    (host,) = [site for site in sites["per_group_host"] if site.kind == "store"]
    result = classify(host, ndrange=True)
    assert result.accesses is not None and "upper bound" not in " ".join(result.count_reasons)
    count = parse_expression(str(result.accesses))
    for local in (1, 16, 64):
        assert _count_at(count, work_items=1024, local_range0=local) == 1024 // local
    (fixed,) = [site for site in sites["per_group"] if site.kind == "store"]
    count = parse_expression(str(classify(fixed, ndrange=True).accesses))
    assert "local_range0" not in str(count) and _count_at(count, work_items=1024) == 1024 // 64


def test_local_ids_of_two_dimensions_and_group_ids_count_apart() -> None:
    """8 x 8 work-groups: ``lid0 == 0 && lid1 < 4`` is 4 of every 64 (each
    id its own share, though both run below 8); ``grp < n && lid == 0`` on
    64-wide groups is min(work_items / 64, n)."""
    corner = classify(_site("tile_corner", "store", local_size=(8, 8, 1)), ndrange=True)
    assert corner.accesses is not None
    count = parse_expression(str(corner.accesses))
    for g0, g1 in ((1, 1), (2, 3), (4, 4)):
        expected = sum(1 for x in range(8 * g0) for y in range(8 * g1) if x % 8 == 0 and y % 8 < 4)
        assert _count_at(count, work_items=64 * g0 * g1, global_size0=8 * g0, global_size1=8 * g1) == expected
    groups = classify(_site("first_groups", "store", local_size=(64, 1, 1)), ndrange=True)
    assert groups.accesses is not None and parse_expression(str(groups.accesses)) == parse_expression(
        "IMin(work_items/64, n)")
    assert "upper bound" not in " ".join(groups.count_reasons)


def _count_at(count: sympy.Expr, **values: int) -> int:
    return int(numeric(count, {sympy.Symbol(name): value for name, value in values.items()}))


def test_a_test_of_two_ids_stays_an_upper_bound_said() -> None:
    result = classify(_site("diagonal", "store"), ndrange=True)
    assert result.accesses is not None and str(result.accesses) == "work_items"
    assert "other conditions (get_global_id(0) < get_global_id(1)) counted as always true (upper bound)" in " ".join(
        result.count_reasons)


def test_an_early_exit_on_data_is_said_not_dropped() -> None:
    result = classify(_site("skipped_data", "store"), ndrange=False)
    assert result.accesses is not None and str(result.accesses) == "n"
    assert "other conditions (in[i] >= 0) counted as always true (upper bound)" in " ".join(result.count_reasons)


def test_sycl_early_exits_count_as_the_c_walker() -> None:
    """The SYCL walker reads ``if (...) continue;`` and ``if (i >= n) return;`` as the C one does."""
    sites = sycl_sites(FIXTURES / "guards.cpp")
    (skipped,) = [site for site in sites["skipped"] if site.kind == "store"]
    (leaves,) = [site for site in sites["leaves"] if site.kind == "store"]
    count = classify(skipped, ndrange=False).accesses
    assert count is not None and parse_expression(str(count)) == parse_expression("IMax(0, m - 2)*IMax(0, n - 2)")
    kept = classify(leaves, ndrange=True).accesses
    assert kept is not None and parse_expression(str(kept)) == parse_expression("IMin(work_items, n)")


def test_an_else_that_leaves_keeps_the_rest_under_the_test() -> None:
    """``if (i < m) ... else continue;``: the rest of the body runs where ``i < m`` holds."""
    result = classify(_site("kept", "store"), ndrange=False)
    assert result.accesses is not None
    count = parse_expression(str(result.accesses))  # min(n, m): m may pass the loop's end
    for n, m in _GRIDS:
        assert numeric(count, {sympy.Symbol("n"): n, sympy.Symbol("m"): m}) == min(n, m), (n, m)
    assert "only iterations where i < m" in " ".join(result.count_reasons)


@pytest.mark.parametrize(("marker", "holds"), [("odds", lambda i: i % 2 == 1), ("thirds", lambda i: (i + 1) % 3 != 0)])
def test_a_remainder_test_counts_every_pth_iteration(marker: str, holds: Callable[[int], bool]) -> None:
    """``i % 2 == 1`` in a loop from 1: the odd i of 1..n - 1 (it was n - 1, an upper bound)."""
    result = classify(_site(marker, "store"), ndrange=False)
    assert result.accesses is not None and "upper bound" not in " ".join(result.count_reasons)
    count = parse_expression(str(result.accesses))
    for n in range(1, 12):
        assert numeric(count, {sympy.Symbol("n"): n}) == sum(1 for i in range(1, n) if holds(i)), n


def test_a_remainder_test_beside_a_range_counts_within_it() -> None:
    """``i < m && i % 3 == 1`` in a loop from 2: the i of 2..min(n, m) - 1 that leave 1."""
    result = classify(_site("strided_below", "store"), ndrange=False)
    assert result.accesses is not None and "upper bound" not in " ".join(result.count_reasons)
    count = parse_expression(str(result.accesses))
    for n in range(0, 14):
        for m in range(2, n + 1):  # a single range test's bound lies in the loop's range
            values = {sympy.Symbol("n"): n, sympy.Symbol("m"): m}
            assert numeric(count, values) == sum(1 for i in range(2, n) if i < m and i % 3 == 1), (n, m)


def test_a_remainder_test_of_a_work_item_id_counts_every_pth_work_item() -> None:
    """``gid < n && gid % 4 == 0`` on a 1-D launch: the multiples of 4 below min(work_items, n)."""
    result = classify(_site("every_fourth", "store"), ndrange=True)
    assert result.accesses is not None and "upper bound" not in " ".join(result.count_reasons)
    assert "get_global_id(0) < n and Mod(get_global_id(0), 4) == 0" in " ".join(result.count_reasons)
    count = parse_expression(str(result.accesses))
    for items in range(0, 13):
        for n in range(0, 13):
            values = {sympy.Symbol("work_items"): items, sympy.Symbol("n"): n}
            assert numeric(count, values) == sum(1 for gid in range(items) if gid < n and gid % 4 == 0), (items, n)


def test_loop_tests_are_shown_as_the_source_writes_them() -> None:
    """The 520N mmult's on-chip loads under ``if (j < b_col)`` in ``for (j < 12)``:
    the sentence named the walk's renamed counter (``j_9 < b_col``)."""
    design = load_design(CORPUS / "aoc" / "aoc18.1.1pro_s10_520n_saxpy_vscale" / "reportIntel" / "mmult" / "reports")
    found = derive_access_facts(design)
    (lsu,) = [lsu for kernel in design.kernels for lsu in kernel.lsus if lsu.id == "mmult/load5"]
    facts = found.access(lsu)
    assert facts is not None and facts.explanation is not None
    assert "only iterations where j < b_col" in facts.explanation
    assert not re.search(r"\b[ij]_\d+\b", facts.explanation)
