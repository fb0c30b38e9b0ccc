"""Classify one access: stride delta, offset, data dependence, execution count.

Stride (journal eq. 2, delta): how many elements the address advances
between consecutive elements the LSU delivers. The fastest-moving index
variable decides it, in this order:

1. an unrolled loop counter (its values become the lanes of one wide LSU);
   with coefficient 1 the lanes are contiguous and the stride is the
   per-iteration advance of the next-faster variable divided by the lane
   count (``x[64*i + j]`` with 64 lanes of ``j``: stride 1);
2. ``get_global_id(0)``/``get_local_id(0)`` in an NDRange kernel (SIMD lanes
   are consecutive work-items): its coefficient;
3. the innermost pipelined loop: coefficient of its counter (times the
   counter step) plus the advance of variables carried by that loop with a
   constant step (``x = (x + 8) & 511``).

Offset: the index with every moving variable at zero (``3*i + 1`` -> 1);
aligned iff it is 0. An index that contains a value read from memory is
data-dependent (write-ack, section 5.1.3). Execution count: the NDRange size
``work_items`` (or 1 for single work-item kernels) times the trip count of
every enclosing loop, restricted by guards on a loop counter, by guards
counted exactly over lanes and stepping/row counters
(:mod:`hlsight.analyzer.access.guard_count`), and by guards on a row counter.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, field

import sympy

from hlsight.analyzer.access.c_symbols import WORK_ITEMS, Role, SymbolTable, loop_key
from hlsight.analyzer.access.counter_tests import (
    ORDER_OPS,
    counter_bound,
    global_tests,
    linear_coefficient,
    local_tests,
    one_test_count,
    range_bounds,
    residue_of,
    share_passing,
    tests_count,
)
from hlsight.analyzer.access.guard_count import exact_shares
from hlsight.analyzer.access.int_bounds import IMax, IMin
from hlsight.analyzer.access.loops import LoopInfo, cycle_contains, unknown_trip_symbol
from hlsight.analyzer.access.taken import taken
from hlsight.analyzer.access.walker import AccessSite, Guard, Test
from hlsight.analyzer.access.wrapped_counters import wrap_shares, wrap_step
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Kernel

FREE_SYMBOLS_RULE = "access-free-symbols"

_ID_ROLES = (Role.GLOBAL_ID, Role.LOCAL_ID)


@dataclass
class Classification:
    """Derived facts of one access plus the sentences that justify them."""

    stride: sympy.Expr | None
    offset: sympy.Expr | None
    aligned: bool | None
    data_dependent: bool
    accesses: sympy.Expr | None
    lanes: sympy.Expr
    reasons: list[str] = field(default_factory=list)
    count_reasons: list[str] = field(default_factory=list)
    free_symbols: set[str] = field(default_factory=set)

    def key(self) -> tuple[str, ...]:
        """Facts that matter to the model, for "are these accesses alike"."""
        return (str(self.stride), str(self.data_dependent), str(self.accesses))


def _mean_coefficient(expr: sympy.Expr, symbol: sympy.Symbol) -> tuple[sympy.Expr, str] | None:
    """How far ``expr`` moves per unit of ``symbol``, and through what, when
    it is affine in ``symbol`` but for integer divisions or remainders of
    affine parts. ``floor((a*s + b) / k)`` moves a/k on average
    (``vertices[gid / leaf_size]``: the same element for leaf_size
    work-items, then the next); ``Mod(a*s + b, m)`` moves a between its
    wraps (a ring buffer ``buf[(i + 1) % n]``: consecutive but once every
    m/a accesses); a division by a whole multiple of such a remainder's
    modulus (``(u / (m*J)) * m + u % m``) does not move between its wraps
    and adds nothing (:func:`_wrapping_with`). ``None`` for any other use
    (a product of two moving values, a remainder of a division)."""
    # `a[i / 16][i % 16]` flattened: Mod(u, m) + m*floor(u/m) is u, exactly
    recombined = sympy.expand(expr.replace(sympy.Mod, lambda u, m: u - m * sympy.floor(u / m)))
    exact = linear_coefficient(recombined, symbol) if not recombined.has(sympy.floor) else None
    if exact is not None:
        return exact, "a division and its remainder, which recombine"
    total: sympy.Expr = sympy.Integer(0)
    through: list[str] = []
    still: list[str] = []  # said after the remainders whose wraps they keep step with
    wraps = [mod for mod in expr.atoms(sympy.Mod)
             if not mod.args[1].has(symbol) and linear_coefficient(mod.args[0], symbol) is not None]
    for term in sympy.Add.make_args(sympy.expand(expr)):
        if not term.has(symbol):
            continue
        scale, moving = term.as_independent(symbol, as_Add=False)
        if moving == symbol:
            total += scale
            continue
        wrap = _wrapping_with(moving, wraps) if isinstance(moving, sympy.floor) else None
        if wrap is not None:
            # `(u / (k*m)) * m + u % m` (T2S's loaders): the quotient steps
            # only where the remainder wraps, so between wraps it is still
            still.append(f"a division by a multiple of {wrap.args[1]}, constant between those wraps")
            continue
        if isinstance(moving, sympy.KroneckerDelta):
            # `(i == 0) ? c : c - 1`: a different element at one value of the test, the same step elsewhere
            tested = moving.args[1] if moving.args[0] == 0 else moving.args[0] - moving.args[1]
            still.append(f"a test of equality (`{tested} == 0`), true at one value only")
            continue
        if isinstance(moving, sympy.Max | sympy.Min):
            # `W = (W < lo) ? lo : W`, a stencil clamped to its valid cells: the step but where it clamps
            moved = [arg for arg in moving.args if arg.has(symbol)]
            inner = linear_coefficient(moved[0], symbol) if len(moved) == 1 else None
            how = "a clamp (a min or max), its step but where it clamps"
        elif isinstance(moving, sympy.floor):
            inner = linear_coefficient(moving.args[0], symbol)
            how = "an integer division, on average"
        elif isinstance(moving, sympy.Mod) and not moving.args[1].has(symbol):
            inner = linear_coefficient(moving.args[0], symbol)
            how = f"a remainder, between its wraps every {moving.args[1]} elements"
            if inner is None:
                # a remainder of an index that wraps itself (T2S's conv loader:
                # ((t / 6m) * m + t % m) % 2m): what that index moves between its
                # own wraps, kept between the outer remainder's wraps
                nested = _mean_coefficient(moving.args[0], symbol)
                if nested is not None:
                    inner = nested[0]
                    how += f", of ({nested[1]})"
        else:
            return None
        if inner is None:
            return None
        total += scale * inner
        through.append(how)
    return sympy.expand(total), " and ".join(dict.fromkeys([*through, *still]))


def _wrapping_with(quotient: sympy.floor, wraps: list[sympy.Mod]) -> sympy.Mod | None:
    """The remainder ``Mod(u, m)`` among ``wraps`` whose wraps the integer
    division ``quotient`` = ``floor(u / d)`` keeps step with: d a whole
    multiple of m (``_addr / (N*J) * N + _addr % N``), so the quotient changes
    only where the remainder wraps. Its average advance (1/J here) is not a
    movement between wraps: adding it made a dense access stride 1 + 1/J."""
    for wrap in wraps:
        ratio = sympy.cancel(wrap.args[0] / (quotient.args[0] * wrap.args[1]))
        if ratio != 0 and ratio.is_integer and not ratio.free_symbols & wrap.args[0].free_symbols:
            return wrap
    return None


def _averaged(advance: sympy.Expr) -> sympy.Expr:
    """An average advance below one element is delta 1 (consecutive
    accesses share elements, as "the same element every time" is): the
    stride is max(1, advance), a number once the divisor is known."""
    if advance.is_number:
        return sympy.Max(sympy.Integer(1), sympy.Abs(advance))
    return sympy.Max(sympy.Integer(1), advance)


def _names(symbols: list[sympy.Symbol], table: SymbolTable) -> str:
    return ", ".join(f"`{info.text}`" if (info := table.info(s)) else f"`{s}`" for s in symbols)


def _loop_advance(
    site: AccessSite, loop: LoopInfo, exclude: set[sympy.Symbol]
) -> tuple[sympy.Expr | None, list[str], bool]:
    """Address advance per iteration of ``loop`` from its counter and the
    variables it carries with a constant step; (advance, words, moved)."""
    table = site.table
    expr = site.index
    advance: sympy.Expr = sympy.Integer(0)
    words: list[str] = []
    moved = False
    movers: list[tuple[sympy.Symbol, sympy.Expr | None]] = []
    if loop.counter is not None and loop.counter in expr.free_symbols and loop.counter not in exclude:
        if loop.geometric:
            # `for (i = 1; i < n; i *= 2)`: the counter grows by a factor, no constant advance
            return None, [f"`{loop.counter}` is multiplied or divided, not stepped"], True
        movers.append((loop.counter, loop.step))
    notes: dict[sympy.Symbol, str] = {}
    averaged = False
    for symbol in sorted(expr.free_symbols, key=str):
        info = table.info(symbol)
        if info is None or info.role is not Role.STATE or info.loop != loop.line or symbol in exclude \
                or symbol == loop.counter:
            continue
        if not info.conditional and info.step is not None:
            movers.append((symbol, info.step))
            continue
        wrap = wrap_step(site, symbol, info)
        if wrap is not None:
            movers.append((symbol, wrap[0]))
            notes[symbol], averaged = wrap[1], averaged or wrap[2]
    for symbol, known_step in movers:
        moved = True
        # a step hlsight cannot read (`i += threads * get_num_groups(0)`) is taken as 1, and said
        step = known_step if known_step is not None else sympy.Integer(1)
        shown = f"step {step}" if known_step is not None else "step unread, taken as 1"
        shown += notes.get(symbol, "")
        coefficient = linear_coefficient(expr, symbol)
        if coefficient is None:
            mean = _mean_coefficient(expr, symbol)
            if mean is None:
                words.append(f"`{symbol}` appears non-linearly")
                return None, words, True
            coefficient, how = mean
            averaged = True
            words.append(f"`{symbol}` (through {how}: {coefficient}, {shown})")
        else:
            words.append(f"`{symbol}` (coefficient {coefficient}, {shown})")
        advance += coefficient * step
    advance = sympy.expand(advance)
    return (_averaged(advance) if averaged else advance), words, moved


def classify(site: AccessSite, ndrange: bool, merged: int = 1) -> Classification:
    """Derive stride/offset/data dependence/count of ``site``.

    ``merged`` > 1 when the compiler folded ``merged`` neighbouring accesses
    (``dest[b]``, ``dest[b+1]``...) into this access's LSU.
    """
    table = site.table
    expr = sympy.expand(site.index)
    roles = table.roles(expr)
    reasons: list[str] = []
    data_dependent = Role.LOAD in roles
    lanes: sympy.Expr = sympy.Integer(merged)
    stride: sympy.Expr | None = None
    restarted = None if ndrange or not data_dependent else _stream_from_reads(site, expr, merged)
    if restarted is not None:
        # each entry to the loop starts a stream at an address read before it
        data_dependent = False
        stride, lanes, words = restarted
        reasons.extend(words)
    elif data_dependent:
        loads = table.of_role(expr, Role.LOAD)
        reasons.append(f"index depends on a value read from memory ({_names(loads, table)}): data-dependent, no stride")
        stride = sympy.Integer(1)
    else:
        stride = _stride(site, expr, ndrange, merged, reasons)
        lanes = _lane_count(site, expr) * merged
    moving = table.of_role(expr, *_MOVING)
    offset: sympy.Expr | None = None
    aligned: bool | None = None
    if restarted is None and not data_dependent and not (roles & {Role.OPAQUE}):
        offset = _start_offset(expr, table, moving)
        if offset is not None and offset.is_number:
            aligned = offset == 0
        if offset is not None and offset.free_symbols & set(table.of_role(offset, Role.STATE)):
            aligned = None
    accesses, count_reasons = _count(site, ndrange, merged)
    free = {
        str(symbol)
        for part in (accesses, stride)
        if part is not None
        for symbol in part.free_symbols
        if (info := table.info(symbol)) is None or info.role in (Role.PARAM, Role.MACRO)
    }
    return Classification(stride, offset, aligned, data_dependent, accesses, lanes, reasons, count_reasons, free)


#: symbols whose value changes from one access to the next
_MOVING = (Role.GLOBAL_ID, Role.LOCAL_ID, Role.GROUP_ID, Role.LOOP, Role.LANE, Role.STATE)


def _stream_from_reads(site: AccessSite, expr: sympy.Expr,
                       merged: int) -> tuple[sympy.Expr, sympy.Expr, list[str]] | None:
    """The loop an index read from memory streams in, with the reads named:
    ``bucket_uu[off + i]`` with ``off`` read before the loop over ``i`` is
    contiguous for the whole loop, a new stream at each of its starts, not a
    random access per element (OSKAR gridding's visibility loads). None when
    the index moves with no pipelined loop, or a read it depends on happens
    inside the innermost loop that moves it (``support[(int)round(w)]`` with
    ``w`` read each iteration), or scales a moving term (``a[i * ld]``).
    Single work-item code only: NDRange work-items interleave in the
    pipeline, so one work-item's loop is no stream."""
    table = site.table
    moving = table.of_role(expr, Role.LOOP, Role.STATE)
    innermost = None
    for loop in reversed(site.loops):
        if loop.unrolled:
            continue
        if any(symbol == loop.counter or ((info := table.info(symbol)) is not None and info.loop == loop.line)
               for symbol in moving):
            innermost = loop
            break
    if innermost is None:
        return None
    key = loop_key(innermost)
    reads = table.of_role(expr, Role.LOAD)
    for read in reads:
        info = table.info(read)
        if info is None or info.read_in is None or key in info.read_in:
            return None
    for symbol in moving:
        slope = sympy.diff(expr, symbol)
        if symbol in slope.free_symbols or table.of_role(slope, Role.LOAD):
            return None
    words = [f"starts at a value read from memory before the loop at line {innermost.line} "
             f"({_names(reads, table)}): a new stream each time that loop starts (its partial first burst"
             " not charged)"]
    stride = _stride(site, expr, False, merged, words)
    if stride is None or table.of_role(stride, Role.LOAD):
        return None
    return stride, _lane_count(site, expr) * merged, words


def _start_offset(expr: sympy.Expr, table: SymbolTable, moving: list[sympy.Symbol]) -> sympy.Expr | None:
    """The element the first access reads (every moving symbol at its
    first value), or ``None`` when there is none to name: a divisor that is
    0 there (``x % get_local_id(0)``, ``x / i`` from i = 0, undefined in C)."""
    try:
        offset = sympy.expand(expr.subs({symbol: _first_value(symbol, table) for symbol in moving}))
        offset = sympy.expand(offset.subs({symbol: 0 for symbol in table.of_role(offset, *_MOVING)}))
    except (ZeroDivisionError, TypeError):  # TypeError: an equality's KroneckerDelta of nan ("Invalid NaN comparison")
        return None
    return None if offset.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo) else offset


