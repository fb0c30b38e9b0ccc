"""Vivado positional loop names when the report also numbers an inlined
callee's loop.

A public Vivado HLS 2017.4 Mandelbrot (veranki/mandelbrot-hls, not kept
here) lists ``Loop 1`` (rows), ``Loop 1.1`` (pixels) and ``Loop 1.1.1``: the
``while`` of ``findmandelbrot``, inlined in the pixel loop. Its positional
names were all refused because the report lists one more than the
function's own loops; a loop of an inlined callee nested in a loop with no
loop of its own renumbers none of them, so the function's two now match.
A report loop anywhere else still refuses every positional name.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from hlsight.analyzer.access.sources import ParsedSources
from hlsight.analyzer.access.walker import walk_function
from hlsight.analyzer.access.xilinx_report_loops import SourceLoopNames, report_loop_finder
from hlsight.core.model import Design, Kernel, KernelKind, Loop, Product, ToolInfo, Vendor
from hlsight.parsers.csource import Dialect, parse_c_file

SOURCE = """int escape(double cr, int limit) {
  int i = 0;
  double z = 0.0;
  while (i < limit && z < 4.0) { z = z * z + cr; i++; }
  return i;
}

void top(int res[64][32], int pairs[8][2]) {
  for (int y = 0; y < 32; y++) {
    for (int x = 0; x < 64; x++) {
      res[x][y] = escape(x * 0.1, 255);
    }
  }
  for (int k = 0; k < 8; k++) {
    for (int j = 0; j < 2; j++) pairs[k][j] = 0;
  }
}
"""


def _counts(tmp_path: Path, loops: list[Loop]) -> dict[str, int | None]:
    source = tmp_path / "top.c"
    source.write_text(SOURCE, encoding="utf-8")
    unit = parse_c_file(source, Dialect.C)
    parsed = ParsedSources(units=[unit], lines={str(source): SOURCE.splitlines()})
    walker = walk_function(unit, unit.functions()["top"], parsed.lines, count_memcpy=True)
    kernel = Kernel(name="top", kind=KernelKind.FUNCTION, loops=loops, is_top=True)
    design = Design(tool=ToolInfo(Vendor.XILINX, Product.VIVADO_HLS, "2017.4"), root=tmp_path, kernels=[kernel])
    infos = {**walker.called_loop_infos, **walker.loop_infos}
    finder = report_loop_finder(kernel, design, SourceLoopNames.of(parsed), infos, "top", Counter(walker.called.walks))
    assert finder is not None
    found = {loop.name: finder.find(loop) for loop in kernel.all_loops()}
    return {name: None if info is None or info.trip_count is None else int(info.trip_count)
            for name, info in found.items()}


def _tree(*names: str) -> list[Loop]:
    """Report loops from their positional names (parents before children)."""
    by_name: dict[str, Loop] = {}
    roots: list[Loop] = []
    for name in names:
        loop = by_name[name] = Loop(name=name)
        parent = name.rsplit(".", 1)[0] if "." in name else None
        (by_name[parent].children if parent else roots).append(loop)
    return roots


def test_an_inlined_callee_s_loop_below_a_leaf_keeps_the_function_s_names(tmp_path: Path) -> None:
    counts = _counts(tmp_path, _tree("Loop 1", "Loop 1.1", "Loop 1.1.1", "Loop 2", "Loop 2.1"))
    assert counts == {"Loop 1": 32, "Loop 1.1": 64, "Loop 1.1.1": None, "Loop 2": 8, "Loop 2.1": 2}


@pytest.mark.parametrize("names", [
    ("Loop 1", "Loop 1.1", "Loop 1.1.1", "Loop 2", "Loop 2.1", "Loop 2.2"),  # beside a loop of its own
    ("Loop 1", "Loop 1.1", "Loop 2", "Loop 2.1", "Loop 3"),  # a loop the function does not have, at the top
    ("Loop 1", "Loop 1.1", "Loop 1.2", "Loop 2", "Loop 2.1"),  # below a loop that has one of its own
])
def test_a_loop_numbered_elsewhere_matches_no_positional_name(tmp_path: Path, names: tuple[str, ...]) -> None:
    assert set(_counts(tmp_path, _tree(*names)).values()) == {None}
