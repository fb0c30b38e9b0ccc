"""Per-channel bus widths from aoc's Global memory view (``gmv``).

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
"""

from __future__ import annotations

import re
from typing import Any

from hlsight.parsers.intel.common import as_int, table_details

#: ``Channel <memory>[ _]Width (bits)``: the memory's own name, then the width list
_WIDTH_KEY = re.compile(r"^Channel (?P<memory>.+?)[ _]Width \(bits\)$")


def _widths(text: str) -> list[int] | None:
    """``"512, 512"`` -> ``[512, 512]``; ``None`` when any entry is not a
    positive number of bits (a layout this reader does not know)."""
    widths = [as_int(part.strip()) for part in text.split(",")]
    if not widths or any(width is None or width <= 0 for width in widths):
        return None
    return [width for width in widths if width is not None]


def read_channel_widths(gmv: Any) -> dict[str, list[int]]:
    """Global memory name -> the bus width in bits of each of its channels,
    for every top-level ``memsys`` node of the view that lists them. An
    absent document (reports before aoc 21, or a set without the view) gives
    ``{}``: the analyzer then keeps the memory profile's width."""
    if not isinstance(gmv, dict):
        return {}
    found: dict[str, list[int]] = {}
    for node in gmv.get("nodes") or []:
        if not isinstance(node, dict) or node.get("type") != "memsys":
            continue
        for key, value in table_details(node).items():
            match = _WIDTH_KEY.match(str(key))
            if match is None or not isinstance(value, str):
                continue
            widths = _widths(value)
            if widths is not None:
                found.setdefault(str(node.get("name") or match.group("memory")), widths)
    return found
