"""A CI-sized slice of ``benchmarks/fuzz_cli.py`` (issue 16): 248 mutants, 8
of each of the 31 seeds (every reader: aoc JSON/JS, the Global memory view,
oneAPI 2025 .ndjson, 15.1 mav.json, Verilog, VHDL, SystemVerilog, Vivado
XML/rpt, aggregated csynth.xml, hints TOML, kernel sources with channels and
with a cached load's cache-size warning, annotate), through the real CLI. No traceback, no run over
20 s, every non-zero exit one ``hlsight: error:`` line. The full run
(10,000 mutants) is the benchmark's."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from tests.conftest import load_script

BENCHMARK = Path(__file__).resolve().parents[1] / "benchmarks" / "fuzz_cli.py"


def _benchmark() -> ModuleType:
    return load_script(BENCHMARK, "hlsight_fuzz_cli")


def test_fuzz_slice_every_reader() -> None:
    fuzz = _benchmark()
    lines: list[str] = []
    totals = fuzz.fuzz(mutants=8 * len(fuzz.SEEDS), seed=16, limit=20.0, log=lines.append)
    report = "\n".join(lines)
    assert totals["runs"] == 8 * len(fuzz.SEEDS) and len(fuzz.SEEDS) >= 20
    assert totals["traceback"] == 0, report
    assert totals["slow"] == 0, report
    assert totals["bad-message"] == 0, report
    assert totals["exit 2"] > 0 and totals["exit 0"] > 0  # mutants were both refused and read
