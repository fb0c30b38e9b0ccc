"""FlexCL's communication mode of an NDRange kernel, read from its barriers.

FlexCL section 3.5 composes the memory and the compute time in one of two
modes, "identified by analyzing the OpenCL intrinsics": in *barrier mode*
"global memory access and computation operations are separated by barriers
... there is no overlap" (eq. 10, T = L_mem + L_comp); otherwise the two
overlap in a pipeline (eqs. 11-12, T = max).

aoc streams successive work-groups through a barrier that runs once per
work-item (the Intel fft1d ``fetch`` kernel: global loads, barrier, local
reads; its measured 6.6 ms on HBM2 is the memory time alone, not memory +
pipeline 9.4 ms), so only a barrier *inside a loop* whose body also
accesses global memory separates the two: every iteration, the whole
work-group waits for its tile to arrive before computing on it, and for
the computation to finish before fetching the next tile (the tiled matrix
multiply).
"""

from __future__ import annotations

from pathlib import PurePath
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hlsight.analyzer.access.derive import KernelAccesses


#: what the mode means, said after the reason
BARRIER_MODE = "FlexCL barrier mode, memory and pipeline time add (FlexCL eq. 10)"


def barrier_mode(context: KernelAccesses) -> str | None:
    """Why ``context``'s kernel runs in FlexCL barrier mode (memory and
    pipeline time add, eq. 10), or ``None``.

    The reason names the barrier, the loop around it and a global access
    that loop makes, so the user can check it in the source."""
    for barrier in context.barriers:
        for loop in reversed(barrier.loops):  # innermost first
            if loop.unroll == 0:
                continue  # fully unrolled: its copies sit in the enclosing loop (``unroll n`` still loops)
            inside = [
                site for site in context.sites
                if site.space == "global" and any(enclosing is loop for enclosing in site.loops)
            ]
            if inside:
                site = inside[0]
                return (
                    f"barrier at {PurePath(barrier.file).name}:{barrier.line} inside the loop at line {loop.line},"
                    f" which also accesses global memory (`{site.text}` at line {site.line})"
                )
    return None
