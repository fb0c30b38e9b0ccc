"""Kernel vectorization from the area report (``area_src.json`` / ``area.json``).

NDRange kernels with ``num_simd_work_items(N)`` say so only in the area
report: the kernel's ``"type":"function"`` node carries details text
``"1 compute unit.\\nAchieved kernel vectorization: 16"`` (17.1.1-19.4, 134
sets of the corpus). summary.json's "vectorized for N SIMD work-items" text
(18.1 Std) is read by :mod:`hlsight.parsers.intel.summary`.

aoc 16.x writes the area data differently: kernels are the entries of a
top-level ``functions`` list (no ``type``) and ``details`` is a list of plain
strings (``"Achieved kernel vectorization: 4"``).
"""

from __future__ import annotations

import re
from typing import Any

_VECTORIZATION = re.compile(r"Achieved kernel vectorization:\s*(\d+)")


def _texts(node: dict[str, Any]) -> str:
    details = node.get("details")
    if not isinstance(details, list):
        return ""
    return "\n".join(str(item.get("text", "")) if isinstance(item, dict) else str(item)
                     for item in details if isinstance(item, (dict, str)))


def read_vectorization(area: Any) -> list[tuple[str, int]]:
    """``(kernel name, achieved vectorization)`` for every kernel node, in order."""
    out: list[tuple[str, int]] = []
    stack: list[tuple[dict[str, Any], bool]] = [(area, False)] if isinstance(area, dict) else []
    while stack:
        node, is_kernel = stack.pop()
        if is_kernel or node.get("type") == "function":
            match = _VECTORIZATION.search(_texts(node))
            if match:
                out.append((str(node.get("name")), int(match.group(1))))
            continue
        nested: list[tuple[dict[str, Any], bool]] = []
        for key, kernels in (("children", False), ("functions", True)):  # 16.x: "functions"
            items = node.get(key)
            if isinstance(items, list):
                nested.extend((child, kernels) for child in items if isinstance(child, dict))
        stack.extend(reversed(nested))
    return out
