"""``whatif -o FILE`` picks the format from the suffix as ``analyze -o``
does (a new user's ``-o sweep.json`` held the text table); an explicit
``--format`` wins."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import CORPUS, run_cli

VECTORADD = str(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "vectoradd")
SWEEP = ("--sweep", "work_items=1e6,1e8")


def test_output_suffix_names_the_format(tmp_path: Path) -> None:
    as_json, as_csv, as_text = tmp_path / "sweep.json", tmp_path / "sweep.CSV", tmp_path / "sweep.txt"
    for path in (as_json, as_csv, as_text):
        result = run_cli("whatif", VECTORADD, *SWEEP, "-o", str(path))
        assert result.code == 0, result.stderr
    assert json.loads(as_json.read_text(encoding="utf-8"))["points"]["count"] == 2
    assert as_csv.read_text(encoding="utf-8").splitlines()[0].startswith("work_items")
    assert as_text.read_text(encoding="utf-8").startswith("# test_bw10: ")
    solved = tmp_path / "solve.json"
    assert run_cli("whatif", VECTORADD, "--solve", "work_items", "--for-time", "10ms", "-o", str(solved)).code == 0
    assert json.loads(solved.read_text(encoding="utf-8"))["value"] == 10_091_605


def test_explicit_format_wins_over_the_suffix(tmp_path: Path) -> None:
    path = tmp_path / "sweep.json"
    assert run_cli("whatif", VECTORADD, *SWEEP, "--format", "csv", "-o", str(path)).code == 0
    assert path.read_text(encoding="utf-8").splitlines()[0].startswith("work_items")


def test_an_unreached_solve_says_the_search_limit() -> None:
    """"no value of N gives 1e+09 s" claimed more than the search (N up to 10^15) showed."""
    result = run_cli("whatif", str(CORPUS / "zaragoza" / "reports" / "hbm2" / "axpy"), "--solve", "N",
                     "--for-time", "1e9s")
    assert result.code == 2
    assert "no N up to 1e+15 (the search's limit) gives 1e+09 s: the estimate ranges over [48.6 us, 339,000 s]" \
        in result.stderr and "no value" not in result.stderr


@pytest.mark.parametrize("args", [("--solve", "n", "--for-time", "10ms"), ("--set", "n=5")])
def test_a_name_in_the_wrong_case_is_suggested(args: tuple[str, ...]) -> None:
    """difflib scores 'n' against 'N' 0: a case slip got no suggestion."""
    result = run_cli("whatif", str(CORPUS / "zaragoza" / "reports" / "hbm2" / "axpy"), *args)
    assert result.code == 2 and ("'n'" in result.stderr or "--solve n" in result.stderr)
    assert "did you mean N?" in result.stderr


def test_text_table_reads_as_analyze_would() -> None:
    """Cosmetics of a new user's walk: whole counts in integer notation
    ("32,768,000", not "3.2768e+07"), one time where a range's ends read
    the same ("991 us", not "991 us to 991 us"), "1 repeat dropped", a
    target of 1000 s as "1,000 s" (not "1e+03 s"), and a kernel's own fmax
    keeps its unit in the heading. Both clocks are above the 225 MHz at
    which the S10 GX's 512-bit bus carries the bank's rate (decision 46),
    so the time at each count is one."""
    vectoradd = str(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "vectoradd")
    table = run_cli("whatif", vectoradd, "--sweep", "work_items=1e6,3.2768e7", "--sweep", "fmax=250.5,300")
    assert table.code == 0, table.stderr
    assert "    32,768,000           250.5         32.5 ms  memory" in table.stdout.splitlines()
    assert "e+0" not in table.stdout
    assert "(below 1 ms at 2 of 4 points: 991 us) leaves out" in table.stdout
    rounded = run_cli("whatif", vectoradd, "--sweep", "work_items=1e6:1000001:3")
    assert "1 of the range's 3 points was rounded to the nearest whole number (1 repeat dropped)" in rounded.stdout
    solved = run_cli("whatif", vectoradd, "--solve", "work_items", "--for-time", "1000s")
    assert solved.code == 0 and "within 1,000 s" in solved.stdout.splitlines()[0]


def test_a_kernel_scoped_fmax_keeps_its_unit() -> None:
    hls4ml = str(CORPUS / "aoc" / "oneapi2024_hls4ml_ndjson")
    result = run_cli("whatif", hls4ml, "--kernel", "relu_stream<relu_config3>",
                     "--set", "loop.relu_stream_relu_config3.B1.trip=100",
                     "--sweep", "relu_stream<relu_config3>:fmax=300,400")
    assert result.code == 0, result.stderr
    assert "relu_stream<relu_config3>:fmax [MHz]" in result.stdout
