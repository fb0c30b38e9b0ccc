"""whatif says what holds at the points it shows (a user's report): the
cautions of the solution, not of the placeholder the solver started from; the
bound as analyze reads it at the same values (design-level tables too); an
assumed DRAM profile, as analyze says it; and a grid too large to evaluate is
one error line, not the OOM killer."""

from __future__ import annotations

import json
import re
import time

import pytest

from hlsight.analyzer.whatif import MAX_SWEEP_POINTS
from tests.conftest import CORPUS, run_cli, whatif_points

VECTORADD = str(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "vectoradd")
PREFIX_SUM = str(CORPUS / "aoc" / "aoc20.4_a10_clbool" / "fpga_reports" / "prefix_sum" / "reports")
SHORT = "leaves out the per-launch cost"


def _analyze(path: str, *given: str) -> dict[str, object]:
    result = run_cli("analyze", path, *given, "--format", "json")
    assert result.code == 0, result.stderr
    document: dict[str, object] = json.loads(result.stdout)
    return document


def test_solve_cautions_are_those_of_the_solution() -> None:
    """Solving for work_items ran analyze at work_items = 1 and printed its
    "design time (991 ps) ... mostly launch cost" beside a 10 ms solution."""
    ten_ms = run_cli("whatif", VECTORADD, "--solve", "work_items", "--for-time", "10ms")
    assert ten_ms.code == 0, ten_ms.stderr
    assert ten_ms.stdout.startswith("work_items = 10,091,605 gives") and SHORT not in ten_ms.stdout
    assert "991 ps" not in ten_ms.stdout
    # the values shown are the solution's, not the placeholder's
    document = json.loads(run_cli("whatif", VECTORADD, "--solve", "work_items", "--for-time", "10ms",
                                  "--format", "json").stdout)
    assert document["values"]["work_items"] == document["value"] == 10_091_605
    # a short solution keeps the caution, with its own time (analyze says the same at that value)
    ten_us = run_cli("whatif", VECTORADD, "--solve", "work_items", "--for-time", "10us")
    assert ten_us.code == 0, ten_us.stderr
    assert f"# caution: the design time (10 us) {SHORT}" in ten_us.stdout
    value = ten_us.stdout.split(" = ")[1].split()[0].replace(",", "")
    analyzed = _analyze(VECTORADD, "--set", f"work_items={value}")  # a whole value, as analyze takes
    assert any(caveat.startswith(f"the design time (10 us) {SHORT}")
               for caveat in analyzed["estimate"]["extra"]["caveats"])  # type: ignore[index]


def test_sweep_cautions_are_said_of_the_grid() -> None:
    """A sweep's header said the first point's "991 ps" over a table reaching
    991 ms; it now counts the points below 1 ms, and the header's values
    leave the swept name to its column."""
    result = run_cli("whatif", VECTORADD, "--sweep", "work_items=1,1e3,1e9")
    assert result.code == 0, result.stderr
    assert f"# caution: the design time (below 1 ms at 2 of 3 points: 991 ps to 991 ns) {SHORT}" in result.stdout
    long_only = run_cli("whatif", VECTORADD, "--sweep", "work_items=1e8,1e9")
    assert long_only.code == 0 and SHORT not in long_only.stdout
    document = json.loads(run_cli("whatif", VECTORADD, "--sweep", "work_items=1,1e9", "--format", "json").stdout)
    assert "work_items" not in document["values"]


@pytest.mark.parametrize(("path", "fixed", "points"), [
    (VECTORADD, (), [("32768000", "10"), ("32768000", "400"), ("1000", "100"), ("1e9", "300")]),
])
def test_whatif_bound_is_analyze_bound_label(path: str, fixed: tuple[str, ...],
                                             points: list[tuple[str, str]]) -> None:
    """At work_items = 32768000, fmax = 10 analyze reads "memory
    (non-saturated)" (eq. 7's compute, the memory term the number) and
    whatif said "memory": one reading of the bound in every output."""
    for work_items, fmax in points:
        given = (*fixed, "--set", f"work_items={work_items}", "--set", f"fmax={fmax}")
        label = _analyze(path, *given)["estimate"]["bound_label"]  # type: ignore[index]
        whatif = run_cli("whatif", path, *given, "--format", "json")
        assert whatif.code == 0, whatif.stderr
        assert whatif_points(json.loads(whatif.stdout))[0]["bound"] == label, (work_items, fmax)
    # a swept grid reads each point the same way
    swept = run_cli("whatif", path, *fixed, "--sweep", "work_items=32768000", "--sweep", "fmax=10,400",
                    "--format", "json")
    assert [point["bound"] for point in whatif_points(json.loads(swept.stdout))] == ["memory (non-saturated)", "memory"]


