"""Loops and calls of the C source, located in the original text and named the
way Vivado/Vitis HLS name them (format notes section 4).

Every loop gets the names a report may use for it: its label, the Vivado
positional name (``Loop 2.1``, ``lbl.2``) and the Vitis name
(``VITIS_LOOP_<line>_<ordinal>``). Its keyword is located in the original text
(columns of pycparser coords refer to the preprocessed line, so a macro
earlier on the line shifts them; the keyword is then found by its rank among
same-keyword tokens of that line).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pycparser import c_ast

from hlsight.analyzer.access.hls_pragmas import body_pragmas, hls_unroll_factor, pipelined, pragma_words, unrolled_fully
from hlsight.analyzer.access.loop_shapes import never_counted
from hlsight.analyzer.access.report_loop_names import NamedLoop, name_loops
from hlsight.core.errors import InputError
from hlsight.parsers.csource import CUnit
from hlsight.parsers.csource.tokens import SourceText, TokenKind
from hlsight.parsers.csource.visitor import NodeVisitor, descendants

_KEYWORDS: dict[type[c_ast.Node], str] = {c_ast.For: "for", c_ast.While: "while", c_ast.DoWhile: "do"}


@dataclass(eq=False)
class SourceLoop:
    """One ``for``/``while``/``do`` loop of a function."""

    node: c_ast.Node
    function: str
    keyword: str
    line: int
    ordinal: int  # 1-based pre-order position among the function's unlabelled loops (Vitis K)
    label: str | None
    vivado_name: str
    parent: SourceLoop | None = None
    children: list[SourceLoop] = field(default_factory=list)
    keyword_token: int | None = None  # index in SourceText.tokens; None = not in the main file text
    #: the loop comes from a function-like macro (``loop(i,n) { ... }``): keyword_token is the macro's name
    through_macro: bool = False
    pragmas: list[str] = field(default_factory=list)  # pragma strings directly in the body
    #: the static trip counts of the function's loops, computed when one is first asked for
    trip_counts: FunctionTripCounts | None = field(default=None, repr=False)

    @property
    def static_trip_count(self) -> int | None:
        """The loop's trip count when it is a constant, else None."""
        return None if self.trip_counts is None else self.trip_counts.of(self.node)

    @property
    def vitis_name(self) -> str:
        return f"VITIS_LOOP_{self.line}_{self.ordinal}"

    @property
    def display_name(self) -> str:
        return self.label or self.vivado_name

    @property
    def candidate_names(self) -> list[str]:
        """Names a report may use for this loop, most specific first."""
        if self.label:
            return [self.label]
        return [self.vivado_name, self.vitis_name]

    def has_pragma(self, word: str) -> bool:
        return any(pragma_words(text)[:2] == ["hls", word] for text in self.pragmas)

    @property
    def pipelined_in_source(self) -> bool:
        return pipelined(self.pragmas)

    @property
    def unrolled_in_source(self) -> bool:
        """Full unroll requested: ``#pragma HLS unroll`` without a factor, or
        with a factor at least the loop's static trip count."""
        if unrolled_fully(self.pragmas):
            return True
        factor = self.unroll_factor
        return factor is not None and self.static_trip_count is not None and factor >= self.static_trip_count

    @property
    def unroll_factor(self) -> int | None:
        """N of ``#pragma HLS unroll factor=N`` (a partial unroll), else None."""
        return hls_unroll_factor(self.pragmas)

    def walk(self) -> list[SourceLoop]:
        out = [self]
        for child in self.children:
            out.extend(child.walk())
        return out

    def inside_pipeline(self) -> bool:
        """True when an enclosing loop is pipelined (HLS then unrolls this one)."""
        parent = self.parent
        while parent is not None:
            if parent.pipelined_in_source:
                return True
            parent = parent.parent
        return False


@dataclass
class SourceFunction:
    """A function definition of the main file with its loop tree."""

    name: str
    node: c_ast.FuncDef
    loops: list[SourceLoop]  # top-level loops
    pragmas: list[str]  # pragma strings directly in the function body
    calls: list[str]  # names of functions called anywhere in the body
    #: the file that defines it (a design may span several files; diagnostics point there)
    filename: str = ""

    def all_loops(self) -> list[SourceLoop]:
        out: list[SourceLoop] = []
        for loop in self.loops:
            out.extend(loop.walk())
        return out

    @property
    def dataflow(self) -> bool:
        return any(pragma_words(text)[:2] == ["hls", "dataflow"] for text in self.pragmas)

    @property
    def pipelined(self) -> bool:
        """Function-level ``#pragma HLS PIPELINE``: HLS unrolls every loop and
        inlines every callee into the one pipeline, so the module latency is
        the whole story."""
        return any(pragma_words(text)[:2] == ["hls", "pipeline"] and "off" not in pragma_words(text)
                   for text in self.pragmas)


