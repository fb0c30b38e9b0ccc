"""A loop whose run averages more iterations per entry than the trip count
the report fixes for it is said (``instrument-trip-above-report``).

Found on DGGua/IGCN (Vitis 2022.1): the report fixes ``t_label1``, the loop
of the inlined ``t``, at 5 trips, while the testbench's ten entries ran 275
(5, 10, ... 50); simulate counted them with nothing said of the loop. The
fixture ``trip_above_report`` is that shape, with the report's numbers.
"""

from __future__ import annotations

from tests.conftest import FIXTURES, run_json

FOLDER = FIXTURES / "instrument" / "trip_above_report"


def test_a_loop_run_past_its_fixed_trip_count_is_said_with_both_numbers() -> None:
    """By hand: entry i of ``IGCN_label0`` runs ``t_label1`` (i + 1) x 5
    times at IL 2, and its own residual 12 - 10 = 2: the sum over i = 0..9
    is 2 x 5 x 55 + 10 x 2 = 570, and the module's own cycle 571. The inner
    loop ran 275 iterations over 10 entries, 27.5 on average, above the
    report's 5; the outer loop's 10 a entry is its report's, not said."""
    document = run_json("simulate", str(FOLDER / "igcn.cpp"), "--report", str(FOLDER / "report"), "--testbench",
                        str(FOLDER / "tb.cpp"))
    assert document["cycles"] == 571
    (function,) = document["functions"]
    assert [(loop["name"], loop["entries"], loop["trip_count_total"], loop["cycles"])
            for loop in function["loops"]] == [("IGCN_label0", 1, 10, 570), ("t_label1", 10, 275, 550)]
    (said,) = [item for item in document["diagnostics"] if item["rule"] == "instrument-trip-above-report"]
    assert said["severity"] == "warning"
    assert said["file"].endswith("igcn.cpp") and said["line"] == 6
    assert "'t_label1'" in said["message"] and "(275 over 10 entries)" in said["message"]
    assert "27.5 iterations per entry" in said["message"] and "fixes for it (5)" in said["message"]
