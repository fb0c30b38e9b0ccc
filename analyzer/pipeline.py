"""Run every analysis over a design and collect an :class:`AnalysisResult`.

This is the single entry point the CLI and the reporters use, so adding an
analysis (memory model, source-derived access facts, hints) means adding one
step here, not touching every command.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping

from hlsight.analyzer.access import derive_access_facts
from hlsight.analyzer.columns import fill_columns
from hlsight.analyzer.consistency import check_loop_latencies
from hlsight.analyzer.estimate import Settings, default_profile, estimate_design
from hlsight.analyzer.hints import bottleneck_hints
from hlsight.analyzer.memory_model import ModelOptions
from hlsight.analyzer.memory_profiles import MemoryProfile
from hlsight.analyzer.results import AnalysisResult
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
    # The source analysis writes its facts into the design; work on a copy so
    # the caller's design stays as parsed (what-if and with/without-derivation
    # runs over one parsed design must not see each other's facts).
    if derive_access:
        design = copy.deepcopy(design)
    # stride / element size / access count per LSU from the kernel source (issue 7);
    # fills LSU.access, which the memory model reads before falling back to symbols.
    # First, because its free names (kernel arguments) are valid --set names.
    access_notes = derive_access_facts(design, values) if derive_access else []
    validate(values, design)
    result = AnalysisResult(design=design, assignments=values)
    result.diagnostics.extend(design.diagnostics)
    result.diagnostics.extend(check_loop_latencies(design))
    result.diagnostics.extend(access_notes)
    assumptions: list[str] = []
    if memory is None:
        memory, why = default_profile(design)
        assumptions.append(why)
    settings = Settings(profile=memory, options=options or ModelOptions(), user=values, assumptions=assumptions)
    result.estimates, result.design_estimate = estimate_design(design, settings)
    result.diagnostics.extend(bottleneck_hints(design, result, settings))
    fill_columns(design, result.diagnostics)
    return result

