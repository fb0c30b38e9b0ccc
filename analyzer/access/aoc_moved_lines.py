"""Say when an aoc kernel source is not the one the report was compiled from.

The Intel report places each kernel and each of its loops at a line of a
source file (``loops.json``, ``info.json``'s kernel list). An OpenCL file
given with ``--source-root`` (a report folder committed without its
``report_data.js`` sources) may be another revision: a public aoc 17.1.1
gridding report (OxfordSKA/FPGA_Gridding) places ``oskar_process_all_tiles``
at line 54, ``convEng`` at 193 and loops at 82, 107, 228, ...; the
repository's earlier ``gridding_kernels_tile.cl`` defines the kernels at
lines 4 and 149 and has no loop at 9 of those 10 lines, yet its accesses
were matched by line (an LSU the report places per tile was counted once
per visibility, 1000x too many) and a loop of the old file counted the
report's. :func:`stale_sources` finds such a file; the analysis then uses
none of its facts (the LSUs and loops keep the report's symbols, as
without a source) and :func:`stale_source_warnings` says why, once per file
(rule ``source-lines-moved``, as :mod:`moved_lines` does for Vitis).

The rule, per file read: the file is not the compiled one when

* it defines a kernel the report places in it outside that kernel's
  header (aoc gives the line of the name or of the body's ``{``; the
  attribute lines just above the name are accepted too), or
* at least two of the report's loops in it, and more than half, sit at
  lines where it has no loop.

A line "has a loop" when a walked loop starts or closes there (aoc 17.1
places a ``while (1)`` at its ``}``), when its text holds ``for``, ``while``
or ``do``, when it is a ``#pragma`` line (a loop reported at its
``#pragma unroll``), or when it uses a function-like macro whose body holds
a loop. The loop rule takes a majority, not one line, so a loop hlsight
misplaces (a macro it does not expand) is not read as an edit, while a
file where most lines moved is: every report of the corpus's 186 sets, whose
sources are the compiled ones (embedded in ``report_data.js``, or beside
the report), has every loop at a loop line and every kernel in its header.

i++ components and oneAPI SYCL kernels match their loops by line too
(:mod:`ipp_trips`, :mod:`sycl_derive`) and are judged by the same rule, by
their loops alone (no OpenCL kernel header to place): an older HiFlipVX
``img_filter_core.h`` one line shorter gave a row loop the column loop's
count, an older kmers source three lines shorter gave a loop an unrolled
inner loop's 31.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from pycparser import c_ast

from hlsight.analyzer.access.loops import LoopInfo
from hlsight.analyzer.access.moved_lines import RULE
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Kernel, path_name

#: places named in the message, at most
_NAMED = 3
#: a loop keyword, once comments are cut off
_LOOP_WORD = re.compile(r"\b(?:for|while|do)\b")
_PRAGMA = re.compile(r"^\s*#\s*pragma\b")
#: a function-like macro: its name and body (continuation lines joined)
_MACRO = re.compile(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)\(([^)]*)\)(.*)$", re.MULTILINE)
#: lines just above a kernel's name that still belong to its header
_HEADER_WORD = re.compile(r"^\s*(?:__attribute__|\[\[|__kernel\b|kernel\b|#\s*pragma\b|//|/\*|\*|$)")
#: header lines looked at above a kernel's name, at most
_HEADER_REACH = 10


@dataclass
class StaleSource:
    """What says one file read is not the compiled one."""

    path: str
    #: (report loop, its line) at lines where the file has no loop
    loops: list[tuple[str, int]] = field(default_factory=list)
    #: report loops placed in the file
    placed: int = 0
    #: (kernel, the report's line, the line the file defines it at)
    kernels: list[tuple[str, int, int]] = field(default_factory=list)
    kernel: str | None = None

    def stale(self) -> bool:
        """The rule of the module docstring."""
        missing = len(self.loops)
        return bool(self.kernels) or (missing >= 2 and 2 * missing > self.placed)


@dataclass
class KernelSource:
    """One kernel's walk, as far as this check needs it."""

    kernel: Kernel
    definition: c_ast.FuncDef | None
    loops: list[LoopInfo]


