"""Vivado/Vitis designs as HLS engineers read them: functions with their
loops, cycles first (issue 12 items 2 and 3).

Vitis outlines pipelined loops into ``<func>_Pipeline_<loop>`` modules and
regions into ``<func>_Outline_<region>`` modules; they are parts of their
caller, not functions of their own (the reader decides which, ``folded_into``),
so every reporter folds them (text summary, HTML, annotated report). Times are cycles times a named clock: the
target clock (what the design is built for, and what Vivado's own "Latency
(absolute)" column uses) and the estimated clock (the scheduler's critical
path estimate).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import sympy

from hlsight.analyzer.cosim_check import COSIM_TOLERANCE, equals_text, implied_text, measured_text
from hlsight.analyzer.results import CosimComparison, CycleEstimate, CyclePart, KernelEstimate
from hlsight.core.model import Design, ImplementationReport, Kernel, ResourceUse, Vendor
from hlsight.core.units import count_range, cycle_count, format_amount
from hlsight.reporters.present import format_seconds


def is_xilinx(design: Design) -> bool:
    return design.tool.vendor is Vendor.XILINX


def functions(design: Design) -> list[Kernel]:
    """The design's functions: every kernel except outlined parts."""
    return [kernel for kernel in design.kernels if kernel.folded_into is None]


def parts_of(kernel: Kernel, design: Design) -> list[Kernel]:
    """The outlined modules folded into ``kernel``."""
    return [other for other in design.kernels if other is not kernel and other.folded_into == kernel.name]


# ----------------------------------------------------------------------------- text


def cycles_text(expression: object) -> str:
    """Cycle count without float noise: integers stay integers."""
    if isinstance(expression, sympy.Basic):
        exact: sympy.Basic = sympy.nsimplify(expression, rational=True) if expression.atoms(sympy.Float) else expression
        if isinstance(exact, sympy.Integer):
            return f"{int(exact):,}"
        return str(exact)
    return str(expression)


def cycles_headline(cycles: CycleEstimate) -> str:
    """``28,126 cycles``, or the formula in the trip counts; with every trip
    count given, the number and the formula it came from (the formula
    alone made the reader evaluate it)."""
    formula = cycles_text(cycles.expression)
    if cycles.cycles is None or not isinstance(cycles.expression, sympy.Basic) or not cycles.expression.free_symbols:
        return f"{formula} {'cycle' if formula == '1' else 'cycles'}"
    return f"{cycles.cycles:,.0f} {'cycle' if cycles.cycles == 1 else 'cycles'} at the values given ({formula})"


@dataclass(frozen=True)
class ClockTime:
    label: str
    period_ns: float
    seconds: float | None


def clock_times(cycles: CycleEstimate) -> list[ClockTime]:
    """The time at each named clock (the given one first, then target, then
    the place-and-route clock, which replaces the scheduler's estimate)."""
    out = []
    if cycles.clock_given_ns:
        out.append(ClockTime("given clock", cycles.clock_given_ns, cycles.seconds_given))
    if cycles.clock_target_ns:
        out.append(ClockTime("target clock", cycles.clock_target_ns, cycles.seconds_target))
    if cycles.clock_routed_ns:
        out.append(ClockTime(f"{cycles.clock_routed_step} clock", cycles.clock_routed_ns, cycles.seconds_routed))
    if cycles.clock_estimated_ns:
        out.append(ClockTime("estimated clock", cycles.clock_estimated_ns, cycles.seconds_estimated))
    return out


def clock_lines(cycles: CycleEstimate) -> list[str]:
    """``at the target clock (5 ns, 200 MHz): 616 us`` or the formula."""
    lines = []
    for item in clock_times(cycles):
        mhz = 1000.0 / item.period_ns
        value = format_seconds(item.seconds) if item.seconds is not None else f"cycles x {item.period_ns:g} ns"
        lines.append(f"at the {item.label} ({item.period_ns:g} ns, {mhz:.4g} MHz): {value}")
    return lines


