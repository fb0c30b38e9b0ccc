"""Guard counts against the loops run by hand, on conditions drawn at random.

Each kernel of a generated OpenCL file runs ``for (i < n) for (j < m)`` and
stores under a condition built from tests on the two counters (against 0, 1,
2, n, m, n - 1, m - 1, m - 2 or n - 2, written either way round, with an
offset, or as a remainder), joined by ``&&`` and ``||`` up to two levels,
as an if, an else or an ``if (...) continue;``. Whatever the analysis
counts exactly must equal the brute-force count, and what it calls an upper
bound must not be below it. Exact counts are checked where every bound lies
in its loop's range (n, m >= 3): one test on a counter against a bound of
the loop's own size is read as the source means it (docs/model.md decision
58); the deterministic grids of test_guard_count.py cover the smaller sizes.
The same is drawn for a 1-D launch's id and a 2-D launch's two ids (decision 59).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import sympy

from hlsight.analyzer.access import parse_expression
from hlsight.analyzer.access.classify import classify
from hlsight.analyzer.access.walker import walk_function
from hlsight.analyzer.estimate.evaluate import numeric
from hlsight.parsers.csource import parse_c_file

_OPS = ["<", "<=", ">", ">=", "==", "!="]
_BOUNDS = ["0", "1", "2", "n", "m", "n - 1", "m - 1", "m - 2", "n - 2"]
_SHAPES = {
    "if": "if ({c}) out[i * m + j] = 1.0f;",
    "else": "if ({c}) out[0] = 0.0f; else out[i * m + j] = 1.0f;",
    "continue": "if ({c}) continue; out[i * m + j] = 1.0f;",
}


def _test(draw: random.Random) -> str:
    """A test of the loop counter i or j."""
    return _compared(draw, draw.choice("ij"), _BOUNDS, (2, 3))


def _joined(draw: random.Random, leaf: Callable[[random.Random], str], either: float, both: float,
            depth: int = 0) -> str:
    """A condition of ``leaf`` tests under ``||`` (share ``either``) and ``&&`` (up to ``both``), two levels deep."""
    pick = draw.random()
    if depth < 2 and pick < both:
        joint = " || " if pick < either else " && "
        return joint.join(f"({_joined(draw, leaf, either, both, depth + 1)})" for _side in range(2))
    return leaf(draw)


def _condition(draw: random.Random) -> str:
    return _joined(draw, _test, 0.3, 0.6)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_guards_count_as_the_loops_run(tmp_path: Path, seed: int) -> None:
    draw = random.Random(seed)
    cases = [(_condition(draw), draw.choice(sorted(_SHAPES))) for _ in range(40)]
    source = tmp_path / "guards.cl"
    source.write_text("\n".join(
        f"__attribute__((max_global_work_dim(0)))\n__kernel void k{number}(__global float* restrict out, int n,"
        f" int m)\n{{\n\tfor (int i = 0; i < n; i++)\n\t\tfor (int j = 0; j < m; j++)\n\t\t{{\n\t\t\t"
        f"{_SHAPES[shape].format(c=condition)}\n\t\t}}\n}}\n"
        for number, (condition, shape) in enumerate(cases)))
    unit = parse_c_file(source)
    exact = 0
    for number, (condition, shape) in enumerate(cases):
        walker = walk_function(unit, unit.functions()[f"k{number}"], {unit.filename: unit.lines})
        (site,) = [site for site in walker.sites if site.kind == "store" and site.text != "out[0]"]
        result = classify(site, ndrange=False)
        assert result.accesses is not None
        count = parse_expression(str(result.accesses))
        upper = "upper bound" in " ".join(result.count_reasons)
        exact += not upper
        runs = eval(f"lambda i, j, n, m: {condition.replace('||', ' or ').replace('&&', ' and ')}")
        for n in range(6):
            for m in range(6):
                passes = sum(1 for i in range(n) for j in range(m) if runs(i, j, n, m) == (shape == "if"))
                value = numeric(count, {sympy.Symbol("n"): n, sympy.Symbol("m"): m})
                if upper:
                    assert value is None or value >= passes, (condition, shape, n, m)
                elif n >= 3 and m >= 3:
                    assert value == passes, (condition, shape, n, m, str(result.accesses))
    assert exact >= 20, exact  # most of them count exactly


def _id_test(draw: random.Random) -> str:
    """A test of a 1-D launch's id ``gid`` against 0, 1, 2, n, n - 1 or n - 2."""
    bound, form = draw.choice(["0", "1", "2", "n", "n - 1", "n - 2"]), draw.random()
    if form < 0.6:
        return f"gid {draw.choice(_OPS)} {bound}"
    if form < 0.8:
        return f"{bound} {draw.choice(_OPS)} gid"
    return f"gid % {draw.choice([2, 3])} {draw.choice(['==', '!='])} {draw.choice([0, 1])}"


