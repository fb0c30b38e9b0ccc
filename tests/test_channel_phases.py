"""Parts of a kernel that talk over no channel do not stream beside the
kernels at the other end (decision 31).

One thread runs a single-work-item kernel's top-level loops one after another
(decision 18). In a channel-joined group the consumer's loop that reads the
channel runs alongside the producer; a loop after it (or before it) does not:
the producer has finished (or stalls on a full channel). The case: the seed
authors' HBM2 histogram. ``Histogram_in`` streams ``data`` from HBM0 into
``chan`` (loop B2, one 1024-bit load); ``Histogram_0`` counts from ``chan``
(B4) and only then writes its 256 bins to HBM0 (B6, a 4 B load and store).
Counting those two in the load's #lsu charged eq. 8's row misses to the
stream (12.3 ms instead of 11.4 ms at 2^25 elements).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sympy

from hlsight.analyzer import memory_model as mm
from hlsight.parsers.loader import load_design
from tests.conftest import run_cli

HBM2_BW = 8 * 2 * 800e6 * 0.9215  # hbm2-s10mx pseudo-channel: dq * 2 * f_dram * efficiency
SIZE, BINS, FMAX = 2**25, 256, 480e6  # elements, bins; the report's (pre-fit) clock


def _histogram(corpus: Path) -> Path:
    return corpus / "zaragoza" / "reports" / "hbm2" / "histogram"


def test_the_report_says_which_blocks_hold_the_channel(corpus: Path) -> None:
    kernels = {kernel.name: kernel for kernel in load_design(_histogram(corpus)).kernels}
    assert kernels["Histogram_in"].channel_blocks == ["Histogram_in.B2"]
    assert kernels["Histogram_0"].channel_blocks == ["Histogram_0.B4"]
    payload = json.loads(run_cli("analyze", str(_histogram(corpus)), "--format", "json").stdout)
    assert {kernel["name"]: kernel["channel_blocks"] for kernel in payload["kernels"]} == {
        "Histogram_in": ["Histogram_in.B2"], "Histogram_0": ["Histogram_0.B4"]}


def test_final_bin_writes_do_not_share_the_stream(corpus: Path) -> None:
    given = ("--set", f"size={SIZE}", "--set", f"bins={BINS}", "--format", "json")
    payload = json.loads(run_cli("analyze", str(_histogram(corpus)), *given).stdout)
    estimate = payload["estimate"]
    (bank,) = estimate["per_bank"]
    assert bank["name"] == "HBM0" and bank["T_ovh"] == 0  # no row misses: one stream at a time
    stream = SIZE / 32 * 2 * 64 / HBM2_BW  # eq. 3: floor(size/32) iterations x 2 merged 64 B elements
    bins = 2 * BINS * 4 / (2 * FMAX * 4)  # the bin load and store: eq. 6 with #lsu 2, 2 * fmax * 4 B each
    assert bank["seconds"] == pytest.approx(stream + bins, rel=1e-9)
    assert estimate["seconds"] == pytest.approx(stream + bins + 47e-6, rel=1e-9)  # + the launch cost
    terms = {term["id"]: term for term in estimate["per_lsu"]}
    assert terms["Histogram_in/load0"]["T_ovh"] == 0


def _lsu(name: str, kernel: str, part: str, coupled: bool) -> mm.LsuParams:
    return mm.LsuParams(id=f"{kernel}/{name}", variant=mm.Variant.ALIGNED, is_store=False, ls_width=64,
                        ls_bytes=sympy.Integer(4), ls_acc=sympy.Integer(1000), stride=sympy.Integer(1),
                        burst_cnt=5, phase=(kernel, part), coupled=coupled)


def test_run_together_by_hand() -> None:
    producer = _lsu("load0", "a", "a.B2", True)
    consumer = _lsu("load0", "b", "b.B4", True)
    after = _lsu("store0", "b", "b.B6", False)
    ndrange = mm.LsuParams(id="c/load0", variant=mm.Variant.ALIGNED, is_store=False, ls_width=64,
                           ls_bytes=sympy.Integer(4), ls_acc=sympy.Integer(1000), stride=sympy.Integer(1),
                           burst_cnt=5)
    assert mm.run_together(producer, consumer) and mm.run_together(ndrange, consumer)
    assert not mm.run_together(producer, after) and not mm.run_together(ndrange, after)
    assert not mm.run_together(consumer, after)  # one thread: B4 then B6 (decision 18)
    assert mm.accesses_in_bank([producer, consumer, after], producer) == 2
