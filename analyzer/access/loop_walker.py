"""Walk one C function in statement order, keeping the value of every local,
and give each loop its :class:`LoopInfo` (counter, step, trip count).

A small symbolic execution: local variables map to sympy values (through
``int gid = get_global_id(0); int idx = 3*gid + 1;``), loop counters and
variables carried across loop iterations become symbols with a step
(``x = (x + 16) & 255`` advances 16 per iteration). This is all the HLScope+
instrumenter needs (:mod:`hlsight.analyzer.access.trip_counts`); the access
analysis (:mod:`hlsight.analyzer.access.walker`) builds on it through the
hooks ``_expression``, ``_enter_block``/``_leave_block``,
``_enter_branch``/``_else_branch``/``_leave_branch``, ``_array_info`` and
``_alias_pointer``, which do nothing here.

Statements are dispatched the pycparser way (:class:`c_ast.NodeVisitor`,
one ``visit_<Node>`` per statement kind); anything else is an expression
statement (:meth:`LoopWalker.generic_visit`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field

import sympy
from pycparser import c_ast

from hlsight.analyzer.access.branch_arms import BranchArm, chain_key, if_chain_arms, switch_segments
from hlsight.analyzer.access.c_symbols import (
    ExprConverter,
    Role,
    SymbolInfo,
    SymbolTable,
    buffer_input,
    c_text,
    fixed_per_launch,
    merge_branches,
    unknown_value,
)
from hlsight.analyzer.access.counter_exit import counter_exit, fewer
from hlsight.analyzer.access.ctypes_info import ElementType, element_type, typedef_table
from hlsight.analyzer.access.file_constants import file_constants
from hlsight.analyzer.access.hls_pragmas import body_pragmas, hls_unroll_factor, pipelined
from hlsight.analyzer.access.launch_constants import fixed_read, read_only_pointers
from hlsight.analyzer.access.loop_annotations import coalesce_above
from hlsight.analyzer.access.loop_shapes import (
    Branches,
    assigned_in,
    counter_updates,
    gate_of,
    leaves_block,
    pacing_test,
    row_update,
    unit_move,
)
from hlsight.analyzer.access.loops import (
    BARRIER_CALLS,
    CALL_WALK_BUDGET,
    MIRROR,
    BarrierSite,
    Cycle,
    Geometric,
    LaunchIds,
    LineOrdinals,
    LoopInfo,
    at_most,
    averaged_over_enclosing,
    averaged_over_ids,
    body_values,
    closing_lines,
    counted_loop,
    counter_trip,
    cycle_length,
    dealt_step,
    early_exit,
    exit_values,
    for_counter,
    geometric_update,
    number_iterations,
    orbit,
    stepped_in_condition,
    trip_from,
    tripcount_pragma,
    unroll_factor,
    update_step,
    write_in_counter,
)
from hlsight.analyzer.access.ndrange_dims import WorkItemCalls, kernel_dimensions
from hlsight.analyzer.access.nested_wraps import Wrap, WrapTest, cycle_paths, event_pace, wrap_at
from hlsight.analyzer.access.paced_loops import (
    Pacing,
    RowPace,
    TernaryPacing,
    orbit_pace,
    paced_trip,
    reads_after_update,
    ternary_pacing,
    wrap_pace,
)
from hlsight.analyzer.access.straight_steps import straight_line_step
from hlsight.parsers.csource import CUnit
from hlsight.parsers.csource.visitor import NodeVisitor, descendants


@dataclass
class ArrayInfo:
    """An array or pointer the function can see (its value is not tracked)."""

    name: str
    element: ElementType
    space: str
    dims: list[sympy.Expr | None] = field(default_factory=list)


class _Effects(NodeVisitor):
    """Applies the side effects of an expression statement to the walker's
    values, nested ones too (``out[k++] = v``, ``*q++ = *p++``), in the
    order C gives them: a value is read before its statement's increments.
    The right side of ``&&``/``||`` and the arms of ``?:`` run on some
    executions only and are left out."""

    def __init__(self, walker: LoopWalker) -> None:
        self.walker = walker

    def visit_Assignment(self, node: c_ast.Assignment) -> None:
        walker = self.walker
        if isinstance(node.lvalue, c_ast.ID) and node.lvalue.name in walker.arrays:
            self.visit(node.rvalue)
            walker._assign_pointer(node.lvalue.name, node.op, node.rvalue)
        elif isinstance(node.lvalue, c_ast.ID):
            value = walker.value(node.rvalue)
            self.visit(node.rvalue)
            walker._assign(node.lvalue.name, node.op, value)
        elif isinstance(node.lvalue, c_ast.StructRef) and node.lvalue.type == "." \
                and isinstance(node.lvalue.name, c_ast.ID):
            # `r.x = g`: r is a new value (its fields read before are not the same)
            self.visit(node.rvalue)
            name = node.lvalue.name.name
            changed = walker.table.make(name, SymbolInfo(Role.OPAQUE, f"{name} (set by field)"))
            walker._assign(name, "=", changed)
        else:
            self.visit(node.rvalue)
            self.visit(node.lvalue)

    def visit_UnaryOp(self, node: c_ast.UnaryOp) -> None:
        if node.op in ("++", "--", "p++", "p--") and isinstance(node.expr, c_ast.ID):
            step = sympy.Integer(1 if "+" in node.op else -1)
            if node.expr.name in self.walker.arrays:
                self.walker._advance_pointer(node.expr.name, step)
            else:
                self.walker._assign(node.expr.name, "+=", step)
        else:
            self.visit(node.expr)

    def visit_BinaryOp(self, node: c_ast.BinaryOp) -> None:
        self.visit(node.left)
        if node.op not in ("&&", "||"):
            self.visit(node.right)

    def visit_TernaryOp(self, node: c_ast.TernaryOp) -> None:
        self.visit(node.cond)

    def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
        if node.args is not None:
            self.visit(node.args)
        name = node.name.name if isinstance(node.name, c_ast.ID) else ""
        self.walker._call_writes_globals(name, node)


class LoopWalker(NodeVisitor):
    """Values and loops of one function definition of ``unit``."""

    def __init__(self, unit: CUnit, func: c_ast.FuncDef, source_lines: dict[str, list[str]]):
        self.unit = unit
        self.func = func
        self.name = func.decl.name
        self.lines = source_lines
        self.typedefs = typedef_table(unit.ast)
        self.table = SymbolTable()
        self.env: dict[str, sympy.Expr] = {}
        #: enumerators and ``const`` scalars of the file (:mod:`.file_constants`), seen in every function walked
        self.constants: dict[str, sympy.Expr] = {}
        self.arrays: dict[str, ArrayInfo] = {}
        #: the loops around the statement being walked, outermost first
        self.loops: list[LoopInfo] = []
        self.table.open_loops = self.loops  # a value read from memory remembers the loops it was read in
        self.loop_infos: dict[int, LoopInfo] = {}
        self.converter = ExprConverter(self.table, self._lookup, self._inline)
        self._functions = {
            node.decl.name: node for node in unit.ast.ext if isinstance(node, c_ast.FuncDef)
        }
        self._inline_depth = 0
        #: helper calls inlined or walked so far in this walk, both bounded
        #: by CALL_WALK_BUDGET (a hostile fan-out of helpers stays fast)
        self._calls_spent = 0
        #: which loop on its line each loop is (macro-expanded loop nests)
        self._ordinals = LineOrdinals()
        #: closing line of each brace block, per file (:func:`closing_lines`)
        self._closing: dict[str, dict[int, int]] = {}
        #: ``reqd_work_group_size`` of the kernel, when it fixes one
        self.local_size: tuple[int, int, int] | None = None
        #: the kernel's NDRange dimensions, when the caller worked them out (else :meth:`run` does)
        self.dimensions: int | None = None
        #: pointer arguments the kernel only reads through, with their array
        #: info (:meth:`_fixed_read`: a helper's parameter of the same name is another)
        self._read_only: dict[str, object] = {}
        #: row counters a wrapping variable paces, by symbol (:meth:`_pace`)
        self._pacings: dict[sympy.Symbol, RowPace] = {}
        #: loop-carried counters that cycle, by symbol (:func:`cycle_length`)
        self._cycles: dict[sympy.Expr, Cycle] = {}
        self._effects = _Effects(self)
        #: ``#pragma`` written right before a loop (by ``id`` of the loop node)
        self._pragmas: dict[int, str] = {}
        #: ``if (i == n) break;`` tests a loop's count holds (:mod:`.counter_exit`): no branch arm for what follows
        self._counted_exits: set[int] = set()
        #: work-group barriers met in the walk (FlexCL's communication mode)
        self.barriers: list[BarrierSite] = []
        #: functions of the unit whose call runs a barrier (``_reaches_barrier``)
        self._barrier_reach: dict[str, bool] = {}
        #: file-scope scalars each function of the unit assigns (:meth:`_globals_written`)
        self._global_writes: dict[str, set[str]] = {}
        #: the ``if``/``switch`` arms around the statement being walked (:mod:`.branch_arms`)
        self._arms: list[BranchArm] = []
        #: an ``else if`` about to be walked -> the chain's first ``if`` and its arm
        self._else_ifs: dict[int, tuple[c_ast.If, int]] = {}
        #: the switches around the statement being walked, with their arms per case
        self._switches: list[tuple[c_ast.Switch, dict[int, tuple[int, str]]]] = []

    # ------------------------------------------------------------------ hooks (the access walker fills them)

    def _expression(self, node: c_ast.Node | None) -> None:
        """``node`` is evaluated here (the access walker records its accesses)."""

    def _enter_block(self, node: c_ast.Compound) -> None:
        """A ``{ ... }`` block starts."""

    def _leave_block(self) -> None:
        """The innermost block ends."""

    def _enter_branch(self, cond: c_ast.Node, line: int) -> None:
        """The statements that follow run only when ``cond`` holds."""

    def _else_branch(self, cond: c_ast.Node, line: int) -> None:
        """The statements that follow run only when ``cond`` (of the innermost branch) fails."""

    def _leave_branch(self) -> None:
        """The innermost branch ends."""

    def _branch_value(self) -> sympy.Expr | None:
        """The value (1 where it holds, 0 where not) of the innermost
        branch's test, when the walk has read it and it is an equality
        (:func:`equality_value`); the trip-count walk reads no tests."""
        return None

    def _array_info(self, decl: c_ast.Decl, element: ElementType, is_param: bool, file_scope: bool) -> ArrayInfo:
        """What the walker keeps about a declared array (address space and dims only matter to accesses)."""
        return ArrayInfo(str(decl.name), element, "")

    def _alias_pointer(self, decl: c_ast.Decl) -> None:
        """``float *p = x + i;``: ``p`` points into ``x`` (only accesses care)."""

    def _assign_pointer(self, name: str, op: str, rvalue: c_ast.Node) -> None:
        """``p = q + i;`` / ``p += k;`` on the pointer ``name`` (only accesses care)."""

    def _advance_pointer(self, name: str, step: sympy.Expr) -> None:
        """``p++``: the pointer ``name`` moves ``step`` elements (only accesses care)."""

    def _step_unit(self, name: str) -> sympy.Expr:
        """What one step of the variable ``name`` moves its value by: 1, and a
        row for a pointer to rows (only accesses care)."""
        return sympy.Integer(1)

    # ------------------------------------------------------------------ setup

    def _declare_array(self, decl: c_ast.Decl, is_param: bool, file_scope: bool) -> bool:
        element = element_type(decl.type, self.typedefs)
        if element is None or decl.name is None:
            return False
        self.arrays[decl.name] = self._array_info(decl, element, is_param, file_scope)
        self.env.pop(decl.name, None)
        return True

    def add_functions(self, elsewhere: Mapping[str, c_ast.FuncDef]) -> None:
        """Functions other files define, entered where this one calls them
        (a C++ design's members defined in their own ``.cpp``); the file's
        own keep their names."""
        self._functions = {**elsewhere, **self._functions}

    def run(self) -> None:
        """Walk the function body."""
        self.constants = dict(file_constants(self.unit.ast, self._constant_value))
        for node in self.unit.ast.ext:
            if isinstance(node, c_ast.Decl) and isinstance(node.type, c_ast.ArrayDecl | c_ast.PtrDecl):
                self._declare_array(node, is_param=False, file_scope=True)
        params = self.func.decl.type.args.params if self.func.decl.type.args is not None else []
        pointers: set[str] = set()
        for param in params:
            if not isinstance(param, c_ast.Decl) or param.name is None:
                continue
            if self._declare_array(param, is_param=True, file_scope=False):
                pointers.add(param.name)
            else:
                self.env[param.name] = self.table.named(param.name, SymbolInfo(Role.PARAM, param.name))
        self._read_only = {name: self.arrays[name] for name in read_only_pointers(self.func.body, pointers)}
        self.converter.fixed_read = self._fixed_read
        # the dimensions the launch's sizes count (docs/model.md, "Inputs"): a
        # ``reqd_work_group_size`` wider than one makes a kernel that reads
        # only dimension 0 two- or three-dimensional all the same
        self.converter.dimensions = self.dimensions or kernel_dimensions(self.func, self.unit.ast,
                                                                         self.local_size).count
        self.converter.local_size = self.local_size
        self._statement(self.func.body)

    # ------------------------------------------------------------------ expressions

    def _ids(self) -> LaunchIds:
        """The work-item ids a loop counter may start at (:class:`LaunchIds`)."""
        return LaunchIds.of(self.table, self.converter.dimensions, "global_size")

    def _lookup(self, name: str) -> sympy.Expr | None:
        found = self.env.get(name)
        return found if found is not None or name in self.arrays else self.constants.get(name)

    def _constant_value(self, node: c_ast.Node, known: dict[str, sympy.Expr]) -> sympy.Expr:
        """``node`` (a file-scope initializer) over the constants before it."""
        saved = self.env, self.constants
        self.env, self.constants = {}, known
        try:
            return self.value(node)
        finally:
            self.env, self.constants = saved

    def _fixed_read(self, node: c_ast.Node) -> sympy.Expr | None:
        """A read at a fixed place of a pointer argument the kernel never
        writes through (``param->outputChannel``): a launch value named after
        it (:mod:`.launch_constants`); ``None`` for any other read, and in a
        helper's body, walked or inlined (its parameters are not the kernel's,
        even where a name is the same)."""
        if self._inline_depth:
            return None  # an inlined helper's `p[0]` is its parameter's, whatever the kernel's `p` is
        pointers = {name for name, info in self._read_only.items() if self.arrays.get(name) is info}
        return buffer_input(self.table, fixed_read(node, pointers, self.converter.convert) if pointers else None)

    def _inline(self, call: c_ast.FuncCall) -> sympy.Expr | None:
        """Inline ``f(args)`` when ``f`` is ``{ return expr; }`` (helpers in kernels)."""
        name = call.name.name if isinstance(call.name, c_ast.ID) else None
        target = self._functions.get(name or "")
        if target is None or self._inline_depth > 4 or self._calls_spent >= CALL_WALK_BUDGET:
            return None  # past the budget (a hostile fan-out of helpers) the value stays opaque
        items = target.body.block_items or []
        if len(items) != 1 or not isinstance(items[0], c_ast.Return):
            return None
        params = target.decl.type.args.params if target.decl.type.args is not None else []
        args = call.args.exprs if call.args is not None else []
        if len(params) != len(args):
            return None
        self._calls_spent += 1
        bound = {p.name: self.converter.convert(a) for p, a in zip(params, args, strict=True)}
        saved = self.env
        self.env = {**saved, **bound}
        self._inline_depth += 1
        try:
            return self.converter.convert(items[0].expr)
        finally:
            self._inline_depth -= 1
            self.env = saved

    def value(self, node: c_ast.Node | None) -> sympy.Expr:
        return self.converter.convert(node)

    def _assign(self, name: str, op: str, rvalue: sympy.Expr) -> None:
        if name in self.arrays:
            return
        current = self.env.get(name)
        if op == "=":
            self.env[name] = rvalue
        elif current is not None and op in ("+=", "-=", "*="):
            self.env[name] = {"+=": current + rvalue, "-=": current - rvalue, "*=": current * rvalue}[op]
        else:
            self.env[name] = self.table.make(name, SymbolInfo(Role.OPAQUE, name))

    # ------------------------------------------------------------------ statements

    def _statement(self, node: c_ast.Node | None) -> None:
        if node is not None:
            self.visit(node)

    def generic_visit(self, node: c_ast.Node) -> None:
        """An expression statement: evaluate it, then apply its assignments."""
        self._expression(node)
        self._effects.visit(node)

    def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
        """A call statement; a barrier is remembered with its enclosing loops."""
        name = node.name.name if isinstance(node.name, c_ast.ID) else ""
        if name in BARRIER_CALLS or (self._reaches_barrier(name) and not self._walks_into(name)):
            self._barrier(node)
        self.generic_visit(node)

    def _call_writes_globals(self, name: str, call: c_ast.FuncCall) -> None:
        """After a call of a function of the unit, the file-scope variables
        it (or a function it calls) assigns hold values the walk did not
        follow: unknown from here. A public Vitis graph top read
        ``traversalSize`` after four calls that each step it as the value
        before them, and counted ``for (i = index + 1; i < traversalSize;
        ...)`` 0 times (29 co-simulated)."""
        if name not in self._functions:
            return
        line = call.coord.line if call.coord is not None else 0
        for variable in sorted(self._globals_written(name)):
            self.env[variable] = unknown_value(self.table, variable, f"{variable} (set by {name}() at line {line})",
                                               [self.env.get(variable)])

    def _globals_written(self, name: str, seen: frozenset[str] = frozenset()) -> set[str]:
        """The variables the function ``name`` assigns without declaring them
        (file-scope ones, a class's members), through the functions it calls
        (cached per walk)."""
        cached = self._global_writes.get(name)
        if cached is not None:
            return cached
        function = self._functions.get(name)
        if function is None or name in seen or len(seen) > 8:
            return set()
        # what it assigns and does not declare (a C++ unit lowers no file-scope variable to see)
        params = function.decl.type.args.params if function.decl.type.args is not None else []
        written = set(assigned_in(function.body)) - {param.name for param in params if isinstance(param, c_ast.Decl)}
        for call in descendants(function.body):
            callee = call.name.name if isinstance(call, c_ast.FuncCall) and isinstance(call.name, c_ast.ID) else ""
            if callee in self._functions:
                written |= self._globals_written(callee, seen | {name})
        self._global_writes[name] = written
        return written

    def _walks_into(self, name: str) -> bool:
        """Whether the walk enters the body of the function ``name`` where it
        is called (then a barrier inside is met there, not at the call)."""
        return False

    def _barrier(self, node: c_ast.FuncCall) -> None:
        """A work-group barrier is run at ``node`` (inside the current loops)."""
        if node.coord is not None:
            self.barriers.append(BarrierSite(str(node.coord.file), node.coord.line, tuple(self.loops)))

    def _reaches_barrier(self, name: str) -> bool:
        """Whether calling the function ``name`` defined in this unit runs a
        work-group barrier (``void sync() { barrier(...); }`` called in a
        tile loop), through its own calls too. Scanned once per function and
        walk: a loop body with the call is walked more than once."""
        known = self._barrier_reach.get(name)
        if known is None:
            known = self._barrier_reach[name] = self._scan_for_barrier(name, set())
        return known

    def _scan_for_barrier(self, name: str, seen: set[str]) -> bool:
        func = self._functions.get(name)
        if func is None or name in seen:
            return False
        seen.add(name)
        calls = WorkItemCalls()
        calls.visit(func.body)
        return any(callee in BARRIER_CALLS or self._scan_for_barrier(callee, seen) for callee in calls.names)

    def visit_Compound(self, node: c_ast.Compound) -> None:
        self._enter_block(node)
        declared: dict[str, sympy.Expr | None] = {}
        arrays_before = dict(self.arrays)
        pragma: str | None = None
        exits = 0  # `if (c) continue;`: the rest of the block runs where c fails
        for item in node.block_items or []:
            if isinstance(item, c_ast.Decl) and item.name is not None and item.name not in declared:
                declared[item.name] = self.env.get(item.name)
            if isinstance(item, c_ast.Pragma):
                pragma = item.string
                continue
            if pragma is not None:
                self._pragmas[id(item)] = pragma
            self._statement(item)
            self._pragmas.pop(id(item), None)
            pragma = None
            then_leaves = isinstance(item, c_ast.If) and leaves_block(item.iftrue)
            if (isinstance(item, c_ast.If) and then_leaves != leaves_block(item.iffalse)
                    and id(item) not in self._counted_exits):
                # one branch leaves: the rest of the block runs under the other's condition
                line = item.coord.line if item.coord is not None else 0
                self._enter_branch(item.cond, line)
                if then_leaves:
                    self._else_branch(item.cond, line)
                exits += 1
        for _ in range(exits):
            self._leave_branch()
        for name, previous in declared.items():
            if previous is None:
                self.env.pop(name, None)
            else:
                self.env[name] = previous
        self.arrays = arrays_before
        self._leave_block()

    def visit_Decl(self, decl: c_ast.Decl) -> None:
        if decl.name is None:
            return
        if isinstance(decl.type, c_ast.ArrayDecl | c_ast.PtrDecl):
            if isinstance(decl.init, c_ast.InitList):
                return
            self._expression(decl.init)
            self._declare_array(decl, is_param=False, file_scope=False)
            if isinstance(decl.type, c_ast.PtrDecl) and decl.init is not None:
                self._alias_pointer(decl)
            return
        if isinstance(decl.type, c_ast.FuncDecl):
            return
        self._expression(decl.init)
        if decl.init is None or isinstance(decl.init, c_ast.InitList):
            self.env[decl.name] = self.table.make(decl.name, SymbolInfo(Role.OPAQUE, f"{decl.name} (uninitialised)"))
        else:
            value = self.value(decl.init)
            self._effects.visit(decl.init)  # `int v = a[k++];` steps k
            self.env[decl.name] = value

    def visit_DeclList(self, node: c_ast.DeclList) -> None:
        for decl in node.decls:
            self.visit_Decl(decl)

    def visit_If(self, node: c_ast.If) -> None:
        self._expression(node.cond)
        line = node.coord.line if node.coord is not None else 0
        chain, arm = self._else_ifs.pop(id(node), (node, 0))
        arms = if_chain_arms(chain, self.lines)
        before = dict(self.env)
        self._enter_branch(node.cond, line)
        holds = self._branch_value()
        with self._guarded(chain, arms, arm):
            self._statement(node.iftrue)
        after_true = self.env
        self.env = dict(before)
        self._else_branch(node.cond, line)
        if isinstance(node.iffalse, c_ast.If):
            self._else_ifs[id(node.iffalse)] = (chain, arm + 1)  # its own visit guards its arm
            self._statement(node.iffalse)
        else:
            with self._guarded(chain, arms, arm + 1):
                self._statement(node.iffalse)
        self._leave_branch()
        self.env = merge_branches(self.table, before, after_true, self.env, line, str, holds)

    @contextmanager
    def _guarded(self, chain: c_ast.If, arms: list[tuple[c_ast.Node, str, int]], arm: int) -> Iterator[None]:
        """The loops met inside run under arm ``arm`` of ``chain`` (:mod:`.branch_arms`)."""
        if arm >= len(arms):  # an `if` without `else`: nothing runs on the other arm
            yield
            return
        key = chain_key(chain)
        _stmt, test, line = arms[arm]
        self._arms.append(BranchArm(test, key[0], line, key, arm, len(self.loops), arms[0][1], arms[0][2]))
        try:
            yield
        finally:
            self._arms.pop()

    def _loop_arms(self) -> tuple[BranchArm, ...]:
        """The tests a loop starting here runs under since its enclosing loop."""
        return tuple(guard for guard in self._arms if guard.depth == len(self.loops))

    def visit_Label(self, node: c_ast.Label) -> None:
        self._statement(node.stmt)

    def visit_Switch(self, node: c_ast.Switch) -> None:
        self._expression(node.cond)
        for name in assigned_in(node.stmt):
            if name in self.env:
                self.env[name] = self.table.make(name, SymbolInfo(Role.OPAQUE, name))
        self._switches.append((node, switch_segments(node, self.lines)))
        try:
            self._statement(node.stmt)
        finally:
            self._switches.pop()

    def visit_Case(self, node: c_ast.Case | c_ast.Default) -> None:
        switch, segments = self._switches[-1] if self._switches else (None, {})
        found = segments.get(id(node))
        if switch is None or found is None:
            for stmt in node.stmts or []:
                self._statement(stmt)
            return
        arm, labels = found
        key = chain_key(switch)
        case_line = node.coord.line if node.coord is not None else key[1]
        head = f"switch ({c_text(switch.cond)})"
        self._arms.append(BranchArm(labels, key[0], case_line, key, arm, len(self.loops), head, key[1]))
        try:
            for stmt in node.stmts or []:
                self._statement(stmt)
        finally:
            self._arms.pop()

    visit_Default = visit_Case

    def visit_Return(self, node: c_ast.Return) -> None:
        self._expression(node.expr)

    def _no_effect(self, node: c_ast.Node) -> None:
        return None

    visit_Pragma = visit_Break = visit_Continue = visit_Goto = visit_EmptyStatement = _no_effect

    # ------------------------------------------------------------------ loops

    def _mark_loop_carried(
        self, body: c_ast.Node, extra: c_ast.Node | None, skip: str | None, line: int
    ) -> dict[str, sympy.Expr]:
        """Turn variables assigned in a loop into STATE symbols; return their entry values."""
        assigned = assigned_in(body)
        if extra is not None:
            for name, stmts in assigned_in(extra).items():
                assigned.setdefault(name, []).extend(stmts)
        entry: dict[str, sympy.Expr] = {}
        temporaries = body_values(body)
        for name, stmts in assigned.items():
            if name == skip or name not in self.env:
                continue
            entry[name] = self.env[name]
            step: sympy.Expr | None = None
            period: sympy.Expr | None = None
            conditional = True
            if all(unconditional for _stmt, unconditional in stmts):
                # stepped once or more in every iteration (`out[k++] = a; out[k++] = b;` steps 2);
                # through the body's temporaries when it is updated once (`int t = v; ... v = t + 1;`):
                # with two updates a temporary may hold the value between them
                through = temporaries if len(stmts) == 1 else None
                steps = [update_step(name, stmt, self.env, self.converter.dimensions, through, self.local_size)
                         for stmt, _unconditional in stmts]
                if len(steps) == 1:
                    step, period = steps[0]
                elif all(each is not None and modulus is None for each, modulus in steps):
                    step = sympy.Add(*[each for each, _modulus in steps])
                if step is None and (extra is None or name not in assigned_in(extra)):
                    # through temporaries that hold a value between two updates, or are assigned again:
                    # the body's statements run in order (`int a = v; v = v + 1; v = a + 5;` steps 5)
                    step = straight_line_step(name, body, self.env, {*assigned, *([skip] if skip else [])},
                                              self.converter.dimensions, self.local_size)
                conditional = step is None
                if step is not None:
                    step = sympy.expand(step * self._step_unit(name))  # `m += 1` on `float (*m)[64]`: 64
            cycle = cycle_length(name, body, self.value, self.table) if conditional else None
            if cycle is not None and cycle.position(entry[name]) is None:
                cycle = None  # a counter entering above its reset value (or off its steps) never wraps: no cycle
            stepped = cycle is not None and cycle.every_iteration
            self.env[name] = self.table.make(
                name,
                SymbolInfo(
                    Role.STATE, name, step=step, period=period, conditional=conditional, loop=line,
                    # guards on a cycle are counted over 0..K-1 (a larger step's values are not those)
                    cycle=cycle.length if cycle is not None and cycle.counts_up_from_zero else None,
                    start=entry[name],
                    cycle_step=cycle.step if cycle is not None and stepped else None,
                    wraps_every=cycle.length if cycle is not None and stepped else None,
                    cycle_first=cycle.first if cycle is not None and stepped else None,
                    wrap_test=None if cycle is None else cycle.gate.cond,
                ),
            )
            if cycle is not None:
                self._cycles[self.env[name]] = cycle
        wraps = self._wraps(list(entry), body)
        for name in entry:
            self._pace(name, body, wraps)
        return entry

    def _pace(self, name: str, body: c_ast.Node, wraps: dict[str, Wrap]) -> None:
        """Note how the row counter ``name`` is paced by the stepping
        variable whose test ``v == c`` gates its updates (``if (x == 0)
        y++;``, ``y = x == 0 ? y + 1 : y``), when ``v`` does take the value
        ``c`` once per period: a cycling row is then ``paced_by`` it
        (:func:`pacing_test`), and a loop that exits on the row is counted
        (:class:`RowPace`). A pacer that cycles itself paces a row moved in
        the branch that wraps it, at any depth of a flattened nest
        (``wraps``, :meth:`_wrap_moved`)."""
        symbol = self.env[name]
        info = self.table.info(symbol)
        if info is None or not isinstance(symbol, sympy.Symbol):
            return
        updates = counter_updates(name, body)  # one walk of the body for the gate and the move
        gate, update = gate_of(updates, body), row_update(updates)
        direction = unit_move(update)
        if info.cycle is None and update is not None and self._wrap_moved(symbol, info, name, update, body, wraps):
            return
        gated = pacing_test(gate, name) if gate is not None else None
        ternary = ternary_pacing(name, body)
        test = gated or (None if ternary is None or ternary.wrap is not None else (ternary.pacer, ternary.value))
        if test is None:
            return
        pacer = self._pacer(test)
        if pacer is None:
            return
        pacer_symbol, pacer_start, (first, gap, count), value = pacer
        if info.cycle is not None:
            info.paced_by = pacer_symbol if isinstance(pacer_symbol, sympy.Symbol) else None
        # a loop's exit counts the pacer's periods through a row that moves by one per period, no more
        once = info.cycle is None and (gated is None or direction == 1)
        after = reads_after_update(body, name, test[0]) if once else None
        if after is not None and pacer_start is not None:
            self._pacings[symbol] = orbit_pace(Pacing(first, gap, count, pacer_start, value, after))

    def _pacer(self, test: tuple[str, c_ast.Node]) -> tuple[sympy.Expr, int | None, tuple[int, int, int], int] | None:
        """For a row gated on ``v == c`` (``test``): ``v``'s symbol, its
        entry value (when a number), the values it steps through modulo its
        period (:func:`orbit`: first, gap, count) and ``c``, when ``c`` is
        one of them; ``None`` otherwise."""
        pacer = self.env.get(test[0])
        pacer_info = self.table.info(pacer) if pacer is not None else None
        if pacer is None or pacer_info is None or pacer_info.role is not Role.STATE or pacer_info.conditional:
            return None
        values = orbit(pacer_info.start, pacer_info.step, pacer_info.period)
        value = self.value(test[1])
        if values is None or not isinstance(value, sympy.Integer):
            return None
        first, gap, count = values
        if not ((int(value) - first) % gap == 0 and first <= int(value) < first + gap * count):
            return None
        start = int(pacer_info.start) if isinstance(pacer_info.start, sympy.Integer) else None
        return pacer, start, values, int(value)

    def _wraps(self, names: list[str], body: c_ast.Node) -> dict[str, Wrap]:
        """When each of this loop's cycling counters wraps, innermost level
        first: a counter stepped in the body itself, one stepped in the
        branch that wraps another (a flattened nest's middle level), or a
        conditional-expression wrap paced by a stepping column
        (:mod:`.nested_wraps`)."""
        wraps: dict[str, Wrap] = {}
        for name in names:
            ternary = ternary_pacing(name, body)
            if ternary is not None and ternary.wrap is not None:
                self._ternary_wrap(name, ternary, body, wraps)
        pending = [name for name in names if self.env[name] in self._cycles]
        while pending:
            found = [name for name in pending if self._cycle_wrap(name, body, wraps)]
            if not found:
                break
            pending = [name for name in pending if name not in found]
        return wraps

    def _cycle_wrap(self, name: str, body: c_ast.Node, wraps: dict[str, Wrap]) -> bool:
        """Record when the cycling counter ``name`` (a :class:`Cycle`) wraps,
        if the branches it moves under run at a known pace; whether it did."""
        symbol = self.env[name]
        cycle, info, paths = self._cycles[symbol], self.table.info(symbol), cycle_paths(name, body)
        if info is None or info.start is None or paths is None:
            return False
        moving, reset = paths
        moves = event_pace(moving, name, body, wraps, self.value)
        start = cycle.position(info.start)
        if moves is None or start is None or (not moving and not cycle.every_iteration):
            return False
        wraps[name] = Wrap(wrap_pace(moves, cycle.length, start), reset_path=reset,
                           wraps_every=None if moving else cycle.length)
        return True

    def _ternary_wrap(self, name: str, ternary: TernaryPacing, body: c_ast.Node, wraps: dict[str, Wrap]) -> None:
        """``y = x == 0 ? (y == R ? F : y + 1) : y`` (hotspot v9's rows):
        ``y`` moves once per period of the stepping ``x`` and runs F..R, so
        it wraps once per R - F + 1 of those moves."""
        pacer = self._pacer((ternary.pacer, ternary.value))
        after = reads_after_update(body, name, ternary.pacer)
        info = self.table.info(self.env[name])
        if pacer is None or after is None or info is None or info.start is None or ternary.wrap is None:
            return
        _symbol, pacer_start, (first, gap, count), value = pacer
        last, reset = (sympy.expand(self.value(node)) for node in ternary.wrap)
        length, start = sympy.expand(last - reset + 1), sympy.expand(info.start - reset)
        if pacer_start is None or not start.is_Integer or start < 0 or (length.is_Integer and not start < length):
            return
        moves = orbit_pace(Pacing(first, gap, count, pacer_start, value, after))
        wraps[name] = Wrap(wrap_pace(moves, length, start),
                           test=WrapTest(ternary.pacer, sympy.Integer(value), name, reset))

    def _wrap_moved(self, symbol: sympy.Symbol, info: SymbolInfo, name: str, update: tuple[Branches, int],
                    body: c_ast.Node, wraps: dict[str, Wrap]) -> bool:
        """A row moved by a constant where a counter wraps (``j++; if (j ==
        K) { j = 0; i++; }``, the flattened nest of Intel's loop-coalescing
        advice; ``if (i == H) { i = 0; k++; }`` inside the branch that wraps
        ``j``; ``if (x == 0 && y == -1) bx += 32;``): it moves at that wrap's
        pace. Moved by one directly in the branch of a column stepped on
        every iteration (decision 62), an access under that branch sees it
        step by one from one execution to the next (``row_step``). Whether
        it is such a row."""
        path, step = update
        wrap = wrap_at(path, name, body, wraps, self.value)
        if wrap is None:
            return False
        self._pacings[symbol] = wrap.pace._replace(direction=1 if step > 0 else -1, step=abs(step))
        direction = unit_move(update)
        if wrap.wraps_every is not None and direction is not None:
            info.wrap_test, info.row_step, info.wraps_every = path[0][0].cond, direction, wrap.wraps_every
        return True

    def visit_For(self, node: c_ast.For) -> None:
        line = node.coord.line if node.coord is not None else 0
        file = str(node.coord.file) if node.coord is not None else ""
        if isinstance(node.init, c_ast.DeclList):
            for decl in node.init.decls:
                self._expression(decl.init)
        else:
            self._expression(node.init)
        counter_name, start = for_counter(node, self.value, self.env)
        # initialise every variable of the init clause (for (i = 0, y = 0; ...));
        # a pointer counter (for (float *p = in; p < end; p++)) is declared
        # too: where it points, its value the counter (an element offset)
        if isinstance(node.init, c_ast.DeclList):
            for decl in node.init.decls:
                if decl.name != counter_name or isinstance(decl.type, c_ast.PtrDecl):
                    self.visit_Decl(decl)
        elif node.init is not None:
            self._effects.visit(node.init)
        step: sympy.Expr | None = None
        geometric: Geometric | None = None
        if counter_name is not None and node.next is not None:
            updates = assigned_in(node.next).get(counter_name, [])
            in_body = assigned_in(node.stmt).get(counter_name, [])
            if len(updates) == 1 and not in_body:
                step, _modulus = update_step(counter_name, updates[0][0], self.env, self.converter.dimensions,
                                               local_size=self.local_size)
                if step is None:
                    geometric = geometric_update(counter_name, updates[0][0], self.value)
        unroll = unroll_factor(self._pragmas.get(id(node)))
        saved_env = dict(self.env)
        leaves = early_exit(node.stmt)
        header = counter_trip(counter_name, start, step, node.cond, self.value, geometric, self._ids())
        tested = counter_exit(counter_name, start, step, node.stmt, self.value, self.table)  # None: no constant step
        if tested is not None:
            header, leaves = fewer(header, tested), tested.other_exit
            self._counted_exits.add(id(tested.test))
        trip = at_most(header, leaves)
        grid_step = dealt_step(step, start, self.table)
        if grid_step is not None:
            step = sympy.Integer(1)  # the counter counts rounds: i = start + rounds * work_items
        over_enclosing = averaged_over_enclosing(trip, self.loops)
        averaged = averaged_over_ids(over_enclosing, self._ids())
        info = counted_loop(self.table, counter_name, step, averaged, unroll, line, file, start)
        if over_enclosing is not trip:
            info.exact_trip = trip[0]  # a loop nested in it sums over this, not the average
        counter = info.counter
        info.guards = self._loop_arms()
        info.end_line = self._end_line(node, file)
        info.nth = self._ordinals.nth(id(node), file, line)
        # a triangular loop's average is hlsight's, per entry the count varies: the instrumenter keeps its pragma
        info.header_counted = geometric is None and averaged is trip
        info.geometric = geometric is not None
        self._annotations(info, node.stmt, file, line)
        info.endless = node.cond is None and counter_name is None and leaves is None
        self.loop_infos[id(node)] = info
        self._mark_loop_carried(node.stmt, node.next, counter_name, line)
        if counter_name is not None and counter is not None:
            self.env[counter_name] = counter if grid_step is None or start is None else start + grid_step * counter
        if grid_step is None and geometric is None:
            write_in_counter(self.env, self.table, info)
        exits = exit_values(info, self.env, exact=grid_step is None and geometric is None and averaged is trip
                            and leaves is None)
        self.loops.append(info)
        self._expression(node.cond)
        self._statement(node.stmt)
        self._expression(node.next)
        self.loops.pop()
        self._leave_loop(saved_env, node)
        self.env.update(exits)

    def _end_line(self, node: c_ast.For | c_ast.While | c_ast.DoWhile, file: str) -> int | None:
        """Where the loop closes: a do-while's ``while``, else its body's
        ``}`` (pycparser keeps no end coordinates)."""
        if isinstance(node, c_ast.DoWhile):
            return node.cond.coord.line if node.cond is not None and node.cond.coord is not None else None
        body = node.stmt
        if not isinstance(body, c_ast.Compound) or body.coord is None:
            return None
        if file not in self._closing:
            self._closing[file] = closing_lines(self.lines.get(file) or [])
        return self._closing[file].get(body.coord.line)

    def _leave_loop(self, saved_env: dict[str, sympy.Expr], node: c_ast.Node) -> None:
        """After a loop, variables it assigned hold unknown values (data if
        the last one the walk saw was)."""
        assigned = assigned_in(node)
        ending = self.env
        self.env = saved_env
        line = node.coord.line if node.coord is not None else 0
        for name in assigned:
            if name in self.env:
                self.env[name] = unknown_value(self.table, name, f"{name} (set by the loop at line {line})",
                                               [ending.get(name)])

    def visit_While(self, node: c_ast.While | c_ast.DoWhile) -> None:
        line = node.coord.line if node.coord is not None else 0
        file = str(node.coord.file) if node.coord is not None else ""
        saved_env = dict(self.env)
        entry = self._mark_loop_carried(node.stmt, None, None, line)
        counter: sympy.Symbol | None = None
        step: sympy.Expr | None = None
        trip: sympy.Expr | None = None
        condition_counter: tuple[str, sympy.Expr, sympy.Expr] | None = None
        reason = f"the condition `{c_text(node.cond)}` is not a counter test"
        header_counted, geometric = True, False
        cond = node.cond
        if isinstance(node, c_ast.DoWhile) and self.value(cond) == 0:
            trip, reason = sympy.Integer(1), f"`do {{ ... }} while ({c_text(cond)})` runs its body once (a macro block)"
        elif isinstance(cond, c_ast.BinaryOp):
            for side, other in ((cond.left, cond.right), (cond.right, cond.left)):
                if not isinstance(side, c_ast.ID):
                    continue
                symbol = self.env.get(side.name)
                info = self.table.info(symbol) if symbol is not None else None
                pacing = self._pacings.get(symbol) if isinstance(symbol, sympy.Symbol) else None
                row_start = entry.get(side.name)
                if pacing is not None and row_start is not None:
                    op = cond.op if side is cond.left else MIRROR.get(cond.op, cond.op)
                    trip, reason = paced_trip(op, self.value(other), row_start, pacing,
                                              f"`{c_text(cond)}` with `{side.name}` a row counter")
                    header_counted = False  # hlsight's count through the pacing, not what an HLS tool finds
                    break
                halved = self._geometric_while(node, side.name) if info is not None and info.step is None else None
                if halved is not None:
                    trip, reason = counter_trip(side.name, entry.get(side.name), None, cond, self.value, halved)
                    header_counted, geometric = False, True
                    break
                if info is None or info.role is not Role.STATE or info.step is None or info.conditional:
                    continue
                counter = symbol if isinstance(symbol, sympy.Symbol) else None
                step = info.step
                bound = self.value(other)
                start = entry.get(side.name)
                op = cond.op if side is cond.left else MIRROR.get(cond.op, cond.op)
                why = f"`{c_text(cond)}` with `{side.name}` stepping by {step}"
                trip, reason = trip_from(op, start, bound, step, why, self._ids())
                break
            else:
                stepped = self._stepped_condition(node, entry)
                if stepped is not None:
                    (trip, reason), condition_counter = stepped
                header_counted = False
        leaves = early_exit(node.stmt)
        trip, reason = at_most(fixed_per_launch(self.table, *averaged_over_ids((trip, reason), self._ids())), leaves)
        kind = "while" if isinstance(node, c_ast.While) else "do"
        info_loop = LoopInfo(kind, line, file, counter, step, trip, reason, unroll_factor(self._pragmas.get(id(node))))
        info_loop.guards = self._loop_arms()
        info_loop.endless = leaves is None and _always_true(cond)
        if counter is not None and step is not None:
            number_iterations(info_loop, self.table, self.env)
        elif condition_counter is not None and trip is not None:
            # `while (i++ < n)`: the body sees i stepped once more than the
            # rounds before it; a do-while's body runs before the first step
            name, first, stepping = condition_counter
            rounds = number_iterations(info_loop, self.table, self.env)
            later = 0 if isinstance(node, c_ast.DoWhile) else 1
            self.env[name] = sympy.expand(first + stepping * (rounds + later))
        info_loop.end_line = self._end_line(node, file)
        info_loop.nth = self._ordinals.nth(id(node), file, line)
        info_loop.header_counted = header_counted
        info_loop.geometric = geometric
        self._annotations(info_loop, node.stmt, file, line)
        self.loop_infos[id(node)] = info_loop
        self.loops.append(info_loop)
        self._expression(node.cond)
        self._statement(node.stmt)
        self.loops.pop()
        self._leave_loop(saved_env, node)

    visit_DoWhile = visit_While

    def _annotations(self, info: LoopInfo, body: c_ast.Node, file: str, line: int) -> None:
        """What the loop's pragmas and annotations say (``loop_tripcount``,
        ``HLS unroll factor``, ``HLS pipeline``, ``loop_coalesce``), one reading
        for every kind of loop."""
        pragmas = body_pragmas(body)
        info.tripcount_pragma = tripcount_pragma(body)
        info.hls_unroll = hls_unroll_factor(pragmas)
        info.hls_pipelined = pipelined(pragmas)
        info.coalesce = coalesce_above(self.lines.get(file) or [], line)
        info.body = body

    def _geometric_while(self, node: c_ast.While | c_ast.DoWhile, name: str) -> Geometric | None:
        """``while (gap > 0) { ...; gap /= 2; }``: the body halves (doubles,
        shifts) ``name`` once on every iteration and nowhere else, as a
        ``for`` header would (a public Vitis NMS kernel's shell sort, whose
        report counts 6 for ``gap = 100 / 2``)."""
        updates = assigned_in(node.stmt).get(name, [])
        if not isinstance(node, c_ast.While) or len(updates) != 1 or not updates[0][1]:
            return None  # a do-while tests after the step: not a for's count
        return geometric_update(name, updates[0][0], self.value)

    def _stepped_condition(self, node: c_ast.While | c_ast.DoWhile, entry: dict[str, sympy.Expr]
                           ) -> tuple[tuple[sympy.Expr | None, str], tuple[str, sympy.Expr, sympy.Expr]] | None:
        """``while (++i < n)`` / ``do ... while (i++ < n)`` with ``i`` a local
        the body does not assign: the count (and why), and the counter's
        name, value on entry and step; ``None`` when the condition is not that."""
        cond = node.cond
        if not (isinstance(cond, c_ast.BinaryOp) and isinstance(cond.left, c_ast.UnaryOp)
                and cond.left.op in ("++", "--", "p++", "p--") and isinstance(cond.left.expr, c_ast.ID)):
            return None
        name = cond.left.expr.name
        start = entry.get(name, self.env.get(name))
        if start is None or name in assigned_in(node.stmt):
            return None
        do_while = isinstance(node, c_ast.DoWhile)
        why = f"`{c_text(cond)}` from {start}" + (", the body once before the first test" if do_while else "")
        step = sympy.Integer(1 if "+" in cond.left.op else -1)
        counted = stepped_in_condition(cond.op, start, self.value(cond.right), step,
                                       not cond.left.op.startswith("p"), do_while, why)
        return counted, (name, start, step)


def _always_true(cond: c_ast.Node | None) -> bool:
    """``while (1)``, ``while (true)``: a condition no iteration can make false.
    Read from the syntax, not evaluated: the walk's value reader would number
    the symbols of every condition it reads and shift the names later
    accesses get."""
    if isinstance(cond, c_ast.Constant):
        try:
            return int(str(cond.value).rstrip("uUlL"), 0) != 0
        except ValueError:
            return False
    return isinstance(cond, c_ast.ID) and cond.name in ("true", "TRUE")
