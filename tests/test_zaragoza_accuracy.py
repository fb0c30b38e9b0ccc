"""Regression guard on the model's accuracy against the Zaragoza measurements.

Runs the same evaluation as ``benchmarks/zaragoza.py`` (every cases.csv row
and every report-matched measured micro-benchmark row) and checks the mean
and max absolute error on the memory-bound cases per memory. The thresholds
are the figures measured when the model was written (docs/model.md, issue-4
closing note) plus a small margin, so any change that degrades accuracy
fails here; a change that improves it should lower them.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARK = Path(__file__).resolve().parents[1] / "benchmarks" / "zaragoza.py"

#: memory -> (memory-bound cases, mean |error|, max |error|) measured + margin.
EXPECTED = {
    "ddr4-1866": (8, 0.069 + 0.005, 0.242 + 0.01),
    "hbm2-s10mx": (29, 0.062 + 0.005, 0.371 + 0.01),
}


def _benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("zaragoza_benchmark", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def summary(corpus: Path) -> dict[str, dict[str, float | int | str]]:
    bench = _benchmark()
    results = bench.evaluate(root=corpus / "zaragoza")
    assert len(results) == 57  # 13 cases.csv rows + 44 report-matched measured rows
    return dict(bench.summarize(results))


@pytest.mark.parametrize("memory", sorted(EXPECTED))
def test_memory_bound_accuracy(summary: dict[str, dict[str, float | int | str]], memory: str) -> None:
    cases, mean, worst = EXPECTED[memory]
    entry = summary[memory]
    assert entry["memory_bound_cases"] == cases
    assert float(entry["memory_bound_mean"]) <= mean
    assert float(entry["memory_bound_max"]) <= worst
