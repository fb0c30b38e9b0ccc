"""Walk one function in statement order and record every array access.

A small symbolic execution: local variables map to sympy values (through
``int gid = get_global_id(0); int idx = 3*gid + 1;``), loop counters and
variables carried across loop iterations become symbols with a step
(``x = (x + 16) & 255`` advances 16 per iteration), and every array access
is recorded with its index, element type, address space, enclosing loops
(with trip counts) and the conditions that guard it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sympy
from pycparser import c_ast

from hlsight.analyzer.access.c_symbols import (
    VARYING,
    ExprConverter,
    Role,
    SymbolInfo,
    SymbolTable,
    c_text,
    fixed_per_launch,
)
from hlsight.analyzer.access.ctypes_info import ElementType, address_space, array_dims, element_type, typedef_table
from hlsight.parsers.csource import CUnit


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

    @property
    def unrolled(self) -> bool:
        return self.unroll is not None and self.unroll != 1

    @property
    def lanes(self) -> sympy.Expr | None:
        if not self.unrolled:
            return None
        if self.unroll == 0:
            return self.trip_count
        return sympy.Integer(self.unroll) if self.unroll is not None else None


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

    def effective_tests(self) -> list[tuple[str, sympy.Expr, sympy.Expr]]:
        """Tests that hold whenever the guarded code runs."""
        if not self.negated:
            return list(self.tests)
        if self.complete and len(self.tests) == 1:
            op, left, right = self.tests[0]
            return [(_NEGATE[op], left, right)]
        return []

    @property
    def text(self) -> str:
        return ("!" if self.negated else "") + f"({c_text(self.condition)})"


@dataclass
class ArrayInfo:
    name: str
    element: ElementType
    space: str
    dims: list[sympy.Expr | None] = field(default_factory=list)


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


_ATOMIC_PREFIXES = ("atomic_", "atom_")


class FunctionWalker:
    """Record the accesses of one function definition of ``unit``."""

    def __init__(self, unit: CUnit, func: c_ast.FuncDef, source_lines: dict[str, list[str]]):
        self.unit = unit
        self.func = func
        self.name = func.decl.name
        self.lines = source_lines
        self.typedefs = typedef_table(unit.ast)
        self.table = SymbolTable()
        self.env: dict[str, sympy.Expr] = {}
        self.arrays: dict[str, ArrayInfo] = {}
        #: pointer locals into an array: name -> (array, element offset)
        self.aliases: dict[str, tuple[str, sympy.Expr]] = {}
        self.loops: list[LoopInfo] = []
        self.guards: list[Guard] = []
        self.blocks: list[int] = [0]
        self.sites: list[AccessSite] = []
        self.loop_infos: dict[int, LoopInfo] = {}
        self.converter = ExprConverter(self.table, self._lookup, self._inline)
        self._functions = {
            node.decl.name: node for node in unit.ast.ext if isinstance(node, c_ast.FuncDef)
        }
        self._inline_depth = 0

    # ------------------------------------------------------------------ setup

    def _line_text(self, coord: object) -> str:
        file = str(getattr(coord, "file", ""))
        line = int(getattr(coord, "line", 0) or 0)
        lines = self.lines.get(file) or []
        return lines[line - 1] if 0 < line <= len(lines) else ""

    def _declare_array(self, decl: c_ast.Decl, is_param: bool, file_scope: bool) -> bool:
        element = element_type(decl.type, self.typedefs)
        if element is None or decl.name is None:
            return False
        is_pointer = isinstance(decl.type, c_ast.PtrDecl)
        space = address_space(self._line_text(decl.coord), is_param, is_pointer, file_scope)
        dims = [None if dim is None else self.converter.convert(dim) for dim in array_dims(decl.type)]
        self.arrays[decl.name] = ArrayInfo(decl.name, element, space, dims)
        self.env.pop(decl.name, None)
        return True

    def run(self) -> list[AccessSite]:
        for node in self.unit.ast.ext:
            if isinstance(node, c_ast.Decl) and isinstance(node.type, c_ast.ArrayDecl | c_ast.PtrDecl):
                self._declare_array(node, is_param=False, file_scope=True)
        params = self.func.decl.type.args.params if self.func.decl.type.args is not None else []
        for param in params:
            if not isinstance(param, c_ast.Decl) or param.name is None:
                continue
            if not self._declare_array(param, is_param=True, file_scope=False):
                self.env[param.name] = self.table.named(param.name, SymbolInfo(Role.PARAM, param.name))
        self._statement(self.func.body)
        return self.sites

    # ------------------------------------------------------------------ expressions

    def _lookup(self, name: str) -> sympy.Expr | None:
        return self.env.get(name)

    def _inline(self, call: c_ast.FuncCall) -> sympy.Expr | None:
        """Inline ``f(args)`` when ``f`` is ``{ return expr; }`` (helpers in kernels)."""
        name = call.name.name if isinstance(call.name, c_ast.ID) else None
        target = self._functions.get(name or "")
        if target is None or self._inline_depth > 4:
            return None
        items = target.body.block_items or []
        if len(items) != 1 or not isinstance(items[0], c_ast.Return):
            return None
        params = target.decl.type.args.params if target.decl.type.args is not None else []
        args = call.args.exprs if call.args is not None else []
        if len(params) != len(args):
            return None
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

    # ------------------------------------------------------------------ accesses

    def _base_array(self, node: c_ast.Node) -> tuple[ArrayInfo | None, list[c_ast.Node]]:
        """Array and index list of ``a[i][j]`` (outermost index first)."""
        indices: list[c_ast.Node] = []
        while isinstance(node, c_ast.ArrayRef):
            indices.insert(0, node.subscript)
            node = node.name
        if isinstance(node, c_ast.ID):
            return self.arrays.get(node.name), indices
        if isinstance(node, c_ast.Cast) and isinstance(node.expr, c_ast.ID):
            base = self.arrays.get(node.expr.name)
            cast = element_type(node.to_type.type, self.typedefs)
            if base is not None and cast is not None:
                return ArrayInfo(base.name, cast, base.space), indices
        return None, indices

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
        info, indices = self._base_array(ref)
        for index in indices:
            self._collect(index)
        if info is None:
            return
        index_node = indices[-1] if len(indices) == 1 else None
        index_text = c_text(index_node) if index_node is not None else ", ".join(c_text(i) for i in indices)
        index = self._flat_index(info, indices)
        if info.name in self.aliases:
            base, offset = self.aliases[info.name]
            info = ArrayInfo(base, info.element, info.space)
            index = sympy.expand(index + offset)
        self._site(ref, info, index, index_text, kind)

    def _record_pointer(self, node: c_ast.Node, pointer: c_ast.Node, kind: str) -> bool:
        """``*p``, ``*(p + i)`` and ``p->field`` on a pointer (or alias of
        one): an access to element ``offset + i`` of the underlying array."""
        extra: c_ast.Node | None = None
        if isinstance(pointer, c_ast.BinaryOp) and pointer.op == "+" and isinstance(pointer.left, c_ast.ID):
            pointer, extra = pointer.left, pointer.right
        if not isinstance(pointer, c_ast.ID) or pointer.name not in self.arrays:
            return False
        self._collect(extra)
        info = self.arrays[pointer.name]
        index: sympy.Expr = self.value(extra) if extra is not None else sympy.Integer(0)
        if pointer.name in self.aliases:
            base, offset = self.aliases[pointer.name]
            info = ArrayInfo(base, info.element, info.space)
            index = sympy.expand(index + offset)
        if not self.table.roles(index) & VARYING:
            # `param->field` of a struct argument: loop-invariant, aoc hoists
            # or caches it; it is not the streaming access an LSU line shows
            return True
        self._site(node, info, index, c_text(extra) if extra is not None else "0", kind)
        return True

    def _site(self, ref: c_ast.Node, info: ArrayInfo, index: sympy.Expr, index_text: str, kind: str) -> None:
        coord = ref.coord
        self.sites.append(
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
                order=len(self.sites),
                table=self.table,
            )
        )

    def _collect(self, node: c_ast.Node | None, store: bool = False) -> None:
        """Record the accesses in expression ``node`` in evaluation order."""
        if node is None:
            return
        if isinstance(node, c_ast.ArrayRef):
            self._record(node, "store" if store else "load")
            return
        if isinstance(node, c_ast.UnaryOp) and node.op == "*":
            if not self._record_pointer(node, node.expr, "store" if store else "load"):
                self._collect(node.expr)
            return
        if isinstance(node, c_ast.StructRef) and node.type == "->":
            if not self._record_pointer(node, node.name, "store" if store else "load"):
                self._collect(node.name)
            return
        if isinstance(node, c_ast.Assignment):
            self._collect(node.rvalue)
            if node.op != "=":
                self._collect(node.lvalue)
            self._collect(node.lvalue, store=True)
            return
        if isinstance(node, c_ast.UnaryOp) and node.op in ("++", "--", "p++", "p--"):
            self._collect(node.expr)
            self._collect(node.expr, store=True)
            return
        if isinstance(node, c_ast.FuncCall):
            name = node.name.name if isinstance(node.name, c_ast.ID) else ""
            args = node.args.exprs if node.args is not None else []
            if name.startswith(_ATOMIC_PREFIXES) and args:
                target = args[0]
                if isinstance(target, c_ast.UnaryOp) and target.op == "&":
                    target = target.expr
                if isinstance(target, c_ast.ArrayRef):
                    for arg in args[1:]:
                        self._collect(arg)
                    self._record(target, "atomic")
                    return
            for arg in args:
                self._collect(arg)
            return
        if isinstance(node, c_ast.TernaryOp):
            self._collect(node.cond)
            line = node.coord.line if node.coord is not None else 0
            guard = self._guard(node.cond, False, line)
            self.guards.append(guard)
            self._collect(node.iftrue)
            self.guards[-1] = Guard(node.cond, True, line, guard.tests, guard.complete)
            self._collect(node.iffalse)
            self.guards.pop()
            return
        if isinstance(node, c_ast.UnaryOp) and node.op == "&":
            inner = node.expr
            while isinstance(inner, c_ast.ArrayRef):
                self._collect(inner.subscript)
                inner = inner.name
            return
        for _name, child in node.children():
            self._collect(child)

    # ------------------------------------------------------------------ statements

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

    def _effects(self, node: c_ast.Node | None) -> None:
        """Apply the side effects of an expression statement to ``env``."""
        if node is None:
            return
        if isinstance(node, c_ast.ExprList):
            for expr in node.exprs:
                self._effects(expr)
            return
        if isinstance(node, c_ast.Assignment) and isinstance(node.lvalue, c_ast.ID):
            value = self.value(node.rvalue)
            self._assign(node.lvalue.name, node.op, value)
            return
        increments = ("++", "--", "p++", "p--")
        if isinstance(node, c_ast.UnaryOp) and node.op in increments and isinstance(node.expr, c_ast.ID):
            self._assign(node.expr.name, "+=", sympy.Integer(1 if "+" in node.op else -1))

    def _statement(self, node: c_ast.Node | None) -> None:
        if node is None:
            return
        if isinstance(node, c_ast.Compound):
            self._compound(node)
        elif isinstance(node, c_ast.Decl):
            self._declaration(node)
        elif isinstance(node, c_ast.DeclList):
            for decl in node.decls:
                self._declaration(decl)
        elif isinstance(node, c_ast.For):
            self._for(node, None)
        elif isinstance(node, c_ast.While | c_ast.DoWhile):
            self._while(node, None)
        elif isinstance(node, c_ast.If):
            self._if(node)
        elif isinstance(node, c_ast.Label):
            self._statement(node.stmt)
        elif isinstance(node, c_ast.Switch):
            self._collect(node.cond)
            self._opaque_assigned(node.stmt)
            self._statement(node.stmt)
        elif isinstance(node, c_ast.Case | c_ast.Default):
            for stmt in node.stmts or []:
                self._statement(stmt)
        elif isinstance(node, c_ast.Return):
            self._collect(node.expr)
        elif isinstance(node, c_ast.Pragma | c_ast.Break | c_ast.Continue | c_ast.Goto | c_ast.EmptyStatement):
            return
        else:
            self._collect(node)
            self._effects(node)

    def _compound(self, node: c_ast.Compound) -> None:
        self.blocks.append(id(node))
        declared: dict[str, sympy.Expr | None] = {}
        arrays_before = dict(self.arrays)
        pragma: str | None = None
        for item in node.block_items or []:
            if isinstance(item, c_ast.Decl) and item.name is not None and item.name not in declared:
                declared[item.name] = self.env.get(item.name)
            if isinstance(item, c_ast.Pragma):
                pragma = item.string
                continue
            if isinstance(item, c_ast.For):
                self._for(item, pragma)
            elif isinstance(item, c_ast.While | c_ast.DoWhile):
                self._while(item, pragma)
            else:
                self._statement(item)
            pragma = None
        for name, previous in declared.items():
            if previous is None:
                self.env.pop(name, None)
            else:
                self.env[name] = previous
        self.arrays = arrays_before
        self.blocks.pop()

    def _declaration(self, decl: c_ast.Decl) -> None:
        if decl.name is None:
            return
        if isinstance(decl.type, c_ast.ArrayDecl | c_ast.PtrDecl):
            if isinstance(decl.init, c_ast.InitList):
                return
            self._collect(decl.init)
            self._declare_array(decl, is_param=False, file_scope=False)
            if isinstance(decl.type, c_ast.PtrDecl) and decl.init is not None:
                self._alias_pointer(decl)
            return
        if isinstance(decl.type, c_ast.FuncDecl):
            return
        self._collect(decl.init)
        if decl.init is None or isinstance(decl.init, c_ast.InitList):
            self.env[decl.name] = self.table.make(decl.name, SymbolInfo(Role.OPAQUE, f"{decl.name} (uninitialised)"))
        else:
            self.env[decl.name] = self.value(decl.init)

    def _alias_pointer(self, decl: c_ast.Decl) -> None:
        """``float *p = x + i;`` (or ``&x[i]``) makes ``p`` an alias of element
        ``i`` of ``x``: same address space, accesses through ``p`` are
        accesses to ``x``."""
        init = decl.init
        while isinstance(init, c_ast.Cast):
            init = init.expr
        offsets: list[c_ast.Node] = []
        if isinstance(init, c_ast.UnaryOp) and init.op == "&" and isinstance(init.expr, c_ast.ArrayRef):
            init, offsets = init.expr.name, [init.expr.subscript]
        # p = x + a + b: find the pointer among the terms of the sum
        while isinstance(init, c_ast.BinaryOp) and init.op == "+":
            if isinstance(init.right, c_ast.ID) and init.right.name in self.arrays:
                init, offsets = init.right, [*offsets, init.left]
            else:
                init, offsets = init.left, [*offsets, init.right]
        if not (isinstance(init, c_ast.ID) and init.name in self.arrays and decl.name in self.arrays):
            return
        source = self.arrays[init.name]
        self.arrays[decl.name] = ArrayInfo(decl.name, self.arrays[decl.name].element, source.space)
        base, base_offset = self.aliases.get(init.name, (init.name, sympy.Integer(0)))
        value = sympy.Add(*[self.value(offset) for offset in offsets])
        self.aliases[decl.name] = (base, sympy.expand(base_offset + value))

    def _guard(self, cond: c_ast.Node, negated: bool, line: int) -> Guard:
        """A guard with the comparisons of its ``&&`` chain converted now."""
        tests: list[tuple[str, sympy.Expr, sympy.Expr]] = []
        complete = True
        pending = [cond]
        while pending:
            part = pending.pop()
            if isinstance(part, c_ast.BinaryOp) and part.op == "&&":
                pending.extend([part.right, part.left])
            elif isinstance(part, c_ast.BinaryOp) and part.op in _NEGATE:
                tests.append((part.op, self.value(part.left), self.value(part.right)))
            else:
                complete = False
        return Guard(cond, negated, line, tests, complete)

    def _if(self, node: c_ast.If) -> None:
        self._collect(node.cond)
        line = node.coord.line if node.coord is not None else 0
        before = dict(self.env)
        guard = self._guard(node.cond, False, line)
        self.guards.append(guard)
        self._statement(node.iftrue)
        after_true = self.env
        self.env = dict(before)
        self.guards[-1] = Guard(node.cond, True, line, guard.tests, guard.complete)
        self._statement(node.iffalse)
        self.guards.pop()
        after_false = self.env
        merged = dict(before)
        for name in set(after_true) | set(after_false):
            a, b = after_true.get(name), after_false.get(name)
            if a is not None and b is not None and a == b:
                merged[name] = a
            elif name in before:
                text = f"{name} (set under the if at line {line})"
                merged[name] = self.table.make(name, SymbolInfo(Role.OPAQUE, text))
        self.env = merged

    # ------------------------------------------------------------------ loops

    def _assigned_in(self, node: c_ast.Node) -> dict[str, list[tuple[c_ast.Node, bool]]]:
        """Variables assigned inside ``node``: name -> [(statement, unconditional)].

        "Unconditional" means a direct statement of the loop body (not under
        an ``if`` or a nested loop), so it runs once per iteration.
        """
        found: dict[str, list[tuple[c_ast.Node, bool]]] = {}
        declared: set[str] = set()

        def visit(current: c_ast.Node, top: bool) -> None:
            if isinstance(current, c_ast.Decl) and current.name:
                declared.add(current.name)
            target: str | None = None
            if isinstance(current, c_ast.Assignment) and isinstance(current.lvalue, c_ast.ID):
                target = current.lvalue.name
            elif (
                isinstance(current, c_ast.UnaryOp)
                and current.op in ("++", "--", "p++", "p--")
                and isinstance(current.expr, c_ast.ID)
            ):
                target = current.expr.name
            if target is not None:
                found.setdefault(target, []).append((current, top))
            for _name, child in current.children():
                child_top = top and isinstance(current, c_ast.Compound | c_ast.ExprList)
                visit(child, child_top)

        if isinstance(node, c_ast.Compound):
            for item in node.block_items or []:
                visit(item, True)
        else:
            visit(node, True)
        return {name: stmts for name, stmts in found.items() if name not in declared}

    def _update_step(self, name: str, stmt: c_ast.Node) -> tuple[sympy.Expr | None, sympy.Expr | None]:
        """Step (and modulus) of ``v++``, ``v += c``, ``v = v + c``, ``v = (v + c) & (M-1)``."""
        if isinstance(stmt, c_ast.UnaryOp):
            return sympy.Integer(1 if "+" in stmt.op else -1), None
        if not isinstance(stmt, c_ast.Assignment):
            return None, None
        probe = SymbolTable()
        marker = sympy.Symbol("__v", integer=True)
        converter = ExprConverter(probe, lambda n: marker if n == name else self.env.get(n), lambda _c: None)
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
        return step, modulus

    def _mark_loop_carried(
        self, body: c_ast.Node, extra: c_ast.Node | None, skip: str | None, line: int
    ) -> dict[str, sympy.Expr]:
        """Turn variables assigned in a loop into STATE symbols; return their entry values."""
        assigned = self._assigned_in(body)
        if extra is not None:
            for name, stmts in self._assigned_in(extra).items():
                assigned.setdefault(name, []).extend(stmts)
        entry: dict[str, sympy.Expr] = {}
        for name, stmts in assigned.items():
            if name == skip or name not in self.env:
                continue
            entry[name] = self.env[name]
            step: sympy.Expr | None = None
            period: sympy.Expr | None = None
            conditional = True
            if len(stmts) == 1 and stmts[0][1]:
                step, period = self._update_step(name, stmts[0][0])
                conditional = step is None
            cycle = self._cycle(name, body) if conditional else None
            self.env[name] = self.table.make(
                name,
                SymbolInfo(Role.STATE, name, step=step, period=period, conditional=conditional, loop=line, cycle=cycle),
            )
        return entry

    def _cycle(self, name: str, body: c_ast.Node) -> sympy.Expr | None:
        """Number of values a row counter cycles through, or ``None``.

        Recognises the two shapes the Rodinia FPGA kernels use::

            y++; if (y == K) y = 0;          // values 0..K-1: cycle K
            if (y == K) y = 0; else y++;     // values 0..K:   cycle K+1

        (possibly nested under another test such as ``if (x == 0)``). Every
        value is then held for the same number of iterations, so a guard
        ``y == c`` holds in 1/cycle of them.
        """
        increments: list[list[tuple[c_ast.If, bool]]] = []
        resets: list[list[tuple[c_ast.If, bool]]] = []
        other = False

        def visit(node: c_ast.Node, path: list[tuple[c_ast.If, bool]]) -> None:
            nonlocal other
            if isinstance(node, c_ast.If):
                visit(node.cond, path)
                if node.iftrue is not None:
                    visit(node.iftrue, [*path, (node, True)])
                if node.iffalse is not None:
                    visit(node.iffalse, [*path, (node, False)])
                return
            kind = _counter_update(node, name)
            if kind == "increment":
                increments.append(path)
            elif kind == "reset":
                resets.append(path)
            elif kind == "other":
                other = True
            for _child_name, child in node.children():
                visit(child, path)

        visit(body, [])
        if other or len(increments) != 1 or len(resets) != 1 or not resets[0]:
            return None
        reset_if, reset_branch = resets[0][-1]
        cond = reset_if.cond
        if not reset_branch or not isinstance(cond, c_ast.BinaryOp) or cond.op != "==":
            return None
        if isinstance(cond.left, c_ast.ID) and cond.left.name == name:
            bound_node = cond.right
        elif isinstance(cond.right, c_ast.ID) and cond.right.name == name:
            bound_node = cond.left
        else:
            return None
        bound = self.value(bound_node)
        if self.table.roles(bound) - {Role.PARAM, Role.MACRO}:
            return None
        increment = increments[0]
        if increment == resets[0][:-1]:
            return bound  # increment, then reset at K: values 0..K-1
        if increment == [*resets[0][:-1], (reset_if, False)]:
            return bound + 1  # reset at K, else increment: values 0..K
        return None

    def _opaque_assigned(self, node: c_ast.Node) -> None:
        for name in self._assigned_in(node):
            if name in self.env:
                self.env[name] = self.table.make(name, SymbolInfo(Role.OPAQUE, name))

    @staticmethod
    def _unroll(pragma: str | None) -> int | None:
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

    def _for_counter(self, node: c_ast.For) -> tuple[str | None, sympy.Expr | None]:
        """Counter variable and its initial value from ``for (int i = a; ...)``."""
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
                    return side.name, None if start is None else self.value(start)
                no_init = isinstance(init, c_ast.EmptyStatement | type(None))
                if isinstance(side, c_ast.ID) and no_init and side.name in self.env:
                    return side.name, self.env[side.name]
        if len(names) == 1:
            name, start = next(iter(names.items()))
            return name, None if start is None else self.value(start)
        return None, None

    def _for(self, node: c_ast.For, pragma: str | None) -> None:
        line = node.coord.line if node.coord is not None else 0
        file = str(node.coord.file) if node.coord is not None else ""
        if isinstance(node.init, c_ast.DeclList):
            for decl in node.init.decls:
                self._collect(decl.init)
        else:
            self._collect(node.init)
        counter_name, start = self._for_counter(node)
        # initialise every variable of the init clause (for (i = 0, y = 0; ...))
        if isinstance(node.init, c_ast.DeclList):
            for decl in node.init.decls:
                if decl.name != counter_name:
                    self._declaration(decl)
        elif node.init is not None and not isinstance(node.init, c_ast.DeclList):
            self._effects(node.init)
        step: sympy.Expr | None = None
        if counter_name is not None and node.next is not None:
            updates = self._assigned_in(node.next).get(counter_name, [])
            in_body = self._assigned_in(node.stmt).get(counter_name, [])
            if len(updates) == 1 and not in_body:
                step, _modulus = self._update_step(counter_name, updates[0][0])
        unroll = self._unroll(pragma)
        saved_env = dict(self.env)
        trip, reason = self._trip_count(counter_name, start, step, node.cond)
        trip, reason = self._launch_fixed(trip, reason)
        if unroll == 0 and (trip is None or not trip.is_number):
            # aoc cannot fully unroll a loop whose trip count is not a constant: it stays a loop
            unroll = None
        role = Role.LANE if unroll is not None and unroll != 1 else Role.LOOP
        counter = None
        if counter_name is not None:
            counter = self.table.make(counter_name, SymbolInfo(role, counter_name, step=step, loop=line))
        info = LoopInfo("for", line, file, counter, step, trip, reason, unroll)
        self.loop_infos[id(node)] = info
        self._mark_loop_carried(node.stmt, node.next, counter_name, line)
        if counter_name is not None and counter is not None:
            self.env[counter_name] = counter
        self.loops.append(info)
        self._collect(node.cond)
        self._statement(node.stmt)
        self._collect(node.next)
        self.loops.pop()
        self._leave_loop(saved_env, node)

    def _leave_loop(self, saved_env: dict[str, sympy.Expr], node: c_ast.Node) -> None:
        """After a loop, variables it assigned hold unknown values."""
        assigned = self._assigned_in(node)
        self.env = saved_env
        for name in assigned:
            if name in self.env:
                self.env[name] = self.table.make(name, SymbolInfo(Role.OPAQUE, f"{name} (after the loop)"))

    def _while(self, node: c_ast.While | c_ast.DoWhile, pragma: str | None) -> None:
        line = node.coord.line if node.coord is not None else 0
        file = str(node.coord.file) if node.coord is not None else ""
        saved_env = dict(self.env)
        entry = self._mark_loop_carried(node.stmt, None, None, line)
        counter: sympy.Symbol | None = None
        step: sympy.Expr | None = None
        trip: sympy.Expr | None = None
        reason = f"the condition `{c_text(node.cond)}` is not a counter test"
        cond = node.cond
        if isinstance(cond, c_ast.BinaryOp):
            for side, other in ((cond.left, cond.right), (cond.right, cond.left)):
                if not isinstance(side, c_ast.ID):
                    continue
                symbol = self.env.get(side.name)
                info = self.table.info(symbol) if symbol is not None else None
                if info is None or info.role is not Role.STATE or info.step is None or info.conditional:
                    continue
                counter = symbol if isinstance(symbol, sympy.Symbol) else None
                step = info.step
                bound = self.value(other)
                start = entry.get(side.name)
                op = cond.op if side is cond.left else _MIRROR.get(cond.op, cond.op)
                why = f"`{c_text(cond)}` with `{side.name}` stepping by {step}"
                trip, reason = _trip_from(op, start, bound, step, why)
                break
        trip, reason = self._launch_fixed(trip, reason)
        kind = "while" if isinstance(node, c_ast.While) else "do"
        info_loop = LoopInfo(kind, line, file, counter, step, trip, reason, self._unroll(pragma))
        self.loop_infos[id(node)] = info_loop
        self.loops.append(info_loop)
        self._collect(node.cond)
        self._statement(node.stmt)
        self.loops.pop()
        self._leave_loop(saved_env, node)

    def _launch_fixed(self, trip: sympy.Expr | None, reason: str) -> tuple[sympy.Expr | None, str]:
        """See :func:`fixed_per_launch`."""
        return fixed_per_launch(self.table, trip, reason)

    def _trip_count(
        self, name: str | None, start: sympy.Expr | None, step: sympy.Expr | None, cond: c_ast.Node | None
    ) -> tuple[sympy.Expr | None, str]:
        if name is None:
            return None, "no loop counter found"
        if start is None:
            return None, f"`{name}` has no initial value"
        if step is None:
            return None, f"`{name}` does not change by a constant every iteration"
        if not isinstance(cond, c_ast.BinaryOp):
            return None, "the loop condition is not a comparison"
        if isinstance(cond.left, c_ast.ID) and cond.left.name == name:
            op, bound = cond.op, self.value(cond.right)
        elif isinstance(cond.right, c_ast.ID) and cond.right.name == name:
            op, bound = _MIRROR.get(cond.op, cond.op), self.value(cond.left)
        else:
            return None, f"the condition `{c_text(cond)}` does not compare `{name}`"
        return _trip_from(op, start, bound, step, f"`{c_text(cond)}` from {start} step {step}")


_MIRROR = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "!=": "!=", "==": "=="}
_NEGATE = {"<": ">=", ">=": "<", ">": "<=", "<=": ">", "==": "!=", "!=": "=="}


def _counter_update(node: c_ast.Node, name: str) -> str | None:
    """``"increment"`` (``y++``, ``y += 1``, ``y = y + 1``), ``"reset"``
    (``y = 0``), ``"other"`` for any other assignment to ``name``."""
    if isinstance(node, c_ast.UnaryOp) and node.op in ("++", "p++") and isinstance(node.expr, c_ast.ID):
        return "increment" if node.expr.name == name else None
    if isinstance(node, c_ast.UnaryOp) and node.op in ("--", "p--") and isinstance(node.expr, c_ast.ID):
        return "other" if node.expr.name == name else None
    if not isinstance(node, c_ast.Assignment) or not isinstance(node.lvalue, c_ast.ID) or node.lvalue.name != name:
        return None
    value = node.rvalue
    if node.op == "+=" and isinstance(value, c_ast.Constant) and value.value == "1":
        return "increment"
    if node.op == "=" and isinstance(value, c_ast.Constant) and value.value == "0":
        return "reset"
    if (
        node.op == "="
        and isinstance(value, c_ast.BinaryOp)
        and value.op == "+"
        and isinstance(value.left, c_ast.ID)
        and value.left.name == name
        and isinstance(value.right, c_ast.Constant)
        and value.right.value == "1"
    ):
        return "increment"
    return "other"


def _trip_from(
    op: str, start: sympy.Expr | None, bound: sympy.Expr, step: sympy.Expr, why: str
) -> tuple[sympy.Expr | None, str]:
    """Trip count of ``v op bound`` with ``v`` from ``start`` by ``step``.

    ``<``: ceil((bound - start) / step); ``<=``: floor((bound - start) / step) + 1;
    mirrored for down-counting loops; ``!=`` needs an exact multiple. The
    result assumes the loop runs at least once (symbolic bounds are not
    clamped at zero; the explanation says so).
    """
    if start is None:
        return None, "the counter has no initial value"
    if not step.is_number or step == 0:
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
    if trip.is_number and trip < 0:
        trip = sympy.Integer(0)
    return trip, why


def walk_function(unit: CUnit, func: c_ast.FuncDef, source_lines: dict[str, list[str]]) -> FunctionWalker:
    """Run the walker over ``func``; the walker keeps sites and loop infos."""
    walker = FunctionWalker(unit, func, source_lines)
    walker.run()
    return walker
