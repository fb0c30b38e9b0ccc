"""A loop left by ``if (i == n) break;`` runs min(bound, n) times.

Found on a public Vitis 2025.1 min-sum decoder (hdeben01/Min-Sum-Vitis-QEC,
not in the corpus): its loops keep the header bounds CHECK and VNODES (20
and 40), leave at ``if (i == size_checks) break;``, and carry
``LOOP_TRIPCOUNT`` at the bounds. Decision 27 read any early exit as "at
most the header's count", so at every size given the estimate stayed the
report's worst case: 7,581 cycles for size_checks 10 and size_vnode 20
(and "at least 75.8 us" without values), where the source's count is 3,391
(now given). The
fixture ``fixtures/instrument/counter_exit`` has that shape.
"""

from __future__ import annotations

import json

from tests.conftest import FIXTURES, run_cli

FOLDER = FIXTURES / "instrument" / "counter_exit"


def test_the_count_at_the_values_given_is_the_smaller_bound() -> None:
    given = run_cli("analyze", str(FOLDER / "report"), "--source-root", str(FOLDER),
                    "--set", "n_rows=10", "--set", "n_cols=20")
    assert given.code == 0, given.stderr
    # 10 x ((20 - 1) x 1 + 3 + 2) + 2, rows.cpp's docstring in make_reports.py
    assert "function rows (top): 242 cycles at the values given ((Min(40, n_cols) + 4)*Min(20, n_rows) + 2)" \
        in given.stdout
    past = run_cli("analyze", str(FOLDER / "report"), "--source-root", str(FOLDER),
                   "--set", "n_rows=50", "--set", "n_cols=50")
    assert "function rows (top): 882 cycles at the values given" in past.stdout  # the headers' bounds: the report's


def test_without_the_values_the_pragma_count_is_said_to_be_an_assumption() -> None:
    plain = run_cli("analyze", str(FOLDER / "report"), "--source-root", str(FOLDER))
    assert plain.code == 0, plain.stderr
    assert ("note: loop VITIS_LOOP_7_1 runs Min(20, n_rows) times in the source; the report's 20 is its 'HLS"
            " LOOP_TRIPCOUNT min = ROWS max = ROWS', an assumption: give n_rows with --set to use the source's"
            " count") in plain.stdout
    assert "loops are counted at their loop_tripcount pragma's values" in plain.stdout


def test_simulate_charges_a_sequential_loops_leaving_pass_nothing_behind_its_pragma() -> None:
    """The outer loop's ``if (i == n_rows) break;`` follows its
    ``LOOP_TRIPCOUNT`` pragma: the pragma was taken for the body's first
    statement, so the exit test was not found and the leaving pass paid
    the III-B floor, IL 44 (296 cycles). Now 10 x (23 + 2) + 2 = 252: each
    pipelined pass counts its leaving iteration (21 trips, 23 cycles), 10
    more than analyze's 242."""
    result = run_cli("simulate", str(FOLDER / "rows.cpp"), "--report", str(FOLDER / "report"), "--testbench",
                     str(FOLDER / "tb.cpp"), "--format", "json")
    assert result.code == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["cycles"] == 252
    (function,) = document["functions"]
    assert [(loop["name"], loop["trip_count_total"], loop["cycles"]) for loop in function["loops"]] == [
        ("VITIS_LOOP_7_1", 11, 250), ("VITIS_LOOP_10_2", 210, 230)]
