"""Vivado/Vitis HLS has no browsable report to decorate, so ``annotate``
renders the csynth report from the design model as HTML (modules with latency
and interval, loops, interfaces) and puts the same hlsight panel into it."""

from __future__ import annotations

from pathlib import Path

from bs4 import BeautifulSoup

from hlsight.analyzer.results import AnalysisResult
from hlsight.annotate.inject import inject
from hlsight.core.model import Design
from hlsight.core.version import __version__
from hlsight.reporters.hierarchy import functions, parts_of
from hlsight.reporters.html_view import report_view
from hlsight.reporters.present import latency_text
from hlsight.reporters.templating import render_template

CSYNTH_HTML = "csynth.html"


def _module_rows(design: Design) -> list[dict[str, str]]:
    """Functions, each followed by its outlined ``_Pipeline_``/``_Outline_``
    parts (indented: they are part of the function, not functions)."""
    ordered = [(kernel, kernel is not function) for function in functions(design)
               for kernel in [function, *parts_of(function, design)]]
    return [
        {
            "name": kernel.name,
            "part": "part" if is_part else "",
            "top": "top" if kernel.is_top else ("outlined part" if is_part else ""),
            "latency": latency_text(kernel.latency),
            "interval": latency_text(kernel.interval),
            "clock": "-" if kernel.clock_estimated_ns is None else f"{kernel.clock_estimated_ns:g} ns",
            "target": "-" if kernel.clock_target_ns is None else f"{kernel.clock_target_ns:g} ns",
            "dataflow": "yes" if kernel.dataflow else "",
        }
        for kernel, is_part in ordered
    ]


def render_csynth_html(result: AnalysisResult) -> str:
    view = report_view(result)
    page = render_template(
        "csynth.html.j2",
        view=view,
        modules=_module_rows(result.design),
        kernels=functions(result.design),
        version=__version__,
    )
    soup = BeautifulSoup(page, "lxml")
    inject(soup, result)
    return str(soup)


def annotate_vivado(copy_root: Path, result: AnalysisResult) -> Path:
    target = copy_root / CSYNTH_HTML
    target.write_text(render_csynth_html(result), encoding="utf-8")
    return target
