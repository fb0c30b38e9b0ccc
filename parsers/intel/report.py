"""Assemble a :class:`Design` from an HTML-report generation (16.1 -> 2023)."""

from __future__ import annotations

import re
from pathlib import Path

from hlsight.core.errors import InputError
from hlsight.core.model import (
    Design,
    Device,
    Kernel,
    KernelKind,
    Loop,
    LSUKind,
    LSUStyle,
    MemoryKind,
    MemorySystem,
    Product,
    RtlLsuParams,
    ToolInfo,
    Vendor,
)
from hlsight.parsers.intel.aoclog import compiler_command, kernel_kinds
from hlsight.parsers.intel.area import read_vectorization
from hlsight.parsers.intel.bundle import ReportBundle
from hlsight.parsers.intel.common import unify_file_names
from hlsight.parsers.intel.fmax import PostFit, read_acl_quartus_report, read_quartus_json
from hlsight.parsers.intel.gmv import read_bsp_bandwidths, read_channel_widths, read_write_acks, store_place
from hlsight.parsers.intel.info import ip_authoring, read_info
from hlsight.parsers.intel.jsdata import read_text
from hlsight.parsers.intel.layout import Layout, rtl_project_file
from hlsight.parsers.intel.loops import (
    apply_schedule,
    attr_kernel_name,
    attr_loop_lines,
    fill_iteration_latencies,
    loops_from_attr,
    occurrence_keys,
    read_flat_loops,
    read_fmax_ii,
    read_loop_attr,
    read_loop_tree,
)
from hlsight.parsers.intel.mav import read_mav
from hlsight.parsers.intel.rtl.reader import attach_rtl, rtl_device_family
from hlsight.parsers.intel.sources import read_sources
from hlsight.parsers.intel.summary import (
    CachedLsuWarning,
    cached_lsu_locations,
    read_function_signatures,
    read_kernel_resources,
    read_kernel_summaries,
)

_BOARD = re.compile(r"(?:^|\s)--?board[= ](\S+)")
EXPECTED_MAV = "an aoc mav document ({nodes, links} or 15.1 {functions})"


def _postfit(layout: Layout, bundle: ReportBundle) -> PostFit | None:
    """acl_quartus_report.txt first (it has both numbers), then quartus.json."""
    for directory in layout.project_candidates():
        path = directory / "acl_quartus_report.txt"
        if path.is_file():
            fit = read_acl_quartus_report(path)
            if fit is not None:
                return fit
    source = bundle.source_of("quartus")
    return bundle.interpret("quartus", lambda doc: read_quartus_json(doc, source.name if source else "quartus"))


def _join_by_occurrence(kernels: list[Kernel], keys: list[tuple[str, int]]) -> dict[tuple[str, int], Kernel]:
    return dict(zip(keys, kernels, strict=True))


def _attach_loops(bundle: ReportBundle, kernels: list[Kernel], by_key: dict[tuple[str, int], Kernel]) -> None:
    loops_doc = bundle.get("loops")
    if isinstance(loops_doc, dict) and "functions" in loops_doc:  # 16.1 flat list
        flat = bundle.interpret("loops", read_flat_loops)
        bundle.interpret("mav", lambda mav: _attach_flat(mav, flat, kernels))
        return
    rows = bundle.interpret("loops", read_loop_tree)
    for row, key in zip(rows, occurrence_keys([row.name for row in rows]), strict=True):
        owner = by_key.get(key)
        if owner is None:
            continue
        owner.loops = row.loops
        owner.location = owner.location or row.location
        if owner.kind is KernelKind.UNKNOWN:
            owner.kind = row.kind
    fmax_ii = bundle.interpret("fmax_ii", read_fmax_ii)
    if fmax_ii:
        for kernel in kernels:
            apply_schedule(kernel.loops, fmax_ii)
            achieved = [block.achieved_fmax_mhz for name, block in fmax_ii.items()
                        if name.startswith(f"{kernel.name}.") and block.achieved_fmax_mhz is not None]
            if achieved:
                kernel.fmax_estimated_mhz = min(achieved)
    if bundle.get("loops") is None:
        _loops_from_attr(bundle, by_key)
    attrs = bundle.interpret("loop_attr", read_loop_attr)
    lines = bundle.interpret("loop_attr", attr_loop_lines)
    owners = _attr_owners([name for name, _fmax, _blocks in attrs], lines, by_key)
    for (_name, fmax, blocks), target in zip(attrs, owners, strict=True):
        if target is None:
            continue
        apply_schedule(target.loops, blocks)
        target.fmax_estimated_mhz = fmax


