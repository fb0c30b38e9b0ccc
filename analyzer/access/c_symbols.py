"""Symbols of the access analysis and the C-expression -> sympy translation.

Every value an index can depend on becomes a sympy symbol with a *role*:
the work-item id, a loop counter, an unrolled lane, a kernel argument, a
loop-carried variable, a macro missing from the report, or something opaque
(a load from memory, a call, a bit trick). The role decides what a
coefficient means: the coefficient of the fastest-moving role is the stride
delta of the Davila-Guzman model (journal eq. 2), a ``load`` role anywhere in
the index makes the access data-dependent (section 5.1.3, write-ack).
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, TypeVar

import sympy
from pycparser import c_ast, c_generator

from hlsight.analyzer.access.ctypes_info import sizeof_type
from hlsight.analyzer.access.int_bounds import IMax, IMin
from hlsight.analyzer.access.taken import Taken
from hlsight.parsers.csource.visitor import NodeVisitor
from hlsight.parsers.cxx import OPAQUE as LOWERED_OPAQUE

if TYPE_CHECKING:
    from hlsight.analyzer.results import SourceFacts

#: Name of the NDRange global size symbol, shared with the memory model.
WORK_ITEMS = "work_items"


class Role(enum.Enum):
    GLOBAL_ID = "global-id"  # get_global_id(d)
    LOCAL_ID = "local-id"  # get_local_id(d)
    GROUP_ID = "group-id"  # get_group_id(d)
    LOOP = "loop"  # counter of a pipelined (not unrolled) loop
    LANE = "lane"  # counter of an unrolled loop: one LSU lane per value
    PARAM = "param"  # kernel / function argument (user-settable)
    STATE = "state"  # variable carried across loop iterations
    MACRO = "macro"  # identifier defined nowhere in the embedded sources
    LOAD = "load"  # value read from memory: data-dependent
    OPAQUE = "opaque"  # call, bit operation, ternary... not analysable


#: Roles whose symbols vary while the kernel runs (the others are fixed per launch).
VARYING = {Role.GLOBAL_ID, Role.LOCAL_ID, Role.GROUP_ID, Role.LOOP, Role.LANE, Role.STATE, Role.LOAD, Role.OPAQUE}


@dataclass
class SymbolInfo:
    """What one analysis symbol stands for.

    ``step``/``period`` describe a loop-carried variable that advances by a
    constant every iteration (``x = (x + 16) & 255``: step 16, period 256);
    ``conditional`` marks one updated only under an ``if`` (slow-moving);
    ``dimension`` is the NDRange dimension of an id symbol; ``loop`` the line
    of the loop a counter belongs to. A row counter that cycles through
    0..``cycle``-1 is ``paced_by`` the loop-carried variable whose wrap
    advances it (``if (x == 0) y++;``): then every (x, y) pair occurs equally
    often. ``start`` is a loop-carried variable's value on loop entry.
    """

    role: Role
    text: str
    step: sympy.Expr | None = None
    period: sympy.Expr | None = None
    conditional: bool = False
    dimension: int | None = None
    loop: int | None = None
    cycle: sympy.Expr | None = None
    start: sympy.Expr | None = None
    paced_by: sympy.Symbol | None = None
    #: a cycling counter stepped on every iteration but the one that wraps
    #: it (``j++; if (j == K) j = 0;``, ``x += 16; if (x == W) x = 0;``): its
    #: step, and the iterations from one wrap to the next; between its wraps
    #: it moves like a loop counter, which is what an address through it
    #: advances by
    cycle_step: int | None = None
    wraps_every: sympy.Expr | None = None
    #: such a counter's first value (its reset value): its values are
    #: ``cycle_first + k * cycle_step``, k = 0..wraps_every - 1
    cycle_first: sympy.Expr | None = None
    #: a row moved by one (+1 or -1) in the branch that wraps a cycling
    #: counter (``j++; if (j == K) { j = 0; i++; }``): that move, the
    #: iterations from one wrap to the next being ``wraps_every``
    row_step: int | None = None
    #: the test of the ``if`` whose taken branch wraps this cycling counter
    #: (``j == K``), or moves this row once per wrap of one (``j++; if (j ==
    #: K) { j = 0; i++; }``): an access under that branch sees the row step
    #: by one from one execution to the next, and the counter held
    wrap_test: c_ast.Node | None = None
    #: a value read from memory (or an opaque one): the loops open where it
    #: was read, outermost first, as :func:`loop_key`\ s (an access moved by
    #: a loop the read is outside of streams from it: ``bucket[off + i]``)
    read_in: tuple[LoopKey, ...] | None = None
    #: what an id runs below, 0..extent - 1: a global id's launch size, the
    #: name the host gives it (``global_size1``; SYCL ``range0``), a local
    #: id's work-group size (``local_size0``, or a number that
    #: ``reqd_work_group_size`` fixes: ``"64"``), a group id's count of
    #: work-groups (``work_items/64``)
    extent: str | None = None
    #: a launch value read at a fixed place of this pointer argument's
    #: buffer, which the kernel never writes (decision 65): the estimate
    #: says so beside its number, with the assumption it rests on
    read_from: str | None = None


#: a loop as (file, line, which loop on that line): stable across the walk cache's renames
LoopKey = tuple[str, int, int]


class OpenLoop(Protocol):
    """What :class:`SymbolTable` reads of a walker's open loops."""

    file: str
    line: int
    nth: int


