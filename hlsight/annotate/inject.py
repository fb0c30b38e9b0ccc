"""What ``annotate`` adds to a vendor report: a panel with estimates, bounds
and hints (the same Jinja macros as the HTML report), the per-LSU numbers as a
JSON data island, and a small script that puts those numbers next to the
vendor's own LSU entries once the vendor's JavaScript has rendered them.

Everything is inserted as parsed nodes with BeautifulSoup, never by editing
the HTML text.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from bs4 import BeautifulSoup, Tag

from hlsight.analyzer.export import launches_to_list
from hlsight.analyzer.results import AnalysisResult, bound_label
from hlsight.core.model import LSU
from hlsight.core.version import __version__
from hlsight.reporters.base import RenderOptions
from hlsight.reporters.hierarchy import functions
from hlsight.reporters.html_view import ReportView, report_view
from hlsight.reporters.present import basename, format_seconds, lsu_terms
from hlsight.reporters.templating import render_template

PANEL_ID = "hlsight-panel"
DATA_ID = "hlsight-data"
STYLE_ID = "hlsight-style"
SCRIPT_ID = "hlsight-decorate"


def template_text(name: str) -> str:
    return resources.files("hlsight.templates").joinpath(name).read_text(encoding="utf-8")


def _lsu_text(lsu: LSU, ideal: float | None, overhead: float | None) -> str:
    if ideal is None and overhead is None:
        width = "" if lsu.width_bits is None else f" {lsu.width_bits}-bit"
        return f"{lsu.kind.value} {lsu.id}: {lsu.style.value}{width}, no numeric estimate"
    return f"{lsu.kind.value} {lsu.id}: T_ideal {format_seconds(ideal)}, T_ovh {format_seconds(overhead)}"


def annotation_data(result: AnalysisResult, view: ReportView) -> dict[str, Any]:
    """The numbers the decorating script shows, keyed for lookup by
    ``basename:line`` (how vendor viewers print source locations)."""
    kernels = []
    for kernel, kernel_view in zip(functions(result.design), view.kernels, strict=True):
        estimate = result.estimates.get(kernel.name)
        terms = lsu_terms(estimate)
        lsus = []
        for lsu in kernel.lsus:
            term = terms.get(lsu.id)
            ideal = None if term is None else term.ideal_s
            overhead = None if term is None else term.overhead_s
            lsus.append({
                "id": lsu.id,
                "kind": lsu.kind.value,
                "file": None if lsu.location is None else basename(lsu.location.file),
                "line": None if lsu.location is None else lsu.location.line,
                "T_ideal": ideal,
                "T_ovh": overhead,
                "text": _lsu_text(lsu, ideal, overhead),
            })
        kernels.append({
            "name": kernel.name,
            "headline": kernel_view.cycle_lines[0] if kernel_view.cycle_lines else kernel_view.headline,
            "seconds": None if estimate is None else estimate.seconds,
            "bound": None if estimate is None else estimate.bound,
            "bound_label": None if estimate is None else bound_label(estimate),
            "lsus": lsus,
        })
    hints = [
        {"rule": diag.rule, "severity": diag.severity.value, "message": diag.message,
         "file": diag.file, "line": diag.line, "kernel": diag.kernel}
        for diag in result.diagnostics
    ]
    return {"generator": f"hlsight {__version__}", "kernels": kernels, "launches": launches_to_list(result),
            "hints": hints}


def json_island_text(data: dict[str, Any]) -> str:
    """JSON that cannot end its ``<script>`` element early: ``<`` is written
    as the JSON escape ``\\u003c``."""
    return json.dumps(data, indent=1).replace("<", "\\u003c")


def inject(soup: BeautifulSoup, result: AnalysisResult, relative_to: str | None = None) -> None:
    """Add the hlsight style, data island, panel and decorator to ``soup``."""
    head, body = soup.head, soup.body
    if head is None or body is None:
        raise ValueError("document has no <head> or <body>")
    for element_id in (STYLE_ID, DATA_ID, PANEL_ID, SCRIPT_ID):  # re-annotating a report replaces ours
        for old in soup.find_all(id=element_id):
            old.decompose()
    view = report_view(result, RenderOptions(relative_to=relative_to))
    style = soup.new_tag("style", id=STYLE_ID)
    style.string = template_text("annotate_panel.css")
    head.append(style)
    island = soup.new_tag("script", id=DATA_ID, type="application/json")
    island.string = json_island_text(annotation_data(result, view))
    head.append(island)
    panel_html = render_template("annotate_panel.html.j2", view=view, version=__version__)
    panel = BeautifulSoup(panel_html, "html.parser").find(id=PANEL_ID)
    if not isinstance(panel, Tag):
        raise RuntimeError("annotate_panel.html.j2 lost its panel element")
    body.insert(0, panel)
    script = soup.new_tag("script", id=SCRIPT_ID)
    script.string = template_text("annotate_decorate.js")
    body.append(script)
