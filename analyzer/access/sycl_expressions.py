"""The expression walks of the SYCL walker beside its values
(:mod:`~hlsight.analyzer.access.sycl_values`), one cursor visitor each.

* :class:`SyclPointers`: the memory object (and element offset) a pointer
  expression points into;
* :class:`SyclAccesses`: the memory accesses of an expression in evaluation
  order (an assignment's target is a store, everything else a load) and
  their assignments;
* :class:`AssignedKeys`: the local variables a statement assigns (loop-carried
  values), remembered per compound statement because nested loops ask for
  the same bodies again.

Each visitor dispatches on the cursor kind under implicit conversions and
parentheses (:func:`strip`) and leaves the state (environment, loops) to
:class:`~hlsight.analyzer.access.sycl_loop_walker.SyclLoopWalker` and the
recording of accesses to its hooks (what
:class:`~hlsight.analyzer.access.sycl_walker.SyclAccessWalker` records).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import sympy
from clang import cindex

from hlsight.analyzer.access.sycl_clang import (
    CK,
    EXPLICIT_CASTS,
    Key,
    binary_operator,
    call_arguments,
    call_name,
    declaration_key,
    expression_children,
    strip,
    unary_operator,
    unary_prefix,
)
from hlsight.analyzer.access.sycl_memory import Pointer, recast
from hlsight.parsers.cxx.visitor import CursorVisitor, children

if TYPE_CHECKING:
    from hlsight.analyzer.access.sycl_loop_walker import SyclLoopWalker


class SyclPointers(CursorVisitor):
    """The :class:`Pointer` a (stripped) expression evaluates to, or ``None``."""

    def __init__(self, walker: SyclLoopWalker) -> None:
        self.walker = walker

    def pointer(self, node: cindex.Cursor) -> Pointer | None:
        """Where ``node`` points. A cast the user wrote counts wherever it
        stands in the pointer arithmetic: ``reinterpret_cast<float4 *>(p)[i]``
        reads 16-byte elements from p's address, ``(float4 *)p + i`` moves i
        of them, ``(float4 *)(p + i)`` i of p's own (:func:`recast`); with
        every cast looked through, the element and the offsets stayed p's."""
        node = strip(node, keep_casts=True)
        operands = expression_children(node) if node.kind in EXPLICIT_CASTS else []
        if len(operands) == 1:
            inner = self.pointer(operands[0])
            return None if inner is None else recast(inner, node.type)
        found: Pointer | None = self.visit(strip(node))
        return found

    def _offset(self, base_cursor: cindex.Cursor, step_cursor: cindex.Cursor, sign: int) -> Pointer | None:
        """``base +/- step``: ``base``'s memory, ``step`` elements further."""
        base = self.walker.memory_of(base_cursor)
        if base is None:
            return None
        step = self.walker.value(step_cursor)
        return Pointer(base.memory, base.offset + (step if sign > 0 else -step))

    def generic_visit(self, node: cindex.Cursor) -> Pointer | None:
        return None

    def visit_DECL_REF_EXPR(self, node: cindex.Cursor) -> Pointer | None:
        declaration = node.referenced
        if declaration is None:
            return None
        key = declaration_key(declaration)
        if key in self.walker.pointers:
            return self.walker.pointer_at(key)
        if key in self.walker.arrays:
            return Pointer(self.walker.arrays[key], sympy.Integer(0))
        return self.walker._declared_memory(declaration)

    def visit_MEMBER_REF_EXPR(self, node: cindex.Cursor) -> Pointer | None:
        """A kernel functor's pointer/accessor member, as a captured one; the
        object of a conversion (``a.operator float *`` in ``*(a + i)`` with
        an ``annotated_arg a``) points where the object does."""
        declaration = node.referenced
        if declaration is None:
            return None
        if declaration.kind == CK.CONVERSION_FUNCTION:
            base = expression_children(node)
            return self.walker.memory_of(base[0]) if base else None
        if not self.walker.kernel.holds(declaration):
            return None
        return self.visit_DECL_REF_EXPR(node)

    def visit_CALL_EXPR(self, node: cindex.Cursor) -> Pointer | None:
        parts = expression_children(node)
        arguments = call_arguments(node)
        if call_name(node) == "fpga_reg" and len(arguments) == 1:
            return self.walker.memory_of(arguments[0])  # a register stage: the same pointer
        if call_name(node) in ("get_pointer", "get_multi_ptr", "get", "data") and parts:
            member = expression_children(parts[0])
            return self.walker.memory_of(member[0]) if member else None
        if node.spelling in ("operator+", "operator-") and len(parts) == 3:
            moved = self._offset(parts[0], parts[2], 1 if node.spelling == "operator+" else -1)
            if moved is not None:
                return moved
        if (node.spelling.startswith("operator ") or node.spelling in ("multi_ptr", "global_ptr")) and parts:
            return self.walker.memory_of(parts[0])
        return None

    def visit_BINARY_OPERATOR(self, node: cindex.Cursor) -> Pointer | None:
        operands = expression_children(node)
        op = binary_operator(node)
        if len(operands) == 2 and op in ("+", "-"):
            return self._offset(operands[0], operands[1], 1 if op == "+" else -1)
        return None

    def visit_UNARY_OPERATOR(self, node: cindex.Cursor) -> Pointer | None:
        op = unary_operator(node)
        operands = expression_children(node)
        if op in ("++", "--") and operands:
            # `p++` is where p points before the step, `++p` one element further
            moved = self.walker.memory_of(operands[0])
            if moved is None or not unary_prefix(node):
                return moved
            return Pointer(moved.memory, moved.offset + (1 if op == "++" else -1))
        if op != "&":
            return None
        inner = strip(operands[0]) if operands else None
        if inner is not None and inner.kind in (CK.CALL_EXPR, CK.ARRAY_SUBSCRIPT_EXPR):
            parts = expression_children(inner)
            if len(parts) >= 2:
                base = self.walker.memory_of(parts[0])
                if base is not None:
                    return Pointer(base.memory, base.offset + self.walker.value(parts[-1]))
        return None


