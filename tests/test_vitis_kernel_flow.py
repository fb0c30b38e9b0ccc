"""A folder of several Vitis kernels (``v++ -c`` writes one report per kernel
into ``hls_reports/``, no csynth.xml) is several tops, composed like aoc
kernels: concurrent ones (hints) take the slowest, the rest add up.

Before, hlsight guessed one "top" (the largest) and treated the others as
plain functions: HPCC FFT's ``store0`` on the U280 was never asked for its
m_axi bytes, and ``axi.store0.gmem.bytes`` was refused as unknown.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from hlsight.analyzer.pipeline import analyze
from hlsight.analyzer.symbols import valid_names
from hlsight.core.model import (
    Design,
    Device,
    Interface,
    Kernel,
    KernelKind,
    LatencyRange,
    Product,
    ToolInfo,
    Vendor,
)
from tests.conftest import CORPUS, run_cli

KERNEL_PORTS = [Interface("control", "s_axi", width_bits=32), Interface("k", "ap_ctrl_chain")]


def _two_kernel_folder(tmp_path: Path) -> Path:
    """Two Vitis 2023.2 top-function reports side by side, as hls_reports/ holds them."""
    folder = tmp_path / "hls_reports"
    folder.mkdir()
    for design, pattern in (("vitis2023.2_cluster_nms", "nms*_csynth.rpt"),
                            ("vitis2023.2_systolic_array", "systolic_array*_csynth.rpt")):
        for report in (CORPUS / "vivado" / design).glob(pattern):
            shutil.copy(report, folder / report.name)
    return folder


def test_each_kernel_of_a_kernel_flow_folder_is_a_top(tmp_path: Path) -> None:
    result = run_cli("analyze", str(_two_kernel_folder(tmp_path)), "--format", "json")
    assert result.code == 0, result.stderr
    data = json.loads(result.stdout)
    tops = sorted(kernel["name"] for kernel in data["kernels"] if kernel["is_top"])
    assert tops == ["nms", "systolic_array"]
    rules = [diag["rule"] for diag in data["diagnostics"]]
    assert "vivado-kernels" in rules and "vivado-top-guessed" not in rules
    caveats = data["estimate"]["extra"]["caveats"]
    assert any(caveat.startswith("the design time adds (nms) + (systolic_array)") for caveat in caveats)


def _kernel(name: str, cycles: int) -> Kernel:
    return Kernel(name, kind=KernelKind.FUNCTION, fmax_estimated_mhz=250.0, latency=LatencyRange(cycles, cycles),
                  is_top=True, interfaces=[*KERNEL_PORTS, Interface("m_axi_gmem", "m_axi", width_bits=512,
                                                                    direction="in")])


def _design() -> Design:
    return Design(
        tool=ToolInfo(Vendor.XILINX, Product.VITIS_HLS, "2022.2"), root=Path("hand"), name="fetch + store",
        device=Device("virtexuplus", "xcu280-fsvh2892-2L-e"), kernels=[_kernel("fetch", 1000), _kernel("store", 3000)],
    )


@pytest.mark.parametrize("concurrent", [False, True])
def test_concurrent_kernels_take_the_slowest_the_rest_add_up(concurrent: bool) -> None:
    design = _design()
    assert {"axi.fetch.gmem.bytes", "axi.store.gmem.bytes"} <= set(valid_names(design))
    values = {"axi.fetch.gmem.bytes": 0.0, "axi.store.gmem.bytes": 0.0}  # idle bundles: the schedules alone
    result = analyze(design, values, concurrent=[["fetch", "store"]] if concurrent else [])
    assert result.design_estimate is not None
    expected = 3000 / 250e6 if concurrent else 4000 / 250e6
    assert result.design_estimate.seconds == pytest.approx(expected, rel=1e-12)
    said = any("the design time adds (fetch) + (store)" in caveat for caveat in result.design_estimate.caveats)
    assert said is not concurrent
