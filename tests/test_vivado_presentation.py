"""Issue 12 items 2, 3 and 6: cycles first with named clocks, outlined
modules folded into their caller, and the Vivado HTML cycle-share chart."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from tests.conftest import CORPUS, run_cli

VIVADO = CORPUS / "vivado"
NW = VIVADO / "vitis2022.2.2_machsuite_nw"


def _summary(text: str) -> list[str]:
    lines = text.splitlines()
    start = lines.index("summary:")
    end = next((index for index in range(start + 1, len(lines)) if not lines[index].startswith(" ")), len(lines))
    return lines[start + 1:end]


def test_nw_summary_lists_one_function_with_its_loops() -> None:
    result = run_cli("analyze", str(NW))
    assert result.code == 0, result.stderr
    summary = _summary(result.stdout)
    functions = [line for line in summary if line.startswith("  function ")]
    assert functions == [
        "  function needwun (top): loop.needwun.pad_a.trip + loop.needwun.pad_b.trip + loop.needwun.trace.trip"
        " + 33928 cycles"]
    # needwun_csynth.rpt: outlined init_row/init_col calls 131 cycles each
    # (instance rows), fill_out 33664 (IL 263 x 128: fill_in's 259-cycle call
    # inside), trace/pad_a/pad_b trip counts unknown (?)
    loops = next(line for line in summary if "loops and calls (cycles)" in line)
    assert ("init_row 131, init_col 131, fill_out 33,664, trace loop.needwun.trace.trip + 2, "
            "pad_a loop.needwun.pad_a.trip, pad_b loop.needwun.pad_b.trip") in loops
    assert not any("kernel needwun_Pipeline" in line for line in summary)
    assert "e-9" not in "\n".join(summary)  # cycles times a named clock, no float noise


def test_matrixmul_time_at_target_and_estimated_clock_are_named() -> None:
    # matrixmul_csynth.rpt: 79 cycles, target 13.33 ns, estimated 9.64 ns
    summary = _summary(run_cli("analyze", str(VIVADO / "vhls2015.3_ug871_matrixmul")).stdout)
    assert summary[0] == "  function matrixmul (top): 79 cycles"
    assert "    at the target clock (13.33 ns, 75.02 MHz): 1.05 us" in summary  # 79 x 13.33 ns
    assert "    at the estimated clock (9.64 ns, 103.7 MHz): 762 ns" in summary  # 79 x 9.64 ns
    assert "    report latency 79 cycles" in summary


def test_primary_time_uses_the_target_clock_and_fmax_overrides_it() -> None:
    data = json.loads(run_cli("analyze", str(VIVADO / "vhls2015.3_ug871_matrixmul"), "--format", "json").stdout)
    assert data["estimate"]["seconds"] == pytest.approx(79 * 13.33e-9)
    cycles = data["estimate"]["cycles"]
    assert (cycles["cycles"], cycles["clock_used"]) == (79, "target")
    assert cycles["seconds_at_estimated_clock"] == pytest.approx(79 * 9.64e-9)
    fast = json.loads(run_cli("analyze", str(VIVADO / "vhls2015.3_ug871_matrixmul"), "--format", "json",
                              "--set", "fmax=100").stdout)
    assert fast["estimate"]["seconds"] == pytest.approx(79 * 10e-9)
    assert fast["estimate"]["cycles"]["clock_used"] == "--set fmax"


def test_nw_html_has_a_cycle_share_svg_chart_and_one_function(tmp_path: Path) -> None:
    out = tmp_path / "nw.html"
    result = run_cli("analyze", str(NW), "--format", "html", "-o", str(out))
    assert result.code == 0, result.stderr
    soup = BeautifulSoup(out.read_text(encoding="utf-8"), "lxml")
    assert [name.get_text() for name in soup.select("h2 .hs-name")] == ["needwun"]
    figure = soup.select_one("figure.hs-cycles")
    assert figure is not None and figure.find("svg") is not None
    titles = [title.get_text() for title in figure.select("svg g title")]
    assert titles[:3] == ["loop init_row: 131 cycles (0%)", "loop init_col: 131 cycles (0%)",
                          "loop fill_out: 33,664 cycles (99%)"]
    assert "trace" in figure.get_text() and "wait for trip counts" in figure.get_text()
    widths = [float(rect["width"]) for rect in figure.select("svg rect")]
    assert max(widths) == widths[2] > 0  # fill_out has the longest bar


def test_chart_with_all_trip_counts_given_has_every_bar(tmp_path: Path) -> None:
    out = tmp_path / "nw.html"
    run_cli("analyze", str(NW), "--format", "html", "-o", str(out), "--set", "loop.needwun.trace.trip=256",
            "--set", "loop.needwun.pad_a.trip=8", "--set", "loop.needwun.pad_b.trip=8")
    figure = BeautifulSoup(out.read_text(encoding="utf-8"), "lxml").select_one("figure.hs-cycles")
    assert figure is not None
    titles = [title.get_text() for title in figure.select("svg g title")]
    assert "loop trace: 258 cycles (1%)" in titles  # II 1 x 255 + depth 3


def test_annotated_csynth_folds_outlined_modules(tmp_path: Path) -> None:
    result = run_cli("annotate", str(NW), "-o", str(tmp_path / "out"))
    assert result.code == 0, result.stderr
    soup = BeautifulSoup((tmp_path / "out" / "csynth.html").read_text(encoding="utf-8"), "lxml")
    rows = [[cell.get_text() for cell in row.find_all("td")[:2]] for row in soup.select("table tbody tr")
            if row.find_parent(id="hlsight-panel") is None]
    assert rows[0] == ["needwun", "top"]
    assert ["needwun_Pipeline_fill_in", "outlined part"] in rows
    assert [name.get_text() for name in soup.select("h2 .hs-name")] == ["needwun"]
    assert soup.select_one("figure.hs-cycles svg") is not None


def test_resources_with_utilisation_and_clock_slack() -> None:
    # bfs_csynth.rpt: Total BRAM 0, DSP 0, FF 349, LUT 823, URAM 0 of 4032 /
    # 9024 / 2607360 / 1303680 / 960; clock 5.00 ns target, 2.575 estimated,
    # 1.35 uncertainty -> slack 5 - 1.35 - 2.575 = 1.075 ns
    summary = _summary(run_cli("analyze", str(VIVADO / "vitis2022.2.2_machsuite_bfs_queue")).stdout)
    assert "    clock: target 5 ns - uncertainty 1.35 ns, estimated 2.575 ns: slack 1.07 ns (met)" in summary
    resources = next(line for line in summary if line.startswith("    resources: "))
    assert "FF 349 (0.01%)" in resources and "LUT 823 (0.06%)" in resources and "BRAM_18K 0 (0.00%)" in resources
    data = json.loads(run_cli("analyze", str(VIVADO / "vitis2022.2.2_machsuite_bfs_queue"), "--format",
                              "json").stdout)
    lut = next(item for item in data["kernels"][0]["resources"] if item["name"] == "LUT")
    assert (lut["used"], lut["available"]) == (823, 1303680)


def test_intel_resources_and_ii_bottleneck_detail() -> None:
    # ipp 18.1 summary.json estimatedResources: rgb_to_hsv 3974 ALUTs of 37036
    # (report: 10.7301 %), 3141 FFs of 50000, 12 RAMs of 182, 7.5 DSPs of 144
    text = run_cli("analyze", str(CORPUS / "aoc" / "ipp18.1_max10_rgb_to_hsv")).stdout
    assert "resources: ALUTs 3,974 (10.73%), FFs 3,141 (6.28%), RAMs 12 (6.59%), DSPs 7.5 (5.21%)" in text
    # kmers loops.json, 'lambda'().B3 at line 876: the variables and the
    # feedback path sit in nested details with %L links
    kmers = run_cli("analyze", "-v", str(CORPUS / "aoc" / "oneapi2023.0_s10mx_kmers")).stdout  # whole messages
    line = next(item for item in kmers.splitlines()
                if re.search(r"\.cpp:876:\d+: warning: loop \S+\.B3 ", item))
    assert "data dependency on variable(s): j (two_bit_v19_HBM_test_v12_medium_v9_half.cpp:876), q (" in line
    assert ("Most critical loop feedback path during scheduling: 1.47 clock cycle 33-bit Integer Add Operation"
            " (handler.hpp:1100 > two_bit_v19_HBM_test_v12_medium_v9_half.cpp:876)") in line
    assert "variable(s):)" not in kmers


def test_outline_modules_are_parts_of_their_caller() -> None:
    """The reader decides (fold_outlined_modules), the reporters follow:
    a loopless ``_Outline_`` region is a part of its caller too, and its
    loops join the caller's loop tree as a ``_Pipeline_`` module's do."""
    from hlsight.core.model import Design, Instance, Kernel, KernelKind, Loop, Product, ToolInfo, Vendor
    from hlsight.parsers.vivado.assemble import fold_outlined_modules
    from hlsight.reporters.hierarchy import functions, parts_of

    top = Kernel("kernel_top", KernelKind.FUNCTION, is_top=True,
                 instances=[Instance("grp_o", "kernel_top_Outline_VITIS_LOOP_12_1"), Instance("grp_f", "helper"),
                            Instance("grp_p", "kernel_top_Outline_VITIS_LOOP_20_2")])
    outline = Kernel("kernel_top_Outline_VITIS_LOOP_12_1", KernelKind.FUNCTION)
    with_loop = Kernel("kernel_top_Outline_VITIS_LOOP_20_2", KernelKind.FUNCTION, loops=[Loop("VITIS_LOOP_20_2")])
    helper = Kernel("helper", KernelKind.FUNCTION)
    fold_outlined_modules({k.name: k for k in (top, outline, with_loop, helper)}, instance_lists_known=True)
    assert (outline.folded_into, with_loop.folded_into, helper.folded_into) == ("kernel_top", "kernel_top", None)
    assert [loop.name for loop in top.loops] == ["VITIS_LOOP_20_2"]
    design = Design(ToolInfo(Vendor.XILINX, Product.VITIS_HLS, "2023.2"), Path("."),
                    kernels=[top, outline, with_loop, helper])
    assert [kernel.name for kernel in functions(design)] == ["kernel_top", "helper"]
    assert [kernel.name for kernel in parts_of(top, design)] == [
        "kernel_top_Outline_VITIS_LOOP_12_1", "kernel_top_Outline_VITIS_LOOP_20_2"]
