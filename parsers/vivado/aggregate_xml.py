"""Reader for the aggregated ``csynth.xml`` of Vitis HLS >= 2021.2 (§3.6).

It holds, besides the top module's flat-profile data, every RTL module
(``ModuleInformation/Module``: loops with the instances they call), the full
instance tree (``RTLDesignHierarchy``), operation-to-loop/source bindings
(``BindNodes``) and the bus interfaces (``Interfaces``). It lets hlsight read
modules whose per-module reports were not committed and fold outlined
``_Pipeline_`` modules back into the loop that calls them.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from hlsight.core.model import Instance, Interface, LatencyRange, SourceLocation
from hlsight.parsers.vivado.burst_rpt import BundleBursts, read_xml_bursts
from hlsight.parsers.vivado.module_report import ModuleReport
from hlsight.parsers.vivado.pragmas import (
    TripCountPragma,
    listed_pragma_places,
    read_source_pragma_places,
    read_tripcount_pragmas,
)
from hlsight.parsers.vivado.profile_xml import (
    case_latency,
    loops_of,
    parse_source_location,
    read_profile_root,
    text_of,
)
from hlsight.parsers.vivado.values import parse_float, parse_int, parse_period, parse_range


@dataclass
class Aggregate:
    """Whole-design facts of an aggregated ``csynth.xml``."""

    path: Path
    top: ModuleReport
    modules: dict[str, ModuleReport] = field(default_factory=dict)
    #: module -> instances it contains (from RTLDesignHierarchy).
    hierarchy: dict[str, list[Instance]] = field(default_factory=dict)
    #: (module, loop name) -> source lines of operations bound in that loop.
    bind_sources: dict[tuple[str, str], list[SourceLocation]] = field(default_factory=dict)
    interfaces: list[Interface] = field(default_factory=list)
    #: an ``<Interfaces>`` element was there (its m_axi masters, or none, are known)
    interfaces_read: bool = False
    tripcount_pragmas: list[TripCountPragma] = field(default_factory=list)
    #: where the source's own pragmas sit (PragmaReport, isDirective="0")
    pragma_places: list[SourceLocation] = field(default_factory=list)
    #: every source pragma the report lists, valid or not; None: it lists none (no PragmaReport)
    listed_pragma_places: list[SourceLocation] | None = None


#: ``READ_WRITE_MODE`` (csynth.xml ``busParam``, csynth.rpt ``Read/Write``)
#: -> :attr:`Interface.direction`.
DIRECTION_OF_MODE = {"READ_ONLY": "read", "WRITE_ONLY": "write", "READ_WRITE": "readwrite"}


def is_aggregate(root: etree._Element) -> bool:
    return root.find("ModuleInformation") is not None


def _module_report(element: etree._Element, path: Path, top: ModuleReport) -> ModuleReport | None:
    name = text_of(element, "Name")
    if not name:
        return None
    performance = element.find("PerformanceEstimates")
    overall = None if performance is None else performance.find("SummaryOfOverallLatency")
    timing = None if performance is None else performance.find("SummaryOfTimingAnalysis")
    return ModuleReport(
        name=name, path=path, tool=top.tool, version=top.version, version_raw=top.version_raw,
        family=top.family, part=top.part,
        clock_target_ns=parse_period(text_of(timing, "TargetClockPeriod"), f"module {name} TargetClockPeriod"),
        clock_uncertainty_ns=parse_float(text_of(timing, "ClockUncertainty"), f"module {name} ClockUncertainty"),
        clock_estimated_ns=parse_period(text_of(timing, "EstimatedClockPeriod"),
                                        f"module {name} EstimatedClockPeriod"),
        pipeline_type=text_of(overall, "PipelineType"),
        latency=case_latency(overall, f"module {name}"),
        latency_avg=parse_int(text_of(overall, "Average-caseLatency"), f"module {name} Average-caseLatency"),
        interval=LatencyRange(*parse_range(text_of(overall, "PipelineInitiationInterval"),
                                           f"module {name} PipelineInitiationInterval")),
        loops=loops_of(performance),
        instances=None,
    )


def _walk_hierarchy(node: etree._Element, out: dict[str, list[Instance]]) -> None:
    module = text_of(node, "ModuleName")
    if not module:
        return
    children = node.find("InstancesList")
    instances: list[Instance] = []
    for child in [] if children is None else children.iterfind("Instance"):
        child_module = text_of(child, "ModuleName")
        inst_name = text_of(child, "InstName")
        if child_module and inst_name:
            instances.append(Instance(inst_name, child_module))
            _walk_hierarchy(child, out)
    out.setdefault(module, instances)


def _bind_sources(root: etree._Element) -> dict[tuple[str, str], list[SourceLocation]]:
    found: dict[tuple[str, str], list[SourceLocation]] = defaultdict(list)
    for module in root.iterfind("ModuleInformation/Module"):
        name = text_of(module, "Name") or ""
        for node in module.iterfind("BindNodes/BindNode"):
            location = parse_source_location(node.get("SOURCE"))
            if location is not None:  # LOOP="": the module's own operations, outside its loops
                found[(name, node.get("LOOP") or "")].append(location)
    return dict(found)


def _interfaces(root: etree._Element, path: Path) -> list[Interface]:
    """The m_axi masters of ``<Interfaces>``: data/address width, bundle and
    bus parameters (burst lengths, outstanding requests, read/write mode),
    and the C arguments ``<Args>`` maps to each (a pointer without
    ``bundle=`` went to Vitis' ``gmem0`` in a public 2022.1 autoencoder).
    Other entries (clock, reset, ap_ctrl, s_axilite, axis, memories) add
    nothing to the per-port view."""
    interfaces: list[Interface] = []
    for element in root.iterfind("Interfaces/Interface"):
        name = element.get("InterfaceName") or ""
        if element.get("busTypeName") != "aximm" or element.get("mode") != "master" \
                or not name.startswith("m_axi_"):
            continue
        params = {param.get("busParamName") or "": (param.text or "").strip()
                  for param in element.iterfind("busParams/busParam")}
        params = {key: value for key, value in params.items() if key}
        mode = params.get("READ_WRITE_MODE", "")
        interfaces.append(Interface(
            name=name, protocol="m_axi", width_bits=parse_int(element.get("dataWidth")),
            bundle=name[len("m_axi_"):], source_object=name[len("m_axi_"):],
            direction=DIRECTION_OF_MODE.get(mode),
            address_bits=parse_int(element.get("addrWidth")), details=params, read_from=[str(path)],
        ))
    by_name = {interface.name: interface for interface in interfaces}
    bursts = read_xml_bursts(root)
    if bursts is not None:  # the section is there: a bundle it names no burst for has none
        for interface in interfaces:
            interface.details.update(bursts.get(interface.name, BundleBursts()).details())
    for argument in root.iterfind("Args/Arg"):
        argument_name = argument.get("ArgName") or ""
        for reference in argument.iterfind("hwRefs/hwRef"):
            bus = by_name.get(reference.get("interface") or "")
            if reference.get("type") == "interface" and bus is not None and argument_name \
                    and argument_name not in bus.arguments:
                bus.arguments.append(argument_name)
    return interfaces


def read_aggregate_root(root: etree._Element, path: Path) -> Aggregate:
    """Whole-design facts from a parsed aggregated ``csynth.xml``."""
    top = read_profile_root(root, path)
    aggregate = Aggregate(path=path, top=top)
    for element in root.iterfind("ModuleInformation/Module"):
        module = _module_report(element, path, top)
        if module is not None:
            if module.name == top.name and not module.resources:
                # the top's own AreaEstimates (with AvailableResources), as
                # reading this file alone gives them: a solution whose
                # <top>_csynth.xml is missing showed no resources
                module.resources = list(top.resources)
            if module.name == top.name and not module.ports:
                # likewise its InterfaceSummary: a set of csynth.xml alone (a
                # public 2023.1 LeNet, ap_memory ports only) was said to have
                # no interface table, its m_axi bundles unknown
                module.ports, module.ports_path = list(top.ports), top.ports_path
            aggregate.modules[module.name] = module
    top_node = root.find("RTLDesignHierarchy/TopModule")
    if top_node is not None:
        _walk_hierarchy(top_node, aggregate.hierarchy)
    aggregate.bind_sources = _bind_sources(root)
    aggregate.interfaces = _interfaces(root, path)
    aggregate.interfaces_read = root.find("Interfaces") is not None
    aggregate.tripcount_pragmas = read_tripcount_pragmas(root)
    aggregate.pragma_places = read_source_pragma_places(root)
    aggregate.listed_pragma_places = listed_pragma_places(root)
    return aggregate


#: a file of the HLS tool's own headers, as a BindNode SOURCE names it
#: (``/tools/.../Vitis_HLS/2022.1/common/technology/autopilot/ap_fixed_base.h``)
_VENDOR_HEADER = re.compile(r"(?:^|[\\/])(?:ap_\w+|hls_\w+)\.h$|[\\/]autopilot[\\/]|[\\/]etc[\\/]ap_")


def likely_location(locations: list[SourceLocation], line: int | None = None,
                    beside: Sequence[SourceLocation] = ()) -> SourceLocation | None:
    """The first line of the file most operations of a loop come from, the
    HLS tool's own headers left out: a public Vitis 2022.1 convolution's
    fixed-point arithmetic put 88 of a loop's operations in
    ``ap_fixed_base.h``, and its loops were shown there. ``line``: the line
    a Vitis loop name gives; a file with an operation on it is the loop's
    before one with more operations elsewhere (an inlined helper's file). A
    loop all of whose operations are in the tool's headers (a public 2022.2
    loop of ``ap_uint<8>`` counters, bound in ``ap_int_base.h`` only), or
    that has none, is on ``line`` of the one file of the design ``beside``
    (its module's other operations) comes from; of several, or without a
    line, nowhere the report says."""
    own = [location for location in locations if not _VENDOR_HEADER.search(location.file)]
    if not own:
        around = {location.file for location in beside if not _VENDOR_HEADER.search(location.file)}
        return SourceLocation(around.pop(), line) if line is not None and len(around) == 1 else None
    on_line = [location for location in own if line is not None and location.line == line]
    file, _ = Counter(location.file for location in on_line or own).most_common(1)[0]
    return min((location for location in own if location.file == file), key=lambda loc: loc.line)
