"""Loops, II and scheduled Fmax from ``loops``, ``fmax_ii`` and ``loop_attr``.

* 16.1 ``loopsJSON``: a flat ``functions`` list of ``BlockN`` rows with a
  nesting ``level`` in ``debug``; block numbers are unique per design, so
  rows join to kernels through the mav basic-block names.
* 17.1.1+: a tree ``Kernel: <name>`` -> ``<kernel>.B<n>`` rows. The third
  data column is ``Bottleneck`` (<= 18.1) or ``Speculated iterations`` (19.x+).
* 19.3/19.4 ``fmax_ii.json`` adds per-block achieved Fmax/II, latency and max
  interleaving; 20.4+ ``loop_attr.json`` adds trip counts (``tc``, 0 =
  unknown), ``mi``, ``af``, ``lt`` and the kernel's scheduled ``fmax``.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from hlsight.core.model import InitiationInterval, KernelKind, Loop, SourceLocation, TripCount
from hlsight.parsers.intel.common import KERNEL_NODE_TYPES, as_float, as_int, debug_entry, debug_location, yes_no

_II = re.compile(r"^\s*(~|>=)?\s*(\d+)\s*$")
#: Top rows of loops.json: ``Kernel: <name>`` (aoc, oneAPI) or ``Component:
#: <name>`` (Intel HLS compiler i++).
_KERNEL_ROW = re.compile(r"^\s*(Kernel|Component|Task)\s*:\s*(.*)$")
#: The block a loop row stands for: "16X Partially unrolled SAXPY.B4" -> "SAXPY.B4".
_BLOCK_NAME = re.compile(r"(\S+\.B\d+)$")
#: "16X Partially unrolled SAXPY.B4" -> 16 source iterations per pipeline iteration.
_PARTIAL_UNROLL = re.compile(r"^\s*(\d+)X Partially unrolled\b", re.IGNORECASE)


def partial_unroll_factor(loop_name: str) -> int | None:
    match = _PARTIAL_UNROLL.match(loop_name)
    return int(match.group(1)) if match else None


def block_name(loop_name: str) -> str:
    match = _BLOCK_NAME.search(loop_name)
    return match.group(1) if match else loop_name


def parse_ii(text: Any) -> InitiationInterval | None:
    """``"1"``, ``"~173"``, ``">=1"``, ``"52628672"``; ``None`` for n/a/''."""
    if isinstance(text, int) and not isinstance(text, bool):
        return InitiationInterval(text)
    match = _II.match(str(text)) if isinstance(text, str) else None
    if match is None:
        return None
    return InitiationInterval(int(match.group(2)), match.group(1) or "")


@dataclass
class KernelLoops:
    """Loops of one kernel row of loops.json (17.1.1+)."""

    name: str
    loops: list[Loop] = field(default_factory=list)
    kind: KernelKind = KernelKind.UNKNOWN
    details: list[str] = field(default_factory=list)
    location: SourceLocation | None = None


def _linked(item: dict[str, Any]) -> str:
    """A detail text with its ``%L`` placeholder replaced by the link's
    ``file:line`` (basename) and its nested details appended: the II
    bottleneck's variables and feedback path ("... data dependency on
    variable(s): current_kmer (kmers.cpp:609), j (kmers.cpp:582)")."""
    text = str(item.get("text", "")).strip()
    links = [link for link in item.get("links") or [] if isinstance(link, dict)
             and (link.get("filename") or link.get("view") or link.get("guide"))]
    if "%L" in text:
        # a file link is its place; a view or guide link its title ("Use the Fmax II Report viewer", i++ 20.4)
        places = iter(f"{str(link['filename']).replace(chr(92), '/').rsplit('/', 1)[-1]}:{link.get('line')}"
                      if link.get("filename") else str(link.get("view") or link.get("guide")) for link in links)
        pieces = text.split("%L")
        text = pieces[0] + "".join(next(places, "?") + piece for piece in pieces[1:])
    nested = [_linked(child) for child in item.get("details") or [] if isinstance(child, dict)]
    nested = [part for part in nested if part]
    if nested:
        text = f"{text} {', '.join(nested)}" if text.endswith(":") else f"{text}: {', '.join(nested)}"
    return text


