"""Findings of session 41's outside check, each on a fixture written for
hlsight in the public shape."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import FIXTURES, run_cli

BREAK_AFTER_WORK = FIXTURES / "instrument" / "break_after_work"


@pytest.mark.parametrize("framed", [False, True])
def test_an_iteration_that_breaks_after_its_work_costs_its_il(tmp_path: Path, framed: bool) -> None:
    """A public Vivado HLS 2016.3 Mandelbrot (raph38130/zed-design) leaves
    its escape loop by ``break`` after the iteration's work: its report's
    best case, 77 cycles, holds that one 29-cycle iteration, but
    ``simulate`` charged it 0 (49 cycles), the rule for an exit test taken
    before any work (the bfs report's minimum). Only a ``break`` that leads
    the body is that test now; the fixture's README derives 28 cycles. A
    ``return`` in the loop keeps its frame at run time (``framed``): the
    same rule holds there."""
    source = (BREAK_AFTER_WORK / "escape.c").read_text(encoding="utf-8")
    if framed:
        source = source.replace("        if (sum > limit)\n", "        if (sum < -limit)\n            return 0;\n"
                                "        if (sum > limit)\n")
    design = tmp_path / "escape.c"
    design.write_text(source, encoding="utf-8")
    result = run_cli("simulate", str(design), "--report", str(BREAK_AFTER_WORK / "report"),
                     "--testbench", str(BREAK_AFTER_WORK / "tb.c"))
    assert result.code == 0, result.stderr
    assert "    SCAN                         line 10    sequential trip count            3  cycles              8" \
        in result.stdout
    assert "    ESCAPE                       line 15    sequential trip count            3  cycles             18" \
        in result.stdout
    assert "total: 28 cycles = 280 ns at 10 ns" in result.stdout
