"""Find the reader that understands a path and load a :class:`Design` from it.

Each vendor front end exposes a module-level ``READER`` object implementing
:class:`ReportReader`. ``claims`` must be cheap (look at file names, not
contents) so auto-detection over many readers stays fast; the first reader
that claims a path reads it.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from hlsight.core.errors import InputError
from hlsight.core.limits import MAX_LOOP_NESTING, loop_nesting, reading
from hlsight.core.model import Design

#: Front-end modules, tried in order. Each defines ``READER``.
READER_MODULES: tuple[str, ...] = ("hlsight.parsers.intel.reader", "hlsight.parsers.vivado")


@dataclass(frozen=True)
class ReadOptions:
    """User choices that affect reading (e.g. which Vivado solution)."""

    solution: str | None = None
    read_rtl: bool = True


class ReportReader(Protocol):
    """A vendor front end."""

    name: str
    #: Human description of what it accepts, used in "nothing found" errors.
    accepts: str

    def claims(self, path: Path) -> bool:
        """True when ``path`` looks like this reader's artifacts."""
        ...

    def read(self, path: Path, options: ReadOptions) -> Design:
        """Read ``path``; raise :class:`InputError` on bad input."""
        ...


def readers() -> list[ReportReader]:
    return [importlib.import_module(name).READER for name in READER_MODULES]


def _check_nesting(design: Design, path: Path) -> None:
    for kernel in design.kernels:
        depth = loop_nesting(kernel.loops)
        if depth > MAX_LOOP_NESTING:
            raise InputError(path, f"kernel {kernel.name}: loops nested more than {MAX_LOOP_NESTING} deep",
                             expected=f"at most {MAX_LOOP_NESTING} nested loops")


def load_design(path: Path | str, options: ReadOptions | None = None) -> Design:
    """Load the design at ``path`` with the first reader that claims it."""
    path = Path(path)
    options = options or ReadOptions()
    if not path.exists():
        raise InputError(path, "no such file or directory")
    for module in READER_MODULES:  # imported one by one: an Intel design never loads the Vivado reader
        reader: ReportReader = importlib.import_module(module).READER
        if reader.claims(path):
            with reading(path):  # the last line of defence; readers name the exact file first
                design = reader.read(path, options)
            _check_nesting(design, path)
            return design
    from hlsight.parsers.vivado.discovery import unread_artifact  # only on this error path

    why = unread_artifact(path)
    if why is not None:
        raise InputError(path, why, expected="a Vivado/Vitis solution, syn/report folder or *_csynth.xml/.rpt file")
    expected = "; ".join(reader.accepts for reader in readers()) or "a supported HLS report"
    if path.is_file() and path.stat().st_size == 0:
        raise InputError(path, "empty file", expected=expected)  # not "no report": the file is there, cut to nothing
    if path.is_dir():
        # how far the search went, so a report deeper down is pointed at, not taken to be missing
        from hlsight.parsers.intel.layout import SEARCH_DEPTH as INTEL_DEPTH
        from hlsight.parsers.vivado.discovery import SEARCH_DEPTH as VIVADO_DEPTH

        raise InputError(path, f"no HLS report found here (searched {VIVADO_DEPTH} folder levels down for"
                               f" Vivado/Vitis, {INTEL_DEPTH} for aoc, oneAPI and i++; give a deeper folder"
                               " to reach one further down)", expected=expected)
    raise InputError(path, "no HLS report found here", expected=expected)
