"""Merge the XML and the rpt view of one module.

Numbers come from the XML (no alignment pitfalls); the rpt adds what only it
has: the II target, the instance table (<= 2020.2 hierarchy), the tool's
build string, the ``N ~ ?`` trip-count minimum that XML writes as ``undef``,
and the loop names with their blanks. Loop trees are matched in pre-order;
when the two files disagree on the loop structure the XML wins and a
diagnostic says so.
"""

from __future__ import annotations

from dataclasses import replace

from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import LatencyRange, Loop, TripCount
from hlsight.parsers.vivado.module_report import LOOPS, ModuleReport


def preorder(loops: list[Loop]) -> list[Loop]:
    out: list[Loop] = []
    for loop in loops:
        out.extend(loop.walk())
    return out


def _key(loop: Loop) -> str:
    return loop.name.replace(" ", "")


def _depths(loops: list[Loop], depth: int = 1) -> list[int]:
    out: list[int] = []
    for loop in loops:
        out.append(depth)
        out.extend(_depths(loop.children, depth + 1))
    return out


def align(primary: list[Loop], other: list[Loop]) -> list[tuple[Loop, Loop]] | None:
    """Pairs of the same loop in two trees, or ``None`` when the trees differ
    (names compared without blanks: XML ``Loop1.1`` = rpt ``Loop 1.1``)."""
    left, right = preorder(primary), preorder(other)
    if len(left) != len(right) or _depths(primary) != _depths(other):
        return None
    if any(_key(a) != _key(b) for a, b in zip(left, right, strict=True)):
        return None
    return list(zip(left, right, strict=True))


def _enrich_loop(xml_loop: Loop, rpt_loop: Loop) -> None:
    xml_loop.name = rpt_loop.name
    xml_loop.ii_target = rpt_loop.ii_target
    xml_tc, rpt_tc = xml_loop.trip_count, rpt_loop.trip_count
    if xml_tc is not None and rpt_tc is not None and xml_tc.min is None and rpt_tc.min is not None:
        # rpt "1 ~ ?" is written as XML "undef": keep the known minimum (§3.2 item 4).
        xml_loop.trip_count = TripCount(rpt_tc.min, xml_tc.max, xml_tc.avg)


#: Kept for the top module only (:func:`hlsight.parsers.vivado.assemble.build_design`):
#: Vitis writes 0 as the rpt interval of outlined ``_Pipeline_`` modules.
INTERVAL_RULE = "vivado-interval-disagreement"


def _known(value: LatencyRange | None) -> bool:
    return value is not None and (value.min is not None or value.max is not None)


def _merge_interval(xml: ModuleReport, rpt: ModuleReport) -> tuple[LatencyRange | None, Diagnostic | None]:
    """The XML interval; the rpt's when the XML has none (Vivado HLS 2013.x
    XML has no Interval-min/max). When both give one and they differ, the
    XML wins and the diagnostic names both: a note when they differ by one
    cycle, as every 2018.1-2020.1 report seen does (the XML one more: three
    corpus designs and two outside, decision 72), else a warning."""
    if not _known(xml.interval):
        return rpt.interval, None
    if _known(rpt.interval) and rpt.interval != xml.interval:
        assert xml.interval is not None and rpt.interval is not None
        one_cycle = _one_apart(xml.interval.min, rpt.interval.min) and _one_apart(xml.interval.max, rpt.interval.max)
        return xml.interval, Diagnostic(
            rule=INTERVAL_RULE, severity=Severity.NOTE if one_cycle else Severity.WARNING,
            message=(f"module '{xml.name}': interval {xml.interval.min} ~ {xml.interval.max} in {xml.path.name}"
                     f" but {rpt.interval.min} ~ {rpt.interval.max} in {rpt.path.name}; using the XML"
                     + (" (one cycle apart, as these versions' reports are)" if one_cycle else "")),
            file=str(xml.path), kernel=xml.name,
        )
    return xml.interval, None


def _one_apart(first: int | None, second: int | None) -> bool:
    return first is not None and second is not None and abs(first - second) <= 1


#: Kept for the top modules only, as :data:`INTERVAL_RULE`: a sub-module's
#: ports are its C arguments, which the estimate does not read.
PORTS_RULE = "vivado-interface-from-rpt"


def take_rpt_ports(module: ModuleReport, rpt: ModuleReport, where: str = "") -> Diagnostic | None:
    """The rpt's interface table when the XML has no ``InterfaceSummary``
    (rebuilt projects, XML written by other tools): both list the same rows
    in every corpus version, and without them the top's m_axi bundles, and
    so its DRAM traffic, vanished from the estimate without a word.
    ``where`` completes the note (" beside it")."""
    if module.ports or not rpt.ports:
        return None
    module.ports, module.ports_path, module.ports_line = list(rpt.ports), rpt.ports_path, rpt.ports_line
    bundles = sorted({port.source_object for port in rpt.ports if port.protocol == "m_axi"})
    shown = f"m_axi {', '.join(bundles)}" if bundles else "no m_axi"
    return Diagnostic(
        rule=PORTS_RULE, severity=Severity.NOTE,
        message=(f"module '{module.name}': {module.path.name} has no InterfaceSummary; its {len(rpt.ports)} ports"
                 f" ({shown}) are read from the interface table of {rpt.path.name}{where}"),
        file=str(rpt.path), line=rpt.ports_line, kernel=module.name, subject=module.name,
    )


def merge_module(xml: ModuleReport | None, rpt: ModuleReport | None) -> tuple[ModuleReport, list[Diagnostic]]:
    """One module from its XML and/or rpt report (at least one is given)."""
    if xml is None or rpt is None:
        only = xml if xml is not None else rpt
        assert only is not None
        return only, []
    diagnostics: list[Diagnostic] = []
    merged = replace(xml, tool=rpt.tool or xml.tool, version_raw=rpt.version_raw or xml.version_raw,
                     instances=rpt.instances)
    if merged.clock_estimated_ns is None:
        merged.clock_estimated_ns = rpt.clock_estimated_ns
    merged.interval, interval_diagnostic = _merge_interval(xml, rpt)
    if interval_diagnostic is not None:
        diagnostics.append(interval_diagnostic)
    ports_diagnostic = take_rpt_ports(merged, rpt)
    if ports_diagnostic is not None:
        diagnostics.append(ports_diagnostic)
    if LOOPS in rpt.lacks():
        return merged, diagnostics  # a truncated rpt without its loop table: the XML's loops as they are
    pairs = align(xml.loops, rpt.loops)
    if pairs is None:
        diagnostics.append(Diagnostic(
            rule="vivado-report-disagreement", severity=Severity.WARNING,
            message=(f"module '{xml.name}': loop tables of {rpt.path.name} and {xml.path.name} differ; "
                     "using the XML"),
            file=str(xml.path), kernel=xml.name,
        ))
    else:
        for xml_loop, rpt_loop in pairs:
            _enrich_loop(xml_loop, rpt_loop)
    return merged, diagnostics
