"""What a loop is and how many times it runs: :class:`LoopInfo` and the
shape tests behind trip counts.

Pure functions over pycparser nodes and sympy values, shared by the C
statement walker (:mod:`hlsight.analyzer.access.loop_walker`) and the SYCL
walker: the trip count of a counter test (:func:`trip_from`), the step of a
counter update (:func:`update_step`), the period of a row counter
(:func:`cycle_length`; the test that paces it is :mod:`loop_shapes`'s). The
variables a loop assigns, and the loops no value can count, are read without
sympy (:mod:`hlsight.analyzer.access.loop_shapes`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple, TypeVar

import sympy
from pycparser import c_ast

from hlsight.analyzer.access.branch_arms import BranchArm
from hlsight.analyzer.access.c_symbols import (
    WORK_ITEMS,
    ExprConverter,
    Role,
    SymbolInfo,
    SymbolTable,
    c_text,
    extent_value,
    fixed_per_launch,
)
from hlsight.analyzer.access.loop_shapes import (
    AssignedNames,
    CounterUpdates,
    assigned_in,
    body_items,
    constant_step,
    stepped_operand,
)
from hlsight.analyzer.access.paced_loops import wrapping_step
from hlsight.parsers.csource.visitor import NodeVisitor, descendants

#: calls walked where they stand per kernel walk, at most (C and SYCL): a
#: helper called in a fan-out (each level calling the next twenty times)
#: would otherwise be walked 20^4 times; past the budget a call is not
#: entered (its accesses come from the helper's own walk, its value is opaque)
CALL_WALK_BUDGET = 512

#: ``a op b`` read from the right-hand side: ``b MIRROR[op] a``
MIRROR = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "!=": "!=", "==": "=="}
#: the comparison that holds when ``op`` does not
NEGATE = {"<": ">=", ">=": "<", ">": "<=", "<=": ">", "==": "!=", "!=": "=="}
#: a walker's variable key (a C name, a SYCL declaration key)
K = TypeVar("K")


def closing_lines(lines: Sequence[str]) -> dict[int, int]:
    """For every line that opens a brace block: the line of the ``}`` that
    closes the first ``{`` on it (1-based), skipping comments, string and
    character literals. One pass over the file, so a walker asks it once per
    file, not once per loop (an unbalanced brace would otherwise rescan to
    the end of the file for every loop); blocks never closed are left out."""
    found: dict[int, int] = {}
    open_blocks: list[tuple[int, bool]] = []  # (line, first brace on its line)
    state = ""  # "", "/*", '"' or "'"
    for number, text in enumerate(lines, start=1):
        index = 0
        first = True
        while index < len(text):
            char, pair = text[index], text[index:index + 2]
            if state == "/*":
                if pair == "*/":
                    state, index = "", index + 1
            elif state in ('"', "'"):
                if char == "\\":
                    index += 1
                elif char == state:
                    state = ""
            elif pair == "//":
                break
            elif pair == "/*":
                state, index = "/*", index + 1
            elif char in ('"', "'"):
                state = char
            elif char == "{":
                open_blocks.append((number, first))
                first = False
            elif char == "}" and open_blocks:
                opened, was_first = open_blocks.pop()
                if was_first:
                    found[opened] = number
            index += 1
        if state in ('"', "'"):
            state = ""  # a literal does not run past its line
    return found


def unknown_trip_symbol(function: str, line: int, nth: int = 1) -> sympy.Symbol:
    """The one name of a loop trip count only the data or the host decides
    (``trips_<kernel>_L<line>``, ``..._L<line>_2`` for the second loop
    starting on that line): the access counts and the report loop's
    pipeline model share it, so the user gives one value per loop."""
    return sympy.Symbol(f"trips_{function}_L{line}" + (f"_{nth}" if nth > 1 else ""))


class LineOrdinals:
    """Which loop, in walk order, each loop is among those starting on its
    line (1 for the first): one list per line, so a walker asks once per
    loop without rescanning every loop it has met."""

    def __init__(self) -> None:
        self._keys: dict[tuple[str, int], list[int]] = {}

    def nth(self, key: int, file: str, line: int) -> int:
        keys = self._keys.setdefault((file, line), [])
        if key not in keys:
            keys.append(key)
        return keys.index(key) + 1


@dataclass
class LoopInfo:
    """One loop around an access.

    ``unroll`` is ``None`` for a pipelined loop, ``0`` for ``#pragma unroll``
    (full) and ``n`` for ``#pragma unroll n``; ``lanes`` is how many copies
    of the body the unrolling makes (``None`` when unknown).
    """

    kind: str  # "for" | "while" | "do"
    line: int
    file: str
    counter: sympy.Symbol | None
    step: sympy.Expr | None
    trip_count: sympy.Expr | None
    trip_reason: str
    unroll: int | None = None
    #: first value of the counter (``None`` when unknown); with ``step`` and
    #: ``trip_count`` it gives the values a lane of an unrolled loop takes
    start: sympy.Expr | None = None
    #: the line that closes the loop (its ``}``, a do-while's ``while``):
    #: aoc reports some loops there (17.1's ``while (1)`` at its closing
    #: brace, every do-while at its ``while``), not at the keyword
    end_line: int | None = None
    #: 1 for the first loop that starts on its line, 2 for the next (a macro
    #: that expands to nested loops puts them all on the line of its use)
    nth: int = 1
    #: the ``#pragma HLS loop_tripcount ...`` in the loop's body: a Vivado/Vitis
    #: report's count for the loop is then the pragma's assumption
    tripcount_pragma: str | None = None
    #: the count comes from a counter stepped by a constant in the loop
    #: header (what the HLS tools' own trip-count analysis finds), not from a
    #: geometric or condition-stepped counter: the instrumenter leaves a
    #: trip-count pragma out only for these
    header_counted: bool = True
    #: the counter is multiplied or divided (``i *= 2``), not stepped: an
    #: index in it has no constant advance per iteration
    geometric: bool = False
    #: the argument of a ``loop_coalesce`` on the loop as written (``""``:
    #: none, every nested level merges; ``None``: no such annotation)
    coalesce: str | None = None
    #: N of a ``#pragma HLS unroll factor=N`` in the body (Vivado/Vitis): the
    #: report's loop runs ceil(count / N) iterations
    hls_unroll: int | None = None
    #: ``while (1)``, ``for (;;)`` with no way out of the body (no ``break``,
    #: ``return`` or ``goto``): it runs as long as it is fed (an autorun
    #: kernel's), so only its channel traffic can count it
    endless: bool = False
    #: ``#pragma HLS pipeline`` in the body (Vivado/Vitis): the loops inside are unrolled
    hls_pipelined: bool = False
    #: the loop's function is called more than once and the calls count it
    #: differently (one entry per call, :mod:`called_loops`): no count is its
    per_call_counts: tuple[str, ...] = ()
    #: a triangular loop's count per entry, over the enclosing loops'
    #: counters (``trip_count`` is its average): a loop nested in it sums
    #: over these counts, not the average (:func:`averaged_over_enclosing`)
    exact_trip: sympy.Expr | None = None
    #: the lines of the levels of a flattened nest this stands for (Vitis'
    #: ``VITIS_LOOP_9_1_VITIS_LOOP_11_2``), outermost first: its pipeline is
    #: on the innermost one
    flattened_lines: tuple[int, ...] = ()
    #: the loop's body as written (C loops): what the facts above do not keep
    #: is read from it where it is wanted (its carried updates,
    #: :mod:`~hlsight.analyzer.access.recurrence`)
    body: c_ast.Node | None = None
    #: the ``if``/``switch`` arms the loop runs under since its enclosing
    #: loop (:mod:`.branch_arms`): a call that takes another arm skips it
    guards: tuple[BranchArm, ...] = ()

    @property
    def unrolled(self) -> bool:
        return self.unroll is not None and self.unroll != 1

    @property
    def leaves_early(self) -> bool:
        """The count is only an upper bound: the body may leave early
        (decision 27; a flattened nest's reason holds its levels')."""
        return AT_MOST in self.trip_reason

    @property
    def lanes(self) -> sympy.Expr | None:
        if not self.unrolled:
            return None
        if self.unroll == 0:
            return self.trip_count
        return sympy.Integer(self.unroll) if self.unroll is not None else None


#: work-group barriers: OpenCL 1.2 ``barrier``, 2.0 ``work_group_barrier``
BARRIER_CALLS = frozenset({"barrier", "work_group_barrier"})
#: SYCL: ``nd_item::barrier``, SYCL 2020 ``group_barrier``
SYCL_BARRIERS = frozenset({"barrier", "group_barrier"})


@dataclass
class BarrierSite:
    """A work-group barrier and the loops around it (outermost first): what
    FlexCL's communication mode is read from."""

    file: str
    line: int
    loops: tuple[LoopInfo, ...]


def tripcount_pragma(body: c_ast.Node | None) -> str | None:
    """The ``HLS loop_tripcount`` pragma among the first statements of a
    loop's body (where Vivado/Vitis read it), as written."""
    if not isinstance(body, c_ast.Compound):
        return None
    for item in body.block_items or []:
        if not isinstance(item, c_ast.Pragma):
            break
        words = item.string.lower().split()
        if words[:2] == ["hls", "loop_tripcount"]:
            return str(item.string).strip()
    return None


def unroll_factor(pragma: str | None) -> int | None:
    """``None`` (no unroll pragma), ``0`` (``#pragma unroll``) or ``n`` (``#pragma unroll n``)."""
    if pragma is None:
        return None
    words = pragma.split()
    if not words or words[0] != "unroll":
        return None
    if len(words) == 1:
        return 0
    try:
        return int(words[1], 0)
    except ValueError:
        return 0


def is_grid_step(step: sympy.Expr | None) -> bool:
    """``i += get_global_size(0)``: the step of a grid-stride loop."""
    return isinstance(step, sympy.Symbol) and step.name == WORK_ITEMS


_WORK_ITEM_ROLES = {Role.GLOBAL_ID, Role.LOCAL_ID, Role.GROUP_ID}


def dealt_step(step: sympy.Expr | None, start: sympy.Expr | None, table: SymbolTable) -> sympy.Expr | None:
    """The step of a loop whose iterations the work-items deal out among
    themselves, else ``None``: a grid-stride step (``i += get_global_size(0)``)
    or any constant-per-launch step of a counter that starts at a work-item
    id (``for (i = lid; i < n; i += get_local_size(0))``). The walker then
    counts the loop's rounds and writes the counter as start + rounds *
    step, so the work-item id stays in the index: consecutive work-items
    are one element apart, not a step apart."""
    if is_grid_step(step):
        return step
    if step is None or start is None or not table.roles(start) & _WORK_ITEM_ROLES:
        return None
    return step if not table.roles(step) - {Role.PARAM, Role.MACRO} else None


_ID_ROLES = (Role.GLOBAL_ID, Role.LOCAL_ID, Role.GROUP_ID)


@dataclass(frozen=True)
class LaunchIds:
    """What a walk knows of the work-item ids a counter may start at: their
    symbols (roles, dimensions and what each runs below,
    :attr:`SymbolInfo.extent`, in ``table``), the kernel's NDRange
    ``dimensions``, and, in more than one, the product of the global sizes
    that ``work_items`` stands for."""

    table: SymbolTable
    dimensions: int = 1
    launch_product: sympy.Expr | None = None

    @classmethod
    def of(cls, table: SymbolTable, dimensions: int, size: str) -> LaunchIds:
        """The ids of a walk whose launch sizes are named ``<size><d>``
        (OpenCL's ``global_size``, SYCL's ``range``)."""
        sizes = [sympy.Symbol(f"{size}{d}", integer=True) for d in range(dimensions)]
        return cls(table, dimensions, sympy.Mul(*sizes) if dimensions > 1 else None)

    def extents(self, expr: sympy.Expr) -> dict[sympy.Symbol, sympy.Expr]:
        """The ids ``expr`` reads, each with what it runs below."""
        found: dict[sympy.Symbol, sympy.Expr] = {}
        for symbol in sorted(self.table.of_role(expr, *_ID_ROLES), key=str):
            info = self.table.info(symbol)
            if info is not None and info.extent is not None:
                found[symbol] = extent_value(info.extent)
        return found

    def same_size(self, left: sympy.Expr, right: sympy.Expr) -> bool:
        """``left == right`` with ``work_items`` as the product it stands for."""
        difference: sympy.Expr = left - right
        if self.launch_product is not None:
            difference = difference.subs(sympy.Symbol(WORK_ITEMS, integer=True), self.launch_product)
        return bool(sympy.expand(difference) == 0)


def dealt_ids(start: sympy.Expr, step: sympy.Expr, ids: LaunchIds) -> tuple[sympy.Expr, list[sympy.Symbol]] | None:
    """``(c, numbered)`` when ``start`` numbers some work-item ids from 0,
    plus ``c``, and ``step`` is how many values that numbering takes, else
    ``None``. One id with coefficient 1 (``get_global_id(0) + c``,
    ``get_local_id(0)``); several flattened in mixed radix, one with
    coefficient 1 and each next the product of the extents before it
    (caffe's ``gid0 * global_size1 * global_size2 + gid1 * global_size2 +
    gid2``), which numbers their combinations 0 .. the product - 1, each
    once, whatever order the dimensions take. The work-items then deal the
    loop's iterations out among themselves (:func:`dealt_trip`)."""
    extents = ids.extents(start)
    if not extents:
        return None
    expanded = sympy.expand(start)
    coefficients = {symbol: expanded.coeff(symbol) for symbol in extents}
    rest = sympy.expand(expanded - sum((coefficients[s] * s for s in extents), sympy.Integer(0)))
    moving = set(ids.table.of_role(rest, *_ID_ROLES))
    for coefficient in coefficients.values():
        moving.update(ids.table.of_role(coefficient, *_ID_ROLES))
    if moving:
        return None
    place: sympy.Expr = sympy.Integer(1)
    pending = list(extents)
    numbered: list[sympy.Symbol] = []
    while pending:
        fastest = next((s for s in pending if sympy.expand(coefficients[s] - place) == 0), None)
        if fastest is None:
            return None
        pending.remove(fastest)
        numbered.append(fastest)
        place = sympy.expand(place * extents[fastest])
    return (rest, numbered) if ids.same_size(place, step) else None


def dealt_trip(
    op: str, start: sympy.Expr, bound: sympy.Expr, step: sympy.Expr, why: str, ids: LaunchIds
) -> tuple[sympy.Expr | None, str] | None:
    """``for (i = id + c; i < n; i += E)`` with the id running over 0..E -
    1 (:func:`dealt_ids`; ``None`` when the loop is not that): the
    work-items of each set of those ids deal the iterations c .. n - 1 out,
    id g running ceil((n - c - g) / E) of them, n - c in all, so the count
    per work-item is (n - c) / E on average (exact for the sum the access
    counts need). A grid stride (every global id, E the launch's size)
    runs them once per launch; a local id's stride (E the work-group's
    size) once per work-group; ids of some dimensions once per id of the
    others. The walker counts the loop's rounds, with the counter at
    ``start + rounds * step``."""
    found = dealt_ids(start, step, ids)
    if found is None:
        return None
    first, numbered = found
    if op not in ("<", "<="):
        return None, f"{why}: a counter the work-items deal out needs `<` or `<=`"
    count, _why = trip_from(op, first, bound, sympy.Integer(1), why)
    if count is None:
        return None, why
    return count / step, _dealt_sentence(numbered, ids, why, count)


def _dealt_sentence(numbered: list[sympy.Symbol], ids: LaunchIds, why: str, count: sympy.Expr) -> str:
    """Who shares a dealt loop's iterations, and who runs them again."""
    infos = [info for symbol in numbered if (info := ids.table.info(symbol)) is not None]
    roles = {info.role for info in infos}
    every = {info.dimension for info in infos} == set(range(ids.dimensions))
    if roles == {Role.GLOBAL_ID} and every:
        return f"grid-stride loop {why}: the work-items share its {count} iterations"
    if roles == {Role.LOCAL_ID} and every:
        return (f"work-group-stride loop {why}: the work-items of each work-group share its {count} iterations, "
                "every work-group runs them")
    calls = " and ".join(info.text for info in infos)
    return (f"loop {why} dealt out by {calls}: the work-items along it share its {count} iterations, "
            "each value of the other ids runs them again")


def trip_from(
    op: str, start: sympy.Expr | None, bound: sympy.Expr, step: sympy.Expr, why: str, ids: LaunchIds | None = None
) -> tuple[sympy.Expr | None, str]:
    """Trip count of ``v op bound`` with ``v`` from ``start`` by ``step``.

    ``<``: ceil((bound - start) / step); ``<=``: floor((bound - start) / step) + 1;
    mirrored for down-counting loops; ``!=`` needs an exact multiple. The
    result assumes the loop runs at least once (symbolic bounds are not
    clamped at zero; the explanation says so). ``ids``: the work-item ids
    a counter may start at, whose loop the work-items deal out
    (:func:`dealt_trip`).
    """
    if start is None:
        return None, "the counter has no initial value"
    dealt = None if ids is None else dealt_trip(op, start, bound, step, why, ids)
    if dealt is not None:
        return dealt
    if is_grid_step(step):
        calls = [f"get_global_id({d})" for d in range(1 if ids is None else ids.dimensions)]
        every = calls[0] if len(calls) == 1 else f"{', '.join(calls[:-1])} and {calls[-1]} flattened"
        return None, f"{why}: a work_items step needs a counter from {every}, plus c"
    if not step.is_number or step == 0 or step.is_finite is not True:
        # a finite one: a work-group size of 0 in `reqd_work_group_size` divides by zero
        return None, f"the step {step} is not a non-zero constant"
    distance: sympy.Expr
    if op == "<" and step > 0:
        trip = sympy.ceiling((bound - start) / step)
    elif op == "<=" and step > 0:
        trip = sympy.floor((bound - start) / step) + 1
    elif op == ">" and step < 0:
        trip = sympy.ceiling((start - bound) / -step)
    elif op == ">=" and step < 0:
        trip = sympy.floor((start - bound) / -step) + 1
    elif op == "!=":
        distance = (bound - start) / step
        trip = distance
    else:
        return None, f"`{op}` with step {step} does not terminate by counting"
    trip = sympy.expand(trip)
    if trip.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo):
        return None, f"{why}: the bound or the start is not a finite value"
    if trip.is_number and trip < 0:
        trip = sympy.Integer(0)
    return trip, why


