"""A sweep's times over the clock band, point by point.

``analyze`` prints, beside a number that rests on the report's unplaced
clock, the design time at the clocks real designs placed at
(:mod:`hlsight.analyzer.clock_band`). A sweep has a time per point, so it
has a band per point: each point's time at the band's low and high placed
clock, evaluated from the same expression at the same values as ``analyze
--set`` at that point computes its band (:func:`~hlsight.analyzer.clock_band.at_clock_ratio`).
The median (0.92x) is left out: a third column beside the report clock's
own time, which a sweep's table would read as one more measurement.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from hlsight.analyzer.clock_band import at_clock_ratio
from hlsight.analyzer.results import ClockBand
from hlsight.analyzer.whatif import Sweep, evaluate_grid

Column = np.ndarray[Any, np.dtype[np.float64]]


@dataclass(frozen=True)
class GridBand:
    """The clock band (``band``) and, per grid point, the time at its low
    (``seconds_low``: the slow end) and high placed clock."""

    band: ClockBand
    seconds_low: Column
    seconds_high: Column

    @property
    def ratios(self) -> tuple[float, float]:
        """Placed / report clock at the band's low and high end."""
        low, _median, high = self.band.ratios
        return low, high

    def columns(self) -> list[tuple[Column, float]]:
        """Each band column with the clock ratio its times are at."""
        low, high = self.ratios
        return [(self.seconds_low, low), (self.seconds_high, high)]

    @property
    def clocks_mhz(self) -> tuple[float, float]:
        """The band's low and high placed clock."""
        low, high = self.ratios
        return self.band.clock_mhz * low, self.band.clock_mhz * high


def grid_band(band: ClockBand | None, expr: Any, values: Mapping[str, float],
              sweeps: Sequence[Sweep]) -> GridBand | None:
    """Each point's time at the band's low and high clock, or ``None``
    without a band (a placed or given clock, a non-Intel design: analyze
    prints none) or without a clock among ``values`` to scale."""
    if band is None:
        return None
    low, _median, high = band.ratios
    at_low, at_high = at_clock_ratio(values, low), at_clock_ratio(values, high)
    if at_low is None or at_high is None:
        return None
    return GridBand(band, evaluate_grid(expr, at_low, sweeps)[1], evaluate_grid(expr, at_high, sweeps)[1])
