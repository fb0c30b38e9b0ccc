"""Exact share of the iterations in which a guarded access runs, when its
guard is a conjunction of affine tests on counters whose values are known.

Counters the walker knows the values of:

* a lane of a fully unrolled loop (``i`` = 0..15: 16 lanes);
* a loop-carried variable stepping modulo a period (``x = (x + 16) & 255``
  from 0: 0, 16, ..., 240, each once per 16 iterations);
* a row counter cycling through 0..K-1 (``if (x == 0) { y++; if (y == K)
  y = 0; }``); together with a stepping variable only when that variable
  paces it (:attr:`SymbolInfo.paced_by`), since only then does every
  (x, y) pair occur equally often.

Hardware rule: the lanes of a fully unrolled loop whose counter moves the
address by one element per lane are one wide LSU (16 int lanes: a 512-bit
LSU); aoc issues its request when any lane is active and moves the whole
width. Tests on lanes are therefore counted per vector iteration: the share
is that of the (x, y) iterations with at least one active lane, and each of
them counts all lanes.

The count is exact integer arithmetic: the lanes are eliminated by
Fourier-Motzkin (exact with unit lane coefficients: some lane is active iff
every lower bound on the lane is at most every upper bound), the stepping
variable is counted in closed form (``Max(0, Min(uppers) - Max(lowers) + 1)``
with floor/ceiling bounds; :class:`IMax`/:class:`IMin` keep sympy from
comparing symbolic bounds) and the row counter is summed,
``Sum(..., (y, 0, K - 1))``: an integer when K is a number, kept
unevaluated while K is a symbol (``rem_rows + 1``). Tests on anything else
(``real_x < cols``: the data size) are left to the caller, which counts them
as always true and says so.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy

from hlsight.analyzer.access.c_symbols import VARYING, Role, SymbolTable
from hlsight.analyzer.access.int_bounds import IMax, IMin
from hlsight.analyzer.access.loops import cycle_contains, orbit
from hlsight.analyzer.access.walker import AccessSite, Test

#: row cycles up to this long are summed at once (an integer); longer or
#: symbolic ones stay an unevaluated ``Sum``
_SUM_NOW = 1024


@dataclass(frozen=True)
class Counter:
    """A variable whose values the walker knows: ``start + step*k``, k = 0..count-1."""

    symbol: sympy.Symbol
    text: str
    kind: str  # "lane" | "stepping" | "row"
    start: sympy.Expr
    step: sympy.Expr
    count: sympy.Expr

    def describe(self) -> str:
        last = sympy.expand(self.start + self.step * (self.count - 1))
        by = f" step {self.step}" if self.step != 1 else ""
        return f"`{self.text}` in {self.start}..{last}{by}"


@dataclass
class Share:
    """Share of the iterations in which the tests ``numbers`` all hold."""

    fraction: sympy.Expr
    numbers: list[int]
    reason: str


def _lane(site: AccessSite, symbol: sympy.Symbol, text: str) -> Counter | None:
    """The lanes of a fully unrolled loop that moves the address one element
    per lane (one wide LSU)."""
    for loop in site.loops:
        if loop.counter != symbol:
            continue
        if loop.unroll != 0 or not isinstance(loop.trip_count, sympy.Integer) or loop.start is None:
            return None
        if not (loop.start.is_Integer and loop.step is not None and loop.step.is_Integer):
            return None
        coefficient = sympy.expand(site.index).coeff(symbol, 1)
        if abs(coefficient * loop.step) != 1 or sympy.expand(site.index - coefficient * symbol).has(symbol):
            return None
        return Counter(symbol, text, "lane", loop.start, loop.step, loop.trip_count)
    return None


def counter_of(site: AccessSite, symbol: sympy.Symbol) -> Counter | None:
    """The values of ``symbol`` where ``site`` stands, when the walker knows them."""
    info = site.table.info(symbol)
    if info is None:
        return None
    if info.role is Role.LANE:
        return _lane(site, symbol, info.text)
    if info.role is not Role.STATE or not any(loop.line == info.loop for loop in site.loops):
        return None
    if info.cycle is not None:
        return Counter(symbol, info.text, "row", sympy.Integer(0), sympy.Integer(1), info.cycle)
    if info.cycle_step is not None and info.cycle_first is not None and info.wraps_every is not None:
        # a column of a hand-coalesced nest (`x += 16; if (x >= W) x = 0;`): each value once per wrap
        return Counter(symbol, info.text, "stepping", info.cycle_first, sympy.Integer(info.cycle_step),
                       info.wraps_every)
    if info.conditional:
        return None
    values = orbit(info.start, info.step, info.period)
    if values is None:
        return None
    first, gap, count = values
    return Counter(symbol, info.text, "stepping", sympy.Integer(first), sympy.Integer(gap), sympy.Integer(count))


def _indicator(expr: sympy.Expr) -> sympy.Expr:
    """1 when the integer ``expr`` >= 0, else 0 (max/min only: the float
    evaluation reads them)."""
    return IMax(0, IMin(1, expr + 1))


class _System:
    """Constraints ``e >= 0`` (and ``e != 0``) over the counters' step indices."""

    def __init__(self, counters: list[Counter]) -> None:
        self.counters = counters
        self.index = {c.symbol: sympy.Dummy(f"{c.text}_k", integer=True) for c in counters}
        self.at = {c.symbol: c.start + c.step * self.index[c.symbol] for c in counters}
        self.ge: list[sympy.Expr] = []
        self.ne: list[sympy.Expr] = []
        for counter in counters:
            k = self.index[counter.symbol]
            self.ge += [k, counter.count - 1 - k]

    def add(self, op: str, left: sympy.Expr, right: sympy.Expr) -> bool:
        difference = sympy.expand((left - right).xreplace(self.at))
        for k in self.index.values():
            coefficient = difference.coeff(k, 1)
            if not coefficient.is_Integer or sympy.expand(difference - coefficient * k).has(k):
                return False
        rest = difference.subs({k: 0 for k in self.index.values()})
        if not all(term.as_coeff_Mul()[0].is_Integer for term in sympy.Add.make_args(rest)):
            return False  # a fractional coefficient: the integer bounds below would not be exact
        forms = {">=": [difference], ">": [difference - 1], "<=": [-difference], "<": [-difference - 1],
                 "==": [difference, -difference]}
        if op == "!=":
            self.ne.append(difference)
        elif op in forms:
            self.ge += forms[op]
        else:
            return False
        return True

    def eliminate_lane(self, k: sympy.Symbol) -> bool:
        """Some value of ``k`` satisfies every constraint iff each lower bound
        is at most each upper bound (exact for coefficients +-1)."""
        lowers, uppers, others = [], [], []
        for expr in self.ge:
            coefficient = expr.coeff(k, 1)
            rest = sympy.expand(expr - coefficient * k)
            if coefficient == 0:
                others.append(expr)
            elif coefficient == 1:
                lowers.append(rest)  # k >= -rest
            elif coefficient == -1:
                uppers.append(rest)  # k <= rest
            else:
                return False
        if any(expr.has(k) for expr in self.ne):
            return False
        pairs = [sympy.expand(low + up) for low in lowers for up in uppers]
        self.ge = others + [expr for expr in pairs if not (expr.is_number and expr >= 0)]
        return True

    def count_inner(self, k: sympy.Symbol) -> sympy.Expr:
        """How many values of ``k`` satisfy the constraints on it (the others stay)."""
        lowers: list[sympy.Expr] = []
        uppers: list[sympy.Expr] = []
        others = []
        for expr in self.ge:
            coefficient = expr.coeff(k, 1)
            rest = sympy.expand(expr - coefficient * k)
            if coefficient == 0:
                others.append(expr)
            elif coefficient > 0:
                lowers.append(sympy.ceiling(-rest / coefficient))
            else:
                uppers.append(sympy.floor(rest / -coefficient))
        self.ge = others
        return IMax(0, IMin(*uppers) - IMax(*lowers) + 1)


