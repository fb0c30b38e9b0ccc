"""The loops of functions a walk entered at their call sites, one set of
facts per call.

A function called twice is walked twice, each time with its call's
arguments (``LOADBYTES(x, 8)`` and ``LOADBYTES(x, len)``), and its loop
has one count per call. The report's loop for it cannot be told apart by
its line: aoc lists an inlined helper's loops at the helper's line, and
Vivado/Vitis give each call's copy the loop's own name in a module of its
own (``LOADBYTES_1``, ``LOADBYTES_2``, numbered by the tool). The walk
kept the last call's facts, so every copy got the last call's count. A
loop whose calls agree keeps that count; one whose calls differ has none,
and says so: the report loop keeps its symbol and the user is asked.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass, field

import sympy

from hlsight.analyzer.access.loops import LoopInfo


@dataclass
class CalledLoops:
    """Every walk of a called function: its loops' facts and how often each
    function was walked."""

    #: the facts of each walk, by ``id`` of the loop's AST node, in walk order
    per_call: dict[int, list[LoopInfo]] = field(default_factory=dict)
    #: how many call sites of each function were walked
    walks: Counter[str] = field(default_factory=Counter)

    def record(self, function: str, infos: dict[int, LoopInfo]) -> None:
        """One walk of ``function`` (its own loops' facts, as the loop walk gave them)."""
        self.walks[function] += 1
        for node, info in infos.items():
            self.per_call.setdefault(node, []).append(info)

    def merged(self) -> dict[int, LoopInfo]:
        """One set of facts per loop: the calls' when they count alike,
        else none, with the counts each call gives."""
        return {node: _agreed(infos) for node, infos in self.per_call.items()}


def _agreed(infos: list[LoopInfo]) -> LoopInfo:
    last = infos[-1]
    counts = [None if info.trip_count is None else sympy.expand(info.trip_count) for info in infos]
    if all(count == counts[0] for count in counts):
        return last
    each = tuple("unknown" if count is None else str(count) for count in counts)
    said = ", ".join(each)
    return dataclasses.replace(
        last, trip_count=None, per_call_counts=each,
        trip_reason=f"its function is called {len(infos)} times and counts differently in each ({said}): which call"
                    " the report's loop is cannot be told")
