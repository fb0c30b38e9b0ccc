"""Findings of session 42, each on a corpus input or a fixture written for
hlsight in the public shape."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, run_cli

MAXI_PROJECT = FIXTURES / "vhls2015_maxi_nosource"


def test_the_html_says_the_dram_time_beside_a_cosimulated_latency_as_the_text_does(tmp_path: Path) -> None:
    """Session 41 said, in the text, that the DRAM model's time beside a
    co-simulated latency is outside what co-simulation's AXI model
    measures (a public Vitis HLS 2025.1 lab, handasahil/FPGA_ECE8893_SJH,
    read "10.8 ms" above "-0.0 %"); the HTML page still gave the bare
    -100.0 % under the 6.8 ms. Both now render the one clause."""
    project = tmp_path / "project"
    shutil.copytree(MAXI_PROJECT, project)
    (project / "solution1" / "sim" / "report").mkdir(parents=True)
    shutil.copyfile(FIXTURES / "vivado_cosim" / "bfs_cosim.rpt", project / "solution1" / "sim" / "report" /
                    "poly_cosim.rpt")
    page = tmp_path / "page.html"
    result = run_cli("analyze", str(project / "solution1"), "--set", "axi.poly.gmem.bytes=1000000",
                     "--set", "axi.poly.gmem.stride=2", "--format", "html", "-o", str(page))
    assert result.code == 0, result.stderr
    text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8"))))
    assert ("the cycle count above -100.0%; the estimate, 6.8 ms, adds the DRAM model's memory time to these cycles"
            " (340 ns), which co-simulation's AXI model, no DRAM, does not measure") in text


def test_a_sum_of_schedule_and_dram_waits_is_said_beside_a_compute_bound_number(tmp_path: Path) -> None:
    """HLScope+ eq. 14 adds the DRAM's waits to the schedule where there is
    no dataflow. A public Vitis HLS 2025.1 lab (handasahil/FPGA_ECE8893_SJH,
    lab3, its strided bundles given) read "10.8 ms, compute-bound" with
    2.24 ms of it DRAM waits, and nothing said so. The sum is now said in
    text, HTML and JSON; the 2015 poly() fixture moving 100 bytes is such a
    sum (340 ns of schedule, one DRAM latency of 26.3 ns, section IV)."""
    import json

    values = ("--set", "axi.poly.gmem.bytes=100")
    result = run_cli("analyze", str(MAXI_PROJECT / "solution1"), *values)
    assert result.code == 0, result.stderr
    assert "  estimate: 366 ns, compute-bound\n" in result.stdout
    line = "schedule 340 ns + DRAM waits 26.3 ns (7% of 366 ns), added: no dataflow (HLScope+ eq. 14)"
    assert f"  function poly: {line}\n" in result.stdout
    page = tmp_path / "page.html"
    assert run_cli("analyze", str(MAXI_PROJECT / "solution1"), *values, "--format", "html", "-o", str(page)).code == 0
    assert f'<p class="hs-clock">{line}</p>' in page.read_text(encoding="utf-8")
    data = json.loads(run_cli("analyze", str(MAXI_PROJECT / "solution1"), *values, "--format", "json").stdout)
    extra = next(kernel["estimate"]["extra"] for kernel in data["kernels"] if kernel["name"] == "poly")
    assert extra["dram_wait_seconds"] == pytest.approx(26.3e-9, rel=0.01)
    # a memory-bound number is the bus occupancy (eq. 16), not the sum: nothing said
    bus = run_cli("analyze", str(MAXI_PROJECT / "solution1"), "--set", "axi.poly.gmem.bytes=1000")
    assert "  estimate: 2.5 us, memory-bound\n" in bus.stdout and "DRAM waits" not in bus.stdout


@pytest.mark.parametrize("cast", ["reinterpret_cast<const ap_uint<64> *>({})", "(const ap_uint<64> *)({})",
                                  "static_cast<const ap_uint<64> *>(static_cast<const void *>({}))"])
def test_a_wide_read_through_a_pointer_cast_in_cxx_counts_its_bytes(tmp_path: Path, cast: str) -> None:
    """A public Vitis 2023.1 U280 CRC kernel (efrink29/U280_CRC_Accelerator)
    reads its 16 MiB a call as ``*reinterpret_cast<const ap_uint<128>
    *>(&in[i * 16])``: the C++ lowering dropped the cast, so the read was
    no access at all ("at least 967 ns" for 3.49 ms of bus time), and a
    C-style cast counted 1 byte an access. The cast is kept now, as the C
    front end keeps it, and the access moves the cast's element: here 8
    reads of 8 B and 8 writes of 4 B, 96 bytes."""
    project = tmp_path / "project"
    shutil.copytree(MAXI_PROJECT, project)
    (project / "poly.c").unlink()
    pointer = cast.format("&x[2 * i]")
    (project / "poly.cpp").write_text(
        "#include <ap_int.h>\nint poly(int *x, int *y, int a)\n{\n"
        "#pragma HLS INTERFACE m_axi port=y depth=16 offset=slave\n"
        "#pragma HLS INTERFACE m_axi port=x depth=16 offset=slave\n"
        "    for (int i = 0; i < 8; i++) {\n#pragma HLS PIPELINE\n"
        f"        ap_uint<64> pair = *{pointer};\n        y[i] = (int)pair + a;\n    }}\n    return 0;\n}}\n",
        encoding="utf-8")
    result = run_cli("analyze", "-v", str(project / "solution1"), "--source-root", str(project))
    assert result.code == 0, result.stderr
    assert "  assumes: m_axi_gmem: 96 bytes per call from the source (" in result.stdout
    assert "(line 8): 8 x 8 B; y[i] (line 9): 8 x 4 B)" in result.stdout
