"""A module rpt cut short (a copy interrupted mid-write) no longer stops the
analysis when the rest of the report set carries what it lost.

Before, any cut ("no 'Utilization Estimates'/'Interface' section",
"interface table cut short") ended the run, even with the module's XML
beside it. Now the reader keeps the parts before the cut
(``ModuleReport.cut_in``) and :mod:`hlsight.parsers.vivado.truncation`
decides: lost facts that another file gives (or that the estimate does not
read) -> a warning naming the file, the analysis goes on and its number is
the one of the complete set; lost facts the estimate needs and no file
gives -> one error naming the file and what it lacks, exit 2, nothing
written. The copies are cut from the real corpus files into ``tmp_path``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from hlsight.core.errors import InputError
from hlsight.core.model import Design
from hlsight.parsers.vivado import read_report
from hlsight.parsers.vivado.module_report import RPT_PARTS
from hlsight.parsers.vivado.rpt import read_rpt
from tests.conftest import CORPUS, run_cli

VIVADO = CORPUS / "vivado"
#: where a copy is cut: at each section marker of the rpt, and inside the interface table
MARKERS = ("* Instance:", "* Loop:", "== Utilization Estimates", "== Interface", "|ap_clk")
MNIST = VIVADO / "vhls2020.1_cnn_mnist"  # 2020.1: instances only in the rpt; top top, sub-modules conv1 ...
NMS = VIVADO / "vitis2023.2_cluster_nms"  # 2023.2: aggregated csynth.xml


def _cases() -> list[tuple[Path, Path]]:
    """(case, module rpt) of every corpus case's top and first sub-module."""
    out = []
    for case in sorted(path for path in VIVADO.iterdir() if path.is_dir()):
        rpts = sorted(case.rglob("*_csynth.rpt"))
        top = read_report(case).top_kernels()[0].name
        chosen = [rpt for rpt in rpts if rpt.name == f"{top}_csynth.rpt"][:1]
        chosen += [rpt for rpt in rpts if rpt not in chosen][:1]
        out += [(case, rpt) for rpt in chosen]
    return out


CASES = _cases()


def _cut(text: str, marker: str) -> str | None:
    """The text up to the line holding ``marker`` (``None``: no such line)."""
    at = next((index for index, line in enumerate(text.split("\n")) if line.strip().startswith(marker)), None)
    return None if at is None else "\n".join(text.split("\n")[:at]) + "\n"


def _copy_cut(case: Path, rpt: Path, marker: str, into: Path) -> Path | None:
    text = _cut(rpt.read_text(encoding="latin-1"), marker)
    if text is None:
        return None
    copy = into / case.name
    shutil.copytree(case, copy)
    (copy / rpt.relative_to(case)).write_text(text, encoding="latin-1")
    return copy / rpt.relative_to(case)


def _estimate(path: Path) -> dict[str, Any]:
    result = run_cli("analyze", str(path), "--format", "json")
    assert result.code == 0, result.stderr
    document: dict[str, Any] = json.loads(result.stdout)
    return {"estimate": document["estimate"], "tops": [kernel["estimate"]["cycles"] for kernel in document["kernels"]
                                                         if kernel["is_top"]]}


def test_every_corpus_case_is_covered() -> None:
    assert len({case for case, _ in CASES}) == len([path for path in VIVADO.iterdir() if path.is_dir()]) > 30


@pytest.mark.parametrize("marker", MARKERS)
@pytest.mark.parametrize("case, rpt", CASES, ids=[str(rpt.relative_to(VIVADO)) for _, rpt in CASES])
def test_a_cut_rpt_warns_with_the_full_number_or_refuses_naming_it(case: Path, rpt: Path, marker: str,
                                                                   tmp_path: Path) -> None:
    cut = _copy_cut(case, rpt, marker, tmp_path)
    if cut is None:
        pytest.skip(f"no '{marker}' line in {rpt.name}")
    assert read_rpt(cut).cut_in in RPT_PARTS
    try:
        design = read_report(tmp_path / case.name)
    except InputError as error:
        assert error.path == str(cut) and "(truncated report?)" in error.message
        assert "in no other file of this report set" in error.message
        return
    warnings = [diag for diag in design.diagnostics if diag.rule == "vivado-truncated-report"]
    assert [(diag.file, diag.severity.value) for diag in warnings] == [(str(cut), "warning")]
    assert warnings[0].line is not None and rpt.name in warnings[0].message
    if CALLS_CUT in warnings[0].message:
        _assert_latency_not_composed(tmp_path / case.name, design, cut)
        return
    assert _estimate(tmp_path / case.name) == _estimate(case)  # the rest of the set gave what the cut lost


