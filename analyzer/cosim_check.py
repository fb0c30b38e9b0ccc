"""A Vivado/Vitis top's cycle estimate beside its C/RTL co-simulation.

When the solution holds ``sim/report/<top>_cosim.rpt`` the user has a
measured latency for the testbench's inputs (HLScope+ Table III judges its
estimate against exactly this). hlsight shows the two side by side and says:

* how far the estimate at the values given is from the measured average;
  beyond :data:`COSIM_TOLERANCE` and outside the measured min..max it is a
  warning (the trip counts given are not the testbench's, or the model
  misses a stall);
* with one unknown trip count left, the value at which the estimate equals
  the measured latency: what the testbench ran, if the model holds. It is
  said as such, never put into the number.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping

import sympy

from hlsight.analyzer.compute_model import interleaved_loops
from hlsight.analyzer.estimate.evaluate import numeric, substitutions
from hlsight.analyzer.memory_model import smax
from hlsight.analyzer.results import (
    AnalysisResult,
    CosimComparison,
    CycleCaveat,
    CycleEstimate,
    KernelEstimate,
    LongPath,
)
from hlsight.analyzer.symbols import FMAX, LONG_ITERATIONS, sym
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import CosimReport, CosimRun, Design, Kernel, Product
from hlsight.core.units import cycle_count

#: HLScope+ (abstract, Table V) reaches 1.1 % average error on compute-bound
#: and 5.0 % on DRAM-bound modules against measured cycles: an estimate
#: further than the larger from co-simulation is not the model's usual error.
COSIM_TOLERANCE = 0.05
DIFFERS_RULE = "vivado-cosim-differs"
IMPLIED_RULE = "vivado-cosim-implied"
FAILED_RULE = "vivado-cosim-failed"
#: Trip counts searched for the implied value: up to 2^40 iterations.
_LARGEST_TRIP = float(2**40)
#: a count with one of these takes a part at its fewest cycles: a lower bound
LOWER_BOUND_PARTS = frozenset({CycleCaveat.UNCOUNTED, CycleCaveat.CONTROL_UNKNOWN})
#: a count with one of these leaves a part out or assumes it: no trip count is implied from it
UNKNOWN_PARTS = LOWER_BOUND_PARTS | {CycleCaveat.GIVEN_UNUSED}


def compare_cosim(result: AnalysisResult) -> tuple[list[CosimComparison], list[Diagnostic]]:
    """One comparison per top with a co-simulation report, and what to say."""
    comparisons: list[CosimComparison] = []
    diagnostics: list[Diagnostic] = []
    for report in result.design.cosim:
        estimate = result.estimates.get(report.top)
        cycles = None if estimate is None else estimate.cycles or component_cycles(estimate, result.design)
        run = report.measured()
        if run is None:
            diagnostics.append(_failed(report))
            continue
        top = _top(result.design, report.top)
        shortest = top.latency.min if top is not None and top.latency is not None else None
        if not run.latency_max and shortest:
            # a public 2023.2.2 solveCooling: every column 0 against a 6-cycle schedule (a stale, empty run)
            diagnostics.append(_at(report, run, FAILED_RULE, Severity.NOTE,
                                   f"co-simulation of '{report.top}' timed no call (every latency 0, the report's"
                                   f" shortest is {cycle_count(shortest)}): not compared", data={}))
            continue
        comparison = _compare(report, run, cycles, estimate.values if estimate is not None else {})
        comparison.axi_lite_arrays = lite_arrays(top)
        what = "the cycle count at the values given" if _takes_values(cycles) else "the cycle count"
        if result.launches and cycles is not None:
            comparison.estimate_cycles = _mean_over_launches(cycles, result)
            comparison.error = relative_error(comparison.estimate_cycles, per_call(run))
            comparison.estimate_calls = _calls(result)
            what = f"the mean cycle count per call over the {_calls(result):,} launches given"
        elif cycles is not None:
            comparison.long_path = long_path(cycles, per_call(run))
        comparisons.append(comparison)
        diagnostics.extend(_findings(report, run, comparison, what=what, why=_causes(comparison, top, cycles)))
    return comparisons, diagnostics


def _in_cycles(seconds: sympy.Expr) -> sympy.Expr | None:
    """``seconds`` times the clock, where every part of it is cycles over
    fmax (a ``Max`` of such parts part by part: fmax does not leave a
    ``Max`` by ``simplify``); ``None`` where a part is not."""
    if isinstance(seconds, sympy.Max):
        parts = [_in_cycles(part) for part in seconds.args]
        return None if any(part is None for part in parts) else smax(*[part for part in parts if part is not None])
    cycles = sympy.simplify(seconds * FMAX * 10**6)
    return None if FMAX in cycles.free_symbols else cycles


def component_cycles(estimate: KernelEstimate, design: Design) -> CycleEstimate | None:
    """An i++ component's cycles per call: its estimate is FlexCL's pipeline
    time and its Avalon host interfaces' commands (``avalon_ports``), both
    cycles over fmax (the memory behind the interfaces is not timed), so the
    cycles are that time times fmax. ``None`` for anything else (a time with
    a memory part, an aoc kernel)."""
    if design.tool.product is not Product.IPP or not isinstance(estimate.symbolic, sympy.Expr):
        return None
    expression = _in_cycles(estimate.symbolic)
    if expression is None:
        return None
    values = {name: value for name, value in estimate.values.items() if name != FMAX.name}
    bound = expression.xreplace(substitutions(values))
    value = float(bound) if isinstance(bound, sympy.Expr) and bound.is_number else None
    return CycleEstimate(expression=expression, cycles=value, clock_target_ns=None, clock_estimated_ns=None,
                         seconds_target=None, seconds_estimated=None)


def long_path(cycles: CycleEstimate, measured: float | None) -> LongPath | None:
    """With one loop counted at the long path of a branch (its iteration
    latency a range, nothing to compose it from), the number of its
    iterations on that path at which the estimate equals the measurement,
    when that lies between none and all (a public RSA: 1,024 iterations of
    4,102 or 8,201 cycles, co-simulated as exactly 500 long ones)."""
    if len(cycles.branches) != 1 or cycles.cycles is None or cycles.cycles_short is None or measured is None:
        return None
    branch = cycles.branches[0]
    step = branch.long - branch.short
    of = (cycles.cycles - cycles.cycles_short) / step if step > 0 else 0.0
    iterations = (measured - cycles.cycles_short) / step if step > 0 else -1.0
    if of <= 0 or not 0 <= iterations <= of:
        return None
    return LongPath(branch.label, iterations, of, branch.short, branch.long, f"{branch.name}.{LONG_ITERATIONS}")


def _takes_values(cycles: CycleEstimate | None) -> bool:
    """The estimate depends on values (trip counts, arguments): else it is
    the report's count, and "at the values given" would say otherwise."""
    return cycles is not None and isinstance(cycles.expression, sympy.Basic) and bool(cycles.expression.free_symbols)


