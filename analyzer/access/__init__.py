"""Source-level access analysis: stride, element size and execution count per LSU.

Recovers from the kernel source what the memory model (Davila-Guzman journal,
Table 2 "Code" inputs: delta, ls_acc, ls_bytes) would otherwise need typed
in: :func:`derive_access_facts` returns them for a parsed design (which it
does not change) and explains every number; :func:`static_trip_count` gives HLS C loop trip counts
as sympy expressions of the function arguments.

The names below are loaded on first use (PEP 562): the HLScope+
instrumenter imports :mod:`hlsight.analyzer.access.trip_counts` from this
package, and the symbol checks :func:`access_free_symbols`; neither must pay
for the access analysis (walker, classification, LSU matching) it does not run.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hlsight.analyzer.access.c_symbols import WORK_ITEMS, access_free_symbols, parse_expression
    from hlsight.analyzer.access.derive import derive_access_facts

__all__ = ["WORK_ITEMS", "access_free_symbols", "derive_access_facts", "parse_expression"]

_HOMES = {
    "WORK_ITEMS": "hlsight.analyzer.access.c_symbols",
    "parse_expression": "hlsight.analyzer.access.c_symbols",
    "access_free_symbols": "hlsight.analyzer.access.c_symbols",
    "derive_access_facts": "hlsight.analyzer.access.derive",
}


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
