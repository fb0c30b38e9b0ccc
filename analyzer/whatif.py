"""What-if queries on an estimate: sweeps and solving for one symbol.

The estimate is a sympy expression; sweeps lambdify it once to numpy and
evaluate the whole grid vectorised (the target is >= 10^6 design points per
second, measured by ``benchmarks/whatif_speed.py``). Solving finds the value
of one symbol that gives a target time by bracketing on a log grid and
bisecting, which works for the piecewise (``Max``/``Min``/``Piecewise``)
expressions the models produce where symbolic solving does not.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import sympy

from hlsight.analyzer.count_arguments import first_negative_count
from hlsight.analyzer.estimate.evaluate import LONG_SUM, add_up_sums, numeric
from hlsight.analyzer.estimate.evaluate import bind as bind_values
from hlsight.analyzer.estimate.kernel import bound_from
from hlsight.analyzer.results import BOUND_BALANCE, BoundTerms, KernelEstimate, SourceFacts, read_bound
from hlsight.analyzer.symbols import LAUNCH_SIZES, WORK_ITEMS, must_be_positive, sym, zero_allowed
from hlsight.core.errors import InputError
from hlsight.core.units import format_seconds

#: Most points one ``whatif`` grid evaluates (docs/model.md, What-if): 10^6
#: points on axpy take about 5 s as text, 10 s as CSV (30 MB), 11 s and
#: 0.37 GB as JSON (37 MB; 1.2 GB when each point was an object); 10^7 took
#: 55 s and 1.1 GB, and 10^9 was killed by the OOM killer with no message.
#: Larger studies split the range.
MAX_SWEEP_POINTS = 1_000_000


def _too_many(points: int, what: str) -> InputError:
    """The one message for a grid over :data:`MAX_SWEEP_POINTS`, naming the option."""
    return InputError(
        None, f"--sweep {what}: {points:,} points, above the limit of {MAX_SWEEP_POINTS:,} points per whatif run",
        expected="fewer steps, or the range split over several runs",
    )


def grid_size(sweeps: Sequence[Sweep]) -> int:
    """Points of the grid the sweeps span (the product of their sizes; 1 without sweeps)."""
    return math.prod(sweep.values.size for sweep in sweeps)


def check_grid_size(sweeps: Sequence[Sweep]) -> None:
    """Refuse a grid (the product of the sweeps' sizes) above
    :data:`MAX_SWEEP_POINTS` before anything is allocated for it."""
    points = grid_size(sweeps)
    if points > MAX_SWEEP_POINTS:
        raise _too_many(points, " x ".join(f"{sweep.name} ({sweep.values.size:,})" for sweep in sweeps))


@dataclass(frozen=True)
class Sweep:
    name: str
    values: np.ndarray[Any, np.dtype[np.float64]]
    #: given as ``start:stop:count`` (its points are computed, not typed)
    ranged: bool = False


SWEEP_FORM = "NAME=a,b,c or NAME=start:stop:count"


def _sweep_number(text: str, part: str, what: str) -> float:
    """One number of a ``--sweep``, or an error naming the part that is not one."""
    try:
        return float(part)
    except ValueError:
        shown = f"'{part.strip()}'" if part.strip() else "an empty item"
        raise InputError(None, f"--sweep '{text}': {shown} is not a number ({what})",
                         expected=f"{SWEEP_FORM} with numbers") from None


def _sweep_range(text: str, spec: str) -> np.ndarray[Any, np.dtype[np.float64]]:
    """``start:stop:count`` -> count evenly spaced values from start to stop
    (both included; stop below start runs down). A count of 1 keeps only
    start, so it is refused unless stop equals start: the stop would be
    dropped without a word."""
    parts = spec.split(":")
    if len(parts) != 3:
        raise InputError(None, f"--sweep '{text}': {len(parts)} parts after '='", expected=SWEEP_FORM)
    start = _sweep_number(text, parts[0], "the start")
    stop = _sweep_number(text, parts[1], "the stop")
    count_text = parts[2].strip()
    if not count_text.isdigit():
        raise InputError(None, f"--sweep '{text}': the count '{count_text}' is not a whole number",
                         expected="start:stop:count with a count of 1 or more points")
    count = int(count_text)
    if count < 1:
        raise InputError(None, f"--sweep '{text}': a count of {count} gives no points",
                         expected="start:stop:count with a count of 1 or more points")
    if count == 1 and start != stop:
        raise InputError(None, f"--sweep '{text}': a count of 1 gives only the start, {start:g}",
                         expected=f"a count of 2 or more, or --set NAME={start:g} for one value")
    if count > MAX_SWEEP_POINTS:  # before linspace allocates them (10^9 points: 8 GB)
        raise _too_many(count, f"'{text}'")
    return np.linspace(start, stop, count)


def parse_sweep(text: str) -> Sweep:
    """``NAME=a,b,c`` or ``NAME=start:stop:count`` (count points, inclusive)."""
    name, sep, spec = text.partition("=")
    name = name.strip()
    if not sep or not name or not spec.strip():
        raise InputError(None, f"--sweep '{text}'", expected=SWEEP_FORM)
    if ":" in spec:
        values = _sweep_range(text, spec)
    else:
        values = np.array([_sweep_number(text, item, "a value") for item in spec.split(",")], dtype=np.float64)
    if not np.all(np.isfinite(values)):
        raise InputError(None, f"--sweep '{text}'", expected="finite values")
    if must_be_positive(name):
        # as --set: a trip count or a bundle's bytes may be 0 (the loop a
        # host skips, the report's "0 ~ 64"), other model quantities not
        zero = zero_allowed(name)
        if np.any(values < 0) or (not zero and np.any(values == 0)):
            expected = "values of 0 or more" if zero else "positive finite values"
            raise InputError(None, f"--sweep '{text}'", expected=expected)
    return Sweep(name, values, ranged=":" in spec)


def whole_points(sweep: Sweep) -> tuple[Sweep, str | None]:
    """A sweep of a count (:func:`hlsight.analyzer.symbols.takes_whole_values`)
    on whole values only: ``N=10:1:3`` computes 5.5, a size no host launches,
    which was evaluated without a word. A range's points are rounded to the
    nearest whole value (repeats dropped) and a note says how many moved; a
    fraction the user typed in a list is refused, as ``--set`` refuses one."""
    fractional = sweep.values != np.round(sweep.values)
    if not np.any(fractional):
        return sweep, None
    if not sweep.ranged:
        shown = ", ".join(f"{value:g}" for value in sweep.values[fractional][:3])
        raise InputError(None, f"--sweep {sweep.name}: {shown} is not a whole number",
                         expected=f"whole values of {sweep.name} (it counts items, iterations or bytes)")
    rounded = np.round(sweep.values)
    _, first = np.unique(rounded, return_index=True)
    kept = rounded[np.sort(first)]
    moved = int(np.count_nonzero(fractional))
    dropped = len(rounded) - len(kept)
    note = (f"{sweep.name} takes whole values: {moved:,} of the range's {len(rounded):,} points"
            f" {'was' if moved == 1 else 'were'} rounded to the nearest whole number"
            + (f" ({dropped:,} {'repeat' if dropped == 1 else 'repeats'} dropped)" if dropped else ""))
    return Sweep(sweep.name, kept, ranged=True), note


def check_counts(sweeps: Sequence[Sweep], source: SourceFacts) -> None:
    """A sweep over a negative value of a name that counts work
    (:mod:`hlsight.analyzer.count_arguments`: a loop's trip count, an
    access count) is refused, as ``--set`` refuses it: the grid is one
    expression evaluated at every point, so only the point analyze was run
    at was checked (``--sweep N=10,-5`` gave -5 a time)."""
    # each sweep's first value below 0 (0 for one without)
    firsts = [(sweep.name, float(next(iter(sweep.values[sweep.values < 0]), 0.0))) for sweep in sweeps]
    found = first_negative_count(firsts, source)
    if found is not None:
        name, value = firsts[found[0]]
        raise InputError(None, f"--sweep {name}: {value:g} is below 0", expected=found[1])


def check_distinct(sweeps: Sequence[Sweep]) -> None:
    """Each name swept once: two sweeps of one name would make a grid whose
    columns disagree on its value."""
    names = [sweep.name for sweep in sweeps]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise InputError(None, f"--sweep {', '.join(twice)} given more than once",
                         expected="each --sweep NAME once (one sweep lists all its values: NAME=a,b,c)")


def _np_max(*args: Any) -> Any:
    return functools.reduce(np.maximum, args)


def _np_min(*args: Any) -> Any:
    return functools.reduce(np.minimum, args)


def _np_taken(difference: Any, code: Any) -> Any:
    """:class:`~hlsight.analyzer.access.taken.Taken` over arrays: 1 where the test holds."""
    holds = (np.equal, np.not_equal, np.less, np.less_equal, np.greater, np.greater_equal)[int(code)]
    return np.where(holds(difference, 0), 1.0, 0.0)


NUMPY_MODULES: list[Any] = [{"Max": _np_max, "Min": _np_min, "IMax": _np_max, "IMin": _np_min, "Taken": _np_taken},
                            "numpy"]


def bind(expr: sympy.Expr, values: Mapping[str, float], keep: Sequence[str]) -> sympy.Expr:
    """Substitute every value except the names in ``keep`` (a row ``Sum``
    of an exact guard count whose limits become numbers is added up), the
    way ``analyze`` does (:func:`hlsight.analyzer.estimate.evaluate.bind`):
    sympy's ``subs`` put one value at a time and let a ``Max`` compare a
    half-bound row ``Sum``, which sympy evaluates by Euler-Maclaurin and
    fails on (pathfinder at rem_rows = 0 was a traceback)."""
    subs = {sym(name): sympy.Float(value) for name, value in values.items() if name not in keep}
    bound: sympy.Expr = add_up_sums(bind_values(expr, subs))
    return bound


def _check_free(expr: sympy.Expr, allowed: Sequence[str]) -> None:
    missing = sorted(symbol.name for symbol in expr.free_symbols if symbol.name not in allowed)
    if missing:
        raise InputError(
            None,
            "the estimate still depends on " + ", ".join(missing),
            expected="values for them with --set or --sweep",
        )


def expression_names(expr: sympy.Expr) -> list[str]:
    """The names the estimate depends on: what ``--sweep``/``--solve`` can vary."""
    return sorted(symbol.name for symbol in expr.free_symbols)


def _not_in(expr: sympy.Expr, name: str, option: str) -> InputError:
    """The error for a name the estimate does not use, listing the ones it
    does; a launch size (``global_size1``) given only to make ``work_items``
    points at that product."""
    names = expression_names(expr)
    base = name.rpartition(":")[2]
    if LAUNCH_SIZES.fullmatch(base) and WORK_ITEMS.name in names:
        return InputError(
            None, f"{option} {name}: the estimate does not depend on '{name}' but on work_items, the product of"
            " the launch's sizes per dimension",
            expected=f"{option} work_items, at the product of the sizes for each point")
    return InputError(
        None, f"{option} {name}: the estimate does not depend on '{name}'",
        expected="a name it depends on: " + ", ".join(expression_names(expr))
        + " (per-LSU and per-loop facts from the source win over global symbols: vary lsu.<id>.accesses,"
        " loop.<name>.trip etc. instead)",
    )


def lambdify(expr: sympy.Expr, names: Sequence[str]) -> Callable[..., Any]:
    """A numpy function of ``names`` (dotted names are fine: dummified).

    A ``Sum`` whose limits depend on ``names`` (sweeping ``rem_rows`` of an
    exact guard count) has no vectorised form: it is evaluated point by
    point (:func:`hlsight.analyzer.estimate.evaluate.numeric`; a non-integer
    or over-long row range gives NaN)."""
    symbols = [sym(name) for name in names]
    if expr.has(sympy.Sum):
        def point(*xs: float) -> float:
            value = numeric(expr, {s: sympy.Float(x) for s, x in zip(symbols, xs, strict=True)})
            return math.nan if value is None else value

        return np.vectorize(point, otypes=[np.float64])
    fn: Callable[..., Any] = sympy.lambdify(symbols, expr, modules=NUMPY_MODULES, dummify=True)

    def quiet(*columns: Any) -> Any:
        # a point where a count divides by zero is NaN/inf, which the callers turn
        # into one clear message; numpy's RuntimeWarning would print the generated code
        with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
            return fn(*columns)

    return quiet


def evaluate_grid(
    expr: sympy.Expr, values: Mapping[str, float], sweeps: Sequence[Sweep]
) -> tuple[list[np.ndarray[Any, np.dtype[np.float64]]], np.ndarray[Any, np.dtype[np.float64]]]:
    """Cartesian product of the sweeps -> (one column per sweep, seconds)."""
    names = [sweep.name for sweep in sweeps]
    check_distinct(sweeps)
    check_grid_size(sweeps)
    bound = bind(expr, values, names)
    _check_free(bound, names)
    present = {symbol.name for symbol in bound.free_symbols}
    for name in names:
        if name not in present:
            raise _not_in(expr, name, "--sweep")
    if not sweeps:
        value = numeric(bound, {})
        if value is None:  # a row Sum longer than SUM_TERMS: sympy would try Euler-Maclaurin and fail
            raise InputError(
                None, f"the estimate has no number at the values given ({LONG_SUM})",
                expected="values in the range the kernel runs with",
            )
        return [], np.array([value], dtype=np.float64)
    grids = np.meshgrid(*[sweep.values for sweep in sweeps], indexing="ij")
    columns = [grid.ravel() for grid in grids]
    fn = lambdify(bound, names)
    seconds = np.broadcast_to(np.asarray(fn(*columns), dtype=np.float64), columns[0].shape)
    return columns, np.array(seconds, dtype=np.float64)


class Unreachable(InputError):
    """No value of the solved name reaches the target time over the search range."""


def solve_for(expr: sympy.Expr, values: Mapping[str, float], name: str, target: float,
              lowest: float = 1e-6) -> float:
    """The value of ``name`` at which the estimate equals ``target`` seconds.

    Brackets a sign change of T(x) - target on ``lowest``..10^15 (log grid;
    a count starts at 1, or 0 where it may be 0), then bisects to 1e-12
    relative. Raises :class:`Unreachable` when no value of ``name`` up to
    10^15 reaches ``target`` (e.g. the memory floor is above it; said as
    "up to" the search's limit: "no value" claimed what was not searched).
    """
    if target <= 0:
        raise InputError(None, f"--for-time {target}", expected="a positive number of seconds")
    bound = bind(expr, values, [name])
    _check_free(bound, [name])
    if sym(name) not in bound.free_symbols:
        raise _not_in(expr, name, "--solve")
    if any(sym(name) in limit.free_symbols for summed in bound.atoms(sympy.Sum) for limit in summed.limits):
        raise InputError(
            None,
            f"'{name}' bounds a row cycle that the estimate adds up term by term (an exact guard count);"
            " it has no continuous solution",
            expected=f"--sweep {name}=a,b,c over the values of interest",
        )
    fn = lambdify(bound, [name])
    xs = np.logspace(math.log10(max(lowest, 1e-6)), 15, 2101)
    if lowest == 0:
        xs = np.concatenate(([0.0], xs))
    times = np.asarray(fn(xs), dtype=np.float64)
    signs = np.sign(times - target)
    crossings = np.nonzero(signs[:-1] * signs[1:] <= 0)[0]
    if crossings.size == 0:
        # from the times themselves: (times - target) + target is 0 for a target of 1e300 s
        low, high = float(np.nanmin(times)), float(np.nanmax(times))
        raise Unreachable(
            None,
            f"no {name} up to {xs[-1]:g} (the search's limit) gives {format_seconds(target)}: the estimate ranges over"
            f" [{format_seconds(low)}, {format_seconds(high)}] for {name} from {xs[0]:g} to {xs[-1]:g}",
            expected="a reachable --for-time",
        )
    index = int(crossings[0])
    lo, hi = float(xs[index]), float(xs[index + 1])
    f_lo = float(fn(lo)) - target
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        f_mid = float(fn(mid)) - target
        if f_mid == 0 or (hi - lo) <= 1e-12 * abs(mid):
            return mid
        if (f_mid < 0) == (f_lo < 0):
            lo, f_lo = mid, f_mid
        else:
            hi = mid
    return 0.5 * (lo + hi)


Column = np.ndarray[Any, np.dtype[Any]]


def _on_grid(expr: Any, values: Mapping[str, float], sweeps: Sequence[Sweep]) -> Column | None:
    """``expr`` (a time or a sympy boolean) at every grid point; ``None``
    when there is no such part or it needs a name neither given nor swept."""
    if expr is None:
        return None
    names = [sweep.name for sweep in sweeps]
    bound = bind(expr, values, names)
    if any(symbol.name not in names for symbol in bound.free_symbols):
        return None
    size = grid_size(sweeps)
    if not bound.free_symbols:
        return np.full(size, bool(bound) if isinstance(bound, sympy.logic.boolalg.Boolean) else float(bound))
    grids = np.meshgrid(*[sweep.values for sweep in sweeps], indexing="ij")
    columns = [grid.ravel() for grid in grids]
    return np.broadcast_to(np.asarray(lambdify(bound, names)(*columns)), (size,))


@dataclass(frozen=True)
class GridBounds:
    """Per grid point, the bound as a reference into a short table: ``kinds``
    are the distinct (eq. 7 bound, label) pairs, ``index`` each point's one.
    A grid of 10^6 points has a handful of kinds; the JSON output keeps the
    references."""

    kinds: list[tuple[str, str]]
    index: np.ndarray[Any, np.dtype[np.intp]]

    def labels(self) -> list[str]:
        """The label of every point (``bound_label``)."""
        table = [label for _eq7, label in self.kinds]
        return [table[kind] for kind in self.index.tolist()]


def _comparisons(memory: Column | None, compute: Column | None, pipeline: Column | None,
                 saturated: Column | None, size: int) -> np.ndarray[Any, np.dtype[np.int64]]:
    """Per point, a code of every comparison :func:`bound_from` and
    :func:`read_bound` make of the parts (which is larger, which is 0, the
    balance test, saturation): points with one code get one bound, so those
    functions run once per code, not once per point (10^6 calls were 6 s of
    a 10^6-point sweep). NaN compares as in Python: false, and truthy."""
    code = np.zeros(size, dtype=np.int64)

    def bit(flag: Any, shift: int) -> None:
        code[:] |= np.broadcast_to(np.asarray(flag, dtype=bool), (size,)).astype(np.int64) << shift

    m = None if memory is None else np.asarray(memory, dtype=np.float64)
    c = None if compute is None else np.asarray(compute, dtype=np.float64)
    p = None if pipeline is None else np.asarray(pipeline, dtype=np.float64)
    with np.errstate(invalid="ignore"):
        if m is not None and c is not None:
            bit(c > m, 0)
        if m is not None:
            bit(m != 0, 1)
        if p is not None:
            bit(p != 0, 2)
        if m is not None and p is not None:
            bit(np.abs(m - p) <= BOUND_BALANCE * np.maximum(m, p), 3)
            bit(m >= p, 4)
    if saturated is not None:
        sat = np.broadcast_to(np.asarray(saturated, dtype=bool), (size,))
        code |= np.where(sat, 2, 1).astype(np.int64) << 5
    return code


def _item(column: Column | None, index: int) -> Any:
    """The part at one point as a Python number (``None`` for a part the estimate lacks)."""
    return None if column is None else column[index].item()


def _term_bounds(terms: BoundTerms, values: Mapping[str, float], sweeps: Sequence[Sweep]) -> GridBounds | None:
    """Per point, eq. 7's bound (:func:`bound_from`) and the label analyze
    prints from it (:func:`read_bound`), from one kernel's parts; ``None``
    when a part it has cannot be evaluated on the grid."""
    parts = [terms.memory, terms.compute, terms.pipeline, terms.saturated]
    columns = [_on_grid(part, values, sweeps) for part in parts]
    if any(part is not None and column is None for part, column in zip(parts, columns, strict=True)):
        return None
    memory, compute, pipeline, saturated = columns
    code = _comparisons(memory, compute, pipeline, saturated, grid_size(sweeps))
    _codes, first, index = np.unique(code, return_index=True, return_inverse=True)
    has_memory, host = terms.memory is not None, terms.host_lsus
    kinds = []
    for point in first.tolist():  # one point of each code stands for all of them
        memory_s, compute_s, pipeline_s, sat = (_item(column, point) for column in columns)
        eq7 = bound_from(memory_s, compute_s, None if sat is None else bool(sat), has_memory, host)
        kinds.append((eq7, read_bound(eq7, memory_s, pipeline_s, None if sat is None else bool(sat), False)))
    return GridBounds(kinds, index.reshape(-1))


def _group_bounds(groups: Sequence[tuple[Any, BoundTerms]], values: Mapping[str, float],
                  sweeps: Sequence[Sweep]) -> GridBounds | None:
    """Per point, the bound of the group that takes longest there: a design
    that adds sequential groups reads its bound from its slowest one (eq.
    7's, not its label), as analyze's design estimate does (``group_bound``)."""
    totals = [_on_grid(total, values, sweeps) for total, _terms in groups]
    found = [_term_bounds(terms, values, sweeps) for _total, terms in groups]
    bounds = [group for group in found if group is not None]
    times = [np.broadcast_to(np.asarray(total, dtype=np.float64), (grid_size(sweeps),))
             for total in totals if total is not None]
    if len(bounds) != len(groups) or len(times) != len(groups):
        return None
    slowest = np.argmax(np.vstack(times), axis=0)
    # each point's eq. 7 bound: that of its slowest group's kind there
    eq7_names = sorted({eq7 for group in bounds for eq7, _label in group.kinds})
    per_group = np.vstack([np.array([eq7_names.index(eq7) for eq7, _label in group.kinds])[group.index]
                           for group in bounds])
    eq7 = per_group[slowest, np.arange(slowest.size)]
    kinds = [(name, read_bound(name, None, None, None, False)) for name in eq7_names]
    return GridBounds(kinds, eq7.astype(np.intp))


def grid_bounds(estimate: KernelEstimate, values: Mapping[str, float], sweeps: Sequence[Sweep]) -> GridBounds | None:
    """Per grid point, the bound as analyze reads it at those values
    (``bound_label``: ``memory``, ``memory (non-saturated)``, ``compute``,
    ``compute+memory``, ``""`` unknown); ``None`` when the estimate keeps no
    parts to read it from (a Vivado/Vitis HLScope+ or multi-kernel design)
    or they need a name that is not given."""
    if estimate.bound_groups:
        return _group_bounds(estimate.bound_groups, values, sweeps)
    if estimate.bound_terms is None:
        return None
    return _term_bounds(estimate.bound_terms, values, sweeps)