def loop_key(loop: OpenLoop) -> LoopKey:
    return (loop.file, loop.line, loop.nth)


@dataclass
class SymbolTable:
    """All symbols created while analysing one function."""

    infos: dict[sympy.Symbol, SymbolInfo] = field(default_factory=dict)
    _counter: int = 0

    def __post_init__(self) -> None:
        #: the walker's list of the loops around the statement it walks (not
        #: a field: only the walk reads it, and the walk cache copies fields)
        self.open_loops: Sequence[OpenLoop] = ()

    def _record(self, symbol: sympy.Symbol, info: SymbolInfo) -> None:
        if info.role in (Role.LOAD, Role.OPAQUE) and info.read_in is None:
            info.read_in = tuple(loop_key(loop) for loop in self.open_loops)
        self.infos[symbol] = info

    def make(self, name: str, info: SymbolInfo) -> sympy.Symbol:
        """A fresh symbol; ``name`` is kept readable (suffixed when taken)."""
        clean = re.sub(r"\W+", "_", name).strip("_") or "v"
        candidate = clean
        taken = {symbol.name for symbol in self.infos}
        while candidate in taken:
            self._counter += 1
            candidate = f"{clean}_{self._counter}"
        symbol = sympy.Symbol(candidate, integer=True)
        self._record(symbol, info)
        return symbol

    def named(self, name: str, info: SymbolInfo) -> sympy.Symbol:
        """The symbol called exactly ``name`` (kernel arguments, macros): one per name."""
        for symbol, known in self.infos.items():
            if symbol.name == name and known.role is info.role:
                return symbol
        symbol = sympy.Symbol(name, integer=True)
        self._record(symbol, info)
        return symbol

    def info(self, symbol: sympy.Basic) -> SymbolInfo | None:
        return self.infos.get(symbol) if isinstance(symbol, sympy.Symbol) else None

    def roles(self, expr: sympy.Expr) -> set[Role]:
        return {info.role for symbol in expr.free_symbols if (info := self.info(symbol)) is not None}

    def of_role(self, expr: sympy.Expr, *roles: Role) -> list[sympy.Symbol]:
        found = [
            s for s in expr.free_symbols if isinstance(s, sympy.Symbol) and (i := self.info(s)) and i.role in roles
        ]
        return sorted(found, key=lambda s: s.name)


class _SourceText(c_generator.CGenerator):  # type: ignore[misc]  # pycparser ships no types
    """C text of a node, with what the C++ lowering did not read shown as
    the source wrote it (``sizeof(out)``), not as its internal name."""

    def visit_ID(self, node: c_ast.ID) -> str:
        text = getattr(node.coord, "text", "") if node.name == LOWERED_OPAQUE else ""
        return text or str(node.name)


_GENERATOR = _SourceText()
#: joins a value computed from memory reads to the reads (`round(w) from ww[i]`)
_FROM = " from "


def memory_reads(table: SymbolTable, values: Iterable[sympy.Expr | None]) -> str | None:
    """`` from ww[i], ...``: the memory reads ``values`` depend on, to follow
    a value computed from them; None when they depend on none. A value
    computed from such a value names the reads, not itself."""
    loads = {load for value in values if value is not None for load in table.of_role(value, Role.LOAD)}
    if not loads:
        return None
    texts = {info.text.rsplit(_FROM, 1)[-1] if (info := table.info(load)) else str(load) for load in loads}
    return _FROM + ", ".join(sorted(texts))


def computed_from_reads(table: SymbolTable, text: str, values: Iterable[sympy.Expr | None]) -> sympy.Symbol | None:
    """The value ``text`` computed from ``values`` (a call, an operator the
    affine reader does not keep): data when any of them is, a ``load_``
    symbol naming the reads (``round(w) from ww[i]``); None when none is,
    for the walker's own opaque symbol. ``(int)round(sqrt(w))`` of a loaded
    ``w`` indexes by data, as ``w`` itself would: a stride asked of the user
    there is a number nobody can give."""
    reads = memory_reads(table, values)
    return None if reads is None else table.make(f"load_{text}"[:40], SymbolInfo(Role.LOAD, text + reads))


def unknown_value(table: SymbolTable, name: str, text: str, values: Iterable[sympy.Expr | None]) -> sympy.Symbol:
    """A variable whose value is one of ``values`` (an if's branches, a
    loop's last): data when any of them is, naming the reads, so a clamp
    (``if (w >= n) w = n - 1;``) keeps an index read from memory
    data-dependent; else opaque."""
    reads = memory_reads(table, values)
    if reads is None:
        return table.make(name, SymbolInfo(Role.OPAQUE, text))
    return table.make(name, SymbolInfo(Role.LOAD, text + reads))


#: a variable of the walk: its name (C) or its declaration's (file, line, column, name) (SYCL)
Key = TypeVar("Key", str, tuple[str, int, int, str])