def implementation_text(report: ImplementationReport) -> str | None:
    """``place and route (Xilinx Vivado v.2025.1.1): 4.793 ns achieved
    (after synthesis 4.942 ns) for a 5 ns target, met; LUT 5,848, ...``:
    what the exported RTL reached, beside the scheduler's estimates."""
    if report.older_than_synthesis:
        return (f"place and route: {Path(report.path).name} is older than the synthesis"
                f" ({report.older_than_synthesis}), not used")
    tool = f" ({report.tool})" if report.tool else ""
    if report.cp_post_route_ns is not None:
        achieved = f"{report.cp_post_route_ns:g} ns achieved"
        if report.cp_post_synthesis_ns is not None:
            achieved += f" (after synthesis {report.cp_post_synthesis_ns:g} ns)"
        step = "place and route"
    elif report.cp_achieved_ns is not None:
        achieved, step = f"{report.cp_achieved_ns:g} ns achieved (the report does not say after which step)", \
            "implementation"
    elif report.cp_post_synthesis_ns is not None:
        achieved, step = f"{report.cp_post_synthesis_ns:g} ns after synthesis (not placed)", "Vivado synthesis"
    else:
        return None
    target = f" for a {report.cp_required_ns:g} ns target" if report.cp_required_ns is not None else ""
    verdict = "" if report.timing_met is None else ", met" if report.timing_met else ", NOT met"
    counts = ", ".join(f"{name} {count:,}" for name, count in report.resources.items()
                       if name not in ("SLICE", "LATCH") or count)
    stage = f"; {report.resources_stage} {counts}" if counts and report.resources_stage else \
        f"; {counts}" if counts else ""
    return f"{step}{tool}: {achieved}{target}{verdict}{stage}"


def report_latency_text(cycles: CycleEstimate) -> str | None:
    low, high = cycles.report_min, cycles.report_max
    if low is None and high is None:
        return None
    interval = "" if cycles.report_interval is None else \
        f", a new call every {cycle_count(cycles.report_interval)} (the report's interval: calls overlap)"
    if low is not None and low == high:
        return f"report latency {cycle_count(low)}{interval}"
    return f"report latency {count_range(low, high)} cycles{interval}"


def cosim_heading(comparison: CosimComparison) -> str:
    """``co-simulation measured 112,074 cycles per call (Verilog, xsim)``,
    said as older than the synthesis when it is: what ``analyze`` and
    ``simulate`` both print before their own count."""
    stale = " before this synthesis" if comparison.older_than_synthesis else ""
    return f"co-simulation{stale} measured {measured_text(comparison)}"


def component_cosim_text(comparison: CosimComparison) -> str:
    """An i++ component's simulated latency beside the estimate, which is a
    time: its cycles (the time times fmax) are named, not "the count above"
    (text and HTML alike: the HTML said "no cycle count here to compare it
    with" where the text gave the FIR's +1.0 %)."""
    if comparison.error is not None and comparison.estimate_cycles is not None:
        return (f"{cosim_heading(comparison)}: the estimate is {comparison.estimate_cycles:,.0f} cycles per call,"
                f" {comparison.error:+.1%}")
    return cosim_text(comparison)


def cosim_text(comparison: CosimComparison, has_cycles: bool = True) -> str:
    """``co-simulation measured 112,074 cycles per call (Verilog, xsim):
    the cycle count above -14.2 %`` (the cycles, not a time with a memory
    model's waits: co-simulation counts cycles); with the estimate
    symbolic, the trip count at which it equals the measured latency, else
    what to give."""
    measured = cosim_heading(comparison)
    if not has_cycles:
        return f"{measured}: no cycle count here to compare it with"
    estimate = comparison.estimate_cycles
    if comparison.estimate_calls is not None and estimate is not None:
        # [[launch]] tables: the count above is one launch's; co-simulation averages every call
        versus = f"{comparison.error:+.1%}" if comparison.error is not None else "measured 0"
        return (f"{measured}: the mean over the {comparison.estimate_calls:,} calls given, {estimate:,.0f}"
                f" per call, {versus}")
    if comparison.error is not None:
        path = comparison.long_path
        branch = ("" if path is None else
                  f" (it equals the measurement with {equals_text(path.iterations)} of the {path.of:,.0f} iterations"
                  f" of loop {path.loop} on their long path, {path.long:,} cycles against {path.short:,}; the count"
                  " takes all)")
        return f"{measured}: the cycle count above {comparison.error:+.1%}{branch}"
    if estimate is not None:
        return f"{measured}: the cycle count above is {estimate:,.0f} (no relative difference from 0)"
    if comparison.implied:
        equal = ", ".join(f"{name} = {implied_text(value)}" for name, value in comparison.implied.items())
        return f"{measured}: the estimate equals it at {equal}"
    if comparison.uncounted:
        return (f"{measured}: give the trip counts the testbench runs to compare (no trip count is implied: the"
                " estimate leaves parts uncounted, which -v lists)")
    return f"{measured}: give the trip counts the testbench runs to compare"


