"""Launch parameters from a problem size: "this run processes W elements".

Users (and the zaragoza benchmark) often know how many elements a run
processes, not the kernel's launch arguments. The source-derived access
counts say how the arguments map to elements (``64*floor((N-1)/64) + 64``
for FBLAS axpy, ``8*work_items`` for fft1d's fetch kernel, which reads eight
points per work-item), so the arguments can be solved from W: per kernel,
the busiest source access (all LSUs of one access together) must move W
elements. A kernel whose counts have more than one unknown (a macro from a
header the report did not embed, a grid height) cannot be solved; its LSUs
then fall back to W accesses each, and the result says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sympy

from hlsight.analyzer.access.c_symbols import parse_expression
from hlsight.analyzer.results import SourceFacts
from hlsight.core.model import LSU, Design, Kernel


@dataclass
class Launch:
    """Solved argument values, per-LSU fallbacks and why."""

    values: dict[str, float] = field(default_factory=dict)
    fallback_lsus: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _access_groups(kernel: Kernel, source: SourceFacts) -> dict[tuple[str, int, str, str], list[LSU]]:
    """Global LSUs grouped by the source access they serve."""
    groups: dict[tuple[str, int, str, str], list[LSU]] = {}
    for lsu in kernel.global_lsus():
        facts = source.access(lsu)
        if facts is None or facts.accesses is None or lsu.location is None:
            continue
        key = (lsu.location.file, lsu.location.line, lsu.kind.value, facts.expression or "")
        groups.setdefault(key, []).append(lsu)
    return groups


def _accesses(lsu: LSU, source: SourceFacts) -> str | None:
    facts = source.access(lsu)
    return None if facts is None else facts.accesses


def _group_total(group: list[LSU], source: SourceFacts) -> sympy.Expr:
    """Elements one source access moves: per-lane LSUs of equal width split
    it (their counts add up), LSUs of different widths each see all of it."""
    counts = [parse_expression(text) for lsu in group if (text := _accesses(lsu, source))]
    if len({lsu.width_bits for lsu in group}) == 1:
        return sympy.Add(*counts)
    return counts[0] if len(counts) == 1 else sympy.Max(*counts)


def _solve(total: sympy.Expr, unknown: sympy.Symbol, elements: float) -> float | None:
    """``unknown`` such that ``total`` = ``elements`` (floor/ceiling relaxed
    to their argument for the solve, then the integer answer is checked).
    A ``Sum`` whose limits are numbers (an exact guard count over a row
    cycle) is added up first: relaxing the floors inside it would change
    the count, not just round it."""
    if total.has(sympy.Sum):
        total = total.doit()
    relaxed = total.replace(sympy.floor, lambda arg: arg).replace(sympy.ceiling, lambda arg: arg)
    try:
        roots = [root for root in sympy.solve(sympy.Eq(relaxed, elements), unknown) if root.is_real and root > 0]
    except (NotImplementedError, TypeError, ValueError):
        return None
    if not roots:
        return None
    guess = float(min(roots))
    for candidate in sorted({round(guess), int(guess), int(guess) + 1, guess}, key=lambda v: abs(v - guess)):
        if abs(float(total.subs(unknown, candidate)) - elements) <= 1e-9 * elements:
            return float(candidate)
    return guess


def solve_launch(
    design: Design, source: SourceFacts, elements: float, given: dict[str, float] | None = None
) -> Launch:
    """Kernel arguments / global sizes that make each kernel move ``elements``
    elements through its busiest source access (``source``: the derived
    facts of ``design``; ``given`` values are kept)."""
    launch = Launch()
    known = dict(given or {})
    for kernel in design.kernels:
        groups = _access_groups(kernel, source)
        totals = {key: _group_total(group, source) for key, group in groups.items()}
        unknown = {s for total in totals.values() for s in total.free_symbols if s.name not in known}
        if len(unknown) == 1:
            symbol = next(iter(unknown))
            solutions = [
                value
                for total in totals.values()
                if symbol in total.free_symbols and (value := _solve(total.subs(known), symbol, elements)) is not None
            ]
            if solutions:
                value = min(solutions)  # the busiest access reaches W first
                if symbol.name in launch.values and launch.values[symbol.name] != value:
                    launch.notes.append(f"{kernel.name}: {symbol.name} already set to {launch.values[symbol.name]:g}")
                else:
                    launch.values[symbol.name] = value
                    known[symbol.name] = value
                    launch.notes.append(f"{kernel.name}: {symbol.name} = {value:g} from {elements:g} elements")
        elif len(unknown) > 1:
            names = ", ".join(sorted(s.name for s in unknown))
            launch.notes.append(f"{kernel.name}: counts need {names}: not solvable from one size")
        for group in groups.values():
            for lsu in group:
                text = _accesses(lsu, source)
                assert text is not None
                if {s.name for s in parse_expression(text).free_symbols} - set(known):
                    launch.fallback_lsus.append(lsu.id)
    return launch
