"""Macros aoc defines for every OpenCL compile (analyzer/access/sources.py).

aoc.pl passes ``-DACL_BOARD_<variant>=1 -DAOCL_BOARD_<variant>=1`` for the
target board, and kernels pick their sizes with them: Rodinia FPGA's
hotspot (fpga-opencl-benchmarks/rodinia_fpga, and the copy embedded in the
zaragoza reports) sets ``SSIZE`` 8 under ``AOCL_BOARD_de5net_a7`` and
another value elsewhere. Without the macro the walk took the other
branch: a loop bound, a vector width and every count built on them wrong
for that board.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hlsight.analyzer.access import derive_access_facts, parse_expression
from hlsight.core.model import (
    LSU,
    Design,
    Device,
    Kernel,
    KernelKind,
    LSUKind,
    LSUStyle,
    Product,
    SourceFile,
    SourceLocation,
    ToolInfo,
    Vendor,
)

SOURCE = """#ifdef AOCL_BOARD_de5net_a7
  #define SSIZE 8
#elif ACL_BOARD_p520_max_sg280l
  #define SSIZE 32
#elif defined(INTELFPGA_CL)
  #define SSIZE 16
#else
  #define SSIZE 4
#endif
__kernel void fill(__global float *restrict out, int n) {
  for (int i = 0; i < n * SSIZE; i++)
    out[i] = 0.0f;
}
"""


def _count(board: str | None) -> object:
    store = LSU(id="fill/store0", kind=LSUKind.STORE, style=LSUStyle.BURST_COALESCED, style_raw="Burst-coalesced",
                width_bits=32, is_global=True, location=SourceLocation("fill.cl", 12))
    design = Design(tool=ToolInfo(Vendor.INTEL, Product.AOC, "16.1.0", command="aoc fill.cl"), root=Path("/build"),
                    kernels=[Kernel(name="fill", kind=KernelKind.SINGLE_WORK_ITEM, lsus=[store])],
                    source_files=[SourceFile("/build/fill.cl", "fill.cl", SOURCE)], device=Device(board=board))
    facts = derive_access_facts(design).access(store)
    assert facts is not None and facts.accesses is not None
    return parse_expression(facts.accesses).subs({"n": 10})


@pytest.mark.parametrize(("board", "lanes"), [("de5net_a7", 8), ("nalla_pcie:p520_max_sg280l", 32),
                                              ("s10_ref:s10gx", 16), (None, 16)])
def test_the_board_variant_is_a_macro_the_source_sees(board: str | None, lanes: int) -> None:
    assert _count(board) == 10 * lanes