def _fewest_cycles(expression: sympy.Expr) -> int | None:
    """The count with every symbol at 0, where that is its least: a
    polynomial with no negative coefficient (trip counts are 0 or more);
    ``None`` for any other shape (a maximum, a difference)."""
    symbols = sorted(expression.free_symbols, key=lambda symbol: symbol.name)
    try:
        polynomial = sympy.Poly(sympy.expand(expression), *symbols)
    except sympy.PolynomialError:
        return None
    if any(coefficient < 0 for coefficient in polynomial.coeffs()):
        return None
    return int(sympy.ceiling(expression.subs({symbol: 0 for symbol in symbols})))


def compare_simulated(design: Design, top: str, cycles_per_call: float | None, calls: int | None = None) -> tuple[
        CosimComparison | None, list[Diagnostic]]:
    """``hlsight simulate``'s cycles per call of ``top`` beside its
    co-simulation (HLScope+ Table III compares the two the same way)."""
    report = next((item for item in design.cosim if item.top == top), None)
    if report is None:
        return None, []
    run = report.measured()
    if run is None:
        return None, [_failed(report)]
    kernel = _top(design, top)
    comparison = _compare(report, run, None, {})
    comparison.estimate_cycles = cycles_per_call
    comparison.estimate_calls = calls
    comparison.axi_lite_arrays = lite_arrays(kernel)
    comparison.run_share = run_share(run, calls)
    measured = per_call(run) if comparison.run_share is None else comparison.run_share
    comparison.error = relative_error(cycles_per_call, measured)
    return comparison, _findings(report, run, comparison, what="the simulated cycles per call",
                                 why=_causes(comparison, kernel, _report_count(kernel, cycles_per_call),
                                             simulated=True))


