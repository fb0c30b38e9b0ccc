"""Vendor headers included by the absolute path of the build machine.

Some HLS sources include the tool's headers by where they were installed
(``#include "/home/<user>/Xilinx/Vivado/2019.1/include/ap_int.h"``, a
public 2019.1 track fit's ``LRutility.h``). On any other machine clang stops
at that line ("file not found") and nothing of the source is analysed. The
path names a file of the HLS include folder (the part after its
``/include/``); when that file is in the folder hlsight compiles against,
the include reads it, and a warning says so: the headers are the ones in use
(the user's ``--hls-include``, ``$XILINX_HLS`` or hlsight's model), not
necessarily the version the path names.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

#: ``#include "x"`` or ``#include <x>``
_INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*([<"])([^">\n]+)[">]', re.MULTILINE)
#: how many of the user's headers are read looking for such includes
_MAX_HEADERS = 64
#: ``C:/Xilinx/...`` or ``C:\\Xilinx\\...``: a Windows build machine's path
_WINDOWS = re.compile(r"^[A-Za-z]:[\\/]")
RULE = "hls-vendor-path"
#: a path into an HLS tool's installation (``.../Xilinx/Vivado/2019.1/include/...``, ``.../SDSoC/...``)
_VENDOR_TREE = re.compile(r"[\\/](?:Xilinx|Vivado(?:_HLS)?|Vitis(?:_HLS)?|SDSoC|SDx)[\\/]", re.IGNORECASE)
CASE_RULE = "source-include-case"


@dataclass
class VendorPaths:
    """Absolute includes of vendor headers missing here, mapped to this machine's."""

    #: the missing absolute path -> the text that includes this machine's header instead
    unsaved: dict[str, str] = field(default_factory=dict)
    #: (line of the main file, rule, message) per replaced include
    warnings: list[tuple[int, str, str]] = field(default_factory=list)
    #: every name included (through the user's headers), by the line of the main file that led to it
    included_at: dict[str, int] = field(default_factory=dict)


def vendor_paths(path: Path, text: str, folders: Sequence[Path], headers: Path, origin: str) -> VendorPaths:
    """Scan ``path`` (``text``) and the user headers it includes from
    ``folders`` for absolute includes of files that are not here but are
    in ``headers``."""
    found = VendorPaths()
    pending: list[tuple[Path, str, int | None]] = [(path, text, None)]
    seen = {path.resolve()}

    def scan(header: Path, at: int) -> None:
        """Read ``header`` for its own includes, once."""
        if header.resolve() in seen:
            return
        seen.add(header.resolve())
        with contextlib.suppress(OSError):  # an unreadable header: clang will say so
            pending.append((header, header.read_text(encoding="utf-8", errors="replace"), at))
    while pending and len(seen) <= _MAX_HEADERS:
        current, content, root_line = pending.pop()
        for match in _INCLUDE.finditer(content):
            line = content.count("\n", 0, match.start()) + 1
            named = match.group(2).strip()
            at = root_line if root_line is not None else line
            found.included_at.setdefault(named, at)
            if named.startswith("/"):
                _replace(found, named, named, headers, origin, current, line, at, path)
                continue
            if _WINDOWS.match(named):  # clang here reads a relative path: of the includer's folder, or the first -I
                base = current.parent if match.group(1) == '"' else (folders[0] if folders else current.parent)
                _replace(found, named, str(base / named), headers, origin, current, line, at, path)
                continue
            if match.group(1) != '"':
                continue
            for folder in [current.parent, *folders]:
                candidate = folder / named
                if candidate.is_file():
                    if not _inside(candidate, headers):
                        scan(candidate, at)
                    break
            else:
                other = _other_case(current.parent, named)
                if other is not None:
                    key = str(current.parent / named)
                    found.unsaved.setdefault(key, f'#include "{other}"\n')
                    where = "" if current == path else f"{current.name}:{line} "
                    found.warnings.append((at, CASE_RULE, f"{where}includes {named}, which is not here; {other.name}"
                                                          " is (written where file names ignore case): read instead"))
                    scan(other, at)
    return found


def _other_case(folder: Path, named: str) -> Path | None:
    """The one file of ``folder`` whose name is ``named`` but for its
    letters' case (a project built on Windows: ``#include "graph.h"`` beside
    ``Graph.h``, public Vitis 2023.1 graph design); ``None`` for none or
    several."""
    target = Path(named)
    if target.parent != Path(".") or not folder.is_dir():
        return None
    try:
        matches = [entry for entry in folder.iterdir() if entry.name.lower() == target.name.lower() and entry.is_file()]
    except OSError:
        return None
    return matches[0] if len(matches) == 1 else None


def _replace(found: VendorPaths, named: str, key: str, headers: Path, origin: str, current: Path, line: int,
             at: int, main: Path) -> None:
    """Map ``key`` (where clang looks for ``named``) to the file of
    ``headers`` after the path's last ``include`` folder."""
    if key in found.unsaved or Path(key).exists():
        return
    parts = tuple(part for part in re.split(r"[\\/]+", named) if part)
    if "include" not in parts:
        return
    inside = parts[len(parts) - 1 - parts[::-1].index("include") + 1:]
    if not inside or any(part in (".", "..") for part in inside):
        return  # a file of the headers' folder, never one outside it
    local = headers.joinpath(*inside)
    where = "" if current == main else f"{current.name}:{line} "
    if not local.is_file():
        if not _VENDOR_TREE.search(named):
            return
        # a header of the tool's installation that the headers in use do not have (a public 2019.1
        # Cholesky includes .../SDSoC/Vivado/2019.1/include/gmp.h and uses none of it): read as an
        # empty file, said; a name the source then uses from it is an error that names it
        found.unsaved[key] = "/* hlsight: empty stand-in for a vendor header not on this machine */\n"
        found.warnings.append((at, RULE, f"{where}includes {named}, which is not on this machine nor among the"
                                         f" HLS headers in use ({origin}: {headers}): read as an empty file"))
        return
    found.unsaved[key] = f'#include "{local}"\n'
    found.warnings.append((at, RULE, f"{where}includes {named}, which is not on this machine: read as"
                                     f" {'/'.join(inside)} of the HLS headers in use ({origin}: {headers})"))


def _inside(path: Path, folder: Path) -> bool:
    try:
        path.resolve().relative_to(folder.resolve())
    except ValueError:
        return False
    return True
