"""What the design time becomes when place-and-route moves the clock.

An Intel report without a Quartus fit gives only the compiler's clock, on
Stratix 10 mostly its 480 MHz scheduling target. The journal (section 7.2)
names the placed clock as its main source of error on HBM2: 8 of its
applications miss the pre-synthesis fmax, MatrixMult by 55 %. The estimate
keeps the report's clock (no single derating is defensible: the corpus's
placed clocks scatter from 0.49x to 1.49x it) and puts beside it the design
time over the spread the corpus shows, so a number resting on a clock no one
has placed yet is never read as exact.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from hlsight.analyzer.estimate.evaluate import numeric, substitutions
from hlsight.analyzer.launches import LaunchEstimate
from hlsight.analyzer.results import ClockBand, KernelEstimate
from hlsight.analyzer.symbols import FMAX
from hlsight.core.model import Design, Vendor


@dataclass(frozen=True)
class PlacedClockSpread:
    """Placed fmax / report clock over a set of real designs."""

    low: float  # 10th percentile
    median: float
    high: float  # 90th percentile
    lowest: float
    highest: float
    designs: int
    source: str


#: ``benchmarks/placed_clock.py`` over ``../shared/corpus``: every aoc/oneAPI
#: report set with both the compiler's clock and the placed fmax, one ratio
#: per design (report sets of the same kernel sources count once).
INTEL_PLACED_CLOCK = PlacedClockSpread(
    low=0.61, median=0.92, high=1.25, lowest=0.49, highest=1.49, designs=22,
    source="placed fmax / report clock of the 22 aoc and oneAPI corpus designs that report both"
    " (aoc 19.4-21.2, oneAPI 2023-2024; Stratix 10 GX/MX, Arria 10; benchmarks/placed_clock.py)",
)


def uses_report_clock(design: Design) -> bool:
    """True when some kernel's clock is the compiler's, not a placed fmax."""
    return any(kernel.fmax_postfit_mhz is None and kernel.fmax_estimated_mhz is not None
               for kernel in design.kernels)


def clock_band(design: Design, estimate: KernelEstimate | None, given: Collection[str],
               launches: Sequence[LaunchEstimate] = (), launch_cost_s: float = 0.0,
               spread: PlacedClockSpread = INTEL_PLACED_CLOCK) -> ClockBand | None:
    """The design time at the spread's low, median and high clock, or
    ``None`` when the clock is placed or given (``fmax`` among the names
    ``given`` with ``--set`` or in a launch table), the design
    is not an Intel one (no placed-clock data for other flows), or the time
    is symbolic.

    With ``[[launch]]`` tables the design time is their sum, so the band is
    too: each launch's time at the scaled clock, times its ``repeat``, plus
    the board's ``launch_cost_s`` per launch (which no clock moves). The
    band of one launch beside the sum of several would read as a slower
    clock making the design faster."""
    if design.tool.vendor is not Vendor.INTEL or FMAX.name in given or not uses_report_clock(design):
        return None
    if estimate is None or estimate.seconds is None or estimate.symbolic is None:
        return None
    clock = estimate.values.get(FMAX.name)
    if clock is None:
        return None
    parts = [(estimate, 1, 0.0)] if not launches else \
        [(launch.estimate, launch.launch.repeat, launch_cost_s) for launch in launches]
    ratios = (spread.low, spread.median, spread.high)
    times: list[float] = []
    for ratio in ratios:
        total = 0.0
        for part, repeat, fixed_s in parts:
            seconds = _at_clock(part, ratio)
            if seconds is None:
                return None
            total += repeat * (seconds + fixed_s)
        times.append(total)
    at_low, at_median, at_high = times
    return ClockBand(clock_mhz=clock, ratios=ratios, seconds=(at_low, at_median, at_high),
                     designs=spread.designs, source=spread.source)


def _at_clock(estimate: KernelEstimate | None, ratio: float) -> float | None:
    """``estimate``'s time with its own clock scaled by ``ratio``."""
    if estimate is None or estimate.symbolic is None:
        return None
    values = at_clock_ratio(estimate.values, ratio)
    return None if values is None else numeric(estimate.symbolic, substitutions(values))


def at_clock_ratio(values: Mapping[str, float], ratio: float) -> dict[str, float] | None:
    """``values`` with their clock (``fmax``) scaled by ``ratio``, or ``None``
    without one: the values a band's time is evaluated at, here and per point
    of a ``whatif`` sweep (:mod:`hlsight.analyzer.whatif_band`), so the two
    agree."""
    clock = values.get(FMAX.name)
    return None if clock is None else {**values, FMAX.name: clock * ratio}
