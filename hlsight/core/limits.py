"""Guards shared by every reader against hostile or broken numbers and
structures (issue 16): values that no HLS tool writes are refused with one
clear message instead of surfacing later as a traceback (``OverflowError``,
``RecursionError``), a hang or a nonsense estimate.

Readers raise :class:`ImplausibleValue` where they turn text into a number;
:func:`reading` (wrapped around the read of one file) turns it, and the
Python errors a deeply nested or absurdly large input provokes, into an
:class:`InputError` naming that file.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hlsight.core.errors import InputError

#: Largest cycle count, trip count or size a report may hold: 2**63, the
#: widest counter a tool writes (far beyond any real design).
MAX_COUNT = 2**63

#: Deepest loop nest a design may have. Real designs nest loops a handful
#: deep; the limit keeps every recursive pass over the design (the analysis
#: copies the design, the reporters walk the tree) well inside Python's
#: recursion limit (each level costs the deep copy about six frames).
MAX_LOOP_NESTING = 100


#: What each ``lsu_top`` parameter the models read may be, from its meaning:
#: BURSTCOUNT_WIDTH is the width of an Avalon-MM ``burstcount`` port (the
#: Avalon spec allows 1 to 11 bits; 16 leaves room), the models compute
#: 2**(w-1) beats from it, so a width of 10,000,000 would never finish;
#: widths and alignments are bytes of a memory word (at most 4 KiB);
#: thread and latency counts are cycles/threads of one LSU; flags are 0 or 1.
RTL_PARAMETER_RANGES: dict[str, tuple[int, int]] = {
    "BURSTCOUNT_WIDTH": (1, 16),
    "MWIDTH_BYTES": (1, 4096),
    "WIDTH_BYTES": (1, 4096),
    "ALIGNMENT_BYTES": (1, 4096),
    "MAX_THREADS": (1, 2**20),
    "KERNEL_SIDE_MEM_LATENCY": (0, 2**20),
    "USE_WRITE_ACK": (0, 1),
    "USECACHING": (0, 1),
    "READ": (0, 1),
}


def rtl_parameter_problem(name: str, raw: str) -> str | None:
    """Why ``raw`` cannot be parameter ``name`` of an ``lsu_top``, or ``None``
    when it can (or is not a plain number the models would read)."""
    bounds = RTL_PARAMETER_RANGES.get(name)
    token = raw.strip().strip('"')
    if bounds is None or len(token) > 40:
        return None if bounds is None else f"{name} = {token[:20]}... is out of range {bounds[0]}..{bounds[1]}"
    try:
        value = int(token, 0)
    except ValueError:
        return None
    if not bounds[0] <= value <= bounds[1]:
        return f"{name} = {value} is out of range {bounds[0]}..{bounds[1]}"
    return None


#: Largest Vivado/Vitis report file (XML or rpt) read: 32 times the largest
#: of the corpus (0.5 MB). Reading holds the whole element tree: at worst
#: (15 MB of empty elements) about 34 bytes of memory per byte of XML, so
#: this keeps any run near 0.5 GB. Larger files are refused before a byte is
#: read (a 200 MB csynth.xml needed more than 4 GB and 10 minutes).
MAX_VIVADO_REPORT_BYTES = 16 * 2**20

#: Largest aoc/oneAPI report or RTL file read (report_data.js of a large
#: design runs to tens of MB).
MAX_INTEL_FILE_BYTES = 128 * 2**20

#: Most loops one report file may describe (the corpus's largest has 35):
#: each loop costs the analysis about 0.7 ms and a few KB, so this bounds a
#: run to seconds, whatever the file.
MAX_LOOPS = 10_000


def check_size(path: Path, limit: int, what: str) -> None:
    """Refuse ``path`` when it is larger than ``limit`` bytes, from its size
    on disk (nothing is read); unreadable files are left to the reader."""
    try:
        size = path.stat().st_size
    except OSError:
        return
    if size > limit:
        raise InputError(path, f"{what} is {size / 2**20:.0f} MiB, more than hlsight reads"
                         f" ({limit // 2**20} MiB)", expected="a report of a real design")


def check_loop_count(found: int, what: str) -> None:
    """:class:`ImplausibleValue` when ``found`` exceeds :data:`MAX_LOOPS`."""
    if found > MAX_LOOPS:
        raise ImplausibleValue(f"{what} describes more than {MAX_LOOPS:,} loops")


class ImplausibleValue(ValueError):
    """A value no HLS tool writes (an infinite clock period, a negative trip
    count, a 5,000-digit latency); the message says which and why."""


def finite(value: float, what: str) -> float:
    """``value`` when it is a finite number, else :class:`ImplausibleValue`."""
    if not math.isfinite(value):
        raise ImplausibleValue(f"{what} is {value!r}, not a finite number")
    return value


def positive(value: float, what: str) -> float:
    """A finite ``value`` > 0 (a clock period, a frequency)."""
    if finite(value, what) <= 0:
        raise ImplausibleValue(f"{what} is {value:g}, expected a positive number")
    return value


def count(value: int, what: str) -> int:
    """An integer count within ``0..MAX_COUNT``."""
    if not 0 <= value <= MAX_COUNT:
        raise ImplausibleValue(f"{what} {_short(value)} is out of range (0 to 2**63)")
    return value


def integer_text(token: str, what: str) -> int:
    """``int(token)`` for decimal text of a plausible length; a huge literal
    (Python refuses more than 4,300 digits with a ``ValueError`` that is not
    about the syntax) is reported as out of range."""
    digits = token.strip().lstrip("+-")
    if len(digits) > 19 and digits.isdigit():
        raise ImplausibleValue(f"{what} has {len(digits)} digits, out of range (at most 2**63)")
    return int(token)


def loop_nesting(loops: Iterable[Any]) -> int:
    """Depth of the deepest loop nest under ``loops`` (objects with a
    ``children`` list), found without recursion."""
    deepest = 0
    stack = [(loop, 1) for loop in loops]
    while stack:
        loop, depth = stack.pop()
        deepest = max(deepest, depth)
        if depth <= MAX_LOOP_NESTING:  # deeper is refused anyway: stop walking
            stack.extend((child, depth + 1) for child in loop.children)
    return deepest


def _short(value: int) -> str:
    text = str(value) if abs(value) < 10**30 else f"with {len(str(abs(value)))} digits"
    return text


@contextmanager
def reading(path: Path | str, expected: str | None = None) -> Iterator[None]:
    """Turn the errors hostile content provokes while reading ``path`` into
    one :class:`InputError` naming ``path``."""
    try:
        yield
    except ImplausibleValue as error:
        raise InputError(path, str(error), expected=expected) from None
    except RecursionError:
        raise InputError(path, "nested too deeply to read", expected=expected) from None
    except OverflowError:
        raise InputError(path, "a number is too large to read", expected=expected) from None
    except ValueError as error:
        if "integer string conversion" not in str(error):
            raise
        raise InputError(path, "an integer has more than 4,300 digits", expected=expected) from None
