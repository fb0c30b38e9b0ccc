"""A loop whose report iteration latency is known keeps it when its body
holds a group of independent calls (eq. 2).

Found on Aliasgharshinwari/SystolicArray_On_PYNQ_Z1 (Vitis 2022.2): the
top's ``Depth_Loop`` (IL 190) reads two tiles side by side, then computes,
inside ``Row_Loop_Col_Loop``, whose trip count, latency and IL are undef.
The group's latency was set after the loops' constants, so eq. 6 found the
body's path unknown, took a residual of 1 and counted 16 x 187 = 2,992
cycles (16 x 45 without compute_systolic's report) where the report's IL
gives 16 x 190 = 3,040. The fixture ``group_in_known_loop`` is that shape.
"""

from __future__ import annotations

from typing import Any

from tests.conftest import FIXTURES, run_json

FOLDER = FIXTURES / "instrument" / "group_in_known_loop"


def _simulate() -> dict[str, Any]:
    return run_json("simulate", str(FOLDER / "tiles.c"), "--report", str(FOLDER / "report"), "--testbench",
                    str(FOLDER / "tb.c"), "--top", "tiles")


def test_the_known_iteration_latency_of_a_loop_around_a_group_is_counted() -> None:
    """By hand (make_reports.group_in_known_loop): tb.c calls
    ``tiles(a, b, out, 2, 3)``. A ``Depth`` iteration is the two loads side
    by side, max(5, 5) = 5 (eq. 2), then ``mac``'s 7, and the residual
    20 - 12 = 8 (eq. 6): its IL, 20; 3 iterations a row, 60. ``Row``'s IL
    is undef: eq. 6's floor, 1 an iteration, so 2 x 61 = 122, and the top's
    own cycles 0 (latency undef). Before: ``Depth`` 13 an iteration (residual
    1), 2 x (39 + 1) = 80."""
    document = _simulate()
    assert document["cycles"] == 122
    top = next(function for function in document["functions"] if function["name"] == "tiles")
    assert [(loop["name"], loop["trip_count_total"], loop["cycles"]) for loop in top["loops"]][:2] == [
        ("Row", 2, 122), ("Depth", 6, 120)]
    unknown = [item["line"] for item in document["diagnostics"] if item["rule"] == "instrument-residual-unknown"]
    assert 25 not in unknown and 22 in unknown  # Depth's line, Row's
