"""``simulate`` says beside the total where a loop's iteration latency is a
range: HLScope+ III-B counts each iteration at the report's minimum, so the
run lies between that count and the count on every longest path.

Found on a public Vivado HLS 2017.1 convolution (dilin993/Conv2D_fixedp, not
in the corpus): its innermost loop's iteration latency is 3 ~ 5, the long
path being the bounds test its testbench takes 586,756 times of 589,824.
``simulate`` printed 2,490,881 cycles (the report's minimum) with nothing
said but a JSON note, 32 % below the run's path; it now prints the longest
paths' 3,670,529 (the report's maximum) beside it.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import jsonschema

from tests.conftest import FIXTURES, REPO, run_cli

INLINED_TWICE = FIXTURES / "instrument" / "inlined_twice"


def _with_sum_range(tmp_path: Path) -> Path:
    """inlined_twice's report with SUM's iteration latency 2 ~ 5 (was 2)."""
    report = tmp_path / "report"
    shutil.copytree(INLINED_TWICE / "report", report)
    for path in report.glob("*.xml"):
        text = path.read_text(encoding="utf-8")
        head, sep, tail = text.partition("<SUM>")
        tail = tail.replace("<IterationLatency>2</IterationLatency>",
                            "<IterationLatency>\n<range>\n<min>2</min>\n<max>5</max>\n</range>\n</IterationLatency>", 1)
        path.write_text(head + sep + tail, encoding="utf-8")
    return report


def test_the_longest_paths_count_is_said_beside_the_total(tmp_path: Path) -> None:
    report = _with_sum_range(tmp_path)
    arguments = ["simulate", str(INLINED_TWICE / "clear_sum.c"), "--report", str(report), "--testbench",
                 str(INLINED_TWICE / "tb.c")]
    text = run_cli(*arguments)
    assert text.code == 0, text.stderr
    document = json.loads(run_cli(*arguments, "--format", "json").stdout)
    jsonschema.validate(document, json.loads((REPO / "docs" / "simulate.schema.json").read_text(encoding="utf-8")))
    # the fixture's 66 cycles (SUM: 4 + 10 iterations at IL 2); on the long path each of the 14 adds 3
    assert (document["cycles"], document["cycles_longest_paths"]) == (66, 66 + 3 * 14)
    (function,) = document["functions"]
    # (clear's loops are held by the module latency, not listed)
    assert [(loop["name"], loop["il_spread"]) for loop in function["loops"]] == [("SUM", 3)]
    lines = text.stdout.splitlines()
    total = next(index for index, line in enumerate(lines) if line.startswith("total: 66 cycles"))
    assert lines[total + 1] == ("  path-dependent: 1 loop(s) count each iteration at its shortest path's latency"
                                " (HLScope+ III-B): SUM (+3 x 14); with every iteration on its longest path,"
                                " 108 cycles = 1.08 us")


def test_a_run_with_no_path_dependent_loop_says_nothing_more() -> None:
    result = run_cli("simulate", str(INLINED_TWICE / "clear_sum.c"), "--report", str(INLINED_TWICE / "report"),
                     "--testbench", str(INLINED_TWICE / "tb.c"), "--format", "json")
    document = json.loads(result.stdout)
    assert document["cycles_longest_paths"] == document["cycles"] == 66
    assert "path-dependent" not in run_cli("simulate", str(INLINED_TWICE / "clear_sum.c"), "--report",
                                           str(INLINED_TWICE / "report"), "--testbench",
                                           str(INLINED_TWICE / "tb.c")).stdout
