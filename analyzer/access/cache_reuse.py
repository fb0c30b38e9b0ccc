"""DRAM reads of a cached load whose re-reads its cache holds.

aoc gives a burst-coalesced load a private cache when its reads look
repetitive ("Burst-coalesced cached"; flushed at kernel start, not shared;
Intel FPGA SDK for OpenCL Best Practices Guide, "Load-Store Unit
Modifiers"), and says its size in a compile warning ("Load with a private
512 kilobit cache", aoc 17.1-19.x). The DRAM model charged every access as
DRAM traffic (decision 49: an upper bound, said beside the number).

Where the source shows the reuse, it is counted: a pipelined loop whose
counter does not move the index re-reads, in each of its iterations, the
elements the loops inside it touch. When those fit in the cache (their span
of addresses, plus a line of slack unless the index starts at element 0, at
most the cache's size), every iteration after the first finds them there,
and the loop's trips divide the DRAM reads (someoneinjd/t2sp's GER:
``X[ii + 16*i]`` inside ``for j`` re-reads 64 B 1,024 times). A span the
host's values decide stays a condition in the count. Where the span is
larger than the cache, or the index moves through anything but loop
counters and lanes (a loop-carried or data value), the reads stay counted in
full, as before. NDRange work-items interleave in the pipeline, so there
only an index no work-item id moves is counted, and only when everything it
reaches fits: every work-item reads the same elements, each reaching the
DRAM once.
"""

from __future__ import annotations

import sympy

from hlsight.analyzer.access.c_symbols import Role, SymbolTable, parse_expression
from hlsight.analyzer.access.classify import Classification
from hlsight.analyzer.access.loops import LoopInfo
from hlsight.analyzer.access.walker import AccessSite

#: slack for where the touched span starts within a cache line (the DRAM burst, dq x bl = 64 B)
LINE_BYTES = 64
#: roles of symbols that change while the kernel runs
_MOVING = (Role.LOOP, Role.LANE, Role.STATE, Role.LOAD, Role.OPAQUE, Role.GLOBAL_ID, Role.LOCAL_ID, Role.GROUP_ID)


def _plain(expr: sympy.Expr) -> sympy.Expr:
    """``expr`` with the plain symbols the access counts use (the walker's
    carry assumptions; an access count may have been parsed back from text)."""
    return parse_expression(str(expr))


def _span(expr: sympy.Expr, loops: list[LoopInfo], table: SymbolTable) -> sympy.Expr | None:
    """Elements between the lowest and the highest index ``loops`` reach
    (all other counters fixed): 1 + sum |coefficient| x (trips - 1); None
    when a coefficient moves with a counter or a trip count is unknown."""
    span: sympy.Expr = sympy.Integer(1)
    for loop in loops:
        if loop.counter is None or loop.counter not in expr.free_symbols:
            continue
        slope = sympy.diff(expr, loop.counter)
        trips = loop.trip_count  # the values the counter takes (a partly unrolled loop's too)
        if trips is None or table.of_role(slope, *_MOVING) or table.of_role(trips, *_MOVING):
            return None
        span += sympy.Abs(slope) * (trips - 1)
    return span


def _fit(expr: sympy.Expr, loops: list[LoopInfo], site: AccessSite, result: Classification,
         cache_bytes: int) -> tuple[sympy.Expr, sympy.Expr] | None:
    """The bytes ``loops`` make the index reach and whether the cache holds
    them (:func:`_held`); None when their span is unknown or never fits. A
    span that starts at element 0 of its buffer starts on a line; else the
    line it starts in is allowed for."""
    span = _span(expr, loops, site.table)
    if span is None or site.element.bytes is None:
        return None
    footprint = _plain(span * site.element.bytes + (0 if result.aligned else LINE_BYTES))
    held = _held(footprint, cache_bytes)
    return None if held == 0 else (footprint, held)


def _held(footprint: sympy.Expr, cache_bytes: int) -> sympy.Expr:
    """1 when ``footprint`` bytes fit the cache, else 0; for a symbolic
    footprint ``Max(0, Min(1, cache + 1 - footprint))``, which the host's
    values decide (whole bytes: 1 up to the cache's size, 0 past it; no
    division, so a size of 0 stays a size of 0)."""
    if footprint.is_number:
        return sympy.Integer(1 if footprint <= cache_bytes else 0)
    return sympy.Max(sympy.Integer(0), sympy.Min(sympy.Integer(1), cache_bytes + 1 - footprint))


def cached_reads(site: AccessSite, result: Classification, cache_bits: int,
                 unshared: sympy.Expr | None = None) -> tuple[sympy.Expr, str] | None:
    """The DRAM reads of a cached load at ``site`` and the sentence saying
    why, or None when no reuse is shown (module docstring). ``unshared``:
    the access's count before per-lane LSUs took their shares, for NDRange
    code (``None``: single work-item code)."""
    if result.data_dependent or result.accesses is None or site.element.bytes is None:
        return None
    table = site.table
    expr = sympy.expand(site.index)
    counters = {loop.counter for loop in site.loops if loop.counter is not None}
    if any(symbol not in counters for symbol in table.of_role(expr, *_MOVING)):
        return None  # moved by something the loops' counters do not describe (a work-item id too)
    cache_bytes = cache_bits // 8
    if unshared is not None:
        return _shared_by_work_items(site, result, expr, cache_bytes, unshared)
    reads = _plain(result.accesses)
    said: list[str] = []
    for position, loop in enumerate(site.loops):
        if loop.unrolled or loop.counter is None or loop.counter in expr.free_symbols or loop.trip_count is None:
            continue
        fit = _fit(expr, site.loops[position + 1:], site, result, cache_bytes)
        if fit is None:
            continue
        footprint, held = fit
        # the loop's iterations after its first read again what the first read: T -> 1 when held
        trips = _plain(loop.trip_count)
        reads = sympy.cancel(reads / trips) * (trips - (trips - 1) * held)
        when = "" if held == 1 else f" when they fit ({footprint} <= {cache_bytes})"
        said.append(f"the loop at line {loop.line} re-reads {footprint} B{when}")
    if not said:
        return None
    text = (f"read through its {cache_bytes // 1024} KB cache: {'; '.join(said)} (its index does not move with"
            f" it), which the cache holds: {reads} DRAM reads, the first of each element")
    return reads, text


def _shared_by_work_items(site: AccessSite, result: Classification, expr: sympy.Expr, cache_bytes: int,
                          unshared: sympy.Expr) -> tuple[sympy.Expr, str] | None:
    """NDRange: an index no work-item id moves is read again by every
    work-item. Work-items interleave in the pipeline, so the reuse is
    counted only when all the index reaches fits the cache: then each
    element reaches the DRAM once (a fully connected layer's input vector,
    a convolution's weights)."""
    fit = _fit(expr, site.loops, site, result, cache_bytes)
    if fit is None or result.accesses is None:
        return None
    footprint, held = fit
    distinct = sympy.Mul(*(loop.trip_count for loop in site.loops
                           if loop.counter is not None and loop.counter in expr.free_symbols
                           and loop.trip_count is not None))
    accesses = _plain(result.accesses)
    # the LSU's share of the distinct elements (per-lane LSUs split the access's count)
    first_reads = sympy.cancel(accesses * _plain(distinct) / _plain(unshared))
    reads = accesses - (accesses - first_reads) * held
    when = "" if held == 1 else f" when it fits ({footprint} <= {cache_bytes})"
    text = (f"read through its {cache_bytes // 1024} KB cache: every work-item reads the same {footprint} B"
            f"{when}, which the cache holds: {reads} DRAM reads, the first of each element")
    return reads, text
