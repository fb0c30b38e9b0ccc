"""Pre-HTML generations: 15.1 bare ``mav.json`` projects and 14.x RTL-only
projects (aoc-report-formats.md sections 0 and 6).

Neither has an info document: the version comes from the copyright header
of the generated Verilog (``// (C) 1992-2014 Altera Corporation``), which
only pins the major release (year - 2000), so that is all we claim. 14.x
has no LSU list at all: LSUs are rebuilt from the ``lsu_top`` instances
(kind from ``READ``/``ATOMIC``, style from ``STYLE``, width from
``WIDTH_BYTES``, global from ``ADDRSPACE`` 1/2 = OpenCL ``__global`` /
``__constant``), loops from the ``<proj>.log`` "Optimization Report" box.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from hlsight.core.errors import InputError
from hlsight.core.model import (
    LSU,
    Design,
    Kernel,
    KernelKind,
    LSUKind,
    Product,
    RtlLsuParams,
    SourceFile,
    ToolInfo,
    Vendor,
)
from hlsight.parsers.intel.aoclog import read_log_loops
from hlsight.parsers.intel.common import as_int
from hlsight.parsers.intel.fmax import read_acl_quartus_report
from hlsight.parsers.intel.jsdata import load_json_file, read_text
from hlsight.parsers.intel.layout import Layout, rtl_project_file
from hlsight.parsers.intel.lsu_style import GLOBAL_ONLY_STYLES, rtl_style_facts
from hlsight.parsers.intel.mav import read_mav
from hlsight.parsers.intel.report import device_without_info
from hlsight.parsers.intel.rtl.reader import attach_rtl, scan_rtl
from hlsight.parsers.intel.rtl.scan import kernel_function_modules

_HEADER = re.compile(r"\(C\)\s*\d{4}-(\d{4})\s+(Altera|Intel)")
_BASIC_BLOCK = re.compile(r"^(\w+?)_basic_block_(\d+)$")
#: OpenCL address spaces held in DDR: 1 = __global, 2 = __constant.
GLOBAL_ADDRSPACES = frozenset({1, 2})


def tool_from_rtl(verilog: Path | None, product_hint: str) -> ToolInfo:
    if verilog is not None:
        with verilog.open(encoding="utf-8", errors="replace") as handle:
            head = handle.read(400)
        match = _HEADER.search(head)
        if match:
            major = str(int(match.group(1)) - 2000)
            return ToolInfo(Vendor.INTEL, Product.AOC, major,
                            f"{major}.x ({product_hint}; RTL header {match.group(0)} {match.group(2)})".strip())
    return ToolInfo(Vendor.INTEL, Product.AOC, "", f"unknown ({product_hint})")


def _postfit(layout: Layout, kernels: list[Kernel]) -> None:
    path = layout.project_dir / "acl_quartus_report.txt"
    fit = read_acl_quartus_report(path) if path.is_file() else None
    if fit is not None:
        for kernel in kernels:
            kernel.fmax_postfit_mhz = fit.mhz


def _sources_from_index(mav: dict[str, object], project: Path) -> list[SourceFile]:
    """15.1 names files in ``fileIndexMap``; aoc kept a copy as ``<name>.orig``."""
    out = []
    index = mav.get("fileIndexMap")
    for path in index if isinstance(index, dict) else {}:
        name = Path(str(path)).name
        orig = project / f"{name}.orig"
        out.append(SourceFile(str(path), name, read_text(orig) if orig.is_file() else None))
    return out


def read_mav15(layout: Layout, read_rtl: bool = True) -> Design:
    mav_path = layout.project_dir / "mav.json"
    mav = load_json_file(mav_path)
    if not isinstance(mav, dict) or not isinstance(mav.get("functions"), list):
        raise InputError(mav_path, "not a 15.1 mav.json", expected='an object with a "functions" list')
    if not isinstance(mav.get("fileIndexMap", {}), dict):
        raise InputError(mav_path, '"fileIndexMap" is not an object', expected='{"<file>": <index>, ...}')
    parsed = read_mav(mav)
    design = Design(
        tool=tool_from_rtl(rtl_project_file(layout.project_dir), "mav.json"),
        root=layout.project_dir,
        name=layout.project_dir.name,
        kernels=parsed.kernels,
        memory_systems=parsed.memory_systems,
        source_files=_sources_from_index(mav, layout.project_dir),
        artifacts=[mav_path],
    )
    log = _log_file(layout.project_dir)
    if log is not None:
        _attach_log_loops(design.kernels, log)
    _postfit(layout, design.kernels)
    if read_rtl:
        diagnostics, scan = attach_rtl(design.kernels, parsed.blocks, [layout.project_dir])
        design.diagnostics.extend(diagnostics)
        design.artifacts.extend(scan.files.all())
        design.device = device_without_info(scan.instances, design.tool.command)
    return design


def _log_file(project: Path) -> Path | None:
    verilog = rtl_project_file(project)
    if verilog is None:
        return None
    log = verilog.with_suffix(".log")
    return log if log.is_file() else None


def _attach_log_loops(kernels: list[Kernel], log: Path) -> None:
    """Loops from the log; a pipelined loop also tells the kernel type, since
    aoc pipelines loops only in single work-item kernels ("For ND-Range
    kernels, the loops are not pipelined", 16.1 net.log)."""
    loops = read_log_loops(read_text(log), f"{log.stem}.cl")
    for kernel in kernels:
        kernel.loops = loops.get(kernel.name, kernel.loops)
        if kernel.kind is KernelKind.UNKNOWN and any(loop.pipelined for loop in kernel.all_loops()):
            kernel.kind = KernelKind.SINGLE_WORK_ITEM


def _rtl_lsu(kernel: str, block: int, rtl: RtlLsuParams, counters: Counter[str]) -> LSU:
    facts = rtl_style_facts(rtl.params)
    atomic = rtl.params.get("ATOMIC", "0").strip() not in ("0", "")
    kind = LSUKind.ATOMIC if atomic else (LSUKind.LOAD if rtl.is_read else LSUKind.STORE)
    addrspace = as_int(rtl.params.get("ADDRSPACE"))
    is_global = addrspace in GLOBAL_ADDRSPACES if addrspace is not None else facts.style in GLOBAL_ONLY_STYLES
    ordinal = counters[kind.value]
    counters[kind.value] += 1
    return LSU(
        id=f"{kernel}/{kind.value}{ordinal}",
        kind=kind,
        style=facts.style,
        style_raw=None,
        width_bits=None if rtl.width_bytes is None else rtl.width_bytes * 8,
        is_global=is_global,
        aligned=facts.aligned,
        write_ack=facts.write_ack,
        cached=facts.cached,
        never_stall=facts.never_stall,
        latency=rtl.kernel_side_mem_latency,
        block=f"Basic Block {block}",
        rtl=rtl,
    )


def read_rtl_project(layout: Layout) -> Design:
    """14.x: kernels and LSUs rebuilt from ``<proj>.v``."""
    verilog = rtl_project_file(layout.project_dir)
    scan = scan_rtl([layout.project_dir])
    names = kernel_function_modules(read_text(verilog)) if verilog is not None else []
    kernels: dict[str, Kernel] = {name: Kernel(name=name) for name in names}
    if not names and not scan.instances:
        raise InputError(verilog or layout.project_dir, "no kernel in the RTL (no <kernel>_function module"
                         " and no lsu_top instance)", expected="the aoc 14.x kernel Verilog <proj>.v")
    counters: dict[str, Counter[str]] = {}
    for rtl in sorted(scan.instances, key=lambda r: (r.file, r.line)):
        match = _BASIC_BLOCK.match(rtl.module)
        if match is None:
            continue
        name = match.group(1)
        kernel = kernels.setdefault(name, Kernel(name=name))
        kernel.lsus.append(_rtl_lsu(name, int(match.group(2)), rtl, counters.setdefault(name, Counter())))
    for kernel in kernels.values():
        # no source lines in 14.x: a finding points at the kernel's RTL, the file it was read from
        kernel.artifact = str(verilog) if verilog is not None else None
    design = Design(
        tool=tool_from_rtl(verilog, "RTL only"),
        device=device_without_info(scan.instances, None),
        root=layout.project_dir,
        name=verilog.stem if verilog else layout.project_dir.name,
        kernels=list(kernels.values()),
        artifacts=scan.files.all(),
    )
    log = _log_file(layout.project_dir)
    if log is not None:
        _attach_log_loops(design.kernels, log)
        design.artifacts.append(log)
    _postfit(layout, design.kernels)
    return design
