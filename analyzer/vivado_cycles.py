"""Cycles of a Vivado/Vitis module composed the way the HLS scheduler
composes them, so that the composition reproduces the report's own latency.

The rules (``docs/vivado-reader.md`` "Latency composition"):

* a loop or module whose latency the report gives exactly is that many cycles;
* a pipelined loop takes ``II*(TC-1) + D`` cycles (HLScope+ eq. 4);
* a loop that is not pipelined takes ``TC * IL``. Its iteration latency IL
  *already contains* its sub-loops and the sub-modules called in its body, so
  when the report gives IL as a range, IL is composed from them plus the
  iteration's own fixed cycles (HLScope+ eq. 1: sequential parts add up);
* a module is its loops plus the sub-modules called outside them, in sequence
  (HLScope+ eq. 1), or the longest of its processes under dataflow (eq. 2),
  plus its own fixed cycles (control states, straight-line code).

The fixed cycles are never fitted: they are the report's minimum latency minus
the composed parts with every trip count at its minimum. When that would be
negative the minimum path skips a part (a call or loop under a condition); the worst-case
path's fixed cycles (report maximum minus the parts at their maximum) are used
instead and a note says so.

``Bound.MIN``/``Bound.MAX`` put every trip count and every range the report
gives at its minimum/maximum (the report's own min/max latency columns);
``Bound.SYMBOLIC`` keeps unknown trip counts as ``loop.<name>.trip`` symbols.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path

import sympy

from hlsight.analyzer.access import parse_expression
from hlsight.analyzer.dataflow_sequence import ProcessChain, processes_in_sequence
from hlsight.analyzer.memory_model import smax
from hlsight.analyzer.results import LOOP_PASS_MIN_CYCLES, BranchLoop, CycleCaveat, SourceFacts
from hlsight.analyzer.symbols import (
    LONG_ITERATIONS,
    is_branch_loop,
    loop_field,
    loop_name,
    loop_symbols,
    source_expr,
    source_trip_expr,
    sym,
)
from hlsight.analyzer.vivado_placement import (
    Placement,
    call_placed_by_source,
    implied_placements,
    instances_in_loops,
    placed_by_source,
)
from hlsight.core.model import Design, Instance, Kernel, LatencyRange, Loop
from hlsight.core.units import count_range, cycle_count, name_list


class Bound(enum.Enum):
    SYMBOLIC = "symbolic"
    MIN = "min"
    MAX = "max"


_PartsOf = Callable[["CycleComposer"], "sympy.Expr | None"]


def _exact(value: LatencyRange | None) -> int | None:
    if value is not None and value.min is not None and value.min == value.max:
        return value.min
    return None


def _pick(value: LatencyRange | None, bound: Bound) -> int | None:
    """The bound's end of a range; SYMBOLIC takes the worst case."""
    if value is None:
        return None
    return value.min if bound is Bound.MIN else value.max


def _numeric(expr: sympy.Expr | None) -> int | None:
    if expr is None or expr.free_symbols:
        return None
    return int(sympy.Integer(sympy.ceiling(expr)))


