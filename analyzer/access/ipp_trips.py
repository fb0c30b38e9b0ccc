"""Loop trip counts of i++ (Intel HLS Compiler) C++ components, through the
template arguments they are instantiated with.

An i++ component is often a function template instantiated by the
testbench (HiFlipVX: ``ImgSobel<uchar, schar, 8, 1920, 1080, 3, ...>``), and
its loops are bounded by template parameters and constants computed from
them (``y < IMG_ROWS + KERN_RAD`` with ``KERN_RAD = KERN_SIZE / 2``), often
several calls deep. The report gives no trip counts. libclang resolves the
testbench's call to the component's specialization (its integral template
arguments); inside a template the calls are dependent, so their explicit
template argument lists are evaluated here with the caller's bindings, and
each callee's template is walked in turn. A ``for`` loop whose bounds then
evaluate to numbers gets that trip count, matched to the report's loop by
file and line. Anything that does not evaluate (a macro argument, a runtime
value) stays unknown: the loop keeps its ``loop.<...>.trip`` symbol.
"""

from __future__ import annotations

import ast
import operator
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path, PurePath
from typing import Any

from hlsight.analyzer.access.sources import command_defines
from hlsight.core.errors import InputError
from hlsight.core.model import Design, path_name
from hlsight.parsers.cxx.lower import tokens_of

#: What the i++ compiler predefines for the component (the embedded Intel
#: headers take their FPGA branch) and a builtin type its headers use.
IPP_DEFINES = ("-D__INTELFPGA_COMPILER__", "-D__int64=long long", "-Wno-everything", "-ferror-limit=0")
_MAX_DEPTH = 12
#: the most values of an enclosing counter a triangular loop's count is averaged over
_MAX_AVERAGED = 1 << 16

#: a loop's count: whole, or a triangular loop's mean per iteration of the loop around it
Count = int | Fraction


@dataclass(frozen=True)
class _Counter:
    """A counted loop's counter and the values it takes (``first``..``last``)."""

    name: str
    first: int
    last: int
#: every source i++ compiles, all as C++ (Intel HLS Compiler User Guide, "Overview")
_CXX_SUFFIXES = (".c", ".C", ".cc", ".cpp", ".CPP", ".c++", ".cp", ".cxx")


def _folders(paths: list[str]) -> list[Path]:
    """Every ancestor folder of the embedded files: ``HLS/hls.h`` is then
    found under ``/opt/.../hls/include`` as it was on the build machine."""
    found: set[Path] = set()
    for path in paths:
        found.update(Path(path).parents)
    return sorted(found, key=str)


#: Brackets that nest inside a template argument list, and inside a ``for``
#: header (where ``<`` is a comparison).
_TEMPLATE_BRACKETS = ("<([", ">)]")
_PARENTHESES = ("([", ")]")


def _closing(tokens: list[str], opening: int, brackets: tuple[str, str]) -> int | None:
    """Index of the bracket that closes ``tokens[opening]``."""
    depth = 0
    for index in range(opening, len(tokens)):
        if tokens[index] in brackets[0]:
            depth += 1
        elif tokens[index] in brackets[1]:
            depth -= 1
            if depth == 0:
                return index
    return None


def _split(tokens: list[str], separator: str, brackets: tuple[str, str]) -> list[list[str]]:
    """The parts of ``tokens`` between top-level ``separator`` tokens."""
    parts: list[list[str]] = [[]]
    depth = 0
    for token in tokens:
        if token in brackets[0]:
            depth += 1
        elif token in brackets[1]:
            depth -= 1
        elif token == separator and depth == 0:
            parts.append([])
            continue
        parts[-1].append(token)
    return parts


_OPERATORS: dict[type, Callable[[int, int], int]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod, ast.LShift: operator.lshift, ast.RShift: operator.rshift,
}


def _value(tokens: list[str], bindings: Mapping[str, int]) -> int | None:
    """An integer C expression of bound names and + - * / % << >>, or
    ``None`` (C's ``/`` of the non-negative sizes here is floor division)."""
    text = " ".join(tokens).replace("/", "//")
    try:
        tree = ast.parse(text, mode="eval").body
    except SyntaxError:
        return None
    return _evaluate(tree, bindings)


