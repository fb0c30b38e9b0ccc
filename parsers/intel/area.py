"""Kernel vectorization from the area report (``area_src.json`` / ``area.json``).

NDRange kernels with ``num_simd_work_items(N)`` say so only in the area
report: the kernel's ``"type":"function"`` node carries details text
``"1 compute unit.\\nAchieved kernel vectorization: 16"`` (17.1.1-19.4, 134
sets of the corpus). summary.json's "vectorized for N SIMD work-items" text
(18.1 Std) is read by :mod:`hlsight.parsers.intel.summary`.
"""

from __future__ import annotations

import re
from typing import Any

_VECTORIZATION = re.compile(r"Achieved kernel vectorization:\s*(\d+)")


def _texts(node: dict[str, Any]) -> str:
    details = node.get("details")
    if not isinstance(details, list):
        return ""
    return "\n".join(str(item.get("text", "")) for item in details if isinstance(item, dict))


def read_vectorization(area: Any) -> list[tuple[str, int]]:
    """``(kernel name, achieved vectorization)`` for every kernel node, in order."""
    out: list[tuple[str, int]] = []
    stack = [area] if isinstance(area, dict) else []
    while stack:
        node = stack.pop()
        if node.get("type") == "function":
            match = _VECTORIZATION.search(_texts(node))
            if match:
                out.append((str(node.get("name")), int(match.group(1))))
            continue
        children = node.get("children")
        if isinstance(children, list):
            stack.extend(reversed([child for child in children if isinstance(child, dict)]))
    return out
