"""``hlsight whatif`` output: a sweep's grid or a solved value, as text, CSV or JSON.

The analyzer evaluates (:mod:`hlsight.analyzer.whatif`); this module only lays
the numbers out. ``header`` names the estimate, its model, the values used and
``notes``: the launch cost in the times and the cautions analyze prints;
``using`` the DRAM profile line (JSON: the ``memory_profile`` field).
Headings carry each name's unit (``fmax [MHz]``), times print in readable
units in the text table, and ``bounds`` (when the estimate has both a memory
and a pipeline part) says per point which of them is the larger.
"""

from __future__ import annotations

import csv
import io
from typing import Any

import numpy as np

from hlsight.analyzer.symbols import symbol_unit
from hlsight.core.units import format_seconds
from hlsight.reporters.json_text import json_text

TEXT_ROWS = 60


def _heading(name: str) -> str:
    unit = symbol_unit(name)
    return f"{name} [{unit}]" if unit else name


def _notes(header: dict[str, Any]) -> list[str]:
    """What the numbers rest on (the DRAM profile, as analyze's ``using:``
    line says it), include or leave out (launch cost, cautions)."""
    using = header.get("using")
    return [*([f"using: {using}"] if using else []), *(str(note) for note in header.get("notes", []))]


def _document(header: dict[str, Any]) -> dict[str, Any]:
    """The header as JSON: the profile is the ``memory_profile`` field (as in
    analyze's JSON), not the text line."""
    return {key: value for key, value in header.items() if key != "using"}


def render_solution(name: str, value: float, for_time: float, fmt: str, header: dict[str, Any]) -> str:
    """The value of ``name`` (with its unit) that gives ``for_time`` seconds."""
    unit = symbol_unit(name)
    if fmt == "json":
        answer = {**_document(header), "solve": name, "unit": unit, "for_time": for_time, "value": value}
        return json_text(answer)
    if fmt == "csv":
        return f"{_heading(name)},seconds\n{value:.10g},{for_time:.10g}\n"
    return (f"{name} = {value:.6g}{f' {unit}' if unit else ''} gives {format_seconds(for_time)}"
            f" ({header['estimate']}: {header['model']})\n" + "".join(f"# {note}\n" for note in _notes(header)))


def render_sweep(names: list[str], columns: list[np.ndarray[Any, Any]], seconds: np.ndarray[Any, Any], fmt: str,
                 header: dict[str, Any], bounds: list[str] | None = None) -> str:
    """The grid of a sweep as a text table (first :data:`TEXT_ROWS` rows and the fastest point), CSV or JSON."""
    def bound(i: int) -> list[str]:
        return [] if bounds is None else [bounds[i]]

    if fmt == "json":
        rows = [
            {**{name: float(col[i]) for name, col in zip(names, columns, strict=True)}, "seconds": float(seconds[i]),
             **({} if bounds is None else {"bound": bounds[i]})}
            for i in range(seconds.size)
        ]
        return json_text({**_document(header), "units": {name: symbol_unit(name) for name in names}, "points": rows})
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow([*map(_heading, names), "seconds", *(["bound"] if bounds is not None else [])])
        for i in range(seconds.size):
            writer.writerow([*(f"{column[i]:.10g}" for column in columns), f"{seconds[i]:.10g}", *bound(i)])
        return out.getvalue()
    lines = [f"# {header['estimate']}: {header['model']}", *(f"# {note}" for note in _notes(header))]
    lines.append("  ".join(f"{_heading(name):>14}" for name in [*names, "time"]) + ("  bound" if bounds else ""))
    for i in range(min(seconds.size, TEXT_ROWS)):
        cells = [f"{column[i]:>14.6g}" for column in columns] + [f"{format_seconds(float(seconds[i])):>14}"]
        lines.append("  ".join(cells + bound(i)))
    if seconds.size > TEXT_ROWS:
        best = int(np.argmin(seconds))
        at = ", ".join(f"{name}={column[best]:.6g}" for name, column in zip(names, columns, strict=True))
        more = seconds.size - TEXT_ROWS
        lines.append(f"... {more} more points (use --format csv); fastest {format_seconds(float(seconds[best]))}"
                     f" at {at}")
    return "\n".join(lines) + "\n"