def _texts(row: dict[str, Any]) -> list[str]:
    out = []
    for item in row.get("details") or []:
        if isinstance(item, dict) and item.get("type") in ("text", "brief"):
            text = _linked(item)
            if text and "%L" not in text and text not in out:
                out.append(text)
    return out


#: The "file" i++ gives the loop that runs once per call of a component.
COMPONENT_INVOCATION = "Component invocation"


def _loop(row: dict[str, Any], third_column: str) -> Loop:
    data = row.get("data") or []
    pipelined_text = data[0] if data else None
    third = data[2] if len(data) > 2 else None
    loop = Loop(
        name=str(row.get("name")),
        pipelined=yes_no(pipelined_text),
        ii=parse_ii(data[1]) if len(data) > 1 else None,
        details=_texts(row),
        location=debug_location(row),
        unroll_factor=partial_unroll_factor(str(row.get("name"))),
        component_invocation=(debug_entry(row) or {}).get("filename") == COMPONENT_INVOCATION,
    )
    if third_column == "Speculated iterations":
        loop.speculated_iterations = as_int(third)
    elif third_column == "Bottleneck" and isinstance(third, str) and third not in ("n/a", ""):
        loop.bottleneck = third
    children = [_loop(child, third_column) for child in row.get("children") or [] if isinstance(child, dict)]
    fused = [child for child in children if child.name == FUSED_SUBLOOP]
    if fused:
        # i++ 20.4: a "Fused loop" lists the loops fused into it as "Fused subloop" rows (all n/a, each at its
        # source line): its own iterations, not loops inside it (a public atax asked for their trip counts and
        # added them); the first one's line is where its count is written
        children = [child for child in children if child.name != FUSED_SUBLOOP]
        loop.location = loop.location or fused[0].location
        lines = ", ".join(str(child.location.line) for child in fused if child.location is not None)
        loop.details.append(f"fuses the loops at lines {lines}: one iteration runs an iteration of each")
    loop.children = children
    return loop


#: a row of a fused loop that names a loop fused into it (i++ 20.4)
FUSED_SUBLOOP = "Fused subloop"


def _kernel_kind(texts: list[str]) -> KernelKind:
    joined = " ".join(texts).lower()
    if "single work-item" in joined:
        return KernelKind.SINGLE_WORK_ITEM
    if "ndrange" in joined:
        return KernelKind.NDRANGE
    return KernelKind.UNKNOWN


def read_loop_tree(loops: Any) -> list[KernelLoops]:
    """17.1.1+ loops.json, one entry per ``Kernel:`` row, in report order."""
    if not isinstance(loops, dict) or "children" not in loops:
        return []
    columns = [str(c) for c in loops.get("columns") or []]
    third = columns[3] if len(columns) > 3 else ""
    out: list[KernelLoops] = []
    for row in loops.get("children") or []:
        if not isinstance(row, dict):
            continue
        match = _KERNEL_ROW.match(str(row.get("name", "")))
        name = match.group(2).strip() if match else str(row.get("name", ""))
        texts = _texts(row)
        component = match is not None and match.group(1) in ("Component", "Task")
        out.append(KernelLoops(
            name=name,
            loops=[_loop(child, third) for child in row.get("children") or [] if isinstance(child, dict)],
            kind=KernelKind.COMPONENT if component else _kernel_kind(texts),
            details=texts,
            location=debug_location(row),
        ))
    return out


def read_flat_loops(loops: Any) -> list[Loop]:
    """16.1 ``functions`` rows nested by their debug ``level``."""
    if not isinstance(loops, dict):
        return []
    columns = [str(c) for c in loops.get("columns") or []]
    third = columns[2] if len(columns) > 2 else ""
    roots: list[Loop] = []
    stack: list[tuple[int, Loop]] = []
    for row in loops.get("functions") or []:
        if not isinstance(row, dict):
            continue
        data = list(row.get("data") or [])
        loop = _loop({**row, "data": data, "children": []}, "")
        if third == "Bottleneck" and len(data) > 2 and data[2] not in ("n/a", ""):
            loop.bottleneck = str(data[2])
        debug = row.get("debug")
        level = 0
        if isinstance(debug, list) and debug and isinstance(debug[0], list) and debug[0]:
            level = as_int(debug[0][0].get("level")) or 0
        while stack and stack[-1][0] >= level:
            stack.pop()
        (stack[-1][1].children if stack else roots).append(loop)
        stack.append((level, loop))
    return roots


