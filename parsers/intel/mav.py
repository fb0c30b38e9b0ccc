"""Kernels, LSUs and memory systems from the aoc "mav" (system viewer) JSON.

Shapes (aoc-report-formats.md 2.1-2.5):

* 15.1 ``mav.json``: ``{"functions":[container...]}``, ids in ``id2``,
  memory binding as ``edges`` inside ``port`` nodes under ``bank`` nodes;
* 16.1 ``mavJSON``: ``kernel -> bb -> inst``, ``links`` point at ``bank`` ids,
  source as ``file``/``line`` strings indexed by ``fileIndexMap``;
* 17.1.1+: ``links`` point at ``memsys`` ids, source in ``debug``; i++ uses
  ``component`` nodes and a ``System Memory`` memtype.

Global vs local is decided by the memory link only (an LSU is global iff it
links to a memsys/bank under the ``Global Memory`` memtype), never by the
``Type`` string: 21.2 has ``Pipelined`` loads with no link at all.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from hlsight.core.model import LSU, Kernel, KernelKind, LibraryCall, MemoryKind, MemorySystem
from hlsight.parsers.intel.common import KERNEL_NODE_TYPES, as_int, debug_location, table_details, width_bits, yes_no
from hlsight.parsers.intel.lsu_style import lsu_kind, style_facts

GLOBAL_MEMTYPES = frozenset({"Global Memory"})
LOCAL_MEMTYPES = frozenset({"Local Memory", "On-chip Memory"})
SYSTEM_MEMTYPES = frozenset({"System Memory"})
MEMORY_NODE_TYPES = frozenset({"memsys", "bank", "port"})
_HBM = re.compile(r"^HBM(\d+)$", re.IGNORECASE)
#: Non-LSU instructions that still move data (channels/pipes/streams).
_CHANNEL_READ = ("Channel Read", "Pipe Read", "Non-Blocking Pipe Read", "Stream Read",
                 "Non-Blocking Channel Read", "Non-Blocking Stream Read")
_CHANNEL_WRITE = ("Channel Write", "Pipe Write", "Non-Blocking Pipe Write", "Stream Write",
                  "Non-Blocking Channel Write", "Non-Blocking Stream Write")
#: An RTL library call (aoc ``-l``): ``'ImgSobelFunc' HDL Function Call``.
_HDL_CALL = re.compile(r"^'(?P<function>[^']+)' HDL Function Call$")


@dataclass
class _MemoryTarget:
    """A node LSUs can link to, resolved to its memory system."""

    system: MemorySystem
    bank: str | None = None


@dataclass
class MavResult:
    kernels: list[Kernel] = field(default_factory=list)
    memory_systems: list[MemorySystem] = field(default_factory=list)
    #: ``(kernel name, occurrence)`` of every kernel, parallel to ``kernels``:
    #: SYCL reports repeat names (``'lambda'()``), other documents are joined
    #: on the n-th occurrence of a name.
    keys: list[tuple[str, int]] = field(default_factory=list)
    #: Basic-block names of each kernel in report order (14.x-16.1 RTL
    #: modules are numbered ``<kernel>_basic_block_<i>`` in this order).
    blocks: dict[str, list[str]] = field(default_factory=dict)
    #: Basic block -> its scheduled latency (the bb's "Latency" detail), per
    #: kernel, parallel to ``kernels``: the same number 19.3+ ``fmax_ii.json``
    #: and 20.4+ ``loop_attr.json`` give as a loop's iteration latency, and the
    #: only place 16.1-18.1 reports give it.
    block_latencies: list[dict[str, int]] = field(default_factory=list)


def _node_id(node: dict[str, Any]) -> str | None:
    value = node.get("id", node.get("id2"))
    return None if value is None else str(value)


def _memory_kind(name: str, memtype: str) -> MemoryKind:
    if memtype in LOCAL_MEMTYPES:
        return MemoryKind.ONCHIP
    if memtype in SYSTEM_MEMTYPES:
        return MemoryKind.HOST
    if memtype in GLOBAL_MEMTYPES and name.strip().lower() == "host":
        # a USM/SVM BSP's host memory (PAC S10 USM, D5005: buffer_location("host")),
        # the host's DRAM reached over PCIe, not a bank on the board
        return MemoryKind.HOST
    upper = name.upper()
    for prefix, kind in (("HBM", MemoryKind.HBM), ("DDR", MemoryKind.DDR), ("QDR", MemoryKind.QDR)):
        if upper.startswith(prefix):
            return kind
    return MemoryKind.UNKNOWN


def _memory_system(node: dict[str, Any], memtype: str, kernel: str | None) -> MemorySystem:
    raw_name = str(node.get("name") or "")
    details = {key: value for key, value in table_details(node).items() if isinstance(value, str) and key != "type"}
    # i++ numbers its system memories ("0", "1"); 15.1/16.1 name the one
    # global memory system "": keep the memtype name then.
    name = f"{memtype}/{raw_name}" if memtype in SYSTEM_MEMTYPES else raw_name or memtype
    banks = as_int(details.get("Number of banks")) or as_int(node.get("banks"))
    bank_names = [str(child.get("name")) for child in node.get("children", []) if child.get("type") == "bank"]
    hbm = _HBM.match(raw_name)
    return MemorySystem(
        name=name,
        kind=_memory_kind(raw_name, memtype),
        is_global=memtype in GLOBAL_MEMTYPES,
        banks=banks or max(len(bank_names), 1),
        bank_names=bank_names,
        channel=int(hbm.group(1)) if hbm else None,
        report_id=_node_id(node),
        kernel=kernel,
        details=details,
    )


class _Walker:
    """One pass over the mav tree collecting kernels, memories and edges."""

    def __init__(self, mav: dict[str, Any]):
        self.file_index = {str(v): str(k) for k, v in (mav.get("fileIndexMap") or {}).items()}
        self.targets: dict[str, _MemoryTarget] = {}
        self.memories: list[MemorySystem] = []
        self.kernel_nodes: list[tuple[dict[str, Any], str, tuple[str, int]]] = []
        self._seen: Counter[str] = Counter()
        self.names: dict[str, str] = {}
        self.types: dict[str, str] = {}
        self.edges: list[tuple[str, str]] = []
        for link in mav.get("links") or []:
            if isinstance(link, dict):
                self.edges.append((str(link.get("from")), str(link.get("to"))))
        roots = mav.get("nodes")
        legacy = roots is None
        if legacy:
            roots = mav.get("functions")  # 15.1: top-level containers are kernels
        for node in roots or []:
            if isinstance(node, dict):
                kernel = self._enter_kernel(node) if legacy and node.get("name") else None
                self._visit(node, None, kernel, None, None)

    def _enter_kernel(self, node: dict[str, Any]) -> str:
        name = str(node.get("name"))
        self._seen[name] += 1
        occurrence = self._seen[name]
        display = name if occurrence == 1 else f"{name}#{occurrence}"
        self.kernel_nodes.append((node, display, (name, occurrence)))
        return display

    def _visit(self, node: dict[str, Any], memtype: str | None, kernel: str | None,
               system: MemorySystem | None, bank: str | None) -> None:
        node_type = node.get("type")
        node_id = _node_id(node)
        if node_id is not None:
            self.names[node_id] = str(node.get("name") or "")
            self.types[node_id] = str(node_type)
        for edge in node.get("edges") or []:  # 15.1 port edges
            if isinstance(edge, dict):
                self.edges.append((str(edge.get("from")), str(edge.get("to"))))
        if node_type in KERNEL_NODE_TYPES:
            kernel = self._enter_kernel(node)
        elif node_type == "memtype":
            memtype = str(node.get("name"))
        elif node_type == "memsys" and memtype is not None:
            system = _memory_system(node, memtype, kernel if memtype in LOCAL_MEMTYPES else None)
            self.memories.append(system)
        elif node_type == "bank":
            bank = str(node.get("name"))
        if node_type in MEMORY_NODE_TYPES and system is not None and node_id is not None:
            self.targets[node_id] = _MemoryTarget(system, bank)
        for child in node.get("children") or []:
            if isinstance(child, dict):
                self._visit(child, memtype, kernel, system, bank)

    def neighbours(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for start, end in self.edges:
            out.setdefault(start, []).append(end)
            out.setdefault(end, []).append(start)
        return out


def _block_nodes(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The basic blocks below a kernel in report order, through containers,
    clusters and loops."""
    for child in node.get("children") or []:
        if isinstance(child, dict):
            if child.get("type") == "bb":
                yield child
            elif child.get("type") in ("container", "cluster", "loop"):
                yield from _block_nodes(child)


