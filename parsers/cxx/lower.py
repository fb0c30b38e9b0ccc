"""Lower the functions of a libclang C++ translation unit to pycparser's
``c_ast`` so the analyses written for C (the HLScope+ instrumenter, static
trip counts) run on HLS C++ unchanged.

Only what those analyses read is lowered: statements (compound, loops, if,
switch, labels, jumps, declarations), calls of plain functions by name,
and the integer expressions of loop headers. Everything else becomes an
opaque ``ID`` (``__hlsight_cxx``), which the trip-count analysis treats as
unknown. Coordinates are clang's expansion locations: a loop written
through a macro sits on the macro's invocation, exactly where the C
preprocessor's line markers put it.

``#pragma HLS`` lines are not in clang's AST (unknown pragmas are dropped);
they are read from the original text and placed into the compound statement
that contains them, between the statements around them, as pycparser does.
Function templates and class members are not lowered (HLS tops are plain
functions); they are listed in ``skipped``.
"""

from __future__ import annotations

import ctypes
import re
from dataclasses import dataclass, field
from typing import Any

from pycparser import c_ast
from pycparser.c_parser import Coord

from hlsight.parsers.cxx.clang_frontend import CxxUnit

OPAQUE = "__hlsight_cxx"
_PRAGMA = re.compile(r"^[ \t]*#[ \t]*pragma[ \t]+(.*?)[ \t]*$", re.MULTILINE)
_BINARY = {"+", "-", "*", "/", "%", "<<", ">>", "<", ">", "<=", ">=", "==", "!=", "&", "|", "^", "&&", "||"}
_ASSIGN = {"=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^="}
_UNARY = {"-", "+", "!", "~", "*", "&", "++", "--"}


@dataclass
class LoweredUnit:
    ast: c_ast.FileAST
    skipped: list[str] = field(default_factory=list)  # "name: reason"


def _evaluate_int(cursor: Any) -> int | None:
    """Integer value of a constant expression (``clang_Cursor_Evaluate``;
    the Python binding does not wrap it)."""
    from clang.cindex import Cursor, conf

    lib = conf.lib
    evaluate = lib.clang_Cursor_Evaluate
    evaluate.argtypes, evaluate.restype = [Cursor], ctypes.c_void_p
    result = evaluate(cursor)
    if not result:
        return None
    try:
        lib.clang_EvalResult_getKind.argtypes = [ctypes.c_void_p]
        lib.clang_EvalResult_getKind.restype = ctypes.c_int
        if lib.clang_EvalResult_getKind(result) != 1:  # CXEval_Int
            return None
        lib.clang_EvalResult_getAsLongLong.argtypes = [ctypes.c_void_p]
        lib.clang_EvalResult_getAsLongLong.restype = ctypes.c_longlong
        return int(lib.clang_EvalResult_getAsLongLong(result))
    finally:
        lib.clang_EvalResult_dispose.argtypes = [ctypes.c_void_p]
        lib.clang_EvalResult_dispose(result)


