"""What one Vivado/Vitis report file says about one RTL module.

Both the XML and the text reader produce a :class:`ModuleReport`; the
assembler (:mod:`hlsight.parsers.vivado.assemble`) merges the two views of a module
and turns the set of modules into a :class:`~hlsight.core.model.Design`. Loops are
already model :class:`~hlsight.core.model.Loop` objects so no second loop type
exists.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from hlsight.core.model import Instance, LatencyRange, Loop, ResourceUse

#: The parts of a module rpt, in file order: a truncated copy ends in one of
#: them and lacks it and every later one (``ModuleReport.cut_in``).
PERFORMANCE, INSTANCES, LOOPS, UTILIZATION, INTERFACE = RPT_PARTS = (
    "'Performance Estimates' section", "instance table", "loop table", "'Utilization Estimates' section",
    "interface table")


@dataclass
class RtlPort:
    """One row of the interface table (``InterfaceSummary/RtlPorts`` or the
    rpt ``== Interface`` table)."""

    name: str
    source_object: str
    protocol: str
    direction: str | None
    bits: int | None
    c_type: str | None = None  # "pointer", "array", "scalar", "return value"


@dataclass
class ModuleReport:
    """The facts one file holds about one module.

    ``instances`` is ``None`` when the file format cannot list instances (the
    flat per-module XML), as opposed to an empty list (an rpt with
    ``* Instance: N/A``).
    """

    name: str
    path: Path
    tool: str | None = None  # "vivado" | "vitis" | None (unknown from this file)
    version: str | None = None
    version_raw: str | None = None
    family: str | None = None
    part: str | None = None
    top_name: str | None = None  # XML UserAssignments/TopModelName
    clock_target_ns: float | None = None
    clock_uncertainty_ns: float | None = None
    clock_estimated_ns: float | None = None
    pipeline_type: str | None = None
    latency: LatencyRange | None = None
    latency_avg: int | None = None
    interval: LatencyRange | None = None
    loops: list[Loop] = field(default_factory=list)
    instances: list[Instance] | None = None
    ports: list[RtlPort] = field(default_factory=list)
    #: The file ``ports`` were read from (``None``: no interface table was
    #: read). A module's XML without ``InterfaceSummary`` takes the ports of
    #: its rpt (:func:`hlsight.parsers.vivado.merge.merge_module`), and the
    #: interfaces say which file their facts came from.
    ports_path: Path | None = None
    #: 1-based line of the rpt's ``== Interface`` header (where a diagnostic
    #: about the ports points).
    ports_line: int | None = None
    #: LUTs of the module including its instances (used to recognise the top
    #: module when no ``csynth.xml`` names it: it contains every other module).
    luts: int | None = None
    #: AreaEstimates/Resources with AvailableResources (XML), the utilization
    #: summary's Total and Available rows (rpt).
    resources: list[ResourceUse] = field(default_factory=list)
    #: The part of an rpt a truncated copy ends in (``rpt.RPT_PARTS``): that
    #: part and every later one were not read. ``cut_line``: its last line.
    cut_in: str | None = None
    cut_line: int | None = None

    def all_loops(self) -> list[Loop]:
        out: list[Loop] = []
        for loop in self.loops:
            out.extend(loop.walk())
        return out

    def lacks(self) -> tuple[str, ...]:
        """The parts of a truncated rpt that were not read (none for a
        complete file or an XML)."""
        return () if self.cut_in is None else RPT_PARTS[RPT_PARTS.index(self.cut_in):]
