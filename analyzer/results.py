"""Analysis results: what the analyzer computes from a :class:`Design`.

Kept apart from the model so a parsed design is never mutated by an analysis
(what-if queries re-run the analysis with other assignments). Reporters take
an :class:`AnalysisResult` and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hlsight.core.diagnostics import Diagnostic
from hlsight.core.model import Design


@dataclass
class TermEstimate:
    """Time of one LSU (or one loop) inside a bank/kernel estimate.

    ``ideal_s``/``overhead_s`` are T_ideal and T_ovh of the memory model
    (seconds, ``None`` while free symbols remain); ``expression`` is the
    sympy expression of their sum.
    """

    subject: str
    ideal_s: float | None = None
    overhead_s: float | None = None
    expression: Any = None
    model: str = ""
    memory: str | None = None
    notes: list[str] = field(default_factory=list)


@dataclass
class BankEstimate:
    """Time of one DDR bank / HBM pseudo-channel (T_bank)."""

    name: str
    seconds: float | None
    expression: Any = None
    lsus: list[str] = field(default_factory=list)


@dataclass
class KernelEstimate:
    """The run-time estimate of one kernel.

    ``bound`` is ``"memory"``, ``"compute"`` or ``"unknown"``; ``model`` names
    the model and equations used; ``alternatives`` holds other models'
    estimates of the same kernel for side-by-side display.
    """

    kernel: str
    seconds: float | None
    bound: str
    expression: Any
    free_symbols: list[str]
    model: str
    assumptions: list[str] = field(default_factory=list)
    per_bank: list[BankEstimate] = field(default_factory=list)
    per_lsu: list[TermEstimate] = field(default_factory=list)
    alternatives: list[KernelEstimate] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class AnalysisResult:
    """A design plus everything computed about it.

    ``diagnostics`` includes the design's reader diagnostics followed by the
    analyzer's hints; ``assignments`` are the user's ``--set`` values.
    """

    design: Design
    diagnostics: list[Diagnostic] = field(default_factory=list)
    estimates: dict[str, KernelEstimate] = field(default_factory=dict)
    design_estimate: KernelEstimate | None = None
    assignments: dict[str, float] = field(default_factory=dict)
    #: per ``[[launch]]`` entry (hlsight.analyzer.launches.LaunchEstimate);
    #: empty for a single launch with the top-level values
    launches: list[Any] = field(default_factory=list)
    #: the memory profile the estimate used, and why (board rule or --memory)
    memory_profile: str = ""
    memory_profile_why: str = ""
    #: fixed cost per launch included in the design time (profile [launch])
    launch_overhead_s: float = 0.0
