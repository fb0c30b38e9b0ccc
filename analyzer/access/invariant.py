"""Access facts of the LSUs the report calls work-item invariant.

aoc 16.x-17.x hoist a load whose address no work-item changes (a field of a
``__global`` struct argument, ``weights[0]``) into a ``BlockN.wii_blk`` block
and say so in its details: "This operation is work-item invariant -- it
performs the same operation for all threads in the kernel". Such an LSU runs
once per launch, whatever the NDRange. Before, nothing read that sentence:
the source walker leaves loop-invariant struct fields out (they are not the
streaming access an LSU line shows), so the hoisted LSU was paired with the
streaming access on its line and took a per-lane share of it (caffe's
``dataLayer``: one third of ``inputFeatureMap``), or was left with free
symbols that kept the whole design's estimate symbolic. These facts come
from the report alone, so they hold with or without the kernel source.
"""

from __future__ import annotations

from hlsight.analyzer.results import AccessFacts, SourceFacts
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Design


def record_invariant_lsus(design: Design, facts: SourceFacts) -> None:
    """One access per launch, of the LSU's width, for every work-item
    invariant LSU of ``design``; a note at each says so."""
    for kernel in design.kernels:
        for lsu in kernel.lsus:
            if not lsu.work_item_invariant:
                continue
            width = lsu.width_bytes or None
            where = f" (block {lsu.block})" if lsu.block else ""
            explanation = (
                f"work-item invariant{where}: the report says it \"performs the same operation for all threads in"
                " the kernel\", so it runs once per launch, not once per work-item"
                + (f"; {width} B (its width)" if width else "")
            )
            # one access has no stride: 1 charges it as one read of its width, no more
            facts.set_access(lsu, AccessFacts(stride="1", element_bytes=width, accesses="1",
                                              explanation=explanation, requests="1"))
            facts.diagnostics.append(Diagnostic.at(
                lsu.location or kernel.location, "access-derived", Severity.NOTE,
                f"{lsu.kind.value} LSU {lsu.id}: {explanation}", kernel=kernel.name, subject=lsu.id))
