"""``hlsight simulate SRC... --report R [--testbench TB.c]``: HLScope+ software
simulation. Instruments the design's sources (pass 2; one or several files,
functions matched to report modules wherever they are defined), compiles them
with the testbench (none where a design file defines main()) and the
``--extra`` files (gcc, g++ for HLS C++), runs it
and prints cycles per function and loop plus the time at the report's clock. ``--format json`` follows
``docs/simulate.schema.json``. The exit status is the testbench's when it
failed (the estimate is still printed).
"""

from __future__ import annotations

import argparse
import math
import shlex
import sys
import tempfile
from pathlib import Path

from hlsight.analyzer.instrument.cycles import parse_source
from hlsight.analyzer.instrument.design_sources import check_roles, design_sources
from hlsight.analyzer.instrument.plan import Baseline
from hlsight.analyzer.instrument.simulate import DEFAULT_FLAGS, Toolchain, flag_include_dirs, simulate
from hlsight.commands.report_args import add_report_arguments, add_run_dir_argument, load_memory, load_report, run_dir
from hlsight.core.errors import InputError
from hlsight.output import write_text
from hlsight.reporters.simulate import simulation_json, simulation_text


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("simulate", help="HLScope+ cycle estimate from an instrumented software run")
    parser.add_argument("sources", metavar="SRC", nargs="+",
                        help="HLS C/C++ source file(s) of the design: all are instrumented")
    parser.add_argument("--testbench", metavar="TB.c",
                        help="C testbench with main() (leave it out where a design file defines main() itself)")
    add_report_arguments(parser, report_required=True)
    parser.add_argument("--format", choices=("text", "json"), default="text", help="output format")
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")
    parser.add_argument("--cflags", default=" ".join(DEFAULT_FLAGS),
                        help=f"compiler flags (default: {' '.join(DEFAULT_FLAGS)})")
    parser.add_argument("--timeout", type=float, default=600.0, metavar="S",
                        help="time limit in seconds for each compile and for the run (default 600)")
    parser.add_argument("--keep", metavar="DIR", help="keep the instrumented sources and binary in DIR")
    parser.add_argument("--extra", metavar="FILE.c", action="append", default=[],
                        help="a file that is not part of the design (testbench helpers), compiled and linked"
                             " unchanged (repeatable)")
    parser.add_argument("--show-output", action="store_true", help="copy the testbench's stdout to stderr")
    add_run_dir_argument(parser)
    return parser


def _no_testbench(folder: Path) -> Path:
    """A testbench of nothing, for a design file that defines main() itself
    (small HLS examples keep the kernel and its test in one file): the
    program is the design's own, linked with nothing more."""
    bench = folder / "hlsight_design_main.c"
    bench.write_text("/* hlsight simulate: main() is the design's own */\ntypedef int hlsight_design_main;\n",
                     encoding="utf-8")
    return bench


def _timeout(value: float) -> float:
    if not math.isfinite(value) or value <= 0:
        raise InputError(None, f"--timeout {value} is not a time limit", expected="a positive number of seconds")
    return value


def run(args: argparse.Namespace) -> int:
    timeout = _timeout(args.timeout)
    flags = tuple(shlex.split(args.cflags))
    given = Path(args.testbench) if args.testbench is not None else None
    check_roles([Path(path) for path in args.sources], [Path(extra) for extra in args.extra], given)
    include_dirs = [(given or Path(args.sources[0])).resolve().parent, *flag_include_dirs(flags)]
    source = design_sources([parse_source(Path(path), hls_include=args.hls_include, include_dirs=include_dirs)
                             for path in args.sources])
    if given is None and "main" not in source.functions:
        raise InputError(source.path, "no --testbench given, and no design file defines main() to run",
                         expected="--testbench TB.c, or main() in one of the design files")
    if args.directives:
        source.add_directives(Path(args.directives))
    design = load_report(args.report, args.solution)
    memory = load_memory(args.memory) if args.memory else None
    toolchain = Toolchain(flags=flags, timeout_s=timeout,
                          extra_sources=tuple(Path(extra) for extra in args.extra), run_dir=run_dir(args.run_dir))
    with tempfile.TemporaryDirectory(prefix="hlsight-bench-") as folder:
        testbench = given or _no_testbench(Path(folder))
        result = simulate(source, design, str(args.report), testbench, args.top, Baseline(args.baseline),
                          memory, toolchain, Path(args.keep) if args.keep else None)
    if args.show_output:
        sys.stderr.write(result.program_output)
    text = simulation_json(result) if args.format == "json" else simulation_text(result)
    inputs = [*design.artifacts, *(Path(path) for path in args.sources), *(Path(extra) for extra in args.extra),
              *(Path(item) for item in (args.testbench, args.directives, args.memory) if item)]
    write_text(text, args.output, inputs)
    return result.exit_code if 0 < result.exit_code < 256 else (1 if result.exit_code else 0)
