"""The non-aligned LSU's coalescer time per request (docs/model.md decision
15): hbm2-s10mx [nonaligned] request_ns, added once per request the LSU
issues; other profiles have no measurement and say so."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from hlsight.analyzer.memory_profiles import load_profile
from hlsight.analyzer.pipeline import analyze
from hlsight.parsers.loader import load_design

WORK_ITEMS = 32_768_000


def _cna(corpus: Path, case: str = "micro-cna-4_1") -> Path:
    return corpus / "zaragoza" / "reports" / "hbm2" / case


def test_the_profile_carries_the_measured_value_and_its_source() -> None:
    profile = load_profile("hbm2-s10mx")
    assert profile.nonaligned_request_s == pytest.approx(0.51e-9)
    assert "testMX_CNA_SVSB" in profile.nonaligned_request_source
    assert "leave-one-out" in profile.nonaligned_request_source
    assert load_profile("ddr4-1866").nonaligned_request_s == 0.0


@pytest.mark.parametrize(("case", "simd"), [("micro-cna-4_1", 4), ("micro-cna-16_1", 16)])
def test_one_request_per_vector_of_work_items(corpus: Path, case: str, simd: int) -> None:
    """test_CNA.cl merges x[3i..3i+2] of V lanes into one padded LSU: it fires
    once per V work-items, so it pays WI / V requests, whatever its width."""
    design = load_design(_cna(corpus, case))
    profile = load_profile("hbm2-s10mx")
    values = {"work_items": float(WORK_ITEMS)}
    with_it = analyze(design, values, memory=profile)
    without = analyze(design, values, memory=dataclasses.replace(profile, nonaligned_request_s=0.0))
    (kernel,) = with_it.estimates
    for term, plain in zip(with_it.estimates[kernel].per_lsu, without.estimates[kernel].per_lsu, strict=True):
        assert term.overhead_s is not None and plain.overhead_s == 0.0 and term.ideal_s == plain.ideal_s
        assert term.overhead_s == pytest.approx(WORK_ITEMS / simd * 0.51e-9, rel=1e-9)
        assert "non-aligned coalescer: + 0.51 ns per request (requests from the source analysis;" \
            " profile [nonaligned])" in term.notes


def test_without_the_source_requests_are_bytes_over_width(corpus: Path) -> None:
    """No source analysis: requests = accesses * bytes / LSU width (said)."""
    design = load_design(_cna(corpus))
    values = {"work_items": float(WORK_ITEMS), "stride": 1.0, "element_bytes": 4.0}
    result = analyze(design, values, derive_access=False)
    (kernel,) = result.estimates
    term = result.estimates[kernel].per_lsu[0]
    # work_items accesses of 4 B through a 512-bit (64 B) LSU
    assert term.overhead_s == pytest.approx(WORK_ITEMS * 4 / 64 * 0.51e-9, rel=1e-9)
    assert any("requests = bytes / LSU width (no source analysis)" in note for note in term.notes)


def test_unmeasured_profiles_add_nothing_and_say_so(corpus: Path) -> None:
    design = load_design(corpus / "zaragoza" / "reports" / "ddr4-1866" / "watermarking-profiled")
    result = analyze(design, {"iterations": 6512400})
    (estimate,) = result.estimates.values()
    notes = [note for term in estimate.per_lsu for note in term.notes]
    assert notes.count("non-aligned coalescer time per request not measured for this memory: none added") == 2


def test_hand_computed_design_time(corpus: Path) -> None:
    """micro-cna-4_1 (measured 37.38 ms): each channel moves 3 floats per
    work-item at 12.8 GB/s x 0.9215 (eq. 3, decision 5), plus WI/4 requests
    x 0.51 ns, plus the 47 us launch cost."""
    result = analyze(load_design(_cna(corpus)), {"work_items": float(WORK_ITEMS)})
    assert result.design_estimate is not None
    expected = 3 * WORK_ITEMS * 4 / (12.8e9 * 0.9215) + WORK_ITEMS / 4 * 0.51e-9 + 47e-6
    assert result.design_estimate.seconds == pytest.approx(expected, rel=1e-9)
    assert abs(expected / 37.38e-3 - 1) < 0.01
