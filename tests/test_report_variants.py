"""Issue 12 item 4: report variants seen in real projects, one shared example
each in ../shared/corpus, values checked by hand against the raw files."""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import pytest

from hlsight.core.diagnostics import Severity
from hlsight.core.errors import InputError
from hlsight.core.model import KernelKind
from hlsight.parsers.intel.area import read_vectorization
from hlsight.parsers.intel.fmax import read_quartus_json
from hlsight.parsers.loader import load_design
from hlsight.parsers.vivado import read_report
from hlsight.parsers.vivado.merge import merge_module
from hlsight.parsers.vivado.profile_xml import read_profile_xml
from hlsight.parsers.vivado.rpt import read_rpt
from tests.conftest import CORPUS, run_cli

VIVADO = CORPUS / "vivado"
AOC = CORPUS / "aoc"
CONV2D = VIVADO / "vitis2025.2_conv2d_unified"
CONV2D_REPORT = CONV2D / "hls_component" / "hls_component" / "hls" / "syn" / "report"
IPP = AOC / "ipp18.1_max10_rgb_to_hsv"
IPP_REPORTS = IPP / "vision/EEE2Rover-master/DE10_LITE_D8M_VIP_16/ip/HLS_RGB_TO_HSV/a.prj/reports"
NDJSON = AOC / "oneapi2024_hls4ml_ndjson" / "test" / "pytest" / "test_report" / "oneAPI"


# --------------------------------------------------------------------- Vitis 2025.x


def test_vitis_2025_loop_fields_are_not_loops() -> None:
    # conv2d_csynth.xml: 3 loop elements, each with <isPerfectNested> and
    # <PerformancePragma> leaves; six _Pipeline_ modules with one loop each.
    design = read_report(CONV2D)
    top = next(kernel for kernel in design.kernels if kernel.is_top)
    names = [loop.name for loop in top.all_loops()]
    assert not {"isPerfectNested", "PerformancePragma"} & set(names)
    own = [loop for loop in top.loops if loop.outlined_module is None]
    assert [loop.name for loop in own] == ["VITIS_LOOP_37_1", "VITIS_LOOP_85_11", "VITIS_LOOP_151_25"]
    assert [(loop.trip_count.value if loop.trip_count else None, loop.iteration_latency) for loop in own] == [
        (8, 6151), (16, 52303), (10, 2428)]
    # the whole tree, outlined _Pipeline_ loops folded in: 3 + 6 = 9 loops (27 before)
    assert len(names) == 9
    assert not [diag for diag in design.diagnostics if diag.rule == "vivado-report-disagreement"]


def test_vitis_2025_violation_summary_gives_the_ii_reason() -> None:
    # conv2d_Pipeline_VITIS_LOOP_155_26_csynth.xml SummaryOfLoopViolations:
    # IssueType "II Violation", ViolationType "Memory Dependency"; rpt II 6.
    module = read_profile_xml(CONV2D_REPORT / "conv2d_Pipeline_VITIS_LOOP_155_26_csynth.xml")
    (loop,) = module.loops
    assert loop.ii is not None and loop.ii.value == 6
    assert loop.bottleneck == "II Violation: Memory Dependency"
    result = run_cli("analyze", str(CONV2D))
    assert "has II 6: one iteration every 6 cycles (II Violation: Memory Dependency)" in result.stdout


def test_report_set_deeper_down_and_several_sets_listed() -> None:
    assert read_report(CONV2D).name == "conv2d"
    with pytest.raises(InputError, match="31 Vivado/Vitis report sets below this folder"):
        read_report(VIVADO)


# ---------------------------------------------------------------- Vivado HLS 2013.4


