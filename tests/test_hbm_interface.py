"""The Stratix 10 MX board's 256-bit interface to each HBM2 pseudo-channel
(journal section 7.2: "the MX BSP uses 32 separate global memory interfaces
connecting to the physical pseudo-channels with 256-bits buses"; HBM2 "needs
f_min = 400 MHz to maximize bandwidth"): eq. 5 takes at most that width, so a
64 B LSU at 327.5 MHz cannot saturate its channel. Expected values are
written out from the equations with plain floats.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hlsight.analyzer.memory_profiles import load_profile, parse_profile
from hlsight.analyzer.pipeline import analyze
from hlsight.core.errors import InputError
from hlsight.parsers.loader import load_design

HBM2_BW = 8 * 2 * 800e6 * 0.9215  # dq * 2 * f_dram * efficiency


def test_profile_carries_the_interface_width_with_its_source() -> None:
    profile = load_profile("hbm2-s10mx")
    assert profile.interface_bytes == 32
    assert "section 7.2" in profile.interface_source
    assert ("interface per bank", f"256 bits ({profile.interface_source})") in profile.describe()
    assert load_profile("ddr4-2666").interface_bytes == 0  # not given: no cap


@pytest.mark.parametrize("bits", [4, 100, -256])
def test_interface_width_must_be_whole_bytes(bits: int, tmp_path: Path) -> None:
    data = {
        "name": "x", "kind": "hbm",
        "timing": {"f_dram_mhz": 800, "dq_bytes": 8, "bl": 4, "t_rcd_ns": 14, "t_rp_ns": 14, "t_wr_ns": 15},
        "bandwidth": {"interface_bits": bits},
    }
    with pytest.raises(InputError):
        parse_profile(data, tmp_path / "x.toml")


def test_fft1d_at_327_mhz_cannot_saturate_its_channels(corpus: Path) -> None:
    design = load_design(corpus / "zaragoza" / "reports" / "hbm2" / "fft")
    result = analyze(design, {"LOGN": 12, "count": 2000, "work_items": 1024000})
    # fetch loads and fft1d stores 2000 x 4096 float2 (8 B), each on its own pseudo-channel
    # (#lsu = 1). f_min = bw / 32 B (the interface, not the 64 B LSU) = 368.6 MHz > 327.5 MHz:
    # eq. 6 bw_nsat = bw * fmax / f_min = 327.5 MHz * 32 B
    per_kernel = 2000 * 4096 * 8 / (327.5e6 * 32)
    for name in ("fetch", "fft1d"):
        estimate = result.estimates[name]
        assert estimate.seconds == pytest.approx(per_kernel, rel=1e-9)
        assert estimate.memory_saturated is False
    # the two kernels run together (channels): the design adds the profile's 47 us per launch
    assert result.design_estimate is not None
    assert result.design_estimate.seconds == pytest.approx(per_kernel + 47e-6, rel=1e-9)
    hints = [d.message for d in result.diagnostics if d.rule == "mem-fmax-below-fmin"]
    assert hints and all("256-bit interface" in m and "only a higher fmax helps" in m for m in hints)


def test_lsu_of_the_interface_width_is_unchanged(corpus: Path) -> None:
    # C_SVSB store-only at SIMD 16 (64 B LSU) and 454 MHz: f_min = 368.6 MHz < fmax: saturated
    design = load_design(corpus / "zaragoza" / "reports" / "hbm2" / "micro-ca-bw10_16_0")
    estimate = analyze(design, {"work_items": 32768000}).estimates["test_multiplereads"]
    assert estimate.memory_saturated is True
    assert estimate.seconds == pytest.approx(32768000 * 4 / HBM2_BW, rel=1e-9)
