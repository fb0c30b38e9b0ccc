"""Per-channel bus widths and the BSP's bandwidth from aoc's Global memory view (``gmv``).

aoc 21.x and oneAPI 2021.4+ reports (``json/gmv.json``, ``var gmvJSON`` in
``viewer_data.js``, or ``gmv.ndjson``) describe each global memory system as
a top-level ``memsys`` node whose detail table lists the width of the
kernel-side bus to each of its channels, one entry per channel::

    {"name": "DDR", "type": "memsys", "details": [{"type": "table",
     "Channels": "4 channels", "Channel DDR_Width (bits)": "512, 512, 512, 512"}]}

The key carries the memory's name, spelled three ways in the corpus:
``Channel DDR_Width (bits)`` (aoc 21.2, 520N), ``Channel DDR Width (bits)``
(oneAPI 2021.4 S10 GX, 2022.1 PAC A10) and ``Channel HBM0 Width (bits)``
(oneAPI 2023.0 Stratix 10 MX, one node per pseudo-channel). The view is the
compiler's record of this very build, so the analyzer prefers these widths
to the memory profile's board default (docs/model.md decision 47).

The same table gives "Maximum bandwidth the BSP can deliver" ("34133.00
MB/s<br><small>..."): the board_spec.xml ``max_bandwidth`` of the BSP the
build used, over all of the memory's channels. Divided by the channels it is
the data rate the BSP drives each channel at, which the analyzer also prefers
to the profile's (decision 48).

Its store nodes say whether each global store waits for its write
acknowledgement (``"Uses Write Ack": "Yes"``, oneAPI 2023+), which the mav's
LSU type no longer spells ("Burst-coalesced" where aoc wrote
"Burst-coalesced write-ack"): a public oneAPI 2023.1 histogram's scatter
store was timed as a plain aligned one.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from typing import Any

from hlsight.core.model import path_name
from hlsight.parsers.intel.common import as_float, as_int, debug_location, table_details

#: ``Channel <memory>[ _]Width (bits)``: the memory's own name, then the width list
_WIDTH_KEY = re.compile(r"^Channel (?P<memory>.+?)[ _]Width \(bits\)$")
_BSP_BANDWIDTH_KEY = "Maximum bandwidth the BSP can deliver"
#: ``"34133.00 MB/s<br><small>...``: the figure and its unit, before the note
_MBS = re.compile(r"^\s*(?P<value>[0-9][0-9,]*(?:\.[0-9]+)?)\s*MB/s")


def _widths(text: str) -> list[int] | None:
    """``"512, 512"`` -> ``[512, 512]``; ``None`` when any entry is not a
    positive number of bits (a layout this reader does not know)."""
    widths = [as_int(part.strip()) for part in text.split(",")]
    if not widths or any(width is None or width <= 0 for width in widths):
        return None
    return [width for width in widths if width is not None]


def _memsys_tables(gmv: Any) -> Iterator[tuple[str | None, dict[str, Any]]]:
    """(name, detail table) of every top-level ``memsys`` node of the view;
    nothing for an absent document (reports before aoc 21)."""
    if not isinstance(gmv, dict):
        return
    for node in gmv.get("nodes") or []:
        if isinstance(node, dict) and node.get("type") == "memsys":
            name = node.get("name")
            yield (str(name) if name else None), table_details(node)


def read_channel_widths(gmv: Any) -> dict[str, list[int]]:
    """Global memory name -> the bus width in bits of each of its channels,
    for every top-level ``memsys`` node of the view that lists them. An
    absent document (reports before aoc 21, or a set without the view) gives
    ``{}``: the analyzer then keeps the memory profile's width."""
    found: dict[str, list[int]] = {}
    for name, table in _memsys_tables(gmv):
        for key, value in table.items():
            match = _WIDTH_KEY.match(str(key))
            if match is None or not isinstance(value, str):
                continue
            widths = _widths(value)
            if widths is not None:
                found.setdefault(name or match.group("memory"), widths)
    return found


def read_bsp_bandwidths(gmv: Any) -> dict[str, float]:
    """Global memory name -> "Maximum bandwidth the BSP can deliver" in MB/s
    (all of its channels together), for every named top-level ``memsys``
    node that gives a positive finite figure in MB/s. Other units or shapes are
    left out (``{}`` before aoc 21): the analyzer then keeps the profile's
    data rate."""
    found: dict[str, float] = {}
    for name, table in _memsys_tables(gmv):
        text = table.get(_BSP_BANDWIDTH_KEY)
        match = _MBS.match(text) if name and isinstance(text, str) else None
        value = as_float(match.group("value")) if match else None
        if name and value is not None and math.isfinite(value) and value > 0:
            found.setdefault(name, value)
    return found


def read_write_acks(gmv: Any) -> dict[tuple[str, int], set[bool]]:
    """(source file name, line) -> what the view says of the global stores
    there (``{True}``: each waits for its write acknowledgement; both values
    when stores of one line differ). Not by kernel: oneAPI names its lambda
    kernels ``'lambda'()`` in the view, not as the mav does, and one line's
    stores in several kernels (an instantiated template) are the same code."""
    found: dict[tuple[str, int], set[bool]] = {}
    pending = list(gmv.get("nodes") or []) if isinstance(gmv, dict) else []
    while pending:
        node = pending.pop()
        if not isinstance(node, dict):
            continue
        pending.extend(node.get("children") or [])
        table = table_details(node)
        acknowledged = table.get("Uses Write Ack")
        place = debug_location(node) if acknowledged in ("Yes", "No") else None
        if place is None:
            continue
        found.setdefault(store_place(place.file, place.line), set()).add(acknowledged == "Yes")
    return found


def store_place(file: str, line: int) -> tuple[str, int]:
    """The key :func:`read_write_acks` files a store under: its file's name
    and its line. The name is split on ``\\`` too: a report compiled on
    Windows spells its paths that way, which ``Path(...).name`` on Linux
    does not split."""
    return path_name(file), line
