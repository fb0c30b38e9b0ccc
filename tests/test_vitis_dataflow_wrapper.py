"""A top that is a thin wrapper around one dataflow region.

A public Vitis 2023.1 U280 kernel (efrink29/U280_CRC_Accelerator, not in the
corpus) has a top, ``calculate_crc``, whose one instance is the dataflow
region ``process_crc``: the region's processes read, compute and write, so
their m_axi transfers overlap the computation (HLScope+ eq. 16, t_p =
max(t_c, t_BO_p)), as when the top carries ``#pragma HLS DATAFLOW`` itself.
hlsight composed it by eq. 14 (one PE: t_COMP + t_MEM), because the top is
not itself of type dataflow. The repository's later ``kernel.cpp`` has no
``process_crc`` at all, and its byte counts were read as the report's with
no word. Checked on ``fixtures/vitis2023_dataflow_wrapper`` (hand-written in
the report's shape, README there).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO, run_cli, run_json

FIXTURE = REPO / "fixtures" / "vitis2023_dataflow_wrapper"
REPORT = FIXTURE / "report" / "crc_wrap_csynth.rpt"
#: 4 MB through the 512-bit bundle, 4 bytes through the 32-bit one
SIZES = ("--set", "axi.crc_wrap.gmem0.bytes=4194304", "--set", "axi.crc_wrap.gmem1.bytes=4")
#: the report's 100,010 cycles at its 3.33 ns target clock
SCHEDULE_S = 100_010 * 3.33e-9
REGION_LINE = ("dataflow: the top's schedule is the dataflow region crc_region (its one instance that takes cycles,"
               " no loop of its own): ports served by the region's concurrent processes, t_p = max(t_c, t_BO_p)"
               " (eq. 16)")


def _estimate(report: Path) -> dict[str, Any]:
    estimate: dict[str, Any] = run_json("analyze", str(report), *SIZES)["estimate"]
    return estimate


def _edited(tmp_path: Path, old: str, new: str) -> Path:
    text = REPORT.read_text(encoding="utf-8")
    assert old in text
    copy = tmp_path / REPORT.name
    copy.write_text(text.replace(old, new), encoding="utf-8")
    return copy


def test_a_wrapper_of_one_dataflow_region_overlaps_its_transfers(tmp_path: Path) -> None:
    """The 4 MB occupy the DDR4 bus 233 us of the 333 us schedule, which
    the region's processes overlap: the time is the schedule (eq. 16), not
    the schedule plus the DRAM's excess (eq. 14: 348 us), and it is the time
    of the same report with the top of type dataflow itself."""
    wrapped = _estimate(REPORT)
    assert REGION_LINE in wrapped["assumptions"]
    assert not any(line.startswith("no dataflow") for line in wrapped["assumptions"])
    assert wrapped["extra"]["bus_occupancy_seconds"] < SCHEDULE_S
    assert wrapped["seconds"] == pytest.approx(SCHEDULE_S, rel=1e-6)
    assert wrapped["bound"] == "compute"
    own = _estimate(_edited(tmp_path, "|   100010|   100010|  0.333 ms|  0.333 ms|  100011|  100011|       no|",
                            "|   100010|   100010|  0.333 ms|  0.333 ms|  100011|  100011| dataflow|"))
    assert "dataflow: ports served by concurrent processes, t_p = max(t_c, t_BO_p) (eq. 16)" in own["assumptions"]
    assert own["seconds"] == pytest.approx(wrapped["seconds"], rel=1e-12)


def test_an_instance_not_of_type_dataflow_keeps_one_pe(tmp_path: Path) -> None:
    """The same call of a module that is not a dataflow region is one PE
    whose transfers add to its schedule (eq. 14): the DRAM's excess over the
    schedule's one beat per cycle is added."""
    serial = _estimate(_edited(tmp_path, "|  dataflow|", "|        no|"))
    assert REGION_LINE not in serial["assumptions"]
    assert any(line.startswith("no dataflow: t_c = t_COMP + sum t_MEM (eq. 14)") for line in serial["assumptions"])
    region = _estimate(REPORT)
    assert REGION_LINE in region["assumptions"]
    assert serial["seconds"] > region["seconds"] * 1.03


def test_a_second_call_beside_the_region_keeps_one_pe(tmp_path: Path) -> None:
    """A call that takes cycles beside the region runs before or after it
    (HLScope+ eq. 16's footnote: serial submodules add), so the region is
    not the top's whole schedule: eq. 14, as before; a call of 0 cycles
    leaves the region all of it."""
    row = ("        |grp_crc_region_fu_96   |crc_region  |   100008|   100008|  0.333 ms|  0.333 ms|   65537|"
           "   65537|  dataflow|\n")
    extra = ("        |grp_setup_fu_120       |setup       |       40|       40|  0.133 us|  0.133 us|      40|"
             "      40|        no|\n")
    serial = _estimate(_edited(tmp_path, row, row + extra))
    assert REGION_LINE not in serial["assumptions"]
    assert any(line.startswith("no dataflow") for line in serial["assumptions"])
    # a call the report gives 0 cycles is no part of the schedule: the region is still all of it
    alone = _estimate(_edited(tmp_path, row, row + extra.replace("|       40|       40|", "|        0|        0|")))
    assert REGION_LINE in alone["assumptions"]


def test_a_top_call_no_source_names_is_said() -> None:
    """The later source's top runs the processes itself and names no
    ``crc_region``: not the synthesized source, said once, with the module;
    the source it stands for says nothing."""
    later = run_cli("analyze", str(FIXTURE / "report"), "--source-root", str(FIXTURE / "src_later"))
    assert later.code == 0
    warned = [line for line in later.stdout.splitlines() if "[source-lines-moved]" in line]
    assert len(warned) == 1
    assert ("warning: the report's crc_wrap calls crc_region, which no file read (crc_wrap.cpp) names: these are"
            " not the sources that were synthesized (edited since?), or the function is in a file not read; the"
            " m_axi bytes and trip counts this source gives may not be the report's design") in warned[0]
    assert "src_later/crc_wrap.cpp:31:1: warning:" in warned[0]  # where the top is defined
    same = run_cli("analyze", str(FIXTURE / "report"), "--source-root", str(FIXTURE / "src"))
    assert same.code == 0 and "source-lines-moved" not in same.stdout
