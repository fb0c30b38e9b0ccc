"""JSON output following ``docs/hlsight.schema.json``."""

from __future__ import annotations

import json

from hlsight.analyzer.export import result_to_dict
from hlsight.analyzer.results import AnalysisResult
from hlsight.reporters.base import RenderOptions


class JsonReporter:
    format_name = "json"

    def render(self, result: AnalysisResult, options: RenderOptions) -> str:
        return json.dumps(result_to_dict(result), indent=2, sort_keys=False) + "\n"
