"""HLScope+ external-memory model for Vivado/Vitis designs with m_axi ports.

Equation numbers refer to ``../shared/papers/hlscope-plus.txt`` section IV
(Choi, Zhang, Li, Cong, ICCAD 2017). Each m_axi port is a stream of
transactions through one DRAM controller: its bandwidth is the least of the
DRAM module, the controller and the bus (eq. 8), and ports contend for the
bus (eqs. 13-16).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import sympy

from hlsight.analyzer.access.axi_ports import reported_direction
from hlsight.analyzer.compute_model import compute_estimate
from hlsight.analyzer.memory_model import smax, smin
from hlsight.analyzer.memory_profiles import MemoryProfile
from hlsight.analyzer.results import AxiFacts, KernelEstimate, SourceFacts
from hlsight.analyzer.symbols import FMAX, axi_name, source_expr, sym
from hlsight.core.model import Design, Instance, Interface, Kernel
from hlsight.parsers.vivado.names import BURST_MISSED_KEY
from hlsight.parsers.vivado.names import BURST_MISSED_KEY as MISSED_KEY
from hlsight.parsers.vivado.names import READ_BURST_KEY as READ_KEY
from hlsight.parsers.vivado.names import WRITE_BURST_KEY as WRITE_KEY

#: Largest AXI burst Vivado HLS issues (section IV: "1KB for AXI").
AXI_MAX_BURST_BYTES = 1024


@dataclass(frozen=True)
class ReportedBursts:
    """What the report's burst section says of one port's direction
    (:mod:`hlsight.parsers.vivado.burst_rpt`)."""

    #: the report lists no burst for it: every access is a transaction of its own
    none: bool = False
    #: bytes of one AXI transaction: the inferred burst, cut at the bundle's
    #: max burst length (Vitis splits longer ones, the section's note says)
    beat_bytes: int | None = None
    #: how the assumption says it ("" when the report says nothing)
    said: str = ""


def reported_bursts(port: Interface, write: bool, bitw: int) -> ReportedBursts:
    """HLScope+ times a transfer by its transactions' length (eq. 7's DSIZE,
    eq. 10's len) and discrete accesses as random; "if DSIZE is larger than
    the maximum bus burst length ... divide it into several outstanding
    memory requests of maximum bus burst length" (section IV), which the
    controller does not join again. Vitis says which accesses it burst and
    how long, and each bundle's max burst length (a public 2022.2 conv2D's
    bundle had "Stride is incompatible" and "Could not analyze pattern", and
    was timed as 1 KB bursts)."""
    direction = "write" if write else "read"
    inferred = port.details.get(WRITE_KEY if write else READ_KEY)
    if inferred == "0":
        missed = port.details.get(MISSED_KEY)
        return ReportedBursts(none=True, said=f"the report inferred no {direction} burst"
                                             + (f" ({missed})" if missed else ""))
    limit = port.details.get("MAX_WRITE_BURST_LENGTH" if write else "MAX_READ_BURST_LENGTH", "")
    said = []
    beats = []
    if inferred is not None and inferred.isdigit():
        beats.append(int(inferred))
        said.append(f"the report's {direction} bursts: {inferred} beats")
    elif inferred is not None:
        said.append(f"the report's {direction} bursts have a variable length")
    if limit.isdigit() and int(limit) > 0 and (not beats or int(limit) < beats[0]):
        beats.append(int(limit))
        said.append(f"max {direction} burst length {limit} beats")
    if not beats:
        return ReportedBursts(said="; ".join(said))
    return ReportedBursts(beat_bytes=max(1, min(beats) * bitw // 8), said="; ".join(said))


def axi_ports(kernel: Kernel) -> list[Interface]:
    return [port for port in kernel.interfaces if port.is_axi_master]


def t_dp(profile: MemoryProfile, length: sympy.Expr) -> sympy.Expr:
    """Eq. 9: physical DRAM access time of a ``length``-beat (#dq units) request:
    max(t_RAS, t_RCD + t_CAS + len/f_ddr) + t_RP + t_CO."""
    t_ras = profile.t_ras_s or 0.0
    t_cas = profile.t_cas_s or 0.0
    t_co = profile.t_co_s or 0.0
    f_ddr = 2 * profile.f_dram_hz  # data rate
    return smax(sympy.Float(t_ras), profile.t_rcd_s + t_cas + length / f_ddr) + profile.t_rp_s + t_co


def dbw_p(profile: MemoryProfile, element_bytes: sympy.Expr | int, stride: sympy.Expr | int,
          burst_bytes: int = AXI_MAX_BURST_BYTES) -> sympy.Expr:
    """Eq. 10: DBW_P = len * #dq / t_DP. Consecutive accesses burst up to 1 KB
    (``burst_bytes``: the report's AXI transactions, when shorter);
    strided ones behave like random accesses (section IV-A.1), one access of
    ``element_bytes`` per row cycle (len: its beats on the #dq pins, at least 1).

    Eq. 9 assumes a closed-row controller (a row opened per burst). Where the
    profile carries a measured sequential rate of one channel (Shuhai's
    Table 5 for the U280, taken the way HLScope+ measures DBW_C: many long
    consecutive requests), that rate was achieved, so a closed-row DBW_P
    below it is refuted by the measurement: the consecutive branch is then
    the measured rate (the U280's controllers keep the row open across
    bursts; eq. 9 alone put its DDR4 at 11.8 of a measured 18 GB/s)."""
    burst_len = sympy.Integer(max(1, min(burst_bytes, AXI_MAX_BURST_BYTES) // profile.dq_bytes))
    closed_row = burst_len * profile.dq_bytes / t_dp(profile, burst_len)
    measured = profile.measured_channel_bps
    consecutive = closed_row if measured is None else smax(closed_row, sympy.Float(measured))
    random = element_bytes / t_dp(profile, smax(sympy.Integer(1), sympy.ceiling(element_bytes / profile.dq_bytes)))
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


def dram_figures(profile: MemoryProfile) -> str:
    """Which of eqs. 7-10's DRAM figures the profile gives and what stands in
    for the others (a public 2016.3 design on the Zynq-7000 profile was told
    "t_RAS, t_CO, DBW_C, DLAT from the profile", which has none of them)."""
    given = [name for name, value in (("t_RAS", profile.t_ras_s), ("t_CO", profile.t_co_s),
                                      ("DBW_C", profile.dbw_c_read_bps), ("DLAT", profile.dlat_read_s))
             if value is not None]
    standing = []
    if profile.t_ras_s is None or profile.t_co_s is None:
        missing = [name for name, value in (("t_RAS", profile.t_ras_s), ("t_CO", profile.t_co_s)) if value is None]
        standing.append(f"{' and '.join(missing)} 0")
    if profile.dbw_c_read_bps is None:
        standing.append("DBW_C " + ("its measured channel rate" if profile.measured_channel_bps is not None
                                    else f"its peak x efficiency {profile.efficiency:g}"))
    if profile.dlat_read_s is None:
        standing.append(f"DLAT t_RCD + t_RP = {(profile.t_rcd_s + profile.t_rp_s) * 1e9:.3g} ns (a lower bound of a"
                        " real read's latency)")
    said = f"{', '.join(given)} from the profile" if given else "no measured figure in the profile"
    return f"DRAM {profile.name}: {said}" + (f"; assumed: {'; '.join(standing)}" if standing else "")


def dlat(profile: MemoryProfile, write: bool) -> float:
    latency = profile.dlat_write_s if write else profile.dlat_read_s
    return latency if latency is not None else profile.t_rcd_s + profile.t_rp_s


def _consecutive_at(strides: tuple[str, ...], values: Mapping[str, float]) -> str | None:
    """``", at N=1"`` when the values given make every stride of kernel
    arguments a bundle's accesses take 0 or 1 element (``B[k * N + j]`` at
    N = 1 walks B in order), else ``None``: a stride of an argument is
    strided only at the values that make it so."""
    if not strides:
        return None
    names: set[str] = set()
    for text in strides:
        stride = source_expr(text, values, [], "stride")
        if stride is None:
            return None
        value = stride.subs({symbol: values[symbol.name] for symbol in stride.free_symbols if symbol.name in values})
        if not value.is_number or abs(float(value)) > 1:
            return None
        names |= {symbol.name for symbol in stride.free_symbols}
    return ", at " + ", ".join(f"{name}={values[name]:g}" for name in sorted(names))


def _writes(port: Interface, known: AxiFacts | None, assumptions: list[str]) -> bool:
    """Whether ``port`` is timed as a write (DBW_C, DLAT of a write). The
    report's direction first (csynth.xml ``READ_WRITE_MODE``, else csynth.rpt
    ``Read/Write``; a source that disagrees is a warning of the source
    analysis); a report without one (Vitis read from the .rpt port table
    alone, which lists RDATA and WDATA for every bundle) takes the source's
    loads and stores, said; neither: timed as reads, said (a write-only
    bundle was timed with the read figures without a word). A bundle that
    both reads and writes is timed as reads, said too."""
    direction = reported_direction(port)
    if direction == "readwrite":
        assumptions.append(f"{port.name}: reads and writes (the report): timed as reads")
    if direction is not None:
        return direction == "write"
    bursts = _burst_direction(port)
    if bursts is not None:
        # a 2023.2 report without READ_WRITE_MODE lists the bundle's read and write bursts
        assumptions.append(f"{port.name}: {bursts} (the report's burst summary)"
                           + (": timed as reads" if bursts == "reads and writes" else ""))
        return bursts == "writes"
    if known is not None and known.direction is not None:
        assumptions.append(f"{port.name}: read or write not in the report; {known.direction} by the source's"
                           " accesses" + (" (timed as reads)" if known.direction == "readwrite" else ""))
        return known.direction == "write"
    assumptions.append(f"{port.name}: read or write not in the report nor the source: timed as reads")
    return False


def _burst_direction(port: Interface) -> str | None:
    """What the report's burst summary says the bundle does ("reads",
    "writes", "reads and writes"), when it lists a burst of either kind and
    no burst it missed (whose direction it may not say)."""
    reads, writes = READ_KEY in port.details, WRITE_KEY in port.details
    if not (reads or writes) or BURST_MISSED_KEY in port.details:
        return None
    return "reads and writes" if reads and writes else "reads" if reads else "writes"


def dataflow_region(kernel: Kernel, design: Design) -> Instance | None:
    """The one dataflow region that is all of ``kernel``'s schedule, when
    ``kernel`` is not a dataflow region itself but a thin wrapper around one:
    no loop of its own, and its only instance that takes cycles (latency
    not known to be 0) is a region of pipeline type ``dataflow`` (the
    report's instance table, or the instance module's own report). ``None``
    otherwise (several instances that take cycles run one after another).

    HLScope+ section IV composes a block's processes by eq. 16, t_p =
    max(max_c t_c, t_BO_p): the processes "execute in parallel", and the
    bus occupancy of all of them (eq. 15) bounds p beside the longest. Its
    footnote: "the max function in Eq. 16 can be replaced with an add
    function if the submodules are executed in serial". Eq. 14 (t_c =
    t_COMP + t_MEM) is one process "as if there was only one PE", whose
    transfers do not overlap its computation. A wrapper whose whole body is
    one dataflow region has that region's time plus a few control cycles:
    its m_axi transfers are made by the region's concurrent processes, as
    when the top carries ``#pragma HLS DATAFLOW`` itself, so eq. 16 holds,
    not eq. 14. A public Vitis 2023.1 U280 CRC kernel (calculate_crc, whose
    one instance is the dataflow region process_crc that reads, computes
    and writes) was composed by eq. 14, adding the DRAM time to the
    schedule the region overlaps it with.
    """
    if kernel.dataflow or kernel.all_loops() or kernel.instances_cut is not None:
        return None
    timed = [instance for instance in kernel.instances if not _takes_no_cycles(instance, design)]
    if len(timed) != 1 or not _is_dataflow(timed[0], design):
        return None
    return timed[0]


def _takes_no_cycles(instance: Instance, design: Design) -> bool:
    """The report says the instance's latency is 0 (its own report's where
    the instance table has none)."""
    latency = instance.latency
    if latency is None or latency.max is None:
        child = _module_of(instance, design)
        latency = None if child is None else child.latency
    return latency is not None and latency.max == 0


def _is_dataflow(instance: Instance, design: Design) -> bool:
    if (instance.pipeline_type or "").lower() == "dataflow":
        return True
    child = _module_of(instance, design)
    return child is not None and child.dataflow


def _module_of(instance: Instance, design: Design) -> Kernel | None:
    """The module ``instance`` calls, by the reader's rule (exact name, then
    the 20-character truncation a long module name gets in another report)."""
    # imported here: only Vivado/Vitis designs get here, and their reader has loaded it already
    # (an aoc analysis imports this module but never the Vivado assembler)
    from hlsight.parsers.vivado.assemble import find_kernel

    return find_kernel({kernel.name: kernel for kernel in design.kernels}, instance.module)


def hlscope_estimate(
    kernel: Kernel,
    design: Design,
    profile: MemoryProfile,
    values: Mapping[str, float],
    t_comp: sympy.Expr | None = None,
    derived: SourceFacts | None = None,
) -> KernelEstimate | None:
    """The HLScope+ estimate of ``kernel`` (``None`` without m_axi ports).
    ``t_comp`` is the module's scheduled time (default: its own loops/latency);
    ``derived`` the source analysis, whose per-bundle bytes and access pattern
    stand in for values the user did not give (decision 34).

    Vivado's schedule assumes "data can be fetched from the external memory
    every cycle" (section IV): the csynth cycles already hold each transfer
    at one bus beat per cycle, DSIZE / DBW_B. HLScope+'s t_COMP excludes the
    transfers (its instrumented simulation times them with eq. 7), so here
    t_COMP = scheduled time - sum DSIZE / DBW_B, and eq. 14 adds sum t_MEM
    back: the scheduled time plus each port's DRAM-side excess. Adding the
    whole t_MEM to the scheduled time counted every transfer twice (HPCC
    STREAM on the U280: +132 to +169 %).
    """
    ports = axi_ports(kernel)
    if not ports:
        return None
    fbus = FMAX * 10**6
    assumptions = [
        f"bytes per m_axi bundle ({len(ports)}): given (axi.<top>.<bundle>.bytes), else counted in the source"
        " (accesses under a condition counted as taken)",
        "one DLAT per port: outstanding requests overlap the rest (eq. 7)",
        "the csynth schedule counts one bus beat per cycle per port (section IV); only the DRAM's excess is added",
        "all bundles share one memory controller (eq. 15, HLScope+'s single-controller assumption); each has its"
        " own data bus (eq. 11)",
        dram_figures(profile),
    ]
    upper: list[str] = []  # bundles whose source bytes count accesses whatever branch a run takes
    occupancy = []  # eq. 13, per port: the shared DRAM side
    own_bus = []  # each port's own data bus (eq. 11) limits only that port
    excess = []  # t_MEM data term beyond the scheduled beats
    memory_times = []  # eq. 7, per port
    latencies = []
    defaults: dict[sympy.Symbol, sympy.Expr] = {}
    for port in ports:
        known = derived.axi(kernel.name, port.name) if derived is not None else None
        write = _writes(port, known, assumptions)
        bitw = port.width_bits
        if bitw is None:
            bitw = 32
            assumptions.append(f"{port.name}: data width not in the report, 32 bits assumed")
        bytes_name = axi_name(kernel.name, port.name, "bytes")
        if values.get(bytes_name) == 0:
            assumptions.append(f"{port.name}: given 0 bytes, idle (no transfer, no DLAT)")
            continue
        dsize: sympy.Expr = sym(bytes_name)
        if bytes_name not in values and known is not None and known.bytes is not None:
            from_source = source_expr(known.bytes, values, assumptions, f"bytes of {port.name}")
            if from_source is not None:
                dsize = from_source
                assumptions.append(f"{port.name}: {known.bytes} bytes per call from the source ({known.how})")
                if known.upper_bound:
                    # a public 2022.1 equalizer: every case of its state machine counted in all 102
                    # iterations, 15x the bytes the run moves, read as "2.2 ms, memory-bound"
                    upper.append(f"{port.name}: {', '.join(known.upper_bound[:3])}"
                                 + (", ..." if len(known.upper_bound) > 3 else ""))
        stride_name = axi_name(kernel.name, port.name, "stride")
        stride = sym(stride_name)
        bursts = reported_bursts(port, write, bitw)
        burst_bytes = AXI_MAX_BURST_BYTES if bursts.beat_bytes is None else bursts.beat_bytes
        burst_size = f"{burst_bytes // 1024} KB" if burst_bytes % 1024 == 0 else f"{burst_bytes} B"
        if stride_name not in values and bursts.none:
            defaults[stride] = sympy.Integer(2)
            assumptions.append(f"{port.name}: {bursts.said}: each access its own transaction, timed as random"
                               " accesses (section IV-A.1)")
        elif stride_name not in values and known is not None:
            at = _consecutive_at(known.strided_by, values)
            consecutive = known.consecutive or at is not None
            defaults[stride] = sympy.Integer(1 if consecutive else 2)
            assumptions.append(f"{port.name}: " + (f"consecutive accesses (the source{at or ''}): bursts up to"
                                                   f" {burst_size}" + (f" ({bursts.said})" if bursts.said else "")
                                                   if consecutive else
                                                   "strided or data-dependent accesses (the source): random"))
        elif stride_name not in values:
            defaults[stride] = sympy.Integer(1)
            assumptions.append(f"{port.name}: consecutive bursts up to {burst_size} assumed"
                               + (f" ({bursts.said})" if bursts.said else "")
                               + f" (--set {stride_name}=N if strided or random)")
        access_name = axi_name(kernel.name, port.name, "access_bytes")
        access = sym(access_name)
        if access_name not in values and known is not None and known.access_bytes is not None:
            defaults[access] = sympy.Integer(known.access_bytes)
        elif access_name not in values:
            defaults[access] = sympy.Integer(max(bitw // 8, 1))
            if values.get(stride_name, 1) > 1 or (known is not None and not known.consecutive):
                assumptions.append(f"{port.name}: each strided access moves one {bitw}-bit beat"
                                   f" (--set {access_name}=N if it moves N-byte words)")
        bus = dbw_b(fbus, bitw)
        dram = smin(dbw_p(profile, access, stride, burst_bytes), sympy.Float(dbw_c(profile, write)))
        bandwidth = smin(dram, bus)
        occupancy.append(dsize / dram)
        own_bus.append(dsize / bandwidth)
        excess.append(dsize / bandwidth - dsize / bus)
        latency = sympy.Float(dlat(profile, write))
        memory_times.append(dsize / bandwidth + latency)
        latencies.append(latency)
    if t_comp is None:
        compute = compute_estimate(kernel)
        t_comp = compute.seconds if compute is not None else None
    unscheduled = t_comp is None
    if t_comp is None:
        t_comp = sympy.Integer(0)
        assumptions.append("no loop/latency data: scheduled time 0")
    # eq. 15 serialises the bundles at the controller; a bundle's own bus
    # width (eq. 11) does not slow the others, so it bounds only its own time
    t_bo = smax(sympy.Add(*occupancy), *own_bus) if own_bus else sympy.Integer(0)
    region = dataflow_region(kernel, design)
    overlapped = kernel.dataflow or region is not None
    if kernel.dataflow:
        assumptions.append("dataflow: ports served by concurrent processes, t_p = max(t_c, t_BO_p) (eq. 16)")
    elif region is not None:
        assumptions.append(f"dataflow: the top's schedule is the dataflow region {region.module} (its one instance"
                           " that takes cycles, no loop of its own): ports served by the region's concurrent"
                           " processes, t_p = max(t_c, t_BO_p) (eq. 16)")
    if overlapped:
        total = smax(t_comp, *memory_times, t_bo)
    else:
        assumptions.append("no dataflow: t_c = t_COMP + sum t_MEM (eq. 14), t_COMP = schedule - sum DSIZE/DBW_B")
        total = smax(t_comp + sympy.Add(*excess) + sympy.Add(*latencies), t_bo)  # eqs. 14, 16 with one PE
    from hlsight.analyzer.estimate.evaluate import bind  # the estimate package imports this module

    # bind, not subs: subs re-evaluates every Max, comparing symbolic terms
    # pairwise (3.4 s of 3.6 on a public Vitis dataflow kernel with three
    # m_axi bundles); bind keeps them as they are until a number is known
    fixed = {symbol: sympy.Float(value) for symbol, value in defaults.items()}
    total = bind(total, fixed)
    t_bo = bind(t_bo, fixed)
    subs = {sym(name): sympy.Float(value) for name, value in values.items()}
    value = bind(total, subs)
    seconds = None if value.free_symbols else float(value)
    bus_value = bind(t_bo, subs)
    bus_s = None if bus_value.free_symbols else float(bus_value)
    comp_value = bind(t_comp, subs)
    comp_s = None if comp_value.free_symbols else float(comp_value)
    # the DRAM's part of eq. 14 beside the schedule: first-access latencies and
    # the bus's excess over the schedule's own transfer time (a public 87-cycle
    # burst kernel: 1.08 us of its 1.95 us, which was labelled compute-bound)
    waits = bind(sympy.Add(*excess) + sympy.Add(*latencies), {**fixed, **subs}) if not overlapped else None
    waits_s = None if waits is None or waits.free_symbols else float(waits)
    bound = "unknown"
    if bus_s is not None and comp_s is not None:
        bound = "memory" if bus_s >= comp_s or (waits_s is not None and waits_s > comp_s) else "compute"
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
        compute_seconds=None if unscheduled else comp_s,
        dram_wait_seconds=None if unscheduled else waits_s,
    )
    if upper:
        estimate.caveats.append(
            "m_axi bytes counted from the source whatever branch each run takes (switch arms, conditions it"
            f" cannot read): {'; '.join(upper)}; read the DRAM time, and a memory-bound number, as an upper bound,"
            " or give axi.<top>.<bundle>.bytes the run moves")
    if unscheduled:
        # the report's latency is "undef" (a loop whose bound is data, a stream read until its last beat):
        # only the m_axi transfers are timed, said with the number (a public U280 stream-to-memory
        # kernel read "58.3 us, memory-bound" with no word of it)
        estimate.bound = "unknown"
        estimate.left_out = [f"{kernel.name}'s schedule"]
        estimate.caveats.append(
            f"{kernel.name}'s schedule is unknown (its report gives no latency, and no loop to compose one from):"
            " this number is its m_axi transfer time alone, a lower bound")
    return estimate
