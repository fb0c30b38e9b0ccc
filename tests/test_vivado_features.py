"""Specific reader behaviours on real corpus reports: folding of Vitis
``_Pipeline_`` modules, source locations, interfaces, unknown spellings,
truncated names, missing modules, pragmas, JSON output."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import jsonschema
import pytest

from hlsight.analyzer.export import result_to_dict
from hlsight.analyzer.pipeline import analyze
from hlsight.core.diagnostics import Severity
from hlsight.core.model import Design, Kernel, Loop, TripCount
from hlsight.parsers.vivado import read_report
from hlsight.parsers.vivado.names import (
    ZERO_TRIP_NOTE,
    module_matches,
    outlined_module_parts,
    outlines_loops,
    parse_loop_name,
)
from hlsight.parsers.vivado.pragmas import evaluate_c_int
from hlsight.parsers.vivado.values import parse_float, parse_range, parse_version
from tests.conftest import REPO, run_cli
from tests.test_vivado_corpus import CASE_NAMES, VIVADO, design_of


def loop_named(kernel: Kernel, name: str) -> Loop:
    found = [loop for loop in kernel.all_loops() if loop.name == name]
    assert len(found) == 1, [loop.name for loop in kernel.all_loops()]
    return found[0]


def rules(design: Design, rule: str) -> list[str]:
    return sorted(str(diag.subject) for diag in design.diagnostics if diag.rule == rule)


# ----------------------------------------------------------------- values and names


@pytest.mark.parametrize("text, expected", [
    ("8", (8, 8)), ("?", (None, None)), ("undef", (None, None)), ("-", (None, None)), ("-1", (None, None)),
    ("0 ~ 1080", (0, 1080)), ("1 ~ ?", (1, None)), ("2 ~ -1", (2, None)), ("  6 ~ 1926 ", (6, 1926)),
])
def test_every_unknown_spelling(text: str, expected: tuple[int | None, int | None]) -> None:
    assert parse_range(text) == expected


def test_clock_cells_and_versions() -> None:
    assert parse_float("8.00") == 8.0
    assert parse_float("7.300 ns") == pytest.approx(7.3)
    assert parse_float("0.268 ms") == pytest.approx(268_000.0)
    assert parse_version("2022.2.2 (Build 3779808 on Feb 17 2023)") == (2022, 2, 2)


def test_loop_name_kinds() -> None:
    vitis = parse_loop_name("VITIS_LOOP_27_3")
    assert (vitis.kind, vitis.line, vitis.ordinal) == ("vitis", 27, 3)
    assert parse_loop_name("VITIS_LOOP_17_4_VITIS_LOOP_18_5").line == 17  # flattened: outer loop's line
    assert parse_loop_name("Loop 1.1.2").path == (1, 1, 2)
    child = parse_loop_name("VITIS_LOOP_35_2.13")
    assert (child.kind, child.parent, child.ordinal, child.line) == ("child", "VITIS_LOOP_35_2", 13, None)
    assert parse_loop_name("loop_height").kind == "label"


def test_module_names() -> None:
    assert module_matches("KeccakF1600_StatePer", "KeccakF1600_StatePermute")  # 20-char truncation
    assert not module_matches("KeccakF1600_StateP", "KeccakF1600_StatePermute")
    assert outlined_module_parts("lu_Pipeline_VITIS_LOOP_17_4_VITIS_LOOP_18_5") == (
        "lu", "VITIS_LOOP_17_4_VITIS_LOOP_18_5")
    # a dataflow process made of a loop labelled Pipeline_loop4 (Vivado HLS 2019.1, cut to 20 characters + _s)
    assert outlined_module_parts("Loop_Pipeline_loop4_s") is None
    assert outlined_module_parts("Loop_Pipeline_loop4_proc") is None
    # a part Vitis outlined from such a process is named after the whole process
    assert outlined_module_parts("Loop_Pipeline_loop4_proc_Pipeline_loop4_1") == ("Loop_Pipeline_loop4_proc", "loop4_1")
    assert outlines_loops(vitis=True, version=(2021, 2)) and outlines_loops(vitis=True, version=())
    assert not outlines_loops(vitis=True, version=(2020, 2)) and not outlines_loops(vitis=False, version=(2019, 1))


def test_c_integer_pragma_expressions() -> None:
    assert evaluate_c_int("1666/494") == 3
    assert evaluate_c_int("2048/(2*1)") == 1024
    assert evaluate_c_int("MAX_N") is None
    assert evaluate_c_int("__import__('os')") is None


# ----------------------------------------------------------------- hierarchy


def test_pipeline_modules_fold_into_the_calling_loop() -> None:
    design = design_of("vitis2022.2.2_machsuite_nw")
    top = design.kernel("needwun")
    assert [loop.name for loop in top.loops] == ["init_row", "init_col", "fill_out", "trace", "pad_a", "pad_b"]
    fill_in = loop_named(top, "fill_in")
    assert loop_named(top, "fill_out").children == [fill_in]
    assert fill_in.outlined_module == "needwun_Pipeline_fill_in"
    assert fill_in.ii is not None and (fill_in.ii.value, fill_in.pipeline_depth) == (2, 4)
    assert design.kernel("needwun_Pipeline_fill_in").folded_into == "needwun"
    assert {inst.name: inst.loop for inst in top.instances}["grp_needwun_Pipeline_fill_in_fu_161"] == "fill_out"
    assert sum(len(k.all_loops()) for k in design.kernels if k.folded_into is None) == 7


def test_folding_nests_two_levels_and_keeps_source_order() -> None:
    top = design_of("vitis2022.2.2_polybench_lu").kernel("lu")
    outer = loop_named(top, "VITIS_LOOP_10_1")
    assert [child.name for child in outer.children] == ["VITIS_LOOP_11_2", "VITIS_LOOP_17_4_VITIS_LOOP_18_5"]
    assert [child.name for child in outer.children[0].children] == ["VITIS_LOOP_12_3"]
    igcn = design_of("vitis2022.1_igcn").kernel("IGCN")
    assert [loop.name for loop in igcn.loops] == ["VITIS_LOOP_12_1", "IGCN_label0", "VITIS_LOOP_19_2"]


def test_without_csynth_xml_outlined_loops_go_to_the_top_level(tmp_path: Path) -> None:
    for source in (VIVADO / "vitis2022.2.2_machsuite_nw").glob("needwun*_csynth.*"):
        shutil.copy(source, tmp_path / source.name)
    design = read_report(tmp_path)
    top = design.kernel("needwun")
    fill_in = loop_named(top, "fill_in")
    assert fill_in in top.loops and loop_named(top, "fill_out").children == []
    assert any("enclosing loop unknown" in note for note in fill_in.details)
    assert top.is_top and rules(design, "vivado-top-guessed") == []  # the only uninstantiated module


def test_vivado_instance_hierarchy_and_top() -> None:
    design = design_of("vhls2015.3_ug871_dct_seq")
    assert [(i.name, i.module) for i in design.kernel("dct").instances] == [("grp_dct_dct_2d_fu_148", "dct_dct_2d")]
    assert [i.module for i in design.kernel("dct_dct_2d").instances] == ["dct_dct_1d2"]
    dataflow = design_of("vhls2015.3_ug871_dct_dataflow").kernel("dct")
    assert dataflow.dataflow and dataflow.pipeline_type == "dataflow" and len(dataflow.instances) == 6


def test_truncated_module_names_resolve() -> None:
    design = design_of("vhls2018.3_sha3_keccak")
    assert rules(design, "vivado-missing-module-report") == []
    assert "KeccakF1600_StatePer" in [i.module for i in design.kernel("keccak_absorb").instances]


def test_missing_module_reports_are_diagnosed_not_fatal() -> None:
    design = design_of("vhls2019.1_lr_trackfit")
    # LR_top's csynth.xml and six large module reports were not copied; the four
    # instantiated by modules that are present are named (create/push_back_2 are
    # only instantiated by missing modules, so nothing can know them).
    assert rules(design, "vivado-missing-module-report") == [
        "deltaPhiHLS_float_s", "produce", "push_back_1", "stubsHLS"]
    assert all(d.severity is Severity.WARNING for d in design.diagnostics
               if d.rule == "vivado-missing-module-report")
    assert rules(design, "vivado-top-guessed") == ["LR_top"]
    assert rules(design_of("vhls2016.4_cms_towerpeaks"), "vivado-missing-module-report") == [
        "bitonic4", "bitonic_1_8"]
    summary_only = design_of("vitis2022.1_fault_detector")
    assert rules(summary_only, "vivado-module-from-summary") == sorted([
        "read_data_1", "insert_point_Pipeline_VITIS_LOOP_271_1", "insert_point",
        "trainPipelineBody_Block_entry174_proc", "trainPipelineBody", "runTrain"])


# ----------------------------------------------------------------- loop facts


def test_zero_trip_count_of_library_while_loops_is_unknown() -> None:
    loop = loop_named(design_of("vhls2018.3_hls_sobel_dataflow").kernel("AXIvideo2Mat"), "loop_wait_for_start")
    assert loop.trip_count == TripCount(None, None) and ZERO_TRIP_NOTE in loop.details


def test_known_minimum_unknown_maximum_trip_count() -> None:
    loop = loop_named(design_of("vitis2020.1_vecdot_dataflow").kernel("VecReader"), "VITIS_LOOP_4_1")
    assert loop.trip_count == TripCount(1, None)  # rpt "1 ~ ?" although XML says undef
    assert loop.latency is not None and (loop.latency.min, loop.latency.max) == (2, None)


def test_ii_target_and_violation() -> None:
    unique = design_of("vhls2019.1_unique_paths").kernel("unique_paths")
    first = loop_named(unique, "Loop 1")
    assert first.ii is not None and (first.ii.value, first.ii_target) == (2, 1)
    conv = loop_named(design_of("vhls2020.1_cnn_mnist").kernel("conv1"), "Loop 2")
    assert conv.ii is not None and (conv.ii.value, conv.ii_target) == (10, 1)


def test_iteration_latency_ranges() -> None:
    loop = loop_named(design_of("vhls2019.1_cse237c_fir128").kernel("fir"), "SHIFT_ACCUM_LOOP")
    assert loop.iteration_latency is None
    assert loop.iteration_latency_range is not None
    assert (loop.iteration_latency_range.min, loop.iteration_latency_range.max) == (2, 4)


def test_tripcount_pragma_average() -> None:
    spmv = loop_named(design_of("vitis2022.2.2_machsuite_spmv_crs").kernel("spmv"), "spmv_2")
    assert spmv.trip_count == TripCount(0, 1666, 3)  # avg=NNZ/N = 1666/494 in C integer arithmetic
    merge = design_of("vitis2022.2.2_machsuite_sort_merge").kernel("merge_1")
    assert [loop_named(merge, f"merge_label{k}").trip_count for k in (1, 2, 3)] == [
        TripCount(1, 2048, 1024), TripCount(1, 2048, 1024), TripCount(1, 2048, 1536)]


# ----------------------------------------------------------------- source locations


def test_vitis_loop_lines_come_from_names_and_files_from_the_report() -> None:
    nms = design_of("vitis2023.2_cluster_nms").kernel("nms")
    outer = loop_named(nms, "VITIS_LOOP_25_2")  # SourceLocation says :27 (its inner loop); the name says 25
    assert str(outer.location) == "cluster_nms_impl/src/nms_impl.cpp:25" and outer.location_basis == "loop-name"
    ascon = design_of("vitis2021.2_ascon_aead").kernel("LOADBYTES_1")
    assert str(loop_named(ascon, "VITIS_LOOP_18_1").location).endswith("code_optimization/word.h:18")
    bfs = loop_named(design_of("vitis2022.2.2_machsuite_bfs_queue").kernel("bfs"), "loop_queue")
    assert str(bfs.location) == "bfs.c:32" and bfs.location_basis == "bind-node"
    systolic = design_of("vitis2023.2_systolic_array").kernel("systolic_array")
    assert {str(loop.location) for loop in systolic.all_loops() if loop.name == "VITIS_LOOP_126_1"} == {
        "final_systolic_array_hls/pe_cycle.h:126"}


def test_vivado_reports_have_no_source_locations() -> None:
    design = design_of("vhls2020.1_cnn_mnist")
    assert all(loop.location is None for kernel in design.kernels for loop in kernel.all_loops())


# ----------------------------------------------------------------- interfaces, clocks, CRLF


def test_m_axi_interfaces() -> None:
    nms = design_of("vitis2023.2_cluster_nms").kernel("nms")
    m_axi = {i.bundle: i for i in nms.interfaces if i.protocol == "m_axi"}
    assert sorted(m_axi) == ["gmem", "gmem0", "gmem1"]
    assert (m_axi["gmem0"].width_bits, m_axi["gmem0"].address_bits, m_axi["gmem0"].direction) == (32, 64, "read")
    assert m_axi["gmem"].direction == "write" and m_axi["gmem"].details["MAX_READ_BURST_LENGTH"] == "16"
    vecdot = design_of("vitis2020.1_vecdot_dataflow")
    top_axi = {i.bundle: (i.width_bits, i.address_bits) for i in vecdot.kernel("VecDotProduct").interfaces
               if i.protocol == "m_axi"}
    assert top_axi == {"ddr0": (128, 32), "ddr1": (128, 32), "ddr2": (32, 32)}
    conv1 = [i for i in design_of("vhls2020.1_cnn_mnist").kernel("conv1").interfaces if i.protocol == "m_axi"]
    assert [(i.source_object, i.bundle, i.width_bits) for i in conv1] == [("input_V", None, 8)]


@pytest.mark.parametrize("case", ["vitis2021.2_ascon_aead", "vitis2022.1_topk_sort_dataflow",
                                  "vitis2024.1_wrr_dataflow"])
def test_crlf_reports(case: str) -> None:
    assert b"\r\n" in next((VIVADO / case).glob("*_csynth.rpt")).read_bytes()
    design = design_of(case)
    assert design.tool.version_raw.startswith(design.tool.version + " (Build ")
    assert all(loop.ii_target == 1 for k in design.kernels for loop in k.all_loops() if loop.pipelined)


def test_clock_and_fmax() -> None:
    top = design_of("vitis2022.1_fault_detector").kernel("run")
    assert (top.clock_target_ns, top.clock_uncertainty_ns, top.clock_estimated_ns) == (18.0, 4.86, 14.308)
    assert top.fmax_estimated_mhz == pytest.approx(1000 / 14.308, rel=1e-4)


# ----------------------------------------------------------------- CLI and JSON


def test_analyze_json_loop_tree() -> None:
    result = run_cli("analyze", str(VIVADO / "vitis2022.2.2_machsuite_spmv_crs"), "--format", "json")
    assert result.code == 0, result.stderr
    data = json.loads(result.stdout)
    top = next(kernel for kernel in data["kernels"] if kernel["is_top"])
    (spmv_1,) = top["loops"]
    assert {key: spmv_1[key] for key in ("name", "pipelined", "ii", "iteration_latency", "trip_count", "latency",
                                         "file", "line")} == {
        "name": "spmv_1", "pipelined": False, "ii": None, "iteration_latency": None,
        "trip_count": {"min": 494, "max": 494, "avg": None}, "latency": {"min": 2964, "max": 3298932},
        "file": "spmv.c", "line": 16}
    assert spmv_1["iteration_latency_range"] == {"min": 6, "max": 6678}
    (spmv_2,) = spmv_1["children"]
    assert (spmv_2["name"], spmv_2["ii"], spmv_2["ii_target"], spmv_2["iteration_latency"]) == ("spmv_2", 4, 1, 13)
    assert spmv_2["trip_count"] == {"min": 0, "max": 1666, "avg": 3}
    assert spmv_2["outlined_module"] == "spmv_Pipeline_spmv_2"


def test_unknown_trip_count_is_null_in_json() -> None:
    data = result_to_dict(analyze(design_of("vitis2022.2.2_polybench_insert_sort")))
    inner = next(k for k in data["kernels"] if k["name"] == "insert_sort_Pipeline_VITIS_LOOP_7_2")["loops"][0]
    assert inner["trip_count"] == {"min": None, "max": None, "avg": None}
    assert inner["latency"] == {"min": None, "max": None}


def test_every_case_validates_against_the_json_schema() -> None:
    schema = json.loads((REPO / "docs" / "hlsight.schema.json").read_text())
    validator = jsonschema.Draft202012Validator(schema)
    for case in CASE_NAMES:
        errors = list(validator.iter_errors(json.loads(json.dumps(result_to_dict(analyze(design_of(case)))))))
        assert errors == [], (case, errors[:1])


def test_vitis_loop_n_is_marked_compiler_generated() -> None:
    from hlsight.parsers.vivado.names import GENERATED_LOOP_NOTE

    loop = loop_named(design_of("vitis2023.2_cluster_nms").kernel("nms_Pipeline_2"), "Loop 1")
    assert GENERATED_LOOP_NOTE in loop.details and loop.location is None
    vivado = loop_named(design_of("vhls2019.2_fibonacci").kernel("fibonacci"), "Loop 1")
    assert GENERATED_LOOP_NOTE not in vivado.details  # Vivado: an unlabelled source loop
    # Vivado HLS 2018.3's zero-fill of `uint8 t[200] = {0}`: `memset_t`, beside labelled source loops
    keccak = design_of("vhls2018.3_sha3_keccak").kernel("keccak_absorb")
    assert GENERATED_LOOP_NOTE in loop_named(keccak, "memset_t").details
    assert GENERATED_LOOP_NOTE not in loop_named(keccak, "keccak_absorb_label6").details


def test_aggregated_csynth_xml_alone_gives_the_whole_hierarchy() -> None:
    design = read_report(VIVADO / "vitis2022.2.2_machsuite_nw" / "csynth.xml")
    assert sorted(k.name for k in design.kernels) == sorted(k.name for k in design_of(
        "vitis2022.2.2_machsuite_nw").kernels)
    assert [d.rule for d in design.diagnostics] == []
    top = design.kernel("needwun")
    assert top.is_top and [child.name for child in loop_named(top, "fill_out").children] == ["fill_in"]
    assert [(i.name, i.protocol) for i in top.interfaces] == [
        (i.name, i.protocol) for i in design_of("vitis2022.2.2_machsuite_nw").kernel("needwun").interfaces]
    assert ("SEQA", "ap_memory") in [(i.name, i.protocol) for i in top.interfaces]


def test_csynth_xml_copy_stands_in_for_a_missing_top_xml(tmp_path: Path) -> None:
    case = VIVADO / "vhls2019.1_unique_paths"  # csynth.xml is a byte copy of unique_paths_csynth.xml
    shutil.copy(case / "csynth.xml", tmp_path / "csynth.xml")
    only_copy = read_report(tmp_path)
    assert [k.name for k in only_copy.kernels] == ["unique_paths"] and only_copy.kernels[0].is_top
    assert [loop.name for loop in only_copy.kernels[0].all_loops()] == ["Loop 1", "Loop 2", "Loop 3", "Loop 3.1"]
    shutil.copy(case / "unique_paths_csynth.rpt", tmp_path / "unique_paths_csynth.rpt")
    merged = read_report(tmp_path).kernel("unique_paths")
    assert loop_named(merged, "Loop 3.1").ii_target == 1  # the rpt joined the copy
    assert [d.rule for d in read_report(tmp_path).diagnostics] == []


def test_a_minimum_that_skips_a_part_says_what_may_be_skipped() -> None:
    """The 2024.1 weighted round robin's ``Block_entry_split_proc`` reaches
    its 11-cycle minimum by skipping the loops under its ``if``s; the note
    said "conditional call" (a public Vivado detector's skipped part is a
    loop under ``if (contador == 25000)``, no call)."""
    result = run_cli("analyze", str(VIVADO / "vitis2024.1_wrr_dataflow"), "-v",
                     "--set", "loop.Block_entry_split_proc.VITIS_LOOP_29_2.trip=4")
    assert result.code == 0, result.stderr
    assert ("note: Block_entry_split_proc: its minimum (11 cycles) skips a part (a call or loop under a condition):"
            " the worst-case path is modelled") in result.stdout
