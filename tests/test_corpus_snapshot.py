"""benchmarks/corpus_snapshot.py: the before/after diff of every corpus
estimate that model changes are checked with."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path
from types import ModuleType

from tests.conftest import CORPUS, REPO


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("corpus_snapshot", REPO / "benchmarks" / "corpus_snapshot.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_kind_of_report_set_is_a_target() -> None:
    found = {str(path.relative_to(CORPUS)) for path in _tool().targets(CORPUS)}
    assert len(found) > 150
    assert {"zaragoza/reports/ddr4-1866/axpy", "zaragoza/reports/hbm2/axpy"} <= found
    assert "vivado/vitis2022.2.2_machsuite_nw" in found
    assert "aoc/oneapi2024_hls4ml_ndjson/test/pytest/test_report/oneAPI" in found


def test_a_snapshot_keeps_estimates_and_access_facts_and_the_diff_names_changes() -> None:
    tool = _tool()
    hlsight = shutil.which("hlsight") or str(Path(sys.executable).with_name("hlsight"))
    taken = tool.snapshot_one(hlsight, CORPUS / "vivado" / "vitis2022.2.2_machsuite_nw")
    assert "error" not in taken and "needwun" in taken["kernels"]
    moved = {"design": "1", "kernels": {"k": {"lsus": {"k/load0": {"stride": 2}}}}}
    kept = {"design": "1", "kernels": {"k": {"lsus": {"k/load0": {"stride": 1}}}}}
    assert list(tool.differences(kept, moved)) == ["kernels/k/lsus/k/load0/stride: 1 -> 2"]
    assert list(tool.differences(taken, taken)) == []