def merge_branches(table: SymbolTable, before: dict[Key, sympy.Expr], then: dict[Key, sympy.Expr],
                   otherwise: dict[Key, sympy.Expr], line: int, name_of: Callable[[Key], str],
                   holds: sympy.Expr | None = None) -> dict[Key, sympy.Expr]:
    """The variables after ``if`` (line ``line``): what both branches leave
    alike stays; a variable they leave different, and that existed before,
    holds either (:func:`unknown_value`), or, when the test's value is known
    (``holds``: 1 where it holds, 0 where not; an equality test's,
    :func:`equality_value`), the branches weighed by it (``if (row == 0)
    up = c; else up = c - n;`` is ``c - n + n KroneckerDelta(row, 0)``, as
    the conditional expression is). One rule for the C and SYCL walks."""
    merged = dict(before)
    for key in sorted(set(then) | set(otherwise)):  # symbol numbering is the same every run
        first, second = then.get(key), otherwise.get(key)
        if first is not None and first == second:
            merged[key] = first
        elif holds is not None and key in before and first is not None and second is not None:
            merged[key] = sympy.expand(second + (first - second) * holds)
        elif key in before:
            name = name_of(key)
            merged[key] = unknown_value(table, name, f"{name} (set under the if at line {line})",
                                        (before[key], first, second))
    return merged


def argument_field(table: SymbolTable, argument: sympy.Symbol, field: str, text: str) -> sympy.Symbol:
    """A field of a struct argument passed by value (``Shape s``, ``s.rows``;
    a SYCL lambda's captured struct), or of a copy of a launch value
    (``Shape s = *shape;`` of a read-only buffer, decision 65: ``shape_0_rows``,
    the name ``shape[0].rows`` gets): fixed per launch like the argument,
    given as ``s_rows`` (decision 66). It was a value read at run time, so a
    loop bounded by it was a named trip and an index through it data."""
    return table.named(f"{argument.name}_{field}", SymbolInfo(Role.PARAM, f"{text}: a field of"
                                                               f" `{argument.name}`, fixed per launch"))


def buffer_input(table: SymbolTable, found: tuple[str, str, str] | None) -> sympy.Symbol | None:
    """The launch input a read at a fixed place of a buffer the kernel
    never writes names (decision 65; ``found`` is ``(name, text, pointer)``
    from the C or the SYCL reader, ``None`` for any other read): one symbol
    per name, its text saying where it is read and what it assumes, and
    ``read_from`` the buffer, for the estimate's caution."""
    if found is None:
        return None
    name, text, pointer = found
    return table.named(name, SymbolInfo(Role.PARAM, f"{text}: read from the buffer of `{pointer}`, which the kernel"
                                                    " never writes, so one value per launch (no other argument"
                                                    " sharing the buffer)", read_from=pointer))


def c_text(node: c_ast.Node) -> str:
    """C source text of an AST node (after macro expansion)."""
    return str(_GENERATOR.visit(node))


_ID_FUNCTIONS = {
    "get_global_id": Role.GLOBAL_ID,
    "get_local_id": Role.LOCAL_ID,
    "get_group_id": Role.GROUP_ID,
}

#: the NDRange's sizes, values the host program gives the launch (named after
#: the call: `global_size1`, `local_size0`; ``get_num_groups(d)`` is their
#: quotient, :meth:`ExprConverter._groups_along`)
_SIZE_FUNCTIONS = {"get_global_size": "global_size", "get_local_size": "local_size"}
#: every work-item function that takes a dimension
WORK_ITEM_FUNCTIONS = frozenset(_ID_FUNCTIONS) | frozenset(_SIZE_FUNCTIONS) | {"get_num_groups"}

#: aoc's register-stage built-in (OpenCL from aoc 19.x, i++ through its
#: ``__builtin_fpga_reg`` spelling): ``__fpga_reg(x)`` is x one clock later,
#: the same value, so an index or a step written through it keeps its stride
FPGA_REG_FUNCTIONS = frozenset({"__fpga_reg", "__builtin_fpga_reg"})


def register_stage_operand(node: c_ast.Node) -> c_ast.Node:
    """The value under any ``__fpga_reg(...)`` wrapping ``node``
    (``__fpga_reg(__fpga_reg(k))`` is k), else ``node`` itself."""
    while (isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID)
           and node.name.name in FPGA_REG_FUNCTIONS and node.args is not None and len(node.args.exprs) == 1):
        node = node.args.exprs[0]
    return node

_INT_SUFFIX = re.compile(r"[uUlL]+$")


def integer_literal(node: c_ast.Node | None) -> int | None:
    """The value of an integer literal (``128``, ``0x80``, ``0200``, ``128u``), else ``None``."""
    value = _constant(node) if isinstance(node, c_ast.Constant) else None
    return int(value) if value is not None and value.is_Integer else None


def _constant(node: c_ast.Constant) -> sympy.Expr | None:
    raw = node.value
    if node.type in ("int", "unsigned int", "long int", "unsigned long int", "long long int", "unsigned long long int"):
        text = _INT_SUFFIX.sub("", raw)
        try:
            return sympy.Integer(int(text, 0) if not re.fullmatch(r"0[0-7]+", text) else int(text, 8))
        except ValueError:
            return None
    if node.type in ("float", "double", "long double"):
        try:
            return sympy.Rational(raw.rstrip("fFlL"))
        except (TypeError, ValueError):
            return None
    if node.type == "char":
        body = raw.strip("'")
        return sympy.Integer(ord(body)) if len(body) == 1 else None
    return None


