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
    return env


def render_template(name: str, **context: object) -> str:
    return environment().get_template(name).render(**context)
