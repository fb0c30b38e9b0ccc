"""The v++ link configuration beside a Vitis build chooses the DRAM profile.

A public U280 CRC kernel (efrink29/U280_CRC_Accelerator, Vitis HLS 2023.1)
keeps ``config.cfg`` (``[connectivity]`` ``sp=CRC_X.data_in:HBM[0]``) beside
its ``_x.hw.<platform>/`` build folder: v++ linked its ports to HBM, while
hlsight, which reads no HLS report saying so, timed them on the card's DDR4
("DDR4 assumed; --memory hbm2-u280 for HBM"). The fixture is a hand-written
report tree in that public shape (``fixtures/vitis_connectivity``).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from tests.conftest import FIXTURES, run_cli, run_json

TREE = FIXTURES / "vitis_connectivity"
BUILD = "_x.hw.xilinx_u280_gen3x16_xdma_1_202211_1"
REPORT = Path(BUILD, "copy_link", "copy_link", "copy_link", "solution", "syn", "report", "copy_link_csynth.rpt")


def _copy(tmp_path: Path, cfg: str | None) -> Path:
    """The fixture's report and source under ``tmp_path/work/build``, with ``cfg`` as its config.cfg."""
    root = tmp_path / "work" / "build"
    shutil.copytree(TREE / BUILD, root / BUILD)
    shutil.copytree(TREE / "src", root / "src")
    if cfg is not None:
        (root / "config.cfg").write_text(cfg, encoding="utf-8")
    return root


def _profile(document: dict[str, Any]) -> tuple[str, str]:
    memory = document["memory_profile"]
    return str(memory["name"]), str(memory["why"])


def test_an_sp_line_linking_hbm_chooses_the_boards_hbm_profile() -> None:
    """Both CUs (nk=) link their input to HBM: the U280's HBM profile,
    the lines quoted where the number is read; ``--memory`` still wins."""
    name, why = _profile(run_json("analyze", str(TREE / REPORT), "--set", "axi.copy_link.gmem0.bytes=1048576"))
    assert name == "hbm2-u280"
    assert why.startswith("memory profile hbm2-u280 for HBM[0], HBM[1] (config.cfg:4: sp=LINK_A.in:HBM[0],"
                          " config.cfg:5: sp=LINK_B.in:HBM[1])")
    # without the source, which bundle `in` is on is not known, and is said
    assert "argument in: on which of copy_link's bundles (gmem0, gmem1) the report does not say" in why
    text = run_cli("analyze", str(TREE / REPORT), "--set", "axi.copy_link.gmem0.bytes=1048576").stdout
    assert "using: DRAM profile hbm2-u280 for HBM[0], HBM[1] (config.cfg:4: sp=LINK_A.in:HBM[0]" in text
    given = _profile(run_json("analyze", str(TREE / REPORT), "--memory", "ddr4-u280"))
    assert given[0] == "ddr4-u280" and given[1].startswith("memory profile ddr4-u280 given with --memory")


def test_with_the_source_a_bundle_no_sp_line_links_is_said() -> None:
    """The pragmas put ``in`` on gmem0 and ``table`` on gmem1, which no
    sp= line links: v++ gives it the platform's default memory, which the
    cfg does not name, so its kind is an assumption printed."""
    name, why = _profile(run_json("analyze", str(TREE / REPORT), "--source-root", str(TREE / "src"),
                                  "--set", "n=4096"))
    assert name == "hbm2-u280"
    assert ("no sp= line links copy_link's gmem1: v++ gives it the platform's default memory, which the cfg does"
            " not name (HBM assumed)") in why


def test_ports_split_over_ddr_and_hbm_take_the_kind_most_bytes_go_to(tmp_path: Path) -> None:
    """One DRAM profile per run: the kind the bundle given most bytes is
    linked to, with a caution that the other is timed as it."""
    root = _copy(tmp_path, "[connectivity]\nsp=copy_link_1.in:DDR[0]\nsp=copy_link_1.table:HBM[3]\n")
    report = str(root / REPORT)
    given = ("--source-root", str(root / "src"), "--set", "n=4096")
    ddr = _profile(run_json("analyze", report, *given, "--set", "axi.copy_link.gmem0.bytes=1000000",
                            "--set", "axi.copy_link.gmem1.bytes=1024"))
    assert ddr[0] == "ddr4-u280" and "(config.cfg:2: sp=copy_link_1.in:DDR[0])" in ddr[1]
    assert "the cfg links the ports to DDR and HBM: the profile of DDR, which most of the bytes given go to" in ddr[1]
    hbm = _profile(run_json("analyze", report, *given, "--set", "axi.copy_link.gmem0.bytes=1024",
                            "--set", "axi.copy_link.gmem1.bytes=1000000"))
    assert hbm[0] == "hbm2-u280" and "(config.cfg:3: sp=copy_link_1.table:HBM[3])" in hbm[1]


def test_plram_is_said_to_be_on_chip(tmp_path: Path) -> None:
    """PLRAM is no DRAM: the DDR profile times it, and the line says so."""
    root = _copy(tmp_path, "[connectivity]\nsp = copy_link_1.in : PLRAM[0]\n")
    name, why = _profile(run_json("analyze", str(root / REPORT)))
    assert name == "ddr4-u280"
    assert "PLRAM is on-chip memory, not DRAM: its time is not modelled as such; ddr4-u280 times it" in why


def test_a_malformed_cfg_is_a_diagnostic_naming_its_line_never_a_failure(tmp_path: Path) -> None:
    """The cfg is optional context: a line in no documented shape is a
    warning naming the file and line, analyze exits 0, and the board's
    default stands."""
    root = _copy(tmp_path, "[connectivity]\nsp=copy_link_1.in\nthis is not a setting\n")
    result = run_cli("analyze", str(root / REPORT), "--format", "json")
    assert result.code == 0 and "Traceback" not in result.stderr
    found = [d for d in json.loads(result.stdout)["diagnostics"] if d["rule"] == "vitis-config-unread"]
    messages = [d["message"] for d in found]
    assert any(f"{root / 'config.cfg'}:2: 'sp=copy_link_1.in' is not sp=<compute unit>.<argument>:<memory>" in m
               for m in messages)
    assert any(f"{root / 'config.cfg'}:3: 'this is not a setting' is no key=value line" in m for m in messages)
    text = run_cli("analyze", str(root / REPORT))
    assert text.code == 0 and "DDR4 assumed; --memory hbm2-u280 for HBM" in text.stdout


def test_only_the_build_root_and_its_parent_are_searched(tmp_path: Path) -> None:
    """The direct parent's cfg is read; one further up, and a link in the
    build root to a file outside it, are not."""
    root = _copy(tmp_path, None)
    (tmp_path / "outside.cfg").write_text("[connectivity]\nsp=copy_link_1.in:HBM[0]\n", encoding="utf-8")
    (root / "linked.cfg").symlink_to(tmp_path / "outside.cfg")
    (tmp_path / "far.cfg").write_text("[connectivity]\nsp=copy_link_1.in:HBM[2]\n", encoding="utf-8")
    (root.parent / "link.cfg").write_text("[connectivity]\nsp=copy_link_1.in:DDR[1]\n", encoding="utf-8")
    name, why = _profile(run_json("analyze", str(root / REPORT)))
    assert name == "ddr4-u280"
    assert why.startswith("memory profile ddr4-u280 for DDR[1] (../link.cfg:2: sp=copy_link_1.in:DDR[1])")
    assert "HBM" not in why