Lookup = Callable[[str], "sympy.Expr | None"]


#: bits of the widest integer type a kernel shifts (``long``, ``size_t``)
_SHIFT_WIDTH = 64


def combine_binary(op: str, left: sympy.Expr, right: sympy.Expr) -> sympy.Expr | None:
    """``left op right`` for the index arithmetic the analysis follows
    (C/C++ alike), or ``None`` when it is not analysable: integer division
    is ``floor``, shifts by constants are products, ``& (2**k - 1)`` is
    ``Mod(., 2**k)``."""
    if op == "+":
        return left + right
    if op == "-":
        return left - right
    if op == "*":
        return left * right
    if op == "/":
        if right == 0:
            return None
        return sympy.floor(left / right) if left.is_integer and right.is_integer else left / right
    if op == "%":
        return sympy.Mod(left, right) if right != 0 else None
    if op in ("<<", ">>") and right.is_Integer and not 0 <= int(right) < _SHIFT_WIDTH:
        return None  # undefined in C past the type's width (and 2**(8 << 64) would never finish)
    if op == "<<":
        return left * sympy.Integer(2) ** right
    if op == ">>" and right.is_Integer:
        return sympy.floor(left / sympy.Integer(2) ** right)
    if op in ("==", "!="):
        return divisibility(op, left, right)  # `n / B + (n % B != 0)`: the blocks n fills
    if op == "&":
        for value, other in ((right, left), (left, right)):
            if value.is_Integer and int(value) > 0 and (int(value) + 1) & int(value) == 0:
                return sympy.Mod(other, int(value) + 1)
            if value.is_Integer and int(value) < 0 and -int(value) & (-int(value) - 1) == 0:
                # `count & ~1`, `n & ~(B - 1)`: rounded down to a multiple of 2**k
                return other - sympy.Mod(other, -int(value))
    return None


_DECIDED: dict[str, Callable[[sympy.Expr, sympy.Expr], bool]] = {
    "<": lambda a, b: bool(a < b), "<=": lambda a, b: bool(a <= b), ">": lambda a, b: bool(a > b),
    ">=": lambda a, b: bool(a >= b), "==": lambda a, b: bool(a == b), "!=": lambda a, b: bool(a != b)}
_TERNARY_EXTREMES = {"<": (sympy.Min, sympy.Max), "<=": (sympy.Min, sympy.Max),
                     ">": (sympy.Max, sympy.Min), ">=": (sympy.Max, sympy.Min)}


def divisibility(op: str, left: sympy.Expr, right: sympy.Expr) -> sympy.Expr | None:
    """The C value of a divisibility test, ``u % m != 0`` or ``u % m == 0``
    (``m`` a block size: a positive number, or a value taken as positive):
    1 where it holds, 0 where not, written
    ``floor((u + m - 1) / m) - floor(u / m)`` for ``!=`` (the integer
    quotient rounded up, less rounded down), one minus that for ``==``;
    ``None`` for any other comparison."""
    if op not in ("==", "!="):
        return None
    for remainder, zero in ((left, right), (right, left)):
        if zero != 0 or not isinstance(remainder, sympy.Mod):
            continue
        dividend, divisor = remainder.args
        if divisor.is_integer and divisor.is_positive is not False and dividend.is_integer:
            partial = sympy.floor((dividend + divisor - 1) / divisor) - sympy.floor(dividend / divisor)
            return partial if op == "!=" else 1 - partial
    return None


def _infinite(*values: sympy.Expr) -> bool:
    """Whether a value holds ``nan`` or an infinity (a division by zero
    folded by sympy), which no comparison or ``KroneckerDelta`` can take."""
    return any(value.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo) for value in values)


def equality_value(op: str, left: sympy.Expr, right: sympy.Expr) -> sympy.Expr | None:
    """The C value of ``left == right`` or ``!=`` (1 where it holds, 0
    where not): a divisibility test's (:func:`divisibility`), else
    ``KroneckerDelta`` of the difference (a stencil's edge, ``i == 0``, is 1
    at one value of ``i``); ``None`` for any other comparison."""
    if _infinite(left, right):
        return None  # `get_num_groups(0)` of a zero-sized group: no value to test
    holds = divisibility(op, left, right)
    if holds is None and op in ("==", "!="):
        equal = sympy.KroneckerDelta(sympy.expand(left - right), 0)
        holds = equal if op == "==" else 1 - equal
    return holds


