"""Report-consistency check of pipelined loop latency, eq. (1) of
analyzer/consistency.py: L = II*(TC-1)+IL, or one less, or 0 when TC = 0."""

from __future__ import annotations

from pathlib import Path

import pytest

from hlsight.analyzer.consistency import RULE, check_loop_latencies, expected_pipelined_latency
from hlsight.core.diagnostics import Severity
from hlsight.core.model import (
    Design,
    InitiationInterval,
    Kernel,
    KernelKind,
    LatencyRange,
    Loop,
    Product,
    SourceLocation,
    ToolInfo,
    TripCount,
    Vendor,
)
from tests.conftest import run_cli
from tests.test_vivado_corpus import CASE_NAMES, VIVADO, design_of


def _design(loop: Loop) -> Design:
    tool = ToolInfo(Vendor.XILINX, Product.VITIS_HLS, "2023.2")
    kernel = Kernel("k", kind=KernelKind.FUNCTION, loops=[loop], artifact="k_csynth.xml")
    return Design(tool=tool, root=Path("."), kernels=[kernel])


def _loop(latency: tuple[int | None, int | None], trip: tuple[int | None, int | None], ii: int = 2, il: int = 3,
          pipelined: bool = True) -> Loop:
    return Loop("L", pipelined=pipelined, ii=InitiationInterval(ii) if pipelined else None,
                latency=LatencyRange(*latency), iteration_latency=il, pipeline_depth=il,
                trip_count=TripCount(*trip), location=SourceLocation("k.c", 7))


def test_expected_values_by_hand() -> None:
    assert expected_pipelined_latency(2, 10, 3) == (21, 20)  # 2*9+3
    assert expected_pipelined_latency(4, 1666, 13) == (6673, 6672)  # spmv_2: report says 6672
    assert expected_pipelined_latency(1, 0, 5) == (0,)


@pytest.mark.parametrize("latency, trip, flagged", [
    ((21, 21), (10, 10), False),
    ((20, 20), (10, 10), False),
    ((22, 22), (10, 10), True),
    ((0, 20), (0, 10), False),
    ((1, 20), (0, 10), True),
    ((3, None), (1, None), False),  # "1 ~ ?": only the known bound is checked
    ((None, None), (None, None), False),
])
def test_pipelined_loop_rule(latency: tuple[int | None, int | None], trip: tuple[int | None, int | None],
                             flagged: bool) -> None:
    found = check_loop_latencies(_design(_loop(latency, trip)))
    assert bool(found) == flagged
    if flagged:
        (diag,) = found
        assert (diag.rule, diag.severity, diag.file, diag.line) == (RULE, Severity.INFO, "k.c", 7)


def test_non_pipelined_loops_are_not_checked() -> None:
    assert check_loop_latencies(_design(_loop((99, 99), (10, 10), pipelined=False))) == []


def test_corpus_findings() -> None:
    """Over the 30 cases only three pipelined loops break both conventions."""
    found = {(case, diag.subject, diag.data["bound"]) for case in CASE_NAMES
             for diag in check_loop_latencies(design_of(case))}
    assert found == {
        # TC 0 ~ 1920 but minimum latency 1
        ("vhls2018.3_hls_sobel_dataflow", "loop_width", "min"),
        # TC 0 ~ 136 but minimum latency 44
        ("vitis2022.1_fault_detector", "VITIS_LOOP_271_1", "min"),
        # 2024.1 auto-rewind: II 21, depth 21, TC 1 ~ 4 -> 41 ~ 104 = II*TC + IL - 1 (format notes §5)
        ("vitis2024.1_wrr_dataflow", "VITIS_LOOP_29_2", "min"),
    }


def test_cli_prints_the_info_at_the_loop_source_line() -> None:
    result = run_cli("analyze", "-v", str(VIVADO / "vitis2024.1_wrr_dataflow"))
    assert result.code == 0, result.stderr
    line = next(text for text in result.stdout.splitlines() if RULE in text)
    assert line.startswith("weighted_round_robin/wrr.c:29: info: loop 'VITIS_LOOP_29_2'")
    assert "41 cycles" in line and "21*(1-1)+21 gives 21 or 20" in line
