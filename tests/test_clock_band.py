"""An estimate that rests on the report's unplaced clock carries the design
time over the clocks real designs placed at (analyzer/clock_band.py)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from hlsight.analyzer.clock_band import INTEL_PLACED_CLOCK
from hlsight.analyzer.pipeline import analyze
from hlsight.parsers.loader import load_design
from tests.conftest import load_script, run_cli

REPO = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((REPO / "docs" / "hlsight.schema.json").read_text(encoding="utf-8"))
HBM2 = Path("zaragoza") / "reports" / "hbm2"
N = 16_777_216
LAUNCH_S = 47e-6  # hbm2-s10mx [launch] overhead_us
PLACED_CLOCK = load_script(REPO / "benchmarks" / "placed_clock.py", "hlsight_placed_clock")


def test_the_spread_is_what_the_corpus_shows(corpus: Path) -> None:
    """The constants are benchmarks/placed_clock.py's figures, not chosen."""
    ratios = PLACED_CLOCK.design_ratios(corpus)
    figures = PLACED_CLOCK.spread(ratios)
    assert (figures.low, figures.median, figures.high, figures.lowest, figures.highest, figures.designs) == (
        INTEL_PLACED_CLOCK.low, INTEL_PLACED_CLOCK.median, INTEL_PLACED_CLOCK.high,
        INTEL_PLACED_CLOCK.lowest, INTEL_PLACED_CLOCK.highest, INTEL_PLACED_CLOCK.designs)
    # the 21 test_bw10.cl builds are one design, and the worst clock loss is the tiled matrix multiply
    assert next(item for item in ratios if item.design == "test_bw10.cl").report_sets == 21
    assert ratios[0].design == "matrixMult.h, matrix_mult.cl"


def test_dot_on_hbm2_turns_non_saturated_below_f_min(corpus: Path) -> None:
    """FBLAS dot, two 2048-bit loads on their own pseudo-channels, report
    clock 432 MHz (no fit). At 0.92x and 1.25x the clock stays above eq. 5's
    368.6 MHz and the time is the channel's: 67.1 MB / (12.8 GB/s x 0.9215).
    At 0.61x (263.5 MHz) the 256-bit interface limits each load to
    fmax x 32 B (eq. 6, decision 11)."""
    result = analyze(load_design(corpus / HBM2 / "dot"), {"N": N})
    band = result.clock_band
    assert band is not None and band.clock_mhz == 432.0 and band.ratios == (0.61, 0.92, 1.25)
    saturated = N * 4 / (12.8e9 * 0.9215) + LAUNCH_S
    slow = N * 4 / (432e6 * 0.61 * 32) + LAUNCH_S
    assert band.seconds == pytest.approx((slow, saturated, saturated), rel=1e-6)
    assert result.design_estimate is not None and result.design_estimate.seconds == pytest.approx(saturated)


def test_text_json_and_html_show_the_band(corpus: Path, tmp_path: Path) -> None:
    path = str(corpus / HBM2 / "dot")
    text = run_cli("analyze", path, "--set", f"N={N}")
    assert text.code == 0, text.stderr
    assert ("  clock band: 5.74 ms - 8.01 ms for a placed clock of 264-540 MHz (0.61x-1.25x the report's clock,"
            " as 80 % of 22 corpus designs placed; at the median 0.92x: 5.74 ms)") in text.stdout.splitlines()
    document = json.loads(run_cli("analyze", path, "--set", f"N={N}", "--format", "json").stdout)
    jsonschema.Draft202012Validator(SCHEMA).validate(document)
    band = document["clock_band"]
    assert band["clock_mhz"] == 432.0 and band["ratios"] == {"low": 0.61, "median": 0.92, "high": 1.25}
    assert band["seconds"]["low_clock"] == pytest.approx(0.008005, rel=1e-3)
    html = tmp_path / "dot.html"
    assert run_cli("analyze", path, "--set", f"N={N}", "--format", "html", "-o", str(html)).code == 0
    assert "<dt>clock</dt><dd>clock band: 5.74 ms - 8.01 ms" in html.read_text(encoding="utf-8")


def test_a_memory_bound_design_says_its_time_holds(corpus: Path) -> None:
    """PrefixSum on DDR4 (480 MHz, no fit): f_min is far below 293 MHz."""
    result = run_cli("analyze", str(corpus / "zaragoza" / "reports" / "ddr4-1866" / "prefixsum"),
                     "--set", "in_size=16777216")
    assert ("  clock band: 9.31 ms at any placed clock of 293-600 MHz (0.61x-1.25x the report's clock, as 80 % of"
            " 22 corpus designs placed)") in result.stdout.splitlines()


def test_no_band_for_a_placed_or_given_clock_or_a_symbolic_time(corpus: Path) -> None:
    placed = analyze(load_design(corpus / HBM2 / "axpy"), {"N": 32768000})
    assert placed.design_estimate is not None and placed.clock_band is None
    dot = load_design(corpus / HBM2 / "dot")
    assert analyze(dot, {"N": N, "fmax": 300}).clock_band is None
    assert analyze(dot, {}).clock_band is None  # N unknown: nothing to put a band on
    text = run_cli("analyze", str(corpus / HBM2 / "dot"), "--set", f"N={N}", "--set", "fmax=300").stdout
    assert "clock band" not in text
    document = json.loads(run_cli("analyze", str(corpus / HBM2 / "axpy"), "--set", "N=32768000",
                                  "--format", "json").stdout)
    assert document["clock_band"] is None


def test_the_band_of_repeated_launches_is_their_sum(corpus: Path, tmp_path: Path) -> None:
    """With [[launch]] tables the design time is the sum over launches, so
    the band is that sum at each clock (found on a public oneAPI 2025
    design: the band was one launch's beside three launches' time)."""
    hints = tmp_path / "launches.toml"
    hints.write_text(f"[[launch]]\nrepeat = 3\nN = {N}\n\n[[launch]]\nN = {N // 2}\n", encoding="utf-8")
    result = run_cli("analyze", str(corpus / HBM2 / "dot"), "--hints", str(hints), "--format", "json")
    assert result.code == 0, result.stderr
    document = json.loads(result.stdout)
    saturated = N * 4 / (12.8e9 * 0.9215)
    slow = N * 4 / (432e6 * 0.61 * 32)
    seconds = document["clock_band"]["seconds"]
    assert seconds["low_clock"] == pytest.approx(3 * (slow + LAUNCH_S) + slow / 2 + LAUNCH_S, rel=1e-6)
    assert seconds["median_clock"] == pytest.approx(3 * (saturated + LAUNCH_S) + saturated / 2 + LAUNCH_S, rel=1e-6)
    assert document["estimate"]["seconds"] == pytest.approx(seconds["median_clock"], rel=1e-9)
