"""How many iterations of a loop, or work-items of a launch, pass tests on
their counter or id: the exact counts of guarded accesses and of loops a
test restricts (docs/model.md decisions 14, 57, 58, 59).

A loop's iterations are numbered from 0 (the counter from its first value),
and the ids of a launch's dimensions and work-groups each run below their
extent (a 1-D launch's work_items, ``global_size1``, a work-group's 64 local
ids, work_items / 64 group ids); a test fixed per
launch (``j > 0``, ``j < m - 1``, ``j != m - 1``, ``i % 2 == 0``, ``gid < n``)
keeps a range, one value or a residue of them. Each count is a sympy
expression of the launch's values: IMax/IMin keep it from going below none
where the sizes could make it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

import sympy

from hlsight.analyzer.access.c_symbols import Role, SymbolTable, extent_value
from hlsight.analyzer.access.int_bounds import IMax, IMin
from hlsight.analyzer.access.loops import MIRROR
from hlsight.analyzer.access.walker import Test


def linear_coefficient(expr: sympy.Expr, symbol: sympy.Symbol) -> sympy.Expr | None:
    """Coefficient of ``symbol`` when ``expr`` is affine in it, else ``None``."""
    expanded = sympy.expand(expr)
    coefficient = expanded.coeff(symbol, 1)
    rest = sympy.expand(expanded - coefficient * symbol)
    if rest.has(symbol) or coefficient.has(symbol):
        return None
    return sympy.expand(coefficient)


#: the comparisons that bound a counter's range from one side
ORDER_OPS = ("<", "<=", ">", ">=")
RANGE_OPS = (*ORDER_OPS, "==", "!=")


def counter_bound(test: Test, counter: sympy.Symbol, table: SymbolTable) -> tuple[str, sympy.Expr] | None:
    """``test`` as ``counter op bound`` with ``bound`` fixed per launch, when
    it moves the counter by one per step either way (``i + 1 < n`` is
    ``i < n - 1``; ``0 < j`` is ``j > 0``); else ``None``."""
    op, left, right = test
    if op not in RANGE_OPS:
        return None
    difference = sympy.expand(left - right)
    coefficient = linear_coefficient(difference, counter)
    if coefficient not in (1, -1):
        return None
    rest = sympy.expand(difference - coefficient * counter)
    if table.roles(rest) - {Role.PARAM, Role.MACRO}:
        return None
    # counter + rest op 0, or -counter + rest op 0 (the test read from the other side)
    return (op, -rest) if coefficient == 1 else (MIRROR[op], rest)


@dataclass(frozen=True)
class Residue:
    """A remainder test on a counter, ``(counter + shift) % divisor op
    remainder`` with numbers (``i % 2 == 0``; ``op`` is ``==`` or ``!=``)."""

    op: str
    shift: int
    divisor: int
    remainder: int

    def count(self, low: sympy.Expr, high: sympy.Expr, start: int = 0) -> sympy.Expr:
        """Iterations ``low``..``high`` - 1 of a counter from ``start`` that
        pass: every divisor-th from the first one that does."""
        if not 0 <= self.remainder < self.divisor:
            hits: sympy.Expr = sympy.Integer(0)
        else:
            first = (self.remainder - start - self.shift) % self.divisor  # the first passing iteration from 0
            hits = IMax(0, sympy.floor((high - 1 - first) / self.divisor)
                        - sympy.floor((low - 1 - first) / self.divisor))
        return hits if self.op == "==" else IMax(0, high - low - hits)


def residue_of(test: Test, counter: sympy.Symbol, table: SymbolTable) -> Residue | None:
    """``test`` as a :class:`Residue` of ``counter``, or ``None``."""
    op, left, right = test
    if op not in ("==", "!=") or not isinstance(left, sympy.Mod) or not right.is_Integer:
        return None
    inner, divisor = left.args
    if not divisor.is_Integer or divisor <= 0 or linear_coefficient(inner, counter) != 1:
        return None
    shift = sympy.expand(inner - counter)
    if not shift.is_Integer or table.roles(shift):
        return None
    return Residue(op, int(shift), int(divisor), int(right))


def range_bounds(trip: sympy.Expr, tests: list[tuple[str, sympy.Expr]]) -> tuple[sympy.Expr, sympy.Expr]:
    """The first and one past the last iteration that the range tests of
    ``tests`` (``<``, ``<=``, ``>``, ``>=``) leave of a ``trip``-iteration
    loop: the loop's own 0 and trip bound them too (``i < m`` in a loop of n
    keeps min(n, m) iterations; a bound of the same size as the loop's, ``j <
    m - 1`` in a loop of m, is the tighter one outright)."""
    lows = [sympy.Integer(0), *(right + {">": 1, ">=": 0}[op] for op, right in tests if op in (">", ">="))]
    highs = [trip, *(right + {"<": 0, "<=": 1}[op] for op, right in tests if op in ("<", "<="))]
    return _tightest(lows, max), _tightest(highs, min)


def one_test_count(trip: sympy.Expr, op: str, right: sympy.Expr) -> sympy.Expr | None:
    """Iterations of a ``trip``-iteration loop whose number passes ``op right``:
    a range test keeps the part of 0..trip - 1 on its side of the bound. A
    bound that differs from the loop's limits by a number (``i >= N/8 - 1``,
    ``j < m - 1`` in a loop of m) is taken to lie in its range, as the source
    means it; one of another size (``i < m`` in a loop of n) is clamped to it."""
    if op in ORDER_OPS:
        low, high = range_bounds(trip, [(op, right)])
        if isinstance(low, IMax) or isinstance(high, IMin):
            return IMax(0, high - low)  # a bound of another size than the loop's (`i < m` in a loop of n)
        return high - low  # one of the loop's own size lies in its range, as the source means it
    if op in ("==", "!=") and right.is_number and right >= 0:
        # `j == 0`: one iteration of the loop (none when it runs fewer than right + 1 times)
        once = IMax(0, IMin(1, trip - right))
        return once if op == "==" else trip - once
    return None


def _inside(value: sympy.Expr, low: sympy.Expr, high: sympy.Expr) -> sympy.Expr:
    """1 when the integer ``value`` lies in ``low``..``high`` - 1, else 0."""
    return IMax(0, IMin(1, value - low + 1)) * IMax(0, IMin(1, high - value))


def tests_count(trip: sympy.Expr, tests: list[tuple[str, sympy.Expr]]) -> sympy.Expr:
    """Iterations of a ``trip``-iteration loop whose number passes every test
    of ``tests`` (two or more on one counter, or one the single-test rule
    leaves: ``j == m - 1``). The range tests bound it from below and above,
    each bound taken to lie in the loop's range as a single test's is; an
    ``==`` picks one iteration when it lies in that range (and equals every
    other ``==`` value, differs from every ``!=`` one), an ``!=`` takes one
    away."""
    low, high = range_bounds(trip, tests)
    equal = list(dict.fromkeys(right for op, right in tests if op == "=="))
    unequal = list(dict.fromkeys(right for op, right in tests if op == "!="))
    if equal:
        value = equal[0]
        count: sympy.Expr = _inside(value, low, high)
        for other, wanted in [*((other, True) for other in equal[1:]), *((other, False) for other in unequal)]:
            difference = sympy.expand(other - value)
            if difference.is_number:
                if (difference == 0) != wanted:
                    return sympy.Integer(0)  # two different iterations at once, or the one excluded
                continue
            apart = IMin(1, sympy.Abs(difference))  # 0 where the two values meet, else 1
            count *= 1 - apart if wanted else apart
        return sympy.expand(count)
    count = high - low - _hit_by_any(unequal, low, high)
    # never below none: an interior `0 < j < m - 1` of a loop of one iteration
    return IMax(0, sympy.expand(count))


def _hit_by_any(values: list[sympy.Expr], low: sympy.Expr, high: sympy.Expr) -> sympy.Expr:
    """Iterations of low..high - 1 equal to at least one of ``values``, by
    inclusion-exclusion: values that may coincide (``2`` and ``n - 1`` at n
    = 3) are one iteration there, not two."""
    total: sympy.Expr = sympy.Integer(0)
    for size in range(1, len(values) + 1):
        for chosen in itertools.combinations(values, size):
            if size > 1 and _both_ends(chosen, low, high):
                continue  # the first and last iteration meet only in a range of one, which the count's floor of 0 gives
            together = _all_equal(chosen)
            if together != 0:
                total += (1 if size % 2 else -1) * together * _excluded(chosen[0], low, high)
    return total


def _both_ends(values: tuple[sympy.Expr, ...], low: sympy.Expr, high: sympy.Expr) -> bool:
    """``values`` hold the range's first value and its last one."""
    return any(sympy.expand(value - low) == 0 for value in values) and \
        any(sympy.expand(high - value) == 1 for value in values)


