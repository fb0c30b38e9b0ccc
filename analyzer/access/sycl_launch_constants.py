"""Decision 65 for SYCL: sizes a kernel lambda reads from a captured buffer it never writes.

A single_task that reads its sizes from a USM pointer or a read accessor it
captures (``sizes[0]``, ``shape->rows``, ``*sizes``, ``acc[1]``) reads one
value per launch there, as an OpenCL kernel does from a ``__global``
argument it never writes (:mod:`.launch_constants`): the read is a launch
input named ``sizes_0``, ``shape_rows``, ``acc_1``. The captured pointer or
accessor must be used only as the base of such reads: stored through,
stepped, addressed, copied or handed to a call, it stays data.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import sympy
from clang import cindex

from hlsight.analyzer.access.sycl_clang import (
    CK,
    TK,
    TRANSPARENT,
    Key,
    binary_operator,
    call_name,
    declaration_key,
    expression_children,
    strip,
    unary_operator,
)
from hlsight.parsers.cxx.visitor import children

#: the operators that write the operand they are given
_WRITES = frozenset({"++", "--", "&"})


def read_only_captures(body: cindex.Cursor, captured: Callable[[cindex.Cursor], bool]) -> set[Key]:
    """The captured pointers and accessors (``captured(declaration)``: a
    host variable the lambda copies) that ``body`` only reads through."""
    seen: set[Key] = set()
    bad: set[Key] = set()
    for node, parents in _with_parents(body):
        declaration = node.referenced if node.kind == CK.DECL_REF_EXPR else None
        if declaration is None or not captured(declaration) or not _buffer_like(node.type):
            continue
        key = declaration_key(declaration)
        seen.add(key)
        read = _read_through(node, parents)
        if read is None or _written(read, parents[:len(parents) - _depth(read, parents)]):
            bad.add(key)
    return seen - bad


def _buffer_like(value_type: cindex.Type) -> bool:
    """A pointer, or a SYCL accessor (its subscript reads the buffer)."""
    return value_type.kind == TK.POINTER or "accessor" in value_type.get_canonical().spelling


def _with_parents(node: cindex.Cursor) -> Iterator[tuple[cindex.Cursor, list[cindex.Cursor]]]:
    stack: list[tuple[cindex.Cursor, list[cindex.Cursor]]] = [(node, [])]
    while stack:
        current, parents = stack.pop()
        yield current, parents
        inner = [*parents, current]
        stack.extend((child, inner) for child in children(current))


def _above(parents: list[cindex.Cursor]) -> cindex.Cursor | None:
    """The nearest of ``parents`` (outermost first) that is not a
    pass-through wrapper (an implicit conversion, parentheses, a cast)."""
    index = len(parents) - 1
    while index >= 0 and parents[index].kind in TRANSPARENT:
        index -= 1
    return parents[index] if index >= 0 else None


def _read_through(node: cindex.Cursor, parents: list[cindex.Cursor]) -> cindex.Cursor | None:
    """The read ``node`` (a captured pointer or accessor) is the base of:
    ``p[k]``, ``acc[k]``, ``*p`` or ``p->f``; ``None`` for any other use."""
    parent = _above(parents)
    if parent is None:
        return None
    operands = [strip(operand) for operand in expression_children(parent)]
    first = operands[0] if operands else None
    if parent.kind == CK.ARRAY_SUBSCRIPT_EXPR and first == node:
        return parent
    if parent.kind == CK.CALL_EXPR and call_name(parent) == "operator[]" and strip(children(parent)[0]) == node:
        return parent
    if parent.kind == CK.UNARY_OPERATOR and unary_operator(parent) == "*":
        return parent
    if parent.kind == CK.MEMBER_REF_EXPR and node.type.kind == TK.POINTER:
        return parent
    return None


def _depth(read: cindex.Cursor, parents: list[cindex.Cursor]) -> int:
    """How many of ``parents`` (the use's) lie at and below ``read``."""
    for index in range(len(parents) - 1, -1, -1):
        if parents[index] == read:
            return len(parents) - index
    return 0


def _written(read: cindex.Cursor, parents: list[cindex.Cursor]) -> bool:
    """Whether the read's place is assigned, stepped, addressed or handed to
    a call (which may write through a reference): the buffer may change."""
    parent = _above(parents)
    if parent is None:
        return False
    operands = [strip(operand) for operand in expression_children(parent)]
    if parent.kind in (CK.BINARY_OPERATOR, CK.COMPOUND_ASSIGNMENT_OPERATOR):
        assigns = parent.kind == CK.COMPOUND_ASSIGNMENT_OPERATOR or binary_operator(parent) == "="
        return assigns and bool(operands) and operands[0] == read
    if parent.kind == CK.UNARY_OPERATOR:
        return unary_operator(parent) in _WRITES
    if parent.kind == CK.CALL_EXPR:
        return call_name(parent) not in ("operator[]",)  # `f(p[0])` may take it by reference
    return False


def fixed_read(node: cindex.Cursor, captured: Callable[[cindex.Cursor], bool], read_only: Callable[[], set[Key]],
               value: Callable[[cindex.Cursor], sympy.Expr]) -> tuple[str, str, str] | None:
    """``(name, text, pointer)`` of a read at a fixed place of a read-only
    captured buffer (``sizes[0]``: ``sizes_0``; ``acc[1]``; ``*sizes``;
    ``shape->rows``: ``shape_rows``); ``None`` for any other expression.
    ``read_only()`` (the captured buffers only read through) is asked only
    for a read of that shape through a ``captured`` buffer: the scan behind
    it is skipped for a lambda that has none (most do), and no other
    index is evaluated here."""
    base, index_node, field = None, None, None
    operands = expression_children(node)
    if node.kind == CK.ARRAY_SUBSCRIPT_EXPR and len(operands) == 2:
        base, index_node = strip(operands[0]), operands[1]
    elif node.kind == CK.CALL_EXPR and call_name(node) == "operator[]":
        parts = children(node)
        base, index_node = strip(parts[0]), parts[-1] if len(parts) > 2 else None
    elif node.kind == CK.UNARY_OPERATOR and unary_operator(node) == "*" and operands:
        base = strip(operands[0])
    elif node.kind == CK.MEMBER_REF_EXPR and operands and operands[0].type.kind == TK.POINTER:
        base, field = strip(operands[0]), node.spelling
    if base is None or base.kind != CK.DECL_REF_EXPR or base.referenced is None:
        return None
    if not captured(base.referenced) or not _buffer_like(base.type):
        return None
    name = base.spelling
    index = sympy.Integer(0) if index_node is None else value(index_node)
    if field is None and not (isinstance(index, sympy.Integer) and index >= 0):
        return None
    if declaration_key(base.referenced) not in read_only():
        return None
    if field is not None:
        return f"{name}_{field}", f"{name}->{field}", name
    shown = f"*{name}" if index_node is None else f"{name}[{int(index)}]"
    return f"{name}_{int(index)}", shown, name
