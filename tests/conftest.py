"""Shared test fixtures: where the corpus lives, and a CLI runner."""

from __future__ import annotations

import importlib.util
import io
import json
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from hlsight.cli import main

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
CORPUS = SHARED / "corpus"
FIXTURES = REPO / "fixtures"


@dataclass
class CliResult:
    code: int
    stdout: str
    stderr: str


def run_cli(*argv: str) -> CliResult:
    """Run ``hlsight`` in-process and capture its output and exit code."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exit_:  # argparse usage errors
            code = int(exit_.code or 0)
    return CliResult(code, out.getvalue(), err.getvalue())


def run_json(*argv: str) -> dict[str, Any]:
    """``hlsight ARGV --format json``, which must succeed, as the document it prints."""
    result = run_cli(*argv, "--format", "json")
    assert result.code == 0, result.stderr
    document: dict[str, Any] = json.loads(result.stdout)
    return document


def estimate_caveats(report: Path, *given: str) -> list[str]:
    """The cautions every kernel's estimate carries (JSON ``extra.caveats``) for ``analyze REPORT GIVEN...``."""
    result = run_cli("analyze", str(report), *given, "--format", "json")
    assert result.code == 0, result.stderr
    return [caveat for kernel in json.loads(result.stdout)["kernels"]
            for caveat in kernel["estimate"]["extra"]["caveats"]]


@pytest.fixture(scope="session")
def corpus() -> Path:
    if not CORPUS.is_dir():
        pytest.fail(f"corpus not found at {CORPUS}: clone the project beside ../shared")
    return CORPUS


def load_script(path: Path, module_name: str) -> ModuleType:
    """Import a benchmark script (``benchmarks/`` is not a package) as ``module_name``."""
    spec = importlib.util.spec_from_file_location(module_name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def whatif_points(document: dict[str, Any]) -> list[dict[str, Any]]:
    """The rows of a ``whatif --format json`` sweep (docs/whatif.schema.json):
    its ``points`` are columns, the bound and the cautions references into
    ``bounds`` and ``caution_sets``; each row as one object, with the bound
    label and the caution texts."""
    columns = document["points"]
    names = [name for name in columns if name != "count"]
    rows = []
    for i in range(columns["count"]):
        row = {name: columns[name][i] for name in names}
        if "bound" in row:
            row["bound"] = document["bounds"][row["bound"]]
        if "cautions" in row:
            row["cautions"] = [document["cautions"][k]["text"] for k in document["caution_sets"][row["cautions"]]]
        rows.append(row)
    return rows
