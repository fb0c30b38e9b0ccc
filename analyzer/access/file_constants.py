"""Integer constants a C source fixes outside any function: enumerators and
``const`` scalars with a constant initializer.

HLS C writes sizes as ``#define N 64`` (the preprocessor resolves those), but
also as ``static const int SIZE = 8192;`` or ``enum { SIZE = 64 };``
(public HLStrans and MachSuite kernels). pycparser keeps both as names, so a
loop ``for (i = 0; i < SIZE; i++)`` was counted ``SIZE`` and the user was
asked for a value the source already holds. A C++ source gets these from
clang's evaluator (:mod:`hlsight.parsers.cxx.lower`); this is the C side.

A non-``const`` global is left alone: the program may change it.
"""

from __future__ import annotations

from collections.abc import Callable

import sympy
from pycparser import c_ast

#: the qualifiers that make a file-scope scalar a constant (OpenCL's
#: ``__constant`` address space reaches pycparser as ``const`` or ``__constant``)
_CONSTANT = frozenset({"const", "__constant", "constant"})


def file_constants(ast: c_ast.FileAST, evaluate: Callable[[c_ast.Node, dict[str, sympy.Expr]], sympy.Expr]
                   ) -> dict[str, sympy.Integer]:
    """name -> value of every enumerator and ``const`` integer scalar declared
    at file scope whose value is a number; ``evaluate(expression, known)``
    turns an initializer into an expression over the constants before it."""
    known: dict[str, sympy.Expr] = {}
    for node in ast.ext:
        if isinstance(node, c_ast.FuncDef):
            continue
        for enum in _enums(node):
            _enumerators(enum, known, evaluate)
        if isinstance(node, c_ast.Decl) and node.name is not None and node.init is not None \
                and _constant_scalar(node):
            value = evaluate(node.init, known)
            if value.is_Integer:
                known[node.name] = value
    return {name: value for name, value in known.items() if isinstance(value, sympy.Integer)}


def _constant_scalar(decl: c_ast.Decl) -> bool:
    declared = decl.type
    if not isinstance(declared, c_ast.TypeDecl) or not isinstance(declared.type, c_ast.IdentifierType):
        return False
    qualifiers = {*decl.quals, *declared.quals, *decl.storage}
    return bool(qualifiers & _CONSTANT) and not {"float", "double"} & set(declared.type.names)


def _enums(node: c_ast.Node) -> list[c_ast.Enum]:
    """The enum definitions written in one file-scope declaration (``enum {
    ... };``, ``typedef enum { ... } t;``, ``enum e { ... } x;``)."""
    found: list[c_ast.Enum] = []
    stack: list[c_ast.Node] = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, c_ast.Enum) and current.values is not None:
            found.append(current)
            continue
        if isinstance(current, c_ast.FuncDef | c_ast.Compound):
            continue
        stack.extend(child for _name, child in current.children())
    return found


def _enumerators(enum: c_ast.Enum, known: dict[str, sympy.Expr],
                 evaluate: Callable[[c_ast.Node, dict[str, sympy.Expr]], sympy.Expr]) -> None:
    following: sympy.Expr | None = sympy.Integer(0)
    for enumerator in enum.values.enumerators:
        value = evaluate(enumerator.value, known) if enumerator.value is not None else following
        if value is not None and value.is_Integer:
            known[enumerator.name] = value
            following = value + 1
        else:
            following = None  # the ones after an unknown value are unknown too
