"""The Jinja environment shared by the HTML reporters.

Templates live in the ``templates`` package (shipped as package data) and are
loaded with :class:`jinja2.PackageLoader`; autoescaping is on for every
template, so kernel, file and loop names from a report can never inject markup
(a kernel named ``<script>`` renders as text). Markup that must pass through
(sympy's MathML) is wrapped in :class:`markupsafe.Markup` by Python code.
"""

from __future__ import annotations

from functools import lru_cache

import jinja2

from hlsight.reporters.bandwidth import format_hz, format_rate
from hlsight.reporters.present import format_seconds


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.PackageLoader("hlsight.templates", "."),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["seconds"] = format_seconds
    env.filters["rate"] = format_rate
    env.filters["hz"] = format_hz
    env.filters["fit_label"] = fit_label
    return env


#: Width of one character of the charts' 11 px monospace labels (report.css), in px.
LABEL_CHAR_PX = 6.6


def fit_label(text: str, width_px: float) -> str:
    """A chart label that fits ``width_px``: a long name keeps its end, where
    LSU and loop names differ (``…cpp:83/load0``), not its start (three
    bars read ``vector-add-buffers.cpp:…``; at 26 characters the start was
    also clipped off the left edge); a phrase with spaces keeps its start
    (``…ol and straight-line code)`` said nothing)."""
    room = max(2, int(width_px / LABEL_CHAR_PX))
    if len(text) <= room:
        return text
    if " " in text:  # a phrase ("(own control and straight-line code)") reads from its start
        return text[:room - 1] + "…"
    return "…" + text[-(room - 1):]


def render_template(name: str, **context: object) -> str:
    return environment().get_template(name).render(**context)