def _blocks(node: dict[str, Any]) -> list[str]:
    return [str(block.get("name")) for block in _block_nodes(node)]


def _last_cycle(node: dict[str, Any]) -> int | None:
    """The cycle the last instruction below ``node`` finishes (its "Start
    Cycle" plus "Latency"), ``None`` when none gives a start."""
    last: int | None = None
    for child in node.get("children") or []:
        if not isinstance(child, dict):
            continue
        if child.get("type") == "inst":
            table = table_details(child)
            start = as_int(table.get("Start Cycle", table.get("Start-Cycle")))
            if start is not None and start >= 0:
                end = start + max(as_int(table.get("Latency")) or 0, 0)
                last = end if last is None else max(last, end)
        inner = _last_cycle(child)
        if inner is not None:
            last = inner if last is None else max(last, inner)
    return last


def _block_latencies(node: dict[str, Any]) -> dict[str, int]:
    """Each basic block's latency: its "Latency", or the cycle its last
    instruction finishes when that is later (over 600 corpus blocks the two
    agree within 2 cycles but for three; i++ 18.1 rgb_to_hsv's start block
    says 1 and writes its output channel at cycle 55)."""
    out: dict[str, int] = {}
    for block in _block_nodes(node):
        latency = as_int(table_details(block).get("Latency"))
        values = [value for value in (latency, _last_cycle(block)) if value is not None and value >= 0]
        if values:
            out.setdefault(str(block.get("name")), max(values))
    return out