#: the warning's words for an instance table no other file lists (<= 2020.2)
CALLS_CUT = "its instance table is in no other file"


def _assert_latency_not_composed(report: Path, design: Design, cut: Path) -> None:
    """The module's cycles are its report latency (the worst case of a
    range, unknown for "?"), never a composition that counts the calls
    after the cut as 0."""
    [kernel] = [kernel for kernel in design.kernels if kernel.instances_cut is not None]
    assert kernel.instances_cut == f"{cut.name}:{len(cut.read_text(encoding='latin-1').splitlines())}"
    document = json.loads(run_cli("analyze", str(report), "--format", "json").stdout)
    [cycles] = [item["estimate"]["cycles"] for item in document["kernels"] if item["name"] == kernel.name]
    latency = kernel.latency
    expected = None if latency is None else latency.max
    assert (cycles or {}).get("cycles") == expected
    if latency is not None and latency.min != latency.max and expected is not None:
        assert "worst-case" in cycles["caveats"]


def test_a_sub_module_cut_before_its_interface_table_continues_from_its_xml(tmp_path: Path) -> None:
    cut = _copy_cut(MNIST, MNIST / "pool_csynth.rpt", "== Interface", tmp_path)
    assert cut is not None
    result = run_cli("analyze", str(cut.parent))
    assert result.code == 0, result.stderr
    assert (f"{cut}:" in result.stdout + result.stderr and "pool_csynth.rpt ends in its 'Utilization Estimates'"
            " section" in result.stdout + result.stderr and "[vivado-truncated-report]" in result.stdout)
    assert _estimate(cut.parent) == _estimate(MNIST)


def test_instances_only_the_rpt_has_keep_the_rows_before_the_cut(tmp_path: Path) -> None:
    """2020.1: no other file lists a module's calls. Cut after two of top's
    four instance rows (conv2, dense; conv1 and pool lost): the rows read
    are kept, the latency summary above the table gives top's latency
    (358,786 ~ 606,450 in top_csynth.rpt), and the estimate is that range's
    worst case, said, not a composition counting conv1 and pool as 0 (it
    composes 2 x pool + 323,250 from the complete report)."""
    rpt = MNIST / "top_csynth.rpt"
    lines = rpt.read_text(encoding="latin-1").split("\n")
    assert lines[41].startswith("        |grp_dense_fu_216  |dense  |")
    copy = tmp_path / MNIST.name
    shutil.copytree(MNIST, copy)
    cut = copy / rpt.name
    cut.write_text("\n".join(lines[:42]) + "\n", encoding="latin-1")
    design = read_report(copy)
    [top] = design.top_kernels()
    assert [(instance.name, instance.module) for instance in top.instances] == \
        [("grp_conv2_fu_206", "conv2"), ("grp_dense_fu_216", "dense")]
    assert top.instances_cut == "top_csynth.rpt:42"
    [warning] = [diag for diag in design.diagnostics if diag.rule == "vivado-truncated-report"]
    assert (warning.file, warning.line) == (str(cut), 42)
    assert warning.message == (
        "top_csynth.rpt ends in its instance table at line 42 (truncated report?); module 'top' is read without it:"
        " its instance table is in no other file: 2 calls read (conv2, dense), the calls after the cut are unknown,"
        " so its cycles are its report latency (358,786 ~ 606,450), not composed from its calls; loop table,"
        " 'Utilization Estimates' section, interface table from top_csynth.xml")
    document = json.loads(run_cli("analyze", str(copy), "--format", "json").stdout)
    assert [kernel["instances_cut"] for kernel in document["kernels"] if kernel["is_top"]] == ["top_csynth.rpt:42"]
    result = run_cli("analyze", str(copy))
    assert result.code == 0, result.stderr
    assert "function top (top): 606,450 cycles" in result.stdout
    assert ("note: top: its instance table ends at top_csynth.rpt:42 (truncated report), so calls after the cut are"
            " unknown and it is not composed from its parts: its latency 358,786 ~ 606,450 cycles, worst case"
            " 606,450 used") in result.stdout
    assert "loops and calls (cycles): conv2 232,089, dense 26,837, (own cycles and the calls after the cut" \
        " instance table) 347,524" in result.stdout


