"""One kernel (or one group of concurrent kernels): the memory model and the
FlexCL pipeline model composed by FlexCL eq. 12, and its bound."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

import sympy

from hlsight.analyzer import memory_model as mm
from hlsight.analyzer.access import parse_expression
from hlsight.analyzer.access.communication import BARRIER_MODE
from hlsight.analyzer.access.kernel_attributes import kernel_simd
from hlsight.analyzer.access.taken import Taken, test_text
from hlsight.analyzer.avalon_ports import SOURCE as AVALON_SOURCE
from hlsight.analyzer.avalon_ports import InterfaceLoad, block_commands, busiest, interface_loads
from hlsight.analyzer.compute_model import compose, compute_estimate
from hlsight.analyzer.estimate.evaluate import bind, free_names, numeric, substitutions, truth
from hlsight.analyzer.estimate.inputs import Settings, default_values, given_for, kernel_scoped
from hlsight.analyzer.estimate.memory import MEMORY_MODEL_NAME, MemoryResult, memory_estimate, memory_parts
from hlsight.analyzer.library_calls import library_caveat
from hlsight.analyzer.loop_concurrency import overlap_unread, overlapped_stage_counts
from hlsight.analyzer.results import BankEstimate, BoundTerms, KernelEstimate, LsuFacts, SourceFacts, TermEstimate
from hlsight.analyzer.symbols import FMAX
from hlsight.core.model import Design, Kernel, Loop, LSUKind, MemoryKind, Vendor
from hlsight.core.units import name_list
from hlsight.parsers.intel.common import as_int
from hlsight.parsers.intel.info import avalon_component


@dataclass
class KernelModel:
    """The symbolic pieces of one kernel (or concurrent kernel group)."""

    name: str
    memory: MemoryResult | None
    compute: sympy.Expr | None
    compute_notes: list[str]
    compute_equations: str
    total: sympy.Expr | None
    compute_open: sympy.Expr | None = None  # pipeline time still waiting for loop trip counts
    barrier_mode: str | None = None  # why memory and pipeline time add (FlexCL eq. 10), when they do
    kernels: tuple[Kernel, ...] = ()  # the kernels this model stands for
    #: pipeline terms kept out of ``total`` for want of trip counts, said
    #: beside the number (the memory time alone is then a lower bound)
    left_out: tuple[str, ...] = ()
    #: loops composed one at a time (eq. 12 per loop): they run one after another
    per_loop: bool = False
    #: LSUs on a USM/SVM BSP's host memory, not timed: no bound can be named
    host_lsus: tuple[str, ...] = ()
    #: LSUs whose transfers the number leaves out (host memory, the constant
    #: cache): it is a lower bound, said in the number itself
    untimed: tuple[str, ...] = ()
    #: an i++ component's Avalon host interfaces and the commands they carry
    #: (:mod:`~hlsight.analyzer.avalon_ports`), and the busiest one's time:
    #: the memory side of eq. 12 where no DRAM model applies
    ports: tuple[InterfaceLoad, ...] = ()
    port: sympy.Expr | None = None
    #: the pipeline time with every loop held to its interfaces' commands
    #: (the number, where ``port`` is given)
    held: sympy.Expr | None = None


def _host_memory_lsus(kernels: list[Kernel], design: Design) -> tuple[str, ...]:
    """The LSUs of aoc/oneAPI ``kernels`` that reach a USM/SVM BSP's "host"
    memory: the host's DRAM over PCIe, which eqs. 1-14 (a DRAM bank beside
    the FPGA) do not describe. (An i++ component's host interfaces are said
    in the headline, as are a oneAPI IP component's.)"""
    if avalon_component(design.tool, design.device):
        return ()
    return tuple(lsu.id for kernel in kernels for lsu in kernel.global_lsus()
                 if (memory := design.memory_system(lsu.memory) if lsu.memory else None) is not None
                 and memory.kind is MemoryKind.HOST)


def kernel_model(kernels: list[Kernel], design: Design, settings: Settings, name: str) -> KernelModel:
    memory = memory_estimate(kernels, design, settings)
    compute_parts = []
    open_parts = []
    sequential: dict[str, sympy.Expr] = {}
    compute_notes: list[str] = []
    left_out: list[str] = []
    equations = ""
    ports: list[InterfaceLoad] = []
    held_parts: list[sympy.Expr] = []
    for kernel in kernels:
        scoped = kernel_scoped(kernel, settings)
        given = frozenset(given_for(kernel, settings))
        ports.extend(replace(load, commands=load.commands.xreplace(scoped)) if scoped else load
                     for load in interface_loads(kernel, design, given, settings.source))
        simd = kernel_simd(kernel, design)
        estimate = compute_estimate(kernel, simd, given, settings.source,
                                    interleave=design.tool.vendor is Vendor.INTEL)
        if estimate is None:
            continue
        if scoped:
            estimate.seconds = estimate.seconds.xreplace(scoped)
        commands = block_commands(kernel, design)
        held = None
        if commands:  # each loop held to the commands it sends (its sibling loops run one after another)
            held = compute_estimate(kernel, simd, given, settings.source, interleave=True, commands=commands)
        if held is None:
            held_parts.append(estimate.seconds)
        else:
            held_parts.append(held.seconds.xreplace(scoped) if scoped else held.seconds)
            compute_notes.extend(f"{kernel.name}: {note}" for note in held.notes if note not in estimate.notes)
        compute_notes.extend(f"{kernel.name}: {note}" for note in estimate.notes)
        equations = estimate.equations
        trips = sorted(
            symbol.name for symbol in estimate.seconds.free_symbols
            if symbol.name.startswith("loop.") and symbol.name not in settings.user
        )
        if trips and memory is not None:
            # Without trip counts the pipeline time is unknown; the memory
            # model still bounds the kernel, so keep the pipeline term aside.
            compute_notes.append(
                f"{kernel.name}: pipeline time needs {', '.join(trips)}: left out of the total (give them with --set)"
            )
            alone = "its memory time alone" if len(kernels) == 1 else "it"
            left_out.append(
                f"{kernel.name}'s pipeline time is not in this number (it needs {', '.join(trips)}: --set"
                f" {trips[0]}=VALUE); {alone} is a lower bound"
            )
            open_parts.append(estimate.seconds)
        else:
            compute_parts.append(estimate.seconds)
            if len(kernels) == 1:
                sequential = {name: part.xreplace(scoped) if scoped else part for name, part in estimate.parts.items()}
    host_lsus = _host_memory_lsus(kernels, design)
    if host_lsus:
        left_out.append(
            f"{len(host_lsus)} LSU(s) reach the host's memory over PCIe (a USM/SVM BSP's \"host\":"
            f" {name_list(list(host_lsus))}), which the DRAM model does not time: this number leaves their"
            " transfers out and is a lower bound")
    constant = [lsu.id for kernel in kernels for lsu in kernel.lsus if settings.source.constant_cache(lsu)]
    if constant:
        left_out.append(
            f"{len(constant)} LSU(s) read __constant data through the constant cache ({name_list(constant)}),"
            " which the DRAM model does not time: this number leaves their cache misses out and is a lower bound")
    compute = max_of(compute_parts)
    barrier = None
    per_loop: sympy.Expr | None = None
    if memory is not None and compute is not None:
        # barrier mode only composes a memory and a pipeline term that both exist
        barrier = next((reason for kernel in kernels if (reason := settings.source.barrier_mode(kernel))), None)
        total: sympy.Expr | None = compose(memory.expression, compute, barrier=barrier is not None)
        if barrier is None and sequential:
            per_loop = sequential_total(memory, sequential)
        if per_loop is not None:
            total = per_loop
            compute_notes.append(f"{name}: its loops {', '.join(sequential)} run one after another: memory and"
                                 " pipeline time overlap within each loop only (FlexCL eq. 12 per loop, summed)")
    elif memory is not None:
        total = memory.expression
    else:
        total = compute
    port = busiest(ports) if memory is None and compute is not None else None
    held_total = max_of(held_parts) if port is not None else None
    if held_total is not None:
        total = held_total  # the pipeline at the interfaces' rate: eq. 12 loop by loop
    return KernelModel(name, memory, compute, compute_notes, equations, total, max_of(open_parts), barrier,
                       tuple(kernels), tuple(left_out), per_loop is not None, host_lsus, (*host_lsus, *constant),
                       tuple(ports) if port is not None else (), port, held_total)


def sequential_total(memory: MemoryResult, pipeline: Mapping[str, sympy.Expr]) -> sympy.Expr | None:
    """FlexCL eq. 12 per loop of a single-work-item kernel whose top-level
    loops run one after another (``pipeline``: each loop's pipeline time by
    block name): memory and pipeline time overlap within a loop, never
    across two, so the kernel takes the sum over its loops of the longer of
    the two (eq. 1 per loop: the slowest bank of that loop's LSUs). LSUs the
    report places in no loop run once, before or after: their time adds.
    ``None`` when no LSU sits in two different loops' parts (nothing to split)."""
    by_part: dict[str | None, dict[str, list[mm.LsuTerm]]] = {}
    for bank, _time, terms, inputs in memory.banks:
        for term, item in zip(terms, inputs, strict=True):
            phase = item.params.phase
            part = None if phase is None else phase[1].split("/")[0]
            by_part.setdefault(part if part in pipeline else None, {}).setdefault(bank, []).append(term)
    if len([part for part in by_part if part is not None]) < 2:
        return None
    total: sympy.Expr = sympy.Integer(0)
    for part, seconds in pipeline.items():
        banks = by_part.get(part)
        total += seconds if banks is None else mm.smax(
            mm.kernel_time([mm.bank_time(terms) for terms in banks.values()]), seconds)
    outside = by_part.get(None)
    if outside is not None:
        total += mm.kernel_time([mm.bank_time(terms) for terms in outside.values()])
    return total


def max_of(parts: list[sympy.Expr]) -> sympy.Expr | None:
    if not parts:
        return None
    return mm.smax(*parts)


def kernel_bound(model: KernelModel, subs: Mapping[sympy.Symbol, sympy.Float]) -> str:
    memory = model.memory
    if memory is None and model.port is not None:
        # the busiest Avalon interface is busy every cycle: "saturated"; both
        # sides are cycles over fmax, so a clock not given decides nothing
        port, pipeline = port_cycles(model, subs)
        return bound_from(port, pipeline, True, True, False) if port is not None and pipeline is not None \
            else "unknown"
    return bound_from(
        numeric(memory.expression, subs) if memory is not None else None, numeric(model.compute, subs),
        truth(memory.saturated, subs) if memory is not None else None, memory is not None, bool(model.host_lsus))


def bound_from(memory_s: float | None, compute_s: float | None, sat: bool | None, has_memory: bool,
               host_lsus: bool) -> str:
    """Eq. 7's bound from the numbers alone: :func:`kernel_bound` and
    ``whatif``'s per-point bound are this one function."""
    if host_lsus:
        return "unknown"  # their PCIe transfers are not timed: either side may limit
    if memory_s is not None and compute_s is not None and compute_s > memory_s:
        return "compute"
    if not has_memory:
        return "compute" if compute_s is not None else "unknown"
    if sat is True:
        return "memory"
    if sat is False:
        return "compute"  # eq. 7: memory non-saturated -> the pipeline limits
    return "unknown"


def bound_terms(model: KernelModel) -> BoundTerms:
    """The parts :func:`kernel_bound` and ``bound_label`` read, unsubstituted (``whatif``)."""
    memory = model.memory
    if memory is None and model.port is not None:
        return BoundTerms(memory=model.port, compute=model.compute, pipeline=model.compute, saturated=sympy.true,
                          host_lsus=False)
    return BoundTerms(
        memory=None if memory is None else memory.expression, compute=model.compute,
        pipeline=model.compute if model.compute is not None else model.compute_open,
        saturated=None if memory is None else memory.saturated, host_lsus=bool(model.host_lsus))


#: the list after "II is an approximation due to the following stallable instruction(s):"
_STALLABLE = re.compile(r"II is an approximation due to the following stallable instructions?:(?P<list>.*)")
#: a stallable operation of that list: "Load Operation (file:line)", "Channel Read Operation (...)"
_STALLABLE_OPERATION = re.compile(r"(?P<what>[A-Z][A-Za-z -]*?) Operation \(")


def stallable_operations(loop: Loop) -> list[str]:
    """The stallable operations the report names for ``loop``'s approximate
    II ("Load", "Store", "Channel Read", "Pipe Write", "Stream Read"...);
    empty where the report names none."""
    for detail in loop.details:
        if (found := _STALLABLE.match(detail)) is not None:
            return [match.group("what") for match in _STALLABLE_OPERATION.finditer(found.group("list"))]
    return []


def _streams_only(loop: Loop) -> bool:
    """Whether the report makes ``loop``'s II approximate for channel, pipe
    or stream operations alone (no global load or store)."""
    operations = stallable_operations(loop)
    return bool(operations) and all(operation.split()[0] in ("Channel", "Pipe", "Stream")
                                    for operation in operations)


def _loop_list(loops: list[Loop]) -> str:
    shown = ", ".join(f"{loop.name} (II ~{loop.ii.value})" for loop in loops[:3] if loop.ii is not None)
    return shown + (f" and {len(loops) - 3} more" if len(loops) > 3 else "")


def approximate_ii_caveats(loops: list[Loop]) -> list[str]:
    """What an II the report marks ``~`` ("an approximation due to the
    following stallable instructions") means for the time built on it.

    Where the report names global loads or stores (or nothing), it scheduled
    the II on their latency, which the run can beat, and the pipeline time is
    an upper bound (Intel's kernel_args_restrict sample, oneAPI 20.3 on a
    PAC: II ~250 at 240 MHz gave 1.04 s; its README measured 0.372 s, about
    89 cycles per iteration). Where it names only channel, pipe or stream
    operations, the II is the one scheduled with them never stalling, and an
    empty input or a full output can only add cycles: the time is then a
    lower bound (a public i++ 19.4 component, II ~9 on a load-to-compare
    recurrence of its own, with a stream read and write)."""
    streams: list[Loop] = []
    memory: list[Loop] = []
    for loop in loops:  # each loop's list of stallable operations read once
        (streams if _streams_only(loop) else memory).append(loop)
    caveats = []
    if memory:
        caveats.append(
            f"the pipeline time rests on approximate IIs ({_loop_list(memory)}): the report schedules them on the"
            " latency of stallable global loads and stores, which the run can beat; read it as an upper bound (a"
            " measured II ~250 loop ran at about 89 cycles per iteration, docs/model.md)")
    if streams:
        kinds = sorted({operation.lower() for loop in streams for operation in stallable_operations(loop)})
        caveats.append(
            f"the pipeline time rests on IIs the report marks approximate for their stallable {', '.join(kinds)}"
            f" operations only ({_loop_list(streams)}): they hold while those never stall; an empty input or a"
            " full output adds cycles, so read it as a lower bound")
    return caveats


def argument_test_caveats(kernels: Sequence[Kernel], settings: Settings) -> list[str]:
    """The global accesses that run only while a test of kernel arguments
    holds, whose arguments were not given: counted as taken, so their memory
    time is an upper bound (HPCC STREAM's ``in2``, read for Add and Triad
    only). One text for every kernel and the design."""
    tests: dict[str, list[str]] = {}
    for kernel in kernels:
        given = given_for(kernel, settings)
        for lsu in kernel.global_lsus():
            access = settings.source.access(lsu)
            if access is None or access.accesses is None or "Taken(" not in access.accesses:
                continue
            for node in parse_expression(access.accesses).atoms(Taken):
                if any(symbol.name not in given for symbol in node.free_symbols):
                    tests.setdefault(test_text(node), []).append(lsu.id)
    if not tests:
        return []
    said = "; ".join(f"{test} ({name_list(ids)})" for test, ids in sorted(tests.items()))
    names = sorted({name for test in tests for name in re.findall(r"[A-Za-z_]\w*", test)})
    return [f"accesses that run only while a test of kernel arguments or launch sizes holds are counted as taken:"
            f" {said}; give"
            f" {', '.join(names)} (--set or [[launch]] tables) to count them, read the memory time until then as an"
            " upper bound"]


def cached_load_caveats(kernels: Sequence[Kernel], source: SourceFacts) -> list[str]:
    """What the number assumes of the kernels' cached loads ("Burst-coalesced
    cached": a cache aoc gives a load whose reads look repetitive, flushed at
    kernel start; Intel FPGA SDK for OpenCL Best Practices Guide, "Load-Store
    Unit Modifiers"). Where the source shows which re-reads the cache holds
    (decision 56) they are charged once, a model the seed papers do not give;
    every other cached load is timed like any load, every access as DRAM
    traffic, so its memory time is an upper bound (someoneinjd/t2sp GER, A10
    PAC: two cached loaders re-reading 64 KB vectors took 67 of the 146 ms
    its bank was charged, +106 % over the run). One text each for every
    kernel and the design, so the reports say it once with the kernels'
    names (-v and the f_min notes name the loads)."""
    cached = [lsu for kernel in kernels for lsu in kernel.lsus
              if lsu.cached and lsu.is_global and lsu.kind is LSUKind.LOAD]
    held = [(access := source.access(lsu)) is not None and access.dram_reads is not None for lsu in cached]
    caveats = []
    if not all(held):
        caveats.append("global loads read through an aoc cache (Burst-coalesced cached): the DRAM model charges every"
                       " access as DRAM traffic, but the repeated reads the cache serves cost none; read their memory"
                       " time, and a memory-bound number, as an upper bound")
    if any(held):
        caveats.append("cached loads: an element read again (by a loop, or by every work-item) is charged to the DRAM"
                       " once, where the span re-read fits the cache size the report gives (decision 56; measured on"
                       " one design, t2sp GER); -v shows which loads and their counts")
    return caveats


def private_copies_caveat(kernels: Sequence[Kernel], design: Design) -> str | None:
    """An on-chip memory with private copies (``max_concurrency``) lets that
    many iterations of an outer loop run at once. Intel's max_concurrency
    sample (A10 PAC, README): 50,000 outer iterations of two 8,192-iteration
    inner loops took 2.95 s with one copy and 1.46 s with 2 to 16, where
    the estimate gave 3.41 s for all. Where the report says how many
    iterations run at once, the count overlaps the sub-loops itself
    (:mod:`hlsight.analyzer.loop_concurrency`); said here are the loops it
    could not: two or more sub-loops with no such line (the count then
    takes them one after another: an upper bound), and "capacity of loop"
    over more stages than a memory's copies may hold (the count overlaps
    them all: it may read low)."""
    names = {kernel.name for kernel in kernels}
    copies = [(count, memory.name) for memory in design.memory_systems
              if memory.kernel in names and not memory.is_global
              and (count := as_int(memory.details.get("Number of private copies"))) is not None and count > 1]
    if not copies:
        return None
    if any(overlap_unread(kernel.loops) for kernel in kernels):
        count, name = max(copies)
        return (f"on-chip memory {name} has {count} private copies: up to {count} iterations of the loop around its"
                " accesses run at once, which the pipeline time, one iteration after another, does not count; read"
                " it as an upper bound (a measured sample ran its outer loop 2x faster with 2 or more copies)")
    fewest, name = min(copies)
    wider = [(loop, stages) for kernel in kernels for loop, stages in overlapped_stage_counts(kernel.loops)
             if stages > fewest]
    if not wider:
        return None
    loop, stages = wider[0]
    return (f"loop {loop} overlaps {stages} sub-loops, as the report's \"capacity of loop\" allows, but on-chip"
            f" memory {name} has {fewest} private copies, which may hold fewer iterations at once: if it is"
            f" private to that loop, the pipeline time is too short; read it as a lower bound")


def in_cycles(seconds: sympy.Expr | None, subs: Mapping[sympy.Symbol, sympy.Float]) -> float | None:
    """A time of cycles over fmax as cycles, where the values give it (the
    clock is not needed)."""
    return numeric(seconds, {**subs, FMAX: sympy.Float(1e-6)})


def port_cycles(model: KernelModel, subs: Mapping[sympy.Symbol, sympy.Float]) -> tuple[float | None, float | None]:
    """The busiest Avalon interface's cycles a call and the pipeline's."""
    if model.port is None or model.compute is None:
        return None, None
    return in_cycles(model.port, subs), in_cycles(model.compute, subs)


def avalon_port_caveat(model: KernelModel, subs: Mapping[sympy.Symbol, sympy.Float]) -> str | None:
    """Said where an i++ component's loops wait for an Avalon host
    interface: the number is then more than the report's schedule shows.
    While a value is missing the symbolic number holds both sides (a
    ``Max``) and nothing is said."""
    held, pipeline = in_cycles(model.held, subs), in_cycles(model.compute, subs)
    if held is None or pipeline is None or held <= pipeline:
        return None
    load = max(model.ports, key=lambda item: in_cycles(item.seconds, subs) or 0.0)
    shared = f" ({load.arguments})" if load.arguments else ""
    return (f"its Avalon host interface {load.interface}{shared} takes one command a cycle, and its pipelined LSUs"
            f" {name_list(list(load.lsus))} send {numeric(load.commands, subs) or 0:,.0f} a call:"
            f" the loops that wait for it make the call {held:,.0f} cycles, against the pipeline's {pipeline:,.0f}"
            " (the report's schedule does not count LSUs sharing an interface; the memory behind it is not timed;"
            " Intel HLS Compiler Reference Manual 4.4)")


def to_estimate(model: KernelModel, design: Design, settings: Settings) -> KernelEstimate:
    values = default_values(design, settings)
    subs = substitutions(values)
    assumptions = list(settings.assumptions)
    per_bank: list[BankEstimate] = []
    per_lsu: list[TermEstimate] = []
    models: list[str] = []
    facts: dict[str, LsuFacts] = {}
    if model.memory is not None:
        per_bank, per_lsu = memory_parts(model.memory, subs, facts)
        models.append(MEMORY_MODEL_NAME)
        assumptions.extend(model.memory.notes)
        opts = settings.options
        assumptions.append(
            f"burst size 2^{'w' if opts.burst_rule == 'paper' else '(w-1)'}*dq*bl (eq. 9, {opts.burst_rule} rule); "
            f"T_ovh = 0 while #lsu <= {opts.ovh_free_lsus} (eq. 8)"
        )
        if opts.efficiency and settings.profile.efficiency != 1.0:
            assumptions.append(
                f"bw_dram x {settings.profile.efficiency:g} controller efficiency"
                f" ({settings.profile.efficiency_source})"
            )
    if model.compute is not None:
        mode = ("eq. 10 (barrier mode)" if model.barrier_mode
                else "eq. 12 per loop, summed (loops run one after another)" if model.per_loop
                else "eq. 12 (pipeline mode)")
        models.append(f"FlexCL pipeline ({model.compute_equations}); composed by FlexCL {mode}")
    if model.barrier_mode:
        assumptions.append(f"{model.barrier_mode}: {BARRIER_MODE}")
    assumptions.extend(model.compute_notes)
    total = model.total
    seconds = numeric(total, subs)
    expression = None if total is None else bind(total, subs)
    estimate = KernelEstimate(
        kernel=model.name,
        seconds=seconds,
        bound=kernel_bound(model, subs) if total is not None else "unknown",
        expression=expression,
        free_symbols=[] if total is None else free_names(total, subs),
        model=" + ".join(models) if models else "none (no global LSUs, loops or latency in the report)",
        assumptions=assumptions,
        per_bank=per_bank,
        per_lsu=per_lsu,
        symbolic=total,
        lsu_facts=facts,
        values=dict(values),
        profile=settings.profile.name if model.memory is not None else None,  # no DRAM model: no profile
    )
    # the two parts FlexCL eq. 12 composes, for what-if's per-point bound
    estimate.bound_terms = bound_terms(model)
    estimate.barrier_mode = model.barrier_mode
    if model.compute_open is not None:
        estimate.pending_symbols = free_names(model.compute_open, subs)
    estimate.caveats = [*(model.memory.caveats if model.memory is not None else ()),
                        *(caveat for kernel in model.kernels
                          if (caveat := library_caveat(kernel, total is not None)) is not None),
                        *model.left_out]
    estimate.untimed_lsus = list(model.untimed)
    approximate = [loop for kernel in model.kernels for loop in kernel.all_loops()
                   if loop.ii is not None and loop.ii.qualifier == "~" and (loop.ii.value or 0) > 1]
    # the number is the pipeline's: said whether it is known or waits for a value (a symbolic
    # gaussian's "the estimate equals ModelSim's at B5.trip = 3" read as a fact without it)
    if approximate and (estimate.bound == "compute" or (estimate.bound == "unknown" and model.memory is None)):
        estimate.caveats.extend(approximate_ii_caveats(approximate))
    for kernel in model.kernels:  # an endless loop its channel's writers counted (decision 52)
        for sentence, upper_bound in settings.source.fed_loops(kernel.name):
            (estimate.caveats if upper_bound else estimate.assumptions).append(sentence)
        estimate.caveats.extend(settings.source.assumed(kernel.name))  # sizes read from a buffer (decision 65)
    if model.memory is not None:
        estimate.caveats.extend(cached_load_caveats(model.kernels, settings.source))
        estimate.caveats.extend(argument_test_caveats(model.kernels, settings))
    concurrent = private_copies_caveat(model.kernels, design)
    if concurrent is not None and estimate.bound == "compute":
        estimate.caveats.append(concurrent)
    if model.memory is not None:
        estimate.memory_seconds = numeric(model.memory.expression, subs)
        estimate.memory_saturated = truth(model.memory.saturated, subs)
    elif model.port is not None:
        estimate.memory_seconds = numeric(model.port, subs)
        estimate.memory_saturated = True
        estimate.model += f"; each loop held to the commands it sends on an Avalon host interface ({AVALON_SOURCE})"
        port_caveat = avalon_port_caveat(model, subs)
        if port_caveat is not None:
            estimate.caveats.append(port_caveat)
    pipeline = model.compute if model.compute is not None else model.compute_open
    if pipeline is not None:
        estimate.compute_seconds = numeric(pipeline, subs)
        alt = KernelEstimate(
            kernel=model.name,
            seconds=numeric(pipeline, subs),
            bound="compute",
            expression=bind(pipeline, subs),
            free_symbols=free_names(pipeline, subs),
            model=f"FlexCL pipeline only ({model.compute_equations})",
            assumptions=list(model.compute_notes),
        )
        estimate.alternatives.append(alt)
    return estimate
