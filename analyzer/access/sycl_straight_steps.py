"""The step of a variable a SYCL loop body updates through temporaries,
read by the same in-order run as a C loop body's
(:func:`hlsight.analyzer.access.straight_steps.step_in_order`; decisions 40
and 44).

The SYCL walker read a loop-carried variable's step only from updates that
add a constant to it directly (``idx++``, ``k += 4``, ``k = k + 3``), so
``int t = addr; ... int next = t + 1; addr = next;``, ``int a = v; v = v +
1; v = a + 5;`` or ``float *next = p + 4; p = next;`` in a lambda left the
variable, and every index through it, "not affine" where the same OpenCL C
body has a stride. Here the body's top-level statements become the shared
run's statements (a declaration with its initialiser, ``=``/``+=``/``-=``,
``++``/``--``, anything else by the variables it changes), and each
expression is evaluated by the walker itself on the run's values, with its
symbols made in the run's own table (the walk's numbering does not move).

A pointer is its element offset (as in the walk); a pointer expression
holding a cast the user wrote is not read (its units may differ: decision
44), nor a body that can leave an iteration early (``continue``, ``break``,
``return``, ``goto``), as for C.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import sympy
from clang import cindex

from hlsight.analyzer.access.c_symbols import Role, SymbolInfo, SymbolTable
from hlsight.analyzer.access.straight_steps import Assign, Declare, Effects, Lookup, Statement, Step, step_in_order
from hlsight.analyzer.access.sycl_clang import (
    CK,
    EXPLICIT_CASTS,
    TK,
    Key,
    binary_operator,
    declaration_key,
    expression_children,
    strip,
    unary_operator,
)
from hlsight.analyzer.access.sycl_loops import early_exit
from hlsight.parsers.cxx.visitor import children

if TYPE_CHECKING:
    from hlsight.analyzer.access.sycl_loop_walker import SyclLoopWalker

#: declarations whose value the run can hold: numbers and pointers (as element offsets)
_SCALARS = {TK.BOOL, TK.CHAR_S, TK.CHAR_U, TK.SCHAR, TK.UCHAR, TK.SHORT, TK.USHORT, TK.INT, TK.UINT, TK.LONG,
            TK.ULONG, TK.LONGLONG, TK.ULONGLONG, TK.ENUM, TK.POINTER}
_COMPOUND = {"+=": "+=", "-=": "-="}


def _leaves_early(body: cindex.Cursor) -> bool:
    """Whether an iteration can end before the body's last statement (a
    ``continue`` or a label anywhere in it, as the C reading counts them)."""
    if early_exit(body) is not None:
        return True
    return any(cursor.kind in (CK.CONTINUE_STMT, CK.LABEL_STMT) for cursor in body.walk_preorder())


def _referenced(node: cindex.Cursor) -> Iterator[Key]:
    for cursor in node.walk_preorder():
        if cursor.kind == CK.DECL_REF_EXPR and cursor.referenced is not None:
            yield declaration_key(cursor.referenced)


def _target(node: cindex.Cursor) -> Key | None:
    target = strip(node)
    if target.kind == CK.DECL_REF_EXPR and target.referenced is not None:
        return declaration_key(target.referenced)
    return None


class _Reader:
    """The statements of one SYCL loop body, and the value of an expression
    in them, for :func:`step_in_order`."""

    def __init__(self, walker: SyclLoopWalker) -> None:
        self.walker = walker

    def changed(self, node: cindex.Cursor) -> frozenset[Key]:
        return frozenset(self.walker._assignments.below(node))

    def statement(self, node: cindex.Cursor) -> list[Statement[Key, cindex.Cursor]]:
        if node.kind == CK.DECL_STMT:
            declarations = [child for child in children(node) if child.kind == CK.VAR_DECL]
            if self.changed(node) or not declarations:
                return [Effects(self.changed(node))]
            out: list[Statement[Key, cindex.Cursor]] = []
            for declaration in declarations:
                parts = expression_children(declaration)
                scalar = declaration.type.get_canonical().kind in _SCALARS and bool(parts)
                out.append(Declare(declaration_key(declaration), parts[-1] if scalar else None))
            return out
        expression = strip(node) if node.kind.is_expression() else node
        operands = expression_children(expression)
        if expression.kind in (CK.BINARY_OPERATOR, CK.COMPOUND_ASSIGNMENT_OPERATOR) and len(operands) == 2:
            op = binary_operator(expression)
            target = _target(operands[0])
            plain = op == "=" if expression.kind == CK.BINARY_OPERATOR else op in _COMPOUND
            if target is not None and plain and not self.changed(operands[1]):
                return [Assign(target, op, operands[1])]
        if expression.kind == CK.UNARY_OPERATOR and len(operands) == 1:
            op = unary_operator(expression)
            target = _target(operands[0])
            if target is not None and op in ("++", "--"):
                return [Step(target, 1 if op == "++" else -1)]
        return [Effects(self.changed(node))]

    def evaluate(self, node: cindex.Cursor, lookup: Lookup[Key], probe: SymbolTable) -> sympy.Expr:
        """``node``'s value with each variable it reads as ``lookup`` gives
        it, evaluated by the walker (its environment and symbol table
        swapped for the run's while it does)."""
        walker = self.walker
        if strip(node).type.get_canonical().kind == TK.POINTER and any(
                cursor.kind in EXPLICIT_CASTS for cursor in node.walk_preorder()):
            return probe.make("cast_pointer", SymbolInfo(Role.OPAQUE, "a pointer through a cast"))
        scratch = dict(walker.env)
        for key in set(_referenced(node)):
            value = lookup(key)
            if value is None:
                scratch.pop(key, None)
            else:
                scratch[key] = value
        env, table = walker.env, walker.table
        walker.env, walker.table = scratch, probe
        try:
            return walker.value(node)
        finally:
            walker.env, walker.table = env, table


def sycl_straight_line_step(walker: SyclLoopWalker, body: cindex.Cursor, key: Key,
                            loop_changes: frozenset[Key]) -> sympy.Expr | None:
    """The constant amount ``key`` moves per run of the SYCL loop body
    ``body``, read as :func:`~hlsight.analyzer.access.straight_steps.straight_line_step`
    reads a C body, or ``None``. ``loop_changes``: what the loop assigns
    (its body, its counter), unknown where read before the run sets it."""
    if _leaves_early(body):
        return None
    reader = _Reader(walker)
    items = children(body) if body.kind == CK.COMPOUND_STMT else [body]
    statements = [statement for item in items for statement in reader.statement(item)]
    declared = {declaration_key(cursor) for cursor in body.walk_preorder() if cursor.kind == CK.VAR_DECL}
    return step_in_order(key, statements, reader.evaluate, walker.env, {*declared, *loop_changes},
                         lambda other: other[3])
