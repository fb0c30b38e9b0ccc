"""Where a top module's interface table comes from when its XML lacks one.

The per-port interface table (XML ``InterfaceSummary``, rpt ``== Interface``)
is the only record of a top's m_axi bundles before Vitis 2021.2, and the
HLScope+ DRAM model times exactly those bundles. A rebuilt project or an XML
written without it made the bundles vanish: the estimate then had no DRAM
term and said nothing. A directory read merges the rpt's table
(:func:`hlsight.parsers.vivado.merge.merge_module`); one XML file named alone
takes its module's rpt beside it (:func:`ports_from_sibling_rpt`); a top with
no table from any file is said (:func:`no_interface_table`).
"""

from __future__ import annotations

from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.errors import InputError
from hlsight.core.model import Kernel
from hlsight.parsers.vivado.merge import PORTS_RULE, take_rpt_ports
from hlsight.parsers.vivado.module_report import INTERFACE, ModuleReport
from hlsight.parsers.vivado.rpt import read_rpt
from hlsight.parsers.vivado.truncation import RULE as TRUNCATED_RULE

NO_TABLE_RULE = "vivado-no-interface-table"


def ports_from_sibling_rpt(module: ModuleReport) -> list[Diagnostic]:
    """Fill ``module.ports`` (read from an XML without ``InterfaceSummary``)
    from ``<module>_csynth.rpt`` in the same folder, the same module's other
    view; one XML file named alone would otherwise lose its m_axi bundles."""
    sibling = module.path.parent / f"{module.name}_csynth.rpt"
    if module.ports or not sibling.is_file():
        return []
    try:
        rpt = read_rpt(sibling)
    except InputError as error:
        return [Diagnostic(
            rule=PORTS_RULE, severity=Severity.WARNING,
            message=(f"module '{module.name}': {module.path.name} has no InterfaceSummary and the interface table of"
                     f" {sibling.name} could not be read ({error.message})"),
            file=str(sibling), kernel=module.name, subject=module.name,
        )]
    if INTERFACE in rpt.lacks():
        return [Diagnostic(
            rule=TRUNCATED_RULE, severity=Severity.WARNING,
            message=(f"module '{module.name}': {module.path.name} has no InterfaceSummary and {sibling.name} ends in"
                     f" its {rpt.cut_in} at line {rpt.cut_line} (truncated report?): no interface table read"),
            file=str(sibling), line=rpt.cut_line, kernel=module.name, subject=module.name,
        )]
    note = take_rpt_ports(module, rpt, " beside it")
    return [] if note is None else [note]


def no_interface_table(tops: list[Kernel]) -> list[Diagnostic]:
    """A top none of whose files gave an interface (no ``InterfaceSummary``,
    no rpt, no ``<Interfaces>``): whether it has m_axi bundles is unknown, so
    the estimate holds no DRAM traffic; said, never assumed to be none."""
    return [Diagnostic(
        rule=NO_TABLE_RULE, severity=Severity.WARNING,
        message=(f"top module '{top.name}': no interface table in its reports ({top.name}_csynth.xml without"
                 f" InterfaceSummary, no complete {top.name}_csynth.rpt): its m_axi bundles are unknown and the"
                 " estimate holds no DRAM traffic; read the report set with the module's .rpt"),
        file=top.artifact, kernel=top.name, subject=top.name,
    ) for top in tops if not top.interfaces]
