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
    """Each trip count at 0, where no coefficient is negative (a
    polynomial): the least the composition can give."""
    trip, rows = sympy.symbols("trip rows", positive=True)
    assert _fewest_cycles(256 * trip + 2089933) == 2089933
    assert _fewest_cycles(rows * (trip + 6) + 3) == 3
    assert _fewest_cycles(481 * trip - 5) is None  # a negative part: no least value said
    assert _fewest_cycles(sympy.Max(trip, 4 * rows)) is None


def test_a_measurement_below_the_fewest_cycles_is_not_blamed_on_the_values() -> None:
    """The ORB's count is 256 x trip + 2,089,933 against 209,122 measured:
    no trip count brings it down, and the warning said the values given may
    not be the testbench's. bfs (481 x trip + 1) at 3 against 300 measured
    can come down: that cause stands."""
    from hlsight.analyzer.cosim_check import _causes
    from hlsight.analyzer.results import CosimComparison, CycleEstimate

    trip = sympy.Symbol("loop.ORB_accel.VITIS_LOOP_352_2.trip", positive=True)

    def causes(expression: sympy.Expr, value: float, measured: float) -> str:
        cycles = CycleEstimate(expression=expression, cycles=value, clock_target_ns=10.0, clock_estimated_ns=None,
                               seconds_target=None, seconds_estimated=None)
        comparison = CosimComparison(top="top", report="top_cosim.rpt", language="Verilog", simulator="xsim",
                                     status="Pass", measured_min=measured, measured_avg=measured,
                                     measured_max=measured, estimate_cycles=value, error=value / measured - 1)
        return _causes(comparison, None, cycles)

    assert causes(256 * trip + 2089933, 2090189, 209122).startswith(
        "no values of loop.ORB_accel.VITIS_LOOP_352_2.trip bring it down to the measurement: with each at 0 it is"
        " still 2,089,933 cycles")
    assert causes(481 * trip + 1, 1444, 300).startswith("the values given for loop.ORB_accel.VITIS_LOOP_352_2.trip"
                                                        " may not be the testbench's")


def test_a_branch_loop_whose_iteration_composes_says_how_many_took_the_long_path(tmp_path: Path) -> None:
    """A public hls4ml convolution (Vivado HLS 2019.2): Loop 1 runs 25
    times at 9 or 91 cycles, its sub-loop (72 cycles) only when the window
    is full; co-simulated 965 = 9 of 25 on the long path. The iteration
    composes (the sub-loop plus 19 of its own) to the report's long path,
    so no branch was registered and the comparison said only "a shorter
    path", not how many iterations took it. Hand-written report of that
    shape: 25 x 9 + 9 x 82 + 1 = 964; measured 965 gives 9.01, said 9."""
    from fixtures.instrument.make_reports import loop, module

    report = tmp_path / "solution1" / "syn" / "report"
    report.mkdir(parents=True)
    xml = module("conv", (226, 2276), [loop("Loop1", 25, (225, 2275), il=(9, 91),
                                            children=[loop("Loop1.1", 72, 72, il=1)])])
    (report / "conv_csynth.xml").write_text(xml, encoding="utf-8")
    (report / "csynth.xml").write_text(xml, encoding="utf-8")
    (tmp_path / "solution1" / "sim" / "report").mkdir(parents=True)
    text = (FIXTURES / "vivado_cosim" / "bfs_cosim.rpt").read_text(encoding="utf-8").replace("112074", "   965")
    (tmp_path / "solution1" / "sim" / "report" / "conv_cosim.rpt").write_text(text, encoding="utf-8")
    result = run_cli("analyze", "-v", str(tmp_path / "solution1"))
    said = result.stdout + result.stderr
    assert ("co-simulation measured 965 cycles per call (Verilog, xsim): the cycle count above +135.9% (it equals the"
            " measurement with about 9 of the 25 iterations of loop Loop 1 on their long path, 91 cycles against 9;"
            " the count takes all)") in said  # 9.01: 9 gives 964 (session 38: "about")
    assert "give --set loop.conv.Loop_1.long_iterations=9 to use it" in said
    given = run_cli("analyze", str(tmp_path / "solution1"), "--set", "loop.conv.Loop_1.long_iterations=9")
    assert "  function conv (top): 964 cycles" in given.stdout