class SyclAccesses(CursorVisitor):
    """Records, through its walker, the accesses of one expression in evaluation order."""

    def __init__(self, walker: SyclLoopWalker) -> None:
        self.walker = walker

    def collect(self, cursor: cindex.Cursor | None) -> None:
        """The accesses of ``cursor``, all loads except the targets of assignments inside it."""
        if cursor is not None:
            self.visit(strip(cursor))

    def store(self, cursor: cindex.Cursor) -> None:
        """``cursor`` is the target of an assignment: a store at its top, loads below."""
        node = strip(cursor)
        kind = node.kind
        if kind in (CK.CALL_EXPR, CK.ARRAY_SUBSCRIPT_EXPR) and self.walker._subscript(node, True):
            return
        if kind == CK.DECL_REF_EXPR:
            self.walker._reference(node, "store")
            return
        if kind == CK.UNARY_OPERATOR and unary_operator(node) == "*" and self.walker._dereference(node, "store"):
            return
        self.visit(node)

    def generic_visit(self, node: cindex.Cursor) -> None:
        for child in expression_children(node):
            self.collect(child)

    def visit_ARRAY_SUBSCRIPT_EXPR(self, node: cindex.Cursor) -> None:
        if not self.walker._subscript(node, False):
            self.generic_visit(node)

    def visit_DECL_REF_EXPR(self, node: cindex.Cursor) -> None:
        self.walker._reference(node, "load")

    def visit_BINARY_OPERATOR(self, node: cindex.Cursor) -> None:
        operands = expression_children(node)
        if binary_operator(node) == "=" and len(operands) == 2:
            self.collect(operands[1])
            self.store(operands[0])
            self.walker._assign(operands[0], "=", operands[1])
            return
        self.generic_visit(node)

    def visit_COMPOUND_ASSIGNMENT_OPERATOR(self, node: cindex.Cursor) -> None:
        operands = expression_children(node)
        if len(operands) == 2:
            self.collect(operands[1])
            self.collect(operands[0])
            self.store_again(operands[0])
            self.walker._assign(operands[0], binary_operator(node), operands[1])
            return
        self.generic_visit(node)

    def store_again(self, cursor: cindex.Cursor) -> None:
        """The write of a compound assignment, whose read evaluated the
        target's indices: ``data[addr_in[x]] += v`` loads ``addr_in[x]``
        once (a public oneAPI BNN's report has one LSU for it, which was
        counted twice and left every LSU of the line unmatched)."""
        self.walker.indices_evaluated = True
        try:
            self.store(cursor)
        finally:
            self.walker.indices_evaluated = False

    def visit_UNARY_OPERATOR(self, node: cindex.Cursor) -> None:
        operands = expression_children(node)
        op = unary_operator(node)
        if op in ("++", "--") and operands:
            self.collect(operands[0])
            self.store(operands[0])
            self.walker._step(operands[0], 1 if op == "++" else -1)
            return
        if op == "&" and operands:
            inner = strip(operands[0])  # &acc[i]: an address, not an access; the index is evaluated
            for part in expression_children(inner)[1:]:
                self.collect(part)
            return
        if op == "*" and operands and self.walker._dereference(node, "load"):
            return
        self.generic_visit(node)

    def visit_CALL_EXPR(self, node: cindex.Cursor) -> None:
        if self.walker._subscript(node, False) or self.walker._library_call(node):
            return
        if node.spelling == "operator=":
            parts = expression_children(node)
            if len(parts) == 3:
                self.collect(parts[2])
                self.store(parts[0])
                return
        if node.spelling in ("operator+=", "operator-=", "operator|=", "operator&="):
            parts = expression_children(node)
            if len(parts) == 3:
                self.collect(parts[2])
                self.collect(parts[0])
                self.store_again(parts[0])
                return
        if self.walker.user_call(node):
            return
        self.generic_visit(node)

    def visit_LAMBDA_EXPR(self, node: cindex.Cursor) -> None:
        for child in children(node):
            if child.kind == CK.COMPOUND_STMT:
                self.walker.visit(child)  # UnrolledLoop bodies, helper lambdas: walked once


