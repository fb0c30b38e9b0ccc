"""Issue 15 item 5: what-if tables with units and a bound column, durations
with units, kernel-argument sweeps (the demo's n, nw's and kmers' loops)."""

from __future__ import annotations

import csv
import io
import json

import pytest

from hlsight.core.errors import InputError
from hlsight.core.units import parse_duration
from tests.conftest import CORPUS, FIXTURES, run_cli, whatif_points

DEMO = str(FIXTURES / "demo" / "vector_add" / "reports")
HINTS = str(FIXTURES / "demo" / "vector_add" / "hints.toml")
NW = str(CORPUS / "vivado" / "vitis2022.2.2_machsuite_nw")
KMERS = str(CORPUS / "aoc" / "oneapi2023.0_s10mx_kmers" / "less_work_but_slower" / "reports_v12_m_v9_half")


def test_durations_take_units() -> None:
    assert parse_duration("10ms") == pytest.approx(0.01)
    assert parse_duration("250 us") == pytest.approx(250e-6)
    assert parse_duration("1.5s") == 1.5 and parse_duration("0.02") == 0.02
    for bad in ("10 parsecs", "-1ms", "ms", "0"):
        with pytest.raises(InputError):
            parse_duration(bad)


def test_kernel_argument_sweep_with_units_and_bound_column() -> None:
    """The demo's n is a kernel argument (from the source analysis): sweepable.
    Small n: the 2-cycle-per-16-element pipeline's fixed latency dominates;
    large n: the shared DDR bank does (as `hlsight demo` says)."""
    result = run_cli("whatif", DEMO, "--sweep", "n=1000,16777216")
    assert result.code == 0, result.stderr
    # the header says what the times rest on (the DRAM profile, as analyze's "using:") and
    # include: here no launch cost (ddr4-1866 has none)
    assert result.stdout.splitlines()[1].startswith("# using: DRAM profile ddr4-1866 for the board")
    assert result.stdout.splitlines()[2] == "# no per-launch cost added: its measured cases did not determine one" \
        " (ddr4-1866 [launch])"
    table = [line for line in result.stdout.splitlines() if not line.startswith("# ")]
    assert table[0].split() == ["n", "time", "bound"]
    assert table[1].split()[-1] == "compute" and table[2].split()[-1] == "memory"
    assert table[2].split()[1:3] == ["16.6", "ms"]  # the same 16.6 ms `hlsight demo` prints for n = 16777216


def test_sweep_csv_and_json_carry_units_and_bound() -> None:
    rows = list(csv.DictReader(io.StringIO(
        run_cli("whatif", DEMO, "--hints", HINTS, "--sweep", "fmax=100,400", "--format", "csv").stdout)))
    assert list(rows[0]) == ["fmax [MHz]", "seconds", "bound"]
    document = json.loads(run_cli("whatif", DEMO, "--hints", HINTS, "--sweep", "fmax=100,400",
                                  "--format", "json").stdout)
    # read as analyze reads it: at 100 MHz the LSUs cannot saturate the bank, yet its time is the number
    assert document["units"] == {"fmax": "MHz"}
    assert [point["bound"] for point in whatif_points(document)] == ["memory (non-saturated)", "memory"]


def test_solve_prints_units_and_accepts_a_duration() -> None:
    result = run_cli("whatif", DEMO, "--hints", HINTS, "--solve", "n", "--for-time", "10ms")
    assert result.code == 0, result.stderr
    # n counts elements: the largest whole n within the budget, in integer notation
    assert result.stdout.startswith("n = 10,091,605 gives 9.9999995 ms: the largest whole n within 10 ms")
    fmax = run_cli("whatif", DEMO, "--set", "n=1000", "--solve", "fmax", "--for-time", "3us")
    assert fmax.code == 0, fmax.stderr
    assert " MHz gives 3 us" in fmax.stdout
    unreachable = run_cli("whatif", DEMO, "--hints", HINTS, "--solve", "fmax", "--for-time", "10ms")
    assert unreachable.code == 2
    assert "no fmax up to 1e+15 (the search's limit) gives 10 ms: the estimate ranges over [16.6 ms" \
        in unreachable.stderr
    # the range is read from the times, not (time - target) + target, which is 0 for a huge target
    huge = run_cli("whatif", DEMO, "--solve", "n", "--for-time", "1e300s")
    assert huge.code == 2 and "no n up to 1e+15 (the search's limit) gives 1e+300 s: the estimate ranges over" \
        " [1.69 us, 991,000 s] for n from 1 to 1e+15" in huge.stderr  # a count: searched from 1
    bad = run_cli("whatif", DEMO, "--hints", HINTS, "--solve", "n", "--for-time", "10 fortnights")
    assert bad.code == 2 and "10ms" in bad.stderr


def test_loop_trip_sweeps_on_nw_and_kmers_use_the_qualified_names() -> None:
    nw = run_cli("whatif", NW, "--kernel", "needwun", "--set", "loop.needwun.pad_a.trip=128",
                 "--set", "loop.needwun.pad_b.trip=128", "--sweep", "loop.needwun.trace.trip=10,100")
    assert nw.code == 0, nw.stderr
    assert "loop.needwun.trace.trip [count]" in nw.stdout.splitlines()[2]  # after "# using: no DRAM model ..."
    cpp = "two_bit_v19_HBM_test_v12_medium_v9_half.cpp"
    kmers = run_cli("whatif", KMERS, "--kernel", "parse_reads1", "--sweep", "loop.parse_reads1.B1.trip=1e3,1e6",
                    "--set", "loop.parse_reads1.B2.trip=10")
    assert kmers.code == 0, kmers.stderr
    typo = run_cli("whatif", KMERS, "--sweep", f"loop.{cpp}_869.B33.trip=1,2")
    assert typo.code == 2 and f"did you mean loop.{cpp}_869.B3.trip" in typo.stderr


def test_whatif_binds_values_like_analyze() -> None:
    """whatif put the values in one at a time (sympy ``subs``), so a ``Max`` compared
    pathfinder's half-bound row ``Sum`` and sympy's Euler-Maclaurin evaluation of it raised:
    a traceback at rem_rows = 0 or 0.5. It now binds as analyze does and prints its number
    (0.5, half a row, is refused by both since integer arguments take whole values);
    a row range too long to add up is one error line in both commands."""
    report = str(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "pathfinder")
    given = ("--set", "comp_exit=1000", "--set", "cols=1000", "--set", "starting_row=1000")
    for rows in ("0", "64"):
        whatif = run_cli("whatif", report, *given, "--set", f"rem_rows={rows}")
        analyze = run_cli("analyze", report, *given, "--set", f"rem_rows={rows}")
        assert whatif.code == 0 and analyze.code == 0, whatif.stderr + analyze.stderr
        number = analyze.stdout.splitlines()[1].split("estimate: ")[1].split(",")[0]
        assert whatif.stdout.splitlines()[-1].split() == [*number.split(), "memory"]
    for command in ("whatif", "analyze"):
        # half a row is no launch pathfinder's host makes: refused by both, as one line
        half = run_cli(command, report, *given, "--set", "rem_rows=0.5")
        assert half.code == 2 and "value of 'rem_rows' is 0.5 (expected a whole number" in half.stderr
        huge = run_cli(command, report, *given, "--set", "rem_rows=1e30")
        assert huge.code == 2 and "Traceback" not in huge.stderr
        assert "has no number at the values given (a row sum over more than 100,000 rows" in huge.stderr
