"""A load through aoc's constant cache is named, left out of the DRAM
model, and said beside the number (found on a public aoc 16.1 report:
a ``__constant`` argument's load showed as "local", with no access on
its line, and the estimate silently left it out).

``fixtures/aoc16_constant_cache`` is a hand-written aoc 16.1 report set in
that layout: the ``__constant`` load has no memory link (a Pipelined load),
the other two LSUs link to the one bank.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import run_cli

REPO = Path(__file__).resolve().parents[1]
FIXTURE = REPO / "fixtures" / "aoc16_constant_cache"
VALUES = ("--set", "work_items=1048576", "--set", "fmax=200")


def test_the_constant_load_is_named_and_left_out_with_a_caution() -> None:
    result = run_cli("analyze", str(FIXTURE), *VALUES, "-v")
    assert result.code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert ("  caution (scale): 1 LSU(s) read __constant data through the constant cache (scale/load0), which the"
            " DRAM model does not time: this number leaves their cache misses out and is a lower bound") in lines
    warning = next(line for line in lines if line.endswith("[mem-constant-cache]"))
    assert "aoc16_constant_cache/scale.cl:7:2: warning: load LSU scale/load0 reads __constant `gain[i]` through the" \
        " constant cache (the report links it to no global memory)" in warning
    inventory = next(line for line in lines if "scale.cl:7" in line and line.startswith("    load"))
    assert "  const  constant cache " in inventory and inventory.endswith("[gain[i]]")


def test_the_number_is_the_two_global_streams_only() -> None:
    """in[i] and out[i], 4 B per work-item each, share one DDR4-1866 bank at
    200 MHz, far below f_min: eq. 6 with #lsu = 2 gives each LSU
    2^20 x 4 B / (200 MHz x 4 B x 2) = 2.62 ms, and the bank sums them
    (5.24 ms). The per-LSU terms name only load1 and store0."""
    document = json.loads(run_cli("analyze", str(FIXTURE), *VALUES, "--format", "json").stdout)
    kernel = document["kernels"][0]
    subjects = {term["id"] for term in kernel["estimate"]["per_lsu"]}
    assert subjects == {"scale/load1", "scale/store0"}
    assert document["estimate"]["seconds"] == pytest.approx(2 * 1048576 / 200e6 / 2, rel=1e-3)
    assert any("constant cache" in caveat for caveat in document["estimate"]["extra"]["caveats"])


def test_a_global_argument_on_that_line_gets_no_constant_cache(tmp_path: Path) -> None:
    """The rule rests on the source's ``__constant``: the same report with
    the argument declared ``__global const`` keeps the plain "no access of
    this kind" note and no caution."""
    copy = tmp_path / "report"
    shutil.copytree(FIXTURE, copy)
    for name in ("scale.cl", "lib/report_data.js"):  # the local copy and the report's embedded one
        path = copy / name
        path.write_text(path.read_text(encoding="utf-8").replace("__constant float", "__global const float"),
                        encoding="utf-8")
    result = run_cli("analyze", str(copy), *VALUES, "-v")
    assert result.code == 0, result.stderr
    assert "constant cache" not in result.stdout
    assert "scale/load0: no array access of this kind on that line" in result.stdout
