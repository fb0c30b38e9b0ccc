"""Element types of arrays and pointers: name, size in bytes, address space.

The element size is the model's ``ls_bytes`` (journal Table 2): the bytes
one access moves. OpenCL vector types are looked up *before* typedefs are
followed, because the front end typedefs ``float2`` to ``float`` only so that
pycparser accepts it; their real size (8 bytes) lives in
:func:`hlsight.parsers.csource.opencl_type_bytes`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pycparser import c_ast

from hlsight.parsers.csource import OPENCL_VECTOR_TYPES, opencl_type_bytes
from hlsight.parsers.cxx import ap_integer_bytes

_C_SCALARS = {
    "char": 1,
    "signed char": 1,
    "unsigned char": 1,
    "_Bool": 1,
    "short": 2,
    "short int": 2,
    "unsigned short": 2,
    "unsigned short int": 2,
    "signed short": 2,
    "int": 4,
    "signed": 4,
    "signed int": 4,
    "unsigned": 4,
    "unsigned int": 4,
    "long": 8,
    "long int": 8,
    "unsigned long": 8,
    "unsigned long int": 8,
    "long long": 8,
    "long long int": 8,
    "unsigned long long": 8,
    "unsigned long long int": 8,
    "float": 4,
    "double": 8,
}

_LOCAL = re.compile(r"\b(?:__local|local)\b")
_CONSTANT = re.compile(r"\b(?:__constant|constant)\b")
_GLOBAL = re.compile(r"\b(?:__global|global)\b")


@dataclass(frozen=True)
class ElementType:
    """The type one element of an array/pointer has, and its size."""

    name: str
    bytes: int | None


def typedef_table(ast: c_ast.FileAST) -> dict[str, c_ast.Node]:
    """Typedef name -> its declared type node, for following typedef chains."""
    return {node.name: node.type for node in ast.ext if isinstance(node, c_ast.Typedef)}


def _scalar_name(node: c_ast.Node) -> str | None:
    if isinstance(node, c_ast.TypeDecl):
        inner = node.type
        if isinstance(inner, c_ast.IdentifierType):
            return " ".join(inner.names)
        if isinstance(inner, c_ast.Struct | c_ast.Union):
            return f"struct {inner.name}" if inner.name else "struct"
        if isinstance(inner, c_ast.Enum):
            return "int"
    return None


def type_bytes(name: str, typedefs: dict[str, c_ast.Node], depth: int = 0) -> int | None:
    """Bytes of the type spelled ``name`` (OpenCL vectors, C scalars, typedefs)."""
    name = " ".join(name.split())
    if name in OPENCL_VECTOR_TYPES:
        return opencl_type_bytes(name)
    if name in _C_SCALARS:
        return _C_SCALARS[name]
    synthesized = ap_integer_bytes(name)  # a bus word's bytes (decision 84)
    if synthesized is not None:
        return synthesized
    if depth < 16 and name in typedefs:
        declared = typedefs[name]
        if isinstance(declared, c_ast.TypeDecl) and isinstance(declared.type, c_ast.Struct | c_ast.Union):
            return aggregate_bytes(declared.type, typedefs, depth + 1)
        target = _scalar_name(declared)
        if target is not None:
            return type_bytes(target, typedefs, depth + 1)
        return None
    return opencl_type_bytes(name)


def sizeof_type(node: c_ast.Node) -> int | None:
    """``sizeof(int)``: bytes of a scalar type name (``None``: a struct, a
    typedef or an expression, which the caller leaves opaque)."""
    if isinstance(node, c_ast.Typename):
        name = _scalar_name(node.type)
        if name is not None:
            return type_bytes(name, {})
    return None


def aggregate_bytes(node: c_ast.Struct | c_ast.Union, typedefs: dict[str, c_ast.Node], depth: int = 0) -> int | None:
    """Size of a struct or a union with its definition at hand."""
    return union_bytes(node, typedefs, depth) if isinstance(node, c_ast.Union) else struct_bytes(node, typedefs, depth)


def _field_bytes(decl: c_ast.Node, typedefs: dict[str, c_ast.Node], depth: int) -> tuple[int, int] | None:
    """(bytes, alignment) of one member: an array of a scalar, vector or
    typedef'd type, or a struct/union defined in place (``struct {float s0,
    s1;};`` inside T2S's ``float32`` union); ``None`` when a size is unknown."""
    field, count = decl.type, 1
    while isinstance(field, c_ast.ArrayDecl):  # `int nei[4]`: four ints, aligned as one
        dim = field.dim
        if not (isinstance(dim, c_ast.Constant) and dim.type == "int" and dim.value.rstrip("uUlL").isdigit()):
            return None
        count *= int(dim.value.rstrip("uUlL"))
        field = field.type
    # a named member wraps its type in a TypeDecl; an anonymous one (C11) is the Struct/Union itself
    inner = field.type if isinstance(field, c_ast.TypeDecl) else field
    if isinstance(inner, c_ast.Struct | c_ast.Union) and inner.decls and depth <= 16:
        size = aggregate_bytes(inner, typedefs, depth + 1)
    else:
        name = _scalar_name(field)
        size = None if name is None or depth > 16 else type_bytes(name, typedefs, depth + 1)
    if size is None:
        return None
    return size * count, min(size, 16)


