"""Small libclang helpers the SYCL access analysis needs.

The Python bindings of libclang 18 expose neither operator kinds nor
constant evaluation; both exist in the C API (``clang_getCursorBinaryOperatorKind``,
``clang_Cursor_Evaluate``) and are called through ctypes here.
"""

from __future__ import annotations

import ctypes
import functools
from typing import Any

from clang import cindex

from hlsight.parsers.cxx.visitor import children

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


_SIGNATURES: list[tuple[str, list[Any], Any]] = [
    ("clang_getCursorBinaryOperatorKind", [cindex.Cursor], ctypes.c_int),
    ("clang_getBinaryOperatorKindSpelling", [ctypes.c_int], cindex._CXString),
    ("clang_getCursorUnaryOperatorKind", [cindex.Cursor], ctypes.c_int),
    ("clang_getUnaryOperatorKindSpelling", [ctypes.c_int], cindex._CXString),
    ("clang_Location_isFromMainFile", [cindex.SourceLocation], ctypes.c_int),
    ("clang_Cursor_Evaluate", [cindex.Cursor], ctypes.c_void_p),
    ("clang_EvalResult_getKind", [ctypes.c_void_p], ctypes.c_int),
    ("clang_EvalResult_isUnsignedInt", [ctypes.c_void_p], ctypes.c_uint),
    ("clang_EvalResult_getAsUnsigned", [ctypes.c_void_p], ctypes.c_ulonglong),
    ("clang_EvalResult_getAsLongLong", [ctypes.c_void_p], ctypes.c_longlong),
    ("clang_EvalResult_dispose", [ctypes.c_void_p], None),
]


@functools.lru_cache(maxsize=1)
def _lib() -> Any:
    lib = cindex.conf.lib
    for name, argtypes, restype in _SIGNATURES:
        function = getattr(lib, name)
        function.argtypes = argtypes
        function.restype = restype
    return lib


def in_main_file(cursor: cindex.Cursor) -> bool:
    """Declared in the parsed file itself (not in an included header); one
    C call instead of building the file name of every top-level cursor."""
    return bool(_lib().clang_Location_isFromMainFile(cursor.location))


def _spelling(raw: Any) -> str:
    return str(cindex._CXString.from_result(raw))


def binary_operator(cursor: cindex.Cursor) -> str:
    """``+``, ``<``, ``=``, ``+=``... of a BINARY_OPERATOR / COMPOUND_ASSIGNMENT_OPERATOR."""
    lib = _lib()
    return _spelling(lib.clang_getBinaryOperatorKindSpelling(lib.clang_getCursorBinaryOperatorKind(cursor)))


def unary_operator(cursor: cindex.Cursor) -> str:
    """``-``, ``++`` (prefix), ``++`` (postfix: spelled ``++`` too), ``&``, ``*``, ``!``..."""
    lib = _lib()
    return _spelling(lib.clang_getUnaryOperatorKindSpelling(lib.clang_getCursorUnaryOperatorKind(cursor)))


def unary_prefix(cursor: cindex.Cursor) -> bool:
    """``++v``/``--v`` (libclang's CXUnaryOperator_PreInc / PreDec), not ``v++``/``v--``."""
    return int(_lib().clang_getCursorUnaryOperatorKind(cursor)) in (3, 4)


def evaluate_int(cursor: cindex.Cursor) -> int | None:
    """The integer value of a constant expression (macros, ``constexpr``), else ``None``."""
    lib = _lib()
    result = lib.clang_Cursor_Evaluate(cursor)
    if not result:
        return None
    try:
        if lib.clang_EvalResult_getKind(result) != 1:  # CXEval_Int
            return None
        if lib.clang_EvalResult_isUnsignedInt(result):
            return int(lib.clang_EvalResult_getAsUnsigned(result))
        return int(lib.clang_EvalResult_getAsLongLong(result))
    finally:
        lib.clang_EvalResult_dispose(result)


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