def _components(numbers: dict[int, set[sympy.Symbol]]) -> list[list[int]]:
    """Tests grouped by the counters they share (union of overlapping sets)."""
    groups: list[tuple[set[sympy.Symbol], list[int]]] = []
    for number, symbols in numbers.items():
        touching = [group for group in groups if group[0] & symbols]
        merged = (set(symbols), [number])
        for group in touching:
            merged[0].update(group[0])
            merged[1].extend(group[1])
            groups.remove(group)
        groups.append(merged)
    return [sorted(group[1]) for group in groups]


def _countable(site: AccessSite, test: Test) -> set[sympy.Symbol] | None:
    """Counter symbols of ``test`` when every varying symbol in it is a
    counter and its other symbols already take part in the count (a cycle
    length such as ``rem_rows + 1``): a guard never adds a symbol the user
    would have to give (``starting_row + y >= 0`` stays a bound)."""
    table: SymbolTable = site.table
    symbols = sympy.expand(test[1] - test[2]).free_symbols
    varying = {s for s in symbols if (info := table.info(s)) is not None and info.role in VARYING}
    fixed = symbols - varying
    if not varying or any(counter_of(site, s) is None for s in varying):
        return None
    counters = [counter_of(site, s) for s in varying]
    known = {s for c in counters if c is not None for s in (c.count.free_symbols | c.start.free_symbols)}
    return varying if fixed <= known else None


