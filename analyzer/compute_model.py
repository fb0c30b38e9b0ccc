"""Pipeline (compute) time of a kernel from the report's loops: FlexCL.

Equation numbers refer to ``../shared/papers/flexcl-opencl-model.txt``
(Wang, Liang, Zhang, DAC'17). FlexCL derives II and depth by scheduling the
CDFG; hlsight takes them from the compiler report instead (aoc ``loops.json`` /
``fmax_ii``, Vivado/Vitis loop tables), which is what the compiler actually
built. Unknown trip counts become ``loop.<name>.trip`` symbols.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

import sympy

from hlsight.analyzer.implausible import implausible_ii
from hlsight.analyzer.loop_concurrency import (
    Stage,
    block_id,
    concurrent_stages,
    interleaving_allowed,
    runs_serially,
    serial_region,
    serial_sub_loops,
    waits_for_drains,
)
from hlsight.analyzer.memory_model import smax
from hlsight.analyzer.results import SourceFacts
from hlsight.analyzer.symbols import (
    ELEMENT_BYTES,
    FMAX,
    WORK_ITEMS,
    loop_field,
    loop_name,
    loop_symbols,
    source_expr,
    source_trip_expr,
    sym,
)
from hlsight.core.model import Kernel, KernelKind, Loop
from hlsight.parsers.intel.loops import block_name


@dataclass
class ComputeEstimate:
    """Cycles and seconds of the kernel pipeline, with the assumptions made."""

    cycles: sympy.Expr
    seconds: sympy.Expr
    equations: str
    notes: list[str] = field(default_factory=list)
    #: seconds of each top-level loop of a single-work-item kernel, by its
    #: block name ("k.B2"): loops that run one after another, whose memory
    #: time cannot overlap each other's pipeline time
    parts: dict[str, sympy.Expr] = field(default_factory=dict)


#: No source analysis: report facts and symbols only.
NO_SOURCE = SourceFacts()


def _trip(loop: Loop, notes: list[str], given: Collection[str], source: SourceFacts,
          names: Mapping[int, str] | None = None) -> sympy.Expr:
    symbol = (names or {}).get(id(loop)) or loop_name(loop.name)
    user_value = _given(symbol, given)
    reported = _reported_trip(loop)
    if reported is not None and user_value:
        # the user's count wins and the report's is said: aoc's loop_attr
        # "tc" of a `#pragma loop_coalesce` nest is one loop's count (HPCC
        # GEMM's merged 512 x 64 load loop reads "512")
        notes.append(f"trip count of loop {loop.name}: given ({symbol}); the report says {reported}")
        return sym(symbol)
    if reported is not None:
        return sympy.Integer(reported)
    if loop.component_invocation and not user_value and _one_call_is_known(loop):
        # the estimate is per launch; an i++ component's launch is one call
        # explicit calls block and run one after another; enqueued ones overlap at the component's II
        # (HLS Pro User Guide 6.3, "High-Throughput Simulation ... Using Enqueue Function Calls")
        notes.append(f"loop {loop.name} is the component's invocation loop: one call per launch"
                     f" (--set {symbol}=N for N calls enqueued with ihc_hls_enqueue, which overlap;"
                     " N explicit calls block, each taking this whole time)")
        return sympy.Integer(1)
    derived = source.trip(loop)
    if derived is not None and not user_value:
        # source-derived (issue 7); a user value for loop.<name>.trip wins
        expr = source_trip_expr(derived, given, notes, loop.name)
        if expr is not None:
            return expr
    if user_value:
        notes.append(f"trip count of loop {loop.name}: given ({symbol})")
    else:
        notes.append(f"trip count of loop {loop.name} unknown: symbol {symbol}")
    return sym(symbol)


def _iterations(loop: Loop, notes: list[str], given: Collection[str], source: SourceFacts,
                names: Mapping[int, str] | None = None) -> sympy.Expr:
    """Iterations of one entry of ``loop``: its trip count times the
    iterations of the loops aoc coalesced into it (:attr:`Loop.coalesced`;
    coalesced siblings of an imperfect nest follow each other). Where the
    report lists no "Coalesced loop" entry (oneAPI 20.3), the levels a
    source ``loop_coalesce`` merges (:meth:`SourceFacts.merged_trip`)."""
    trip = _trip(loop, notes, given, source, names)
    merged = [_iterations(child, notes, given, source, names) for child in loop.merged_loops]
    if merged:
        return trip * sympy.Add(*merged)
    what = f"iterations loop_coalesce merges into loop {loop.name}"
    from_source = source_expr(source.merged_trip(loop), given, notes, what)
    if from_source is None:
        return trip
    notes.append(f"{what} from the source: x {from_source} per iteration of its own count (the report lists no"
                 " \"Coalesced loop\" entry)")
    return trip * from_source


def _reported_trip(loop: Loop) -> int | None:
    """The report's trip count of ``loop``: its exact count, else the
    average of a range it gives with a maximum (``None``: not reported)."""
    count = loop.trip_count
    if count is None:
        return None
    if count.value is not None:
        return count.value
    if count.max is not None and count.avg is not None:
        return count.avg
    return None


def _given(symbol: str, given: Collection[str]) -> bool:
    """Whether the user gave ``symbol``, for every kernel or for one
    (``--set KERNEL:loop.<kernel>.<loop>.trip``: the kernel's expressions
    swap the symbol for the scoped one later)."""
    return symbol in given or any(name.endswith(":" + symbol) for name in given)


def _one_call_is_known(loop: Loop) -> bool:
    """One call of a component costs its invocation loop's sub-loops, or its
    depth; a flat component whose depth the report does not give would
    cost "0 cycles" per call, so its call count stays a symbol."""
    return bool(loop.sub_loops) or _depth(loop) != 0


def _ii(loop: Loop, notes: list[str], names: Mapping[int, str] | None = None) -> sympy.Expr:
    if implausible_ii(loop):
        symbol = loop_field((names or {}).get(id(loop)) or loop_name(loop.name), "ii")
        notes.append(f"II of loop {loop.name} in the report is implausible: symbol {symbol}")
        return sym(symbol)
    if loop.ii is not None and loop.ii.value is not None:
        return sympy.Integer(loop.ii.value)
    if loop.pipelined is False:
        depth = loop.iteration_latency or loop.pipeline_depth
        if depth:
            notes.append(f"loop {loop.name} not pipelined: II = iteration latency {depth}")
            return sympy.Integer(depth)
    notes.append(f"II of loop {loop.name} unknown: assumed 1")
    return sympy.Integer(1)


def _depth(loop: Loop, notes: list[str] | None = None) -> sympy.Expr:
    """FlexCL eq. 1's D of ``loop``: 0 when the report gives none, said in
    ``notes`` when given (every loop composition passes them)."""
    depth = loop.iteration_latency or loop.pipeline_depth
    if not depth and notes is not None:
        notes.append(f"pipeline depth of loop {loop.name} not in the report: not counted (FlexCL eq. 1's D = 0)")
    return sympy.Integer(depth) if depth else sympy.Integer(0)


def loop_cycles(
    loop: Loop, notes: list[str], given: Collection[str] = (), source: SourceFacts = NO_SOURCE,
    names: Mapping[int, str] | None = None,
) -> sympy.Expr:
    """Cycles of one loop. A loop without sub-loops is a pipeline of TC
    iterations: II*(TC-1) + D (FlexCL eq. 1 with N_wi -> TC; HLScope+ eq. 4).
    A loop with sub-loops runs them TC times in sequence; fully unrolled
    sub-loops are part of the parent's pipelined body, so a loop whose only
    sub-loops are unrolled is itself a pipeline."""
    if loop.fully_unrolled:
        return sympy.Integer(0)  # unrolled copies run side by side inside the parent's iteration
    trip = _iterations(loop, notes, given, source, names)
    sequential = loop.sub_loops
    if not sequential:  # unrolled sub-loops are part of one pipelined iteration
        return _ii(loop, notes, names) * (trip - 1) + _depth(loop, notes)
    body = sympy.Add(*[loop_cycles(child, notes, given, source, names) for child in sequential])
    return trip * (body + _depth(loop, notes))


def loops_around(kernel: Kernel, block: str | None) -> list[Loop] | None:
    """The loops that enclose basic block ``block``, outermost first and
    ending with the loop ``block`` heads; ``None`` when no loop is headed by
    it. aoc names a loop after its header block ("8X Partially unrolled
    k.B7" heads block "k.B7"); a block of a loop body that is not its header
    (an if-branch inside the loop) matches no loop, and then where the block
    sits is unknown."""
    if block is None:
        return None

    def find(loops: list[Loop], chain: list[Loop]) -> list[Loop] | None:
        for loop in loops:
            here = [*chain, loop]
            if block_name(loop.name) == block:
                return here
            inner = find(loop.children, here)
            if inner is not None:
                return inner
        return None

    return find(kernel.loops, [])


def loop_nest_executions(
    kernel: Kernel, block: str | None, notes: list[str], given: Collection[str] = (),
    source: SourceFacts = NO_SOURCE,
) -> sympy.Expr | None:
    """How often a single-work-item kernel runs basic block ``block`` per
    launch: the product of the trip counts of the loops around it (the
    report's, the source's, else ``loop.<kernel>.<loop>.trip``: the same
    symbols the pipeline time uses, so one value serves both). Fully unrolled
    loops are copies inside one iteration and add nothing. ``None`` when the
    report does not place the block in a loop (:func:`loops_around`)."""
    chain = loops_around(kernel, block)
    if chain is None:
        return None
    names = loop_symbols(kernel)
    # each loop runs the loops coalesced into it as its iterations, the
    # outer ones too (HPCC PTRANS: B1 coalesces the block_col loop, line 37,
    # into the block_row loop around B4's loads; B1's trip alone was 16x
    # too few accesses)
    # (a "Coalesced loop" on the path is counted by its parent's iterations)
    return sympy.Mul(*[_iterations(loop, notes, given, source, names) for loop in chain
                       if not loop.fully_unrolled and not loop.coalesced])


def sequential_part(kernel: Kernel, block: str | None) -> str | None:
    """The part of a single-work-item kernel that basic block ``block``
    runs in, as the loop path down to the first loop whose iterations overlap
    ("k.B2/k.B3"). One thread runs the kernel: its top-level loops run one
    after another, and so do the sub-loops of a loop the report says is not
    pipelined (``#pragma disable_loop_pipelining``, HPCC STREAM's outer
    loop); inside a pipelined loop everything may overlap. Blocks of two
    different parts therefore never run at the same time. ``None`` when the
    report does not place the block in a loop (:func:`loops_around`)."""
    chain = loops_around(kernel, block)
    if chain is None:
        return None
    path: list[str] = []
    for loop in chain:
        path.append(block_name(loop.name))
        if loop.pipelined is not False:  # pipelined, or not said: its sub-loops may overlap
            break
    return "/".join(path)


#: Pipelined LSUs of each loop's own block by the Avalon host interface they
#: send their commands to (block name -> interface -> LSUs): an i++
#: component's loops issue no faster than one command a cycle on each
#: (:mod:`hlsight.analyzer.avalon_ports`).
Commands = Mapping[str, Mapping[str, int]]


def loop_commands(loop: Loop, commands: Commands, given: Collection[str] = (), source: SourceFacts = NO_SOURCE,
                  names: Mapping[int, str] | None = None) -> dict[str, sympy.Expr]:
    """The commands one invocation of ``loop`` sends on each interface: its
    iterations times its own block's LSUs and its sub-loops' commands (a
    fully unrolled loop's copies are LSUs of their own, counted once; a
    "Coalesced loop" entry's iterations are its parent's, as in
    :func:`loop_nest_executions`)."""
    once = loop.fully_unrolled or loop.coalesced
    trip = sympy.Integer(1) if once else _iterations(loop, [], given, source, names)
    per_iteration: dict[str, sympy.Expr] = {
        interface: sympy.Integer(count) for interface, count in commands.get(block_name(loop.name), {}).items()}
    for child in loop.children:
        for interface, count in loop_commands(child, commands, given, source, names).items():
            per_iteration[interface] = per_iteration.get(interface, sympy.Integer(0)) + count
    return {interface: trip * count for interface, count in per_iteration.items()}


def _command_floor(loop: Loop, issue: sympy.Expr, notes: list[str], given: Collection[str], source: SourceFacts,
                   names: Mapping[int, str] | None, commands: Commands | None) -> sympy.Expr:
    """``issue`` held to the busiest interface's commands of one invocation
    of ``loop`` (each interface takes one a cycle), said where a loop's own
    LSUs outnumber its II."""
    if not commands:
        return issue
    sent = loop_commands(loop, commands, given, source, names)
    if not sent:
        return issue
    own = max(commands.get(block_name(loop.name), {}).values(), default=0)
    ii = loop.ii.value if loop.ii is not None else None
    if not loop.sub_loops and ii is not None and own > ii:
        notes.append(f"loop {loop.name}: its pipelined LSUs send {own} commands an iteration on one Avalon host"
                     f" interface, which takes one a cycle: an iteration every {own} cycles, not {ii}")
    return smax(issue, *sent.values())


def interleaved_cycles(
    loop: Loop, notes: list[str], given: Collection[str] = (), source: SourceFacts = NO_SOURCE,
    names: Mapping[int, str] | None = None, commands: Commands | None = None,
) -> tuple[sympy.Expr, sympy.Expr]:
    """(issue, drain) cycles of an aoc loop nest. aoc launches the next
    invocation of a pipelined inner loop as soon as the previous one has
    launched its last iteration, not when it has drained (Intel FPGA SDK
    for OpenCL Programming Guide 5.2.9 / HLS Reference Manual 6.8, "Loop
    Interleaving Control": the pipelined-execution table starts invocation
    j+1 at the cycle after invocation j's last launch). So an iteration of
    a pipelined outer loop costs its sub-loops' launches, II*TC each, and
    the pipeline depths drain once, at the end. A loop the report does not
    pipeline, or whose iterations it says run serially, waits for each
    iteration's sub-loops to drain. Sibling sub-loops overlap, each running
    a different iteration of the loop, where the report lets two or more
    iterations be in progress at once; a serial region the report names,
    with other sub-loops outside it, is then one stage of them, drained by
    each iteration (:mod:`hlsight.analyzer.loop_concurrency`). With ``commands`` (an
    i++ component's Avalon host interfaces) each loop's launches take at
    least the commands it sends on one interface."""
    if loop.fully_unrolled:
        return sympy.Integer(0), sympy.Integer(0)
    trip = _iterations(loop, notes, given, source, names)
    sequential = loop.sub_loops
    if not sequential:
        ii = _ii(loop, notes, names)
        # alone: II*(TC-1) + D, as FlexCL eq. 1
        return _command_floor(loop, ii * trip, notes, given, source, names, commands), _depth(loop, notes) - ii
    parts = [interleaved_cycles(child, notes, given, source, names, commands) for child in sequential]
    depth = _depth(loop, notes)
    if loop.carried_latency and loop.carried_latency > 1:
        # oneAPI 2025 says a loop-carried dependency in fields, not text (`ld` 2,898 through the
        # latch B2 of a public Dijkstra: each iteration's search reads what the last one's
        # unrolled update wrote): iterations one after another, each with its latch block
        with_latch = loop.latch_iteration_latency or 0
        notes.append(f"loop {loop.name}: its next iteration waits for a dependency of {loop.carried_latency:,}"
                     f" cycles (the report's loop-carried latency): iterations one after another, each"
                     f" {max(with_latch, int(depth)):,} cycles beyond its sub-loops with its latch block")
        depth = sympy.Integer(max(with_latch, int(depth)))
    if waits_for_drains(loop):
        # each iteration waits for its sub-loops to drain; interleaved
        # invocations of one sub-loop drain together
        body = sympy.Add(*[_invocation_groups(loop, child, trip, notes) * (issue + drain)
                           for child, (issue, drain) in zip(sequential, parts, strict=True)])
        return _command_floor(loop, body + trip * depth, notes, given, source, names, commands), sympy.Integer(0)
    launches, drain = _stages(loop, list(zip(sequential, parts, strict=True)), trip, notes)
    return _command_floor(loop, launches, notes, given, source, names, commands), depth + drain


def _stages(loop: Loop, parts: list[tuple[Loop, tuple[sympy.Expr, sympy.Expr]]], trip: sympy.Expr,
            notes: list[str]) -> tuple[sympy.Expr, sympy.Expr]:
    """(launches, drain) of the sub-loops of a pipelined ``loop`` whose
    iterations do not wait for them to drain: each sub-loop a stage (one
    after another where one iteration is in progress at a time), the
    serial region the report names one stage of its own, each iteration
    draining it before the next enters (:mod:`hlsight.analyzer.loop_concurrency`)."""
    region = serial_region(loop) or frozenset()
    stages: list[Stage] = []
    inside = [(child, part) for child, part in parts if block_id(child.name) in region]
    if inside:
        one_pass = sympy.Add(*[issue + drain for _child, (issue, drain) in inside])
        stages.append(Stage(trip * one_pass, one_pass))
        notes.append(f"loop {loop.name}: one iteration at a time inside the region it runs serially across"
                     f" ({', '.join(sorted(region))}), each draining it before the next enters; its other"
                     " sub-loops run the next iterations meanwhile")
    beside = [(child, part) for child, part in parts if block_id(child.name) not in region]
    stages.extend(Stage(_invocation_groups(loop, child, trip, notes) * issue, issue)
                  for child, (issue, _drain) in beside)
    return concurrent_stages(loop, stages, trip, notes), smax(*[drain for _child, (_issue, drain) in beside])


def invocations_in_flight(parent: Loop, loop: Loop) -> int:
    """How many invocations of the pipelined inner loop ``loop`` share its
    pipeline. Where its II is above 1 the compiler interleaves iterations
    of the next invocations into the idle issue slots (Intel HLS Reference
    Manual 6.8 / OpenCL Programming Guide 5.2.9, "Loop Interleaving
    Control": at II 2 two invocations of N iterations share cycles
    0 .. 2N-1, the third starts at 2N), up to the report's max interleaving
    and at most the II (oneAPI: max_interleaving 0 is "equal to the loop
    initiation interval"). 1 where the report gives neither, where the II
    is implausible, where ``loop`` nests pipelined loops of its own, where
    ``parent`` is not pipelined or waits for a loop-carried dependency
    (oneAPI 2025's ``ld``), or where ``parent`` runs its iterations
    serially across ``loop`` ("Only a single loop iteration will execute
    inside this region": a 19.1 Sobel's II-114 loop, max interleaving 114,
    under such a region); and at most as many as ``parent`` has iterations
    in progress (its maximum concurrent iterations)."""
    ii = loop.ii.value if loop.ii is not None else None
    if (loop.max_interleaving is None or ii is None or implausible_ii(loop) or loop.sub_loops
            or parent.pipelined is False or (parent.carried_latency or 0) > 1):
        return 1
    if runs_serially(parent):
        serial = serial_sub_loops(parent)
        if serial is None or block_id(loop.name) in serial:
            return 1
    return interleaving_allowed(parent, max(1, min(loop.max_interleaving, ii)))


def interleaved_loops(loops: Sequence[Loop]) -> list[tuple[Loop, int]]:
    """The loops below ``loops`` whose invocations interleave, with how many
    at a time (:func:`invocations_in_flight`)."""
    found: list[tuple[Loop, int]] = []
    for parent in loops:
        for child in parent.sub_loops:
            in_flight = invocations_in_flight(parent, child)
            if in_flight > 1:
                found.append((child, in_flight))
        found.extend(interleaved_loops(parent.sub_loops))
    return found


def _invocation_groups(parent: Loop, loop: Loop, invocations: sympy.Expr, notes: list[str]) -> sympy.Expr:
    """Invocations of ``loop`` that cost its TC x II each: k interleaved
    invocations cost one invocation's launches."""
    in_flight = invocations_in_flight(parent, loop)
    if in_flight == 1:
        return invocations
    notes.append(f"loop {loop.name}: {in_flight} invocations share its II-{loop.ii.value if loop.ii else '?'}"
                 f" pipeline (the report's max interleaving {loop.max_interleaving}): each {in_flight} cost one's"
                 " launches (Intel HLS Reference Manual 6.8, loop interleaving)")
    return sympy.ceiling(invocations / in_flight)


def _ndrange_ii(kernel: Kernel) -> sympy.Expr:
    """The kernel's II: the largest loop II; a flagged (implausible) one stays a symbol."""
    implausible = [loop for loop in kernel.all_loops() if implausible_ii(loop)]
    names = loop_symbols(kernel) if implausible else {}
    flagged = [sym(loop_field(names[id(loop)], "ii")) for loop in implausible]
    values = [
        sympy.Integer(loop.ii.value)
        for loop in kernel.all_loops()
        if loop.ii is not None and loop.ii.value is not None and not implausible_ii(loop)
    ]
    terms = [*values, *flagged]
    if not terms:
        return sympy.Integer(1)
    return terms[0] if len(terms) == 1 else sympy.Max(*terms)


def loop_iterations(
    loop: Loop, notes: list[str], given: Collection[str], source: SourceFacts, names: Mapping[int, str]
) -> sympy.Expr:
    """Pipeline slots one entry of ``loop`` takes in an NDRange kernel: its
    trip count times the slots of its pipelined sub-loops (fully unrolled
    sub-loops are copies inside one iteration, not more slots)."""
    trip = _iterations(loop, notes, given, source, names)
    inner = [loop_iterations(child, notes, given, source, names) for child in loop.sub_loops]
    return trip * sympy.Add(*inner) if inner else trip


def work_item_iterations(
    kernel: Kernel, notes: list[str], given: Collection[str] = (), source: SourceFacts = NO_SOURCE
) -> sympy.Expr:
    """Pipeline slots of one work-item of an NDRange kernel (FlexCL eq. 1:
    a work-item whose body holds a loop of TC iterations occupies the PE
    for TC initiation intervals). aoc pipelines the iterations of all
    work-items in flight, one slot per cycle and lane group; a kernel
    without (pipelined) loops takes one slot per work-item."""
    loops = [loop for loop in kernel.loops if not loop.fully_unrolled]
    if not loops:
        return sympy.Integer(1)
    names = loop_symbols(kernel)
    slots = sympy.Add(*[loop_iterations(loop, notes, given, source, names) for loop in loops])
    notes.append(f"each work-item runs {slots} loop iteration(s) ({', '.join(loop.name for loop in loops)})")
    return slots


def compute_estimate(
    kernel: Kernel, simd: int | None = None, given: Collection[str] = (), source: SourceFacts = NO_SOURCE,
    interleave: bool = False, commands: Commands | None = None,
) -> ComputeEstimate | None:
    """FlexCL pipeline time of ``kernel``, or ``None`` when the report gives
    nothing to build it from. ``simd`` overrides ``kernel.simd`` (e.g. read
    from the source); ``source`` holds the source-derived element sizes and
    loop trip expressions. ``interleave``: an aoc/oneAPI/i++ kernel, whose
    nested loops pipeline across inner-loop invocations
    (:func:`interleaved_cycles`); Vivado/Vitis loops run one after another.
    """
    simd = simd if simd is not None else kernel.simd
    notes: list[str] = []
    fmax_hz = FMAX * 10**6
    if kernel.kind is KernelKind.NDRANGE:
        lanes: sympy.Expr = sympy.Integer(simd or 1)
        widths = [lsu.width_bits for lsu in kernel.global_lsus() if lsu.width_bits]
        if simd is None and widths:
            # No SIMD value in the report and no embedded source to read
            # it from: the widest LSU carries one element per lane per cycle.
            widest = max(kernel.global_lsus(), key=lambda lsu: lsu.width_bits or 0)
            facts = source.access(widest)
            derived = facts.element_bytes if facts is not None else None
            element: sympy.Expr = sympy.Integer(derived) if derived else ELEMENT_BYTES
            lanes = smax(sympy.Integer(1), sympy.Integer(max(widths) // 8) / element)
            notes.append(f"SIMD lanes unknown: widest LSU ({max(widths)} bits) / element_bytes ({element})")
        units = kernel.compute_units or 1
        ii = _ndrange_ii(kernel)
        depth = kernel.latency.max if kernel.latency is not None and kernel.latency.max is not None else 0
        if depth == 0:
            notes.append("pipeline depth unknown: D = 0 (negligible for large NDRanges)")
        slots = work_item_iterations(kernel, notes, given, source)
        # Eqs. 5 and 7 with one work-group per compute unit (N_wg = N/N_CU)
        # and N_PE = SIMD lanes; the scheduling term of eq. 7 is dropped.
        cycles = ii * (WORK_ITEMS * slots / (lanes * units) - 1) + depth
        notes.append(f"NDRange pipeline: II {ii}, {lanes} SIMD lane(s), {units} compute unit(s), depth {depth}")
        return ComputeEstimate(cycles, cycles / fmax_hz, "FlexCL eqs. 1, 5, 7", notes)
    if kernel.latency is not None and kernel.latency.max is not None and kernel.latency.min == kernel.latency.max:
        cycles = sympy.Integer(kernel.latency.max)
        notes.append(f"reported kernel latency {kernel.latency.max} cycles")
        return ComputeEstimate(cycles, cycles / fmax_hz, "report latency", notes)
    if kernel.loops:
        names = loop_symbols(kernel)
        if interleave:
            nested = [loop for loop in kernel.loops if loop.sub_loops]
            per_loop = [(loop, sympy.Add(*interleaved_cycles(loop, notes, given, source, names, commands)))
                        for loop in kernel.loops]
            cycles = sympy.Add(*[part for _loop, part in per_loop])
            pipelined = [(block_name(loop.name), part / fmax_hz) for loop, part in per_loop if not loop.fully_unrolled]
            parts = dict(pipelined) if len(pipelined) > 1 and len(dict(pipelined)) == len(pipelined) else {}
            if nested:
                notes.append("nested loops: inner-loop invocations follow each other's last launch, pipeline depths"
                             " drain once (aoc loop interleaving, Programming Guide 5.2.9), except where the report"
                             " says iterations run serially")
                return ComputeEstimate(cycles, cycles / fmax_hz, "FlexCL eq. 1 per loop, aoc nested-loop pipelining",
                                       notes, parts)
            return ComputeEstimate(cycles, cycles / fmax_hz, "FlexCL eq. 1 per loop (HLScope+ eq. 4)", notes, parts)
        cycles = sympy.Add(*[loop_cycles(loop, notes, given, source, names) for loop in kernel.loops])
        return ComputeEstimate(cycles, cycles / fmax_hz, "FlexCL eq. 1 per loop (HLScope+ eq. 4)", notes)
    if kernel.latency is not None and kernel.latency.max is not None:
        cycles = sympy.Integer(kernel.latency.max)
        notes.append(f"reported worst-case kernel latency {kernel.latency.max} cycles")
        return ComputeEstimate(cycles, cycles / fmax_hz, "report latency (max)", notes)
    return None


def compose(memory_s: sympy.Expr, compute_s: sympy.Expr, barrier: bool = False) -> sympy.Expr:
    """FlexCL eqs. 10-12: barrier mode adds memory and compute time; pipeline
    mode overlaps them, II_wi = max(L_mem, II_comp), so the kernel takes the
    longer of the two."""
    return memory_s + compute_s if barrier else smax(memory_s, compute_s)