def _first_value(symbol: sympy.Symbol, table: SymbolTable) -> sympy.Expr:
    """Where a moving symbol starts, for the offset: a variable carried
    across iterations from a known value (``p = in + 3`` then ``p += 4``:
    3), else 0 (ids and loop counters count from the start of their range)."""
    info = table.info(symbol)
    start = info.start if info is not None and info.role is Role.STATE else None
    if start is None or table.roles(start) & {Role.OPAQUE, Role.LOAD}:
        return sympy.Integer(0)
    return start


def _lane_loops(site: AccessSite, expr: sympy.Expr) -> list[LoopInfo]:
    return [
        loop
        for loop in site.loops
        if loop.unrolled and loop.counter is not None and loop.counter in expr.free_symbols
    ]


def _lane_count(site: AccessSite, expr: sympy.Expr) -> sympy.Expr:
    count: sympy.Expr = sympy.Integer(1)
    for loop in _lane_loops(site, expr):
        if loop.lanes is not None:
            count *= loop.lanes
    return count


def _stride(site: AccessSite, expr: sympy.Expr, ndrange: bool, merged: int, reasons: list[str]) -> sympy.Expr | None:
    table = site.table
    lane_loops = _lane_loops(site, expr)
    lanes: sympy.Expr = sympy.Integer(merged)
    exclude: set[sympy.Symbol] = set()
    if merged > 1:
        reasons.append(f"{merged} neighbouring accesses (offsets 0..{merged - 1}) share this LSU")
    if lane_loops:
        innermost = lane_loops[-1]
        assert innermost.counter is not None
        coefficient = linear_coefficient(expr, innermost.counter)
        if coefficient is None:
            reasons.append(f"unrolled counter `{innermost.counter}` (line {innermost.line}) appears non-linearly")
            return None
        step = innermost.step if innermost.step is not None else sympy.Integer(1)
        lane_stride = sympy.Abs(coefficient * step)
        if lane_stride != 1:
            reasons.append(f"lanes of the unrolled loop at line {innermost.line} are {lane_stride} elements apart")
            return lane_stride
        for loop in lane_loops:
            if loop.counter is not None:
                exclude.add(loop.counter)
            if loop.lanes is not None:
                lanes *= loop.lanes
        reasons.append(f"{lanes} contiguous lanes from the unrolled loop at line {innermost.line}")
    advance, words = _outer_advance(site, expr, ndrange, exclude)
    if advance is None:
        if words:
            reasons.append(words)
        if lane_loops or merged > 1:
            reasons.append("the lanes are contiguous; assumed dense across iterations (delta 1)")
            return sympy.Integer(1)
        return None
    advance = sympy.Abs(advance) if advance.is_number else advance
    if lanes == 1:
        if advance == 0:
            reasons.append("the index does not move: the same element every time (delta 1)")
            return sympy.Integer(1)
        reasons.append(words)
        return advance
    reasons.append(words)
    if advance == 0 or (advance.is_number and advance <= lanes):
        return sympy.Integer(1)
    if advance.is_number:
        return advance / lanes
    reasons.append(
        f"iterations jump `{advance}` elements: bursts cannot merge across iterations; delta 1 is a lower bound"
    )
    _ = table
    return sympy.Integer(1)


