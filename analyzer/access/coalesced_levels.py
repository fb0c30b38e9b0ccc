"""The nested levels a ``loop_coalesce`` merges, read from the source where
the report does not list them.

Intel's guides ("Coalescing Nested Loops"; HLS Reference Manual 6.3) say
``#pragma loop_coalesce N`` / ``[[intel::loop_coalesce(N)]]`` on a loop
merges N levels of its nest, counted from that loop (level 1) inwards,
every loop at a level merging (siblings alike); without N every level
merges; N = 1 merges nothing. The merged loop runs the product of the
merged levels' counts (siblings of one level add up).

aoc 18.1 and 21.2 list the merged levels as "Coalesced loop" children of
the loop (decision 39 reads them). oneAPI 20.3 lists none: the loop
carrying the attribute keeps its own level's "tc" (the public loop_coalesce
sample: tc 4 for a 4 x 4 nest that runs 16 iterations) and the inner level
is simply gone from the report. So a source level counts as merged only
where the report neither lists a "Coalesced loop" under the loop nor keeps
that level as a loop of its own: the compiler only "attempts" to coalesce,
and a level it kept still iterates as a sub-loop.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import PurePath

import sympy

from hlsight.analyzer.access.loops import LoopInfo
from hlsight.core.model import Loop


@dataclass(frozen=True)
class MergedLevels:
    """What a ``loop_coalesce`` on a report loop's source loop merges."""

    #: iterations the merged levels add per iteration of the loop's own level
    factor: sympy.Expr | None
    #: the lines of the merged source loops, outermost first
    lines: tuple[int, ...]
    #: the annotation as written on the loop (``loop_coalesce(2)``)
    written: str
    #: why nothing merged where ``factor`` is ``None``
    reason: str = ""


def _encloses(outer: LoopInfo, inner: LoopInfo) -> bool:
    if outer is inner or outer.end_line is None or PurePath(outer.file).name != PurePath(inner.file).name:
        return False
    if (inner.line, inner.nth) <= (outer.line, outer.nth):
        return False
    return inner.line <= outer.end_line and (inner.end_line or inner.line) <= outer.end_line


def _children(outer: LoopInfo, loops: Sequence[LoopInfo]) -> list[LoopInfo]:
    """The loops directly inside ``outer`` (by file and line range), in source order."""
    inside = [info for info in loops if _encloses(outer, info)]
    direct = [info for info in inside if not any(_encloses(middle, info) for middle in inside)]
    return sorted(direct, key=lambda info: (info.line, info.nth))


def levels_of(written: str, values: Mapping[str, int]) -> int | str | None:
    """How many levels ``loop_coalesce(written)`` merges: ``None`` for every
    level, the number, a name the kernel's name fixes (``KernelCompute<2>``
    for ``coalesce_factor``), else the text itself (not known here)."""
    if written == "":
        return None
    try:
        return int(written, 0)
    except ValueError:
        return values.get(written, written)


def merged_levels(carrier: LoopInfo, loops: Sequence[LoopInfo], reported: set[int],
                  trip_of: Callable[[LoopInfo], sympy.Expr], values: Mapping[str, int]) -> MergedLevels:
    """The source levels the ``loop_coalesce`` on ``carrier`` merges, with
    their iterations per iteration of ``carrier``'s own level. ``reported``
    holds (by ``id``) the source loops the report lists as loops of their
    own: a level among them was not merged, nor anything inside it."""
    assert carrier.coalesce is not None
    written = f"loop_coalesce({carrier.coalesce})" if carrier.coalesce else "loop_coalesce"
    levels = levels_of(carrier.coalesce, values)
    if isinstance(levels, str):
        return MergedLevels(None, (), written, f"how many levels `{levels}` is, is not known here")
    lines: list[int] = []

    def factor(info: LoopInfo, level: int) -> sympy.Expr | None:
        if levels is not None and level > levels:
            return None
        children = [child for child in _children(info, loops) if child.unroll != 0]  # full unrolls are copies
        if not children or any(id(child) in reported for child in children):
            return None
        terms = []
        for child in children:
            lines.append(child.line)
            trip = trip_of(child)
            if child.unroll is not None and child.unroll > 1:
                trip = sympy.ceiling(trip / child.unroll)
            inner = factor(child, level + 1)
            terms.append(trip if inner is None else trip * inner)
        return sympy.Add(*terms)

    found = factor(carrier, 2)
    if found is None:
        reason = ("it merges one level, its own" if levels is not None and levels <= 1 else
                  "the report lists the nested loops as loops of their own (not merged)")
        return MergedLevels(None, (), written, reason)
    return MergedLevels(found, tuple(lines), written)


def carriers(report_loops: Sequence[Loop], matched: Mapping[int, LoopInfo]) -> list[tuple[Loop, LoopInfo]]:
    """Report loops whose source loop carries a ``loop_coalesce`` and that
    list no "Coalesced loop" entry: the report does not say what merged."""
    return [(loop, matched[id(loop)]) for loop in report_loops
            if id(loop) in matched and matched[id(loop)].coalesce is not None
            and not loop.merged_loops and not loop.fully_unrolled and not loop.coalesced]
