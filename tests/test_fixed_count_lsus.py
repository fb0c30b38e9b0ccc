"""An access made a fixed number of times beside streaming ones (FBLAS dot's
final ``Z[0] = acc``: one 4 B store after 2 x N loads) does not decide the
kernel's saturation state, gets no bandwidth hint, and is not ranked as the
top LSU while the streaming LSUs are still symbolic.
Input: the seed authors' aoc 18.1 report of FBLAS dot (Stratix 10 GX, DDR4).
"""

from __future__ import annotations

from pathlib import Path

from hlsight.analyzer.pipeline import analyze
from hlsight.parsers.loader import load_design
from hlsight.reporters.present import time_shares
from tests.conftest import run_cli


def test_final_store_does_not_make_a_streaming_kernel_non_saturated(corpus: Path) -> None:
    design = load_design(corpus / "zaragoza" / "reports" / "ddr4-1866" / "dot")
    result = analyze(design, {"N": 32768000})
    estimate = result.estimates["DotProduct"]
    facts = estimate.lsu_facts
    # the 4 B store would need f_min = bw / 4 B (eq. 5): far above 370 MHz, alone non-saturated
    assert facts["DotProduct/store0"].saturated is False and not facts["DotProduct/store0"].scales
    # the two 2048-bit loads stream 2 x N floats and saturate the DDR4 bank
    assert facts["DotProduct/load0"].saturated is True and facts["DotProduct/load0"].scales
    assert estimate.memory_saturated is True
    assert estimate.bound == "memory"


def test_no_bandwidth_hint_or_top_share_for_the_final_store(corpus: Path) -> None:
    report = corpus / "zaragoza" / "reports" / "ddr4-1866" / "dot"
    result = analyze(load_design(report), {})  # N not given: the loads stay symbolic
    assert not [d for d in result.diagnostics if d.rule == "mem-fmax-below-fmin"]
    assert time_shares(result.estimates["DotProduct"]) == []
    out = run_cli("analyze", str(report)).stdout
    assert "top LSUs" not in out
    assert "T_ovh symbolic (inputs missing)" in out