def _evaluate(node: ast.AST, bindings: Mapping[str, int]) -> int | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
        return node.value
    if isinstance(node, ast.Name):
        return bindings.get(node.id)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _evaluate(node.operand, bindings)
        return None if inner is None else -inner
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        left, right = _evaluate(node.left, bindings), _evaluate(node.right, bindings)
        if left is None or right is None or (isinstance(node.op, (ast.FloorDiv, ast.Mod)) and right == 0):
            return None
        if isinstance(node.op, (ast.LShift, ast.RShift)) and not 0 <= right < 64:
            return None
        return _OPERATORS[type(node.op)](left, right)
    return None


def _templates(unit: Any) -> dict[str, list[Any]]:
    """Function template definitions by name (file scope and namespaces:
    a walk of every expression of the headers would take seconds)."""
    from clang import cindex

    return _definitions(unit, cindex.CursorKind.FUNCTION_TEMPLATE)


def _definitions(unit: Any, kind: Any) -> dict[str, list[Any]]:
    """Definitions of ``kind`` by name, at file scope and in namespaces."""
    from clang import cindex

    out: dict[str, list[Any]] = {}
    pending = list(unit.cursor.get_children())
    while pending:
        cursor = pending.pop()
        if cursor.kind == cindex.CursorKind.NAMESPACE:
            pending.extend(cursor.get_children())
        elif cursor.kind == kind and cursor.is_definition():
            out.setdefault(cursor.spelling, []).append(cursor)
    return out


def _file_constants(unit: Any, macros: Mapping[str, int]) -> dict[str, int]:
    """The integer values of the main file's ``const`` variables at file
    scope (``const int ROWS = 8;``, ``const int SIZE = N * N;`` of a macro
    ``N``), each bound for the ones after it."""
    from clang import cindex

    found: dict[str, int] = dict(macros)
    for cursor in _main_file_cursors(unit):
        if cursor.kind == cindex.CursorKind.VAR_DECL and cursor.type.is_const_qualified() \
                and cursor.semantic_parent is not None \
                and cursor.semantic_parent.kind in (cindex.CursorKind.TRANSLATION_UNIT, cindex.CursorKind.NAMESPACE):
            tokens = [token.spelling for token in tokens_of(cursor)]
            if "=" in tokens and (value := _value(tokens[tokens.index("=") + 1:], found)) is not None:
                found[cursor.spelling] = value
    return found


#: An integer literal with C's suffixes (``30u``, ``1024UL``): its digits.
_SUFFIXED_INTEGER = re.compile(r"^(0[xX][0-9a-fA-F]+|\d+)[uUlL]+$")


def _macro_values(unit: Any, embedded: set[str]) -> dict[str, int]:
    """The integer values of the object-like macros the design's own files
    define (``#define NX 30``, ``#define N (NX * 2)``): the preprocessor puts
    them in the loop bounds (a public i++ 21.4 bicg's ``i < NX`` was asked
    for as ``loop.bicg.B2.trip``). A macro defined twice with two values
    (``#undef`` and again) has no one value and is left out, as is a
    function-like one or a body that is no integer expression."""
    from clang import cindex

    bodies: dict[str, set[tuple[str, ...]]] = {}
    for cursor in unit.cursor.get_children():
        if cursor.kind != cindex.CursorKind.MACRO_DEFINITION or cursor.location.file is None \
                or str(cursor.location.file) not in embedded \
                or cindex.conf.lib.clang_Cursor_isMacroFunctionLike(cursor):
            continue
        tokens = [token.spelling for token in cursor.get_tokens()][1:]
        bodies.setdefault(cursor.spelling, set()).add(
            tuple(match.group(1) if (match := _SUFFIXED_INTEGER.match(token)) else token for token in tokens))
    single = {name: list(next(iter(found))) for name, found in bodies.items() if len(found) == 1}
    values: dict[str, int] = {}
    while True:  # a macro may name one defined after it (expansion is at the use)
        new = {name: value for name, body in single.items()
               if name not in values and body and (value := _value(body, values)) is not None}
        if not new:
            return values
        values.update(new)


