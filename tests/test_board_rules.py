"""The board a report names picks its memory profile (analyzer/boards.py).

Boards whose names overlap are the risk: the Bittware 520N-MX's board
variants (``p520_max_m210h_g3x16``, from Bittware's board list) start with
``p520`` like the DDR4 520N's, and used to get the 520N's DDR4 profile for a
card that only has HBM2. Alveo parts name their card (``xcu250`` is only on
a U250), so they need no "unknown board" fallback to a DDR3 board.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from hlsight.analyzer.boards import board_profile
from hlsight.analyzer.memory_profiles import load_profile
from hlsight.core.model import Design, Device, Product, ToolInfo, Vendor
from tests.conftest import CORPUS, run_cli

AOC = ToolInfo(Vendor.INTEL, Product.AOC, "20.4.0")
VITIS = ToolInfo(Vendor.XILINX, Product.VITIS_HLS, "2022.2")


def _profile(tool: ToolInfo, part: str, board: str | None = None, family: str | None = None) -> tuple[str, bool]:
    choice = board_profile(Design(tool=tool, root=Path("."), device=Device(family, part, board)))
    return choice.profile, choice.known


@pytest.mark.parametrize(
    ("tool", "part", "board", "profile"),
    [
        # 520N-MX under the board names aoc gives it
        (AOC, "1SM21CHU2F53E2VG", "p520_max_m210h_g3x16", "hbm2-s10mx"),
        (AOC, "1SM21BHU2F53E2VGS1", "bitt_s10mx_pcie:p520_hpc_m210h_g3x16", "hbm2-s10mx"),
        # the DDR4 520N keeps its profile
        (AOC, "1SG280LU3F50E1VGS1", "nalla_pcie:p520_max_sg280l", "ddr4-2400-520n"),
        (AOC, "1SG280LU3F50E1VGS1", "bitt_s10_pcie:p520_hpc_sg280l", "ddr4-2400-520n"),
        (AOC, "1SM21BHU2F53E2VGS1", "s10mx_ref:s10mx_hbm_es", "hbm2-s10mx"),
        # Intel FPGA PAC D5005 (aoc -board=pac_s10_dc): 4 banks of DDR4-2400, not the dev kit's 1 of DDR4-1866
        (AOC, "1SX280HN2F43E2VG", "dcp_bsp:pac_s10_dc", "ddr4-2400-d5005"),
        (VITIS, "xcu250-figd2104-2L-e", None, "ddr4-u250"),
        (VITIS, "xcu200-fsgd2104-2-e", None, "ddr4-u250"),
        (VITIS, "xcu50-fsvh2104-2-e", None, "hbm2-u280"),
        (VITIS, "xcu280-fsvh2892-2L-e", None, "ddr4-u280"),
        (VITIS, "xcu55c-fsvh2892-2L-e", None, "hbm2-u280"),
        # the AWS EC2 F1 card's part (a public Vitis 2020.1 vdot run on F1 had the 7V3's DDR3 assumed)
        (VITIS, "xcvu9p-flgb2104-2-i", None, "ddr4-2133-f1"),
    ],
)
def test_board_picks_its_memory(tool: ToolInfo, part: str, board: str | None, profile: str) -> None:
    assert _profile(tool, part, board) == (profile, True)


def test_a_part_no_rule_knows_says_so() -> None:
    assert _profile(VITIS, "xcvu9p-flga2104-2L-e") == ("ddr3-1333-7v3", False)
    # an Agilex 7 dev kit: no profile (only the N6001 and the DE10-Agilex are, tests/test_agilex_boards.py;
    # the F/I-Series dev kits' ASP board_spec.xml copies the N6001's, device model included)
    assert _profile(AOC, "AGFB014R24B2E2V", "agilex_ref:agilex7_dk") == ("ddr4-1866", False)


def test_d5005_profile_is_four_ddr4_2400_banks() -> None:
    d5005 = load_profile("ddr4-2400-d5005")
    # 4 banks x 64 data bits x 2400 MT/s = 76.8 GB/s peak
    assert d5005.channels == 4 and 4 * d5005.bw_dram_bps / 1e9 == pytest.approx(76.8)
    # efficiency and launch cost: the board_test run on this card (16,509.6 MB/s/bank, 14.9359 us)
    assert d5005.efficiency == pytest.approx(16509.6 / 19200, abs=5e-4)
    assert "measured on this board" in d5005.efficiency_source and "pac_s10" in d5005.efficiency_source
    assert d5005.launch_overhead_s == pytest.approx(14.9e-6)


def test_u250_profile_is_four_u280_ddr4_channels() -> None:
    u250, u280 = load_profile("ddr4-u250"), load_profile("ddr4-u280")
    assert u250.channels == 4 and u280.channels == 2
    # UG1393: 77 GB/s over the four channels of a DDR-based Alveo card
    assert 4 * u250.bw_dram_bps / 1e9 == pytest.approx(76.8)
    assert (u250.t_rcd_s, u250.t_rp_s, u250.measured_channel_bps) == (
        u280.t_rcd_s, u280.t_rp_s, u280.measured_channel_bps)


def _retarget(report: Path, tmp_path: Path, old: str, new: str) -> Path:
    copy = tmp_path / report.name
    shutil.copytree(report, copy)
    for path in copy.rglob("*"):
        if path.is_file() and path.suffix in {".js", ".json", ".xml", ".rpt"}:
            text = path.read_text(encoding="utf-8", errors="surrogateescape")
            path.write_text(text.replace(old, new), encoding="utf-8", errors="surrogateescape")
    return copy


def test_a_520n_mx_report_is_timed_on_hbm2(tmp_path: Path) -> None:
    report = _retarget(CORPUS / "zaragoza" / "reports" / "hbm2" / "axpy", tmp_path,
                       "s10mx_ref:s10mx_hbm_es", "p520_max_m210h_g3x16")
    result = run_cli("analyze", str(report), "--set", "N=32768000")
    assert result.code == 0, result.stderr
    assert "DRAM profile hbm2-s10mx for the board Bittware 520N-MX" in result.stdout
    shown = json.loads(run_cli("analyze", str(report), "--set", "N=32768000", "--format", "json").stdout)
    assert shown["memory_profile"]["name"] == "hbm2-s10mx"


def test_a_u250_kernel_is_timed_on_its_ddr4(tmp_path: Path) -> None:
    report = _retarget(CORPUS / "vivado" / "vitis2023.2_cluster_nms", tmp_path, "xc7z020-clg400-1",
                       "xcu250-figd2104-2L-e")
    result = run_cli("analyze", str(report), "-v")
    assert result.code == 0, result.stderr
    assert "DRAM profile ddr4-u250 for the board Xilinx Alveo U200/U250" in result.stdout


def test_an_ipp_component_says_no_dram_profile_applies() -> None:
    """An i++ component has no board: its global memories are Avalon host interfaces
    ("System Memory") whose far side the report does not describe. It used to read
    "unknown board (...): memory profile ddr4-1866 assumed; pass --memory" and "no per-launch
    cost added ... (ddr4-1866 [launch])", though no LSU used the profile and --memory
    changed nothing; now the headline says no DRAM profile applies and drops the launch line."""
    for report in (CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "sobel",
                   CORPUS / "zaragoza" / "reports" / "hbm2" / "sobel-hiflipvx"):
        result = run_cli("analyze", str(report))
        assert result.code == 0, result.stderr
        headline = result.stdout.split("summary:")[0]
        assert "  using: no DRAM profile: i++ component (" in headline
        assert "without board memory; its Avalon host interfaces reach memory the report does not describe" in headline
        assert "unknown board" not in headline and "[launch]" not in headline and "pass --memory" not in headline
    # one with no host interface at all (no "System Memory" in rgb_to_hsv's report) does not speak of any
    rgb = run_cli("analyze", str(CORPUS / "aoc" / "ipp18.1_max10_rgb_to_hsv" / "vision" / "EEE2Rover-master"
                                 / "DE10_LITE_D8M_VIP_16" / "ip" / "HLS_RGB_TO_HSV" / "a.prj"))
    assert ("  using: no DRAM profile: i++ component (10m50daf672i7g max 10) without board memory or an Avalon host"
            " interface: no memory outside the component to time") in rgb.stdout.splitlines()
    aoc = run_cli("analyze", str(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "vectoradd"))
    assert "  using: DRAM profile memory profile" not in aoc.stdout
    assert "  using: DRAM profile ddr4-1866 for the board Intel Stratix 10 GX dev kit" in aoc.stdout
