"""Per-lane LSUs and strided HBM stores (journal section 7.1.1), on the real
Zaragoza reports and on hand-built LSU parameters.

aoc cannot coalesce the lanes of a strided 32-bit access of a SIMD kernel, so
it builds one LSU per lane (hbm2/stride6: 16 per buffer, 48 in all) or several
LSUs of different widths (hbm2/stride-3-1-offset1). The journal counts one
LSU per global access ("#ga is equal to #lsu"; its delta sweep on that very
kernel is "#lsu = 3, v = 16", Figure 6), so the lanes of one access count once
in eq. 6 (no x2 for sharing) and eq. 8 (no row-miss overhead: observation 1,
"one variable per pseudo-channel"). The burst splitter of 7.1.1 takes one
cycle per DRAM word of a strided store request, at most bl: x1 for a 4 B lane.
Expected values are written out from the equations with plain floats.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import sympy

from hlsight.analyzer import memory_model as mm
from hlsight.analyzer.pipeline import analyze
from hlsight.parsers.loader import load_design
from tests.conftest import run_cli

WI = 32_768_000  # work-items of the Zaragoza micro-benchmarks
HBM2_BW = 8 * 2 * 800e6 * 0.9215  # hbm2-s10mx pseudo-channel: dq * 2 * f_dram * efficiency
HBM2 = mm.DramParams(dq=8, bl=4, f_dram=sympy.Float(800e6), t_rcd=14e-9, t_rp=14e-9, t_wr=15e-9, kind="hbm")
FMAX = 400e6


def _report(corpus: Path, case: str) -> Path:
    return corpus / "zaragoza" / "reports" / "hbm2" / case


def _banks(corpus: Path, case: str) -> dict[str, float]:
    result = analyze(load_design(_report(corpus, case)), {"work_items": WI})
    (estimate,) = result.estimates.values()
    assert estimate.per_bank
    return {bank.name: bank.seconds for bank in estimate.per_bank if bank.seconds is not None}


def _store(lsu_id: str, width: int, access: str, acc: float, stride: int = 6) -> mm.LsuParams:
    return mm.LsuParams(
        id=lsu_id, variant=mm.Variant.ALIGNED, is_store=True, ls_width=width, ls_bytes=sympy.Integer(4),
        ls_acc=sympy.Float(acc), stride=sympy.Integer(stride), burst_cnt=5, access=access,
    )


def _bank_seconds(lsus: list[mm.LsuParams]) -> float:
    terms = mm.bank_terms(lsus, HBM2, sympy.Float(FMAX), mm.ModelOptions(efficiency=False))
    return float(mm.bank_time(terms))


def test_lanes_of_one_access_are_one_lsu_for_eqs_6_and_8() -> None:
    lanes = [_store(f"st{i}", 4, "z[6*i]", WI / 16) for i in range(16)]
    assert mm.accesses_in_bank(lanes) == 1
    # eq. 6 with #lsu = 1: bw_nsat = bw * fmax / f_min = fmax * 4 B; eq. 3 per lane
    # 4 B * WI/16 / (fmax * 4 B); eq. 2 x delta 6; eq. 8: no T_ovh; x1 splitter (4 B = one word)
    assert _bank_seconds(lanes) == pytest.approx(6 * WI / FMAX, rel=1e-9)
    # sixteen different variables on one channel: eq. 6 doubles the rate, eq. 8 adds row misses
    others = [_store(f"st{i}", 4, f"z{i}[6*i]", WI / 16) for i in range(16)]
    assert mm.accesses_in_bank(others) == 16
    t_ovh = 6 * 16 * (4 * WI / 16) / (2**5 * 8 * 4) * 28e-9  # eq. 8 with eq. 9's 1024 B burst
    assert _bank_seconds(others) == pytest.approx(6 * WI / (2 * FMAX) + t_ovh, rel=1e-9)


@pytest.mark.parametrize(("width", "factor"), [(4, 1), (8, 1), (16, 2), (24, 3), (32, 4), (256, 4)])
def test_burst_splitter_takes_one_cycle_per_word_at_most_bl(width: int, factor: int) -> None:
    assert mm.hbm_store_split(width, HBM2, mm.ModelOptions()) == factor
    assert mm.hbm_store_split(width, HBM2, mm.ModelOptions(hbm_write_stride_factor=1)) == 1
    assert mm.hbm_store_split(width, HBM2, mm.ModelOptions(hbm_write_stride_factor=4)) == 4


def test_stride6_per_lane_lsus_on_the_real_report(corpus: Path) -> None:
    # 3 buffers x 16 per-lane 32-bit LSUs, one buffer per pseudo-channel; fmax 426.67 MHz
    # (post-fit). Each channel: delta * WI / fmax (eq. 6 with #lsu = 1, no T_ovh, x1 splitter).
    banks = _banks(corpus, "stride6")
    assert sorted(banks) == ["HBM1", "HBM10", "HBM2"]
    for seconds in banks.values():
        assert seconds == pytest.approx(6 * WI / 426.67e6, rel=1e-9)


def test_stride3_offset1_stores_of_several_widths(corpus: Path) -> None:
    # z[3*i+1] of a SIMD-8 kernel: aoc builds three 4 B stores (1 lane, WI/8 each),
    # one 16 B store (2 lanes, WI/4) and one 32 B store (3 lanes, 3 WI/8); fmax 441.67 MHz.
    fmax = 441.67e6
    narrow = 3 * 3 * (WI / 8) / fmax  # eq. 6 (#lsu = 1): fmax * 4 B per lane; x delta 3; x1 splitter
    mid = 2 * 3 * (WI / 4) * 4 / (fmax * 16)  # f_min = bw / 16 B > fmax: fmax * 16 B; x2 (two 8 B words)
    wide = 4 * 3 * (3 * WI / 8) * 4 / HBM2_BW  # f_min = bw / 32 B < fmax: saturated; x4 (a whole burst)
    banks = _banks(corpus, "stride-3-1-offset1")
    assert banks["HBM10"] == pytest.approx(narrow + mid + wide, rel=1e-6)
    result = analyze(load_design(_report(corpus, "stride-3-1-offset1")), {"work_items": WI})
    (estimate,) = result.estimates.values()
    notes = {term.subject: term.notes for term in estimate.per_lsu}
    assert any("one of 5 LSUs of one access on this bank: counted once, #lsu = 1" in n
               for n in notes["test_multiplereads/store0"])
    splits = {term.subject: [n for n in term.notes if n.startswith("HBM strided")] for term in estimate.per_lsu}
    assert splits["test_multiplereads/store0"] == []
    assert "x2 when stride > 1" in splits["test_multiplereads/store3"][0]
    assert "x4 when stride > 1" in splits["test_multiplereads/store4"][0]


def test_contiguous_hbm_store_gets_neither_the_split_nor_its_note(corpus: Path) -> None:
    """A store known to be stride 1 is not charged the 7.1.1 splitter, and its
    notes do not print an "x4 when stride > 1" it is not charged (hbm2/hotspot:
    a 2048-bit non-aligned `MatrixOut[index]` store, stride 1 from the source)."""
    contiguous = _store("st", 32, "z[i]", WI, stride=1)
    term = mm.lsu_term(contiguous, HBM2, sympy.Float(FMAX), 1, mm.ModelOptions())
    assert not any(note.startswith("HBM strided") for note in term.notes)
    strided = mm.lsu_term(_store("st", 32, "z[3*i]", WI, stride=3), HBM2, sympy.Float(FMAX), 1, mm.ModelOptions())
    assert any("x4 when stride > 1" in note for note in strided.notes)
    assert float(strided.total) == pytest.approx(4 * 3 * float(term.total), rel=1e-9)
    result = analyze(load_design(_report(corpus, "hotspot")), {"comp_exit": 1144143, "grid_rows": 2979})
    (estimate,) = result.estimates.values()
    store = next(term for term in estimate.per_lsu if term.subject == "hotspot/store0")
    assert any("stride from source analysis: 1" in note for note in store.notes)
    assert not any(note.startswith("HBM strided") for note in store.notes)


def test_wide_strided_store_keeps_the_papers_x4(corpus: Path) -> None:
    # hbm2/stride4: one 2048-bit LSU per buffer, 443.33 MHz; f_min = bw / 256 B < fmax:
    # saturated; store channel = 4 (7.1.1) * delta 4 * T_ideal (eq. 3)
    banks = _banks(corpus, "stride4")
    assert banks["HBM10"] == pytest.approx(4 * 4 * 4 * WI / HBM2_BW, rel=1e-9)
    assert banks["HBM1"] == pytest.approx(4 * 4 * WI / HBM2_BW, rel=1e-9)


@pytest.mark.parametrize(
    ("case", "banks"),
    [("stride6", "HBM1, HBM2, HBM10"), ("stride-3-1-offset1", "HBM10"), ("stride2", None), ("axpy", None)],
)
def test_measured_error_of_the_per_lane_class_is_said_with_the_number(
    corpus: Path, case: str, banks: str | None
) -> None:
    """Narrow per-lane LSUs split from one access on an HBM channel: the two measured
    kernels of that shape in the corpus came out 18.5 % and 19.8 % low, two in the seed
    notebook 11-21 % high; the estimate says so (text
    headline, HTML, JSON). Wide strided stores (stride2) and streaming kernels do not."""
    report = corpus / "zaragoza" / "reports" / "hbm2" / case
    design = load_design(report)
    result = analyze(design, {"work_items": 32768000, "N": 32768000} if case == "axpy" else {"work_items": 32768000})
    caveats = [caveat for estimate in result.estimates.values() for caveat in estimate.caveats]
    if banks is None:
        assert caveats == []
        return
    assert caveats == [
        f"narrow per-lane LSUs split from one access on {banks}: measured HBM2 kernels of this shape came out"
        " 18.5 % and 19.8 % low (seed authors' stride6, stride3i1) and 11 % to 21 % high (their stride5, stride8)"
        " with this model; expect an error of up to about 20 % either way (docs/model.md decision 10)"
    ]
    headline = run_cli("analyze", str(report), "--set", "work_items=32768000").stdout.split("summary:")[0]
    assert "  caution (test_multiplereads): narrow per-lane LSUs split from one access" in headline
