"""Parse the kernel sources a design embeds (aoc ``fileJSON``) or names.

The compile command in the report (``aoc -D INPUTS=2 -D V=16 ...``) supplies
the macros the source was built with; the other embedded files serve as
headers, so ``#include "hotspot_common.h"`` resolves as it did for aoc.
"""

from __future__ import annotations

import re
import shlex
from collections import Counter
from dataclasses import dataclass, field
from pathlib import PurePath

from pycparser import c_ast

from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.errors import InputError, LocatedError
from hlsight.core.model import Design, Product, Vendor
from hlsight.parsers.csource import CUnit, Dialect, parse_c_text
from hlsight.parsers.cxx import CXX_SUFFIXES
from hlsight.parsers.cxx.hls_headers import find_hls_headers

#: Macros aoc predefines (Intel FPGA SDK for OpenCL programming guide); kernels
#: select their Intel code paths with them (``#elif defined(INTELFPGA_CL)``).
_AOC_PREDEFINED = {"INTELFPGA_CL": "1", "ALTERA_CL": "1"}
_DEFINE = re.compile(r"^-D(\w+)(?:=(.*))?$")
_C_SUFFIXES = (".cl", ".c", ".h")
_INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*[<"]([^>"]+)[>"]', re.MULTILINE)
#: initializer tables longer than this are elided before parsing (see parse_c_text)
_TABLE_LIMIT = 2000


_NUMERIC_DEFINE = re.compile(
    r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)[ \t]+\(?[ \t]*(\d+)[ \t]*\)?[ \t]*(?://.*|/\*.*)?$", re.MULTILINE
)


def defined_macros(design: Design) -> dict[str, tuple[float, str]]:
    """Numeric macros the design was compiled with: ``-D NAME=VALUE`` on the
    compile command line, else ``#define NAME VALUE`` in an embedded source
    or header (fft1d's ``LOGN`` in fft_config.h, matrix_mult's
    ``BLOCK_SIZE``). Name -> (value, where). The source analysis expands
    them already; a user value for one changes nothing in the design."""
    found: dict[str, tuple[float, str]] = {}
    for source in design.source_files:
        for match in _NUMERIC_DEFINE.finditer(source.content or ""):
            found.setdefault(match.group(1), (float(match.group(2)), PurePath(source.path).name))
    for name, value in command_defines(design.tool.command).items():
        try:
            found[name] = (float(value), "the compile command line")
        except ValueError:
            continue
    return found


_BOARD_VARIANT = re.compile(r"\w+")


def board_defines(design: Design) -> dict[str, str]:
    """The macros aoc defines for the target board: ``AOCL_BOARD_<variant>``
    and the older ``ACL_BOARD_<variant>`` (aoc.pl's ``@board_def``), which
    kernels test to pick their sizes (Rodinia FPGA's hotspot: ``#ifdef
    AOCL_BOARD_de5net_a7 #define SSIZE 8``); the variant is the part of
    the report's board after the BSP (``de10_nano:de10_nano_sharedonly``)."""
    board = design.device.board if design.device is not None else None
    variant = board.rsplit(":", 1)[-1].strip() if board else ""
    if not _BOARD_VARIANT.fullmatch(variant):
        return {}
    return {f"AOCL_BOARD_{variant}": "1", f"ACL_BOARD_{variant}": "1"}


def command_defines(command: str | None) -> dict[str, str]:
    """``-D NAME=VALUE`` / ``-DNAME`` macros of a compile command line."""
    if not command:
        return {}
    try:
        words = shlex.split(command)
    except ValueError:
        words = command.split()
    defines: dict[str, str] = {}
    index = 0
    while index < len(words):
        word = words[index]
        if word == "-D" and index + 1 < len(words):
            word = "-D" + words[index + 1]
            index += 1
        match = _DEFINE.match(word)
        if match and "\x00" not in word:  # a NUL can reach no compiler (a damaged info.json: a traceback)
            defines[match.group(1)] = match.group(2) if match.group(2) is not None else "1"
        index += 1
    return defines


@dataclass
class ParsedSources:
    """Parsed translation units of a design and the original text of every file."""

    units: list[CUnit] = field(default_factory=list)
    lines: dict[str, list[str]] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def function(self, name: str) -> tuple[CUnit, c_ast.FuncDef] | None:
        for unit in self.units:
            found = unit.functions().get(name)
            if found is not None:
                return unit, found
        return None

    def definitions(self, units: list[CUnit] | None = None) -> list[tuple[str, c_ast.FuncDef]]:
        """Every function ``units`` (default: all) define, by name; a
        definition written once (a header's, lowered in each file that
        calls it) is listed once, two written apart both."""
        found: list[tuple[str, c_ast.FuncDef]] = []
        seen: set[tuple[str, str, int]] = set()
        for unit in self.units if units is None else units:
            for name, definition in unit.functions().items():
                where = (name, str(definition.coord.file), int(definition.coord.line)) if definition.coord else None
                if where not in seen:
                    found.append((name, definition))
                    if where is not None:
                        seen.add(where)
        return found

    def defined_elsewhere(self, unit: CUnit) -> dict[str, c_ast.FuncDef]:
        """The functions the design's other C++ files define, which a walk
        of ``unit`` (C++ too) may enter: a class's members are often defined
        in its own ``.cpp`` (a public 2019.1 track fit's ``LRHLS::produce``,
        a public number library's ``Ban::operator==``) and the calls of the
        top's file reached none of them. A C file's are not: its file-scope
        constants and typedefs are its own. A name two files define apart
        (a ``static`` helper in each) is neither's."""
        if PurePath(unit.filename).suffix not in CXX_SUFFIXES:
            return {}
        others = [other for other in self.units
                  if other is not unit and PurePath(other.filename).suffix in CXX_SUFFIXES]
        found = self.definitions(others)
        names = Counter(name for name, _definition in found)
        return {name: definition for name, definition in found if names[name] == 1}


def parse_design_sources(design: Design) -> ParsedSources:
    """Parse each embedded source that defines a function (others are headers).

    A source pycparser rejects becomes a warning diagnostic, not an error:
    the report itself is fine, only the source-derived facts are missing.
    An i++ design has no C source: i++ "treats all of these file types as
    C++", ``.c`` included (Intel HLS Compiler User Guide, "Overview"), and
    its components include ``<HLS/hls.h>``; the C++ front end reads them
    (:mod:`hlsight.analyzer.access.ipp_trips`), and pycparser only said it
    could not (a ``.c`` component with ``ac_int`` arguments).
    """
    parsed = ParsedSources()
    embedded = {source.path: source.content for source in design.source_files if source.content is not None}
    parsed.lines = {path: text.splitlines() for path, text in embedded.items()}
    if design.tool.product is Product.IPP:
        return parsed  # its lines still say whether a file is the compiled one (aoc_moved_lines)
    dialect = Dialect.C if design.tool.product not in (Product.AOC, Product.ONEAPI) else Dialect.OPENCL
    defines = {**_AOC_PREDEFINED, **board_defines(design), **command_defines(design.tool.command)} \
        if dialect is Dialect.OPENCL else {}
    if dialect is Dialect.C:
        # Vivado/Vitis synthesize with __SYNTHESIS__ defined (UG1399): the report's code, without csim-only parts
        synthesis = {"__SYNTHESIS__": "1"} if design.tool.vendor is Vendor.XILINX else {}
        defines = {**synthesis, **command_defines(design.tool.command)}
    included = {name for text in embedded.values() for name in _INCLUDE.findall(text)}
    # Vivado HLS C includes ap_cint.h: the vendor's include folder, else hlsight's model of it (as simulate does)
    vendor_headers = (find_hls_headers().directory,) if design.tool.vendor is Vendor.XILINX else ()
    for path, text in embedded.items():
        if not path.endswith(_C_SUFFIXES) or path.endswith(".h"):
            continue
        if PurePath(path).name in {PurePath(name).name for name in included}:
            continue  # a header of another embedded file: parsed through that file
        if dialect is Dialect.C and "(" not in text:
            continue
        headers = {other: content for other, content in embedded.items() if other != path}
        try:
            unit = parse_c_text(
                text, path, Dialect.OPENCL if path.endswith(".cl") else Dialect.C, vendor_headers, defines, headers,
                _TABLE_LIMIT
            )
        except InputError as error:
            parsed.diagnostics.append(
                Diagnostic(
                    rule="access-source-unparsed",
                    severity=Severity.WARNING,
                    message=f"cannot derive access facts from {PurePath(path).name}: {error.summary}",
                    file=path,
                    # at pycparser's place when it names one in this file (not in a header it includes)
                    line=_place_in(error, path)[0],
                    column=_place_in(error, path)[1],
                )
            )
            continue
        parsed.units.append(unit)
    return parsed


def _place_in(error: InputError, path: str) -> tuple[int | None, int | None]:
    """(line, column) of a rejection located in ``path`` itself, for the
    warning's ``file:line:col``; ``None`` when it is elsewhere or unknown."""
    if isinstance(error, LocatedError) and error.path is not None and PurePath(error.path).name == PurePath(path).name:
        return error.line, error.column
    return None, None
