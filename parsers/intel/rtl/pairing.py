"""Pair report LSUs with ``lsu_top`` instances (rule: ``docs/rtl-pairing.md``).

Scope first, then parameters, then order:

1. *Scope* — 14.x-16.1 Verilog: module ``<kernel>_basic_block_<i>`` is the
   i-th basic block of the kernel in the report. 18.1 Std VHDL / oneAPI SV:
   the wrapper module's stall-region placement gives kernel directory,
   block ``B<k>`` and start cycle, which must equal the report ``Start Cycle``.
2. *Parameters* — every value known on both sides must agree: READ/ATOMIC vs
   kind, ``8*WIDTH_BYTES`` vs ``Width``, STYLE vs normalized ``Type``,
   ``KERNEL_SIDE_MEM_LATENCY`` vs ``Latency``.
3. *Order* — among compatible candidates, report order pairs with RTL order
   (only ever needed for instances whose parameters are identical).

An LSU with no compatible instance becomes an ``rtl-unpaired-lsu``
diagnostic; an instance left over becomes ``rtl-unmatched-instance``. Paired
RTL refines the modifiers the report omits (write-ack stores reported as plain
``Burst-coalesced`` in 16.1/oneAPI 20.3-2021.4; cached loads).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import LSU, Kernel, LSUKind, RtlLsuParams
from hlsight.parsers.intel.lsu_style import RTL_STYLES
from hlsight.parsers.intel.rtl.stall import Placement

_BASIC_BLOCK = re.compile(r"^(\w+?)_basic_block_(\d+)$")
_REPORT_BLOCK = re.compile(r"\.B(\d+)$")


def _alnum(text: str) -> str:
    return re.sub(r"[^0-9a-z]", "", text.lower())


@dataclass(frozen=True)
class Scope:
    kernel: str
    block: int
    cycle: int | None = None


def is_atomic(rtl: RtlLsuParams) -> bool:
    return rtl.params.get("ATOMIC", "0").strip() not in ("0", "")


def compatible(lsu: LSU, rtl: RtlLsuParams) -> bool:
    """All parameters known on both sides agree."""
    if is_atomic(rtl):
        if lsu.kind is not LSUKind.ATOMIC:
            return False
    elif rtl.is_read is not None and rtl.is_read != (lsu.kind is LSUKind.LOAD):
        return False
    if rtl.width_bytes is not None and lsu.width_bits is not None and rtl.width_bytes * 8 != lsu.width_bits:
        return False
    style = RTL_STYLES.get((rtl.style or "").upper())
    if style is not None and lsu.style_raw is not None and style is not lsu.style:
        return False
    latency = rtl.kernel_side_mem_latency
    return latency is None or lsu.latency is None or latency == lsu.latency


def _kernel_dirs(kernels: list[Kernel], dirs: set[str]) -> dict[str, str]:
    """kernel_hdl directory -> report kernel name."""
    if len(kernels) == 1 and len(dirs) == 1:
        return {next(iter(dirs)): kernels[0].name}
    out: dict[str, str] = {}
    for directory in dirs:
        matches = [k.name for k in kernels if _alnum(k.name) and _alnum(k.name) in _alnum(directory)]
        longest = max(matches, key=len, default=None)
        if longest is not None and sum(1 for m in matches if len(m) == len(longest)) == 1:
            out[directory] = longest
    return out


def rtl_scope(rtl: RtlLsuParams, placements: dict[str, Placement], dir_kernels: dict[str, str]) -> Scope | None:
    if rtl.dialect == "verilog":
        match = _BASIC_BLOCK.match(rtl.module)
        return Scope(match.group(1), int(match.group(2))) if match else None
    placement = placements.get(rtl.module)
    if placement is None:
        return None
    kernel = dir_kernels.get(placement.kernel_dir)
    return None if kernel is None else Scope(kernel, placement.block, placement.cycle)


def report_scope(kernel: Kernel, lsu: LSU, blocks: list[str], dialect: str) -> Scope | None:
    if lsu.block is None:
        return None
    if dialect == "verilog":
        return Scope(kernel.name, blocks.index(lsu.block)) if lsu.block in blocks else None
    match = _REPORT_BLOCK.search(lsu.block)
    return None if match is None else Scope(kernel.name, int(match.group(1)), lsu.start_cycle)


def _describe(lsu: LSU) -> str:
    width = "?" if lsu.width_bits is None else f"{lsu.width_bits}-bit"
    cycle = "" if lsu.start_cycle is None else f" @cycle {lsu.start_cycle}"
    return f"{width} {lsu.style_raw or lsu.style.value} {lsu.kind.value} in {lsu.block}{cycle}"


def _refine(lsu: LSU, rtl: RtlLsuParams) -> None:
    lsu.rtl = rtl
    if rtl.use_write_ack and lsu.kind is LSUKind.STORE:
        lsu.write_ack = True
    if rtl.use_caching:
        lsu.cached = True


def pair(kernels: list[Kernel], instances: list[RtlLsuParams], placements: dict[str, Placement],
         blocks: dict[str, list[str]]) -> list[Diagnostic]:
    """Attach ``lsu.rtl`` where the rule finds a partner; return diagnostics."""
    dialect = instances[0].dialect if instances else "verilog"
    dir_kernels = _kernel_dirs(kernels, {p.kernel_dir for p in placements.values()})
    by_scope: dict[Scope, list[RtlLsuParams]] = {}
    for rtl in instances:
        scope = rtl_scope(rtl, placements, dir_kernels)
        if scope is not None:
            by_scope.setdefault(scope, []).append(rtl)
    used: set[int] = set()
    diagnostics: list[Diagnostic] = []
    for kernel in kernels:
        for lsu in kernel.lsus:
            scope = report_scope(kernel, lsu, blocks.get(kernel.name, []), dialect)
            candidates = by_scope.get(scope, []) if scope is not None else []
            partner = next((r for r in candidates if id(r) not in used and compatible(lsu, r)), None)
            if partner is None:
                diagnostics.append(Diagnostic.at(
                    lsu.location, "rtl-unpaired-lsu", Severity.WARNING,
                    f"no lsu_top instance in the kernel RTL matches the {_describe(lsu)}",
                    kernel=kernel.name, subject=lsu.id,
                    data={"candidates": len(candidates), "block": lsu.block, "start_cycle": lsu.start_cycle}))
                continue
            used.add(id(partner))
            _refine(lsu, partner)
    for rtl in instances:
        if id(rtl) not in used:
            diagnostics.append(Diagnostic(
                rule="rtl-unmatched-instance", severity=Severity.NOTE,
                message=f"lsu_top instance {rtl.instance} in {rtl.module} matches no LSU of the report",
                file=rtl.file, line=rtl.line, subject=rtl.instance,
                data={"style": rtl.style, "read": rtl.is_read, "width_bytes": rtl.width_bytes}))
    return diagnostics