def _report_count(kernel: Kernel | None, cycles_per_call: float | None) -> CycleEstimate | None:
    """The simulated count as the report's exact latency, when it is just
    that: the simulation's own causes (a range followed, a part missed) do
    not apply (a public 2022.2 find: 13 simulated, the report's 13, 11
    co-simulated, "the simulation takes the report's worst case" offered)."""
    latency = kernel.latency if kernel is not None else None
    if latency is None or latency.min is None or latency.min != latency.max or cycles_per_call != latency.min:
        return None
    count = sympy.Integer(latency.min)
    return CycleEstimate(expression=count, cycles=float(latency.min), clock_target_ns=None, clock_estimated_ns=None,
                         seconds_target=None, seconds_estimated=None, report_min=latency.min,
                         report_max=latency.max)


def queued_interval(run: CosimRun) -> float | None:
    """The average interval of a run whose calls queued: they do not
    overlap (the interval is about the shortest latency), yet the average
    latency is far above the interval, so each call's latency holds its wait
    behind the calls before it (a testbench that writes every input before
    the first call; a public 2024.2 FIR, ``ap_ctrl_none``: 795 ~ 3,173,
    average 3,162, a call every 788, 365,241 cycles for 460 calls), and the
    latencies do not add up to the run's total, as calls of different sizes
    one after another do. The interval is then what one call costs;
    ``None`` otherwise (and without the total, which tells the two apart)."""
    interval, shortest, mean, total = run.interval_avg, run.latency_min, run.latency_avg, run.total_cycles
    if interval is None or shortest is None or mean is None or total is None or interval <= 0 or mean <= 0:
        return None  # without the run's total, calls of different sizes one after another look the same
    if not (interval >= 0.9 * shortest and mean > 1.5 * interval):
        return None
    # calls one after another, each its own latency, add up to the total (a public 2025.1 GEMM's three
    # sizes: 3 x 167,290 = 501,924; its average interval leaves the last, longest call out)
    calls = round(total / mean)
    return None if calls >= 1 and abs(total - calls * mean) <= 0.002 * total else interval


def per_call(run: CosimRun) -> float | None:
    """What one call of the top cost in the run: its average latency, or
    its average interval where the calls queued (:func:`queued_interval`)."""
    queued = queued_interval(run)
    return run.latency_avg if queued is None else queued


def run_share(run: CosimRun, calls: int | None) -> float | None:
    """What each of ``calls`` cost in the run when they overlapped (the
    run's interval below their latency): its total cycles over the calls.
    A call's latency then holds time the next call's also counts (and, on
    a streaming top, its wait for input), so the mean latency is not what
    a call costs the run; ``None`` without the total, the call count, or
    overlap."""
    if calls is None or calls < 2 or not run.total_cycles or _overlapping_interval(run) is None:
        return None
    return run.total_cycles / calls


def _overlapping_interval(run: CosimRun) -> float | None:
    """The run's average interval where calls overlap (it is below their
    latency): the throughput of a pipelined or dataflow top, which co-
    simulation measures beside the latency (a public 2022.1 dataflow lab:
    latency 155, interval 50)."""
    interval, latency = run.interval_avg, run.latency_avg
    return interval if interval is not None and latency is not None and 0 < interval < latency else None


def relative_error(estimate: float | None, measured: float | None) -> float | None:
    """(estimate - measured) / measured; ``None`` when either is unknown or
    the measurement is 0 and the estimate is not (0 for 0 is a match: a
    public 12-hour clock, latency 0, co-simulated 0)."""
    if estimate is None or measured is None:
        return None
    if measured == 0:
        return 0.0 if estimate == 0 else None
    return (estimate - measured) / measured


def _calls(result: AnalysisResult) -> int:
    return sum(item.launch.repeat for item in result.launches)


