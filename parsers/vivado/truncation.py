"""What a truncated module rpt costs, decided once the design is known.

A copy interrupted mid-write ends inside one part of a ``<module>_csynth.rpt``
(``ModuleReport.cut_in``); that part and every later one are unread. It used
to stop the whole analysis. Whether it may go on depends on the facts lost:

* another file of the report set carries them (the module's XML: latency,
  clock, loops, resources and, with ``InterfaceSummary``, the ports; the
  aggregated ``csynth.xml``: the instance tree and the top's ``<Interfaces>``):
  a warning names the file and the analysis continues from the rest;
* the estimate does not read them (resources; a sub-module's ports, whose
  m_axi rows are its C arguments): a warning as well;
* an instance table no other file lists (Vivado HLS <= 2020.2, where the
  rpt is the only record of a module's calls): the rows written before the
  cut are kept and the module is marked (``Kernel.instances_cut``): its
  cycles are its report latency, which the summary before the table (or the
  module's XML) gives, never composed from calls some of which are unknown;
  a warning names the file, the rows read and what is lost;
* otherwise (a latency summary or loop table, or a top's interface table,
  which decides its m_axi bundles and so its DRAM terms, in no other file)
  the number would be silently wrong: one clear error naming the file and
  what it lacks.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.errors import InputError
from hlsight.core.model import Design, Kernel
from hlsight.core.units import count_range, name_list
from hlsight.parsers.vivado.module_report import INSTANCES, INTERFACE, LOOPS, PERFORMANCE, UTILIZATION, ModuleReport

RULE = "vivado-truncated-report"

#: Parts whose facts every module's cycle count needs.
NEEDED = frozenset({PERFORMANCE, INSTANCES, LOOPS})


@dataclass
class CutReport:
    """A truncated rpt, and the parts other files of the set give instead
    (part -> the file that gives it)."""

    rpt: ModuleReport
    covered: dict[str, str] = field(default_factory=dict)


def covered_by_xml(cut: CutReport, xml: ModuleReport) -> None:
    """The module's own XML (or the ``csynth.xml`` copy of it)."""
    for part in XML_PARTS - ({INTERFACE} if not xml.ports else set()):
        cut.covered.setdefault(part, xml.path.name)


def judge(design: Design, cuts: list[CutReport]) -> list[Diagnostic]:
    """A warning per truncated rpt whose lost facts are elsewhere or unused;
    :class:`InputError` for the first whose lost facts the estimate needs."""
    tops = {kernel.name for kernel in design.top_kernels()}
    diagnostics: list[Diagnostic] = []
    for cut in cuts:
        rpt = cut.rpt
        needed = NEEDED | ({INTERFACE} if rpt.name in tops else set())
        lost = [part for part in rpt.lacks() if part in needed and part not in cut.covered]
        where = f"ends in its {rpt.cut_in} at line {rpt.cut_line} (truncated report?)"
        calls_cut = lost == [INSTANCES]  # its latency is read: the calls stay unknown, marked
        if calls_cut:
            lost = []
        if lost:
            raise InputError(rpt.path, (
                f"{where}: the {name_list(lost)} of module '{rpt.name}' {'is' if len(lost) == 1 else 'are'} in no"
                " other file of this report set"), expected=_expected(rpt, lost))
        files = sorted({file for part, file in cut.covered.items() if part in rpt.lacks()})
        said = [f"{name_list([part for part in rpt.lacks() if cut.covered.get(part) == file])} from {file}"
                for file in files]
        unused = [part for part in rpt.lacks() if part not in cut.covered and part != INSTANCES]
        if calls_cut:
            kernel = next((kernel for kernel in design.kernels if kernel.name == rpt.name), None)
            if kernel is not None:
                kernel.instances_cut = f"{rpt.path.name}:{rpt.cut_line}"  # its cycles: its latency, not its calls
            said.insert(0, _calls_cut_words(kernel))
        if unused:
            said.append(f"{name_list(unused)} left out (not used by the estimate)")
        diagnostics.append(Diagnostic(
            rule=RULE, severity=Severity.WARNING,
            message=f"{rpt.path.name} {where}; module '{rpt.name}' is read without it: {'; '.join(said)}",
            file=str(rpt.path), line=rpt.cut_line, kernel=rpt.name, subject=rpt.name,
        ))
    return diagnostics


def _calls_cut_words(kernel: Kernel | None) -> str:
    """What a module whose calls are listed only up to the cut leaves known:
    the instances read, its latency, and that the calls after the cut are
    unknown (not 0)."""
    listed = [] if kernel is None else [instance.module for instance in kernel.instances]
    latency = None if kernel is None else kernel.latency
    shown = "?" if latency is None else count_range(latency.min, latency.max, collapse=True)
    rows = f"{len(listed)} call{'' if len(listed) == 1 else 's'} read ({', '.join(listed)})" if listed \
        else "no call read"
    return (f"its instance table is in no other file: {rows}, the calls after the cut are unknown, so its cycles"
            f" are its report latency ({shown}), not composed from its calls")


#: What a module's own XML can stand in for (never its instances: the flat
#: per-module XML has no instance list).
XML_PARTS = frozenset({PERFORMANCE, LOOPS, UTILIZATION, INTERFACE})


def _expected(rpt: ModuleReport, lost: list[str]) -> str:
    expected = f"a complete {rpt.path.name}"
    if set(lost) <= XML_PARTS:
        expected += f", or {rpt.name}_csynth.xml beside it"
        expected += " with an InterfaceSummary" if INTERFACE in lost else ""
    return expected
