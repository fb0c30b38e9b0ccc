"""``whatif --solve`` for a count: the whole value that meets a time budget.

A kernel argument, a work-item count or a trip count takes whole values
only: "N = 1.20375e+07 gives 10.5 ms" names a size no host can launch, and
re-analysing at it fed a fraction into the cautions and the bound. The real
root (:func:`hlsight.analyzer.whatif.solve_for`) brackets the answer; the
whole value is the nearest integer on the side that meets the budget: the
largest one within it where the time grows with the count, the smallest
where it falls. Clocks keep the real root.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import sympy

from hlsight.analyzer.symbols import zero_allowed
from hlsight.analyzer.whatif import Unreachable, bind, lambdify, solve_for
from hlsight.core.errors import InputError
from hlsight.core.units import format_seconds

#: how far the whole answer may sit from the real root before the search
#: stops (the root is within 1e-12 relative, so one or two steps suffice)
MAX_STEPS = 64


@dataclass(frozen=True)
class Solution:
    """The answer of ``--solve NAME --for-time TARGET``."""

    name: str
    target: float
    #: the value: the real root, or the whole value that meets the target
    value: float
    #: the estimate's time at ``value``
    seconds: float
    #: a count: ``value`` is whole
    whole: bool = False
    #: for a count, ``largest`` (the time grows with it) or ``smallest`` (it falls)
    side: str = ""
    #: the next whole value past the target (one more, or one less where the time falls) and its time
    beyond: tuple[float, float] | None = None


def solve(expr: sympy.Expr, values: Mapping[str, float], name: str, target: float, whole: bool) -> Solution:
    """The value of ``name`` that meets ``target`` seconds: the real root,
    or for a count (``whole``) the whole value nearest it whose time is
    within the target. Raises :class:`InputError` when none is."""
    lowest = (0.0 if zero_allowed(name) else 1.0) if whole else 1e-6
    try:
        root = solve_for(expr, values, name, target, lowest=lowest)
    except Unreachable as error:
        if whole:
            time = _time(expr, values, name)
            if time(lowest) > target:  # said as the count's own floor, not as a real range from 1e-06
                raise _none_meets(name, target, lowest, time(lowest), "already takes",
                                  error.message.partition(": ")[2]) from None
        raise
    if not whole:
        return Solution(name, target, root, _time(expr, values, name)(root))
    return _whole(_time(expr, values, name), name, target, root, lowest)


def _time(expr: sympy.Expr, values: Mapping[str, float], name: str) -> Callable[[float], float]:
    fn = lambdify(bind(expr, values, [name]), [name])

    def at(x: float) -> float:
        return float(fn(x))
    return at


def _whole(time: Callable[[float], float], name: str, target: float, root: float, lowest: float) -> Solution:
    """The whole answer around the real ``root``: the time grows with the
    count where T(root + 1) > T(root - 1) (evaluated at whole neighbours)."""
    below, above = max(lowest, math.floor(root)), max(lowest, math.ceil(root))
    growing = time(above + 1) >= time(max(lowest, below - 1))
    if growing:
        n = below
        for _ in range(MAX_STEPS):  # down to the largest within the target
            if time(n) <= target or n <= lowest:
                break
            n -= 1
        for _ in range(MAX_STEPS):  # the root's tolerance may leave one more within it (bounded: a flat time)
            if time(n + 1) > target:
                break
            n += 1
        if time(n) > target:
            raise _none_meets(name, target, n, time(n), "already takes")
        return Solution(name, target, n, time(n), True, "largest", (n + 1, time(n + 1)))
    n = above
    for _ in range(MAX_STEPS):
        if time(n) <= target:
            break
        n += 1
    for _ in range(MAX_STEPS):
        if n - 1 < lowest or time(n - 1) > target:
            break
        n -= 1
    if time(n) > target:
        raise _none_meets(name, target, n, time(n), "still takes")
    return Solution(name, target, n, time(n), True, "smallest",
                    (n - 1, time(n - 1)) if n - 1 >= lowest else None)


def _none_meets(name: str, target: float, n: float, seconds: float, verb: str, why: str = "") -> InputError:
    return InputError(
        None, f"no whole {name} gives {format_seconds(target)} or less: {name} = {n:,.0f} {verb}"
        f" {format_seconds(seconds, 6)}{f' ({why})' if why else ''}", expected="a longer --for-time")


def whole_text(value: float) -> str:
    """A count in integer notation with thousands separators (``12,037,505``)."""
    return f"{value:,.0f}"


def describe(solution: Solution) -> dict[str, Any]:
    """The solution's fields for JSON (numbers as numbers; a count as an integer)."""
    value: float | int = int(solution.value) if solution.whole else solution.value
    found: dict[str, Any] = {"value": value, "seconds": solution.seconds, "whole": solution.whole}
    if solution.whole:
        found["side"] = solution.side
        if solution.beyond is not None:
            found["next"] = {"value": int(solution.beyond[0]), "seconds": solution.beyond[1]}
    return found
