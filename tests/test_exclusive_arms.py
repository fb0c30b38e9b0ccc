"""Loops in exclusive arms of one ``if``/``else`` chain or ``switch``
(docs/model.md decision 90).

Found on a public Vivado HLS 2019.1 AXI-stream convolution (sampp098/DLU,
not in the corpus): one call either loads its data (``if (inst == 0)``) or
computes (``else if (inst == 1)``), and its "?" latency was composed as the
load loop plus the compute loops, with nothing said. The module's cycles
still add its loops at the trip counts given (a call's skipped loops at 0
make the sum right); the analysis now says which loops exclude each other
and which values a call that skips them takes.
``fixtures/vhls2019_exclusive_arms`` is a hand-written report and source of
that shape.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema

from hlsight.analyzer.access.branch_arms import exclusive
from hlsight.analyzer.access.walker import walk_function
from hlsight.parsers.csource import parse_c_text
from hlsight.parsers.cxx.as_c import parse_cxx_as_c
from tests.conftest import REPO, run_cli

FIXTURE = REPO / "fixtures" / "vhls2019_exclusive_arms"
REPORT = FIXTURE / "dispatch_csynth.rpt"

SOURCE = """static void helper(int *a, int n) {
  for (int k = 0; k < n; k++) a[k] = 0;
}
void f(int *a, int n, int mode) {
  if (mode == 0) {
    for (int i = 0; i < n; i++) a[i] = 1;
  } else if (mode == 1) {
    for (int i = 0; i < n; i++) {
      if (a[i] > 0) {
        for (int j = 0; j < 4; j++) a[j] += 1;
      }
    }
  } else {
    helper(a, n);
  }
  switch (mode) {
    case 0:
      for (int i = 0; i < 8; i++) a[i] = 2;
      break;
    case 1:
      for (int i = 0; i < 8; i++) a[i] = 3;
    case 2:
      for (int i = 0; i < 8; i++) a[i] = 4;
      break;
  }
}
"""


def _loops_by_line() -> dict[int, object]:
    unit = parse_c_text(SOURCE, "f.c")
    walker = walk_function(unit, unit.functions()["f"], {"f.c": SOURCE.splitlines()}, count_memcpy=True)
    return {info.line: info for info in [*walker.loop_infos.values(), *walker.called_loop_infos.values()]}


def test_each_loop_knows_the_arm_it_runs_under() -> None:
    loops = _loops_by_line()
    first, second = loops[6].guards, loops[8].guards
    assert [(arm.test, arm.line, arm.arm) for arm in first] == [("if (mode == 0)", 5, 0)]
    assert [(arm.test, arm.line, arm.arm) for arm in second] == [("else if (mode == 1)", 7, 1)]
    assert exclusive(first, second) is not None
    # only the tests since its enclosing loop: the inner `if` of loop 8
    assert [arm.test for arm in loops[10].guards] == ["if (a[i] > 0)"]
    # a callee's loop runs under its own tests only (it may be a module of its own)
    assert loops[2].guards == ()


def test_switch_arms_end_at_a_break() -> None:
    """``case 1`` falls into ``case 2``: their loops run on one call, so
    they are one arm; ``case 0`` ends in ``break`` and is another."""
    loops = _loops_by_line()
    case0, case1, case2 = loops[18].guards, loops[21].guards, loops[23].guards
    assert [arm.test for arm in case0] == ["case 0:"]
    assert [arm.test for arm in case1] == ["case 1:"]
    assert [arm.test for arm in case2] == ["case 1: case 2:"]
    assert exclusive(case0, case1) is not None and exclusive(case0, case2) is not None
    assert exclusive(case1, case2) is None


CXX_SWITCH = """enum op_type { SUM, DIF, NEG };
int top(int *a, int n, op_type op) {
  int out = 0;
  switch (op) {
    case SUM:
      for (int i = 0; i < n; i++) out += a[i];
      break;
    case DIF:
      out = a[0];
      for (int i = 1; i < n; i++) out -= a[i];
      break;
    default:
      out = -a[0];
  }
  return out;
}
"""


def test_a_cxx_switch_case_holds_its_whole_arm(tmp_path: Path) -> None:
    """clang gives a ``case`` its first statement and the rest of its arm as
    the switch's statements: lowered as pycparser groups C cases, ``case
    DIF``'s loop (its second statement) is in its arm, and every ``break``
    ends one (a public Vitis ``switch (op)`` of 29 cases read as one arm)."""
    source = tmp_path / "ops.cpp"
    source.write_text(CXX_SWITCH)
    unit = parse_cxx_as_c(source, synthesis=True)
    walker = walk_function(unit, unit.functions()["top"], {str(source): CXX_SWITCH.splitlines()}, count_memcpy=True)
    arms = {info.line: info.guards for info in walker.loop_infos.values()}
    assert [(arm.test, arm.arm, arm.head) for arm in arms[6]] == [("case SUM:", 0, "switch (op)")]
    assert [(arm.test, arm.arm) for arm in arms[10]] == [("case DIF:", 1)]
    assert exclusive(arms[6], arms[10]) is not None


def test_the_warning_names_the_arms_and_the_values_to_give() -> None:
    result = run_cli("analyze", str(REPORT), "--source-root", str(FIXTURE), "-v")
    assert result.code == 0, result.stderr
    assert ("dispatch.c:10:5: warning: exclusive arms: Loop 1 (dispatch.c:12) under `if (op == 0)`,"
            " Loop 2 (dispatch.c:17) and Loop 3 (dispatch.c:20) under `else if (op == 1)` (line 16). A call runs one"
            " arm, but dispatch's cycles add all of them at the trip counts given: give 0 to those a call skips"
            " (loop.dispatch.Loop_1.trip=0, loop.dispatch.Loop_2.trip=0, loop.dispatch.Loop_3.trip=0; a [[launch]]"
            " table per kind of call) [loop-exclusive-arms]") in result.stdout


def test_a_value_to_give_says_the_arm_of_its_loop(tmp_path: Path) -> None:
    """Loop 1's bound calls another file's function: its trip is asked, with
    the test it runs under. Without the source nothing is said of arms."""
    result = run_cli("analyze", str(REPORT), "--source-root", str(FIXTURE), "-v")
    assert ("    loop.dispatch.Loop_1.trip: the loop at dispatch.c:12 `for (i = 0; i < limit(n); i++)`; the report"
            " gives a trip count of 0 ~ 255; it runs only under `if (op == 0)` (line 10): 0 where that arm is not taken"
            ) in result.stdout
    alone = tmp_path / REPORT.name
    alone.write_bytes(REPORT.read_bytes())  # away from the source beside it
    no_source = run_cli("analyze", str(alone), "-v")
    assert no_source.code == 0
    assert "exclusive arms" not in no_source.stdout and "runs only under" not in no_source.stdout


def test_one_launch_per_kind_of_call_counts_each_arm_once(tmp_path: Path) -> None:
    """A load call (op 0) and a compute call (op 1): 2 x 100 + 0 + 0 and
    0 + 16 + 3 x 100 x 4 cycles, 200 + 1,216 = 1,416 at 10 ns."""
    hints = tmp_path / "calls.toml"
    hints.write_text("""\
