"""Per-kernel facts from ``summary.json``: kernel type, compute units,
work-group size, SIMD, autorun, and the cached-LSU compile warnings.

17.1.1 reports type cached LSUs as plain ``Burst-coalesced`` in mav; the
cache only shows in ``compileWarnings`` ("Load uses a Burst-coalesced cached
LSU", with file:line) — :func:`cached_lsu_locations` returns those places so
the reader can flag the LSUs at the same source line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from hlsight.core.model import KernelKind, ResourceUse, SourceLocation
from hlsight.parsers.intel.common import as_float, as_int, debug_location

_SIMD = re.compile(r"vectorized for (\d+) SIMD", re.IGNORECASE)
_CACHED_WARNING = re.compile(r"^(Load|Store) uses a .*\bcached LSU$")
_CACHE_SIZE = re.compile(r"\bprivate (\d+) kilobit cache\b")


@dataclass(frozen=True)
class KernelSummary:
    kind: KernelKind = KernelKind.UNKNOWN
    autorun: bool | None = None
    workgroup_size: str | None = None
    compute_units: int | None = None
    simd: int | None = None
    location: SourceLocation | None = None
    #: the mangled name (oneAPI 2024+ ``compiler_name``): the report's own
    #: name of a function-template kernel is only the tail of its demangling
    compiler_name: str | None = None


def _kind(text: str) -> KernelKind:
    lowered = text.lower()
    if "ndrange" in lowered:
        return KernelKind.NDRANGE
    if "single work-item" in lowered or "task" in lowered:
        return KernelKind.SINGLE_WORK_ITEM
    return KernelKind.UNKNOWN


def _texts(row: dict[str, Any]) -> list[str]:
    return [str(item.get("text", "")) for item in row.get("details") or [] if isinstance(item, dict)]


def read_kernel_summaries(summary: Any) -> list[tuple[str, KernelSummary]]:
    """``(kernel name, facts)`` in report order (names may repeat in SYCL)."""
    if not isinstance(summary, dict):
        return []
    table = summary.get("performanceSummary")
    if not isinstance(table, dict):
        return []
    columns = [str(c) for c in table.get("columns") or []]
    out: list[tuple[str, KernelSummary]] = []
    for row in table.get("children") or []:
        if not isinstance(row, dict):
            continue
        values = dict(zip(columns[1:], row.get("data") or [], strict=False))
        size = values.get("Workgroup Size")
        simd = None
        for text in _texts(row):
            match = _SIMD.search(text)
            if match:
                simd = int(match.group(1))
        autorun = values.get("Autorun")
        out.append((str(row.get("name")), KernelSummary(
            kind=_kind(str(values.get("Kernel Type", ""))),
            autorun=None if autorun is None else str(autorun).lower() == "yes",
            workgroup_size=None if size is None else (
                "x".join(str(v) for v in size) if isinstance(size, list) else str(size)),
            compute_units=as_int(values.get("# Compute Units")),
            simd=simd,
            location=debug_location(row),
            compiler_name=str(row["compiler_name"]) if isinstance(row.get("compiler_name"), str) else None,
        )))
    return out


def read_function_signatures(summary: Any) -> dict[str, str]:
    """i++ ``functionNameMapping`` (19.x): each component or task function by
    the name the report gives it -> the function as the compiler built it,
    a template's specialization with its arguments (``void vxReadDram<unsigned
    char, ..., (unsigned short)3840, (unsigned short)2160, 8u>(...)``). Two
    tasks of one template get names of their own (``vxWriteDram_1``)."""
    if not isinstance(summary, dict):
        return {}
    table = summary.get("functionNameMapping")
    if not isinstance(table, dict):
        return {}
    out: dict[str, str] = {}
    for row in table.get("children") or []:
        if not isinstance(row, dict):
            continue
        mapped = row.get("data")
        name = mapped[0] if isinstance(mapped, list) and mapped else None
        if isinstance(name, str) and isinstance(row.get("name"), str):
            out[name] = row["name"]
    return out


@dataclass(frozen=True)
class CachedLsuWarning:
    """One "Load uses a Burst-coalesced cached LSU" compile warning: the kind,
    the place and the cache's size ("Load with a private 512 kilobit cache")."""

    kind: str  # "Load" | "Store"
    location: SourceLocation
    cache_bits: int | None


def cached_lsu_locations(summary: Any) -> list[CachedLsuWarning]:
    """Every "uses a ... cached LSU" warning, with its cache size when the details give it."""
    if not isinstance(summary, dict):
        return []
    warnings = summary.get("compileWarnings")
    if not isinstance(warnings, dict):
        return []
    out: list[CachedLsuWarning] = []
    for row in warnings.get("children") or []:
        if not isinstance(row, dict):
            continue
        match = _CACHED_WARNING.match(str(row.get("name", "")))
        location = debug_location(row)
        if match and location is not None:
            parts = row.get("details")
            details = " ".join(str(part.get("text", "")) for part in (parts if isinstance(parts, list) else [])
                               if isinstance(part, dict))
            size = _CACHE_SIZE.search(details)
            out.append(CachedLsuWarning(match.group(1), location, int(size.group(1)) * 1024 if size else None))
    return out


def has_pipe_resources(summary: Any) -> bool:
    """The "Estimated Resource Usage" table's "Pipe resources" row uses any
    resource: the design has pipes between its kernels (or to the host)."""
    table = summary.get("estimatedResources") if isinstance(summary, dict) else None
    rows = table.get("children") or [] if isinstance(table, dict) else []
    for row in rows:
        if isinstance(row, dict) and str(row.get("name", "")).strip().lower() == "pipe resources":
            return any((as_float(value) or 0.0) > 0 for value in row.get("data") or [])
    return False


def read_kernel_resources(summary: Any) -> list[tuple[str, list[ResourceUse]]]:
    """``(kernel, resources)`` from the "Estimated Resource Usage" table
    (``estimatedResources``: ALUTs, FFs, RAMs, DSPs, MLABs...), with the
    device totals of its ``Available`` row; summary rows (Total, Kernel
    Subtotal, Pipe resources...) are skipped."""
    table = summary.get("estimatedResources") if isinstance(summary, dict) else None
    if not isinstance(table, dict):
        return []
    names = [" ".join(str(column).split()) for column in (table.get("columns") or [])[1:]]
    rows = [row for row in table.get("children") or [] if isinstance(row, dict)]
    available: list[Any] = next((list(row.get("data") or []) for row in rows if row.get("name") == "Available"), [])
    out: list[tuple[str, list[ResourceUse]]] = []
    for row in rows:
        if row.get("classes") or row.get("name") in ("Total", "Available"):
            continue
        data = list(row.get("data") or [])
        resources = []
        for index, name in enumerate(names):
            used = as_float(data[index]) if index < len(data) else None
            if used is None:
                continue
            total = as_float(available[index]) if index < len(available) else None
            resources.append(ResourceUse(name, used, total))
        out.append((str(row.get("name")), resources))
    return out
