"""Argument helpers shared by commands that read a design."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from hlsight.analyzer.launches import HintsFile, Launch, concurrent_in, launched_in, launches_in
from hlsight.analyzer.memory_profiles import MemoryProfile, load_profile
from hlsight.analyzer.pipeline import analyze
from hlsight.analyzer.results import AnalysisResult
from hlsight.analyzer.symbols import hint_values, load_hints_table, parse_set
from hlsight.commands.source_headers import with_local_files
from hlsight.commands.sources import local_sources, source_root_unmatched
from hlsight.core.diagnostics import Severity
from hlsight.core.errors import InputError
from hlsight.core.model import Design
from hlsight.output import check_output_folder, write_text
from hlsight.reporters import REPORTERS, get_reporter
from hlsight.reporters.base import RenderOptions

#: ``-o FILE`` without ``--format``: the format its suffix names (``x.html`` was
#: written as terminal text into a file a browser then showed as one line)
FORMAT_OF_SUFFIX = {".html": "html", ".htm": "html", ".json": "json", ".sarif": "sarif"}


def add_output_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", choices=sorted(REPORTERS), default=None,
                        help="output format (default: from -o's suffix, .html/.json/.sarif, else text)")
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")
    loudness = parser.add_mutually_exclusive_group()
    loudness.add_argument("-v", "--verbose", action="store_true",
                          help="also notes (how each access was derived), formulas and the inventory")
    loudness.add_argument("-q", "--quiet", action="store_true", help="only the estimate and the warnings/errors")
    add_source_root_argument(parser)
    parser.add_argument("--min-severity", choices=[severity.value for severity in Severity],
                        help="leave out findings less severe than this (default: warning; note with -v)")


def add_source_root_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--source-root", metavar="DIR",
                        help="where the kernel sources are on this machine (reports name the build machine's paths;"
                             " a file is also found by its name at any depth below DIR)")


def source_root_given(args: argparse.Namespace) -> str | None:
    """``--source-root``, refused when it is not a directory."""
    source_root: str | None = getattr(args, "source_root", None)
    if source_root is not None and not os.path.isdir(source_root):
        raise InputError(source_root, "--source-root is not a directory",
                         expected="the folder holding the kernel sources")
    return source_root


def add_design_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", metavar="PATH", help="report directory, project directory or report file")
    parser.add_argument("--solution", metavar="NAME", help="Vivado/Vitis solution to read")


def use_color(output: str | None) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set (no-color.org)."""
    return output in (None, "-") and sys.stdout.isatty() and not os.environ.get("NO_COLOR")


def emit(result: AnalysisResult, args: argparse.Namespace) -> None:
    """Render ``result`` in ``args.format`` and write it to ``args.output``."""
    source_root = source_root_given(args)
    if args.output not in (None, "-", ""):
        check_output_folder(Path(args.output))  # named as given, before FILE.sources/ is written
    options = RenderOptions(
        sources=local_sources(result.design, result.diagnostics, source_root, args.output),
        source_root=source_root,
        color=use_color(args.output),
        relative_to=os.getcwd(),
        verbosity=1 if getattr(args, "verbose", False) else (-1 if getattr(args, "quiet", False) else 0),
        min_severity=None if getattr(args, "min_severity", None) is None else Severity(args.min_severity),
    )
    text = get_reporter(output_format(args)).render(result, options)
    write_text(text, args.output, run_inputs(result.design, args, [source.path for source in options.sources.values()]))


def run_inputs(design: Design, args: argparse.Namespace, more: Iterable[str | Path] = ()) -> list[Path]:
    """Every file a report command read, which its ``-o`` may not name: the
    report's artifacts, the design path itself, the sources shown, and the
    hints and memory files given."""
    given = [getattr(args, name, None) for name in ("path", "hints", "memory")]
    return [*design.artifacts, *(Path(item) for item in more),
            *(Path(item) for item in given if isinstance(item, str) and item)]