def _outer_advance(
    site: AccessSite, expr: sympy.Expr, ndrange: bool, exclude: set[sympy.Symbol]
) -> tuple[sympy.Expr | None, str]:
    """Per-step advance of the fastest non-lane variable and a sentence on it."""
    table = site.table
    if ndrange:
        for role in _ID_ROLES:
            ids = [s for s in table.of_role(expr, role) if (info := table.info(s)) and info.dimension == 0]
            if ids:
                coefficient = linear_coefficient(expr, ids[0])
                info = table.info(ids[0])
                text = info.text if info else str(ids[0])
                if coefficient is not None:
                    return coefficient, f"coefficient {coefficient} of `{text}` (consecutive work-items)"
                mean = _mean_coefficient(expr, ids[0])
                if mean is None:
                    return None, f"`{text}` appears non-linearly in the index"
                advance, how = mean
                below = "" if advance.is_number and abs(advance) >= 1 else \
                    " (consecutive work-items share elements below 1)"
                return _averaged(advance), _display_names(
                    f"`{text}` through {how}: {advance} elements per work-item{below}", table)
    for loop in reversed(site.loops):
        if loop.unrolled:
            continue
        advance, words, moved = _loop_advance(site, loop, exclude)
        if moved:
            where = f"loop at line {loop.line}"
            if advance is None:
                return None, _display_names(f"{where}: " + "; ".join(words), table)
            return advance, _display_names(f"advance {advance} per iteration of the {where} from " + ", ".join(words),
                                           table)
    opaque = table.of_role(expr, Role.OPAQUE, Role.STATE)
    if opaque:
        return None, f"the index moves through {_names(opaque, table)}, which is not affine"
    return sympy.Integer(0), ""


