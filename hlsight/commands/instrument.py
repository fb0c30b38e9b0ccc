"""``hlsight instrument SRC --mode tripcount|cycles``: the two HLScope+ passes.

* ``--mode tripcount`` (pass 1, Fig. 6): the source with
  ``#pragma HLS loop_tripcount min=K max=K avg=K`` in every loop whose bound is
  not static; synthesize it to get the iteration latencies of imperfect nests.
* ``--mode cycles`` (pass 2, Figs. 4 and 7): the source with cycle counters
  spliced in, plus ``hlsight_cycles.h`` next to ``-o``; compile it with your
  testbench and run with ``HLSIGHT_TABLE=-`` (table on stderr) or
  ``HLSIGHT_JSON=FILE``. ``hlsight simulate`` does all of that.

A design split over several files is given as several SRC; ``-o`` then
names a folder that receives each file under its own name (and, for
cycles, the one header: the first file defines the runtime's state). The
instances of function templates in the user's headers (in the design file's
folder or below) are counted too: their edited headers, and copies of the
headers beside them, are written under ``-o``'s folder at their paths
relative to the design file (``analyzer/instrument/design_tree.py``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from hlsight.analyzer.instrument.codegen import HEADER_NAME
from hlsight.analyzer.instrument.counting import count_trip_counts
from hlsight.analyzer.instrument.cycles import instrument_cycles, parse_source
from hlsight.analyzer.instrument.design_sources import DesignSources, check_roles, design_sources
from hlsight.analyzer.instrument.design_tree import DesignTree, design_tree
from hlsight.analyzer.instrument.extra_definitions import check_top, extra_definitions
from hlsight.analyzer.instrument.plan import Baseline
from hlsight.analyzer.instrument.simulate import Toolchain
from hlsight.analyzer.instrument.tripcount_pragmas import DEFAULT_TRIP_COUNT, insert_tripcounts
from hlsight.commands.report_args import (
    add_report_arguments,
    add_run_dir_argument,
    load_memory,
    load_report,
    positive_int,
    run_dir,
)
from hlsight.core.diagnostics import Diagnostic
from hlsight.core.errors import InputError
from hlsight.output import check_output_folder, make_output_folder, write_text
from hlsight.reporters.instrument import instrument_notes


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("instrument", help="HLScope+ source instrumentation (trip-count pragmas or cycles)")
    parser.add_argument("sources", metavar="SRC", nargs="+",
                        help="HLS C/C++ source file(s) of the design (several: -o names a folder)")
    parser.add_argument("--mode", choices=("tripcount", "cycles"), required=True,
                        help="tripcount: pass 1 pragmas; cycles: pass 2 cycle counters")
    parser.add_argument("-o", "--output", metavar="OUT",
                        help="output C file (required for cycles: the header is written next to it); with several"
                             " SRC a folder, created if missing, that receives each file under its own name; a C++"
                             " design whose templates in its own headers are counted also gets those headers, edited,"
                             " and copies of the headers beside them, at their paths relative to the design file")
    parser.add_argument("--tripcount", type=positive_int, default=DEFAULT_TRIP_COUNT, metavar="K",
                        help=f"trip count for pass 1 pragmas (default {DEFAULT_TRIP_COUNT}, as in HLScope+)")
    parser.add_argument("--testbench", metavar="TB.c",
                        help="pass 1: take K per loop from a counted run of this testbench (mean trip count)")
    add_run_dir_argument(parser)
    parser.add_argument("--extra", metavar="FILE.c", action="append", default=[],
                        help="a file that is not part of the design (testbench helpers), compiled unchanged"
                             " (repeatable): pass 1 compiles it with --testbench; pass 2 warns, as simulate does,"
                             " when it defines a function the report counts (you link it with the output)")
    parser.add_argument("-v", "--verbose", action="store_true", help="also print notes")
    add_report_arguments(parser, report_required=False)
    return parser


def print_diagnostics(diagnostics: list[Diagnostic], verbose: bool) -> None:
    sys.stderr.write(instrument_notes(diagnostics, verbose))


def run(args: argparse.Namespace) -> int:
    paths = [Path(path) for path in args.sources]
    extras = [Path(extra) for extra in args.extra]
    check_roles(paths, extras, Path(args.testbench) if args.testbench else None)
    if len(paths) > 1 and args.output and Path(args.output).suffix.lower() in _SOURCE_SUFFIXES \
            and not Path(args.output).is_dir():
        raise InputError(args.output, f"with {len(paths)} sources -o names a folder (each file is written there"
                         " under its own name), not a file", expected="-o FOLDER")
    if extras and args.mode == "tripcount" and not args.testbench:
        raise InputError(None, "--extra is compiled only for a counted run: --mode tripcount without --testbench"
                         " compiles nothing", expected="--testbench TB.c with --extra, or no --extra")
    for path in paths:
        if args.output and Path(args.output).resolve() == path.resolve():
            raise InputError(args.output, "refusing to overwrite the source file", expected="a different -o path")
    sources = design_sources([parse_source(path, hls_include=args.hls_include) for path in paths])
    if args.directives:
        sources.add_directives(Path(args.directives))
    design = load_report(args.report, args.solution) if args.report else None
    folder = _output_folder(args.output, sources) if len(paths) > 1 else None
    if args.mode == "tripcount":
        toolchain = Toolchain(run_dir=run_dir(args.run_dir), extra_sources=tuple(extras))
        counted = count_trip_counts(sources, Path(args.testbench), toolchain) if args.testbench else None
        notes = list(sources.notes)
        texts: dict[Path, str] = {}
        for source in sources.files:
            result = insert_tripcounts(source, design, args.tripcount, counted)
            notes.extend(result.diagnostics)
            texts[source.path] = result.source
        print_diagnostics(notes, args.verbose)
        if folder is None:
            write_text(texts[sources.path], args.output)
            return 0
        for path, text in texts.items():
            _write(text, folder / path.name)
        return 0
    if design is None:
        raise InputError(None, "--mode cycles needs --report", expected="the csynth report of this source")
    if not args.output or args.output == "-":
        raise InputError(None, "--mode cycles needs -o OUT (the runtime header is written next to it)")
    memory = load_memory(args.memory) if args.memory else None
    check_top(sources.functions, design, args.top, extras, sources.path)
    generated = instrument_cycles(sources, design, str(args.report), args.top, Baseline(args.baseline), memory)
    # the output is linked with these files, unchanged: what the report counts in them is not counted
    generated.diagnostics.extend(extra_definitions(generated.plan, sources.functions, design, extras))
    print_diagnostics(generated.diagnostics, args.verbose)
    output = Path(args.output)
    if folder is None:
        check_output_folder(output)  # named as given, not as the header beside it
    tree = design_tree(sources, generated.texts, folder if folder is not None else output.parent)
    targets = {output: generated.source} if folder is None else dict(tree.units)
    if tree.headers:
        _check_header_targets(tree, sources, next(iter(targets)).parent)
    _write(generated.header, next(iter(targets)).parent / HEADER_NAME)
    for target, text in tree.headers.items():
        _make_folders(target.parent, next(iter(targets)).parent)
        _write(text, target)
    for target, text in targets.items():
        _write(text, target)
    return 0


def _check_header_targets(tree: DesignTree, sources: DesignSources, root: Path) -> None:
    """The user headers are written under -o's folder at their relative
    paths: never over an input (-o in the design's own folder), and never
    through a symbolic link out of that folder; both are found before
    anything is written."""
    inputs = {file.path.resolve() for file in sources.edited_files} | {
        original.resolve() for original in tree.originals.values()}
    linked = tree.linked_folder(root)
    if linked is not None:
        raise InputError(linked[0], f"output folder is a symbolic link or not a folder; refusing to write the copy of"
                         f" {linked[1]} through it", expected="a new folder or one hlsight wrote")
    for target in tree.headers:
        if target.resolve() in inputs:
            edited = ", ".join(str(tree.originals[item]) for item in sorted(tree.edited))
            raise InputError(target, f"-o would overwrite {tree.originals[target]}: the instrumented copies of"
                             f" {edited} and the headers beside them are written under -o's folder",
                             expected="-o in a folder that holds no source")


def _make_folders(folder: Path, root: Path) -> None:
    """``folder`` and the folders between it and ``root`` (the output's
    folder), each created on its own, never through a symbolic link."""
    if folder == root or (folder.is_dir() and not folder.is_symlink()):
        return
    _make_folders(folder.parent, root)
    make_output_folder(folder)


#: ``-o`` names that are files, not folders: ``-o out.c`` with several SRC made a folder ``out.c``
_SOURCE_SUFFIXES = frozenset({".c", ".h", ".hh", ".hpp", ".hxx", ".i", ".ii", ".cpp", ".cc", ".cxx", ".c++"})


def _output_folder(output: str | None, sources: DesignSources) -> Path:
    """``-o DIR`` for several sources: created (not its parents), and never
    the folder of a source (its files would be overwritten)."""
    if not output or output == "-":
        raise InputError(None, f"{len(sources.files)} sources need -o DIR (each file is written there under its"
                         " own name)", expected="-o FOLDER")
    folder = Path(output)
    for source in sources.files:
        if source.path.resolve().parent == folder.resolve():
            raise InputError(folder, f"-o would overwrite {source.path}", expected="a folder that holds no source")
    make_output_folder(folder)
    return folder


def _write(text: str, target: Path) -> None:
    try:
        write_text(text, str(target))
    except OSError as error:
        raise InputError(target, f"cannot write the output: {error.strerror}", expected="a writable path") from None
