"""``hlsight whatif PATH``: evaluate the estimate at other values.

``--set`` fixes symbols, ``--sweep`` evaluates a grid (cartesian product of
all sweeps, vectorised with numpy), ``--solve NAME --for-time 10ms`` finds
the value of NAME that meets a time budget.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from hlsight.analyzer.clock_band import at_clock_ratio
from hlsight.analyzer.pipeline import analyze
from hlsight.analyzer.results import AnalysisResult, KernelEstimate
from hlsight.analyzer.symbols import close_names, takes_whole_values, user_spelling
from hlsight.analyzer.whatif import (
    GridBounds,
    Sweep,
    bind,
    check_counts,
    check_distinct,
    check_grid_size,
    evaluate_grid,
    expression_names,
    grid_bounds,
    lambdify,
    parse_sweep,
    whole_points,
)
from hlsight.analyzer.whatif_band import grid_band
from hlsight.analyzer.whatif_cautions import grid_cautions
from hlsight.analyzer.whole_solve import solve
from hlsight.commands.common import (
    add_design_arguments,
    add_model_arguments,
    add_source_root_argument,
    output_format,
    run_inputs,
    source_root_given,
    user_inputs,
)
from hlsight.commands.source_headers import with_local_files
from hlsight.core.errors import InputError
from hlsight.core.units import format_seconds, parse_duration
from hlsight.output import write_text
from hlsight.parsers.loader import ReadOptions, load_design
from hlsight.reporters.present import (
    clock_band_range_text,
    clock_band_text,
    clock_text,
    dram_profile_text,
    launch_cost_text,
    using_text,
)
from hlsight.reporters.whatif import render_solution, render_sweep


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("whatif", help="evaluate the time estimate for other values (sweeps, solve)")
    add_design_arguments(parser)
    add_model_arguments(parser)
    add_source_root_argument(parser)  # the sources give a Vivado/Vitis top's bytes and trips, as for analyze
    parser.add_argument(
        "--sweep", action="append", default=[], metavar="NAME=a,b,c|NAME=start:stop:count",
        help="evaluate over these values (repeat for a grid)",
    )
    parser.add_argument("--solve", metavar="NAME", help="find the value of NAME that gives --for-time")
    parser.add_argument("--for-time", metavar="DURATION",
                        help="target time for --solve: 10ms, 250us, 1.5s (a bare number is seconds)")
    parser.add_argument("--kernel", metavar="NAME", help="use this kernel's estimate instead of the design's")
    parser.add_argument("--format", choices=("text", "csv", "json"), default=None,
                        help="output format (default: from -o's suffix, .csv/.json, else text)")
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")
    # "--for-time -1ms": argparse takes a word starting with "-" for an option unless it looks like a
    # negative number, and "-1ms" did not ("expected one argument"); a signed duration is a value here,
    # which parse_duration refuses by name ("the target time must be positive")
    parser._negative_number_matcher = _SIGNED_VALUE
    return parser


#: words argparse reads as values, not options: signed numbers with an optional unit (``-1ms``, ``-2.5e-3``)
_SIGNED_VALUE = re.compile(r"^-(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*[a-zµ]*$")


def _pick(result_estimates: dict[str, KernelEstimate], design_estimate: KernelEstimate | None,
          kernel: str | None) -> KernelEstimate:
    if kernel is not None:
        if kernel not in result_estimates:
            raise InputError(None, f"no kernel '{kernel}'", expected="one of " + ", ".join(result_estimates))
        return result_estimates[kernel]
    if design_estimate is None:
        raise InputError(None, "the design has no estimate (no global LSUs, loops or latency)")
    return design_estimate


#: (where it holds, "" for every point shown; the caution)
Caution = tuple[str, str]


def _header(result: AnalysisResult, estimate: KernelEstimate, swept: Sequence[str],
            cautions: Sequence[Caution], solved: str | None = None) -> dict[str, Any]:
    """What the numbers rest on, said where they are read: the values (a
    swept name is a column, not one value), the DRAM profile and why (an
    assumed one as analyze says it), the clock as analyze's ``using:`` line
    says it (and its clock band beside one point), unless the clock is what
    varies, the launch cost and the ``cautions``."""
    launch = launch_cost_text(result) if estimate is result.design_estimate else None
    profile = dram_profile_text(result, estimate)
    values = {name: value for name, value in estimate.values.items() if name not in swept}
    varied = [*swept, *([solved] if solved else [])]
    clock = None if any(_is_clock(name) for name in varied) else clock_text(result)
    band = None if clock is None else clock_band_text(result) if not swept else clock_band_range_text(result)
    return {"estimate": estimate.kernel, "model": estimate.model, "values": values,
            "memory_profile": {"name": result.memory_profile, "why": result.memory_profile_why},
            "clock": clock,
            "using": using_text(profile, clock) or None,
            "notes": [*([band] if band else []), *([launch] if launch else []),
                      *(f"caution{f' ({where})' if where else ''}: {caution}" for where, caution in cautions)]}


def _is_clock(name: str) -> bool:
    """``fmax`` or a kernel's own (``relu_stream<relu_config3>:fmax``)."""
    return name.rpartition(":")[2] == "fmax"


