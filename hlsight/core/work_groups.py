"""The work-group of a Vivado/Vitis module built from an OpenCL C kernel.

SDAccel and Vitis compile an OpenCL C kernel (``__kernel
__attribute__((reqd_work_group_size(X, Y, Z))) void k(...)``) into one HLS
module that runs ONE work-group per call: the compiler wraps the kernel body
in a loop nest over the work-items, named ``XCL_WG_DIM_X``, ``XCL_WG_DIM_Y``,
``XCL_WG_DIM_Z`` (flattened: ``XCL_WG_DIM_Z_XCL_WG_DIM_Y_XCL_WG_DIM_X``), one
nest per region between barriers, and the runtime divides the host's NDRange
into work-groups and calls the compute unit once per work-group (UG1393,
``reqd_work_group_size``: "the work-group size defines the amount of the ND
range that can be processed by a single invocation of a kernel compute unit";
``xcl_pipeline_workitems``: the inserted loop nest). SDAccel 2016.3 and Vitis
2021.1 reports both name the loops so.

The work-group size is read from the report, never guessed: the product of
the trip counts down the nest of work-item loops at the module's outermost
level, equal over every such nest. A loop named after a work-item loop with a
suffix (``XCL_WG_DIM_X.1``: an unnamed loop inside it; ``XCL_WG_DIM_X_L``: a
user loop flattened into it) counts other iterations too, so it ends the nest.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from hlsight.core.model import Kernel, Loop

#: a loop the OpenCL compiler made over the work-items of one work-group (one or more dimensions flattened)
_WORK_ITEM_LOOP = re.compile(r"XCL_WG_DIM_[XYZ](?:_XCL_WG_DIM_[XYZ])*")
#: any loop whose name holds one (a work-item loop, an unnamed loop in one, a user loop flattened into one)
_MARK = "XCL_WG_DIM_"


@dataclass(frozen=True)
class WorkGroup:
    """An OpenCL kernel's module: its work-group size from the report
    (``None``: the report does not give it) and why."""

    kernel: str
    size: int | None
    #: how the size was read, or why it was not (said where the number is read)
    evidence: str


def is_work_item_loop(loop: Loop) -> bool:
    """A loop the OpenCL compiler made over a work-group's work-items."""
    return _WORK_ITEM_LOOP.fullmatch(loop.name) is not None


def _nest_size(loop: Loop) -> int | None:
    """The work-items of the nest of work-item loops that ``loop`` starts:
    the product of their fixed trip counts (``None``: one is not fixed)."""
    trips: list[int] = []
    current: Loop | None = loop
    while current is not None:
        trip = None if current.trip_count is None else current.trip_count.value
        if trip is None:
            return None
        trips.append(trip)
        inner = [child for child in current.children if is_work_item_loop(child)]
        current = inner[0] if len(inner) == 1 else None
    return math.prod(trips)


def work_group(kernel: Kernel) -> WorkGroup | None:
    """``kernel``'s work-group when its loops say it was built from an
    OpenCL C kernel (``None``: a C function)."""
    if not any(_MARK in loop.name for loop in kernel.all_loops()):
        return None
    nests = [loop for loop in kernel.loops if is_work_item_loop(loop)]
    sizes = {loop.name: _nest_size(loop) for loop in nests}
    found = set(sizes.values())
    if not nests:
        return WorkGroup(kernel.name, None, "no outermost loop of the module is a work-item loop alone"
                         " (XCL_WG_DIM_X/Y/Z); one flattened with other loops counts their iterations too")
    if None in found:
        return WorkGroup(kernel.name, None, f"the trip count of work-item loop {nests[0].name} is not fixed")
    if len(found) > 1:
        listed = ", ".join(f"{name} {size}" for name, size in sizes.items())
        return WorkGroup(kernel.name, None, f"its work-item loop nests run different counts ({listed})")
    size = found.pop()
    assert size is not None
    return WorkGroup(kernel.name, size, f"the trip count of its work-item loop {nests[0].name}")
