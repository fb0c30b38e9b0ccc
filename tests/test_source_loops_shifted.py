"""Loops a Vitis report names at lines where the source has none, matched
at the file's one line offset (``source-loops-shifted``).

The public Vitis 2022.1 project DGGua/IGCN (``fixtures/vitis2022_igcn_moved``,
README there) committed ``igcn.cpp`` with one line more than it synthesized
(an ``#include "np"``): ``VITIS_LOOP_12_1`` and ``VITIS_LOOP_19_2`` are its
loops at lines 13 and 20, both ``for (i = 0; i < size; i++)``. ``analyze``
left both without a place, asked for ``loop.IGCN.VITIS_LOOP_12_1.trip`` and
``...19_2.trip``, and called ``--set size=50`` unused, where ``simulate``
matched them by rank (``instrument-loop-moved``). Now the same rule matches
them when every such loop sits the same number of lines from its name.
"""

from __future__ import annotations

from typing import Any

from tests.conftest import REPO, run_cli, run_json

REPORT = REPO / "fixtures" / "vitis2022_igcn_moved" / "solution1" / "syn" / "report"


def _analysis() -> dict[str, Any]:
    result: dict[str, Any] = run_json("analyze", str(REPORT), "--set", "size=50")
    return result


def test_the_moved_loops_are_placed_one_line_below_their_names() -> None:
    loops = {loop["name"]: loop for kernel in _analysis()["kernels"] if kernel["name"] == "IGCN"
             for loop in kernel["loops"]}
    assert {name: (loop["line"], loop["trip_expression"]) for name, loop in loops.items()} == {
        "IGCN_label0": (17, None), "VITIS_LOOP_12_1": (13, "size"), "VITIS_LOOP_19_2": (20, "size")}


def test_the_warning_names_the_offset_and_the_loops() -> None:
    shifted = [item for item in _analysis()["diagnostics"] if item["rule"] == "source-loops-shifted"]
    assert [(item["line"], item["data"]) for item in shifted] == [
        (13, {"offset": 1, "loops": {"VITIS_LOOP_12_1": 13, "VITIS_LOOP_19_2": 20}})]
    result = run_cli("analyze", str(REPORT), "--set", "size=50")  # said without -v, beside the number
    assert "igcn.cpp:13:3: warning: the report names loops of igcn.cpp at lines where it has none; its loops of the" \
        " same ranks sit 1 line below their names (+1), all at that one offset, so igcn.cpp moved since synthesis (a" \
        " line added above them?) and they are matched there: VITIS_LOOP_12_1 at line 13, VITIS_LOOP_19_2 at line" \
        " 20 [source-loops-shifted]" in result.stdout
    assert "input-argument-unused" not in result.stdout


def test_size_gives_the_cycles_by_hand() -> None:
    """By hand from the report: IGCN_label0 120 (10 x 12); VITIS_LOOP_12_1,
    II 1 and depth 1, runs (size - 1) x 1 + 1 = 50 (its module's latency is
    undef: no control cycles counted, as the notes say); the module of
    VITIS_LOOP_19_2 takes its loop's count + 2 (2 ~ 65 for 0 ~ 63): 52.
    222 in all, 2.22 us at the 10 ns target clock."""
    cycles = _analysis()["estimate"]["cycles"]
    assert cycles["expression"] == "2*size + 122"
    assert cycles["cycles"] == 120 + 50 + 52
    assert [(part["name"], part["cycles"]) for part in cycles["parts"]] == [
        ("IGCN_label0", 120), ("VITIS_LOOP_12_1", 50), ("VITIS_LOOP_19_2", 52)]