@dataclass
class CycleComposer:
    """Composes the cycles of the modules of one design at one bound."""

    design: Design
    bound: Bound = Bound.SYMBOLIC
    given: Collection[str] = ()
    #: loop trip expressions from the source analysis (kept beside the design)
    source: SourceFacts = field(default_factory=SourceFacts)
    notes: list[str] = field(default_factory=list)
    #: what the composition took where the report could not say more
    caveats: set[CycleCaveat] = field(default_factory=set)
    #: take the short path of a loop whose iteration latency is a branch's
    #: range (the count a measurement is compared with at both ends)
    short_branches: bool = False
    #: the loops whose iteration latency is a branch's range with nothing to
    #: compose it from: (trip symbol's loop name, short, long)
    branches: list[BranchLoop] = field(default_factory=list)
    _cache: dict[str, sympy.Expr | None] = field(default_factory=dict)
    _placed: dict[str, dict[str, Placement]] = field(default_factory=dict)
    _chains: dict[str, ProcessChain | None] = field(default_factory=dict)
    _peers: dict[Bound, CycleComposer] = field(default_factory=dict)

    def _caveat(self, caveat: CycleCaveat, note: str) -> None:
        """A note that also flags the count (read by the co-simulation
        comparison and written to JSON; the note says where)."""
        self.notes.append(note)
        self.caveats.add(caveat)

    # ------------------------------------------------------------------ modules

    def module(self, kernel: Kernel) -> sympy.Expr | None:
        """Cycles of one call of ``kernel`` (``None`` when nothing is known)."""
        if kernel.name in self._cache:
            return self._cache[kernel.name]
        self._cache[kernel.name] = None  # recursion guard
        result = self._module(kernel)
        self._cache[kernel.name] = result
        return result

    def _module(self, kernel: Kernel) -> sympy.Expr | None:
        self._note_pragma_counts(kernel)
        if kernel.instances_cut is not None:
            return self._calls_unknown(kernel)
        exact = _exact(kernel.latency)
        if exact is not None and not self._holds_given(kernel, kernel.loops, kernel.instances):
            return sympy.Integer(exact)
        body = self.body(kernel)
        if body is None:
            value = _pick(kernel.latency, self.bound)
            if value is None:
                return None
            if self.bound is Bound.SYMBOLIC:
                self._caveat(CycleCaveat.WORST_CASE,
                             f"{kernel.name}: latency {kernel.latency.min} ~ {kernel.latency.max}"  # type: ignore[union-attr]
                             f" cycles and nothing to compose it from{self._why_nothing(kernel)}:"
                             f" worst case {value} used")
            return sympy.Integer(value)
        total = body + self._fixed(kernel.name, kernel.latency, lambda composer: composer.body(kernel))
        return self._within_report(kernel, total)

    def _within_report(self, kernel: Kernel, total: sympy.Expr) -> sympy.Expr:
        """``total``, or the report's maximum when the parts, all counted,
        exceed it: they do not all run in one call (calls in exclusive
        branches, ``if``/``else if``), and the report's maximum is its worst
        path. A public fault detector's ``run`` added a 128-cycle loop and
        a 145-cycle call, 273 cycles, where its report gives 130 ~ 148."""
        return self._held_to(total, kernel.latency, f"{kernel.name}: its parts add up to {{total}} cycles, more"
                             " than the report's maximum ({worst}): they do not all run in one call (exclusive"
                             " branches), so the report's maximum is used")

    def _held_to(self, total: sympy.Expr, reported: LatencyRange | None, said: str) -> sympy.Expr:
        """``total``, or the report's maximum where the parts, all counted,
        exceed it, with the caveat ``said`` (``{total}``, ``{worst}`` filled)."""
        worst = reported.max if reported is not None else None
        if worst is None or total.free_symbols or self.bound is Bound.MIN or int(total) <= worst:
            return total
        if self.bound is Bound.SYMBOLIC:
            self._caveat(CycleCaveat.WORST_CASE, said.format(total=f"{int(total):,}", worst=f"{worst:,}"))
        return sympy.Integer(worst)

    def _calls_unknown(self, kernel: Kernel) -> sympy.Expr | None:
        """A module whose instance table a truncated report cuts: the calls
        after the cut are unknown, so composing it would count them as 0.
        Its report latency is the number (exact: as composing would give it;
        a range: the worst case; ``?``: unknown), and a trip count given
        inside it cannot recompose it: said."""
        value = _pick(kernel.latency, self.bound)
        if self.bound is not Bound.SYMBOLIC:
            return None if value is None else sympy.Integer(value)
        where = (f"{kernel.name}: its instance table ends at {kernel.instances_cut} (truncated report), so calls"
                 " after the cut are unknown and it is not composed from its parts")
        if value is None:
            self._caveat(CycleCaveat.UNCOUNTED, f"{where}; its latency is not in the report: unknown")
            return None
        if _exact(kernel.latency) is None:
            latency = kernel.latency or LatencyRange()
            self._caveat(CycleCaveat.WORST_CASE, f"{where}: its latency {count_range(latency.min, latency.max)}"
                                                 f" cycles, worst case {value:,} used")
        elif self._holds_given(kernel, kernel.loops, kernel.instances):
            self._caveat(CycleCaveat.GIVEN_UNUSED, f"{where}: its report latency {value:,} is used, without the trip"
                                                " counts given inside it")
        else:
            self.notes.append(f"{where}: its report latency {value:,} is used")
        return sympy.Integer(value)

    def _why_nothing(self, kernel: Kernel) -> str:
        """Why a module with a latency range has no parts: when other modules
        were read that nothing instantiates, the reports read lack the
        module's instance list (a 2018.x ``csynth.xml`` has none; the
        module's own ``.rpt`` has its Instance table)."""
        if kernel.loops or kernel.instances:
            return ""
        called = {instance.module for other in self.design.kernels for instance in other.instances}
        orphans = [other.name for other in self.design.kernels
                   if other is not kernel and other.name not in called and other.folded_into is None]
        if not orphans:
            return ""
        rpt = f"{kernel.name}_csynth.rpt"
        missing = "" if any(Path(path).name == rpt for path in self.design.artifacts) else \
            f"; its {rpt}, whose Instance table names them, is not among the reports read"
        return (f" (the reports read name no loop or sub-module of it, though {name_list(orphans)}"
                f" {'is' if len(orphans) == 1 else 'are'} called by nothing else{missing})")

    def body(self, kernel: Kernel) -> sympy.Expr | None:
        """The module's loops and the sub-modules it calls outside them."""
        parts = [expr for _, _, expr in self.parts(kernel)]
        if not parts:
            return None
        if len(parts) > 1 and kernel.dataflow:
            chain = self.dataflow_chain(kernel)
            return smax(*parts) if chain is None or max(chain) >= len(parts) else self._chain_expr(parts, chain)
        if len(parts) > 1 and self._calls_overlap(kernel):
            return smax(*parts)
        return sympy.Add(*parts)

    def dataflow_in_sequence(self, kernel: Kernel) -> bool:
        """Some processes of dataflow region ``kernel`` ran one after another
        within a call (:meth:`dataflow_chain`)."""
        return self.dataflow_chain(kernel) is not None

    def dataflow_chain(self, kernel: Kernel) -> tuple[int, ...] | None:
        """The parts (indices into :meth:`parts`) of dataflow region
        ``kernel`` that ran one after another within a call, read from the
        report's latencies (:func:`processes_in_sequence`, shared with
        ``simulate``): a process reads a scalar or array channel once the one
        before has written it, ping-pong or not; streams would let them
        overlap. Their cycles add up (HLScope+ eq. 1), the other processes
        run beside them (eq. 2); the interval, not modelled here, is what
        calls started back to back overlap at. A public Vitis 2025.2
        dataflow top of two 52 M-cycle processes reports 104,438,327 =
        their sum + 1, and the longest process had been taken, the other
        52 M cycles called the top's own straight-line code; a public Vivado
        HLS 2019.1 DES decrypter's 4,984 = 113 + 1,585 + 3,153 + 129 + 4
        (of five processes adding up to 5,109) had been read as its longest
        process plus 1,831 cycles, which a trip count given of that process
        left in place. ``None``: the processes overlap (eq. 3)."""
        reading = self.dataflow_reading(kernel)
        return None if reading is None else reading.chains[0]

    def dataflow_beside(self, kernel: Kernel) -> str:
        """The processes with cycles of dataflow region ``kernel`` that ran
        beside its chain of processes one after another ("" where all ran
        one after another, or none did)."""
        reading = self.dataflow_reading(kernel)
        return "" if reading is None else reading.members([name for name, _, _ in self.parts(kernel)])[1]

    def dataflow_reading(self, kernel: Kernel) -> ProcessChain | None:
        """:meth:`dataflow_chain`'s reading of the report, once per module
        (the note said once); ``None`` where the processes overlap. Read
        with the symbolic counts at every bound: two chains that fit alike
        are one composition only where they agree at every count, and the
        bounds' compositions (the own cycles are the report's latency minus
        the parts at its best case) must take the same chain."""
        if self.bound is not Bound.SYMBOLIC:
            return self.at(Bound.SYMBOLIC).dataflow_reading(kernel)
        if kernel.name not in self._chains:
            self._chains[kernel.name] = self._read_chain(kernel)
        return self._chains[kernel.name]

    def _read_chain(self, kernel: Kernel) -> ProcessChain | None:
        latency = kernel.latency
        if not kernel.dataflow or latency is None or latency.max is None:
            return None
        worst = self._worst_parts(kernel)
        reading = None if worst is None else processes_in_sequence(latency.max, worst)
        if reading is None or reading.total <= reading.longest:
            return None
        named = self.parts(kernel)
        composed = {self._chain_key([expr for _, _, expr in named], chain) for chain in reading.chains}
        if len(composed) > 1:
            if self.bound is Bound.SYMBOLIC:
                self.notes.append(f"{kernel.name}: a dataflow region whose maximum ({reading.latency:,} cycles)"
                                  f" holds the sum of {len(reading.chains)} chains of its processes plus at least"
                                  f" {cycle_count(reading.slack)} of control, chains whose cycles differ at other"
                                  " trip counts: which ran one after another is not told, so the processes are"
                                  " taken to overlap (HLScope+ eq. 3)")
            return None
        if self.bound is Bound.SYMBOLIC:
            self.notes.append(self._chain_note(kernel, reading, [name for name, _, _ in named]))
        return reading

    @staticmethod
    def _chain_expr(parts: list[sympy.Expr], chain: tuple[int, ...]) -> sympy.Expr:
        """The cycles of processes ``chain`` one after another, the other ``parts`` beside them."""
        return smax(sympy.Add(*[parts[index] for index in chain]),
                    *[expr for index, expr in enumerate(parts) if index not in chain])

    @staticmethod
    def _chain_key(parts: list[sympy.Expr], chain: tuple[int, ...]) -> tuple[sympy.Expr, tuple[str, ...]]:
        """:meth:`_chain_expr` up to the order of the processes beside the
        chain (what two chains that fit are compared by)."""
        return (sympy.Add(*[parts[index] for index in chain]),
                tuple(sorted(str(expr) for index, expr in enumerate(parts) if index not in chain)))

    @staticmethod
    def _chain_note(kernel: Kernel, reading: ProcessChain, names: list[str]) -> str:
        """What the composition of a region some of whose processes ran one after another rests on."""
        said = f"{kernel.name}: a dataflow region whose {reading.evidence(names)}: within one call"
        if reading.complete:
            return (f"{said} they run one after another (a process reads an array channel once the one before has"
                    " written it), so a call's cycles add (HLScope+ eq. 1); calls started back to back overlap, one"
                    " per interval")
        _, beside = reading.members(names)
        return (f"{said} these run one after another (scalar or ping-pong channels: a process starts once the one"
                f" before has finished), so their cycles add (HLScope+ eq. 1), and {beside} beside them (eq. 2),"
                " not the longest process plus a constant (eq. 3); calls started back to back overlap, one"
                " per interval")

    def _calls_overlap(self, kernel: Kernel) -> bool:
        """A module without loops whose calls' worst cases add up to more
        than its own maximum runs them at the same time (independent calls,
        HLScope+ eq. 2) or one of them only (if/else): either way the
        longest counts. Public Vivado HLS 2017.4 loop_functions: two
        sub_func calls of 1 ~ 63 cycles in a module of 2 ~ 64, summed to
        126 before."""
        latency = kernel.latency
        if kernel.loops or latency is None or latency.max is None:
            return False
        known = self._worst_parts(kernel)
        if known is None:
            return False
        overlap = sum(known) > latency.max >= max(known)
        if overlap and self.bound is Bound.SYMBOLIC:
            self._caveat(CycleCaveat.WORST_CASE,
                         f"{kernel.name}: its calls' worst cases add up to {sum(known):,} cycles, more than its"
                         f" maximum of {latency.max:,}: they run at the same time (or only one of them runs),"
                         " so the longest counts (HLScope+ eq. 2)")
        return overlap

    def _worst_parts(self, kernel: Kernel) -> list[int] | None:
        """Each part's cycles at the report's maxima, when there are two or
        more and every one is a number (what the report's maximum is weighed
        against: concurrent calls, processes one after another)."""
        worst = [_numeric(expr) for _, _, expr in self.at(Bound.MAX).parts(kernel)]
        if len(worst) < 2 or any(value is None for value in worst):
            return None
        return [value or 0 for value in worst]

    def parts(self, kernel: Kernel) -> list[tuple[str, str, sympy.Expr]]:
        """(name, "loop"/"module", cycles) of the module's top-level loops and
        of the sub-modules it calls outside them (outlined loops are loops)."""
        placements = self._placements(kernel)
        out = []
        names = Counter(loop.name for loop in kernel.loops)
        for loop in kernel.loops:
            if f"loop:{loop.name}" in placements:
                continue
            # outlined initialisers all named "Loop 1" (a public systolic array's five): say whose
            shown = f"{loop.name} ({loop.outlined_module})" if names[loop.name] > 1 and loop.outlined_module \
                else loop.name
            out.append((shown, "loop", self.loop(kernel, loop)))
        in_loops = instances_in_loops(kernel)
        for instance in kernel.instances:
            if instance.name in in_loops or instance.name in placements:
                continue
            cycles = self._instance(instance)
            if cycles is None:
                if self.bound is Bound.SYMBOLIC:
                    self._caveat(CycleCaveat.UNCOUNTED,
                                 f"{kernel.name}: {instance.module} is left out: its latency is not in the report"
                                 " (\"?\") and it has no report of its own here: its cycles are not counted")
                continue
            calls = _calls(kernel, instance)
            if calls > 1:
                self.notes.append(f"{kernel.name}: {instance.module} runs {calls} times per call (the latency"
                                  f" range of {kernel.name} is {calls} times that of {instance.module})")
            out.append((instance.module, "module", calls * cycles))
        return out

    def _placements(self, kernel: Kernel) -> dict[str, Placement]:
        """The calls of ``kernel`` counted inside a loop the report does not
        name (:mod:`hlsight.analyzer.vivado_placement`), each said once."""
        if kernel.name not in self._placed:
            found = {**implied_placements(kernel, self.source.instance_loops(kernel.name)),
                     **self._source_placements(kernel)}
            self._placed[kernel.name] = found
            self.notes.extend(placement.note(kernel.name) for placement in found.values())
        return self._placed[kernel.name]

    def _source_placements(self, kernel: Kernel) -> dict[str, Placement]:
        """Outlined loops and calls the report could not place, in the loop
        their source loop or call is inside (:meth:`SourceFacts.source_host`,
        :meth:`SourceFacts.instance_host`): the source says where, where the
        report's latencies cannot."""
        out = {}
        for loop in kernel.loops:
            found = self.source.source_host(loop)
            placement = None if found is None else placed_by_source(kernel, loop, *found)
            if placement is not None:
                out[placement.key] = placement
        in_loops = instances_in_loops(kernel)
        for instance in kernel.instances:
            called = None if instance.name in in_loops else self.source.instance_host(kernel.name, instance.name)
            if called is not None and called[0] is not None:
                out[instance.name] = call_placed_by_source(instance, called[0], called[1])
        return out

    def fixed(self, kernel: Kernel) -> sympy.Expr:
        """The module's own cycles beyond its parts, as :meth:`module`
        counts them (a module whose exact latency a given trip count
        recomposes has them too)."""
        exact = _exact(kernel.latency) is not None and not self._holds_given(kernel, kernel.loops, kernel.instances)
        if exact or kernel.instances_cut is not None or self.body(kernel) is None:
            return sympy.Integer(0)
        return self._fixed(kernel.name, kernel.latency, lambda composer: composer.body(kernel))

    def _instance(self, instance: Instance) -> sympy.Expr | None:
        child = self._kernel(instance.module)
        if child is not None:
            cycles = self.module(child)
            if cycles is not None:
                return cycles
        value = _exact(instance.latency)
        if value is None:
            value = _pick(instance.latency, self.bound)
            latency = instance.latency
            if value is not None and latency is not None and self.bound is Bound.SYMBOLIC:
                # a public 2020.2 ORB's resize process: 106 ~ 2,089,421 in its caller's table and no
                # report of its own, taken at the 1080 x 1920 maximum for a testbench of 80 x 60 pixels
                self._caveat(CycleCaveat.WORST_CASE,
                             f"{instance.module}: no report of its own to compose it from; its caller's table gives"
                             f" {count_range(latency.min, latency.max)} cycles: the worst case {value:,} is used"
                             " (a smaller input takes fewer)")
        return None if value is None else sympy.Integer(value)

    def _fixed(self, owner: str, latency: LatencyRange | None, parts: _PartsOf, hint: str = "",
               unknown_hint: str = "") -> sympy.Expr:
        """The owner's own cycles beyond its parts, from the report (see the
        module docstring); ``hint`` ends the worst-case note (what to give),
        ``unknown_hint`` the note when the report's latency is "?"."""
        if latency is None or latency.min is None:
            if self.bound is Bound.SYMBOLIC:
                # with calls the report may make inside it, what is missing may be far more than a few cycles
                self._caveat(CycleCaveat.UNCOUNTED if unknown_hint else CycleCaveat.CONTROL_UNKNOWN,
                             f"{owner}: its own control cycles beyond its parts are unknown (the report's"
                             f" latency is \"?\"): none counted{unknown_hint}")
            return sympy.Integer(0)
        low = _numeric(parts(self.at(Bound.MIN)))
        if low is None:
            if self.bound is Bound.SYMBOLIC:
                # a public 2022.1 matrix multiply's outlined readA_inner: best case 4, its loop 2 ~ ?
                self._caveat(CycleCaveat.CONTROL_UNKNOWN,
                             f"{owner}: its own control cycles beyond its parts are unknown (its parts' counts at the"
                             f" report's best case, {latency.min:,} cycles, are not known): none counted")
            return sympy.Integer(0)
        fixed = latency.min - low
        if fixed >= 0:
            return sympy.Integer(self._fixed_at_worst(owner, latency, parts, fixed))
        high = _numeric(parts(self.at(Bound.MAX)))
        if latency.max is None or high is None:
            return sympy.Integer(0)
        if self.bound is Bound.SYMBOLIC:
            cycles = "cycle" if latency.min == 1 else "cycles"
            self._caveat(CycleCaveat.WORST_CASE,
                         f"{owner}: its minimum ({latency.min} {cycles}) skips a part (a call or loop under a"
                         " condition):"
                         f" the worst-case path is modelled{hint}")
        if self.bound is Bound.MIN:
            own = parts(self)
            return sympy.Integer(latency.min) - (own if own is not None else sympy.Integer(0))
        return sympy.Integer(max(latency.max - high, 0))

    def _fixed_at_worst(self, owner: str, latency: LatencyRange, parts: _PartsOf, fixed_best: int) -> int:
        """The own cycles for the worst-case and symbolic compositions: the
        worst case's (report maximum minus the parts' maxima) where the two
        ends of the report disagree (a dataflow top whose processes' best
        cases do not coincide: Vivado HLS 2018.2 image_filter, best 10 = 3 +
        7, worst 4,014,004 = 4,014,003 + 1); the best case's otherwise."""
        if self.bound is Bound.MIN or latency.max is None:
            return fixed_best
        high = _numeric(parts(self.at(Bound.MAX)))
        if high is None or latency.max - high < 0 or latency.max - high == fixed_best:
            return fixed_best
        if self.bound is Bound.SYMBOLIC:
            self._caveat(CycleCaveat.WORST_CASE,
                         f"{owner}: beyond its parts, the report's best case leaves {fixed_best:,} cycles and its"
                         f" worst case {latency.max - high:,} (its parts' best cases need not come in one call):"
                         " the worst case's are used")
        return latency.max - high

    def at(self, bound: Bound) -> CycleComposer:
        """The composer of the same design at another bound (shared caches)."""
        if bound is self.bound:
            return self
        if bound not in self._peers:
            peer = CycleComposer(self.design, bound, self.given, self.source)
            self._peers[bound] = peer
            peer._peers[self.bound] = self
            peer._peers.update({key: value for key, value in self._peers.items() if key is not peer.bound})
        return self._peers[bound]

    # -------------------------------------------------------------------- loops

    def loop(self, kernel: Kernel, loop: Loop) -> sympy.Expr:
        if loop.outlined_module not in (None, kernel.name):
            # the call of the outlined module costs its latency (the loop's
            # plus the module's entry/exit states; a given trip count of the
            # loop reaches it there: loop_symbols names it after this loop)
            outlined = self._kernel(loop.outlined_module)
            cycles = self.module(outlined) if outlined is not None else None
            if cycles is not None:
                return cycles
        exact = _exact(loop.latency)
        if exact is not None and not self._holds_given(kernel, [loop], self._instances_of(kernel, loop)):
            return sympy.Integer(exact)
        trip = self.trip(loop, kernel)
        if loop.pipelined:
            return self._pipeline(loop, trip)
        overlapped = self._dataflow_in_loop(kernel, loop, trip)
        if overlapped is not None:
            return overlapped
        given = self._long_iterations_given(kernel, loop)
        if given is not None:
            latency = loop.iteration_latency_range
            assert latency is not None and latency.min is not None and latency.max is not None  # is_branch_loop
            return trip * latency.min + given * (latency.max - latency.min)
        return trip * self._iteration(kernel, loop)

    def _dataflow_in_loop(self, kernel: Kernel, loop: Loop, trip: sympy.Expr) -> sympy.Expr | None:
        """A loop whose body is one dataflow region (``#pragma HLS DATAFLOW``
        inside the loop: Vitis makes the body a ``dataflow_in_loop`` module):
        its iterations overlap, the next one starting after the region's
        interval, not its latency. So ``interval x (TC - 1) + D``, as a
        pipeline of II = the region's interval, the depth ``D`` the one that
        reproduces the report's loop maximum (a public hls4ml Alveo kernel:
        5 iterations of a 69,161-cycle region every 15,602 ~ 62,066 cycles,
        the loop 131,570 ~ 317,426 = 4 x interval + 69,162; counted as 5
        whole iterations it was 345,815). A data-dependent interval (a range)
        takes its worst case, said. ``None``: not such a loop."""
        if loop.children or loop.sub_loops:
            return None
        placed = {key for key, placement in self._placements(kernel).items() if placement.loop is loop}
        inside = [instance for instance in kernel.instances
                  if instance.loop == loop.name or instance.name in loop.instances or instance.name in placed]
        if len(inside) != 1 or (inside[0].pipeline_type or "").lower() != "dataflow":
            return None
        (region,) = inside
        interval, latency = region.interval, region.latency
        if interval is None or interval.max is None or latency is None or latency.max is None \
                or interval.max >= latency.max:
            return None  # iterations that cannot overlap: whole iterations, as any loop
        step = _pick(interval, self.bound)
        assert step is not None
        if step != interval.min and self.bound is Bound.SYMBOLIC:
            self._caveat(CycleCaveat.WORST_CASE,
                         f"loop {loop.name}: its iterations overlap, one dataflow region ({region.module}) every"
                         f" {count_range(interval.min, interval.max)} cycles: the worst case {step:,} is used")
        count, reported = loop.trip_count, loop.latency
        depth = sympy.Integer(loop.iteration_latency or latency.max)
        if count is not None and count.max and reported is not None and reported.max is not None:
            depth = sympy.Integer(reported.max - interval.max * (count.max - 1))
        self.notes.append(f"loop {loop.name}: each iteration is the dataflow region {region.module}, which starts"
                          f" again after its interval: interval x (trip - 1) + {depth} cycles")
        return sympy.Integer(step) * (trip - 1) + depth

    def _trip_name(self, kernel: Kernel | None, loop: Loop) -> str:
        """``loop.<module>.<loop>.trip``: the module-qualified name, else the
        loop's own (Vivado's "Loop 1" exists in every module, issue 15)."""
        return (self._loop_names(kernel).get(id(loop)) if kernel is not None else None) or loop_name(loop.name)

    def _long_name(self, kernel: Kernel, loop: Loop) -> str:
        return loop_field(self._trip_name(kernel, loop), LONG_ITERATIONS)

    def _long_iterations_given(self, kernel: Kernel, loop: Loop) -> sympy.Expr | None:
        """``loop.<m>.<loop>.long_iterations`` given for a branch loop: that
        many iterations take the long path (the report's maximum iteration
        latency), the others the short one (its minimum), instead of all
        long, the worst case. A public RSA: 500 of 1,024; a public SHA-256
        update calls its 435-cycle transform in 1 of 64 iterations (3 ~ 439
        cycles each, the call placed in the loop)."""
        if self.bound is not Bound.SYMBOLIC or not is_branch_loop(loop):
            return None
        name = self._long_name(kernel, loop)
        if name not in self.given:
            return None
        body = self._loop_body(kernel, loop)
        if body is not None and body.free_symbols:
            # the long path's cycles depend on values given to its parts: the report's range does not hold
            self.notes.append(f"loop {loop.name}: {name} is not used: the iteration's parts depend on values given")
            return None
        latency = loop.iteration_latency_range
        assert latency is not None
        self.notes.append(f"loop {loop.name}: {name} of its iterations take the long path ({latency.max} cycles),"
                          f" the others the short one ({latency.min}): given")
        return sym(name)

    def _pipeline(self, loop: Loop, trip: sympy.Expr) -> sympy.Expr:
        """``II*(TC-1) + D`` (HLScope+ eq. 4). The tools differ by a cycle in
        how they count fill and drain (Vitis 2022 reports ``II*(TC-1)+D-1``,
        2024 auto-rewind ``II*TC+D-1``) and in what a zero-trip loop costs, so
        a loop whose trip count the report gives as a range takes its
        reported latency at either end, and the depth ``D`` in between is the
        one that reproduces its reported maximum."""
        ii = loop.ii.value if loop.ii is not None and loop.ii.value is not None else None
        if ii is None:
            self._caveat(CycleCaveat.UNCOUNTED, f"II of loop {loop.name} unknown: assumed 1")
            ii = 1
        count, latency = loop.trip_count, loop.latency
        if count is not None and latency is not None and isinstance(trip, sympy.Integer):
            if int(trip) == count.min and latency.min is not None:
                return sympy.Integer(latency.min)
            if int(trip) == count.max and latency.max is not None:
                return sympy.Integer(latency.max)
        depth = loop.pipeline_depth or loop.iteration_latency or _pick(loop.iteration_latency_range, self.bound)
        if count is not None and count.max and latency is not None and latency.max is not None:
            depth = latency.max - ii * (count.max - 1)
        return ii * (trip - 1) + sympy.Integer(depth or 0)

    def _iteration(self, kernel: Kernel, loop: Loop) -> sympy.Expr:
        """IL of a loop that is not pipelined: exact from the report, else its
        sub-loops and calls plus its own fixed cycles."""
        exact = loop.iteration_latency
        inside = [*loop.children, *self._loops_placed_in(kernel, [loop])]
        if exact is not None and not self._holds_given(kernel, inside, self._instances_of(kernel, loop)):
            return sympy.Integer(exact)
        body = self._loop_body(kernel, loop)
        if body is None:
            value = _pick(loop.iteration_latency_range, self.bound)
            short = loop.iteration_latency_range.min if loop.iteration_latency_range is not None else None
            if value is None and short is not None:
                # "3 ~ ?": never below the report's minimum (a public userdma was given 1)
                self._caveat(CycleCaveat.UNCOUNTED, f"iteration latency of loop {loop.name}: {short} ~ ? cycles, its"
                             f" minimum {short} used (a lower bound)")
                return sympy.Integer(short)
            if value is None:
                self._caveat(CycleCaveat.UNCOUNTED, f"iteration latency of loop {loop.name} unknown: 1 assumed"
                             f"{self._calls_outside(kernel, loop) or self._uncounted_calls_in(kernel, loop)}")
                return sympy.Integer(1)
            if self.bound is Bound.SYMBOLIC and self.short_branches and short is not None:
                return sympy.Integer(short)
            if self.bound is Bound.SYMBOLIC:
                self._caveat(CycleCaveat.WORST_CASE,
                             f"loop {loop.name}: iteration latency {short} ~ {value} cycles (a branch): worst case"
                             f" {value} used ({self._long_name(kernel, loop)} sets how many iterations take it)")
                if short is not None:
                    self._branch(kernel, loop, short, value)
            return sympy.Integer(value)
        reported = loop.iteration_latency_range
        if exact is not None:
            reported = LatencyRange(exact, exact)
        hint = f" in every iteration ({self._long_name(kernel, loop)} sets how many take it)" \
            if is_branch_loop(loop) else ""
        if reported is None or reported.min is None:
            composed = body + self._pass_floor(kernel, loop)
        else:
            composed = body + self._fixed(f"loop {loop.name}", reported,
                                          lambda composer: composer._loop_body(kernel, loop), hint,
                                          self._calls_outside(kernel, loop))
        composed = self._iteration_within_report(loop, composed, reported)
        short = self._composed_branch(kernel, loop, composed)
        return composed if short is None else short

    def _pass_floor(self, kernel: Kernel, loop: Loop) -> sympy.Expr:
        """A non-pipelined loop's own cycles an iteration beyond its parts
        when its iteration latency is "?": :data:`LOOP_PASS_MIN_CYCLES`,
        where 0 was counted (a public MachSuite spmv, Vitis 2023.2: 13,087
        co-simulated against 11,110 counted; a public MachSuite kmp spends 5
        a pass of its 32,411: its count was 6 times low and read as an exact
        number). The count says "at least"."""
        if self.bound is Bound.SYMBOLIC:
            self._caveat(CycleCaveat.UNCOUNTED,
                         f"loop {loop.name}: its own control cycles beyond its parts are unknown (the report's"
                         f" iteration latency is \"?\"): {LOOP_PASS_MIN_CYCLES} counted an iteration, the fewest a pass"
                         " takes (its exit test; loops of known latency spend 2 or more)"
                         f"{self._calls_outside(kernel, loop)}")
        return sympy.Integer(LOOP_PASS_MIN_CYCLES)

    def _iteration_within_report(self, loop: Loop, composed: sympy.Expr, reported: LatencyRange | None
                                 ) -> sympy.Expr:
        """An iteration whose parts, all counted, exceed the report's longest
        iteration: they do not all run in one iteration (the arms of a
        ``switch`` or ``if``/``else``), and the report's maximum is its worst
        path (a public 2022.1 equalizer's state machine: 107 + 357 and 111
        in different cases, 575 summed, the report's iteration 2 ~ 469)."""
        return self._held_to(composed, reported, f"loop {loop.name}: its parts add up to {{total}} cycles an"
                             " iteration, more than the report's longest iteration ({worst}): they do not all run"
                             " in one iteration (exclusive branches), so the report's maximum is used")

    def _composed_branch(self, kernel: Kernel, loop: Loop, composed: sympy.Expr) -> sympy.Expr | None:
        """A branch loop whose iteration composes to the report's long path
        (a sub-loop under a condition): registered as a branch like one with
        nothing to compose from, so a co-simulation says how many
        iterations took the long path (a public hls4ml convolution: 9 of 25
        at 91 cycles, the others 9); in the short-branch composition its
        iteration is the short path. ``None``: composed as it is."""
        latency = loop.iteration_latency_range
        if self.bound is not Bound.SYMBOLIC or not is_branch_loop(loop) or composed.free_symbols \
                or latency is None or latency.min is None or latency.max is None or composed != latency.max:
            return None
        if self.short_branches:
            return sympy.Integer(latency.min)
        self._branch(kernel, loop, latency.min, latency.max)
        return None

    def _branch(self, kernel: Kernel, loop: Loop, short: int, long: int) -> None:
        """Register ``loop`` as counted at the long path of its branch (once)."""
        stem = self._trip_name(kernel, loop).removesuffix(".trip")
        if all(branch.name != stem for branch in self.branches):
            self.branches.append(BranchLoop(stem, loop.name, short, long))

    def _loop_body(self, kernel: Kernel, loop: Loop) -> sympy.Expr | None:
        parts = [self.loop(kernel, child) for child in loop.children]
        outlined = {child.outlined_module for child in loop.walk()}
        for instance in kernel.instances:
            if instance.module in outlined:
                continue
            if instance.loop == loop.name or instance.name in loop.instances:
                cycles = self._instance(instance)
                if cycles is not None:
                    parts.append(cycles)
        parts.extend(self._placed_in(kernel, loop))
        return sympy.Add(*parts) if parts else None

    def _placed_in(self, kernel: Kernel, loop: Loop) -> list[sympy.Expr]:
        """The calls :mod:`~hlsight.analyzer.vivado_placement` counts in
        ``loop``, composed like the calls the report places there: a trip
        count given to the callee's loops reaches the number (a public
        SHA-256's update, placed in the top's Loop 1, was its worst case,
        28,097 cycles, whatever its own trip count)."""
        out = []
        for placement in self._placements(kernel).values():
            if placement.loop is not loop:
                continue
            if placement.key.startswith("loop:"):
                moved = next((item for item in kernel.loops if f"loop:{item.name}" == placement.key), None)
                if moved is not None:
                    out.append(self.loop(kernel, moved))
                continue
            instance = next((item for item in kernel.instances if item.name == placement.key), None)
            cycles = None if instance is None else self._instance(instance)
            if cycles is not None:
                out.append(cycles)
        return out

    def _loop_names(self, kernel: Kernel) -> dict[int, str]:
        """The kernel's loop trip names, computed once per module."""
        cache: dict[str, dict[int, str]] = self.__dict__.setdefault("_trip_names", {})
        if kernel.name not in cache:
            cache[kernel.name] = loop_symbols(kernel)
        return cache[kernel.name]

    def _holds_given(self, kernel: Kernel, loops: list[Loop], instances: list[Instance]) -> bool:
        """Some loop among ``loops`` (or nested in them), or in a module they
        or ``instances`` call, has a given trip count: the report's exact
        latency around it no longer holds (the symbolic pass only)."""
        if self.bound is not Bound.SYMBOLIC or not self.given:
            return False
        for loop in [*loops, *self._loops_placed_in(kernel, loops)]:
            for inner in loop.walk():
                if self._given_trip(kernel, inner) or self._pragma_trip_given(inner) is not None:
                    return True
                outlined = self._kernel(inner.outlined_module)
                if outlined is not None and outlined is not kernel and self._module_holds_given(outlined):
                    return True
        return any(self._module_holds_given(child) for child in
                   (self._kernel(instance.module) for instance in instances) if child is not None)

    def _loops_placed_in(self, kernel: Kernel, loops: list[Loop]) -> list[Loop]:
        """The outlined loops placed (:meth:`_placements`) in ``loops`` or
        their sub-loops: a trip count given to one changes the iteration
        latency the report gives its host (a public 2022.1 DFT's inner loop,
        placed in its outer loop, ignored a given trip)."""
        hosted = {id(inner) for loop in loops for inner in loop.walk()}
        keys = {key for key, placement in self._placements(kernel).items()
                if key.startswith("loop:") and id(placement.loop) in hosted}
        return [loop for loop in kernel.loops if f"loop:{loop.name}" in keys]

    def _module_holds_given(self, kernel: Kernel) -> bool:
        seen: set[str] = self.__dict__.setdefault("_seen_given", set())
        if kernel.name in seen:
            return False  # recursion guard
        seen.add(kernel.name)
        try:
            return self._holds_given(kernel, kernel.loops, kernel.instances)
        finally:
            seen.discard(kernel.name)

    def _kernel(self, name: str | None) -> Kernel | None:
        if not name:
            return None
        try:
            return self.design.kernel(name)
        except KeyError:
            return None

    def _calls_outside(self, kernel: Kernel, loop: Loop) -> str:
        """The end of an unknown-iteration note: the calls counted once,
        outside the loops, any of which the loop may make each iteration (a
        public 2018.2 Dilithium's Loop 10, 14 and 17, "?" each, call ntt 4,
        5 and 5 times; the report lists its calls apart from its loops). A
        loop with no sub-loop owes its "?" to a call of unknown latency:
        those are named when there are any."""
        if kernel.loop_calls_known:  # the report places every call made in a loop
            return ""
        placed = instances_in_loops(kernel) | set(self._placements(kernel))
        # a call whose one source call is outside every loop is known to be outside
        calls = [instance for instance in kernel.instances if instance.name not in placed
                 and self.source.instance_host(kernel.name, instance.name) is None]
        unknown = [instance for instance in calls if instance.latency is None or instance.latency.max is None]
        if not loop.children and unknown:
            calls = unknown
        outside = sorted({instance.module for instance in calls})
        if not outside:
            return ""
        counted = "is counted once" if len(outside) == 1 else "are counted once each"
        return (f" (a lower bound: the report does not say which calls it makes; {name_list(outside, 10)} {counted},"
                " outside the loops)")

    def _uncounted_calls_in(self, kernel: Kernel, loop: Loop) -> str:
        """The end of an unknown-iteration note: the calls placed in the
        loop whose latency is unknown, what its "?" comes from."""
        names = sorted({placement.label for placement in self._placements(kernel).values()
                        if placement.loop is loop and placement.cycles == "?"})
        return f" (a lower bound: it calls {name_list(names)}, whose latency is not in the report)" if names else ""

    def _instances_of(self, kernel: Kernel, loop: Loop) -> list[Instance]:
        """The sub-module calls inside ``loop`` (or its sub-loops)."""
        names = {inner.name for inner in loop.walk()}
        listed = {name for inner in loop.walk() for name in inner.instances}
        hosted = {id(inner) for inner in loop.walk()}
        listed |= {key for key, placement in self._placements(kernel).items() if id(placement.loop) in hosted}
        return [instance for instance in kernel.instances if instance.loop in names or instance.name in listed]

    def _note_pragma_counts(self, kernel: Kernel) -> None:
        """Say which report counts are a ``loop_tripcount`` pragma's while the
        source's arguments for them are not given: the number rests on the
        pragma's assumption (printed beside it, not a routine note)."""
        if self.bound is not Bound.SYMBOLIC:
            return
        for loop in kernel.all_loops():
            pragma = self.source.pragma_trip(loop)
            count = loop.trip_count
            if pragma is None or count is None or count.value is None or self._pragma_trip_given(loop) is not None:
                continue
            names = sorted(str(symbol) for symbol in parse_expression(pragma[0]).free_symbols)
            self._caveat(CycleCaveat.ASSUMED_TRIP,
                         f"loop {loop.name} runs {pragma[0]} times in the source; the report's {count.value} is its"
                         f" {pragma[1]}, an assumption: give {', '.join(names)} with --set to use the source's count")

    def _pragma_trip_given(self, loop: Loop) -> sympy.Expr | None:
        """The source's count of a loop whose report count is a
        ``loop_tripcount`` pragma's, when every name in it is given."""
        pragma = self.source.pragma_trip(loop)
        expr = None if pragma is None else source_expr(pragma[0], self.given, [], "")
        if expr is None or not expr.free_symbols or any(symbol.name not in self.given for symbol in expr.free_symbols):
            return None
        return expr

    def _given_trip(self, kernel: Kernel, loop: Loop) -> bool:
        """The user gave this loop's trip count and this is the symbolic pass
        (the MIN/MAX passes calibrate the module's own cycles on the report's
        counts). A given count wins over the report's, as on aoc loops: the
        report's count is the static one, the host knows the run (HPCC STREAM
        Copy skips the in2 loop its report counts 16384 times)."""
        return self.bound is Bound.SYMBOLIC and self._loop_names(kernel).get(id(loop)) in self.given

    def trip(self, loop: Loop, kernel: Kernel | None = None) -> sympy.Expr:
        count = loop.trip_count
        if count is not None and count.value is not None:
            if kernel is not None and self._given_trip(kernel, loop):
                name = self._loop_names(kernel)[id(loop)]
                self.notes.append(f"trip count of loop {loop.name}: given ({name}); the report says {count.value}")
                return sym(name)
            pragma = self.source.pragma_trip(loop)
            if pragma is not None and self.bound is Bound.SYMBOLIC:
                given = self._pragma_trip_given(loop)
                if given is not None:
                    self.notes.append(f"trip count of loop {loop.name} from the source: {pragma[0]} at the values"
                                      f" given; the report's {count.value} is its {pragma[1]}")
                    return given
            return sympy.Integer(count.value)
        if self.bound is not Bound.SYMBOLIC and count is not None:
            # the report's range calibrates the module's own cycles; the
            # user's value enters the symbolic pass below
            value = count.min if self.bound is Bound.MIN else count.max
            if value is not None:
                return sympy.Integer(value)
        name = self._trip_name(kernel, loop)
        if count is not None and count.avg is not None and name not in self.given:
            self.notes.append(f"trip count of loop {loop.name}: pragma average {count.avg}")
            return sympy.Integer(count.avg)
        derived = self.source.trip(loop)
        if derived is not None and name not in self.given:
            expr = source_trip_expr(derived, self.given, self.notes, loop.name)
            if expr is not None:
                return expr
        if name in self.given:
            reported = ""
            if count is not None and count.max is not None:
                reported = f"; the report says {count.min} ~ {count.max}"
            self.notes.append(f"trip count of loop {loop.name}: given ({name}){reported}")
        else:
            self.notes.append(f"trip count of loop {loop.name} unknown: symbol {name}")
        return sym(name)


