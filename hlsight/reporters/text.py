"""Terminal output: gcc-style diagnostics, then the design inventory."""

from __future__ import annotations

from analyzer.model import LSU, Design, Kernel, Loop
from analyzer.results import AnalysisResult
from hlsight.reporters.base import RenderOptions


def _lsu_line(lsu: LSU) -> str:
    style = lsu.style_raw or lsu.style.value
    width = "?" if lsu.width_bits is None else f"{lsu.width_bits}b"
    memory = lsu.memory or ("local" if not lsu.is_global else "?")
    if lsu.bank:
        memory = f"{memory}/{lsu.bank}"
    where = "" if lsu.location is None else f"  {lsu.location}"
    rtl = "" if lsu.rtl is None else f"  rtl:{lsu.rtl.instance}"
    scope = "global" if lsu.is_global else "local"
    return f"    {lsu.kind.value:<6} {style:<40} {width:>6}  {scope:<6} {memory:<10}{where}{rtl}"


def _loop_lines(loop: Loop, depth: int) -> list[str]:
    ii = "-" if loop.ii is None else str(loop.ii)
    trip = "?"
    if loop.trip_count is not None:
        tc = loop.trip_count
        low = "?" if tc.min is None else str(tc.min)
        high = "?" if tc.max is None else str(tc.max)
        trip = str(tc.value) if tc.known else f"{low}~{high}"
    pipelined = {True: "pipelined", False: "not pipelined", None: ""}[loop.pipelined]
    where = "" if loop.location is None else f"  {loop.location}"
    lines = [f"    {'  ' * depth}{loop.name}: II {ii}, trip {trip} {pipelined}{where}".rstrip()]
    for child in loop.children:
        lines.extend(_loop_lines(child, depth + 1))
    return lines


def _kernel_lines(kernel: Kernel) -> list[str]:
    fmax = kernel.fmax_mhz
    fmax_text = "fmax ?" if fmax is None else f"fmax {fmax:g} MHz"
    if kernel.fmax_postfit_mhz is not None:
        fmax_text += " (post-fit)"
    lines = [f"  kernel {kernel.name} [{kernel.kind.value}] {fmax_text}"]
    if kernel.lsus:
        lines.append(f"   LSUs ({len(kernel.lsus)}):")
        lines.extend(_lsu_line(lsu) for lsu in kernel.lsus)
    loops = kernel.loops
    if loops:
        lines.append("   loops:")
        for loop in loops:
            lines.extend(_loop_lines(loop, 0))
    return lines


def inventory_lines(design: Design) -> list[str]:
    tool = design.tool
    lines = [f"{design.name or design.root}: {tool.product.value} {tool.version}"]
    device = " ".join(part for part in (design.device.family, design.device.part, design.device.board) if part)
    if device:
        lines.append(f"  device: {device}")
    if design.memory_systems:
        memories = ", ".join(
            f"{memory.name} ({memory.banks} bank{'s' if memory.banks != 1 else ''})"
            for memory in design.memory_systems
            if memory.is_global
        )
        if memories:
            lines.append(f"  global memory: {memories}")
    for kernel in design.kernels:
        lines.extend(_kernel_lines(kernel))
    return lines


class TextReporter:
    format_name = "text"

    def render(self, result: AnalysisResult, options: RenderOptions) -> str:
        lines = [diag.format_gcc() for diag in result.diagnostics]
        lines.extend(inventory_lines(result.design))
        return "\n".join(lines) + "\n"
