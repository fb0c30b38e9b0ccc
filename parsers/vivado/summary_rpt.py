"""The ``* M_AXI`` table of Vitis' ``csynth.rpt`` (``== HW Interfaces``).

Vitis >= 2021.2 writes, per m_axi bundle of the top, one row of bus facts
into the synthesis summary; 2024.1 adds the bundle's direction
(``Read/Write``: ``READ_ONLY``, ``WRITE_ONLY``, ``READ_WRITE``). The
aggregated ``csynth.xml`` gives the same facts in ``<Interfaces>``
(``busParam READ_WRITE_MODE``, burst lengths, outstanding requests), read by
:mod:`hlsight.parsers.vivado.aggregate_xml`. A report set without that
``csynth.xml`` (only the ``.rpt`` files committed, a rebuilt project) lost
the direction, and the DRAM model timed a write-only bundle with the read
figures ("timed as reads"). This module reads the table into the same
:class:`~hlsight.core.model.Interface` objects, under the same ``details``
keys, and :func:`fill_top_interfaces` adds only what the top's interfaces
lack: the XML stays first, a disagreement is said.

Columns read (their meaning checked on the 2024.1 and 2025.2 corpus reports):
``Interface`` (= ``<Interfaces>`` ``InterfaceName``), ``Read/Write``
(= ``READ_WRITE_MODE``; conv2d 2025.2 also agrees with its burst table and
its arguments' ``in``/``out``), ``Address Width`` (= ``addrWidth`` and the
``ARADDR`` bits of the port table), ``Max Read/Write Burst Length`` and
``Num Read/Write Outstanding`` (= the busParams of those names), ``Offset``
(``slave``: the pointer's base address is a register of ``s_axi_control``,
as the SW-to-HW mapping lists and wrr.c's ``offset=slave`` pragma asks),
``Max Widen Bitwidth`` (the threshold the burst table quotes: "max_widen_bitwidth
threshold of 0") and ``Resource Estimate`` (the adapter's BRAM, = the
``<bundle>_m_axi_U`` row of the utilization instance table). Not read:
``Data Width (SW->HW)`` (its HW side is not the bus width: ``1 -> 8`` on
a 32-bit bundle in 2023.2 nms; the port table's ``RDATA`` gives the width),
``Latency`` and ``Register`` (0 in every 2024/2025 report: no meaning
checkable). The ``* SW-to-HW Mapping`` table gives the C arguments of each
bundle (rows of ``HW Type`` ``interface``), as csynth.xml's ``<Args>`` does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.errors import InputError
from hlsight.core.limits import reading
from hlsight.core.model import Interface, Kernel
from hlsight.parsers.vivado.aggregate_xml import DIRECTION_OF_MODE
from hlsight.parsers.vivado.burst_rpt import BundleBursts, read_bursts
from hlsight.parsers.vivado.rpt import read_text
from hlsight.parsers.vivado.text_tables import column_names, read_table
from hlsight.parsers.vivado.values import parse_int

EXPECTED = "a Vitis HLS csynth.rpt synthesis summary"
RULE = "vivado-summary-interfaces"
DISAGREEMENT_RULE = "vivado-report-disagreement"

_TITLE = re.compile(r"^== Synthesis Summary Report of '(?P<name>[^']+)'")

#: M_AXI column (its header rows joined) -> the ``details`` key; the first
#: five are the ``busParam`` names csynth.xml's ``<Interfaces>`` uses.
PARAMETERS = {
    "Read/Write": "READ_WRITE_MODE",
    "Max Read Burst Length": "MAX_READ_BURST_LENGTH",
    "Max Write Burst Length": "MAX_WRITE_BURST_LENGTH",
    "Num Read Outstanding": "NUM_READ_OUTSTANDING",
    "Num Write Outstanding": "NUM_WRITE_OUTSTANDING",
    "Offset": "OFFSET",
    "Max Widen Bitwidth": "MAX_WIDEN_BITWIDTH",
    "Resource Estimate": "RESOURCE_ESTIMATE",
}


@dataclass
class SummaryInterfaces:
    """The top's m_axi bundles as ``csynth.rpt`` lists them."""

    path: Path
    top: str
    #: 1-based line of the ``* M_AXI`` heading (where a diagnostic points)
    line: int | None = None
    interfaces: list[Interface] = field(default_factory=list)


def read_summary_interfaces(path: Path) -> tuple[SummaryInterfaces | None, list[Diagnostic]]:
    """The M_AXI table of ``csynth.rpt`` (``None``: no title or no table,
    as before Vitis 2021.2 or for a top without m_axi). The file only
    completes the XML and the module reports, so a file that cannot be read
    is a warning, never the end of the analysis."""
    try:
        with reading(path, EXPECTED):
            return _read(path), []
    except InputError as error:
        return None, [Diagnostic(rule=RULE, severity=Severity.WARNING, file=str(path),
                                 message=f"{path.name} not read ({error.message}): its M_AXI table is not used")]


