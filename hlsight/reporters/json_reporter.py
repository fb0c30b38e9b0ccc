"""JSON output following ``docs/hlsight.schema.json``."""

from __future__ import annotations

from hlsight.analyzer.export import result_to_dict
from hlsight.analyzer.results import AnalysisResult
from hlsight.reporters.base import RenderOptions
from hlsight.reporters.json_text import json_text


class JsonReporter:
    format_name = "json"

    def render(self, result: AnalysisResult, options: RenderOptions) -> str:
        return json_text(result_to_dict(result))
