"""Analysis results: what the analyzer computes from a :class:`Design`.

Kept apart from the model so a parsed design is never mutated by an analysis
(what-if queries re-run the analysis with other assignments). Reporters take
an :class:`AnalysisResult` and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hlsight.core.diagnostics import Diagnostic
from hlsight.core.model import LSU, Design, Loop


@dataclass
class AccessFacts:
    """What static analysis of the kernel source says about one LSU's
    accesses (produced by :mod:`hlsight.analyzer.access`).

    ``stride``/``offset``/``accesses`` are sympy expressions kept as strings
    so results stay free of sympy objects; ``explanation`` is the human
    sentence shown in reports ("stride 3 from `x[3*i+1]`").
    """

    stride: str | None = None
    offset: str | None = None
    element_bytes: int | None = None
    accesses: str | None = None
    data_dependent: bool = False
    expression: str | None = None
    explanation: str | None = None


@dataclass
class SourceFacts:
    """What the source analysis derived about a design, kept beside it.

    The parsed :class:`Design` is never written to, so one parsed design can
    be analysed many times (what-if, with and without derivation). Facts are
    looked up by the LSU / loop object of that design (its identity: the
    model's dataclasses compare by value and two LSUs may look alike); the
    facts hold those objects, so identities stay unique.

    ``trips`` are trip counts per entry of a report loop as expressions of
    kernel arguments (source iterations divided by the loop's
    ``unroll_factor``); ``diagnostics`` explain every number.
    """

    diagnostics: list[Diagnostic] = field(default_factory=list)
    _access: dict[int, tuple[LSU, AccessFacts]] = field(default_factory=dict, repr=False)
    _trips: dict[int, tuple[Loop, str]] = field(default_factory=dict, repr=False)

    def access(self, lsu: LSU) -> AccessFacts | None:
        found = self._access.get(id(lsu))
        return None if found is None else found[1]

    def trip(self, loop: Loop) -> str | None:
        found = self._trips.get(id(loop))
        return None if found is None else found[1]

    def set_access(self, lsu: LSU, facts: AccessFacts) -> None:
        self._access[id(lsu)] = (lsu, facts)  # holding the LSU keeps its id unique

    def set_trip(self, loop: Loop, expression: str) -> None:
        self._trips[id(loop)] = (loop, expression)

    def items(self) -> list[tuple[LSU, AccessFacts]]:
        """Every LSU with derived facts, in derivation order."""
        return list(self._access.values())

    def all_access(self) -> list[AccessFacts]:
        return [facts for _lsu, facts in self._access.values()]

    def all_trips(self) -> list[str]:
        return [expression for _loop, expression in self._trips.values()]


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
    source: SourceFacts = field(default_factory=SourceFacts)