def ternary_value(op: str, left: sympy.Expr, right: sympy.Expr, taken: sympy.Expr,
                  other: sympy.Expr) -> sympy.Expr | None:
    """The value of ``left op right ? taken : other`` where the analysis can
    follow it (C and SYCL alike), else ``None``:

    - ``a <= b ? a : b`` (and ``<``, ``>``, ``>=``, either branch order) is
      ``Min(a, b)`` or ``Max(a, b)``, the way a kernel writes min/max
      without the built-in (Rodinia pathfinder's ``pyramid_height <= rows -
      startStep - 1 ? pyramid_height : rows - startStep - 1``);
    - a test of two numbers (macros: fft1d's ``LOG_CONT_FACTOR``) is its
      branch;
    - a divisibility test (:func:`divisibility`) weighs the branches by its
      value: Rodinia srad's ``(Nr % BSIZE == 0) ? Nr / BSIZE : (Nr / BSIZE) +
      1`` is the quotient rounded up, ``floor((Nr + BSIZE - 1) / BSIZE)``;
    - any other equality test weighs them by ``KroneckerDelta`` of the
      difference (1 where the sides are equal, else 0): a stencil's edge
      clamp ``W = (i == 0) ? c : c - 1`` is ``c - 1 + KroneckerDelta(i,
      0)``, exact, and an index through it moves as ``c - 1`` does but at
      the one edge value (``classify._mean_coefficient``);
    - a branch that adds to the other a multiple of how far one side of
      the test passes the other is a ramp (:func:`_ramp`)."""
    if _infinite(left, right, taken, other):
        return None  # a division by a zero-sized group: opaque
    if left.is_number and right.is_number and op in _DECIDED:
        return taken if _DECIDED[op](left, right) else other  # a test of constants (macros): its branch
    holds = equality_value(op, left, right)
    if holds is not None:
        return sympy.expand(other + (taken - other) * holds)
    pair = _TERNARY_EXTREMES.get(op)
    if pair is None:
        return None
    if taken == left and other == right:
        return pair[0](left, right)
    if taken == right and other == left:
        return pair[1](left, right)
    return _ramp(op, left, right, taken, other)


def _ramp(op: str, left: sympy.Expr, right: sympy.Expr, taken: sympy.Expr, other: sympy.Expr) -> sympy.Expr | None:
    """``l < r ? o + k (l - r) : o`` (k a number) is ``o + k Min(l - r,
    0)``, and with ``>`` ``o + k Max(l - r, 0)``: the amount a value
    passes a bound by, added or taken off (Rodinia hotspot's ``validXmin
    = (blkX < 0) ? -blkX : 0``, ``validXmax = (blkXmax > grid_cols - 1) ?
    BSIZE - 1 - (blkXmax - grid_cols + 1) : BSIZE - 1``); ``None``
    otherwise."""
    gap = sympy.expand(left - right)
    if gap == 0:
        return None
    scale = sympy.cancel(sympy.expand(taken - other) / gap)
    if not scale.is_number or scale == 0:
        return None
    passed = sympy.Min(gap, 0) if op in ("<", "<=") else sympy.Max(gap, 0)
    return sympy.expand(other + scale * passed)


def fixed_per_launch(table: SymbolTable, trip: sympy.Expr | None, reason: str) -> tuple[sympy.Expr | None, str]:
    """A trip count is only useful when fixed per launch (arguments,
    macros, constants); one that depends on a value read from memory or
    on a loop-carried variable is unknown."""
    if trip is None:
        return None, reason
    moving = table.of_role(trip, Role.LOAD, Role.OPAQUE, Role.STATE, Role.LOOP, Role.LANE)
    if not moving:
        return trip, reason
    kinds = {Role.LOAD: "read at run time", Role.OPAQUE: "an expression hlsight does not follow"}
    names = ", ".join(f"`{info.text}` ({kinds.get(info.role, 'changes as the kernel runs')})"
                      for symbol in moving if (info := table.info(symbol)))
    return None, f"the bound depends on {names}: not a value fixed per launch that hlsight can read"