def _instructions(node: dict[str, Any], block: str | None) -> Iterator[tuple[dict[str, Any], str | None]]:
    """Every ``inst`` below a kernel with the basic block it sits in."""
    for child in node.get("children") or []:
        if not isinstance(child, dict):
            continue
        if child.get("type") == "inst":
            yield child, block
        elif child.get("type") in ("bb", "container", "cluster", "loop"):
            name = child.get("name")
            yield from _instructions(child, str(name) if child.get("type") == "bb" and name else block)


def _lsu(inst: dict[str, Any], block: str | None, kernel: str, ordinal: int, walker: _Walker,
         links: dict[str, list[str]]) -> LSU | None:
    kind = lsu_kind(str(inst.get("name", "")))
    if kind is None:
        return None
    table = table_details(inst)
    raw_type = table.get("Type")
    style_raw = str(raw_type) if isinstance(raw_type, str) else None
    facts = style_facts(style_raw, kind)
    node_id = _node_id(inst) or str(ordinal)
    targets = [walker.targets[n] for n in links.get(node_id, []) if n in walker.targets]
    system = targets[0].system if targets else None
    # 16.1 links an interleaved LSU to every bank: a bank is only named when
    # the LSU reaches exactly one.
    banks = {target.bank for target in targets}
    bank = banks.pop() if len(banks) == 1 else None
    variable = table.get("Loads from") or table.get("Stores to") or table.get("Performs atomic operation on")
    return LSU(
        id=f"{kernel}/{kind.value}{ordinal}",
        kind=kind,
        style=facts.style,
        style_raw=style_raw,
        width_bits=width_bits(table.get("Width")),
        is_global=bool(system and system.is_global),
        aligned=facts.aligned,
        write_ack=facts.write_ack,
        cached=facts.cached,
        never_stall=facts.never_stall,
        stall_free=yes_no(table.get("Stall-free")),
        latency=as_int(table.get("Latency")),
        start_cycle=as_int(table.get("Start Cycle", table.get("Start-Cycle"))),
        memory=system.name if system else None,
        bank=bank,
        channel=system.channel if system else None,
        block=block,
        location=debug_location(inst, walker.file_index),
        variable=str(variable) if isinstance(variable, str) else None,
        atomic_op=str(inst.get("name"))[len("atomic_"):] if kind.value == "atomic" else None,
        work_item_invariant=_work_item_invariant(table, block),
    )


def _work_item_invariant(table: dict[str, Any], block: str | None) -> bool:
    """aoc 16.x-17.x hoist loads whose address no work-item changes (a field of
    a ``__global`` struct argument, ``weights[0]``) into a ``BlockN.wii_blk``
    block and say so in the LSU's details ("This operation is work-item
    invariant -- it performs the same operation for all threads in the
    kernel"); either sign is enough."""
    info = table.get("Additional Info")
    said = isinstance(info, str) and "work-item invariant" in info.lower()
    return said or (block is not None and block.endswith(".wii_blk"))


def read_mav(mav: Any) -> MavResult:
    """Kernels with their LSUs and channel names, and all memory systems."""
    if not isinstance(mav, dict):
        raise TypeError("mav document is not an object")
    walker = _Walker(mav)
    links = walker.neighbours()
    result = MavResult(memory_systems=walker.memories)
    for node, display, key in walker.kernel_nodes:
        kernel = Kernel(
            name=display,
            kind=KernelKind.COMPONENT if node.get("type") == "component" else KernelKind.UNKNOWN,
            location=debug_location(node, walker.file_index),
        )
        counters: Counter[str] = Counter()
        for inst, block in _instructions(node, None):
            inst_name = str(inst.get("name", ""))
            kind = lsu_kind(inst_name)
            if kind is not None:
                lsu = _lsu(inst, block, display, counters[kind.value], walker, links)
                counters[kind.value] += 1
                if lsu is not None:
                    kernel.lsus.append(lsu)
                continue
            hdl = _HDL_CALL.match(inst_name)
            if hdl is not None:
                call = LibraryCall(hdl["function"], debug_location(inst, walker.file_index))
                if call not in kernel.library_calls:
                    kernel.library_calls.append(call)
                continue
            peers = [walker.names[n] for n in links.get(_node_id(inst) or "", [])
                     if walker.types.get(n) in ("channel", "pipe", "stream")]
            if inst_name in _CHANNEL_READ:
                kernel.channels_read.extend(p for p in peers if p not in kernel.channels_read)
            elif inst_name in _CHANNEL_WRITE:
                kernel.channels_written.extend(p for p in peers if p not in kernel.channels_written)
            if (inst_name in _CHANNEL_READ or inst_name in _CHANNEL_WRITE) and block not in kernel.channel_blocks:
                kernel.channel_blocks.append(block)
        result.kernels.append(kernel)
        result.keys.append(key)
        result.blocks[display] = _blocks(node)
        result.block_latencies.append(_block_latencies(node))
    return result
