"""How many iterations of an aoc/oneAPI/i++ loop are in progress at once,
and what that does to an outer loop whose body runs several sub-loops.

"The concurrency of a loop is how many iterations of that loop can be in
progress at one time. By default, the [compiler] tries to maximize the
concurrency of loops" (Intel FPGA SDK for OpenCL Pro Edition Programming
Guide 5.2.7, "Loop Concurrency (max_concurrency Pragma)"; the same text in
the HLS Reference Manual and the oneAPI FPGA Handbook). The Loop Analysis
report gives it per loop: "Maximum concurrent iterations: Capacity of loop"
(no limit but the pipeline's), "... 1 by user-constrained concurrency",
"... 1 is the default for component invocation loop" (i++), and says where
iterations run one at a time ("Iteration executed serially across X.B4.
Only a single loop iteration will execute inside this region").

A sub-loop runs one invocation at a time (the next starts after its last
launch, Programming Guide 5.2.9), so one sub-loop alone gains nothing from
the concurrency of the loop around it. Sibling sub-loops do: while
iteration i runs the second, iteration i+1 runs the first, each sub-loop
a stage of the outer pipeline. With C iterations in progress, stages
taking T_s cycles over the outer loop's N iterations and d_s for one
iteration's pass, the stages run at the pace of the slowest,
P = max(max_s T_s, sum_s T_s / C), and the first iteration passes every
stage once: P + sum_s d_s - P / N, which is (N - 1) p + sum_s d_s with
p = P / N, never more than the stages one after another. C = 1 keeps
the sum of the stages' launches (decision 16, depths drained once).

Measured: Intel's max_concurrency tutorial (oneAPI, Arria 10 PAC; two
README runs): 50,000 outer iterations of two 8,192-iteration sub-loops ran
in 2.89 s and 2.95 s with ``max_concurrency(1)`` and 1.46 s with 2 to 16
or no limit: half, as the rule says. HPCC PTRANS (aoc 19.4, Bittware
520N): the serial sum of its two 16,384-iteration block loops gives 24.0 ms
at the placed 350 MHz, which no run can beat; the run took 18.8 ms. An
i++ atax's fused loop, serial across one of its two sub-loops only, ran in
ModelSim within 2 % of the overlapped count (docs/model.md, decision 101).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

import sympy

from hlsight.analyzer.memory_model import smax
from hlsight.core.model import Loop
from hlsight.parsers.intel.loops import block_name

#: no limit but the loop's capacity (its pipeline's depth)
CAPACITY: Literal["capacity"] = "capacity"

_CONCURRENT = re.compile(r"maximum concurrent iterations:\s*(capacity of loop|[\d,]+)", re.IGNORECASE)
_SERIAL_ACROSS = "executed serially across "


def max_concurrent_iterations(loop: Loop) -> int | Literal["capacity"] | None:
    """The report's maximum concurrent iterations of ``loop``: a count,
    :data:`CAPACITY` (also for 0, which ``max_concurrency(0)`` means), or
    ``None`` where the report does not say (aoc before 19.x: no such line)."""
    for text in loop.details:
        match = _CONCURRENT.search(text)
        if match is None:
            continue
        said = match.group(1).replace(",", "")
        if not said.isdigit():  # "capacity of loop"
            return CAPACITY
        return int(said) or CAPACITY
    return None


def runs_serially(loop: Loop) -> bool:
    """aoc says when an outer loop's iterations cannot overlap the sub-loop
    they run ("Iteration executed serially across X.B4 ... due to memory
    dependency", "Serial exe: Memory dependency")."""
    return any("executed serially" in text.lower() or text.lower().startswith("serial exe") for text in loop.details)


def serial_sub_loops(loop: Loop) -> frozenset[str] | None:
    """Blocks (:func:`block_id`) of the sub-loops ``loop``'s iterations run
    serially across ("Iteration executed serially across matrixMult.B4,
    matrixMult.B5. Only a single loop iteration will execute inside this
    region"), or ``None`` where the report says its iterations are serial
    without naming the region: "Serial exe: Memory dependency" alone, or
    beside it a line naming none ("Iteration executed serially due to
    memory dependency", three of them beside one naming B4 in a oneAPI
    2023.0 kmers loop): all of them."""
    names: set[str] = set()
    for text in loop.details:
        lowered = text.lower()
        start = lowered.find(_SERIAL_ACROSS)
        if start >= 0:
            region = text[start + len(_SERIAL_ACROSS):].split(". ")[0].rstrip(".")
            names.update(block_id(name) for name in region.split(","))
        elif "executed serially" in lowered:
            return None
    return frozenset(names) if names else None


def block_id(name: str) -> str:
    """A loop's basic block within its kernel ("B4" of "matrixMult.B4"):
    the region text names the kernel as the compiler does
    ("const::'lambda'().B4"), which hlsight may have renamed
    ("parallel_bfs.cpp:104.B4")."""
    return block_name(name.strip()).rsplit(".", 1)[-1]


def waits_for_drains(loop: Loop) -> bool:
    """Whether each iteration of ``loop`` waits for its sub-loops to drain
    before the next starts: a loop the report does not pipeline, one whose
    next iteration waits for a loop-carried dependency (oneAPI 2025's
    ``ld``), or one it runs serially, except where :func:`serial_region`
    leaves sub-loops outside a named region."""
    if loop.pipelined is False or (loop.carried_latency or 0) > 1:
        return True
    return runs_serially(loop) and serial_region(loop) is None


def serial_region(loop: Loop) -> frozenset[str] | None:
    """The sub-loops (:func:`block_id`) a pipelined ``loop`` runs serially
    across, where the report names some of its own sub-loops, leaves
    others out of the region and lets two or more iterations be in progress
    at once: "Iteration executed serially across atax.B9. Only a single
    loop iteration will execute inside this region" beside "Maximum
    concurrent iterations: Capacity of loop" (an i++ 20.4 atax's fused
    loop). Outside the region the next iteration may run while one is
    inside it. ``None`` where the rule of serial loops applies as a whole
    (a region naming no sub-loop of ``loop`` is not taken for an empty one)."""
    if loop.pipelined is False or (loop.carried_latency or 0) > 1 or not runs_serially(loop):
        return None
    region = serial_sub_loops(loop)
    if region is None or max_concurrent_iterations(loop) in (None, 1):
        return None
    named = [block_id(child.name) in region for child in loop.sub_loops]
    if not any(named) or all(named):
        return None
    return region


def interleaving_allowed(parent: Loop, in_flight: int) -> int:
    """At most as many invocations of a sub-loop interleave as ``parent``
    has iterations in progress: the next invocation is the next
    iteration's (``max_concurrency(1)`` leaves one)."""
    concurrency = max_concurrent_iterations(parent)
    return min(in_flight, concurrency) if isinstance(concurrency, int) else in_flight


@dataclass(frozen=True)
class Stage:
    """A sub-loop (or a serial region) of an outer loop: its cycles over all
    the outer loop's iterations, and one iteration's pass through it."""

    total: sympy.Expr
    one_pass: sympy.Expr


def concurrent_stages(loop: Loop, stages: Sequence[Stage], iterations: sympy.Expr, notes: list[str]) -> sympy.Expr:
    """Issue cycles of one invocation of ``loop`` whose iterations run its
    ``stages`` one after another: their totals' sum where one iteration is
    in progress at a time (or the report does not say), else the stages
    overlapped as the module docstring derives."""
    total = sympy.Add(*[stage.total for stage in stages])
    concurrency = max_concurrent_iterations(loop)
    if len(stages) < 2 or concurrency is None or concurrency == 1:
        return total
    slowest = smax(*[stage.total for stage in stages])
    pace = slowest if concurrency == CAPACITY else smax(slowest, total / concurrency)
    said = ("its iterations run concurrently, as many as its pipeline holds (the report's maximum concurrent"
            " iterations: capacity of loop)") if concurrency == CAPACITY else (
            f"up to {concurrency} of its iterations run concurrently (the report's maximum concurrent iterations)")
    notes.append(f"loop {loop.name}: {said}, so its {len(stages)} sub-loops overlap, each running a different"
                 " iteration, and the slowest sets the pace (Intel Programming Guide 5.2.7, loop concurrency)")
    return pace + sympy.Add(*[stage.one_pass for stage in stages]) - pace / smax(iterations, sympy.Integer(1))


def overlapped_stage_counts(loops: Iterable[Loop]) -> list[tuple[str, int]]:
    """(name, stages) of each loop among ``loops`` (and below) whose sub-loops
    the count overlaps with no limit but the loop's capacity: where a
    memory's private copies hold fewer iterations, the hardware overlaps
    fewer (:func:`hlsight.analyzer.estimate.kernel.private_copies_caveat`)."""
    found: list[tuple[str, int]] = []
    for loop in loops:
        if (len(loop.sub_loops) >= 2 and max_concurrent_iterations(loop) == CAPACITY
                and not waits_for_drains(loop)):
            region = serial_region(loop) or frozenset()
            outside = [child for child in loop.sub_loops if block_id(child.name) not in region]
            found.append((loop.name, len(outside) + (1 if region else 0)))
        found.extend(overlapped_stage_counts(loop.sub_loops))
    return found


def overlap_unread(loops: Iterable[Loop]) -> bool:
    """Whether some pipelined loop among ``loops`` (and below) runs two or
    more sub-loops, the report does not run it serially, and it does not
    say how many of its iterations run at once (aoc before 19.x), so the
    count took them one after another."""
    return any((len(loop.sub_loops) >= 2 and not waits_for_drains(loop) and max_concurrent_iterations(loop) is None)
               or overlap_unread(loop.sub_loops) for loop in loops)
