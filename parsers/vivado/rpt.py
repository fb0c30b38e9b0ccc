"""Reader for ``<module>_csynth.rpt`` text reports (format notes §2).

The rpt is the fallback when a module's XML is missing and the only source of
the II *target* and, up to Vitis 2020.2, of the instance hierarchy. All
versions 2015.3 ... 2024.1 share the table grammar; the latency and instance
tables differ only by the two "absolute latency" columns of >= 2019.2.
"""

from __future__ import annotations

import re
from pathlib import Path

from hlsight.core.errors import InputError
from hlsight.core.limits import MAX_VIVADO_REPORT_BYTES, check_loop_count, check_size, reading
from hlsight.core.model import Instance, LatencyRange, Loop, ResourceUse
from hlsight.parsers.vivado.loops import make_loop
from hlsight.parsers.vivado.module_report import (
    INSTANCES,
    INTERFACE,
    LOOPS,
    PERFORMANCE,
    UTILIZATION,
    ModuleReport,
    RtlPort,
)
from hlsight.parsers.vivado.text_tables import TextTable, read_table
from hlsight.parsers.vivado.values import parse_float, parse_int, parse_period, parse_range

EXPECTED = "a Vivado/Vitis HLS <module>_csynth.rpt report"

_TITLE = re.compile(r"^== (?P<tool>Vivado|Vitis) HLS Report for '(?P<name>[^']+)'")
_FIELD = re.compile(r"^\s*\* (?P<key>Version|Solution|Product family|Target device):\s+(?P<value>.*?)\s*$")
_LOOP_NAME = re.compile(r"^(?:- |(?P<spaces> *)(?P<pluses>\++) )(?P<name>.*?)\s*$")

LOOP_ROW_CELLS = 8


def read_text(path: Path) -> list[str]:
    """Lines of a report: ASCII (latin-1 tolerated), CRLF normalised."""
    check_size(path, MAX_VIVADO_REPORT_BYTES, "report")
    try:
        data = path.read_bytes()
    except OSError as error:
        raise InputError(path, f"cannot read file: {error.strerror or error}") from None
    return data.decode("latin-1").replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _find(lines: list[str], prefix: str, start: int = 0, stop: int | None = None) -> int | None:
    end = len(lines) if stop is None else min(stop, len(lines))
    for index in range(start, end):
        if lines[index].strip().startswith(prefix):
            return index
    return None


def _cells(row: list[str]) -> list[str]:
    return [cell.strip() for cell in row]


def loop_depth_and_name(cell: str) -> tuple[int, str] | None:
    """``"- Row"`` -> (1, "Row"); ``" + Col"`` -> (2, "Col"); ``"  ++ P"`` -> (3, "P")."""
    match = _LOOP_NAME.match(cell)
    if match is None:
        return None
    depth = 1 if match["pluses"] is None else len(match["pluses"]) + 1
    return depth, match["name"]


def loops_from_table(table: TextTable, path: Path) -> list[Loop]:
    """Loop rows (pre-order with depth markers) as a loop forest."""
    check_loop_count(len(table.rows), "the loop table")
    roots: list[Loop] = []
    stack: list[tuple[int, Loop]] = []
    for row in table.rows:
        if len(row) < LOOP_ROW_CELLS:
            raise InputError(path, f"loop table row with {len(row)} cells: |{'|'.join(row)}|", expected=EXPECTED)
        parsed = loop_depth_and_name(row[0])
        if parsed is None:
            raise InputError(path, f"loop name without nesting marker: '{row[0].strip()}'", expected=EXPECTED)
        depth, name = parsed
        lat_min, lat_max, il, ii_achieved, ii_target, trip, pipelined = _cells(row[1:LOOP_ROW_CELLS])
        is_pipelined = pipelined.lower() == "yes"
        loop = make_loop(
            name,
            pipelined=is_pipelined,
            latency=(parse_int(lat_min, f"loop {name} latency min"), parse_int(lat_max, f"loop {name} latency max")),
            iteration_latency=parse_range(il, f"loop {name} iteration latency"),
            trip_count=parse_range(trip, f"loop {name} trip count"),
            ii=parse_int(ii_achieved, f"loop {name} achieved II"),
            ii_target=parse_int(ii_target, f"loop {name} target II"),
            pipeline_depth=parse_range(il, f"loop {name} iteration latency")[0] if is_pipelined else None,
        )
        while stack and stack[-1][0] >= depth:
            stack.pop()
        if depth > 1 and not stack:
            raise InputError(path, f"loop '{name}' nested at depth {depth} without a parent", expected=EXPECTED)
        (stack[-1][1].children if stack else roots).append(loop)
        stack.append((depth, loop))
    return roots


