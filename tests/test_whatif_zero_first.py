"""A sweep of an m_axi bundle's bytes that starts at 0 (a new user's walk):
the expression was built at the first value, where the HLScope+ model
leaves an idle bundle out, and the sweep was refused as "does not depend
on"; with 0 later in the list, the 0 point kept the bundle's DLAT."""

from __future__ import annotations

import json

import pytest

from tests.conftest import CORPUS, run_cli

CONV2D = str(CORPUS / "vivado" / "vitis2025.2_conv2d_unified" / "hls_component" / "hls_component" / "hls" / "syn"
             / "report")
FIXED = ("--set", "axi.conv2d.gmem0.bytes=1e6")


def _analyze_seconds(*given: str) -> float:
    result = run_cli("analyze", CONV2D, *FIXED, *given, "--format", "json")
    assert result.code == 0, result.stderr
    seconds: float = json.loads(result.stdout)["estimate"]["seconds"]
    return seconds


@pytest.mark.parametrize("values", ["0,1e6,1e8", "1e6,1e8,0"])
def test_a_sweep_with_zero_bytes_has_analyze_time_at_every_point(values: str) -> None:
    result = run_cli("whatif", CONV2D, *FIXED, "--set", "axi.conv2d.gmem1.bytes=1e5",
                     "--sweep", f"axi.conv2d.gmem2.bytes={values}", "--format", "json")
    assert result.code == 0, result.stderr
    points = json.loads(result.stdout)["points"]
    for value, seconds in zip(points["axi.conv2d.gmem2.bytes"], points["seconds"], strict=True):
        expected = _analyze_seconds("--set", "axi.conv2d.gmem1.bytes=1e5", "--set", f"axi.conv2d.gmem2.bytes={value}")
        assert seconds == pytest.approx(expected, rel=1e-12), value
    # the idle bundle's point is faster than the 1e6-byte one (no DLAT): the two are not one time
    by_value = dict(zip(points["axi.conv2d.gmem2.bytes"], points["seconds"], strict=True))
    assert by_value[0] < by_value[1_000_000]


def test_a_grid_of_two_sweeps_with_zeros() -> None:
    result = run_cli("whatif", CONV2D, *FIXED, "--sweep", "axi.conv2d.gmem1.bytes=0,1e5",
                     "--sweep", "axi.conv2d.gmem2.bytes=1e6,0,1e8", "--format", "json")
    assert result.code == 0, result.stderr
    points = json.loads(result.stdout)["points"]
    for first, second, seconds in zip(points["axi.conv2d.gmem1.bytes"], points["axi.conv2d.gmem2.bytes"],
                                      points["seconds"], strict=True):
        expected = _analyze_seconds("--set", f"axi.conv2d.gmem1.bytes={first}",
                                    "--set", f"axi.conv2d.gmem2.bytes={second}")
        assert seconds == pytest.approx(expected, rel=1e-12), (first, second)


def test_text_sweep_from_zero_is_a_table() -> None:
    result = run_cli("whatif", CONV2D, *FIXED, "--set", "axi.conv2d.gmem1.bytes=1e5",
                     "--sweep", "axi.conv2d.gmem2.bytes=0,1e6,1e8")
    assert result.code == 0, result.stderr
    assert "does not depend" not in result.stdout + result.stderr
    assert "250 ms" in result.stdout
