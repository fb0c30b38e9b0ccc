"""``simulate`` composes a dataflow region read as a chain of processes with
one beside it as ``analyze`` does: ``max(chain + own cycles, beside)``
(docs/model.md decision 104, :mod:`hlsight.analyzer.dataflow_sequence`).

A public Vivado HLS 2019.1 DES decrypter's region reports 4,984 = 113 +
1,585 + 3,153 + 129 + 4, the sum of all its processes but one 129-cycle
permutation; ``simulate`` took only the all-in-sequence reading and
composed it by eq. 3. The fixture ``dataflow_chain`` is that shape.
"""

from __future__ import annotations

from tests.conftest import FIXTURES, run_json

FOLDER = FIXTURES / "instrument" / "dataflow_chain"


def test_a_chain_with_one_process_beside_it_is_counted_in_sequence() -> None:
    """By hand (make_reports.dataflow_chain): tb.c runs 20 rounds. The
    chain KEY 16 x 3 = 48, ROUNDS 20 x 4 = 80 and FINAL (or PERM) 16 x 2 =
    32, with the region's 211 - 208 = 3 control cycles: 163; PERM beside it,
    32: max(163, 32) = 163. By eq. 3 it was the longest streaming time,
    ROUNDS' 80 - 4, plus every fill, 2 + 3 + 4 + 2: 87."""
    document = run_json("simulate", str(FOLDER / "chain.c"), "--report", str(FOLDER / "report"), "--testbench",
                        str(FOLDER / "tb.c"))
    assert document["cycles"] == 163
    (function,) = document["functions"]
    assert [(loop["name"], loop["cycles"]) for loop in function["loops"]] == [
        ("PERM", 32), ("KEY", 48), ("ROUNDS", 80), ("FINAL", 32)]
    (note,) = [item for item in document["diagnostics"] if item["rule"] == "instrument-dataflow-sequential"]
    assert "holds the sum KEY + ROUNDS + 1 of PERM or FINAL (208) plus 3 cycles of control" in note["message"]
    assert "1 of PERM or FINAL beside it (eq. 2)" in note["message"]


def test_the_process_beside_the_chain_is_counted_when_it_is_the_longer() -> None:
    """By hand: chain_wide's chain, FIRST and SECOND (the report's 10 x 4
    each), runs 2 iterations here, 2 x 4 + 2 x 4 + 3 = 19 cycles with the
    region's 83 - 80 control; WIDE beside it runs its fixed 16 x 5 = 80:
    max(19, 80) = 80. By eq. 3, held to the region's 83: WIDE's 80 - 5 plus
    every fill, 4 + 4 + 5, 88, so 83."""
    document = run_json("simulate", str(FOLDER / "chain.c"), "--report", str(FOLDER / "report"), "--testbench",
                        str(FOLDER / "tb_wide.c"), "--top", "chain_wide")
    assert document["cycles"] == 80
    (function,) = document["functions"]
    assert [(loop["name"], loop["cycles"]) for loop in function["loops"]] == [
        ("FIRST", 8), ("SECOND", 8), ("WIDE", 80)]