def stepped_in_condition(
    op: str, start: sympy.Expr, bound: sympy.Expr, step: sympy.Expr, prefix: bool, do_while: bool, why: str
) -> tuple[sympy.Expr | None, str]:
    """Trip count of ``while (++i < n)`` / ``do ... while (i++ < n)``: the
    condition steps ``i`` (from ``start``) before (``prefix``) or after its
    test, and the body does not assign it; a do-while runs its body once more
    than the condition holds."""
    tested, reason = trip_from(op, start + step if prefix else start, bound, step, why)
    if tested is None:
        return None, reason
    return (tested + 1 if do_while else tested), reason


#: ``(factor, grows)``: the counter is multiplied (``grows``) or integer-divided
#: by ``factor`` each iteration (``s <<= 1``, ``s >>= 1``, ``s *= 4``, ``s /= 2``)
Geometric = tuple[int, bool]


def geometric_trip(
    op: str, start: sympy.Expr | None, bound: sympy.Expr, geometric: Geometric, condition: str
) -> tuple[sympy.Expr | None, str]:
    """Trip count of ``v op bound`` with ``v`` from ``start`` multiplied or
    integer-divided by a constant factor (tree reductions and scans:
    ``for (s = 1; s < n; s <<= 1)`` runs ceil(log2 n) times), and why
    (``condition``: the test as written). Numeric ends are stepped through
    exactly (C's integer division); a symbolic end gives the logarithm,
    assuming the loop runs at least once."""
    factor, grows = geometric
    if start is None:
        return None, "the counter has no initial value"
    why = f"{condition} from {start}, {'x' if grows else '/'}{factor} each iteration"
    if factor < 2:
        return None, f"the factor {factor} does not move the counter"
    holds = {"<": lambda v, b: v < b, "<=": lambda v, b: v <= b, ">": lambda v, b: v > b,
             ">=": lambda v, b: v >= b, "!=": lambda v, b: v != b}.get(op)
    if holds is None or (grows and op in (">", ">=")) or (not grows and op in ("<", "<=")):
        return None, f"`{op}` with a {'growing' if grows else 'shrinking'} counter does not terminate by counting"
    if grows and start.is_zero:
        return None, f"{why}: a counter that starts at 0 never grows"
    if start.is_number and bound.is_number:
        value, count = int(start), 0
        while holds(value, int(bound)) and count <= 64:
            # C's integer division truncates toward zero
            value = value * factor if grows else (value // factor if value >= 0 else -(-value // factor))
            count += 1
        return (sympy.Integer(count), why) if count <= 64 else (None, f"{why} does not end within 64 steps")
    base = sympy.Integer(factor)
    if grows and op in ("<", "!="):
        trip = sympy.ceiling(sympy.log(bound / start) / sympy.log(base))
    elif grows:
        trip = sympy.floor(sympy.log(bound / start) / sympy.log(base)) + 1
    else:
        low = bound + 1 if op in (">", "!=") else bound
        trip = sympy.floor(sympy.log(start / low) / sympy.log(base)) + 1
    return trip, why + " (a logarithm: assumes the loop runs at least once)"


def geometric_update(name: str, stmt: c_ast.Node, value: Callable[[c_ast.Node], sympy.Expr]) -> Geometric | None:
    """``v <<= k``, ``v >>= k``, ``v *= c``, ``v /= c`` and their ``v = v op c``
    (and ``v = c * v``) spellings with a constant ``k``/``c``, as (factor, grows)."""
    if not isinstance(stmt, c_ast.Assignment) or not isinstance(stmt.lvalue, c_ast.ID) or stmt.lvalue.name != name:
        return None
    op, amount = stmt.op[:-1], stmt.rvalue
    if stmt.op == "=":
        rvalue = stmt.rvalue
        if not isinstance(rvalue, c_ast.BinaryOp):
            return None
        if isinstance(rvalue.left, c_ast.ID) and rvalue.left.name == name:
            op, amount = rvalue.op, rvalue.right
        elif rvalue.op == "*" and isinstance(rvalue.right, c_ast.ID) and rvalue.right.name == name:
            op, amount = rvalue.op, rvalue.left  # v = 2 * v
        else:
            return None
    return geometric_step(op, value(amount))


def geometric_step(op: str, amount: sympy.Expr) -> Geometric | None:
    """(factor, grows) of ``op`` (``<<``, ``>>``, ``*``, ``/``) by a positive constant."""
    if not (amount.is_Integer and int(amount) > 0):
        return None
    if op in ("<<", ">>") and int(amount) < 31:
        return 2 ** int(amount), op == "<<"
    if op in ("*", "/"):
        return int(amount), op == "*"
    return None


Value = Callable[[c_ast.Node], sympy.Expr]


def for_counter(
    node: c_ast.For, value: Value, env: dict[str, sympy.Expr]
) -> tuple[str | None, sympy.Expr | None]:
    """Counter variable and its initial value from ``for (int i = a; ...)``
    (``value`` converts ``a`` where the loop stands, ``env`` holds the
    locals for ``for (; i < n; ...)``)."""
    init = node.init
    cond = node.cond
    names: dict[str, c_ast.Node | None] = {}
    if isinstance(init, c_ast.DeclList):
        for decl in init.decls:
            names[decl.name] = decl.init
    elif isinstance(init, c_ast.Assignment) and isinstance(init.lvalue, c_ast.ID):
        names[init.lvalue.name] = init.rvalue
    elif isinstance(init, c_ast.ExprList):
        for expr in init.exprs:
            if isinstance(expr, c_ast.Assignment) and isinstance(expr.lvalue, c_ast.ID):
                names[expr.lvalue.name] = expr.rvalue
    if isinstance(cond, c_ast.BinaryOp):
        for side in (cond.left, cond.right):
            if isinstance(side, c_ast.ID) and side.name in names:
                start = names[side.name]
                return side.name, None if start is None else value(start)
            no_init = isinstance(init, c_ast.EmptyStatement | type(None))
            if isinstance(side, c_ast.ID) and no_init and side.name in env:
                return side.name, env[side.name]
    if len(names) == 1:
        name, start = next(iter(names.items()))
        return name, None if start is None else value(start)
    return None, None


def uncounted(name: str | None, start: sympy.Expr | None, step: sympy.Expr | None) -> str | None:
    """Why a ``for`` loop cannot be counted before its condition is read (a
    missing counter, initial value or constant step), else ``None``; C and
    SYCL loops alike."""
    if name is None:
        return "no loop counter found"
    if start is None:
        return f"`{name}` has no initial value"
    if step is None:
        return f"`{name}` does not change by a constant every iteration"
    return None


def counter_comparison(name: str, cond: c_ast.Node) -> tuple[str, c_ast.Node] | None:
    """``(op, bound)`` of a test written ``name op bound``, mirrored where
    the counter stands on the right (``n > i`` is ``i < n``); ``None`` for
    any other expression. A loop's condition and a test that leaves it
    (:mod:`.counter_exit`) are read alike."""
    if not isinstance(cond, c_ast.BinaryOp):
        return None
    if isinstance(cond.left, c_ast.ID) and cond.left.name == name:
        return cond.op, cond.right
    if isinstance(cond.right, c_ast.ID) and cond.right.name == name:
        return MIRROR.get(cond.op, cond.op), cond.left
    return None


def counter_trip(
    name: str | None, start: sympy.Expr | None, step: sympy.Expr | None, cond: c_ast.Node | None, value: Value,
    geometric: Geometric | None = None, ids: LaunchIds | None = None,
) -> tuple[sympy.Expr | None, str]:
    """Trip count (and why) of a ``for`` loop whose counter ``name`` runs
    from ``start`` by ``step`` (or multiplied/divided, ``geometric``) while
    ``cond`` holds (``ids``: the work-item ids, :func:`trip_from`)."""
    missing = uncounted(name, start, step if geometric is None else sympy.Integer(1))
    if missing is not None:
        return None, missing
    if not isinstance(cond, c_ast.BinaryOp):
        return None, "the loop condition is not a comparison"
    assert name is not None
    compared = counter_comparison(name, cond)
    if compared is None:
        return None, f"the condition `{c_text(cond)}` does not compare `{name}`"
    op, bound = compared[0], value(compared[1])
    if geometric is not None:
        return geometric_trip(op, start, bound, geometric, f"`{c_text(cond)}`")
    return trip_from(op, start, bound, step, f"`{c_text(cond)}` from {start} step {step}", ids)


def _floors_averaged(expr: sympy.Expr, counter: sympy.Symbol) -> sympy.Expr | None:
    """``expr`` with each ``floor(a*t/q + b)`` (a, q coprime integers, b an
    integer) replaced by its mean over a period of the counter ``t``:
    a*t/q + b - (q - 1)/(2q). Summed over whole periods this is exact
    (sum of floor(t/2), t < n even: n(n - 2)/4); else within one element
    per period. ``None`` when ``expr`` has no such floor."""
    replaced: dict[sympy.Expr, sympy.Expr] = {}
    for part in expr.atoms(sympy.floor):
        inner = sympy.expand(part.args[0])
        slope = inner.coeff(counter)
        rest = sympy.expand(inner - slope * counter)
        if not (slope.is_Rational and slope != 0 and rest.is_Integer and not rest.has(counter)):
            return None
        q = sympy.Rational(slope).q
        replaced[part] = inner - sympy.Rational(q - 1, 2 * q)
    return expr.xreplace(replaced) if replaced else None


def tile_remainder_sum(term: sympy.Expr, rounds: sympy.Symbol, count: sympy.Expr) -> sympy.Expr | None:
    """The sum over ``rounds`` = 0..count - 1 of a tile's size ``min(S, R -
    S*rounds)`` when ``count`` is ceiling(R / S): the last tile holds the
    remainder, so the tiles add up to R (every tile but the last is full,
    the last is R - S*(count - 1)). The tiling idiom ``for (b = 0; b < n; b
    += 16) { w = MIN(16, n - b); for (i = b; i < b + w; i++) ...}`` (a public
    Vitis 2020.1 vdot) has no closed form in sympy; ``None`` for any other
    term."""
    scale, tile = term.as_independent(rounds, as_Add=False)
    if not isinstance(tile, sympy.Min) or len(tile.args) != 2:
        return None
    for size, rest in (tile.args, tile.args[::-1]):
        if size.has(rounds) or not (size.is_number and size > 0):
            continue
        remaining = sympy.expand(rest + size * rounds)
        if remaining.has(rounds) or sympy.simplify(count - sympy.ceiling(remaining / size)) != 0:
            continue
        return sympy.expand(scale * remaining)
    return None


def averaged_over_enclosing(trip: tuple[sympy.Expr | None, str], enclosing: Sequence[LoopInfo]
                            ) -> tuple[sympy.Expr | None, str]:
    """A triangular loop's count, ``for (j = 0; j < i; j++)`` inside ``for
    (i = 0; i < n; i++)``: the count changes with the enclosing counters,
    so it is replaced by its average per entry, the nest's total over the
    number of times the loop is entered: sum_t trip(start + step*t) / n =
    (n - 1) / 2 here. Counts multiply along the nest, so the inner body's
    total (n(n-1)/2) and the report loop's trip (per entry, on average)
    come out right. In a deeper nest the entries are weighted by the
    enclosing loops' own counts per entry (``exact_trip``), not their
    averages: polybench's nussinov (``k`` from ``i + 1`` to ``j``, ``j``
    from ``i + 1`` to 60) runs 34,220 innermost iterations over 1,770
    entries, 58/3 each; averaging level by level gave 57/4, a quarter of
    them missing. Innermost enclosing loop first; a sum sympy cannot close
    leaves the count as it was (``fixed_per_launch`` then calls it
    unknown)."""
    count, reason = trip
    if count is None:
        return trip
    total, entries = count, sympy.Integer(1)
    averaged: list[str] = []
    for index in range(len(enclosing) - 1, -1, -1):
        loop = enclosing[index]
        around = {outer.counter for outer in enclosing[:index + 1] if outer.counter is not None}
        depends = total.free_symbols | entries.free_symbols
        if not depends & around:
            break  # the loops further out multiply the total and the entries alike
        per_entry = loop.exact_trip if loop.exact_trip is not None else loop.trip_count
        if per_entry is None:
            return trip
        counter = loop.counter
        if counter is None or counter not in depends:  # weights the entries by how often it runs
            total, entries = total * per_entry, entries * per_entry
            continue
        if loop.start is None or loop.step is None or not loop.step.is_number:
            return trip
        rounds = sympy.Dummy("t", integer=True, nonnegative=True)
        smoothed = False
        sums = []
        for part in (total, entries):
            term = part.subs(counter, loop.start + loop.step * rounds)
            floors = _floors_averaged(term, rounds)
            if floors is not None:  # `j < i/2`: sympy cannot sum floor(t/2) in closed form
                term, smoothed = floors, True
            tiles = tile_remainder_sum(term, rounds, per_entry)
            sums.append(tiles if tiles is not None else sympy.summation(term, (rounds, 0, per_entry - 1)))
        if any(part.has(sympy.Sum) or part.has(counter) for part in sums):
            return trip
        total, entries = sums
        averaged.append(f"the loop at line {loop.line}" + (" (its integer division averaged)" if smoothed else ""))
    if not averaged:
        return trip
    count = sympy.factor(sympy.simplify(total / entries))
    return count, f"{reason}, averaged over the iterations of {' and '.join(averaged)} (its bound moves with them)"


def averaged_over_ids(trip: tuple[sympy.Expr | None, str], ids: LaunchIds) -> tuple[sympy.Expr | None, str]:
    """A count that changes with the work-item, ``for (j = 0; j < gid;
    j++)``: the access counts need its sum over the work-items, so it is
    replaced by its mean over each id's values 0..extent - 1 (a launch is
    a whole grid of them), sum_g g / E = (E - 1) / 2 here, as a triangular
    nest's count is averaged over its enclosing loop
    (:func:`averaged_over_enclosing`). A sum sympy cannot close
    (``ceiling((n - gid) / 1024)``, a literal step that is not the launch's
    size) makes the count unknown, said: left as it was it would ask the
    user for a work-item's id."""
    count, reason = trip
    if count is None:
        return trip
    extents = ids.extents(count)
    if not extents:
        return trip
    said = ", ".join(info.text for s in extents if (info := ids.table.info(s)) is not None)
    for symbol, extent in extents.items():
        value = sympy.Dummy("g", integer=True, nonnegative=True)
        term = count.subs(symbol, value)
        smoothed = _floors_averaged(term, value)
        term = term if smoothed is None else smoothed
        # a polynomial sums in closed form; anything else (a remainder, a
        # power of the id) has none that sympy finds quickly, or at all
        total = sympy.summation(term, (value, 0, extent - 1)) if term.is_polynomial(value) else None
        if total is None or total.has(sympy.Sum) or total.has(value) or total.has(symbol):
            return None, f"{reason}: the count differs per work-item (with {said}) and its sum over them " \
                         "has no closed form"
        count = sympy.factor(sympy.simplify(total / extent))
    return count, f"{reason}, averaged over the work-items' {said} (the count differs per work-item)"


def counted_loop(
    table: SymbolTable,
    counter_name: str | None,
    step: sympy.Expr | None,
    trip: tuple[sympy.Expr | None, str],
    unroll: int | None,
    line: int,
    file: str,
    start: sympy.Expr | None = None,
) -> LoopInfo:
    """The :class:`LoopInfo` of a ``for`` loop (C and SYCL alike): the trip
    count only when fixed per launch, a full unroll of a loop whose count is
    not a constant stays a loop (aoc cannot unroll it), and the counter is a
    fresh symbol, a lane of the unrolled copies or a pipelined loop's counter."""
    count, reason = fixed_per_launch(table, *trip)
    if unroll == 0 and (count is None or not count.is_number):
        unroll = None
    role = Role.LANE if unroll is not None and unroll != 1 else Role.LOOP
    counter = None
    if counter_name is not None:
        counter = table.make(counter_name, SymbolInfo(role, counter_name, step=step, loop=line))
    return LoopInfo("for", line, file, counter, step, count, reason, unroll, start)


def exit_values(loop: LoopInfo, values: Mapping[K, sympy.Expr], exact: bool) -> dict[K, sympy.Expr]:
    """What the loop's counter and the variables written in it (the
    ``values`` that hold the counter, taken before the body runs) hold
    after a loop that runs its whole count: each at the counter's value
    after ``trip`` steps (``for (i < n) *out++ = ...; *out = 0;`` stores
    element n, not an unknown one). Empty when the count is not ``exact``
    (an average, a possible early exit) or not known."""
    counter = loop.counter
    if not exact or counter is None or loop.trip_count is None or loop.start is None or loop.step is None:
        return {}
    final = sympy.expand(loop.start + loop.step * loop.trip_count)
    return {key: sympy.expand(value.subs(counter, final)) for key, value in values.items() if value.has(counter)}


def induction_value(value: sympy.Expr, table: SymbolTable, loop: LoopInfo) -> sympy.Expr | None:
    """A variable ``value`` that ``loop`` steps by a constant once per
    iteration, written in the loop's counter: start + step * (counter -
    counter start) / counter step (a compiler's induction-variable
    substitution). ``row = m + gid*cols; for (j ...) s += *row++`` is then
    element ``gid*cols + j``: work-items a row apart, as ``m[gid*cols + j]``
    is; as a symbol of its own the work-item part was hidden in its start.
    ``None`` when ``value`` is not such a variable or the loop has no plain
    counter (a geometric or grid-stride counter, a ``while``)."""
    info = table.info(value) if isinstance(value, sympy.Symbol) else None
    if (info is None or info.role is not Role.STATE or info.loop != loop.line or info.conditional
            or info.step is None or info.period is not None or info.cycle is not None or info.start is None):
        return None
    if loop.counter is None or loop.start is None or loop.step is None or not loop.step.is_nonzero:
        return None
    return sympy.expand(info.start + info.step * (loop.counter - loop.start) / loop.step)


def write_in_counter(values: dict[K, sympy.Expr], table: SymbolTable, loop: LoopInfo) -> None:
    """Rewrite, in place, every value that ``loop`` steps by a constant in
    the loop's counter (:func:`induction_value`); the others stay."""
    for key, held in list(values.items()):
        stepped = induction_value(held, table, loop)
        if stepped is not None:
            values[key] = stepped


def number_iterations(loop: LoopInfo, table: SymbolTable, values: dict[K, sympy.Expr]) -> sympy.Symbol:
    """Give a ``while``/``do`` loop counted by a stepping variable an
    iteration counter (from 0, step 1) and write the ``values`` it steps in
    it, as a counted ``for``'s are: ``i = gid; while (i < n) { a[i] = 0; i
    += get_global_size(0); }`` is then element gid + rounds * work_items,
    consecutive work-items one element apart (as a symbol of its own, the
    loop's step work_items was taken for the stride). C and SYCL alike."""
    rounds = table.make(f"{loop.kind}_{loop.line}_round",
                        SymbolInfo(Role.LOOP, f"iteration of the {loop.kind} loop at line {loop.line}",
                                   step=sympy.Integer(1), loop=loop.line))
    loop.counter, loop.step, loop.start = rounds, sympy.Integer(1), sympy.Integer(0)
    write_in_counter(values, table, loop)
    return rounds


class _EarlyExit(NodeVisitor):
    """Finds, for :func:`early_exit`, the first statement that leaves a loop body early."""

    def __init__(self) -> None:
        self.found: tuple[str, int] | None = None
        self.depth = 0  # loops and switches entered below the body: their `break` is theirs

    def _leave(self, what: str, node: c_ast.Node) -> None:
        if self.found is None:
            self.found = (what, node.coord.line if node.coord is not None else 0)

    def visit_Break(self, node: c_ast.Break) -> None:
        if self.depth == 0:
            self._leave("break", node)

    def visit_Return(self, node: c_ast.Return) -> None:
        self._leave("return", node)

    def visit_Goto(self, node: c_ast.Goto) -> None:
        self._leave("goto", node)

    def _nested(self, node: c_ast.Node) -> None:
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_For = visit_While = visit_DoWhile = visit_Switch = _nested


def early_exit(body: c_ast.Node | None) -> tuple[str, int] | None:
    """``("break", line)`` (or ``return``/``goto``) when the loop body can
    leave the loop before its count runs out: the count is then at most."""
    if body is None:
        return None
    finder = _EarlyExit()
    finder.visit(body)
    return finder.found


#: what :func:`at_most` writes into a count's explanation (:attr:`LoopInfo.leaves_early` reads it)
AT_MOST = "; at most: the body may leave early"


def at_most(trip: tuple[sympy.Expr | None, str], exit_at: tuple[str, int] | None) -> tuple[sympy.Expr | None, str]:
    """The count's explanation says it is an upper bound when the body can leave early."""
    count, reason = trip
    if count is None or exit_at is None:
        return trip
    return count, f"{reason}{AT_MOST} (`{exit_at[0]}` at line {exit_at[1]})"


class BodyValues(NamedTuple):
    """The scalar locals of one loop body, for reading its updates
    (:func:`body_values`): ``defined`` maps each name declared once, right
    in the body, with an initialiser and never assigned again, to that
    initialiser; ``declared`` holds every name the body declares (the others
    hold values the loop entry does not know)."""

    defined: dict[str, c_ast.Node]
    declared: frozenset[str]


def body_values(body: c_ast.Node) -> BodyValues:
    """The single-assignment temporaries of the loop body ``body``.

    Halide/T2S write a step through temporaries, SSA style: ``int _3 =
    _addr_temp; ... int _16 = _3 + 1; _addr_temp = _16;``. At the loop's
    entry those temporaries are not declared yet, so the update read as
    ``_addr_temp = <unknown>`` and the index moving through it as "not
    affine". A temporary qualifies when it is declared once, directly in
    the body (a nested block or loop may run it any number of times),
    with an initialiser, as a scalar, and nothing in the body assigns it:
    it then holds its initialiser's value wherever the update reads it."""
    items = body_items(body)
    assigned = AssignedNames()
    assigned.visit(body)
    declared = declared_names(body)
    defined: dict[str, c_ast.Node] = {}
    for item in items:
        for decl in item.decls if isinstance(item, c_ast.DeclList) else [item]:
            if (isinstance(decl, c_ast.Decl) and decl.name is not None and isinstance(decl.type, c_ast.TypeDecl)
                    and decl.init is not None and not isinstance(decl.init, c_ast.InitList)
                    and declared.count(decl.name) == 1 and decl.name not in assigned.found):
                defined[decl.name] = decl.init
    return BodyValues(defined, frozenset(declared))


class _DeclaredNames(NodeVisitor):
    """Every name declared below a node, once per declaration."""

    def __init__(self) -> None:
        self.names: list[str] = []

    def visit_Decl(self, node: c_ast.Decl) -> None:
        if node.name:
            self.names.append(node.name)
        self.generic_visit(node)


def declared_names(node: c_ast.Node) -> list[str]:
    """Every name declared below ``node``, once per declaration."""
    finder = _DeclaredNames()
    finder.visit(node)
    return finder.names


def update_step(
    name: str, stmt: c_ast.Node, env: dict[str, sympy.Expr], dimensions: int = 1,
    body: BodyValues | None = None, local_size: tuple[int, int, int] | None = None,
) -> tuple[sympy.Expr | None, sympy.Expr | None]:
    """Step (and modulus) of ``v++``, ``v += c``, ``v = v + c``, ``v = (v + c) & (M-1)``
    (``dimensions``: the kernel's NDRange dimensions, for what
    ``get_global_size(0)`` and the product of the global sizes are;
    ``local_size``: its ``reqd_work_group_size``, which ``get_local_size``
    returns).

    ``body``: the temporaries of the loop body (:func:`body_values`); a
    temporary reads as its initialiser (``int t = v + 1; v = t;`` steps 1),
    and any other name the body declares is unknown at the update (not the
    value an outer variable of that name has at the loop's entry)."""
    if isinstance(stmt, c_ast.UnaryOp):
        return sympy.Integer(1 if "+" in stmt.op else -1), None
    if not isinstance(stmt, c_ast.Assignment):
        return None, None
    probe = SymbolTable()
    marker = sympy.Symbol("__v", integer=True)
    resolved: dict[str, sympy.Expr] = {}

    def lookup(n: str) -> sympy.Expr | None:
        if n == name:
            return marker
        if body is None or n not in body.declared:
            return env.get(n)
        if n not in resolved:
            resolved[n] = probe.make(n, SymbolInfo(Role.OPAQUE, n))  # also what a self-reference reads
            if n in body.defined:
                resolved[n] = converter.convert(body.defined[n])
        return resolved[n]

    converter = ExprConverter(probe, lookup, lambda _c: None)
    converter.dimensions = dimensions
    converter.local_size = local_size
    if stmt.op == "=" and isinstance(stmt.rvalue, c_ast.TernaryOp):
        wrapped = wrapping_step(stmt.rvalue, converter.convert, marker, env.get(name))
        if wrapped is not None:
            return wrapped  # x = x < B - S ? x + S : 0: (x + S) % B from 0
    rvalue = converter.convert(stmt.rvalue)
    if probe.roles(rvalue) & {Role.OPAQUE, Role.LOAD}:
        return None, None
    if stmt.op in ("+=", "-="):
        step = rvalue if stmt.op == "+=" else -rvalue
        return (step, None) if marker not in step.free_symbols else (None, None)
    if stmt.op != "=":
        return None, None
    modulus: sympy.Expr | None = None
    if isinstance(rvalue, sympy.Mod):
        rvalue, modulus = rvalue.args
    step = sympy.expand(rvalue - marker)
    if marker in step.free_symbols:
        return None, None
    if modulus is not None and isinstance(stmt.rvalue, c_ast.BinaryOp) and stmt.rvalue.op == "%":
        # C's % truncates toward zero: x = (x - 8) % 64 from 0 runs 0, -8,
        # ..., -56, not Mod's orbit (sympy writes it Mod(x + 56, 64));
        # ``& 63`` is a true modulo
        advance = sympy.expand(converter.convert(stmt.rvalue.left) - marker)
        if not (advance.is_number and advance > 0):
            return None, None
    return step, modulus


class Cycle(NamedTuple):
    """A counter's cycle (:func:`cycle_length`): ``length`` values
    ``first``, ``first + step``, ``first + 2 step``, ... (``step`` may be
    negative), the ``if`` whose taken branch resets it (``gate``), and
    whether it steps on every iteration but the one that wraps
    (``every_iteration``: ``j++; if (j == K) j = 0;`` written directly in
    the body, not under another test), when between its wraps it advances
    like a loop counter."""

    length: sympy.Expr
    gate: c_ast.If
    every_iteration: bool
    step: int = 1
    first: sympy.Expr = sympy.Integer(0)

    @property
    def counts_up_from_zero(self) -> bool:
        """Values 0..length-1, the ones guards on a cycle are counted over."""
        return self.step == 1 and self.first == 0

    def position(self, value: sympy.Expr) -> sympy.Expr | None:
        """Which of the values ``value`` is (0 for ``first``), ``None`` when
        it is not one of them or that is not known."""
        if self.counts_up_from_zero:
            return value if cycle_contains(value, self.length - 1) is True else None
        offset = sympy.expand(value - self.first)
        if offset == 0:
            return sympy.Integer(0)  # the first value of a (non-empty) cycle
        if not (offset.is_Integer and self.length.is_Integer and int(offset) % self.step == 0):
            return None
        index = int(offset) // self.step
        return sympy.Integer(index) if 0 <= index < int(self.length) else None


def cycle_length(name: str, body: c_ast.Node, value: Value, table: SymbolTable) -> Cycle | None:
    """The values a counter cycles through, or ``None``.

    Recognises the shapes the Rodinia FPGA kernels and hand-coalesced
    nests use::

        y++; if (y == K) y = 0;          // values 0..K-1: cycle K
        if (y == K) y = 0; else y++;     // values 0..K:   cycle K+1
        x += 16; if (x == W) x = 0;      // values 0, 16, ..., W-16: W/16 (16 dividing W)
        x += 16; if (x >= W) x = 0;      // values 0, 16, ... below W: ceil(W/16)
        r -= 4; if (r == -1) r = 15;     // values 15, 11, 7, 3 (srad v5)
        r -= 4; if (r < 0) r = 15;       // the same

    (possibly nested under another test such as ``if (x == 0)``). Every
    value is then held for the same number of iterations, so a guard
    ``y == c`` holds in 1/cycle of them. ``value`` converts the bound and
    the reset value where the loop stands.
    """
    updates = CounterUpdates(name)
    updates.visit(body)
    increments, resets = updates.increments, updates.resets
    if updates.other or len(increments) != 1 or len(resets) != 1 or not resets[0]:
        return None
    reset_if, reset_branch = resets[0][-1]
    cond = reset_if.cond
    if not reset_branch or not isinstance(cond, c_ast.BinaryOp) or cond.op not in ("==", ">=", "<"):
        return None
    if stepped_operand(cond.left) == name:  # `y == K`, `++y == K` (stepped, then compared)
        bound_node = cond.right
    elif stepped_operand(cond.right) == name and cond.op == "==":
        bound_node = cond.left
    else:
        return None
    bound, first = value(bound_node), value(updates.reset_values[0])
    if table.roles(bound) - {Role.PARAM, Role.MACRO} or table.roles(first) - {Role.PARAM, Role.MACRO}:
        return None
    increment, step = increments[0], updates.steps[0]
    if increment == resets[0][:-1]:
        # increment, then reset at K: values 0..K-1 (reset first, `if (y == K) y = 0; y++;`, holds 1..K)
        if not _incremented_before(name, body, reset_if):
            return None
        length = _values_before(first, bound, step, cond.op)
        every = _stepped_once(name, body, reset_if, else_branch=False)
        return None if length is None else Cycle(length, reset_if, every, step, first)
    if increment == [*resets[0][:-1], (reset_if, False)] and cond.op == "==":
        # reset at K, else increment: values 0..K
        length = _values_before(first, bound, step, cond.op)
        every = _stepped_once(name, body, reset_if, else_branch=True)
        return None if length is None else Cycle(length + 1, reset_if, every, step, first)
    return None


def _values_before(first: sympy.Expr, bound: sympy.Expr, step: int, op: str) -> sympy.Expr | None:
    """How many of first, first + step, ... a counter takes before its
    reset test (``op`` against ``bound``) holds: reset at ``== bound``
    (which the distance must be a whole number of steps to, or it never
    wraps), at ``>= bound`` going up, at ``< bound`` going down; ``None``
    when it is none of these or not a positive count."""
    distance = sympy.expand(bound - first)
    if op == "==":
        if step in (1, -1):
            count = sympy.expand(distance * step)
        elif distance.is_Integer and int(distance) % step == 0:
            count = sympy.Integer(int(distance) // step)
        else:
            return None
    elif op == ">=" and step > 0:
        count = sympy.floor((distance + step - 1) / step)
    elif op == "<" and step < 0:
        count = sympy.floor(-distance / -step) + 1
    else:
        return None
    return None if count.is_number and count <= 0 else count


def _incremented_before(name: str, body: c_ast.Node, reset_if: c_ast.If) -> bool:
    """Whether the statements before ``reset_if``, in the block that holds
    it, increment ``name``: the reset then sees the stepped value."""
    if any(constant_step(node, name) is not None for node in descendants(reset_if.cond)):
        return True  # `if (++y == K)`: stepped, then tested
    block = _block_holding(body, reset_if)
    if block is None:
        return False
    before = block[:next(index for index, item in enumerate(block) if item is reset_if)]
    return any(constant_step(node, name) is not None for item in before for node in descendants(item))


def _block_holding(node: c_ast.Node, statement: c_ast.Node) -> list[c_ast.Node] | None:
    """The statement list ``statement`` is an item of, below ``node``."""
    if any(item is statement for item in body_items(node)):
        return body_items(node)
    for _name, child in node.children():
        found = _block_holding(child, statement)
        if found is not None:
            return found
    return None


def _stepped_once(name: str, body: c_ast.Node, reset_if: c_ast.If, else_branch: bool) -> bool:
    """Whether a cycling counter's one increment runs on every iteration but
    the wrap: its reset ``if`` is a statement of the body itself, and the
    increment is too (``j++; if (j == K) j = 0;``) or is a statement of that
    ``if``'s else branch (``if (j == K) j = 0; else j++;``); not under a
    nested loop, which would step it several times per iteration."""
    if not any(item is reset_if for item in body_items(body)):
        return False
    if else_branch:
        branch = reset_if.iffalse
        return branch is not None and any(constant_step(item, name) is not None for item in body_items(branch))
    if any(constant_step(node, name) is not None for node in descendants(reset_if.cond)):
        return True  # `if (++y == K)`: the body's own test runs on every iteration
    return sum(1 for _stmt, top in assigned_in(body).get(name, []) if top) == 1


def cycle_contains(value: sympy.Expr, last: sympy.Expr) -> bool | None:
    """Whether a counter cycling through 0..``last`` takes ``value``
    (``None``: cannot tell while symbolic)."""
    below, above = sympy.expand(value), sympy.expand(last - value)
    if below.is_number and above.is_number:
        return bool(below >= 0 and above >= 0)
    if below.is_number and below < 0:
        return False  # below the first value, whatever the cycle's length
    if below == 0 or above == 0:
        return True  # the first or the last value of a (non-empty) cycle
    return None


def orbit(
    start: sympy.Expr | None, step: sympy.Expr | None, period: sympy.Expr | None
) -> tuple[int, int, int] | None:
    """Values of a variable stepping modulo a period (``x = (x + 16) & 255``
    from 0): ``(first, gap, count)`` for first, first + gap, ...,
    first + (count - 1)*gap, each taken once per ``count`` iterations; ``None``
    unless start, step and period are integers (period > 0)."""
    if not all(isinstance(value, sympy.Integer) for value in (start, step, period)):
        return None
    first, stride, modulus = int(start), int(step), int(period)  # type: ignore[arg-type]
    if modulus <= 0 or stride == 0:
        return None
    gap = math.gcd(stride, modulus)
    return first % gap, gap, modulus // gap
