"""The view model of the HTML report and the annotated vendor report.

Everything the templates show is computed here, in typed Python, so the Jinja
templates stay declarative (loops and escaping only) and the numbers they
print are the ones the text and SARIF reporters print. Chart geometry (bar
lengths in SVG user units) is computed here too: the report must work without
JavaScript.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from html import escape as escape_html

import sympy
from markupsafe import Markup
from sympy.core.function import AppliedUndef
from sympy.printing.mathml import mathml

from hlsight.analyzer.results import AnalysisResult, CycleEstimate, KernelEstimate, SourceFacts
from hlsight.analyzer.symbols import FMAX
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Design, Kernel, KernelKind, Loop
from hlsight.reporters.bandwidth import BandwidthRow, bandwidth_rows
from hlsight.reporters.base import RenderOptions
from hlsight.reporters.hierarchy import (
    clock_check_text,
    clock_lines,
    component_cosim_text,
    cosim_text,
    cycles_text,
    functions,
    is_xilinx,
    memory_beyond_cycles,
    parts_of,
    report_latency_text,
    resources_text,
)
from hlsight.reporters.present import (
    LaunchRow,
    assignment_texts,
    basename,
    bound_phrase,
    clock_band_text,
    design_headline,
    dram_profile_text,
    dram_wait_text,
    estimate_headline,
    expression_text,
    format_number,
    format_seconds,
    group_findings,
    grouped_cautions,
    kernel_list,
    latency_text,
    launch_cost_text,
    launch_note,
    launch_rows,
    ranked_estimates,
    rounded,
    shown_path,
    source_for,
    time_shares,
    trip_text,
)

#: Width in SVG user units of the longest bar of a chart.
BAR_SPACE = 420.0

MATHML_NS = "http://www.w3.org/1998/Math/MathML"


def expression_mathml(expression: object) -> Markup | None:
    """The expression as presentation MathML (sympy's printer), or ``None``.

    sympy's printer writes symbol and function names into ``<mi>`` without
    escaping them, and those names come from reports (loop names): every
    name is escaped first (:func:`_escaped_names`), so the markup is safe.
    """
    if expression is None:
        return None
    if not isinstance(expression, sympy.Basic):
        try:
            expression = sympy.sympify(expression)
        except (sympy.SympifyError, TypeError, ValueError):
            return None
    # Names stay whole (``work_items``, not "work" with subscript "items"):
    # they are the names users pass to --set. A product shows its dot: the
    # names are words, and "1000000relu_stream<relu_config3>:fmax" read as one.
    inner = mathml(_escaped_names(expression), printer="presentation", disable_split_super_sub=True,
                   mul_symbol="dot")
    return Markup(f'<math xmlns="{MATHML_NS}" display="block">{inner}</math>')


def _escaped_names(expression: sympy.Basic) -> sympy.Basic:
    """``expression`` with every symbol and undefined function renamed to
    its HTML-escaped name (``<img>`` becomes ``&lt;img&gt;``); sympy's MathML
    printer copies names verbatim, so this is where they are made inert."""
    renames: dict[sympy.Basic, sympy.Basic] = {}
    for symbol in expression.atoms(sympy.Symbol):
        safe = escape_html(symbol.name)
        if safe != symbol.name:
            renames[symbol] = sympy.Symbol(safe, **symbol.assumptions0)
    for call in expression.atoms(AppliedUndef):
        name = call.func.__name__
        safe = escape_html(name)
        if safe != name:
            renames[call] = sympy.Function(safe)(*call.args)
    return expression.xreplace(renames) if renames else expression


def symbolic_expression(estimate: KernelEstimate | None) -> object:
    """The expression to show: the model's unsubstituted form when it has
    one (``symbolic``, so the formula stays readable after
    ``--set`` turned the estimate into a number), else the estimate's."""
    if estimate is None:
        return None
    symbolic = estimate.symbolic
    if isinstance(symbolic, sympy.Basic) and symbolic.free_symbols:
        return symbolic
    return estimate.expression


@dataclass
class Bar:
    """One row of a T_ideal / T_ovh bar chart (lengths in SVG units)."""

    label: str
    ideal_s: float | None
    overhead_s: float | None
    ideal_len: float = 0.0
    overhead_len: float = 0.0

    @property
    def total_text(self) -> str:
        total = None if self.ideal_s is None else self.ideal_s + (self.overhead_s or 0.0)
        return format_seconds(total)


@dataclass
class Chart:
    title: str
    bars: list[Bar]
    row_height: int = 22
    label_width: int = 170

    @property
    def height(self) -> int:
        return self.row_height * len(self.bars) + 8

    @property
    def width(self) -> int:
        return int(self.label_width + BAR_SPACE + 90)

    @property
    def has_numbers(self) -> bool:
        return any(bar.ideal_s is not None for bar in self.bars)


def _scaled(bars: list[Bar]) -> list[Bar]:
    longest = max(((bar.ideal_s or 0.0) + (bar.overhead_s or 0.0) for bar in bars), default=0.0)
    if longest > 0 and math.isfinite(longest):
        for bar in bars:
            bar.ideal_len = BAR_SPACE * (bar.ideal_s or 0.0) / longest
            bar.overhead_len = BAR_SPACE * (bar.overhead_s or 0.0) / longest
    return bars


def lsu_chart(estimate: KernelEstimate) -> Chart:
    bars = [Bar(term.subject, term.ideal_s, term.overhead_s) for term in estimate.per_lsu]
    return Chart("Time per LSU", _scaled(bars))


def bank_chart(estimate: KernelEstimate) -> Chart:
    """Per bank / pseudo-channel: its T_ideal and T_ovh (summed over its
    LSUs by the estimate, journal eq. 2), or the bank total as ideal time
    when the terms are not split."""
    bars = []
    for bank in estimate.per_bank:
        if bank.ideal_s is not None:
            bars.append(Bar(bank.name, bank.ideal_s, bank.overhead_s))
        else:
            bars.append(Bar(bank.name, bank.seconds, None))
    return Chart("Time per bank / channel", _scaled(bars))


@dataclass
class ShareBar:
    """One loop or sub-module in the cycle-share chart (length in SVG units;
    ``value`` is the cycle count, or the expression while symbolic)."""

    label: str
    kind: str
    value: str
    share: float | None
    length: float = 0.0


@dataclass
class ShareChart:
    title: str
    bars: list[ShareBar]
    note: str = ""
    row_height: int = 22
    label_width: int = 190

    @property
    def height(self) -> int:
        return self.row_height * len(self.bars) + 8

    @property
    def width(self) -> int:
        return int(self.label_width + BAR_SPACE + 170)


def cycle_chart(cycles: CycleEstimate | None) -> ShareChart | None:
    """Per-loop and per-sub-module share of a Vivado/Vitis function's cycles.
    Parts still symbolic (unknown trip count) are listed without a bar; the
    shares are then of the known cycles, and the note says so."""
    if cycles is None or not cycles.parts:
        return None
    known = [part.cycles for part in cycles.parts if part.cycles is not None]
    total = sum(known)
    longest = max(known, default=0.0)
    bars = []
    for part in cycles.parts:
        if part.cycles is None:
            bars.append(ShareBar(part.name, part.kind, f"{cycles_text(part.expression)} cycles", None))
            continue
        share = part.cycles / total if total > 0 else None
        length = BAR_SPACE * part.cycles / longest if longest > 0 else 0.0
        value = f"{part.cycles:,.0f} cycles" + ("" if share is None else f" ({share:.0%})")
        bars.append(ShareBar(part.name, part.kind, value, share, length))
    open_parts = [part.name for part in cycles.parts if part.cycles is None]
    note = "" if not open_parts else (
        f"shares of the known cycles; {', '.join(open_parts)} wait for trip counts (--set loop.<name>.trip=N)")
    return ShareChart("Cycles per loop and sub-module", bars, note)


@dataclass
class Quantity:
    name: str
    value: str


@dataclass
class LoopRow:
    depth: int
    name: str
    pipelined: str
    ii: str
    trip: str
    latency: str
    location: str
    anchor: str | None
    bottleneck: str


def _latency_text(loop: Loop) -> str:
    if loop.latency is not None and (loop.latency.min is not None or loop.latency.max is not None):
        return latency_text(loop.latency)
    return "-" if loop.iteration_latency is None else f"IL {loop.iteration_latency}"


@dataclass
class Hint:
    rule: str
    severity: str
    message: str
    location: str
    short_location: str
    anchor: str | None
    subject: str | None


@dataclass
class LsuRow:
    id: str
    kind: str
    style: str
    width: str
    memory: str
    location: str
    short_location: str
    anchor: str | None
    ideal: str
    overhead: str


@dataclass
class KernelView:
    name: str
    kind: str
    fmax: str
    headline: str
    estimate: KernelEstimate | None
    math: Markup | None
    expression_text: str
    lsu_chart: Chart | None
    bank_chart: Chart | None
    bandwidth: list[BandwidthRow]
    quantities: list[Quantity]
    loops: list[LoopRow]
    lsus: list[LsuRow]
    hints: list[Hint]
    alternatives: list[tuple[str, str]]
    shares: list[str]
    #: the bound as the text reporter labels it (``memory (non-saturated)``), "" if unknown
    bound: str = ""
    #: "Kernel" (aoc/oneAPI) or "Function" (Vivado/Vitis).
    heading: str = "Kernel"
    #: Cycles first (Vivado/Vitis): the cycle count, then the time per clock.
    cycle_lines: list[str] = field(default_factory=list)
    cycle_chart: ShareChart | None = None
    #: Outlined ``_Pipeline_``/``_Outline_`` modules folded into this function.
    outlined: list[str] = field(default_factory=list)
    #: Estimated resources with utilisation, and the clock check (Vivado/Vitis).
    resources: str = ""
    clock_check: str = ""
    dram_waits: str = ""


@dataclass
class SourceLine:
    number: int
    text: str
    highlighted: bool
    anchor: str


@dataclass
class SourceView:
    path: str
    index: int
    embedded: bool
    lines: list[SourceLine] = field(default_factory=list)


class Anchors:
    """Maps ``file:line`` to the id of the highlighted source line, and
    remembers which lines of which embedded file must be highlighted."""

    def __init__(self, design: Design) -> None:
        self._design = design
        self._index = {id(source): index for index, source in enumerate(design.source_files)}
        self.highlighted: dict[int, set[int]] = {}

    def anchor(self, path: str | None, line: int | None) -> str | None:
        source = source_for(self._design, path)
        if source is None or line is None or source.line_text(line) is None:
            return None
        index = self._index[id(source)]
        self.highlighted.setdefault(index, set()).add(line)
        return f"src-{index}-L{line}"


def _location_text(path: str | None, line: int | None, options: RenderOptions) -> str:
    if path is None:
        return ""
    shown = shown_path(path, options)
    return shown if line is None else f"{shown}:{line}"


def hint_view(diag: Diagnostic, anchors: Anchors, options: RenderOptions) -> Hint:
    return Hint(
        rule=diag.rule,
        severity=diag.severity.value,
        message=diag.message,
        location=_location_text(diag.file, diag.line, options),
        short_location="" if diag.file is None else _location_text(basename(diag.file), diag.line, RenderOptions()),
        anchor=anchors.anchor(diag.file, diag.line),
        subject=diag.subject,
    )


_SEVERITY_ORDER = {severity: index for index, severity in enumerate(Severity)}


def hint_views(diags: list[Diagnostic], anchors: Anchors, options: RenderOptions) -> list[Hint]:
    """Findings most severe first (warnings before notes), stable otherwise,
    so the actionable ones lead every list."""
    ordered = sorted(diags, key=lambda diag: _SEVERITY_ORDER[diag.severity])
    return [hint_view(diag, anchors, options) for diag in ordered]


def _loop_rows(loops: list[Loop], anchors: Anchors, options: RenderOptions, depth: int = 0,
               values: Mapping[str, float] | None = None, source: SourceFacts | None = None) -> list[LoopRow]:
    rows = []
    for loop in loops:
        where = loop.location if source is None else source.loop_location(loop)
        rows.append(
            LoopRow(
                depth=depth,
                name=loop.name,
                pipelined={True: "yes", False: "no", None: "-"}[loop.pipelined],
                ii="-" if loop.ii is None else str(loop.ii),
                trip=trip_text(loop, values, None if source is None else source.trip(loop),
                               None if source is None else source.merged_trip(loop)),
                latency=_latency_text(loop),
                location="" if where is None else _location_text(where.file, where.line, options),
                anchor=None if where is None else anchors.anchor(where.file, where.line),
                bottleneck=loop.bottleneck or "",
            )
        )
        rows.extend(_loop_rows(loop.children, anchors, options, depth + 1, values, source))
    return rows


def _lsu_rows(kernel: Kernel, estimate: KernelEstimate | None, anchors: Anchors,
              options: RenderOptions) -> list[LsuRow]:
    terms = {} if estimate is None else {term.subject: term for term in estimate.per_lsu}
    rows = []
    for lsu in kernel.lsus:
        term = terms.get(lsu.id)
        memory = lsu.memory or ("local" if not lsu.is_global else "?")
        if lsu.bank:
            memory = f"{memory} / {lsu.bank}"
        where = lsu.location
        rows.append(
            LsuRow(
                id=lsu.id,
                kind=lsu.kind.value,
                style=lsu.style_raw or lsu.style.value,
                width="?" if lsu.width_bits is None else f"{lsu.width_bits} bit",
                memory=memory,
                location="" if where is None else _location_text(where.file, where.line, options),
                short_location="" if where is None else f"{basename(where.file)}:{where.line}",
                anchor=None if where is None else anchors.anchor(where.file, where.line),
                ideal="" if term is None else format_seconds(term.ideal_s),
                overhead="" if term is None else format_seconds(term.overhead_s),
            )
        )
    return rows


def _quantities(estimate: KernelEstimate) -> list[Quantity]:
    """Scalar model figures (``memory_seconds``, ``profile``...) and the values
    the model substituted (``values``: report fmax, profile f_dram, --set)."""
    figures: dict[str, object] = {
        "profile": estimate.profile,
        "memory_seconds": estimate.memory_seconds,
        "memory_saturated": estimate.memory_saturated,
        "compute_seconds": estimate.compute_seconds,
        "bus_occupancy_seconds": estimate.bus_occupancy_seconds,
    }
    scalars = [Quantity(name, format_number(value)) for name, value in figures.items() if value is not None]
    scalars.extend(Quantity(f"value of {name}", format_number(value)) for name, value in estimate.values.items())
    return scalars


def kernel_view(kernel: Kernel, result: AnalysisResult, hints: list[Diagnostic], anchors: Anchors,
                options: RenderOptions) -> KernelView:
    estimate = result.estimates.get(kernel.name)
    fmax = kernel.fmax_mhz
    fmax_text = "?" if fmax is None else f"{fmax:g} MHz" + (" (post-fit)" if kernel.fmax_postfit_mhz else "")
    if FMAX.name in result.assignments:
        fmax_text = f"{result.assignments[FMAX.name]:g} MHz (given)"  # the clock every number here uses
    elif kernel.clock_target_ns and kernel.kind is KernelKind.FUNCTION:
        # a Vivado/Vitis estimate is at the target clock: its HLS estimate beside it, not instead
        # (spmv's heading read "fmax 300.3 MHz" over a 64.2 us at 200 MHz); place and route's, where read
        reached = "place and route" if kernel.fmax_postfit_mhz else "HLS estimate"
        beside = f", {reached} {fmax:.4g} MHz" if fmax is not None else ""
        fmax_text = f"{1000 / kernel.clock_target_ns:.4g} MHz (target{beside})"
    has_terms = estimate is not None and bool(estimate.per_lsu)
    symbolic = symbolic_expression(estimate)
    return KernelView(
        name=kernel.name,
        kind=kernel.kind.value,
        fmax=fmax_text,
        headline=estimate_headline(estimate, with_bound=False) + launch_note(estimate),
        bound=bound_phrase(estimate),
        estimate=estimate,
        math=None if symbolic is None else expression_mathml(rounded(symbolic)),
        expression_text=expression_text(symbolic),
        lsu_chart=lsu_chart(estimate) if estimate is not None and has_terms else None,
        bank_chart=bank_chart(estimate) if estimate is not None and estimate.per_bank else None,
        bandwidth=bandwidth_rows(estimate),
        quantities=[] if estimate is None else _quantities(estimate),
        loops=_loop_rows(kernel.loops, anchors, options, values=result.assignments, source=result.source),
        lsus=_lsu_rows(kernel, estimate, anchors, options),
        hints=hint_views(hints, anchors, options),
        alternatives=[] if estimate is None
        else [(alt.model, estimate_headline(alt)) for alt in estimate.alternatives],
        shares=[] if estimate is None
        else [f"{share.subject}: {share.fraction:.0%} ({format_seconds(share.seconds)})"
              for share in time_shares(estimate)],
        heading="Function" if is_xilinx(result.design) else "Kernel",
        cycle_lines=_cycle_lines(estimate) + [
            cosim_text(item, has_cycles=True) + memory_beyond_cycles(estimate)
            if estimate is not None and estimate.cycles is not None
            else component_cosim_text(item) if item.estimate_cycles is not None
            else cosim_text(item, has_cycles=False)
            for item in result.cosim if item.top == kernel.name],
        cycle_chart=cycle_chart(None if estimate is None else estimate.cycles),
        outlined=[part.name for part in parts_of(kernel, result.design)] if is_xilinx(result.design) else [],
        resources=resources_text(kernel.resources),
        clock_check=(clock_check_text(kernel) or "") if is_xilinx(result.design) else "",
        dram_waits=dram_wait_text(estimate),
    )


def _cycle_lines(estimate: KernelEstimate | None) -> list[str]:
    cycles = None if estimate is None else estimate.cycles
    if cycles is None:
        return []
    lines = [f"{cycles_text(cycles.expression)} cycles", *clock_lines(cycles)]
    reported = report_latency_text(cycles)
    if reported:
        lines.append(reported)
    return lines


def source_views(design: Design, anchors: Anchors, options: RenderOptions) -> list[SourceView]:
    """Every source file; embedded ones with their lines, findings highlighted."""
    views = []
    for index, source in enumerate(design.source_files):
        view = SourceView(shown_path(source.path, options) or source.name, index, source.content is not None)
        if source.content is not None:
            marked = anchors.highlighted.get(index, set())
            view.lines = [
                SourceLine(number, text, number in marked, f"src-{index}-L{number}")
                for number, text in enumerate(source.content.splitlines(), start=1)
            ]
        views.append(view)
    return views


@dataclass
class RankedRow:
    """One line of the first screen's table: kernels by estimated time."""

    index: int
    name: str
    time: str
    bound: str
    top: str


@dataclass
class FindingRow:
    """Findings that say the same thing, shown once with their count."""

    hint: Hint
    count: int
    subjects: str


@dataclass
class ReportView:
    title: str
    tool: str
    device: str
    memories: list[str]
    design_headline: str | None
    assignments: list[str]
    kernels: list[KernelView]
    design_hints: list[Hint]
    sources: list[SourceView]
    hint_count: int
    ranked: list[RankedRow] = field(default_factory=list)
    #: warnings and errors, repeated ones grouped, most severe first
    findings: list[FindingRow] = field(default_factory=list)
    #: the DRAM profile the estimate used and why; the per-launch cost in it
    memory_profile: str | None = None
    #: the same as analyze's ``using:`` line says it ("DRAM profile ...", "no DRAM profile: ...")
    profile_line: str | None = None
    launch_cost: str | None = None
    #: the per-launch breakdown of a ``[[launch]]`` sequence (empty: one launch)
    launches: list[LaunchRow] = field(default_factory=list)
    #: the design time over the clocks real designs placed at (report clock only)
    clock_band: str | None = None
    #: every caution of the analysis once (each kernel's with its name, then
    #: the design's own), beside the design estimate
    cautions: list[str] = field(default_factory=list)
    #: the same, the design's own first: the report header shows the first few
    #: and folds the rest (each kernel's section repeats its own)
    header_cautions: list[str] = field(default_factory=list)


def report_view(result: AnalysisResult, given: RenderOptions | None = None) -> ReportView:
    options = given or RenderOptions()
    design = result.design
    anchors = Anchors(design)
    by_kernel: dict[str | None, list[Diagnostic]] = {}
    known = {kernel.name for kernel in design.kernels}
    for diag in result.diagnostics:
        by_kernel.setdefault(diag.kernel if diag.kernel in known else None, []).append(diag)
    shown = functions(design)  # Vivado/Vitis: outlined modules fold into their caller
    names = {kernel.name for kernel in shown}
    for kernel in design.kernels:
        parent = kernel.folded_into if kernel.name not in names else None
        if parent is not None and kernel.name in by_kernel:
            by_kernel.setdefault(parent, []).extend(by_kernel.pop(kernel.name))
    kernels = [
        kernel_view(kernel, result, by_kernel.get(kernel.name, []), anchors, options)
        for kernel in shown
    ]
    design_hints = hint_views(by_kernel.get(None, []), anchors, options)
    tool = design.tool
    memories = [
        f"{memory.name}: {memory.kind.value}, {memory.banks} bank{'s' if memory.banks != 1 else ''}"
        for memory in design.memory_systems
        if memory.is_global
    ]
    return ReportView(
        title=design.name or basename(str(design.root)),
        tool=f"{tool.product.value} {tool.version_raw or tool.version}",
        device=" · ".join(part for part in (design.device.family, design.device.part, design.device.board) if part),
        memories=memories,
        design_headline=None if result.design_estimate is None else design_headline(result),
        assignments=[text.replace("=", " = ", 1) for text in assignment_texts(result)],
        kernels=kernels,
        design_hints=design_hints,
        sources=source_views(design, anchors, options),
        hint_count=len(result.diagnostics),
        ranked=ranked_rows(result, shown),
        findings=finding_rows(result, anchors, options),
        memory_profile=(result.memory_profile_why.removeprefix("memory profile ")
                        if result.estimates and result.memory_profile_why else None),
        profile_line=(dram_profile_text(result, result.design_estimate)
                      if result.estimates and result.memory_profile_why else None),
        launch_cost=launch_cost_text(result),
        launches=launch_rows(result),
        clock_band=clock_band_text(result),
        cautions=[caution_text(names, caveat) for names, caveat in grouped_cautions(result)],
        header_cautions=[caution_text(names, caveat) for names, caveat
                         in sorted(grouped_cautions(result), key=lambda item: bool(item[0]))],
    )


def caution_text(names: list[str], caveat: str) -> str:
    """A caution with the kernels that carry it (none: the design's own)."""
    return f"{kernel_list(names)}: {caveat}" if names else caveat


def finding_rows(result: AnalysisResult, anchors: Anchors, options: RenderOptions) -> list[FindingRow]:
    """Warnings and errors grouped as the terminal groups them (kmers: 15
    stores with one message are one row "x 15")."""
    order = list(Severity)
    shown = sorted((diag for diag in result.diagnostics if options.shows(diag.severity)),
                   key=lambda diag: order.index(diag.severity))
    rows = []
    for group in group_findings(shown):
        subjects = group.subjects
        rows.append(FindingRow(hint_view(group.first, anchors, options), len(group.members),
                               ", ".join(subjects[:3]) + (", ..." if len(subjects) > 3 else "")))
    return rows


def ranked_rows(result: AnalysisResult, shown: list[Kernel]) -> list[RankedRow]:
    """The ``shown`` kernels (Vivado: outlined modules folded into their
    caller) by estimated time, slowest first, with the bound as the text
    reporter labels it and the LSU taking most of the time."""
    index = {kernel.name: position for position, kernel in enumerate(shown)}
    rows = []
    for name, estimate in ranked_estimates(result):
        if name not in index:
            continue
        shares = [] if estimate is None else time_shares(estimate, limit=1)
        rows.append(RankedRow(
            index=index[name],
            name=name,
            time=estimate_headline(estimate, with_bound=False) + launch_note(estimate),
            bound=bound_phrase(estimate),
            top="" if not shares else f"{shares[0].subject} {format_seconds(shares[0].seconds)}",
        ))
    return rows

