"""Small value parsers shared by the aoc report modules."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from typing import Any

from hlsight.core.model import LSU, Kernel, Loop, SourceLocation

_INT = re.compile(r"^\s*(-?\d+)\s*$")
_FLOAT = re.compile(r"^\s*(-?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?)\s*$")
_BITS = re.compile(r"^\s*(\d+)\s*bits?\s*$")


def as_int(value: Any) -> int | None:
    """Integer from an int or a decimal string; ``None`` for n/a, TBD, ''."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() else None
    if isinstance(value, str):
        match = _INT.match(value)
        if match:
            return int(match.group(1))
        match = _FLOAT.match(value)
        if match and float(match.group(1)).is_integer():
            return int(float(match.group(1)))
    return None


def as_float(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, str):
        match = _FLOAT.match(value.replace(",", ""))
        if match:
            return float(match.group(1))
    return None


def width_bits(value: Any) -> int | None:
    """``"512 bits"`` / ``"1 bit"`` -> int."""
    if isinstance(value, str):
        match = _BITS.match(value)
        if match:
            return int(match.group(1))
    return None


def yes_no(value: Any) -> bool | None:
    if isinstance(value, str):
        lowered = value.strip().lower()
        if lowered == "yes":
            return True
        if lowered == "no":
            return False
    return None


def table_details(node: dict[str, Any]) -> dict[str, Any]:
    """The detail table of a node: a plain object (15.1/16.1) or the
    ``{"type":"table"}`` element of a list (17.1.1+)."""
    details = node.get("details")
    if isinstance(details, dict):
        return details
    if isinstance(details, list):
        for item in details:
            if isinstance(item, dict) and item.get("type") == "table":
                return item
    return {}


def _has_debug(node: dict[str, Any]) -> bool:
    debug = node.get("debug")
    return isinstance(debug, list) and bool(debug) and isinstance(debug[0], list) and bool(debug[0])


#: The SYCL runtime's own headers (``.../include/sycl/handler.hpp``): oneAPI
#: 2025 starts a kernel node's debug chain there (where the runtime calls the
#: kernel lambda) and names the user's line in the next entry.
_SYCL_RUNTIME_HEADER = re.compile(r"[/\\]include[/\\](?:sycl|CL)[/\\]")


def debug_entry(node: dict[str, Any]) -> dict[str, Any] | None:
    """The ``debug`` entry of a node (17.1.1+) that names its source: the
    first one, skipping the SYCL runtime headers a oneAPI 2025 chain starts
    with (``handler.hpp:1602 > kernel.cpp:42``) when a later entry names
    another file. An entry may name no file: i++ gives its
    component-invocation loop the "file" ``Component invocation`` and line 0."""
    if not _has_debug(node):
        return None
    chain = [entry for entry in node["debug"][0] if isinstance(entry, dict)]
    if not chain:
        return None
    return next((entry for entry in chain
                 if not _SYCL_RUNTIME_HEADER.search(str(entry.get("filename") or ""))), chain[0])


def debug_location(node: dict[str, Any], file_index: dict[str, str] | None = None) -> SourceLocation | None:
    """Source location of a node.

    17.1.1+: ``"debug":[[{"filename":..., "line":N}]]`` (empty filename or
    line 0 means no debug info, ``-g0``). 15.1/16.1: ``"file":"1"`` indexes
    ``fileIndexMap`` and ``"line"`` is a string.
    """
    if _has_debug(node):
        entry = debug_entry(node)
        if entry is not None:
            filename = entry.get("filename") or ""
            line = as_int(entry.get("line"))
            if filename and line and filename != "Unknown location":
                return SourceLocation(str(filename), line)
        return None
    if file_index is not None:
        path = file_index.get(str(node.get("file", "")))
        line = as_int(node.get("line"))
        if path and line:
            return SourceLocation(path, line)
    return None


#: the report nodes of a kernel: aoc/oneAPI kernels, i++ components
KERNEL_NODE_TYPES = frozenset({"kernel", "component"})


def unify_file_names(kernels: Iterable[Kernel]) -> None:
    """A location that names its file bare (``fpga_template.cpp``) where the
    report names the same file by its full path elsewhere takes that path:
    a oneAPI 2025 ``loops.ndjson`` gives a fully unrolled loop's row the
    bare name, every other row the path, and the two read as two sources
    (a public Dijkstra's 54 LSUs went unmatched to their kernel). A bare
    name two full paths end in is left as it is."""
    kernels = list(kernels)
    items: list[LSU | Loop] = [*(lsu for kernel in kernels for lsu in kernel.lsus),
                               *(loop for kernel in kernels for loop in kernel.all_loops())]
    full: dict[str, set[str]] = {}
    for item in items:
        if item.location is not None:
            name = item.location.file.replace("\\", "/").rsplit("/", 1)[-1]
            if name != item.location.file:
                full.setdefault(name, set()).add(item.location.file)
    for item in items:
        paths = full.get(item.location.file) if item.location is not None else None
        if item.location is not None and paths is not None and len(paths) == 1:
            item.location = dataclasses.replace(item.location, file=next(iter(paths)))
