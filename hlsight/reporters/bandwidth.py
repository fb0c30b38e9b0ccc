"""Bandwidth demand vs supply and f_min vs f_max, per LSU (journal eqs. 4-7).

An LSU of ``width`` bytes per cycle with index stride δ saturates its memory
when the kernel clock f_max reaches f_min = bw_dram · δ / width (eq. 5); then
its demand f_max · width / δ meets the supply bw_dram. Otherwise the kernel is
not memory-saturated (eq. 7) and the memory model alone under-estimates time.

The model publishes per-LSU facts in ``KernelEstimate.extra["lsu_facts"]``
(``f_min_mhz``, ``width_bytes``, ``stride``, ``saturated``) and the values it
used in ``extra["values"]`` (``fmax`` in MHz); demand and supply follow from
eq. 5 as above. Estimates that carry kernel-level figures instead
(``bw_demand_Bps``/``bw_supply_Bps``/``f_min_hz``/``f_max_hz``) are shown as
one row. Anything missing is shown as unknown, never guessed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

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
    demand_len: float = 0.0
    supply_len: float = 0.0


def _number(value: object) -> float | None:
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    return None


def _scaled_product(*factors: float | None) -> float | None:
    product = 1.0
    for factor in factors:
        if factor is None:
            return None
        product *= factor
    return product


def _lsu_rows(extra: dict[str, Any]) -> list[BandwidthRow]:
    facts = extra.get("lsu_facts")
    values = extra.get("values")
    if not isinstance(facts, dict) or not facts:
        return []
    fmax_mhz = _number(values.get("fmax")) if isinstance(values, dict) else None
    f_max_hz = None if fmax_mhz is None else fmax_mhz * 1e6
    rows = []
    for lsu_id, fact in facts.items():
        if not isinstance(fact, dict):
            continue
        f_min_mhz = _number(fact.get("f_min_mhz"))
        f_min_hz = None if f_min_mhz is None else f_min_mhz * 1e6
        width = _number(fact.get("width_bytes"))
        stride = _number(fact.get("stride"))
        per_cycle = None if width is None or stride is None or stride <= 0 else width / stride
        saturated = fact.get("saturated")
        rows.append(BandwidthRow(
            label=str(lsu_id),
            demand_bps=_scaled_product(f_max_hz, per_cycle),  # f_max * width / stride
            supply_bps=_scaled_product(f_min_hz, per_cycle),  # eq. 5 solved for bw_dram
            f_min_hz=f_min_hz,
            f_max_hz=f_max_hz,
            saturated=saturated if isinstance(saturated, bool) else None,
        ))
    return rows


_KERNEL_KEYS = {
    "demand": {"bw_demand_Bps": 1.0, "bw_demand_GBps": 1e9},
    "supply": {"bw_supply_Bps": 1.0, "bw_dram_Bps": 1.0, "bw_dram_GBps": 1e9},
    "f_min": {"f_min_hz": 1.0, "f_min_mhz": 1e6},
    "f_max": {"f_max_hz": 1.0, "f_max_mhz": 1e6},
}


def _kernel_row(extra: dict[str, Any]) -> BandwidthRow | None:
    found: dict[str, float | None] = {}
    for quantity, keys in _KERNEL_KEYS.items():
        found[quantity] = next(
            (value * scale for key, scale in keys.items() if (value := _number(extra.get(key))) is not None), None
        )
    if all(value is None for value in found.values()):
        return None
    f_min, f_max = found["f_min"], found["f_max"]
    return BandwidthRow("kernel", found["demand"], found["supply"], f_min, f_max,
                        None if f_min is None or f_max is None else f_max >= f_min)


def bandwidth_rows(estimate: KernelEstimate | None) -> list[BandwidthRow]:
    """Rows to chart; empty when the estimate carries no bandwidth facts."""
    if estimate is None:
        return []
    rows = _lsu_rows(estimate.extra)
    kernel_row = _kernel_row(estimate.extra)
    if kernel_row is not None:
        rows.insert(0, kernel_row)
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