class ExprConverter(NodeVisitor):
    """Translate a C expression to sympy in the environment ``lookup``
    (one ``visit_<Node>`` per expression node type it follows).

    ``lookup(name)`` returns the current symbolic value of a variable or
    ``None`` when the name is not a variable of the function (then it is an
    unresolved macro and becomes a :attr:`Role.MACRO` symbol, e.g. ``LOGN``
    from a header the report did not embed).

    Integer division is ``floor`` (indices are non-negative in practice);
    ``& (2**k - 1)`` is ``Mod(., 2**k)``; shifts by constants are products;
    anything else not affine becomes an opaque symbol that remembers its text.
    """

    def __init__(self, table: SymbolTable, lookup: Lookup, inline: Callable[[c_ast.FuncCall], sympy.Expr | None]):
        self.table = table
        self.lookup = lookup
        self.inline = inline
        #: the NDRange dimensions the kernel launches with (1..3,
        #: :func:`~hlsight.analyzer.access.ndrange_dims.kernel_dimensions`): in
        #: more than one, ``work_items`` (all work-items) is not
        #: ``get_global_size(0)`` but the product of every dimension's size
        self.dimensions = 1
        #: the work-group size ``reqd_work_group_size`` fixes: a local id runs below it
        self.local_size: tuple[int, int, int] | None = None
        #: a read the walker knows is one value per launch (``param->n`` of a
        #: pointer argument the kernel never writes: :mod:`.launch_constants`),
        #: else ``None`` and the read is data
        self.fixed_read: Callable[[c_ast.Node], sympy.Expr | None] = lambda _node: None

    def _extent(self, role: Role, dimension: int | None) -> str | None:
        """What an id of ``dimension`` runs below: the launch's size along it
        (a 1-D launch's ``work_items``, as ``get_global_size(0)`` is, else
        ``global_size<d>``); the work-group's size, a number where
        ``reqd_work_group_size`` fixes it; or the launch's count of
        work-groups (its size over the group's)."""
        if dimension is None or not 0 <= dimension <= 2:
            return None
        launch = f"global_size{dimension}" if self.dimensions > 1 else WORK_ITEMS
        if role is Role.GLOBAL_ID:
            return launch
        local = str(self.local_size[dimension]) if self.local_size is not None else f"local_size{dimension}"
        if role is Role.LOCAL_ID:
            return local
        if role is Role.GROUP_ID:
            return f"{launch}/{local}"
        return None

    def _groups_along(self, dimension: int) -> sympy.Expr:
        """``get_num_groups(d)``: the launch's size along ``dimension`` over
        its work-group's (OpenCL 1.x launches whole work-groups), from the
        sizes the host program gives, so ``get_local_size(0) *
        get_num_groups(0)`` is every work-item (cl2qcd's grid-stride step)
        and a user need not give a third value the other two fix."""
        if self.dimensions == 1 and dimension == 0:
            launch = self.table.named(WORK_ITEMS, SymbolInfo(Role.PARAM, "get_global_size(0)"))
        else:
            launch = self.table.named(f"global_size{dimension}",
                                      SymbolInfo(Role.PARAM, f"get_global_size({dimension})"))
        local: sympy.Expr = (sympy.Integer(self.local_size[dimension]) if self.local_size is not None else
                             self.table.named(f"local_size{dimension}",
                                              SymbolInfo(Role.PARAM, f"get_local_size({dimension})")))
        return launch / local

    def opaque(self, node: c_ast.Node, role: Role = Role.OPAQUE) -> sympy.Symbol:
        text = c_text(node)
        prefix = "load" if role is Role.LOAD else "f"
        return self.table.make(f"{prefix}_{text}"[:40], SymbolInfo(role, text))

    def opaque_of(self, node: c_ast.Node, parts: list[c_ast.Node]) -> sympy.Symbol:
        """``node`` as an opaque value computed from ``parts``: data when any
        part is (:func:`computed_from_reads`)."""
        return self.opaque_from(node, [self.convert(part) for part in parts])

    def opaque_from(self, node: c_ast.Node, values: list[sympy.Expr]) -> sympy.Symbol:
        """:meth:`opaque_of` with the parts' values already converted."""
        return computed_from_reads(self.table, c_text(node), values) or self.opaque(node)

    def convert(self, node: c_ast.Node | None) -> sympy.Expr:
        if node is None:
            return sympy.Integer(0)
        result: sympy.Expr = self.visit(node)
        return result

    def generic_visit(self, node: c_ast.Node) -> sympy.Expr:
        return self.opaque(node)

    def visit_Constant(self, node: c_ast.Constant) -> sympy.Expr:
        value = _constant(node)
        return self.opaque(node) if value is None else value

    def visit_ID(self, node: c_ast.ID) -> sympy.Expr:
        if node.name == LOWERED_OPAQUE:  # C++ the lowering does not read: no name a user could give
            text = getattr(node.coord, "text", "") or "C++ hlsight does not read"
            return self.table.make(f"f_{text}"[:40], SymbolInfo(Role.OPAQUE, text))
        value = self.lookup(node.name)
        if value is not None:
            return value
        if node.name in ("true", "false"):
            return sympy.Integer(1 if node.name == "true" else 0)
        return self.table.named(node.name, SymbolInfo(Role.MACRO, node.name))

    def visit_Cast(self, node: c_ast.Cast) -> sympy.Expr:
        return self.convert(node.expr)

    def visit_ArrayRef(self, node: c_ast.ArrayRef) -> sympy.Expr:
        return self.fixed_read(node) or self.opaque(node, Role.LOAD)

    def visit_StructRef(self, node: c_ast.StructRef) -> sympy.Expr:
        """A field or component read: one symbol per value of the variable
        (``in[v.x]`` and ``in[v.x + 1]`` are neighbours until ``v`` changes)."""
        fixed = self.fixed_read(node)
        if fixed is not None:
            return fixed
        if node.type == "." and isinstance(node.name, c_ast.ID | c_ast.StructRef) and isinstance(node.field, c_ast.ID):
            whole = self.convert(node.name)
            if isinstance(whole, sympy.Symbol) and (info := self.table.info(whole)) is not None \
                    and info.role is Role.PARAM:
                return argument_field(self.table, whole, node.field.name, c_text(node))
        if node.type == "." and isinstance(node.name, c_ast.ID) and isinstance(node.field, c_ast.ID):
            held = self.lookup(node.name.name)
            if isinstance(held, sympy.Symbol):
                # the field was read where the variable got its value (a channel read before a loop)
                whole = self.table.info(held)
                read_in = None if whole is None else whole.read_in
                return self.table.named(f"{held.name}_{node.field.name}",
                                        SymbolInfo(Role.LOAD, c_text(node), read_in=read_in))
        return self.opaque(node, Role.LOAD)

    def visit_TernaryOp(self, node: c_ast.TernaryOp) -> sympy.Expr:
        cond = node.cond
        if isinstance(cond, c_ast.BinaryOp) and cond.op in _DECIDED:
            op, values = cond.op, [self.convert(part) for part in (cond.left, cond.right, node.iftrue, node.iffalse)]
        elif isinstance(cond, c_ast.BinaryOp) and cond.op == "%":  # `(n % B) ? 1 : 0`: the test is `!= 0`
            op, values = "!=", [self.convert(cond), sympy.Integer(0), self.convert(node.iftrue),
                                self.convert(node.iffalse)]
        else:
            return self.opaque_of(node, [node.cond, node.iftrue, node.iffalse])
        value = ternary_value(op, *values)
        # else opaque: data when a side of the test or a branch is (each converted once)
        return value if value is not None else self.opaque_from(node, values)

    def visit_ExprList(self, node: c_ast.ExprList) -> sympy.Expr:
        return self.convert(node.exprs[-1]) if node.exprs else sympy.Integer(0)

    def visit_UnaryOp(self, node: c_ast.UnaryOp) -> sympy.Expr:
        if node.op == "-":
            return -self.convert(node.expr)
        if node.op == "+":
            return self.convert(node.expr)
        if node.op == "*":
            return self.fixed_read(node) or self.opaque(node, Role.LOAD)
        if node.op in ("p++", "p--"):
            return self.convert(node.expr)  # `out[k++]` indexes with k; the walker applies the step after
        if node.op in ("++", "--"):
            return self.convert(node.expr) + (1 if node.op == "++" else -1)
        if node.op == "~":
            inner = self.convert(node.expr)
            if inner.is_Integer:
                return sympy.Integer(~int(inner))  # a mask: `n & ~(B - 1)`
            return self.opaque_of(node, [node.expr])
        if node.op == "sizeof":
            size = sizeof_type(node.expr)  # memcpy(dst, src, n * sizeof(int))
            if size is not None:
                return sympy.Integer(size)
            return self.opaque(node)
        return self.opaque_of(node, [node.expr])

    def visit_BinaryOp(self, node: c_ast.BinaryOp) -> sympy.Expr:
        left = self.convert(node.left)
        right = self.convert(node.right)
        combined = combine_binary(node.op, left, right)
        if combined is not None:
            if node.op == "*" and self.dimensions > 1:
                return self._launch_product(combined)
            return self._global_ids(combined) if node.op in ("+", "-") else combined
        return self.opaque_from(node, [left, right])

    def _global_ids(self, value: sympy.Expr) -> sympy.Expr:
        """``value`` with ``get_group_id(d) * L + get_local_id(d)`` written
        as ``get_global_id(d)``, L the work-group's size along d (the
        ``get_local_size(d)`` the host gives, or the number
        ``reqd_work_group_size`` fixes): OpenCL's identity (a launch with no
        global offset), CUDA's ``blockIdx.x * blockDim.x + threadIdx.x``
        ported. A test of the sum then counts as a global id's (decision
        59); any other multiplier (``get_group_id(0) * 256`` where the group
        size is not fixed) is left as it is."""
        ids = {(info.role, info.dimension): symbol for symbol in value.free_symbols
               if isinstance(symbol, sympy.Symbol) and (info := self.table.info(symbol)) is not None
               and info.role in (Role.GROUP_ID, Role.LOCAL_ID) and info.extent is not None}
        for (role, dimension), local in list(ids.items()):
            group = ids.get((Role.GROUP_ID, dimension))
            local_info = self.table.info(local)
            if role is not Role.LOCAL_ID or group is None or dimension is None or local_info is None:
                continue
            expanded = sympy.expand(value)
            scale = expanded.coeff(local)
            size = extent_value(local_info.extent or "")
            moving = scale.free_symbols & {group, local}
            if scale == 0 or moving or sympy.expand(expanded.coeff(group) - scale * size) != 0:
                continue
            global_id = self.table.named(f"gid{dimension}", SymbolInfo(
                Role.GLOBAL_ID, f"get_global_id({dimension})", dimension=dimension,
                extent=self._extent(Role.GLOBAL_ID, dimension)))
            value = sympy.expand(expanded - scale * (group * size + local) + scale * global_id)
        return value

    def _launch_product(self, value: sympy.Expr) -> sympy.Expr:
        """:func:`launch_product` of the global sizes (``i +=
        get_global_size(0) * get_global_size(1) * get_global_size(2)``, the
        step of a grid-stride loop over a flattened id)."""
        return launch_product(value, "global_size", self.dimensions, self.table, "get_global_size({})")

    def visit_FuncCall(self, node: c_ast.FuncCall) -> sympy.Expr:
        name = node.name.name if isinstance(node.name, c_ast.ID) else None
        args = node.args.exprs if node.args is not None else []
        if name in FPGA_REG_FUNCTIONS and len(args) == 1:
            return self.convert(args[0])  # a register stage: the value itself
        if name in _ID_FUNCTIONS:
            dim_value = self.convert(args[0]) if args else sympy.Integer(0)
            dim = int(dim_value) if dim_value.is_Integer else None
            role = _ID_FUNCTIONS[name]
            short = {"get_global_id": "gid", "get_local_id": "lid", "get_group_id": "grp"}[name]
            return self.table.named(f"{short}{dim}", SymbolInfo(role, f"{name}({dim})", dimension=dim,
                                                                extent=self._extent(role, dim)))
        if name == "get_global_size" and len(args) == 1 and self.convert(args[0]) == 0 and self.dimensions == 1:
            # the NDRange's first dimension: all the work-items of a 1-D launch,
            # the step of a grid-stride loop (``i += get_global_size(0)``)
            return self.table.named(WORK_ITEMS, SymbolInfo(Role.PARAM, "get_global_size(0)"))
        if name in ("min", "max", "fmin", "fmax") and len(args) == 2:
            a, b = self.convert(args[0]), self.convert(args[1])
            return sympy.Min(a, b) if name.endswith("min") else sympy.Max(a, b)
        if name == "get_num_groups" and len(args) == 1:
            dimension = self.convert(args[0])
            if dimension.is_Integer and 0 <= int(dimension) <= 2:
                return self._groups_along(int(dimension))
        inlined = self.inline(node)
        if inlined is not None:
            return inlined
        if name in _SIZE_FUNCTIONS and len(args) == 1:
            dimension = self.convert(args[0])
            if name == "get_local_size" and self.local_size is not None and dimension.is_Integer \
                    and 0 <= int(dimension) <= 2:
                return sympy.Integer(self.local_size[int(dimension)])  # reqd_work_group_size fixes it
            if dimension.is_Integer and 0 <= int(dimension) <= 2:
                # a size of the launch the host program chose: a value the user gives
                return self.table.named(f"{_SIZE_FUNCTIONS[name]}{dimension}",
                                        SymbolInfo(Role.PARAM, f"{name}({dimension})"))
        return self.opaque_of(node, list(args))


