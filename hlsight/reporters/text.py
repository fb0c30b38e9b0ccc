"""Terminal output: the estimate first, kernels ranked, then the findings.

Sections, in order (each a function so other issues' additions slot in):
:func:`headline_lines` (design, estimate and bound, DRAM profile and clock
used, the user's values), :func:`summary_lines` (kernels ranked by time, one
line each), :func:`finding_lines` (one ``file:line:col: severity: message
[rule-id]`` line per finding, as editors and CI log scrapers parse them;
repeated findings grouped; notes behind ``-v``), and with ``-v`` the
inventory of what the readers found.
"""

from __future__ import annotations

from hlsight.analyzer.estimate.xilinx import COMPOSITION
from hlsight.analyzer.results import AnalysisResult, KernelEstimate, SourceFacts
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import (
    LSU,
    Design,
    ImplementationReport,
    Kernel,
    KernelKind,
    Loop,
    MemoryKind,
    SourceLocation,
)
from hlsight.core.terminal import terminal_safe_keeping
from hlsight.parsers.intel.info import avalon_component
from hlsight.reporters.base import RenderOptions
from hlsight.reporters.hierarchy import (
    clock_check_text,
    clock_lines,
    component_cosim_text,
    cosim_text,
    cycles_headline,
    functions,
    implementation_text,
    is_xilinx,
    memory_beyond_cycles,
    parts_of,
    parts_text,
    report_latency_text,
    resources_text,
)
from hlsight.reporters.present import (
    NAMES_SHOWN,
    FindingGroup,
    Share,
    asked_names,
    assignments_text,
    axi_symbol_ports,
    basename,
    clock_band_text,
    clock_text,
    count_text,
    design_headline,
    dram_profile_text,
    dram_wait_text,
    estimate_headline,
    expression_text,
    format_seconds,
    group_findings,
    grouped_cautions,
    kernel_list,
    launch_cost_text,
    launch_note,
    launch_rows,
    name_list,
    ranked_estimates,
    shared_symbol_lsus,
    shown_path,
    source_trip_loops,
    time_shares,
    trip_symbol_loops,
    trip_text,
    using_text,
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


#: Characters of a finding's message shown without ``-v`` (the compiler's
#: reasons and feedback paths quoted in a loop finding reach 3,900).
SHORT_MESSAGE = 300


def _short(message: str, options: RenderOptions) -> str:
    if options.verbosity > 0 or len(message) <= SHORT_MESSAGE:
        return message
    return message[:SHORT_MESSAGE].rstrip() + " ... (-v: all of it)"


def format_diagnostic(diag: Diagnostic, options: RenderOptions, also: str = "") -> str:
    """One diagnostic as ``file:line:col: severity: message [rule]`` (``also``
    is appended to the message, e.g. how many more findings say the same);
    without ``-v`` a long message is cut at :data:`SHORT_MESSAGE` characters."""
    location = "hlsight"
    if diag.file is not None:
        parts = [shown_path(diag.file, options)]
        if diag.line is not None:
            parts.append(str(diag.line))
            if diag.column is not None:
                parts.append(str(diag.column))
        location = ":".join(parts)
    severity = _paint(f"{diag.severity.value}:", _SEVERITY_COLOR[diag.severity], options)
    return f"{_paint(location + ':', _BOLD, options)} {severity} {_short(diag.message, options)}{also} [{diag.rule}]"


def _lsu_line(lsu: LSU, source: SourceFacts, host_memories: frozenset[str]) -> str:
    style = lsu.style_raw or lsu.style.value
    width = "?" if lsu.width_bits is None else f"{lsu.width_bits}b"
    memory = lsu.memory or ("local" if not lsu.is_global else "?")
    if lsu.bank:
        memory = f"{memory}/{lsu.bank}"
    where = "" if lsu.location is None else f"  {lsu.location}"
    rtl = "" if lsu.rtl is None else f"  rtl:{lsu.rtl.instance}"
    # an i++ component's Avalon host interface reaches memory outside the
    # component ("System Memory"): neither the board's global memory nor local
    scope = "global" if lsu.is_global else "host" if lsu.memory in host_memories else "local"
    facts = source.access(lsu)
    derived = ""
    constant = source.constant_cache(lsu)
    if constant is not None:  # aoc 16.1: no memory link; the source says __constant
        scope, memory, derived = "const", "constant cache", f"  [{constant}]"
    if facts is not None and lsu.is_global:  # source-derived (issue 7); explained in the notes above
        invariant = "work-item invariant: " if lsu.work_item_invariant else ""
        what = f"{facts.expression}: " if facts.expression else invariant
        size = "element size not in the source" if facts.element_bytes is None else f"{facts.element_bytes} B"
        stride = "data-dependent" if facts.data_dependent else f"stride {facts.stride}"
        derived = f"  [{what}{stride}, {size}, x {count_text(facts.accesses)}]"
    return f"    {lsu.kind.value:<6} {style:<40} {width:>6}  {scope:<6} {memory:<10}{where}{rtl}{derived}"


def _loop_lines(loop: Loop, depth: int, source: SourceFacts) -> list[str]:
    ii = "-" if loop.ii is None else str(loop.ii)
    trip = trip_text(loop, None, source.trip(loop), source.merged_trip(loop))  # the report's, else the source's
    pipelined = {True: "pipelined", False: "not pipelined", None: ""}[loop.pipelined]
    place = source.loop_location(loop)  # the matched source loop where the report only guesses (decision 86)
    if place is not None and place is not loop.location:  # a local file's path: its name, as the report's are
        place = SourceLocation(basename(place.file), place.line, place.column)
    where = "" if place is None else f"  {place}"
    host = source.source_host(loop)  # an outlined loop shown here for want of an InstanceList
    inside = "" if host is None else f" (counted inside {host[0].name}: {host[1]})"
    lines = [f"    {'  ' * depth}{loop.name}: II {ii}, trip {trip} {pipelined}{inside}{where}".rstrip()]
    for child in loop.children:
        lines.extend(_loop_lines(child, depth + 1, source))
    return lines


def _kernel_lines(kernel: Kernel, source: SourceFacts, host_memories: frozenset[str]) -> list[str]:
    fmax = kernel.fmax_mhz
    fmax_text = "fmax ?" if fmax is None else f"fmax {fmax:g} MHz"
    if kernel.fmax_postfit_mhz is not None:
        fmax_text += " (post-route)" if kernel.kind is KernelKind.FUNCTION else " (post-fit)"
    elif fmax is not None and kernel.kind is KernelKind.FUNCTION:
        # a Vivado/Vitis module's fmax is 1 / the scheduler's estimated clock, not a placed clock
        fmax_text += " (HLS clock estimate, not placed)"
    # an autorun kernel starts itself, with no launch and no host arguments (its loop runs as long as it is fed)
    autorun = ", autorun" if kernel.autorun else ""
    lines = [f"  kernel {kernel.name} [{kernel.kind.value}{autorun}] {fmax_text}"]
    if kernel.resources and kernel.kind is not KernelKind.FUNCTION:  # Vivado/Vitis: in the summary
        lines.append(f"   resources: {resources_text(kernel.resources)}")
    if kernel.lsus:
        lines.append(f"   LSUs ({len(kernel.lsus)}):")
        lines.extend(_lsu_line(lsu, source, host_memories) for lsu in kernel.lsus)
    loops = kernel.loops
    if kernel.folded_into is not None and loops:
        # Vitis outlines a pipelined loop into <func>_Pipeline_<loop>; the
        # reader also places that loop in its caller's tree, shown there.
        lines.append(f"   loops: shown under {kernel.folded_into}")
    elif loops:
        lines.append("   loops:")
        for loop in loops:
            lines.extend(_loop_lines(loop, 0, source))
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
    host_memories = frozenset(memory.name for memory in design.memory_systems if memory.kind is MemoryKind.HOST)
    if host_memories:
        how = ("Avalon host interfaces: pipelined LSUs' commands counted, the memory not timed"
               if avalon_component(design.tool, design.device) else "the host's, over PCIe, not timed")
        lines.append(f"  host memory ({how}): {', '.join(sorted(host_memories))}")
    for kernel in design.kernels:
        lines.extend(_kernel_lines(kernel, source, host_memories))
    return lines


def _estimate_detail_lines(estimate: KernelEstimate, options: RenderOptions) -> list[str]:
    """Model, formula and alternatives of one estimate (``-v``)."""
    lines: list[str] = []
    if estimate.model:
        lines.append(f"      model: {estimate.model}")
    if estimate.seconds is None and estimate.expression is not None:
        lines.append(f"      T [s] = {expression_text(estimate.expression)}")
    for alternative in estimate.alternatives:
        lines.append(f"      also {alternative.model}: {estimate_headline(alternative)}")
    return lines


def _shares_text(estimate: KernelEstimate | None) -> str:
    """The LSUs taking most time, as a share of the kernel's time when it is
    known (a compute-bound kernel's store is not "100 %" of it)."""
    if estimate is None:
        return ""
    shares = time_shares(estimate)
    if not shares:
        return ""
    total = estimate.seconds

    def part(share: Share) -> str:
        fraction = share.fraction if not total else share.seconds / total
        percent = "<1%" if 0 < fraction < 0.005 else f"{fraction:.0%}"
        return f"{share.subject} {format_seconds(share.seconds)} ({percent})"

    return "  top LSUs: " + ", ".join(part(share) for share in shares)


def headline_lines(result: AnalysisResult, options: RenderOptions) -> list[str]:
    """What comes first: the design, its estimate and bound, the DRAM profile
    and clock the estimate used, and the values the user gave."""
    design = result.design
    tool = design.tool
    device = " ".join(part for part in (design.device.family, design.device.part) if part)
    title = f"{design.name or design.root}: {tool.product.value} {tool.version}" + (f", {device}" if device else "")
    lines = [_paint(title, _BOLD, options)]
    overall = result.design_estimate
    if overall is None and len(result.estimates) == 1:
        overall = next(iter(result.estimates.values()))
    if overall is None and not result.estimates:
        return lines
    headline = design_headline(result) if overall is result.design_estimate else estimate_headline(overall)
    lines.append(f"  estimate: {headline}")
    shown = dram_profile_text(result, overall)
    used = using_text(shown, clock_text(result))
    if used:
        lines.append("  using: " + used)
    if options.verbosity > 0 and overall is not None:
        # every assumption the number rests on, where it is read (the JSON lists them too): a
        # controller efficiency or eq. 8's rule moved a public 520N SAXPY's time, and a Vitis lab's
        # DRAM latency and bursts its m_axi time, said nowhere in text; a Vivado/Vitis count's own
        # assumptions are its notes, said under each function, and an unknown board's profile is
        # the using: line
        notes = {note for estimate in result.estimates.values() if estimate.cycles is not None
                 for note in estimate.cycles.notes}
        lines.extend(f"  assumes: {assumption}" for assumption in overall.assumptions
                     if not assumption.startswith(("memory profile ", "no fixed per-launch cost", "time = cycles x"))
                     and assumption not in (used or "") and assumption not in notes)
    band = clock_band_text(result)
    if band:
        lines.append(f"  {band}")
    if result.assignments:
        lines.append(f"  with {assignments_text(result)}")
    launch_cost = launch_cost_text(result)
    if launch_cost:
        lines.append(f"  {launch_cost}")
    lines.extend(barrier_lines(result))
    lines.extend(caveat_lines(result))
    lines.extend(launch_lines(result))
    lines.extend(missing_value_lines(result, options))
    return lines


def barrier_lines(result: AnalysisResult) -> list[str]:
    """Kernels whose memory and pipeline time add (FlexCL eq. 10; HLScope+
    eq. 14 for a Vivado/Vitis function without dataflow): the composition
    changes the number, so it is said next to it."""
    lines = []
    for name, estimate in result.estimates.items():
        if estimate.barrier_mode is None:
            continue
        memory, pipeline = estimate.memory_seconds, estimate.compute_seconds
        parts = (f"memory {format_seconds(memory)} + pipeline {format_seconds(pipeline)}"
                 if memory is not None and pipeline is not None else "memory + pipeline time")
        lines.append(f"  kernel {name}: {parts}, not overlapped: {estimate.barrier_mode} (FlexCL eq. 10, barrier mode)")
    for name, estimate in result.estimates.items():
        summed = dram_wait_text(estimate)
        if summed:
            lines.append(f"  function {name}: {summed}")
    return lines


def caveat_lines(result: AnalysisResult) -> list[str]:
    """What the number may miss or where its model class was measurably off, beside it."""
    return [f"  caution ({kernel_list(names)}): {caveat}" if names else f"  caution: {caveat}"
            for names, caveat in grouped_cautions(result)]


def source_lines(result: AnalysisResult, options: RenderOptions) -> list[str]:
    """Which local file stands for each source path the findings name, and
    which rule found it; the ones not found, with how to find them."""
    named = list(dict.fromkeys(diag.file for diag in result.diagnostics if diag.file and options.shows(diag.severity)))
    lines = []
    for path in named:
        local = options.sources.get(path)
        if local is not None and not local.as_named:
            lines.append(f"  source: {shown_path(path, options)} ({local.how}; the report says {path})")
    missing = [path for path in named if path not in options.sources]
    if missing:
        names = ", ".join(basename(path) for path in missing)
        embedded = any((found := result.design.source_file(path)) is not None and found.content for path in missing)
        # the analysis reads the copies the report embeds (a user read "not found" as "not analysed")
        written = ("; the report's embedded copies are read, and with -o written out" if embedded
                   else "; the report embeds no copy")
        where = ("--source-root DIR finds them" if options.source_root is None
                 else f"not below --source-root {options.source_root} either, by path or by name")
        lines.append(f"  not found on this machine: {names} ({where}{written})")
    return lines


def summary_lines(result: AnalysisResult, options: RenderOptions) -> list[str]:
    """Kernels ranked by estimated time, one line each (with ``-v`` the model,
    formula and alternatives under each); empty without estimates."""
    if not result.estimates or options.verbosity < 0:
        return []
    if is_xilinx(result.design):
        # Vivado/Vitis: functions cycles first, outlined _Pipeline_ parts
        # folded into their caller (issue 12)
        lines = ["summary:"]
        for kernel in functions(result.design):
            lines.extend(_function_lines(kernel, result, options))
        return lines
    ranked = ranked_estimates(result)
    width = max(len(name) for name, _ in ranked)
    lines = ["summary:"]  # kernels by estimated time, slowest first
    for name, estimate in ranked:
        lines.append(f"  kernel {name:<{width}}  {estimate_headline(estimate)}{launch_note(estimate)}"
                     f"{_shares_text(estimate)}")
        lines.extend(f"      {component_cosim_text(item)}" for item in result.cosim if item.top == name)
        kernel = result.design.kernel(name)
        if kernel is not None and kernel.resources and (options.verbosity > 0 or len(ranked) == 1):
            lines.append(f"      resources: {resources_text(kernel.resources)}")  # beside the estimate (issue 12)
        if options.verbosity > 0 and estimate is not None:
            lines.extend(_estimate_detail_lines(estimate, options))
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
    comparisons = [item for item in result.cosim if item.top == kernel.name]
    if estimate is None or cycles is None:
        lines = _estimate_lines(f"function {kernel.name}{top}", estimate, options)
        # the clock check, resources and a co-simulated latency are the reports', with or without cycles
        lines.extend(f"    {cosim_text(item, has_cycles=False)}" for item in comparisons)
        return lines + (_report_fact_lines(kernel, result.design.implementation) if kernel.is_top else [])
    beyond = memory_beyond_cycles(estimate)
    measured = [f"    {cosim_text(item)}{beyond}" for item in comparisons]
    lines = [f"  {label}: {cycles_headline(cycles)}"]
    if not kernel.is_top:  # sub-functions: one line each
        times = clock_lines(cycles)
        return [lines[0] + (f"; {times[0]}" if times else "")]
    lines.extend(f"    {line}" for line in clock_lines(cycles))
    reported = report_latency_text(cycles)
    if reported:
        lines.append(f"    {reported}")
    lines.extend(measured)
    lines.extend(_report_fact_lines(kernel, result.design.implementation))
    if estimate.cycles is not cycles or estimate.model != COMPOSITION:
        lines.append(f"    model: {estimate.model}: {estimate_headline(estimate)}")
    if cycles.parts:
        beside = f", {cycles.dataflow_beside} beside them" if cycles.dataflow_beside else ""
        how = "" if not kernel.dataflow else f" (dataflow: processes one after another{beside})" \
            if cycles.dataflow_in_sequence else " (dataflow: the longest process)"
        lines.append(f"    loops and calls (cycles){how}: {parts_text(cycles.parts)}")
    folded = parts_of(kernel, result.design)
    if folded:
        lines.append(f"    outlined parts: {', '.join(part.name for part in folded)}")
    lines.extend(f"    note: {note}" for note in cycles.notes if options.verbosity > 0 or not _routine(note))
    return lines


def _routine(note: str) -> bool:
    """A composition note the number needs no warning for: where a trip
    count came from (an unknown one is already asked for), and the few own
    control cycles of a module or loop whose latency the report leaves "?"
    (most modules with a data-dependent loop). The others say what was
    assumed or chosen (a conditional call's worst-case path, a call placed
    in a loop, an II taken as 1, a call left out) and stand beside the
    number; ``-v`` shows every note."""
    return note.startswith("trip count of loop ") or note.endswith("latency is \"?\"): none counted")


def _report_fact_lines(kernel: Kernel, implementation: ImplementationReport | None = None) -> list[str]:
    """A top function's clock check and resources, as its report gives them,
    then what place and route achieved when the exported RTL was implemented."""
    check = clock_check_text(kernel)
    routed = implementation_text(implementation) if implementation is not None else None
    return ([f"    {check}"] if check else []) + (
        [f"    resources: {resources_text(kernel.resources)}"] if kernel.resources else []) + (
        [f"    {routed}"] if routed else [])


def _group_line(group: FindingGroup, options: RenderOptions) -> str:
    count = len(group.members)
    if count == 1:
        return format_diagnostic(group.first, options)
    subjects = group.subjects
    rule = group.first.rule
    what = "LSUs" if rule.startswith("mem-") else ("loops" if rule.startswith("loop") else "findings")
    shown = ", ".join(subjects[:3]) + (", ..." if count > 3 else "")
    return format_diagnostic(group.first, options, f" ({count} {what} like this: {shown})")


def finding_lines(result: AnalysisResult, options: RenderOptions) -> list[str]:
    """Findings at or above the severity floor, repeated ones grouped; a
    last line says how many were left out and how to see them."""
    shown = [diag for diag in result.diagnostics if options.shows(diag.severity)]
    hidden = len(result.diagnostics) - len(shown)
    groups = group_findings(shown) if options.verbosity <= 0 else [FindingGroup(d, (d,)) for d in shown]
    lines = [_group_line(group, options) for group in groups]
    if hidden:
        lines.append(f"({hidden} less severe finding{'s' if hidden != 1 else ''} not shown; -v or --min-severity note"
                     " shows them)")
    return lines


def missing_value_lines(result: AnalysisResult, options: RenderOptions) -> list[str]:
    """Which values to give for a number: the estimate's free symbols, and
    the names a part it leaves out still needs (a pipeline time waiting for
    loop trip counts), so giving the list completes the number (past a
    handful, the count and the first names; ``-v`` gives every option)."""
    estimates = [estimate for estimate in (result.design_estimate, *result.estimates.values()) if estimate is not None]
    free = {name for estimate in estimates for name in estimate.free_symbols}
    names = sorted(free | {name for estimate in estimates for name in estimate.pending_symbols})
    if not names:
        return []
    lead = "to get a number, give" if free else "to complete the number (its pipeline time), give"
    whole = result.design_estimate
    if free and whole is not None and whole.seconds is not None and not whole.free_symbols:
        lead = "the estimate above needs none of them; to time the other functions, give"
    elif free and whole is not None and whole.seconds is None and not whole.free_symbols \
            and not whole.pending_symbols:
        lead = f"the estimate above stays unknown whatever is given ({_why_unknown(result)}); to time the other" \
               " functions, give"
    if options.verbosity > 0 or len(names) <= NAMES_SHOWN:
        loops = {**trip_symbol_loops(result.design, names, result.source), **source_trip_loops(result.design, names),
                 **axi_symbol_ports(result.design, names),
                 **shared_symbol_lsus(result, names)}
        asked = asked_names(result, names)
        return [f"  {lead}: " + " ".join(f"--set {name}=VALUE" for name in asked),
                *(f"    {name}: {loops[name]}" for name in asked if name in loops),
                *_source_hint(result, names, options)]
    return [f"  {lead} {len(names)} values (--set NAME=VALUE or a --hints file): "
            f"{name_list(names)}; -v lists them all", *_source_hint(result, names, options)]


def _source_hint(result: AnalysisResult, names: list[str], options: RenderOptions) -> list[str]:
    """A Vivado/Vitis design whose sources were not found, asked for loop
    counts or bundle bytes: the source would give them in the function's
    arguments (decisions 34, 67), and nothing said so (a report copied out
    of its project, a 2018.3 report that names no source)."""
    design = result.design
    if not is_xilinx(design) or any(source.content for source in design.source_files):
        return []
    if not any(name.startswith(("loop.", "axi.")) for name in names):
        return []
    tops = ", ".join(kernel.name for kernel in design.top_kernels())
    if options.source_root is not None:  # given, and found none: the source-root-unmatched warning says why
        return [f"  no source defining {tops} was read below --source-root {options.source_root}; its loop bounds"
                " and m_axi accesses would give these in the function's arguments"]
    return [f"  or --source-root DIR: no source defining {tops} was read; its loop bounds and m_axi accesses give"
            " these in the function's arguments"]


def _why_unknown(result: AnalysisResult) -> str:
    """Why no value makes the design estimate a number: the top's missing
    module reports, else the estimate's model line (a public 2019.1 LR_top
    whose one call, produce, has no report was promised a number for 28
    trip counts)."""
    tops = result.design.top_kernels()
    unknown = {instance.module for top in tops for instance in top.instances
               if instance.latency is None or instance.latency.max is None}
    missing = sorted({diagnostic.subject for diagnostic in result.diagnostics
                      if diagnostic.rule == "vivado-missing-module-report" and diagnostic.subject in unknown
                      and any(diagnostic.kernel == top.name for top in tops)})
    if missing:
        return (f"the top calls {name_list(missing)}, whose report is not here and whose latency the top's report"
                " does not give")
    model = result.design_estimate.model if result.design_estimate is not None else ""
    return model or "nothing in the reports times the top"


def launch_lines(result: AnalysisResult) -> list[str]:
    """The per-launch breakdown of a ``[[launch]]`` sequence."""
    rows = launch_rows(result)
    if not rows:
        return []
    lines = ["  launches (design time = sum over launches):"]
    for row in rows:
        free = f", symbolic in {row.symbolic}" if row.symbolic else ""
        lines.append(f"    {row.launch}: {row.each} each, {row.total} in all ({row.bound}{free})")
    return lines


class TextReporter:
    format_name = "text"

    def render(self, result: AnalysisResult, options: RenderOptions) -> str:
        lines = headline_lines(result, options)
        lines.extend(summary_lines(result, options))
        lines.extend(source_lines(result, options))
        lines.extend(finding_lines(result, options))
        if options.verbosity > 0:
            lines.extend(inventory_lines(result.design, result.source))
        # names from reports may hold escapes or newlines: each line stays one
        # line, and only hlsight's own colour codes reach the terminal
        own_codes = frozenset({_RESET, _BOLD, *_SEVERITY_COLOR.values()}) if options.color else frozenset()
        return "\n".join(terminal_safe_keeping(line, own_codes) for line in lines) + "\n"
