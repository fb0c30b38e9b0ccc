"""Walk one SYCL kernel lambda (libclang AST) and record its memory accesses.

The counterpart of :mod:`hlsight.analyzer.access.walker` for C++: the same
:class:`AccessSite`/:class:`LoopInfo` records, so classification and LSU
matching are shared with OpenCL. What is SYCL-specific:

* memory objects: accessors (``acc[i]``, ``acc[id]``; element type from the
  accessor's template argument, on-chip for ``local_accessor``), pointers
  into them (``acc.get_pointer()``, ``global_ptr``/``device_ptr``), USM
  pointers captured from the host, kernel-scope arrays (on-chip);
* ids: the ``parallel_for`` lambda parameter (``id``/``item``/``auto``) is
  the global id of dimension 0; ``nd_item::get_global_id(d)``/``get_local_id(d)``;
* host variables the lambda captures (``nodes``, ``total_valid_reads``) are
  named symbols the user gives with ``--set``; ``constexpr`` values and
  macros are evaluated by clang;
* library loops: ``std::fill``/``std::fill_n``/``std::copy`` over a pointer
  range and ``ext::intel::lsu::load/store`` become accesses at their call
  (the report places their LSUs in the library header);
* range-for loops over a container element (``for (auto &x : acc[i])``)
  iterate a data-dependent number of times (symbol ``trips_<kernel>_L<line>``)
  and read ``x`` from memory at every use;
* pipe reads are values from outside the kernel: an index built from one
  is data-dependent; pipe reads and writes are not LSUs and record nothing.

Not handled (recorded as opaque, so no stride): calls into user functions
(their accesses are not walked), 2-D accessor subscripts ``acc[i][j]``
(flattened only for kernel-scope arrays), ``sycl::vec`` loads through
``vec::load``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import sympy
from clang import cindex
from pycparser import c_ast

from hlsight.analyzer.access.c_symbols import Role, SymbolInfo, SymbolTable, combine_binary
from hlsight.analyzer.access.ctypes_info import ElementType
from hlsight.analyzer.access.loops import MIRROR, LoopInfo, counted_loop, trip_from
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
    text,
    type_name,
    type_size,
    unary_operator,
)
from hlsight.analyzer.access.sycl_expressions import (
    AssignedKeys,
    Memory,
    Pointer,
    SyclAccesses,
    SyclPointers,
    SyclValues,
)
from hlsight.analyzer.access.sycl_kernels import SyclKernel
from hlsight.analyzer.access.walker import AccessSite, Guard
from hlsight.parsers.cxx.visitor import CursorVisitor, children, children_listed_once

Key = tuple[str, int, int, str]
_UNROLL = re.compile(r"^\s*#\s*pragma\s+unroll(?:\s+(\w+))?")
_ATTRIBUTE_LINE = re.compile(r"^\s*(\[\[.*\]\]\s*)+$")
_ID_CALLS = {"get_global_id": Role.GLOBAL_ID, "get_local_id": Role.LOCAL_ID, "get_group": Role.GROUP_ID,
             "get_group_id": Role.GROUP_ID}
_ID_TYPE = re.compile(r"\bsycl::(?:_V1::)?(?:id|item|nd_item)<")
_MEMORY_TYPE = re.compile(
    r"\bsycl::(?:_V1::)?(?:accessor|multi_ptr|host_accessor|ext::oneapi::experimental::annotated_arg)<")
_ACCESSOR_DIMS = re.compile(r"\baccessor<.*?,\s*(\d+)\s*[,>]")
_ID_DIMS = re.compile(r"\b(?:id|item|nd_item)<(\d*)")
_FILLS = {"fill", "fill_n", "copy", "copy_n"}


@dataclass
class SyclWalker(CursorVisitor):
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
    guards: list[Guard] = field(default_factory=list)
    blocks: list[int] = field(default_factory=lambda: [0])
    sites: list[AccessSite] = field(default_factory=list)
    loop_infos: dict[int, LoopInfo] = field(default_factory=dict)
    id_dims: int = 1
    #: ``order`` of the accesses a library construct makes (std::fill, lsu::load,
    #: a range-for's container read): the report places their LSUs in a header
    library: set[int] = field(default_factory=set)
    _block_counter: int = 0
    _values: SyclValues = field(init=False, repr=False)
    _accesses: SyclAccesses = field(init=False, repr=False)
    _assignments: AssignedKeys = field(init=False, repr=False)
    _pointers: SyclPointers = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._values = SyclValues(self)
        self._accesses = SyclAccesses(self)
        self._assignments = AssignedKeys()
        self._pointers = SyclPointers(self)

    # ------------------------------------------------------------------ entry

    def run(self) -> list[AccessSite]:
        body = None
        for child in children(self.kernel.body):
            if child.kind == CK.PARM_DECL:
                key = declaration_key(child)
                found = _ID_DIMS.search(child.type.get_canonical().spelling)
                self.id_dims = int(found.group(1)) if found and found.group(1) else 1
                if self.kernel.ndrange and "nd_item" not in child.type.get_canonical().spelling:
                    self.env[key] = self._work_item(0, child.spelling)
            elif child.kind == CK.COMPOUND_STMT:
                body = child
        if body is not None:
            self.visit(body)
        return self.sites

    # ------------------------------------------------------------------ helpers

    def _text(self, cursor: cindex.Cursor) -> str:
        return text(cursor, self.lines)

    def _inside(self, declaration: cindex.Cursor) -> bool:
        """Declared inside the kernel lambda (else a captured host variable)."""
        extent = self.kernel.body.extent
        location = declaration.location
        if location.file is None or extent.start.file is None or location.file.name != extent.start.file.name:
            return False
        start = (extent.start.line, extent.start.column)
        end = (extent.end.line, extent.end.column)
        return start <= (location.line, location.column) <= end

    def _opaque(self, cursor: cindex.Cursor, role: Role = Role.OPAQUE) -> sympy.Symbol:
        shown = self._text(cursor) or cursor.spelling or "expr"
        prefix = "load" if role is Role.LOAD else "f"
        return self.table.make(f"{prefix}_{shown}"[:40], SymbolInfo(role, shown))

    # ------------------------------------------------------------------ values

    def value(self, cursor: cindex.Cursor | None) -> sympy.Expr:
        """The sympy value of expression ``cursor`` (under casts and parentheses)."""
        if cursor is None:
            return sympy.Integer(0)
        result: sympy.Expr = self._values.visit(strip(cursor))
        return result

    def _reference_value(self, node: cindex.Cursor) -> sympy.Expr:
        declaration = node.referenced
        if declaration is None:
            return self._opaque(node)
        key = declaration_key(declaration)
        if key in self.env:
            return self.env[key]
        if key in self.references:
            return self._opaque(node, Role.LOAD)  # a value read from memory
        if declaration.kind == CK.ENUM_CONSTANT_DECL:
            return sympy.Integer(declaration.enum_value)
        number = evaluate_int(node)
        if number is not None:
            return sympy.Integer(number)
        if declaration.kind in (CK.VAR_DECL, CK.PARM_DECL, CK.FIELD_DECL) and not self._inside(declaration):
            # a host variable the kernel captures: fixed per launch, given by the user
            return self.table.named(declaration.spelling, SymbolInfo(Role.PARAM, declaration.spelling))
        return self._opaque(node)

    def _binary(self, node: cindex.Cursor) -> sympy.Expr:
        operands = expression_children(node)
        if len(operands) != 2:
            return self._opaque(node)
        number = evaluate_int(node)
        if number is not None:
            return sympy.Integer(number)
        left, right = self.value(operands[0]), self.value(operands[1])
        combined = combine_binary(binary_operator(node), left, right)
        if combined is not None:
            return combined
        roles = self.table.roles(left) | self.table.roles(right)
        return self._opaque(node, Role.LOAD if Role.LOAD in roles else Role.OPAQUE)

    def _call_value(self, node: cindex.Cursor) -> sympy.Expr:
        name = call_name(node)
        arguments = call_arguments(node)
        children = expression_children(node)
        if name in _ID_CALLS:
            dim = self.value(arguments[0]) if arguments else sympy.Integer(0)
            dimension = int(dim) if dim.is_Integer else 0
            return self._work_item(dimension, f"{name}({dimension})", _ID_CALLS[name])
        if name.startswith("operator ") and children:
            return self.value(children[0])  # id<1> -> size_t conversion
        if name == "operator[]" and children and self._is_id(children[0]):
            if self.id_dims > 1 and len(children) == 3:
                dim = self.value(children[2])
                return self._work_item(int(dim) if dim.is_Integer else 0, self._text(node))
            return self.value(children[0])
        if name in ("id", "item") and len(arguments) == 1:
            return self.value(arguments[0])
        if name == "get_id" and children:
            return self.value(children[0])
        if name in ("min", "max") and len(arguments) == 2:
            first, second = self.value(arguments[0]), self.value(arguments[1])
            return sympy.Min(first, second) if name == "min" else sympy.Max(first, second)
        if name == "read" or name == "operator[]" or name.startswith("operator*"):
            return self._opaque(node, Role.LOAD)  # a pipe read or a load: data
        if len(children) == 1 and node.type.kind not in (TK.RECORD, TK.ELABORATED):
            number = evaluate_int(node)
            if number is not None:
                return sympy.Integer(number)
        return self._opaque(node)

    def _work_item(self, dimension: int, text: str, role: Role = Role.GLOBAL_ID) -> sympy.Symbol:
        """Id of SYCL dimension ``dimension``: the last SYCL dimension moves
        fastest (row-major linear id), the model's dimension 0."""
        fastest_first = max(self.id_dims - 1 - dimension, 0)
        short = {Role.GLOBAL_ID: "gid", Role.LOCAL_ID: "lid", Role.GROUP_ID: "grp"}[role]
        return self.table.named(f"{short}{fastest_first}", SymbolInfo(role, text, dimension=fastest_first))

    def _id_components(self, cursor: cindex.Cursor, dims: int) -> list[sympy.Expr] | None:
        """``{i, j}`` / ``id<2>(i, j)`` / the lambda's ``id<2>`` as per-dimension values."""
        node = strip(cursor)
        parts = expression_children(node)
        if node.kind in (CK.INIT_LIST_EXPR, CK.CALL_EXPR) and len(parts) == dims and node.spelling in ("", "id"):
            return [self.value(part) for part in parts]
        if node.kind == CK.DECL_REF_EXPR and node.referenced is not None and self._is_id(node):
            return [self._work_item(dim, f"{node.spelling}[{dim}]") for dim in range(dims)]
        if node.kind == CK.CALL_EXPR and len(parts) == 1:
            return self._id_components(parts[0], dims)
        return None

    def _is_id(self, cursor: cindex.Cursor) -> bool:
        spelling = pointee(strip(cursor).type).get_canonical().spelling
        return _ID_TYPE.search(spelling) is not None

    # ------------------------------------------------------------------ memory objects

    def memory_of(self, cursor: cindex.Cursor) -> Pointer | None:
        """The memory object and element offset ``cursor`` points into, if any."""
        return self._pointers.pointer(strip(cursor))

    def _declared_memory(self, declaration: cindex.Cursor) -> Pointer | None:
        """Accessors and pointers declared outside the lambda (captured)."""
        if self._inside(declaration):
            return None
        declared = pointee(declaration.type).get_canonical()
        spelling = declared.spelling
        name = declaration.spelling
        if _MEMORY_TYPE.search(spelling):
            element = declared.get_template_argument_type(0)
            if element.get_canonical().kind == TK.POINTER:  # annotated_arg<T*, ...>
                element = element.get_canonical().get_pointee()
            local = "target::local" in spelling or "local_space" in spelling
            dims = _ACCESSOR_DIMS.search(spelling)
            memory = Memory(name, ElementType(type_name(element), type_size(element)), "local" if local else "global",
                            int(dims.group(1)) if dims and "accessor<" in spelling else 1)
            return Pointer(memory, sympy.Integer(0))
        if declared.kind == TK.POINTER:
            element = declared.get_pointee()
            memory = Memory(name, ElementType(type_name(element), type_size(element)), "global")
            return Pointer(memory, sympy.Integer(0))
        if spelling.split("<")[0].strip().endswith("accessor"):
            # declared in a generic lambda (``UnrolledLoop([&](auto i) {...})``): the
            # accessor's type is not deduced; the buffer it is built from tells the element
            element = _buffer_element(declaration)
            if element is not None:
                return Pointer(Memory(name, element, "global"), sympy.Integer(0))
        return None

    # ------------------------------------------------------------------ accesses

    def _site(self, cursor: cindex.Cursor, memory: Memory, index: sympy.Expr, index_text: str, kind: str,
              element: ElementType | None = None, shown: str | None = None) -> None:
        location = cursor.location
        self.sites.append(
            AccessSite(
                function=self.label,
                array=memory.name,
                kind=kind,
                file=location.file.name if location.file else self.kernel.file,
                line=location.line,
                column=location.column,
                text=shown or self._text(cursor),
                index_text=index_text,
                index=sympy.expand(index),
                element=element or memory.element,
                space=memory.space,
                loops=list(self.loops),
                guards=list(self.guards),
                block=self.blocks[-1],
                order=len(self.sites),
                table=self.table,
            )
        )

    def _subscript(self, node: cindex.Cursor, store: bool) -> bool:
        """``acc[i]`` / ``ptr[i]`` / ``array[i][j]``: record it; False when
        ``node`` is no subscript of a memory object."""
        parts = expression_children(node)
        if node.kind == CK.CALL_EXPR and node.spelling == "operator[]" and len(parts) == 3:
            base_cursor, index_cursor = parts[0], parts[2]
        elif node.kind == CK.ARRAY_SUBSCRIPT_EXPR and len(parts) == 2:
            base_cursor, index_cursor = parts
        else:
            return False
        if self._is_id(base_cursor):
            return False
        indices = [index_cursor]
        inner = strip(base_cursor)
        while inner.kind == CK.ARRAY_SUBSCRIPT_EXPR:
            inner_parts = expression_children(inner)
            if len(inner_parts) != 2:
                break
            indices.insert(0, inner_parts[1])
            inner = strip(inner_parts[0])
        base = self.memory_of(inner)
        for index in indices:
            self.collect(index)
        if base is None:
            self.collect(base_cursor)
            return True
        flat = self._flat_index(inner, indices)
        if base.memory.dims > 1 and len(indices) == 1:
            components = self._id_components(indices[0], base.memory.dims)
            if components is not None:
                # row-major: acc[{i, j}] is element i * range[1] + j; the range is host data
                flat = sympy.Integer(0)
                for position, component in enumerate(components):
                    extent: sympy.Expr = sympy.Integer(1)
                    for later in range(position + 1, base.memory.dims):
                        extent *= self.table.named(f"{base.memory.name}_range{later}",
                                                   SymbolInfo(Role.PARAM, f"{base.memory.name}.get_range()[{later}]"))
                    flat += component * extent
            else:
                flat = self._opaque(indices[0])
        element = ElementType(type_name(node.type), type_size(node.type))
        if element.bytes is None:
            element = base.memory.element
        index_text = ", ".join(self._text(index) for index in indices)
        self._site(node, base.memory, base.offset + flat, index_text, "store" if store else "load", element)
        return True

    def _flat_index(self, base: cindex.Cursor, indices: list[cindex.Cursor]) -> sympy.Expr:
        if len(indices) == 1:
            return self.value(indices[0])
        dims: list[int] = []
        array_type = pointee(base.type).get_canonical()
        while array_type.kind == TK.CONSTANTARRAY:
            dims.append(array_type.element_count)
            array_type = array_type.element_type
        flat: sympy.Expr = sympy.Integer(0)
        for position, index in enumerate(indices):
            flat = flat + self.value(index)
            if position + 1 < len(indices):
                if position + 1 >= len(dims):
                    return self._opaque(base)
                flat = flat * dims[position + 1]
        return flat

    def collect(self, cursor: cindex.Cursor | None) -> None:
        """Record the accesses of expression ``cursor`` in evaluation order."""
        self._accesses.collect(cursor)

    def _reference(self, node: cindex.Cursor, kind: str) -> None:
        """A use of a reference into memory (``auto &x = acc[i]; x``) is an access."""
        declaration = node.referenced
        if declaration is not None and declaration_key(declaration) in self.references:
            pointer = self.references[declaration_key(declaration)]
            self._site(node, pointer.memory, pointer.offset, str(pointer.offset), kind)

    def _dereference(self, node: cindex.Cursor, kind: str) -> bool:
        """``*p`` on a pointer into memory: record it; False when ``p`` points nowhere known."""
        operands = expression_children(node)
        target = self.memory_of(operands[0]) if operands else None
        if target is None:
            return False
        self._site(node, target.memory, target.offset, str(target.offset), kind)
        return True

    def _library_call(self, node: cindex.Cursor) -> bool:
        """``std::fill``/``std::copy`` ranges and ``lsu::load/store``."""
        name = call_name(node)
        arguments = call_arguments(node)
        referenced = node.referenced
        owner = referenced.semantic_parent.spelling if referenced is not None and referenced.semantic_parent else ""
        if referenced is None:  # unresolved (dependent) call: the qualifier as written
            tokens = [token.spelling for token in node.get_tokens()][:6]
            owner = tokens[tokens.index(name) - 2] if name in tokens and tokens.index(name) >= 2 else ""
        if owner == "lsu" and name in ("load", "store") and arguments:
            for argument in arguments[1:]:
                self.collect(argument)
            pointer = self.memory_of(arguments[0])
            if pointer is None:
                self.collect(arguments[0])
                return True
            self.library.add(len(self.sites))
            self._site(node, pointer.memory, pointer.offset, str(pointer.offset), name)
            return True
        if name not in _FILLS or len(arguments) < 2 or owner not in ("std", ""):
            return False
        first = self.memory_of(arguments[0])
        if first is None:
            return False
        if name in ("fill_n", "copy_n"):
            count = self.value(arguments[1])
        else:
            last = self.memory_of(arguments[1])
            if last is None or last.memory.name != first.memory.name:
                return False
            count = sympy.expand(last.offset - first.offset)
        line = node.location.line
        counter = self.table.make("k", SymbolInfo(Role.LOOP, f"element of {name}", step=sympy.Integer(1), loop=line))
        info = LoopInfo("for", line, node.location.file.name if node.location.file else self.kernel.file, counter,
                        sympy.Integer(1), count, f"std::{name} over {count} elements")
        self.loop_infos[hash(node)] = info
        self.loops.append(info)
        shown = self._text(node)
        if name in ("copy", "copy_n") and len(arguments) >= 3:
            target = self.memory_of(arguments[2])
            self.library.add(len(self.sites))
            self._site(node, first.memory, first.offset + counter, "k", "load", shown=shown)
            if target is not None:
                self.library.add(len(self.sites))
                self._site(node, target.memory, target.offset + counter, "k", "store", shown=shown)
        else:
            self.library.add(len(self.sites))
            self._site(node, first.memory, first.offset + counter, "k", "store", shown=shown)
        self.loops.pop()
        return True

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
                self.pointers[key] = pointer
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
            self.pointers[key] = pointer
            return
        self.collect(init)
        self.env[key] = self.value(init)

    # ------------------------------------------------------------------ statements

    def generic_visit(self, cursor: cindex.Cursor) -> None:
        """An expression statement."""
        self.collect(cursor)

    def visit_COMPOUND_STMT(self, cursor: cindex.Cursor) -> None:
        self._block_counter += 1
        self.blocks.append(self._block_counter)
        for child in children(cursor):
            self.visit(child)
        self.blocks.pop()

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

    def _guard(self, condition: cindex.Cursor, negated: bool) -> Guard:
        node = strip(condition)
        tests: list[tuple[str, sympy.Expr, sympy.Expr]] = []
        complete = False
        if node.kind == CK.BINARY_OPERATOR:
            op = binary_operator(node)
            operands = expression_children(node)
            if op in ("<", "<=", ">", ">=", "==", "!=") and len(operands) == 2:
                tests.append((op, self.value(operands[0]), self.value(operands[1])))
                complete = True
        return Guard(c_ast.ID(self._text(condition)), negated, condition.location.line, tests, complete)

    def visit_IF_STMT(self, cursor: cindex.Cursor) -> None:
        parts = children(cursor)
        if len(parts) < 2:
            return
        condition = parts[0]
        self.collect(condition)
        guard = self._guard(condition, False)
        self.guards.append(guard)
        self.visit(parts[1])
        self.guards.pop()
        if len(parts) > 2:
            self.guards.append(Guard(guard.condition, True, guard.line, guard.tests, guard.complete))
            self.visit(parts[2])
            self.guards.pop()

    def _unroll(self, line: int) -> int | None:
        """``#pragma unroll [N]`` on the lines above a loop (None: pipelined)."""
        number = line - 1
        while number >= 1:
            raw = self.lines[number - 1] if number <= len(self.lines) else ""
            stripped = raw.strip()
            match = _UNROLL.match(raw)
            if match:
                if match.group(1) is None:
                    return 0
                try:
                    return int(match.group(1), 0)
                except ValueError:
                    return 0
            if stripped and not stripped.startswith(("//", "#pragma")) and not _ATTRIBUTE_LINE.match(raw):
                return None
            number -= 1
        return None

    def _assigned(self, cursor: cindex.Cursor) -> set[Key]:
        return self._assignments.below(cursor)

    def _carry(self, body: cindex.Cursor, skip: Key | None, line: int) -> dict[Key, sympy.Expr]:
        """Variables assigned in a loop body become loop-carried symbols."""
        saved = dict(self.env)
        for key in self._assigned(body):
            if key != skip and key in self.env:
                self.env[key] = self.table.make(key[3], SymbolInfo(Role.STATE, key[3], conditional=True, loop=line))
        return saved

    def _leave(self, saved: dict[Key, sympy.Expr], body: cindex.Cursor) -> None:
        """After a loop, what it assigned is unknown; a value read from
        memory or a pipe inside it stays data (a LOAD) after it."""
        assigned = self._assigned(body)
        ending = self.env
        self.env = saved
        for key in assigned:
            if key in self.env:
                last = ending.get(key)
                data = last is not None and Role.LOAD in self.table.roles(last)
                role = Role.LOAD if data else Role.OPAQUE
                self.env[key] = self.table.make(key[3], SymbolInfo(role, f"{key[3]} (after the loop)"))

    def visit_FOR_STMT(self, cursor: cindex.Cursor) -> None:
        parts = children(cursor)
        line = cursor.location.line
        file = cursor.location.file.name if cursor.location.file else self.kernel.file
        body = parts[-1] if parts else None
        init = condition = increment = None
        if len(parts) == 4:
            init, condition, increment = parts[:3]
        elif len(parts) == 3 and parts[0].kind == CK.DECL_STMT:
            init, condition = parts[:2]
        counter_key: Key | None = None
        start: sympy.Expr | None = None
        if init is not None:
            if init.kind == CK.DECL_STMT:
                for declaration in children(init):
                    if declaration.kind == CK.VAR_DECL:
                        self._declare(declaration)
                        counter_key = counter_key or declaration_key(declaration)
            else:
                self.collect(init)
                operands = expression_children(strip(init))
                if operands and strip(operands[0]).kind == CK.DECL_REF_EXPR and strip(operands[0]).referenced:
                    counter_key = declaration_key(strip(operands[0]).referenced)
            if counter_key is not None:
                start = self.env.get(counter_key)
        step: sympy.Expr | None = None
        if increment is not None and counter_key is not None and body is not None:
            step = self._increment(increment, counter_key)
            if counter_key in self._assigned(body):
                step = None
        unroll = self._unroll(line)
        trip = self._trip(counter_key, start, step, condition)
        info = counted_loop(self.table, counter_key[3] if counter_key is not None else None, step, trip, unroll,
                            line, file)
        counter = info.counter
        self.loop_infos[hash(cursor)] = info
        saved = self._carry(body, counter_key, line) if body is not None else dict(self.env)
        if counter_key is not None and counter is not None:
            self.env[counter_key] = counter
        self.loops.append(info)
        self.collect(condition)
        if body is not None:
            self.visit(body)
        self.collect(increment)
        self.loops.pop()
        if body is not None:
            self._leave(saved, cursor)

    def _increment(self, increment: cindex.Cursor, key: Key) -> sympy.Expr | None:
        node = strip(increment)
        operands = expression_children(node)
        if not operands:
            return None
        target = strip(operands[0])
        if target.kind != CK.DECL_REF_EXPR or target.referenced is None or declaration_key(target.referenced) != key:
            return None
        if node.kind == CK.UNARY_OPERATOR:
            op = unary_operator(node)
            return sympy.Integer(1) if op == "++" else sympy.Integer(-1) if op == "--" else None
        if node.kind == CK.COMPOUND_ASSIGNMENT_OPERATOR and len(operands) == 2:
            amount = self.value(operands[1])
            op = binary_operator(node)
            if amount.is_number:
                return amount if op == "+=" else -amount if op == "-=" else None
        return None

    def _trip(self, key: Key | None, start: sympy.Expr | None, step: sympy.Expr | None,
              condition: cindex.Cursor | None) -> tuple[sympy.Expr | None, str]:
        if key is None:
            return None, "no loop counter found"
        name = key[3]
        if start is None:
            return None, f"`{name}` has no initial value"
        if step is None:
            return None, f"`{name}` does not change by a constant every iteration"
        node = strip(condition) if condition is not None else None
        if node is None or node.kind != CK.BINARY_OPERATOR:
            return None, "the loop condition is not a comparison"
        operands = [strip(operand) for operand in expression_children(node)]
        op = binary_operator(node)
        if len(operands) != 2:
            return None, "the loop condition is not a comparison"

        def is_counter(operand: cindex.Cursor) -> bool:
            return (operand.kind == CK.DECL_REF_EXPR and operand.referenced is not None
                    and declaration_key(operand.referenced) == key)

        if is_counter(operands[0]):
            bound = self.value(operands[1])
        elif is_counter(operands[1]):
            op, bound = MIRROR.get(op, op), self.value(operands[0])
        else:
            return None, f"the condition `{self._text(node)}` does not compare `{name}`"
        return trip_from(op, start, bound, step, f"`{self._text(node)}` from {start} step {step}")

    def _data_trip(self, line: int) -> sympy.Symbol:
        """A trip count only the data decides: one named symbol, shared by the
        access counts and the report's loop (``--set trips_<kernel>_L<line>=``)."""
        return sympy.Symbol(f"trips_{self.label}_L{line}")

    def visit_WHILE_STMT(self, cursor: cindex.Cursor) -> None:
        parts = children(cursor)
        if len(parts) < 2:
            return
        condition, body = (parts[0], parts[1]) if cursor.kind == CK.WHILE_STMT else (parts[1], parts[0])
        line = cursor.location.line
        file = cursor.location.file.name if cursor.location.file else self.kernel.file
        saved = self._carry(body, None, line)
        reason = f"`{self._text(condition)}` is decided while the loop runs (data-dependent)"
        info = LoopInfo("while" if cursor.kind == CK.WHILE_STMT else "do", line, file, None, None,
                        self._data_trip(line), reason, self._unroll(line))
        self.loop_infos[hash(cursor)] = info
        self.loops.append(info)
        self.collect(condition)
        self.visit(body)
        self.loops.pop()
        self._leave(saved, cursor)

    visit_DO_STMT = visit_WHILE_STMT

    def visit_CXX_FOR_RANGE_STMT(self, cursor: cindex.Cursor) -> None:
        parts = children(cursor)
        variable = next((child for child in parts if child.kind == CK.VAR_DECL), None)
        body = parts[-1] if parts else None
        range_expr = next((child for child in parts if child.kind != CK.VAR_DECL and child is not body), None)
        if variable is None or body is None or range_expr is None:
            return
        line = cursor.location.line
        file = cursor.location.file.name if cursor.location.file else self.kernel.file
        before = len(self.sites)
        self.collect(range_expr)  # the container itself is read first (begin/end)
        self.library.update(range(before, len(self.sites)))
        container = strip(range_expr)
        parts = expression_children(container)
        base = self.memory_of(parts[0]) if container.kind in (CK.CALL_EXPR, CK.ARRAY_SUBSCRIPT_EXPR) and parts else None
        space = base.memory.space if base is not None else "local"
        counter = self.table.make("k", SymbolInfo(Role.LOOP, f"element of {self._text(range_expr)}",
                                                  step=sympy.Integer(1), loop=line))
        reason = f"the number of elements of `{self._text(range_expr)}` is data (a container in memory)"
        info = LoopInfo("for", line, file, counter, sympy.Integer(1), self._data_trip(line), reason,
                        self._unroll(line))
        self.loop_infos[hash(cursor)] = info
        element = pointee(variable.type)
        memory = Memory(self._text(range_expr), ElementType(type_name(element), type_size(element)), space)
        key = declaration_key(variable)
        saved = self._carry(body, None, line)
        self.loops.append(info)
        if variable.type.kind in (TK.LVALUEREFERENCE, TK.RVALUEREFERENCE):
            self.references[key] = Pointer(memory, counter)
        else:
            self._site(variable, memory, counter, "k", "load")
            self.env[key] = self.table.make(variable.spelling, SymbolInfo(Role.LOAD, variable.spelling))
        self.visit(body)
        self.loops.pop()
        self._leave(saved, cursor)