_NDRANGE_SHAPES = {"if": "if ({c}) out[{i}] = 1.0f;", "return": "if ({c}) return; out[{i}] = 1.0f;"}


def _launch_cases(tmp_path: Path, draw: random.Random, leaf: Callable[[random.Random], str], params: str,
                  prelude: str, index: str, attribute: str = "",
                  local_size: tuple[int, int, int] | None = None) -> Iterator[tuple[str, str, sympy.Expr, bool]]:
    """40 NDRange kernels, each storing ``out[index]`` under a condition of
    ``leaf`` tests as an if or before an early return: per kernel (condition,
    shape, the count, whether it is said to be an upper bound)."""
    cases = [(_joined(draw, leaf, 0.25, 0.55), draw.choice(sorted(_NDRANGE_SHAPES))) for _ in range(40)]
    source = tmp_path / "launch.cl"
    source.write_text("\n".join(
        f"{attribute}__kernel void k{number}(__global float* restrict out, {params})\n{{\n\t{prelude}"
        f"{_NDRANGE_SHAPES[shape].format(c=condition, i=index)}\n}}\n"
        for number, (condition, shape) in enumerate(cases)))
    unit = parse_c_file(source)
    for number, (condition, shape) in enumerate(cases):
        walker = walk_function(unit, unit.functions()[f"k{number}"], {unit.filename: unit.lines}, local_size)
        result = classify(walker.sites[0], ndrange=True)
        assert result.accesses is not None
        yield condition, shape, parse_expression(str(result.accesses)), "upper bound" in " ".join(result.count_reasons)


def _runs(condition: str, names: str) -> Callable[..., bool]:
    """The condition as Python, a function of ``names``."""
    function: Callable[..., bool] = eval(f"lambda {names}: {condition.replace('||', ' or ').replace('&&', ' and ')}")
    return function


def _agrees(value: float | None, passes: int, upper: bool, exact_here: bool) -> bool:
    """An upper bound is never below the count run by hand; an exact count equals it (where it is checked)."""
    if upper:
        return value is None or value >= passes
    return not exact_here or value == passes


@pytest.mark.parametrize("seed", [1, 2])
def test_random_work_item_guards_count_as_the_launch_runs(tmp_path: Path, seed: int) -> None:
    """The same on a 1-D NDRange kernel: ``if (...) out[gid] = ...`` and
    ``if (...) return;``, against the work-items 0..work_items - 1 run by
    hand (exact where work_items, n >= 3; an upper bound never below)."""
    cases = _launch_cases(tmp_path, random.Random(seed), _id_test, "int n", "int gid = get_global_id(0);\n\t", "gid")
    for condition, shape, count, upper in cases:
        runs = _runs(condition, "gid, n")
        for items in range(9):
            for n in range(9):
                passes = sum(1 for gid in range(items) if runs(gid, n) == (shape == "if"))
                value = numeric(count, {sympy.Symbol("work_items"): items, sympy.Symbol("n"): n})
                assert _agrees(value, passes, upper, items >= 3 and n >= 3), (condition, shape, items, n, str(count))


