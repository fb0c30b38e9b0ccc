"""HLScope+ section IV on a hand-built Vivado module, computed by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from hlsight.analyzer.pipeline import analyze
from hlsight.core.model import Design, Device, Interface, Kernel, KernelKind, LatencyRange, Product, ToolInfo, Vendor


def _design(dataflow: bool, width: int = 512) -> Design:
    kernel = Kernel(
        "top", kind=KernelKind.FUNCTION, fmax_estimated_mhz=250.0, latency=LatencyRange(1000, 1000),
        is_top=True, dataflow=dataflow,
        interfaces=[Interface("m_axi_gmem", "m_axi", width_bits=width, direction="in")],
    )
    return Design(
        tool=ToolInfo(Vendor.XILINX, Product.VIVADO_HLS, "2018.3"), root=Path("hand"), name="hand",
        device=Device("virtex7", "xc7vx690tffg1157-2"), kernels=[kernel],
    )


def _seconds(design: Design, stride: float = 1) -> float:
    result = analyze(design, {"work_items": 1_000_000, "element_bytes": 4, "stride": stride})
    estimate = result.estimates["top"]
    assert estimate.model.startswith("HLScope+")
    assert estimate.seconds is not None
    return estimate.seconds


DSIZE = 1_000_000 * 4
T_COMP = 1000 / 250e6
DLAT_R = 542e-9  # ADM-PCIE-7V3 (section IV)


def test_consecutive_port_is_controller_bound() -> None:
    # eq. 9: t_DP = max(t_RAS 36 ns, t_RCD 13.5 ns + 64 beats / 1.3333 GHz) + t_RP 13.5 ns + t_CO 26.5 ns
    t_dp = max(36e-9, 13.5e-9 + 64 / (2 * 666.67e6)) + 13.5e-9 + 26.5e-9
    dbw_p = 64 * 16 / t_dp  # eq. 10: 1 KB AXI burst of #dq = 16 B beats
    dbw = min(dbw_p, 9.5e9, 250e6 * 512 / 8)  # eq. 8 with DBW_C = 9.5 GB/s (read), DBW_B eq. 11
    expected = max(T_COMP + DSIZE / dbw + DLAT_R, DSIZE / dbw)  # eqs. 7, 13-16 (one PE, no dataflow)
    assert _seconds(_design(False)) == pytest.approx(expected, rel=1e-9)


def test_narrow_strided_port_is_random_access() -> None:
    t_dp1 = max(36e-9, 13.5e-9 + 1 / (2 * 666.67e6)) + 13.5e-9 + 26.5e-9  # eq. 9, len = 1
    dbw = min(4 / t_dp1, 9.5e9, 250e6 * 32 / 8)  # strided -> random: one element per row cycle (IV-A.1)
    expected = max(T_COMP, DSIZE / dbw + DLAT_R, DSIZE / dbw)  # dataflow: eq. 16 over concurrent processes
    assert _seconds(_design(True, width=32), stride=2) == pytest.approx(expected, rel=1e-9)