def _guarded_trip(
    loop: LoopInfo, tests: list[tuple[str, sympy.Expr, sympy.Expr]], table: SymbolTable
) -> tuple[sympy.Expr | None, list[int]]:
    """Trip count of ``loop`` restricted by the tests on its counter against
    values fixed per launch (fft1d's drain test ``i >= N/8 - 1``; a grid's
    interior ``j > 0 && j < m - 1``; a last-iteration store ``j == m - 1``).
    Returns the count and the indices of the tests used."""
    if loop.counter is None or loop.trip_count is None or loop.step != 1:
        return loop.trip_count, []
    start = loop.start if loop.start is not None and not table.roles(loop.start) - {Role.PARAM, Role.MACRO} \
        else sympy.Integer(0)
    # each test on the iteration's number (the counter from its first value)
    on_counter = [(number, op, bound - start) for number, test in enumerate(tests)
                  if (solved := counter_bound(test, loop.counter, table)) is not None for op, bound in [solved]]
    residues = [(number, residue) for number, test in enumerate(tests)
                if (residue := residue_of(test, loop.counter, table)) is not None]
    ranges = [(op, right) for _number, op, right in on_counter]
    if len(residues) == 1 and start.is_Integer and all(op in ORDER_OPS for op, _right in ranges):
        # one remainder test among range tests: every divisor-th iteration of the range
        number, residue = residues[0]
        low, high = range_bounds(loop.trip_count, ranges)
        return residue.count(low, high, int(start)), [number, *(number for number, _op, _right in on_counter)]
    if len(on_counter) == 1:
        number, op, right = on_counter[0]
        single = one_test_count(loop.trip_count, op, right)
        if single is not None:
            return sympy.expand(single), [number]
    if on_counter:
        return tests_count(loop.trip_count, ranges), [number for number, _op, _right in on_counter]
    return loop.trip_count, []


