"""Facts from the aoc compile log ``<proj>.log`` (14.x-16.1, 18.1 Std).

* first line ``Compiler Command: aoc net.cl -o bin/net.aocx ...`` (16.1+);
* 14.x/15.1 "*** Optimization Report ***" box: ``| Kernel: sobel |``,
  ``| Loop for.cond.preheader |``, ``|     Pipelined execution inferred. |``;
* 16.1 text report: ``Kernel: dataLayer`` then ``The kernel is compiled as an
  ND-Range.`` (or ``... as a single work-item``), the kernel type that 16.1
  reports have nowhere else.
"""

from __future__ import annotations

import re

from hlsight.core.model import InitiationInterval, KernelKind, Loop, SourceLocation

_BOX_LINE = re.compile(r"^\|\s?([^|]*?)\s*(?:\|\s*([^|]*?)\s*)?\|\s*$")
_EVERY = re.compile(r"every (\d+) cycles?", re.IGNORECASE)
_LN_COL = re.compile(r"^(\d+)(?::(\d+))?$")
_COMMAND = re.compile(r"^Compiler Command:\s*(.+?)\s*$", re.MULTILINE)
_KIND = re.compile(r"^Kernel: (\S+)\s*\n=+\s*\nThe kernel is compiled (?:as an? |for )([^.\n]+)", re.MULTILINE)


def compiler_command(text: str) -> str | None:
    match = _COMMAND.search(text[:4096])
    return match.group(1) if match else None


def kernel_kinds(text: str) -> dict[str, KernelKind]:
    """16.1 "The kernel is compiled as an ND-Range." per kernel."""
    out = {}
    for match in _KIND.finditer(text):
        what = match.group(2).lower()
        if "nd-range" in what or "ndrange" in what:
            out[match.group(1)] = KernelKind.NDRANGE
        elif "single work-item" in what or "task" in what:
            out[match.group(1)] = KernelKind.SINGLE_WORK_ITEM
    return out


def read_log_loops(text: str, source: str) -> dict[str, list[Loop]]:
    """Loops of the 14.x/15.1 "*** Optimization Report ***" box by kernel.

    The ``Ln.Col`` column (filled with ``-g``) points into ``source``: aoc
    names the project ``<proj>`` after the compiled ``<proj>.cl``."""
    out: dict[str, list[Loop]] = {}
    if "Optimization Report" not in text:
        return out
    kernel: str | None = None
    loop: Loop | None = None
    for raw in text.splitlines():
        match = _BOX_LINE.match(raw)
        if match is None:
            if raw.startswith("=") or not raw.strip():
                continue
            if kernel is not None:
                break  # end of the box
            continue
        body, where = match.group(1), match.group(2) or ""
        if body.startswith("Kernel:"):
            kernel = body[len("Kernel:"):].strip()
            out.setdefault(kernel, [])
            loop = None
        elif body.startswith("Loop ") and kernel is not None:
            location = None
            ln_col = _LN_COL.match(where)
            if ln_col:
                column = int(ln_col.group(2)) if ln_col.group(2) else None
                location = SourceLocation(source, int(ln_col.group(1)), column)
            loop = Loop(name=body[len("Loop "):].strip(), location=location if location and location.line else None)
            out[kernel].append(loop)
        elif loop is not None and body:
            loop.details.append(body)
            lowered = body.lower()
            if "pipelined execution inferred" in lowered or "pipelined with" in lowered:
                loop.pipelined = True
            if "not pipelined" in lowered:
                loop.pipelined = False
            every = _EVERY.search(body)
            if every:
                loop.ii = InitiationInterval(int(every.group(1)))
    return out
