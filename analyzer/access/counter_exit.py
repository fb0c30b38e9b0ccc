"""A ``break`` under a test of the loop's own counter: a second bound.

HLS code for run-time sizes keeps the synthesizable header bound and leaves
early, ``for (i = 0; i < CHECK; i++) { if (i == size_checks) break; ... }``
(a public Vitis 2025.1 min-sum decoder): the loop runs ``min(CHECK,
size_checks)`` iterations, a count fixed per launch once the argument is
given. Decision 27 reads any early exit as "at most the header's count",
which turned the estimate into its worst case at every size the user gives.
This module reads the one exit that is as countable as the header: an ``if``
whose only statement is ``break``, at the body's top level, ahead of any
other way out, testing the counter against a value fixed per launch. The
loop then runs while the test fails, a second header condition, and the
count is the smaller of the two; another exit after it still makes the
count an upper bound.
"""

from __future__ import annotations

from typing import Generic, NamedTuple, TypeVar

import sympy
from pycparser import c_ast

from hlsight.analyzer.access.c_symbols import SymbolTable, c_text, fixed_per_launch
from hlsight.analyzer.access.loop_shapes import assigned_in, body_items
from hlsight.analyzer.access.loops import Value, counter_comparison, early_exit, trip_from
from hlsight.parsers.csource.visitor import descendants

#: what a count says when statements stand above its exit test
RUN_ONCE_MORE = "; the statements above it run once more in the iteration that leaves, not counted"
#: the comparison the loop runs on while an exit test ``counter op bound``
#: fails, for an up-counting loop; ``==`` is ``<`` when the value lies at or
#: beyond the start, which the explanation says
_RUNS_WHILE_UP = {"==": "<", ">=": "<", ">": "<="}
#: the same for a down-counting loop
_RUNS_WHILE_DOWN = {"==": ">", "<=": ">", "<": ">="}


#: the exit test's ``if``: a pycparser node, or a libclang cursor (:mod:`.sycl_counter_exit`)
Test = TypeVar("Test")


class CounterExit(NamedTuple, Generic[Test]):
    """The count an exit test of the counter allows (``trip``, ``why``), the
    first other way out of the body after it (``None``: the count is exact),
    and the test's ``if`` (the statements after it are no branch arm: the
    count already stops before the test holds)."""

    trip: sympy.Expr
    why: str
    other_exit: tuple[str, int] | None
    test: Test


def _only_break(statement: c_ast.Node | None) -> bool:
    """``break;`` or ``{ break; }``."""
    if isinstance(statement, c_ast.Compound):
        items = statement.block_items or []
        return len(items) == 1 and isinstance(items[0], c_ast.Break)
    return isinstance(statement, c_ast.Break)


def _break_test(statement: c_ast.Node) -> c_ast.Node | None:
    """The test of ``if (test) break;`` (no ``else``), else ``None``."""
    if isinstance(statement, c_ast.If) and statement.iffalse is None and _only_break(statement.iftrue):
        return statement.cond
    return None


def counter_exit(
    name: str | None, start: sympy.Expr | None, step: sympy.Expr | None, body: c_ast.Node | None,
    value: Value, table: SymbolTable,
) -> CounterExit[c_ast.If] | None:
    """The count ``if (name op bound) break;`` allows a ``for`` loop whose
    counter ``name`` runs from ``start`` by the constant ``step``, when that
    statement is the body's first way out and ``bound`` is fixed per launch
    and not assigned in the body; ``None`` otherwise (the body's exits are
    then decision 27's). The iteration that takes the exit runs the
    statements above the test once more; they are not counted."""
    if name is None or start is None or step is None or body is None or not step.is_number or step == 0:
        return None
    items = body_items(body)
    tests = {index: test for index, item in enumerate(items) if (test := _break_test(item)) is not None}
    if not tests:
        return None  # the common loop: no walk of its body
    assigned = assigned_in(body)
    if name in assigned:
        return None
    for index, item in enumerate(items):
        tested = counter_comparison(name, tests[index]) if index in tests else None
        if tested is not None:
            assert isinstance(item, c_ast.If)
            return _exit_count(tested, item, start, step, value, table, items, index, set(assigned))
        if early_exit(item) is not None:
            return None
    return None


def _exit_count(
    tested: tuple[str, c_ast.Node], test: c_ast.If, start: sympy.Expr, step: sympy.Expr, value: Value,
    table: SymbolTable, items: list[c_ast.Node], index: int, assigned: set[str],
) -> CounterExit[c_ast.If] | None:
    """The count of :func:`counter_exit` once its test is found."""
    op, bound = tested
    if any(isinstance(node, c_ast.ID) and node.name in assigned for node in descendants(bound)):
        return None
    why = f"`if ({c_text(test.cond)}) break;` at line {test.coord.line if test.coord else 0}"
    counted = exit_trip(op, start, step, value(bound), c_text(bound), why, table)
    if counted is None:
        return None
    trip, reason = counted
    if any(not isinstance(above, c_ast.Decl) or above.init is not None for above in items[:index]):
        reason += RUN_ONCE_MORE
    return CounterExit(trip, reason, early_exit(c_ast.Compound(items[index + 1:])), test)


def exit_trip(op: str, start: sympy.Expr, step: sympy.Expr, value: sympy.Expr, bound_text: str, why: str,
              table: SymbolTable) -> tuple[sympy.Expr, str] | None:
    """The iterations a loop counting from ``start`` by the constant
    ``step`` runs before its exit test ``counter op bound`` holds, and why;
    ``None`` for a bound not fixed per launch (``value``: the bound where
    the test stands), a test that never holds counting this way, or an
    equality a step may jump (C and SYCL alike)."""
    runs_while = (_RUNS_WHILE_UP if step > 0 else _RUNS_WHILE_DOWN).get(op)
    if runs_while is None or (op == "==" and abs(step) != 1):
        return None
    bound, _ = fixed_per_launch(table, value, "")
    if bound is None:
        return None
    trip, reason = trip_from(runs_while, start, bound, step, why)
    if trip is None:
        return None
    if op == "==" and not trip.is_number:
        side = ">=" if step > 0 else "<="
        reason += f" (taking {bound_text} {side} {start}: a value the counter never meets ends nothing)"
    return trip, reason


def fewer(header: tuple[sympy.Expr | None, str], exit_count: CounterExit[Test]) -> tuple[sympy.Expr | None, str]:
    """The loop's count under both its header and its exit test: the
    smaller, ``min(header, exit)`` while either is symbolic."""
    count, reason = header
    if count is None:
        return exit_count.trip, exit_count.why
    if count.is_number and exit_count.trip.is_number:
        return (count, reason) if count <= exit_count.trip else (exit_count.trip, exit_count.why)
    return sympy.Min(count, exit_count.trip), f"the smaller of {reason} and {exit_count.why}"
