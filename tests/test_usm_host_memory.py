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


def test_the_number_says_it_is_a_lower_bound_and_no_profile_is_named(tmp_path: Path) -> None:
    """A public D5005 SVM build of HPCC STREAM (session 38) printed
    "estimate: 97 ms" with the lower-bound caution three lines below (the
    measured Copy took 2.3x that, RandomAccess 269x), its JSON named the
    fallback "ddr4-1866" as the memory profile with a per-launch-cost note
    about that board, and ``--memory ddr4-2400-d5005`` was echoed as "given
    with --memory" though nothing is timed on it."""
    project = _on_host_memory(tmp_path)
    text = run_cli("analyze", str(project), *GIVEN).stdout
    assert "\n  estimate: at least " in text
    document = json.loads(run_cli("analyze", str(project), *GIVEN, "--format", "json").stdout)
    assert document["memory_profile"]["name"] is None
    host = [lsu["id"] for lsu in document["kernels"][0]["lsus"] if lsu["memory"] == "host"]
    assert len(host) == 3 and document["estimate"]["extra"]["untimed_lsus"] == host
    assert not [line for line in document["estimate"]["assumptions"] if "per-launch cost" in line]
    given = run_cli("analyze", str(project), *GIVEN, "--memory", "ddr4-2400-d5005").stdout
    assert "using: no DRAM profile: the kernels' global memory is the host's" in given
    assert "--memory ddr4-2400-d5005 not applied" in given and "given with --memory" not in given
