"""Directives given outside the source (Vivado/Vitis ``directives.tcl``,
Vitis ``hls_config.cfg``) applied as if they were ``#pragma HLS`` lines.

HLS reads them the same way: ``set_directive_pipeline -II 2 "f/lbl"`` means
``#pragma HLS pipeline II=2`` in loop ``lbl`` of ``f``. The instrumenter only
needs the directives that change the loop structure it models (PIPELINE,
UNROLL, DATAFLOW, LOOP_TRIPCOUNT...); every directive is attached, the
planner reads what it understands.

Formats:

* Tcl: ``set_directive_<name> [-option [value]]... "function[/label]"``, and for the
  directives on a port or array (interface, array_partition, stream...)
  ``... "function[/label]" variable``; options may also follow the location
  (``set_directive_unroll f/L -factor 4``), as Vivado reads them
* cfg: ``syn.directive.<name>=function[/label] [option=value | option]...``
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

from hlsight.analyzer.instrument.sourceloops import SourceFunction
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.errors import InputError

_TCL = re.compile(r"^\s*set_directive_(\w+)\s+(.*)$")
_CFG = re.compile(r"^\s*syn\.directive\.(\w+)\s*=\s*(.*)$")


@dataclass(frozen=True)
class Directive:
    name: str
    function: str
    label: str | None
    options: tuple[str, ...]  # "II=2", "off"
    line: int

    @property
    def pragma(self) -> str:
        return " ".join(["HLS", self.name, *self.options])


#: Tcl directives written ``set_directive_<name> [options] <location> <variable>`` (UG1399), with
#: the pragma option the last word is: ``set_directive_allocation -type operation -limit 1 "top" add``
#: limits the instances ``add`` in ``top`` (a public 2023.1 design was told 'add' names no function)
_WITH_VARIABLE = {name: "variable" for name in ("array_partition", "array_reshape", "stream", "resource",
                                                "bind_storage", "bind_op", "data_pack", "aggregate", "disaggregate",
                                                "stable", "reset", "function_instantiate", "array_map")}
_WITH_VARIABLE.update({"interface": "port", "allocation": "instances"})


#: the options of each Tcl directive that take no value (UG902 Vivado HLS, UG1399 Vitis HLS: "-off",
#: "-rewind", "-skip_exit_check"...); every other option takes the next word as its value. Vivado reads
#: options and the location in any order: ``set_directive_unroll f/L -factor 64`` is
#: ``set_directive_unroll -factor 64 f/L`` (a public Vivado HLS 2019.1 Cholesky wrote the first, and the
#: factor was taken for the location)
_FLAGS: dict[str, frozenset[str]] = {
    "pipeline": frozenset({"off", "rewind", "enable_flush"}),
    "unroll": frozenset({"off", "region", "skip_exit_check"}),
    "inline": frozenset({"off", "recursive", "region"}),
    "dataflow": frozenset({"disable_start_propagation"}),
    "loop_flatten": frozenset({"off"}),
    "loop_merge": frozenset({"force"}),
    "expression_balance": frozenset({"off"}),
    "array_partition": frozenset({"off"}),
    "array_reshape": frozenset({"off", "object"}),
    "array_stencil": frozenset({"off"}),
    "interface": frozenset({"register"}),
    "stream": frozenset({"off"}),
    "reset": frozenset({"off"}),
}


@dataclass
class _TclWords:
    """A Tcl directive's words split into its options (``II=2``, ``off``) and
    its positional words (the location, then a port or variable)."""

    options: list[str]
    positional: list[str]


def _tcl_words(name: str, words: list[str]) -> _TclWords:
    """Options and positional words of ``set_directive_<name> words...``: an
    option takes the next word as its value unless it is one of the
    directive's flags (or no word follows it)."""
    flags = _FLAGS.get(name, frozenset())
    split = _TclWords([], [])
    valued_last = False  # the option read last took a value
    index = 0
    while index < len(words):
        word = words[index]
        following = words[index + 1] if index + 1 < len(words) else None
        if not word.startswith("-"):
            split.positional.append(word)
            index += 1
        elif word.lstrip("-").lower() in flags or following is None or following.startswith("-"):
            split.options.append(word.lstrip("-"))
            valued_last = False
            index += 1
        else:
            split.options.append(f"{word.lstrip('-')}={following}")
            valued_last = True
            index += 2
    if not split.positional and valued_last:
        # an undocumented flag before the location (``-newflag "f/L"``): the location is the word it took
        option, _equals, location = split.options.pop().partition("=")
        split.options.append(option)
        split.positional.append(location)
    return split


