"""Self-contained offline HTML report (``--format html -o report.html``).

One file: CSS inline, charts as inline SVG, expressions as MathML, no script,
no external resource, so it opens from a mail attachment or an air-gapped lab
machine. The view model is built in :mod:`hlsight.reporters.html_view`.
"""

from __future__ import annotations

from hlsight.analyzer.results import AnalysisResult
from hlsight.core.version import __version__
from hlsight.reporters.base import RenderOptions
from hlsight.reporters.html_view import report_view
from hlsight.reporters.templating import render_template


class HtmlReporter:
    format_name = "html"

    def render(self, result: AnalysisResult, options: RenderOptions) -> str:
        view = report_view(result, options)
        return render_template("report.html.j2", view=view, version=__version__)