def _mean_over_launches(cycles: CycleEstimate, result: AnalysisResult) -> float | None:
    """The top's cycles per call averaged over the ``[[launch]]`` tables,
    weighted by their repeats: what co-simulation's average over the
    testbench's calls measures (a public Ascon decrypt: 1,089 calls; the
    first launch's 65 cycles were compared with their average, 147)."""
    if not isinstance(cycles.expression, sympy.Basic):
        return None
    total = 0.0
    for item in result.launches:
        value = numeric(cycles.expression, substitutions({**result.assignments, **item.launch.values}))
        if value is None:
            return None
        total += value * item.launch.repeat
    calls = _calls(result)
    return total / calls if calls else None


def _top(design: Design, name: str) -> Kernel | None:
    return next((kernel for kernel in design.kernels if kernel.name == name), None)


def _compare(report: CosimReport, run: CosimRun, cycles: CycleEstimate | None,
             values: Mapping[str, float]) -> CosimComparison:
    value = None if cycles is None else cycles.cycles
    measured = per_call(run)
    comparison = CosimComparison(
        top=report.top, report=str(report.path), language=run.language, simulator=report.simulator,
        status=run.status, measured_min=run.latency_min, measured_avg=run.latency_avg, measured_max=run.latency_max,
        estimate_cycles=value, older_than_synthesis=report.older_than_synthesis, stalls=report.stalls,
        measured_interval=_overlapping_interval(run), queued_interval=queued_interval(run),
    )
    if measured is None or cycles is None:
        return comparison
    # the estimate leaves a part uncounted or assumed (a "?" latency): said, and no value is implied
    comparison.uncounted = bool(UNKNOWN_PARTS & cycles.caveats)
    if value is not None:
        comparison.error = relative_error(value, measured)
        return comparison
    expression = cycles.expression
    if comparison.uncounted:
        # an implied trip count would absorb what the estimate misses (a public
        # NMS kernel: 888 implied for 84 iterations)
        return comparison
    if isinstance(expression, sympy.Basic):
        subs = substitutions(values)
        unknown = sorted(symbol.name for symbol in expression.free_symbols if symbol not in subs)
        if len(unknown) == 1:
            implied = implied_value(expression, subs, unknown[0], measured)
            if implied is not None:
                comparison.implied[unknown[0]] = implied
    return comparison


def implied_value(expression: sympy.Basic, subs: Mapping[sympy.Symbol, sympy.Float], name: str,
                  target: float) -> float | None:
    """The value of ``name`` (>= 0) at which ``expression`` equals ``target``,
    found by bisection; ``None`` when there is none or the expression is not
    non-decreasing in it (then "the" value would be a guess)."""
    symbol = sym(name)

    def at(value: float) -> float | None:
        return numeric(expression, {**subs, symbol: sympy.Float(value)})

    low, high = 0.0, 1.0
    start, end = at(low), at(high)
    if start is None or end is None or start > target:
        return None
    while end < target:
        high *= 2
        if high > _LARGEST_TRIP:
            return None
        end = at(high)
        if end is None:
            return None
    samples = [at(low + (high - low) * step / 16) for step in range(17)]
    if any(a is None or b is None or b < a for a, b in itertools.pairwise(samples)):
        return None
    for _ in range(200):
        middle = (low + high) / 2
        got = at(middle)
        if got is None:
            return None
        if got < target:
            low = middle
        else:
            high = middle
        if high - low < 1e-6:
            break
    return high


def implied_text(value: float) -> str:
    """``233`` for an integral value, else one decimal (``232.7``)."""
    return f"{round(value):,}" if abs(value - round(value)) < 0.05 else f"{value:,.1f}"


def equals_text(value: float) -> str:
    """:func:`implied_text` with "about" where the rounding hides a
    fraction: a public hls4ml convolution's 8.987 long iterations were said
    to give the measurement "with 9", and 9 gives 778 against 777."""
    return implied_text(value) if abs(value - round(value)) < 1e-6 else f"about {implied_text(value)}"