def _latency_and_interval(cells: list[str], owner: str) -> tuple[LatencyRange, LatencyRange, str | None]:
    """Latency summary / instance row tail: min max [abs min abs max] imin imax type
    (``owner``, the table or instance, named in a refusal)."""
    if len(cells) >= 7:
        lat, interval, kind = cells[0:2], cells[4:6], cells[6]
    else:
        lat, interval, kind = cells[0:2], cells[2:4], (cells[4] if len(cells) > 4 else "")
    return (LatencyRange(parse_int(lat[0], f"{owner} latency min"), parse_int(lat[1], f"{owner} latency max")),
            LatencyRange(parse_int(interval[0], f"{owner} interval min"),
                         parse_int(interval[1], f"{owner} interval max")), kind or None)


def instances_from_table(table: TextTable | None) -> list[Instance]:
    instances: list[Instance] = []
    for row in [] if table is None else table.rows:
        cells = _cells(row)
        if len(cells) < 7 or not cells[0]:
            continue
        latency, interval, kind = _latency_and_interval(cells[2:], f"instance {cells[0]}")
        instances.append(Instance(cells[0], cells[1], latency=latency, interval=interval, pipeline_type=kind))
    return instances


def _complete_rows(table: TextTable | None) -> TextTable | None:
    """The rows of a table a truncated copy cuts that were written whole:
    only after the header's closing border (before it, header rows would
    pass for data) and with as many cells as the header (a row cut after a
    ``|`` would shift its columns)."""
    if table is None or not table.header:
        return None
    width = len(table.header[-1])
    return TextTable(header=table.header, rows=[row for row in table.rows if len(row) == width], end=table.end)


def ports_from_table(table: TextTable | None) -> list[RtlPort]:
    ports: list[RtlPort] = []
    for row in [] if table is None else table.rows:
        cells = _cells(row)
        if len(cells) < 6 or not cells[0]:
            continue
        ports.append(RtlPort(name=cells[0], direction=cells[1] or None, bits=parse_int(cells[2]),
                             protocol=cells[3], source_object=cells[4], c_type=cells[5] or None))
    return ports


def _utilization(lines: list[str], utilization: int) -> list[ResourceUse]:
    """The ``Total`` row of the utilization summary with its ``Available``
    row, per column (BRAM_18K, DSP48E / DSP, FF, LUT, URAM), as the XML's
    AreaEstimates give them (a report set with only ``.rpt`` files showed
    no resources)."""
    table = read_table(lines, utilization, utilization + 40)
    if table is None or not table.header:
        return []
    header = _cells(table.header[-1])
    rows: dict[str, list[str]] = {}
    for at in range(table.end, min(table.end + 10, len(lines))):
        text = lines[at].strip()
        if text.startswith("|") and text.endswith("|"):
            cells = _cells(text[1:-1].split("|"))
            if cells and cells[0] in ("Total", "Available"):
                rows.setdefault(cells[0], cells)
    total, available = rows.get("Total"), rows.get("Available")
    if total is None:
        return []
    out = []
    for column, name in enumerate(header[1:], start=1):
        used = parse_float(total[column]) if column < len(total) else None
        if not name or used is None:
            continue
        offered = parse_float(available[column]) if available is not None and column < len(available) else None
        out.append(ResourceUse(name, used, offered))
    return out


def read_rpt(path: Path) -> ModuleReport:
    """Read one ``<module>_csynth.rpt``; implausible numbers are one error naming it."""
    with reading(path, EXPECTED):
        return _read_rpt(path)


class _Cut(Exception):
    """The file ends inside ``part``: a truncated copy, not a malformed report."""

    def __init__(self, part: str):
        super().__init__(part)
        self.part = part


