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
from typing import Any

import sympy
from markupsafe import Markup
from sympy.printing.mathml import mathml

from hlsight.analyzer.results import AnalysisResult, KernelEstimate
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Design, Kernel, Loop
from hlsight.reporters.bandwidth import BandwidthRow, bandwidth_rows
from hlsight.reporters.base import RenderOptions
from hlsight.reporters.present import (
    basename,
    bound_phrase,
    design_headline,
    estimate_headline,
    expression_text,
    format_number,
    format_seconds,
    format_value,
    group_findings,
    latency_text,
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

    sympy builds the markup with ``xml.dom.minidom``, which escapes symbol
    names, so the result is safe to embed unescaped.
    """
    if expression is None:
        return None
    if not isinstance(expression, sympy.Basic):
        try:
            expression = sympy.sympify(expression)
        except (sympy.SympifyError, TypeError, ValueError):
            return None
    # Names stay whole (``work_items``, not "work" with subscript "items"):
    # they are the names users pass to --set.
    inner = mathml(expression, printer="presentation", disable_split_super_sub=True)
    return Markup(f'<math xmlns="{MATHML_NS}" display="block">{inner}</math>')


def symbolic_expression(estimate: KernelEstimate | None) -> object:
    """The expression to show: the model's unsubstituted form when it has
    one (``extra["_symbolic"]``, so the formula stays readable after
    ``--set`` turned the estimate into a number), else the estimate's."""
    if estimate is None:
        return None
    symbolic = estimate.extra.get("_symbolic")
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
    """Per bank / pseudo-channel: T_ideal and T_ovh summed over its LSUs
    (T_bank = Σ (T_ideal + T_ovh), journal eq. 2), or the bank total as
    ideal time when the terms are not split."""
    terms = {term.subject: term for term in estimate.per_lsu}
    bars = []
    for bank in estimate.per_bank:
        members = [terms[lsu] for lsu in bank.lsus if lsu in terms]
        if members and all(term.ideal_s is not None for term in members):
            ideal = sum(term.ideal_s or 0.0 for term in members)
            overhead = sum(term.overhead_s or 0.0 for term in members)
            bars.append(Bar(bank.name, ideal, overhead))
        else:
            bars.append(Bar(bank.name, bank.seconds, None))
    return Chart("Time per bank / channel", _scaled(bars))


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
               values: Mapping[str, float] | None = None) -> list[LoopRow]:
    rows = []
    for loop in loops:
        where = loop.location
        rows.append(
            LoopRow(
                depth=depth,
                name=loop.name,
                pipelined={True: "yes", False: "no", None: "-"}[loop.pipelined],
                ii="-" if loop.ii is None else str(loop.ii),
                trip=trip_text(loop, values),
                latency=_latency_text(loop),
                location="" if where is None else _location_text(where.file, where.line, options),
                anchor=None if where is None else anchors.anchor(where.file, where.line),
                bottleneck=loop.bottleneck or "",
            )
        )
        rows.extend(_loop_rows(loop.children, anchors, options, depth + 1, values))
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


def _quantities(extra: dict[str, Any]) -> list[Quantity]:
    """Scalar model figures (``memory_seconds``, ``profile``...) and the values
    the model substituted (``values``: report fmax, profile f_dram, --set)."""
    scalars = [
        Quantity(key, format_number(value))
        for key, value in extra.items()
        if not key.startswith("_") and isinstance(value, (int, float, str, bool))
    ]
    values = extra.get("values")
    if isinstance(values, dict):
        scalars.extend(Quantity(f"value of {name}", format_number(value)) for name, value in values.items())
    return scalars


def kernel_view(kernel: Kernel, result: AnalysisResult, hints: list[Diagnostic], anchors: Anchors,
                options: RenderOptions) -> KernelView:
    estimate = result.estimates.get(kernel.name)
    fmax = kernel.fmax_mhz
    fmax_text = "?" if fmax is None else f"{fmax:g} MHz" + (" (post-fit)" if kernel.fmax_postfit_mhz else "")
    has_terms = estimate is not None and bool(estimate.per_lsu)
    symbolic = symbolic_expression(estimate)
    return KernelView(
        name=kernel.name,
        kind=kernel.kind.value,
        fmax=fmax_text,
        headline=estimate_headline(estimate, with_bound=False),
        bound=bound_phrase(estimate),
        estimate=estimate,
        math=None if symbolic is None else expression_mathml(rounded(symbolic)),
        expression_text=expression_text(symbolic),
        lsu_chart=lsu_chart(estimate) if estimate is not None and has_terms else None,
        bank_chart=bank_chart(estimate) if estimate is not None and estimate.per_bank else None,
        bandwidth=bandwidth_rows(estimate),
        quantities=[] if estimate is None else _quantities(estimate.extra),
        loops=_loop_rows(kernel.loops, anchors, options, values=result.assignments),
        lsus=_lsu_rows(kernel, estimate, anchors, options),
        hints=hint_views(hints, anchors, options),
        alternatives=[] if estimate is None
        else [(alt.model, estimate_headline(alt)) for alt in estimate.alternatives],
        shares=[] if estimate is None
        else [f"{share.subject}: {share.fraction:.0%} ({format_seconds(share.seconds)})"
              for share in time_shares(estimate)],
    )


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


def report_view(result: AnalysisResult, given: RenderOptions | None = None) -> ReportView:
    options = given or RenderOptions()
    design = result.design
    anchors = Anchors(design)
    by_kernel: dict[str | None, list[Diagnostic]] = {}
    known = {kernel.name for kernel in design.kernels}
    for diag in result.diagnostics:
        by_kernel.setdefault(diag.kernel if diag.kernel in known else None, []).append(diag)
    kernels = [
        kernel_view(kernel, result, by_kernel.get(kernel.name, []), anchors, options)
        for kernel in design.kernels
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
        assignments=[f"{name} = {format_value(value)}" for name, value in sorted(result.assignments.items())],
        kernels=kernels,
        design_hints=design_hints,
        sources=source_views(design, anchors, options),
        hint_count=len(result.diagnostics),
        ranked=ranked_rows(result),
        findings=finding_rows(result, anchors, options),
    )


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


def ranked_rows(result: AnalysisResult) -> list[RankedRow]:
    """Kernels by estimated time, slowest first, with the bound as the text
    reporter labels it and the LSU taking most of the time."""
    index = {kernel.name: position for position, kernel in enumerate(result.design.kernels)}
    rows = []
    for name, estimate in ranked_estimates(result):
        shares = [] if estimate is None else time_shares(estimate, limit=1)
        rows.append(RankedRow(
            index=index[name],
            name=name,
            time=estimate_headline(estimate, with_bound=False),
            bound=bound_phrase(estimate),
            top="" if not shares else f"{shares[0].subject} {format_seconds(shares[0].seconds)}",
        ))
    return rows

