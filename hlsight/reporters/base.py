"""The reporter protocol."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from hlsight.analyzer.results import AnalysisResult


@dataclass(frozen=True)
class RenderOptions:
    """Presentation choices shared by reporters."""

    color: bool = False
    #: Directory that relative source paths are shown against.
    relative_to: str | None = None


class Reporter(Protocol):
    """Turns an :class:`AnalysisResult` into the text of one output format."""

    format_name: str

    def render(self, result: AnalysisResult, options: RenderOptions) -> str: ...