def measured_text(comparison: CosimComparison) -> str:
    """``112,074 cycles per call (Verilog, xsim)``, with min..max when they differ."""
    avg, low, high = comparison.measured_avg, comparison.measured_min, comparison.measured_max
    spread = ""
    if low is not None and high is not None and low != high:
        spread = f", min {low:,.0f} max {high:,.0f}"
    how = ", ".join(part for part in (comparison.language, comparison.simulator) if part)
    lite = ("; the testbench's AXI-lite transfers of the arrays on "
            f"{', '.join(comparison.axi_lite_arrays)} included") if comparison.axi_lite_arrays else ""
    stalls = f"; with {comparison.stalls}" if comparison.stalls else ""
    interval = (f"; a call every {cycle_count(comparison.measured_interval)}"
                if comparison.measured_interval is not None else "")
    if comparison.run_share is not None and comparison.estimate_calls is not None:
        # overlapping calls: the run's total over them is what one cost (the mean latency double-counts)
        total = comparison.run_share * comparison.estimate_calls
        return (f"{cycle_count(comparison.run_share)} per call ({cycle_count(total)} over the"
                f" {comparison.estimate_calls:,} calls run, which overlapped: a call every"
                f" {cycle_count(comparison.measured_interval or 0)}, their latencies {cycle_count(avg or 0)} on"
                f" average{spread}; {how}{lite}{stalls})")
    if comparison.queued_interval is not None:
        # the latencies hold each call's wait behind the ones before it: the interval is the call's cost
        return (f"{cycle_count(comparison.queued_interval)} per call (the calls queued one after another, a call"
                f" every {cycle_count(comparison.queued_interval)}; their latencies, {cycle_count(avg or 0)} on"
                f" average{spread}, count each call's wait; {how}{lite}{stalls})")
    return (f"{cycle_count(avg or 0)} per call{' on average' if spread else ''}"
            f" ({how}{spread}{lite}{stalls}{interval})")


def run_time_waits(top: Kernel | None) -> list[str]:
    """What co-simulation counts that a csynth schedule does not (public
    solutions: a 28-cycle m_axi loop measured 52, an AXI-stream loop +27),
    for the interfaces ``top`` has: an m_axi or AXI-stream wait is named only
    where there is such a port (a public Ascon decrypt with only ap_memory
    ports was told about both)."""
    protocols = {interface.protocol.lower().replace("_", "") for interface in top.interfaces} if top else set()
    return [what for protocol, what in (("maxi", "m_axi read and write-response latency"),
                                        ("axis", "AXI-stream handshakes")) if protocol in protocols or top is None]


def _exact_report(cycles: CycleEstimate | None) -> int | None:
    """The report's exact latency when the estimate is just that (no value,
    no caveat): then no composition is in question, only the schedule."""
    if cycles is None or cycles.caveats or _takes_values(cycles) or cycles.report_min is None:
        return None
    if cycles.report_min != cycles.report_max or cycles.cycles != cycles.report_min:
        return None
    return cycles.report_min


def lite_arrays(top: Kernel | None) -> list[str]:
    """The AXI-lite bundles of ``top`` that carry arrays (the report's C type
    "array"): the co-simulation testbench writes and reads those arrays word by
    word inside the latency it measures (the transaction starts before the
    inputs are written and ends after the outputs are read back: a public
    64-point FFT, 627 cycles of its own, measured 2,252)."""
    if top is None:
        return []
    return [interface.name for interface in top.interfaces
            if interface.protocol.lower().startswith("s_axi") and "array" in interface.details.get("c_type", "")]


