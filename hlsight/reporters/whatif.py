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
from hlsight.analyzer.whatif import GridBounds
from hlsight.analyzer.whatif_band import GridBand
from hlsight.analyzer.whatif_cautions import GridCautions
from hlsight.analyzer.whole_solve import Solution, describe, whole_text
from hlsight.core.units import format_seconds
from hlsight.reporters.json_text import json_text, json_text_columns
from hlsight.reporters.present import band_clock_names

TEXT_ROWS = 60


def _heading(name: str) -> str:
    """``fmax [MHz]``; a name scoped to one kernel keeps its unit (``relu<c3>:fmax [MHz]``)."""
    unit = symbol_unit(name) or symbol_unit(name.rpartition(":")[2])
    return f"{name} [{unit}]" if unit else name


def _cell(value: float, whole: bool) -> str:
    """A swept value as the table shows it: a whole column's in integer
    notation with thousands separators (``32,768,000``, not ``3.2768e+07``)."""
    return f"{value:,.0f}" if whole else f"{value:.6g}"


def _whole(column: np.ndarray[Any, Any]) -> bool:
    """Every value whole and small enough to print in full."""
    with np.errstate(invalid="ignore"):
        return bool(np.all(np.isfinite(column)) and np.all(column == np.round(column))
                    and np.all(np.abs(column) < 1e15))


def _notes(header: dict[str, Any]) -> list[str]:
    """What the numbers rest on (the DRAM profile, as analyze's ``using:``
    line says it), include or leave out (launch cost, cautions)."""
    using = header.get("using")
    return [*([f"using: {using}"] if using else []), *(str(note) for note in header.get("notes", []))]


#: ``schema`` of whatif's JSON (docs/whatif.schema.json); 2: a sweep's points are columns
WHATIF_SCHEMA = "https://hlsight.dev/schema/whatif-2.json"


def _document(header: dict[str, Any]) -> dict[str, Any]:
    """The header as JSON: the profile is the ``memory_profile`` field (as in
    analyze's JSON), not the text line."""
    return {"schema": WHATIF_SCHEMA, **{key: value for key, value in header.items() if key != "using"}}


def render_solution(solution: Solution, fmt: str, header: dict[str, Any]) -> str:
    """The value of the solved name (with its unit) that meets the target:
    a count in integer notation with the time it really gives and the next
    whole value's, a clock as the real value."""
    name, unit = solution.name, symbol_unit(solution.name)
    if fmt == "json":
        answer = {**_document(header), "solve": name, "unit": unit, "for_time": solution.target,
                  **describe(solution)}
        return json_text(answer)
    if fmt == "csv":
        return _csv_solution(solution)
    model = f" ({header['estimate']}: {header['model']})\n"
    notes = "".join(f"# {note}\n" for note in _notes(header))
    suffix = f" {unit}" if unit else ""
    if not solution.whole:
        return f"{name} = {solution.value:.6g}{suffix} gives {format_seconds(solution.target)}" + model + notes
    digits = _digits(solution)
    suffix = "" if unit == "count" else suffix  # "10,091 count" reads as a slip; the digits say it
    line = (f"{name} = {whole_text(solution.value)}{suffix} gives {format_seconds(solution.seconds, digits)}:"
            f" the {solution.side} whole {name} within {format_seconds(solution.target)}")
    if solution.beyond is not None:
        line += (f" ({name} = {whole_text(solution.beyond[0])} gives"
                 f" {format_seconds(solution.beyond[1], digits)})")
    return line + model + notes


def _csv_solution(solution: Solution) -> str:
    """The answer as one CSV row with JSON's fields: ``whole``, ``side`` and
    the ``next`` whole value and its time (empty for a real root)."""
    value = f"{solution.value:.0f}" if solution.whole else f"{solution.value:.10g}"
    after = ("", "") if solution.beyond is None else (f"{solution.beyond[0]:.0f}", f"{solution.beyond[1]:.10g}")
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([_heading(solution.name), "seconds", "whole", "side", "next_value", "next_seconds"])
    writer.writerow([value, f"{solution.seconds:.10g}", "true" if solution.whole else "false", solution.side, *after])
    return out.getvalue()


def _digits(solution: Solution) -> int:
    """Significant digits that tell the answer's time and the next whole
    value's from the target where they differ from it (one count of axpy's
    N is 0.9 ns of 10.5 ms: "10.5 ms" for both read as the target itself);
    3 where that suffices, at most 12."""
    target = solution.target
    times = [solution.seconds, *([solution.beyond[1]] if solution.beyond is not None else [])]
    for digits in range(3, 13):
        if all(format_seconds(time, digits) != format_seconds(target, digits) for time in times if time != target):
            return digits
    return 12


#: CSV / JSON columns of each point's time at the clock band's low and high placed clock
BAND_COLUMNS = ("seconds_at_band_low", "seconds_at_band_high")