def _cycle_fraction(test: tuple[str, sympy.Expr, sympy.Expr], table: SymbolTable) -> tuple[sympy.Expr, str] | None:
    """Share of iterations in which a test on a row counter holds.

    A counter that cycles uniformly through 0..K-1 (``SymbolInfo.cycle``)
    satisfies ``y == c`` in 1/K of the iterations, ``y != c`` in (K-1)/K,
    ``y >= c`` in (K-c)/K...; the test may be on ``y + d`` (``y - 1 >= 0``).
    """
    op, left, right = test
    difference = sympy.expand(left - right)
    for symbol in table.of_role(difference, Role.STATE):
        info = table.info(symbol)
        if info is None or info.cycle is None:
            continue
        coefficient = linear_coefficient(difference, symbol)
        if coefficient != 1:
            continue
        value = sympy.expand(symbol - difference)  # the test is "symbol op value"
        if table.roles(value) - {Role.PARAM, Role.MACRO}:
            continue
        if op not in ("==", "!=") and not value.is_number:
            continue  # a symbolic threshold may lie outside 0..K-1: no share claimed
        cycle = info.cycle
        if op in ("==", "!="):
            inside = cycle_contains(value, cycle - 1)
            if inside is not None:
                hits: sympy.Expr = sympy.Integer(1 if inside else 0)
            elif value.is_number and value >= 0:
                hits = IMax(0, IMin(1, cycle - value))  # y == 2 while rows is symbolic: once K > 2
            else:
                continue  # `y == v` with v maybe outside 0..K-1: no share claimed
            held = hits if op == "==" else cycle - hits
        else:
            raw = {">=": cycle - value, ">": cycle - value - 1, "<": value, "<=": value + 1}[op]
            held = IMax(0, IMin(cycle, raw))  # a threshold past either end holds always or never
        return held / cycle, f"`{info.text} {op} {value}` holds in {held} of every {cycle} iterations"
    return None