def _calls(kernel: Kernel, instance: Instance) -> int:
    """How often a module without loops calls ``instance``: one, unless the
    instance is its only part whose latency varies and the module's latency
    range is an integer multiple (>1) of the instance's (a shared instance
    called from several places, e.g. ``pool`` twice in a CNN top)."""
    if kernel.loops or kernel.dataflow or instance.latency is None or kernel.latency is None:
        return 1
    varying = [item for item in kernel.instances if item.latency is not None and _exact(item.latency) is None]
    if varying != [instance]:
        return 1
    span_k = _span(kernel.latency)
    span_i = _span(instance.latency)
    if span_k is None or not span_i:
        return 1
    calls, rest = divmod(span_k, span_i)
    return calls if rest == 0 and calls > 1 else 1


def _span(value: LatencyRange) -> int | None:
    if value.min is None or value.max is None:
        return None
    return value.max - value.min


def module_cycles(kernel: Kernel, design: Design, bound: Bound = Bound.SYMBOLIC,
                  given: Collection[str] = ()) -> tuple[sympy.Expr | None, list[str]]:
    """Cycles of ``kernel`` at ``bound`` and the notes made composing them."""
    composer = CycleComposer(design, bound, given)
    cycles = composer.module(kernel)
    return cycles, list(dict.fromkeys(composer.notes))
