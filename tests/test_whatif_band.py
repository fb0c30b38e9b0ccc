"""A whatif sweep gives each point's time over the clock band analyze prints
beside a time that rests on the report's unplaced clock (it gave the band's
clocks only, and pointed to --sweep fmax)."""

from __future__ import annotations

import csv
import io
import json

import jsonschema
import pytest

from tests.conftest import CORPUS, REPO, run_cli, run_json

HBM2 = CORPUS / "zaragoza" / "reports" / "hbm2"
#: FBLAS dot, report clock 432 MHz, no fit: at 0.61x (263.52 MHz) its 64 B loads turn non-saturated
DOT = str(HBM2 / "dot")
SCHEMA = json.loads((REPO / "docs" / "whatif.schema.json").read_text(encoding="utf-8"))
SIZES = (0, 1_000_000, 16_777_216)


def test_each_point_has_analyze_band_at_its_values() -> None:
    """Per point, the band columns are analyze's clock_band at the point's
    values, and the time analyze gives with the clock set to the band's
    clock (0 included: its points are analysed apart)."""
    document = run_json("whatif", DOT, "--sweep", "N=" + ",".join(map(str, SIZES)))
    jsonschema.Draft202012Validator(SCHEMA).validate(document)
    band = document["clock_band"]
    assert band["clock_mhz"] == 432.0 and band["ratios"] == {"low": 0.61, "median": 0.92, "high": 1.25}
    assert band["clocks_mhz"] == {"low": 432.0 * 0.61, "high": 432.0 * 1.25}
    points = document["points"]
    assert points["N"] == list(SIZES)
    for size, low, high in zip(points["N"], points["seconds_at_band_low"], points["seconds_at_band_high"],
                               strict=True):
        analyzed = run_json("analyze", DOT, "--set", f"N={size}")["clock_band"]["seconds"]
        assert low == pytest.approx(analyzed["low_clock"], rel=1e-12), size
        assert high == pytest.approx(analyzed["high_clock"], rel=1e-12), size
        at_low = run_json("analyze", DOT, "--set", f"N={size}", "--set", f"fmax={432.0 * 0.61!r}")
        assert low == pytest.approx(at_low["estimate"]["seconds"], rel=1e-12), size
    # the band is not the design time moved by one factor: the slow clock costs 40 % at 16M, nothing at 0
    assert points["seconds_at_band_low"][2] > 1.3 * points["seconds"][2]
    assert points["seconds_at_band_high"][2] == pytest.approx(points["seconds"][2], rel=1e-12)


def test_text_and_csv_carry_the_band_columns() -> None:
    text = run_cli("whatif", DOT, "--sweep", "N=1000000,16777216")
    assert text.code == 0, text.stderr
    lines = text.stdout.splitlines()
    assert ("# clock band: real designs placed at 264-540 MHz (0.61x-1.25x the report's clock, as 80 % of 22 corpus"
            " designs placed); each point's time at 264 MHz and at 540 MHz is given beside its own") in lines
    assert lines.index("             N            time      at 264 MHz      at 540 MHz  bound") > 0
    assert "    16,777,216         5.74 ms         8.01 ms         5.74 ms  memory" in lines
    table = list(csv.reader(io.StringIO(run_cli("whatif", DOT, "--sweep", "N=1000000,16777216",
                                                "--format", "csv").stdout)))
    assert table[0] == ["N", "seconds", "seconds_at_band_low", "seconds_at_band_high", "bound"]
    assert [row[0] for row in table[1:]] == ["1000000", "16777216"]
    assert float(table[2][2]) == pytest.approx(0.00800522708, rel=1e-9)


def test_no_band_columns_without_a_band() -> None:
    """The clock swept, given, or placed by a fit (axpy): analyze prints no band, nor does whatif."""
    for args in (("--set", "N=1000", "--sweep", "fmax=200,300"), ("--set", "fmax=300", "--sweep", "N=10,20")):
        document = run_json("whatif", DOT, *args)
        jsonschema.Draft202012Validator(SCHEMA).validate(document)
        assert document["clock_band"] is None and "seconds_at_band_low" not in document["points"]
    placed = run_cli("whatif", str(HBM2 / "axpy"), "--sweep", "N=10,20", "--format", "csv")
    assert placed.code == 0 and placed.stdout.splitlines()[0] == "N,seconds,bound"