def _causes(comparison: CosimComparison, top: Kernel | None, cycles: CycleEstimate | None,
            simulated: bool = False) -> str:
    """Why the estimate can differ from co-simulation *in the direction it
    does*: what the measurement adds (AXI-lite array transfers, run-time
    waits) or what the estimate leaves out ("?" latencies) when it is below;
    a worst case taken or a shorter path when it is above (a public LeNet5,
    report exact and measured 45 % longer, was offered a shorter path);
    either way an older design, the values given, an exact report latency."""
    below = (comparison.error or 0.0) < 0
    reasons = []
    if comparison.older_than_synthesis:
        reasons.append(f"the co-simulation is older than the synthesis ({comparison.older_than_synthesis}) and may"
                       " have measured an earlier design")
    if cycles is not None and _takes_values(cycles):
        names = sorted(symbol.name for symbol in cycles.expression.free_symbols)
        fewest = None if below else _fewest_cycles(cycles.expression)
        measured = comparison.queued_interval or comparison.measured_max or comparison.measured_avg
        if fewest is not None and measured is not None and fewest > measured:
            # a public 2020.2 ORB: 2,089,933 + 256 x trip against 209,122 measured: no count brings it down
            reasons.append(f"no values of {', '.join(names)} bring it down to the measurement: with each at 0 it is"
                           f" still {fewest:,} cycles")
        else:
            reasons.append(f"the values given for {', '.join(names)} may not be the testbench's")
    exact = _exact_report(cycles)
    if exact is not None:
        # a public Vitis 2023.2 BCD adder: report 7 ~ 7, co-simulated 6; neither a
        # shorter path nor a "?" latency is possible there
        reasons.append(f"the estimate is the report's exact latency ({exact:,} {'cycle' if exact == 1 else 'cycles'}),"
                       " not a composition: the co-simulated RTL took another count than the schedule the report"
                       " gives")
    if below:
        if comparison.stalls:
            # a public Vitis 2025.2 CNN: 437,138 measured with random stalls against a fixed 140,719
            reasons.insert(0, f"the run injected {comparison.stalls} on purpose: the measurement holds them, the"
                              " design's own latency does not")
        if comparison.axi_lite_arrays:
            reasons.append(f"arrays on the AXI-lite bundle {', '.join(comparison.axi_lite_arrays)}: co-simulation"
                           " counts the testbench writing and reading them word by word (from before the inputs are"
                           " written to after the outputs are read), which the IP's own latency, the report's, does"
                           " not")
        elif top is not None and any(port.protocol.lower().startswith("s_axi") for port in top.interfaces):
            # a public 2022.2 crazyFunction (s_axilite control, scalar arguments): 190 measured, 158 scheduled
            reasons.append("its AXI-lite control: co-simulation may count the testbench's register writes (the"
                           " arguments, ap_start) and its polling of ap_done inside each call, which the IP's own"
                           " latency, the report's, does not")
        if cycles is not None and LOWER_BOUND_PARTS & cycles.caveats:
            reasons.append("the estimate leaves parts uncounted or assumes them (a \"?\" latency: the notes under"
                           " the top say where), so it is a lower bound")
        if cycles is not None and CycleCaveat.GIVEN_UNUSED in cycles.caveats:
            reasons.append("a module's report latency is used without the trip counts given inside it (the notes"
                           " under the top say which)")
        waits = run_time_waits(top)
        if waits:
            reasons.append(f"the schedule leaves out what the RTL waits for at run time ({', '.join(waits)})")
        if simulated and exact is None:
            reasons.append("the simulation misses a stall or a part the report leaves out (the warnings above say"
                           " which parts are not counted)")
    else:
        interleaved = [f"{loop.name} ({in_flight})" for loop, in_flight in interleaved_loops(top.loops if top else [])]
        if interleaved:
            # a public i++ 20.4 atax: B7 at II 4 with 4 invocations in flight (+13.5 % left)
            reasons.append(f"loops whose invocations interleave (at a time: {', '.join(interleaved)}), which the"
                           " count takes in whole groups, each as long as one invocation, not how they overlap"
                           " what runs beside them")
        if cycles is not None and CycleCaveat.WORST_CASE in cycles.caveats:
            reasons.append("the estimate takes a worst case of the report where it cannot compose (the notes under"
                           " the top say where; 'hlsight simulate' with the testbench follows the path each call"
                           " takes)")
        if simulated and exact is None:
            reasons.append("the simulation takes the report's worst case where a loop's iteration latency or a call"
                           " is a range it cannot follow (the warnings above say where)")
        elif exact is None:
            reasons.append("a path the testbench takes that is shorter than the report's worst case")
        # a dataflow region's processes are overlapped already (the longest taken: a public hls4ml top)
        overlapped = top is not None and top.dataflow and cycles is not None and not cycles.dataflow_in_sequence
        fixed = _fixed_parts(cycles) if exact is None and not overlapped else []
        if len(fixed) > 1:
            # a public Vitis 2023.1 graph top: four 22-cycle initialisers started in one state, added one
            # after another (+66 cycles; the estimate was +52 over the measurement)
            shown = ", ".join(fixed[:4]) + (" ..." if len(fixed) > 4 else "")
            reasons.append(f"parts of fixed length added one after another that the RTL may start together"
                           f" ({shown}; the schedule report, .autopilot/db/<top>.verbose.sched.rpt, says which"
                           " start in one state)")
    if not reasons:  # only below: above, a shorter path, the simulation's worst case or the exact latency is said
        reasons.append("a stall the report's schedule does not show")
    return "; ".join(reasons)


