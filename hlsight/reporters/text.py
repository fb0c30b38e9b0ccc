"""Terminal output: gcc-style diagnostics, a per-kernel summary, the inventory.

Diagnostics come first, one per line in the ``file:line:col: severity:
message [rule-id]`` form that editors and CI log scrapers already parse
(clang's colours only when writing to a terminal). The summary gives each
kernel's estimate, its bound and the LSUs that take most of its time; the
inventory lists what the readers found.
"""

from __future__ import annotations

from hlsight.analyzer.estimate.xilinx import COMPOSITION
from hlsight.analyzer.results import AnalysisResult, KernelEstimate, SourceFacts
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import LSU, Design, Kernel, KernelKind, Loop
from hlsight.core.terminal import terminal_safe_keeping
from hlsight.reporters.base import RenderOptions
from hlsight.reporters.hierarchy import (
    clock_check_text,
    clock_lines,
    cycles_text,
    functions,
    is_xilinx,
    part_text,
    parts_of,
    report_latency_text,
    resources_text,
)
from hlsight.reporters.present import (
    display_path,
    estimate_headline,
    format_seconds,
    format_value,
    time_shares,
    trip_text,
)

_RESET = "\033[0m"
_BOLD = "\033[1m"
#: clang's palette: errors red, warnings magenta, notes/remarks cyan.
_SEVERITY_COLOR = {
    Severity.ERROR: "\033[1;31m",
    Severity.WARNING: "\033[1;35m",
    Severity.NOTE: "\033[1;36m",
    Severity.INFO: "\033[1;36m",
}


def _paint(text: str, code: str, options: RenderOptions) -> str:
    return f"{code}{text}{_RESET}" if options.color else text


def format_diagnostic(diag: Diagnostic, options: RenderOptions) -> str:
    """One diagnostic as ``file:line:col: severity: message [rule]``."""
    location = "hlsight"
    if diag.file is not None:
        parts = [display_path(diag.file, options.relative_to)]
        if diag.line is not None:
            parts.append(str(diag.line))
            if diag.column is not None:
                parts.append(str(diag.column))
        location = ":".join(parts)
    severity = _paint(f"{diag.severity.value}:", _SEVERITY_COLOR[diag.severity], options)
    return f"{_paint(location + ':', _BOLD, options)} {severity} {diag.message} [{diag.rule}]"


def _lsu_line(lsu: LSU, source: SourceFacts) -> str:
    style = lsu.style_raw or lsu.style.value
    width = "?" if lsu.width_bits is None else f"{lsu.width_bits}b"
    memory = lsu.memory or ("local" if not lsu.is_global else "?")
    if lsu.bank:
        memory = f"{memory}/{lsu.bank}"
    where = "" if lsu.location is None else f"  {lsu.location}"
    rtl = "" if lsu.rtl is None else f"  rtl:{lsu.rtl.instance}"
    scope = "global" if lsu.is_global else "local"
    facts = source.access(lsu)
    derived = ""
    if facts is not None and lsu.is_global:  # source-derived (issue 7); explained in the notes above
        derived = f"  [{facts.expression}: stride {facts.stride}, {facts.element_bytes} B, x {facts.accesses}]"
    return f"    {lsu.kind.value:<6} {style:<40} {width:>6}  {scope:<6} {memory:<10}{where}{rtl}{derived}"


def _loop_lines(loop: Loop, depth: int) -> list[str]:
    ii = "-" if loop.ii is None else str(loop.ii)
    trip = trip_text(loop)
    pipelined = {True: "pipelined", False: "not pipelined", None: ""}[loop.pipelined]
    where = "" if loop.location is None else f"  {loop.location}"
    lines = [f"    {'  ' * depth}{loop.name}: II {ii}, trip {trip} {pipelined}{where}".rstrip()]
    for child in loop.children:
        lines.extend(_loop_lines(child, depth + 1))
    return lines


def _kernel_lines(kernel: Kernel, source: SourceFacts) -> list[str]:
    fmax = kernel.fmax_mhz
    fmax_text = "fmax ?" if fmax is None else f"fmax {fmax:g} MHz"
    if kernel.fmax_postfit_mhz is not None:
        fmax_text += " (post-fit)"
    lines = [f"  kernel {kernel.name} [{kernel.kind.value}] {fmax_text}"]
    if kernel.resources and kernel.kind is not KernelKind.FUNCTION:  # Vivado/Vitis: in the summary
        lines.append(f"   resources: {resources_text(kernel.resources)}")
    if kernel.lsus:
        lines.append(f"   LSUs ({len(kernel.lsus)}):")
        lines.extend(_lsu_line(lsu, source) for lsu in kernel.lsus)
    loops = kernel.loops
    if kernel.folded_into is not None and loops:
        # Vitis outlines a pipelined loop into <func>_Pipeline_<loop>; the
        # reader also places that loop in its caller's tree, shown there.
        lines.append(f"   loops: shown under {kernel.folded_into}")
    elif loops:
        lines.append("   loops:")
        for loop in loops:
            lines.extend(_loop_lines(loop, 0))
    return lines


