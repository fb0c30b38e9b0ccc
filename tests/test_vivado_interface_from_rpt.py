"""A top's m_axi bundles come from the rpt's interface table when its XML has
no ``InterfaceSummary`` (a rebuilt project, an XML written without it).

Before, the merge took the ports of the XML only: with ``InterfaceSummary``
gone the top had no m_axi bundle, and the estimate silently lost its DRAM
terms (cnn_mnist 2020.1 turned "compute-bound", nms 2023.2 without
``<Interfaces>`` as well). The corpus cases are stripped at run time into
``tmp_path``; ``fixtures/vhls2018_maxi_no_interface_summary`` is the
committed pair (README there).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from hlsight.core.model import Design, Interface
from hlsight.parsers.vivado import read_report
from hlsight.parsers.vivado.profile_xml import read_profile_xml
from hlsight.parsers.vivado.rpt import read_rpt
from tests.conftest import CORPUS, FIXTURES, run_cli

VIVADO = CORPUS / "vivado"
MODULE_RPTS = sorted(path for path in VIVADO.rglob("*_csynth.rpt") if path.with_suffix(".xml").is_file())
_M_AXI_ROW = re.compile(r"^\|m_axi_\w+\s*\|[^|]*\|[^|]*\|\s*m_axi\s*\|", re.MULTILINE)


def _has_m_axi_rows(path: Path) -> bool:
    return _M_AXI_ROW.search(path.read_text(encoding="latin-1")) is not None


#: every corpus case whose reports list an m_axi port (found, not listed by hand)
M_AXI_CASES = sorted({next(parent for parent in path.parents if parent.parent == VIVADO)
                      for path in VIVADO.rglob("*_csynth.rpt") if _has_m_axi_rows(path)})
FIXTURE = FIXTURES / "vhls2018_maxi_no_interface_summary"


def _strip(case: Path, into: Path, *elements: str) -> Path:
    """A copy of ``case`` whose XML files lack ``elements``."""
    copy = into / case.name
    shutil.copytree(case, copy)
    for xml in copy.rglob("*.xml"):
        text = xml.read_text(encoding="latin-1")
        for element in elements:
            text = re.sub(rf"<{element}>.*?</{element}>\s*", "", text, flags=re.DOTALL)
        xml.write_text(text, encoding="latin-1")
    return copy


def _facts(interface: Interface) -> tuple[object, ...]:
    return (interface.name, interface.protocol, interface.width_bits, interface.bundle, interface.direction,
            interface.source_object, interface.address_bits, sorted(interface.details.items()))


def _top_interfaces(design: Design) -> dict[str, list[tuple[object, ...]]]:
    return {top.name: [_facts(port) for port in top.interfaces] for top in design.top_kernels()}


def test_the_corpus_has_m_axi_cases_of_both_tools() -> None:
    names = [case.name for case in M_AXI_CASES]
    assert any(name.startswith("vhls") for name in names) and any(name.startswith("vitis") for name in names)
    assert len(MODULE_RPTS) > 100


@pytest.mark.parametrize("rpt", MODULE_RPTS, ids=lambda path: str(path.relative_to(VIVADO)))
def test_the_rpt_interface_table_equals_the_xml_interface_summary(rpt: Path) -> None:
    """Every table style 2015.3 -> 2025.2: the same rows, cell for cell."""
    from_rpt, from_xml = read_rpt(rpt).ports, read_profile_xml(rpt.with_suffix(".xml")).ports
    assert from_xml, "the XML view lists ports"
    assert from_rpt == from_xml


@pytest.mark.parametrize("case", M_AXI_CASES, ids=lambda path: path.name)
def test_without_interface_summary_the_top_bundles_come_from_the_rpt(case: Path, tmp_path: Path) -> None:
    full = read_report(case)
    stripped = read_report(_strip(case, tmp_path, "InterfaceSummary"))
    assert any(port.is_axi_master for top in full.top_kernels() for port in top.interfaces)
    assert _top_interfaces(stripped) == _top_interfaces(full)
    for top in stripped.top_kernels():
        for port in top.interfaces:
            assert any(where.endswith(f"{top.name}_csynth.rpt") for where in port.read_from), port.read_from
    notes = [diag for diag in stripped.diagnostics if diag.rule == "vivado-interface-from-rpt"]
    assert [diag.kernel for diag in notes] == [top.name for top in stripped.top_kernels()]
    assert all(diag.line is not None and diag.file and diag.file.endswith(".rpt") for diag in notes)


@pytest.mark.parametrize("case", M_AXI_CASES, ids=lambda path: path.name)
def test_without_any_xml_interface_the_dram_terms_stay(case: Path, tmp_path: Path) -> None:
    """``<Interfaces>`` of an aggregated csynth.xml gone as well: the DRAM
    model still asks for each top bundle's bytes (the rpt's m_axi rows)."""
    stripped = _strip(case, tmp_path, "InterfaceSummary", "Interfaces")
    before, after = (run_cli("analyze", str(path), "--format", "json") for path in (case, stripped))
    assert before.code == after.code == 0, after.stderr
    wanted = [[name for name in json.loads(result.stdout)["estimate"]["free_symbols"] if name.startswith("axi.")]
              for result in (before, after)]
    assert wanted[0] and wanted[1] == wanted[0]


def _document(*argv: str) -> dict[str, Any]:
    result = run_cli("analyze", *argv, "--format", "json")
    assert result.code == 0, result.stderr
    document: dict[str, Any] = json.loads(result.stdout)
    return document


@pytest.mark.parametrize("where", ["", "syn/report/csynth.xml"])
def test_the_fixture_without_interface_summary_gives_the_same_estimate(where: str) -> None:
    """Same number, bound and DRAM terms (the bundle's bytes from poly.c,
    its bus occupancy and the memory time) as the full report set; the
    stripped one says where its ports came from."""
    def read(solution: str) -> dict[str, Any]:
        if where:
            return _document(str(FIXTURE / solution / where), "--source-root", str(FIXTURE))
        return _document(str(FIXTURE), "--solution", solution)

    full, stripped = read("full"), read("no_interface_summary")
    assert full["estimate"]["free_symbols"] == [] and "m_axi_gmem: 128 bytes per call" in " ".join(
        full["estimate"]["assumptions"])
    assert stripped["estimate"] == full["estimate"]
    assert [kernel["estimate"] for kernel in stripped["kernels"]] == [kernel["estimate"] for kernel in full["kernels"]]
    ports = [{key: value for key, value in port.items() if key != "read_from"}
             for document in (full, stripped) for port in document["kernels"][0]["interfaces"]]
    assert ports[: len(ports) // 2] == ports[len(ports) // 2:]
    rules = [[diag["rule"] for diag in document["diagnostics"]] for document in (full, stripped)]
    assert "vivado-interface-from-rpt" not in rules[0] and "vivado-interface-from-rpt" in rules[1]


def test_an_xml_only_top_without_interface_summary_is_said(tmp_path: Path) -> None:
    """No file gives the top's interface table: a warning, never a silent
    "no DRAM"."""
    case = M_AXI_CASES[0]
    stripped = _strip(case, tmp_path, "InterfaceSummary", "Interfaces")
    for rpt in stripped.rglob("*.rpt"):
        rpt.unlink()
    design = read_report(stripped)
    warnings = [diag for diag in design.diagnostics if diag.rule == "vivado-no-interface-table"]
    assert [diag.kernel for diag in warnings] == [top.name for top in design.top_kernels()]
    assert warnings[0].severity.value == "warning"
    result = run_cli("analyze", str(stripped))
    assert result.code == 0 and "[vivado-no-interface-table]" in result.stdout + result.stderr
    # and beside the number, where the user reads it
    assert (": the top's m_axi bundles are unknown (no interface table in its reports): this time holds no DRAM"
            " traffic, a lower bound if the top has any") in result.stdout.split("summary:")[0]


AGGREGATED = sorted(path.parent for path in VIVADO.rglob("csynth.xml")
                    if "<ModuleInformation>" in path.read_text(encoding="latin-1"))


@pytest.mark.parametrize("case", AGGREGATED, ids=[str(path.relative_to(VIVADO)) for path in AGGREGATED])
def test_an_aggregated_csynth_xml_alone_gives_the_top_its_interfaces(case: Path, tmp_path: Path) -> None:
    """A report set of Vitis' aggregated csynth.xml alone (a public 2023.1
    LeNet whose top has only ap_memory ports): the top's ports are in that
    file's InterfaceSummary, but the top was built from its
    ModuleInformation entry, without them, and said to have no interface
    table. Its ports are the full set's."""
    (tmp_path / "csynth.xml").write_bytes((case / "csynth.xml").read_bytes())
    alone, full = read_report(tmp_path), read_report(case)
    assert not [diag for diag in alone.diagnostics if diag.rule == "vivado-no-interface-table"]
    names = {top.name: sorted(port.name for port in top.interfaces) for top in full.top_kernels()}
    assert {top.name: sorted(port.name for port in top.interfaces) for top in alone.top_kernels()} == names
    assert all(names.values())
