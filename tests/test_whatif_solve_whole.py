"""``whatif --solve`` of a count answers a whole number: "N = 1.20375e+07
gives 10.5 ms" named a size no host launches, and the re-analysis that
gives the cautions ran at that fraction. Checked against ``analyze`` at the
answer and at the next whole value, on real reports."""

from __future__ import annotations

import csv
import io
import json

import pytest

from hlsight.analyzer.pipeline import analyze
from hlsight.analyzer.symbols import takes_whole_values
from hlsight.parsers.loader import load_design
from tests.conftest import CORPUS, run_cli

AXPY = CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "axpy"
AXPY_HBM = CORPUS / "zaragoza" / "reports" / "hbm2" / "axpy"
TARGET = 0.0105


def _seconds(path: object, *given: str) -> float:
    result = run_cli("analyze", str(path), *given, "--format", "json")
    assert result.code == 0, result.stderr
    seconds: float = json.loads(result.stdout)["estimate"]["seconds"]
    return seconds


def test_a_kernel_argument_solves_to_the_largest_whole_value_within_the_target() -> None:
    document = json.loads(run_cli("whatif", str(AXPY), "--solve", "N", "--for-time", "10.5ms",
                                  "--format", "json").stdout)
    value = document["value"]
    assert isinstance(value, int) and document["whole"] is True and document["side"] == "largest"
    # analyze agrees: the answer is within the target and one more is not
    assert document["seconds"] == pytest.approx(_seconds(AXPY, "--set", f"N={value}"), rel=1e-12)
    assert document["seconds"] <= TARGET < document["next"]["seconds"]
    assert document["next"]["value"] == value + 1
    assert document["next"]["seconds"] == pytest.approx(_seconds(AXPY, "--set", f"N={value + 1}"), rel=1e-12)
    assert _seconds(AXPY, "--set", f"N={value + 1}") > TARGET
    # the cautions and values are those of the whole answer, not of a fraction
    assert document["values"]["N"] == value


def test_text_and_csv_print_the_count_in_integer_notation() -> None:
    text = run_cli("whatif", str(AXPY), "--solve", "N", "--for-time", "10.5ms")
    assert text.code == 0, text.stderr
    first = text.stdout.splitlines()[0]
    value = int(first.split(" = ")[1].split()[0].replace(",", ""))
    assert first.startswith(f"N = {value:,} gives ") and "e+07" not in first
    assert f"the largest whole N within 10.5 ms (N = {value + 1:,} gives " in first
    # the two times are printed with the digits that tell them from the 10.5 ms target
    shown = first.split(" gives ")[1].split(":")[0]
    assert shown != "10.5 ms" and shown.endswith(" ms")
    rows = list(csv.reader(io.StringIO(run_cli("whatif", str(AXPY), "--solve", "N", "--for-time", "10.5ms",
                                               "--format", "csv").stdout)))
    assert rows[0] == ["N", "seconds", "whole", "side", "next_value", "next_seconds"] and rows[1][0] == str(value)
    assert float(rows[1][1]) <= TARGET
    # the fields JSON has (and ec43767 said CSV had): whole, side, the next whole value and its time
    assert rows[1][2:5] == ["true", "largest", str(value + 1)] and float(rows[1][5]) > TARGET
    clock = list(csv.reader(io.StringIO(run_cli("whatif", str(AXPY), "--set", "N=1e6", "--solve", "fmax",
                                                "--for-time", "2ms", "--format", "csv").stdout)))
    assert clock[0][0] == "fmax [MHz]" and clock[1][2:] == ["false", "", "", ""]


def test_a_clock_keeps_the_real_solution() -> None:
    document = json.loads(run_cli("whatif", str(AXPY), "--set", "N=1e6", "--solve", "fmax", "--for-time", "2ms",
                                  "--format", "json").stdout)
    assert document["whole"] is False and not float(document["value"]).is_integer()
    assert "next" not in document
    assert abs(_seconds(AXPY, "--set", "N=1e6", "--set", f"fmax={document['value']!r}") - 0.002) < 1e-9


def test_float_arguments_are_not_counts() -> None:
    """axpy's `float alpha` may take fractions; `int N` counts elements."""
    result = analyze(load_design(AXPY), {})
    real = result.source.real_arguments()
    assert real == {"alpha"}
    assert takes_whole_values("N", real) and not takes_whole_values("alpha", real)
    assert takes_whole_values("work_items", real) and not takes_whole_values("fmax", real)


def test_a_target_no_whole_value_meets_is_said() -> None:
    below_one = run_cli("whatif", str(AXPY), "--solve", "N", "--for-time", "1us")
    assert below_one.code == 2 and "Traceback" not in below_one.stderr
    n1 = _seconds(AXPY, "--set", "N=1")
    assert f"no whole N gives 1 us or less: N = 1 already takes {n1 * 1e6:.6g} us" in below_one.stderr
    # hbm2-s10mx adds a 47 us launch cost to every design time
    launch = run_cli("whatif", str(AXPY_HBM), "--solve", "N", "--for-time", "40us")
    assert launch.code == 2
    assert "no value of N gives 40 us: the design time includes a per-launch cost of 47 us (hbm2-s10mx [launch])" \
        in launch.stderr