def _count(site: AccessSite, ndrange: bool, merged: int) -> tuple[sympy.Expr | None, list[str]]:
    """How many times the access runs and the sentences saying why. A guard
    ``A || B || ...`` (each side a whole ``&&`` chain) counts by
    inclusion-exclusion: the sides' counts, less each pair's overlap, plus
    each triple's..., where every count counts every test it holds; else it
    is counted as always true (an upper bound, said)."""
    tests = [test for guard in site.guards for test in guard.effective_tests()]
    either = [guard for guard in site.guards if guard.either is not None and not guard.negated]
    if len(either) == 1 and either[0].either is not None:
        counted = _count_either(site, ndrange, merged, tests, either[0], either[0].either)
        if counted is not None:
            return counted
    total, reasons, unused = _count_under(site, ndrange, merged, tests)
    unused += [guard.text for guard in site.guards if _unsure(guard)]
    if unused:
        reasons.append(_upper_bound_text(unused, site.table))
    if site.switch_arms:
        reasons.append(switch_arm_text(site))
    return _tidy(total), reasons


def switch_arm_text(site: AccessSite) -> str:
    """What the count takes of the ``switch`` arms around ``site``."""
    return (f"under {' and '.join(site.switch_arms)}: counted every time the walk reaches the switch, whichever arm"
            " it takes (upper bound)")


