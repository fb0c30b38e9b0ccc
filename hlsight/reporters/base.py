"""The reporter protocol."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from hlsight.analyzer.results import AnalysisResult
from hlsight.core.diagnostics import Severity

#: ``LocalSource.how`` of a path that opens as the report spells it
AS_NAMED = "as named"


@dataclass(frozen=True)
class LocalSource:
    """Where a source path the report spells (``/home/zach/k.cl``) is on this machine.

    ``how`` says which rule found it: ``"report folder"``, ``"--source-root"``
    or ``"embedded"`` (written out from the report next to the output).
    """

    path: str
    how: str

    @property
    def as_named(self) -> bool:
        """The report's own path opens on this machine: nothing to say."""
        return self.how == AS_NAMED


@dataclass(frozen=True)
class RenderOptions:
    """Presentation choices shared by reporters."""

    color: bool = False
    #: Directory that relative source paths are shown against.
    relative_to: str | None = None
    #: 0 normal, 1 ``-v`` (notes, formulas, the inventory), -1 ``-q`` (headline and findings only).
    verbosity: int = 0
    #: Findings less severe than this are left out (``None``: warning, note with ``-v``).
    min_severity: Severity | None = None
    #: Report path -> the local file shown in its place (see :mod:`hlsight.sources`).
    sources: Mapping[str, LocalSource] = field(default_factory=dict)
    #: ``--source-root`` as given: a source not found below it is said so, not
    #: told to give the option it was given.
    source_root: str | None = None
    #: Directory SARIF artifact URIs are made relative to (``originalUriBaseIds``).
    sarif_base: str | None = None

    def shows(self, severity: Severity) -> bool:
        """Whether a finding of ``severity`` is printed under these options."""
        order = list(Severity)
        floor = self.min_severity
        if floor is None:
            floor = Severity.INFO if self.verbosity > 0 else Severity.WARNING
        return order.index(severity) <= order.index(floor)


class Reporter(Protocol):
    """Turns an :class:`AnalysisResult` into the text of one output format."""

    format_name: str

    def render(self, result: AnalysisResult, options: RenderOptions) -> str: ...