def inventory_lines(design: Design, source: SourceFacts | None = None) -> list[str]:
    """What the readers found: tool, device, memories, kernels, LSUs, loops
    (with the source analysis' access facts, ``source``, beside each LSU)."""
    source = source if source is not None else SourceFacts()
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
        lines.extend(_kernel_lines(kernel, source))
    return lines


def _estimate_lines(label: str, estimate: KernelEstimate | None, options: RenderOptions) -> list[str]:
    lines = [f"  {_paint(label, _BOLD, options)}: {estimate_headline(estimate)}"]
    if estimate is None:
        return lines
    if estimate.model:
        lines.append(f"    model: {estimate.model}")
    if estimate.seconds is None and estimate.expression is not None:
        lines.append(f"    T = {estimate.expression}")
    shares = time_shares(estimate)
    if shares:
        parts = [f"{share.subject} {share.fraction:.0%} ({format_seconds(share.seconds)})" for share in shares]
        lines.append(f"    top time shares: {', '.join(parts)}")
    for alternative in estimate.alternatives:
        lines.append(f"    also {alternative.model}: {estimate_headline(alternative)}")
    return lines


def _function_lines(kernel: Kernel, result: AnalysisResult, options: RenderOptions) -> list[str]:
    """A Vivado/Vitis function, cycles first: the cycle count, then the time
    at the target and at the estimated clock, then its loops and calls."""
    estimate = result.estimates.get(kernel.name)
    cycles = None if estimate is None else estimate.cycles
    top = " (top)" if kernel.is_top else ""
    label = _paint(f"function {kernel.name}{top}", _BOLD, options)
    if estimate is None or cycles is None:
        return _estimate_lines(f"function {kernel.name}{top}", estimate, options)
    lines = [f"  {label}: {cycles_text(cycles.expression)} cycles"]
    if not kernel.is_top:  # sub-functions: one line each
        times = clock_lines(cycles)
        return [lines[0] + (f"; {times[0]}" if times else "")]
    lines.extend(f"    {line}" for line in clock_lines(cycles))
    reported = report_latency_text(cycles)
    if reported:
        lines.append(f"    {reported}")
    check = clock_check_text(kernel)
    if check:
        lines.append(f"    {check}")
    if kernel.resources:
        lines.append(f"    resources: {resources_text(kernel.resources)}")
    if estimate.cycles is not cycles or estimate.model != COMPOSITION:
        lines.append(f"    model: {estimate.model}: {estimate_headline(estimate)}")
    if cycles.parts:
        how = " (dataflow: the longest process)" if kernel.dataflow else ""
        lines.append(f"    loops and calls (cycles){how}: {', '.join(part_text(part) for part in cycles.parts)}")
    folded = parts_of(kernel, result.design)
    if folded:
        lines.append(f"    outlined parts: {', '.join(part.name for part in folded)}")
    return lines


def summary_lines(result: AnalysisResult, options: RenderOptions) -> list[str]:
    """Per-kernel estimate, bound and top time shares (empty without estimates)."""
    if not result.estimates and result.design_estimate is None:
        return []
    lines = ["summary:"]
    if is_xilinx(result.design):
        for kernel in functions(result.design):
            lines.extend(_function_lines(kernel, result, options))
        if result.assignments:
            values = ", ".join(f"{name}={format_value(value)}" for name, value in sorted(result.assignments.items()))
            lines.append(f"  with {values}")
        return lines
    for kernel in result.design.kernels:
        lines.extend(_estimate_lines(f"kernel {kernel.name}", result.estimates.get(kernel.name), options))
    if result.design_estimate is not None and len(result.design.kernels) > 1:
        lines.extend(_estimate_lines("design", result.design_estimate, options))
    if result.assignments:
        values = ", ".join(f"{name}={format_value(value)}" for name, value in sorted(result.assignments.items()))
        lines.append(f"  with {values}")
    return lines


class TextReporter:
    format_name = "text"

    def render(self, result: AnalysisResult, options: RenderOptions) -> str:
        lines = [format_diagnostic(diag, options) for diag in result.diagnostics]
        lines.extend(summary_lines(result, options))
        lines.extend(inventory_lines(result.design, result.source))
        # names from reports may hold escapes or newlines: each line stays one
        # line, and only hlsight's own colour codes reach the terminal
        own_codes = frozenset({_RESET, _BOLD, *_SEVERITY_COLOR.values()}) if options.color else frozenset()
        return "\n".join(terminal_safe_keeping(line, own_codes) for line in lines) + "\n"
