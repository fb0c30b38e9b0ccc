"""Headers an Intel report's embedded sources include but it does not embed,
read from ``--source-root``.

An aoc/i++ report embeds the files it compiled, often without the headers
they include (``sizes.h`` of a public i++ atax, whose bound ``N`` it
defines; Intel's ``HLS/hls.h``). The analysis says "its file includes
"sizes.h", not found here ... (--source-root DIR with it)"; this is what
makes that advice work: each such header found below the folder is added to
the design where the compiler found it, beside the file that includes it,
so the C/C++ front ends resolve the ``#include`` as on the build machine.
The files are read, never written; one too large or not UTF-8 is skipped.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path, PurePosixPath

from hlsight.commands.sources import find_below, find_by_name, path_parts, read_source_text, with_local_sources
from hlsight.core.model import Design, SourceFile, Vendor
from hlsight.parsers.csource.includes import includes
from hlsight.parsers.cxx.clang_frontend import STD_INCLUDE

#: the most headers added for one design (Intel's HLS/hls.h alone pulls in a dozen)
MAX_ADDED_HEADERS = 200


def _embeds(design: Design, name: str) -> bool:
    """Whether the report embeds a file whose path ends as ``name`` does."""
    wanted = path_parts(name)
    return any(path_parts(source.path)[-len(wanted):] == wanted for source in design.source_files
               if source.content is not None)


def _local_header(root: Path, name: str, includer: Path | None, quoted: bool) -> Path | None:
    """Where ``#include "name"`` / ``<name>`` is found on this machine:
    beside a local including file, else below ``root``. A quoted name by its
    trailing path or, failing that, its name alone (the repository's layout
    differs from the build machine's); an angled one only at its path below
    ``root`` (``<HLS/hls.h>`` in Intel's include folder), never by name, and
    never a C or C++ library header (``<stdio.h>`` is the system's, not a
    file of that name in the tree)."""
    if includer is not None and (includer.parent / name).is_file():
        return includer.parent / name
    if not quoted:
        if STD_INCLUDE.joinpath(*path_parts(name)).is_file():
            return None
        candidate = root.joinpath(*path_parts(name))
        return candidate if candidate.is_file() else None
    return find_below(root, name) or find_by_name(root, name)


def with_root_headers(design: Design, source_root: str | None) -> Design:
    """``design`` with the headers its embedded sources include that it does
    not embed and ``--source-root`` holds (by their path as included, else by
    their name), each at ``<the including file's folder>/<name as
    included>``; a header's own includes are looked for beside it first, as
    the compiler does. Unchanged without ``--source-root``, for a report that
    embeds nothing, and for a vendor other than Intel (a Vivado/Vitis report
    embeds no source: its files are read from the machine already)."""
    if source_root is None or design.tool.vendor is not Vendor.INTEL:
        return design
    root = Path(source_root)
    # (path in the design, the local file it was read from or None for an embedded one, its text)
    pending: list[tuple[str, Path | None, str]] = [
        (source.path, None, source.content) for source in design.source_files if source.content]
    if not pending:
        return design
    added: dict[str, SourceFile] = {}
    while pending and len(added) < MAX_ADDED_HEADERS:
        path, local, text = pending.pop()
        folder = PurePosixPath(path).parent
        for name, quoted in includes(text):
            target = str(folder / name)
            if target in added or _embeds(design, name):
                continue
            found = _local_header(root, name, local, quoted=quoted)
            content = read_source_text(found) if found is not None else None
            if found is None or content is None:
                continue
            added[target] = SourceFile(path=target, name=found.name, content=content)
            pending.append((target, found, content))
    if not added:
        return design
    return dataclasses.replace(design, source_files=[*design.source_files, *added.values()])


def with_local_files(design: Design, source_root: str | None) -> Design:
    """``design`` with what this machine adds to its report: the sources it
    names (:func:`~hlsight.commands.sources.with_local_sources`), then the
    headers its embedded sources include and it left out
    (:func:`with_root_headers`). What ``analyze`` and ``whatif`` read."""
    return with_root_headers(with_local_sources(design, source_root), source_root)
