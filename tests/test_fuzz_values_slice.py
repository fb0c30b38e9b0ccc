"""A CI-sized slice of ``benchmarks/fuzz_values.py`` (session 16): the open names of
three reports whose counts divide by a kernel argument (pathfinder and hotspot by
``rem_rows + 1`` / ``grid_rows + 1``, clBool prefix_sum by ``leaf_size``) set to -1, 0,
0.5, 1e30 and -1e9 through ``analyze`` and ``whatif``. Before the fixes these gave
tracebacks; now every run is a number or one ``hlsight: error:`` line."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import CORPUS, load_script

BENCHMARK = Path(__file__).resolve().parents[1] / "benchmarks" / "fuzz_values.py"
REPORTS = (
    CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "pathfinder",
    CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "hotspot",
    CORPUS / "aoc" / "aoc20.4_a10_clbool" / "fpga_reports" / "prefix_sum",
)


def test_hostile_values_for_every_open_name() -> None:
    fuzz = load_script(BENCHMARK, "hlsight_fuzz_values")
    lines: list[str] = []
    totals = fuzz.fuzz_values(REPORTS, log=lines.append)
    report = "\n".join(lines)
    assert totals["runs"] >= 60, report  # every report has open names to fuzz
    assert totals["traceback"] == 0, report
    assert totals["slow"] == 0, report
    assert totals["bad-message"] == 0, report
    assert totals["exit 2"] > 0 and totals["exit 0"] > 0  # values were both refused and estimated
