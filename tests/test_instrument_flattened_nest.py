"""``simulate`` counts a nest Vivado HLS flattened under its outer loop's
positional name as the report's one loop.

Found on a public Vivado HLS 2018.3 matrix multiply (JTP75/Advanced-Digital-
Design lab 5, not in the corpus): its four unlabelled 32 x 32 nests, the
PIPELINE pragma on each inner loop, are listed as ``Loop 1`` to ``Loop 4``
with trip 1024 and no ``Loop N.1``. The outer loops took those rows and
counted 32 iterations each, the inner loops were "unmatched": 333 cycles
for the report's 5,293 (the same design now simulates to 5,293). The
fixture ``flattened_nest`` has two such nests, one from an inlined
template.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import FIXTURES, run_cli

FOLDER = FIXTURES / "instrument" / "flattened_nest"


def test_a_nest_flattened_under_its_outer_loops_name_counts_its_innermost_iterations() -> None:
    result = run_cli("simulate", str(FOLDER / "flat.cpp"), "--report", str(FOLDER / "report"), "--testbench",
                     str(FOLDER / "tb.cpp"), "--format", "json")
    assert result.code == 0, result.stderr
    document = json.loads(result.stdout)
    # (64 - 1) x 1 + 2 and (64 - 1) x 1 + 3, and the module's own cycle: the report's 132
    assert document["cycles"] == 132
    (function,) = document["functions"]
    assert [(loop["name"], loop["inlined_from"], loop["trip_count_total"], loop["cycles"])
            for loop in function["loops"]] == [("Loop 1", "scale<8>", 64, 65), ("Loop 2", "", 64, 66)]
    assert not [item for item in document["diagnostics"] if item["rule"] == "instrument-loop-unmatched"]


def test_a_pipelined_outer_loop_whose_trip_is_not_the_nests_is_not_taken_for_a_flattened_one(tmp_path: Path) -> None:
    """A report loop whose trip is the outer loop's own (8, not 8 x 8) is that
    loop, pipelined with its inner loop unrolled by the tool: nothing is
    absorbed, and the inner loop stays said as unmatched."""
    report = tmp_path / "report"
    report.mkdir()
    for name in ("csynth.xml", "flat_top_csynth.xml"):
        text = (FOLDER / "report" / name).read_text(encoding="utf-8")
        (report / name).write_text(text.replace("<TripCount>64</TripCount>\n<Latency>65</Latency>",
                                                "<TripCount>8</TripCount>\n<Latency>9</Latency>"), encoding="utf-8")
    result = run_cli("simulate", str(FOLDER / "flat.cpp"), "--report", str(report), "--testbench",
                     str(FOLDER / "tb.cpp"), "--format", "json")
    assert result.code == 0, result.stderr
    document = json.loads(result.stdout)
    loops = {loop["name"]: loop["trip_count_total"] for loop in document["functions"][0]["loops"]}
    assert loops == {"Loop 1": 8, "Loop 2": 64}
    unmatched = [item for item in document["diagnostics"] if item["rule"] == "instrument-loop-unmatched"]
    assert [item["line"] for item in unmatched] == [9]
