"""Walk one SYCL kernel lambda (libclang AST) in statement order, keeping the
value of every local, and give each loop its :class:`LoopInfo`.

The SYCL counterpart of :mod:`hlsight.analyzer.access.loop_walker`: locals
map to sympy values (:mod:`~hlsight.analyzer.access.sycl_values`), pointers
and references into memory objects are followed
(:mod:`~hlsight.analyzer.access.sycl_memory`), variables a loop assigns
become loop-carried symbols, and every loop gets its counter, step and trip
count (:mod:`~hlsight.analyzer.access.sycl_loops`, shared with C through
:mod:`~hlsight.analyzer.access.loops`). Loops whose count only the data
decides (``while``, range-for over a container) get the named symbol
``trips_<kernel>_L<line>``.

The accesses themselves are recorded by
:class:`~hlsight.analyzer.access.sycl_walker.SyclAccessWalker` through the
hooks ``_subscript``, ``_reference``, ``_dereference``, ``_library_call``,
``_element_read``, ``_collect_library``, the block hooks and the branch
hooks; here they record nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import PurePath

import sympy
from clang import cindex

from hlsight.analyzer.access.c_symbols import (
    Role,
    SymbolInfo,
    SymbolTable,
    buffer_input,
    computed_from_reads,
    fixed_per_launch,
    merge_branches,
)
from hlsight.analyzer.access.counter_exit import fewer
from hlsight.analyzer.access.ctypes_info import ElementType
from hlsight.analyzer.access.loop_annotations import coalesce_above
from hlsight.analyzer.access.loops import (
    CALL_WALK_BUDGET,
    SYCL_BARRIERS,
    BarrierSite,
    Geometric,
    LaunchIds,
    LineOrdinals,
    LoopInfo,
    at_most,
    averaged_over_enclosing,
    averaged_over_ids,
    counted_loop,
    dealt_step,
    exit_values,
    number_iterations,
    stepped_in_condition,
    write_in_counter,
)
from hlsight.analyzer.access.sycl_clang import (
    CK,
    TK,
    Key,
    binary_operator,
    declaration_key,
    expression_children,
    pointee,
    strip,
    text,
    type_name,
    type_size,
    unary_operator,
    unary_prefix,
)
from hlsight.analyzer.access.sycl_counter_exit import sycl_counter_exit
from hlsight.analyzer.access.sycl_expressions import AssignedKeys, SyclAccesses, SyclPointers
from hlsight.analyzer.access.sycl_kernels import SyclKernel, declared_inside
from hlsight.analyzer.access.sycl_launch_constants import fixed_read, read_only_captures
from hlsight.analyzer.access.sycl_loops import (
    assignments_to,
    counter_factor,
    counter_step,
    counter_trip,
    data_trip,
    early_exit,
    evaluated_with,
    leaves_block,
    unroll_above,
)
from hlsight.analyzer.access.sycl_memory import Memory, Pointer, captured_memory
from hlsight.analyzer.access.sycl_straight_steps import sycl_straight_line_step
from hlsight.analyzer.access.sycl_values import SyclValues
from hlsight.parsers.cxx.visitor import CursorVisitor, children


@dataclass
class SyclLoopWalker(CursorVisitor):
    """The statement walk of one kernel (a ``visit_<KIND>`` per statement
    kind; any other cursor is an expression statement)."""

    kernel: SyclKernel
    label: str  # identifier-safe kernel label for trip-count symbols
    lines: list[str]
    table: SymbolTable = field(default_factory=SymbolTable)
    env: dict[Key, sympy.Expr] = field(default_factory=dict)
    pointers: dict[Key, Pointer] = field(default_factory=dict)
    references: dict[Key, Pointer] = field(default_factory=dict)
    arrays: dict[Key, Memory] = field(default_factory=dict)
    loops: list[LoopInfo] = field(default_factory=list)
    loop_infos: dict[int, LoopInfo] = field(default_factory=dict)
    #: work-group barriers met in the walk (FlexCL's communication mode)
    barriers: list[BarrierSite] = field(default_factory=list)
    id_dims: int = 1
    _values: SyclValues = field(init=False, repr=False)
    _accesses: SyclAccesses = field(init=False, repr=False)
    _assignments: AssignedKeys = field(init=False, repr=False)
    _pointers: SyclPointers = field(init=False, repr=False)
    #: which loop on its line each loop is (macro-expanded loop nests)
    _ordinals: LineOrdinals = field(default_factory=LineOrdinals, repr=False)
    #: the other embedded user files (headers) by path, with their lines:
    #: functions defined there are walked where the kernel calls them
    headers: dict[str, list[str]] = field(default_factory=dict)
    #: definitions of the user functions being walked, innermost last
    _called: list[cindex.Cursor] = field(default_factory=list, repr=False)
    #: ``name() called at file:line`` of each of them (for the explanations)
    _call_sites: list[str] = field(default_factory=list, repr=False)
    _walked_calls: int = field(default=0, repr=False)
    #: the target of a compound assignment is being stored: its indices were
    #: evaluated (their loads recorded) by its read
    indices_evaluated: bool = field(default=False, repr=False)
    #: captured pointers and accessors the lambda only reads through
    #: (decision 65), found the first time a read asks (:meth:`fixed_read`)
    _read_only: set[Key] | None = field(default=None, repr=False)
    _lambda_body: cindex.Cursor | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.table.open_loops = self.loops  # a value read from memory remembers the loops it was read in
        self._values = SyclValues(self)
        self._accesses = SyclAccesses(self)
        self._assignments = AssignedKeys()
        #: ``if (i == n) break;`` tests a loop's count holds (:mod:`.sycl_counter_exit`): no branch arm after them
        self._counted_exits: set[int] = set()
        self._pointers = SyclPointers(self)

    def run(self) -> None:
        """Walk the lambda body (its parameter is the work-item id)."""
        body = None
        for child in children(self.kernel.body):
            if child.kind == CK.PARM_DECL:
                key = declaration_key(child)
                self.id_dims = self.kernel.dimensions()[0]
                if self.kernel.ndrange and "nd_item" not in child.type.get_canonical().spelling:
                    # a multi-dimensional id stands for its first dimension here: shown as such
                    shown = child.spelling if self.id_dims == 1 else f"{child.spelling}[0]"
                    self.env[key] = self._values.work_item(0, shown)
            elif child.kind == CK.COMPOUND_STMT:
                body = child
        if body is not None:
            self._lambda_body = body
            self.visit(body)

    # ------------------------------------------------------------------ helpers

    def _read_only_captures(self) -> set[Key]:
        if self._read_only is None:
            body = self._lambda_body
            self._read_only = set() if body is None else read_only_captures(
                body, lambda declaration: not self._inside(declaration))
        return self._read_only

    def fixed_read(self, cursor: cindex.Cursor) -> sympy.Expr | None:
        """A read at a fixed place of a captured buffer the lambda never
        writes (``sizes[0]``, ``shape->rows``): a launch value named after it
        (decision 65, :mod:`.sycl_launch_constants`); else ``None``."""
        return buffer_input(self.table, fixed_read(cursor, lambda declaration: not self._inside(declaration),
                                                   self._read_only_captures, self.value))

    def _lines_of(self, cursor: cindex.Cursor) -> list[str]:
        """The lines of the file ``cursor`` stands in (a header's for a
        called function defined there)."""
        file = cursor.location.file
        return self.headers.get(file.name, self.lines) if file is not None else self.lines

    def _text(self, cursor: cindex.Cursor) -> str:
        return text(cursor, self._lines_of(cursor))

    def _file(self, cursor: cindex.Cursor) -> str:
        return cursor.location.file.name if cursor.location.file else self.kernel.file

    def _inside(self, declaration: cindex.Cursor) -> bool:
        """Declared inside the kernel lambda or a user function it calls
        (else a captured host variable)."""
        return declared_inside(declaration, self.kernel.body) or any(
            declared_inside(declaration, called) for called in self._called)

    def user_call(self, node: cindex.Cursor) -> bool:
        """Walk the body of the user function ``node`` calls, defined in the
        kernel's own source file (``Compute(init, dict_offset)``) or in a
        header the report embeds, where the call stands: its loops sit inside
        the caller's, its parameters hold the arguments' values and memories.
        The call's result stays opaque. False (nothing walked) for library
        functions (SYCL, the C++ library), recursion and calls nested deeper
        than four."""
        callee = node.referenced
        if callee is None or callee.kind not in (CK.FUNCTION_DECL, CK.CXX_METHOD, CK.FUNCTION_TEMPLATE):
            return False
        definition = callee.get_definition()
        if (definition is None or definition.location.file is None
                or (definition.location.file.name != self.kernel.file
                    and definition.location.file.name not in self.headers)
                or len(self._called) >= 4 or self._walked_calls >= CALL_WALK_BUDGET
                or any(definition == called for called in self._called)):
            return False
        parameters = [child for child in children(definition) if child.kind == CK.PARM_DECL]
        body = next((child for child in children(definition) if child.kind == CK.COMPOUND_STMT), None)
        arguments = list(node.get_arguments())
        if body is None or len(parameters) != len(arguments):
            return False
        for argument in arguments:
            self.collect(argument)
        for parameter, argument in zip(parameters, arguments, strict=True):
            self._bind(parameter, argument)  # in the caller's scope, before the callee's
        self._walked_calls += 1
        self._called.append(definition)
        where = node.location
        shown = f"{PurePath(where.file.name).name}:{where.line}" if where.file is not None else "?"
        self._call_sites.append(f"{callee.spelling}() called at {shown}")
        try:
            self.visit(body)
        finally:
            self._called.pop()
            self._call_sites.pop()
        return True

    def _bind(self, parameter: cindex.Cursor, argument: cindex.Cursor) -> None:
        """Give a parameter what its argument holds: the memory an
        array/pointer argument points into, the element a reference argument
        names, else the value."""
        key = declaration_key(parameter)
        kind = parameter.type.get_canonical().kind
        if kind in (TK.POINTER, TK.INCOMPLETEARRAY, TK.CONSTANTARRAY):
            pointer = self.memory_of(argument)
            if pointer is not None:
                self._point(key, pointer)
                return
        if kind in (TK.LVALUEREFERENCE, TK.RVALUEREFERENCE):
            target = strip(argument)
            parts = expression_children(target)
            if target.kind in (CK.CALL_EXPR, CK.ARRAY_SUBSCRIPT_EXPR) and len(parts) >= 2:
                base = self.memory_of(parts[0])
                if base is not None:
                    self.references[key] = Pointer(base.memory, base.offset + self.value(parts[-1]))
                    return
        self.env[key] = self.value(argument)

    def _opaque(self, cursor: cindex.Cursor, role: Role = Role.OPAQUE) -> sympy.Symbol:
        shown = self._text(cursor) or cursor.spelling or "expr"
        prefix = "load" if role is Role.LOAD else "f"
        return self.table.make(f"{prefix}_{shown}"[:40], SymbolInfo(role, shown))

    def _opaque_from(self, cursor: cindex.Cursor, values: list[sympy.Expr]) -> sympy.Symbol:
        """``cursor`` as an opaque value computed from ``values``: data when
        any of them is (:func:`~.c_symbols.computed_from_reads`)."""
        shown = self._text(cursor) or cursor.spelling or "expr"
        return computed_from_reads(self.table, shown, values) or self._opaque(cursor)

    def value(self, cursor: cindex.Cursor | None) -> sympy.Expr:
        """The sympy value of expression ``cursor`` (under casts and parentheses)."""
        if cursor is None:
            return sympy.Integer(0)
        result: sympy.Expr = self._values.visit(strip(cursor))
        return result

    def memory_of(self, cursor: cindex.Cursor) -> Pointer | None:
        """The memory object and element offset ``cursor`` points into, if any."""
        return self._pointers.pointer(cursor)

    def pointer_at(self, key: Key) -> Pointer:
        """Where the pointer variable ``key`` points now: its memory, at the
        element offset it holds in ``env`` (so ``p++``/``p += 4`` step it,
        loops carry it and a branch merges it like any variable)."""
        pointer = self.pointers[key]
        offset = self.env.get(key)
        return pointer if offset is None else Pointer(pointer.memory, pointer.offset + offset)

    def _point(self, key: Key, pointer: Pointer) -> None:
        """The pointer variable ``key`` now points at ``pointer``."""
        self.pointers[key] = Pointer(pointer.memory, sympy.Integer(0))
        self.env[key] = pointer.offset

    def _declared_memory(self, declaration: cindex.Cursor) -> Pointer | None:
        """Accessors and pointers declared outside the lambda (captured), or
        a functor's members (typed as the launch instantiates them)."""
        return None if self._inside(declaration) else captured_memory(self.kernel.member(declaration))

    def collect(self, cursor: cindex.Cursor | None) -> None:
        """Evaluate expression ``cursor``: its assignments (and, in the access
        walker, its accesses) in evaluation order."""
        self._accesses.collect(cursor)

    # ------------------------------------------------------------------ access hooks (record nothing here)

    def _subscript(self, node: cindex.Cursor, store: bool) -> bool:
        """``acc[i]``: True when recorded as an access."""
        return False

    def _reference(self, node: cindex.Cursor, kind: str) -> None:
        """A use of a reference into memory."""

    def _dereference(self, node: cindex.Cursor, kind: str) -> bool:
        """``*p``: True when recorded as an access."""
        return False

    def _library_call(self, node: cindex.Cursor) -> bool:
        """``std::fill``/``lsu::load``...: True when recorded as accesses."""
        return False

    def _collect_library(self, cursor: cindex.Cursor) -> None:
        """Evaluate ``cursor``, whose accesses a library construct makes."""
        self.collect(cursor)

    def _element_read(self, variable: cindex.Cursor, memory: Memory, index: sympy.Expr) -> None:
        """A range-for's element copied from ``memory`` at ``index``."""

    def _enter_block(self) -> None:
        """A compound statement starts."""

    def _leave_block(self) -> None:
        """A compound statement ends."""

    def _enter_branch(self, condition: cindex.Cursor) -> None:
        """The then-branch of ``if (condition)`` starts."""

    def _else_branch(self) -> None:
        """The else-branch of the current ``if`` starts."""

    def _leave_branch(self) -> None:
        """The current ``if`` ends."""

    def _branch_value(self) -> sympy.Expr | None:
        """The value (1 where it holds, 0 where not) of the current ``if``'s
        test, when the walk has read it and it is an equality
        (:func:`equality_value`), as the C walk's."""
        return None

    # ------------------------------------------------------------------ local state

    def _assign(self, target: cindex.Cursor, op: str, source: cindex.Cursor) -> None:
        node = strip(target)
        if node.kind != CK.DECL_REF_EXPR or node.referenced is None:
            return
        key = declaration_key(node.referenced)
        if key in self.references or key in self.arrays:
            return
        if key in self.pointers and op == "=":
            pointer = self.memory_of(source)
            if pointer is not None:
                self._point(key, pointer)
            else:
                self.env[key] = self.table.make(node.spelling, SymbolInfo(Role.OPAQUE, f"{node.spelling} (pointer)"))
            return
        current = self.env.get(key)
        rvalue = self.value(source)
        if op == "=":
            self.env[key] = rvalue
        elif current is not None and op in ("+=", "-=", "*="):
            self.env[key] = {"+=": current + rvalue, "-=": current - rvalue, "*=": current * rvalue}[op]
        elif key in self.env or self._inside(node.referenced):
            self.env[key] = self.table.make(node.spelling, SymbolInfo(Role.OPAQUE, node.spelling))

    def _step(self, target: cindex.Cursor, delta: int) -> None:
        node = strip(target)
        if node.kind == CK.DECL_REF_EXPR and node.referenced is not None:
            key = declaration_key(node.referenced)
            if key in self.env:
                self.env[key] = self.env[key] + delta

    def _declare(self, declaration: cindex.Cursor) -> None:
        key = declaration_key(declaration)
        children = expression_children(declaration)
        init = children[-1] if children else None
        declared = declaration.type.get_canonical()
        if declared.kind == TK.CONSTANTARRAY:
            element = declared
            while element.kind == TK.CONSTANTARRAY:
                element = element.element_type
            size = ElementType(type_name(element), type_size(element))
            self.arrays[key] = Memory(declaration.spelling, size, "local")
            return
        if init is None:
            self.env[key] = self.table.make(declaration.spelling, SymbolInfo(Role.OPAQUE, declaration.spelling))
            return
        if declared.kind in (TK.LVALUEREFERENCE, TK.RVALUEREFERENCE):
            target = strip(init)
            parts = expression_children(target)
            if target.kind in (CK.CALL_EXPR, CK.ARRAY_SUBSCRIPT_EXPR) and len(parts) >= 2:
                base = self.memory_of(parts[0])
                if base is not None:
                    for part in parts[1:]:
                        self.collect(part)
                    self.references[key] = Pointer(base.memory, base.offset + self.value(parts[-1]))
                    return
        pointer = self.memory_of(init)
        if pointer is not None and (declared.kind == TK.POINTER or "multi_ptr" in declared.spelling):
            self.collect(init)  # `float *p = in + a[0];` reads a[0]
            self._point(key, pointer)
            return
        self.collect(init)
        self.env[key] = self.value(init)

    # ------------------------------------------------------------------ statements

    def generic_visit(self, cursor: cindex.Cursor) -> None:
        """An expression statement."""
        self.collect(cursor)

    def visit_CALL_EXPR(self, cursor: cindex.Cursor) -> None:
        """A call statement; a work-group barrier (``it.barrier()``,
        ``group_barrier(g)``) is remembered with its enclosing loops."""
        if cursor.spelling in SYCL_BARRIERS:
            self.barriers.append(BarrierSite(self._file(cursor), cursor.location.line, tuple(self.loops)))
        self.generic_visit(cursor)

    def visit_COMPOUND_STMT(self, cursor: cindex.Cursor) -> None:
        self._enter_block()
        exits = 0  # `if (c) continue;`: the rest of the block runs where c fails
        for child in children(cursor):
            self.visit(child)
            if child.kind == CK.IF_STMT and hash(child) not in self._counted_exits:
                parts = children(child)
                then_leaves = len(parts) >= 2 and leaves_block(parts[1])
                if len(parts) in (2, 3) and then_leaves != (len(parts) == 3 and leaves_block(parts[2])):
                    # one branch leaves: the rest of the block runs under the other's condition
                    self._enter_branch(parts[0])
                    if then_leaves:
                        self._else_branch()
                    exits += 1
        for _ in range(exits):
            self._leave_branch()
        self._leave_block()

    def visit_DECL_STMT(self, cursor: cindex.Cursor) -> None:
        for child in children(cursor):
            if child.kind == CK.VAR_DECL:
                self._declare(child)

    def _no_effect(self, cursor: cindex.Cursor) -> None:
        return None

    visit_BREAK_STMT = visit_CONTINUE_STMT = visit_NULL_STMT = _no_effect

    def visit_RETURN_STMT(self, cursor: cindex.Cursor) -> None:
        for child in children(cursor):
            self.collect(child)

    def visit_SWITCH_STMT(self, cursor: cindex.Cursor) -> None:
        for child in children(cursor):
            self.visit(child) if child.kind.is_statement() else self.collect(child)

    visit_CASE_STMT = visit_DEFAULT_STMT = visit_LABEL_STMT = visit_SWITCH_STMT

    def visit_UNEXPOSED_STMT(self, cursor: cindex.Cursor) -> None:
        for child in children(cursor):
            self.visit(child)  # [[intel::...]] attributed loops

    def visit_IF_STMT(self, cursor: cindex.Cursor) -> None:
        parts = children(cursor)
        if len(parts) < 2:
            return
        condition = parts[0]
        self.collect(condition)
        before = dict(self.env)
        self._enter_branch(condition)
        holds = self._branch_value()
        self.visit(parts[1])
        after_then = self.env
        self.env = dict(before)
        if len(parts) > 2:
            self._else_branch()
            self.visit(parts[2])
        self._leave_branch()
        self.env = merge_branches(self.table, before, after_then, self.env, cursor.location.line,
                                  lambda key: key[3], holds)

    # ------------------------------------------------------------------ loops

    def _carry(self, body: cindex.Cursor, skip: Key | None, line: int,
               increment: cindex.Cursor | None = None) -> dict[Key, sympy.Expr]:
        """Variables assigned in a loop body become loop-carried symbols; one
        the body steps by a constant in a single statement of its own
        (``idx++`` in loop_coalesce) advances by that step every iteration,
        and so does one it steps through temporaries, read as a C body's
        (``int t = addr; ... addr = t + 1;``: :mod:`.sycl_straight_steps`)."""
        saved = dict(self.env)
        assigned = self._assignments.below(body)
        stepped = self._assignments.below(increment) if increment is not None else set()
        changes = frozenset({*assigned, *stepped, *([skip] if skip is not None else [])})
        for key in sorted(assigned):  # symbol numbering is the same every run
            if key != skip and key in self.env:
                step = self._body_step(body, key)
                if step is None and key not in stepped:
                    step = sycl_straight_line_step(self, body, key, changes)
                info = SymbolInfo(Role.STATE, key[3], conditional=True, loop=line) if step is None else \
                    SymbolInfo(Role.STATE, key[3], step=step, loop=line, start=saved[key])
                self.env[key] = self.table.make(key[3], info)
        return saved

    def _body_step(self, body: cindex.Cursor, key: Key) -> sympy.Expr | None:
        """The constant step of ``key`` per iteration when every assignment
        to it in the loop body is a constant step that runs with the body: a
        statement of the body or an expression inside one (``idx++;``,
        ``*q++ = *p++;``; not in a branch or a nested loop)."""
        statements = children(body) if body.kind == CK.COMPOUND_STMT else [body]
        steps = [step for statement in statements for part in evaluated_with(statement)
                 if (step := self._step_of(part, key)) is not None]
        if not steps or len(steps) != assignments_to(body, key):
            return None
        return sympy.Add(*steps)  # `out[k++] = a; out[k++] = b;` steps 2

    def _ids(self) -> LaunchIds:
        """The work-item ids a loop counter may start at, with the product
        of the ranges that ``work_items`` stands for in more than one
        dimension (:class:`LaunchIds`)."""
        return LaunchIds.of(self.table, self.id_dims, "range")

    def _step_of(self, increment: cindex.Cursor, key: Key) -> sympy.Expr | None:
        """:func:`counter_step` of ``increment`` with ``key`` read as a
        symbol of its own, so an assignment ``k = k + 3`` is a step only when
        it adds a constant whatever k holds (``k = 2 * k`` from k = 1 is not
        a step of 1)."""
        marker = sympy.Dummy("stepped", integer=True)
        held = self.env.get(key)
        self.env[key] = marker
        try:
            return counter_step(increment, key, self.value, marker,
                                lambda amount: not self.table.roles(amount) - {Role.PARAM, Role.MACRO})
        finally:
            if held is None:
                self.env.pop(key, None)
            else:
                self.env[key] = held

    def _leave(self, saved: dict[Key, sympy.Expr], loop: cindex.Cursor) -> None:
        """After a loop, what it assigned is unknown; a value read from
        memory or a pipe inside it stays data (a LOAD) after it."""
        assigned = self._assignments.below(loop)
        ending = self.env
        self.env = saved
        for key in sorted(assigned):
            if key in self.env:
                last = ending.get(key)
                data = last is not None and Role.LOAD in self.table.roles(last)
                role = Role.LOAD if data else Role.OPAQUE
                self.env[key] = self.table.make(key[3], SymbolInfo(role, f"{key[3]} (set by the loop at line"
                                                                         f" {loop.location.line})"))

    def _counter(self, init: cindex.Cursor) -> Key | None:
        """Run a ``for`` init clause; the counter it declares or assigns."""
        counter_key: Key | None = None
        if init.kind == CK.DECL_STMT:
            for declaration in children(init):
                if declaration.kind == CK.VAR_DECL:
                    self._declare(declaration)
                    counter_key = counter_key or declaration_key(declaration)
            return counter_key
        self.collect(init)
        operands = expression_children(strip(init))
        if operands and strip(operands[0]).kind == CK.DECL_REF_EXPR and strip(operands[0]).referenced:
            counter_key = declaration_key(strip(operands[0]).referenced)
        return counter_key

    def visit_FOR_STMT(self, cursor: cindex.Cursor) -> None:
        parts = children(cursor)
        line = cursor.location.line
        body = parts[-1] if parts else None
        init = condition = increment = None
        if len(parts) == 4:
            init, condition, increment = parts[:3]
        elif len(parts) == 3 and parts[0].kind == CK.DECL_STMT:
            init, condition = parts[:2]
        counter_key = self._counter(init) if init is not None else None
        start = self.env.get(counter_key) if counter_key is not None else None
        step: sympy.Expr | None = None
        geometric: Geometric | None = None
        if increment is not None and counter_key is not None and body is not None:
            step = self._step_of(increment, counter_key)
            if step is None:
                geometric = counter_factor(increment, counter_key, self.value)
            if counter_key in self._assignments.below(body):
                step = geometric = None
        unroll = unroll_above(self._lines_of(cursor), line)
        leaves = early_exit(body)
        header = counter_trip(counter_key, start, step, condition, self.value, self._text, geometric, self._ids())
        tested = sycl_counter_exit(counter_key, start, step, body, self.value, self._text, self.table)
        if tested is not None:
            header, leaves = fewer(header, tested), tested.other_exit
            self._counted_exits.add(hash(tested.test))
        trip = at_most(header, leaves)
        grid_step = dealt_step(step, start, self.table)
        if grid_step is not None:
            step = sympy.Integer(1)  # the counter counts rounds: i = start + rounds * work_items
        over_enclosing = averaged_over_enclosing(trip, self.loops)
        averaged = averaged_over_ids(over_enclosing, self._ids())
        info = counted_loop(self.table, counter_key[3] if counter_key is not None else None, step,
                            averaged, unroll, line, self._file(cursor), start)
        if over_enclosing is not trip:
            info.exact_trip = trip[0]  # a loop nested in it sums over this, not the average
        counter = info.counter
        info.geometric = geometric is not None
        info.end_line = cursor.extent.end.line
        info.nth = self._ordinals.nth(hash(cursor), info.file, line)
        info.coalesce = coalesce_above(self._lines_of(cursor), line)
        self.loop_infos[hash(cursor)] = info
        saved = self._carry(body, counter_key, line, increment) if body is not None else dict(self.env)
        if counter_key is not None and counter is not None:
            self.env[counter_key] = counter if grid_step is None or start is None else start + grid_step * counter
        if grid_step is None and geometric is None:
            write_in_counter(self.env, self.table, info)
        exits = exit_values(info, self.env, exact=grid_step is None and geometric is None and averaged is trip
                            and leaves is None)
        self.loops.append(info)
        self.collect(condition)
        if body is not None:
            self.visit(body)
        self.collect(increment)
        self.loops.pop()
        if body is not None:
            self._leave(saved, cursor)
        self.env.update(exits)

    def visit_WHILE_STMT(self, cursor: cindex.Cursor) -> None:
        parts = children(cursor)
        if len(parts) < 2:
            return
        condition, body = (parts[0], parts[1]) if cursor.kind == CK.WHILE_STMT else (parts[1], parts[0])
        line = cursor.location.line
        do_while = cursor.kind == CK.DO_STMT
        in_condition = self._stepped_condition(condition, body, do_while)
        counted = in_condition[0] if in_condition is not None else None
        saved = self._carry(body, None, line)  # the counter advances by its step every iteration
        stepped = self._stepped_in_body(condition, saved, line) if counted is None else None
        if stepped:
            counted = stepped
        reason = f"`{self._text(condition)}` is decided while the loop runs (data-dependent)"
        nth = self._ordinals.nth(hash(cursor), self._file(cursor), line)
        trip: sympy.Expr | None = data_trip(self.label, line, nth)
        count: sympy.Expr | None = None
        if counted is not None:
            ids = self._ids()
            count, why = at_most(fixed_per_launch(self.table, *averaged_over_ids(counted, ids)), early_exit(body))
            if count is not None:
                trip, reason = count, why
        info = LoopInfo("while" if cursor.kind == CK.WHILE_STMT else "do", line, self._file(cursor), None, None,
                        trip, reason, unroll_above(self._lines_of(cursor), line))
        if stepped:
            number_iterations(info, self.table, self.env)
        elif in_condition is not None and count is not None:
            # `while (i++ < n)`: i is the entry value plus a step per round;
            # the condition's own step (collected below) gives the body the
            # one it sees
            _counted, key, step = in_condition
            rounds = number_iterations(info, self.table, self.env)
            self.env[key] = sympy.expand(self.env[key] + step * rounds)
        info.end_line, info.nth = cursor.extent.end.line, nth
        info.coalesce = coalesce_above(self._lines_of(cursor), line)
        self.loop_infos[hash(cursor)] = info
        self.loops.append(info)
        if do_while:  # the body runs before the test
            self.visit(body)
            self.collect(condition)
        else:
            self.collect(condition)
            self.visit(body)
        self.loops.pop()
        self._leave(saved, cursor)

    visit_DO_STMT = visit_WHILE_STMT

    def _stepped_in_body(self, condition: cindex.Cursor, entry: dict[Key, sympy.Expr], line: int
                         ) -> tuple[sympy.Expr | None, str] | None:
        """``while (v < n) { ...; v += c; }`` / ``do { ...; v++; } while (v < n)``:
        the body steps ``v`` by a constant every iteration (``_carry`` gave
        it that step) and leaves the bound alone. Both forms run
        ceil((n - v0) / c) times from v's value on ``entry`` (a do-while at
        least once, as the count assumes)."""
        node = strip(condition)
        operands = [strip(operand) for operand in expression_children(node)]
        if node.kind != CK.BINARY_OPERATOR or len(operands) != 2:
            return None
        for side, other in ((operands[0], operands[1]), (operands[1], operands[0])):
            if side.kind != CK.DECL_REF_EXPR or side.referenced is None:
                continue
            key = declaration_key(side.referenced)
            info = self.table.info(self.env[key]) if key in self.env and key in entry else None
            if info is None or info.role is not Role.STATE or info.loop != line or info.step is None:
                continue
            moved = [symbol for symbol in self.table.of_role(self.value(other), Role.STATE)
                     if (held := self.table.info(symbol)) is not None and held.loop == line]
            if moved:
                continue  # the body moves the bound too
            return counter_trip(key, entry[key], info.step, condition, self.value, self._text,
                                ids=self._ids())
        return None

    def _stepped_condition(self, condition: cindex.Cursor, body: cindex.Cursor, do_while: bool
                           ) -> tuple[tuple[sympy.Expr | None, str], Key, sympy.Expr] | None:
        """The trip count (and why) of ``while (++v < n)`` / ``do ... while
        (v++ < n)``: the condition steps a local the body does not assign. A
        do-while runs its body once more than the condition holds. With the
        counter and its step."""
        node = strip(condition)
        operands = [strip(operand) for operand in expression_children(node)]
        if node.kind != CK.BINARY_OPERATOR or len(operands) != 2 or operands[0].kind != CK.UNARY_OPERATOR:
            return None
        op = binary_operator(node)
        stepped = unary_operator(operands[0])
        target = expression_children(operands[0])
        variable = strip(target[0]) if target else None
        if (stepped not in ("++", "--") or variable is None or variable.kind != CK.DECL_REF_EXPR
                or variable.referenced is None):
            return None
        key = declaration_key(variable.referenced)
        start = self.env.get(key)
        if start is None or key in self._assignments.below(body):
            return None
        why = f"`{self._text(condition)}` from {start}" + (", the body once before the first test" if do_while else "")
        step = sympy.Integer(1 if stepped == "++" else -1)
        counted = stepped_in_condition(op, start, self.value(operands[1]), step, unary_prefix(operands[0]),
                                       do_while, why)
        return counted, key, step

    def visit_CXX_FOR_RANGE_STMT(self, cursor: cindex.Cursor) -> None:
        parts = children(cursor)
        variable = next((child for child in parts if child.kind == CK.VAR_DECL), None)
        body = parts[-1] if parts else None
        range_expr = next((child for child in parts if child.kind != CK.VAR_DECL and child is not body), None)
        if variable is None or body is None or range_expr is None:
            return
        line = cursor.location.line
        self._collect_library(range_expr)  # the container itself is read first (begin/end)
        container = strip(range_expr)
        parts = expression_children(container)
        base = self.memory_of(parts[0]) if container.kind in (CK.CALL_EXPR, CK.ARRAY_SUBSCRIPT_EXPR) and parts else None
        space = base.memory.space if base is not None else "local"
        counter = self.table.make("k", SymbolInfo(Role.LOOP, f"element of {self._text(range_expr)}",
                                                  step=sympy.Integer(1), loop=line))
        reason = f"the number of elements of `{self._text(range_expr)}` is data (a container in memory)"
        nth = self._ordinals.nth(hash(cursor), self._file(cursor), line)
        info = LoopInfo("for", line, self._file(cursor), counter, sympy.Integer(1), data_trip(self.label, line, nth),
                        reason, unroll_above(self._lines_of(cursor), line))
        info.end_line, info.nth = cursor.extent.end.line, nth
        info.coalesce = coalesce_above(self._lines_of(cursor), line)
        self.loop_infos[hash(cursor)] = info
        element = pointee(variable.type)
        memory = Memory(self._text(range_expr), ElementType(type_name(element), type_size(element)), space)
        key = declaration_key(variable)
        saved = self._carry(body, None, line)
        self.loops.append(info)
        if variable.type.kind in (TK.LVALUEREFERENCE, TK.RVALUEREFERENCE):
            self.references[key] = Pointer(memory, counter)
        else:
            self._element_read(variable, memory, counter)
            self.env[key] = self.table.make(variable.spelling, SymbolInfo(Role.LOAD, variable.spelling))
        self.visit(body)
        self.loops.pop()
        self._leave(saved, cursor)
