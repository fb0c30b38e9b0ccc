"""A dataflow region whose processes ran one after another, some beside
them, and a Vivado HLS dataflow process whose loop label holds
``Pipeline_``, on ``fixtures/vhls2019_des_dataflow`` (two trimmed csynth
reports of the public Vivado HLS 2019.1 project
Deepsavani/DES-Decryption-Implemented-in-Vivado-HLS, solution Dataflow_DES;
README there).

The region reports 4,984 cycles = 113 + 1,585 + 3,153 + 129 + 4: the sum
of four of its five processes and 4 cycles of hand-over. It was composed
as its longest process plus 1,831 (eq. 3), so a trip count given of the
rounds loop moved nothing: 3,416 cycles at 4 rounds and at 8. The rounds
process ``Loop_Pipeline_loop4_s`` was folded into the top as a Vitis
outlined part of a function ``Loop``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hlsight.analyzer.dataflow_sequence import processes_in_sequence
from tests.conftest import REPO, run_cli, run_json

DES = REPO / "fixtures" / "vhls2019_des_dataflow"
ROUNDS = "loop.Loop_Pipeline_loop4_s.Pipeline_loop4.trip"


@pytest.mark.parametrize(("rounds", "cycles"), [(4, "2,620"), (8, "3,408"), (16, "4,984")])
def test_the_rounds_given_move_the_chain_of_processes(rounds: int, cycles: str) -> None:
    """113 + 1,585 + (197 x rounds + 1) + 129 + 4, by hand: 2,620 at 4
    rounds, 3,408 at 8, the report's 4,984 at its own 16."""
    text = run_cli("analyze", str(DES), "--set", f"{ROUNDS}={rounds}").stdout
    assert f"  function des_dec (top): {cycles} cycles" in text
    assert ("(dataflow: processes one after another, 1 of Loop_5_proc or Loop_unroll1_proc beside them):"
            f" Loop_Pipeline_loop4_s {197 * rounds + 1:,}, Loop_3_proc 1,585") in text
    assert "(own control and straight-line code) 4" in text


def test_the_evidence_is_said_where_the_number_is_read() -> None:
    """Without -v: the region's maximum against the chain's sum, the sum of
    all its processes and the longest."""
    text = run_cli("analyze", str(DES), "--set", f"{ROUNDS}=4").stdout
    assert ("note: des_dec: a dataflow region whose maximum (4,984 cycles) holds the sum Loop_Pipeline_loop4_s +"
            " Loop_3_proc + Loop_unroll2_proc + 1 of Loop_5_proc or Loop_unroll1_proc (4,980) plus 4 cycles of"
            " control, below the sum of all its processes (5,109) and above the longest (3,153)") in text


def test_a_vivado_process_named_after_a_pipeline_label_stays_a_function() -> None:
    text = run_cli("analyze", str(DES), "-v").stdout
    assert "outlined parts" not in text
    assert "  kernel Loop_Pipeline_loop4_s [function]" in text
    assert "    Pipeline_loop4: II -, trip 16 not pipelined" in text
    assert "loops: shown under des_dec" not in text
    refused = run_cli("analyze", str(DES), "--set", "loop.des_dec.Pipeline_loop4.trip=4")
    assert refused.code == 2 and ("unknown name 'loop.des_dec.Pipeline_loop4.trip'; did you mean"
                                  f" {ROUNDS} or") in refused.stderr


def test_streaming_processes_that_overlap_keep_the_longest(tmp_path: Path) -> None:
    """The region's latency below the sum of all its processes but one (the
    rounds and the key schedule side by side, as streams would run them):
    no chain, eq. 3 as before."""
    text = (DES / "des_dec_csynth.rpt").read_text(encoding="utf-8")
    row = "    |  4984|  4984|  3154|  3154| dataflow |\n"
    assert row in text
    (tmp_path / "des_dec_csynth.rpt").write_text(text.replace(row, "    |  3300|  3300|  3154|  3154| dataflow |\n"),
                                                 encoding="utf-8")
    (tmp_path / "Loop_Pipeline_loop4_s_csynth.rpt").write_text(
        (DES / "Loop_Pipeline_loop4_s_csynth.rpt").read_text(encoding="utf-8"), encoding="utf-8")
    result = run_cli("analyze", str(tmp_path), "--set", f"{ROUNDS}=4").stdout
    assert "(dataflow: the longest process)" in result
    assert "function des_dec (top): 1,732 cycles" in result  # max(1,585, 789, ...) + 3,300 - 3,153
    assert "one after another" not in result