#: Functions the access expressions use; every other identifier is a symbol.
_FUNCTIONS = {"floor": sympy.floor, "ceiling": sympy.ceiling, "Mod": sympy.Mod, "Min": sympy.Min, "Max": sympy.Max,
              "Abs": sympy.Abs, "Sum": sympy.Sum, "IMax": IMax, "IMin": IMin, "KroneckerDelta": sympy.KroneckerDelta,
              # a geometric loop's trip, `ceiling(log(n)/log(2))` (decision 65's caution read it: a Symbol called)
              "log": sympy.log, "exp": sympy.exp, "sqrt": sympy.sqrt,
              # a test of kernel arguments an access runs under (analyzer.access.taken)
              "Taken": Taken}
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")


@functools.lru_cache(maxsize=4096)
def parse_expression(text: str) -> sympy.Expr:
    """Parse a stride/accesses string of :class:`AccessFacts` back to sympy
    (cached: the estimate, the name check and the launch solver parse the
    same strings again; sympy expressions are immutable).

    Plain ``sympify`` would read kernel arguments named ``N``, ``S``, ``E``
    or ``I`` as sympy's own objects (``N`` is numeric evaluation), so every
    identifier that is not one of the few functions used is forced to be a
    plain symbol.
    """
    from sympy.parsing.sympy_parser import parse_expr

    names: dict[str, object] = {
        name: sympy.Symbol(name) for name in _IDENTIFIER.findall(text) if name not in _FUNCTIONS
    }
    names.update(_FUNCTIONS)
    result = parse_expr(text, local_dict=names)
    if not isinstance(result, sympy.Expr):
        raise ValueError(f"not an expression: {text!r}")
    return result


