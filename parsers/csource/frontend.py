"""Preprocess with the system C preprocessor, then parse with pycparser.

Why the system preprocessor: HLS sources use macros for sizes (``#define N
1024``) whose values the analyses need, and only a real cpp gets ``#if``,
include paths and stringification right. Why line markers: pycparser reads
them and so every node's ``coord`` names the *original* file and line, which
is how loops are matched to report rows and LSUs to source lines.

Libc headers are replaced by the small stand-ins in ``fake_include/`` (the
real glibc headers are full of GNU extensions pycparser rejects); programs
are still compiled against the real headers by gcc.
"""

from __future__ import annotations

import enum
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from pycparser import c_ast, c_parser

from hlsight.core.errors import InputError, LocatedError
from hlsight.parsers.csource.opencl import OPENCL_DEFINES, opencl_prelude, strip_channel_keyword
from hlsight.parsers.csource.visitor import descendants

FAKE_INCLUDE = Path(__file__).resolve().parent / "fake_include"

_CXX_SUFFIXES = {".cpp", ".cc", ".cxx", ".c++", ".hpp", ".hh", ".hxx", ".C"}
_CXX_MARKERS = re.compile(
    r"\bhls::|\bap_u?int\s*<|\bap_u?fixed\s*<|\btemplate\s*<|^\s*namespace\b|^\s*class\s+\w+"
    r"|^\s*using\s+namespace\b|#\s*include\s*[<\"](?:ap_int|ap_fixed|hls_stream|hls_math|iostream|cstdio|cstdlib|vector)",
    re.MULTILINE,
)
_INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*[<"]([^>"]+)[>"]', re.MULTILINE)


class Dialect(enum.Enum):
    """Source language: plain (HLS) C99 or OpenCL C kernels."""

    C = "c"
    OPENCL = "opencl"


@dataclass
class CUnit:
    """A parsed translation unit plus what is needed to map back to text.

    ``filename`` is the name coords carry for the main file (what the caller
    passed); ``text`` the original, unpreprocessed source; ``skipped_includes``
    the includes that could not be found and were blanked (OpenCL sources
    embedded in reports often name headers the report does not carry).
    """

    ast: c_ast.FileAST
    filename: str
    text: str
    dialect: Dialect
    skipped_includes: list[str] = field(default_factory=list)
    #: ``(line, rule, message)`` warnings of the front end about the source
    #: (C++: a type wider than hlsight's HLS header model holds, a template
    #: whose loops are not instrumented)
    warnings: list[tuple[int, str, str]] = field(default_factory=list)
    #: C++: the definitions lowered because the code calls them (a template's
    #: instantiation, a class member, a function of the design's header),
    #: which are the unit's wherever they are written
    called: frozenset[str] = frozenset()
    #: C++, the instrumenter's reading: the template instances the file's code
    #: calls, with their bodies, and each call of one (``parsers.cxx.lower``)
    instances: list[tuple[Any, c_ast.FuncDef]] = field(default_factory=list)
    instance_calls: list[tuple[c_ast.ID, str]] = field(default_factory=list)
    #: C++, the instrumenter's reading: the user's headers the unit includes
    #: from the main file's folder or below, as clang names them (an edited
    #: copy of one needs copies of the others beside it)
    user_headers: tuple[str, ...] = ()

    @property
    def lines(self) -> list[str]:
        return self.text.splitlines()

    def functions(self) -> dict[str, c_ast.FuncDef]:
        """Function definitions of the main file (and those it calls that
        :attr:`called` names), by name."""
        return {
            node.decl.name: node
            for node in self.ast.ext
            if isinstance(node, c_ast.FuncDef) and (self.in_main_file(node) or node.decl.name in self.called)
        }

    def in_main_file(self, node: c_ast.Node) -> bool:
        coord = node.coord
        return coord is not None and str(coord.file) == self.filename

    def walk(self, node: c_ast.Node | None = None) -> Iterator[c_ast.Node]:
        """Every node under ``node`` (default: the whole unit), pre-order."""
        return descendants(self.ast if node is None else node)


_COMMENT_OR_STRING = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|//[^\n]*|/\*.*?\*/', re.DOTALL)


def strip_comments(text: str) -> str:
    """``text`` with every comment replaced by a space, or by its line breaks
    where it spans lines (string literals kept), so words in comments
    ("class", "template<", a commented-out ``#include``) are not taken for
    code and every line keeps its number and start (a directive is read at
    the start of its line: :mod:`~hlsight.parsers.csource.includes`)."""
    return _COMMENT_OR_STRING.sub(lambda m: m.group(0) if m.group(0)[0] in "\"'" else "\n" * m.group(0).count("\n")
                                  or " ", text)


def looks_like_cplusplus(text: str) -> bool:
    return _CXX_MARKERS.search(strip_comments(text)) is not None


def _reject_cplusplus(text: str, filename: str) -> None:
    if Path(filename).suffix in _CXX_SUFFIXES or looks_like_cplusplus(text):
        raise InputError(
            filename,
            "C++ is not supported yet (found C++ syntax or a C++ suffix)",
            expected="C99 HLS source or OpenCL C",
        )


def _preprocessor() -> list[str]:
    gcc = shutil.which("gcc") or shutil.which("cc")
    if gcc is None:
        raise InputError(None, "no C preprocessor found", expected="gcc or cc on PATH")
    return [gcc, "-E", "-x", "c", "-std=c99", "-nostdinc"]


def _blank_missing_includes(text: str, search_dirs: Sequence[Path]) -> tuple[str, list[str]]:
    """Replace includes that exist nowhere by empty lines (keeps line numbers)."""
    skipped: list[str] = []

    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        if any((directory / name).is_file() for directory in search_dirs):
            return match.group(0)
        # an embedded header named by a relative path ("../host/inc/fft_config.h"):
        # the report stores it flat, so include it by its file name (its macros,
        # LOGN or BLOCK_SIZE, then resolve as they did for aoc)
        base = PurePosixPath(name).name
        if base != name and any((directory / base).is_file() for directory in search_dirs[:1]):
            return match.group(0).replace(name, base)
        skipped.append(name)
        return ""

    return _INCLUDE.sub(replace, text), skipped


def preprocess(
    text: str,
    filename: str,
    dialect: Dialect,
    include_dirs: Sequence[Path] = (),
    defines: Mapping[str, str] | None = None,
    virtual_files: Mapping[str, str] | None = None,
) -> tuple[str, list[str]]:
    """Run cpp over ``text``; return the output and the includes skipped.

    ``virtual_files`` are extra headers by name (e.g. other sources embedded
    in the same aoc report). For OpenCL, includes that cannot be found are
    blanked instead of failing, because embedded sources rarely come with
    every header they name.
    """
    with tempfile.TemporaryDirectory(prefix="hlsight-cpp-") as scratch_name:
        scratch = Path(scratch_name)
        for name, content in (virtual_files or {}).items():
            target = scratch / Path(name).name
            if dialect is Dialect.OPENCL:
                content = strip_channel_keyword(content)
            target.write_text(content, encoding="utf-8")
        dirs = [scratch, *include_dirs, FAKE_INCLUDE]
        command = [*_preprocessor(), "-I", str(scratch)]
        for directory in include_dirs:
            command += ["-I", str(directory)]
        command += ["-isystem", str(FAKE_INCLUDE)]
        skipped: list[str] = []
        macros = dict(defines or {})
        if dialect is Dialect.OPENCL:
            text, skipped = _blank_missing_includes(strip_channel_keyword(text), dirs)
            prelude = scratch / "_hlsight_opencl_prelude.h"
            prelude.write_text(opencl_prelude(), encoding="utf-8")
            command += ["-include", str(prelude)]
            macros = {**OPENCL_DEFINES, **macros}
        for name, value in macros.items():
            if "\x00" not in f"{name}{value}":  # no process takes it as an argument
                command.append(f"-D{name}={value}")
        source = scratch / "_hlsight_input.c"
        source.write_text(text, encoding="utf-8")
        command.append(str(source))
        completed = subprocess.run(command, capture_output=True, text=True, check=False)
        if completed.returncode != 0:
            first = next((line for line in completed.stderr.splitlines() if "error" in line), completed.stderr.strip())
            first = first.replace(str(source), filename)
            for name in virtual_files or {}:  # an embedded header by its name, not its scratch copy's
                first = first.replace(str(scratch / Path(name).name), name)
            expected = "C the preprocessor accepts"
            if "No such file or directory" in first:
                expected = ("the folders of the headers it includes (hlsight simulate: --cflags \"-I DIR\"; the"
                            " Vivado/Vitis headers: --hls-include DIR)")
            raise InputError(filename, f"the C preprocessor failed: {first}", expected=expected)
        output = completed.stdout.replace(f'"{source}"', f'"{filename}"')
        for name in virtual_files or {}:
            # coords of code from embedded headers name the header as the report does
            output = output.replace(f'"{scratch / Path(name).name}"', f'"{name}"')
        return output, skipped


def elide_large_initializers(text: str, limit: int) -> str:
    """Replace ``= { ... }`` initializers longer than ``limit`` characters by
    ``= {0}`` plus the newlines they spanned (so coords stay right)."""
    out: list[str] = []
    position = 0
    for match in re.finditer(r"=\s*\{", text):
        start = match.end() - 1
        if start < position:
            continue
        depth = 0
        end = start
        while end < len(text):
            char = text[end]
            if char == "{":
                depth += 1
            elif char == "}":
                depth -= 1
                if depth == 0:
                    break
            end += 1
        if depth != 0 or end - start <= limit:
            continue
        out.append(text[position:start])
        out.append("{0}" + "\n" * text.count("\n", start, end))
        position = end + 1
    out.append(text[position:])
    return "".join(out)


def parse_c_text(
    text: str,
    filename: str,
    dialect: Dialect = Dialect.C,
    include_dirs: Sequence[Path] = (),
    defines: Mapping[str, str] | None = None,
    virtual_files: Mapping[str, str] | None = None,
    elide_tables_over: int | None = None,
) -> CUnit:
    """Preprocess and parse ``text`` as if it were the file ``filename``.

    ``elide_tables_over``: brace initializers longer than this many characters
    (twiddle-factor and coefficient tables of thousands of constants) are
    replaced by ``{0}`` before parsing, keeping line numbers. pycparser takes
    seconds per 10^5 constants, and analyses that read indices and loops do
    not need the values.
    """
    _reject_cplusplus(text, filename)
    preprocessed, skipped = preprocess(text, filename, dialect, include_dirs, defines, virtual_files)
    if dialect is Dialect.OPENCL:
        # again after cpp: `#define PIPE channel` (portable Intel/Xilinx sources)
        preprocessed = strip_channel_keyword(preprocessed)
    if elide_tables_over is not None:
        preprocessed = elide_large_initializers(preprocessed, elide_tables_over)
    try:
        ast = c_parser.CParser().parse(preprocessed, filename)
    except c_parser.ParseError as error:
        raise parse_error(filename, str(error), skipped, text) from None
    return CUnit(ast=ast, filename=filename, text=text, dialect=dialect, skipped_includes=skipped)


#: pycparser's message: ``file:line[:column]: what`` (the coordinates are the
#: original file's, through cpp's line markers), or ``file: what`` without a line
_PARSE_COORD = re.compile(r"(?P<file>[^\n]*?):(?P<line>\d+)(?::(?P<column>\d+))?: (?P<message>.*)", re.S)


def parse_error(filename: str, text: str, skipped: Sequence[str] = (), source: str = "") -> InputError:
    """pycparser's rejection as one diagnostic naming the file once: at its
    place, ``bad.c:2:12: error: before: 2; pycparser rejected the C source``
    (an editor jumps there), or ``bad.c: pycparser rejected the C source:
    Invalid expression`` where pycparser gives no line. It was ``bad.c:
    pycparser rejected the C source: bad.c:2:12: before: 2``."""
    expected = "C99 that pycparser accepts"
    found = _PARSE_COORD.fullmatch(text)
    if found is not None:
        column = found["column"]
        message = found["message"] + _missing_includes_text(skipped, source, int(found["line"]),
                                                            int(column) if column else None, found["message"])
        return LocatedError(found["file"], int(found["line"]), int(column) if column else None, "error",
                            message, "pycparser rejected the C source", expected)
    return InputError(filename, f"pycparser rejected the C source: {text.removeprefix(f'{filename}: ')}", expected)


_NAME_BEFORE = re.compile(r"([A-Za-z_]\w*)\s*$")


def _missing_includes_text(skipped: Sequence[str], source: str, line: int, column: int | None,
                           message: str) -> str:
    """Why a rejected source may not parse: the includes that were not found
    and left out, and the name just before the token it stopped at, which
    one of them may define (HPCC PTRANS: ``__global DEVICE_DATA_TYPE
    *restrict A`` rejected "before: *", its type in the CMake-generated
    ``parameters.h``). pycparser's column is the preprocessed line's (a
    macro such as ``__global`` expanded), so the token is looked for in the
    original line, its occurrence nearest that column taken."""
    if not skipped:
        return ""
    lines = source.splitlines()
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    token = message.removeprefix("before: ").strip() if message.startswith("before: ") else ""
    places = [index for index in range(len(text)) if token and text.startswith(token, index)]
    name = None
    if places:
        nearest = min(places, key=lambda index: abs(index + 1 - (column or index + 1)))
        name = _NAME_BEFORE.search(text[:nearest])
    unknown = f" `{name.group(1)}` may be a type or macro one of them defines;" if name is not None else ""
    files = ", ".join(f'"{item}"' for item in skipped)
    return (f" (the source includes {files}, not found here and left out:{unknown} a header the build"
            " generates? --source-root DIR with it)")


def parse_c_file(
    path: Path | str,
    dialect: Dialect | None = None,
    include_dirs: Sequence[Path] = (),
    defines: Mapping[str, str] | None = None,
) -> CUnit:
    """Parse a file; ``.cl`` files are OpenCL unless ``dialect`` says otherwise.

    The file's own directory is searched for quoted includes first, as a
    compiler would.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        raise InputError(path, f"cannot read the source file: {error.strerror}", expected="a readable C file") from None
    if dialect is None:
        dialect = Dialect.OPENCL if path.suffix == ".cl" else Dialect.C
    return parse_c_text(text, str(path), dialect, [path.parent, *include_dirs], defines)
