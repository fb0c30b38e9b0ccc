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
  ``... "function[/label]" variable``
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


#: options that always take a value: ``-mode ap_ctrl_none "top"`` is a location
#: after its value, not ``-mode`` with a location and a port (a public Fibonacci)
_VALUED = frozenset({"mode", "bundle", "depth", "offset", "latency", "name", "type", "factor", "dim", "core",
                     "impl", "storage_type", "storage_impl", "max_read_burst_length", "max_write_burst_length",
                     "num_read_outstanding", "num_write_outstanding", "max_widen_bitwidth", "clock",
                     "register_mode", "channel", "interrupt", "ii", "limit"})


def _ends_options(words: list[str]) -> bool:
    """Whether ``words`` (options) parse completely as ``-flag [value]`` pairs."""
    index = 0
    while index < len(words):
        if not words[index].startswith("-"):
            return False
        has_value = index + 1 < len(words) and not words[index + 1].startswith("-")
        if not has_value and words[index].lstrip("-").lower() in _VALUED:
            return False
        index += 2 if has_value else 1
    return True


def _tcl_options(words: list[str]) -> list[str]:
    out: list[str] = []
    index = 0
    while index < len(words):
        word = words[index].lstrip("-")
        following = words[index + 1] if index + 1 < len(words) else None
        if following is not None and not following.startswith("-"):
            out.append(f"{word}={following}")
            index += 2
        else:
            out.append(word)
            index += 1
    return out


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
                location, options = words[-1], _tcl_options(words[:-1])
                if name.lower() in _WITH_VARIABLE and len(words) >= 2 and not words[-2].startswith("-") \
                        and _ends_options(words[:-2]):
                    # ``<location> <variable>``: the port or array comes last
                    variable = _WITH_VARIABLE[name.lower()]
                    location = words[-2]
                    options = [*_tcl_options(words[:-2]), f"{variable}={words[-1]}"]
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
