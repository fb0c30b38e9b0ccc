"""What the SYCL walker knows about memory: the objects accesses go to
(:class:`Memory`), pointers into them (:class:`Pointer`) and the memory
object a host variable the kernel captures stands for
(:func:`captured_memory`: accessors, ``multi_ptr``/``annotated_arg``, USM
pointers, accessors of a generic lambda built from a buffer)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import sympy
from clang import cindex

from hlsight.analyzer.access.ctypes_info import ElementType
from hlsight.analyzer.access.sycl_clang import CK, TK, pointee, type_name, type_size

_MEMORY_TYPE = re.compile(
    r"\bsycl::(?:_V1::)?(?:accessor|multi_ptr|host_accessor|ext::oneapi::experimental::annotated_arg)<")
_ACCESSOR_DIMS = re.compile(r"\baccessor<.*?,\s*(\d+)\s*[,>]")


@dataclass
class Memory:
    """A memory object an access goes to: its name as the user wrote it,
    element type and address space (``global`` or ``local``)."""

    name: str
    element: ElementType
    space: str
    dims: int = 1  # accessor dimensions: acc[id<2>] / acc[{i, j}] are flattened row-major


@dataclass
class Pointer:
    """A pointer/reference into a memory object at element ``offset``."""

    memory: Memory
    offset: sympy.Expr


def recast(pointer: Pointer, cast_type: cindex.Type) -> Pointer:
    """``pointer`` seen through a cast to ``cast_type``, as C++ counts it:
    the same byte address in elements of the cast's pointee
    (``reinterpret_cast<float4 *>(p)`` with p at float 8 is float4 2, and an
    access through it moves 16 bytes). A cast to something that is no
    pointer, or to a pointee of unknown size (``void *``), keeps the pointer
    as it was (decision 40 for OpenCL C)."""
    target = cast_type.get_canonical()
    if target.kind != TK.POINTER:
        return pointer
    pointee_type = target.get_pointee()
    written = cast_type.get_pointee() if cast_type.kind == TK.POINTER else pointee_type  # `float4`, as written
    element = ElementType(type_name(written), type_size(pointee_type))
    known = pointer.memory.element.bytes
    if element.bytes is None or known is None:
        return pointer
    offset = pointer.offset if element.bytes == known else sympy.expand(
        pointer.offset * sympy.Rational(known, element.bytes))
    return Pointer(replace(pointer.memory, element=element), offset)


def captured_memory(declaration: cindex.Cursor) -> Pointer | None:
    """The start of the memory a captured host variable (declared outside the
    kernel lambda) gives the kernel: an accessor, a pointer, ``annotated_arg``."""
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
    kind = spelling.split("<")[0].strip()
    if kind.endswith("accessor"):
        # declared in a generic lambda (``UnrolledLoop([&](auto i) {...})``): the
        # accessor's type is not deduced; the buffer it is built from tells the element.
        # In a function template (``buffer b(in)`` of a ``std::vector<T>``) neither
        # says it: still an accessor, its element unsized (the LSU's width may size it)
        element = _buffer_element(declaration) or ElementType("", None)
        return Pointer(Memory(name, element, "local" if kind.endswith("local_accessor") else "global"),
                       sympy.Integer(0))
    return None


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
