"""Vivado/Vitis designs: a module's cycles composed the way the HLS scheduler
composes them (:mod:`hlsight.analyzer.vivado_cycles`, HLScope+ eqs. 1-2 and 4),
their time at the target and at the estimated clock, and the HLScope+ DRAM
model (eqs. 7-16) on m_axi designs; the top module is the design.

Cycles come first: the time is cycles times a named clock. The primary time
uses the *target* clock, as Vivado's own "Latency (absolute)" column does; the
estimated clock (the scheduler's critical path) is shown beside it. ``--set
fmax=MHz`` replaces both.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

import sympy

from hlsight.analyzer.estimate.evaluate import bind, free_names, numeric, substitutions
from hlsight.analyzer.estimate.inputs import Settings, default_values
from hlsight.analyzer.estimate.intel import concurrent_groups, group_bound, sequence_caution
from hlsight.analyzer.estimate.kernel import KernelModel
from hlsight.analyzer.hlscope_model import hlscope_estimate
from hlsight.analyzer.memory_model import smax
from hlsight.analyzer.results import BoundTerms, CycleCaveat, CycleEstimate, CyclePart, KernelEstimate
from hlsight.analyzer.symbols import FMAX
from hlsight.analyzer.vivado_cycles import CycleComposer
from hlsight.core.model import Design, Kernel
from hlsight.core.units import count_range, name_list

COMPOSITION = "Vivado/Vitis latency composition (HLScope+ eqs. 1, 2, 4; IL contains sub-loops)"


def xilinx_kernel_estimate(
    kernel: Kernel,
    model: KernelModel,
    estimate: KernelEstimate,
    design: Design,
    settings: Settings,
    module_times: dict[str, sympy.Expr | None],
) -> KernelEstimate:
    """The estimate of one Vivado/Vitis module (``model``/``estimate``, the
    generic FlexCL ones, are kept only when the module has no cycles at all)."""
    values = clock_values(kernel, design, settings)
    cycles = cycle_estimate(kernel, design, settings, values)
    module_times[kernel.name] = None if cycles is None else cycles.expression / (FMAX * 10**6)
    t_comp = module_times[kernel.name]
    # The DRAM model is the top module's: its bundles carry the host's
    # buffers (axi.<top>.<bundle>.bytes). A sub-module moves an unknown part
    # of them, so it keeps its scheduled time rather than ask for its own sizes.
    memory = (hlscope_estimate(kernel, design, settings.profile, values, t_comp, settings.source)
              if _is_top(kernel, design) else None)
    compute = None if cycles is None else _compute_only(kernel, cycles, t_comp, settings, values)
    if compute is not None and memory is None and _is_top(kernel, design) and not kernel.interfaces:
        # no file gave the top's interface table (vivado-no-interface-table): said with the number
        compute.caveats.append(
            "the top's m_axi bundles are unknown (no interface table in its reports): this time holds no DRAM"
            " traffic, a lower bound if the top has any")
    assumed = settings.source.assumed(kernel.name)  # sizes read through a pointer the top never writes (decision 65)
    floor = _uncounted_floor(kernel, cycles)
    ceiling = _worst_case_ceiling(kernel, cycles)
    for chosen in (compute, memory):
        if chosen is not None:
            chosen.caveats.extend(assumed)
            if floor is not None:  # the caution once, at the top; each module's number says "at least"
                chosen.left_out.append(floor[0])
                if _is_top(kernel, design):
                    chosen.caveats.append(floor[1])
            if ceiling is not None and _is_top(kernel, design):
                chosen.caveats.append(ceiling[1])
            if cycles is not None and CycleCaveat.ASSUMED_TRIP in cycles.caveats and _is_top(kernel, design):
                # the number a user reads rests on the pragma: said beside it, not only in a note
                chosen.caveats.append(
                    f"{kernel.name}: loops are counted at their loop_tripcount pragma's values where the source's"
                    " counts wait for values not given (the notes under the function name each and what to give):"
                    " this number holds at that assumption only")
    if ceiling is not None and ceiling[0] is not None and compute is not None:
        # "at most" only where the number is the cycles: a DRAM model's time beside them is no bound
        compute.worst_case.append(ceiling[0])
    if memory is not None:
        # HLScope+ already contains t_COMP (eqs. 14, 16): it is the primary
        # estimate, the pipeline-only one the alternative.
        memory.assumptions = [*settings.assumptions, *memory.assumptions]
        memory.alternatives = [compute] if compute is not None else []
        memory.cycles = cycles
        return memory
    if compute is not None:
        return compute
    if estimate.seconds is None and FMAX.name in values:
        # nothing to time (no cycles, no bundles): the clock said beside it is
        # the one every Vivado/Vitis estimate uses, the target's
        estimate.values = {**estimate.values, FMAX.name: values[FMAX.name]}
    return estimate


def clock_values(kernel: Kernel, design: Design, settings: Settings) -> dict[str, float]:
    """Model values with ``fmax`` at the module's target clock (unless the
    user set it), or at the place-and-route clock where the implementation
    did not meet the target: the design cannot run faster than that."""
    values = default_values(design, settings)
    target = kernel.clock_target_ns or _top_clock(design)
    routed = routed_clock_ns(kernel, design)
    if routed is not None and (target is None or routed > target):
        target = routed
    if target and FMAX.name not in settings.user:
        values[FMAX.name] = 1000.0 / target
    return values


def routed_clock_ns(kernel: Kernel, design: Design) -> float | None:
    """The clock period place and route reached for the design's top
    (``<top>_export.rpt``), for the modules it holds: the whole RTL was
    placed at it. ``None`` without an implementation report, or with one
    older than the synthesis (an earlier design's)."""
    implementation = design.implementation
    if implementation is None or implementation.older_than_synthesis or not design.top_kernels():
        return None
    return implementation.achieved_ns


def _is_top(kernel: Kernel, design: Design) -> bool:
    return any(top is kernel for top in design.top_kernels())


def _holds_a_process(own: float, parts: list[CyclePart]) -> bool:
    """The cycles a dataflow region has beyond its longest process are at
    least a whole process's (its shortest that takes any): processes that
    start after others have finished, not the region's own control."""
    shortest = [part.cycles for part in parts if part.cycles]
    return bool(shortest) and own >= min(shortest)


def _top_clock(design: Design) -> float | None:
    tops = design.top_kernels()
    return tops[0].clock_target_ns if tops else None


def cycle_estimate(
    kernel: Kernel, design: Design, settings: Settings, values: Mapping[str, float]
) -> CycleEstimate | None:
    """The composed cycles of ``kernel`` at the user's trip counts."""
    composer = CycleComposer(design, given=frozenset(settings.user), source=settings.source)
    expression = composer.module(kernel)
    if expression is None:
        return None
    subs = substitutions(values)  # trip counts, and the kernel arguments source-derived trips use
    value = numeric(expression, subs)
    parts = [CyclePart(name, kind, numeric(expr, subs), expr) for name, kind, expr in composer.parts(kernel)]
    fixed = composer.fixed(kernel)
    exact = kernel.latency.min if kernel.latency is not None and kernel.latency.min == kernel.latency.max else None
    if exact is not None and value == exact and parts and all(part.cycles is not None for part in parts) \
            and not kernel.dataflow:
        # the report's exact latency is the number (no trip count given moved it): its
        # own cycles are what the parts leave (a trip count given recomposes the module,
        # and the report's latency minus parts at that count went negative, public AdderTree)
        fixed = sympy.Integer(exact) - sympy.Add(*[part.expression for part in parts])
    if kernel.instances_cut is not None and parts:
        # the report latency is the number: what the parts read leave includes the calls after the cut
        fixed = expression - sympy.Add(*[part.expression for part in parts])
    if fixed != 0 and parts:
        own = numeric(fixed, subs)
        # parts longer than the module's exact latency run at the same time (concurrent
        # initialiser modules, calls inside a pipelined function): an overlap, not negative code
        label = "(overlap: parts running at the same time)" if own is not None and own < 0 else \
            "(own control and straight-line code)"
        if kernel.instances_cut is not None:
            label = "(own cycles and the calls after the cut instance table)"
        # also where the report's exact latency is the number: how its parts combine
        in_sequence = kernel.dataflow and composer.dataflow_in_sequence(kernel)
        if kernel.dataflow and not in_sequence and own is not None and _holds_a_process(own, parts):
            # a public 2022.1 diamond: A, then B and C side by side, then D through ping-pong arrays,
            # 155 = 51 + 51 + 51 + 2: 104 beyond the longest process is processes chained, not control
            label = "(beyond the longest process: processes that wait for others' arrays, or control)"
        parts.append(CyclePart(label, "fixed", own, fixed))
    in_sequence = kernel.dataflow and composer.dataflow_in_sequence(kernel)
    target = kernel.clock_target_ns or _top_clock(design)
    routed = routed_clock_ns(kernel, design)
    estimated = kernel.clock_estimated_ns if routed is None else None
    user_fmax = settings.user.get(FMAX.name)
    latency = kernel.latency
    missed = routed is not None and (target is None or routed > target)
    return CycleEstimate(
        expression=expression,
        cycles=value,
        clock_target_ns=target,
        clock_estimated_ns=estimated,
        seconds_target=None if value is None or target is None else value * target * 1e-9,
        seconds_estimated=None if value is None or estimated is None else value * estimated * 1e-9,
        clock_routed_ns=routed,
        clock_routed_step="implementation" if routed is not None and design.implementation is not None
        and design.implementation.cp_post_route_ns is None else "place-and-route",
        seconds_routed=None if value is None or routed is None else value * routed * 1e-9,
        clock_used="--set fmax" if user_fmax is not None else ("post-route" if missed else "target" if target else
                                                               "estimated" if estimated else "fmax"),
        clock_given_ns=None if user_fmax is None else 1000.0 / user_fmax,
        seconds_given=None if value is None or user_fmax is None else value / (user_fmax * 1e6),
        report_min=None if latency is None else latency.min,
        report_max=None if latency is None else latency.max,
        report_interval=_overlapping_interval(kernel),
        parts=parts,
        notes=list(dict.fromkeys(composer.notes)),
        caveats=frozenset(composer.caveats),
        branches=list(dict.fromkeys(composer.branches)),
        cycles_short=_short_branches(kernel, design, settings, subs) if composer.branches else None,
        dataflow_in_sequence=in_sequence,
        dataflow_beside=composer.dataflow_beside(kernel) if in_sequence else "",
    )


def _overlapping_interval(kernel: Kernel) -> int | None:
    """The module's exact interval where it is below its latency (calls overlap)."""
    interval, latency = kernel.interval, kernel.latency
    if interval is None or interval.min is None or interval.min != interval.max or latency is None \
            or latency.min is None or interval.min >= latency.min or interval.min <= 0:
        return None
    return interval.min


def _short_branches(kernel: Kernel, design: Design, settings: Settings, subs: Mapping[sympy.Symbol, sympy.Float]
                    ) -> float | None:
    """The cycles with every branch loop at its short path: a measured count
    between this and the estimate says how many iterations took the long one."""
    short = CycleComposer(design, given=frozenset(settings.user), source=settings.source, short_branches=True)
    expression = short.module(kernel)
    return None if expression is None else numeric(expression, subs)


def _uncounted_floor(kernel: Kernel, cycles: CycleEstimate | None) -> tuple[str, str] | None:
    """What the number leaves out, and the caution said beside it, when the
    composed cycles count a "?" of the report at its fewest (an iteration
    latency or II of 1, a call or control cycles of none): the number is a
    lower bound, said in it ("at least"). A public Vivado HLS 2018.2
    Dilithium read "1.33 ms" with no such word; it co-simulates 2.2x that,
    its "?" loops calling ntt four and five times each."""
    if cycles is None or CycleCaveat.UNCOUNTED not in cycles.caveats:
        return None
    return (f"what {kernel.name}'s report leaves at \"?\"",
            f"{kernel.name}: parts of its schedule are \"?\" in the report and counted at their fewest cycles (the"
            " notes under -v name each): this number is a lower bound")


def _worst_case_ceiling(kernel: Kernel, cycles: CycleEstimate | None) -> tuple[str | None, str] | None:
    """What the number counts at its worst, and the caution said beside it,
    when the composed cycles take the worst of a range the report cannot
    resolve (a branch's long path in every iteration, a module's maximum)
    and leave nothing out: the count is an upper bound, said in it ("at
    most"). A public hls4ml convolution (Vivado HLS 2019.2) read "9.89 us,
    compute-bound", its window loop's 79-cycle path counted in all 25
    iterations, against 777 cycles co-simulated (3.89 us): 9 take it.
    ``None`` where a part is counted at its fewest too (neither bound), and
    where the count is the report's best case (then it is the report's).
    Where the count takes values given (trip counts, arguments) it bounds
    the run only if every call runs those values: a mean given for a count
    that varies is no bound (a public Cholesky, its column loop's mean 32.5
    given, counts 467,252 cycles against 467,444 co-simulated), so the
    caution says so and the number does not say "at most" (first item
    ``None``)."""
    if cycles is None or cycles.cycles is None or CycleCaveat.WORST_CASE not in cycles.caveats:
        return None
    if cycles.caveats & {CycleCaveat.UNCOUNTED, CycleCaveat.CONTROL_UNKNOWN, CycleCaveat.GIVEN_UNUSED,
                         CycleCaveat.ASSUMED_TRIP}:
        return None
    given = cycles.expression is not None and bool(cycles.expression.free_symbols)
    if not given and cycles.report_min is not None and cycles.cycles <= cycles.report_min:
        return None  # the report's best case (at other values, the report's range says nothing)
    report = "" if cycles.report_max is None else \
        f" (the report's latency: {count_range(cycles.report_min, cycles.report_max)} cycles)"
    names = [f"{branch.name}.long_iterations" for branch in cycles.branches]
    give = "" if not names else \
        f"; {name_list(names)} {'sets' if len(names) == 1 else 'set'} how many iterations take the long path"
    bound = ("at the values given, an upper bound only if every call runs them (a mean given for a count that"
             " varies is none)" if given else f"an upper bound{report}")
    return (None if given else f"the worst case of what {kernel.name}'s report gives as a range",
            f"{kernel.name}: where its report gives a range it cannot resolve, the worst case is counted (the notes"
            f" under -v name each): the cycle count is {bound}{give}")


def _compute_only(
    kernel: Kernel, cycles: CycleEstimate, seconds: sympy.Expr | None, settings: Settings,
    values: Mapping[str, float],
) -> KernelEstimate:
    subs = substitutions(values)
    clock = _clock_text(cycles, values)
    estimate = KernelEstimate(
        kernel=kernel.name,
        seconds=numeric(seconds, subs),
        bound="compute",
        expression=None if seconds is None else bind(seconds, subs),
        free_symbols=[] if seconds is None else free_names(seconds, subs),
        model=COMPOSITION,
        assumptions=[*settings.assumptions, f"time = cycles x {clock}", *cycles.notes],
        cycles=cycles,
    )
    estimate.symbolic = seconds
    estimate.values = dict(values)
    estimate.compute_seconds = estimate.seconds
    # scheduled cycles only: compute-bound at any values (whatif's bound column)
    estimate.bound_terms = None if seconds is None else BoundTerms(compute=seconds, pipeline=seconds)
    return estimate


def _clock_text(cycles: CycleEstimate, values: Mapping[str, float]) -> str:
    if cycles.clock_used == "--set fmax":
        return f"clock period {1000.0 / values[FMAX.name]:g} ns (--set fmax)"
    if cycles.clock_used == "post-route":
        target = "?" if cycles.clock_target_ns is None else f"{cycles.clock_target_ns:g}"
        return (f"{cycles.clock_routed_step} clock period {cycles.clock_routed_ns:g} ns (the target {target} ns was"
                " not met)")
    if cycles.clock_target_ns:
        return f"target clock period {cycles.clock_target_ns:g} ns"
    if cycles.clock_estimated_ns:
        return f"estimated clock period {cycles.clock_estimated_ns:g} ns"
    fmax = values.get(FMAX.name)
    return "clock fmax (unknown: symbol fmax)" if fmax is None else f"clock period {1000.0 / fmax:g} ns (fmax)"


def top_estimate(design: Design, estimates: dict[str, KernelEstimate], settings: Settings) -> KernelEstimate:
    """The design estimate of a Vivado/Vitis design: its top module's, or,
    for the several kernels of a Vitis kernel flow, theirs composed."""
    tops = design.top_kernels()
    if len(tops) == 1:
        return estimates[tops[0].name]
    return _kernels_estimate(design, [estimates[top.name] for top in tops], settings)


def _kernels_estimate(design: Design, kernels: list[KernelEstimate], settings: Settings) -> KernelEstimate:
    """Kernels of one group run concurrently (the slowest sets the time),
    groups one after another (one in-order command queue): the same reading
    as aoc kernels (:mod:`.intel`), said with the number."""
    by_name = {estimate.kernel: estimate for estimate in kernels}
    # the kernels' own design (no channels between them): hints ``concurrent`` joins them
    tops = dataclasses.replace(design, kernels=[kernel for kernel in design.kernels if kernel.name in by_name])
    groups = concurrent_groups(tops, settings.concurrent)
    missing = [estimate.kernel for estimate in kernels if estimate.expression is None]
    left_out = [*missing, *dict.fromkeys(part for member in kernels for part in member.left_out)]
    timed = [[by_name[kernel.name] for kernel in group if by_name[kernel.name].expression is not None]
             for group in groups]
    timed = [group for group in timed if group]
    expression = sympy.Add(*[smax(*[member.expression for member in group]) for group in timed])
    symbolic = sympy.Add(*[smax(*[member.expression if member.symbolic is None else member.symbolic
                                  for member in group]) for group in timed])
    seconds = numeric(expression, {})
    slowest = [max(group, key=lambda member: member.seconds or 0.0) for group in timed]
    bound = group_bound(slowest) if seconds is not None else "unknown"
    names = ["(" + " | ".join(member.kernel for member in group) + ")" for group in timed]
    estimate = KernelEstimate(
        kernel=design.name or "design",
        seconds=seconds,
        bound=bound,
        expression=expression,
        free_symbols=sorted({name for member in kernels for name in member.free_symbols}),
        model="kernels of a Vitis kernel flow: concurrent ones take the slowest, the rest add up",
        assumptions=[*settings.assumptions,
                     "each kernel's m_axi traffic timed as if alone on its memory (the link's bank mapping is not"
                     " in the reports)"],
        symbolic=symbolic,
        values=dict(kernels[0].values),
        profile=kernels[0].profile,
        caveats=list(dict.fromkeys(caveat for member in kernels for caveat in member.caveats)),
        left_out=left_out,
    )
    estimate.pending_symbols = sorted({name for member in kernels for name in member.pending_symbols})
    estimate.concurrent_groups = [[kernel.name for kernel in group] for group in groups]
    if missing:
        estimate.caveats.append(f"the design time leaves out {name_list(missing)}: nothing in its report to time"
                                " it by, so it is a lower bound")
    if len(timed) > 1:
        estimate.caveats.append(sequence_caution(names, "one queue each, or joined by AXI streams"))
    return estimate
