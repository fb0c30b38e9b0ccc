"""HLScope+ external-memory model for Vivado/Vitis designs with m_axi ports.

Equation numbers refer to ``../shared/papers/hlscope-plus.txt`` section IV
(Choi, Zhang, Li, Cong, ICCAD 2017). Each m_axi port is a stream of
transactions through one DRAM controller: its bandwidth is the least of the
DRAM module, the controller and the bus (eq. 8), and ports contend for the
bus (eqs. 13-16).
"""

from __future__ import annotations

from collections.abc import Mapping

import sympy

from hlsight.analyzer.compute_model import compute_estimate
from hlsight.analyzer.memory_model import smax, smin
from hlsight.analyzer.memory_profiles import MemoryProfile
from hlsight.analyzer.results import KernelEstimate
from hlsight.analyzer.symbols import ELEMENT_BYTES, FMAX, STRIDE, WORK_ITEMS, sym
from hlsight.core.model import Design, Interface, Kernel

#: Largest AXI burst Vivado HLS issues (section IV: "1KB for AXI").
AXI_MAX_BURST_BYTES = 1024


def axi_ports(kernel: Kernel) -> list[Interface]:
    return [port for port in kernel.interfaces if port.protocol.lower().replace("_", "") == "maxi"]


def t_dp(profile: MemoryProfile, length: sympy.Expr) -> sympy.Expr:
    """Eq. 9: physical DRAM access time of a ``length``-beat (#dq units) request:
    max(t_RAS, t_RCD + t_CAS + len/f_ddr) + t_RP + t_CO."""
    t_ras = profile.t_ras_s or 0.0
    t_cas = profile.t_cas_s or 0.0
    t_co = profile.t_co_s or 0.0
    f_ddr = 2 * profile.f_dram_hz  # data rate
    return smax(sympy.Float(t_ras), profile.t_rcd_s + t_cas + length / f_ddr) + profile.t_rp_s + t_co


def dbw_p(profile: MemoryProfile, element_bytes: sympy.Expr, stride: sympy.Expr) -> sympy.Expr:
    """Eq. 10: DBW_P = len * #dq / t_DP. Consecutive accesses burst up to 1 KB;
    strided ones behave like random accesses (section IV-A.1), one element per
    row cycle."""
    burst_len = sympy.Integer(AXI_MAX_BURST_BYTES // profile.dq_bytes)
    consecutive = burst_len * profile.dq_bytes / t_dp(profile, burst_len)
    random = element_bytes / t_dp(profile, sympy.Integer(1))
    return sympy.Piecewise((consecutive, sympy.Le(stride, 1)), (random, True))


def dbw_b(fbus_hz: sympy.Expr, bitw: int) -> sympy.Expr:
    """Eq. 11: DBW_B = f_bus * bitw (bytes/s)."""
    return fbus_hz * sympy.Integer(bitw) / 8


def dbw_c(profile: MemoryProfile, write: bool) -> float:
    """Measured controller bandwidth; profiles without it fall back to the
    efficiency-scaled peak."""
    measured = profile.dbw_c_write_bps if write else profile.dbw_c_read_bps
    if measured is not None:
        return measured
    if profile.measured_channel_bps is not None:
        return profile.measured_channel_bps
    return profile.bw_dram_bps * profile.efficiency


def dlat(profile: MemoryProfile, write: bool) -> float:
    latency = profile.dlat_write_s if write else profile.dlat_read_s
    return latency if latency is not None else profile.t_rcd_s + profile.t_rp_s


def hlscope_estimate(
    kernel: Kernel,
    design: Design,
    profile: MemoryProfile,
    values: Mapping[str, float],
    t_comp: sympy.Expr | None = None,
) -> KernelEstimate | None:
    """The HLScope+ estimate of ``kernel`` (``None`` without m_axi ports).
    ``t_comp`` is the module's compute time (default: its own loops/latency)."""
    ports = axi_ports(kernel)
    if not ports:
        return None
    fbus = FMAX * 10**6
    assumptions = [
        f"each m_axi port moves work_items*element_bytes bytes ({len(ports)} port(s))",
        "one DLAT per port: outstanding requests overlap the rest (eq. 7)",
        f"DRAM {profile.name}: t_RAS, t_CO, DBW_C, DLAT from the profile",
    ]
    dsize = WORK_ITEMS * ELEMENT_BYTES
    occupancy = []
    memory_times = []
    for port in ports:
        write = (port.direction or "").lower() in ("out", "w", "write")
        bitw = port.width_bits or 32
        bandwidth = smin(dbw_p(profile, ELEMENT_BYTES, STRIDE), sympy.Float(dbw_c(profile, write)), dbw_b(fbus, bitw))
        occupancy.append(dsize / bandwidth)  # eq. 13
        memory_times.append(dsize / bandwidth + dlat(profile, write))  # eq. 7
    if t_comp is None:
        compute = compute_estimate(kernel)
        t_comp = compute.seconds if compute is not None else None
    if t_comp is None:
        t_comp = sympy.Integer(0)
        assumptions.append("no loop/latency data: t_COMP = 0")
    t_bo = sympy.Add(*occupancy)  # eq. 15
    if kernel.dataflow:
        assumptions.append("dataflow: ports served by concurrent processes, t_p = max(t_c, t_BO_p) (eq. 16)")
        total = smax(t_comp, *memory_times, t_bo)
    else:
        assumptions.append("no dataflow: transfers and compute in sequence, t_c = t_COMP + sum t_MEM (eq. 14)")
        total = smax(t_comp + sympy.Add(*memory_times), t_bo)  # eq. 16 with one PE
    subs = {sym(name): sympy.Float(value) for name, value in values.items()}
    value = total.subs(subs)
    seconds = None if value.free_symbols else float(value)
    bus_value = t_bo.subs(subs)
    bus_s = None if bus_value.free_symbols else float(bus_value)
    comp_value = t_comp.subs(subs)
    comp_s = None if comp_value.free_symbols else float(comp_value)
    bound = "unknown"
    if bus_s is not None and comp_s is not None:
        bound = "memory" if bus_s >= comp_s else "compute"
    estimate = KernelEstimate(
        kernel=kernel.name,
        seconds=seconds,
        bound=bound,
        expression=value,
        free_symbols=sorted(symbol.name for symbol in value.free_symbols),
        model="HLScope+ DRAM model (section IV: eqs. 7-11, 13-16)",
        assumptions=assumptions,
        symbolic=total,
        values=dict(values),
        profile=profile.name,
        bus_occupancy_seconds=bus_s,
        compute_seconds=comp_s,
    )
    return estimate
