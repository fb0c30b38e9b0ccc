"""What the reports show per LSU and per bank adds up to the bank time.

Eq. 2: T_bank = sum over its LSUs of delta (T_ideal + T_ovh). The per-LSU
and per-bank times the reporters print (top LSUs, the HTML bars) are
T_ideal + T_ovh, so every correction the model applies to an LSU (the HBM
strided-store split of section 7.1.1, the non-aligned coalescer time) has
to be inside them: before, a strided HBM store showed its unsplit time
(hbm2/stride2: "store0 22.2 ms (25 %)" of an 88.9 ms kernel that the store
alone bounds).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hlsight.analyzer.pipeline import analyze
from hlsight.parsers.loader import load_design
from hlsight.reporters.present import time_shares

WORK_ITEMS = {"work_items": 32768000.0}
REPORTS = {
    "stride2-ndrange": WORK_ITEMS,  # aligned strided store: x4
    "stride3": WORK_ITEMS,  # non-aligned strided store: x4 (decision 30), coalescer time
    "stride4": WORK_ITEMS,
    "stride-3-1-offset1": WORK_ITEMS,  # split stores: x1, x2, x4
    "stride6": WORK_ITEMS,  # per-lane LSUs
    "micro-cna-16_2": WORK_ITEMS,  # non-aligned, stride 1: coalescer time only
    "rot": {"N": 33554432.0},
}


@pytest.mark.parametrize("case", sorted(REPORTS))
def test_bank_time_is_the_sum_of_its_terms(corpus: Path, case: str) -> None:
    design = load_design(corpus / "zaragoza" / "reports" / "hbm2" / case)
    result = analyze(design, REPORTS[case])
    checked = 0
    for estimate in result.estimates.values():
        for bank in estimate.per_bank:
            terms = [term for term in estimate.per_lsu if term.memory == bank.name]
            assert bank.seconds is not None and bank.ideal_s is not None and bank.overhead_s is not None
            assert bank.ideal_s + bank.overhead_s == pytest.approx(bank.seconds, rel=1e-9)
            summed = sum((term.ideal_s or 0.0) + (term.overhead_s or 0.0) for term in terms)
            assert summed == pytest.approx(bank.seconds, rel=1e-9)
            checked += 1
    assert checked >= 2


def test_the_strided_hbm_store_is_the_top_lsu(corpus: Path) -> None:
    design = load_design(corpus / "zaragoza" / "reports" / "hbm2" / "stride2-ndrange")
    estimate = analyze(design, {"work_items": 32768000.0}).estimates["test_multiplereads"]
    top = time_shares(estimate)[0]
    assert top.subject == "test_multiplereads/store0"
    assert estimate.seconds is not None and top.seconds == pytest.approx(estimate.seconds, rel=1e-3)