def _loop_lines(kernel: Kernel) -> tuple[int, ...]:
    return tuple(sorted(loop.location.line for top in kernel.loops for loop in top.walk()
                        if loop.location is not None))


def _attr_owners(names: list[str], lines: list[tuple[int, ...]],
                 by_key: dict[tuple[str, int], Kernel]) -> list[Kernel | None]:
    """The kernel each ``loop_attr`` node belongs to. A name the report
    gives once is that kernel. Among kernels of a repeated name
    (``'lambda'()``, listed in another order than in ``mav``): first the one
    whose loops sit on the same source lines, then the one sharing the most
    lines (an inlined header loop shifts a line or two); none shares one:
    left without the node's schedule rather than given another kernel's."""
    groups: dict[str, list[Kernel]] = {}
    for (kernel_name, _occurrence), kernel in by_key.items():
        groups.setdefault(kernel_name, []).append(kernel)
    own_lines = {id(kernel): _loop_lines(kernel) for kernel in by_key.values()}
    owners: list[Kernel | None] = [None] * len(names)
    taken: set[int] = set()
    for exact in (True, False):
        for index, (name, where) in enumerate(zip(names, lines, strict=True)):
            if owners[index] is not None:
                continue
            free = [kernel for kernel in groups.get(name, []) if id(kernel) not in taken]
            if len(groups.get(name, [])) == 1:
                chosen = free[0] if free else None
            elif exact:
                chosen = next((kernel for kernel in free if where and own_lines[id(kernel)] == where), None)
            else:
                shared = [(len(set(where) & set(own_lines[id(kernel)])), kernel) for kernel in free]
                best = max((count for count, _kernel in shared), default=0)
                chosen = next((kernel for count, kernel in shared if count == best), None) if best else None
            if chosen is not None:
                taken.add(id(chosen))
                owners[index] = chosen
    return owners


def _loops_from_attr(bundle: ReportBundle, by_key: dict[tuple[str, int], Kernel]) -> None:
    """Loops from ``loop_attr`` when the set has no ``loops`` document (a
    oneAPI ``.ndjson`` set keeps only some documents): without them a loop's
    II and trip count vanished and the estimate fell from 78 us to 965 ns
    without a word. ``loop_attr`` names, nests and counts the same loops."""
    document = bundle.get("loop_attr")
    nodes = document.get("nodes") if isinstance(document, dict) else None
    kernels = [node for node in nodes or [] if isinstance(node, dict) and node.get("type") == "kernel"]
    trees = bundle.interpret("loop_attr", lambda _document: [loops_from_attr(node) for node in kernels])
    for loops, key in zip(trees, occurrence_keys([attr_kernel_name(node) for node in kernels]), strict=True):
        owner = by_key.get(key)
        if owner is not None and not owner.loops:
            owner.loops = loops


def _attach_flat(mav: object, loops: list[Loop], kernels: list[Kernel]) -> None:
    """16.1: loop rows are ``BlockN``; the kernel owning ``BlockN`` in mav owns the loop."""
    block_owner: dict[str, Kernel] = {}
    for node in mav.get("nodes", []) if isinstance(mav, dict) else []:
        if isinstance(node, dict) and node.get("type") == "kernel":
            kernel = next((k for k in kernels if k.name == node.get("name")), None)
            for child in node.get("children") or []:
                if kernel is not None and isinstance(child, dict) and child.get("type") == "bb":
                    block_owner[str(child.get("name")).split(".")[0]] = kernel
    for loop in loops:
        owner = block_owner.get(loop.name)
        if owner is not None:
            owner.loops.append(loop)


