"""A USM/SVM BSP's "host" global memory is the host's DRAM over PCIe.

The PAC S10 USM / D5005 BSPs name it "host" (``buffer_location("host")``;
"device" is the board's DDR). Found on pc2's HPCC STREAM for the D5005
(aoc 19.4, memory system "host" only, measured 0.43 s for Add over 2 GiB
arrays, about PCIe's rate): it was timed as a DDR4-1866 bank of an
"unknown board" (532 ms, memory-bound), a number from the wrong physics
that ``--memory`` could not have fixed. No corpus report has such a memory,
so the Zaragoza vector add (one DDR bank) is renamed "host" in a copy.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from hlsight.core.model import MemoryKind
from hlsight.parsers.loader import load_design
from tests.conftest import CORPUS, run_cli

VECTORADD = CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "vectoradd"
GIVEN = ("--set", "work_items=32768000")


def _on_host_memory(tmp_path: Path) -> Path:
    copy = tmp_path / "vectoradd"
    shutil.copytree(VECTORADD, copy)
    mav = copy / "lib" / "json" / "mav.json"
    text = mav.read_text()
    assert text.count('"name":"DDR"') == 1
    mav.write_text(text.replace('"name":"DDR"', '"name":"host"'))
    return copy


def test_the_host_memory_is_not_a_dram_bank(tmp_path: Path) -> None:
    design = load_design(_on_host_memory(tmp_path))
    (memory,) = [memory for memory in design.memory_systems if memory.is_global]
    assert memory.name == "host" and memory.kind is MemoryKind.HOST
    assert all(lsu.memory == "host" for lsu in design.kernels[0].global_lsus())


def test_its_transfers_are_said_untimed_and_the_number_a_lower_bound(tmp_path: Path) -> None:
    board = run_cli("analyze", str(VECTORADD), *GIVEN, "--format", "json")
    host = run_cli("analyze", str(_on_host_memory(tmp_path)), *GIVEN, "--format", "json")
    assert board.code == 0 and host.code == 0, host.stderr
    on_board = json.loads(board.stdout)["estimate"]
    on_host = json.loads(host.stdout)["estimate"]
    # the number is the pipeline time alone, the one the board run gives as its alternative
    assert on_host["seconds"] == on_board["alternatives"][0]["seconds"] < on_board["seconds"]
    assert on_host["bound_label"] == ""
    text = run_cli("analyze", str(_on_host_memory(tmp_path / "again")), *GIVEN).stdout
    assert "using: no DRAM profile: the kernels' global memory is the host's" in text
    assert "reach the host's memory over PCIe" in text and "is a lower bound" in text
    assert "unknown board" not in text and "memory-bound" not in text
