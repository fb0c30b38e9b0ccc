"""Module names real reports give C functions (issue 13 item 3)."""

from __future__ import annotations

from hlsight.analyzer.instrument.plan import renamed_module


def test_numeric_suffix_and_top_prefix_are_the_function() -> None:
    assert renamed_module("merge_1", "merge", ["ms_mergesort"])  # Vitis 2022.2 MachSuite sort/merge
    assert renamed_module("dct_dct_1d2", "dct_1d", ["dct"])  # Vivado 2015.3 dct
    assert renamed_module("dct_dct_1d", "dct_1d", ["dct"])


def test_other_modules_are_not_the_function() -> None:
    assert not renamed_module("merge_1_Pipeline_merge_label1", "merge", ["ms_mergesort"])
    assert not renamed_module("merge_sort", "merge", ["ms_mergesort"])
    assert not renamed_module("dct_dct_2d", "dct_1d", ["dct"])
    assert not renamed_module("other_dct_1d2", "dct_1d", ["dct"])
