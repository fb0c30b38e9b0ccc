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

import json
import re
from pathlib import Path

import pytest
import sympy

from hlsight.analyzer import memory_model as mm
from hlsight.analyzer.memory_profiles import load_profile
from hlsight.analyzer.pipeline import analyze
from hlsight.core.model import Device, LSUKind, MemoryKind, MemorySystem
from hlsight.parsers.intel.gmv import read_channel_widths
from hlsight.parsers.loader import load_design
from tests.conftest import run_cli
from tests.model_designs import ddr_design, lsu

WITH_INTERFACE = ("ddr4-1866", "ddr4-2400-520n", "ddr4-2133-a10pac", "ddr4-2400-d5005", "ddr4-2133-a10gx")
#: no public source found for these boards' interface width (docs/model.md decision 46)
WITHOUT_INTERFACE = ("ddr4-2666", "ddr3-1600-de5net")


def _gmv_widths(gmv: Path) -> list[int]:
    """The per-channel DDR widths aoc's Global memory view lists for the global memory."""
    return read_channel_widths(json.loads(gmv.read_text()))["DDR"]


@pytest.mark.parametrize("name", WITH_INTERFACE)
def test_interface_width_is_traceable_to_its_source(name: str, corpus: Path) -> None:
    profile = load_profile(name)
    shown = run_cli("memory", "show", name)
    assert shown.code == 0
    row = next(line for line in shown.stdout.splitlines() if line.startswith("interface per bank"))
    assert row.split(None, 3)[3].startswith(f"512 bits ({profile.interface_source[:40]}")
    gmv = re.search(r"corpus (aoc/\S+/gmv\.json)", profile.interface_source)
    github = re.findall(r"(\S+/\S+) (\S+board_spec\.xml) @([0-9a-f]{40})", profile.interface_source)
    assert gmv or github, profile.interface_source
    if gmv:  # the report's own words: one 512-bit bus per bank, as many as the profile's banks
        assert _gmv_widths(corpus / gmv.group(1)) == [512] * profile.channels
    for repo, path, commit in github:  # a public board_spec.xml named with its commit, read in session 23
        assert repo.count("/") == 1 and path.endswith("board_spec.xml") and len(commit) == 40
    assert "width=512" in profile.interface_source or gmv


@pytest.mark.parametrize("name", WITHOUT_INTERFACE)
def test_boards_without_a_source_have_no_cap(name: str) -> None:
    assert load_profile(name).interface_bytes == 0


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


def test_rot_below_the_bus_clock(corpus: Path) -> None:
    # rot-ddr4 (four 2048-bit LSUs on the S10 GX's one DDR4-1866 bank) at 150 MHz: the
    # 512-bit bus carries 150 MHz * 64 B = 9.6 GB/s for all four together, below
    # bw_dram (14.4 GB/s); eq. 6's x2 gave 19.2 GB/s each before, i.e. "saturated"
    design = load_design(corpus / "zaragoza" / "reports" / "ddr4-1866" / "rot")
    n = 33554432
    result = analyze(design, {"N": n, "fmax": 150})
    estimate = result.estimates["streaming_rot"]
    t_ideal = 4 * n / (150e6 * 64)  # eq. 3 at the bus's rate, per LSU
    t_ovh = 4 * n / (2**5 * 256) * 27e-9  # eq. 8: #lsu = 4, 8 KB bursts of the 256 B words (decision 6)
    assert estimate.seconds == pytest.approx(4 * (t_ideal + t_ovh), rel=1e-9)
    assert estimate.memory_saturated is False
    hints = [d.message for d in result.diagnostics if d.rule == "mem-fmax-below-fmin"]
    assert hints and all("not halved by eq. 6" in m and "only a higher fmax helps" in m for m in hints)
    # the clock the estimate ran at, not the report's 406.2 MHz
    assert all("but the kernel runs at 150 MHz:" in m for m in hints)


def test_hint_widens_only_up_to_the_buses() -> None:
    # a 32 B store alone on the D5005's four interleaved banks at 219 MHz: f_min =
    # 4 * bw / 32 B = 2064 MHz (bw = 19.2 GB/s x 0.860 measured, board_test); widening
    # helps up to the 4 x 64 B buses, which then need 4 * bw / 256 B = 258 MHz
    design = ddr_design([lsu("st", LSUKind.STORE, width_bits=256)], fmax=219.0)
    design.device = Device("Stratix 10", "1SX280HN2F43E2VG", "dcp_bsp:pac_s10_dc")
    design.memory_systems = [MemorySystem("DDR", MemoryKind.DDR, is_global=True, banks=4)]
    result = analyze(design, {"work_items": 10**6})
    hints = [d.message for d in result.diagnostics if d.rule == "mem-fmax-below-fmin"]
    assert len(hints) == 1
    assert "widen it to 256 B, the board's 4 x 512-bit interfaces to its 4 interleaved banks" in hints[0]
    assert "needs fmax >= 2064 MHz" in hints[0] and "raise fmax to 258 MHz" in hints[0]
