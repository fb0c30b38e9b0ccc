"""How many times a SYCL loop runs, read off its cursors: the counter's step
(:func:`counter_step`), the trip count of the counter test
(:func:`counter_trip`, through :func:`~hlsight.analyzer.access.loops.trip_from`
like a C loop), the ``#pragma unroll`` above a loop (:func:`unroll_above`)
and the named symbol of a count only the data decides (:func:`data_trip`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import sympy
from clang import cindex

from hlsight.analyzer.access.loop_annotations import annotation_lines
from hlsight.analyzer.access.loops import (
    MIRROR,
    Geometric,
    LaunchIds,
    geometric_step,
    geometric_trip,
    is_grid_step,
    trip_from,
    uncounted,
    unknown_trip_symbol,
)
from hlsight.analyzer.access.sycl_clang import (
    CK,
    Key,
    binary_operator,
    declaration_key,
    expression_children,
    strip,
    unary_operator,
)

Value = Callable[[cindex.Cursor], sympy.Expr]
Text = Callable[[cindex.Cursor], str]

_UNROLL = re.compile(r"^\s*#\s*pragma\s+unroll(?:\s+(\w+))?")


def unroll_above(lines: list[str], line: int) -> int | None:
    """``#pragma unroll [N]`` on the lines above a loop at ``line`` (over
    comments, other pragmas and ``[[intel::...]]`` attributes): ``0`` for a
    full unroll, ``N``, or ``None`` (pipelined)."""
    for raw in annotation_lines(lines, line):
        match = _UNROLL.match(raw)
        if match:
            if match.group(1) is None:
                return 0
            try:
                return int(match.group(1), 0)
            except ValueError:
                return 0
    return None


def _is_counter(operand: cindex.Cursor, key: Key) -> bool:
    return operand.kind == CK.DECL_REF_EXPR and operand.referenced is not None and declaration_key(
        operand.referenced) == key


_LOOPS_AND_SWITCHES = (CK.FOR_STMT, CK.WHILE_STMT, CK.DO_STMT, CK.CXX_FOR_RANGE_STMT, CK.SWITCH_STMT)


def early_exit(body: cindex.Cursor | None) -> tuple[str, int] | None:
    """``("break", line)`` (or ``return``/``goto``) when a loop body can
    leave the loop before its count runs out (a nested loop's or switch's
    ``break`` is its own; a lambda's ``return`` is the lambda's)."""
    pending = [(child, False) for child in (body.get_children() if body is not None else [])]
    while pending:
        cursor, nested = pending.pop(0)
        kind = cursor.kind
        if (kind == CK.BREAK_STMT and not nested) or kind in (CK.RETURN_STMT, CK.GOTO_STMT):
            return {CK.BREAK_STMT: "break", CK.RETURN_STMT: "return"}.get(kind, "goto"), cursor.location.line
        if kind == CK.LAMBDA_EXPR:
            continue
        pending.extend((child, nested or kind in _LOOPS_AND_SWITCHES) for child in cursor.get_children())
    return None


def leaves_block(statement: cindex.Cursor) -> bool:
    """Whether ``statement`` always sends control out of the block it stands
    in (``continue``, ``break``, ``return``, ``goto``, or a block holding one
    at its top level), as :func:`hlsight.analyzer.access.loop_shapes.leaves_block`
    reads a C statement."""
    kind = statement.kind
    if kind in (CK.CONTINUE_STMT, CK.BREAK_STMT, CK.RETURN_STMT, CK.GOTO_STMT):
        return True
    return kind == CK.COMPOUND_STMT and any(leaves_block(child) for child in statement.get_children())


def evaluated_with(statement: cindex.Cursor) -> Iterator[cindex.Cursor]:
    """``statement`` and the expressions inside it that run every time it
    does (``p++`` in ``*q++ = *p++;``, a declaration's initialiser), not the
    arms of ``?:``, the right of ``&&``/``||``, nested statements or lambdas."""
    if statement.kind == CK.DECL_STMT:
        for declaration in expression_children(statement):
            yield from evaluated_with(declaration)
        return
    if statement.kind == CK.VAR_DECL:
        for part in expression_children(statement):
            yield from evaluated_with(part)
        return
    if not statement.kind.is_expression():
        return
    statement = strip(statement)  # once per expression, not again for its implicit-cast wrapper
    yield statement
    parts = expression_children(statement)
    if statement.kind == CK.CONDITIONAL_OPERATOR or (
            statement.kind == CK.BINARY_OPERATOR and binary_operator(statement) in ("&&", "||")):
        parts = parts[:1]
    for part in parts:
        yield from evaluated_with(part)


def assignments_to(node: cindex.Cursor, key: Key) -> int:
    """How many assignments and steps of ``key`` are written below ``node``."""
    count = 0
    for cursor in node.walk_preorder():
        if cursor.kind == CK.UNARY_OPERATOR:
            assigns = unary_operator(cursor) in ("++", "--")
        elif cursor.kind == CK.BINARY_OPERATOR:
            assigns = binary_operator(cursor) == "="
        else:
            assigns = cursor.kind == CK.COMPOUND_ASSIGNMENT_OPERATOR
        operands = expression_children(cursor) if assigns else []
        if operands and _is_counter(strip(operands[0]), key):
            count += 1
    return count


def counter_step(increment: cindex.Cursor, key: Key, value: Value,
                 marker: sympy.Symbol | None = None,
                 fixed: Callable[[sympy.Expr], bool] | None = None) -> sympy.Expr | None:
    """The constant step of ``i++``/``i--``/``i += c``/``i -= c`` on counter
    ``key`` (or ``i += it.get_global_range(0)``, a grid-stride loop's, and
    any amount ``fixed`` calls fixed per launch, ``i +=
    it.get_local_range(0)``, as the C walker takes them); with ``marker``,
    the symbol ``value`` reads ``key`` as, also ``i = i + c`` (``k =
    fpga_reg(k + 3)``: a register stage on the sum, step 3)."""
    node = strip(increment)
    operands = expression_children(node)
    if not operands:
        return None
    if not _is_counter(strip(operands[0]), key):
        return None
    if node.kind == CK.BINARY_OPERATOR and len(operands) == 2 and marker is not None \
            and binary_operator(node) == "=":
        advance = sympy.expand(value(operands[1]) - marker)
        return advance if advance.is_number else None
    if node.kind == CK.UNARY_OPERATOR:
        op = unary_operator(node)
        return sympy.Integer(1) if op == "++" else sympy.Integer(-1) if op == "--" else None
    if node.kind == CK.COMPOUND_ASSIGNMENT_OPERATOR and len(operands) == 2:
        amount = value(operands[1])
        op = binary_operator(node)
        if amount.is_number:
            return amount if op == "+=" else -amount if op == "-=" else None
        if op == "+=" and (is_grid_step(amount) or (fixed is not None and fixed(amount))):
            return amount
    return None


def counter_factor(increment: cindex.Cursor, key: Key, value: Value) -> Geometric | None:
    """``i <<= k``/``i >>= k``/``i *= c``/``i /= c`` on counter ``key``, as (factor, grows)."""
    node = strip(increment)
    operands = expression_children(node)
    if node.kind != CK.COMPOUND_ASSIGNMENT_OPERATOR or len(operands) != 2 or not _is_counter(strip(operands[0]), key):
        return None
    return geometric_step(binary_operator(node)[:-1], value(operands[1]))


def counter_comparison(key: Key, condition: cindex.Cursor) -> tuple[str, cindex.Cursor] | None:
    """``(op, bound)`` of a test written ``counter op bound``, mirrored where
    the counter stands on the right; ``None`` for any other expression (a
    loop's condition and a test that leaves it, :mod:`.sycl_counter_exit`)."""
    node = strip(condition)
    operands = [strip(operand) for operand in expression_children(node)]
    if node.kind != CK.BINARY_OPERATOR or len(operands) != 2:
        return None
    op = binary_operator(node)
    if _is_counter(operands[0], key):
        return op, operands[1]
    if _is_counter(operands[1], key):
        return MIRROR.get(op, op), operands[0]
    return None


def counter_trip(key: Key | None, start: sympy.Expr | None, step: sympy.Expr | None,
                 condition: cindex.Cursor | None, value: Value, text: Text,
                 geometric: Geometric | None = None, ids: LaunchIds | None = None) -> tuple[sympy.Expr | None, str]:
    """Trip count (and why) of a ``for`` loop whose counter ``key`` runs from
    ``start`` by ``step`` (or multiplied/divided, ``geometric``) while
    ``condition`` holds (``value`` converts the bound where the loop stands,
    ``text`` shows the condition; ``ids``: the work-item ids, as
    :func:`~hlsight.analyzer.access.loops.trip_from` takes them)."""
    missing = uncounted(key[3] if key is not None else None, start, step if geometric is None else sympy.Integer(1))
    if missing is not None:
        return None, missing
    assert key is not None and start is not None
    name = key[3]
    node = strip(condition) if condition is not None else None
    if node is None or node.kind != CK.BINARY_OPERATOR or len(expression_children(node)) != 2:
        return None, "the loop condition is not a comparison"
    compared = counter_comparison(key, node)
    if compared is None:
        return None, f"the condition `{text(node)}` does not compare `{name}`"
    op, bound = compared[0], value(compared[1])
    if geometric is not None:
        return geometric_trip(op, start, bound, geometric, f"`{text(node)}`")
    assert step is not None
    return trip_from(op, start, bound, step, f"`{text(node)}` from {start} step {step}", ids)


def data_trip(label: str, line: int, nth: int = 1) -> sympy.Symbol:
    """A trip count only the data decides: one named symbol, shared by the
    access counts and the report's loop (``--set trips_<label>_L<line>=``)."""
    return unknown_trip_symbol(label, line, nth)