def _tcl_location(name: str, words: list[str]) -> tuple[str, list[str]]:
    """The location and the pragma options of a Tcl directive's words; for the
    directives on a port or array the word after the location is the
    variable (``<location> <variable>``, UG1399). Further positional words
    are kept as options; no location at all leaves it empty (the directive
    is then said to name no function)."""
    split = _tcl_words(name, words)
    positional = split.positional
    options = split.options
    if name in _WITH_VARIABLE and len(positional) >= 2:
        options.append(f"{_WITH_VARIABLE[name]}={positional[1]}")
        positional = [positional[0], *positional[2:]]
    return (positional[0] if positional else ""), [*options, *positional[1:]]


def parse_directives(path: Path) -> list[Directive]:
    """The directives of a Tcl or cfg file; raises InputError when unreadable."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        raise InputError(path, f"cannot read the directives: {error.strerror}",
                         expected="directives.tcl or hls_config.cfg") from None
    found: list[Directive] = []
    for number, line in enumerate(text.splitlines(), 1):
        tcl, cfg = _TCL.match(line), _CFG.match(line)
        try:
            if tcl is not None:
                words = shlex.split(tcl.group(2), comments=True)
                if not words:
                    continue
                name = tcl.group(1)
                location, options = _tcl_location(name.lower(), words)
            elif cfg is not None:
                words = shlex.split(cfg.group(2), comments=True)
                if not words:
                    continue
                location, options, name = words[0], words[1:], cfg.group(1)
            else:
                continue
        except ValueError:
            raise InputError(path, f"line {number}: unbalanced quotes", expected="a Tcl or cfg directive") from None
        function, _slash, label = location.partition("/")
        found.append(Directive(name.lower(), function, label or None, tuple(options), number))
    return found


def apply_directives(functions: dict[str, SourceFunction], directives: list[Directive],
                     filename: str) -> list[Diagnostic]:
    """Attach each directive to its function or labelled loop as a pragma."""
    notes: list[Diagnostic] = []
    for directive in directives:
        function = functions.get(directive.function)
        target: list[str] | None = None
        if function is not None and directive.label is None:
            target = function.pragmas
        elif function is not None:
            loop = next((item for item in function.all_loops() if item.label == directive.label), None)
            target = loop.pragmas if loop is not None else None
        if target is None:
            notes.append(Diagnostic("instrument-directive-unplaced", Severity.WARNING,
                                    f"directive {directive.name} for '{directive.function}"
                                    f"{'/' + directive.label if directive.label else ''}' names no function or "
                                    "labelled loop of the source: ignored", file=filename, line=directive.line))
            continue
        target.append(directive.pragma)
    return notes


class TakesDirectives:
    """Functions by name that take the lines of a ``directives.tcl`` /
    ``hls_config.cfg`` as pragmas, with notes for lines that find no place:
    what a parsed file (:class:`~hlsight.analyzer.instrument.cycles.ParsedSource`)
    and a design of several files (:class:`~hlsight.analyzer.instrument.design_sources.DesignSources`)
    share, so the one method serves both (each had its own copy)."""

    functions: dict[str, SourceFunction]
    notes: list[Diagnostic]

    def add_directives(self, path: Path) -> None:
        """Apply the directives of ``path`` as pragmas (see the module docstring)."""
        self.notes.extend(apply_directives(self.functions, parse_directives(path), str(path)))
