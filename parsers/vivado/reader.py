"""The Vivado HLS / Vitis HLS front end: PATH -> :class:`Design`.

``read_report(path)`` is the public entry point (also used by later analyses
that need the loop tree: HLScope+ instrumentation); ``READER`` plugs it into
:func:`hlsight.parsers.loader.load_design`.
"""

from __future__ import annotations

from pathlib import Path

from hlsight.core.diagnostics import Severity
from hlsight.core.errors import InputError
from hlsight.core.limits import reading
from hlsight.core.model import Design
from hlsight.parsers.loader import ReadOptions
from hlsight.parsers.vivado.aggregate_xml import Aggregate, is_aggregate, read_aggregate_root
from hlsight.parsers.vivado.assemble import build_design
from hlsight.parsers.vivado.bind_ops import read_bind_ops
from hlsight.parsers.vivado.clock_check import implausible_clocks
from hlsight.parsers.vivado.cosim import cosim_for_tops
from hlsight.parsers.vivado.discovery import locate, looks_like_vivado
from hlsight.parsers.vivado.export_report import implementation_of
from hlsight.parsers.vivado.interface_sources import ports_from_sibling_rpt
from hlsight.parsers.vivado.merge import merge_module
from hlsight.parsers.vivado.module_report import INSTANCES, INTERFACE, ModuleReport
from hlsight.parsers.vivado.profile_xml import EXPECTED as XML_EXPECTED
from hlsight.parsers.vivado.profile_xml import read_profile_root
from hlsight.parsers.vivado.rpt import read_rpt
from hlsight.parsers.vivado.summary_rpt import read_summary_interfaces
from hlsight.parsers.vivado.truncation import CutReport, covered_by_xml, judge
from hlsight.parsers.xml_safe import parse_xml_file

MODULE_SUFFIX = "_csynth"


def _module_stem(path: Path) -> str:
    return path.stem[: -len(MODULE_SUFFIX)]


def _read_xml(path: Path) -> ModuleReport | Aggregate:
    with reading(path, XML_EXPECTED):
        root = parse_xml_file(path, XML_EXPECTED)
        return read_aggregate_root(root, path) if is_aggregate(root) else read_profile_root(root, path)


def read_directory(report_dir: Path, root: Path) -> Design:
    """Every module report of one ``syn/report`` directory."""
    xml_files = {_module_stem(p): p for p in sorted(report_dir.glob(f"*{MODULE_SUFFIX}.xml"))}
    rpt_files = {_module_stem(p): p for p in sorted(report_dir.glob(f"*{MODULE_SUFFIX}.rpt"))}
    artifacts: list[Path] = []
    aggregate: Aggregate | None = None
    top_copy: ModuleReport | None = None
    summary = report_dir / "csynth.xml"
    if summary.is_file():
        parsed = _read_xml(summary)
        artifacts.append(summary)
        if isinstance(parsed, Aggregate):
            aggregate = parsed
        else:
            top_copy = parsed  # <= 2020.2: a copy of <top>_csynth.xml
    modules: list[ModuleReport] = []
    diagnostics = []
    cuts: list[CutReport] = []
    stems = set(xml_files) | set(rpt_files) | ({top_copy.name} if top_copy is not None else set())
    for stem in sorted(stems):
        # The copy stands in for a top-module XML that was not kept.
        xml_report = top_copy if top_copy is not None and stem == top_copy.name else None
        rpt_report = None
        if stem in xml_files:
            parsed_module = _read_xml(xml_files[stem])
            if isinstance(parsed_module, Aggregate):
                raise InputError(xml_files[stem], "aggregated csynth.xml content in a per-module file",
                                 expected=XML_EXPECTED)
            xml_report = parsed_module
            artifacts.append(xml_files[stem])
        if stem in rpt_files:
            rpt_report = read_rpt(rpt_files[stem])
            artifacts.append(rpt_files[stem])
            if rpt_report.cut_in is not None:
                cuts.append(_cut_report(rpt_report, xml_report, aggregate))
        module, found = merge_module(xml_report, rpt_report)
        modules.append(module)
        diagnostics.extend(found)
    if not modules and aggregate is None:
        raise InputError(report_dir, "no <module>_csynth.xml/.rpt files",
                         expected="a Vivado/Vitis syn/report directory")
    declared_top = top_copy.name if top_copy is not None else None
    # csynth.rpt: its M_AXI table fills the bus facts csynth.xml would give (a set without it)
    bus_table, found_bus = (None, []) if not (report_dir / "csynth.rpt").is_file() else \
        read_summary_interfaces(report_dir / "csynth.rpt")
    diagnostics.extend(found_bus)
    if bus_table is not None and bus_table.interfaces:
        artifacts.append(bus_table.path)
    design = build_design(modules, root, artifacts, aggregate=aggregate, declared_top=declared_top,
                          diagnostics=diagnostics, summary=bus_table)
    if (report_dir / "csynth.rpt").is_file():  # its bind-op table: each module's operators and their latencies
        operators, found_ops = read_bind_ops(report_dir / "csynth.rpt")
        design.diagnostics.extend(found_ops)
        for kernel in design.kernels:
            kernel.operators = operators.get(kernel.name, [])
    design.diagnostics.extend(judge(design, cuts))
    attach_measurements(design, report_dir)
    return design


