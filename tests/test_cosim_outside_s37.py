"""What a seventh outside sweep (session 37) showed of Vivado/Vitis
composition against co-simulation: a call with no report of its own taken
at its caller's worst case without a word, and a measurement no trip count
could reach still blamed on the values given."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import sympy

from hlsight.analyzer.cosim_check import _fewest_cycles
from tests.conftest import CORPUS, FIXTURES, SHARED, run_cli

SOBEL = CORPUS / "vivado" / "vhls2018.3_hls_sobel_dataflow"
BFS = SHARED / "instrument" / "vitis2022.2.2_machsuite_bfs_queue"


def test_a_call_without_its_report_is_said_at_its_worst_case(tmp_path: Path) -> None:
    """A public 2020.2 ORB's resize process had no report of its own: its
    caller's table gives 106 ~ 2,089,421 cycles (1080 x 1920 frames) and
    the maximum was used, 10x the co-simulation of an 80 x 60 testbench,
    with no word that a worst case was taken. The Vivado HLS 2018.3 Sobel
    dataflow without Sobel_csynth.*: its instance row says 158 ~
    2,089,112."""
    for path in SOBEL.iterdir():
        if not path.name.startswith("Sobel_csynth"):
            shutil.copyfile(path, tmp_path / path.name)
    result = run_cli("analyze", "-v", str(tmp_path))
    assert result.code in (0, 1), result.stderr
    assert ("    note: Sobel: no report of its own to compose it from; its caller's table gives 158 ~ 2,089,112"
            " cycles: the worst case 2,089,112 is used (a smaller input takes fewer)") in result.stdout.splitlines()
    document = json.loads(run_cli("analyze", str(tmp_path), "--format", "json").stdout)
    assert "worst-case" in document["kernels"][0]["estimate"]["cycles"]["caveats"]


def test_fewest_cycles_of_a_count_with_trip_counts() -> None:
    """Each trip count at 1, where no coefficient is negative (a
    polynomial): the least the composition can give."""
    trip, rows = sympy.symbols("trip rows", positive=True)
    assert _fewest_cycles(256 * trip + 2089933) == 2090189
    assert _fewest_cycles(rows * (trip + 6) + 3) == 10
    assert _fewest_cycles(481 * trip - 5) is None  # a negative part: no least value said
    assert _fewest_cycles(sympy.Max(trip, 4 * rows)) is None


def test_a_measurement_below_the_fewest_cycles_is_not_blamed_on_the_values(tmp_path: Path) -> None:
    """bfs is 481 x loop_queue.trip + 1 cycles (its csynth.xml); a
    co-simulation of 300 cycles (the bfs fixture's table, its numbers
    replaced) is below the 482 of a single iteration: the values given
    cannot be the cause, and the warning said they might be."""
    solution = tmp_path / "solution1"
    shutil.copytree(BFS / "report", solution / "syn" / "report")
    (solution / "sim" / "report").mkdir(parents=True)
    text = (FIXTURES / "vivado_cosim" / "bfs_cosim.rpt").read_text(encoding="utf-8").replace("112074", "   300")
    (solution / "sim" / "report" / "bfs_cosim.rpt").write_text(text, encoding="utf-8")
    result = run_cli("analyze", str(solution), "--set", "loop.bfs.loop_queue.trip=3")
    said = result.stdout + result.stderr
    assert ("Possible causes: no values of loop.bfs.loop_queue.trip bring it down to the measurement: with each at 1"
            " it is still 482 cycles;") in said
    assert "may not be the testbench's" not in said