def test_a_dataflow_regions_processes_are_not_called_parts_added_in_sequence() -> None:
    """The hls4ml top's three processes (exact latencies) are composed as the
    longest (eq. 3); the comparison still offered "parts of fixed length
    added one after another that the RTL may start together" for them. In a
    region whose processes ran in sequence (decision 93) it stands."""
    from hlsight.analyzer.cosim_check import _causes
    from hlsight.analyzer.results import CosimComparison, CycleEstimate, CyclePart
    from hlsight.core.model import Kernel

    parts = [CyclePart("conv", "module", 2276.0, sympy.Integer(2276)),
             CyclePart("zeropad", "module", 203.0, sympy.Integer(203)),
             CyclePart("Block_proc", "module", 0.0, sympy.Integer(0))]
    cycles = CycleEstimate(expression=sympy.Integer(2293), cycles=2293.0, clock_target_ns=5.0, clock_estimated_ns=None,
                           seconds_target=None, seconds_estimated=None, parts=parts)
    comparison = CosimComparison(top="myproject", report="myproject_cosim.rpt", language="Verilog", simulator="xsim",
                                 status="Pass", measured_min=965.0, measured_avg=965.0, measured_max=965.0,
                                 estimate_cycles=2293.0, error=2293 / 965 - 1)
    overlapped = _causes(comparison, Kernel(name="myproject", dataflow=True), cycles)
    assert "parts of fixed length" not in overlapped
    in_sequence = CycleEstimate(expression=sympy.Integer(2293), cycles=2293.0, clock_target_ns=5.0,
                                clock_estimated_ns=None, seconds_target=None, seconds_estimated=None, parts=parts,
                                dataflow_in_sequence=True)
    said = _causes(comparison, Kernel(name="myproject", dataflow=True), in_sequence)
    assert "parts of fixed length added one after another that the RTL may start together (conv, zeropad," in said


def test_a_run_with_injected_stalls_is_said_so(tmp_path: Path) -> None:
    """A public Vitis 2025.2 CNN co-simulated with ``cosim.random_stall=1``:
    437,138 cycles against its fixed report latency 140,719, compared as the
    design's own (-67.8 %) and blamed on m_axi latencies. Vitis records the
    run's options beside its report (``sim/report/cosim_options.xml``); bfs
    (481 x trip + 1, 200 iterations: 96,201) against its 112,074 measured,
    with the option set."""
    solution = tmp_path / "solution1"
    shutil.copytree(BFS / "report", solution / "syn" / "report")
    (solution / "sim" / "report").mkdir(parents=True)
    shutil.copyfile(FIXTURES / "vivado_cosim" / "bfs_cosim.rpt", solution / "sim" / "report" / "bfs_cosim.rpt")
    options = ('<cosim_options>\n    <option name="random_stall" tcl="config_cosim -random_stall"'
               ' ini="cosim.random_stall">1</option>\n    <option name="rtl" tcl="config_cosim -rtl"'
               ' ini="cosim.rtl">verilog</option>\n</cosim_options>\n')
    (solution / "sim" / "report" / "cosim_options.xml").write_text(options, encoding="utf-8")
    result = run_cli("analyze", "-v", str(solution), "--set", "loop.bfs.loop_queue.trip=200")
    said = result.stdout + result.stderr
    assert ("co-simulation measured 112,074 cycles per call (Verilog, xsim; with random AXI stalls (cosim_options.xml:"
            " random_stall 1)): the cycle count above -14.2%") in said
    assert ("Possible causes: the run injected random AXI stalls (cosim_options.xml: random_stall 1) on purpose: the"
            " measurement holds them, the design's own latency does not;") in said
    document = json.loads(run_cli("analyze", str(solution), "--set", "loop.bfs.loop_queue.trip=200",
                                  "--format", "json").stdout)
    assert document["cosim"][0]["stalls"] == "random AXI stalls (cosim_options.xml: random_stall 1)"
    (solution / "sim" / "report" / "cosim_options.xml").write_text(options.replace(">1<", "><"), encoding="utf-8")
    plain = run_cli("analyze", str(solution), "--set", "loop.bfs.loop_queue.trip=200")
    assert "stalls" not in plain.stdout + plain.stderr