def test_design_level_table_has_the_design_bound() -> None:
    """prefix_sum adds two sequential kernel groups: the design table had no
    bound column; each point now carries the bound analyze's design estimate
    reads there (the slowest group's)."""
    given = ("--set", "leaf_size=256", "--set", "n=1e8")  # the host's array length, above both global sizes
    result = run_cli("whatif", PREFIX_SUM, *given, "--sweep", "work_items=1e6,1e7")
    assert result.code == 0, result.stderr
    table = [line for line in result.stdout.splitlines() if not line.startswith("# ")]
    assert table[0].split() == ["work_items", "[count]", "time", "bound"]
    for row in table[1:]:
        # a count as the table prints it (1,000,000) is a value --set takes as it is
        work_items, bound = row.split()[0], " ".join(row.split()[3:])
        label = _analyze(PREFIX_SUM, *given, "--set", f"work_items={work_items}")
        assert bound == label["estimate"]["bound_label"]  # type: ignore[index]


def test_whatif_says_an_assumed_memory_profile() -> None:
    """analyze says "unknown board ... ddr4-1866 assumed; pass --memory";
    whatif's numbers rest on the same guess and said nothing."""
    analyzed = run_cli("analyze", PREFIX_SUM, "--set", "leaf_size=256", "--set", "n=1e8", "--set", "work_items=1e6")
    using = next(line.strip() for line in analyzed.stdout.splitlines() if line.strip().startswith("using: "))
    profile = re.split(r"[;,] clock", using.removeprefix("using: "))[0]
    assert "ddr4-1866 assumed; pass --memory" in profile
    for args in (("--sweep", "work_items=1e6,1e7"), ("--solve", "work_items", "--for-time", "10ms")):
        text = run_cli("whatif", PREFIX_SUM, "--set", "leaf_size=256", "--set", "n=1e8", *args)
        assert text.code == 0, text.stderr
        assert f"# {using}" in text.stdout.splitlines()  # the profile and the clock, as analyze says them
        document = json.loads(run_cli("whatif", PREFIX_SUM, "--set", "leaf_size=256", "--set", "n=1e8", *args,
                                      "--format", "json").stdout)
        assert document["memory_profile"] == {
            "name": "ddr4-1866", "why": _analyze(PREFIX_SUM, "--set", "leaf_size=256", "--set", "n=1e8", "--set",
                                                 "work_items=1e6")["memory_profile"]["why"]}  # type: ignore[index]
        assert "assumed; pass --memory" in document["memory_profile"]["why"]


def test_a_grid_above_the_limit_is_one_error() -> None:
    """10^9 points were killed by the OOM killer (exit 137, no message);
    the limit is said before anything is allocated, for one sweep and for
    the product of several."""
    started = time.monotonic()
    one = run_cli("whatif", VECTORADD, "--sweep", "work_items=1:1e12:1000000000")
    assert one.code == 2 and "Traceback" not in one.stderr
    assert f"--sweep 'work_items=1:1e12:1000000000': 1,000,000,000 points, above the limit of" \
        f" {MAX_SWEEP_POINTS:,} points per whatif run" in one.stderr
    grid = run_cli("whatif", VECTORADD, "--sweep", "work_items=1:1e12:1000", "--sweep", "fmax=1:400:1001")
    assert grid.code == 2 and "--sweep work_items (1,000) x fmax (1,001): 1,001,000 points" in grid.stderr
    assert time.monotonic() - started < 30
