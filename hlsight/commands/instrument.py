"""``hlsight instrument SRC --mode tripcount|cycles``: the two HLScope+ passes.

* ``--mode tripcount`` (pass 1, Fig. 6): the source with
  ``#pragma HLS loop_tripcount min=K max=K avg=K`` in every loop whose bound is
  not static; synthesize it to get the iteration latencies of imperfect nests.
* ``--mode cycles`` (pass 2, Figs. 4 and 7): the source with cycle counters
  spliced in, plus ``hlsight_cycles.h`` next to ``-o``; compile it with your
  testbench and run with ``HLSIGHT_TABLE=-`` (table on stderr) or
  ``HLSIGHT_JSON=FILE``. ``hlsight simulate`` does all of that.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from hlsight.analyzer.instrument.codegen import HEADER_NAME
from hlsight.analyzer.instrument.counting import count_trip_counts
from hlsight.analyzer.instrument.cycles import instrument_cycles, parse_source
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
from hlsight.output import check_output_folder, write_text
from hlsight.reporters.instrument import instrument_notes


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("instrument", help="HLScope+ source instrumentation (trip-count pragmas or cycles)")
    parser.add_argument("source", metavar="SRC", help="HLS C source file")
    parser.add_argument("--mode", choices=("tripcount", "cycles"), required=True,
                        help="tripcount: pass 1 pragmas; cycles: pass 2 cycle counters")
    parser.add_argument("-o", "--output", metavar="OUT",
                        help="output C file (required for cycles: the header is written next to it)")
    parser.add_argument("--tripcount", type=positive_int, default=DEFAULT_TRIP_COUNT, metavar="K",
                        help=f"trip count for pass 1 pragmas (default {DEFAULT_TRIP_COUNT}, as in HLScope+)")
    parser.add_argument("--testbench", metavar="TB.c",
                        help="pass 1: take K per loop from a counted run of this testbench (mean trip count)")
    add_run_dir_argument(parser)
    parser.add_argument("--extra", metavar="FILE.c", action="append", default=[],
                        help="pass 1 with --testbench: further C/C++ files of the design or testbench, compiled"
                             " unchanged (repeatable)")
    parser.add_argument("-v", "--verbose", action="store_true", help="also print notes")
    add_report_arguments(parser, report_required=False)
    return parser


def print_diagnostics(diagnostics: list[Diagnostic], verbose: bool) -> None:
    sys.stderr.write(instrument_notes(diagnostics, verbose))


def run(args: argparse.Namespace) -> int:
    source_path = Path(args.source)
    if args.output and Path(args.output).resolve() == source_path.resolve():
        raise InputError(args.output, "refusing to overwrite the source file", expected="a different -o path")
    source = parse_source(source_path, hls_include=args.hls_include)
    if args.directives:
        source.add_directives(Path(args.directives))
    design = load_report(args.report, args.solution) if args.report else None
    if args.mode == "tripcount":
        toolchain = Toolchain(run_dir=run_dir(args.run_dir), extra_sources=tuple(Path(extra) for extra in args.extra))
        counted = count_trip_counts(source, Path(args.testbench), toolchain) if args.testbench else None
        result = insert_tripcounts(source, design, args.tripcount, counted)
        print_diagnostics([*source.notes, *result.diagnostics], args.verbose)
        write_text(result.source, args.output)
        return 0
    if design is None:
        raise InputError(None, "--mode cycles needs --report", expected="the csynth report of this source")
    if not args.output or args.output == "-":
        raise InputError(None, "--mode cycles needs -o OUT (the runtime header is written next to it)")
    memory = load_memory(args.memory) if args.memory else None
    generated = instrument_cycles(source, design, str(args.report), args.top, Baseline(args.baseline), memory)
    print_diagnostics(generated.diagnostics, args.verbose)
    output = Path(args.output)
    check_output_folder(output)  # named as given, not as the header beside it
    try:
        write_text(generated.header, str(output.parent / HEADER_NAME))
        write_text(generated.source, str(output))
    except OSError as error:
        raise InputError(output, f"cannot write the output: {error.strerror}", expected="a writable path") from None
    return 0