def _attach_vectorization(bundle: ReportBundle, by_key: dict[tuple[str, int], Kernel]) -> None:
    """SIMD of NDRange kernels from the area report, when summary.json had none."""
    name = "area_src" if bundle.has("area_src") else "area"
    found = bundle.interpret(name, read_vectorization)
    for (kernel_name, simd), key in zip(found, occurrence_keys([f[0] for f in found]), strict=True):
        kernel = by_key.get(key)
        if kernel is not None and kernel.simd is None and kernel_name == key[0]:
            kernel.simd = simd


def _mark_cached_from_warnings(kernels: list[Kernel], warnings: list[CachedLsuWarning]) -> None:
    """17.1.1 types cached LSUs as plain ``Burst-coalesced``; the cache only
    shows as a compile warning at the LSU's file:line. Each warning marks one
    burst-coalesced LSU of that kind at that place cached (those mav already
    calls cached first) and gives it the warning's cache size."""
    pending: dict[tuple[str, str, int], list[int | None]] = {}
    for warning in warnings:
        key = (warning.kind.lower(), Path(warning.location.file).name, warning.location.line)
        pending.setdefault(key, []).append(warning.cache_bits)
    lsus = sorted((lsu for kernel in kernels for lsu in kernel.lsus
                   if lsu.location is not None and lsu.style is LSUStyle.BURST_COALESCED),
                  key=lambda lsu: not lsu.cached)  # mav's own cached LSUs take their warnings first
    for lsu in lsus:
        assert lsu.location is not None
        sizes = pending.get((lsu.kind.value, Path(lsu.location.file).name, lsu.location.line))
        if sizes:
            lsu.cached = True
            lsu.cache_bits = sizes.pop(0)


def _attach_memory_view(bundle: ReportBundle, memories: list[MemorySystem]) -> None:
    """Each global memory system's per-channel bus widths and BSP bandwidth
    from the Global memory view (aoc 21+, oneAPI 2021.4+), joined on the
    memory's name."""
    widths = bundle.interpret("gmv", read_channel_widths)
    bandwidths = bundle.interpret("gmv", read_bsp_bandwidths)
    source = bundle.source_of("gmv")
    for memory in memories:
        if not memory.is_global or (memory.name not in widths and memory.name not in bandwidths):
            continue
        memory.channel_widths_bits = list(widths.get(memory.name, []))
        memory.bsp_bandwidth_mbs = bandwidths.get(memory.name)
        memory.memory_view_source = None if source is None else str(source)


def _attach_write_acks(bundle: ReportBundle, kernels: list[Kernel]) -> None:
    """A global store the Global memory view says waits for its write
    acknowledgement is a write-ack LSU (oneAPI 2023 does not say so in the
    LSU type), where every store the view lists on its line agrees."""
    acks = bundle.interpret("gmv", read_write_acks)
    if not acks:
        return
    for kernel in kernels:
        for lsu in kernel.global_lsus():
            if lsu.kind is not LSUKind.STORE or lsu.location is None or lsu.write_ack:
                continue
            said = acks.get(store_place(lsu.location.file, lsu.location.line))
            if said == {True}:
                lsu.write_ack = True


def device_without_info(instances: list[RtlLsuParams], command: str | None) -> Device:
    """14.x-16.1: family from the RTL, board from ``aoc ... --board de5net_a7``."""
    board = _BOARD.search(command) if command else None
    return Device(family=rtl_device_family(instances), board=board.group(1) if board else None)


def _project_log(layout: Layout) -> Path | None:
    verilog = rtl_project_file(layout.project_dir)
    log = verilog.with_suffix(".log") if verilog is not None else None
    return log if log is not None and log.is_file() else None


def _kinds_from_log(layout: Layout, kernels: list[Kernel]) -> None:
    """16.1 has no summary.json: its kernel type is only in ``<proj>.log``."""
    log = _project_log(layout)
    kinds = kernel_kinds(read_text(log)) if log else {}
    for kernel in kernels:
        if kernel.kind is KernelKind.UNKNOWN:
            kernel.kind = kinds.get(kernel.name, KernelKind.UNKNOWN)


