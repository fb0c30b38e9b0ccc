"""Reader for the flat ``<profile>`` XML of Vivado HLS / Vitis HLS.

Covers ``<module>_csynth.xml`` (all versions 2015.3 ... 2024.1), the
``csynth.xml`` copy of the top module (<= 2020.2) and the top-module part of
the aggregated ``csynth.xml`` (>= 2021.2), whose first five children have the
same meaning (``docs/vivado-report-formats.md`` §3.1-3.5). Loops are element
trees whose tag is the loop name; field children have fixed names, every other
child is a sub-loop (§3.2).
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from lxml import etree

from hlsight.core.errors import InputError
from hlsight.core.limits import MAX_LOOPS, check_loop_count
from hlsight.core.model import LatencyRange, Loop, ResourceUse, SourceLocation
from hlsight.parsers.vivado.loops import make_loop, rpt_name_from_xml_tag
from hlsight.parsers.vivado.module_report import ModuleReport, RtlPort
from hlsight.parsers.vivado.values import parse_float, parse_int, parse_period, parse_range
from hlsight.parsers.xml_safe import parse_xml_file

EXPECTED = "a Vivado/Vitis HLS csynth XML report (<profile> root)"

#: Children of a loop element that are fields, not sub-loops (§3.2).
LOOP_FIELDS = frozenset({
    "Name", "Slack", "TripCount", "Latency", "AbsoluteTimeLatency", "IterationLatency",
    "PipelineII", "PipelineDepth", "PipelineType", "InstanceList",
})


def text_of(element: etree._Element | None, path: str) -> str | None:
    """Stripped text of the first ``path`` match below ``element``."""
    if element is None:
        return None
    found = element.find(path)
    if found is None or found.text is None:
        return None
    return found.text.strip()


def range_of(element: etree._Element | None, owner: str = "") -> tuple[int | None, int | None]:
    """Value of a field that is an integer, ``undef``, ``"a ~ b"`` or a
    ``<range><min/><max/></range>`` child (``max`` -1 = unknown); ``owner``
    (a loop's name) goes into the message of a value refused."""
    if element is None:
        return None, None
    what = f"{owner} {element.tag}".strip()
    nested = element.find("range")
    if nested is not None:
        return parse_int(text_of(nested, "min"), f"{what}/min"), parse_int(text_of(nested, "max"), f"{what}/max")
    return parse_range(element.text, what)


def loop_from_element(element: etree._Element) -> Loop:
    """One loop element and its sub-loops, pre-order."""
    name = text_of(element, "Name") or rpt_name_from_xml_tag(str(element.tag))
    ii_element = element.find("PipelineII")
    depth = parse_int(text_of(element, "PipelineDepth"), f"loop {name} PipelineDepth")
    pipelined = ii_element is not None or text_of(element, "PipelineType") == "yes"
    il_element = element.find("IterationLatency")
    owner = f"loop {name}"
    iteration_latency = range_of(il_element, owner) if il_element is not None else (depth, depth)
    loop = make_loop(
        name,
        pipelined=pipelined,
        latency=range_of(element.find("Latency"), owner),
        iteration_latency=iteration_latency,
        trip_count=range_of(element.find("TripCount"), owner),
        ii=parse_int(None if ii_element is None else ii_element.text, f"{owner} PipelineII"),
        pipeline_depth=depth,
    )
    instance_list = element.find("InstanceList")
    if instance_list is not None:
        loop.instances = [item.text.strip() for item in instance_list if item.text and item.text.strip()]
    loop.children = [loop_from_element(child) for child in element if is_nested_record(child, LOOP_FIELDS)]
    return loop


def is_nested_record(child: etree._Element, fields: frozenset[str]) -> bool:
    """A sub-loop (or sub-row) is an element with element children of its
    own; a leaf element is a field, known or not: Vitis 2025.x added
    ``<isPerfectNested>`` and ``<PerformancePragma>`` to each loop, and later
    versions may add more."""
    return isinstance(child.tag, str) and child.tag not in fields and any(
        isinstance(grandchild.tag, str) for grandchild in child
    )


VIOLATION_FIELDS = frozenset({"Name", "IssueType", "ViolationType", "SourceLocation"})


class ViolationRow(NamedTuple):
    name: str
    location: str | None
    reason: str | None


def _violation_reason(element: etree._Element) -> str | None:
    """``II Violation: Memory Dependency`` from IssueType/ViolationType
    (``-`` when the loop met its target)."""
    parts = [text for text in (text_of(element, "IssueType"), text_of(element, "ViolationType"))
             if text and text != "-"]
    return ": ".join(parts) if parts else None


def _violation_rows(element: etree._Element) -> list[ViolationRow]:
    rows: list[ViolationRow] = []
    for child in element:
        if is_nested_record(child, VIOLATION_FIELDS):
            name = text_of(child, "Name") or str(child.tag)
            rows.append(ViolationRow(name, text_of(child, "SourceLocation"), _violation_reason(child)))
            rows.extend(_violation_rows(child))
    return rows


def _attach_violation_locations(loops: list[Loop], performance: etree._Element) -> None:
    """Vitis >= 2023.2 ``SummaryOfViolations`` gives each loop a source
    location (innermost element of an inline chain); rows follow the loop
    tree in pre-order."""
    table = performance.find("SummaryOfViolations/SummaryOfLoopViolations")
    if table is None:
        return
    rows = _violation_rows(table)
    flat = [loop for top in loops for loop in top.walk()]
    if len(rows) != len(flat) or any(row.name.replace(" ", "") != loop.name.replace(" ", "")
                                     for row, loop in zip(rows, flat, strict=True)):
        return
    for row, loop in zip(rows, flat, strict=True):
        location = parse_source_location(row.location)
        if location is not None:
            loop.location, loop.location_basis = location, "violation-summary"
        if row.reason is not None and loop.bottleneck is None:
            loop.bottleneck = row.reason


def parse_source_location(text: str | None) -> SourceLocation | None:
    """``dir/file.cpp:12`` (or an inline chain ``a.h:137~b.cpp:39``, innermost
    first) -> the innermost location."""
    if not text:
        return None
    file, _, line = text.split("~")[0].strip().rpartition(":")
    number = parse_int(line)
    if not file or not number:
        return None
    return SourceLocation(file, number)


def _count_loop_elements(summary: etree._Element) -> int:
    """The loops :func:`loop_from_element` would build, counted without
    building them (stops past :data:`MAX_LOOPS`)."""
    found = 0
    stack = [child for child in summary if isinstance(child.tag, str)]
    while stack and found <= MAX_LOOPS:
        element = stack.pop()
        found += 1
        stack.extend(child for child in element if isinstance(child.tag, str) and child.tag not in LOOP_FIELDS)
    return found


def loops_of(performance: etree._Element | None) -> list[Loop]:
    """Top-level loops under ``PerformanceEstimates/SummaryOfLoopLatency``."""
    if performance is None:
        return []
    summary = performance.find("SummaryOfLoopLatency")
    if summary is None:
        return []
    check_loop_count(_count_loop_elements(summary), "SummaryOfLoopLatency")
    loops = [loop_from_element(child) for child in summary if isinstance(child.tag, str)]
    _attach_violation_locations(loops, performance)
    return loops


def ports_of(root: etree._Element) -> list[RtlPort]:
    """Interface rows; each row's children are read in one pass (top modules
    of big designs have thousands of ports)."""
    ports: list[RtlPort] = []
    for row in root.iterfind("InterfaceSummary/RtlPorts"):
        fields = {child.tag: (child.text or "").strip() for child in row}
        name = fields.get("name")
        if not name:
            continue
        ports.append(RtlPort(
            name=name,
            source_object=fields.get("Object", ""),
            protocol=fields.get("IOProtocol", ""),
            direction=fields.get("Dir") or None,
            bits=parse_int(fields.get("Bits")),
            c_type=fields.get("Type") or None,
        ))
    return ports


def case_latency(overall: etree._Element | None, owner: str = "") -> LatencyRange:
    """Best/worst-case latency of a ``SummaryOfOverallLatency`` element
    (``owner``, a module of an aggregated report, named in a refusal)."""
    prefix = f"{owner} " if owner else ""
    return LatencyRange(parse_int(text_of(overall, "Best-caseLatency"), f"{prefix}Best-caseLatency"),
                        parse_int(text_of(overall, "Worst-caseLatency"), f"{prefix}Worst-caseLatency"))


def read_profile_root(root: etree._Element, path: Path) -> ModuleReport:
    """Module facts from a parsed ``<profile>`` root."""
    if root.tag != "profile":
        raise InputError(path, f"root element is <{root.tag}>", expected=EXPECTED)
    assignments = root.find("UserAssignments")
    name = text_of(assignments, "TopModelName")
    if not name:
        raise InputError(path, "no UserAssignments/TopModelName (truncated report?)", expected=EXPECTED)
    performance = root.find("PerformanceEstimates")
    if performance is None:
        raise InputError(path, "no PerformanceEstimates element (truncated report?)", expected=EXPECTED)
    overall = performance.find("SummaryOfOverallLatency")
    version = text_of(root, "ReportVersion/Version")
    ports = ports_of(root)
    return ModuleReport(
        name=name,
        path=path,
        tool="vitis" if assignments is not None and assignments.find("FlowTarget") is not None else "vivado",
        version=version,
        version_raw=version,
        family=text_of(assignments, "ProductFamily"),
        part=text_of(assignments, "Part"),
        top_name=name,
        clock_target_ns=parse_period(text_of(assignments, "TargetClockPeriod"), "TargetClockPeriod"),
        clock_uncertainty_ns=parse_float(text_of(assignments, "ClockUncertainty"), "ClockUncertainty"),
        clock_estimated_ns=parse_period(text_of(performance, "SummaryOfTimingAnalysis/EstimatedClockPeriod"),
                                        "EstimatedClockPeriod"),
        pipeline_type=text_of(performance, "PipelineType"),
        latency=case_latency(overall),
        latency_avg=parse_int(text_of(overall, "Average-caseLatency"), "Average-caseLatency"),
        interval=LatencyRange(parse_int(text_of(overall, "Interval-min"), "Interval-min"),
                              parse_int(text_of(overall, "Interval-max"), "Interval-max")),
        loops=loops_of(performance),
        instances=None,
        ports=ports,
        ports_path=path if ports else None,
        luts=parse_int(text_of(root, "AreaEstimates/Resources/LUT")),
        resources=resources_of(root.find("AreaEstimates")),
    )


def resources_of(area: etree._Element | None) -> list[ResourceUse]:
    """``AreaEstimates/Resources`` (BRAM_18K, DSP/DSP48E, FF, LUT, URAM...)
    with the device's ``AvailableResources``."""
    used = area.find("Resources") if area is not None else None
    if used is None:
        return []
    available = area.find("AvailableResources") if area is not None else None
    out = []
    for item in used:
        if not isinstance(item.tag, str):
            continue
        count = parse_float(item.text)
        if count is None:
            continue
        out.append(ResourceUse(str(item.tag), count, parse_float(text_of(available, str(item.tag)))))
    return out


def read_profile_xml(path: Path) -> ModuleReport:
    """Read one ``<module>_csynth.xml`` (or a ``csynth.xml`` copy of it)."""
    return read_profile_root(parse_xml_file(path, EXPECTED), path)
