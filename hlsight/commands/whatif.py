"""``hlsight whatif PATH``: evaluate the estimate at other values.

``--set`` fixes symbols, ``--sweep`` evaluates a grid (cartesian product of
all sweeps, vectorised with numpy), ``--solve NAME --for-time SECONDS`` finds
the value of NAME that meets a time budget.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
from typing import Any

import numpy as np

from hlsight.analyzer.pipeline import analyze
from hlsight.analyzer.results import KernelEstimate
from hlsight.analyzer.whatif import evaluate_grid, parse_sweep, solve_for
from hlsight.commands.common import add_design_arguments, add_model_arguments, model_inputs
from hlsight.core.errors import InputError
from hlsight.output import write_text
from hlsight.parsers.loader import ReadOptions, load_design

TEXT_ROWS = 60


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("whatif", help="evaluate the time estimate for other values (sweeps, solve)")
    add_design_arguments(parser)
    add_model_arguments(parser)
    parser.add_argument(
        "--sweep", action="append", default=[], metavar="NAME=a,b,c|NAME=start:stop:count",
        help="evaluate over these values (repeat for a grid)",
    )
    parser.add_argument("--solve", metavar="NAME", help="find the value of NAME that gives --for-time")
    parser.add_argument("--for-time", type=float, metavar="SECONDS", help="target time for --solve")
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


def _render(names: list[str], columns: list[np.ndarray[Any, Any]], seconds: np.ndarray[Any, Any], fmt: str,
            header: dict[str, Any]) -> str:
    if fmt == "json":
        rows = [
            {**{name: float(col[i]) for name, col in zip(names, columns, strict=True)}, "seconds": float(seconds[i])}
            for i in range(seconds.size)
        ]
        return json.dumps({**header, "points": rows}, indent=2) + "\n"
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow([*names, "seconds"])
        for i in range(seconds.size):
            writer.writerow([*(f"{column[i]:.10g}" for column in columns), f"{seconds[i]:.10g}"])
        return out.getvalue()
    lines = [f"# {header['estimate']}: {header['model']}"]
    lines.append("  ".join(f"{name:>14}" for name in [*names, "seconds"]))
    for i in range(min(seconds.size, TEXT_ROWS)):
        cells = [f"{column[i]:>14.6g}" for column in columns] + [f"{seconds[i]:>14.6g}"]
        lines.append("  ".join(cells))
    if seconds.size > TEXT_ROWS:
        best = int(np.argmin(seconds))
        at = ", ".join(f"{name}={column[best]:.6g}" for name, column in zip(names, columns, strict=True))
        more = seconds.size - TEXT_ROWS
        lines.append(f"... {more} more points (use --format csv); fastest {seconds[best]:.6g} s at {at}")
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    values, memory = model_inputs(args)
    sweeps = [parse_sweep(text) for text in args.sweep]
    if (args.solve is None) != (args.for_time is None):
        raise InputError(None, "--solve and --for-time go together", expected="--solve NAME --for-time SECONDS")
    design = load_design(args.path, ReadOptions(solution=args.solution))
    # Per-LSU / per-loop names and kernel arguments enter the expression only
    # when the user names them; a placeholder puts them in as symbols (the
    # sweep or the solver rebinds them). analyze() checks every name against
    # the design and its source analysis (kernel arguments such as ``n``).
    for sweep in sweeps:
        values.setdefault(sweep.name, float(sweep.values[0]))
    if args.solve:
        values.setdefault(args.solve, 1.0)
    result = analyze(design, values, memory=memory)
    estimate = _pick(result.estimates, result.design_estimate, args.kernel)
    expr = estimate.symbolic
    if expr is None:
        raise InputError(None, "the estimate has no expression")
    bound_values = dict(estimate.values)
    header = {"estimate": estimate.kernel, "model": estimate.model, "values": bound_values}
    if args.solve:
        if sweeps:
            raise InputError(None, "--solve cannot be combined with --sweep")
        value = solve_for(expr, bound_values, args.solve, args.for_time)
        if args.format == "json":
            answer = {**header, "solve": args.solve, "for_time": args.for_time, "value": value}
            text = json.dumps(answer, indent=2) + "\n"
        elif args.format == "csv":
            text = f"{args.solve},seconds\n{value:.10g},{args.for_time:.10g}\n"
        else:
            text = f"{args.solve} = {value:.6g} gives {args.for_time:g} s ({estimate.kernel}: {estimate.model})\n"
        write_text(text, args.output)
        return 0
    columns, seconds = evaluate_grid(expr, bound_values, sweeps)
    write_text(_render([sweep.name for sweep in sweeps], columns, seconds, args.format, header), args.output)
    return 0