def _loop_body(node: c_ast.Node) -> c_ast.Node | None:
    body: c_ast.Node | None = node.stmt
    return body


class _LoopCollector(NodeVisitor):
    """Walks one function body, building the loop tree in source order with
    the names :func:`~hlsight.analyzer.access.report_loop_names.name_loops`
    gives each loop.

    While it walks, ``parent`` is the innermost enclosing loop and
    ``siblings`` the list the next loop joins."""

    def __init__(self, function: str, source: SourceText, unit: CUnit, names: dict[int, NamedLoop]):
        self.function = function
        self.source = source
        self.unit = unit
        self.names = names
        self.calls: list[str] = []
        self._rank_used: dict[tuple[int, str], int] = {}
        self.parent: SourceLoop | None = None
        self.siblings: list[SourceLoop] = []

    def collect(self, node: c_ast.Node, parent: SourceLoop | None, siblings: list[SourceLoop]) -> None:
        self.parent, self.siblings = parent, siblings
        self.visit(node)

    def _children(self, node: c_ast.Node, parent: SourceLoop | None, siblings: list[SourceLoop]) -> None:
        outer = self.parent, self.siblings
        for _name, child in node.children():
            self.parent, self.siblings = parent, siblings
            self.visit(child)
        self.parent, self.siblings = outer

    def generic_visit(self, node: c_ast.Node) -> None:
        self._children(node, self.parent, self.siblings)

    def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
        if isinstance(node.name, c_ast.ID):
            self.calls.append(str(node.name.name))
        self.generic_visit(node)

    def visit_For(self, node: c_ast.For | c_ast.While | c_ast.DoWhile) -> None:
        loop = self._make(node, self.parent, self.names[id(node)])
        self.siblings.append(loop)
        self._children(node, loop, loop.children)

    visit_While = visit_DoWhile = visit_For

    def _make(self, node: c_ast.Node, parent: SourceLoop | None, named: NamedLoop) -> SourceLoop:
        keyword = _KEYWORDS[type(node)]
        line = int(node.coord.line)
        loop = SourceLoop(
            node=node,
            function=self.function,
            keyword=keyword,
            line=line,
            ordinal=named.ordinal,
            label=named.label,
            vivado_name=named.positional,
            parent=parent,
            pragmas=body_pragmas(_loop_body(node)),
        )
        if self.unit.in_main_file(node):
            loop.keyword_token = self._locate(node, keyword, line)
            if loop.keyword_token is None:
                loop.keyword_token = self._locate_macro(node, line)
                loop.through_macro = loop.keyword_token is not None
        return loop

    def _locate_macro(self, node: c_ast.Node, line: int) -> int | None:
        """A loop written through a function-like macro (``#define loop(i,n)
        for(i=0;i<n;i++)``): the line markers put the expanded ``for`` on the
        invocation's line and its body after it in the main text. The loop is
        then the invocation ``NAME(...)`` whose closing parenthesis is
        followed by the body's first token."""
        body = node.stmt if not isinstance(node, c_ast.DoWhile) else None
        if body is None or body.coord is None or not self.unit.in_main_file(body):
            return None
        body_line = int(body.coord.line)
        candidates = []
        for index in self.source.tokens_on_line(line):
            if self.source.tokens[index].kind is not TokenKind.IDENT:
                continue
            opener = index + 1
            if not self.source.is_punct(opener, "("):
                continue
            try:
                first = self.source.next_code(self.source.matching(opener))
            except InputError:  # unbalanced text: not this candidate
                continue
            if self.source.line_of(self.source.tokens[first].start) == body_line:
                candidates.append(index)
        rank = self._rank_used.get((line, "<macro>"), 0)
        self._rank_used[(line, "<macro>")] = rank + 1
        return candidates[rank] if rank < len(candidates) else None

    def _locate(self, node: c_ast.Node, keyword: str, line: int) -> int | None:
        column = node.coord.column
        if column:
            index = self.source.token_at(self.source.offset(line, int(column)))
            if index is not None and self.source.is_ident(index, keyword):
                self._rank_used[(line, keyword)] = self._rank_used.get((line, keyword), 0) + 1
                return index
        # A macro earlier on the line shifted the column: take the next unused
        # same-keyword token of the line (AST order = text order on one line).
        rank = self._rank_used.get((line, keyword), 0)
        candidates = [i for i in self.source.tokens_on_line(line) if self.source.is_ident(i, keyword)]
        self._rank_used[(line, keyword)] = rank + 1
        return candidates[rank] if rank < len(candidates) else None


