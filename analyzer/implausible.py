"""A reported II that cannot be real: the pipeline model keeps a symbol for it,
and only there is an II a value the user gives (``loop.<k>.<loop>.ii``)."""

from __future__ import annotations

from hlsight.core.model import Loop

#: Above this, a reported II is not believed unless the loop's own iteration
#: latency is larger: an iteration waits for a dependence of the previous one
#: at most the previous iteration's latency, and no loop in hlsight's corpus
#: (aoc 14-21, oneAPI, Vivado/Vitis) has a latency near 2^16 cycles per
#: iteration. aoc 18.1's lenet5 report prints II 52628672 for two loops.
MAX_PLAUSIBLE_II = 2**16


def implausible_ii(loop: Loop) -> bool:
    """True when the report's II cannot be real (see :data:`MAX_PLAUSIBLE_II`)."""
    if loop.ii is None or loop.ii.value is None:
        return False
    latency = loop.iteration_latency or loop.pipeline_depth or 0
    return loop.ii.value > max(MAX_PLAUSIBLE_II, latency)
