"""Bandwidth demand vs supply and f_min vs f_max, per LSU (journal eqs. 4-7).

An LSU of ``width`` bytes per cycle with index stride δ saturates its memory
when the kernel clock f_max reaches f_min = bw_dram · δ / width (eq. 5); then
its demand f_max · width / δ meets the supply bw_dram. Otherwise the kernel is
not memory-saturated (eq. 7) and the memory model alone under-estimates time.
``width`` is what reaches the memory per cycle: at most the board's bus to
the bank (section 7.2), past which widening the LSU changes nothing.

The estimate computes these figures (``KernelEstimate.lsu_facts``, see
:class:`~hlsight.analyzer.results.LsuFacts`); this module only lays them out
as chart rows. Anything missing is shown as unknown, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass

from hlsight.analyzer.results import KernelEstimate
from hlsight.core.units import format_mhz

#: Width in SVG user units of the longest bandwidth bar.
BW_BAR_SPACE = 380.0


@dataclass
class BandwidthRow:
    label: str
    demand_bps: float | None
    supply_bps: float | None
    f_min_hz: float | None
    f_max_hz: float | None
    saturated: bool | None
    #: the board's bus to the bank is no wider than the LSU ("" otherwise):
    #: a wider LSU cannot lower f_min, only a higher f_max helps (section 7.2)
    capping_bus: str = ""
    #: the LSUs aoc split this LSU's access over (> 1: widening adds LSUs)
    split_into: int = 1
    demand_len: float = 0.0
    supply_len: float = 0.0


def bandwidth_rows(estimate: KernelEstimate | None) -> list[BandwidthRow]:
    """Rows to chart; empty when the estimate carries no bandwidth facts."""
    if estimate is None:
        return []
    rows = [
        BandwidthRow(
            lsu_id, fact.demand_bps, fact.supply_bps, fact.f_min_hz, fact.f_max_hz, fact.saturated,
            fact.bus_name if fact.bus_caps_width else "", fact.split_into,
        )
        for lsu_id, fact in estimate.lsu_facts.items()
    ]
    longest = max((max(row.demand_bps or 0.0, row.supply_bps or 0.0) for row in rows), default=0.0)
    if longest > 0:
        for row in rows:
            row.demand_len = BW_BAR_SPACE * (row.demand_bps or 0.0) / longest
            row.supply_len = BW_BAR_SPACE * (row.supply_bps or 0.0) / longest
    return rows


def format_rate(bytes_per_s: float | None) -> str:
    return "?" if bytes_per_s is None else f"{bytes_per_s / 1e9:.4g} GB/s"


def format_hz(hertz: float | None) -> str:
    """As the text prints clocks (:func:`hlsight.core.units.format_mhz`)."""
    return format_mhz(None if hertz is None else hertz / 1e6)
