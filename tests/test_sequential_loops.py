"""Loops of one thread run one after another: FlexCL eq. 12 per loop.

Eq. 12 overlaps memory and pipeline time within a pipeline; the top-level
loops of a single-work-item kernel do not overlap each other (decision 18's
sequential parts), so the kernel takes the sum over its loops of the longer
of the two, not the longer of the two sums. The case: the Paderborn tiled
``mmult`` (520N, aoc 18.1.1) loads A (loop B2), loads B (B4), computes
(B6, no global access) and stores C (B10). With A's load made strided
(``lsu.mmult/load0.stride=8``) the loading loop is memory-bound and the
compute loop is pure pipeline time: they add.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import CORPUS, run_cli

MMULT = CORPUS / "aoc" / "aoc18.1.1pro_s10_520n_saxpy_vscale" / "reportIntel" / "mmult" / "reports"
FMAX = 300e6
#: eq. 4's non-saturated bandwidth of a 4 B LSU at 300 MHz (below the 520N bank's 74.1 GB/s)
LSU_BPS = 4 * FMAX


def test_memory_bound_loading_and_the_compute_loop_add() -> None:
    given = ("--set", "fmax=300", "--set", "a_col=1024", "--set", "a_row=1", "--set", "b_col=1",
             "--set", "lsu.mmult/load0.stride=8", "--format", "json")
    result = run_cli("analyze", str(MMULT), *given)
    assert result.code == 0, result.stderr
    estimate = json.loads(result.stdout)["kernels"][0]["estimate"]
    # FlexCL eq. 1, II*(TC-1) + D, with each loop's depth D the latency of its
    # block in the 18.1 mav (B2, B4 248 -> 249 by their last instruction; B6 12;
    # B7 104 -> 105; B10 22 -> 23)
    b2 = max((1024 - 1 + 249) / FMAX, 8 * 4 * 1024 / LSU_BPS)  # 1024 strided loads of A
    b4 = max((1024 - 1 + 249) / FMAX, 4 * 1024 / LSU_BPS)  # 1024 loads of B
    # the compute loop: per k, B7's 12 iterations drain (the report: "Iteration
    # executed serially across mmult.B7"), then B6's own 12; no global access
    b6 = 1024 * ((12 - 1 + 105) + 12) / FMAX
    b10 = max(23 / FMAX, 4 * 1 / LSU_BPS)  # one store of C
    assert estimate["seconds"] == pytest.approx(b2 + b4 + b6 + b10, rel=1e-9)
    # eq. 12 over the whole kernel would have overlapped A's loads with the compute loop
    whole = max(estimate["extra"]["memory_seconds"], estimate["extra"]["compute_seconds"])
    assert whole == pytest.approx((1272 + 1272 + 1024 * 128 + 23) / FMAX, rel=1e-9)
    # summed per loop, A's strided loads add what they exceed their own loop's
    # pipeline time by, instead of hiding under the compute loop
    assert estimate["seconds"] - whole == pytest.approx(8 * 4 * 1024 / LSU_BPS - 1272 / FMAX, rel=1e-9)
    assert "FlexCL eq. 12 per loop, summed (loops run one after another)" in estimate["model"]


def test_one_loop_kernels_keep_eq_12_over_the_kernel() -> None:
    """A single-work-item kernel with one top-level loop (FBLAS axpy) is unchanged."""
    axpy = CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "axpy"
    result = run_cli("analyze", str(axpy), "--set", "N=32768000", "--format", "json")
    estimate = json.loads(result.stdout)["kernels"][0]["estimate"]
    assert "eq. 12 (pipeline mode)" in estimate["model"]
    assert estimate["seconds"] == pytest.approx(max(estimate["extra"]["memory_seconds"],
                                                    estimate["extra"]["compute_seconds"]), rel=1e-12)
