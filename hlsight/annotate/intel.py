"""Annotate an aoc/oneAPI ``report.html`` in place (in the staged copy).

The vendor page is an empty shell that its JavaScript fills from
``lib/report_data.js`` (``resources/`` since 2023), so the panel is added as
a fixed element outside the vendor's layout, and the per-LSU numbers reach
the vendor's rows through the decorating script (see ``inject``).
"""

from __future__ import annotations

from pathlib import Path

from bs4 import BeautifulSoup

from hlsight.analyzer.results import AnalysisResult
from hlsight.annotate.inject import inject
from hlsight.core.errors import InputError

REPORT_NAME = "report.html"


def find_report_html(copy_root: Path, source_root: Path, artifacts: list[Path]) -> Path:
    """The vendor ``report.html`` in the copy that belongs to the design read:
    the candidate whose directory holds most of the artifacts the reader
    used; the shallowest one when the reader named none."""
    candidates = sorted(copy_root.rglob(REPORT_NAME), key=lambda path: (len(path.parts), str(path)))
    if not candidates:
        raise InputError(source_root, f"no {REPORT_NAME} to annotate",
                         expected="an aoc/oneAPI project or reports directory with report.html (aoc >= 16.1)")
    relative_artifacts = []
    for artifact in artifacts:
        try:
            relative_artifacts.append(Path(artifact).resolve().relative_to(source_root.resolve()))
        except ValueError:
            continue

    def score(candidate: Path) -> int:
        folder = candidate.parent.relative_to(copy_root)
        return sum(1 for artifact in relative_artifacts if artifact.is_relative_to(folder))

    return max(candidates, key=lambda candidate: (score(candidate), -len(candidate.parts)))


def annotate_report_html(report_html: Path, result: AnalysisResult) -> None:
    """Parse ``report_html`` with lxml, inject hlsight, write it back."""
    try:
        text = report_html.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        text = report_html.read_text(encoding="latin-1")
    soup = BeautifulSoup(text, "lxml")
    if soup.head is None or soup.body is None:
        raise InputError(report_html, "report.html has no <head>/<body>", expected="the aoc report page")
    inject(soup, result)
    report_html.write_text(str(soup), encoding="utf-8")


def annotate_intel(copy_root: Path, source_root: Path, result: AnalysisResult) -> Path:
    report_html = find_report_html(copy_root, source_root, result.design.artifacts)
    annotate_report_html(report_html, result)
    return report_html
