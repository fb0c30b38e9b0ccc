"""Regression guard on the model's accuracy against the Zaragoza measurements.

Runs ``benchmarks/zaragoza.py`` (every host-inputs.csv row with the host
program's own arguments, and every report-matched measured micro-benchmark
row, each through ``hlsight analyze --format json``; the 24 measured
NonAligned_1866 rows no report matches, through designs built from their
columns) and checks mean and max absolute error per memory over ALL cases,
over the cases run through the CLI and over the host-inputs (dev) rows.
The thresholds are the figures measured when the model last changed
(docs/model.md) plus a small margin, so any change that degrades accuracy
fails here; a change that improves it should lower them.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARK = Path(__file__).resolve().parents[1] / "benchmarks" / "zaragoza.py"

#: memory -> scope -> (cases, mean |error|, max |error|) measured + margin.
EXPECTED: dict[str, dict[str, tuple[int, float, float]]] = {
    "ddr4-1866": {
        "all": (35, 0.160 + 0.005, 0.887 + 0.01),
        "cli": (11, 0.069 + 0.005, 0.141 + 0.01),
        "dev": (7, 0.067 + 0.005, 0.104 + 0.01),
    },
    "hbm2-s10mx": {
        "all": (46, 0.020 + 0.005, 0.198 + 0.01),
        "cli": (46, 0.020 + 0.005, 0.198 + 0.01),
        "dev": (6, 0.073 + 0.005, 0.198 + 0.01),
    },
}


def _benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("zaragoza_benchmark", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def results(corpus: Path) -> list[object]:
    bench = _benchmark()
    found: list[object] = bench.evaluate(root=corpus / "zaragoza")
    # 13 host-inputs rows + 44 report-matched measured rows + 24 NonAligned_1866 rows built as designs
    assert len(found) == 81
    assert sum(1 for result in found if result.via == "design") == 24  # type: ignore[attr-defined]
    return found


@pytest.fixture(scope="module")
def summary(results: list[object]) -> dict[str, dict[str, float | int | str]]:
    return dict(_benchmark().summarize(results))


def test_every_case_runs_and_gets_its_board_profile(results: list[object]) -> None:
    for result in results:
        assert result.exit_code == 0 and result.estimate_ms is not None, result  # type: ignore[attr-defined]
        assert result.profile == result.memory, result  # type: ignore[attr-defined]


@pytest.mark.parametrize("memory", sorted(EXPECTED))
@pytest.mark.parametrize("scope", ["all", "cli", "dev"])
def test_accuracy(summary: dict[str, dict[str, float | int | str]], memory: str, scope: str) -> None:
    cases, mean, worst = EXPECTED[memory][scope]
    entry = summary[memory]
    assert entry[f"{scope}_count"] == cases
    assert float(entry[f"{scope}_mean"]) <= mean
    assert float(entry[f"{scope}_max"]) <= worst


def test_a_launch_sequence_row_runs_through_hints(corpus: Path, tmp_path: Path) -> None:
    """A host-inputs row with ``launches`` = ``15x[...] + 1x[...]`` becomes
    ``[[launch]]`` tables; the case time is the sum (pathfinder-style)."""
    (tmp_path / "reports").symlink_to(corpus / "zaragoza" / "reports")
    (tmp_path / "measured").mkdir()
    (tmp_path / "host-inputs.csv").write_text(
        "case_id,memory_profile,report,sets,launches,measured_ms,evidence,notes\n"
        'pf,ddr4-1866,ddr4-1866/pathfinder,rem_rows=20,15x[comp_exit=431600] + 1x[comp_exit=2**17;rem_rows=5],'
        '40.0,"test row",\n',
        encoding="utf-8",
    )
    bench = _benchmark()
    (result,) = bench.evaluate(root=tmp_path)
    assert result.exit_code == 0, result.message
    assert len(result.per_launch_ms) == 2
    assert result.estimate_ms == pytest.approx(sum(result.per_launch_ms))  # repeat x time, summed


def test_the_notebook_cases_run_on_their_boards() -> None:
    """``--outside``: the seed notebook's other measured runs (not fitted on)
    all run; every one but the two i++ components (no board: their memory is
    what their Avalon host interfaces reach, so no DRAM profile applies, said
    as such since session 16) gets its board's profile; the one aoc kernel
    that calls an HDL library has no number (rule report-hdl-library-call
    says why)."""
    bench = _benchmark()
    cases = bench.load_notebook_cases()
    assert len(cases) == 28 and not {case.case_id for case in cases} & {"stride6-hbm2", "axpy-ddr4"}
    results = [bench.run_case(case) for case in cases]
    assert all(result.exit_code == 0 for result in results)
    by_id = {result.case_id: result for result in results}
    assert by_id["sobel-hbm2"].estimate_ms is None
    components = ("sobel-ddr4", "sobel-hbm2-hiflipvx")
    assert all(by_id[name].profile == "none (i++ host memory)" for name in components)
    for result in results:
        if result.case_id not in ("sobel-hbm2", *components):
            assert result.profile == result.memory and result.estimate_ms is not None, result
    summary = bench.summarize_outside(results)
    assert summary["hbm2-s10mx"]["clean_missing"] == 1 and summary["ddr4-1866"]["clean_cases"] == 3
