"""libclang's C API where its Python bindings stop: operator kinds and
constant evaluation (``clang_getCursorBinaryOperatorKind``,
``clang_Cursor_Evaluate``, libclang 17+), called through ctypes. One set of
signatures for the SYCL access analysis and the HLS C++ lowering, which
reads operators inside macro expansions through them."""

from __future__ import annotations

import ctypes
import functools
from typing import Any

from clang import cindex

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
    """``+``, ``<``, ``=``, ``+=``... of a BINARY_OPERATOR / COMPOUND_ASSIGNMENT_OPERATOR
    (``""`` for any other cursor: libclang's spelling of its invalid kind reads out of range)."""
    lib = _lib()
    kind = lib.clang_getCursorBinaryOperatorKind(cursor)
    return _spelling(lib.clang_getBinaryOperatorKindSpelling(kind)) if kind else ""


def unary_operator(cursor: cindex.Cursor) -> str:
    """``-``, ``++`` (prefix), ``++`` (postfix: spelled ``++`` too), ``&``, ``*``, ``!``...
    (``""`` for any other cursor)."""
    lib = _lib()
    kind = lib.clang_getCursorUnaryOperatorKind(cursor)
    return _spelling(lib.clang_getUnaryOperatorKindSpelling(kind)) if kind else ""


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