def test_a_run_that_timed_no_call_is_not_compared(tmp_path: Path) -> None:
    """A public Vitis 2023.2.2 component's co-simulation row is all zeros
    (``| Verilog| Pass| 0| 0| 0| ...``) against a 6-cycle schedule; it was
    shown as "measured 0 cycles per call ... the cycle count above is 6".
    A function the report gives at least one cycle cannot take none: no
    call was timed. (A combinational top, latency 0, measured 0, still
    compares.)"""
    solution = tmp_path / "solution1"
    shutil.copytree(BFS / "report", solution / "syn" / "report")
    (solution / "sim" / "report").mkdir(parents=True)
    text = (FIXTURES / "vivado_cosim" / "bfs_cosim.rpt").read_text(encoding="utf-8").replace("112074", "     0")
    (solution / "sim" / "report" / "bfs_cosim.rpt").write_text(text, encoding="utf-8")
    result = run_cli("analyze", "-v", str(solution), "--set", "loop.bfs.loop_queue.trip=200")
    said = result.stdout + result.stderr
    assert ("bfs_cosim.rpt:11: note: co-simulation of 'bfs' timed no call (every latency 0, the report's shortest is"
            " 482 cycles): not compared [vivado-cosim-failed]") in said
    assert "measured 0 cycles" not in said


def test_a_simulation_of_the_reports_exact_latency_names_that_cause(tmp_path: Path) -> None:
    """A public Vitis 2022.2 find: simulated 13 cycles, the report's exact
    latency, against 11 co-simulated; simulate offered "the simulation takes
    the report's worst case where a loop's iteration latency or a call is a
    range" with no such range and no warning above. The memory fixture's
    pe_top simulates to its report's 3 cycles per call; measured 5 here."""
    memory = FIXTURES / "instrument" / "memory"
    solution = tmp_path / "solution1"
    shutil.copytree(memory / "report", solution / "syn" / "report")
    (solution / "sim" / "report").mkdir(parents=True)
    text = (FIXTURES / "vivado_cosim" / "bfs_cosim.rpt").read_text(encoding="utf-8").replace("112074", "     5")
    (solution / "sim" / "report" / "pe_top_cosim.rpt").write_text(text, encoding="utf-8")
    result = run_cli("simulate", str(memory / "pe.c"), "--report", str(solution), "--testbench", str(memory / "tb.c"))
    assert result.code == 0, result.stderr
    said = result.stdout + result.stderr
    assert ("Possible causes: the estimate is the report's exact latency (3 cycles), not a composition: the"
            " co-simulated RTL took another count than the schedule the report gives") in said
    assert "the simulation misses a stall" not in said


def test_an_axi_lite_control_is_named_when_the_measurement_is_longer() -> None:
    """A public 2022.2 crazyFunction (``s_axilite port=return``, scalar
    arguments) measured 190 against its exact 158; only AXI-lite arrays
    were named as what co-simulation counts beside the IP's latency."""
    from hlsight.analyzer.cosim_check import _causes
    from hlsight.analyzer.results import CosimComparison
    from hlsight.core.model import Interface, Kernel

    comparison = CosimComparison(top="crazyFunction", report="crazyFunction_cosim.rpt", language="Verilog",
                                 simulator="xsim", status="Pass", measured_min=190.0, measured_avg=190.0,
                                 measured_max=190.0, estimate_cycles=158.0, error=158 / 190 - 1)
    top = Kernel(name="crazyFunction", interfaces=[Interface(name="s_axi_control", protocol="s_axilite")])
    assert "its AXI-lite control: co-simulation may count the testbench's register writes" in _causes(comparison, top,
                                                                                                      None)
    assert "AXI-lite control" not in _causes(comparison, Kernel(name="crazyFunction"), None)


