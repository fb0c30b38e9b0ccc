"""Record every memory access of one SYCL kernel lambda (libclang AST), in
evaluation order.

:class:`SyclAccessWalker` runs the statement walk of
:class:`~hlsight.analyzer.access.sycl_loop_walker.SyclLoopWalker` (local
values, pointers into memory, loops and trip counts) and records each access
it passes.

The counterpart of :mod:`hlsight.analyzer.access.walker` for C++: the same
:class:`AccessSite`/:class:`LoopInfo` records, so classification and LSU
matching are shared with OpenCL. What is SYCL-specific:

* memory objects: accessors (``acc[i]``, ``acc[id]``; element type from the
  accessor's template argument, on-chip for ``local_accessor``), pointers
  into them (``acc.get_pointer()``, ``global_ptr``/``device_ptr``), USM
  pointers captured from the host, kernel-scope arrays (on-chip);
* library loops: ``std::fill``/``std::fill_n``/``std::copy`` over a pointer
  range and ``ext::intel::lsu::load/store`` become accesses at their call
  (the report places their LSUs in the library header);
* range-for loops over a container element (``for (auto &x : acc[i])``)
  iterate a data-dependent number of times (symbol ``trips_<kernel>_L<line>``)
  and read ``x`` from memory at every use;
* pipe reads and writes are not LSUs and record nothing.

Ids, captured host variables and pipe reads as values are
:mod:`~hlsight.analyzer.access.sycl_values`' part.

A call to a user function defined in the kernel's own file is walked where
it stands (:meth:`SyclLoopWalker.user_call`). Not handled (recorded as
opaque, so no stride): calls into functions of other files, 2-D accessor
subscripts ``acc[i][j]`` (flattened only for kernel-scope arrays),
``sycl::vec`` loads through ``vec::load``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sympy
from clang import cindex
from pycparser import c_ast

from hlsight.analyzer.access.c_symbols import Role, SymbolInfo
from hlsight.analyzer.access.ctypes_info import ElementType
from hlsight.analyzer.access.loops import LoopInfo
from hlsight.analyzer.access.sycl_clang import (
    CK,
    TK,
    Key,
    binary_operator,
    call_arguments,
    call_name,
    declaration_key,
    expression_children,
    pointee,
    strip,
    type_name,
    type_size,
)
from hlsight.analyzer.access.sycl_kernels import SyclKernel
from hlsight.analyzer.access.sycl_loop_walker import SyclLoopWalker
from hlsight.analyzer.access.sycl_memory import Memory
from hlsight.analyzer.access.sycl_values import is_id
from hlsight.analyzer.access.walker import AccessSite, Guard, TestChain
from hlsight.parsers.cxx.visitor import children_listed_once

_FILLS = {"fill", "fill_n", "copy", "copy_n"}


@dataclass
class SyclAccessWalker(SyclLoopWalker):
    """The statement walk of :class:`SyclLoopWalker` that records the
    :class:`AccessSite` of every access, with its loops, guards and block."""

    guards: list[Guard] = field(default_factory=list)
    blocks: list[int] = field(default_factory=lambda: [0])
    sites: list[AccessSite] = field(default_factory=list)
    #: ``order`` of the accesses a library construct makes (std::fill, lsu::load,
    #: a range-for's container read): the report places their LSUs in a header
    library: set[int] = field(default_factory=set)
    _block_counter: int = 0
    #: a bool temporary holding a test (``bool inside = i < n; if (inside)``):
    #: the value the walk gave it and its test chain, read by a guard while
    #: the variable still holds that value (as the C walker's)
    _conditions: dict[Key, tuple[sympy.Expr, TestChain]] = field(default_factory=dict, repr=False)

    # ------------------------------------------------------------------ statement hooks

    def _enter_block(self) -> None:
        self._block_counter += 1
        self.blocks.append(self._block_counter)

    def _leave_block(self) -> None:
        self.blocks.pop()

    def _guard(self, condition: cindex.Cursor) -> Guard:
        """The guard of the then-branch of ``if (condition)``: the tests of
        its condition converted where the ``if`` stands (as the C walker's)."""
        return self._chain(condition).guard(c_ast.ID(self._text(condition)), False, condition.location.line)

    def _chain(self, condition: cindex.Cursor) -> TestChain:
        """The comparisons of the ``&&`` chain ``condition`` (a bool
        temporary's, where it was declared) and the sides of one ``||`` in it."""
        chain = TestChain()
        pending = [strip(condition)]
        while pending:
            node = pending.pop()
            op = binary_operator(node) if node.kind == CK.BINARY_OPERATOR else ""
            operands = expression_children(node) if op else []
            held = self._held_condition(node)
            if held is not None:
                chain.include(held)
            elif op == "&&" and len(operands) == 2:
                pending.extend([strip(operands[1]), strip(operands[0])])
            elif op in ("<", "<=", ">", ">=", "==", "!=") and len(operands) == 2:
                chain.tests.append((op, self.value(operands[0]), self.value(operands[1])))
            elif op == "||" and len(operands) == 2:
                chain.alternatives(self._chain(operands[0]), self._chain(operands[1]))
            else:
                chain.complete = False
        return chain

    def _held_condition(self, node: cindex.Cursor) -> TestChain | None:
        """The test chain of the bool temporary ``node`` names, while it holds the value it was declared with."""
        if node.kind != CK.DECL_REF_EXPR or node.referenced is None:
            return None
        key = declaration_key(node.referenced)
        held = self._conditions.get(key)
        return held[1] if held is not None and self.env.get(key) == held[0] else None

    def _declare(self, declaration: cindex.Cursor) -> None:
        super()._declare(declaration)
        key = declaration_key(declaration)
        self._conditions.pop(key, None)
        parts = expression_children(declaration)
        init = strip(parts[-1]) if parts else None
        if init is not None and init.kind == CK.BINARY_OPERATOR and key in self.env \
                and binary_operator(init) in ("&&", "||", "<", "<=", ">", ">=", "==", "!="):
            self._conditions[key] = (self.env[key], self._chain(init))

    def _enter_branch(self, condition: cindex.Cursor) -> None:
        self.guards.append(self._guard(condition))

    def _else_branch(self) -> None:
        self.guards.append(self.guards.pop().otherwise())

    def _branch_value(self) -> sympy.Expr | None:
        return self.guards[-1].equality()

    def _leave_branch(self) -> None:
        self.guards.pop()

    # ------------------------------------------------------------------ accesses

    def _site(self, cursor: cindex.Cursor, memory: Memory, index: sympy.Expr, index_text: str, kind: str,
              element: ElementType | None = None, shown: str | None = None) -> None:
        location = cursor.location
        self.sites.append(
            AccessSite(
                function=self.label,
                array=memory.name,
                kind=kind,
                file=self._file(cursor),
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
                calls=tuple(self._call_sites),
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
        if is_id(base_cursor):
            return False
        indices = [index_cursor]
        outer = base_cursor  # the base as written: a cast on it may change the element
        inner = strip(base_cursor)
        while inner.kind == CK.ARRAY_SUBSCRIPT_EXPR:
            inner_parts = expression_children(inner)
            if len(inner_parts) != 2:
                break
            indices.insert(0, inner_parts[1])
            outer = inner_parts[0]
            inner = strip(outer)
        base = self.memory_of(outer)
        evaluated = self.indices_evaluated  # the write of a compound assignment: its read loaded them
        if base is None:
            for index in [] if evaluated else indices:
                self.collect(index)
            self.collect(base_cursor)
            return True
        flat = self._flat_index(inner, indices)
        if base.memory.dims > 1 and len(indices) == 1:
            components = self._values.id_components(indices[0], base.memory.dims)
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
        for index in [] if evaluated else indices:
            self.collect(index)  # its loads, and its steps after it was read (`acc[k++]` is element k)
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
        # where it points is read first; then the operand runs: its loads
        # (`*(p + a[i])`) and its step (`*p++` moves p after reading)
        self.collect(operands[0])
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
        info = LoopInfo("for", line, self._file(node), counter,
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

    def _collect_library(self, cursor: cindex.Cursor) -> None:
        before = len(self.sites)
        self.collect(cursor)
        self.library.update(range(before, len(self.sites)))

    def _element_read(self, variable: cindex.Cursor, memory: Memory, index: sympy.Expr) -> None:
        self._site(variable, memory, index, "k", "load")


def walk_kernel(kernel: SyclKernel, label: str, lines: list[str],
                headers: dict[str, list[str]] | None = None) -> SyclAccessWalker:
    """Walk ``kernel`` (``lines``: its file's; ``headers``: the other
    embedded user files by path); the walker keeps its sites and loop infos."""
    walker = SyclAccessWalker(kernel, label, lines, headers=dict(headers or {}))
    with children_listed_once():
        walker.run()
    return walker
