"""The bandwidth an LSU demands and the memory supplies, where the board's
bus to the bank is narrower than the LSU (journal section 7.2: the MX BSP
reaches each HBM2 pseudo-channel through a 256-bit bus).

The seed authors' fft1d on the Stratix 10 MX (hbm2/fft): the fetch kernel's
512-bit load and the fft1d kernel's 512-bit store each have a pseudo-channel
of their own, at 327.5 MHz. Eq. 5 gives f_min = bw_dram / 32 B (the bus's
width, decision 11), so per kernel cycle 32 B reach the channel: the LSU
demands 327.5 MHz x 32 B = 10.48 GB/s of the 11.80 GB/s the channel
supplies (12.8 GB/s x the profile's 0.9215). With the LSU's own 64 B both
figures came out twice that, a pseudo-channel "supplying" 23.6 GB/s.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import CORPUS, run_cli, run_json

FFT = CORPUS / "zaragoza" / "reports" / "hbm2" / "fft"
INPUTS = ("--set", "LOGN=12", "--set", "count=2000", "--set", "work_items=1024000")
FMAX_HZ = 327.5e6
BUS_BYTES = 32  # hbm2-s10mx [bandwidth] interface_bits = 256
BW_DRAM = 12.8e9 * 0.9215  # dq 8 B x 2 x 800 MHz x the profile's efficiency (decision 5)


def test_rates_use_the_width_the_bus_lets_through() -> None:
    document = run_json("analyze", str(FFT), *INPUTS)
    facts = {lsu_id: fact for kernel in document["kernels"]
             for lsu_id, fact in kernel["estimate"]["extra"]["lsu_facts"].items()}
    assert set(facts) == {"fetch/load0", "fft1d/store0"}
    for fact in facts.values():
        assert fact["width_bytes"] == 64
        assert fact["bus_bytes"] == BUS_BYTES
        assert fact["f_min_mhz"] == pytest.approx(BW_DRAM / BUS_BYTES / 1e6, rel=1e-6)  # 368.6 MHz
        assert fact["demand_Bps"] == pytest.approx(FMAX_HZ * BUS_BYTES, rel=1e-9)  # 10.48 GB/s
        assert fact["supply_Bps"] == pytest.approx(BW_DRAM, rel=1e-6)  # 11.80 GB/s
        assert fact["saturated"] is False


def test_html_advice_follows_the_bus(tmp_path: Path) -> None:
    """Past the bus's width a wider LSU lowers nothing: the chart's table says
    raise f_max, as the `mem-fmax-below-fmin` hint does."""
    out = tmp_path / "fft.html"
    result = run_cli("analyze", str(FFT), *INPUTS, "-o", str(out))
    assert result.code == 0, result.stderr
    html = out.read_text(encoding="utf-8")
    not_saturated = r"<strong>not saturated</strong>: ([^<]*<sub>[^<]*</sub>[^<]*<sub>[^<]*</sub>, [^\n]*?)</td>"
    rows = re.findall(not_saturated, html)
    assert len(rows) == 2
    for row in rows:
        assert "raise f<sub>max</sub> (the board's 256-bit interface to the bank caps the width)" in row
        assert "widen" not in row
    assert "10.48 GB/s" in html and "11.8 GB/s" in html
    assert "23.59 GB/s" not in html and "20.96 GB/s" not in html


def test_narrow_lsus_keep_their_width(tmp_path: Path) -> None:
    """Below the bus's width the rates are the LSU's own: the seed authors'
    stride-3 kernel's 4 B per-lane stores ask f_max * 4 B / 3 of the
    channel. aoc split that access over five LSUs (its lanes are not
    contiguous), so the table asks for a contiguous index, not more SIMD;
    an LSU of its own that is too narrow is told to widen (the seed
    authors' vector add at SIMD 2 on HBM2)."""
    report = CORPUS / "zaragoza" / "reports" / "hbm2" / "stride-3-1-offset1"
    document = run_json("analyze", str(report), "--set", "work_items=32768000")
    (kernel,) = document["kernels"]
    store = kernel["estimate"]["extra"]["lsu_facts"]["test_multiplereads/store0"]
    assert (store["width_bytes"], store["bus_bytes"], store["saturated"]) == (4, BUS_BYTES, False)
    assert store["demand_Bps"] == pytest.approx(441.67e6 * 4 / 3, rel=1e-4)  # f_max x 4 B / stride 3
    out = tmp_path / "stride.html"
    assert run_cli("analyze", str(report), "--set", "work_items=32768000", "-o", str(out)).code == 0
    html = out.read_text(encoding="utf-8")
    assert html.count("make the index contiguous (aoc split the access over 5 LSUs: SIMD adds LSUs, not width)") == 4
    assert "widen the LSU" not in html
    narrow = CORPUS / "zaragoza" / "reports" / "hbm2" / "micro-ca-bw10_2_2"
    out = tmp_path / "narrow.html"
    assert run_cli("analyze", str(narrow), "--set", "work_items=32768000", "-o", str(out)).code == 0
    assert "widen the LSU, raise SIMD or raise f<sub>max</sub>" in out.read_text(encoding="utf-8")
