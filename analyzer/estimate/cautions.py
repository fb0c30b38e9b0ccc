"""Cautions said beside a memory estimate: the model classes whose measured
kernels the equations do not reach, and the assumptions no measurement
covers (each with the numbers and the docs/model.md decision behind it).

They are found on the eq. 2 terms of each bank, after the model ran, and
change no number: :func:`memory_cautions` returns the sentences the
reporters print next to the estimate (text headline, HTML, JSON
``extra.caveats``, whatif header).
"""

from __future__ import annotations

from collections.abc import Mapping

import sympy

from hlsight.analyzer import memory_model as mm
from hlsight.analyzer.estimate.evaluate import numeric
from hlsight.analyzer.symbols import FMAX
from hlsight.core.units import name_list

#: (bank name, its DRAM parameters, its eq. 2 terms)
BankTerms = tuple[str, mm.DramParams, list[mm.LsuTerm]]


def memory_cautions(
    banks: list[BankTerms], unplaced: list[str], subs: Mapping[sympy.Symbol, sympy.Float], options: mm.ModelOptions
) -> list[str]:
    """The cautions of one memory estimate, in a fixed order. ``subs`` are
    the values the estimate is evaluated with (report, profile, user)."""
    split_banks = [bank for bank, dram, terms in banks if narrow_split(terms, dram)]
    narrow_non_aligned = [lsu for _bank, dram, terms in banks
                          for lsu in strided_non_aligned_below_fmin(terms, dram, subs, options)]
    split_non_aligned = [item for _bank, _dram, terms in banks for item in split_non_aligned_stores(terms, subs)]
    caveats: list[str] = []
    if split_banks:
        # how far this model class was off on measured kernels, said with the number
        caveats.append(
            f"narrow per-lane LSUs split from one access on {', '.join(split_banks)}: measured HBM2 kernels of"
            " this shape came out 18.5 % and 19.8 % low (seed authors' stride6, stride3i1) and 11 % to 21 % high"
            " (their stride5, stride8) with this model; expect an error of up to about 20 % either way"
            " (docs/model.md decision 10)"
        )
    if narrow_non_aligned:
        # the journal leaves this state unestimated; the measured rows scatter
        caveats.append(
            f"strided non-aligned LSUs on DDR too narrow to saturate it ({name_list(narrow_non_aligned, 3)}; eq. 5 as"
            " printed, with the stride): the journal does not estimate this state (non-saturated, section 7.1);"
            " the seed authors' DDR4-1866 non-aligned micro-benchmark rows in it (NonAligned_1866.csv, stride 3,"
            " 32 and 64 B LSUs) came out 45 % low to 89 % high with this model (docs/model.md decision 29)"
        )
    if split_non_aligned:
        # an assumption the measurements do not cover, said with the number
        factors = sorted({factor for _, factor in split_non_aligned})
        shown = " or ".join(f"x{factor}" for factor in factors)
        caveats.append(
            f"strided non-aligned stores on HBM ({name_list([lsu for lsu, _ in split_non_aligned], 3)}): charged the"
            f" section 7.1.1 burst-splitter time for strided HBM2 stores ({shown}), which the journal measured on"
            " aligned stores; no non-aligned one is measured, and the store time without it is"
            f" 1/{factors[0]}{' or less' if len(factors) > 1 else ''} of this (docs/model.md decision 30)"
        )
    if unplaced:
        # the host program places each buffer; the report cannot say where
        caveats.append(
            f"compiled with -no-interleaving: each buffer sits in one bank of {', '.join(unplaced)}, which the host"
            " program picks when it allocates it; this estimate puts all of the kernel's buffers in one bank (one"
            " bank's bandwidth; buffers spread over banks run up to that many times faster) and concurrent kernels"
            " in the same one: --set KERNEL:bank=N says where the host put them"
        )
    read_pairs = [bank for bank, dram, terms in banks if two_read_streams(terms, dram)]
    if read_pairs:
        # one measured kernel of this shape, far from the model; no rule fits it and the others
        caveats.append(
            f"two streaming loads and no streaming store share the bank {', '.join(read_pairs)}: the one measured"
            " kernel of this shape (the seed authors' FBLAS dot product, dot-ddr4: two 2048-bit loads on one DDR4-1866"
            " bank) took 1.54x this model's time, while load-and-store pairs on one bank match it; expect up to"
            " about that (docs/model.md, accuracy: dot-ddr4)"
        )
    if any(spread_random(terms) for _bank, _dram, terms in banks):
        # the journal's random micro-benchmark stays within a few DRAM rows
        caveats.append(
            "data-dependent addresses: charged one burst each, as if they stayed in open DRAM rows (observation 3;"
            " writeAck_1866 14 % low); over a large buffer each opens a row, not charged here: HPCC RandomAccess"
            " on the 520N took 3.1x this model's time (docs/model.md decision 21)"
        )
    return caveats


