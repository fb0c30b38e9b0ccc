"""Kernel sources embedded in the report (``fileJSON`` / ``json/file.json``).

16.1: ``[{"index":0,"path":..,"name":..,"content":..}]``; 17.1.1+: adds
``absName``/``has_active_debug_locs``. Escapes were already decoded by
:mod:`hlsight.parsers.intel.jsdata` (octal ``\\012`` -> newline).
"""

from __future__ import annotations

from typing import Any

from hlsight.core.model import SourceFile


def read_sources(files: Any) -> list[SourceFile]:
    out: list[SourceFile] = []
    for entry in files if isinstance(files, list) else []:
        if not isinstance(entry, dict):
            continue
        path = str(entry.get("path") or entry.get("absName") or entry.get("name") or "")
        if not path:
            continue
        content = entry.get("content")
        out.append(SourceFile(
            path=path,
            name=str(entry.get("name") or path.rsplit("/", 1)[-1]),
            content=content if isinstance(content, str) else None,
        ))
    return out