class _Lowerer:
    def __init__(self, unit: CxxUnit):
        from clang import cindex

        self.cindex = cindex
        self.kinds = cindex.CursorKind
        self.unit = unit
        self.filename = str(unit.path)
        self.pragmas = [(unit.text.count("\n", 0, match.start()) + 1, match.group(1))
                        for match in _PRAGMA.finditer(unit.text)]

    # -- helpers
    def in_main(self, cursor: Any) -> bool:
        location = cursor.location
        return location.file is not None and location.file.name == self.filename

    def coord(self, cursor: Any) -> Coord:
        location = cursor.location
        name = location.file.name if location.file is not None else "<built-in>"
        return Coord(name, location.line, location.column)

    def opaque(self, cursor: Any) -> c_ast.ID:
        return c_ast.ID(OPAQUE, coord=self.coord(cursor))

    # -- functions
    def functions(self) -> LoweredUnit:
        out = LoweredUnit(c_ast.FileAST([]))
        stack = list(self.unit.translation_unit.cursor.get_children())  # type: ignore[attr-defined]
        while stack:
            cursor = stack.pop(0)
            kind = cursor.kind
            if kind in (self.kinds.LINKAGE_SPEC, self.kinds.NAMESPACE, self.kinds.UNEXPOSED_DECL):
                stack[:0] = list(cursor.get_children())
                continue
            if not self.in_main(cursor) or not cursor.is_definition():
                continue
            if kind == self.kinds.FUNCTION_DECL:
                out.ast.ext.append(self.function(cursor))
            elif kind in (self.kinds.FUNCTION_TEMPLATE, self.kinds.CXX_METHOD, self.kinds.CONSTRUCTOR):
                out.skipped.append(f"{cursor.spelling}: a function template or class member")
        return out

    def function(self, cursor: Any) -> c_ast.FuncDef:
        params = []
        for argument in cursor.get_arguments():
            kind = self.type_of(argument, argument.spelling)
            params.append(c_ast.Decl(argument.spelling or None, [], [], [], [], kind, None, None,
                                     coord=self.coord(argument)))
        result = cursor.result_type.spelling
        returns = c_ast.TypeDecl(cursor.spelling, [], None, c_ast.IdentifierType([result]))
        function_type = c_ast.FuncDecl(c_ast.ParamList(params) if params else None, returns)
        decl = c_ast.Decl(cursor.spelling, [], [], [], [], function_type, None, None, coord=self.coord(cursor))
        body = next((child for child in cursor.get_children() if child.kind == self.kinds.COMPOUND_STMT), None)
        lowered = self.compound(body) if body is not None else c_ast.Compound([])
        return c_ast.FuncDef(decl, None, lowered, coord=self.coord(cursor))

    def type_of(self, cursor: Any, name: str) -> c_ast.Node:
        kinds = self.cindex.TypeKind
        ctype = cursor.type
        canonical = ctype.get_canonical()
        base = c_ast.TypeDecl(name, [], None, c_ast.IdentifierType([ctype.spelling]))
        arrays = (kinds.CONSTANTARRAY, kinds.INCOMPLETEARRAY, kinds.VARIABLEARRAY, kinds.DEPENDENTSIZEDARRAY)
        if canonical.kind in arrays:
            size = canonical.get_array_size()
            element = c_ast.TypeDecl(name, [], None, c_ast.IdentifierType([canonical.element_type.spelling]))
            return c_ast.ArrayDecl(element, c_ast.Constant("int", str(size)) if size >= 0 else None, [])
        if canonical.kind in (kinds.POINTER, kinds.LVALUEREFERENCE, kinds.RVALUEREFERENCE):
            pointee = canonical.get_pointee()
            return c_ast.PtrDecl([], c_ast.TypeDecl(name, [], None, c_ast.IdentifierType([pointee.spelling])))
        return base

    # -- statements
    def statement(self, cursor: Any) -> c_ast.Node:
        k = self.kinds
        kind = cursor.kind
        children = list(cursor.get_children())
        coord = self.coord(cursor)
        if kind == k.COMPOUND_STMT:
            return self.compound(cursor)
        if kind == k.FOR_STMT:
            return self.for_statement(cursor, children, coord)
        if kind == k.WHILE_STMT:
            return c_ast.While(self.expression(children[-2]) if len(children) > 1 else self.opaque(cursor),
                               self.statement(children[-1]), coord=coord)
        if kind == k.DO_STMT:
            return c_ast.DoWhile(self.expression(children[-1]), self.statement(children[0]), coord=coord)
        if kind == k.IF_STMT:
            return self.if_statement(cursor, children, coord)
        if kind == k.SWITCH_STMT:
            return c_ast.Switch(self.expression(children[-2]), self.statement(children[-1]), coord=coord)
        if kind == k.CASE_STMT:
            return c_ast.Case(self.expression(children[0]), [self.statement(children[-1])], coord=coord)
        if kind == k.DEFAULT_STMT:
            return c_ast.Default([self.statement(children[-1])], coord=coord)
        if kind == k.BREAK_STMT:
            return c_ast.Break(coord=coord)
        if kind == k.CONTINUE_STMT:
            return c_ast.Continue(coord=coord)
        if kind == k.RETURN_STMT:
            return c_ast.Return(self.expression(children[0]) if children else None, coord=coord)
        if kind == k.GOTO_STMT:
            target = next((c.spelling for c in children if c.kind == k.LABEL_REF), OPAQUE)
            return c_ast.Goto(target, coord=coord)
        if kind == k.LABEL_STMT:
            body = self.statement(children[-1]) if children else c_ast.EmptyStatement(coord=coord)
            return c_ast.Label(cursor.spelling, body, coord=coord)
        if kind == k.DECL_STMT:
            declarations = [self.declaration(child) for child in children if child.kind == k.VAR_DECL]
            if len(declarations) == 1:
                return declarations[0]
            return c_ast.DeclList(declarations, coord=coord) if declarations else c_ast.EmptyStatement(coord=coord)
        if kind == k.NULL_STMT:
            return c_ast.EmptyStatement(coord=coord)
        return self.expression(cursor)

    def compound(self, cursor: Any) -> c_ast.Compound:
        items: list[c_ast.Node] = []
        children = list(cursor.get_children())
        extent = cursor.extent
        inside = self.in_main(cursor) and extent.start.file is not None
        pragmas = [(line, text) for line, text in self.pragmas
                   if inside and extent.start.line <= line <= extent.end.line
                   and not any(c.extent.start.line <= line <= c.extent.end.line and c.kind != self.kinds.NULL_STMT
                               for c in children if self.in_main(c))]
        for child in children:
            line = child.extent.start.line if self.in_main(child) else None
            while pragmas and line is not None and pragmas[0][0] < line:
                pragma_line, pragma_text = pragmas.pop(0)
                items.append(c_ast.Pragma(pragma_text, coord=Coord(self.filename, pragma_line, 1)))
            items.append(self.statement(child))
        items.extend(c_ast.Pragma(text, coord=Coord(self.filename, line, 1)) for line, text in pragmas)
        return c_ast.Compound(items, coord=self.coord(cursor))

    def for_statement(self, cursor: Any, children: list[Any], coord: Coord) -> c_ast.For:
        # libclang lists only the parts present: split them by the ';' tokens' offsets
        parts: list[c_ast.Node | None] = [None, None, None]
        body = children[-1] if children else None
        header = children[:-1]
        semicolons = self.header_semicolons(cursor)
        for child in header:
            offset = child.extent.start.offset
            slot = 0 if len(semicolons) < 2 or offset < semicolons[0] else 1 if offset < semicolons[1] else 2
            if len(semicolons) < 2:
                slot = [0, 1, 2][min(header.index(child) + (3 - len(header)), 2)]
            parts[slot] = self.declaration_or_expression(child)
        init = parts[0]
        if isinstance(init, c_ast.Decl):
            init = c_ast.DeclList([init], coord=init.coord)
        return c_ast.For(init, parts[1], parts[2], self.statement(body) if body is not None
                         else c_ast.EmptyStatement(coord=coord), coord=coord)

    def header_semicolons(self, cursor: Any) -> list[int]:
        offsets: list[int] = []
        depth = 0
        for token in cursor.get_tokens():
            text = token.spelling
            if text == "(":
                depth += 1
            elif text == ")":
                depth -= 1
                if depth == 0:
                    break
            elif text == ";" and depth == 1:
                offsets.append(token.extent.start.offset)
        return offsets

    def if_statement(self, cursor: Any, children: list[Any], coord: Coord) -> c_ast.If:
        # children: [condition, then, else?]; a declaration condition adds a VAR_DECL first
        ordered = [c for c in children if c.kind != self.kinds.VAR_DECL]
        condition = ordered[0] if ordered else None
        branches = ordered[1:]
        then = self.statement(branches[0]) if branches else c_ast.EmptyStatement(coord=coord)
        other = self.statement(branches[1]) if len(branches) > 1 else None
        return c_ast.If(self.expression(condition) if condition is not None else self.opaque(cursor), then, other,
                        coord=coord)

    def declaration_or_expression(self, cursor: Any) -> c_ast.Node:
        if cursor.kind == self.kinds.DECL_STMT:
            return self.statement(cursor)
        return self.expression(cursor)

    def declaration(self, cursor: Any) -> c_ast.Decl:
        initializer = None
        equals = self.initializer_offset(cursor)
        children = [c for c in cursor.get_children() if c.kind.is_expression()
                    and equals is not None and c.extent.start.offset > equals]
        if children:
            initializer = self.expression(children[-1])
        return c_ast.Decl(cursor.spelling, [], [], [], [], self.type_of(cursor, cursor.spelling), initializer, None,
                          coord=self.coord(cursor))

    def initializer_offset(self, cursor: Any) -> int | None:
        """Offset of the ``=`` of ``T x = init`` (array sizes are children too)."""
        depth = 0
        for token in cursor.get_tokens():
            text = token.spelling
            if text in ("(", "[", "{", "<"):
                depth += 1
            elif text in (")", "]", "}", ">"):
                depth -= 1
            elif text == "=" and depth <= 0:
                return int(token.extent.start.offset)
        return None

    # -- expressions
    def expression(self, cursor: Any) -> c_ast.Node:
        k = self.kinds
        kind = cursor.kind
        coord = self.coord(cursor)
        children = list(cursor.get_children())
        if kind in (k.UNEXPOSED_EXPR, k.PAREN_EXPR, k.CSTYLE_CAST_EXPR, k.CXX_FUNCTIONAL_CAST_EXPR,
                    k.CXX_STATIC_CAST_EXPR) and children:
            return self.expression(children[-1])
        if kind == k.INTEGER_LITERAL or (kind == k.DECL_REF_EXPR and self.is_constant(cursor)):
            value = _evaluate_int(cursor)
            if value is not None:
                return c_ast.Constant("int", str(value), coord=coord)
        if kind == k.DECL_REF_EXPR:
            return c_ast.ID(cursor.spelling, coord=coord)
        if kind == k.CALL_EXPR:
            return self.call(cursor, children, coord)
        if kind == k.BINARY_OPERATOR and len(children) == 2:
            operator = self.operator_between(cursor, children[0])
            left, right = self.expression(children[0]), self.expression(children[1])
            if operator in _ASSIGN:
                return c_ast.Assignment(operator, left, right, coord=coord)
            if operator in _BINARY:
                return c_ast.BinaryOp(operator, left, right, coord=coord)
            if operator == ",":
                return c_ast.ExprList([left, right], coord=coord)
        if kind == k.COMPOUND_ASSIGNMENT_OPERATOR and len(children) == 2:
            operator = self.operator_between(cursor, children[0])
            if operator in _ASSIGN:
                return c_ast.Assignment(operator, self.expression(children[0]), self.expression(children[1]),
                                        coord=coord)
        if kind == k.UNARY_OPERATOR and len(children) == 1:
            tokens = [token.spelling for token in cursor.get_tokens()]
            if tokens and tokens[0] in _UNARY:
                return c_ast.UnaryOp(tokens[0], self.expression(children[0]), coord=coord)
            if tokens and tokens[-1] in ("++", "--"):
                return c_ast.UnaryOp("p" + tokens[-1], self.expression(children[0]), coord=coord)
        if kind == k.ARRAY_SUBSCRIPT_EXPR and len(children) == 2:
            return c_ast.ArrayRef(self.expression(children[0]), self.expression(children[1]), coord=coord)
        if kind == k.CONDITIONAL_OPERATOR and len(children) == 3:
            return c_ast.TernaryOp(*(self.expression(child) for child in children), coord=coord)
        if kind == k.MEMBER_REF_EXPR and children:
            return c_ast.StructRef(self.expression(children[0]), ".", c_ast.ID(cursor.spelling), coord=coord)
        if kind == k.CXX_BOOL_LITERAL_EXPR:
            value = _evaluate_int(cursor)
            return c_ast.Constant("int", str(value if value is not None else 0), coord=coord)
        if kind in (k.FLOATING_LITERAL, k.STRING_LITERAL, k.CHARACTER_LITERAL):
            tokens = [token.spelling for token in cursor.get_tokens()]
            kind_name = {k.FLOATING_LITERAL: "double", k.STRING_LITERAL: "string", k.CHARACTER_LITERAL: "char"}[kind]
            return c_ast.Constant(kind_name, tokens[0] if tokens else "0", coord=coord)
        # anything else: keep the calls inside visible to the planner
        inner = [self.expression(child) for child in children if child.kind.is_expression()]
        calls = [node for node in inner if _contains_call(node)]
        if calls:
            return c_ast.ExprList(calls, coord=coord)
        return self.opaque(cursor)

    def is_constant(self, cursor: Any) -> bool:
        referenced = cursor.referenced
        if referenced is None:
            return False
        if referenced.kind == self.kinds.ENUM_CONSTANT_DECL:
            return True
        return bool(referenced.kind == self.kinds.VAR_DECL and referenced.type.is_const_qualified())

    def call(self, cursor: Any, children: list[Any], coord: Coord) -> c_ast.Node:
        referenced = cursor.referenced
        arguments = [self.expression(argument) for argument in cursor.get_arguments()]
        plain = referenced is not None and referenced.kind == self.kinds.FUNCTION_DECL
        if plain and cursor.spelling and not cursor.spelling.startswith("operator"):
            name_cursor = next((c for c in cursor.walk_preorder() if c.kind == self.kinds.DECL_REF_EXPR
                                and c.spelling == cursor.spelling), cursor)
            return c_ast.FuncCall(c_ast.ID(cursor.spelling, coord=self.coord(name_cursor)),
                                  c_ast.ExprList(arguments) if arguments else None, coord=coord)
        inner = [self.expression(child) for child in children if child.kind.is_expression()]
        calls = [node for node in inner if _contains_call(node)]
        return c_ast.ExprList(calls, coord=coord) if calls else self.opaque(cursor)

    def operator_between(self, cursor: Any, left: Any) -> str | None:
        end = left.extent.end.offset
        for token in cursor.get_tokens():
            if token.extent.start.offset >= end and token.kind == self.cindex.TokenKind.PUNCTUATION:
                return str(token.spelling)
        return None


def _contains_call(node: c_ast.Node) -> bool:
    if isinstance(node, c_ast.FuncCall):
        return True
    return any(_contains_call(child) for _name, child in node.children())


def lower(unit: CxxUnit) -> LoweredUnit:
    """The function definitions of ``unit``'s main file as ``c_ast``."""
    return _Lowerer(unit).functions()