def _all_equal(values: tuple[sympy.Expr, ...]) -> sympy.Expr:
    """1 when the integers ``values`` are all equal, else 0 (a number when they differ by numbers)."""
    indicator: sympy.Expr = sympy.Integer(1)
    for other in values[1:]:
        difference = sympy.expand(other - values[0])
        if difference.is_number:
            if difference != 0:
                return sympy.Integer(0)
            continue
        indicator *= 1 - IMin(1, sympy.Abs(difference))
    return indicator


def _excluded(value: sympy.Expr, low: sympy.Expr, high: sympy.Expr) -> sympy.Expr:
    """What ``!= value`` takes from the range ``low``..``high`` - 1: one
    iteration when the value lies in it. The range's own first or last
    value (``j != 0``, ``j != m - 1``) lies in it whenever it is not empty,
    and an empty range counts none anyway (the count is never below 0)."""
    if sympy.expand(value - low) == 0 or sympy.expand(high - value) == 1:
        return sympy.Integer(1)
    return _inside(value, low, high)


def _tightest(bounds: list[sympy.Expr], pick: Callable[..., sympy.Expr]) -> sympy.Expr:
    """The largest lower (``pick`` max) or smallest upper (min) bound: of two
    that differ by a number the tighter one, else both under IMax (IMin)."""
    best = bounds[0]
    for bound in bounds[1:]:
        difference = bound - best
        if difference.is_number:
            best = bound if (difference > 0) == (pick is max) else best
        else:
            best = (IMax if pick is max else IMin)(best, bound)
    return best


