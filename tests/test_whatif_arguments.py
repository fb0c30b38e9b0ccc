"""whatif's arguments at their edges: each bad one is one line naming the
input and what was expected (exit 2, no traceback, no output file
touched), on the zaragoza axpy report (single work-item, loop bound from
the kernel argument N)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import CORPUS, SHARED, run_cli

AXPY = str(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "axpy")
SAXPY1 = str(CORPUS / "aoc" / "aoc18.1.1pro_s10_520n_saxpy_vscale" / "reportIntel" / "SAXPY1" / "reports")


def _refused(*argv: str) -> str:
    result = run_cli("whatif", AXPY, *argv)
    assert result.code == 2, (argv, result.stdout)
    assert "Traceback" not in result.stderr and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    return result.stderr


@pytest.mark.parametrize("target", [["--for-time", "-1ms"], ["--for-time=-1ms"], ["--for-time", "0"],
                                    ["--for-time", "-0.5"]])
def test_a_target_time_that_is_not_positive_is_named(target: list[str]) -> None:
    """``--for-time -1ms`` failed inside argparse ("expected one argument"):
    the value is read, and refused as a target time by name."""
    value = target[-1].rpartition("=")[2]
    assert f"--for-time '{value}': the target time must be positive" in _refused("--solve", "N", *target)


def test_a_malformed_target_time_is_one_error_line() -> None:
    """"1.2.3ms" passed the duration pattern and float() raised past the error handler."""
    assert "--for-time '1.2.3ms' (expected a duration such as 10ms" in _refused("--solve", "N", "--for-time",
                                                                              "1.2.3ms")


@pytest.mark.parametrize(("sweep", "said"), [
    ("N=1:10:0", "a count of 0 gives no points"),
    ("N=1:10:1", "a count of 1 gives only the start, 1 (expected a count of 2 or more, or --set NAME=1"),
    ("N=1:10:2.5", "the count '2.5' is not a whole number"),
    ("N=1:ten:3", "'ten' is not a number (the stop)"),
    ("N=1,two", "'two' is not a number (a value)"),
    ("N=1,,2", "an empty item is not a number"),
    ("N=1:10", "2 parts after '='"),
    ("N=nan", "(expected finite values)"),
])
def test_bad_sweeps_name_the_part(sweep: str, said: str) -> None:
    stderr = _refused("--sweep", sweep)
    assert f"--sweep '{sweep}'" in stderr and said in stderr


def test_sweep_edges_that_are_fine() -> None:
    """A one-point range whose start is its stop, and a range that runs down
    (the table keeps the user's order)."""
    one = run_cli("whatif", AXPY, "--sweep", "N=5:5:1")
    assert one.code == 0, one.stderr
    down = run_cli("whatif", AXPY, "--sweep", "N=30:10:3", "--format", "csv")
    assert down.code == 0, down.stderr
    assert [row.split(",")[0] for row in down.stdout.splitlines()[1:]] == ["30", "20", "10"]


def test_a_name_swept_twice_or_also_set_is_refused() -> None:
    assert "--sweep N given more than once" in _refused("--sweep", "N=1,2", "--sweep", "N=3")
    # the sweep silently won over --set N=5
    assert "N given both --set and --sweep" in _refused("--set", "N=5", "--sweep", "N=1,2")
    assert "N given both --set and --solve" in _refused("--set", "N=5", "--solve", "N", "--for-time", "1ms")


def test_a_name_the_estimate_does_not_use_lists_the_ones_it_does() -> None:
    solve = _refused("--set", "N=100", "--solve", "work_items", "--for-time", "1ms")
    assert "--solve work_items: the estimate does not depend on 'work_items'" in solve
    assert "expected a name it depends on: N, f_dram, fmax" in solve
    sweep = _refused("--set", "N=100", "--sweep", "work_items=1,2")
    assert "--sweep work_items: the estimate does not depend on 'work_items'" in sweep
    typo = _refused("--solve", "fmx", "--for-time", "1ms")
    assert "--solve fmx: not a name of this design; did you mean fmax?" in typo
    assert "expected a name the estimate depends on: N, f_dram, fmax" in typo


def test_bank_on_a_design_without_host_placed_banks_says_why() -> None:
    """``KERNEL:bank`` said "unknown name" with a list leaving bank out."""
    one_bank = _refused("--set", "sreaming_saxpy:bank=1", "--set", "N=100")
    assert "'sreaming_saxpy:bank' does not apply to this design" in one_bank and "DDR has 1 bank" in one_bank
    assert "unknown name" not in one_bank
    interleaved = run_cli("whatif", SAXPY1, "--set", "SAXPY:bank=2", "--sweep", "work_items=1,2")
    assert interleaved.code == 2 and "compiled with -no-interleaving; this one was not" in interleaved.stderr


def test_a_refused_run_leaves_the_output_file_alone(tmp_path: Path) -> None:
    out = tmp_path / "table.csv"
    out.write_text("kept\n", encoding="utf-8")
    result = run_cli("whatif", AXPY, "--sweep", "N=1:10:0", "-o", str(out))
    assert result.code == 2 and out.read_text(encoding="utf-8") == "kept\n"


def test_a_range_of_a_count_is_swept_on_whole_values() -> None:
    """``N=1000:2000:4`` computed N = 1333.33 and 1666.67 and timed them, a
    size no host launches, without a word: the points are now the nearest
    whole values, timed as the same values listed, and the note says so."""
    ranged = run_cli("whatif", AXPY, "--sweep", "N=1000:2000:4", "--format", "csv")
    listed = run_cli("whatif", AXPY, "--sweep", "N=1000,1333,1667,2000", "--format", "csv")
    assert ranged.code == listed.code == 0, ranged.stderr
    rows = [line for line in ranged.stdout.splitlines() if line and not line.startswith("#")]
    assert rows == [line for line in listed.stdout.splitlines() if line and not line.startswith("#")]
    assert [row.split(",")[0] for row in rows[1:]] == ["1000", "1333", "1667", "2000"]
    note = "# N takes whole values: 2 of the range's 4 points were rounded to the nearest whole number"
    assert note in run_cli("whatif", AXPY, "--sweep", "N=1000:2000:4").stdout  # text (CSV keeps to the rows)


def test_a_typed_fraction_of_a_count_is_refused() -> None:
    assert "--sweep N: 5.5 is not a whole number" in _refused("--sweep", "N=10,5.5")


def test_a_clock_keeps_its_fractions() -> None:
    """fmax is a clock: 100:101:3 stays 100, 100.5, 101 MHz."""
    swept = run_cli("whatif", AXPY, "--set", "N=1000000", "--sweep", "fmax=100:101:3", "--format", "csv")
    assert swept.code == 0, swept.stderr
    rows = [line for line in swept.stdout.splitlines() if line and not line.startswith("#")]
    assert [row.split(",")[0] for row in rows[1:]] == ["100", "100.5", "101"]
    assert "whole values" not in swept.stdout


def test_the_sources_can_be_named_as_for_analyze(tmp_path: Path) -> None:
    """A report copied away from its source (the real Vitis 2024.1 weighted
    round-robin): with ``--source-root`` the source's trip symbol sweeps, as
    ``analyze --source-root`` gives it (whatif had no such option: a public
    2022.1 DFT's what-if could not reach its source)."""
    shutil.copytree(SHARED / "instrument" / "vitis2024.1_wrr_dataflow" / "report", tmp_path / "report")
    root = str(SHARED / "instrument" / "vitis2024.1_wrr_dataflow")
    swept = run_cli("whatif", str(tmp_path / "report"), "--source-root", root,
                    "--sweep", "trips_weighted_rr_L29=4,8", "--format", "csv")
    assert swept.code == 0, swept.stderr
    assert [line.split(",")[0] for line in swept.stdout.splitlines()[1:]] == ["4", "8"]
    missing = run_cli("whatif", str(tmp_path / "report"), "--source-root", str(tmp_path / "nowhere"),
                      "--sweep", "trips_weighted_rr_L29=4")
    assert missing.code == 2 and "--source-root is not a directory" in missing.stderr