def _count_either(site: AccessSite, ndrange: bool, merged: int, tests: list[Test], guard: Guard,
                  sides: list[list[Test]]) -> tuple[sympy.Expr, list[str]] | None:
    """The count under ``tests`` and ``guard``'s ``||`` of ``sides`` by
    inclusion-exclusion, or ``None`` when a side's count leaves a test uncounted."""
    total: sympy.Expr = sympy.Integer(0)
    counts: list[sympy.Expr] = []  # in the order of the sides' subsets: A, B, ..., A and B, ...
    for size in range(1, len(sides) + 1):
        for chosen in itertools.combinations(sides, size):
            count, _reasons, unused = _count_under(site, ndrange, merged, [*tests, *itertools.chain(*chosen)])
            if unused:
                return None
            total += count if size % 2 else -count
            counts.append(count)
    _, reasons, _ = _count_under(site, ndrange, merged, tests)
    shown = " or ".join(f"({_display_names(_tests_text(side), site.table)})" for side in sides)
    if len(sides) == 2:
        one, two, both = (_tidy(count) for count in counts)
        how = f"each counted and their overlap once ({one} + {two} - {both})"
    else:
        how = f"each counted, less each overlap of two, plus the overlap of three{' ...' if len(sides) > 3 else ''}"
    reasons.append(f"under {_display_names(guard.text, site.table)}: {shown}, {how}")
    others = [other.text for other in site.guards if (other is not guard and _unsure(other))
              or (other is guard and not other.whole)]
    if others:
        reasons.append(_upper_bound_text(others, site.table))
    return _tidy(sympy.expand(total)), reasons


def _unsure(guard: Guard) -> bool:
    """A guard whose condition the tests do not hold whole (counted as always true)."""
    return not guard.complete or (guard.negated and len(guard.tests) > 1)


def _tests_text(tests: list[tuple[str, sympy.Expr, sympy.Expr]]) -> str:
    return " && ".join(f"{left} {op} {right}" for op, left, right in tests)


def _upper_bound_text(unused: list[str], table: SymbolTable) -> str:
    shown = "; ".join(_display_names(text, table) for text in unused[:4])
    return f"other conditions ({shown}) counted as always true (upper bound)"


def _count_under(site: AccessSite, ndrange: bool, merged: int,
                 tests: list[tuple[str, sympy.Expr, sympy.Expr]]) -> tuple[sympy.Expr, list[str], list[str]]:
    """The count under ``tests`` (each once), its sentences and the tests it could not count."""
    tests = list(dict.fromkeys(tests))  # `_23` and `_19` may both say `i < I`
    reasons: list[str] = []
    table = site.table
    total: sympy.Expr = sympy.Symbol(WORK_ITEMS, integer=True) if ndrange else sympy.Integer(1)
    reasons.append("once per work-item (`work_items`)" if ndrange else "single work-item kernel")
    used: set[int] = set()
    lane_bounds: set[int] = set()  # tests that set an unrolled loop's active lanes
    if ndrange:
        ranges = global_tests(tests, table)
        # a local or group id moves with its dimension's global id: counted apart only where that one is not tested
        busy = {dimension for symbol in ranges if (dimension := table.infos[symbol].dimension) is not None}
        ranges.update(local_tests(tests, table, busy))
        ids = [number for tested in ranges.values() for number in tested.numbers]
        if ids:
            total = total * share_passing(ranges)
            used.update(ids)
            reasons.append("only work-items where " + " and ".join(
                _display_names(f"{tests[number][1]} {tests[number][0]} {tests[number][2]}", table) for number in ids)
                + f": {total}")
    for loop in site.loops:
        trip, used_tests = _guarded_trip(loop, tests, table)
        if trip is None:
            symbol = unknown_trip_symbol(site.function, loop.line, loop.nth)
            reasons.append(
                f"x `{symbol}`: trip count of the {loop.kind} loop at line {loop.line} unknown ({loop.trip_reason})"
            )
            total *= symbol
            continue
        label = "unrolled " if loop.unrolled else ""
        reasons.append(f"x {trip} ({label}{loop.kind} loop at line {loop.line}: {loop.trip_reason})")
        if used_tests:
            used.update(used_tests)
            if loop.unrolled:
                lane_bounds.update(used_tests)
            reasons.append("only iterations where " + " and ".join(
                _display_names(f"{tests[number][1]} {tests[number][0]} {tests[number][2]}", table)
                for number in used_tests))
        total *= trip
    # A lane bound stays in the exact count: `i < 4 && x + i >= 60` asks
    # whether any of lanes 0..3 passes, not any of all the loop's lanes.
    for share in exact_shares(site, tests, used - lane_bounds):
        used.update(share.numbers)
        total *= share.fraction
        reasons.append(f"x {share.fraction}: {_display_names(share.reason, table)}")
    wraps = wrap_shares(site)
    for number, test in enumerate(tests):
        if number in used:
            continue
        fraction = wraps.get(test) or _cycle_fraction(test, table)
        if fraction is not None:
            used.add(number)
            total *= fraction[0]
            reasons.append(f"x {fraction[0]}: {fraction[1]}")
    for number, (op, left, right) in enumerate(tests):
        indicator = None if number in used else _argument_test(op, left, right, table)
        if indicator is None:
            continue
        # a test of kernel arguments (HPCC STREAM's `operation_type == ADD`): the launch's values decide it.
        # Kept as a product, never simplified (`t == 2` and `t == 3` together are 0 only once t is known):
        # with every test taken, an `||`'s inclusion-exclusion is 1, the upper bound it was
        used.add(number)
        reasons.append(f"only while {_display_names(f'{left} {op} {right}', table)} (kernel arguments or launch"
                       " sizes: taken unless their values are given)")
        total *= indicator
    if merged > 1:
        total *= merged
        reasons.append(f"x {merged} merged neighbouring accesses")
    unused = [f"{left} {op} {right}" for number, (op, left, right) in enumerate(tests) if number not in used]
    return total, reasons, unused


