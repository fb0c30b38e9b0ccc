"""The memory side of a kernel: Dávila-Guzmán eqs. 1-14 per bank over the
global LSUs, and the per-bank and per-LSU results."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import sympy

from hlsight.analyzer import memory_model as mm
from hlsight.analyzer.estimate.evaluate import numeric, truth
from hlsight.analyzer.estimate.inputs import LsuInput, Settings, dram_for, lsu_input
from hlsight.analyzer.results import BankEstimate, TermEstimate
from hlsight.analyzer.symbols import FMAX
from hlsight.core.model import Design, Kernel, MemoryKind

MEMORY_MODEL_NAME = "Davila-Guzman GMI/DRAM model (journal eqs. 1-14)"


@dataclass
class MemoryResult:
    expression: sympy.Expr
    saturated: sympy.Basic
    banks: list[tuple[str, sympy.Expr, list[mm.LsuTerm], list[LsuInput]]]
    notes: list[str]


def memory_estimate(kernels: list[Kernel], design: Design, settings: Settings) -> MemoryResult | None:
    """Eqs. 1-14 over the global LSUs of ``kernels`` (kernels that run
    concurrently share the banks, so their LSUs are pooled per bank)."""
    by_bank: dict[str, list[LsuInput]] = {}
    notes: list[str] = []
    for kernel in kernels:
        for lsu in kernel.global_lsus():
            memory = design.memory_system(lsu.memory) if lsu.memory else None
            if memory is not None and memory.kind in (MemoryKind.ONCHIP, MemoryKind.HOST):
                notes.append(f"LSU {lsu.id} reaches {memory.name} ({memory.kind.value}): not modelled")
                continue
            item = lsu_input(kernel, lsu, design, settings)
            by_bank.setdefault(item.bank, []).append(item)
    if not by_bank:
        return None
    fmax_hz = FMAX * 10**6
    banks = []
    bank_times = []
    for bank, inputs in by_bank.items():
        dram = dram_for(bank, inputs, design, settings)
        terms = mm.bank_terms([item.params for item in inputs], dram, fmax_hz, settings.options)
        time = mm.bank_time(terms)
        banks.append((bank, time, terms, inputs))
        bank_times.append(time)
    saturated = sympy.And(*[term.saturated for _, _, terms, _ in banks for term in terms])
    return MemoryResult(mm.kernel_time(bank_times), saturated, banks, notes)


def term_model(term: mm.LsuTerm) -> str:
    eqs = {
        mm.Variant.ALIGNED: "eqs. 2-5, 8-10",
        mm.Variant.NON_ALIGNED: "eqs. 2-5, 8, 10-12",
        mm.Variant.WRITE_ACK: "eqs. 2-5, 8, 9, 13",
        mm.Variant.ATOMIC: "eqs. 2-5, 14",
    }
    return f"{term.params.variant.value} ({eqs[term.params.variant]})"


def memory_parts(
    result: MemoryResult, subs: Mapping[sympy.Symbol, sympy.Float], facts: dict[str, dict[str, object]]
) -> tuple[list[BankEstimate], list[TermEstimate]]:
    """Per-bank and per-LSU results; fills ``facts`` with the numbers the
    bottleneck hints need."""
    per_bank: list[BankEstimate] = []
    per_lsu: list[TermEstimate] = []
    for bank, time, terms, inputs in result.banks:
        for term, item in zip(terms, inputs, strict=True):
            facts[item.lsu.id] = {
                "bank": bank,
                "lsus_in_bank": len(inputs),
                "stride": numeric(term.params.stride, subs),
                "f_min_mhz": None if (fmin := numeric(term.f_min, subs)) is None else fmin / 1e6,
                "saturated": truth(term.saturated, subs),
                "t_ovh_s": numeric(term.t_ovh, subs),
                "t_total_s": numeric(term.total, subs),
                "bank_s": numeric(time, subs),
                "variant": term.params.variant.value,
                "width_bytes": term.params.ls_width,
            }
        per_bank.append(
            BankEstimate(bank, numeric(time, subs), time.subs(subs), [item.lsu.id for item in inputs])
        )
        for term, item in zip(terms, inputs, strict=True):
            sat = truth(term.saturated, subs)
            notes = [*item.notes, *term.notes]
            fmin = numeric(term.f_min, subs)
            if fmin is not None:
                state = {True: "saturated", False: "non-saturated", None: "saturation unknown"}[sat]
                notes.append(f"f_min {fmin / 1e6:.1f} MHz (eq. 5): {state}")
            per_lsu.append(
                TermEstimate(
                    subject=item.lsu.id,
                    ideal_s=numeric(term.t_ideal, subs),
                    overhead_s=numeric(term.t_ovh, subs),
                    expression=term.total.subs(subs),
                    model=term_model(term),
                    memory=bank,
                    notes=notes,
                )
            )
    return per_bank, per_lsu
