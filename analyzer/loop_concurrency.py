"""How many iterations of an aoc/oneAPI/i++ loop are in progress at once,
and what that does to an outer loop whose body runs several sub-loops.

"The concurrency of a loop is how many iterations of that loop can be in
progress at one time. By default, the [compiler] tries to maximize the
concurrency of loops" (Intel FPGA SDK for OpenCL Pro Edition Programming
Guide 5.2.7, "Loop Concurrency (max_concurrency Pragma)"; the same text in
the HLS Reference Manual and the oneAPI FPGA Handbook). The Loop Analysis
report gives it per loop: "Maximum concurrent iterations: Capacity of loop"
(no limit but the pipeline's), "... 1 by user-constrained concurrency",
"... 1 is the default for components" (an i++ component's invocation loop).

A sub-loop runs one invocation at a time (the next starts after its last
launch, Programming Guide 5.2.9), so one sub-loop alone gains nothing from
the concurrency of the loop around it. Sibling sub-loops do: while
iteration i runs the second, iteration i+1 runs the first, each sub-loop
a stage of the outer pipeline. With C iterations in progress and stages
taking T_s cycles over the outer loop's N iterations, the stages run at
the pace of the slowest, max(max_s T_s, sum_s T_s / C), plus the first
iteration's pass through the other stages, (sum_s T_s - max_s T_s) / N.
C = 1 is the sum, one iteration after another.

Measured: Intel's max_concurrency tutorial (oneAPI, Arria 10 PAC; two
README runs): 50,000 outer iterations of two 8,192-iteration sub-loops ran
in 2.89 s and 2.95 s with ``max_concurrency(1)`` and 1.46 s with 2 to 16
or no limit: half, as the rule says. HPCC PTRANS (aoc 19.4, Bittware
520N): the serial sum of its two 16,384-iteration block loops gives 24.0 ms
at the placed 350 MHz, which no run can beat; the run took 18.8 ms. An
i++ atax's fused loop, serial across one of its two sub-loops only, ran in
ModelSim within 4 % of the overlapped count (docs/model.md, decision 101).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Literal

import sympy

from hlsight.analyzer.memory_model import smax
from hlsight.core.model import Loop

#: no limit but the loop's capacity (its pipeline's depth)
CAPACITY: Literal["capacity"] = "capacity"

_CONCURRENT = re.compile(r"maximum concurrent iterations:\s*(capacity of loop|\d+)", re.IGNORECASE)


def max_concurrent_iterations(loop: Loop) -> int | Literal["capacity"] | None:
    """The report's maximum concurrent iterations of ``loop``: a count,
    :data:`CAPACITY`, or ``None`` where the report does not say (aoc before
    19.x: no such line)."""
    for text in loop.details:
        match = _CONCURRENT.search(text)
        if match is not None:
            said = match.group(1)
            return int(said) if said.isdigit() else CAPACITY
    return None


def concurrent_stages(loop: Loop, stages: Sequence[sympy.Expr], iterations: sympy.Expr,
                      notes: list[str]) -> sympy.Expr:
    """Issue cycles of one invocation of ``loop`` whose iterations run its
    sub-loops one after another, ``stages`` being each sub-loop's cycles
    over all ``iterations``: their sum where one iteration is in progress
    at a time (or the report does not say), else the stages overlapped as
    the module docstring derives."""
    total = sympy.Add(*stages)
    concurrency = max_concurrent_iterations(loop)
    if len(stages) < 2 or concurrency is None or concurrency == 1:
        return total
    slowest = smax(*stages)
    pace = slowest if concurrency == CAPACITY else smax(slowest, total / concurrency)
    said = ("its iterations run concurrently, as many as its pipeline holds (the report's maximum concurrent"
            " iterations: capacity of loop)") if concurrency == CAPACITY else (
            f"up to {concurrency} of its iterations run concurrently (the report's maximum concurrent iterations)")
    notes.append(f"loop {loop.name}: {said}, so its {len(stages)} sub-loops overlap, each running a different"
                 " iteration, and the slowest sets the pace (Intel Programming Guide 5.2.7, loop concurrency)")
    return pace + (total - slowest) / smax(iterations, sympy.Integer(1))


def overlap_unread(loops: Iterable[Loop]) -> bool:
    """Whether some pipelined loop among ``loops`` (and below) runs two or
    more sub-loops and the report does not say how many of its iterations
    run at once (aoc before 19.x), so the count took them one after another."""
    return any((len(loop.sub_loops) >= 2 and loop.pipelined is not False and max_concurrent_iterations(loop) is None)
               or overlap_unread(loop.sub_loops) for loop in loops)
