"""Cell and element values of Vivado/Vitis reports, with every spelling of
"unknown" mapped to ``None``.

Spellings seen in the corpus (``docs/vivado-report-formats.md`` §2.1, §3.2):
``?`` and ``-`` (rpt), ``undef`` (XML), ``<max>-1</max>`` and ``a ~ -1`` (XML
ranges with an unknown maximum), ``a ~ ?`` (rpt), plus ``N/A``.
"""

from __future__ import annotations

import re

from hlsight.core.limits import ImplausibleValue, count, finite, integer_text

UNKNOWN_TOKENS = frozenset({"?", "-", "", "undef", "n/a", "na", "none"})

_RANGE = re.compile(r"^\s*(?P<low>[^~]*?)\s*~\s*(?P<high>[^~]*?)\s*$")
#: Vitis 2025.x writes seconds as ``sec`` in the clock table too (``|ap_clk  |  1.00 sec|  2.340 ns|``)
_TIME = re.compile(r"^\s*(?P<value>-?[0-9.]+(?:[eE][-+]?\d+)?)\s*(?P<unit>ns|us|ms|sec|s)?\s*$")
_TIME_SCALE_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "sec": 1e9, "s": 1e9, None: 1.0}


#: The one negative number a tool writes in a count or cycle cell: Vivado's
#: "unknown" (``<max>-1</max>``, ``2 ~ -1``).
UNKNOWN_NEGATIVE = -1


def parse_int(text: str | None, what: str = "integer cell") -> int | None:
    """An integer cell; unknown spellings and ``-1`` give ``None``. Any other
    negative value is refused (:class:`ImplausibleValue` naming ``what``): no
    tool writes a latency of -5 cycles, and reading it as unknown moved the
    estimate without a word."""
    if text is None:
        return None
    token = text.strip()
    if token.lower() in UNKNOWN_TOKENS:
        return None
    try:
        value = integer_text(token, what)
    except ImplausibleValue:
        raise
    except ValueError:
        try:
            number = float(token)
        except ValueError:
            return None
        if number < 0 and number != UNKNOWN_NEGATIVE:
            raise _negative(what, token) from None
        value = int(finite(number, what))
    if value == UNKNOWN_NEGATIVE:
        return None
    if value < 0:
        raise _negative(what, token)
    return count(value, what)


def _negative(what: str, token: str) -> ImplausibleValue:
    return ImplausibleValue(f"{what} is {token}, negative (a count is 0 or more; only -1 means unknown)")


def parse_range(text: str | None, what: str = "range cell") -> tuple[int | None, int | None]:
    """``"8"`` -> (8, 8); ``"0 ~ 1080"`` -> (0, 1080); ``"1 ~ ?"``/``"2 ~ -1"`` ->
    (1, None); ``"?"``/``"undef"`` -> (None, None)."""
    if text is None:
        return None, None
    match = _RANGE.match(text)
    if match:
        return parse_int(match["low"], f"{what} (low end)"), parse_int(match["high"], f"{what} (high end)")
    value = parse_int(text, what)
    return value, value


def parse_float(text: str | None, what: str | None = None) -> float | None:
    """A clock cell such as ``8.00``, ``10.00 ns`` or ``7.300 ns``; the unit, if
    any, is converted to ns. A negative or infinite value is refused; so is
    text that is no number and no spelling of unknown when the cell is named
    (``what``, the clock fields): ``<TargetClockPeriod>abc`` read as unknown
    let the estimated clock time the design under the target's name. Resource
    cells (no ``what``) stay lenient."""
    if text is None:
        return None
    token = text.strip()
    label = what or "time"
    match = _TIME.match(text)
    if not match:
        if what is None or token.lower() in UNKNOWN_TOKENS:
            return None
        raise ImplausibleValue(f"{what} is {token[:40]!r}, not a time (a number, optionally with ns, us, ms, s or sec)")
    value = finite(float(match["value"]) * _TIME_SCALE_NS[match["unit"]], f"{label} {token!r}")
    if value < 0:
        raise ImplausibleValue(f"{label} {token!r} is negative")
    return value


def parse_period(text: str | None, what: str | None = None) -> float | None:
    """A clock period cell (see :func:`parse_float`). Vivado writes ``0.000``
    for a module without logic (vhls2018.2 ``Block_proc``): no estimate, so
    ``None``, never a division by zero; a negative period is refused."""
    value = parse_float(text, what)
    return None if value is None or value == 0 else value


def parse_version(text: str | None) -> tuple[int, ...]:
    """Dotted version as a tuple (``2022.2.2`` -> (2022, 2, 2)); never a float."""
    if not text:
        return ()
    parts: list[int] = []
    for piece in text.strip().split(" ")[0].split("."):
        if not piece.isdigit():
            break
        parts.append(int(piece))
    return tuple(parts)