def test_xml_without_interval_takes_it_from_the_rpt(tmp_path: Path) -> None:
    # Vivado HLS 2013.4 XML has no Interval-min/max: the rpt's is used.
    source = VIVADO / "vhls2015.3_ug871_matrixmul"
    xml_text = (source / "matrixmul_csynth.xml").read_text(encoding="utf-8")
    stripped = "\n".join(line for line in xml_text.splitlines() if "<Interval-" not in line)
    (tmp_path / "matrixmul_csynth.xml").write_text(stripped, encoding="utf-8")
    xml = read_profile_xml(tmp_path / "matrixmul_csynth.xml")
    assert xml.interval is None or (xml.interval.min, xml.interval.max) == (None, None)
    rpt = read_rpt(source / "matrixmul_csynth.rpt")
    merged, diagnostics = merge_module(xml, rpt)
    # matrixmul_csynth.rpt: latency 79 ~ 79, interval 80 ~ 80
    assert merged.interval is not None and (merged.interval.min, merged.interval.max) == (80, 80)
    assert diagnostics == []


def test_top_interval_disagreement_is_said() -> None:
    """fir_csynth.xml Interval 258 ~ 514, fir_csynth.rpt 257 ~ 513 (2019.1):
    one cycle apart, as every 2018.1-2020.1 report seen, so a note (it was a
    warning on every such design); more than a cycle stays a warning."""
    design = read_report(VIVADO / "vhls2019.1_cse237c_fir128")
    found = [diag for diag in design.diagnostics if diag.rule == "vivado-interval-disagreement"]
    assert len(found) == 1 and "258 ~ 514" in found[0].message and "257 ~ 513" in found[0].message
    assert found[0].severity is Severity.NOTE and found[0].message.endswith("(one cycle apart, as these versions'"
                                                                           " reports are)")
    source = VIVADO / "vhls2019.1_cse237c_fir128"
    xml = read_profile_xml(source / "fir_csynth.xml")
    rpt = read_rpt(source / "fir_csynth.rpt")
    assert xml.interval is not None
    xml.interval = dataclasses.replace(xml.interval, max=600)
    _merged, (diagnostic,) = merge_module(xml, rpt)
    assert diagnostic.severity is Severity.WARNING and "258 ~ 600" in diagnostic.message


# --------------------------------------------------------------------- Intel i++


def test_ipp_component_loops_are_read() -> None:
    # loops.json: "Component: rgb_to_hsv" -> rgb_to_hsv.B1.start, Pipelined
    # Yes, II "~1", Bottleneck n/a; info.json: i++ 18.1.0 Build 625, MAX 10.
    design = load_design(IPP)
    assert design.tool.product.value == "i++" and design.tool.version.startswith("18.1")
    (kernel,) = design.kernels
    assert kernel.name == "rgb_to_hsv" and kernel.kind is KernelKind.COMPONENT
    (loop,) = kernel.loops
    assert loop.name == "rgb_to_hsv.B1.start" and loop.pipelined is True
    assert loop.ii is not None and (loop.ii.value, loop.ii.qualifier) == (1, "~")
    assert loop.bottleneck is None
    assert kernel.fmax_postfit_mhz is None  # quartus.json: "Run Quartus compile to populate this section"
    assert load_design(IPP_REPORTS).kernels[0].loops[0].name == "rgb_to_hsv.B1.start"


def test_ipp_post_fit_fmax_from_the_1x_clock_column() -> None:
    # i++ quartus.json after a Quartus compile (shape of the 18.1 placeholder
    # above with the data filled in): columns "Clock", "1x clock fmax", ...
    document = {"quartusFitClockSummary": {"name": "Quartus Fit Summary",
                "columns": ["", "Clock", "1x clock fmax", "2x clock fmax"],
                "children": [{"name": "Frequency (MHz)", "data": ["clock", "137.27", "n/a"]}]}}
    fit = read_quartus_json(document, "quartus.json")
    assert fit is not None and fit.mhz == pytest.approx(137.27)


# ---------------------------------------------------------------- aoc 16.x area


def test_aoc16_plain_string_area_details_give_simd() -> None:
    # 16.1 areaJSON shape (aoc16.1 caffe_net report_data.js): kernels are
    # "functions" entries, details plain strings.
    area = {"name": "Kernel System", "resources": [],
            "functions": [{"name": "vadd", "compute_units": 1,
                           "details": ["Number of compute units: 1", "Achieved kernel vectorization: 4"]},
                          {"name": "scale", "details": ["Number of compute units: 1"]}]}
    assert read_vectorization(area) == [("vadd", 4)]