def _compared(draw: random.Random, name: str, bounds: list[str], divisors: tuple[int, ...] = (2,)) -> str:
    """A test of the counter or id ``name`` against one of ``bounds``: either
    way round, with an offset, or a remainder by one of ``divisors``."""
    bound, form = draw.choice(bounds), draw.random()
    if form < 0.6:
        return f"{name} {draw.choice(_OPS)} {bound}"
    if form < 0.8:
        return f"{bound} {draw.choice(_OPS)} {name}"
    if form < 0.9:
        return f"{name} + 1 {draw.choice(_OPS)} {bound}"
    return f"{name} % {draw.choice(divisors)} {draw.choice(['==', '!='])} {draw.choice([0, 1])}"


def _grid_test(draw: random.Random) -> str:
    """A test of a 2-D launch's ids ``x`` (dimension 0) or ``y`` (1) against their border."""
    name, size = draw.choice([("x", "w"), ("y", "h")])
    return _compared(draw, name, ["0", "1", "2", size, f"{size} - 1", f"{size} - 2"])


@pytest.mark.parametrize("seed", [1, 2])
def test_random_grid_guards_count_as_the_launch_runs(tmp_path: Path, seed: int) -> None:
    """The same on a 2-D NDRange kernel (decision 59): tests of
    ``get_global_id(0)`` and ``get_global_id(1)`` against w and h, against
    every launch of global_size0 x global_size1 run by hand (exact where the
    sizes and borders are at least 3; an upper bound never below)."""
    exact = 0
    cases = _launch_cases(tmp_path, random.Random(seed), _grid_test, "int w, int h",
                          "int x = get_global_id(0);\n\tint y = get_global_id(1);\n\t", "y * w + x")
    for condition, shape, count, upper in cases:
        exact += not upper
        runs = _runs(condition, "x, y, w, h")
        for g0, g1 in ((1, 1), (1, 4), (3, 3), (4, 6), (6, 4)):
            for w in (0, 2, 3, 5, 7):
                for h in (0, 3, 4, 8):
                    passes = sum(1 for x in range(g0) for y in range(g1) if runs(x, y, w, h) == (shape == "if"))
                    value = numeric(count, {sympy.Symbol("work_items"): g0 * g1, sympy.Symbol("global_size0"): g0,
                                            sympy.Symbol("global_size1"): g1, sympy.Symbol("w"): w,
                                            sympy.Symbol("h"): h})
                    assert _agrees(value, passes, upper, min(g0, g1, w, h) >= 3), (condition, shape, g0, g1, w, h)
    assert exact >= 20, exact  # most of them count exactly


def _group_test(draw: random.Random) -> str:
    """A test of a 1-D launch's ``gid``, ``lid`` (4-wide work-groups) or ``grp`` against 0..3, n, n - 1."""
    return _compared(draw, draw.choice(["gid", "lid", "lid", "grp"]), ["0", "1", "2", "3", "n", "n - 1"])


@pytest.mark.parametrize("seed", [1, 2])
def test_random_work_group_guards_count_as_the_launch_runs(tmp_path: Path, seed: int) -> None:
    """Local and group ids (decision 59) with reqd_work_group_size(4, 1, 1):
    every launch of 1 to 6 work-groups run by hand, work-item gid in group
    gid / 4 at local id gid % 4 (exact for every n; an upper bound, where a
    global id is tested beside them, never below)."""
    exact = 0
    cases = _launch_cases(tmp_path, random.Random(seed), _group_test, "int n",
                          "int gid = get_global_id(0);\n\tint lid = get_local_id(0);\n\tint grp = get_group_id(0);\n\t",
                          "gid", "__attribute__((reqd_work_group_size(4, 1, 1)))\n", (4, 1, 1))
    for condition, shape, count, upper in cases:
        exact += not upper
        runs = _runs(condition, "gid, lid, grp, n")
        for groups in range(1, 7):
            for n in range(0, 9):
                passes = sum(1 for gid in range(4 * groups) if runs(gid, gid % 4, gid // 4, n) == (shape == "if"))
                value = numeric(count, {sympy.Symbol("work_items"): 4 * groups, sympy.Symbol("n"): n})
                assert _agrees(value, passes, upper, True), (condition, shape, groups, n, str(count))
    assert exact >= 20, exact  # most of them count exactly (a global id beside a local or group one does not)