def test_a_chain_needs_a_cycle_per_hand_over_and_one_process_beside_at_most() -> None:
    """The reading alone: the DES region's numbers; a public hls4ml network's
    15 streaming processes (Vitis 2023.1, corpus hls4ml_pulse): 695 cycles,
    which four of them add up to exactly, is no chain; two processes that
    add up within the latency are all in sequence."""
    des = processes_in_sequence(4984, [3153, 1585, 129, 129, 113, 0, 0, 0])
    assert des is not None and not des.complete and des.slack == 4
    assert sorted(des.chains) == [(0, 1, 2, 4), (0, 1, 3, 4)]
    pulse = [85, 249, 83, 84, 489, 43, 45, 255, 43, 79, 85, 577, 83, 85, 84]
    assert processes_in_sequence(695, pulse) is None
    # 129 or 125 beside the chain, 4 or 8 cycles of hand-over: both kept, for the caller to refuse
    alike = processes_in_sequence(4984, [3153, 1585, 129, 125, 113, 0, 0, 0])
    assert alike is not None and sorted(alike.chains) == [(0, 1, 2, 4), (0, 1, 3, 4)] and alike.slack == 4
    assert processes_in_sequence(3153 + 1585 + 113 + 129 + 2, [3153, 1585, 129, 129, 113]) is None  # 2 < 3 hand-overs
    both = processes_in_sequence(2001, [1000, 1000])
    assert both is not None and both.complete and both.chains == ((0, 1),)


def test_chains_that_fit_alike_but_differ_at_other_counts_are_not_chosen_between(tmp_path: Path) -> None:
    """The key schedule as long as the rounds (3,153 both) and the region
    3,528 = 3,153 + 129 + 129 + 113 + 4: either may be the one beside the
    chain, and only the rounds move with the count given. Which ran in the
    chain is not told: eq. 3, and a note says why."""
    text = (DES / "des_dec_csynth.rpt").read_text(encoding="utf-8")
    rows = {"    |  4984|  4984|  3154|  3154| dataflow |\n": "    |  3528|  3528|  3154|  3154| dataflow |\n",
            "|Loop_3_proc            |  1585|  1585|  1585|  1585|":
                "|Loop_3_proc            |  3153|  3153|  3153|  3153|"}
    for row, changed in rows.items():
        assert row in text
        text = text.replace(row, changed)
    (tmp_path / "des_dec_csynth.rpt").write_text(text, encoding="utf-8")
    (tmp_path / "Loop_Pipeline_loop4_s_csynth.rpt").write_text(
        (DES / "Loop_Pipeline_loop4_s_csynth.rpt").read_text(encoding="utf-8"), encoding="utf-8")
    result = run_cli("analyze", str(tmp_path), "--set", f"{ROUNDS}=4").stdout
    assert "(dataflow: the longest process)" in result
    assert "function des_dec (top): 3,528 cycles" in result  # max(3,153, 789, ...) + 3,528 - 3,153
    assert ("note: des_dec: a dataflow region whose maximum (3,528 cycles) holds the sum of 2 chains of its processes"
            " plus at least 4 cycles of control, chains whose cycles differ at other trip counts") in result


def test_simulate_reads_the_2019_process_of_a_labelled_loop_as_a_process() -> None:
    """``simulate`` took ``Loop_Pipeline_loop4_s`` (a 2019.1 process of the
    loop labelled ``Pipeline_loop4``) for a Vitis ``_Pipeline_`` outlined
    module, so the rounds loop and its three inner loops were "unmatched"
    and left out of the breakdown. By the report: 16 rounds of 197 cycles
    (3,152), ``loop4_1`` 48 x 2, ``loop4_2`` 8 x 4 and ``loop4_3`` 32 x 2 a
    round; the region is the report's 4,984."""
    source = DES / "src"
    document = run_json("simulate", str(source / "desDecrypt.c"), "--testbench", str(source / "desDEC_tb.c"),
                        "--extra", str(source / "des_enc_stub.c"), "--report", str(DES))
    assert document["cycles"] == 4984
    (function,) = document["functions"]
    loops = {loop["name"]: (loop["trip_count_total"], loop["cycles"]) for loop in function["loops"]}
    assert loops["Pipeline_loop4"] == (16, 3152)
    assert (loops["loop4_1"], loops["loop4_2"], loops["loop4_3"]) == ((768, 1536), (128, 512), (512, 1024))
