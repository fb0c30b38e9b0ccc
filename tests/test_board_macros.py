"""Macros aoc defines for every OpenCL compile (analyzer/access/sources.py).

aoc.pl passes ``-DACL_BOARD_<variant>=1 -DAOCL_BOARD_<variant>=1`` for the
target board, and kernels pick their sizes with them: Rodinia FPGA's
hotspot (fpga-opencl-benchmarks/rodinia_fpga, and the copy embedded in the
zaragoza reports) sets ``SSIZE`` 8 under ``AOCL_BOARD_de5net_a7`` and
another value elsewhere. Without the macro the walk took the other
branch: a loop bound, a vector width and every count built on them wrong
for that board. ``fixtures/access/board_macros.cl`` picks a different
size per board.
"""

from __future__ import annotations

import pytest

from hlsight.core.model import Device, Kernel, KernelKind, LSUKind
from tests.access_fixtures import MarkedSource, facts_of, value

BOARD_MACROS = MarkedSource("board_macros.cl", version="16.1.0")


@pytest.mark.parametrize(("board", "lanes"), [("de5net_a7", 8), ("nalla_pcie:p520_max_sg280l", 32),
                                              ("s10_ref:s10gx", 16), (None, 16)])
def test_the_board_variant_is_a_macro_the_source_sees(board: str | None, lanes: int) -> None:
    store = BOARD_MACROS.lsu("fill/store0", LSUKind.STORE, "fill")
    found = BOARD_MACROS.derived([Kernel(name="fill", kind=KernelKind.SINGLE_WORK_ITEM, lsus=[store])],
                                 Device(board=board))
    assert value(facts_of(found, store).accesses, n=10) == 10 * lanes
