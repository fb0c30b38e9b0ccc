"""The exported RTL's implementation report (``<top>_export.rpt``, decision 95).

A public Vitis 2025.1.1 KV260 design kept its ``*_export.rpt`` (routed:
4.793 ns for a 5 ns target) beside its synthesis reports; hlsight said "no
place-and-route fmax in the report" and printed the scheduler's 4.4 ns
"estimated clock" (24.8 ms) as the optimistic line, a clock the routed RTL
does not reach. The corpus holds no export report: the reports below are
written in the shape Vivado HLS and Vitis write (the Xilinx report
generator's ``#=== Final timing ===`` block), beside corpus synthesis
reports."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.conftest import CORPUS, run_cli

NW = CORPUS / "vivado" / "vitis2022.2.2_machsuite_nw"  # needwun: 5 ns target, synthesized Sat Apr 5 08:32:43 2025
TRIPS = ("--set", "loop.needwun.pad_a.trip=128", "--set", "loop.needwun.pad_b.trip=128",
         "--set", "loop.needwun.trace.trip=256")
CYCLES = 128 + 128 + 256 + 33928
UNIFIED = CORPUS / "vivado" / "vitis2025.2_conv2d_unified"


def _export(route: str | None, date: str = "Sun Apr 06 10:00:00 +0100 2025", met: str = "Timing met",
            synthesis: str = "4.912") -> str:
    routed = [f"CP achieved post-implementation: {route}"] if route is not None else []
    lines = ["", "", "Implementation tool: Xilinx Vivado v.2022.2", "Project:             nw",
             "Solution:            solution1", "Device target:       xcu55c-fsvh2892-2L-e",
             f"Report date:         {date}", "", "#=== Post-Implementation Resource usage ===",
             "SLICE:            0", "LUT:           2231", "FF:            1980", "DSP:              0",
             "BRAM:            18", "URAM:             0", "LATCH:            0", "SRL:             12",
             "CLB:            502", "", "#=== Final timing ===", "CP required:                     5.000",
             f"CP achieved post-synthesis:      {synthesis}", *routed, met]
    return "\n".join(lines) + "\n"


def _nw_with(tmp_path: Path, text: str) -> Path:
    copy = tmp_path / "nw"
    shutil.copytree(NW, copy)
    (copy / "needwun_export.rpt").write_text(text, encoding="utf-8")
    return copy


def test_a_met_target_keeps_its_clock_and_the_routed_one_replaces_the_estimate(tmp_path: Path) -> None:
    out = run_cli("analyze", str(_nw_with(tmp_path, _export("4.612"))), *TRIPS).stdout
    assert ("clock 200 MHz (the HLS target clock, met after place and route: 4.612 ns achieved"
            " (needwun_export.rpt, Xilinx Vivado v.2022.2))") in out
    assert f"at the target clock (5 ns, 200 MHz): {CYCLES * 5e-3:.3g} us" in out
    assert f"at the place-and-route clock (4.612 ns, 216.8 MHz): {CYCLES * 4.612e-3:.3g} us" in out
    assert "at the estimated clock" not in out  # the scheduler's 3.504 ns: no placed design of it reached that
    assert ("place and route (Xilinx Vivado v.2022.2): 4.612 ns achieved (after synthesis 4.912 ns) for a 5 ns target,"
            " met; post-implementation LUT 2,231, FF 1,980, DSP 0, BRAM 18, URAM 0, SRL 12, CLB 502") in out
    assert "kernel needwun [function] fmax 216.826 MHz (post-route)" in run_cli(
        "analyze", "-v", str(tmp_path / "nw"), *TRIPS).stdout
    document = json.loads(run_cli("analyze", str(tmp_path / "nw"), *TRIPS, "--format", "json").stdout)
    assert document["implementation"]["cp_post_route_ns"] == 4.612 and document["implementation"]["timing_met"]
    assert abs(document["estimate"]["seconds"] - CYCLES * 5e-9) < 1e-15


def test_a_missed_target_times_the_design_at_the_routed_clock(tmp_path: Path) -> None:
    """5.412 ns routed against 5 ns: the RTL runs no faster than 184.8 MHz."""
    project = _nw_with(tmp_path, _export("5.412", met="Timing not met"))
    document = json.loads(run_cli("analyze", str(project), *TRIPS, "--format", "json").stdout)
    assert abs(document["estimate"]["seconds"] - CYCLES * 5.412e-9) < 1e-15
    out = run_cli("analyze", str(project), *TRIPS).stdout
    assert "(the place-and-route clock: 5.412 ns achieved, the target 5 ns not met (needwun_export.rpt" in out
    assert "for a 5 ns target, NOT met" in out


def test_an_export_older_than_the_synthesis_is_not_used(tmp_path: Path) -> None:
    project = _nw_with(tmp_path, _export("5.412", date="Fri Apr 04 10:00:00 +0100 2025"))
    result = run_cli("analyze", str(project), *TRIPS)
    assert "[vivado-impl-stale]" in result.stdout and "at the place-and-route clock" not in result.stdout
    assert "at the estimated clock (3.504 ns" in result.stdout
    document = json.loads(run_cli("analyze", str(project), *TRIPS, "--format", "json").stdout)
    assert abs(document["estimate"]["seconds"] - CYCLES * 5e-9) < 1e-15


def test_a_component_keeps_it_under_hls_impl_and_the_file_alone_is_pointed_home(tmp_path: Path) -> None:
    """A unified-flow component: ``hls/impl/report/verilog`` beside
    ``hls/syn/report``; a pre-2017 report's one "CP achieved" line is read
    without a step named. The export report given as PATH says where to point."""
    copy = tmp_path / "conv2d"
    shutil.copytree(UNIFIED, copy)
    hls = copy / "hls_component" / "hls_component" / "hls"
    (hls / "impl" / "report" / "verilog").mkdir(parents=True)
    export = hls / "impl" / "report" / "verilog" / "conv2d_export.rpt"
    export.write_text("#=== Resource usage ===\nLUT:           5120\n#=== Final timing ===\nCP required:    10.000\n"
                      "CP achieved:    11.250\nTiming not met\n", encoding="utf-8")
    out = run_cli("analyze", str(copy)).stdout
    assert "implementation: 11.25 ns achieved (the report does not say after which step) for a 10 ns target," \
           " NOT met; LUT 5,120" in out
    assert "the implementation clock: 11.25 ns achieved, the target 10 ns not met" in out
    assert "at the implementation clock (11.25 ns, 88.89 MHz)" in out
    alone = run_cli("analyze", str(export))
    assert alone.code == 2 and "conv2d_export.rpt is the exported RTL's implementation report" in alone.stderr


def test_a_components_place_and_route_summary_is_read(tmp_path: Path) -> None:
    """The unified flow keeps ``<component>/reports/hls_impl_pnr.rpt`` (a
    public 2025.2 ViT component: "| Post-Route | 9.026 |" for a 10 ns
    target), a table, not the export report's lines; 100 KB and more, its
    summary first. It went unread: "no place-and-route fmax"."""
    copy = tmp_path / "conv2d"
    shutil.copytree(UNIFIED, copy)
    reports = copy / "hls_component" / "hls_component" / "reports"
    reports.mkdir(exist_ok=True)
    summary = ("================================================================\n== Vivado Place & Route Results\n"
               "================================================================\n+ General Information:\n"
               "    * Date:            Wed Feb 18 17:09:13 +0530 2026\n"
               "    * Version:         2025.2 (Build 6295257 on Nov 14 2025)\n\n"
               "== Place & Route Resource Summary\nLUT:              2453\nFF:               1768\n\n"
               "== Place & Route Timing Summary\n* Timing was met\n+----------------+-------------+\n"
               "| Timing         | Period (ns) |\n+----------------+-------------+\n| Target         | 10.000      |\n"
               "| Post-Synthesis | 5.931       |\n| Post-Route     | 9.026       |\n+----------------+-------------+\n")
    (reports / "hls_impl_pnr.rpt").write_text(summary + "\n" + "x" * 120_000 + "\n", encoding="utf-8")
    out = run_cli("analyze", str(copy)).stdout
    assert "(the HLS target clock, met after place and route: 9.026 ns achieved (hls_impl_pnr.rpt," in out
    assert ("place and route (2025.2 (Build 6295257 on Nov 14 2025)): 9.026 ns achieved (after synthesis 5.931 ns)"
            " for a 10 ns target, met; post-implementation LUT 2,453, FF 1,768") in out
