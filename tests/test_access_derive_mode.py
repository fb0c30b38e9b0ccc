"""Launch arguments solved from an element count W
(:func:`hlsight.analyzer.access.launch.solve_launch`): given W, the source's
access counts say which kernel arguments move W elements.

(The Zaragoza benchmark no longer needs it: it runs each case with the host
program's own arguments, ``host-inputs.csv``; see test_zaragoza_accuracy.py.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hlsight.analyzer.access import derive_access_facts
from hlsight.analyzer.access.launch import solve_launch
from hlsight.parsers.loader import ReadOptions, load_design


@pytest.mark.parametrize(
    ("report", "elements", "expected", "fallbacks"),
    [
        ("ddr4-1866/vectoradd", 32768000, {"work_items": 32768000}, 0),
        ("hbm2/stride6", 32768000, {"work_items": 32768000}, 0),  # 16 per-lane LSUs per access
        ("ddr4-1866/axpy", 32768000, {"N": 32767937}, 0),  # 64*floor((N-1)/64) + 64 = W
        # fetch reads 8 points per item; fft1d's count from LOGN (fft_config.h, embedded)
        ("ddr4-1866/fft1d", 8192000, {"work_items": 1024000, "count": 2000}, 0),
        ("ddr4-1866/nw", 58096, {"loop_exit": 14524}, 0),  # busiest access: 4 ints per iteration
        ("ddr4-1866/hotspot", 9153144, {}, 3),  # comp_exit and grid_rows: two unknowns
    ],
)
def test_launch_arguments_from_the_element_count(
    corpus: Path, report: str, elements: int, expected: dict[str, float], fallbacks: int
) -> None:
    design = load_design(corpus / "zaragoza" / "reports" / report, ReadOptions())
    launch = solve_launch(design, derive_access_facts(design), elements)
    assert launch.values == pytest.approx(expected)
    assert len(launch.fallback_lsus) == fallbacks