def test_a_dataflow_regions_chained_processes_are_not_called_its_own_control(tmp_path: Path) -> None:
    """A public Vitis 2022.1 diamond (Xilinx's dataflow lab): funcA, then
    funcB and funcC side by side, then funcD, through ping-pong arrays:
    155 = 51 + 51 + 51 + 2 cycles, below the processes' sum (204), so
    composed as the longest process, and the other 104 were listed as
    "(own control and straight-line code)". The two-process fixture with a
    third process of the same length: 2,001 against a sum of 3,000, the sum
    of two of them and a cycle of hand-over, one beside them (session 47:
    the chain is composed, not the longest process and what lies beyond it;
    analyzer/dataflow_sequence.py)."""
    text = (FIXTURES / "vhls2019_dataflow_sequence" / "stages_csynth.rpt").read_text(encoding="utf-8")
    row = "        |consume_U0      |consume    |    1|  1000|    1|  1000|   none  |\n"
    assert row in text
    text = text.replace(row, row + row.replace("consume_U0 ", "finish_U0  ").replace("consume ", "finish  "))
    (tmp_path / "stages_csynth.rpt").write_text(text, encoding="utf-8")
    result = run_cli("analyze", str(tmp_path))
    assert result.code in (0, 1), result.stderr
    assert ("(dataflow: processes one after another, 1 of produce or consume or finish beside them): produce 1,000,"
            " consume 1,000, finish 1,000, (own control and straight-line code) 1") in result.stdout
    assert "function stages (top): 2,001 cycles" in result.stdout


def test_a_measured_interval_below_the_latency_is_said(tmp_path: Path) -> None:
    """Co-simulation measures the interval between calls too; for a
    dataflow or pipelined top it is the throughput (a public 2022.1
    dataflow lab: latency 155, a call every 50). It was read and never
    shown. bfs's table with an interval written in; one at or above the
    latency (calls one after another) says nothing new."""
    solution = tmp_path / "solution1"
    shutil.copytree(BFS / "report", solution / "syn" / "report")
    (solution / "sim" / "report").mkdir(parents=True)
    text = (FIXTURES / "vivado_cosim" / "bfs_cosim.rpt").read_text(encoding="utf-8")
    row = ("|   Verilog|      Pass|         112074|         112074|         112074|             NA|             NA|"
           "             NA|")
    assert row in text
    overlapped = text.replace(row, row.replace("             NA|             NA|             NA|",
                                               "          50000|          50000|          50000|"))
    (solution / "sim" / "report" / "bfs_cosim.rpt").write_text(overlapped, encoding="utf-8")
    result = run_cli("analyze", str(solution), "--set", "loop.bfs.loop_queue.trip=200")
    assert ("co-simulation measured 112,074 cycles per call (Verilog, xsim; a call every 50,000 cycles): the cycle"
            " count above -14.2%") in result.stdout
    document = json.loads(run_cli("analyze", str(solution), "--set", "loop.bfs.loop_queue.trip=200",
                                  "--format", "json").stdout)
    assert document["cosim"][0]["measured_interval"] == 50000
    sequential = text.replace(row, row.replace("             NA|             NA|             NA|",
                                               "         112075|         112075|         112075|"))
    (solution / "sim" / "report" / "bfs_cosim.rpt").write_text(sequential, encoding="utf-8")
    assert "a call every" not in run_cli("analyze", str(solution), "--set", "loop.bfs.loop_queue.trip=200").stdout
