"""The exported RTL's implementation report: ``<top>_export.rpt``.

``export_design -flow syn|impl`` (Vivado HLS) and the unified flow's
``package.output.syn``/``impl`` run Vivado on the RTL and write, under
``<solution>/impl/report/{verilog,vhdl}/`` (a Vitis component:
``hls/impl/report/verilog/``), what it achieved::

    Implementation tool: Xilinx Vivado v.2025.1.1
    ...
    #=== Post-Implementation Resource usage ===
    LUT:           5848
    ...
    #=== Final timing ===
    CP required:                     5.000
    CP achieved post-synthesis:      4.942
    CP achieved post-implementation: 4.793
    Timing met

Vivado HLS before 2017 wrote one ``CP achieved:`` line under ``#=== Resource
usage ===``, which does not say after which step. The csynth report's
clock is the scheduler's estimate; this one is a placed design's.
"""

from __future__ import annotations

import re
from pathlib import Path

from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import ImplementationReport
from hlsight.parsers.vivado.cosim import UnreadDate, report_dated_before_synthesis, report_head

#: the name Vivado HLS / Vitis gives the report, after the top
EXPORT_SUFFIX = "_export.rpt"
#: an export report is under 2 KB; the unified flow's hls_impl_pnr.rpt (100 KB and more: its
#: resource and timing-path tables) gives its summary first: only this much is read
MAX_EXPORT_BYTES = 64 * 1024

_TOOL = re.compile(r"^Implementation tool:\s*(?P<tool>.+?)\s*$", re.MULTILINE)
_DATE = re.compile(r"^(?:Report date:|\s*\* Date:)\s*(?P<when>.+?)\s*$", re.MULTILINE)
_HEADING = re.compile(r"^#=== (?:(?P<stage>Post-Implementation|Post-Synthesis) )?Resource usage ===\s*$",
                      re.MULTILINE)
_RESOURCE = re.compile(r"^(?P<name>SLICE|LUT|FF|DSP|BRAM|URAM|LATCH|SRL|CLB):\s*(?P<count>\d+)\s*$", re.MULTILINE)
_NUMBER = r"(?P<ns>\d+(?:\.\d*)?|\.\d+)"
_CP = {
    "required": re.compile(rf"^CP required:\s*{_NUMBER}\s*$", re.MULTILINE),
    "synthesis": re.compile(rf"^CP achieved post-synthesis:\s*{_NUMBER}\s*$", re.MULTILINE),
    "route": re.compile(rf"^CP achieved post-implementation:\s*{_NUMBER}\s*$", re.MULTILINE),
    "achieved": re.compile(rf"^CP achieved:\s*{_NUMBER}\s*$", re.MULTILINE),
}
_VERDICT = re.compile(r"^Timing (?P<verdict>met|not met)\s*$", re.MULTILINE)
#: the unified flow's ``reports/hls_impl_pnr.rpt`` (Vitis 2023+): a table of periods
_TABLE_CP = {
    "required": re.compile(rf"^\|\s*Target\s*\|\s*{_NUMBER}\s*\|", re.MULTILINE),
    "synthesis": re.compile(rf"^\|\s*Post-Synthesis\s*\|\s*{_NUMBER}\s*\|", re.MULTILINE),
    "route": re.compile(rf"^\|\s*Post-Route\s*\|\s*{_NUMBER}\s*\|", re.MULTILINE),
}
_TABLE_VERDICT = re.compile(r"^\* Timing was (?P<verdict>met|not met|NOT met)\s*$", re.MULTILINE)
_TABLE_TOOL = re.compile(r"^\s*\* Version:\s*(?P<tool>.+?)\s*$", re.MULTILINE)
#: where a Vitis unified component keeps its place-and-route summary, beside ``hls_cosim.rpt``
COMPONENT_PNR = "hls_impl_pnr.rpt"