#: roles of the names a user gives per launch: kernel arguments (an identifier the walk
#: does not know, a pointer in `if (bias)`, reads as a macro: not a value to give)
_GIVEN_ROLES = {Role.PARAM}


def _argument_test(op: str, left: sympy.Expr, right: sympy.Expr, table: SymbolTable) -> sympy.Expr | None:
    """``Taken(left op right)`` for a test of scalar kernel arguments only,
    which holds or fails for a whole launch; ``None`` otherwise."""
    symbols = (left - right).free_symbols if isinstance(left - right, sympy.Expr) else set()
    if not symbols or any(table.infos.get(symbol) is None or table.infos[symbol].role not in _GIVEN_ROLES
                          for symbol in symbols if isinstance(symbol, sympy.Symbol)):
        return None
    return taken(op, left, right)


#: symbols shown by their source text in the sentences: renamed counters and
#: carried variables (``i_2``), work-item ids (``gid0``: ``get_global_id(0)``)
#: and values read from memory (``load_in_i``: ``in[i]``)
_SHOWN_AS_SOURCE = (Role.LOOP, Role.LANE, Role.STATE, Role.GLOBAL_ID, Role.LOCAL_ID, Role.GROUP_ID, Role.LOAD)


def _display_names(text: str, table: SymbolTable) -> str:
    """Replace analysis symbols (``i_2``, ``gid0``) by their source text in ``text``."""
    for symbol, info in table.infos.items():
        if symbol.name != info.text and info.role in _SHOWN_AS_SOURCE:
            text = re.sub(rf"\b{re.escape(symbol.name)}\b", _literal(info.text), text)
    return text


def _literal(shown: str) -> Callable[[re.Match[str]], str]:
    """A replacement that inserts ``shown`` as it is (``in[i]`` holds no group reference)."""
    return lambda _match: shown


def _tidy(expr: sympy.Expr) -> sympy.Expr:
    """Plain symbols (no integer assumption) so the string round-trips through sympify."""
    plain = {symbol: sympy.Symbol(symbol.name) for symbol in expr.free_symbols if isinstance(symbol, sympy.Symbol)}
    return expr.xreplace(plain)


def free_symbols_note(kernel: Kernel, free: Collection[str], given: Collection[str]) -> Diagnostic | None:
    """The info that ``kernel``'s access counts still depend on ``free``
    names (its arguments, loop trips), or ``None`` when there are none or the
    user gave every one: one wording wherever the names are found or change."""
    if not free or set(free) <= set(given):
        return None
    names = sorted(free)
    return Diagnostic.at(kernel.location, FREE_SYMBOLS_RULE, Severity.INFO,
                         f"kernel {kernel.name}: access counts depend on {', '.join(names)}; give them with --set"
                         " NAME=VALUE", kernel=kernel.name, data={"symbols": names})