class AssignedKeys(CursorVisitor):
    """The declarations (by :func:`declaration_key`) assigned below a cursor."""

    def __init__(self) -> None:
        self.keys: set[Key] = set()
        self._compounds: dict[cindex.Cursor, set[Key]] = {}

    def below(self, cursor: cindex.Cursor) -> set[Key]:
        self.keys = set()
        self.visit(cursor)
        return self.keys

    def _target(self, node: cindex.Cursor) -> None:
        operands = expression_children(node)
        target = strip(operands[0]) if operands else None
        if target is not None and target.kind == CK.DECL_REF_EXPR and target.referenced is not None:
            self.keys.add(declaration_key(target.referenced))

    def visit_BINARY_OPERATOR(self, node: cindex.Cursor) -> None:
        if binary_operator(node) == "=":
            self._target(node)
        self.generic_visit(node)

    def visit_COMPOUND_ASSIGNMENT_OPERATOR(self, node: cindex.Cursor) -> None:
        self._target(node)
        self.generic_visit(node)

    def visit_UNARY_OPERATOR(self, node: cindex.Cursor) -> None:
        if unary_operator(node) in ("++", "--"):
            self._target(node)
        self.generic_visit(node)

    def visit_COMPOUND_STMT(self, node: cindex.Cursor) -> None:
        known = self._compounds.get(node)
        if known is None:
            outer, self.keys = self.keys, set()
            self.generic_visit(node)
            known = self._compounds[node] = self.keys
            self.keys = outer
        self.keys |= known