def _read_rpt(path: Path) -> ModuleReport:
    lines = read_text(path)
    if not any(line.strip() for line in lines):
        raise InputError(path, "empty file", expected=EXPECTED)
    title = next((m for m in (_TITLE.match(line) for line in lines[:12]) if m), None)
    if title is None:
        raise InputError(path, "no '== Vivado/Vitis HLS Report for' title", expected=EXPECTED)
    fields = {m["key"]: m["value"] for m in (_FIELD.match(line) for line in lines[:20]) if m}
    version_raw = fields.get("Version")
    report = ModuleReport(
        name=title["name"], path=path, tool=title["tool"].lower(),
        version=None if version_raw is None else version_raw.split()[0], version_raw=version_raw,
        family=fields.get("Product family"), part=fields.get("Target device"),
    )
    try:
        _read_sections(lines, path, report)
    except _Cut as cut:
        report.cut_in = cut.part
        report.cut_line = max((at + 1 for at, line in enumerate(lines) if line.strip()), default=1)
    return report


def _closed(table: TextTable | None, lines: list[str], start: int, stop: int) -> bool:
    """A table read to its bottom border, or a section that says ``N/A``."""
    if table is not None:
        return table.closed
    return any(line.strip() == "N/A" for line in lines[start:stop])


def _read_sections(lines: list[str], path: Path, report: ModuleReport) -> None:
    """Fill ``report`` part by part, in file order. A part that cannot be read
    while no later section follows is where a truncated copy ends
    (:class:`_Cut`: the parts before it are kept, the rest stays unread);
    with later sections present the report is malformed (:class:`InputError`)."""
    performance = _find(lines, "== Performance Estimates")
    utilization = _find(lines, "== Utilization Estimates", performance or 0)
    interface_at = None if utilization is None else _find(lines, "== Interface", utilization)
    ended = utilization is None  # the file ends before its utilization estimates
    if performance is None:
        if ended:
            raise _Cut(PERFORMANCE)
        raise InputError(path, "no 'Performance Estimates' section", expected=EXPECTED)
    end = len(lines) if utilization is None else utilization
    timing_at = _find(lines, "+ Timing", performance, end)
    timing = None if timing_at is None else read_table(lines, timing_at, end)
    latency_at = _find(lines, "+ Latency", performance, end)
    summary = None if latency_at is None else read_table(lines, latency_at, end)
    if summary is None or not summary.closed or not summary.rows or len(summary.rows[0]) < 5:
        if ended:
            raise _Cut(PERFORMANCE)
        raise InputError(path, "no latency summary table", expected=EXPECTED)
    if timing is not None and timing.rows:
        clock = _cells(timing.rows[0])
        if len(clock) >= 4:
            report.clock_target_ns = parse_period(clock[1], f"{clock[0]} target clock")
            report.clock_estimated_ns = parse_period(clock[2], f"{clock[0]} estimated clock")
            report.clock_uncertainty_ns = parse_float(clock[3], f"{clock[0]} clock uncertainty")
    report.latency, report.interval, report.pipeline_type = _latency_and_interval(_cells(summary.rows[0]),
                                                                                  "summary")
    instance_at = _find(lines, "* Instance:", summary.end, end)
    loop_at = _find(lines, "* Loop:", summary.end, end)
    instance_table = None
    if instance_at is not None:
        instance_stop = loop_at if loop_at is not None else end
        instance_table = read_table(lines, instance_at + 1, instance_stop)
        if ended and loop_at is None and not _closed(instance_table, lines, instance_at + 1, instance_stop):
            report.instances = instances_from_table(_complete_rows(instance_table))
            raise _Cut(INSTANCES)
        if instance_table is not None and not instance_table.closed:
            raise InputError(path, "instance table cut short", expected=EXPECTED)
    elif ended:
        raise _Cut(INSTANCES)
    report.instances = instances_from_table(instance_table)
    if loop_at is not None:
        loop_table = read_table(lines, loop_at + 1, end)
        if ended and not _closed(loop_table, lines, loop_at + 1, end):
            raise _Cut(LOOPS)
        if loop_table is not None and not loop_table.closed:
            raise InputError(path, "loop table cut short", expected=EXPECTED)
        report.loops = [] if loop_table is None else loops_from_table(loop_table, path)
    elif ended:
        raise _Cut(LOOPS)
    if utilization is None or interface_at is None:
        raise _Cut(UTILIZATION)
    report.resources = _utilization(lines, utilization)
    report.luts = next((int(item.used) for item in report.resources if item.name == "LUT"), None)
    interface_table = read_table(lines, interface_at, None)
    if interface_table is None or not interface_table.closed:
        raise _Cut(INTERFACE)
    report.ports = ports_from_table(interface_table)
    report.ports_path, report.ports_line = path, interface_at + 1