def output_format(args: argparse.Namespace, formats: Mapping[str, str] = FORMAT_OF_SUFFIX) -> str:
    """``--format``, else the one ``-o``'s suffix names in ``formats``
    (analyze's by default; whatif has its own), else text."""
    if args.format is not None:
        return str(args.format)
    suffix = Path(args.output).suffix.lower() if args.output not in (None, "-", "") else ""
    return formats.get(suffix, "text")


def add_model_arguments(parser: argparse.ArgumentParser) -> None:
    """``--set``, ``--hints`` and ``--memory``: values the reports lack."""
    parser.add_argument(
        "--set", action="append", default=[], metavar="NAME=VALUE",
        help="give a symbol a value (work_items, or the NDRange's size per dimension global_size0..2"
        " [oneAPI: range0..2], whose product it is; stride, element_bytes, fmax [MHz], f_dram [MHz],"
        " lsu.<id>.stride|accesses|bytes, loop.<name>.trip, kernel arguments; -no-interleaving builds:"
        " bank, lsu.<id>.bank; Vivado/Vitis:"
        " axi.<top>.<bundle>.bytes|stride|access_bytes);"
        " KERNEL:NAME=VALUE for one kernel only; repeatable",
    )
    parser.add_argument("--hints", metavar="FILE.toml", help="symbol values from a TOML file (--set wins);"
        " [[launch]] tables"
        " (repeat = N, values) sum repeated launches; concurrent = [\"k1\", \"k2\"] kernels run at the same time;"
        " launched = [\"k1\", ...] the only kernels the host launches")
    parser.add_argument("--memory", metavar="NAME|FILE.toml", help="memory profile (see 'hlsight memory list')")


@dataclass
class UserInputs:
    """What the user gave for the model: symbol values (``--hints``, then
    ``--set``), the memory profile, the hints file's ``[[launch]]`` tables and
    ``concurrent`` kernel sets."""

    values: dict[str, float] = field(default_factory=dict)
    memory: MemoryProfile | None = None
    launches: list[Launch] = field(default_factory=list)
    concurrent: list[tuple[str, ...]] = field(default_factory=list)
    #: the hints file's ``launched``: the only kernels the host launches
    launched: tuple[str, ...] = ()
    #: the hints file and the names it gives, named in errors about them
    hints: HintsFile | None = None


def user_inputs(args: argparse.Namespace) -> UserInputs:
    """Read ``--hints`` once (values, launches, concurrent sets), then ``--set`` and ``--memory``."""
    inputs = UserInputs()
    if getattr(args, "hints", None):
        path = Path(args.hints)
        table = load_hints_table(path)
        inputs.values.update(hint_values(path, table))
        inputs.launches = launches_in(path, table)
        inputs.concurrent = concurrent_in(path, table)
        inputs.launched = launched_in(path, table)
        inputs.hints = HintsFile.of(path, inputs.values, inputs.launches)
    for item in getattr(args, "set", []) or []:
        name, value = parse_set(item)
        inputs.values[name] = value
    inputs.memory = load_profile(args.memory) if getattr(args, "memory", None) else None
    return inputs


def analyze_with_inputs(
    design: Design, args: argparse.Namespace, defaults: dict[str, float] | None = None
) -> AnalysisResult:
    """Analyse ``design`` with everything the user gave (``--hints``: values,
    ``[[launch]]`` tables, ``concurrent``; ``--set``; ``--memory``) over
    ``defaults`` (the demo's own hints): the one path analyze, annotate and
    demo share."""
    inputs = user_inputs(args)
    source_root = getattr(args, "source_root", None)
    design = with_local_files(design, source_root)
    result = analyze(design, {**(defaults or {}), **inputs.values}, memory=inputs.memory, launches=inputs.launches,
                     concurrent=inputs.concurrent, launched=inputs.launched, hints=inputs.hints)
    result.diagnostics.extend(source_root_unmatched(design, source_root))
    return result
