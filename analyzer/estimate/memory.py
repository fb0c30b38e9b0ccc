"""The memory side of a kernel: Dávila-Guzmán eqs. 1-14 per bank over the
global LSUs, and the per-bank and per-LSU results."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

import sympy

from hlsight.analyzer import memory_model as mm
from hlsight.analyzer.estimate.cautions import BankTerms, memory_cautions
from hlsight.analyzer.estimate.evaluate import bind, numeric, substitutions, truth
from hlsight.analyzer.estimate.inputs import LsuInput, Settings, default_values, dram_for, lsu_input
from hlsight.analyzer.results import BankEstimate, LsuFacts, TermEstimate
from hlsight.analyzer.symbols import FMAX
from hlsight.core.model import Design, Kernel, MemoryKind

MEMORY_MODEL_NAME = "Davila-Guzman GMI/DRAM model (journal eqs. 1-14)"


@dataclass
class MemoryResult:
    expression: sympy.Expr
    saturated: sympy.Basic
    banks: list[tuple[str, sympy.Expr, list[mm.LsuTerm], list[LsuInput]]]
    notes: list[str]
    #: where this model class was measurably off, said beside the number
    caveats: list[str] = field(default_factory=list)


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
    unplaced: list[str] = []
    banks = []
    bank_times = []
    drams: list[BankTerms] = []
    for bank, inputs in by_bank.items():
        dram = dram_for(bank, inputs, design, settings)
        memory = design.memory_system(inputs[0].lsu.memory) if inputs[0].lsu.memory else None
        if memory is not None and any(item.unplaced for item in inputs):
            unplaced.append(f"{memory.name} ({memory.banks} banks)")
        terms = mm.bank_terms([item.params for item in inputs], dram, fmax_hz, settings.options)
        time = mm.bank_time(terms)
        banks.append((bank, time, terms, inputs))
        bank_times.append(time)
        drams.append((bank, dram, terms))
    subs = substitutions(default_values(design, settings))  # the values the estimate is evaluated with
    caveats = memory_cautions(drams, unplaced, subs, settings.options)
    saturated = sympy.And(*[term.saturated for term in deciding_terms([t for _, _, ts, _ in banks for t in ts])])
    return MemoryResult(mm.kernel_time(bank_times), saturated, banks, notes, caveats)


def deciding_terms(terms: list[mm.LsuTerm]) -> list[mm.LsuTerm]:
    """The LSUs whose eqs. 4/7 state is the kernel's: those whose access
    count grows with the inputs. An access made a fixed number of times
    (FBLAS dot's final ``Z[0] = acc``, one 4 B store) cannot saturate
    anything and does not make a streaming kernel "non-saturated"; when no
    count depends on an input, every LSU decides."""
    scaling = [term for term in terms if term.params.scales]
    return scaling or terms


def term_model(term: mm.LsuTerm) -> str:
    eqs = {
        mm.Variant.ALIGNED: "eqs. 2-5, 8-10",
        mm.Variant.NON_ALIGNED: "eqs. 2-5, 8, 10-12",
        mm.Variant.WRITE_ACK: "eqs. 2-5, 8, 9, 13",
        mm.Variant.ATOMIC: "eqs. 2-5, 14",
    }
    return f"{term.params.variant.value} ({eqs[term.params.variant]})"


def _ratio(numerator: float | None, width: int, stride: float | None) -> float | None:
    """``numerator * width / stride`` (a clock times bytes per element step)."""
    if numerator is None or stride is None or stride <= 0:
        return None
    return numerator * width / stride


def lsu_facts(
    term: mm.LsuTerm,
    bank: str,
    lsus_in_bank: int,
    bank_s: float | None,
    subs: Mapping[sympy.Symbol, sympy.Float],
    accesses_in_bank: int = 1,
    split_into: int = 1,
) -> LsuFacts:
    """Eqs. 4-7 of one LSU evaluated: f_min, saturation, and the bandwidth
    it demands (f_max * width / stride) against what the memory supplies
    (f_min * width / stride = bw_dram, eq. 5 solved for it).

    Both rates use the width that reaches the memory each kernel cycle: an
    LSU wider than the board's bus to the bank (a 512-bit load behind the
    MX's 256-bit interface, section 7.2) moves the bus's width, as eq. 5's
    f_min already assumes; with the LSU's own width both rates would be
    that many times too high (a 12.8 GB/s HBM2 pseudo-channel shown
    supplying 23.6 GB/s)."""
    stride = numeric(term.params.stride, subs)
    f_min_hz = numeric(term.f_min, subs)
    fmax_mhz = numeric(FMAX, subs)
    f_max_hz = None if fmax_mhz is None else fmax_mhz * 1e6
    width = term.params.ls_width
    rate_width = min(width, term.bus) if term.bus else width
    return LsuFacts(
        bank=bank,
        lsus_in_bank=lsus_in_bank,
        variant=term.params.variant.value,
        width_bytes=width,
        stride=stride,
        access_bytes=numeric(term.params.ls_bytes, subs),
        f_min_hz=f_min_hz,
        f_need_hz=f_min_hz if term.f_need is None else numeric(term.f_need, subs),
        bus_bytes=term.bus,
        bus_name=term.bus_name,
        f_max_hz=f_max_hz,
        demand_bps=_ratio(f_max_hz, rate_width, stride),
        supply_bps=_ratio(f_min_hz, rate_width, stride),
        saturated=truth(term.saturated, subs),
        t_ovh_s=numeric(term.t_ovh, subs),
        t_total_s=numeric(term.total, subs),
        bank_s=bank_s,
        accesses_in_bank=accesses_in_bank,
        split_into=split_into,
        scales=term.params.scales,
    )


def need_text(fact: LsuFacts, accesses: int) -> str:
    """What eq. 6 and the board's bus to the bank make of f_min when accesses
    share the bank: halved, but not below the clock at which the bus carries
    bw_dram (``memory_model.saturating_clock``)."""
    need, fmin = fact.f_need_hz, fact.f_min_hz
    if accesses <= 1 or fmin is None or need is None:
        return ""
    if math.isclose(need, fmin / 2, rel_tol=1e-9):
        return f", halved to {need / 1e6:.1f} MHz by eq. 6 ({accesses} accesses share the bank)"
    how = "not halved" if math.isclose(need, fmin, rel_tol=1e-9) else f"halved only to {need / 1e6:.1f} MHz"
    return (f", {how} by eq. 6 ({accesses} accesses share the bank): the board's {fact.bus_name} carries"
            " one word per kernel cycle, whatever the LSUs sharing it")


def _sum(parts: list[float | None]) -> float | None:
    return None if any(part is None for part in parts) else sum(part or 0.0 for part in parts)


def memory_parts(
    result: MemoryResult, subs: Mapping[sympy.Symbol, sympy.Float], facts: dict[str, LsuFacts]
) -> tuple[list[BankEstimate], list[TermEstimate]]:
    """Per-bank and per-LSU results; fills ``facts`` with the numbers the
    bottleneck hints and the bandwidth chart need."""
    per_bank: list[BankEstimate] = []
    per_lsu: list[TermEstimate] = []
    for bank, time, terms, inputs in result.banks:
        bank_s = numeric(time, subs)
        params = [item.params for item in inputs]
        lsus_of_access = Counter(lsu.access_key for lsu in params)
        bank_terms: list[TermEstimate] = []
        for term, item in zip(terms, inputs, strict=True):
            accesses = mm.accesses_in_bank(params, item.params)
            fact = lsu_facts(term, bank, len(inputs), bank_s, subs, accesses, lsus_of_access[item.params.access_key])
            facts[item.lsu.id] = fact
            notes = [*item.notes, *term.notes]
            if fact.f_min_hz is not None:
                state = {True: "saturated", False: "non-saturated", None: "saturation unknown"}[fact.saturated]
                shared = need_text(fact, accesses)
                notes.append(f"f_min {fact.f_min_hz / 1e6:.1f} MHz (eq. 5){shared}: {state}")
            bank_terms.append(
                TermEstimate(
                    subject=item.lsu.id,
                    ideal_s=numeric(term.t_ideal, subs),
                    overhead_s=fact.t_ovh_s,
                    expression=bind(term.total, subs),
                    model=term_model(term),
                    memory=bank,
                    notes=notes,
                    own_symbols=frozenset(str(symbol) for part in (item.params.stride, item.params.ls_bytes,
                                                                   item.params.ls_acc)
                                          for symbol in bind(part, subs).free_symbols),
                )
            )
        # T_bank = sum of (T_ideal + T_ovh) over the bank's LSUs (eq. 2)
        per_bank.append(
            BankEstimate(
                bank, bank_s, bind(time, subs), [item.lsu.id for item in inputs],
                ideal_s=_sum([term.ideal_s for term in bank_terms]),
                overhead_s=_sum([term.overhead_s for term in bank_terms]),
            )
        )
        per_lsu.extend(bank_terms)
    return per_bank, per_lsu