# --------------------------------------------------------------------------- schedule data


@dataclass(frozen=True)
class BlockSchedule:
    """Scheduler facts about one basic block / loop."""

    achieved_fmax_mhz: float | None = None
    achieved_ii: int | None = None
    latency: int | None = None
    max_interleaving: int | None = None
    trip_count: TripCount | None = None
    pipelined: bool | None = None
    #: oneAPI 2025 ``ld``: the latency of a dependency its next iteration waits for
    carried_latency: int | None = None
    #: oneAPI 2025 ``lllt``: an iteration's latency with its latch block (``lt`` leaves it out)
    latch_latency: int | None = None


def read_fmax_ii(data: Any) -> dict[str, BlockSchedule]:
    """19.3/19.4 ``fmax_ii.json`` basic blocks by name."""
    blocks = data.get("basicblocks") if isinstance(data, dict) else None
    out: dict[str, BlockSchedule] = {}
    for name, block in (blocks or {}).items():
        if isinstance(block, dict):
            out[str(name)] = BlockSchedule(
                achieved_fmax_mhz=as_float(block.get("achieved_fmax")),
                achieved_ii=as_int(block.get("achieved_ii")),
                latency=as_int(block.get("latency")),
                max_interleaving=as_int(block.get("max_interleaving")),
            )
    return out


def _attr_blocks(node: dict[str, Any], out: dict[str, BlockSchedule]) -> None:
    for child in node.get("children") or []:
        if not isinstance(child, dict):
            continue
        trip = as_int(child.get("tc"))
        # by its block: "4X Partially unrolled atax.B4" (i++ 20.4) is the loop atax.B4
        out[block_name(str(child.get("name")))] = BlockSchedule(
            achieved_fmax_mhz=as_float(child.get("af")),
            achieved_ii=as_int(child.get("ii")),
            latency=as_int(child.get("lt")),
            max_interleaving=as_int(child.get("mi")),
            # tc 0 means "unknown" (aoc-report-formats.md 3.2).
            trip_count=TripCount(trip, trip) if trip else TripCount(),
            pipelined=yes_no(child.get("pl")),
            carried_latency=as_int(child.get("ld")),
            latch_latency=as_int(as_float(child.get("lllt"))),
        )
        _attr_blocks(child, out)


def loops_from_attr(node: dict[str, Any]) -> list[Loop]:
    """A kernel's loop tree from its ``loop_attr`` node (blocks that are no
    loop pass their loops up), for report sets without a ``loops`` document
    (oneAPI ``.ndjson`` sets that keep only ``loop_attr``)."""
    loops: list[Loop] = []
    for child in node.get("children") or []:
        if not isinstance(child, dict):
            continue
        nested = loops_from_attr(child)
        if child.get("type") != "loop":
            loops.extend(nested)  # a basic block: its loops belong to the parent
            continue
        trip = as_int(child.get("tc"))
        ii = as_int(child.get("ii"))
        loops.append(Loop(
            name=str(child.get("name")),
            pipelined=yes_no(child.get("pl")),
            ii=InitiationInterval(ii) if ii is not None else None,
            iteration_latency=as_int(as_float(child.get("lt"))),
            trip_count=TripCount(trip, trip) if trip else TripCount(),  # tc 0 = unknown
            max_interleaving=as_int(child.get("mi")),
            carried_latency=as_int(child.get("ld")),
            latch_iteration_latency=as_int(as_float(child.get("lllt"))),
            achieved_fmax_mhz=as_float(child.get("af")),
            details=[str(item.get("text")) for item in child.get("details") or [] if isinstance(item, dict)],
            location=debug_location(child),
            children=nested,
        ))
    return loops


