"""Run every analysis over a design and collect an :class:`AnalysisResult`.

This is the single entry point the CLI and the reporters use, so adding an
analysis (memory model, source-derived access facts, hints) means adding one
step here, not touching every command.
"""

from __future__ import annotations

from collections.abc import Mapping

from hlsight.analyzer.access import derive_access_facts
from hlsight.analyzer.columns import fill_columns
from hlsight.analyzer.consistency import check_loop_latencies
from hlsight.analyzer.estimate import Settings, default_profile, estimate_design
from hlsight.analyzer.hints import bottleneck_hints
from hlsight.analyzer.memory_model import ModelOptions
from hlsight.analyzer.memory_profiles import MemoryProfile
from hlsight.analyzer.results import AnalysisResult, SourceFacts
from hlsight.analyzer.symbols import validate
from hlsight.core.model import Design


def analyze(
    design: Design,
    assignments: Mapping[str, float] | None = None,
    memory: MemoryProfile | None = None,
    options: ModelOptions | None = None,
    derive_access: bool = True,
) -> AnalysisResult:
    """Analyse ``design`` with user-given symbol values ``assignments``
    (``--set``/``--hints``), the memory profile ``memory`` (default: chosen
    from the target) and the model decisions ``options``. ``derive_access``
    False skips the source analysis (the estimate then uses only report facts
    and the symbols, as the seed model does)."""
    values = dict(assignments or {})
    # Stride / element size / access count per LSU and loop trip expressions
    # from the kernel source (issue 7), returned beside the design (which
    # stays as parsed, so what-if runs over one parsed design never see each
    # other's facts). First, because its free names (kernel arguments) are
    # valid --set names.
    source = derive_access_facts(design, values) if derive_access else SourceFacts()
    validate(values, design, derived=source)
    result = AnalysisResult(design=design, assignments=values, source=source)
    result.diagnostics.extend(design.diagnostics)
    result.diagnostics.extend(check_loop_latencies(design))
    result.diagnostics.extend(source.diagnostics)
    assumptions: list[str] = []
    if memory is None:
        memory, why = default_profile(design)
        assumptions.append(why)
    settings = Settings(
        profile=memory, options=options or ModelOptions(), user=values, assumptions=assumptions, source=source
    )
    result.estimates, result.design_estimate = estimate_design(design, settings)
    result.diagnostics.extend(bottleneck_hints(design, result, settings))
    fill_columns(design, result.diagnostics, source)
    return result

