"""Module names real reports give C functions (issue 13 item 3)."""

from __future__ import annotations

from pathlib import Path

from hlsight.analyzer.instrument.cycles import parse_source
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


def test_vitis_numbers_only_the_unlabelled_loops(tmp_path: Path) -> None:
    """``VITIS_LOOP_<line>_<k>``: k counts the function's unlabelled loops
    in pre-order. A public Vitis 2022.2 systolic array (seven labelled loops
    between its second and third unlabelled ones) reports its line-142 loop
    as ``VITIS_LOOP_142_3``; hlsight counted every loop and looked for _10."""
    source = tmp_path / "k.c"
    source.write_text("void k(int a[8][8]) {\n"
                      "    for (int i = 0; i < 8; i++)\n"
                      "        for (int j = 0; j < 8; j++) a[i][j] = 0;\n"
                      "    ROWS: for (int i = 0; i < 8; i++)\n"
                      "        COLS: for (int j = 0; j < 8; j++) a[i][j] += 1;\n"
                      "    for (int i = 0; i < 8; i++) a[i][0] = 2;\n"
                      "}\n")
    loops = parse_source(source).functions["k"].all_loops()
    names = [loop.label or loop.vitis_name for loop in loops]
    assert names == ["VITIS_LOOP_2_1", "VITIS_LOOP_3_2", "ROWS", "COLS", "VITIS_LOOP_6_3"]