def _read(path: Path) -> SummaryInterfaces | None:
    lines = read_text(path)
    title = next((m for m in (_TITLE.match(line.strip()) for line in lines[:12]) if m), None)
    if title is None:
        return None
    summary = SummaryInterfaces(path=path, top=title["name"])
    heading = next((at for at, line in enumerate(lines) if line.strip() == "* M_AXI"), None)
    if heading is None:
        return summary
    summary.line = heading + 1
    table = read_table(lines, heading + 1, heading + 4)
    if table is None or not table.header or not table.closed:
        raise InputError(path, f"line {heading + 1}: M_AXI table cut short or without a header", expected=EXPECTED)
    columns = column_names(table)
    for row in table.rows:
        cells = dict(zip(columns, (cell.strip() for cell in row), strict=False))
        name = cells.get("Interface", "")
        if not name.startswith("m_axi_"):
            continue
        details = {key: cells[column] for column, key in PARAMETERS.items() if cells.get(column)}
        summary.interfaces.append(Interface(
            name=name, protocol="m_axi", bundle=name.removeprefix("m_axi_"),
            source_object=name.removeprefix("m_axi_"),
            direction=DIRECTION_OF_MODE.get(details.get("READ_WRITE_MODE", "")),
            address_bits=parse_int(cells.get("Address Width"), f"{name} Address Width"),
            details=details, read_from=[str(path)],
        ))
    _read_argument_mapping(lines, summary)
    bursts = read_bursts(lines)
    if bursts is not None:  # the section is there: a bundle it names no burst for has none
        for interface in summary.interfaces:
            interface.details.update(bursts.get(interface.name, BundleBursts()).details())
    return summary


def _read_argument_mapping(lines: list[str], summary: SummaryInterfaces) -> None:
    """The ``* SW-to-HW Mapping`` rows that tie a C argument to an m_axi
    bundle (``| EncWeights | m_axi_gmem0 | interface |``): which bundle a
    pointer without ``bundle=`` went to."""
    heading = next((at for at, line in enumerate(lines) if line.strip() == "* SW-to-HW Mapping"), None)
    if heading is None:
        return
    table = read_table(lines, heading + 1, heading + 4)
    if table is None or not table.header or not table.closed:
        return  # cut short: the M_AXI table read above stands, each pointer's bundle from its pragma
    by_name = {interface.name: interface for interface in summary.interfaces}
    columns = column_names(table)
    for row in table.rows:
        cells = dict(zip(columns, (cell.strip() for cell in row), strict=False))
        bus, argument = by_name.get(cells.get("HW Interface", "")), cells.get("Argument", "")
        if cells.get("HW Type") == "interface" and bus is not None and argument and argument not in bus.arguments:
            bus.arguments.append(argument)


def fill_top_interfaces(top: Kernel, summary: SummaryInterfaces) -> list[Diagnostic]:
    """Add to ``top``'s m_axi interfaces what ``csynth.rpt`` gives and they
    lack (direction, address width, bus parameters, the C arguments it
    maps to each); a bundle no other file
    listed is added. Facts the XML gives stay; a direction the two files
    give differently is a warning naming both."""
    diagnostics: list[Diagnostic] = []
    by_name = {interface.name: interface for interface in top.interfaces}
    for given in summary.interfaces:
        existing = by_name.get(given.name)
        if existing is None:
            top.interfaces.append(given)
            continue
        if existing.direction is not None and given.direction is not None and existing.direction != given.direction:
            diagnostics.append(Diagnostic(
                rule=DISAGREEMENT_RULE, severity=Severity.WARNING, file=str(summary.path), line=summary.line,
                kernel=top.name, subject=given.name,
                message=(f"{given.name} of '{top.name}': {given.details.get('READ_WRITE_MODE')} in"
                         f" {summary.path.name} but {existing.direction} in {_files(existing)}; using the latter"),
            ))
        added = {key: value for key, value in given.details.items() if key not in existing.details}
        filled = bool(added) or (existing.direction is None and given.direction is not None) \
            or (existing.address_bits is None and given.address_bits is not None)
        existing.details.update(added)
        existing.direction = existing.direction or given.direction
        existing.address_bits = existing.address_bits or given.address_bits
        if given.arguments and not existing.arguments:
            existing.arguments, filled = list(given.arguments), True
        if filled and str(summary.path) not in existing.read_from:
            existing.read_from.append(str(summary.path))
    return diagnostics


def _files(interface: Interface) -> str:
    return ", ".join(Path(where).name for where in interface.read_from) or "the other reports"
