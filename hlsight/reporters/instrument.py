"""``hlsight instrument`` output besides the generated files: its diagnostics,
one ``file:line:col: severity: message [rule-id]`` line each."""

from __future__ import annotations

from hlsight.core.diagnostics import Diagnostic, Severity


def instrument_notes(diagnostics: list[Diagnostic], verbose: bool) -> str:
    """Errors and warnings; with ``verbose`` also notes and infos."""
    shown = [d.format_gcc() for d in diagnostics if verbose or d.severity in (Severity.ERROR, Severity.WARNING)]
    return "".join(f"{line}\n" for line in shown)