def memory_beyond_cycles(estimate: KernelEstimate) -> str:
    """Said after a co-simulated latency where the estimate adds DRAM time
    to the cycles co-simulation checks: its AXI model is no DRAM, so "-0.0 %"
    there says nothing of the memory part (a public Vitis 2025.1 lab read
    "10.8 ms" above "the cycle count above -0.0 %", 8.53 ms of cycles).
    Text and HTML say it alike."""
    seconds, cycles_s = estimate.seconds, estimate.compute_seconds
    if seconds is None or not cycles_s or seconds <= cycles_s * (1 + COSIM_TOLERANCE):
        return ""
    return (f"; the estimate, {format_seconds(seconds)}, adds the DRAM model's memory time to these cycles"
            f" ({format_seconds(cycles_s)}), which co-simulation's AXI model, no DRAM, does not measure")


def part_text(part: CyclePart) -> str:
    value = f"{part.cycles:,.0f}" if part.cycles is not None else cycles_text(part.expression)
    return f"{part.name} {value}"


def parts_text(parts: list[CyclePart]) -> str:
    """The parts of a count, one after another; a part listed several times
    with the same count (instances of one module, copies of an inlined
    loop) is said once with how many (``product_dense_... 0 (x8)``: a public
    hls4ml convolution listed the one zero-cycle module eight times). Each
    still counts: the number is per instance."""
    counted: dict[str, int] = {}
    for part in parts:
        text = part_text(part)
        counted[text] = counted.get(text, 0) + 1
    return ", ".join(text if times == 1 else f"{text} (x{times})" for text, times in counted.items())


def shares(cycles: CycleEstimate) -> list[tuple[CyclePart, float]]:
    """(part, fraction of the module's cycles), largest first; only when all
    parts are numeric."""
    known = [part for part in cycles.parts if part.cycles is not None]
    total = sum(part.cycles or 0.0 for part in known)
    if not known or len(known) != len(cycles.parts) or total <= 0:
        return []
    return sorted(((part, (part.cycles or 0.0) / total) for part in known), key=lambda item: -item[1])


def resources_text(resources: list[ResourceUse]) -> str:
    """``LUT 823 (0.06%), FF 349 (0.01%), BRAM_18K 0 (0%)``."""
    parts = []
    for item in resources:
        share = item.utilisation
        parts.append(f"{item.name} {format_amount(item.used)}" + ("" if share is None else f" ({share:.2%})"))
    return ", ".join(parts)


#: Target and uncertainty are printed to 0.01 ns: each may be off by 0.005 ns.
ROUNDING_NS = 0.01


def clock_check_text(kernel: Kernel) -> str | None:
    """Target vs estimated clock and the slack the HLS scheduler reports
    against (target minus uncertainty minus estimated; negative: the
    estimate misses the scheduler's budget). An estimate inside the target
    that eats into the uncertainty is not a missed clock: a public SDAccel
    2016.3 CNN (target 4 ns, uncertainty 1.08 ns, estimated 3.64 ns) read
    "MISSED" and ran at 250 MHz on its board."""
    target, estimated = kernel.clock_target_ns, kernel.clock_estimated_ns
    if target is None or estimated is None:
        return None
    uncertainty = kernel.clock_uncertainty_ns or 0.0
    slack = target - uncertainty - estimated
    margin = f" - uncertainty {uncertainty:g} ns" if uncertainty else ""
    # the report rounds the target and the uncertainty to 0.01 ns (3.33, 0.90)
    # and gives the estimate to 0.001 ns: a 300 MHz target met exactly by
    # 2.433 ns reads -0.003 ns
    verdict = "met" if slack >= 0 else "met within the report's rounding" if slack > -ROUNDING_NS else \
        "MISSED" if estimated > target else \
        "inside the target, not its uncertainty margin: the scheduler's budget missed, place and route decides"
    return (f"clock: target {target:g} ns{margin}, estimated {estimated:g} ns: slack {slack:.3g} ns ({verdict})")
