"""Vivado HLS / Vitis HLS synthesis-report front end.

Public API: :func:`read_report` (PATH -> :class:`~hlsight.core.model.Design`) and
the naming helpers of :mod:`hlsight.parsers.vivado.names`.

The reader is loaded on first use (PEP 562): the source analysis of an
aoc/oneAPI design imports :mod:`hlsight.parsers.vivado.names` from this
package and must not pay for the whole Vivado reader (XML, rpt tables,
pragmas) it does not run.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hlsight.parsers.vivado.reader import READER, read_report

__all__ = ["READER", "read_report"]


def __getattr__(name: str) -> object:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module("hlsight.parsers.vivado.reader"), name)
