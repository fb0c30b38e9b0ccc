"""Vivado HLS / Vitis HLS synthesis-report front end.

Public API: :func:`read_report` (PATH -> :class:`~hlsight.core.model.Design`) and
the naming helpers of :mod:`hlsight.parsers.vivado.names`.
"""

from __future__ import annotations

from hlsight.parsers.vivado.reader import READER, read_report

__all__ = ["READER", "read_report"]