#: ``-o FILE`` without ``--format``: the format its suffix names, as analyze
#: does (``-o sweep.csv`` was written as the text table)
FORMAT_OF_SUFFIX = {".csv": "csv", ".json": "json"}


def run(args: argparse.Namespace) -> int:
    args.format = output_format(args, FORMAT_OF_SUFFIX)
    inputs = user_inputs(args)
    values = inputs.values
    if inputs.launches:
        raise InputError(
            args.hints, "[[launch]] tables: whatif sweeps one launch",
            expected="a hints file without [[launch]] (give that launch's values with --set)",
        )
    sweeps = [parse_sweep(text) for text in args.sweep]
    check_grid_size(sweeps)  # before any analysis: a 10^9-point grid was killed by the OOM killer
    if (args.solve is None) != (args.for_time is None):
        raise InputError(None, "--solve and --for-time go together", expected="--solve NAME --for-time 10ms")
    for_time = None if args.for_time is None else parse_duration(args.for_time)
    # a Vivado/Vitis report's sources beside it give its m_axi bytes and trips in the arguments
    design = with_local_files(load_design(args.path, ReadOptions(solution=args.solution)), source_root_given(args))
    # either spelling of a kernel a shell needs quoted (relu_stream<relu_config3>): the one symbols use
    spelled = user_spelling(design)
    sweeps = [replace(sweep, name=spelled(sweep.name)) for sweep in sweeps]
    check_distinct(sweeps)
    _check_not_set(args, [sweep.name for sweep in sweeps], "--sweep", spelled)
    values = {spelled(name): value for name, value in values.items()}
    if args.solve:
        args.solve = spelled(args.solve)
        _check_not_set(args, [args.solve], "--solve", spelled)
    if args.kernel:
        args.kernel = spelled(args.kernel)

    def at(point: Mapping[str, float]) -> tuple[AnalysisResult, KernelEstimate]:
        """analyze at the user's values and ``point``. Per-LSU / per-loop names and
        kernel arguments enter the expression only when the user names them; a
        placeholder value puts them in as symbols (the sweep or the solver rebinds
        them). analyze() checks every name against the design and its source."""
        result = analyze(design, {**values, **point}, memory=inputs.memory, concurrent=inputs.concurrent,
                         launched=inputs.launched, hints=inputs.hints)
        return result, _pick(result.estimates, result.design_estimate, args.kernel)

    if args.solve:
        if sweeps:
            raise InputError(None, "--solve cannot be combined with --sweep")
        assert for_time is not None  # --solve and --for-time go together (checked above)
        return _solve(args, at, values, for_time)
    result, estimate = at(_placeholders(sweeps))
    check_counts(sweeps, result.source)
    real = result.source.real_arguments()
    whole = [whole_points(sweep) if takes_whole_values(sweep.name, real) else (sweep, None) for sweep in sweeps]
    rounded = [note for _, note in whole if note is not None]
    if rounded:
        sweeps = [sweep for sweep, _ in whole]
        result, estimate = at(_placeholders(sweeps))
    expr = _expression(estimate)
    bound_values = dict(estimate.values)
    columns, seconds = evaluate_grid(expr, bound_values, sweeps)
    # the band analyze prints beside the clock, unless the clock is what varies
    band = None if any(_is_clock(sweep.name) for sweep in sweeps) else \
        grid_band(result.clock_band, expr, bound_values, sweeps)
    times: list[Times] = [(seconds, None), *([] if band is None else band.columns())]
    bounds = grid_bounds(estimate, bound_values, sweeps)
    regions, bounds = _zero_points(sweeps, columns, times, bounds, at)
    first = {sweep.name: float(column[0]) for sweep, column in zip(sweeps, columns, strict=True)}
    cautions = grid_cautions(result, estimate, sweeps, columns, seconds, bounds, at, regions=regions,
                             first_analyzed=first == _placeholders(sweeps))
    header = _header(result, estimate, [sweep.name for sweep in sweeps], cautions.header())
    header["notes"].extend(cautions.notes)
    header["notes"].extend(rounded)
    write_text(render_sweep([sweep.name for sweep in sweeps], columns, seconds, args.format, header, bounds,
                            cautions, band), args.output, run_inputs(result.design, args))
    return 0