#: a test of an id as (its number among the tests, (op, bound): ``id op bound``)
IdTest = tuple[int, tuple[str, sympy.Expr]]


@dataclass
class IdRange:
    """The tests of one id (a global, local or group id of one dimension)
    and what it runs below, 0..extent - 1 (:attr:`SymbolInfo.extent`): its
    range tests and at most one remainder test (``lid % 2 == 0``) beside
    order tests, with its number among the tests."""

    extent: str
    tests: list[IdTest]
    residue: tuple[int, Residue] | None = None

    @property
    def numbers(self) -> list[int]:
        return [number for number, _bound in self.tests] + ([self.residue[0]] if self.residue else [])

    @property
    def size(self) -> sympy.Expr:
        """The extent as an expression (:func:`extent_value`)."""
        return extent_value(self.extent)

    def passing(self) -> sympy.Expr:
        """The ids of 0..extent - 1 that pass."""
        size = self.size
        bounds = [bound for _number, bound in self.tests]
        if self.residue is None:
            return ids_passing(bounds, size)
        low, high = range_bounds(size, bounds)
        return self.residue[1].count(low, high)


def global_tests(tests: list[Test], table: SymbolTable) -> dict[sympy.Symbol, IdRange]:
    """The tests of global ids against values fixed per launch (``if (gid <
    n)``, ``if (gid >= n) return;``, ``gid + 1 < n``, ``n > gid``, ``gid % 4
    == 0``; ``if (row < m && col < n)``), by the launch size each id runs
    below: a 1-D launch's id runs over 0..work_items - 1 once each, and a
    multi-dimensional launch is a whole grid (``global_size1``), so the
    work-items passing are all of them times, per tested dimension, the
    share of its ids that pass (:func:`share_passing`)."""
    return _tests_by_extent(tests, table, Role.GLOBAL_ID, set())


