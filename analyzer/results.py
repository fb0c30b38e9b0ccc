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
class CyclePart:
    """One loop or sub-module of a Vivado/Vitis module and its cycles (the
    value at the known trip counts, ``None`` while symbolic)."""

    name: str
    kind: str  # "loop" or "module"
    cycles: float | None
    expression: Any = None


@dataclass
class CycleEstimate:
    """Cycles first (issue 12): the composed cycles of a Vivado/Vitis module
    and their time at the target and at the estimated clock, each named.

    ``expression`` holds only trip-count symbols (no clock, no float noise);
    ``seconds_target``/``seconds_estimated`` are ``None`` while symbolic.
    """

    expression: Any
    cycles: float | None
    clock_target_ns: float | None
    clock_estimated_ns: float | None
    seconds_target: float | None
    seconds_estimated: float | None
    #: The clock the primary estimate uses ("target", "estimated" or "--set fmax").
    clock_used: str = "target"
    report_min: int | None = None
    report_max: int | None = None
    parts: list[CyclePart] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


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
    #: Vivado/Vitis modules: the composed cycles and their times per clock.
    cycles: CycleEstimate | None = None


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