def test_a_row_cut_after_a_bar_is_not_read_as_an_instance(tmp_path: Path) -> None:
    """A line cut just after one of its ``|`` still looks like a row; with
    fewer cells than the header its columns would shift (absolute latency
    read as the interval): it is dropped."""
    lines = (MNIST / "top_csynth.rpt").read_text(encoding="latin-1").split("\n")
    partial = lines[42][:lines[42].index("|", lines[42].index("64312")) + 1]  # conv1's row, up to its latency
    cut = tmp_path / "top_csynth.rpt"
    cut.write_text("\n".join([*lines[:42], partial]) + "\n", encoding="latin-1")
    report = read_rpt(cut)
    assert report.cut_in == "instance table" and [item.module for item in report.instances or []] == \
        ["conv2", "dense"]


def test_a_cut_in_the_header_of_the_instance_table_reads_no_row(tmp_path: Path) -> None:
    lines = (MNIST / "top_csynth.rpt").read_text(encoding="latin-1").split("\n")
    cut = tmp_path / "top_csynth.rpt"
    cut.write_text("\n".join(lines[:39]) + "\n", encoding="latin-1")  # the two header rows, no border below
    report = read_rpt(cut)
    assert report.cut_in == "instance table" and report.instances == []


def test_a_cut_instance_table_without_the_modules_xml_is_still_refused(tmp_path: Path) -> None:
    """The loop table follows the instance table: without top_csynth.xml
    (and the csynth.xml copy of it) no file gives it: exit 2, nothing written."""
    cut = _copy_cut(MNIST, MNIST / "top_csynth.rpt", "* Instance:", tmp_path)
    assert cut is not None
    for xml in (cut.parent / "top_csynth.xml", cut.parent / "csynth.xml"):
        xml.unlink()
    out = tmp_path / "out.json"
    out.write_text("kept")
    result = run_cli("analyze", str(cut.parent), "-o", str(out))
    assert result.code == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"hlsight: error: {cut}: ends in its instance table at line ")
    assert result.stderr.endswith(": the instance table, loop table of module 'top' are in no other file of"
                                  " this report set (expected a complete top_csynth.rpt)\n")
    assert out.read_text() == "kept"


def test_the_aggregated_csynth_xml_gives_a_cut_top_its_instances(tmp_path: Path) -> None:
    """2023.2: RTLDesignHierarchy lists the instances, the XMLs the rest."""
    cut = _copy_cut(NMS, NMS / "nms_csynth.rpt", "* Instance:", tmp_path)
    assert cut is not None
    design = read_report(cut.parent)
    [warning] = [diag for diag in design.diagnostics if diag.rule == "vivado-truncated-report"]
    assert "instance table from csynth.xml" in warning.message and "nms_csynth.xml" in warning.message
    assert _estimate(cut.parent) == _estimate(NMS)


def test_a_top_cut_in_its_interface_table_without_interface_summary_is_refused(tmp_path: Path) -> None:
    """The top's m_axi bundles decide its DRAM terms: never dropped silently."""
    cut = _copy_cut(MNIST, MNIST / "top_csynth.rpt", "|m_axi_gmem_AWVALID", tmp_path)
    assert cut is not None
    for xml in cut.parent.glob("*.xml"):
        xml.unlink()
    result = run_cli("analyze", str(cut.parent))
    assert result.code == 2 and "Traceback" not in result.stderr
    last = len(cut.read_text().splitlines())
    assert result.stderr == (f"hlsight: error: {cut}: ends in its interface table at line {last} (truncated"
                             " report?): the interface table of module 'top' is in no other file of this report"
                             " set (expected a complete top_csynth.rpt, or top_csynth.xml beside it with an"
                             " InterfaceSummary)\n")


@pytest.mark.parametrize("marker", MARKERS)
def test_a_cut_rpt_named_alone_is_refused(marker: str, tmp_path: Path) -> None:
    rpt = NMS / "nms_csynth.rpt"
    cut = tmp_path / rpt.name
    text = _cut(rpt.read_text(), marker)
    assert text is not None
    cut.write_text(text)
    result = run_cli("analyze", str(cut))
    assert result.code == 2 and result.stderr.startswith(f"hlsight: error: {cut}: ends in its ")
    assert "(truncated report?)" in result.stderr and result.stderr.count("\n") == 1
