"""A design that reaches no board DRAM lists no DRAM clock among its values:
the fallback profile's ``f_dram = 666.67`` was printed beside
``"profile": null`` (JSON ``estimate.extra.values``, the HTML's model
quantities) for public Vitis 2025.1, Vivado 2013.4 and SDSoC 2015.4 sets
with no m_axi port. A design on a board keeps it."""

from __future__ import annotations

import json

from tests.conftest import CORPUS, FIXTURES, run_cli


def _values(*argv: str) -> dict[str, float]:
    result = run_cli("analyze", *argv, "--format", "json")
    assert result.code == 0, result.stderr
    document = json.loads(result.stdout)
    values: dict[str, float] = document["estimate"]["extra"]["values"]
    return values


def test_no_dram_no_dram_clock() -> None:
    values = _values(str(CORPUS / "vivado" / "vhls2019.2_fibonacci"), "--set", "loop.fibonacci.Loop_1.trip=10")
    assert values == {"fmax": 100.0, "loop.fibonacci.Loop_1.trip": 10.0}
    assert "f_dram" not in _values(str(FIXTURES / "oneapi2025_ndjson"))  # an IP component's host interfaces


def test_a_board_dram_keeps_its_clock() -> None:
    values = _values(str(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "vectoradd"), "--set", "work_items=1024")
    assert values["f_dram"] == 933.33  # DDR4-1866: 1866.67 MT/s / 2
