"""The cautions of a whatif sweep, said of the points where they hold.

analyze gives its cautions at one set of values; a sweep has many. Those
that follow from a point's time are computed at every point: the short
design time (below 1 ms, launch cost not measured) and the launch cost's
share of the design time. The others (a compute-bound kernel's approximate
II, a clock below f_min of a strided non-aligned LSU...) come from analyze
itself, run at the first and last point of every run of one bound along the
grid: a bound that switches in the middle of the grid is checked on both
sides of the switch (the first and last points alone missed a caution of
the middle points). A caution found at both ends of a run holds over it;
at one end only, it is said of that point.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import sympy

from hlsight.analyzer.access import parse_expression
from hlsight.analyzer.channel_balance import UNBALANCED_START, unbalanced_caution
from hlsight.analyzer.pipeline import (
    LAUNCH_COST_SHARE,
    LAUNCH_SHARE_START,
    SHORT_DESIGN_S,
    says_unmeasured_launch_cost,
    unmeasured_launch_cost_caution,
)
from hlsight.analyzer.results import AnalysisResult, KernelEstimate
from hlsight.analyzer.symbols import sym
from hlsight.analyzer.whatif import GridBounds, lambdify
from hlsight.core.errors import InputError
from hlsight.core.units import format_seconds

#: Most points analyze runs at to find a sweep's cautions (~70 ms each):
#: the ends of each run of one bound, evenly thinned past this many.
MAX_PROBES = 64

Analyze = Callable[[Mapping[str, float]], tuple[AnalysisResult, KernelEstimate]]
Mask = np.ndarray[Any, np.dtype[np.bool_]]


@dataclass
class GridCautions:
    """Each caution's text, where it holds (``""``: every point, or the text
    says it), and per point a reference into ``sets`` (the distinct lists
    of cautions, by index into ``texts``)."""

    texts: list[str] = field(default_factory=list)
    where: list[str] = field(default_factory=list)
    sets: list[list[int]] = field(default_factory=list)
    index: np.ndarray[Any, np.dtype[np.intp]] = field(default_factory=lambda: np.zeros(0, dtype=np.intp))
    notes: list[str] = field(default_factory=list)

    def header(self) -> list[tuple[str, str]]:
        return list(zip(self.where, self.texts, strict=True))


def _is_time_caution(caution: str) -> bool:
    """The cautions a point's own time decides, which :func:`grid_cautions` computes per point."""
    return caution.startswith(LAUNCH_SHARE_START) or (
        caution.startswith("the design time (") and "leaves out the per-launch cost" in caution)


def _short(result: AnalysisResult, estimate: KernelEstimate, seconds: np.ndarray[Any, Any]) -> tuple[str, Mask] | None:
    """analyze's caution beside a sub-millisecond design time, of the grid's own times."""
    if estimate is not result.design_estimate or not says_unmeasured_launch_cost(result):
        return None
    mask = seconds < SHORT_DESIGN_S
    short = seconds[mask]
    if short.size == 0:
        return None
    what = (format_seconds(float(short[0])) if seconds.size == 1 else
            f"below {format_seconds(SHORT_DESIGN_S)} at {short.size:,} of {seconds.size:,} points:"
            f" {_span(float(short.min()), float(short.max()))}")
    caution = unmeasured_launch_cost_caution(what, result.memory_profile)
    return None if caution is None else (caution, mask)


def _span(low: float, high: float) -> str:
    """``1.36 us to 9.91 ms``, or one time where the two read the same ("1.36 us to 1.36 us")."""
    first, last = format_seconds(low), format_seconds(high)
    return first if first == last else f"{first} to {last}"


def _launch_share(result: AnalysisResult, estimate: KernelEstimate,
                  seconds: np.ndarray[Any, Any]) -> tuple[str, Mask] | None:
    """analyze's caution where the per-launch cost is most of the design time, per point."""
    cost = result.launch_overhead_s
    if estimate is not result.design_estimate or cost <= 0:
        return None
    with np.errstate(divide="ignore", invalid="ignore"):
        share = np.where(seconds > 0, cost / seconds, 0.0)
    mask = share >= LAUNCH_COST_SHARE
    if not mask.any():
        return None
    low, high = float(share[mask].min()), float(share[mask].max())
    kernels = seconds[mask] - cost
    shares = f"{low:.0%}" if f"{low:.0%}" == f"{high:.0%}" else f"{low:.0%} to {high:.0%}"
    at = "" if seconds.size == 1 else f" at {int(mask.sum()):,} of {seconds.size:,} points"
    took = _span(float(kernels.min()), float(kernels.max()))
    return (f"{LAUNCH_SHARE_START}{format_seconds(cost)}) is {shares} of the design time{at}; the kernels"
            f" themselves take {took} there, which the bound beside it describes", mask)


def _unbalanced(result: AnalysisResult, sweeps: Sequence[Any], columns: Sequence[np.ndarray[Any, Any]]
                ) -> dict[str, Mask]:
    """Each channel the grid's values leave unbalanced, with the points where
    they do: the two counts are cheap expressions, so every point is checked,
    not only the probes (the ends of a run of one bound missed its middle)."""
    names = [sweep.name for sweep in sweeps]
    fixed = {sympy.Symbol(name): sympy.Float(value) for name, value in result.assignments.items()
             if name not in names and ":" not in name}
    found: dict[str, Mask] = {}
    for balance in result.source.channel_balances:
        gap = (parse_expression(balance.writes) - parse_expression(balance.reads)).xreplace(fixed)
        if {str(symbol) for symbol in gap.free_symbols} - set(names):
            continue  # a value neither given nor swept: analyze asks for it
        gap = gap.xreplace({free: sym(free.name) for free in gap.free_symbols if isinstance(free, sympy.Symbol)})
        values = np.broadcast_to(np.asarray(lambdify(gap, names)(*columns), dtype=np.float64),
                                 columns[0].shape if columns else ())
        mask = np.abs(values) > 1e-9 * np.maximum(1.0, np.abs(values))
        if mask.any():
            found[unbalanced_caution(balance)] = mask
    return found