def read_loop_attr(data: Any) -> list[tuple[str, float | None, dict[str, BlockSchedule]]]:
    """20.4+ ``loop_attr.json``: ``(kernel, scheduled fmax, blocks)`` in order."""
    out: list[tuple[str, float | None, dict[str, BlockSchedule]]] = []
    nodes = data.get("nodes") if isinstance(data, dict) else None
    for node in nodes or []:
        if isinstance(node, dict) and node.get("type") in KERNEL_NODE_TYPES:  # i++ 20.x: "component"
            blocks: dict[str, BlockSchedule] = {}
            _attr_blocks(node, blocks)
            out.append((attr_kernel_name(node), as_float(node.get("fmax")), blocks))
    return out


def attr_loop_lines(data: Any) -> list[tuple[int, ...]]:
    """Per ``loop_attr`` kernel node, in :func:`read_loop_attr`'s order: the
    source lines of its loops, sorted. oneAPI names every unnamed lambda
    kernel ``'lambda'()`` and ``loop_attr`` lists them in another order than
    ``mav`` and ``loops``, so the lines, not the n-th occurrence, say whose
    trip counts these are (kmers: the 268,435,456-trip fill loops landed on
    the line-723 kernels and theirs, "0", on the line-530 ones)."""
    out: list[tuple[int, ...]] = []
    nodes = data.get("nodes") if isinstance(data, dict) else None
    for node in nodes or []:
        if isinstance(node, dict) and node.get("type") in KERNEL_NODE_TYPES:
            out.append(tuple(sorted(loop.location.line for top in loops_from_attr(node) for loop in top.walk()
                                    if loop.location is not None)))
    return out


#: oneAPI 20.3 names a ``loop_attr`` kernel node by its mangled type:
#: ``k0_ZTS14KernelPrefetch``, ``k1_ZTS13KernelComputeILi10EE``
_MANGLED_KERNEL = re.compile(r"k\d+_ZTS\d+\w+")
_BLOCK_OF = re.compile(r"(?P<kernel>.+)\.B\d+$")


def attr_kernel_name(node: dict[str, Any]) -> str:
    """The kernel name of a ``loop_attr`` kernel node: its ``name``, or for a
    mangled one (oneAPI 20.3) the name its blocks carry (``KernelPrefetch.B0``,
    ``KernelCompute<10>.B1``), which is the report's. The mangled name matched
    no kernel: the compiler's 240 MHz and every block's schedule were lost
    and fmax was asked for (Intel's lsu_control sample, 20.3 on a PAC)."""
    name = str(node.get("name"))
    if not _MANGLED_KERNEL.fullmatch(name):
        return name
    owners = {match["kernel"] for child in node.get("children") or [] if isinstance(child, dict)
              if (match := _BLOCK_OF.match(str(child.get("name")))) is not None}
    return owners.pop() if len(owners) == 1 else name


def apply_schedule(loops: list[Loop], blocks: dict[str, BlockSchedule]) -> None:
    """Copy scheduler facts onto the loops with the same block name."""
    for loop in loops:
        for item in loop.walk():
            block = blocks.get(block_name(item.name))
            if block is None:
                continue
            item.achieved_fmax_mhz = block.achieved_fmax_mhz
            item.iteration_latency = block.latency
            item.max_interleaving = block.max_interleaving
            item.carried_latency = block.carried_latency
            item.latch_iteration_latency = block.latch_latency
            if block.trip_count is not None:
                item.trip_count = block.trip_count


def fill_iteration_latencies(loops: list[Loop], block_latencies: dict[str, int]) -> None:
    """Give a loop the scheduled latency of its header block when no loop
    document did (16.1-18.1 reports, whose only latency is the mav's per
    block): FlexCL eq. 1's depth D, which a one-iteration loop costs."""
    for loop in loops:
        for item in loop.walk():
            if item.iteration_latency is None and item.pipeline_depth is None:
                item.iteration_latency = block_latencies.get(block_name(item.name))


def occurrence_keys(names: list[str]) -> list[tuple[str, int]]:
    """``(name, n)`` for the n-th time each name occurs (SYCL repeats names)."""
    seen: Counter[str] = Counter()
    keys = []
    for name in names:
        seen[name] += 1
        keys.append((name, seen[name]))
    return keys
