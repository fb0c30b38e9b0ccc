"""Diagnostics: findings with a stable rule id, a severity and a source place.

Readers emit them for facts about the input (an LSU the RTL could not be
paired with), the analyzer for bottleneck hints. Every reporter renders the
same objects: gcc-style lines, SARIF results, HTML hint lists.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Protocol

from hlsight.core.terminal import terminal_safe


class Severity(enum.Enum):
    """Ordered from most to least severe; names follow gcc/SARIF usage."""

    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"
    INFO = "info"

    @property
    def sarif_level(self) -> str:
        return {"error": "error", "warning": "warning", "note": "note", "info": "note"}[self.value]


class Place(Protocol):
    """Anything with a source position (``hlsight.core.model.SourceLocation``);
    a protocol so this module need not import the model."""

    @property
    def file(self) -> str: ...

    @property
    def line(self) -> int: ...

    @property
    def column(self) -> int | None: ...


@dataclass
class Diagnostic:
    """One finding.

    ``rule`` is a stable id such as ``HLS101`` or ``rtl-unpaired-lsu``;
    ``file``/``line``/``column`` point into kernel source when known, else at
    the report artifact; ``data`` carries the numbers behind the message so
    SARIF/JSON consumers need not parse prose.
    """

    rule: str
    severity: Severity
    message: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    kernel: str | None = None
    subject: str | None = None  # e.g. the LSU id or loop name
    data: dict[str, object] = field(default_factory=dict)

    @classmethod
    def at(
        cls,
        place: Place | None,
        rule: str,
        severity: Severity,
        message: str,
        *,
        kernel: str | None = None,
        subject: str | None = None,
        data: dict[str, object] | None = None,
    ) -> Diagnostic:
        """A diagnostic pointing at ``place`` (or at nothing when unknown)."""
        return cls(
            rule=rule,
            severity=severity,
            message=message,
            file=None if place is None else place.file,
            line=None if place is None else place.line,
            column=None if place is None else place.column,
            kernel=kernel,
            subject=subject,
            data=dict(data or {}),
        )

    def location_text(self) -> str:
        if self.file is None:
            return "hlsight"
        parts = [self.file]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)

    def format_gcc(self) -> str:
        """``file:line:col: severity: message [rule]`` as gcc/clang print it."""
        line = f"{self.location_text()}: {self.severity.value}: {self.message} [{self.rule}]"
        return terminal_safe(line)  # names in it come from reports: one line, no escapes