def local_tests(tests: list[Test], table: SymbolTable, busy: set[int]) -> dict[sympy.Symbol, IdRange]:
    """The tests of local and group ids against values fixed per launch
    (``if (get_local_id(0) == 0)``, a reduction's one store per work-group;
    ``get_group_id(0) == 0``), by what each runs below: every work-group
    runs its local ids 0..local size - 1 once (OpenCL 1.2's uniform
    work-groups), and the launch every group id 0..groups - 1, so the
    work-items passing are those shares of all of them (a local and a group
    id are independent). A dimension in ``busy`` (its global id is tested
    too: it moves with both) is not counted this way."""
    return {**_tests_by_extent(tests, table, Role.LOCAL_ID, busy),
            **_tests_by_extent(tests, table, Role.GROUP_ID, busy)}


def _tests_by_extent(tests: list[Test], table: SymbolTable, role: Role, busy: set[int]) -> dict[sympy.Symbol, IdRange]:
    """The tests fixed per launch of each id of ``role`` outside ``busy`` dimensions, by id."""
    found: dict[sympy.Symbol, IdRange] = {}
    for number, test in enumerate(tests):
        ids = _ids(test, table, role)
        info = table.infos[ids[0]] if len(ids) == 1 else None
        if info is None or info.extent is None or info.dimension in busy:
            continue
        entry = found.setdefault(ids[0], IdRange(info.extent, []))
        if (bound := counter_bound(test, ids[0], table)) is not None:
            entry.tests.append((number, bound))
        elif (residue := residue_of(test, ids[0], table)) is not None and entry.residue is None:
            entry.residue = (number, residue)
    for entry in found.values():
        if entry.residue is not None and any(op not in ORDER_OPS for _number, (op, _bound) in entry.tests):
            entry.residue = None  # a remainder beside ==/!= on one id: said as an upper bound
    return {symbol: entry for symbol, entry in found.items() if entry.numbers}


def _ids(test: Test, table: SymbolTable, role: Role) -> list[sympy.Symbol]:
    """The ids of ``role`` a test reads."""
    _op, left, right = test
    return table.of_role(left - right, role)


def share_passing(ranges: dict[sympy.Symbol, IdRange]) -> sympy.Expr:
    """Per tested id, the share of its values 0..extent - 1 that pass its
    tests (an extent is a launch size's name, a work-group size's number or
    the count of work-groups)."""
    share: sympy.Expr = sympy.Integer(1)
    for tested in ranges.values():
        share *= tested.passing() / tested.size
    return share


def ids_passing(tests: list[tuple[str, sympy.Expr]], items: sympy.Expr) -> sympy.Expr:
    """Ids 0..items - 1 that pass every test: ``gid < n`` holds for
    min(work_items, n) of them (a launch rounded up to whole work-groups runs
    more work-items than n)."""
    if len(tests) == 1 and tests[0][0] in ORDER_OPS:
        op, right = tests[0]
        bound = right if op in ("<", ">=") else right + 1
        below = IMin(items, bound)
        if not (bound.is_Symbol or (bound.is_number and bound >= 0)):
            below = IMax(0, below)  # `gid <= n - 2` at n = 0: none, not -1 (a size itself is never below 0)
        return below if op in ("<", "<=") else items - below
    return tests_count(items, tests)  # the last id bounds them from above
