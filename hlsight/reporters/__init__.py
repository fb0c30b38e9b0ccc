"""Reporters: one :class:`~hlsight.reporters.base.Reporter` per output format.

Like coverage.py's reporters, each takes the same analysis result and renders
it; adding a format means adding a module and one line in :data:`REPORTERS`.
"""

from __future__ import annotations

import importlib

from hlsight.reporters.base import Reporter

#: format name -> "module:Class"
REPORTERS: dict[str, str] = {
    "text": "hlsight.reporters.text:TextReporter",
    "json": "hlsight.reporters.json_reporter:JsonReporter",
    "sarif": "hlsight.reporters.sarif:SarifReporter",
    "html": "hlsight.reporters.html:HtmlReporter",
}


def get_reporter(fmt: str) -> Reporter:
    module_name, _, class_name = REPORTERS[fmt].partition(":")
    reporter_class = getattr(importlib.import_module(module_name), class_name)
    reporter: Reporter = reporter_class()
    return reporter