def test_aoc16_corpus_area_is_read_without_errors() -> None:
    design = load_design(AOC / "aoc16.1_s5_de5net_caffe_net" / "kernels" / "net" / "bin" / "net")
    assert all(kernel.simd in (None, 1) for kernel in design.kernels)  # no num_simd_work_items there


# ------------------------------------------------------------- oneAPI .ndjson


def _check_ndjson_design(path: Path) -> None:
    design = load_design(path)
    # summary.ndjson performanceSummary rows; loop_attr.ndjson kernels
    # the report's names are the tails of template signatures; shown by the demangled compiler_name
    assert [kernel.name for kernel in design.kernels] == [
        "relu_stream<relu_config3>", "dense_resource_stream<config2>", "Myproject"]
    assert [kernel.report_name for kernel in design.kernels] == ["relu_config3>()", "bias_t)", None]
    assert all(kernel.kind is KernelKind.SINGLE_WORK_ITEM for kernel in design.kernels)
    # loop_attr.ndjson: kernel fmax "480.00"; quartus.ndjson "clock" 597.73
    assert all(kernel.fmax_estimated_mhz == pytest.approx(480.0) for kernel in design.kernels)
    assert all(kernel.fmax_postfit_mhz == pytest.approx(597.73) for kernel in design.kernels)
    loops = {kernel.name: kernel.loops for kernel in design.kernels}
    (loop,) = loops["Myproject"]  # Myproject.B1 type loop; B0 is a basic block
    assert loop.name == "Myproject.B1" and loop.pipelined is True
    assert loop.ii is not None and loop.ii.value == 1
    assert loop.iteration_latency == 176 and loop.trip_count is not None and loop.trip_count.max is None  # tc "0"
    assert [loop.iteration_latency for loop in loops["dense_resource_stream<config2>"]] == [200]
    assert [(loop.name, loop.iteration_latency) for loop in loops["relu_stream<relu_config3>"]] == [
        ("relu_stream<relu_config3>.B1", 159)]


def test_oneapi_ndjson_bare_files() -> None:
    _check_ndjson_design(NDJSON)
    _check_ndjson_design(NDJSON.parents[3])  # the case folder: one set found below


def test_oneapi_ndjson_in_a_prj_reports_tree(tmp_path: Path) -> None:
    json_dir = tmp_path / "myproject.prj" / "reports" / "resources" / "json"
    json_dir.mkdir(parents=True)
    for path in NDJSON.glob("*.ndjson"):
        shutil.copy(path, json_dir / path.name)
    _check_ndjson_design(tmp_path / "myproject.prj")
    _check_ndjson_design(tmp_path)


def test_oneapi_ndjson_bad_line_is_an_input_error(tmp_path: Path) -> None:
    (tmp_path / "summary.ndjson").write_text('{"name":"Kernel Summary"}\nnot json\n', encoding="utf-8")
    result = run_cli("analyze", str(tmp_path))
    assert result.code == 2 and "summary.ndjson" in result.stderr and "line 2" in result.stderr


def test_folder_with_several_intel_report_sets_lists_them(tmp_path: Path) -> None:
    for name in ("a", "b"):
        target = tmp_path / name
        target.mkdir()
        for path in NDJSON.glob("*.ndjson"):
            shutil.copy(path, target / path.name)
    result = run_cli("analyze", str(tmp_path))
    assert result.code == 2
    assert "2 aoc/oneAPI report sets below this folder: a, b" in result.stderr
    assert json.loads(run_cli("analyze", str(tmp_path / "a"), "--format", "json").stdout)["kernels"]


def test_acl_quartus_report_with_only_a_1x_clock_fmax_line(tmp_path: Path) -> None:
    from hlsight.parsers.intel.fmax import read_acl_quartus_report

    # the line layout of acl_quartus_report.txt ("1x clock fmax: $fmax1")
    path = tmp_path / "acl_quartus_report.txt"
    path.write_text("ALUTs: 3974\nRegisters: 3,141\n1x clock fmax: 137.27\n2x clock fmax: Unused\n", encoding="utf-8")
    fit = read_acl_quartus_report(path)
    assert fit is not None and fit.mhz == pytest.approx(137.27)
