"""Build model loops from the values a Vivado/Vitis loop row carries.

One constructor for both report formats keeps the unknown-value rules in one
place: ``?``/``undef``/``-1`` are already ``None`` (see
:mod:`hlsight.parsers.vivado.values`); a scalar trip count of ``0`` -- printed by
Vivado 2018.3 for the ``hls_video.h`` while-loops ``loop_wait_for_start`` and
``loop_wait_for_eol`` -- is an unmodelled count, so it also becomes unknown
(with a note in ``details``).
"""

from __future__ import annotations

import re

from hlsight.core.model import InitiationInterval, LatencyRange, Loop, TripCount
from hlsight.parsers.vivado.names import ZERO_TRIP_NOTE

Bounds = tuple[int | None, int | None]


_XML_UNNAMED = re.compile(r"^Loop(\d+(?:\.\d+)*)$")


def rpt_name_from_xml_tag(tag: str) -> str:
    """Per-module XML drops the blank of unlabelled Vivado loops (``Loop 3.1``
    -> ``<Loop3.1>``); put it back so both readers spell names like the rpt.
    (A user label spelled ``Loop3`` is indistinguishable in XML alone.)"""
    match = _XML_UNNAMED.match(tag)
    return f"Loop {match.group(1)}" if match else tag


def make_loop(
    name: str,
    *,
    pipelined: bool,
    latency: Bounds,
    iteration_latency: Bounds,
    trip_count: Bounds,
    ii: int | None = None,
    ii_target: int | None = None,
    pipeline_depth: int | None = None,
) -> Loop:
    """A :class:`Loop` from parsed cells (``None`` = unknown)."""
    details: list[str] = []
    tc_min, tc_max = trip_count
    if tc_min == 0 and tc_max == 0:
        tc_min = tc_max = None
        details.append(ZERO_TRIP_NOTE)
    il_min, il_max = iteration_latency
    exact_il = il_min if il_min is not None and il_min == il_max else None
    return Loop(
        name=name,
        pipelined=pipelined,
        ii=InitiationInterval(ii) if pipelined else None,
        ii_target=ii_target if pipelined else None,
        latency=LatencyRange(*latency),
        iteration_latency=exact_il,
        iteration_latency_range=LatencyRange(il_min, il_max),
        pipeline_depth=pipeline_depth if pipelined else None,
        trip_count=TripCount(tc_min, tc_max),
        details=details,
    )