def render_sweep(names: list[str], columns: list[np.ndarray[Any, Any]], seconds: np.ndarray[Any, Any], fmt: str,
                 header: dict[str, Any], bounds: GridBounds | None = None,
                 cautions: GridCautions | None = None, band: GridBand | None = None) -> str:
    """The grid of a sweep as a text table (first :data:`TEXT_ROWS` rows and the fastest point), CSV or JSON;
    with ``band``, each point's times at the clock band's ends beside its time."""
    labels = None if bounds is None else [label for _eq7, label in bounds.kinds]
    at_band = [] if band is None else [band.seconds_low, band.seconds_high]
    if fmt == "json":
        return _json_sweep(names, columns, seconds, header, bounds, cautions, band)
    if fmt == "csv":
        return _csv_sweep(names, columns, [seconds, *at_band], None if bounds is None or labels is None else
                          [labels[kind] for kind in bounds.index.tolist()])
    lines = [f"# {header['estimate']}: {header['model']}", *(f"# {note}" for note in _notes(header))]
    times = ["time", *([] if band is None else band_clock_names(band.band))]
    lines.append("  ".join(f"{_heading(name):>14}" for name in [*names, *times]) + ("  bound" if bounds else ""))
    whole = [_whole(column) for column in columns]
    for i in range(min(seconds.size, TEXT_ROWS)):
        cells = [f"{_cell(float(column[i]), is_whole):>14}" for column, is_whole in zip(columns, whole, strict=True)]
        cells.extend(f"{format_seconds(float(time[i])):>14}" for time in [seconds, *at_band])
        if bounds is not None and labels is not None:
            cells.append(labels[int(bounds.index[i])])
        lines.append("  ".join(cells))
    if seconds.size > TEXT_ROWS:
        best = int(np.argmin(seconds))
        at = ", ".join(f"{name}={_cell(float(column[best]), is_whole)}"
                       for name, column, is_whole in zip(names, columns, whole, strict=True))
        more = seconds.size - TEXT_ROWS
        lines.append(f"... {more} more points (use --format csv); fastest {format_seconds(float(seconds[best]))}"
                     f" at {at}")
    return "\n".join(lines) + "\n"


def _csv_sweep(names: list[str], columns: list[np.ndarray[Any, Any]], times: list[np.ndarray[Any, Any]],
               bounds: list[str] | None) -> str:
    """One row per point, each row one ``%`` format of Python numbers
    (indexing numpy per cell and ``csv.writer`` per row were most of 10^6
    points' 15 s). ``times``: ``seconds``, then those at the clock band's
    ends when there is a band. A bound label holds no comma or quote, so it
    needs no quoting (checked: else the csv module writes the rows)."""
    seconds = times[0]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([*map(_heading, names), "seconds", *BAND_COLUMNS[:len(times) - 1],
                     *(["bound"] if bounds is not None else [])])
    cells: list[list[Any]] = [column.tolist() for column in [*columns, *times]]
    if bounds is not None and any(set(label) & {",", '"', "\n", "\r"} for label in set(bounds)):
        for row in zip(*cells, bounds, strict=True):
            writer.writerow([*(f"{value:.10g}" for value in row[:-1]), row[-1]])
        return out.getvalue()
    row_format = ",".join(["%.10g"] * len(cells) + (["%s"] if bounds is not None else []))
    rows = zip(*cells, *([bounds] if bounds is not None else []), strict=True)
    out.write("\n".join(map(row_format.__mod__, rows)))
    if seconds.size:
        out.write("\n")
    return out.getvalue()


def _json_sweep(names: list[str], columns: list[np.ndarray[Any, Any]], seconds: np.ndarray[Any, Any],
                header: dict[str, Any], bounds: GridBounds | None, cautions: GridCautions | None,
                band: GridBand | None) -> str:
    """What is common to all points once (header, units, the clock band,
    the bound labels, the cautions and their distinct sets), and per point
    only what varies, as columns of ``points``: each swept value (a count
    as an integer), ``seconds`` (and those at the band's ends), ``bound``
    (index into ``bounds``) and ``cautions`` (index into
    ``caution_sets``). 10^6 points were 1.2 GB of memory and 98 MB of one
    object per point, the same keys a million times, indented."""
    points: dict[str, Any] = {"count": int(seconds.size)}
    for name, column in zip(names, columns, strict=True):
        whole = bool(np.all(np.mod(column, 1) == 0)) and bool(np.all(np.abs(column) < 2**53))
        points[name] = column.astype(np.int64).tolist() if whole else column.tolist()
    points["seconds"] = seconds.tolist()
    if band is not None:
        points[BAND_COLUMNS[0]], points[BAND_COLUMNS[1]] = band.seconds_low.tolist(), band.seconds_high.tolist()
    document: dict[str, Any] = {**_document(header), "units": {name: symbol_unit(name) for name in names},
                                "clock_band": None if band is None else _band_document(band)}
    if bounds is not None:
        document["bounds"] = [label for _eq7, label in bounds.kinds]
        points["bound"] = bounds.index.tolist()
    if cautions is not None:
        document["cautions"] = [{"text": text, "where": where}
                                for text, where in zip(cautions.texts, cautions.where, strict=True)]
        document["caution_sets"] = cautions.sets
        points["cautions"] = cautions.index.tolist()
    document["points"] = points
    return json_text_columns(document, "points")


def _band_document(band: GridBand) -> dict[str, Any]:
    """The band the ``seconds_at_band_*`` columns are at, with analyze's
    JSON fields (``clock_band``) and the two clocks they use."""
    low, high = band.clocks_mhz
    return {"clock_mhz": band.band.clock_mhz,
            "ratios": dict(zip(("low", "median", "high"), band.band.ratios, strict=True)),
            "clocks_mhz": {"low": low, "high": high},
            "designs": band.band.designs, "source": band.band.source}