def collect_functions(unit: CUnit, source: SourceText) -> dict[str, SourceFunction]:
    """Every function defined in the main file, with its loops located in ``source``."""
    return {name: source_function(name, definition, unit, source) for name, definition in unit.functions().items()}


def collect_instances(unit: CUnit, source: SourceText) -> dict[str, SourceFunction]:
    """The C++ template instances the file's code calls (``copy<64, int>``),
    each with its loops located in the one template body of ``source``."""
    return {definition.decl.name: source_function(definition.decl.name, definition, unit, source)
            for _instance, definition in unit.instances}


def source_function(name: str, definition: c_ast.FuncDef, unit: CUnit, source: SourceText) -> SourceFunction:
    """``definition`` with its loop tree, its loops located in ``source``."""
    names = {id(named.node): named for top in name_loops(definition.body) for named in top.walk()}
    collector = _LoopCollector(name, source, unit, names)
    loops: list[SourceLoop] = []
    collector.collect(definition.body, None, loops)
    counts = FunctionTripCounts(unit, definition)
    for loop in (item for top in loops for item in top.walk()):
        loop.trip_counts = counts
    return SourceFunction(name, definition, loops, body_pragmas(definition.body), collector.calls, source.filename)


def called_names(node: c_ast.Node) -> list[str]:
    """The names of the functions called anywhere under ``node``, in order."""
    return [str(call.name.name) for call in descendants(node)
            if isinstance(call, c_ast.FuncCall) and isinstance(call.name, c_ast.ID)]


# --------------------------------------------------------------------------- static trip counts


class FunctionTripCounts:
    """The static trip counts of one function's loops, computed on first
    use. The symbolic walker behind them (:mod:`hlsight.analyzer.access.trip_counts`)
    runs on sympy, whose import is most of a cold ``hlsight instrument``
    (0.3-1 s); pass 2 and a pass 1 whose report gives every count never ask
    for one, so they need not pay it. A loop whose shape rules a count out
    (:func:`~hlsight.analyzer.access.loop_shapes.never_counted`: ``while (a[i]
    != 0 && i < n)``, a counter stepped under an ``if``) has none without a
    walk either, so pass 1 on a function of data-dependent loops only never
    imports sympy. The AST the walker reads is not changed after parsing
    (directives add pragma strings to the loops, not nodes), so computing
    later gives the same counts."""

    def __init__(self, unit: CUnit, definition: c_ast.FuncDef):
        self.unit = unit
        self.definition = definition
        self._counts: dict[int, int] | None = None

    def of(self, node: c_ast.Node) -> int | None:
        if self._counts is None:
            if never_counted(node):
                return None
            self._counts = static_trip_counts(self.unit, self.definition)
        return self._counts.get(id(node))


def static_trip_counts(unit: CUnit, definition: c_ast.FuncDef) -> dict[int, int]:
    """``id(loop node)`` -> trip count for the loops of ``definition`` whose
    count is a constant (from :mod:`hlsight.analyzer.access.trip_counts`, which resolves
    locals, macros and casts); every other loop needs a trip-count pragma."""
    from hlsight.analyzer.access.trip_counts import loop_infos  # sympy: only when a count is asked for

    counts: dict[int, int] = {}
    for key, info in loop_infos(unit, definition).items():
        count = info.trip_count
        # a geometric or condition-stepped count is hlsight's, not necessarily
        # the HLS tool's: keep the pragma (the tool ignores it where it knows)
        if count is not None and count.is_Integer and info.header_counted:
            counts[key] = max(0, int(count))
    return counts


def loop_tokens(source: SourceText, loop: SourceLoop) -> tuple[int, int, int, int] | None:
    """(keyword, body first, body last, statement last) token indices of a
    located loop, or ``None`` when it is not in the main file text."""
    if loop.keyword_token is None:
        return None
    keyword = loop.keyword_token
    if loop.through_macro:
        body_first = source.next_code(source.matching(source.next_code(keyword)))
        body_last = source.statement_end(body_first)
        return keyword, body_first, body_last, body_last
    body_first = source.loop_body_start(keyword)
    body_last = source.statement_end(body_first)
    last = source.statement_end(keyword)
    return keyword, body_first, body_last, last


def is_compound(source: SourceText, index: int) -> bool:
    token = source.tokens[index]
    return token.kind is TokenKind.PUNCT and token.text == "{"
