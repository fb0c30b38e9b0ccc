"""The Intel DDR4 boards' 512-bit kernel-side bus to each bank (profile
``[bandwidth] interface_bits``) and how it bounds eqs. 5 and 6.

Every board's BSP connects each DDR4 bank to the kernel through one 512-bit
Avalon interface (board_spec.xml ``<interface ... width="512">``, aoc's
Global memory view "Channel DDR Width (bits)"). The bus moves one word per
kernel cycle, so eq. 6's x2 for LSUs sharing a bank (the DRAM's double data
rate, on the memory side of the bus) cannot take an LSU past fmax * 64 B;
interleaved banks have one bus each. Expected values are written out from
the equations with plain floats.
"""

from __future__ import annotations

import pytest
import sympy

from hlsight.analyzer import memory_model as mm


def _dram(parallel: int = 1, interface: int = 64) -> mm.DramParams:
    """DDR4-2400 with the 0.965 controller efficiency (the D5005/A10 PAC profiles)."""
    return mm.DramParams(dq=8, bl=8, f_dram=sympy.Float(1200e6), t_rcd=13.32e-9, t_rp=13.32e-9, t_wr=15e-9,
                         efficiency=0.965, parallel=parallel, interface=interface)


def _load(width: int, access: str = "a") -> mm.LsuParams:
    return mm.LsuParams(id=access, variant=mm.Variant.ALIGNED, is_store=False, ls_width=width,
                        ls_bytes=sympy.Integer(width), ls_acc=sympy.Integer(10**6), stride=sympy.Integer(1),
                        burst_cnt=5, access=access)


BANK_BW = 8 * 2 * 1200e6 * 0.965  # one DDR4-2400 bank, B/s


def test_shared_bank_x2_stops_at_the_bus() -> None:
    # two 128 B loads on one bank at 200 MHz: eq. 6 with the capped width would give
    # each 2 * 200 MHz * 64 B = 25.6 GB/s (> bw_dram 18.5: "saturated"); the bus carries
    # 200 MHz * 64 B = 12.8 GB/s in all, so each LSU's rate is 12.8 GB/s and eq. 2 adds them
    terms = mm.bank_terms([_load(128, "a"), _load(128, "b")], _dram(), sympy.Float(200e6), mm.ModelOptions())
    for term in terms:
        assert float(term.bw_mem) == pytest.approx(200e6 * 64, rel=1e-12)
        assert term.saturated == sympy.false
        assert float(term.f_need) == pytest.approx(BANK_BW / 64, rel=1e-12)  # 289.5 MHz, not halved
    assert float(mm.bank_time(terms)) == pytest.approx(2 * 128e6 / (200e6 * 64), rel=1e-12)
    # at 300 MHz the bus carries 19.2 GB/s > bw_dram: saturated, bw_dram each
    terms = mm.bank_terms([_load(128, "a"), _load(128, "b")], _dram(), sympy.Float(300e6), mm.ModelOptions())
    assert all(float(term.bw_mem) == pytest.approx(BANK_BW, rel=1e-12) for term in terms)


def test_narrow_lsus_keep_eq6_halving_up_to_the_bus() -> None:
    # 48 B loads sharing a bank: eq. 6 halves f_min = bw / 48 B to bw / 96 B, but the
    # 64 B bus needs bw / 64 B: 289.5 MHz; at 250 MHz eq. 6 gives 2 * 250 MHz * 48 B =
    # 24 GB/s, the bus 16 GB/s
    terms = mm.bank_terms([_load(48, "a"), _load(48, "b")], _dram(), sympy.Float(250e6), mm.ModelOptions())
    assert float(terms[0].f_min) == pytest.approx(BANK_BW / 48, rel=1e-12)
    assert float(terms[0].f_need) == pytest.approx(BANK_BW / 64, rel=1e-12)
    assert float(terms[0].bw_mem) == pytest.approx(250e6 * 64, rel=1e-12)
    # 16 B loads: eq. 6's 2 * 16 B stays under the bus; halved as the journal has it
    terms = mm.bank_terms([_load(16, "a"), _load(16, "b")], _dram(), sympy.Float(250e6), mm.ModelOptions())
    assert float(terms[0].f_need) == pytest.approx(BANK_BW / 16 / 2, rel=1e-12)
    assert float(terms[0].bw_mem) == pytest.approx(2 * 250e6 * 16, rel=1e-12)


def test_interleaved_banks_have_one_bus_each() -> None:
    # four interleaved banks (the D5005's DDR): 4 x 64 B per kernel cycle. A 128 B loader
    # sharing them with two other accesses at 219 MHz (IntelLabs/t2sp capsule on the D5005)
    # gets eq. 6's 2 * 219 MHz * 128 B = 56.1 GB/s, the buses' 219 MHz * 256 B too:
    # the bus does not bind there
    lsus = [_load(128, "p"), _load(128, "w"), _load(32, "out")]
    terms = mm.bank_terms(lsus, _dram(parallel=4), sympy.Float(219e6), mm.ModelOptions())
    assert float(terms[0].bw_mem) == pytest.approx(2 * 219e6 * 128, rel=1e-12)
    assert float(terms[0].f_min) == pytest.approx(4 * BANK_BW / 128, rel=1e-12)  # 579 MHz (eq. 5)
    assert float(terms[0].f_need) == pytest.approx(4 * BANK_BW / 256, rel=1e-12)  # 289.5 MHz
    assert terms[0].bus == 256 and terms[0].bus_name == "4 x 512-bit interfaces to its 4 interleaved banks"
    # a 512 B LSU alone on two interleaved banks (A10 PAC): eq. 5 takes 128 B
    term = mm.bank_terms([_load(512)], _dram(parallel=2), sympy.Float(200e6), mm.ModelOptions())[0]
    assert float(term.f_min) == pytest.approx(2 * BANK_BW / 128, rel=1e-12)
    assert float(term.bw_mem) == pytest.approx(200e6 * 128, rel=1e-12)

