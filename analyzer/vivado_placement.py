"""Where a Vivado/Vitis module calls its sub-modules, when the report does
not say.

Reports before Vitis 2021.2 list a module's instances and its loops apart,
and without ``csynth.xml`` a Vitis ``<f>_Pipeline_<loop>`` loop is shown at
the top level. A call made inside a loop is already in that loop's iteration
latency; counted beside the loops as well it is counted twice (public Vivado
HLS 2016.4 sha256_update: 28,531 cycles against the report's 28,097).

Everything made outside the loops adds up, so when the worst cases of the
module's loops and of its unplaced calls exceed the module's maximum by an
*excess*, calls worth at least that excess run inside loops. The calls that
fit some loop's own iteration cycles (its iteration latency beyond its
largest sub-loop) are the candidates; the smallest set of them reaching the
excess is moved in (what is left over is the module's own control cycles,
a few), each into the loop with the least room that still holds it
(best-fit, largest call first: a public tiled convolution placed five calls
in TILE_COL's 268 cycles and the copy loop in TILE_ROW's 42, as its source
has them). Where a latency is unknown ("?"), a call is placed only in the one
loop that holds it and of whose own cycles it makes up most, which no
straight-line loop body explains.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from hlsight.core.model import Instance, Kernel, Loop
from hlsight.core.units import count_range
from hlsight.parsers.vivado.names import OUTLINED_UNSURE

#: Candidate calls searched exhaustively for the smallest set reaching the excess.
EXHAUSTIVE_CALLS = 14


@dataclass(frozen=True)
class Placement:
    """A call (``key``: an instance name, or ``loop:<name>`` for an outlined
    loop shown at the top level) counted inside ``loop``, and why."""

    key: str
    label: str
    cycles: str
    loop: Loop
    why: str

    def note(self, module: str) -> str:
        return (f"{module}: {self.label} ({self.cycles} cycles) is counted once per iteration of loop {self.loop.name},"
                f" in its iteration latency (the report does not say where it is called): {self.why}")


@dataclass(frozen=True)
class _Call:
    key: str
    label: str
    cycles: str
    worst: int | None


#: the loops of the hosts a call may go into (:func:`_allowed` with the source's calls bound)
_Fits = Callable[[_Call, list[tuple[Loop, int]]], list[tuple[Loop, int]]]


def unsure_outlined(loop: Loop) -> bool:
    """An outlined loop the reader put at the top level for want of an InstanceList."""
    return loop.outlined_module is not None and OUTLINED_UNSURE in loop.details


def instances_in_loops(kernel: Kernel) -> set[str]:
    """Instances the report places in one of the kernel's loops (Vitis >=
    2021.2), including the calls of outlined ``_Pipeline_`` loops."""
    names: set[str] = set()
    loops = kernel.all_loops()
    outlined = {loop.outlined_module for loop in loops if loop.outlined_module not in (None, kernel.name)}
    loop_names = {loop.name for loop in loops}
    for instance in kernel.instances:
        called_in_loop = any(instance.name in loop.instances for loop in loops)
        if instance.loop in loop_names or instance.module in outlined or called_in_loop:
            names.add(instance.name)
    return names


def implied_placements(kernel: Kernel, allowed: Mapping[str, frozenset[int]] | None = None
                       ) -> dict[str, Placement]:
    """The calls of ``kernel`` counted inside a loop the report did not name;
    ``allowed``: per call, the ``id`` of the only loops that may hold it
    (those its source calls are inside)."""
    if kernel.dataflow:
        return {}
    calls = _unplaced_calls(kernel)
    hosts = _host_loops(kernel)
    fits = functools.partial(_allowed, allowed or {})
    if not calls or not hosts:
        return {}
    fixed = [loop.latency.max if loop.latency is not None else None
             for loop in kernel.loops if not unsure_outlined(loop)]
    worsts = [call.worst for call in calls]
    latency = kernel.latency
    if latency is None or latency.max is None or None in fixed or None in worsts:
        return _by_share(calls, hosts, fits)
    outside = sum(value or 0 for value in [*fixed, *worsts])
    if outside <= latency.max:
        return {}  # everything fits beside the loops (a call after them, conditionally)
    excess = outside - latency.max
    candidates = [call for call in calls if any(room >= (call.worst or 0) for _, room in fits(call, hosts))]
    chosen = _smallest_set_reaching(candidates, excess)
    why = (f"outside them, the loops' and calls' worst cases ({outside:,}) would exceed the report's maximum of"
           f" {kernel.name} ({latency.max:,})")
    return _best_fit(chosen, hosts, why, fits)


def _unplaced_calls(kernel: Kernel) -> list[_Call]:
    placed = instances_in_loops(kernel)
    calls = [_Call(instance.name, instance.module, _range(instance), _worst(instance))
             for instance in kernel.instances
             if instance.name not in placed and instance.latency is not None and instance.latency.max is not None]
    calls.extend(_outlined_call(kernel, loop) for loop in kernel.loops if unsure_outlined(loop))
    return calls


def _outlined_call(kernel: Kernel, loop: Loop) -> _Call:
    """An outlined loop shown at the top level, as a call of its module."""
    instance = next((item for item in kernel.instances if item.module == loop.outlined_module), None)
    worst = _worst(instance) if instance is not None else (loop.latency.max if loop.latency else None)
    shown = _range(instance) if instance is not None else "?" if worst is None else f"{worst:,}"
    return _Call(f"loop:{loop.name}", loop.outlined_module or loop.name, shown, worst)


def placed_by_source(kernel: Kernel, loop: Loop, host: Loop, where: str) -> Placement | None:
    """``loop``, an outlined loop at the top level, in the loop of
    ``kernel`` its source loop is inside (``where``: the source lines that
    say so); ``None`` when ``host`` is not one of ``kernel``'s loops (the
    outlined module's own composition keeps its loop)."""
    if not unsure_outlined(loop) or not any(item is host for item in kernel.all_loops()):
        return None
    call = _outlined_call(kernel, loop)
    return Placement(call.key, call.label, call.cycles, host, f"its source loop is inside that loop's ({where})")