def _placeholders(sweeps: Sequence[Sweep]) -> dict[str, float]:
    """The values the expression is built at: each sweep's first non-zero
    value (1 if it has none). A model may take a 0 as "absent" rather than
    as the expression's limit (an m_axi bundle given 0 bytes is idle: no
    transfer and no DLAT) and leave the name out of its expression: built
    at a sweep's first value 0, the rest of the sweep was refused ("does
    not depend on"). The points with a 0 are evaluated by
    :func:`_zero_points`."""
    found = {}
    for sweep in sweeps:
        nonzero = sweep.values[sweep.values != 0]
        found[sweep.name] = float(nonzero[0]) if nonzero.size else 1.0
    return found


#: a column of times to fill and the clock ratio it is at (``None``: the estimate's own clock)
Times = tuple[np.ndarray[Any, Any], float | None]


def _zero_points(sweeps: Sequence[Sweep], columns: Sequence[np.ndarray[Any, Any]], times: Sequence[Times],
                 bounds: GridBounds | None, at: Analyze) -> tuple[np.ndarray[Any, Any] | None, GridBounds | None]:
    """The times (in place in each column of ``times``: the design time and
    those at the clock band's ends) and bound of the points where a
    swept name is 0, from analyze at those zeros (the expression built at
    the placeholders is not the model's at 0: it keeps an idle bundle's
    DLAT). One analysis per set of names at 0; returns each point's set
    (a region code, ``None`` without zeros) and the bounds with theirs."""
    zero = [sweep.values == 0 for sweep in sweeps]
    if not any(np.any(mask) for mask in zero):
        return None, bounds
    at_zero = np.column_stack([column == 0 for column in columns])
    regions = at_zero.astype(np.int64) @ (np.int64(1) << np.arange(len(sweeps), dtype=np.int64))
    placeholders = _placeholders(sweeps)
    merged = bounds
    for code in np.unique(regions).tolist():
        if code == 0:
            continue
        zeros = [sweep.name for bit, sweep in enumerate(sweeps) if code >> bit & 1]
        _result, estimate = at({**placeholders, **dict.fromkeys(zeros, 0.0)})
        mask = regions == code
        rest = [sweep.name for sweep in sweeps if sweep.name not in zeros]
        picked = [column[mask] for sweep, column in zip(sweeps, columns, strict=True) if sweep.name not in zeros]
        for seconds, ratio in times:
            values = estimate.values if ratio is None else at_clock_ratio(estimate.values, ratio)
            if values is None:  # no clock to scale at these zeros: no time there, not the unscaled one
                seconds[mask] = np.nan
                continue
            fn = lambdify(bind(_expression(estimate), values, rest), rest)
            seconds[mask] = np.broadcast_to(np.asarray(fn(*picked), dtype=np.float64), (int(mask.sum()),))
        if merged is not None:
            merged = _merge_bounds(merged, grid_bounds(estimate, estimate.values, sweeps), mask)
    return regions, merged


