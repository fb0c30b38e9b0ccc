"""``hlsight whatif PATH``: evaluate the estimate at other values.

``--set`` fixes symbols, ``--sweep`` evaluates a grid (cartesian product of
all sweeps, vectorised with numpy; kernel arguments such as the demo's ``n``
too), ``--solve NAME --for-time 10ms`` finds the value of NAME that meets a
time budget. Tables carry units and, per point, whether the memory model or
the pipeline bounds the time.
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
from hlsight.analyzer.symbols import symbol_unit
from hlsight.analyzer.whatif import evaluate_grid, grid_bounds, parse_sweep, solve_for
from hlsight.commands.common import add_design_arguments, add_model_arguments, model_inputs
from hlsight.core.errors import InputError
from hlsight.core.units import format_seconds, parse_duration
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


def _heading(name: str) -> str:
    unit = symbol_unit(name)
    return f"{name} [{unit}]" if unit else name


def _render(names: list[str], columns: list[np.ndarray[Any, Any]], seconds: np.ndarray[Any, Any],
            bounds: list[str] | None, fmt: str, header: dict[str, Any]) -> str:
    """The grid as JSON, CSV or a text table: one column per swept name (with
    its unit), the time, and which model part bounds it at that point."""
    def bound(i: int) -> list[str]:
        return [] if bounds is None else [bounds[i]]

    if fmt == "json":
        rows = [
            {**{name: float(col[i]) for name, col in zip(names, columns, strict=True)}, "seconds": float(seconds[i]),
             **({} if bounds is None else {"bound": bounds[i]})}
            for i in range(seconds.size)
        ]
        return json.dumps({**header, "units": {name: symbol_unit(name) for name in names}, "points": rows},
                          indent=2) + "\n"
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow([*map(_heading, names), "seconds", *(["bound"] if bounds is not None else [])])
        for i in range(seconds.size):
            writer.writerow([*(f"{column[i]:.10g}" for column in columns), f"{seconds[i]:.10g}", *bound(i)])
        return out.getvalue()
    lines = [f"# {header['estimate']}: {header['model']}"]
    lines.append("  ".join(f"{_heading(name):>14}" for name in [*names, "time"])
                 + ("  bound" if bounds is not None else ""))
    for i in range(min(seconds.size, TEXT_ROWS)):
        cells = [f"{column[i]:>14.6g}" for column in columns] + [f"{format_seconds(float(seconds[i])):>14}"]
        lines.append("  ".join(cells + bound(i)))
    if seconds.size > TEXT_ROWS:
        best = int(np.argmin(seconds))
        at = ", ".join(f"{name}={column[best]:.6g}" for name, column in zip(names, columns, strict=True))
        more = seconds.size - TEXT_ROWS
        lines.append(f"... {more} more points (use --format csv); fastest {format_seconds(float(seconds[best]))}"
                     f" at {at}")
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    values, memory = model_inputs(args)
    sweeps = [parse_sweep(text) for text in args.sweep]
    if (args.solve is None) != (args.for_time is None):
        raise InputError(None, "--solve and --for-time go together", expected="--solve NAME --for-time SECONDS")
    for_time = None if args.for_time is None else parse_duration(args.for_time)
    design = load_design(args.path, ReadOptions(solution=args.solution))
    # Per-LSU / per-loop names and kernel arguments (the source analysis's
    # access counts, e.g. the demo's n) enter the expression only when the
    # user names them; a placeholder puts them in as symbols (the sweep
    # rebinds them). analyze() checks the names once the source analysis
    # has found the kernel arguments, with "did you mean" for typos.
    for sweep in sweeps:
        values.setdefault(sweep.name, float(sweep.values[0]))
    if args.solve:
        values.setdefault(args.solve, 1.0)
    result = analyze(design, values, memory=memory)
    estimate = _pick(result.estimates, result.design_estimate, args.kernel)
    expr = estimate.extra.get("_symbolic")
    if expr is None:
        raise InputError(None, "the estimate has no expression")
    bound_values = dict(estimate.extra.get("values", {}))
    header = {"estimate": estimate.kernel, "model": estimate.model, "values": bound_values}
    if args.solve:
        if sweeps:
            raise InputError(None, "--solve cannot be combined with --sweep")
        assert for_time is not None  # --solve and --for-time go together (checked above)
        value = solve_for(expr, bound_values, args.solve, for_time)
        unit = symbol_unit(args.solve)
        if args.format == "json":
            answer = {**header, "solve": args.solve, "unit": unit, "for_time": for_time, "value": value}
            text = json.dumps(answer, indent=2) + "\n"
        elif args.format == "csv":
            text = f"{args.solve}{f' [{unit}]' if unit else ''},seconds\n{value:.10g},{for_time:.10g}\n"
        else:
            text = (f"{args.solve} = {value:.6g}{f' {unit}' if unit else ''} gives {format_seconds(for_time)}"
                    f" ({estimate.kernel}: {estimate.model})\n")
        write_text(text, args.output)
        return 0
    columns, seconds = evaluate_grid(expr, bound_values, sweeps)
    bounds = grid_bounds(estimate.extra.get("_parts", {}), bound_values, sweeps)
    write_text(_render([sweep.name for sweep in sweeps], columns, seconds, bounds, args.format, header), args.output)
    return 0
