"""Helpers shared by the Vivado/Vitis reader tests: render model values the
way the rpt prints them, so expectations stay in the report's own spelling."""

from __future__ import annotations

from hlsight.core.model import Kernel, LatencyRange, Loop, TripCount
from hlsight.parsers.vivado.names import ZERO_TRIP_NOTE


def fmt_value(value: int | None) -> str:
    return "?" if value is None else str(value)


def fmt_range(low: int | None, high: int | None) -> str:
    if low is None and high is None:
        return "?"
    if low == high:
        return str(low)
    return f"{fmt_value(low)} ~ {fmt_value(high)}"


def fmt_trip(loop: Loop) -> str:
    if ZERO_TRIP_NOTE in loop.details:
        return "0"
    trip = loop.trip_count or TripCount()
    return fmt_range(trip.min, trip.max)


def row_of(module: str, depth: int, loop: Loop) -> tuple[object, ...]:
    latency = loop.latency or LatencyRange()
    il = loop.iteration_latency_range or LatencyRange()
    ii = "-" if not loop.pipelined else fmt_value(None if loop.ii is None else loop.ii.value)
    return (module, loop.name, depth, fmt_value(latency.min), fmt_value(latency.max),
            fmt_range(il.min, il.max), ii, fmt_trip(loop), bool(loop.pipelined))


def own_loops(kernel: Kernel) -> list[tuple[int, Loop]]:
    """(depth, loop) in pre-order for loops this module implements itself
    (outlined ``_Pipeline_`` loops folded into it are skipped)."""
    out: list[tuple[int, Loop]] = []

    def visit(loop: Loop, depth: int) -> None:
        if loop.outlined_module not in (None, kernel.name):
            return
        out.append((depth, loop))
        for child in loop.children:
            visit(child, depth + 1)

    for loop in kernel.loops:
        visit(loop, 1)
    return out


def is_unknown_trip(loop: Loop) -> bool:
    """Unknown in the SOURCE.md sense: ``?`` or ``N ~ ?`` (not the TC-0 loops)."""
    trip = loop.trip_count
    return trip is not None and trip.max is None and ZERO_TRIP_NOTE not in loop.details
