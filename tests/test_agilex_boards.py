"""Agilex boards and family-only targets pick their memory (analyzer/boards.py).

No public aoc/oneAPI report built for an Agilex board was found, so the
board strings are the BSPs' own names, verbatim, in small hand-written
``info.json`` files (``fixtures/agilex_boards``, README cites each source).
Before, every Agilex report read "unknown board ... ddr4-1866 assumed" (the
Stratix 10 GX dev kit's single DDR4-1866 bank), and a family-only target
(``-Xstarget=Agilex7``) said the same as a board no rule knows, without
saying that no board was chosen at all.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from hlsight.analyzer.boards import board_profile
from hlsight.analyzer.memory_profiles import load_profile
from hlsight.core.model import Design, Device, Product, ToolInfo, Vendor
from hlsight.parsers.intel.info import read_info
from tests.conftest import FIXTURES, run_cli

BOARDS = FIXTURES / "agilex_boards"
FAMILY_ONLY_REPORT = FIXTURES / "oneapi2025_ndjson"  # -target=Agilex7: "Agilex7, AGFB014R24A2E2V", no board


def _choice_of(fixture: str) -> tuple[str, bool, str]:
    info = read_info(json.loads((BOARDS / fixture).read_text(encoding="utf-8")))
    assert info is not None
    choice = board_profile(Design(tool=info.tool, root=Path("."), device=info.device))
    return choice.profile, choice.known, choice.why


@pytest.mark.parametrize(
    ("fixture", "profile", "board"),
    [
        ("n6001_shim.json", "ddr4-2400-n6001", "Intel FPGA SmartNIC N6001-PL"),
        ("n6001_usm_iopipes.json", "ddr4-2400-n6001", "Intel FPGA SmartNIC N6001-PL"),
        ("de10_agilex.json", "ddr4-2666-de10agilex", "Terasic DE10-Agilex"),
        ("de10_agilex_ofs.json", "ddr4-2666-de10agilex", "Terasic DE10-Agilex"),
    ],
)
def test_an_agilex_board_picks_its_memory(fixture: str, profile: str, board: str) -> None:
    name, known, why = _choice_of(fixture)
    assert (name, known) == (profile, True)
    assert f"memory profile {profile} for the board {board}" in why


def test_a_family_only_target_picks_no_boards_memory() -> None:
    name, known, why = _choice_of("family_only.json")
    # the stated fallback, not an Agilex board's profile, and said to be a guess
    assert (name, known) == ("ddr4-1866", False)
    assert why.startswith("unknown board: the report names the device family only (Agilex 7, AGFB014R24B2E2V),")
    assert "as a family-only target (-Xstarget=Agilex7)" in why and "hlsight memory list" in why
    assert why.endswith("memory profile ddr4-1866 assumed; pass --memory (see 'hlsight memory list')")


def test_a_family_only_oneapi_report_is_an_ip_component_whose_memory_is_not_timed() -> None:
    """oneAPI selects the IP-authoring flow "by targeting your compilation to
    a supported Intel FPGA device family or part number instead of a
    specific acceleration platform" (programming guide 2023.2, "FPGA IP
    Authoring Flow"): the kernel's pointers are Avalon host interfaces into
    a system no report describes, as an i++ component's are. Before, the
    Stratix 10 dev kit's DDR4-1866 was assumed and its streams were timed
    against it (a public 2025.0 Dijkstra IP was told to widen a 1 B store
    15x)."""
    result = run_cli("analyze", str(FAMILY_ONLY_REPORT))
    assert result.code == 0, result.stderr
    using = next(line for line in result.stdout.splitlines() if line.startswith("  using: "))
    assert using.startswith("  using: no DRAM profile: oneAPI IP component, built for a device (Agilex7,"
                            " AGFB014R24A2E2V) and not a board (the IP-authoring flow); its Avalon host interfaces"
                            " reach memory the report does not describe")
    assert "[mem-fmax-below-fmin]" not in result.stdout and "ddr4-1866" not in result.stdout
    assert "  estimate: 2.28 us, compute-bound" in result.stdout  # (1023 + 70) cycles at 480 MHz
    document = json.loads(run_cli("analyze", str(FAMILY_ONLY_REPORT), "--format", "json").stdout)
    assert document["memory_profile"]["name"] is None
    assert "IP-authoring flow" in document["memory_profile"]["why"]
    assert {memory["kind"] for memory in document["memory_systems"]} == {"host"}
    given = run_cli("analyze", str(FAMILY_ONLY_REPORT), "--memory", "ddr4-2400-n6001").stdout
    assert "; --memory ddr4-2400-n6001 not applied" in given


def test_an_aoc_report_without_a_board_still_assumes_a_memory() -> None:
    """An OpenCL (aoc) report naming a family only is a pre-17 build whose
    command named no board (aoc then used its default board): a board
    memory is reached, so the fallback is said, not dropped."""
    info = read_info(json.loads((BOARDS / "family_only.json").read_text(encoding="utf-8")))
    assert info is not None
    design = Design(tool=ToolInfo(Vendor.INTEL, Product.AOC, "20.4.0", "20.4.0"), root=Path("."),
                    device=info.device)
    choice = board_profile(design)
    assert (choice.profile, choice.known) == ("ddr4-1866", False)
    assert choice.why.startswith("unknown board: the report names the device family only")


def _on_board(tmp_path: Path, board: str) -> Path:
    """The family-only fixture report compiled for ``board`` (only its info
    line changes: the same kernel, LSUs and clock)."""
    copy = tmp_path / FAMILY_ONLY_REPORT.name
    shutil.copytree(FAMILY_ONLY_REPORT, copy)
    info = copy / "vadd.report.prj" / "reports" / "resources" / "json" / "info.ndjson"
    text = info.read_text(encoding="utf-8")
    info.write_text(text.replace('"family":"Agilex7, AGFB014R24A2E2V"',
                                 f'"family":"Agilex 7, AGFB014R24A2E2V, {board}"'), encoding="utf-8")
    return copy


def test_the_n6001_estimate_says_its_efficiency_is_assumed(tmp_path: Path) -> None:
    report = _on_board(tmp_path, "ofs_n6001_shim:ofs_n6001")
    result = run_cli("analyze", str(report))
    assert result.code == 0, result.stderr
    using = next(line for line in result.stdout.splitlines() if line.startswith("  using: "))
    assert using.startswith("  using: DRAM profile ddr4-2400-n6001 for the board Intel FPGA SmartNIC N6001-PL")
    assert ("; assumed: efficiency 0.882 carried from ddr4-2400-520n (no N6001/Agilex DDR4-2400 measurement);"
            " clock 480 MHz") in using
    # the same words when the profile is given by name
    given = run_cli("analyze", str(report), "--memory", "ddr4-2400-n6001").stdout
    assert ("using: DRAM profile ddr4-2400-n6001 given with --memory; assumed: efficiency 0.882 carried from"
            " ddr4-2400-520n") in given


def test_the_de10_agilex_estimate_uses_its_measured_launch_cost(tmp_path: Path) -> None:
    report = _on_board(tmp_path, "de10_agilex:B2E2_8GBx4")
    text = run_cli("analyze", str(report)).stdout
    assert "using: DRAM profile ddr4-2666-de10agilex for the board Terasic DE10-Agilex" in text
    assert "; assumed: DDR4-2666 from a community oneAPI ASP" in text
    assert "design time includes 21.7 us per launch (ddr4-2666-de10agilex [launch] overhead_us)" in text


def test_the_agilex_profiles_match_their_sources() -> None:
    n6001, de10, s520n = load_profile("ddr4-2400-n6001"), load_profile("ddr4-2666-de10agilex"), \
        load_profile("ddr4-2400-520n")
    # OFS board_spec.xml max_bandwidth="38400" (MB/s): 4 banks x 2400 MT/s x 4 B (x32, no ECC)
    assert n6001.channels == 4 and n6001.channels * n6001.bw_dram_bps / 1e6 == pytest.approx(38400)
    assert n6001.efficiency == s520n.efficiency  # carried, and said so
    assert n6001.assumed.startswith("efficiency 0.882 carried from ddr4-2400-520n")
    # community board_spec.xml max_bandwidth="85312": 4 x 2666 MT/s x 8 B
    assert de10.channels == 4 and de10.channels * de10.bw_dram_bps / 1e6 == pytest.approx(85312, rel=1e-3)
    # board_test: KERNEL-TO-MEMORY BANDWIDTH = 18768.7 MB/s/bank
    assert de10.efficiency * de10.bw_dram_bps / 1e6 == pytest.approx(18768.7, rel=1e-3)
    # its read stream (19339.8 MB/s/bank) is above DDR4-2400's peak: the banks run faster than 2400 MT/s
    assert 19339.8 > 2400 * 8
    assert de10.launch_overhead_s == pytest.approx(21.7e-6)


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("ddr4-2400-n6001", ("dq                  4 B", "bw_dram per bank    9.600 GB/s",
                             "provenance.assumed  efficiency 0.882 carried from ddr4-2400-520n")),
        ("ddr4-2666-de10agilex", ("dq                  8 B", "bw_dram per bank    21.333 GB/s",
                                  "per-launch cost     21.7 us (measured on this board",
                                  "provenance.assumed  DDR4-2666 from a community oneAPI ASP")),
    ],
)
def test_memory_show_of_an_agilex_profile(name: str, shown: tuple[str, ...]) -> None:
    result = run_cli("memory", "show", name)
    assert result.code == 0, result.stderr
    for line in shown:
        assert line in result.stdout
    assert name in run_cli("memory", "list").stdout


def test_the_520n_mx_says_what_is_assumed_and_what_its_bsp_confirms() -> None:
    tool = ToolInfo(Vendor.INTEL, Product.ONEAPI, "2023.0.0")
    device = Device("Stratix 10", "1SM21BHU2F53E2VGS1", "bitt_s10mx_pcie:p520_hpc_m210h_g3x16")
    choice = board_profile(Design(tool=tool, root=Path("."), device=device))
    assert choice.profile == "hbm2-s10mx" and choice.known
    assert "32 pseudo-channels as its BSP lists; HBM clock assumed as the MX dev kit's" in choice.why