def _fixed_parts(cycles: CycleEstimate | None) -> list[str]:
    """The composed parts whose cycles are a number of the report's (an
    initialiser, a call of exact latency): added in sequence (HLScope+
    eq. 1), though nothing in the report says they do not overlap."""
    if cycles is None:
        return []
    return [part.name for part in cycles.parts
            if part.kind != "fixed" and part.expression is not None and not part.expression.free_symbols]


def _findings(report: CosimReport, run: CosimRun, comparison: CosimComparison,
              what: str = "the cycle count at the values given", why: str = "") -> list[Diagnostic]:
    measured = measured_text(comparison)
    found = []
    path = comparison.long_path
    if path is not None:
        found.append(_at(
            report, run, IMPLIED_RULE, Severity.NOTE,
            (f"top '{report.top}': co-simulation measured {measured}; the estimate takes the long path ({path.long:,}"
             f" cycles, the short one {path.short:,}) in all {path.of:,.0f} iterations of loop {path.loop}: it equals"
             f" the measurement with {equals_text(path.iterations)} of them on the long path (what the testbench"
             f" ran, if the model holds; not used: give --set {path.symbol}={implied_text(path.iterations)} to use"
             " it)"),
            data={"loop": path.loop, "long_iterations": path.iterations, "iterations": path.of}))
    if comparison.error is not None and comparison.estimate_cycles is not None and _outside(comparison):
        return [_at(
            report, run, DIFFERS_RULE, Severity.WARNING,
            (f"top '{report.top}': {what}, {comparison.estimate_cycles:,.0f} cycles, is"
             f" {comparison.error:+.1%} off the {measured} co-simulation measured. Possible causes: {why}"),
            data={"estimate_cycles": comparison.estimate_cycles, "measured_avg": comparison.measured_avg,
                  "error": comparison.error, "tolerance": COSIM_TOLERANCE}), *found]
    for name, value in comparison.implied.items():
        found.append(_at(
            report, run, IMPLIED_RULE, Severity.NOTE,
            (f"top '{report.top}': co-simulation measured {measured}; the estimate equals that at"
             f" {name} = {implied_text(value)} (the testbench's value if the model holds; not used:"
             f" give --set {name}={implied_text(value)} to use it)"),
            data={"symbol": name, "value": value, "measured_avg": comparison.measured_avg}))
    return found


def _at(report: CosimReport, run: CosimRun, rule: str, severity: Severity, message: str,
        data: dict[str, object]) -> Diagnostic:
    """A finding placed on the co-simulation report's row of ``run``."""
    return Diagnostic(rule=rule.replace("vivado-cosim", report.rules, 1), severity=severity, message=message,
                      file=str(report.path), line=run.line or None, kernel=report.top, subject=report.top, data=data)


def _outside(comparison: CosimComparison) -> bool:
    """The estimate is beyond the tolerance and outside the measured range.
    A mean over several calls is judged against the measured average only:
    the calls' spread is no tolerance for it (a public userdma's two calls,
    150 and 4,512 cycles, held a mean 74 % low without a word)."""
    value, error = comparison.estimate_cycles, comparison.error
    assert value is not None and error is not None
    if comparison.estimate_calls is not None and comparison.estimate_calls > 1:
        return abs(error) > COSIM_TOLERANCE
    if comparison.queued_interval is not None:  # the latencies' range holds the queue's waits: no tolerance
        return abs(error) > COSIM_TOLERANCE
    low = comparison.measured_min if comparison.measured_min is not None else comparison.measured_avg
    high = comparison.measured_max if comparison.measured_max is not None else comparison.measured_avg
    inside = low is not None and high is not None and low <= value <= high
    return abs(error) > COSIM_TOLERANCE and not inside


def _failed(report: CosimReport) -> Diagnostic:
    states = ", ".join(f"{run.language}: {run.status}" for run in report.runs)
    return Diagnostic(
        rule=FAILED_RULE, severity=Severity.NOTE, file=str(report.path), kernel=report.top, subject=report.top,
        message=f"co-simulation of '{report.top}' has no passing run with a latency ({states}): not compared")
