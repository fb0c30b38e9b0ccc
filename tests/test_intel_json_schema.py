"""`hlsight analyze --format json` validates against docs/hlsight.schema.json."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from tests.conftest import CORPUS, REPO, run_cli

SCHEMA = json.loads((REPO / "docs" / "hlsight.schema.json").read_text(encoding="utf-8"))
AOC = CORPUS / "aoc"
CASES = [
    AOC / "aoc16.1_s5_de5net_caffe_net" / "kernels" / "net" / "bin" / "net",
    AOC / "aoc17.1.1_a10_gridding" / "reports",
    AOC / "aoc19.4pro_s10mx_hbm2_memprofile" / "Stratix10MX_Mem_Profile" / "CA_reports" / "testMX_bw10_16_1",
    AOC / "aoc21.2_s10_520n_hpcc_stream_randomaccess" / "synthesis_artifacts" / "STREAM" / "520n-21.2.0-20.4.0"
    / "stream_kernels_single_synth_reports",
    AOC / "oneapi2021.4_s10gx_parallel_bfs" / "parallel_bfs_report.prj",
    AOC / "oneapi2023.0_s10mx_kmers" / "less_work_but_slower" / "reports_v12_m_v9_half",
    CORPUS / "zaragoza" / "reports" / "hbm2" / "sobel-hiflipvx",
]


def test_schema_is_valid_draft_2020_12() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("path", CASES, ids=lambda p: "/".join(Path(p).parts[-2:]))
def test_analyze_json_validates(path: Path) -> None:
    result = run_cli("analyze", str(path), "--format", "json")
    assert result.code == 0, result.stderr
    document = json.loads(result.stdout)
    jsonschema.Draft202012Validator(SCHEMA).validate(document)
    assert document["kernels"], "every corpus case has kernels"


def test_demo_json_has_issue_2_fields() -> None:
    result = run_cli("demo", "--format", "json")
    assert result.code == 0, result.stderr
    document = json.loads(result.stdout)
    jsonschema.Draft202012Validator(SCHEMA).validate(document)
    assert document["source"]["tool"] == "aoc"
    assert document["source"]["version"] == "19.4.0"
    (kernel,) = document["kernels"]
    assert kernel["name"] == "vector_add"
    assert [(lsu["kind"], lsu["style"], lsu["width_bits"], lsu["global"], lsu["memory"], lsu["line"])
            for lsu in kernel["lsus"]] == [("load", "burst-coalesced", 512, True, "DDR", 12)] * 2 + [
        ("store", "burst-coalesced", 512, True, "DDR", 12)]
    (loop,) = kernel["loops"]
    assert (loop["name"], loop["pipelined"], loop["ii"], loop["ii_qualifier"], loop["line"], loop["children"]) == (
        "16X Partially unrolled vector_add.B2", True, 1, "~", 11, [])
    assert loop["trip_count"] is None  # 19.4 reports carry no trip counts
    assert loop["iteration_latency"] == 624  # fmax_ii.json latency of vector_add.B2
    assert kernel["fmax_postfit_mhz"] == 368.75  # acl_quartus_report "Actual clock freq"
    assert kernel["fmax_estimated_mhz"] == 480.0
    assert (kernel["kind"], kernel["workgroup_size"], kernel["autorun"], kernel["compute_units"]) == (
        "single_work_item", "1x1x1", False, 1)
    assert document["memory_systems"] == [{"name": "DDR", "kind": "ddr", "global": True, "banks": 1, "channel": None,
                                          "kernel": None, "bank_names": [], "channel_widths_bits": [],
                                          "bsp_bandwidth_mbs": None,
                                          "details": {"Number of banks": "1"}}]