def _host_loops(kernel: Kernel) -> list[tuple[Loop, int]]:
    """(loop, own iteration cycles) of the loops a call may run in (not the
    top-level outlined loops being placed, nor their sub-loops)."""
    moving = {id(inner) for loop in kernel.loops if unsure_outlined(loop) for inner in loop.walk()}
    out = []
    for loop in kernel.all_loops():
        own = own_iteration_cycles(loop)
        if id(loop) not in moving and own is not None and own > 0:
            out.append((loop, own))
    return out


def own_iteration_cycles(loop: Loop) -> int | None:
    """The worst iteration latency of ``loop`` beyond its largest sub-loop
    (sub-loops may be alternatives: an if/else of two loops)."""
    worst = loop.iteration_latency if loop.iteration_latency_range is None else loop.iteration_latency_range.max
    if worst is None:
        return None
    inner = [child.latency.max if child.latency is not None else None for child in loop.children]
    if any(value is None for value in inner):
        return None
    return worst - max((value or 0 for value in inner), default=0)


def _smallest_set_reaching(candidates: list[_Call], excess: int) -> list[_Call]:
    """The set of candidates with the smallest total at least ``excess``
    (every candidate when none reaches it; largest first beyond
    EXHAUSTIVE_CALLS candidates)."""
    if sum(call.worst or 0 for call in candidates) <= excess:
        return candidates
    if len(candidates) > EXHAUSTIVE_CALLS:
        chosen: list[_Call] = []
        for call in sorted(candidates, key=lambda item: -(item.worst or 0)):
            if sum(item.worst or 0 for item in chosen) >= excess:
                break
            chosen.append(call)
        return chosen
    best: tuple[int, int, tuple[_Call, ...]] | None = None
    for size in range(1, len(candidates) + 1):
        for subset in itertools.combinations(candidates, size):
            total = sum(call.worst or 0 for call in subset)
            if total >= excess and (best is None or (total, size) < best[:2]):
                best = (total, size, subset)
    return list(best[2]) if best is not None else candidates


def _allowed(allowed: Mapping[str, frozenset[int]], call: _Call, hosts: list[tuple[Loop, int]]
             ) -> list[tuple[Loop, int]]:
    """The loops of ``hosts`` that may hold ``call``."""
    only = allowed.get(call.key)
    return hosts if only is None else [(loop, own) for loop, own in hosts if id(loop) in only]


def _best_fit(calls: list[_Call], hosts: list[tuple[Loop, int]], why: str, fits: _Fits) -> dict[str, Placement]:
    room = {id(loop): own for loop, own in hosts}
    placements: dict[str, Placement] = {}
    for call in sorted(calls, key=lambda item: -(item.worst or 0)):
        need = call.worst or 0
        mine = fits(call, hosts)
        if not any(own >= need for _, own in mine):
            continue  # no loop its source calls are in holds it
        fitting = [loop for loop, _ in mine if room[id(loop)] >= need]
        if not fitting:  # the rooms are estimates: the loop with the most room left
            fitting = [max((loop for loop, own in mine if own >= need), key=lambda loop: room[id(loop)])]
        loop = min(fitting, key=lambda item: room[id(item)])
        room[id(loop)] -= need
        placements[call.key] = Placement(call.key, call.label, call.cycles, loop, why)
    return placements


def _by_share(calls: list[_Call], hosts: list[tuple[Loop, int]], fits: _Fits) -> dict[str, Placement]:
    """With a latency unknown: a call goes into the one loop that holds it
    and of whose own cycles it makes up most (2016.4 sha256: sha256_update's
    28,097 of Loop 1's 28,100; 2018.3 keccak_absorb: KeccakF1600's 62 of 65).
    Largest first, each placed call taking its cycles out of the loop's room:
    two calls that do not fit together are not both placed (a public 2018.2
    Dilithium put polyvecl_pointwise_a's 8,460 and use_hint's 6,411 in one loop of
    8,462, and use_hint is called once, outside every loop)."""
    placements: dict[str, Placement] = {}
    room = {id(loop): own for loop, own in hosts}
    for call in sorted(calls, key=lambda item: -(item.worst or 0)):
        if call.worst is None:
            continue
        holding = [(loop, own) for loop, own in fits(call, hosts) if room[id(loop)] >= call.worst]
        if len(holding) != 1 or 2 * call.worst < holding[0][1]:
            continue
        loop, own = holding[0]
        room[id(loop)] -= call.worst
        placements[call.key] = Placement(
            call.key, call.label, call.cycles, loop,
            f"it makes up most of that loop's {own:,} cycles per iteration beyond its sub-loops, which no"
            " straight-line code explains")
    return placements


def call_placed_by_source(instance: Instance, host: Loop, where: str) -> Placement:
    """A call the report lists apart from its loops, in the loop its one
    source call (``where``) is inside."""
    return Placement(instance.name, instance.module, _range(instance), host,
                     f"its one call in the source ({where}) is inside that loop")


def _worst(instance: Instance) -> int | None:
    return instance.latency.max if instance.latency is not None else None


def _range(instance: Instance | None) -> str:
    latency = None if instance is None else instance.latency
    if latency is None or latency.max is None:
        return "?"
    return count_range(latency.min, latency.max, collapse=True)
