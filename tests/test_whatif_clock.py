"""whatif says the clock its times use, as analyze's ``using:`` line does
beside the same number (a new user's walk: the 480 MHz pre-fit clock of a
report without a fit was said by analyze only)."""

from __future__ import annotations

import json

import jsonschema

from tests.conftest import CORPUS, REPO, run_cli

PREFIX_SUM = str(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "prefixsum")
CLOCK = "clock 480 MHz (the compiler's pre-fit estimate: no place-and-route fmax in the report; --set fmax=MHZ)"
SCHEMA = json.loads((REPO / "docs" / "whatif.schema.json").read_text(encoding="utf-8"))


def test_whatif_says_analyze_clock_and_band() -> None:
    analyzed = run_cli("analyze", PREFIX_SUM, "--set", "in_size=16777216")
    assert analyzed.code == 0 and CLOCK in analyzed.stdout
    band = next(line.strip() for line in analyzed.stdout.splitlines() if line.strip().startswith("clock band:"))
    one = run_cli("whatif", PREFIX_SUM, "--set", "in_size=16777216")
    assert one.code == 0, one.stderr
    assert any(line.startswith("# using: ") and line.endswith(", " + CLOCK) for line in one.stdout.splitlines())
    assert f"# {band}" in one.stdout.splitlines()
    swept = run_cli("whatif", PREFIX_SUM, "--sweep", "in_size=16777216,1e8")
    assert swept.code == 0 and CLOCK in swept.stdout
    # a sweep's band gives the placed clocks, not one point's time as the grid's
    assert "# clock band: real designs placed at 293-600 MHz" in swept.stdout and "9.31 ms at any" not in swept.stdout
    document = json.loads(run_cli("whatif", PREFIX_SUM, "--solve", "in_size", "--for-time", "10ms",
                                  "--format", "json").stdout)
    jsonschema.Draft202012Validator(SCHEMA).validate(document)
    assert document["clock"] == CLOCK


def test_no_clock_statement_when_fmax_varies() -> None:
    swept = run_cli("whatif", PREFIX_SUM, "--set", "in_size=16777216", "--sweep", "fmax=200,300")
    assert swept.code == 0, swept.stderr
    assert "clock 480" not in swept.stdout and "clock band" not in swept.stdout
    document = json.loads(run_cli("whatif", PREFIX_SUM, "--set", "in_size=16777216", "--sweep", "fmax=200,300",
                                  "--format", "json").stdout)
    jsonschema.Draft202012Validator(SCHEMA).validate(document)
    assert document["clock"] is None
    given = run_cli("whatif", PREFIX_SUM, "--set", "in_size=16777216", "--set", "fmax=300")
    assert "clock 300 MHz (given)" in given.stdout