def _as_host_interfaces(memories: list[MemorySystem]) -> None:
    """An IP-authoring build's global memories are its Avalon host interfaces
    (:func:`ip_authoring`): the report still files them under "Global Memory"
    (``0``), but no board bank stands behind them."""
    for memory in memories:
        if memory.is_global and memory.kind is not MemoryKind.ONCHIP:
            memory.kind = MemoryKind.HOST


def read_report(layout: Layout, read_rtl: bool = True) -> Design:
    assert layout.data_dir is not None
    bundle = ReportBundle(layout.data_dir)
    mav = bundle.get("mav")
    if mav is None:
        raise InputError(layout.data_dir, "report has no mav data (no json/mav.json, no var mavJSON)",
                         expected=EXPECTED_MAV)
    parsed = bundle.interpret("mav", read_mav)
    _attach_memory_view(bundle, parsed.memory_systems)
    _attach_write_acks(bundle, parsed.kernels)
    info = bundle.interpret("info", read_info)
    if info is None:
        # Only 16.1 reports lack an info document (the HTML report started in
        # 16.1, info.json appears in the 17.1.1 sample; 17.0 is not covered).
        log = _project_log(layout)
        command = compiler_command(read_text(log)) if log else None
        tool = ToolInfo(Vendor.INTEL, Product.AOC, "16.1", "16.1 (inferred: report without info data)",
                        command=command)
        device, project = Device(), ""
    else:
        tool, device, project = info.tool, info.device, info.project
    kernels = parsed.kernels
    by_key = _join_by_occurrence(kernels, parsed.keys)
    summaries = bundle.interpret("summary", read_kernel_summaries)
    for (name, facts), key in zip(summaries, occurrence_keys([s[0] for s in summaries]), strict=True):
        kernel = by_key.get(key)
        if kernel is None or name != key[0]:
            continue
        if facts.kind is not KernelKind.UNKNOWN:
            kernel.kind = facts.kind
        kernel.autorun = facts.autorun
        kernel.workgroup_size = facts.workgroup_size
        kernel.compute_units = facts.compute_units
        kernel.simd = facts.simd
        kernel.location = kernel.location or facts.location
        kernel.compiler_name = facts.compiler_name
    signatures = bundle.interpret("summary", read_function_signatures)
    for kernel in kernels:
        kernel.signature = signatures.get(kernel.name)
    resources = bundle.interpret("summary", read_kernel_resources)
    for (name, used), key in zip(resources, occurrence_keys([r[0] for r in resources]), strict=True):
        kernel = by_key.get(key)
        if kernel is not None and name == key[0]:
            kernel.resources = used
    _mark_cached_from_warnings(kernels, bundle.interpret("summary", cached_lsu_locations))
    _attach_vectorization(bundle, by_key)
    if info is None:
        _kinds_from_log(layout, kernels)
    _attach_loops(bundle, kernels, by_key)
    for kernel, latencies in zip(kernels, parsed.block_latencies, strict=True):
        fill_iteration_latencies(kernel.loops, latencies)
    fit = _postfit(layout, bundle)
    if fit is not None:
        for kernel in kernels:
            kernel.fmax_postfit_mhz = fit.mhz
    name = project or (layout.project_dir.name if layout.project_dir else "")
    if ip_authoring(tool, device):
        _as_host_interfaces(parsed.memory_systems)
    design = Design(
        tool=tool,
        root=layout.reports_dir or layout.project_dir,
        name=name,
        device=device,
        kernels=kernels,
        memory_systems=parsed.memory_systems,
        source_files=bundle.interpret("file", read_sources),
    )
    design.artifacts.extend(dict.fromkeys(bundle.read_files))
    unify_file_names(kernels)
    if read_rtl:
        diagnostics, scan = attach_rtl(kernels, parsed.blocks, layout.project_candidates())
        design.diagnostics.extend(diagnostics)
        design.artifacts.extend(scan.files.all())
        if info is None:
            design.device = device_without_info(scan.instances, tool.command)
    return design
