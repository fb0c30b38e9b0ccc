"""The ``* M_AXI`` table of Vitis' ``csynth.rpt`` gives a bundle's direction
when no ``csynth.xml`` does.

Vitis >= 2024.1 writes ``Read/Write`` (READ_ONLY, WRITE_ONLY, READ_WRITE)
per m_axi bundle in ``csynth.rpt``; ``csynth.xml`` ``<Interfaces>`` gives the
same as ``busParam READ_WRITE_MODE``. A report set without ``csynth.xml``
lost the direction: every bundle was "timed as reads". Now the table fills
the gaps of the top's interfaces (the XML stays first), and a source whose
loads and stores say otherwise is a warning. Values asserted here were read
by hand from the corpus files; copies are made in ``tmp_path``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from hlsight.parsers.vivado import read_report
from hlsight.parsers.vivado.summary_rpt import PARAMETERS, read_summary_interfaces
from tests.conftest import CORPUS, SHARED, run_cli

VIVADO = CORPUS / "vivado"
CONV2D = VIVADO / "vitis2025.2_conv2d_unified" / "hls_component" / "hls_component" / "hls" / "syn" / "report"
WRR = VIVADO / "vitis2024.1_wrr_dataflow"
NMS = VIVADO / "vitis2023.2_cluster_nms"
WRR_SOURCE = SHARED / "instrument" / "vitis2024.1_wrr_dataflow"
BYTES = ("--set", "axi.conv2d.gmem0.bytes=43264", "--set", "axi.conv2d.gmem1.bytes=16000",
         "--set", "axi.conv2d.gmem2.bytes=40000")


def _without_csynth_xml(report: Path, into: Path) -> Path:
    copy = into / "report"
    shutil.copytree(report, copy)
    (copy / "csynth.xml").unlink()
    return copy


def _json(path: Path, *given: str) -> dict[str, Any]:
    result = run_cli("analyze", str(path), "--format", "json", *given)
    assert result.code == 0, result.stderr
    document: dict[str, Any] = json.loads(result.stdout)
    return document


def test_the_2025_2_table_as_written() -> None:
    summary, found = read_summary_interfaces(CONV2D / "csynth.rpt")
    assert summary is not None and not found
    assert (summary.top, summary.line) == ("conv2d", 44)
    rows = {item.name: (item.direction, item.address_bits, item.width_bits, item.details)
            for item in summary.interfaces}
    common = {"MAX_READ_BURST_LENGTH": "16", "MAX_WRITE_BURST_LENGTH": "16", "NUM_READ_OUTSTANDING": "16",
              "NUM_WRITE_OUTSTANDING": "16", "OFFSET": "slave", "MAX_WIDEN_BITWIDTH": "0"}
    # the M_AXI Burst Information section (decision 92): the summary's bursts (gmem0 read 3 beats, gmem2
    # write 10); gmem1's accesses inferred alone, then "Could not burst ... in the same region": none kept
    stride = "Stride is incompatible"
    region = "Could not burst due to multiple potential reads to the same bundle in the same region."
    assert rows == {
        "m_axi_gmem0": ("read", 64, None, {"READ_WRITE_MODE": "READ_ONLY", **common, "RESOURCE_ESTIMATE": "BRAM=2",
                                           "INFERRED_READ_BURST": "3", "INFERRED_WRITE_BURST": "0",
                                           "BURST_MISSED": stride}),
        "m_axi_gmem1": ("read", 64, None, {"READ_WRITE_MODE": "READ_ONLY", **common, "RESOURCE_ESTIMATE": "BRAM=2",
                                           "INFERRED_READ_BURST": "0", "INFERRED_WRITE_BURST": "0",
                                           "BURST_MISSED": f"{region}; {stride}"}),
        # gmem2_m_axi_U uses 0 BRAM_18K in conv2d_csynth.rpt: the cell is blank
        "m_axi_gmem2": ("write", 64, None, {"READ_WRITE_MODE": "WRITE_ONLY", **common, "INFERRED_READ_BURST": "0",
                                            "INFERRED_WRITE_BURST": "10"}),
    }


def test_the_2024_1_table_and_one_without_a_direction_column() -> None:
    wrr, _ = read_summary_interfaces(WRR / "csynth.rpt")
    assert wrr is not None and wrr.line == 32
    [gmem] = wrr.interfaces
    assert (gmem.name, gmem.direction, gmem.details["READ_WRITE_MODE"], gmem.details["RESOURCE_ESTIMATE"]) == \
        ("m_axi_gmem", "readwrite", "READ_WRITE", "BRAM=4")  # gmem_m_axi_U: 4 BRAM_18K
    nms, _ = read_summary_interfaces(NMS / "csynth.rpt")  # 2023.2: no Read/Write column yet
    assert nms is not None
    assert [(item.name, item.direction, item.details.get("RESOURCE_ESTIMATE")) for item in nms.interfaces] == \
        [("m_axi_gmem", None, "BRAM=2"), ("m_axi_gmem0", None, "BRAM=4"), ("m_axi_gmem1", None, "BRAM=4")]


def _xml_bus_params(path: Path) -> dict[str, tuple[str | None, dict[str, str]]]:
    root = etree.parse(str(path)).getroot()
    return {element.get("InterfaceName") or "": (element.get("addrWidth"), {
        param.get("busParamName") or "": (param.text or "").strip()
        for param in element.iterfind("busParams/busParam")})
        for element in root.iterfind("Interfaces/Interface") if element.get("mode") == "master"}


SUMMARIES = sorted(path for path in VIVADO.rglob("csynth.rpt") if "* M_AXI" in path.read_text(encoding="latin-1"))


@pytest.mark.parametrize("path", SUMMARIES, ids=[str(path.relative_to(VIVADO)) for path in SUMMARIES])
def test_every_corpus_table_agrees_with_its_csynth_xml(path: Path) -> None:
    """2022.1 -> 2025.2: the columns read under busParam names are the XML's
    values, cell for cell."""
    summary, _ = read_summary_interfaces(path)
    assert summary is not None and summary.interfaces
    xml = _xml_bus_params(path.parent / "csynth.xml")
    for item in summary.interfaces:
        address, params = xml[item.name]
        assert str(item.address_bits) == address
        shared = {key: value for key, value in item.details.items() if key in params}
        assert shared == {key: params[key] for key in shared}
        assert set(shared) >= set(PARAMETERS.values()) - {"OFFSET", "MAX_WIDEN_BITWIDTH", "RESOURCE_ESTIMATE",
                                                          "READ_WRITE_MODE"}
    assert len(SUMMARIES) == 5


def test_without_csynth_xml_the_directions_come_from_csynth_rpt(tmp_path: Path) -> None:
    report = _without_csynth_xml(CONV2D, tmp_path)
    [top] = read_report(report).top_kernels()
    axi = {item.name: item for item in top.interfaces if item.is_axi_master}
    assert {name: item.direction for name, item in axi.items()} == \
        {"m_axi_gmem0": "read", "m_axi_gmem1": "read", "m_axi_gmem2": "write"}
    assert [Path(where).name for where in axi["m_axi_gmem2"].read_from] == ["conv2d_csynth.xml", "csynth.rpt"]
    assert axi["m_axi_gmem2"].width_bits == 32  # the port table's WDATA, not the table's "32 -> 32"
    assumptions = _json(report, *BYTES)["estimate"]["assumptions"]
    assert not [line for line in assumptions if "read or write not in the report" in line]


def test_the_write_bundle_is_timed_as_with_csynth_xml(tmp_path: Path) -> None:
    """On the 7V3's DDR3 reads and writes differ (HLScope+ Table IV): without
    csynth.xml, gmem2 was timed with the read figures."""
    memory = ("--memory", "ddr3-1333-7v3")
    full = _json(CONV2D, *BYTES, *memory)["estimate"]
    rebuilt = _json(_without_csynth_xml(CONV2D, tmp_path), *BYTES, *memory)["estimate"]
    assert rebuilt["seconds"] == pytest.approx(full["seconds"], rel=1e-12)


def test_a_read_write_bundle_is_said_to_be_timed_as_reads(tmp_path: Path) -> None:
    assumptions = _json(_without_csynth_xml(WRR, tmp_path), "--set", "axi.weighted_rr.gmem.bytes=64",
                        "--set", "loop.Block_entry_split_proc.VITIS_LOOP_29_2.trip=4")["estimate"]["assumptions"]
    assert "m_axi_gmem: reads and writes (the report): timed as reads" in assumptions
    assert not [line for line in assumptions if "read or write not in the report" in line]


def _wrr_with_source(into: Path, edit: bool) -> tuple[Path, Path]:
    shutil.copytree(WRR_SOURCE / "report", into / "report")
    (into / "report" / "csynth.xml").unlink()
    text = (WRR_SOURCE / "wrr.c").read_text(encoding="utf-8")
    if edit:  # the grant stores gone: a source edited after synthesis reads only
        for store in ("grant[i] = 0;", "grant[current] = 1;", "grant[j] = 0;"):
            assert store in text
            text = text.replace(store, ";")
    (into / "wrr.c").write_text(text, encoding="utf-8")
    return into / "report", into


def _direction_warnings(report: Path, root: Path) -> list[str]:
    diagnostics = _json(report, "--source-root", str(root))["diagnostics"]
    return [diag["message"] for diag in diagnostics if diag["rule"] == "axi-direction-disagreement"]


def test_a_source_that_disagrees_with_the_report_is_said(tmp_path: Path) -> None:
    assert _direction_warnings(*_wrr_with_source(tmp_path / "same", edit=False)) == []
    [warning] = _direction_warnings(*_wrr_with_source(tmp_path / "edited", edit=True))
    assert warning.startswith("m_axi_gmem of weighted_rr: the report says read and write (csynth.rpt), the source's"
                              " accesses read only (req[current] (line 32)")
    assert warning.endswith("; timed as the report says")


def test_a_cut_table_is_a_warning_and_the_rest_is_read(tmp_path: Path) -> None:
    report = _without_csynth_xml(CONV2D, tmp_path)
    lines = (report / "csynth.rpt").read_text(encoding="latin-1").split("\n")
    (report / "csynth.rpt").write_text("\n".join(lines[:50]) + "\n", encoding="latin-1")  # inside the M_AXI rows
    design = read_report(report)
    [warning] = [diag for diag in design.diagnostics if diag.rule == "vivado-summary-interfaces"]
    assert warning.message.startswith("csynth.rpt not read (line 44: M_AXI table cut short")
    [top] = design.top_kernels()
    assert [item.direction for item in top.interfaces if item.is_axi_master] == [None, None, None]


def _arguments(report: Path) -> dict[str, list[str]]:
    [top] = read_report(report).top_kernels()
    return {item.name: item.arguments for item in top.interfaces if item.is_axi_master}


def test_each_argument_s_bundle_as_the_report_maps_it(tmp_path: Path) -> None:
    """csynth.xml's ``<Args>`` and csynth.rpt's ``* SW-to-HW Mapping`` tie
    each C argument to its m_axi bundle (read by hand from the 2023.2 nms
    files); without csynth.xml the rpt gives the same."""
    mapped = {"m_axi_gmem": ["indices"], "m_axi_gmem0": ["bboxes"], "m_axi_gmem1": ["scores"]}
    assert _arguments(NMS) == mapped
    assert _arguments(_without_csynth_xml(NMS, tmp_path)) == mapped
    assert _arguments(WRR) == {"m_axi_gmem": ["req", "weight", "grant"]}


@pytest.mark.parametrize("path", SUMMARIES, ids=[str(path.relative_to(VIVADO)) for path in SUMMARIES])
def test_every_corpus_argument_mapping_agrees_with_its_csynth_xml(path: Path) -> None:
    summary, _ = read_summary_interfaces(path)
    assert summary is not None
    root = etree.parse(str(path.parent / "csynth.xml")).getroot()
    in_xml = {(argument.get("ArgName"), reference.get("interface"))
              for argument in root.iterfind("Args/Arg") for reference in argument.iterfind("hwRefs/hwRef")
              if reference.get("type") == "interface" and (reference.get("interface") or "").startswith("m_axi_")}
    assert {(name, item.name) for item in summary.interfaces for name in item.arguments} == in_xml
    assert in_xml


NMS_WITHOUT_BUNDLES = """typedef float rate_type;
void nms(float *bboxes, rate_type *scores, rate_type threshold, int *indices) {
#pragma HLS INTERFACE mode=m_axi port=bboxes offset=slave
#pragma HLS INTERFACE mode=m_axi port=scores offset=slave
#pragma HLS INTERFACE mode=m_axi port=indices offset=slave bundle=gmem
    float box[400];
    for (int i = 0; i < 400; i++) box[i] = bboxes[i];
    for (int i = 0; i < 100; i++) indices[i] = scores[i] > threshold && box[4 * i] > 0;
}
"""


def test_a_pointer_without_bundle_counts_where_the_report_maps_it(tmp_path: Path) -> None:
    """A public Vitis 2022.1 autoencoder gives two of its pointers no
    ``bundle=``; its report maps them to ``gmem0``, beside a
    ``bundle=gmem``. With three bundles in the report, such a pointer was
    tied to none and its bundle's bytes stayed a value to give (decision
    85). A source of our own with the nms report's arguments: 400 and 100
    floats read, 100 ints written."""
    (tmp_path / "nms.c").write_text(NMS_WITHOUT_BUNDLES, encoding="utf-8")
    result = run_cli("analyze", str(NMS), "--source-root", str(tmp_path), "-v")
    assert result.code == 0, result.stderr
    derived = sorted(line.split(": note: ", 1)[1] for line in result.stdout.splitlines() if "[axi-derived]" in line)
    assert derived == [
        "m_axi_gmem of nms moves 400 bytes per call (consecutive), from the source: indices[i] (line 8): 100 x 4 B"
        " [axi-derived]",
        "m_axi_gmem0 of nms moves 1600 bytes per call (consecutive), from the source: bboxes[i] (line 7): 400 x 4 B"
        " [axi-derived]",
        "m_axi_gmem1 of nms moves 400 bytes per call (consecutive), from the source: scores[i] (line 8): 100 x 4 B"
        " [axi-derived]"]


def test_a_mapping_cut_short_keeps_the_bundles_table(tmp_path: Path) -> None:
    """csynth.rpt cut inside its SW-to-HW Mapping rows: the M_AXI table
    above it is still read; no argument is tied to a bundle by it."""
    report = _without_csynth_xml(NMS, tmp_path)
    lines = (report / "csynth.rpt").read_text(encoding="latin-1").split("\n")
    heading = lines.index("* SW-to-HW Mapping")
    (report / "csynth.rpt").write_text("\n".join(lines[: heading + 6]) + "\n", encoding="latin-1")
    summary, found = read_summary_interfaces(report / "csynth.rpt")
    assert summary is not None and not found
    assert [(item.name, item.details.get("RESOURCE_ESTIMATE"), item.arguments) for item in summary.interfaces] == \
        [("m_axi_gmem", "BRAM=2", []), ("m_axi_gmem0", "BRAM=4", []), ("m_axi_gmem1", "BRAM=4", [])]
