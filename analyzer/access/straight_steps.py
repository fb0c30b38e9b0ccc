"""The step of a variable a loop body updates in straight-line code, read by
running the body's statements in order (docs/model.md decision 44).

:func:`hlsight.analyzer.access.loops.update_step` reads one update at a
time, and a body temporary only when the variable is updated once: with two
updates a temporary may hold the value between them (``int a = v; v = v +
1; v = a + 5;`` steps 5, not 6), so such a variable kept no step. Running the
body's top-level statements in their order, each declaration and assignment
on the values the earlier ones left, gives the step exactly: v is a symbol at
the top of the iteration, ``a`` holds that symbol, ``v + 1`` then ``a + 5``
is v + 5. The step is taken only when it is a constant and nothing the walk
cannot see could change it: an update of the variable inside a branch, a
nested block or loop, or an expression with other effects gives up; a body
that can leave an iteration early (``continue``, ``break``, ``return``,
``goto``) gives up; a name assigned anywhere else in the loop is unknown
wherever it is read.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

import sympy
from pycparser import c_ast

from hlsight.analyzer.access.c_symbols import ExprConverter, Role, SymbolInfo, SymbolTable
from hlsight.analyzer.access.loops import assigned_in, declared_names
from hlsight.parsers.csource.visitor import NodeVisitor

__all__ = ["straight_line_step"]

_STEPS = {"++": 1, "p++": 1, "--": -1, "p--": -1}


class _Leaves(NodeVisitor):
    """Whether a statement can end the iteration early (or holds a label to jump to)."""

    def __init__(self) -> None:
        self.found = False

    def visit_Continue(self, node: c_ast.Continue) -> None:
        self.found = True

    def visit_Break(self, node: c_ast.Break) -> None:
        self.found = True

    def visit_Return(self, node: c_ast.Return) -> None:
        self.found = True

    def visit_Goto(self, node: c_ast.Goto) -> None:
        self.found = True

    def visit_Label(self, node: c_ast.Label) -> None:
        self.found = True


def straight_line_step(name: str, body: c_ast.Node, env: Mapping[str, sympy.Expr], varying: Collection[str],
                       multi_dimensional: bool = False) -> sympy.Expr | None:
    """The constant amount ``name`` moves per run of ``body`` (a loop body),
    or ``None`` when the body's top-level statements do not fix it.

    ``env``: the values at the loop's entry, read only for names the loop
    does not change; ``varying``: the names the loop assigns (the body, its
    counter update), unknown when read unless the walk set them first."""
    items = (body.block_items or []) if isinstance(body, c_ast.Compound) else [body]
    leaves = _Leaves()
    leaves.visit(body)
    if leaves.found:
        return None
    declared = set(declared_names(body))
    probe = SymbolTable()
    marker = sympy.Symbol("__v", integer=True)
    values: dict[str, sympy.Expr] = {name: marker}

    def unknown(text: str) -> sympy.Expr:
        return probe.make(text, SymbolInfo(Role.OPAQUE, text))

    def lookup(other: str) -> sympy.Expr | None:
        if other in values:
            return values[other]
        if other in declared or other in varying:
            return unknown(other)
        return env.get(other)

    converter = ExprConverter(probe, lookup, lambda _call: None)
    converter.multi_dimensional = multi_dimensional
    for item in items:
        effects = assigned_in(item)
        if isinstance(item, c_ast.Decl | c_ast.DeclList) and not effects:
            for decl in item.decls if isinstance(item, c_ast.DeclList) else [item]:
                if decl.name is not None:
                    scalar = isinstance(decl.type, c_ast.TypeDecl) and decl.init is not None \
                        and not isinstance(decl.init, c_ast.InitList)
                    values[decl.name] = converter.convert(decl.init) if scalar else unknown(decl.name)
        elif isinstance(item, c_ast.Assignment) and isinstance(item.lvalue, c_ast.ID) \
                and not assigned_in(item.rvalue) and item.op in ("=", "+=", "-="):
            target = item.lvalue.name
            amount = converter.convert(item.rvalue)
            if item.op == "=":
                values[target] = amount
            else:
                current = lookup(target)
                held = current if current is not None else unknown(target)
                values[target] = held + (amount if item.op == "+=" else -amount)
        elif isinstance(item, c_ast.UnaryOp) and item.op in _STEPS and isinstance(item.expr, c_ast.ID):
            target = item.expr.name
            current = lookup(target)
            values[target] = (current if current is not None else unknown(target)) + _STEPS[item.op]
        elif name in effects:
            return None  # updated where the walk does not follow: inside a branch, a block, an expression
        else:
            for other in effects:
                values[other] = unknown(other)
    step = sympy.expand(values[name] - marker)
    return step if step.is_number else None
