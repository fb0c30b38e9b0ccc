"""HLScope+ section IV on a hand-built Vivado module, computed by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hlsight.analyzer.hlscope_model import dbw_p
from hlsight.analyzer.memory_profiles import load_profile
from hlsight.analyzer.pipeline import analyze
from hlsight.analyzer.symbols import valid_names
from hlsight.core.model import Design, Device, Interface, Kernel, KernelKind, LatencyRange, Product, ToolInfo, Vendor
from tests.conftest import run_cli

BYTES = "axi.top.gmem.bytes"


def _design(dataflow: bool, width: int = 512, cycles: int = 1000) -> Design:
    kernel = Kernel(
        "top", kind=KernelKind.FUNCTION, fmax_estimated_mhz=250.0, latency=LatencyRange(cycles, cycles),
        is_top=True, dataflow=dataflow,
        interfaces=[Interface("m_axi_gmem", "m_axi", width_bits=width, direction="in")],
    )
    sub = Kernel("sub", kind=KernelKind.FUNCTION, latency=LatencyRange(10, 10),
                 interfaces=[Interface("m_axi_gmem", "m_axi", width_bits=width)])
    return Design(
        tool=ToolInfo(Vendor.XILINX, Product.VIVADO_HLS, "2018.3"), root=Path("hand"), name="hand",
        device=Device("virtex7", "xc7vx690tffg1157-2"), kernels=[kernel, sub],
    )


def _seconds(design: Design, values: dict[str, float]) -> float:
    result = analyze(design, values)
    estimate = result.estimates["top"]
    assert estimate.model.startswith("HLScope+")
    assert estimate.seconds is not None
    return estimate.seconds


DSIZE = 4_000_000
DLAT_R = 542e-9  # ADM-PCIE-7V3 (section IV)
# eq. 9: t_DP = max(t_RAS 36 ns, t_RCD 13.5 ns + 64 beats / 1.3333 GHz) + t_RP 13.5 ns + t_CO 26.5 ns
T_DP_BURST = max(36e-9, 13.5e-9 + 64 / (2 * 666.67e6)) + 13.5e-9 + 26.5e-9
DBW_P_BURST = 64 * 16 / T_DP_BURST  # eq. 10: 1 KB AXI burst of #dq = 16 B beats


def test_scheduled_beats_are_not_counted_twice() -> None:
    # 70,000 scheduled cycles at 250 MHz; Vivado's schedule moved the 4 MB at
    # one 512-bit beat per cycle (DSIZE / DBW_B, section IV), so eq. 14's
    # t_COMP is the schedule minus that, plus t_MEM (eq. 7).
    scheduled = 70_000 / 250e6
    dbw_b = 250e6 * 512 / 8  # eq. 11
    dbw = min(DBW_P_BURST, 9.5e9, dbw_b)  # eq. 8 with DBW_C = 9.5 GB/s (read)
    t_comp = scheduled - DSIZE / dbw_b
    expected = max(t_comp + DSIZE / dbw + DLAT_R, DSIZE / dbw)  # eqs. 14, 16 (one PE)
    seconds = _seconds(_design(False, cycles=70_000), {BYTES: DSIZE})
    assert seconds == pytest.approx(expected, rel=1e-9)
    assert seconds < scheduled + DSIZE / dbw  # the old double count: 700 us against 452 us


def test_bus_occupancy_bounds_a_short_schedule() -> None:
    # 1,000 scheduled cycles cannot move 4 MB: eq. 16's t_BO is the time
    dbw = min(DBW_P_BURST, 9.5e9, 250e6 * 512 / 8)
    assert _seconds(_design(False), {BYTES: DSIZE}) == pytest.approx(DSIZE / dbw, rel=1e-9)


def test_narrow_strided_port_is_random_access() -> None:
    t_dp1 = max(36e-9, 13.5e-9 + 1 / (2 * 666.67e6)) + 13.5e-9 + 26.5e-9  # eq. 9, len = 1
    dbw = min(4 / t_dp1, 9.5e9, 250e6 * 32 / 8)  # strided -> random: one 4-byte beat per row cycle (IV-A.1)
    expected = max(1000 / 250e6, DSIZE / dbw + DLAT_R, DSIZE / dbw)  # dataflow: eq. 16 over concurrent processes
    values = {BYTES: DSIZE, "axi.top.gmem.stride": 2}
    assert _seconds(_design(True, width=32), values) == pytest.approx(expected, rel=1e-9)


def test_bytes_are_asked_for_by_port_not_guessed_from_work_items() -> None:
    result = analyze(_design(False), {"work_items": 1_000_000, "element_bytes": 4})
    estimate = result.estimates["top"]
    assert estimate.seconds is None
    assert estimate.free_symbols == [BYTES]
    assert any("consecutive bursts up to 1 KB assumed (--set axi.top.gmem.stride=N" in line
               for line in estimate.assumptions)
    given = analyze(_design(False), {BYTES: DSIZE, "axi.top.gmem.stride": 1}).estimates["top"]
    assert not any("consecutive bursts" in line for line in given.assumptions)


def test_only_the_top_module_takes_port_sizes() -> None:
    design = _design(False)
    names = valid_names(design)
    assert {BYTES, "axi.top.gmem.stride"} <= set(names)
    assert not any(name.startswith("axi.sub.") for name in names)
    assert not analyze(design, {BYTES: DSIZE}).estimates["sub"].model.startswith("HLScope+")


def test_a_measured_sequential_rate_lifts_the_closed_row_dbw_p() -> None:
    # Shuhai Table 5 measured 13.27 GB/s per U280 pseudo-channel with long
    # consecutive requests; eq. 9's closed row per 1 KB burst gives 10.0 GB/s
    hbm = load_profile("hbm2-u280")
    assert float(dbw_p(hbm, 4, 1)) == pytest.approx(13.27e9)
    # the HLScope+ board keeps its closed-row figure (no measured sequential rate)
    assert float(dbw_p(load_profile("ddr3-1333-7v3"), 4, 1)) == pytest.approx(DBW_P_BURST, rel=1e-4)


def test_port_bytes_may_be_zero_but_not_negative() -> None:
    from hlsight.analyzer.symbols import parse_number
    from hlsight.core.errors import InputError

    assert parse_number(BYTES, "0", None) == 0  # a bundle the host leaves idle (STREAM Copy's in2)
    with pytest.raises(InputError, match="0 or more"):
        parse_number(BYTES, "-4", None)
    with pytest.raises(InputError, match="positive"):
        parse_number("axi.top.gmem.stride", "0", None)
    # an idle bundle adds nothing, not even a DLAT: the schedule alone
    assert _seconds(_design(False), {BYTES: 0}) == pytest.approx(1000 / 250e6, rel=1e-9)


def test_a_random_access_moves_its_own_bytes_per_row_cycle() -> None:
    # HPCC RandomAccess on the U280: 8-byte updates through a 512-bit port.
    # eq. 9 with len = the access's beats on the 128-bit #dq: ceil(8/16) = 1
    t_dp1 = max(36e-9, 13.5e-9 + 1 / (2 * 666.67e6)) + 13.5e-9 + 26.5e-9
    values = {BYTES: DSIZE, "axi.top.gmem.stride": 1000, "axi.top.gmem.access_bytes": 8}
    words = _seconds(_design(True), values)
    assert words == pytest.approx(DSIZE / (8 / t_dp1) + DLAT_R, rel=1e-9)
    # not given: one 64-byte beat per access (4 #dq beats), printed beside the number
    t_dp4 = max(36e-9, 13.5e-9 + 4 / (2 * 666.67e6)) + 13.5e-9 + 26.5e-9
    del values["axi.top.gmem.access_bytes"]
    estimate = analyze(_design(True), values).estimates["top"]
    assert estimate.seconds == pytest.approx(DSIZE / (64 / t_dp4) + DLAT_R, rel=1e-9)
    assert any("each strided access moves one 512-bit beat (--set axi.top.gmem.access_bytes=N" in line
               for line in estimate.assumptions)


def test_first_access_latency_beyond_the_schedule_is_memory_bound() -> None:
    """Eq. 14 adds the DRAM latencies and the bus's excess to the schedule;
    when they are more than the schedule, the time is the memory's (a public
    87-cycle Vitis burst kernel, 1.95 us of which 1.08 us DRAM waits, was
    labelled compute-bound: only the bus occupancy was compared). The
    fixture's 34 cycles at 2 GHz are 17 ns; 8 bytes occupy the bus 2 ns."""
    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "vhls2015_maxi_nosource"
    fast = json.loads(run_cli("analyze", str(fixture), "--set", "fmax=2000", "--set", "axi.poly.gmem.bytes=8",
                              "--format", "json").stdout)["estimate"]
    compute, bus = fast["extra"]["compute_seconds"], fast["extra"]["bus_occupancy_seconds"]
    assert compute == pytest.approx(34 * 0.5e-9) and bus < compute
    assert fast["seconds"] - compute > compute and fast["bound"] == "memory"
    usual = json.loads(run_cli("analyze", str(fixture), "--format", "json").stdout)["estimate"]
    assert usual["extra"]["compute_seconds"] == pytest.approx(340e-9)
    assert usual["seconds"] - 340e-9 < 340e-9 and usual["bound"] == "compute"