def launch_product(value: sympy.Expr, size: str, dimensions: int, table: SymbolTable, call: str) -> sympy.Expr:
    """``value`` with the product of every dimension's launch size
    (``<size>0`` .. ``<size>{dimensions - 1}``: OpenCL's ``global_size``,
    SYCL's ``range``) written ``work_items``: all the work-items of the
    launch, as ``get_global_size(0)`` is in one dimension. ``call`` shows
    one dimension's size in the symbol's text (``get_global_size({})``)."""
    present = {symbol.name: symbol for symbol in value.free_symbols if isinstance(symbol, sympy.Symbol)}
    names = [f"{size}{d}" for d in range(dimensions)]
    if not all(name in present for name in names):
        return value
    replaced: sympy.Expr = value.subs(sympy.Mul(*(present[name] for name in names)),
                                      sympy.Symbol(WORK_ITEMS, integer=True))
    if replaced != value:
        table.named(WORK_ITEMS, SymbolInfo(Role.PARAM, " x ".join(call.format(d) for d in range(dimensions))))
    return replaced


def extent_value(text: str) -> sympy.Expr:
    """What an id runs below (:attr:`SymbolInfo.extent`: ``work_items``,
    ``global_size1``, ``64``, ``work_items/local_size0``) as an expression
    in the integer symbols the walks make, so it cancels against theirs."""
    parsed = parse_expression(text)
    return parsed.xreplace({symbol: sympy.Symbol(symbol.name, integer=True)
                            for symbol in parsed.free_symbols if isinstance(symbol, sympy.Symbol)})


def access_free_symbols(facts: SourceFacts) -> set[str]:
    """Names the derived stride/accesses/trip expressions leave free (settable with --set)."""
    texts = [text for access in facts.all_access() for text in (access.stride, access.accesses) if text]
    texts.extend(facts.all_trips())
    texts.extend(axi.bytes for axi in facts.all_axi() if axi.bytes is not None)
    return names_in(texts)


def names_in(texts: Iterable[str]) -> set[str]:
    """The names fact expressions (strides, counts, trips) leave free."""
    return {str(symbol) for text in texts for symbol in parse_expression(text).free_symbols}
