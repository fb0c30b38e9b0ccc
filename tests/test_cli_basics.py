"""CLI behaviour common to every command: usage, bad paths, exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import CORPUS, REPO, run_cli


def test_missing_path_is_exit_2_with_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "nope"
    result = run_cli("analyze", str(missing))
    assert result.code == 2
    assert result.stderr.count("\n") == 1
    assert str(missing) in result.stderr
    assert "Traceback" not in result.stderr


def test_directory_without_report_is_exit_2(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("nothing here")
    result = run_cli("analyze", str(tmp_path))
    assert result.code == 2
    assert "no HLS report found" in result.stderr
    assert str(tmp_path) in result.stderr


def test_unknown_command_is_usage_error() -> None:
    result = run_cli("frobnicate")
    assert result.code == 2


def test_a_command_imports_only_its_own_module() -> None:
    """A cold `hlsight analyze` must not pay for bs4/numpy/the instrumenter."""
    heavy = ("hlsight.annotate.intel", "numpy", "hlsight.analyzer.instrument.codegen")
    code = (
        "import sys; from hlsight.cli import build_parser, _command_name;"
        "build_parser(only=_command_name(['analyze', 'x']));"
        f"print(sorted(m for m in {heavy!r} if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO).stdout
    assert out.strip() == "[]"


def test_version_imports_no_command_and_no_sympy() -> None:
    """`hlsight --version` prints the package metadata's version without
    importing a sub-command (goal: <= 3x `python -c pass`, benchmarks/cold_start.py)."""
    code = (
        "import sys; from hlsight.cli import main\n"
        "try:\n    main(['--version'])\nexcept SystemExit:\n    pass\n"
        "print([m for m in sys.modules if m.startswith(('hlsight.commands', 'hlsight.analyzer', 'sympy'))])"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO)
    version, modules = done.stdout.strip().splitlines()
    from importlib import metadata

    assert version == f"hlsight {metadata.version('hlsight')}"
    assert modules == "[]"


def test_an_intel_analysis_does_not_load_the_vivado_reader() -> None:
    """The oneAPI source analysis reads the Vivado loop-naming rules
    (``parsers.vivado.names``) and the estimate the outlined-loop note
    (``OUTLINED_UNSURE``); both pulled in the whole Vivado reader, lxml and
    its XML/rpt tables, which an aoc/oneAPI design never runs (cold-start
    goal of ``hlsight analyze`` on kmers, benchmarks/cold_start.py)."""
    kmers = CORPUS / "aoc" / "oneapi2023.0_s10mx_kmers" / "less_work_but_slower" / "reports_v12_m_v9_half"
    code = (
        "import io, sys; from hlsight.cli import main\n"
        "sys.stdout = io.StringIO()\n"
        f"code = main(['analyze', {str(kmers)!r}])\n"
        "sys.stdout = sys.__stdout__\n"
        "print(code, sorted(m for m in sys.modules if m == 'lxml' or m.startswith('hlsight.parsers.vivado.')"
        " and m != 'hlsight.parsers.vivado.names'))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO)
    assert done.stdout.strip() == "0 []", done.stdout + done.stderr


def assert_runs_without_sympy(argv: list[str]) -> None:
    """``hlsight argv`` in a fresh interpreter exits 0 without importing sympy or mpmath."""
    code = (
        "import sys; from hlsight.cli import main\n"
        f"code = main({argv!r})\n"
        "print(code, sorted(m for m in sys.modules if m.split('.')[0] in ('sympy', 'mpmath')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO)
    assert done.stdout.strip() == "0 []", done.stdout + done.stderr


@pytest.mark.parametrize(("mode", "report"), [("cycles", "report_table2"), ("tripcount", "report_table1")])
def test_instrument_with_a_report_does_not_import_sympy(tmp_path: Path, mode: str, report: str) -> None:
    """A cold ``hlsight instrument`` spent most of its time importing sympy
    (via the static trip counts, the DRAM model and the co-simulation check)
    that pass 2 and a pass 1 whose report lists every loop never use: each is
    imported where it is used. Only a loop without a report row asks for its
    static count (pass 1 without --report): that runs the sympy walker,
    unless the loop's shape rules a count out (the next test)."""
    folder = REPO / "fixtures" / "instrument" / "quicksort"
    output = tmp_path / "qsort.c"
    argv = ["instrument", str(folder / "qsort.c"), "--mode", mode, "--report", str(folder / report), "-o", str(output)]
    assert_runs_without_sympy(argv)
    written = output.read_text(encoding="utf-8")
    assert ("hlsight_cycles.h" if mode == "cycles" else "#pragma HLS loop_tripcount") in written


@pytest.mark.parametrize(("case", "source"), [("quicksort", "qsort.c"), ("while_loops", "find_run.c")])
def test_pass_one_on_data_dependent_loops_does_not_import_sympy(tmp_path: Path, case: str, source: str) -> None:
    """Pass 1 without a report asks every loop for its static count; a loop
    whose shape rules a count out (``while (arr[R] >= piv && L < R)``, a
    counter stepped under an ``if``) needs no walk, so a source whose loops
    are all data-dependent is instrumented without sympy (~0.4 s of a cold
    process), and every loop still gets its pragma."""
    path = REPO / "fixtures" / "instrument" / case / source
    output = tmp_path / source
    argv = ["instrument", str(path), "--mode", "tripcount", "-o", str(output)]
    assert_runs_without_sympy(argv)
    original, written = path.read_text(encoding="utf-8"), output.read_text(encoding="utf-8")
    loops = sum(line.lstrip().startswith(("while", "for")) for line in original.splitlines())
    assert written.count("#pragma HLS loop_tripcount min=100 max=100 avg=100") == loops > 0


def test_top_level_help_lists_every_command() -> None:
    result = run_cli("--help")
    assert result.code == 0
    for name in ("analyze", "annotate", "demo", "memory", "whatif", "instrument", "simulate"):
        assert name in result.stdout


def test_output_file_gets_ordinary_permissions(tmp_path: Path) -> None:
    target = tmp_path / "inventory.json"
    result = run_cli("demo", "--format", "json", "-o", str(target))
    assert result.code == 0, result.stderr
    mask = os.umask(0o022)
    os.umask(mask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~mask


def test_the_output_suffix_picks_the_format_unless_one_is_given(tmp_path: Path) -> None:
    """``-o x.html`` without ``--format`` wrote terminal text into x.html."""
    report = str(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "vectoradd")
    for name, start in (("x.html", "<!DOCTYPE html>"), ("x.json", "{"), ("x.sarif", "{"), ("x.txt", "test_bw10:")):
        assert run_cli("analyze", report, "-o", str(tmp_path / name)).code == 0
        assert (tmp_path / name).read_text().startswith(start), name
    assert json.loads((tmp_path / "x.sarif").read_text())["version"] == "2.1.0"
    assert run_cli("analyze", report, "--format", "text", "-o", str(tmp_path / "y.html")).code == 0
    assert (tmp_path / "y.html").read_text().startswith("test_bw10:")  # --format wins
