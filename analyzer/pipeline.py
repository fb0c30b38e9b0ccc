"""Run every analysis over a design and collect an :class:`AnalysisResult`.

This is the single entry point the CLI and the reporters use, so adding an
analysis (memory model, source-derived access facts, hints) means adding one
step here, not touching every command.
"""

from __future__ import annotations

from collections.abc import Mapping

from analyzer.access import derive_access_facts
from analyzer.consistency import check_loop_latencies
from analyzer.model import Design
from analyzer.results import AnalysisResult


def analyze(design: Design, assignments: Mapping[str, float] | None = None) -> AnalysisResult:
    """Analyse ``design`` with user-given symbol values ``assignments``."""
    result = AnalysisResult(design=design, assignments=dict(assignments or {}))
    result.diagnostics.extend(design.diagnostics)
    result.diagnostics.extend(check_loop_latencies(design))
    # stride / element size / access count per LSU from the kernel source (issue 7);
    # fills LSU.access, which the memory model reads before falling back to symbols
    result.diagnostics.extend(derive_access_facts(design))
    return result