def _probes(kinds: np.ndarray[Any, Any]) -> tuple[list[int], list[tuple[int, int]], bool]:
    """The points analyze runs at: the first and last of each run of one
    bound kind in grid order; the runs; whether they were thinned."""
    size = kinds.size
    changes = np.nonzero(kinds[1:] != kinds[:-1])[0].tolist() if size > 1 else []
    starts = [0, *(change + 1 for change in changes)]
    ends = [*changes, size - 1]
    runs = list(zip(starts, ends, strict=True))
    thinned = 2 * len(runs) > MAX_PROBES
    if thinned:  # keep the first and last runs, evenly spaced ones between
        keep = np.unique(np.linspace(0, len(runs) - 1, MAX_PROBES // 2).round().astype(int)).tolist()
        runs = [runs[i] for i in keep]
    points = sorted({point for run in runs for point in run})
    return points, runs, thinned


def _point(sweeps: Sequence[Any], columns: Sequence[np.ndarray[Any, Any]], index: int) -> dict[str, float]:
    return {sweep.name: float(column[index]) for sweep, column in zip(sweeps, columns, strict=True)}


def point_text(point: Mapping[str, float]) -> str:
    return ", ".join(f"{name}={value:g}" for name, value in point.items())


def grid_cautions(result: AnalysisResult, estimate: KernelEstimate, sweeps: Sequence[Any],
                  columns: Sequence[np.ndarray[Any, Any]], seconds: np.ndarray[Any, Any],
                  bounds: GridBounds | None, at: Analyze, regions: np.ndarray[Any, Any] | None = None,
                  first_analyzed: bool = True) -> GridCautions:
    """Every caution of the grid with the points it holds at (module docstring).
    ``result``/``estimate`` are analyze's at the first point when
    ``first_analyzed`` (else at placeholder values: analyze runs at the
    first point too); ``regions`` per point a code of parts of the grid
    analyzed apart (where a swept name is 0), whose runs are probed as the
    runs of one bound are."""
    size = seconds.size
    masks: dict[str, Mask] = {}
    said: dict[str, str] = {}
    for found in (_short(result, estimate, seconds), _launch_share(result, estimate, seconds)):
        if found is not None:
            masks[found[0]], said[found[0]] = found[1], ""  # the text counts its points itself
    exact = _unbalanced(result, sweeps, columns)
    masks.update(exact)
    kinds = bounds.index if bounds is not None else np.zeros(size, dtype=np.intp)
    if regions is not None:
        kinds = kinds.astype(np.int64) * (int(regions.max()) + 1) + regions
    points, runs, thinned = _probes(kinds)
    notes = []
    if thinned:
        notes.append(f"cautions checked at {len(points):,} points: the ends of {len(runs):,} of the grid's runs of"
                     " one bound (evenly spaced)")
    found_at: dict[int, list[str]] = {}
    for point in points:
        try:
            own = estimate if point == 0 and first_analyzed else at(_point(sweeps, columns, point))[1]
        except InputError as error:
            notes.append(f"the cautions at {point_text(_point(sweeps, columns, point))} are not known:"
                         f" {error.message}")
            continue
        found_at[point] = [caution for caution in own.caveats if not _is_time_caution(caution)
                           and not caution.startswith(UNBALANCED_START)]  # every point's, above
    ends_only: set[str] = set()
    for start, end in runs:
        first, last = found_at.get(start), found_at.get(end)
        for caution in dict.fromkeys([*(first or []), *(last or [])]):
            mask = masks.setdefault(caution, np.zeros(size, dtype=bool))
            if first is not None and last is not None and caution in first and caution in last:
                mask[start:end + 1] = True
            else:
                mask[start if first is not None and caution in first else end] = True
                ends_only.add(caution)
    return _gathered(masks, said, ends_only, sweeps, columns, size, notes)


def _gathered(masks: dict[str, Mask], said: Mapping[str, str], ends_only: set[str], sweeps: Sequence[Any],
              columns: Sequence[np.ndarray[Any, Any]], size: int, notes: list[str]) -> GridCautions:
    """The cautions with where each holds, and each point's set of them by reference."""
    texts = list(masks)
    where = []
    for text in texts:
        count = int(masks[text].sum())
        if text in said or count == size:
            where.append(said.get(text, ""))
            continue
        first = int(np.argmax(masks[text]))
        shown = f"at {count:,} of {size:,} points, from {point_text(_point(sweeps, columns, first))}"
        if text in ends_only:
            shown += " (found at one end of a run of one bound only: it may hold at points between)"
        where.append(shown)
    if texts:
        matrix = np.column_stack([masks[text] for text in texts])
        if len(texts) < 63:  # each point's cautions as the bits of one number: np.unique by rows took 2.3 s
            codes, index = np.unique(matrix.astype(np.int64) @ (np.int64(1) << np.arange(len(texts))),
                                     return_inverse=True)
            sets = [[bit for bit in range(len(texts)) if int(code) >> bit & 1] for code in codes.tolist()]
        else:
            rows, index = np.unique(matrix, axis=0, return_inverse=True)
            sets = [np.nonzero(row)[0].tolist() for row in rows]
    else:
        sets, index = [[]], np.zeros(size, dtype=np.intp)
    return GridCautions(texts, where, sets, np.asarray(index, dtype=np.intp).reshape(-1), notes)
