"""``hlsight whatif`` output: a sweep's grid or a solved value, as text, CSV or JSON.

The analyzer evaluates (:mod:`hlsight.analyzer.whatif`); this module only lays
the numbers out. ``header`` names the estimate, its model and the values used.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import numpy as np

TEXT_ROWS = 60


def render_solution(name: str, value: float, for_time: float, fmt: str, header: dict[str, Any]) -> str:
    """The value of ``name`` that gives ``for_time`` seconds."""
    if fmt == "json":
        return json.dumps({**header, "solve": name, "for_time": for_time, "value": value}, indent=2) + "\n"
    if fmt == "csv":
        return f"{name},seconds\n{value:.10g},{for_time:.10g}\n"
    return f"{name} = {value:.6g} gives {for_time:g} s ({header['estimate']}: {header['model']})\n"


def render_sweep(names: list[str], columns: list[np.ndarray[Any, Any]], seconds: np.ndarray[Any, Any], fmt: str,
                 header: dict[str, Any]) -> str:
    """The grid of a sweep as a text table (first :data:`TEXT_ROWS` rows and the fastest point), CSV or JSON."""
    if fmt == "json":
        rows = [
            {**{name: float(col[i]) for name, col in zip(names, columns, strict=True)}, "seconds": float(seconds[i])}
            for i in range(seconds.size)
        ]
        return json.dumps({**header, "points": rows}, indent=2) + "\n"
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow([*names, "seconds"])
        for i in range(seconds.size):
            writer.writerow([*(f"{column[i]:.10g}" for column in columns), f"{seconds[i]:.10g}"])
        return out.getvalue()
    lines = [f"# {header['estimate']}: {header['model']}"]
    lines.append("  ".join(f"{name:>14}" for name in [*names, "seconds"]))
    for i in range(min(seconds.size, TEXT_ROWS)):
        cells = [f"{column[i]:>14.6g}" for column in columns] + [f"{seconds[i]:>14.6g}"]
        lines.append("  ".join(cells))
    if seconds.size > TEXT_ROWS:
        best = int(np.argmin(seconds))
        at = ", ".join(f"{name}={column[best]:.6g}" for name, column in zip(names, columns, strict=True))
        more = seconds.size - TEXT_ROWS
        lines.append(f"... {more} more points (use --format csv); fastest {seconds[best]:.6g} s at {at}")
    return "\n".join(lines) + "\n"
