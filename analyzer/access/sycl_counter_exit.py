"""A SYCL loop's ``if (i == n) break;``: :mod:`.counter_exit` on libclang cursors.

A oneAPI kernel written for run-time sizes under a fixed bound leaves the
same way a Vitis one does (``for (int i = 0; i < kMax; i++) { if (i == n)
break; ... }``); the count is the smaller of the header's and the test's,
read with the same rules (:func:`~.counter_exit.exit_trip`).
"""

from __future__ import annotations

import sympy
from clang import cindex

from hlsight.analyzer.access.c_symbols import SymbolTable
from hlsight.analyzer.access.counter_exit import RUN_ONCE_MORE, CounterExit, exit_trip
from hlsight.analyzer.access.sycl_clang import CK, Key, declaration_key, expression_children
from hlsight.analyzer.access.sycl_expressions import AssignedKeys
from hlsight.analyzer.access.sycl_loops import Text, Value, counter_comparison, early_exit
from hlsight.parsers.cxx.visitor import children


def _only_break(statement: cindex.Cursor) -> bool:
    """``break;`` or ``{ break; }``."""
    if statement.kind == CK.COMPOUND_STMT:
        inside = children(statement)
        return len(inside) == 1 and inside[0].kind == CK.BREAK_STMT
    return bool(statement.kind == CK.BREAK_STMT)


def _leaves(statement: cindex.Cursor) -> tuple[str, int] | None:
    """How ``statement`` may leave the loop it stands in (itself a ``break``,
    ``return`` or ``goto``, or one below it), as ``early_exit`` reads a body."""
    kinds = {CK.BREAK_STMT: "break", CK.RETURN_STMT: "return", CK.GOTO_STMT: "goto"}
    if statement.kind in kinds:
        return kinds[statement.kind], statement.location.line
    return early_exit(statement)


def sycl_counter_exit(
    key: Key | None, start: sympy.Expr | None, step: sympy.Expr | None, body: cindex.Cursor | None,
    value: Value, text: Text, table: SymbolTable,
) -> CounterExit[cindex.Cursor] | None:
    """The count an ``if (counter op bound) break;`` allows a SYCL ``for``
    loop, on the terms of :func:`~.counter_exit.counter_exit`."""
    if key is None or start is None or step is None or body is None or not step.is_number or step == 0:
        return None
    items = children(body) if body.kind == CK.COMPOUND_STMT else [body]
    tests = {index: parts[0] for index, item in enumerate(items) if item.kind == CK.IF_STMT
             and len(parts := children(item)) == 2 and _only_break(parts[1])}
    if not tests:
        return None  # the common loop: no walk of its body
    assigned = AssignedKeys().below(body)
    if key in assigned:
        return None
    for index, item in enumerate(items):
        tested = counter_comparison(key, tests[index]) if index in tests else None
        if tested is not None:
            return _exit_count(tested, item, start, step, value, text, table, items, index, assigned)
        if _leaves(item) is not None:
            return None
    return None


def _exit_count(
    tested: tuple[str, cindex.Cursor], test: cindex.Cursor, start: sympy.Expr, step: sympy.Expr, value: Value,
    text: Text, table: SymbolTable, items: list[cindex.Cursor], index: int, assigned: set[Key],
) -> CounterExit[cindex.Cursor] | None:
    """The count of :func:`sycl_counter_exit` once its test is found."""
    op, bound = tested
    if any(node.kind == CK.DECL_REF_EXPR and node.referenced is not None
           and declaration_key(node.referenced) in assigned for node in bound.walk_preorder()):
        return None
    why = f"`if ({text(children(test)[0])}) break;` at line {test.location.line}"
    counted = exit_trip(op, start, step, value(bound), text(bound), why, table)
    if counted is None:
        return None
    after = None
    for later in items[index + 1:]:
        after = _leaves(later)
        if after is not None:
            break
    trip, reason = counted
    if any(above.kind != CK.DECL_STMT or any(expression_children(decl) for decl in children(above))
           for above in items[:index]):
        reason += RUN_ONCE_MORE
    return CounterExit(trip, reason, after, test)