def _merge_bounds(base: GridBounds, other: GridBounds | None, mask: np.ndarray[Any, Any]) -> GridBounds | None:
    """``base`` with ``other``'s bound at the points of ``mask`` (``None``
    when ``other`` is: a bound not known at some points is left out)."""
    if other is None:
        return None
    kinds = list(base.kinds)
    remap = []
    for kind in other.kinds:
        if kind not in kinds:
            kinds.append(kind)
        remap.append(kinds.index(kind))
    index = base.index.copy()
    index[mask] = np.asarray(remap, dtype=np.intp)[other.index[mask]]
    return GridBounds(kinds, index)


def _check_not_set(args: argparse.Namespace, names: Sequence[str], option: str,
                   spelled: Callable[[str], str]) -> None:
    """A name given both a value (``--set``) and a range or a target: one of
    them would be dropped without a word (the sweep won). ``names`` and the
    ``--set`` names compare in the spelling symbols use (``spelled``)."""
    given = {spelled(item.partition("=")[0].strip()) for item in args.set or []}
    both = [name for name in names if name in given]
    if both:
        raise InputError(None, f"{', '.join(both)} given both --set and {option}",
                         expected=f"one of them for {', '.join(both)}")


Analyze = Callable[[Mapping[str, float]], tuple[AnalysisResult, KernelEstimate]]


def _expression(estimate: KernelEstimate) -> Any:
    if estimate.symbolic is None:
        raise InputError(None, "the estimate has no expression")
    return estimate.symbolic


def _solve(args: argparse.Namespace, at: Analyze, values: Mapping[str, float], for_time: float) -> int:
    """The value of ``--solve`` that meets ``for_time`` (a count: the whole
    value, :mod:`hlsight.analyzer.whole_solve`), with the cautions analyze
    gives at that value (the analysis that found it ran at a placeholder:
    work_items = 1 said "991 ps ... mostly launch cost" beside a 10 ms
    solution; a fractional count was fed back into it); left out, and said,
    when analyze refuses the value."""
    name = args.solve
    try:
        result, estimate = at({name: values.get(name, 1.0)})
    except InputError:
        _unknown_solve(name, at)
        raise
    _check_launch_floor(result, estimate, name, for_time)
    whole = takes_whole_values(name, result.source.real_arguments())
    solution = solve(_expression(estimate), dict(estimate.values), name, for_time, whole)
    try:
        result, estimate = at({name: solution.value})
    except InputError as error:
        header = _header(result, estimate, [name], [], solved=name)
        header["notes"].append(f"the cautions at {name}={solution.value:g} are not shown: {error.message}")
    else:
        header = _header(result, estimate, [], [("", caution) for caution in estimate.caveats], solved=name)
    write_text(render_solution(solution, args.format, header), args.output, run_inputs(result.design, args))
    return 0


def _check_launch_floor(result: AnalysisResult, estimate: KernelEstimate, name: str, for_time: float) -> None:
    """A target at or below the per-launch cost the design time includes:
    no value of any name meets it, said as such rather than as a range."""
    cost = result.launch_overhead_s
    if estimate is result.design_estimate and cost > 0 and for_time <= cost:
        raise InputError(
            None, f"no value of {name} gives {format_seconds(for_time)}: the design time includes a per-launch cost"
            f" of {format_seconds(cost)} ({result.memory_profile} [launch])",
            expected=f"a --for-time above {format_seconds(cost)}")


def _unknown_solve(name: str, at: Analyze) -> None:
    """When the analysis fails only because of the ``--solve`` name (not a
    name of the design), say that with the names the estimate depends on
    rather than the design's whole list of settable names."""
    try:
        _result, estimate = at({})
    except InputError:
        return  # the values fail without the name too: that error is the one to show
    names = [] if estimate.symbolic is None else expression_names(estimate.symbolic)
    close = close_names(name, names, n=2, cutoff=0.5)
    hint = f"; did you mean {' or '.join(close)}?" if close else ""
    raise InputError(None, f"--solve {name}: not a name of this design{hint}",
                     expected="a name the estimate depends on: " + (", ".join(names) or "none")) from None

