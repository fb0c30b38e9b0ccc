"""Readable numbers with units, and durations typed with units.

One place for the formatting every layer prints (hints in the analyzer, the
reporters, what-if), so ``T_ovh`` reads ``0 s`` or ``1.58 ns`` rather than
``0 ms``/``1.58e-06 ms`` and the same f_min is printed alike everywhere.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal

from hlsight.core.errors import InputError

#: SI time units a user may type after a number (``10ms``, ``2.5 us``, ``1e-3s``).
TIME_UNITS: dict[str, float] = {"s": 1.0, "ms": 1e-3, "us": 1e-6, "µs": 1e-6, "ns": 1e-9, "min": 60.0, "h": 3600.0}
_DURATION = re.compile(r"^\s*([-+]?[0-9.]+(?:[eE][-+]?[0-9]+)?)\s*([a-zµ]*)\s*$")


def _significant(value: float, digits: int) -> float:
    """``value`` to ``digits`` significant digits, a half rounded up, read
    from its shortest decimal form: 63 cycles at 240 MHz is 262.5 ns, which
    ``analyze`` printed as 262 ns (its float a hair below the half) and
    ``whatif`` as 263 ns (a hair above)."""
    if value == 0 or not math.isfinite(value):
        return value
    exact = Decimal(repr(value))
    step = Decimal(1).scaleb(exact.adjusted() - digits + 1)
    return float(exact.quantize(step, rounding=ROUND_HALF_UP))


def format_seconds(seconds: float | None, digits: int = 3) -> str:
    """Engineering-style time: ``12.3 ms``, ``850 us``, ``1.20 s``; ``?`` for
    unknown; ``digits`` significant digits (more tell neighbouring values apart)."""
    if seconds is None or math.isnan(seconds):
        return "?"
    if seconds == 0:
        return "0 s"
    # the unit of the rounded value: 999.9996 us is "1 ms", not "1e+03 us"
    rounded = _significant(seconds, digits)
    magnitude = abs(rounded)
    if 1e3 <= magnitude < 1e6:  # "1,500 s", not "1.5e+03 s" (whatif's "within 1e+03 s")
        text = f"{rounded:,.{max(0, digits - len(str(int(magnitude))))}f}"
        return (text.rstrip("0").rstrip(".") if "." in text else text) + " s"
    for scale, unit in ((1.0, "s"), (1e-3, "ms"), (1e-6, "us"), (1e-9, "ns"), (1e-12, "ps")):
        if magnitude >= scale:
            return f"{_significant(rounded / scale, digits):.{digits}g} {unit}"
    return f"{rounded:.{digits}g} s"


def format_amount(value: float) -> str:
    """A resource count as reports give it: whole with thousands separators
    (``12,288``), one decimal where the report has a fraction (aoc's DSPs
    ``4,220.5``)."""
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.1f}"


def format_mhz(mhz: float | None) -> str:
    """A clock in MHz with 4 significant digits, whole MHz from 1000 up
    (``286 MHz``, ``264.8 MHz``, ``11795 MHz`` -- not ``1.18e+04``)."""
    if mhz is None:
        return "?"
    return f"{mhz:.0f} MHz" if abs(mhz) >= 1000 else f"{mhz:.4g} MHz"


def parse_duration(text: str, what: str = "--for-time") -> float:
    """Seconds from ``10ms``, ``2.5 us``, ``0.01`` (bare numbers are seconds)."""
    match = _DURATION.match(text)
    unit = "s" if match is None or not match.group(2) else match.group(2)
    if match is None or unit not in TIME_UNITS:
        raise InputError(None, f"{what} '{text}'", expected="a duration such as 10ms, 250us, 1.5s or 0.01 (seconds)")
    try:
        value = float(match.group(1)) * TIME_UNITS[unit]
    except ValueError:  # "1.2.3ms": the pattern lets dots through
        raise InputError(None, f"{what} '{text}'",
                         expected="a duration such as 10ms, 250us, 1.5s or 0.01 (seconds)") from None
    if not math.isfinite(value):
        raise InputError(None, f"{what} '{text}'", expected="a finite duration such as 10ms")
    if value <= 0:
        # said as such: "-1ms" read as "not a duration" left the user guessing what was wrong
        raise InputError(None, f"{what} '{text}': the target time must be positive",
                         expected="a positive duration such as 10ms, 250us or 1.5s")
    return value


#: Names listed in one summary line before "and N more" (``-v`` lists all).
NAMES_SHOWN = 5


def name_list(names: Sequence[str], limit: int | None = NAMES_SHOWN) -> str:
    """``a, b, c`` or, past ``limit``, ``a, b, c, d, e and 18 more``: a design
    with 37 kernels has dozens of free symbols, a line of 1,500 characters."""
    if limit is None or len(names) <= limit:
        return ", ".join(names)
    return f"{', '.join(names[:limit])} and {len(names) - limit} more"


def cycle_count(count: float) -> str:
    """``1 cycle``, ``0 cycles``, ``112,074 cycles`` (whole numbers, as reports give them)."""
    return f"{count:,.0f} {'cycle' if round(count) == 1 else 'cycles'}"


def count_range(low: int | None, high: int | None, collapse: bool = False) -> str:
    """A report's range of cycles or iterations, ``358,786 ~ 606,450``, an
    unknown end ``?``; ``collapse``: one number where the ends agree."""
    if collapse and low == high:
        return _count(low)
    return f"{_count(low)} ~ {_count(high)}"


def _count(value: int | None) -> str:
    return "?" if value is None else f"{value:,}"


def format_value(value: float) -> str:
    """A user-given value as typed: ``32768000`` rather than ``3.2768e+07``."""
    if float(value).is_integer() and abs(value) < 1e15:
        return str(int(value))
    return f"{value:.6g}"
