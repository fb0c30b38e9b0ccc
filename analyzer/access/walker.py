"""Record every array access of one C function, in evaluation order.

:class:`AccessWalker` runs the statement walk of
:class:`~hlsight.analyzer.access.loop_walker.LoopWalker` (local values, loop
counters, trip counts) and records each array access it passes with its
index, element type, address space, enclosing loops (with trip counts) and
the conditions that guard it. The accesses inside one expression are found
by :class:`_AccessCollector`, a pycparser ``NodeVisitor``.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import NamedTuple

import sympy
from pycparser import c_ast

from hlsight.analyzer.access.c_symbols import (
    VARYING,
    Role,
    SymbolInfo,
    SymbolTable,
    c_text,
    equality_value,
    fixed_per_launch,
    register_stage_operand,
)
from hlsight.analyzer.access.called_loops import CalledLoops
from hlsight.analyzer.access.ctypes_info import ElementType, address_space, array_dims, element_type
from hlsight.analyzer.access.loop_walker import ArrayInfo, LoopWalker
from hlsight.analyzer.access.loops import CALL_WALK_BUDGET, NEGATE, LoopInfo
from hlsight.parsers.csource import CUnit
from hlsight.parsers.csource.visitor import NodeVisitor
from hlsight.parsers.cxx import STREAM_CALLS

__all__ = ["AccessSite", "AccessWalker", "Guard", "walk_function"]


#: one comparison of a guard: ``(op, left, right)``
Test = tuple[str, sympy.Expr, sympy.Expr]


#: the most sides of one ``||`` counted by inclusion-exclusion (2^n - 1 counts)
MAX_SIDES = 4


@dataclass
class Guard:
    """A condition an access executes under (``negated`` for else branches)."""

    condition: c_ast.Node
    negated: bool
    line: int
    #: ``(op, left, right)`` of each comparison in the ``&&`` chain of the
    #: condition, converted where the guard stands; ``complete`` when the chain
    #: holds nothing else (only then does an else branch negate a single test)
    tests: list[tuple[str, sympy.Expr, sympy.Expr]] = field(default_factory=list)
    complete: bool = False
    #: the whole ``&&`` chains of an ``||`` the condition holds besides
    #: ``tests`` (``if (j == 0 || i < n)``; T2S: ``bool _20 = _15 || _19;``;
    #: ``a || b || c`` has three): the count adds them and takes their
    #: overlaps by inclusion-exclusion
    either: list[list[Test]] | None = None
    #: every part of the condition was read (as ``tests`` and ``either``):
    #: nothing in it is counted as always true
    whole: bool = False

    def otherwise(self) -> Guard:
        """The guard of the else branch: ``!(cond)``. The else of an ``||`` of
        single tests, read whole, holds every test negated (``!(a || b || c)``
        is ``!a && !b && !c``); the else of a whole ``&&`` chain of two to
        four tests is the ``||`` of their negations; any other else keeps the
        condition, negated."""
        negated = c_ast.UnaryOp("!", self.condition)
        if self.either is not None and self.whole and not self.tests and all(len(side) == 1 for side in self.either):
            tests = [(NEGATE[op], left, right) for side in self.either for op, left, right in side]
            return Guard(negated, False, self.line, tests, True, whole=True)
        if self.complete and 1 < len(self.tests) <= MAX_SIDES:
            # `!(a && b)` is `!a || !b`: counted as an `||` of single tests
            sides = [[(NEGATE[op], left, right)] for op, left, right in self.tests]
            return Guard(negated, False, self.line, [], False, sides, whole=True)
        return Guard(self.condition, True, self.line, self.tests, self.complete, whole=self.whole)

    def equality(self) -> sympy.Expr | None:
        """The value of a guard that is one equality test, read whole (1
        where it holds, 0 where not: :func:`equality_value`), for the value
        a variable the two branches set differently holds after the ``if``;
        ``None`` for any other guard."""
        if self.negated or not self.complete or len(self.tests) != 1 or self.either is not None:
            return None
        return equality_value(*self.tests[0])

    def effective_tests(self) -> list[tuple[str, sympy.Expr, sympy.Expr]]:
        """Tests that hold whenever the guarded code runs."""
        if not self.negated:
            return list(self.tests)
        if self.complete and len(self.tests) == 1:
            op, left, right = self.tests[0]
            return [(NEGATE[op], left, right)]
        return []

    @property
    def text(self) -> str:
        if not self.negated and isinstance(self.condition, c_ast.UnaryOp) and self.condition.op == "!":
            return c_text(self.condition)  # an else's guard: `!(...)` already
        return ("!" if self.negated else "") + f"({c_text(self.condition)})"


@dataclass
class TestChain:
    """What a condition holds, read by the C and SYCL walks alike: the
    comparisons of its ``&&`` chain, whether every part of it was read, and
    the whole chains of its ``||`` parts (``a || b || c``: three; ``(a || b)
    && (c || d)``: four, ``a && c``, ``a && d``, ``b && c``, ``b && d``)."""

    tests: list[Test] = field(default_factory=list)
    #: every part was read: as a test, or as a side of the ``||``
    complete: bool = True
    either: list[list[Test]] | None = None

    def include(self, other: TestChain) -> None:
        """``&&`` another chain in (a bool temporary's, read where it was declared)."""
        self.tests.extend(other.tests)
        self.complete = self.complete and other.complete
        if other.either is not None:
            self._conjoin(other.either)

    def alternatives(self, left: TestChain, right: TestChain) -> None:
        """``&&`` an ``||`` of ``left`` and ``right`` in: counted when each side
        is a whole ``&&`` chain or itself a whole ``||`` of such chains
        (``(a || b) || c`` is three sides), at most :data:`MAX_SIDES`."""
        left_sides, right_sides = left.sides(), right.sides()
        if left_sides is not None and right_sides is not None:
            self._conjoin([*left_sides, *right_sides])
        else:
            self.complete = False

    def _conjoin(self, sides: list[list[Test]]) -> None:
        """``&&`` an ``||`` of ``sides`` in. Beside another ``||`` the two
        distribute (``(a || b) && (c || d)`` is the ``||`` of the four
        ``&&`` chains of a side of each), while that stays within
        :data:`MAX_SIDES`; beyond it the condition is not read whole."""
        crossed = sides if self.either is None else [[*mine, *theirs] for mine in self.either for theirs in sides]
        if len(crossed) <= MAX_SIDES:
            self.either = crossed
        else:
            self.complete = False

    def sides(self) -> list[list[Test]] | None:
        """This chain as the sides of an ``||``: one side when it is a whole
        ``&&`` chain, its own sides when it is a whole ``||`` and nothing else."""
        if not self.complete:
            return None
        if self.either is None:
            return [self.tests]
        return None if self.tests else self.either

    def guard(self, condition: c_ast.Node, negated: bool, line: int) -> Guard:
        return Guard(condition, negated, line, self.tests, self.complete and self.either is None, self.either,
                     whole=self.complete)


@dataclass
class AccessSite:
    """One array access in the source (``x[3*i+1]``), with everything the
    classification needs."""

    function: str
    array: str
    kind: str  # "load" | "store" | "atomic"
    file: str
    line: int
    column: int | None
    text: str
    index_text: str
    index: sympy.Expr
    element: ElementType
    space: str
    loops: list[LoopInfo]
    guards: list[Guard]
    block: int  # id of the enclosing statement list (for merged-access detection)
    order: int  # position in evaluation order within the function
    table: SymbolTable
    #: the user-function calls the access was walked through, outermost
    #: first (``get() called at k.cl:12``); empty in the kernel's own body
    calls: tuple[str, ...] = ()
    #: the ``switch`` arms around the access (``switch (state)`` ``case READ_COEFS``):
    #: which one a run takes is data, so the count takes every one it reaches
    switch_arms: tuple[str, ...] = ()
    #: the array the access reaches when ``array`` is a called function's
    #: parameter: the caller's argument (``K`` of ``row(Q, K_buf)`` is ``K_buf``),
    #: ``""`` where the walk could not tell; ``array`` itself otherwise
    root: str = ""


class CallSite(NamedTuple):
    """A call of a user function where the walk met it, with the source
    loops around it (``(file, line)``, outermost first, through the calls
    that led there): a Vivado report without the aggregated InstanceList
    lists calls apart from loops, and the source says which loop makes it."""

    function: str
    file: str
    line: int
    loops: tuple[tuple[str, int], ...]


class PointerTarget(NamedTuple):
    """Where a pointer expression points: element ``offset`` of array
    ``base`` (its address space), through a variable of ``element`` type."""

    base: str
    offset: sympy.Expr
    space: str
    element: ElementType
    #: elements one step of the pointer moves: a row for a 2-D array or a
    #: pointer to rows (``m + 1`` on ``float m[][64]`` is element 64)
    unit: sympy.Expr = sympy.Integer(1)


_ATOMIC_PREFIXES = ("atomic_", "atom_")
#: OpenCL's work-group copies and their argument counts (the strided one has a stride)
_GROUP_COPIES = {"async_work_group_copy": 4, "async_work_group_strided_copy": 5}
#: aoc's channel calls and what each does to its channel (Intel FPGA SDK for OpenCL
#: Programming Guide, "Implementing Channels"); a non-blocking one may move nothing
CHANNEL_CALLS = {
    "read_channel_intel": "read", "read_channel_altera": "read",
    "write_channel_intel": "write", "write_channel_altera": "write",
    "read_channel_nb_intel": "read-nb", "read_channel_nb_altera": "read-nb",
    "write_channel_nb_intel": "write-nb", "write_channel_nb_altera": "write-nb",
}
#: OpenCL's vector loads and stores: ``vload4(i, p)`` reads p[4i] .. p[4i+3]
_VECTOR_IO = re.compile(r"v(?P<op>load|store)a?(?P<half>_half)?(?P<lanes>2|3|4|8|16)(?:_\w+)?")


class _AccessCollector(NodeVisitor):
    """Records, through its walker, the accesses of one expression in evaluation order."""

    def __init__(self, walker: AccessWalker) -> None:
        self.walker = walker

    def store(self, node: c_ast.Node) -> None:
        """``node`` is the target of an assignment: a store at its top, loads below."""
        while isinstance(node, c_ast.StructRef) and node.type == ".":
            node = node.name  # a field or vector component of what is stored: `a[i].x = v` stores a[i]
        if isinstance(node, c_ast.ArrayRef):
            self.walker._record(node, "store")
        elif isinstance(node, c_ast.UnaryOp) and node.op == "*":
            self._pointer(node, node.expr, "store")
        elif isinstance(node, c_ast.StructRef) and node.type == "->":
            self._pointer(node, node.name, "store")
        else:
            self.visit(node)

    def _pointer(self, node: c_ast.Node, pointer: c_ast.Node, kind: str) -> None:
        if not self.walker._record_pointer(node, pointer, kind):
            self.visit(pointer)

    def visit_ArrayRef(self, node: c_ast.ArrayRef) -> None:
        self.walker._record(node, "load")

    def visit_StructRef(self, node: c_ast.StructRef) -> None:
        if node.type == "->":
            self._pointer(node, node.name, "load")
        else:
            self.generic_visit(node)

    def visit_UnaryOp(self, node: c_ast.UnaryOp) -> None:
        if node.op == "*":
            self._pointer(node, node.expr, "load")
        elif node.op in ("++", "--", "p++", "p--"):
            self.visit(node.expr)
            self.store(node.expr)
        elif node.op == "&":
            inner = node.expr  # &a[i]: the address, not an access; its subscripts are evaluated
            while isinstance(inner, c_ast.ArrayRef):
                self.visit(inner.subscript)
                inner = inner.name
        else:
            self.generic_visit(node)

    def visit_Assignment(self, node: c_ast.Assignment) -> None:
        self.visit(node.rvalue)
        if node.op == "=":
            self.store(node.lvalue)
            return
        # `data[addr_in[x]] += v`: the read evaluates the indices, the write
        # reuses them (one index load: a public oneAPI BNN's report has one LSU
        # for addr_in[x], which was counted twice and matched to nothing)
        self.visit(node.lvalue)
        self.walker.indices_evaluated = True
        try:
            self.store(node.lvalue)
        finally:
            self.walker.indices_evaluated = False

    def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
        name = node.name.name if isinstance(node.name, c_ast.ID) else ""
        args = node.args.exprs if node.args is not None else []
        if name.startswith(_ATOMIC_PREFIXES) and args:
            target = args[0]
            if isinstance(target, c_ast.UnaryOp) and target.op == "&":
                target = target.expr
            if isinstance(target, c_ast.ArrayRef):
                for arg in args[1:]:
                    self.visit(arg)
                self.walker._record(target, "atomic")
                return
        if name == "memcpy" and len(args) == 3 and self.walker.count_memcpy:
            for arg in args:
                self.visit(arg)
            self.walker._record_memcpy(node, args)
            return
        if name in _GROUP_COPIES and len(args) == _GROUP_COPIES[name]:
            for arg in args:
                self.visit(arg)
            self.walker._record_group_copy(node, args)
            return
        if name in CHANNEL_CALLS and args:
            channel = args[0]
            while isinstance(channel, c_ast.ArrayRef):  # a channel array: its indices are evaluated, not loaded
                self.visit(channel.subscript)
                channel = channel.name
            for arg in args[1:]:
                self.visit(arg)
            self.walker._record_channel(node, args[0], CHANNEL_CALLS[name])
            return
        if name in STREAM_CALLS and args:
            for arg in args:
                self.visit(arg)
            self.walker._record_stream(node, args[0], STREAM_CALLS[name])
            return
        vector = _VECTOR_IO.fullmatch(name)
        if vector is not None and len(args) == (2 if vector["op"] == "load" else 3):
            for arg in args[:-1]:
                self.visit(arg)
            self.walker._record_vector(node, vector["op"], vector["half"] is not None, int(vector["lanes"]),
                                       args[-2], args[-1])
            return
        for arg in args:
            self.visit(arg)
        self.walker._walk_call(node)

    def visit_TernaryOp(self, node: c_ast.TernaryOp) -> None:
        self.visit(node.cond)
        line = node.coord.line if node.coord is not None else 0
        self.walker._enter_branch(node.cond, line)
        self.visit(node.iftrue)
        self.walker._else_branch(node.cond, line)
        self.visit(node.iffalse)
        self.walker._leave_branch()


class AccessWalker(LoopWalker):
    """Record the accesses of one function definition of ``unit``."""

    def __init__(self, unit: CUnit, func: c_ast.FuncDef, source_lines: dict[str, list[str]]):
        super().__init__(unit, func, source_lines)
        #: pointers into an array: name -> the array (the element offset
        #: is the pointer's value in ``env``, so it steps, is carried across
        #: loop iterations and is merged after branches like any variable)
        self.aliases: dict[str, str] = {}
        self.guards: list[Guard] = []
        self.blocks: list[int] = [0]
        self.sites: list[AccessSite] = []
        #: every call of a function the walk met (walked or not)
        self.call_sites: list[CallSite] = []
        #: channel reads and writes (kind ``channel-read``, ``channel-write``,
        #: ``-nb`` for the non-blocking ones), the channel's name as ``array``
        #: (a channel array's name for any of its channels): counted like
        #: accesses, they tell how often an endless loop runs (:mod:`channel_trips`)
        self.channel_sites: list[AccessSite] = []
        #: Vivado/Vitis ``hls::stream`` reads and writes (kind ``stream-read``,
        #: ``stream-write``), the stream's name as ``array``: a FIFO moves one
        #: element a cycle (:mod:`port_bound`)
        self.stream_sites: list[AccessSite] = []
        #: loads through a pointer no work-item or iteration moves (``param->width``
        #: of a ``__global`` struct argument): not LSU candidates of their own
        #: line unless no streaming access there explains an LSU
        self.invariant_sites: list[AccessSite] = []
        #: a bool temporary holding a test (T2S/Halide: ``bool _23 = i < _22;
        #: if (_23)``): the tests converted where it was declared, with the
        #: value the walk gave the variable then (a guard reads them only while
        #: the variable still holds that value)
        self._conditions: dict[str, tuple[sympy.Expr, TestChain]] = {}
        args = func.decl.type.args.params if func.decl.type.args is not None else []
        self._parameters = {param.name for param in args if isinstance(param, c_ast.Decl) and param.name}
        self._collector = _AccessCollector(self)
        #: the target of a compound assignment is being stored: its indices
        #: were evaluated (and their loads recorded) by its read
        self.indices_evaluated = False
        #: ``memcpy(dst, src, bytes)`` counts as a copy loop (HLS C: the m_axi
        #: burst HLScope+ section IV times); off for OpenCL, which has none
        self.count_memcpy = False
        #: calls of user functions being walked at their call site, innermost last
        self._calls: list[c_ast.FuncCall] = []
        #: the array parameters of the function being walked at a call whose
        #: argument the walk could not follow (:meth:`_root_array`)
        self._unfollowed: set[str] = set()
        #: loops of the called functions, counted where they were called, one
        #: set of facts per call (``loop_infos`` keeps the function's own, as
        #: the loop walk gives them)
        self.called = CalledLoops()
        self._file_arrays = {
            node.name for node in unit.ast.ext
            if isinstance(node, c_ast.Decl) and isinstance(node.type, c_ast.ArrayDecl | c_ast.PtrDecl)
        }

    @property
    def called_loop_infos(self) -> dict[int, LoopInfo]:
        """The loops of the called functions, one set of facts each: a loop
        whose calls count differently has no count (:mod:`called_loops`)."""
        return self.called.merged()

    # ------------------------------------------------------------------ hooks of the statement walk

    def _expression(self, node: c_ast.Node | None) -> None:
        if node is not None:
            self._collector.visit(node)

    def _enter_block(self, node: c_ast.Compound) -> None:
        self.blocks.append(id(node))

    def _leave_block(self) -> None:
        self.blocks.pop()

    def _enter_branch(self, cond: c_ast.Node, line: int) -> None:
        self.guards.append(self._guard(cond, False, line))

    def _else_branch(self, cond: c_ast.Node, line: int) -> None:
        self.guards[-1] = self.guards[-1].otherwise()

    def _branch_value(self) -> sympy.Expr | None:
        return self.guards[-1].equality()

    def _leave_branch(self) -> None:
        self.guards.pop()

    def _line_text(self, coord: object) -> str:
        file = str(getattr(coord, "file", ""))
        line = int(getattr(coord, "line", 0) or 0)
        lines = self.lines.get(file) or []
        return lines[line - 1] if 0 < line <= len(lines) else ""

    def _declaration_text(self, decl: c_ast.Decl, is_param: bool) -> str:
        """The source text of ``decl`` alone, for its address-space
        qualifier: on a one-line signature ``__global float *out, __local
        float *tile`` the whole line would make ``out`` local too. From the
        separator before the declared name (``(``/``,`` for a parameter,
        ``;``/``{``/``}`` for a declaration, whose qualifier covers every
        name after a comma) to the name; the whole line when the name is not
        on it (a macro made it)."""
        line = self._line_text(decl.coord)
        column = int(getattr(decl.coord, "column", 0) or 0)
        names = list(re.finditer(rf"\b{re.escape(decl.name or '')}\b", line)) if decl.name else []
        if not names:
            return line
        name = min(names, key=lambda match: abs(match.start() + 1 - column)) if column else names[0]
        separators = "(," if is_param else ";{}"
        start = max(line.rfind(separator, 0, name.start()) for separator in separators) + 1
        return line[start:name.end()]

    def _array_info(self, decl: c_ast.Decl, element: ElementType, is_param: bool, file_scope: bool) -> ArrayInfo:
        # C adjusts an array parameter to a pointer (`__global float m[][64]` is a pointer to rows)
        is_pointer = isinstance(decl.type, c_ast.PtrDecl) or (is_param and isinstance(decl.type, c_ast.ArrayDecl))
        space = address_space(self._declaration_text(decl, is_param), is_param, is_pointer, file_scope)
        declared = decl.type
        # a pointer to rows (`float (*m)[cols]`): m[r][c] is element r*cols + c, the row count unbounded
        rows: list[sympy.Expr | None] = []
        if isinstance(declared, c_ast.PtrDecl) and isinstance(declared.type, c_ast.ArrayDecl):
            rows, declared = [None], declared.type
        dims = [*rows, *(None if dim is None else self.converter.convert(dim) for dim in array_dims(declared))]
        return ArrayInfo(str(decl.name), element, space, dims)

    def _declare_array(self, decl: c_ast.Decl, is_param: bool, file_scope: bool) -> bool:
        """A pointer parameter points at element 0 of what it was given:
        ``in += n`` or ``*in++`` then moves it like a pointer local."""
        declared = super()._declare_array(decl, is_param, file_scope)
        if declared and is_param and isinstance(decl.type, c_ast.PtrDecl) and decl.name is not None:
            info = self.arrays[decl.name]
            if not info.dims or info.dims[0] is None:
                self._alias(decl.name, PointerTarget(decl.name, sympy.Integer(0), info.space, info.element))
        return declared

    def _offset(self, name: str) -> sympy.Expr:
        """The element offset of the pointer ``name`` into its array."""
        offset = self.env.get(name) if name in self.aliases else sympy.Integer(0)
        if offset is None:
            return self.table.make(name, SymbolInfo(Role.OPAQUE, f"{name} (pointer)"))
        return offset

    def _assign_pointer(self, name: str, op: str, rvalue: c_ast.Node) -> None:
        """``p = x + i`` points ``p`` into ``x``; ``p += k`` moves it k
        elements; anything else leaves where it points unknown."""
        if op == "=":
            target = self._pointer_target(rvalue)
            if target is not None:
                self._alias(name, target)
                return
        elif op in ("+=", "-=") and name in self.aliases:
            self._advance_pointer(name, self.value(rvalue) * (1 if op == "+=" else -1))
            return
        if name in self.aliases:
            self.env[name] = self.table.make(name, SymbolInfo(Role.OPAQUE, f"{name} (pointer set at {c_text(rvalue)})"))

    def _advance_pointer(self, name: str, step: sympy.Expr) -> None:
        """``p += step``: ``step`` of what p points at (rows for a pointer to rows)."""
        if name in self.aliases:
            self.env[name] = sympy.expand(self._offset(name) + step * self._extent(name, 1))

    def _step_unit(self, name: str) -> sympy.Expr:
        return self._extent(name, 1) if name in self.aliases else sympy.Integer(1)

    def _extent(self, name: str, first: int) -> sympy.Expr:
        """Elements in one item of dimension ``first - 1`` of the array or
        pointer to rows ``name``: the product of its dimensions from
        ``first`` on (1 past the last); a dimension the declaration does
        not give is a named symbol."""
        info = self.arrays.get(name)
        extent: sympy.Expr = sympy.Integer(1)
        for position in range(first, len(info.dims) if info is not None else 0):
            dim = info.dims[position] if info is not None else None
            extent *= dim if dim is not None else self.table.named(
                f"{name}_dim{position}", SymbolInfo(Role.PARAM, f"dimension {position} of {name}"))
        return extent

    def _alias_pointer(self, decl: c_ast.Decl) -> None:
        """``float *p = x + i;`` (or ``&x[i]``) makes ``p`` an alias of element
        ``i`` of ``x``: same address space, accesses through ``p`` are
        accesses to ``x``."""
        target = self._pointer_target(decl.init) if decl.init is not None else None
        if target is not None and decl.name in self.arrays:
            self._alias(decl.name, target)

    def _pointer_target(self, pointer: c_ast.Node, offsets: list[c_ast.Node] | None = None) -> PointerTarget | None:
        """What the expression ``pointer`` points into (``x``, ``x + i``,
        ``&x[i]``, through aliases), if the walker knows the array.

        Casts count wherever they stand in the pointer arithmetic, as C
        counts them: ``(float4 *)p + i`` is i float4s past p, ``(float4
        *)(p + i)`` i floats past p seen as float4s (offset i/4), and the
        element is the cast's type when it has a size (T2S/Halide write
        ``vload16(0, (__global float *)A + k)``; with only the outermost cast
        looked through, that access was not found). ``offsets``, when
        given, receives the offset expressions met, for their own accesses."""
        found: list[c_ast.Node] = []
        target = self._resolve_pointer(pointer, found)
        if offsets is not None and target is not None:
            offsets.extend(found)
        return target

    def _resolve_pointer(self, node: c_ast.Node, offsets: list[c_ast.Node]) -> PointerTarget | None:
        """:meth:`_pointer_target` of one sub-expression (a cast, a sum, a
        difference, ``&a[i]``, a register stage or a pointer variable)."""
        if isinstance(node, c_ast.FuncCall):
            inner = register_stage_operand(node)  # `__fpga_reg(p) + i` points where p does
            return None if inner is node else self._resolve_pointer(inner, offsets)
        if isinstance(node, c_ast.Cast):
            inner = self._resolve_pointer(node.expr, offsets)
            return None if inner is None else self._recast(inner, node)
        if isinstance(node, c_ast.UnaryOp) and node.op == "&" and isinstance(node.expr, c_ast.ArrayRef):
            if isinstance(node.expr.name, c_ast.ArrayRef):
                return self._row_address(node.expr, offsets, address=True)  # `&m[r][c]`
            base = self._resolve_pointer(node.expr.name, offsets)
            return None if base is None else self._moved(base, node.expr.subscript, 1, offsets)
        if isinstance(node, c_ast.ArrayRef):
            return self._row_address(node, offsets, address=False)  # `m[r]` of a 2-D array: its row
        if isinstance(node, c_ast.BinaryOp) and node.op == "+":
            # p = x + a + b (or a + x): the pointer is one term of the sum, the others move it
            for pointer, step in ((node.left, node.right), (node.right, node.left)):
                base = self._resolve_pointer(pointer, offsets)
                if base is not None:
                    return self._moved(base, step, 1, offsets)
            return None
        if isinstance(node, c_ast.BinaryOp) and node.op == "-":
            left: list[c_ast.Node] = []
            base = self._resolve_pointer(node.left, left)
            if base is None or self._resolve_pointer(node.right, []) is not None:
                return None  # `p - q` is a distance, not a pointer
            offsets.extend(left)
            return self._moved(base, node.right, -1, offsets)
        if not (isinstance(node, c_ast.ID) and node.name in self.arrays):
            return None
        known = self.arrays[node.name]
        return PointerTarget(self.aliases.get(node.name, node.name), self._offset(node.name), known.space,
                             known.element, self._extent(node.name, 1))

    def _row_address(self, ref: c_ast.ArrayRef, offsets: list[c_ast.Node], address: bool) -> PointerTarget | None:
        """Where ``m[r][c]`` (the operand of ``&``) or a row ``m[r]`` stands
        in a multi-dimensional array or a pointer to rows: element r * (row
        length) + c, row-major, so a pointer taken there and indexed moves
        with the rows (before, such a pointer was an array of its own,
        starting at 0). A row length the declaration does not give stays a
        named symbol. ``None`` where ``m`` has no such rows: a table of row
        pointers (``float **t``; where a row starts is data) or no array."""
        indices: list[c_ast.Node] = []
        node: c_ast.Node = ref
        while isinstance(node, c_ast.ArrayRef):
            indices.insert(0, node.subscript)
            node = node.name
        if not isinstance(node, c_ast.ID) or node.name not in self.arrays:
            return None
        info = self.arrays[node.name]
        if len(info.dims) < 2 or len(indices) > len(info.dims):
            return None
        base = self._resolve_pointer(node, offsets)
        if base is None:
            return None
        offset: sympy.Expr = sympy.Integer(0)
        for position, index in enumerate(indices):
            offset += self.value(index) * self._extent(node.name, position + 1)
            offsets.append(index)
        # `&m[r][c]` points at an element; a row `m[r]` of a 3-D array decays to a pointer to its rows
        unit = self._extent(node.name, len(indices) + (0 if address else 1))
        return base._replace(offset=sympy.expand(base.offset + offset), unit=unit)

    def _moved(self, target: PointerTarget, step: c_ast.Node, sign: int, offsets: list[c_ast.Node]) -> PointerTarget:
        """``target`` moved by ``step`` of its own elements (C pointer arithmetic)."""
        offsets.append(step if sign > 0 else c_ast.UnaryOp("-", step, step.coord))
        return target._replace(offset=sympy.expand(target.offset + sign * self.value(step) * target.unit))

    def _recast(self, target: PointerTarget, cast: c_ast.Cast) -> PointerTarget:
        """``target`` seen through the pointer type of ``cast``: the same
        byte address, counted in elements of the cast's type (``(float16
        *)p`` on a ``float *`` p at element 32: element 2 of 64 bytes). A
        cast to a type of unknown size (``void *``, a typedef'd pointer, a
        non-pointer) keeps the target as it was, as the walker always did."""
        element = element_type(cast.to_type.type, self.typedefs)
        if element is None or element.bytes is None or target.element.bytes is None:
            return target
        if element.bytes == target.element.bytes:
            return target._replace(element=element, unit=sympy.Integer(1))
        offset = sympy.expand(target.offset * sympy.Rational(target.element.bytes, element.bytes))
        return target._replace(offset=offset, element=element, unit=sympy.Integer(1))

    def _walks_into(self, name: str) -> bool:
        called = {call.name.name for call in self._calls if isinstance(call.name, c_ast.ID)}
        return (name in self._functions and name != self.name and name not in called and len(self._calls) < 4
                and self._calls_spent < CALL_WALK_BUDGET)

    def _barrier(self, node: c_ast.FuncCall) -> None:
        """Inside a walked call the barrier is shown at the kernel's call
        (the line the user wrote in the kernel), with every loop around it,
        the callee's own included."""
        super()._barrier(self._calls[0] if self._calls else node)

    def _root_array(self, name: str) -> str:
        """The array an access to ``name`` reaches: in a called function, the
        caller's array its parameter points into; ``""`` when the walk could
        not tell (an argument it does not know: a C++ file-scope buffer, which
        the lowering leaves out), so that a parameter named as a top pointer
        is not taken for it (a public ViT kernel's `K` of `row(Q, K_buf)`
        was counted as the m_axi `K`: 59.9 MB a call for 0.3 MB)."""
        if name in self._unfollowed:
            return ""
        return self.aliases.get(name, name)

    def _alias(self, name: str, target: PointerTarget) -> None:
        declared = self.arrays[name]
        self.arrays[name] = ArrayInfo(name, declared.element, target.space, declared.dims)
        self.aliases[name] = target.base
        self.env[name] = target.offset

    def _walk_call(self, call: c_ast.FuncCall) -> None:
        """Walk the body of the user function ``call`` calls, where the call
        stands, as aoc inlines it: its accesses run inside the caller's loops
        and guards, its array parameters alias the arrays the arguments point
        into, its scalar parameters hold the arguments' values. Without this
        a helper's ``a[i]`` (``i`` a parameter) was classified on its own:
        "the same element every time", once per work-item, whatever loop
        called it. Library functions, recursion and calls nested deeper than
        four are not walked (their value stays opaque as before)."""
        name = call.name.name if isinstance(call.name, c_ast.ID) else ""
        if name and call.coord is not None:
            self.call_sites.append(CallSite(name, str(call.coord.file), int(call.coord.line),
                                            tuple((loop.file, loop.line) for loop in self.loops)))
        if not self._walks_into(name):
            return
        callee = self._functions[name]
        params = callee.decl.type.args.params if callee.decl.type.args is not None else []
        params = [param for param in params if not (isinstance(param, c_ast.Typename) and c_text(param) == "void")]
        args = call.args.exprs if call.args is not None else []
        if len(params) != len(args) or not all(isinstance(param, c_ast.Decl) and param.name for param in params):
            return
        # what each argument holds, in the caller's scope
        held = [(param, self._pointer_target(arg) if element_type(param.type, self.typedefs) else self.value(arg))
                for param, arg in zip(params, args, strict=True)]
        saved = (self.env, self.arrays, self.aliases, self.loop_infos)
        saved_unfollowed, self._unfollowed = self._unfollowed, set()
        # the callee's loops run under its own tests only: a callee with a module
        # of its own counts its loops per call, whichever arm of the caller calls it
        saved_arms, self._arms = self._arms, []
        # the callee sees its parameters and the file-scope arrays, not the caller's locals
        self.env, self.aliases, self.loop_infos = {}, {}, {}
        self.arrays = {name: info for name, info in self.arrays.items() if name in self._file_arrays}
        self._calls_spent += 1
        self._calls.append(call)
        try:
            for param, value in held:
                if self._declare_array(param, is_param=True, file_scope=False):
                    if isinstance(value, PointerTarget):
                        self._alias(param.name, value)
                    else:
                        self._unfollowed.add(param.name)
                elif isinstance(value, sympy.Expr):
                    self.env[param.name] = value
            self._statement(callee.body)
        finally:
            self._calls.pop()
            self.called.record(name, self.loop_infos)
            self.env, self.arrays, self.aliases, self.loop_infos = saved
            self._arms = saved_arms
            self._unfollowed = saved_unfollowed

    def _guard(self, cond: c_ast.Node, negated: bool, line: int) -> Guard:
        """A guard with the tests of its condition converted now."""
        return self._chain(cond).guard(cond, negated, line)

    def _chain(self, cond: c_ast.Node) -> TestChain:
        """The comparisons of ``cond``'s ``&&`` chain converted now (a bool
        temporary's, where it was declared), and the two whole ``&&`` chains
        of one ``||`` in it."""
        chain = TestChain()
        pending = [cond]
        while pending:
            part = pending.pop()
            held = self._conditions.get(part.name) if isinstance(part, c_ast.ID) else None
            if held is not None and self.env.get(getattr(part, "name", "")) != held[0]:
                held = None  # assigned again since: not the test it was declared with
            if isinstance(part, c_ast.BinaryOp) and part.op == "&&":
                pending.extend([part.right, part.left])
            elif isinstance(part, c_ast.BinaryOp) and part.op in NEGATE:
                chain.tests.append((part.op, self._tested(part.left), self._tested(part.right)))
            elif held is not None:
                chain.include(held[1])
            elif isinstance(part, c_ast.BinaryOp) and part.op == "||":
                chain.alternatives(self._chain(part.left), self._chain(part.right))
            else:
                chain.complete = False
        return chain

    def visit_Decl(self, decl: c_ast.Decl) -> None:
        super().visit_Decl(decl)
        if decl.name is None:
            return
        self._conditions.pop(decl.name, None)
        test = decl.init
        if isinstance(test, c_ast.BinaryOp) and (test.op in ("&&", "||") or test.op in NEGATE) \
                and decl.name in self.env:
            self._conditions[decl.name] = (self.env[decl.name], self._chain(test))

    def _tested(self, side: c_ast.Node) -> sympy.Expr:
        """One side of a guard's comparison. A pointer on its own
        (``bias != NULL``) is the pointer, a value of the launch: its
        element offset (0) would show the test as ``0 != 0``."""
        if isinstance(side, c_ast.ID) and side.name in self.aliases:
            return self.table.named(side.name, SymbolInfo(Role.MACRO, side.name))
        return self.value(side)

    # ------------------------------------------------------------------ accesses

    def _base_array(self, node: c_ast.Node) -> tuple[ArrayInfo | None, list[c_ast.Node], PointerTarget | None,
                                                     list[c_ast.Node]]:
        """Array and index list of ``a[i][j]`` (outermost index first); for
        a subscripted pointer expression (``((float4 *)p)[i]``, ``(p +
        k)[i]``) also where it points and the offsets it adds."""
        indices: list[c_ast.Node] = []
        while isinstance(node, c_ast.ArrayRef):
            indices.insert(0, node.subscript)
            node = node.name
        if isinstance(node, c_ast.ID):
            return self.arrays.get(node.name), indices, None, []
        offsets: list[c_ast.Node] = []
        target = self._pointer_target(node, offsets)
        if target is None:
            return None, indices, None, []
        return ArrayInfo(target.base, target.element, target.space), indices, target, offsets

    def _flat_index(self, info: ArrayInfo, indices: list[c_ast.Node]) -> sympy.Expr:
        flat: sympy.Expr = sympy.Integer(0)
        for position, index in enumerate(indices):
            flat = flat + self.value(index)
            if position + 1 < len(indices):
                dim_index = position + 1
                dim = info.dims[dim_index] if dim_index < len(info.dims) else None
                if dim is None:
                    return self.converter.opaque(index)
                flat = flat * dim
        return sympy.expand(flat)

    def _record(self, ref: c_ast.ArrayRef, kind: str) -> None:
        info, indices, start, offsets = self._base_array(ref)
        for index in [] if self.indices_evaluated else [*offsets, *indices]:
            self._expression(index)
        if info is not None and start is None and len(indices) < len(info.dims):
            return  # `m[r]` of a 2-D array is its row's address (a pointer), not an access
        if info is None:
            base = ref.name
            while isinstance(base, c_ast.ArrayRef):
                base = base.name
            if isinstance(base, c_ast.StructRef):
                # `a[i].keys[j]`, `p->nei[k]`: an array inside a struct element is part of that element
                if kind == "load":
                    self._collector.visit(base)
                else:
                    self._collector.store(base)
            return
        index_node = indices[-1] if len(indices) == 1 else None
        index_text = c_text(index_node) if index_node is not None else ", ".join(c_text(i) for i in indices)
        index = self._flat_index(info, indices)
        if start is not None:
            index = sympy.expand(index + start.offset)
        elif info.name in self.aliases:
            index = sympy.expand(index + self._offset(info.name))
            info = ArrayInfo(self.aliases[info.name], info.element, info.space)
        self._site(ref, info, index, index_text, kind)

    def _record_pointer(self, node: c_ast.Node, pointer: c_ast.Node, kind: str) -> bool:
        """``*p``, ``*(p + i)``, ``*((float4 *)p + i)`` and ``p->field`` on a
        pointer (or alias of one): an access to element ``offset + i`` of
        the underlying array, in elements of the type the pointer has there
        (:meth:`_pointer_target`)."""
        shift = sympy.Integer(0)
        if isinstance(pointer, c_ast.UnaryOp) and pointer.op in ("++", "--", "p++", "p--"):
            # `*p++` reads where p points before the statement moves it, `*++p` one further
            shift = sympy.Integer({"++": 1, "--": -1}.get(pointer.op, 0))
            pointer = pointer.expr
        offsets: list[c_ast.Node] = []
        target = self._pointer_target(pointer, offsets)
        if target is None:
            return False
        for offset in offsets:
            self._expression(offset)
        info = ArrayInfo(target.base, target.element, target.space)
        index = sympy.expand(target.offset + shift)
        index_text = " + ".join(c_text(offset) for offset in offsets) or "0"
        if kind == "load" and not self.table.roles(index) & VARYING:
            # `param->field` of a struct argument: loop-invariant, aoc hoists
            # or caches it; it is not the streaming access an LSU line shows
            # (a store, `*g_over = true`, still reaches memory). Kept apart,
            # when it is surely one address (a field at a fixed offset of a
            # pointer argument): an LSU no streaming access explains may be
            # this read. Not `*p` of a pointer set in a loop from data
            # (gridding's `*grid_pointer`): no VARYING role is no proof there
            if isinstance(node, c_ast.StructRef) and node.type == "->" and target.base in self._parameters \
                    and index.is_number:
                self._site(node, info, index, index_text, kind, self.invariant_sites)
            return True
        self._site(node, info, index, index_text, kind)
        return True

    def _record_group_copy(self, call: c_ast.FuncCall, args: list[c_ast.Node]) -> None:
        """``async_work_group_copy(dst, src, n, event)``: the work-group
        copies n elements, src[k] to dst[k] (the strided form steps the
        global side by its stride), as a loop of n around one load and one
        store at the call. Each work-item's share is n / the work-group
        size, known when ``reqd_work_group_size`` fixes it (1 for the
        single-work-item kernels that use it to burst a line into local
        memory); else the count stays a symbol."""
        source, destination = self._pointer_target(args[1]), self._pointer_target(args[0])
        stride = self.value(args[3]) if len(args) == 5 else sympy.Integer(1)
        elements = self.value(args[2])
        if self.local_size is not None:
            group = self.local_size[0] * self.local_size[1] * self.local_size[2]
            trip: sympy.Expr | None = elements / group
            reason = f"work-group copy of {elements} elements, shared by the {group} work-item(s) of a group"
        else:
            trip, reason = None, f"work-group copy of {elements} elements: the work-group size is not fixed"
        with self._copy_loop(call, trip, reason) as counter:
            for target, kind in ((source, "load"), (destination, "store")):
                if target is not None:
                    step = stride if target.space == "global" else sympy.Integer(1)
                    info = ArrayInfo(target.base, target.element, target.space)
                    index = sympy.expand(target.offset + step * counter)
                    self._site(call, info, index, f"copied element of {target.base}", kind)

    @contextlib.contextmanager
    def _copy_loop(self, call: c_ast.FuncCall, trip: sympy.Expr | None, reason: str) -> Iterator[sympy.Symbol]:
        """A copy call walked as a loop of ``trip`` iterations (unknown when
        not fixed per launch) at the call's line: its element counter while
        the copy's sites are recorded inside it."""
        line = int(call.coord.line) if call.coord is not None else 0
        file = str(call.coord.file) if call.coord is not None else ""
        trip, reason = fixed_per_launch(self.table, trip, reason)
        counter = self.table.make("copied", SymbolInfo(Role.LOOP, "element copied", step=sympy.Integer(1), loop=line))
        self.loops.append(LoopInfo("for", line, file, counter, sympy.Integer(1), trip, reason, None, sympy.Integer(0)))
        try:
            yield counter
        finally:
            self.loops.pop()

    def _record_memcpy(self, call: c_ast.FuncCall, args: list[c_ast.Node]) -> None:
        """``memcpy(dst, src, bytes)``: a loop of bytes / element-size
        iterations around one load of ``src[k]`` and one store of ``dst[k]``
        (each side in its own element), as a work-group copy is walked."""
        size = self.value(args[2])
        for pointer, kind in ((args[1], "load"), (args[0], "store")):
            target = self._pointer_target(pointer)
            if target is None:
                continue
            bytes_each = target.element.bytes
            trip = None if bytes_each is None else size / bytes_each
            with self._copy_loop(call, trip, f"memcpy of {size} bytes in {bytes_each}-byte elements") as counter:
                info = ArrayInfo(target.base, target.element, target.space)
                self._site(call, info, sympy.expand(target.offset + counter), f"copied element of {target.base}", kind)

    def _record_vector(self, call: c_ast.FuncCall, op: str, half: bool, lanes: int,
                       offset: c_ast.Node, pointer: c_ast.Node) -> None:
        """``vloadN(offset, p)`` / ``vstoreN(data, offset, p)``: one access of
        N elements (``vload_halfN``: N halves) at element ``N * offset`` of
        what ``p`` points into; the element is the N-vector, so consecutive
        offsets are stride 1 and ``p + 1`` is a quarter-element offset
        (not aligned) for N = 4."""
        offsets: list[c_ast.Node] = []
        target = self._pointer_target(pointer, offsets)
        for part in offsets if target is not None else [pointer]:
            self._expression(part)  # loads in the pointer (`p + idx[k]`) run too
        if target is None:
            return
        scalar = ElementType("half", 2) if half else target.element
        element = ElementType(f"{scalar.name}{lanes}", None if scalar.bytes is None else scalar.bytes * lanes)
        index = sympy.expand(self.value(offset) + target.offset / lanes)
        self._site(call, ArrayInfo(target.base, element, target.space), index, c_text(offset), op)

    def _record_channel(self, call: c_ast.FuncCall, channel: c_ast.Node, direction: str) -> None:
        """A channel call where it stands: its loops and guards count it as they count an access."""
        info = ArrayInfo(_channel_name(channel), ElementType("channel", None), "channel")
        self._site(call, info, sympy.Integer(0), "0", f"channel-{direction}", self.channel_sites)

    def _record_stream(self, call: c_ast.FuncCall, stream: c_ast.Node, direction: str) -> None:
        """An ``hls::stream`` read or write where it stands (the C++ lowering's
        ``__hlsight_stream_read(s)``), counted as a channel call is. One of
        an array of streams (``s[k]``) is not: which FIFO it is, is not told."""
        if isinstance(stream, c_ast.ArrayRef):
            return
        info = ArrayInfo(_channel_name(stream), ElementType("stream", None), "stream")
        self._site(call, info, sympy.Integer(0), "0", f"stream-{direction}", self.stream_sites)

    def _site(self, ref: c_ast.Node, info: ArrayInfo, index: sympy.Expr, index_text: str, kind: str,
              into: list[AccessSite] | None = None) -> None:
        coord = ref.coord
        found = self.sites if into is None else into
        found.append(
            AccessSite(
                function=self.name,
                array=info.name,
                kind=kind,
                file=str(coord.file) if coord is not None else "",
                line=int(coord.line) if coord is not None else 0,
                column=int(coord.column) if coord is not None and coord.column else None,
                text=c_text(ref),
                index_text=index_text,
                index=index,
                element=info.element,
                space=info.space,
                loops=list(self.loops),
                guards=list(self.guards),
                block=self.blocks[-1],
                order=len(found),
                table=self.table,
                calls=tuple(_called_at(call) for call in self._calls),
                switch_arms=tuple(f"{arm.head} {arm.test}" for arm in self._arms if arm.head.startswith("switch")),
                root=self._root_array(info.name),
            )
        )


def _channel_name(channel: c_ast.Node) -> str:
    """``ch`` for ``ch``, ``ch[2]`` and ``ch[i][j]``: one name for a channel array's channels."""
    while isinstance(channel, c_ast.ArrayRef):
        channel = channel.name
    return c_text(channel)


def _called_at(call: c_ast.FuncCall) -> str:
    """``load_at() called at k.cl:12``: where a walked call stands, for the explanation."""
    name = call.name.name if isinstance(call.name, c_ast.ID) else "?"
    where = f"{PurePath(str(call.coord.file)).name}:{call.coord.line}" if call.coord is not None else "?"
    return f"{name}() called at {where}"


def walk_function(unit: CUnit, func: c_ast.FuncDef, source_lines: dict[str, list[str]],
                  local_size: tuple[int, int, int] | None = None, count_memcpy: bool = False,
                  dimensions: int | None = None, elsewhere: Mapping[str, c_ast.FuncDef] | None = None
                  ) -> AccessWalker:
    """Run the access walker over ``func``; the walker keeps sites and loop
    infos. ``local_size``: the work-group size the kernel's
    ``reqd_work_group_size`` fixes (``get_local_size(d)`` is then a number);
    ``count_memcpy``: walk ``memcpy`` as a copy loop (HLS C); ``dimensions``:
    the kernel's NDRange dimensions, when the caller knows them already
    (else worked out from ``func`` and ``local_size``); ``elsewhere``: the
    functions other files of the design define, which calls may enter too
    (:func:`~hlsight.analyzer.access.sources.ParsedSources.defined_elsewhere`)."""
    walker = AccessWalker(unit, func, source_lines)
    walker.add_functions(elsewhere or {})
    walker.local_size = local_size
    walker.dimensions = dimensions
    walker.count_memcpy = count_memcpy
    walker.run()
    return walker
