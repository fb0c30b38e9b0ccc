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
Function templates and class members are not lowered as written (HLS
tops are plain functions); they are listed in ``skipped``. With
``vendor_folders`` given (the analysis of a report), what the lowered code
calls in the design's own files is lowered too, as the HLS tool
synthesizes it: a template's instantiation with its arguments bound
(``copy<64, int>``, a module ``copy_64_int_s`` of the report), a class
member (``Acc::run``), a function a user header defines (decision 76).
With ``instances`` (the instrumenter's reading), the instantiations of the
main file's free function templates its code calls are lowered beside the
file's functions (:class:`TemplateInstance`), each under the name the
analysis gives it, for the instrumenter to count per instance.

Three cursor visitors (:mod:`hlsight.parsers.cxx.visitor`) do the work: the
declarations of the file, the statements of a body, the expressions.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pycparser import c_ast
from pycparser.ast_transforms import fix_switch_cases
from pycparser.c_parser import Coord

from hlsight.parsers.csource.synthesis_regions import simulation_only_lines
from hlsight.parsers.cxx import OPAQUE, STREAM_CALLS, ap_integer_bytes
from hlsight.parsers.cxx.clang_frontend import STAND_INS, CxxUnit
from hlsight.parsers.cxx.visitor import CursorVisitor, children

_PRAGMA = re.compile(r"^[ \t]*#[ \t]*pragma[ \t]+(.*?)[ \t]*$", re.MULTILINE)
_BINARY = {"+", "-", "*", "/", "%", "<<", ">>", "<", ">", "<=", ">=", "==", "!=", "&", "|", "^", "&&", "||"}
_ASSIGN = {"=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^="}
_UNARY = {"-", "+", "!", "~", "*", "&", "++", "--"}
#: ``hls::stream`` members that move an element, by the call the lowering makes of them
_STREAM_METHODS = {**{call.removeprefix("__hlsight_stream_"): call for call in STREAM_CALLS},
                   "operator>>": "__hlsight_stream_read", "operator<<": "__hlsight_stream_write"}
#: an arbitrary-precision integer or fixed-point type
#: the cv-qualifiers libclang spells before a canonical type (``const volatile int``)
_QUALIFIERS = re.compile(r"^(?:(?:const|volatile|restrict)\s+)+")
_AP_TYPE = re.compile(r"^(?:const )?(?:volatile )?ap_u?(?:int|fixed)<")


class OpaqueCoord(Coord):  # type: ignore[misc]  # pycparser ships no types
    """Where an expression the lowering does not read stands, with its text:
    the analyses that meet its ``__hlsight_cxx`` say what it was
    (``sizeof(ap_uint<8>) * 4``), not the internal name."""

    __slots__ = ("text",)

    def __init__(self, file: str, line: int, column: int | None, text: str) -> None:
        super().__init__(file, line, column)
        self.text = text


@dataclass(frozen=True)
class TemplateInstance:
    """An instantiation of a free function template of the main file, or of
    a header of the user's beside it (hls4ml's ``nnet_utils/*.h``), that the
    file's code calls, for the instrumenter: one template body serves every
    instance, and each instance is its own report module (``copy<64, int>``:
    ``copy_64_int_s``, decision 76)."""

    #: the name the analysis gives it (``copy<64, int>``)
    name: str
    #: the template it instantiates: (line, column) of its name in :attr:`file`
    template: tuple[int, int]
    #: C++ for the instance's address after the whole file (``&copy<64, int>``)
    address: str
    #: C++ for the same address inside the template's body (``&copy<N, T>``)
    own_address: str
    #: why the instrumenter cannot tell this instance apart at run time ("": it can)
    unsupported: str = ""
    #: the file that defines the template, as clang names it ("": the main file)
    file: str = ""


@dataclass
class LoweredUnit:
    ast: c_ast.FileAST
    #: (line, message) of each function template or class member with loops,
    #: which are not lowered
    skipped: list[tuple[int, str, str]] = field(default_factory=list)
    #: the names of the definitions lowered because the code calls them
    #: (instantiations, class members, functions of the design's headers)
    called: set[str] = field(default_factory=set)
    #: with ``instances``: the template instances called, with their lowered bodies
    instances: list[tuple[TemplateInstance, c_ast.FuncDef]] = field(default_factory=list)
    #: with ``instances``: each call of one (its ``ID`` keeps the template's name) and the instance it calls
    instance_calls: list[tuple[c_ast.ID, str]] = field(default_factory=list)


def _operator(cursor: Any, binary: bool) -> str | None:
    """The operator of ``cursor`` as clang's AST holds it (``+``, ``+=``;
    ``++`` prefix, ``p++`` postfix, as pycparser spells them), or ``None``
    when this libclang has no such call (before 17) or names none. Tokens
    cannot tell it inside a macro's expansion: ``#define HALF_SIZE
    (((WIN_SIZE) - 1) / 2)`` gives the expression the one token
    ``HALF_SIZE``, and a public convolution's loop ``x = MAX_WIDTH -
    HALF_SIZE - 1`` was not counted."""
    from hlsight.parsers.cxx import clang_api

    try:
        spelled = clang_api.binary_operator(cursor) if binary else clang_api.unary_operator(cursor)
    except AttributeError:  # a libclang before 17
        return None
    if spelled in ("++", "--") and not binary and not clang_api.unary_prefix(cursor):
        return "p" + spelled
    return spelled or None


def _evaluate_int(cursor: Any) -> int | None:
    """Integer value of a constant expression, unsigned values read as
    unsigned (``18446744073709551615ull`` was -1, and a bound divided by
    it 0)."""
    from hlsight.parsers.cxx import clang_api

    return clang_api.evaluate_int(cursor)


class _Declarations(CursorVisitor):
    """The function definitions of the main file, through namespaces and ``extern "C"``."""

    def __init__(self, lowerer: _Lowerer):
        self.lowerer = lowerer
        self.out = LoweredUnit(c_ast.FileAST([]))

    def _defined_here(self, cursor: Any) -> bool:
        return self.lowerer.in_main(cursor) and bool(cursor.is_definition())

    def generic_visit(self, cursor: Any) -> None:
        return None  # types, variables, using-declarations: nothing to lower

    def visit_TRANSLATION_UNIT(self, cursor: Any) -> None:
        for child in children(cursor):
            self.visit(child)

    visit_LINKAGE_SPEC = visit_NAMESPACE = visit_UNEXPOSED_DECL = visit_TRANSLATION_UNIT

    def visit_FUNCTION_DECL(self, cursor: Any) -> None:
        if not self._defined_here(cursor):
            return
        if str(cursor.spelling).startswith("operator") and self.lowerer.vendor_folders is not None:
            self.lowerer.want(cxx_name(cursor, self.lowerer.cindex), cursor)  # as its calls name it
            return
        self.out.ast.ext.append(self.lowerer.function(cursor))

    def visit_FUNCTION_TEMPLATE(self, cursor: Any) -> None:
        if not self._defined_here(cursor):
            return
        loops = sum(1 for node in cursor.walk_preorder() if node.kind.name in _LOOP_KINDS)
        if loops:  # what the instrumenter leaves alone is said (a public 2D convolution: 20 loops, no word)
            what = "class member" if cursor.kind.name in ("CXX_METHOD", "CONSTRUCTOR") else "function template"
            self.out.skipped.append((
                cursor.location.line, "instrument-template-skipped",
                f"'{cursor.spelling}' is a {what}: hlsight does not instrument its {loops} loop(s) (pass 1 gives"
                " them no trip-count pragma; pass 2 counts them inside the calling function's own cycles)"))

    visit_CONSTRUCTOR = visit_FUNCTION_TEMPLATE

    def visit_CXX_METHOD(self, cursor: Any) -> None:
        """A member of a class (not a template's) defined here: for the
        analysis, lowered under its name, as another file that calls it
        names it (``bool Ban::operator==(const Ban &b) const {...}`` in
        ``ban.cpp``, called from the top's file); else said, as before."""
        lowerer = self.lowerer
        parent = cursor.semantic_parent
        if lowerer.vendor_folders is not None and self._defined_here(cursor) and parent is not None \
                and parent.kind != lowerer.kinds.CLASS_TEMPLATE:
            lowerer.want(cxx_name(cursor, lowerer.cindex), cursor)
            return
        self.visit_FUNCTION_TEMPLATE(cursor)

    def visit_STRUCT_DECL(self, cursor: Any) -> None:
        """Its members (a class is not lowered): for the analysis, a plain
        class's are lowered, else their loops are said."""
        for child in children(cursor):
            if child.kind.name in ("CXX_METHOD", "CONSTRUCTOR", "FUNCTION_TEMPLATE"):
                self.visit(child)

    visit_CLASS_DECL = visit_CLASS_TEMPLATE = visit_STRUCT_DECL


_LOOP_KINDS = frozenset({"FOR_STMT", "WHILE_STMT", "DO_STMT", "CXX_FOR_RANGE_STMT"})


class _Lowerer(CursorVisitor):
    """Statements of a body (one ``visit_<KIND>`` per statement kind; any
    other cursor is an expression statement)."""

    def __init__(self, unit: CxxUnit, vendor_folders: tuple[str, ...] | None = None, instances: bool = False,
                 hls_folder: str | None = None):
        from clang import cindex

        self.cindex = cindex
        self.kinds = cindex.CursorKind
        self.unit = unit
        self.filename = str(unit.path)
        self._bytes: bytes | None = None
        self.pragmas = self._pragmas_of(unit.text)
        self.expressions = _Expressions(self)
        #: folders of the vendor's and the standard headers: their definitions are
        #: not the design's; ``None``: called definitions are not lowered
        self.vendor_folders = vendor_folders
        #: called definitions still to lower, and every one queued (by file, line and name)
        self._wanted: list[tuple[str, Any]] = []
        self._queued: set[tuple[str, int, str]] = set()
        self._pragmas: dict[str, list[tuple[int, str]]] = {}
        #: the instrumenter's reading: template instances of the main file called, to lower
        self.instances = instances and vendor_folders is None
        self._instances: dict[str, tuple[TemplateInstance, Any]] = {}
        self._instance_queue: list[str] = []
        self.instance_calls: list[tuple[c_ast.ID, str]] = []
        #: the folder of the HLS headers in use (their templates are not the user's)
        self.hls_folder = Path(hls_folder).resolve() if hls_folder is not None else None
        #: (line, rule, message) of the user's templates outside the main file's folder
        self.outside: list[tuple[int, str, str]] = []
        #: the main file, resolved: user headers are those in its folder or below (:func:`beside_main`)
        self._main_path = Path(self.filename).resolve()
        #: file -> (first, last) lines of its ``#ifndef __SYNTHESIS__`` regions (:meth:`simulation_only`)
        self._simulation_only: dict[str, list[tuple[int, int]]] = {}
        #: the headers' texts, read once (:meth:`text_of_file`)
        self._texts: dict[str, str] = {}

    @staticmethod
    def _pragmas_of(text: str) -> list[tuple[int, str]]:
        return [(text.count("\n", 0, match.start()) + 1, match.group(1)) for match in _PRAGMA.finditer(text)]

    # -- helpers
    def in_main(self, cursor: Any) -> bool:
        location = cursor.location
        return location.file is not None and location.file.name == self.filename

    def coord(self, cursor: Any) -> Coord:
        location = cursor.location
        name = location.file.name if location.file is not None else "<built-in>"
        return Coord(name, location.line, location.column)

    def opaque(self, cursor: Any) -> c_ast.ID:
        coord = self.coord(cursor)
        return c_ast.ID(OPAQUE, coord=OpaqueCoord(coord.file, coord.line, coord.column, self.text_of(cursor)[:60]))

    def text_of(self, cursor: Any) -> str:
        """The source text of ``cursor`` (its tokens, spaced, outside the main file)."""
        tokens = tokens_of(cursor)
        if not tokens:
            return ""
        first, last = tokens[0].extent.start, tokens[-1].extent.end
        if self.in_main(cursor) and first.file is not None and first.file.name == self.filename:
            if self._bytes is None:
                self._bytes = self.unit.text.encode()
            return " ".join(self._bytes[first.offset:last.offset].decode(errors="replace").split())
        return " ".join(token.spelling for token in tokens)

    # -- functions
    def functions(self) -> LoweredUnit:
        declarations = _Declarations(self)
        declarations.visit(self.unit.translation_unit.cursor)  # type: ignore[attr-defined]
        out = declarations.out
        while self._wanted:  # what the lowered code calls, and what that calls
            name, definition = self._wanted.pop(0)
            out.ast.ext.append(self.function(definition, name))
            out.called.add(name)
        while self._instance_queue:  # the instrumenter's template instances, and what they call
            instance, definition = self._instances[self._instance_queue.pop(0)]
            out.instances.append((instance, self.function(definition, instance.name)))
        out.instance_calls = self.instance_calls
        out.skipped.extend(self.outside)
        return out

    def instance_of(self, referenced: Any, at: Coord | None = None) -> str | None:
        """For the instrumenter: the name of the instance of a free function
        template of the main file or of a user header beside it that
        ``referenced`` is (queued for lowering once), else ``None``."""
        if not self.instances or referenced.kind != self.kinds.FUNCTION_DECL:
            return None
        template = self.cindex.conf.lib.clang_getSpecializedCursorTemplate(referenced)
        definition = referenced.get_definition()
        if template is None or definition is None or template.kind != self.kinds.FUNCTION_TEMPLATE:
            return None
        main = self.in_main(definition)
        if not main and self.user_header(definition) is None:
            self._outside_template(template, at)
            return None
        name = cxx_name(referenced, self.cindex)
        if name not in self._instances:
            instance = _template_instance(name, referenced, template, self.cindex)
            if not main:
                instance = dataclasses.replace(instance, file=str(definition.location.file.name))
            self._instances[name] = (instance, definition)
            self._instance_queue.append(name)
        return name

    def _outside_template(self, template: Any, at: Coord | None) -> None:
        """Say once that a function template with loops in a header of the
        user's outside the main file's folder is not instrumented (its edited
        copy would have no place beside the design file's): its instances'
        loops run inside the caller's own cycles. The HLS headers, hlsight's
        stand-ins and system headers are not the user's."""
        location = template.location
        if location.file is None or getattr(location, "is_in_system_header", False):
            return
        path = Path(str(location.file.name)).resolve()
        if path.is_relative_to(STAND_INS) or (self.hls_folder is not None and path.is_relative_to(self.hls_folder)):
            return
        key = (str(path), int(location.line), "<outside>")
        loops = sum(1 for node in template.walk_preorder() if node.kind.name in _LOOP_KINDS)
        if key in self._queued or not loops:
            return
        self._queued.add(key)
        line = int(at.line) if at is not None and str(at.file) == self.filename else 1
        self.outside.append((line, "instrument-template-skipped",
                             f"'{template.spelling}' is a function template of {location.file.name}, outside this"
                             f" file's folder: hlsight does not instrument its {loops} loop(s) (edited copies of"
                             " headers are written only for the design file's folder and below; they run inside"
                             " the calling function's own cycles)"))

    def user_header(self, cursor: Any) -> Path | None:
        """The header of the user's that defines ``cursor``, when it is one
        the instrumenter can edit: not a system header, and in the main
        file's folder or below it (hls4ml's ``firmware/nnet_utils/``), where
        an edited copy keeps every include of it resolving as before;
        ``None`` otherwise."""
        location = cursor.location
        if location.file is None or getattr(location, "is_in_system_header", False):
            return None
        path = Path(str(location.file.name)).resolve()
        return path if path != self._main_path and beside_main(path, self._main_path) else None

    def callee_name(self, referenced: Any) -> str | None:
        """The name a call of ``referenced`` is lowered to, its definition
        queued for lowering when it is the design's (see the module doc);
        ``None`` for a call the C analyses cannot follow (a member of a
        vendor class). A member the design declares but another of its
        files defines (``Ban::operator==`` in ``ban.cpp``, called from the
        top's file) is named all the same: that file's lowering defines it
        under the name (:meth:`_Declarations.visit_CXX_METHOD`)."""
        kinds = self.kinds
        if referenced is None or referenced.kind not in (kinds.FUNCTION_DECL, kinds.CXX_METHOD):
            return None
        spelling = str(referenced.spelling)
        method = referenced.kind == kinds.CXX_METHOD
        if spelling.startswith("operator") and spelling != "operator()" and not self.designs(referenced):
            return None
        template = self.cindex.conf.lib.clang_getSpecializedCursorTemplate(referenced)
        if not method and template is None and not spelling.startswith("operator"):
            definition = referenced.get_definition()
            if definition is not None and not self.in_main(definition) and (
                    self.designs(definition) or (self.instances and self.user_header(definition) is not None)):
                self.want(spelling, definition)  # the instrumenter's too: a function a user header defines
            return spelling
        if self.vendor_folders is None:
            return None if method else spelling
        definition = referenced.get_definition()
        name = cxx_name(referenced, self.cindex)
        if definition is None:  # declared here, defined in another file of the design (or nowhere)
            return name if self.designs(referenced) and template is None else None
        if not self.designs(definition):
            return None if method else spelling
        return self.want(name, definition)

    def design_operator(self, referenced: Any) -> bool:
        """``referenced`` is an operator the design defines for its own
        class (``Ban::operator==``): a call of it is a call, not the
        integer operator an ``ap_int``'s stands for."""
        return (referenced is not None and str(referenced.spelling).startswith("operator")
                and referenced.kind in (self.kinds.FUNCTION_DECL, self.kinds.CXX_METHOD) and self.designs(referenced))

    def want(self, name: str, definition: Any) -> str:
        """Queue ``definition`` for lowering as ``name`` (once), and return the name."""
        location = definition.location
        key = (location.file.name if location.file is not None else "", int(location.line), name)
        if key not in self._queued:
            self._queued.add(key)
            self._wanted.append((name, definition))
        return name

    def designs(self, cursor: Any) -> bool:
        """``cursor`` is defined in the design's own files: not in a system
        header, the vendor's HLS headers or hlsight's stand-ins for them."""
        if self.vendor_folders is None:
            return False
        location = cursor.location
        if location.file is None or getattr(location, "is_in_system_header", False):
            return False
        name = str(location.file.name)
        return not any(name.startswith(folder) for folder in self.vendor_folders)

    def function(self, cursor: Any, name: str | None = None) -> c_ast.FuncDef:
        params = []
        for argument in cursor.get_arguments():
            kind = self.type_of(argument, argument.spelling)
            params.append(c_ast.Decl(argument.spelling or None, [], [], [], [], kind, None, None,
                                     coord=self.coord(argument)))
        result = cursor.result_type.spelling
        name = name or cursor.spelling
        returns = c_ast.TypeDecl(name, [], None, c_ast.IdentifierType([result]))
        function_type = c_ast.FuncDecl(c_ast.ParamList(params) if params else None, returns)
        decl = c_ast.Decl(name, [], [], [], [], function_type, None, None, coord=self.coord(cursor))
        body = next((child for child in children(cursor) if child.kind == self.kinds.COMPOUND_STMT), None)
        lowered = self.compound(body) if body is not None else c_ast.Compound([])
        return c_ast.FuncDef(decl, None, lowered, coord=self.coord(cursor))

    def type_of(self, cursor: Any, name: str) -> c_ast.Node:
        return self.declarator(cursor.type, name)

    def declarator(self, ctype: Any, name: str) -> c_ast.Node:
        """The C declarator of ``ctype``, arrays and pointers nested as C
        writes them (``int a[8][8]``: an array of arrays; the parameter's
        ``int (*)[8]``: a pointer to arrays), so a 2-D argument keeps its
        element type: a public systolic array's ``int vec_a[8][8]`` read as
        one ``int[8]`` "type", and its m_axi bytes went uncounted."""
        kinds = self.cindex.TypeKind
        canonical = ctype.get_canonical()
        arrays = (kinds.CONSTANTARRAY, kinds.INCOMPLETEARRAY, kinds.VARIABLEARRAY, kinds.DEPENDENTSIZEDARRAY)
        if canonical.kind in arrays:
            size = canonical.get_array_size()
            element = self.declarator(canonical.element_type, name)
            return c_ast.ArrayDecl(element, c_ast.Constant("int", str(size)) if size >= 0 else None, [])
        if canonical.kind in (kinds.POINTER, kinds.LVALUEREFERENCE, kinds.RVALUEREFERENCE):
            return c_ast.PtrDecl([], self.declarator(canonical.get_pointee(), name))
        # for the analysis, the type a typedef names (``A_t16``: ``ap_uint<512>``, ``uint32_t``:
        # ``unsigned int``), whose size the C analyses know; another class keeps the name it is
        # written with, as does every type in the instrumenter's reading (its code is the user's)
        named = self.vendor_folders is not None and (canonical.kind != kinds.RECORD
                                                     or _AP_TYPE.match(canonical.spelling) is not None)
        if not named:
            return c_ast.TypeDecl(name, [], None, c_ast.IdentifierType([ctype.spelling]))
        # qualifiers apart, as pycparser keeps them: ``const float`` is a float (a public Vitis
        # 2020.1 vdot's `const float *input1` had no element size, and its m_axi bytes went uncounted)
        qualifiers = _QUALIFIERS.match(canonical.spelling)
        quals = qualifiers.group(0).split() if qualifiers else []
        spelled = canonical.spelling[qualifiers.end():] if qualifiers else canonical.spelling
        return c_ast.TypeDecl(name, quals, None, c_ast.IdentifierType([spelled]))

    # -- statements
    def generic_visit(self, cursor: Any) -> c_ast.Node:
        return self.expression(cursor)

    def visit_COMPOUND_STMT(self, cursor: Any) -> c_ast.Node:
        return self.compound(cursor)

    def visit_WHILE_STMT(self, cursor: Any) -> c_ast.Node:
        parts = children(cursor)
        return c_ast.While(self.expression(parts[-2]) if len(parts) > 1 else self.opaque(cursor),
                           self.visit(parts[-1]), coord=self.coord(cursor))

    def visit_DO_STMT(self, cursor: Any) -> c_ast.Node:
        parts = children(cursor)
        return c_ast.DoWhile(self.expression(parts[-1]), self.visit(parts[0]), coord=self.coord(cursor))

    def visit_SWITCH_STMT(self, cursor: Any) -> c_ast.Node:
        parts = children(cursor)
        # clang gives a case one statement and the rest of its arm as siblings;
        # grouped as pycparser groups C cases, a case's arm is its statements
        return fix_switch_cases(c_ast.Switch(self.expression(parts[-2]), self.visit(parts[-1]),
                                             coord=self.coord(cursor)))

    def visit_CASE_STMT(self, cursor: Any) -> c_ast.Node:
        parts = children(cursor)
        return c_ast.Case(self.expression(parts[0]), [self.visit(parts[-1])], coord=self.coord(cursor))

    def visit_DEFAULT_STMT(self, cursor: Any) -> c_ast.Node:
        return c_ast.Default([self.visit(children(cursor)[-1])], coord=self.coord(cursor))

    def visit_BREAK_STMT(self, cursor: Any) -> c_ast.Node:
        return c_ast.Break(coord=self.coord(cursor))

    def visit_CONTINUE_STMT(self, cursor: Any) -> c_ast.Node:
        return c_ast.Continue(coord=self.coord(cursor))

    def visit_NULL_STMT(self, cursor: Any) -> c_ast.Node:
        return c_ast.EmptyStatement(coord=self.coord(cursor))

    def visit_RETURN_STMT(self, cursor: Any) -> c_ast.Node:
        parts = children(cursor)
        return c_ast.Return(self.expression(parts[0]) if parts else None, coord=self.coord(cursor))

    def visit_GOTO_STMT(self, cursor: Any) -> c_ast.Node:
        target = next((c.spelling for c in children(cursor) if c.kind == self.kinds.LABEL_REF), OPAQUE)
        return c_ast.Goto(target, coord=self.coord(cursor))

    def visit_LABEL_STMT(self, cursor: Any) -> c_ast.Node:
        parts = children(cursor)
        coord = self.coord(cursor)
        body = self.visit(parts[-1]) if parts else c_ast.EmptyStatement(coord=coord)
        return c_ast.Label(cursor.spelling, body, coord=coord)

    def visit_DECL_STMT(self, cursor: Any) -> c_ast.Node:
        coord = self.coord(cursor)
        declarations = [self.declaration(child) for child in children(cursor) if child.kind == self.kinds.VAR_DECL]
        if len(declarations) == 1:
            return declarations[0]
        return c_ast.DeclList(declarations, coord=coord) if declarations else c_ast.EmptyStatement(coord=coord)

    def compound(self, cursor: Any) -> c_ast.Compound:
        items: list[c_ast.Node] = []
        parts = children(cursor)
        extent = cursor.extent
        file = self.own_file(cursor)
        pragmas = [(line, text) for line, text in self.pragmas_in(file)
                   if extent.start.line <= line <= extent.end.line
                   and not any(c.extent.start.line <= line <= c.extent.end.line and c.kind != self.kinds.NULL_STMT
                               for c in parts if self.own_file(c) == file)]
        for child in parts:
            line = child.extent.start.line if file is not None and self.own_file(child) == file else None
            while pragmas and line is not None and pragmas[0][0] < line:
                pragma_line, pragma_text = pragmas.pop(0)
                items.append(c_ast.Pragma(pragma_text, coord=Coord(file, pragma_line, 1)))
            if self.simulation_only(child):
                continue
            items.append(self.visit(child))
        items.extend(c_ast.Pragma(text, coord=Coord(file, line, 1)) for line, text in pragmas)
        return c_ast.Compound(items, coord=self.coord(cursor))

    def own_file(self, cursor: Any) -> str | None:
        """The file ``cursor`` is written in when its ``#pragma HLS`` lines
        can be read: the main file, or one of the design's headers whose
        definitions are lowered (a template's ``PIPELINE`` in its header,
        for the analysis and for the instrumenter)."""
        location = cursor.location
        if location.file is None:
            return None
        if self.in_main(cursor):
            return self.filename
        mine = self.designs(cursor) or (self.instances and self.user_header(cursor) is not None)
        return str(location.file.name) if mine else None

    def simulation_only(self, cursor: Any) -> bool:
        """For the instrumenter, which reads the source as the C simulation
        compiles it: ``cursor`` is a statement under ``#ifndef __SYNTHESIS__``
        (or the ``#else`` of ``#ifdef __SYNTHESIS__``), code HLS never
        synthesizes (hls4ml's top loads its weights from text files there).
        It is left out of the planned tree: it runs, uncounted, as it takes
        no time in hardware; before, its loops matched no report loop and
        made the total "a lower bound"."""
        if not self.instances:
            return False
        location = cursor.extent.start
        if location.file is None:
            return False
        name = str(location.file.name)
        if name not in self._simulation_only:
            self._simulation_only[name] = simulation_only_lines(self.text_of_file(name))
        return any(first < location.line < last for first, last in self._simulation_only[name])

    def text_of_file(self, file: str) -> str:
        """The text of the main file or of a header it includes (read once; "" if unreadable)."""
        if file == self.filename:
            return self.unit.text
        if file not in self._texts:
            try:
                self._texts[file] = Path(file).read_text(encoding="utf-8", errors="replace")
            except OSError:
                self._texts[file] = ""
        return self._texts[file]

    def pragmas_in(self, file: str | None) -> list[tuple[int, str]]:
        if file is None:
            return []
        if file == self.filename:
            return self.pragmas
        if file not in self._pragmas:
            self._pragmas[file] = self._pragmas_of(self.text_of_file(file))
        return self._pragmas[file]

    def visit_FOR_STMT(self, cursor: Any) -> c_ast.Node:
        # libclang lists only the parts present: split them by the ';' tokens' offsets
        listed = children(cursor)
        coord = self.coord(cursor)
        parts: list[c_ast.Node | None] = [None, None, None]
        body = listed[-1] if listed else None
        header = listed[:-1]
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
        return c_ast.For(init, parts[1], parts[2], self.visit(body) if body is not None
                         else c_ast.EmptyStatement(coord=coord), coord=coord)

    def visit_CXX_FOR_RANGE_STMT(self, cursor: Any) -> c_ast.Node:
        """``for (int x : table)``: over an array of ``N`` elements, the
        counted loop it stands for (``for (int i = 0; i < N; i++)`` with
        ``x = table[i]`` first in the body); over a class (a container's
        ``begin()``/``end()``), a loop whose count is unknown. Both were
        left out of the loop tree, and a Vivado report's ``Loop 1`` of a
        class's member then stood for another loop. Read so for the
        analysis of a report only: the instrumenter does not instrument
        it."""
        parts = children(cursor)
        coord = self.coord(cursor)
        if self.vendor_folders is None or len(parts) < 3 or parts[0].kind != self.kinds.VAR_DECL:
            return self.opaque(cursor)  # the instrumenter's reading: not a loop it instruments
        element, source, body = parts[0], parts[1], parts[-1]
        kinds = self.cindex.TypeKind
        range_type = source.type.get_canonical()
        lowered_body = self.visit(body)
        if range_type.kind != kinds.CONSTANTARRAY or range_type.get_array_size() < 0:
            return c_ast.For(None, self.opaque(source), None, lowered_body, coord=coord)
        index = f"__hlsight_range_{coord.line}_{coord.column}"
        start = c_ast.Decl(index, [], [], [], [], c_ast.TypeDecl(index, [], None, c_ast.IdentifierType(["int"])),
                           c_ast.Constant("int", "0"), None, coord=coord)
        bound = c_ast.BinaryOp("<", c_ast.ID(index, coord=coord),
                               c_ast.Constant("int", str(range_type.get_array_size())), coord=coord)
        step = c_ast.UnaryOp("p++", c_ast.ID(index, coord=coord), coord=coord)
        element_type = element.type.get_canonical()
        if element_type.kind in (kinds.LVALUEREFERENCE, kinds.RVALUEREFERENCE):  # ``auto &x``: the element itself
            element_type = element_type.get_pointee()
        value = c_ast.Decl(element.spelling, [], [], [], [], self.declarator(element_type, element.spelling),
                           c_ast.ArrayRef(self.expression(source), c_ast.ID(index, coord=coord), coord=coord), None,
                           coord=self.coord(element))
        items = lowered_body.block_items or [] if isinstance(lowered_body, c_ast.Compound) else [lowered_body]
        return c_ast.For(c_ast.DeclList([start], coord=coord), bound, step,
                         c_ast.Compound([value, *items], coord=lowered_body.coord), coord=coord)

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

    def visit_IF_STMT(self, cursor: Any) -> c_ast.Node:
        # children: [condition, then, else?]; a declaration condition adds a VAR_DECL first
        coord = self.coord(cursor)
        ordered = [c for c in children(cursor) if c.kind != self.kinds.VAR_DECL]
        condition = ordered[0] if ordered else None
        branches = ordered[1:]
        then = self.visit(branches[0]) if branches else c_ast.EmptyStatement(coord=coord)
        other = self.visit(branches[1]) if len(branches) > 1 else None
        return c_ast.If(self.expression(condition) if condition is not None else self.opaque(cursor), then, other,
                        coord=coord)

    def declaration_or_expression(self, cursor: Any) -> c_ast.Node:
        if cursor.kind == self.kinds.DECL_STMT:
            return self.visit_DECL_STMT(cursor)
        return self.expression(cursor)

    def declaration(self, cursor: Any) -> c_ast.Decl:
        initializer = None
        start = self.initializer_offset(cursor)
        values = [c for c in children(cursor) if c.kind.is_expression()
                  and start is not None and c.extent.end.offset > start]
        if values:
            initializer = self.expression(self.scalar_braces(cursor, values[-1]))
        return c_ast.Decl(cursor.spelling, [], [], [], [], self.type_of(cursor, cursor.spelling), initializer, None,
                          coord=self.coord(cursor))

    def initializer_offset(self, cursor: Any) -> int | None:
        """Offset of the token that opens the initializer of ``T x = init``,
        ``T x(init)`` or ``T x{init}``: the first ``=``, ``(`` or ``{`` after
        the declared name and its array sizes (which are children too). The
        tokens are read with :func:`tokens_of`, as a declaration whose type
        is a macro (``#define DT int``, then ``DT n = LEN;``) has none from
        libclang, and the loop ``n`` bounds went uncounted."""
        name = cursor.location.offset if cursor.location.file is not None else None
        depth = 0
        for token in tokens_of(cursor):
            offset = int(token.extent.start.offset)
            if name is not None and offset <= name:
                continue
            text = token.spelling
            if (text == "=" and depth <= 0) or (depth == 0 and name is not None and text in ("(", "{")):
                return offset
            if text in ("(", "[", "{", "<"):
                depth += 1
            elif text in (")", "]", "}", ">"):
                depth -= 1
        return None

    def scalar_braces(self, cursor: Any, value: Any) -> Any:
        """``int n{LEN}`` and ``int n = {LEN}``: a scalar's one-element list
        is that element (an array's list stays a list)."""
        if value.kind != self.kinds.INIT_LIST_EXPR or cursor.type.get_canonical().kind not in self.scalar_kinds():
            return value
        inner = [child for child in children(value) if child.kind.is_expression()]
        return inner[0] if len(inner) == 1 else value

    def scalar_kinds(self) -> tuple[Any, ...]:
        kinds = self.cindex.TypeKind
        return (kinds.BOOL, kinds.CHAR_U, kinds.UCHAR, kinds.USHORT, kinds.UINT, kinds.ULONG, kinds.ULONGLONG,
                kinds.CHAR_S, kinds.SCHAR, kinds.SHORT, kinds.INT, kinds.LONG, kinds.LONGLONG, kinds.ENUM)

    # -- expressions
    def expression(self, cursor: Any) -> c_ast.Node:
        result: c_ast.Node = self.expressions.visit(cursor)
        return result


class _Expressions(CursorVisitor):
    """Integer expressions and calls, as ``c_ast``; what the C analyses do
    not read becomes the opaque ``ID`` (keeping the calls inside visible)."""

    def __init__(self, lowerer: _Lowerer):
        self.lowerer = lowerer
        self.kinds = lowerer.kinds
        self.cindex = lowerer.cindex

    def generic_visit(self, cursor: Any) -> c_ast.Node:
        # anything else: keep the calls inside visible to the planner
        inner = [self.visit(child) for child in children(cursor) if child.kind.is_expression()]
        calls = [node for node in inner if _contains_call(node)]
        if calls:
            return c_ast.ExprList(calls, coord=self.lowerer.coord(cursor))
        return self.lowerer.opaque(cursor)

    def visit_UNEXPOSED_EXPR(self, cursor: Any) -> c_ast.Node:
        parts = children(cursor)
        return self.visit(parts[-1]) if parts else self.generic_visit(cursor)

    visit_PAREN_EXPR = visit_CXX_FUNCTIONAL_CAST_EXPR = visit_UNEXPOSED_EXPR

    def visit_CSTYLE_CAST_EXPR(self, cursor: Any) -> c_ast.Node:
        """A cast to a pointer type stays a ``c_ast.Cast``, so the access
        analysis sees the element it reads through (pycparser keeps C's the
        same way): a public Vitis 2023.1 CRC kernel reads 16 MiB a call as
        ``*reinterpret_cast<const ap_uint<128> *>(&in[i * 16])``, which was
        counted not at all, and as ``(const ap_uint<128> *)`` 1 byte an
        access. Other casts give their operand, as before."""
        parts = [child for child in children(cursor) if child.kind.is_expression()]
        if not parts:
            return self.generic_visit(cursor)
        operand = self.visit(parts[-1])
        if cursor.type.get_canonical().kind != self.cindex.TypeKind.POINTER:
            return operand
        to_type = c_ast.Typename(None, [], None, self.lowerer.declarator(cursor.type, ""))
        return c_ast.Cast(to_type, operand, coord=self.lowerer.coord(cursor))

    visit_CXX_STATIC_CAST_EXPR = visit_CXX_REINTERPRET_CAST_EXPR = visit_CSTYLE_CAST_EXPR

    def visit_INTEGER_LITERAL(self, cursor: Any) -> c_ast.Node:
        value = _evaluate_int(cursor)
        if value is None:
            return self.generic_visit(cursor)
        return c_ast.Constant("int", str(value), coord=self.lowerer.coord(cursor))

    def visit_CXX_UNARY_EXPR(self, cursor: Any) -> c_ast.Node:
        """``sizeof``/``alignof`` of a built-in type or value, as clang
        evaluates it (``sizeof(int) * LEN`` bounded a loop and the count
        became unknown). Not of a class: hlsight's model of ``ap_int`` keeps
        a 64-bit word whatever the width, so its size is not the vendor's."""
        inside = [node for node in cursor.walk_preorder() if node is not cursor]
        classes = any(node.kind == self.kinds.TEMPLATE_REF or self._holds_class(node.type.get_canonical())
                      for node in inside)
        value = self._synthesized_size(cursor) if classes else _evaluate_int(cursor)
        if value is None:
            return self.generic_visit(cursor)
        return c_ast.Constant("int", str(value), coord=self.lowerer.coord(cursor))

    def _synthesized_size(self, cursor: Any) -> int | None:
        """``sizeof`` of an ``ap_int<W>``/``ap_uint<W>``/``ap_[u]fixed<W, ...>``
        (or an array of them), as the HLS tool synthesizes it: W / 8 bytes
        each when that is a power of two (a public fault detector
        copies ``ap_int<8> n_regions[64]`` byte by byte, ``i <
        sizeof(n_regions)``, and its Vitis 2022.1 report counts 64). Read
        for the analysis of a report only: the C simulation's ``sizeof`` is
        the vendor's csim class's, another number. A width up to 64 bits
        that is no whole power-of-two number of bytes is padded to one
        (decision 85); wider ones and other classes stay unknown."""
        tokens = tokens_of(cursor)
        if self.lowerer.vendor_folders is None or not tokens or tokens[0].spelling != "sizeof":
            return None
        parts = children(cursor)
        if any(child.kind == self.kinds.TEMPLATE_REF for child in parts):  # ``sizeof(ap_uint<8>)``: as written
            spelled, count = "".join(token.spelling for token in tokens[1:]), 1
            spelled = spelled[1:-1] if spelled.startswith("(") and spelled.endswith(")") else spelled
        else:
            operands = [child for child in parts if child.kind.is_expression() or child.kind == self.kinds.TYPE_REF]
            if len(operands) != 1 or self._names_parameter(operands[0]):
                return None
            kinds = self.cindex.TypeKind
            ctype, count = operands[0].type.get_canonical(), 1
            while ctype.kind == kinds.CONSTANTARRAY:
                count *= ctype.get_array_size()
                ctype = ctype.element_type.get_canonical()
            spelled = ctype.spelling.replace(" ", "")
        size = ap_integer_bytes(spelled)
        if size is None or size > 8:  # decision 78 rests on widths of 8 to 64 bits
            return None
        return count * size

    def _names_parameter(self, operand: Any) -> bool:
        """``sizeof(w)`` of a parameter ``ap_int<8> w[64]``: libclang gives
        the type as written, but the parameter is a pointer, whose size is
        not the array's (clang's own value of ``int v[3]``'s is 8)."""
        inner = operand
        while inner.kind in (self.kinds.UNEXPOSED_EXPR, self.kinds.PAREN_EXPR) and children(inner):
            inner = children(inner)[0]
        referenced = inner.referenced if inner.kind == self.kinds.DECL_REF_EXPR else None
        return referenced is not None and referenced.kind == self.kinds.PARM_DECL

    def _holds_class(self, ctype: Any) -> bool:
        kinds = self.cindex.TypeKind
        while ctype.kind in (kinds.CONSTANTARRAY, kinds.INCOMPLETEARRAY, kinds.VARIABLEARRAY):
            ctype = ctype.element_type.get_canonical()
        return bool(ctype.kind in (kinds.RECORD, kinds.UNEXPOSED))

    def visit_DECL_REF_EXPR(self, cursor: Any) -> c_ast.Node:
        if self.is_constant(cursor) or not cursor.spelling:  # no name: a template's argument, bound
            value = _evaluate_int(cursor)
            if value is not None:
                return c_ast.Constant("int", str(value), coord=self.lowerer.coord(cursor))
        return c_ast.ID(cursor.spelling, coord=self.lowerer.coord(cursor))

    def visit_CALL_EXPR(self, cursor: Any) -> c_ast.Node:
        return self.call(cursor, children(cursor), self.lowerer.coord(cursor))

    def visit_BINARY_OPERATOR(self, cursor: Any) -> c_ast.Node:
        parts = children(cursor)
        if len(parts) == 2:
            coord = self.lowerer.coord(cursor)
            operator = self.operator_between(cursor, parts[0])
            left, right = self.visit(parts[0]), self.visit(parts[1])
            if operator in _ASSIGN:
                return c_ast.Assignment(operator, left, right, coord=coord)
            if operator in _BINARY:
                return c_ast.BinaryOp(operator, left, right, coord=coord)
            if operator == ",":
                return c_ast.ExprList([left, right], coord=coord)
        return self.generic_visit(cursor)

    def visit_COMPOUND_ASSIGNMENT_OPERATOR(self, cursor: Any) -> c_ast.Node:
        parts = children(cursor)
        if len(parts) == 2:
            operator = self.operator_between(cursor, parts[0])
            if operator in _ASSIGN:
                return c_ast.Assignment(operator, self.visit(parts[0]), self.visit(parts[1]),
                                        coord=self.lowerer.coord(cursor))
        return self.generic_visit(cursor)

    def visit_UNARY_OPERATOR(self, cursor: Any) -> c_ast.Node:
        parts = children(cursor)
        operator = _operator(cursor, binary=False)
        if len(parts) == 1 and operator in (*_UNARY, "p++", "p--"):
            return c_ast.UnaryOp(operator, self.visit(parts[0]), coord=self.lowerer.coord(cursor))
        if len(parts) == 1 and operator is None:
            tokens = [token.spelling for token in tokens_of(cursor)]
            if tokens and tokens[0] in _UNARY:
                return c_ast.UnaryOp(tokens[0], self.visit(parts[0]), coord=self.lowerer.coord(cursor))
            if tokens and tokens[-1] in ("++", "--"):
                return c_ast.UnaryOp("p" + tokens[-1], self.visit(parts[0]), coord=self.lowerer.coord(cursor))
        return self.generic_visit(cursor)

    def visit_ARRAY_SUBSCRIPT_EXPR(self, cursor: Any) -> c_ast.Node:
        parts = children(cursor)
        if len(parts) == 2:
            return c_ast.ArrayRef(self.visit(parts[0]), self.visit(parts[1]), coord=self.lowerer.coord(cursor))
        return self.generic_visit(cursor)

    def visit_CONDITIONAL_OPERATOR(self, cursor: Any) -> c_ast.Node:
        parts = children(cursor)
        if len(parts) == 3:
            return c_ast.TernaryOp(*(self.visit(child) for child in parts), coord=self.lowerer.coord(cursor))
        return self.generic_visit(cursor)

    def visit_MEMBER_REF_EXPR(self, cursor: Any) -> c_ast.Node:
        parts = children(cursor)
        if parts:
            return c_ast.StructRef(self.visit(parts[0]), ".", c_ast.ID(cursor.spelling),
                                   coord=self.lowerer.coord(cursor))
        return self.generic_visit(cursor)

    def visit_CXX_BOOL_LITERAL_EXPR(self, cursor: Any) -> c_ast.Node:
        value = _evaluate_int(cursor)
        return c_ast.Constant("int", str(value if value is not None else 0), coord=self.lowerer.coord(cursor))

    def _literal(self, cursor: Any, type_name: str) -> c_ast.Node:
        tokens = [token.spelling for token in cursor.get_tokens()]
        return c_ast.Constant(type_name, tokens[0] if tokens else "0", coord=self.lowerer.coord(cursor))

    def visit_FLOATING_LITERAL(self, cursor: Any) -> c_ast.Node:
        return self._literal(cursor, "double")

    def visit_STRING_LITERAL(self, cursor: Any) -> c_ast.Node:
        return self._literal(cursor, "string")

    def visit_CHARACTER_LITERAL(self, cursor: Any) -> c_ast.Node:
        return self._literal(cursor, "char")

    def is_constant(self, cursor: Any) -> bool:
        referenced = cursor.referenced
        if referenced is None:
            return False
        if referenced.kind == self.kinds.ENUM_CONSTANT_DECL:
            return True
        return bool(referenced.kind == self.kinds.VAR_DECL and referenced.type.is_const_qualified())

    def call(self, cursor: Any, children: list[Any], coord: Coord) -> c_ast.Node:
        referenced = cursor.referenced
        constant = self.constant_call(cursor, coord)
        if constant is not None:
            return constant
        stream = self.stream_call(cursor, children, coord)
        if stream is not None:
            return stream
        overloaded = None if self.lowerer.design_operator(referenced) else self.class_integer(cursor, children, coord)
        if overloaded is not None:
            return overloaded
        passed = list(cursor.get_arguments())
        name = self.lowerer.callee_name(referenced) if cursor.spelling else None
        if name is not None and referenced.kind == self.kinds.CXX_METHOD \
                and len(passed) == len(list(referenced.get_arguments())) + 1:
            passed = passed[1:]  # ``f(y)`` calling ``operator()``: the object is not an argument
        arguments = [self.visit(argument) for argument in passed]
        if name is not None:
            name_cursor = next((c for c in cursor.walk_preorder()
                                if c.kind in (self.kinds.DECL_REF_EXPR, self.kinds.MEMBER_REF_EXPR)
                                and c.spelling == cursor.spelling), cursor)
            called = c_ast.ID(name, coord=self.lowerer.coord(name_cursor))
            instance = self.lowerer.instance_of(referenced, coord)
            if instance is not None:
                self.lowerer.instance_calls.append((called, instance))
            return c_ast.FuncCall(called, c_ast.ExprList(arguments) if arguments else None, coord=coord)
        inner = [self.visit(child) for child in children if child.kind.is_expression()]
        calls = [node for node in inner if _contains_call(node)]
        return c_ast.ExprList(calls, coord=coord) if calls else self.lowerer.opaque(cursor)

    def constant_call(self, cursor: Any, coord: Coord) -> c_ast.Node | None:
        """A call of a ``constexpr`` function with constant arguments, as
        clang evaluates it: ``i < clog2(1024)`` bounds a loop by 10 (the
        walk does not follow a recursive helper, and left it unknown). A
        call clang cannot evaluate (side effects, a value known when the
        code runs) is a call. Only integer results; a class's conversion
        is :meth:`class_integer`'s."""
        referenced = cursor.referenced
        if referenced is None or referenced.kind != self.kinds.FUNCTION_DECL:
            return None
        if cursor.type.get_canonical().kind not in self.lowerer.scalar_kinds():
            return None
        value = _evaluate_int(cursor)
        return None if value is None else c_ast.Constant("int", str(value), coord=coord)

    def stream_call(self, cursor: Any, children: list[Any], coord: Coord) -> c_ast.Node | None:
        """A read or write of an ``hls::stream`` (``s.read()``, ``s.write(v)``,
        ``s >> v``, ``s << v``, the ``_nb`` ones) as a call of the stream,
        ``__hlsight_stream_read(s)``: a FIFO moves one element a cycle, so
        the II of a pipelined loop that writes a stream 4 times is at least 4
        (a public MNIST's ``PointwiseConv2d<10, 1, 4>``, II 4, "no reason").
        Read so for the analysis of a report only; the instrumenter's reading
        keeps the calls as they were."""
        referenced = cursor.referenced
        if self.lowerer.vendor_folders is None or referenced is None or referenced.kind != self.kinds.CXX_METHOD:
            return None
        parent = referenced.semantic_parent
        owner = parent.type.get_canonical().spelling if parent is not None else ""
        name = _STREAM_METHODS.get(str(referenced.spelling))
        if name is None or not owner.startswith("hls::stream<"):
            return None
        operands = [child for child in children if child.kind.is_expression() and not self._callee(child, cursor)]
        if not operands:
            return None
        target = operands[0]
        if target.kind == self.kinds.MEMBER_REF_EXPR:  # ``s.read()``: the object is the member reference's
            inner = [child for child in target.get_children() if child.kind.is_expression()]
            if len(inner) != 1:
                return None
            target, rest = inner[0], operands[1:]
        else:
            rest = operands[1:]
        lowered = [self.visit(child) for child in (target, *rest)]
        return c_ast.FuncCall(c_ast.ID(name, coord=coord), c_ast.ExprList(lowered), coord=coord)

    def class_integer(self, cursor: Any, children: list[Any], coord: Coord) -> c_ast.Node | None:
        """An arbitrary-precision integer (``ap_uint<16> i``) used as an int:
        its conversion (``operator unsigned long long``), its one-argument
        constructor (``= 0``) and its overloaded ``++``/``<``/``+=``... lower
        to the C they stand for, so a loop counted by one is counted like an
        ``int`` loop (a public Vitis NMS kernel's ``for (index_type i = 0;
        i < N; i++)`` was "not a constant step"). Width wrap-around is not
        modelled, as for C ``int``."""
        referenced = cursor.referenced
        if referenced is None:
            return None
        operands = [child for child in children if child.kind.is_expression() and not self._callee(child, cursor)]
        if referenced.kind == self.kinds.CONVERSION_FUNCTION and len(operands) == 1:
            member = operands[0]
            inner = [child for child in member.get_children() if child.kind.is_expression()] \
                if member.kind == self.kinds.MEMBER_REF_EXPR else [member]
            return self.visit(inner[0]) if len(inner) == 1 else None
        if referenced.kind == self.kinds.CONSTRUCTOR:
            arguments = list(cursor.get_arguments())
            return self.visit(arguments[0]) if len(arguments) == 1 else None
        if not cursor.spelling.startswith("operator"):
            return None
        operator = cursor.spelling[len("operator"):].strip()
        if operator in ("++", "--"):  # postfix: the implicit int argument has no tokens
            operands = [child for child in operands if tokens_of(child)]
        if operator in ("++", "--") and len(operands) == 1:
            tokens = [token.spelling for token in tokens_of(cursor)]
            prefix = bool(tokens) and tokens[0] == operator
            return c_ast.UnaryOp(operator if prefix else "p" + operator, self.visit(operands[0]), coord=coord)
        if len(operands) == 2 and operator in _ASSIGN:
            return c_ast.Assignment(operator, self.visit(operands[0]), self.visit(operands[1]), coord=coord)
        if len(operands) == 2 and operator in _BINARY:
            return c_ast.BinaryOp(operator, self.visit(operands[0]), self.visit(operands[1]), coord=coord)
        if len(operands) == 1 and operator in _UNARY:
            return c_ast.UnaryOp(operator, self.visit(operands[0]), coord=coord)
        return None

    def _callee(self, child: Any, call: Any) -> bool:
        """The operator's own name among an operator call's children."""
        target = child
        while target.kind == self.kinds.UNEXPOSED_EXPR:
            inner = list(target.get_children())
            if len(inner) != 1:
                break
            target = inner[0]
        referenced = target.referenced
        return bool(target.kind == self.kinds.DECL_REF_EXPR and referenced is not None
                    and referenced.spelling == call.spelling and call.spelling.startswith("operator"))

    def operator_between(self, cursor: Any, left: Any) -> str | None:
        """The operator of a binary or compound-assignment expression: as
        clang's AST holds it, else the first punctuation after the left
        operand (a libclang older than 17)."""
        operator = _operator(cursor, binary=True)
        if operator is not None:
            return operator
        end = left.extent.end.offset
        for token in tokens_of(cursor):
            if token.extent.start.offset >= end and token.kind == self.cindex.TokenKind.PUNCTUATION:
                return str(token.spelling)
        return None


def tokens_of(cursor: Any) -> list[Any]:
    """The tokens of ``cursor``'s text. libclang gives none for an
    expression that starts with a macro (``N - 1`` after ``#define N 11``:
    the operator was not found and a public FIR's loop bound became
    unknown), so its extent is then tokenized as file text."""
    tokens = list(cursor.get_tokens())
    if tokens:
        return tokens
    start, end = cursor.extent.start, cursor.extent.end
    if start.file is None or end.file is None or start.file.name != end.file.name or end.offset <= start.offset:
        return []
    from clang.cindex import SourceLocation, SourceRange

    unit = cursor.translation_unit
    span = SourceRange.from_locations(SourceLocation.from_offset(unit, start.file, start.offset),
                                      SourceLocation.from_offset(unit, end.file, end.offset))
    return list(unit.get_tokens(extent=span))


def _contains_call(node: c_ast.Node) -> bool:
    if isinstance(node, c_ast.FuncCall):
        return True
    return any(_contains_call(child) for _name, child in node.children())


def beside_main(path: Path, main: Path) -> bool:
    """``path`` is a file of the user's in ``main``'s folder or below, not one
    of hlsight's stand-in headers: the headers whose edited copies (and
    the copies beside them) go at their paths relative to the design file
    (:mod:`hlsight.analyzer.instrument.design_tree`)."""
    resolved = path.resolve()
    return resolved.is_relative_to(main.resolve().parent) and not resolved.is_relative_to(STAND_INS)


def lower(unit: CxxUnit, vendor_folders: tuple[str, ...] | None = None, instances: bool = False,
          hls_folder: str | None = None) -> LoweredUnit:
    """The function definitions of ``unit``'s main file as ``c_ast``; with
    ``vendor_folders``, also the design's definitions they call; with
    ``instances`` (and no ``vendor_folders``), the template instances they
    call, apart (:attr:`LoweredUnit.instances`), ``hls_folder`` holding
    the HLS headers in use (not the user's)."""
    return _Lowerer(unit, vendor_folders, instances, hls_folder).functions()


def _template_instance(name: str, function: Any, template: Any, cindex: Any) -> TemplateInstance:
    """What the instrumenter needs of instance ``function`` of ``template``:
    its address written after the file (qualified, every argument given) and
    inside the template's body (its parameters' names), and why it cannot
    tell this instance apart, if it cannot."""
    kinds = cindex.CursorKind
    parameters = [child for child in template.get_children()
                  if child.kind in (kinds.TEMPLATE_NON_TYPE_PARAMETER, kinds.TEMPLATE_TYPE_PARAMETER,
                                    kinds.TEMPLATE_TEMPLATE_PARAMETER)]
    spelled = [str(parameter.spelling) for parameter in parameters]
    count = function.get_num_template_arguments()
    arguments = [_argument_code(function, index, cindex) for index in range(max(count, 0))]
    unsupported = ""
    if any(parameter.kind == kinds.TEMPLATE_TEMPLATE_PARAMETER for parameter in parameters):
        unsupported = "it has a template template parameter"
    elif not all(spelled) or count != len(parameters) or any(argument is None for argument in arguments):
        unsupported = "a template parameter is unnamed or a parameter pack, or an argument is no type or integer"
    elif any(_unwritable(argument or "") for argument in arguments):
        unsupported = "an argument has no name C++ can write ((anonymous namespace), a lambda)"
    qualified = str(template.spelling)
    parent = template.semantic_parent
    while parent is not None and parent.kind == kinds.NAMESPACE:
        qualified = (f"{parent.spelling}::" if parent.spelling else "") + qualified
        parent = parent.semantic_parent
    if parent is not None and parent.kind != kinds.TRANSLATION_UNIT:
        unsupported = unsupported or "it is declared inside a class"
    location = template.location
    return TemplateInstance(
        name, (int(location.line), int(location.column)),
        f"&{qualified}<{', '.join(argument or '' for argument in arguments)}>",
        f"&{template.spelling}<{', '.join(spelled)}>", unsupported)


def _unwritable(argument: str) -> bool:
    """clang spells an entity C++ cannot name with a parenthesis
    (``(anonymous namespace)::T``, ``(lambda at f.cpp:3:5)``); an enumerator
    argument, ``static_cast<E>(2)``, is judged by its type ``E`` (an
    enumeration of an anonymous namespace made the instrumented build's
    ``&copy<static_cast<(anonymous namespace)::Mode>(2), 4>`` fail to compile)."""
    if argument.startswith("static_cast<") and ">(" in argument:
        argument = argument[len("static_cast<"):argument.rindex(">(")]
    return "(" in argument


def _argument_code(function: Any, index: int, cindex: Any) -> str | None:
    """Template argument ``index`` of ``function`` as C++ that names it
    anywhere after the file: a type fully qualified (clang's canonical
    spelling), an integer as its value (cast to its enumeration)."""
    kind = function.get_template_argument_kind(index)
    if kind == cindex.TemplateArgumentKind.TYPE:
        spelled = str(function.get_template_argument_type(index).get_canonical().spelling)
        return spelled or None
    if kind != cindex.TemplateArgumentKind.INTEGRAL:
        return None
    value = _template_argument(function, index, cindex)
    parameter = _template_parameter(function, index, cindex)
    canonical = parameter.type.get_canonical() if parameter is not None else None
    if canonical is not None and canonical.kind == cindex.TypeKind.ENUM:
        return f"static_cast<{canonical.spelling}>({value})"
    return value


def cxx_name(function: Any, cindex: Any) -> str:
    """The C++ name of a called function as a user reads it, namespaces
    left out as the HLS tools leave them out of module names:
    ``copy<64, int>``, ``sum<ap_uint<12>, 16, true>``, ``Acc::run``,
    ``Filter<8>::operator()``."""
    name = str(function.spelling)
    count = function.get_num_template_arguments()
    if count > 0:
        name += "<" + ", ".join(_template_argument(function, index, cindex) for index in range(count)) + ">"
    if name.startswith("operator") and name != "operator()":  # overloads: each its own function
        name += "(" + ", ".join(str(argument.type.spelling) for argument in function.get_arguments()) + ")"
    parent = function.semantic_parent
    if function.kind == cindex.CursorKind.CXX_METHOD and parent is not None:
        owner = str(parent.type.spelling) or str(parent.spelling)
        name = (owner.rsplit("::", 1)[-1] if "<" not in owner else _unqualified(owner)) + "::" + name
    return name


def _unqualified(owner: str) -> str:
    """``ns::Filter<ns::T>`` -> ``Filter<ns::T>``: the qualification before the template's name only."""
    head, _, arguments = owner.partition("<")
    return head.rsplit("::", 1)[-1] + "<" + arguments


def _template_argument(function: Any, index: int, cindex: Any) -> str:
    kind = function.get_template_argument_kind(index)
    if kind == cindex.TemplateArgumentKind.INTEGRAL:
        parameter = _template_parameter(function, index, cindex)
        if parameter is not None and parameter.type.get_canonical().kind == cindex.TypeKind.BOOL:
            return "true" if function.get_template_argument_unsigned_value(index) else "false"
        unsigned = parameter is not None and parameter.type.get_canonical().spelling.startswith("unsigned")
        value = function.get_template_argument_unsigned_value(index) if unsigned \
            else function.get_template_argument_value(index)
        return str(value)
    spelled = str(function.get_template_argument_type(index).spelling)
    return spelled or "?"


def _template_parameter(function: Any, index: int, cindex: Any) -> Any:
    """The template's ``index``-th parameter (its type tells a ``bool`` argument from an integer)."""
    template = cindex.conf.lib.clang_getSpecializedCursorTemplate(function)
    if template is None:
        return None
    parameters = [child for child in template.get_children()
                  if child.kind in (cindex.CursorKind.TEMPLATE_NON_TYPE_PARAMETER,
                                    cindex.CursorKind.TEMPLATE_TYPE_PARAMETER,
                                    cindex.CursorKind.TEMPLATE_TEMPLATE_PARAMETER)]
    return parameters[index] if index < len(parameters) else None