def stale_sources(kernels: Iterable[KernelSource], lines: dict[str, list[str]]) -> dict[str, StaleSource]:
    """File name -> the evidence, for every file read (``lines``: path ->
    text) that the rule says is not the compiled one."""
    texts = {path_name(path): (path, text) for path, text in lines.items()}
    macros = _loop_macros(text for _path, text in texts.values())
    found: dict[str, StaleSource] = {}
    starts: dict[str, set[int]] = defaultdict(set)
    walked = list(kernels)
    for item in walked:
        for info in item.loops:
            starts[path_name(info.file)].update({info.line} | ({info.end_line} if info.end_line else set()))
    for item in walked:
        kernel = item.kernel
        for loop in kernel.all_loops():
            file = path_name(loop.location.file) if loop.location is not None else ""
            if loop.location is None or file not in texts:
                continue
            entry = found.setdefault(file, StaleSource(texts[file][0]))
            entry.placed += 1
            if not _has_loop(texts[file][1], loop.location.line, starts[file], macros):
                entry.loops.append((loop.name, loop.location.line))
                entry.kernel = entry.kernel or kernel.name
        moved = _kernel_moved(kernel, item.definition, texts)
        if moved is not None:
            file, defined = moved
            entry = found.setdefault(file, StaleSource(texts[file][0]))
            assert kernel.location is not None
            entry.kernels.append((kernel.name, kernel.location.line, defined))
            entry.kernel = entry.kernel or kernel.name
    return {file: entry for file, entry in found.items() if entry.stale()}


def _code(text: str) -> str:
    """A line without its ``//`` comment and one-line ``/* */`` comments."""
    return re.sub(r"/\*.*?\*/", " ", text).split("//", 1)[0]


def _loop_macros(texts: Iterable[list[str]]) -> set[str]:
    """Names of the function-like macros whose body holds a loop keyword."""
    names: set[str] = set()
    for text in texts:
        joined = "\n".join(text).replace("\\\n", " ")
        names.update(match.group(1) for match in _MACRO.finditer(joined) if _LOOP_WORD.search(_code(match.group(3))))
    return names


def _has_loop(text: list[str], line: int, starts: set[int], macros: set[str]) -> bool:
    """Whether the file has a loop at ``line`` (see the module docstring)."""
    if line in starts:
        return True
    if not 0 < line <= len(text):
        return False
    code = _code(text[line - 1])
    if _LOOP_WORD.search(code) or _PRAGMA.match(code):
        return True
    return any(re.search(rf"\b{re.escape(name)}\s*\(", code) for name in macros)


def _kernel_moved(kernel: Kernel, definition: c_ast.FuncDef | None,
                  texts: dict[str, tuple[str, list[str]]]) -> tuple[str, int] | None:
    """(file, the line it defines the kernel at) when the report places the
    kernel in that file outside the kernel's header; a kernel the file does
    not define, or that the report places in another file, says nothing."""
    if definition is None or definition.coord is None or kernel.location is None:
        return None
    file = path_name(str(definition.coord.file))
    if file != path_name(kernel.location.file) or file not in texts:
        return None
    name = int(definition.coord.line)
    body = definition.body.coord.line if definition.body is not None and definition.body.coord else name
    first = _header_start(texts[file][1], name)
    return None if first <= kernel.location.line <= max(int(body), name) else (file, name)


def _header_start(text: list[str], name: int) -> int:
    """The first line of a kernel's header: its name's line, or the
    attribute, ``__kernel`` and comment lines right above it
    (``__attribute__((max_global_work_dim(0)))`` on a line of its own)."""
    first = name
    while first > 1 and name - first < _HEADER_REACH and _HEADER_WORD.match(text[first - 2] if first - 2 < len(text)
                                                                           else ""):
        first -= 1
    return first


def stale_source_warnings(stale: dict[str, StaleSource]) -> list[Diagnostic]:
    """One warning per file, naming the kernels and loops the report places
    where this file has none."""
    out = []
    for file, entry in stale.items():
        parts = []
        if entry.kernels:
            parts.append("; ".join(f"kernel {name} at line {line} (this file defines it at line {defined})"
                                   for name, line, defined in entry.kernels))
        if entry.loops:
            shown = ", ".join(f"{loop} (line {line})" for loop, line in entry.loops[:_NAMED])
            more = f" and {len(entry.loops) - _NAMED} more" if len(entry.loops) > _NAMED else ""
            parts.append(f"loops at lines where this file has none: {shown}{more} ({len(entry.loops)} of the"
                         f" {entry.placed} loops the report places in it)")
        first = entry.kernels[0][1] if entry.kernels else entry.loops[0][1]
        out.append(Diagnostic(
            rule=RULE, severity=Severity.WARNING, kernel=entry.kernel, file=entry.path, line=first,
            message=f"this {file} is not the file that was compiled (another revision?): the report places"
                    f" {'; and '.join(parts)}. The counts it gives may not be the report's, so none of its accesses"
                    " and loops are used (their LSUs and loops keep the report's symbols, as without a source)",
            data={"loops": [loop for loop, _line in entry.loops], "kernels": [name for name, *_ in entry.kernels]},
        ))
    return out