def _share(site: AccessSite, tests: list[Test], numbers: list[int]) -> Share | None:
    counters = [c for s in sorted({s for n in numbers for s in _symbols(tests[n])}, key=str)
                if (c := counter_of(site, s)) is not None]
    lanes = [c for c in counters if c.kind == "lane"]
    stepping = [c for c in counters if c.kind == "stepping"]
    rows = [c for c in counters if c.kind == "row"]
    if len(stepping) > 1 or len(rows) > 1 or not (lanes or stepping):
        return None
    if stepping and rows and site.table.infos[rows[0].symbol].paced_by != stepping[0].symbol:
        return None
    total = sympy.Mul(*[c.count for c in stepping + rows])
    reason = _reason(tests, numbers, counters, lanes)
    chosen = [tests[n] for n in numbers]
    outer = rows[0] if rows else None
    if outer is not None and (fixed := _fixed_row(chosen, outer)) is not None:
        value, chosen = fixed
        if value is None:
            return Share(sympy.Integer(0), numbers, reason)
        counters = [c for c in counters if c is not outer]
        outer = None
    system = _System(counters)
    if not all(system.add(*test) for test in chosen):
        return None
    summed = {system.index[outer.symbol]} if outer is not None else set()
    if any(expr.free_symbols & set(system.index.values()) - summed for expr in system.ne):
        return None  # `!=` on a lane or the stepping variable: not an interval
    for lane in lanes:
        if not system.eliminate_lane(system.index[lane.symbol]):
            return None
    count: sympy.Expr = sympy.Integer(1)
    if stepping:
        count = system.count_inner(system.index[stepping[0].symbol])
    count *= sympy.Mul(*[_indicator(expr) for expr in system.ge if not _is_row_range(expr, outer, system)])
    count *= sympy.Mul(*[IMin(1, sympy.Abs(expr)) for expr in system.ne])
    if outer is not None:
        count = _sum_rows(count, system.index[outer.symbol], outer)
    return Share(count / total, numbers, reason)


def _symbols(test: Test) -> set[sympy.Symbol]:
    return {s for s in sympy.expand(test[1] - test[2]).free_symbols if isinstance(s, sympy.Symbol)}