[[launch]]
n = 100
data_0 = 4
"loop.dispatch.Loop_1.trip" = 100
"loop.dispatch.Loop_2.trip" = 0
"loop.dispatch.Loop_3.trip" = 0
[[launch]]
n = 100
data_0 = 4
"loop.dispatch.Loop_1.trip" = 0
""")
    result = run_cli("analyze", str(REPORT), "--source-root", str(FIXTURE), "--hints", str(hints), "--format", "json")
    assert result.code == 0, result.stderr
    report = json.loads(result.stdout)
    # the second launch's non-pipelined loop, iteration latency "?", takes 1 cycle a pass beyond its
    # parts at least (session 41): 4 passes, 40 ns
    assert [round(launch["seconds"] * 1e9) for launch in report["launches"]] == [2000, 12200]
    assert round(report["estimate"]["seconds"] * 1e9) == 14200


def test_the_json_gives_each_loop_its_source_place_and_arm() -> None:
    """The report places Vivado's ``Loop 1`` nowhere; the JSON gave it no
    file while the text printed dispatch.c:12 (a public ap_bus design)."""
    result = run_cli("analyze", str(REPORT), "--source-root", str(FIXTURE), "--format", "json")
    document = json.loads(result.stdout)
    schema = json.loads((REPO / "docs" / "hlsight.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(document)
    loops = {loop["name"]: loop for loop in document["kernels"][0]["loops"]}
    first = loops["Loop 1"]
    assert (Path(first["file"]).name, first["line"], first["location_basis"]) == ("dispatch.c", 12, "source-loop")
    assert [(arm["test"], arm["line"]) for arm in first["runs_under"]] == [("if (op == 0)", 10)]
    assert [(arm["test"], arm["line"]) for arm in loops["Loop 3"]["runs_under"]] == [("else if (op == 1)", 16)]
    assert loops["Loop 3"]["children"][0]["runs_under"] == []
