"""The sympy value of a SYCL expression where the walker stands.

:class:`SyclValues` dispatches on the cursor kind (under implicit
conversions and parentheses, :func:`strip`) and reads the walker's
environment: locals have their current values, host variables the lambda
captures are named parameters (given with ``--set``), ``constexpr`` values
and macros are evaluated by clang, work-item ids (the ``parallel_for``
lambda's ``id``/``item``/``auto`` parameter, ``nd_item::get_global_id(d)``/
``get_local_id(d)``) are the model's ``gid``/``lid``/``grp`` symbols (the
last SYCL dimension moves fastest), a value read from memory or a pipe is a
``LOAD`` (an index built from one is data-dependent) and anything else is
opaque.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import sympy
from clang import cindex

from hlsight.analyzer.access.c_symbols import (
    WORK_ITEMS,
    Role,
    SymbolInfo,
    argument_field,
    combine_binary,
    launch_product,
    ternary_value,
)
from hlsight.analyzer.access.sycl_clang import (
    CK,
    TK,
    binary_operator,
    call_arguments,
    call_name,
    declaration_key,
    evaluate_int,
    expression_children,
    pointee,
    strip,
    unary_operator,
    unary_prefix,
)
from hlsight.parsers.cxx.visitor import CursorVisitor

if TYPE_CHECKING:
    from hlsight.analyzer.access.sycl_loop_walker import SyclLoopWalker

_ID_CALLS = {"get_global_id": Role.GLOBAL_ID, "get_local_id": Role.LOCAL_ID, "get_group": Role.GROUP_ID,
             "get_group_id": Role.GROUP_ID}
_ID_TYPE = re.compile(r"\bsycl::(?:_V1::)?(?:id|item|nd_item)<")


def is_id(cursor: cindex.Cursor) -> bool:
    """``cursor`` is a SYCL ``id``/``item``/``nd_item`` (not a memory index)."""
    spelling = pointee(strip(cursor).type).get_canonical().spelling
    return _ID_TYPE.search(spelling) is not None


#: the launch's sizes asked of an item/nd_item, named after the SYCL call
#: and its dimension as the user wrote it (`range1` is ``get_range(1)``)
_RANGE_CALLS = {"get_global_range": "range", "get_range": "range"}


class SyclValues(CursorVisitor):
    """The value of a (stripped) expression in the walker's environment."""

    def __init__(self, walker: SyclLoopWalker) -> None:
        self.walker = walker

    def generic_visit(self, node: cindex.Cursor) -> sympy.Expr:
        """Literals, ``constexpr`` values and macros clang evaluates; anything else is opaque."""
        number = evaluate_int(node)
        return self.walker._opaque(node) if number is None else sympy.Integer(number)

    def visit_DECL_REF_EXPR(self, node: cindex.Cursor) -> sympy.Expr:
        walker = self.walker
        declaration = node.referenced
        if declaration is None:
            return walker._opaque(node)
        key = declaration_key(declaration)
        if key in walker.env:
            return walker.env[key]  # a pointer variable's is its element offset
        memory = walker.memory_of(node)
        if memory is not None:
            return memory.offset  # `p < in + n` compares element offsets into `in`
        if key in walker.references:
            return walker._opaque(node, Role.LOAD)  # a value read from memory
        if declaration.kind == CK.ENUM_CONSTANT_DECL:
            return sympy.Integer(declaration.enum_value)
        number = evaluate_int(node)
        if number is not None:
            return sympy.Integer(number)
        if declaration.kind in (CK.VAR_DECL, CK.PARM_DECL, CK.FIELD_DECL) and not walker._inside(declaration):
            # a host variable the kernel captures: fixed per launch, given by the user
            return walker.table.named(declaration.spelling, SymbolInfo(Role.PARAM, declaration.spelling))
        if declaration.kind == CK.TEMPLATE_NON_TYPE_PARAMETER:
            # `j < k_width` in a kernel template: fixed per instantiation, a value the user gives
            return walker.table.named(declaration.spelling, SymbolInfo(Role.PARAM, declaration.spelling))
        return walker._opaque(node)

    def visit_BINARY_OPERATOR(self, node: cindex.Cursor) -> sympy.Expr:
        walker = self.walker
        operands = expression_children(node)
        if len(operands) != 2:
            return walker._opaque(node)
        number = evaluate_int(node)
        if number is not None:
            return sympy.Integer(number)
        left, right = walker.value(operands[0]), walker.value(operands[1])
        op = binary_operator(node)
        combined = combine_binary(op, left, right)
        if combined is not None:
            if op == "*" and walker.id_dims > 1:  # `it.get_range(0) * it.get_range(1)`: all the work-items
                return launch_product(combined, "range", walker.id_dims, walker.table, "range{}")
            return combined
        return walker._opaque_from(node, [left, right])

    def linear_id(self, text: str) -> sympy.Expr:
        """``get_linear_id()`` / ``get_global_linear_id()``: the ids in
        row-major order (SYCL's: the last dimension fastest), id0 x range1 x
        ... + ... + the last id; in one dimension the id itself."""
        dims = self.walker.id_dims
        total: sympy.Expr = sympy.Integer(0)
        for dimension in range(dims):
            weight: sympy.Expr = sympy.Integer(1)
            for later in range(dimension + 1, dims):
                weight *= self.walker.table.named(f"range{later}",
                                                  SymbolInfo(Role.PARAM, f"get_global_range({later})"))
            total += self.work_item(dimension, f"{text}[{dimension}]") * weight
        return total

    def visit_CALL_EXPR(self, node: cindex.Cursor) -> sympy.Expr:
        walker = self.walker
        name = call_name(node)
        arguments = call_arguments(node)
        children = expression_children(node)
        on_id = bool(children) and children[0].kind == CK.MEMBER_REF_EXPR and any(
            is_id(base) for base in expression_children(children[0])[:1])
        if name in ("get_linear_id", "get_global_linear_id") and not arguments and on_id:
            return self.linear_id(name)
        if name in _ID_CALLS or (name == "get_id" and arguments and on_id):
            dim = walker.value(arguments[0]) if arguments else sympy.Integer(0)
            dimension = int(dim) if dim.is_Integer else 0
            return self.work_item(dimension, f"{name}({dimension})", _ID_CALLS.get(name, Role.GLOBAL_ID))
        if name in ("get_global_range", "get_range") and walker.id_dims == 1 and arguments and on_id:
            # a 1-D launch's size (the step of a grid-stride loop)
            return walker.table.named(WORK_ITEMS, SymbolInfo(Role.PARAM, walker._text(node)))
        if name == "get_group_range" and arguments and on_id:
            dim = walker.value(arguments[0])
            if dim.is_Integer and 0 <= int(dim) <= 2:
                return self.groups_along(int(dim))
        if name == "get_local_range" and arguments and on_id:
            dim = walker.value(arguments[0])
            if dim.is_Integer and 0 <= int(dim) <= 2:
                return self.local_along(int(dim))
        if name in _RANGE_CALLS and arguments and on_id:
            dim = walker.value(arguments[0])
            if dim.is_Integer and 0 <= int(dim) <= 2:
                # a size of a multi-dimensional launch: a value the host program chose
                return walker.table.named(f"{_RANGE_CALLS[name]}{dim}", SymbolInfo(Role.PARAM, walker._text(node)))
        if name.startswith("operator ") and children:
            # id<1> -> size_t conversion (``ptr[i]`` with the lambda's id<1> i)
            converted = expression_children(children[0]) if children[0].kind == CK.MEMBER_REF_EXPR else []
            return walker.value(converted[0] if converted and is_id(converted[0]) else children[0])
        if name == "operator[]" and children and is_id(children[0]):
            if walker.id_dims > 1 and len(children) == 3:
                dim = walker.value(children[2])
                return self.work_item(int(dim) if dim.is_Integer else 0, walker._text(node))
            return walker.value(children[0])
        if name == "fpga_reg" and len(arguments) == 1:
            # ext::intel::fpga_reg(x): x one register stage later, the same value
            return walker.value(arguments[0])
        if name in ("id", "item") and len(arguments) == 1:
            return walker.value(arguments[0])
        if name == "get_id" and children:
            return walker.value(children[0])
        if name in ("min", "max") and len(arguments) == 2:
            first, second = walker.value(arguments[0]), walker.value(arguments[1])
            return sympy.Min(first, second) if name == "min" else sympy.Max(first, second)
        if name == "read" or name == "operator[]" or name.startswith("operator*"):
            # a pipe read or a load: data, but a read-only accessor's fixed element (decision 65)
            return walker.fixed_read(node) or walker._opaque(node, Role.LOAD)
        if len(children) == 1 and node.type.kind not in (TK.RECORD, TK.ELABORATED):
            number = evaluate_int(node)
            if number is not None:
                return sympy.Integer(number)
        # sycl::round(sycl::sqrt(w)) of a loaded w indexes by data, as w would
        return walker._opaque_from(node, [walker.value(argument) for argument in arguments])

    def visit_ARRAY_SUBSCRIPT_EXPR(self, node: cindex.Cursor) -> sympy.Expr:
        """``p[i]`` of a pointer or array: a value read from memory (data), as
        the C walker reads ``a[i]``; a constant table clang folds is its number."""
        number = evaluate_int(node)
        if number is not None:
            return sympy.Integer(number)
        return self.walker.fixed_read(node) or self.walker._opaque(node, Role.LOAD)

    def visit_CONDITIONAL_OPERATOR(self, node: cindex.Cursor) -> sympy.Expr:
        """``c ? a : b``: a min or max written out, a rounded-up quotient
        (:func:`ternary_value`), else opaque, data when its condition or a
        branch is."""
        number = evaluate_int(node)
        if number is not None:
            return sympy.Integer(number)
        parts = expression_children(node)
        cond = strip(parts[0]) if len(parts) == 3 else None
        if cond is not None and cond.kind == CK.BINARY_OPERATOR and len(sides := expression_children(cond)) == 2:
            op = binary_operator(cond)
            if op == "%":  # `(n % B) ? 1 : 0`: the test is `!= 0`
                op, values = "!=", [self.walker.value(cond), sympy.Integer(0),
                                    *(self.walker.value(part) for part in parts[1:])]
            else:
                values = [self.walker.value(part) for part in (*sides, parts[1], parts[2])]
            value = ternary_value(op, *values)
            # else opaque: data when a side of the test or a branch is (each read once, as in C)
            return value if value is not None else self.walker._opaque_from(node, values)
        return self.walker._opaque_from(node, [self.walker.value(part) for part in parts])

    def visit_UNARY_OPERATOR(self, node: cindex.Cursor) -> sympy.Expr:
        operands = expression_children(node)
        op = unary_operator(node)
        if op == "-" and operands:
            return -self.walker.value(operands[0])
        if op == "+" and operands:
            return self.walker.value(operands[0])
        if op == "~" and operands and (inner := self.walker.value(operands[0])).is_Integer:
            return sympy.Integer(~int(inner))  # a mask: `n & ~(B - 1)`
        if op in ("++", "--") and operands:
            # `acc[k++]` indexes with k (the walk applies the step after); `++k` with k + 1
            before = self.walker.value(operands[0])
            return before + (1 if op == "++" else -1) if unary_prefix(node) else before
        if op == "*":
            return self.walker.fixed_read(node) or self.walker._opaque(node, Role.LOAD)
        return self.walker._opaque_from(node, [self.walker.value(operand) for operand in operands])

    def visit_MEMBER_REF_EXPR(self, node: cindex.Cursor) -> sympy.Expr:
        if node.referenced is not None and self.walker.kernel.holds(node.referenced):
            return self.visit_DECL_REF_EXPR(node)  # a functor's data member: as a captured variable
        fixed = self.walker.fixed_read(node)  # `shape->rows` of a read-only captured pointer (decision 65)
        if fixed is not None:
            return fixed
        base = expression_children(node)
        inner = self.walker.value(base[0]) if base else sympy.Integer(0)
        held = self.walker.table.info(inner) if isinstance(inner, sympy.Symbol) else None
        if held is not None and held.role is Role.PARAM and base and base[0].type.kind != TK.POINTER:
            # `p.rows` of a struct the lambda captures by value: fixed per launch
            return argument_field(self.walker.table, inner, node.spelling, self.walker._text(node))
        role = Role.LOAD if Role.LOAD in self.walker.table.roles(inner) else Role.OPAQUE
        return self.walker._opaque(node, role)

    def groups_along(self, dimension: int) -> sympy.Expr:
        """``get_group_range(d)``: the launch's range along ``dimension``
        over the work-group's (an nd_range launches whole work-groups), as
        OpenCL's ``get_num_groups`` is: from the two sizes the host gives."""
        table = self.walker.table
        launch = (table.named(WORK_ITEMS, SymbolInfo(Role.PARAM, "get_global_range(0)")) if self.walker.id_dims == 1
                  else table.named(f"range{dimension}", SymbolInfo(Role.PARAM, f"get_global_range({dimension})")))
        return launch / self.local_along(dimension)

    def local_along(self, dimension: int) -> sympy.Expr:
        """``get_local_range(d)``: the number the launch fixes
        (:attr:`SyclKernel.local_size`), else the host's ``local_range<d>``."""
        fixed = self.walker.kernel.local_size
        if fixed is not None and dimension < len(fixed):
            return sympy.Integer(fixed[dimension])
        return self.walker.table.named(f"local_range{dimension}",
                                       SymbolInfo(Role.PARAM, f"get_local_range({dimension})"))

    def work_item(self, dimension: int, text: str, role: Role = Role.GLOBAL_ID) -> sympy.Symbol:
        """Id of SYCL dimension ``dimension``: the last SYCL dimension moves
        fastest (row-major linear id), the model's dimension 0."""
        fastest_first = max(self.walker.id_dims - 1 - dimension, 0)
        short = {Role.GLOBAL_ID: "gid", Role.LOCAL_ID: "lid", Role.GROUP_ID: "grp"}[role]
        # named as the user's code numbers it; a 1-D launch's range is work_items, as get_range(0) is
        launch = WORK_ITEMS if self.walker.id_dims == 1 else f"range{dimension}"
        fixed = self.walker.kernel.local_size
        local = str(fixed[dimension]) if fixed is not None and dimension < len(fixed) else f"local_range{dimension}"
        extent = {Role.GLOBAL_ID: launch, Role.LOCAL_ID: local, Role.GROUP_ID: f"{launch}/{local}"}.get(role)
        return self.walker.table.named(f"{short}{fastest_first}",
                                       SymbolInfo(role, text, dimension=fastest_first, extent=extent))

    def id_components(self, cursor: cindex.Cursor, dims: int) -> list[sympy.Expr] | None:
        """``{i, j}`` / ``id<2>(i, j)`` / the lambda's ``id<2>`` as per-dimension values."""
        node = strip(cursor)
        parts = expression_children(node)
        if node.kind in (CK.INIT_LIST_EXPR, CK.CALL_EXPR) and len(parts) == dims and node.spelling in ("", "id"):
            return [self.walker.value(part) for part in parts]
        if node.kind == CK.DECL_REF_EXPR and node.referenced is not None and is_id(node):
            return [self.work_item(dim, f"{node.spelling}[{dim}]") for dim in range(dims)]
        if node.kind == CK.CALL_EXPR and len(parts) == 1:
            return self.id_components(parts[0], dims)
        return None