def _buffer_element(declaration: cindex.Cursor) -> ElementType | None:
    """Element type of ``accessor acc(bufs[i][0], h, ...)`` from the buffer
    expression's declared type, peeling one level per subscript."""
    first = next((child for child in declaration.walk_preorder() if child.kind == CK.DECL_REF_EXPR), None)
    if first is None or first.referenced is None:
        return None
    current = pointee(first.referenced.type).get_canonical()
    tokens = [token.spelling for token in declaration.get_tokens()]
    levels = 0
    if first.spelling in tokens:
        position = tokens.index(first.spelling) + 1
        while position < len(tokens) and tokens[position] == "[":
            depth = 0
            while position < len(tokens):
                depth += {"[": 1, "]": -1}.get(tokens[position], 0)
                position += 1
                if depth == 0:
                    break
            levels += 1
    for _level in range(levels):
        if current.kind == TK.POINTER:
            current = current.get_pointee().get_canonical()
        elif current.kind == TK.CONSTANTARRAY:
            current = current.element_type.get_canonical()
        elif current.get_num_template_arguments() > 0:
            current = current.get_template_argument_type(0).get_canonical()
        else:
            return None
    if current.kind == TK.POINTER:
        current = current.get_pointee().get_canonical()
    if "buffer<" not in current.spelling or current.get_num_template_arguments() < 1:
        return None
    element = current.get_template_argument_type(0)
    return ElementType(type_name(element), type_size(element))


def walk_kernel(kernel: SyclKernel, label: str, lines: list[str]) -> SyclWalker:
    """Walk ``kernel``; the walker keeps its sites and loop infos."""
    walker = SyclWalker(kernel, label, lines)
    with children_listed_once():
        walker.run()
    return walker
