"""Small libclang helpers the SYCL access analysis needs (the C-API calls
the Python bindings lack live in :mod:`hlsight.parsers.cxx.clang_api`,
shared with the HLS C++ lowering, and are re-exported here)."""

from __future__ import annotations

from clang import cindex

from hlsight.parsers.cxx.clang_api import binary_operator, evaluate_int, in_main_file, unary_operator, unary_prefix
from hlsight.parsers.cxx.visitor import children

__all__ = ["binary_operator", "evaluate_int", "in_main_file", "unary_operator", "unary_prefix"]

CK = cindex.CursorKind
TK = cindex.TypeKind

#: the casts a user writes (a pointer cast may change the element: :func:`strip` keeps them on request)
EXPLICIT_CASTS = {
    CK.CSTYLE_CAST_EXPR, CK.CXX_STATIC_CAST_EXPR, CK.CXX_FUNCTIONAL_CAST_EXPR, CK.CXX_CONST_CAST_EXPR,
    CK.CXX_REINTERPRET_CAST_EXPR,
}
#: wrappers that only pass their one operand through
TRANSPARENT = {CK.UNEXPOSED_EXPR, CK.PAREN_EXPR} | EXPLICIT_CASTS
_TYPE_REFS = {CK.TYPE_REF, CK.TEMPLATE_REF, CK.NAMESPACE_REF}


def strip(cursor: cindex.Cursor, keep_casts: bool = False) -> cindex.Cursor:
    """The expression under implicit conversions, parentheses and casts
    (``keep_casts``: stop at a cast the user wrote)."""
    transparent = TRANSPARENT - EXPLICIT_CASTS if keep_casts else TRANSPARENT
    while cursor.kind in transparent:
        operands = expression_children(cursor)
        if len(operands) != 1:
            break
        cursor = operands[0]
    return cursor


def expression_children(cursor: cindex.Cursor) -> list[cindex.Cursor]:
    return [child for child in children(cursor) if child.kind not in _TYPE_REFS]


def call_arguments(cursor: cindex.Cursor) -> list[cindex.Cursor]:
    try:
        return list(cursor.get_arguments())
    except Exception:  # libclang raises plain exceptions on odd cursors
        return []


def text(cursor: cindex.Cursor, lines: list[str]) -> str:
    """Source text of ``cursor`` (one line; longer extents are cut)."""
    start, end = cursor.extent.start, cursor.extent.end
    if start.file is None or start.line < 1 or start.line > len(lines):
        return str(cursor.spelling)
    if start.line == end.line:
        return str(lines[start.line - 1][start.column - 1 : end.column - 1]).strip()
    return str(lines[start.line - 1][start.column - 1 :]).strip() + " ..."


def pointee(kind_type: cindex.Type) -> cindex.Type:
    """``T`` of ``T&`` / ``T&&`` (other types unchanged)."""
    if kind_type.kind in (TK.LVALUEREFERENCE, TK.RVALUEREFERENCE):
        return kind_type.get_pointee()
    return kind_type


def type_size(value_type: cindex.Type) -> int | None:
    size = pointee(value_type).get_canonical().get_size()
    return size if size > 0 else None


def type_name(value_type: cindex.Type) -> str:
    return str(pointee(value_type).spelling).replace("const ", "")


#: a declaration by where it is: file, line, column and name
Key = tuple[str, int, int, str]


def declaration_key(cursor: cindex.Cursor) -> Key:
    location = cursor.location
    return (location.file.name if location.file else "", location.line, location.column, cursor.spelling)


def call_name(cursor: cindex.Cursor) -> str:
    """Name of the called function, also for calls clang could not resolve
    (inside generic lambdas and templates: ``h.single_task(...)`` with a
    dependent type, where the callee is an unresolved member reference)."""
    if cursor.spelling:
        return str(cursor.spelling)
    parts = children(cursor)
    if not parts:
        return ""
    callee = parts[0]
    while callee.kind == CK.UNEXPOSED_EXPR and (inner := children(callee)):
        callee = inner[0]
    if callee.kind in (CK.MEMBER_REF_EXPR, CK.DECL_REF_EXPR, CK.OVERLOADED_DECL_REF) and callee.spelling:
        return str(callee.spelling)
    for node in children(callee):
        if node.kind == CK.OVERLOADED_DECL_REF and node.spelling:
            return str(node.spelling)
    # ``h.single_task<Kernel<T>>`` / ``Pipes::PipeAt<i>::read``: the last name outside <...>
    depth = 0
    last = ""
    for token in (token.spelling for token in callee.get_tokens()):
        depth += {"<": 1, ">": -1, ">>": -2}.get(token, 0)
        if depth <= 0 and token.isidentifier() and token not in ("template", "class", "struct", "typename"):
            last = token
            depth = 0
    return last