def attach_measurements(design: Design, report_dir: Path) -> None:
    """What was measured beside the synthesis reports in ``report_dir``: the
    tops' co-simulation and the exported RTL's implementation. Also for one
    report file given as PATH (a public 2023.1 solution's ``csynth.xml``
    given alone lost both, and its estimated clock was printed as the
    other line, 12 % above the routed one)."""
    design.cosim, found_cosim = cosim_for_tops(report_dir, [kernel.name for kernel in design.top_kernels()])
    design.artifacts.extend(report.path for report in design.cosim)
    design.diagnostics.extend(found_cosim)
    _attach_implementation(design, report_dir)


def _attach_implementation(design: Design, report_dir: Path) -> None:
    """The one top's export report: its place-and-route clock is the top's
    placed fmax (a public 2025.1 KV260 design's folder held a routed 4.793 ns
    while its "227 MHz" HLS estimate was printed as the fmax)."""
    tops = design.top_kernels()
    if len(tops) != 1:
        return
    (top,) = tops
    design.implementation, found = implementation_of(report_dir, top.name)
    design.diagnostics.extend(found)
    if design.implementation is None:
        return
    design.artifacts.append(design.implementation.path)
    achieved = design.implementation.cp_post_route_ns
    if achieved is not None:
        top.fmax_postfit_mhz = 1000.0 / achieved


def _cut_report(rpt: ModuleReport, xml: ModuleReport | None, aggregate: Aggregate | None) -> CutReport:
    """A truncated rpt and the files of the set that give what it lacks."""
    cut = CutReport(rpt)
    if xml is not None:
        covered_by_xml(cut, xml)
    if aggregate is not None and rpt.name in aggregate.hierarchy:
        cut.covered.setdefault(INSTANCES, aggregate.path.name)
        rpt.instances = None  # the rows before the cut give way to the complete RTLDesignHierarchy
    if aggregate is not None and aggregate.interfaces_read and rpt.name == aggregate.top.name:
        cut.covered.setdefault(INTERFACE, aggregate.path.name)
    return cut


def read_single_file(path: Path) -> Design:
    """Exactly one report file: a module's XML or rpt, or ``csynth.xml``."""
    if path.name == "csynth.rpt":
        raise InputError(path, "the csynth.rpt summary prints only maxima; point at the directory or a "
                               "<module>_csynth.xml/.rpt", expected="a per-module report or csynth.xml")
    if path.suffix == ".rpt":
        modules = [read_rpt(path)]
        design = build_design(modules, path, [path], missing_severity=Severity.INFO)
        # nothing else of the set is here to cover a cut: judge refuses what the estimate needs
        design.diagnostics.extend(judge(design, [CutReport(modules[0])] if modules[0].cut_in is not None else []))
        return design
    parsed = _read_xml(path)
    top = parsed.top if isinstance(parsed, Aggregate) else parsed
    # The top-level part of an aggregated file is the top module's full profile (ports included).
    found = ports_from_sibling_rpt(top)
    artifacts = [path] if top.ports_path in (None, path) else [path, top.ports_path]
    if isinstance(parsed, Aggregate):
        return build_design([parsed.top], path, artifacts, aggregate=parsed, diagnostics=found,
                            missing_severity=Severity.INFO, note_summary_modules=False)
    return build_design([parsed], path, artifacts, declared_top=parsed.name, diagnostics=found,
                        missing_severity=Severity.INFO)


def read_report(path: Path | str, options: ReadOptions | None = None) -> Design:
    """Read a Vivado/Vitis project, solution, ``syn/report`` directory or file."""
    path = Path(path)
    options = options or ReadOptions()
    located = locate(path, options.solution)
    if located.single_file is not None:
        design = read_single_file(located.single_file)
        attach_measurements(design, located.single_file.parent)
    else:
        assert located.report_dir is not None
        design = read_directory(located.report_dir, path)
    design.diagnostics.extend(implausible_clocks(design))
    return design


class VivadoReader:
    """Vivado HLS 2015.3-2020.1 and Vitis HLS 2020.1-2025.2 csynth reports."""

    name = "vivado"
    accepts = ("a Vivado/Vitis HLS project, solution or syn/report directory, or a *_csynth.xml/.rpt file")

    def claims(self, path: Path) -> bool:
        return looks_like_vivado(path)

    def read(self, path: Path, options: ReadOptions) -> Design:
        return read_report(path, options)


READER = VivadoReader()