def _parameters(template: Any) -> list[str]:
    from clang import cindex

    kinds = (cindex.CursorKind.TEMPLATE_TYPE_PARAMETER, cindex.CursorKind.TEMPLATE_NON_TYPE_PARAMETER,
             cindex.CursorKind.TEMPLATE_TEMPLATE_PARAMETER)
    return [child.spelling for child in template.get_children() if child.kind in kinds]


def _bind(template: Any, arguments: list[int | None]) -> dict[str, int]:
    return {name: value for name, value in zip(_parameters(template), arguments, strict=False) if value is not None}


class _Walk:
    """One walk from a component's specialization through the templates it calls."""

    def __init__(self, templates: dict[str, list[Any]]) -> None:
        self.templates = templates
        self.trips: dict[tuple[str, int], Count] = {}
        #: (file name, line) of a loop -> the lines of the loops directly inside it
        self.nested: dict[tuple[str, int], set[int]] = {}
        self.seen: set[tuple[int, tuple[tuple[str, int], ...]]] = set()

    def function(self, template: Any, bindings: dict[str, int], depth: int = 0) -> None:
        from clang import cindex

        key = (template.hash, tuple(sorted(bindings.items())))
        if depth > _MAX_DEPTH or key in self.seen:
            return
        self.seen.add(key)
        local = dict(bindings)
        # the loops around the cursor: where each ends, and its counter where it is counted
        around: list[tuple[int, tuple[str, int], _Counter | None]] = []
        for cursor in template.walk_preorder():
            while around and cursor.extent.start.offset >= around[-1][0]:
                around.pop()
            if cursor.kind == cindex.CursorKind.VAR_DECL and cursor.type.is_const_qualified():
                tokens = [token.spelling for token in tokens_of(cursor)]
                if "=" in tokens:
                    value = _value(tokens[tokens.index("=") + 1:], local)
                    if value is not None:
                        local[cursor.spelling] = value
            elif cursor.kind == cindex.CursorKind.FOR_STMT and cursor.location.file is not None:
                place = (PurePath(str(cursor.location.file)).name, cursor.location.line)
                if around:
                    self.nested.setdefault(around[-1][1], set()).add(place[1])
                counter = self._loop(cursor, place, local, around[-1][2] if around else None)
                around.append((cursor.extent.end.offset, place, counter))
            elif cursor.kind == cindex.CursorKind.CALL_EXPR:
                self._call(cursor, local, depth)

    def _loop(self, cursor: Any, place: tuple[str, int], bindings: Mapping[str, int],
              outer: _Counter | None) -> _Counter | None:
        """Record the loop's count; its counter, where the count is whole.
        A loop whose bounds move with the counter of the counted loop around
        it (a triangular ``for (i = j + 1; i <= 18; i++)``) gets the mean of
        its counts over that counter's values: the model multiplies it by
        the outer loop's count, so the total is exact."""
        tokens = [token.spelling for token in cursor.get_tokens()]
        closing = _closing(tokens, 1, _PARENTHESES) if len(tokens) > 1 and tokens[1] == "(" else None
        header = [] if closing is None else _split(tokens[2:closing], ";", _PARENTHESES)
        if len(header) != 3:
            return None
        init, condition, step = header
        if "=" not in init or len(condition) < 3 or init[init.index("=") - 1] != condition[0]:
            return None
        counter = condition[0]
        stride = _step(counter, step, bindings)
        if stride is None or condition[1] not in (("<", "<=") if stride > 0 else (">", ">=")):
            return None
        start_tokens, bound_tokens = init[init.index("=") + 1:], condition[2:]
        inclusive = 1 if condition[1] in ("<=", ">=") else 0

        def span(start: int, bound: int) -> int:
            """The values from ``start`` to the bound, each iteration ``stride`` of them."""
            return (bound - start if stride > 0 else start - bound) + inclusive

        start, bound = _value(start_tokens, bindings), _value(bound_tokens, bindings)
        if start is not None and bound is not None:
            if span(start, bound) < 0:
                return None
            count = -(-span(start, bound) // abs(stride))
            self.trips[place] = count
            # a counter of step 1 takes every value between: an inner loop may average over them
            return _Counter(counter, start, start + count - 1) if stride == 1 else None
        if outer is None or not 0 < outer.last - outer.first + 1 <= _MAX_AVERAGED:
            return None
        total = 0
        for value in range(outer.first, outer.last + 1):
            with_outer = {**bindings, outer.name: value}
            start, bound = _value(start_tokens, with_outer), _value(bound_tokens, with_outer)
            if start is None or bound is None:
                return None
            total += -(-max(0, span(start, bound)) // abs(stride))
        self.trips[place] = Fraction(total, outer.last - outer.first + 1)
        return None

    def _call(self, cursor: Any, bindings: Mapping[str, int], depth: int) -> None:
        tokens = [token.spelling for token in cursor.get_tokens()]
        if len(tokens) < 3 or tokens[1] != "<" or tokens[0] not in self.templates:
            return
        closing = _closing(tokens, 1, _TEMPLATE_BRACKETS)
        if closing is None:
            return
        arguments = [_value(part, bindings) for part in _split(tokens[2:closing], ",", _TEMPLATE_BRACKETS)]
        for template in self.templates[tokens[0]]:
            if len(_parameters(template)) == len(arguments):
                self.function(template, _bind(template, arguments), depth + 1)


def _specialization_calls(unit: Any, names: set[str]) -> Iterator[tuple[Any, list[int | None]]]:
    """The testbench's calls to a component specialization, with its
    template arguments (integral ones as numbers)."""
    from clang import cindex

    for cursor in _main_file_cursors(unit):
        if cursor.kind != cindex.CursorKind.CALL_EXPR or cursor.spelling not in names:
            continue
        specialization = cursor.referenced
        if specialization is None or specialization.get_num_template_arguments() <= 0:
            continue
        template = cindex.conf.lib.clang_getSpecializedCursorTemplate(specialization)
        if template is None or template.kind != cindex.CursorKind.FUNCTION_TEMPLATE:
            continue
        values: list[int | None] = []
        for index in range(specialization.get_num_template_arguments()):
            kind = specialization.get_template_argument_kind(index)
            integral = kind == cindex.TemplateArgumentKind.INTEGRAL
            values.append(specialization.get_template_argument_value(index) if integral else None)
        yield template, values


#: libclang's error for an ``#include`` it found nowhere
_NOT_FOUND = re.compile(r"'(?P<header>[^']+)' file not found")


def _missing_headers(unit: Any, path: str) -> tuple[str, ...]:
    """The headers ``path`` itself includes that the parse found nowhere
    (a public i++ atax's ``#include "atax.h"``, which defines its bound
    ``N``, was not among the report's files)."""
    return tuple(dict.fromkeys(
        match.group("header") for diagnostic in unit.diagnostics
        if diagnostic.location.file is not None and str(diagnostic.location.file) == path
        and (match := _NOT_FOUND.fullmatch(diagnostic.spelling)) is not None))


def _absolute(path: str) -> str:
    return path if PurePath(path).is_absolute() else str(PurePath("/hlsight-embedded") / path)


def _main_file_cursors(unit: Any) -> Iterator[Any]:
    """Every cursor of the parsed file itself (not of its headers)."""
    main = str(unit.spelling)
    for top in unit.cursor.get_children():
        if top.location.file is not None and str(top.location.file) == main:
            yield from top.walk_preorder()


#: One template argument as the report's function name mapping prints an
#: integral one (its tokens joined): ``8``, ``8u``, ``8ul``, ``(unsigned short)3840``,
#: ``(vx_border_e)49153``.
_INTEGRAL_ARGUMENT = re.compile(r"^(?:\([\w:]+\))?(-?\d+)[uUlL]*$")
#: The tokens of a template argument list: brackets, commas, and the runs between them.
_ARGUMENT_TOKEN = re.compile(r"[<>()\[\],]|[^<>()\[\],\s]+")


def signature_arguments(signature: str) -> tuple[str, list[int | None]] | None:
    """The function name and template arguments of a specialization as the
    i++ report names it (``void vxReadDram<unsigned char, ..., (unsigned
    short)3840, 8u>(...)``): integral arguments as numbers, the others
    (types, references to streams) ``None``; ``None`` for a plain function
    or a name that does not read as one."""
    depth, parameters_at = 0, len(signature)
    for index, char in enumerate(signature):
        if char == "<":
            depth += 1
        elif char == ">":
            depth -= 1
        elif char == "(" and depth == 0:
            parameters_at = index  # the parameter list: casts inside <...> are deeper
            break
    head = signature[:parameters_at].rstrip()
    if not head.endswith(">"):
        return None
    depth = 0
    for opening in range(len(head) - 1, -1, -1):
        depth += {">": 1, "<": -1}.get(head[opening], 0)
        if depth == 0:
            break
    else:
        return None
    words = head[:opening].split()
    # the function's own name: after the return type, without its namespaces
    name = words[-1].split("::")[-1] if words else ""
    arguments = _split(_ARGUMENT_TOKEN.findall(head[opening + 1:-1]), ",", _TEMPLATE_BRACKETS)
    values: list[int | None] = []
    for argument in arguments:
        match = _INTEGRAL_ARGUMENT.match("".join(argument))
        values.append(int(match.group(1)) if match else None)
    return (name, values) if name.isidentifier() else None


def _step(counter: str, tokens: list[str], bindings: Mapping[str, int]) -> int | None:
    """The constant a ``for`` header's step adds to ``counter`` each
    iteration: ``i++``/``++i`` 1, ``i--``/``--i`` -1, ``i += c``, ``i -= c``,
    ``i = i + c``, ``i = i - c`` with ``c`` a nonzero constant (one token or
    one parenthesised expression there: ``i = i - a + b`` is not ``i - (a +
    b)``); ``None`` for any other step (before session 47 only ``++`` was
    counted)."""
    if tokens in ([counter, "++"], ["++", counter]):
        return 1
    if tokens in ([counter, "--"], ["--", counter]):
        return -1
    if len(tokens) >= 3 and tokens[0] == counter and tokens[1] in ("+=", "-="):
        sign, amount = (1 if tokens[1] == "+=" else -1), tokens[2:]
    elif len(tokens) >= 5 and tokens[:3] == [counter, "=", counter] and tokens[3] in ("+", "-") and (
            len(tokens) == 5 or (tokens[4] == "(" and _closing(tokens, 4, _PARENTHESES) == len(tokens) - 1)):
        sign, amount = (1 if tokens[3] == "+" else -1), tokens[4:]
    else:
        return None
    value = _value(amount, bindings)
    return None if not value else sign * value


@dataclass
class ComponentTrips:
    """Trip counts, (file name, line) -> count, of the ``for`` loops of a
    design's i++ functions: ``by_kernel`` from the specialization the report
    names for each component or task (the compiler's own template arguments),
    ``plain`` from a component that is no template (its literal and const
    bounds), ``from_testbench`` from the testbench's calls (the component's
    template walked down its calls; one count per line)."""

    by_kernel: dict[str, dict[tuple[str, int], Count]] = field(default_factory=dict)
    plain: dict[str, dict[tuple[str, int], Count]] = field(default_factory=dict)
    from_testbench: dict[tuple[str, int], Count] = field(default_factory=dict)
    #: (file name, line) of a source loop -> the lines of the loops directly in it
    nested: dict[tuple[str, int], set[int]] = field(default_factory=dict)

    def take(self, walk: _Walk) -> None:
        """Keep where ``walk``'s loops nest."""
        for place, lines in walk.nested.items():
            self.nested.setdefault(place, set()).update(lines)

    def nested_trip(self, kernel: str, file: str, line: int) -> tuple[Count, int] | None:
        """The count of the one loop directly inside the source loop at
        ``file:line``, and its line; ``None`` where there is not exactly one
        or its count is not known."""
        inside = self.nested.get((path_name(file), line), set())
        if len(inside) != 1:
            return None
        (inner,) = inside
        found = self.trip(kernel, file, inner)
        return None if found is None else (found[0], inner)
    #: the headers each parsed file (by name) includes that were found
    #: nowhere: the embedded files, their folders, ``--source-root``
    missing_headers: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def trip(self, kernel: str, file: str, line: int) -> tuple[Count, str, str] | None:
        """The count of the loop at ``file:line`` of ``kernel`` and where it
        comes from, as the note says it (what, and which)."""
        key = (path_name(file), line)
        if (count := self.by_kernel.get(kernel, {}).get(key)) is not None:
            return count, "the source's template arguments", "the specialization the report names for it"
        if (count := self.plain.get(kernel, {}).get(key)) is not None:
            return count, "the source", "the component's loop bounds"
        if (count := self.from_testbench.get(key)) is not None:
            return count, "the source's template arguments", "the component's instantiation in the testbench"
        return None


def component_loop_trips(design: Design) -> ComponentTrips:
    """Trip counts of the ``for`` loops of the design's components and tasks,
    from their template arguments; empty when nothing parses.

    A task function (``ihc::launch``) is instantiated inside a class the
    component declares, which the testbench walk does not follow; the
    report's function name mapping names every component's and task's
    specialization, so each is walked with the arguments it was built with."""
    from clang import cindex

    from hlsight.parsers.cxx.clang_frontend import IPP_INCLUDE, STD_INCLUDE, parse_cxx

    # relative names (the testbench's own folder) get one virtual absolute
    # folder, so their #include "x.h" finds each other as on the build machine
    embedded = {_absolute(source.path): source.content for source in design.source_files if source.content}
    names = {kernel.name for kernel in design.kernels}
    specializations = {kernel.name: parsed for kernel in design.kernels
                       if kernel.signature and (parsed := signature_arguments(kernel.signature)) is not None}
    # the command line's -D macros select the i++ branch of a portable source (HiFlipVX: `#elif Intel`)
    defines = [f"-D{name}={value}" for name, value in command_defines(design.tool.command).items()]
    found = ComponentTrips()
    for path, text in embedded.items():
        if not path.endswith(_CXX_SUFFIXES) or not any(name in text for name in names):
            continue
        others = {other: content for other, content in embedded.items() if other != path}
        try:
            unit = parse_cxx(Path(path), text=text, args=[*IPP_DEFINES, *defines],
                             include_dirs=[*_folders(list(embedded)), IPP_INCLUDE], unsaved=others, standard="c++17",
                             system_include=STD_INCLUDE).translation_unit
        except InputError:
            continue
        missing = _missing_headers(unit, path)
        if missing:
            found.missing_headers[path_name(path)] = missing
        templates = _templates(unit)
        macros = _macro_values(unit, set(embedded))
        walk = _Walk(templates)
        for template, values in _specialization_calls(unit, names):
            walk.function(template, {**macros, **_bind(template, values)})
        found.from_testbench.update(walk.trips)
        found.take(walk)
        # a plain component (no template: a public i++ 18.1 loop_pipeline's `for (i = 0; i < 20; i++)`
        # was asked for): its literal and const bounds, walked with no arguments bound
        plain = _definitions(unit, cindex.CursorKind.FUNCTION_DECL)
        components = [(kernel, function) for kernel in sorted(names) for function in plain.get(kernel, [])]
        constants = _file_constants(unit, macros) if components else {}  # a walk of the whole file: only when needed
        for kernel, function in components:
            own = _Walk(templates)
            own.function(function, {**macros, **constants})
            found.plain.setdefault(kernel, {}).update(own.trips)
            found.take(own)
        for kernel, (function, values) in specializations.items():
            for template in templates.get(function, []):
                if len(_parameters(template)) == len(values):
                    own = _Walk(templates)
                    own.function(template, {**macros, **_bind(template, values)})
                    found.by_kernel.setdefault(kernel, {}).update(own.trips)
                    found.take(own)
    return found