def _fixed_row(tests: list[Test], row: Counter) -> tuple[sympy.Expr | None, list[Test]] | None:
    """``y == v`` on the row counter alone: the other tests with ``y`` set
    to ``v`` (``None`` as the value when ``v`` is outside 0..K-1), when
    ``v`` provably lies in or out of the cycle (``y == rem_rows`` with K =
    rem_rows + 1 does); else ``None`` and the row is summed."""
    last = sympy.expand(row.count - 1)
    for test in tests:
        op, left, right = test
        difference = sympy.expand(left - right)
        coefficient = difference.coeff(row.symbol, 1)
        if op != "==" or abs(coefficient) != 1 or _symbols(test) - {row.symbol} - last.free_symbols:
            continue
        value = sympy.expand(row.symbol - difference / coefficient)
        if value.has(row.symbol):
            continue
        inside = cycle_contains(value, last)
        if inside is None:
            continue
        rest = [(other[0], other[1].subs(row.symbol, value), other[2].subs(row.symbol, value))
                for other in tests if other != test]
        return (value if inside else None), rest
    return None


def _is_row_range(expr: sympy.Expr, outer: Counter | None, system: _System) -> bool:
    """``y >= 0`` / ``K - 1 - y >= 0`` of the summed row counter: the Sum's limits."""
    if outer is None:
        return False
    k = system.index[outer.symbol]
    return expr in (k, sympy.expand(outer.count - 1 - k))


def _sum_rows(summand: sympy.Expr, k: sympy.Symbol, row: Counter) -> sympy.Expr:
    """The summand over the row cycle: an integer when the cycle is a
    number, else an unevaluated ``Sum`` (a plain symbol as its variable, so
    the text reads back through ``parse_expression``)."""
    if row.count.is_Integer and int(row.count) <= _SUM_NOW:
        return sympy.Add(*[summand.xreplace({k: sympy.Integer(value)}) for value in range(int(row.count))])
    taken = {getattr(symbol, "name", "") for symbol in summand.free_symbols | row.count.free_symbols}
    plain = sympy.Symbol(row.text if row.text not in taken else f"{row.text}_row")
    body = summand.xreplace({k: plain})
    return sympy.Sum(body, (plain, 0, row.count - 1))


def _reason(tests: list[Test], numbers: list[int], counters: list[Counter], lanes: list[Counter]) -> str:
    shown = "; ".join(f"{left} {op} {right}" for op, left, right in (tests[n] for n in numbers))
    ranges = ", ".join(c.describe() for c in counters if c.kind != "lane")
    text = f"`{shown}` counted exactly over {ranges or 'every iteration'}"
    kinds = {c.kind: c.text for c in counters}
    if "row" in kinds and "stepping" in kinds:
        text += f" (`{kinds['row']}` advances when `{kinds['stepping']}` wraps: every pair equally often)"
    if lanes:
        width = sympy.Mul(*[c.count for c in lanes])
        names = ", ".join(f"`{c.text}`" for c in lanes)
        text += (
            f"; the {width} lanes of {names} are one wide LSU, which aoc issues when any lane is active"
            " and which then moves all lanes: iterations with at least one active lane count, each with all lanes"
        )
    return text


def exact_shares(site: AccessSite, tests: list[Test], skip: set[int]) -> list[Share]:
    """Shares of the groups of tests (outside ``skip``) that can be counted
    exactly: tests on lanes, on a stepping variable, or on both with a row
    counter it paces. A group with a row counter alone is left to the
    caller's one-counter rule."""
    symbols: dict[int, set[sympy.Symbol]] = {}
    for number, test in enumerate(tests):
        if number in skip:
            continue
        found = _countable(site, test)
        if found is not None:
            symbols[number] = found
    shares = []
    for numbers in _components(symbols):
        share = _share(site, tests, numbers)
        if share is not None:
            shares.append(share)
    return shares
