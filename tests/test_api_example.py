"""docs/examples/estimate_design.py (the documented Python API, docs/api.md)
runs and prints the numbers the CLI prints for the same design."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import REPO, run_cli

EXAMPLE = REPO / "docs" / "examples" / "estimate_design.py"


def test_example_prints_the_estimate_the_cli_gives() -> None:
    done = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True, check=True, cwd=REPO)
    cli = json.loads(run_cli("demo", "--format", "json").stdout)
    seconds = cli["kernels"][0]["estimate"]["seconds"]
    assert f"vector_add: {seconds * 1e3:.3f} ms, memory-bound (memory profile ddr4-1866)" in done.stdout
    assert "vector_add/load0: asks 23.6 GB/s of 14.4 GB/s (saturated: True)" in done.stdout
    sweep = [line for line in done.stdout.splitlines() if line.startswith("n = ")]
    assert len(sweep) == 3
    assert float(sweep[-1].split(":")[1].split()[0]) == pytest.approx(seconds * 1e3, abs=1e-3)
    assert "summary:" in done.stdout  # the text reporter's output


def test_example_takes_a_report_and_values() -> None:
    reports = REPO / "fixtures" / "demo" / "vector_add" / "reports"
    done = subprocess.run([sys.executable, str(EXAMPLE), str(reports), "n=1048576"],
                          capture_output=True, text=True, check=True, cwd=REPO)
    cli = json.loads(run_cli("analyze", str(reports), "--set", "n=1048576", "--format", "json").stdout)
    assert f"vector_add: {cli['estimate']['seconds'] * 1e3:.3f} ms" in done.stdout