def struct_bytes(struct: c_ast.Struct, typedefs: dict[str, c_ast.Node], depth: int = 0) -> int | None:
    """Size of a struct with C layout (each field aligned to its size, the
    whole padded to the largest field); ``None`` when a field size is unknown."""
    if not struct.decls:
        return None
    offset = 0
    largest = 1
    for decl in struct.decls:
        member = _field_bytes(decl, typedefs, depth)
        if member is None:
            return None
        size, align = member
        offset = (offset + align - 1) // align * align + size
        largest = max(largest, align)
    return (offset + largest - 1) // largest * largest


def union_bytes(union: c_ast.Union, typedefs: dict[str, c_ast.Node], depth: int = 0) -> int | None:
    """Size of a union: its largest member, padded to the largest alignment
    (C11 6.7.2.1). T2S declares its wide vectors so (``typedef union { float
    s[32]; struct {float s0, ..., s31;}; } float32;``, 128 B) and loads them
    through ``*((float32 *)(p + 32*i))``: without the size the cast kept
    ``float`` elements and read stride 32 of 4 B where aoc builds one 1024-bit
    LSU of consecutive 128 B elements. An ``aligned`` attribute (the front
    end drops attributes) can only pad this further; T2S's match their size."""
    if not union.decls:
        return None
    members = [_field_bytes(decl, typedefs, depth) for decl in union.decls]
    if any(member is None for member in members):
        return None
    largest = max(member[0] for member in members if member is not None)
    align = max(member[1] for member in members if member is not None)
    return (largest + align - 1) // align * align


def element_type(decl_type: c_ast.Node, typedefs: dict[str, c_ast.Node]) -> ElementType | None:
    """Element type of a pointer or array declaration (``float2 *x`` -> float2, 8 B).

    For multi-dimensional arrays the innermost element is returned; ``None``
    when the declaration is neither a pointer nor an array.
    """
    node = decl_type
    if not isinstance(node, c_ast.PtrDecl | c_ast.ArrayDecl):
        return None
    while isinstance(node, c_ast.PtrDecl | c_ast.ArrayDecl):
        node = node.type
    name = _scalar_name(node)
    if name is None:
        return ElementType("?", None)
    return ElementType(name, type_bytes(name, typedefs))


def array_dims(decl_type: c_ast.Node) -> list[c_ast.Node | None]:
    """Dimension expressions of an array declaration, outermost first."""
    dims: list[c_ast.Node | None] = []
    node = decl_type
    while isinstance(node, c_ast.ArrayDecl):
        dims.append(node.dim)
        node = node.type
    return dims


def address_space(declaration_text: str, is_param: bool, is_pointer: bool, file_scope: bool) -> str:
    """``global``/``local``/``constant``/``private`` of an OpenCL declaration.

    The front end defines the qualifiers away (pycparser does not know them),
    so they are read back from the original line text of the declaration.
    Kernel pointer arguments without a qualifier are global in practice.
    """
    if _LOCAL.search(declaration_text):
        return "local"
    if _CONSTANT.search(declaration_text) and is_pointer:
        return "constant"
    if _GLOBAL.search(declaration_text) and is_pointer:
        return "global"
    if is_param and is_pointer:
        return "global"
    if file_scope:
        return "private"  # file-scope tables and channels become ROMs/FIFOs, not LSUs
    return "private"
