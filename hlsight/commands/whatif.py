"""``hlsight whatif PATH``: evaluate the estimate at other values.

``--set`` fixes symbols, ``--sweep`` evaluates a grid (cartesian product of
all sweeps, vectorised with numpy), ``--solve NAME --for-time 10ms`` finds
the value of NAME that meets a time budget.
"""

from __future__ import annotations

import argparse

from hlsight.analyzer.pipeline import analyze
from hlsight.analyzer.results import KernelEstimate
from hlsight.analyzer.whatif import evaluate_grid, grid_bounds, parse_sweep, solve_for
from hlsight.commands.common import add_design_arguments, add_model_arguments, user_inputs
from hlsight.commands.sources import with_local_sources
from hlsight.core.errors import InputError
from hlsight.core.units import parse_duration
from hlsight.output import write_text
from hlsight.parsers.loader import ReadOptions, load_design
from hlsight.reporters.present import launch_cost_text
from hlsight.reporters.whatif import render_solution, render_sweep


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("whatif", help="evaluate the time estimate for other values (sweeps, solve)")
    add_design_arguments(parser)
    add_model_arguments(parser)
    parser.add_argument(
        "--sweep", action="append", default=[], metavar="NAME=a,b,c|NAME=start:stop:count",
        help="evaluate over these values (repeat for a grid)",
    )
    parser.add_argument("--solve", metavar="NAME", help="find the value of NAME that gives --for-time")
    parser.add_argument("--for-time", metavar="DURATION",
                        help="target time for --solve: 10ms, 250us, 1.5s (a bare number is seconds)")
    parser.add_argument("--kernel", metavar="NAME", help="use this kernel's estimate instead of the design's")
    parser.add_argument("--format", choices=("text", "csv", "json"), default="text", help="output format")
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")
    return parser


def _pick(result_estimates: dict[str, KernelEstimate], design_estimate: KernelEstimate | None,
          kernel: str | None) -> KernelEstimate:
    if kernel is not None:
        if kernel not in result_estimates:
            raise InputError(None, f"no kernel '{kernel}'", expected="one of " + ", ".join(result_estimates))
        return result_estimates[kernel]
    if design_estimate is None:
        raise InputError(None, "the design has no estimate (no global LSUs, loops or latency)")
    return design_estimate


def run(args: argparse.Namespace) -> int:
    inputs = user_inputs(args)
    values = inputs.values
    if inputs.launches:
        raise InputError(
            args.hints, "[[launch]] tables: whatif sweeps one launch",
            expected="a hints file without [[launch]] (give that launch's values with --set)",
        )
    sweeps = [parse_sweep(text) for text in args.sweep]
    if (args.solve is None) != (args.for_time is None):
        raise InputError(None, "--solve and --for-time go together", expected="--solve NAME --for-time 10ms")
    for_time = None if args.for_time is None else parse_duration(args.for_time)
    # a Vivado/Vitis report's sources beside it give its m_axi bytes and trips in the arguments
    design = with_local_sources(load_design(args.path, ReadOptions(solution=args.solution)),
                                getattr(args, "source_root", None))
    # Per-LSU / per-loop names and kernel arguments enter the expression only
    # when the user names them; a placeholder puts them in as symbols (the
    # sweep or the solver rebinds them). analyze() checks every name against
    # the design and its source analysis (kernel arguments such as ``n``).
    for sweep in sweeps:
        values.setdefault(sweep.name, float(sweep.values[0]))
    if args.solve:
        values.setdefault(args.solve, 1.0)
    result = analyze(design, values, memory=inputs.memory, concurrent=inputs.concurrent, launched=inputs.launched)
    estimate = _pick(result.estimates, result.design_estimate, args.kernel)
    expr = estimate.symbolic
    if expr is None:
        raise InputError(None, "the estimate has no expression")
    bound_values = dict(estimate.values)
    # the design time carries the launch cost (a kernel's own does not), as in analyze
    launch = launch_cost_text(result) if estimate is result.design_estimate else None
    header = {"estimate": estimate.kernel, "model": estimate.model, "values": bound_values,
              "notes": [*([launch] if launch else []), *(f"caution: {caveat}" for caveat in estimate.caveats)]}
    if args.solve:
        if sweeps:
            raise InputError(None, "--solve cannot be combined with --sweep")
        assert for_time is not None  # --solve and --for-time go together (checked above)
        value = solve_for(expr, bound_values, args.solve, for_time)
        write_text(render_solution(args.solve, value, for_time, args.format, header), args.output)
        return 0
    columns, seconds = evaluate_grid(expr, bound_values, sweeps)
    bounds = grid_bounds(estimate.symbolic_memory, estimate.symbolic_compute, bound_values, sweeps)
    write_text(render_sweep([sweep.name for sweep in sweeps], columns, seconds, args.format, header, bounds),
               args.output)
    return 0
