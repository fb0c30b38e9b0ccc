"""aoc merges neighbouring accesses of one work-item into one LSU and pads its
width to a power of two: the seed authors' test_CNA.cl reads x[3i], x[3i+1],
x[3i+2] per work-item, and with num_simd_work_items(V) builds one
non-aligned LSU of 3 x V x 4 B rounded up (V = 2: 24 B -> 256 bits; V = 16:
192 B -> 2048 bits). The three accesses cover every element: stride 1 with
3 accesses per work-item, not stride 3 with "67 % of every burst discarded".
Inputs: ../shared/corpus/zaragoza/reports/hbm2/micro-cna-*.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hlsight.analyzer.access.derive import padded_width
from hlsight.analyzer.pipeline import analyze
from hlsight.parsers.loader import load_design


def test_padded_width_is_the_next_power_of_two() -> None:
    assert [padded_width(bits) for bits in (32, 96, 192, 256, 1536)] == [32, 128, 256, 256, 2048]


@pytest.mark.parametrize(("case", "width"), [("micro-cna-2_3", 256), ("micro-cna-16_1", 2048)])
def test_three_neighbours_in_one_padded_lsu_are_contiguous(corpus: Path, case: str, width: int) -> None:
    design = load_design(corpus / "zaragoza" / "reports" / "hbm2" / case)
    load = next(lsu for lsu in design.kernels[0].lsus if lsu.id == "test_multiplereads/load0")
    assert load.width_bits == width
    result = analyze(design, {"work_items": 32768000})
    facts = result.source.access(load)
    assert facts is not None
    assert (facts.stride, facts.accesses) == ("1", "3*work_items")
    assert "3 neighbouring accesses (offsets 0..2) share this LSU" in facts.explanation
    assert not [d for d in result.diagnostics if d.rule == "mem-stride"]