def export_reports_of(report_dir: Path, top: str) -> list[Path]:
    """Where ``top``'s export report can be: the solution's (or component's)
    ``impl/report/verilog`` and ``vhdl`` beside ``syn/report``, and the
    report folder itself (a public project copied both into one folder)."""
    name = f"{top}{EXPORT_SUFFIX}"
    places = [report_dir / name]
    if report_dir.name == "report" and report_dir.parent.name == "syn":
        implementation = report_dir.parent.parent / "impl" / "report"
        places += [implementation / "verilog" / name, implementation / "vhdl" / name,
                   implementation / "verilog" / "export_impl.rpt"]
        if report_dir.parent.parent.name == "hls":  # a component: <component>/reports/hls_impl_pnr.rpt
            places.append(report_dir.parent.parent.parent / "reports" / COMPONENT_PNR)
    return [path for path in places if path.is_file()]


def read_export_report(path: Path, top: str) -> tuple[ImplementationReport | None, list[Diagnostic]]:
    """The report's timing and resources; ``None`` (said) when it holds no
    timing a number can rest on."""
    try:
        with path.open("rb") as stream:
            raw = stream.read(MAX_EXPORT_BYTES)
    except OSError as error:
        return None, [_unread(path, f"cannot be read ({error.strerror or error})")]
    text = raw.decode("utf-8", errors="replace")
    periods = {key: _period(pattern, text) for key, pattern in _CP.items()}
    table = {key: _period(pattern, text) for key, pattern in _TABLE_CP.items()}
    if all(value is None for value in periods.values()) and any(value is not None for value in table.values()):
        # the unified flow's table: "| Post-Route | 9.026 |" (a public 2025.2 ViT component)
        periods = {**table, "achieved": None}
        verdict, tool = _TABLE_VERDICT.search(text), _TABLE_TOOL.search(text)
        stage = "post-implementation" if periods["route"] is not None else None
    else:
        heading = _HEADING.search(text)
        stage = None if heading is None or heading["stage"] is None else heading["stage"].lower()
        verdict, tool = _VERDICT.search(text), _TOOL.search(text)
    if periods["route"] is None and periods["achieved"] is None and periods["synthesis"] is None:
        return None, [_unread(path, "holds no 'CP achieved' line (expected Vivado's '#=== Final timing ===' block)")]
    return ImplementationReport(
        path=path, top=top, tool=None if tool is None else tool["tool"],
        cp_required_ns=periods["required"], cp_post_synthesis_ns=periods["synthesis"],
        cp_post_route_ns=periods["route"], cp_achieved_ns=periods["achieved"],
        timing_met=None if verdict is None else verdict["verdict"] == "met",
        resources_stage=stage,
        resources={match["name"]: int(match["count"]) for match in _RESOURCE.finditer(text)},
    ), []


def implementation_of(report_dir: Path, top: str) -> tuple[ImplementationReport | None, list[Diagnostic]]:
    """The top's export report, dated against its synthesis report: one
    older than the synthesis implemented an earlier design (said)."""
    places = export_reports_of(report_dir, top)
    if not places:
        return None, []
    report, found = read_export_report(places[0], top)
    if report is None:
        return None, found
    when = _DATE.search(report_head(report.path))
    try:
        stale = None if when is None else report_dated_before_synthesis(when["when"], report_dir, top)
    except UnreadDate:
        stale = None  # not checked: the report is taken as the synthesis's (no date read to say otherwise)
    if stale is not None:
        found.append(Diagnostic(
            rule="vivado-impl-stale", severity=Severity.WARNING, file=str(report.path),
            message=(f"this implementation report is older than the synthesis ({stale}): it implemented an"
                     " earlier design, so its achieved clock is not used")))
        return ImplementationReport(path=report.path, top=top, tool=report.tool, older_than_synthesis=stale), found
    return report, found


def _period(pattern: re.Pattern[str], text: str) -> float | None:
    match = pattern.search(text)
    if match is None:
        return None
    value = float(match["ns"])
    return value if value > 0 else None


def _unread(path: Path, why: str) -> Diagnostic:
    return Diagnostic(rule="vivado-impl-unread", severity=Severity.WARNING, file=str(path),
                      message=f"implementation report not read: it {why}")