def narrow_split(terms: list[mm.LsuTerm], dram: mm.DramParams) -> bool:
    """Whether an HBM pseudo-channel serves LSUs narrower than one DRAM burst
    that the compiler split from one access (per-lane LSUs) of a strided,
    not data-dependent, index: the shape whose measured kernels the
    journal's equations do not reach (docs/model.md decision 10)."""
    if dram.kind != "hbm":
        return False
    # the measured kernels are strided; data-dependent per-lane LSUs (the
    # write-ack micro-benchmark) have no HBM2 measurement to quote
    narrow = [term.params.access_key for term in terms
              if term.params.ls_width < dram.dq * dram.bl and not term.params.random]
    return len(narrow) > len(set(narrow))


def strided_non_aligned_below_fmin(
    terms: list[mm.LsuTerm], dram: mm.DramParams, subs: Mapping[sympy.Symbol, sympy.Float], options: mm.ModelOptions
) -> list[str]:
    """The LSUs of a DDR bank that are burst-coalesced non-aligned, strided
    (a stride known to be > 1) and below eq. 5's f_min as the journal prints
    it, with the stride (bw_dram * delta / ls_width): the state the journal
    marks "NS" and does not estimate (Figures 5, 8), where the seed
    authors' NonAligned_1866 rows scatter from -45 % to +89 % around this
    model (docs/model.md decision 29). Aligned LSUs in that state match
    their measurements (testMX_C_SVSB v = 2, 4), so only these get it; an
    unknown clock counts as below."""
    if dram.kind == "hbm":
        return []
    bandwidth = numeric(mm.bw_dram(dram, options), subs)
    fmax_mhz = numeric(FMAX, subs)
    found = []
    for term in terms:
        params = term.params
        if params.variant is not mm.Variant.NON_ALIGNED or params.random:
            continue
        stride = numeric(params.stride, subs)
        if stride is None or stride <= 1 or bandwidth is None:
            continue
        f_min_printed_mhz = bandwidth * stride / params.ls_width / 1e6
        if fmax_mhz is None or fmax_mhz < f_min_printed_mhz:
            found.append(params.id)
    return found


def split_non_aligned_stores(
    terms: list[mm.LsuTerm], subs: Mapping[sympy.Symbol, sympy.Float]
) -> list[tuple[str, int]]:
    """The strided non-aligned HBM stores charged section 7.1.1's factor
    (:attr:`memory_model.LsuTerm.split`, decision 30), with the factor: an
    assumption no measurement covers."""
    found = []
    for term in terms:
        if term.params.variant is not mm.Variant.NON_ALIGNED:
            continue
        factor = numeric(term.split, subs)
        if factor is not None and factor > 1:
            found.append((term.params.id, int(factor)))
    return found


def spread_random(terms: list[mm.LsuTerm]) -> bool:
    """Whether a bank serves loads or stores whose addresses the data
    decides (not atomics, which eq. 14 charges a row cycle each) and whose
    count grows with the inputs: the accesses the journal models as staying
    within open rows (docs/model.md decision 21)."""
    return any(term.params.random and term.params.variant is not mm.Variant.ATOMIC and term.params.scales
               for term in terms)


def two_read_streams(terms: list[mm.LsuTerm], dram: mm.DramParams) -> bool:
    """Whether a DDR bank streams exactly two global accesses at once, both
    loads with addresses the data does not decide (accesses made a fixed
    number of times, such as a final ``Z[0] = acc``, aside): the shape of the seed
    authors' dot product, which ran 1.54x this model's time (29.37 ms
    measured) where load-and-store pairs on one bank (vector copy,
    watermarking, nn, fft1d) match it. A single kernel is not enough to
    fit a rule on, so it is said, not charged. HBM pseudo-channels hold one
    buffer each in the measured kernels (dot-hbm2 matches)."""
    if dram.kind == "hbm":
        return False
    scaling = [term.params for term in terms if term.params.scales]
    for lsu in scaling:
        together = [other for other in scaling if mm.run_together(lsu, other)]
        if len({other.access_key for other in together}) == 2 and all(
            not other.is_store and not other.random and other.variant is not mm.Variant.ATOMIC for other in together
        ):
            return True
    return False
