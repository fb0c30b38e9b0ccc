"""Accesses under a test of kernel arguments follow the values given (decision 95).

HPCC STREAM's calc kernel reads ``in2`` only for Add and Triad (``if
(operation_type == ADD_KERNEL_TYPE || operation_type == TRIAD_KERNEL_TYPE)``),
one kernel launched per operation: the test was counted as always true, so
Copy and Scale were charged a third stream even with ``--set
operation_type=0``. The corpus's reports hold no such guard, so the Zaragoza
vector add (``test_bw10.cl``, kernel argument ``uint arg``) is given one in a
copy of its embedded source: ``z[index] = x[index] + y[index]`` at line 32
runs under ``if (arg >= 2)`` or ``if (arg == 2 || arg == 3)``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import CORPUS, run_cli

VECTORADD = CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "vectoradd"
LINE = "    z[index] = x[index] + y[index];"
GIVEN = ("--set", "work_items=32768000")


def _guarded(tmp_path: Path, test: str) -> Path:
    copy = tmp_path / "vectoradd"
    shutil.copytree(VECTORADD, copy)
    script = copy / "lib" / "report_data.js"
    text = script.read_text(encoding="utf-8")
    assert text.count(LINE) == 1
    script.write_text(text.replace(LINE, f"    if ({test}) z[index] = x[index] + y[index];"), encoding="utf-8")
    return copy


def _estimate(path: Path, *values: str) -> dict[str, object]:
    result = run_cli("analyze", str(path), *GIVEN, *values, "--format", "json")
    assert result.code == 0, result.stderr
    document: dict[str, object] = json.loads(result.stdout)
    return document["estimate"]  # type: ignore[return-value]


def test_a_test_of_arguments_follows_the_value_given(tmp_path: Path) -> None:
    plain = _estimate(VECTORADD)
    guarded = _guarded(tmp_path, "arg >= 2")
    unsaid = _estimate(guarded)
    # not given: counted as taken, the number it was, and said where the number is read
    assert unsaid["seconds"] == pytest.approx(plain["seconds"])
    assert any("counted as taken: arg >= 2 (test_multiplereads/load0, test_multiplereads/load1,"
               " test_multiplereads/store0); give arg" in caveat for caveat in unsaid["extra"]["caveats"])
    taken = _estimate(guarded, "--set", "arg=2")
    assert taken["seconds"] == pytest.approx(plain["seconds"])
    assert not any("counted as taken" in caveat for caveat in taken["extra"]["caveats"])
    # not taken: no access moves a byte; what is left is the pipeline time (FlexCL), the board run's alternative
    skipped = _estimate(guarded, "--set", "arg=1")
    assert skipped["extra"]["memory_seconds"] == 0
    assert skipped["seconds"] == pytest.approx(plain["alternatives"][0]["seconds"])
    text = run_cli("analyze", "-v", str(guarded), *GIVEN).stdout
    assert "[x[index]: stride 1, 4 B, x [arg >= 2]*work_items]" in text
    assert "only while arg >= 2 (kernel arguments or launch sizes: taken unless their values are given)" in text


def test_each_launch_counts_its_own_sides_of_an_either(tmp_path: Path) -> None:
    """``arg == 2 || arg == 3`` by inclusion-exclusion, [arg == 2] + [arg == 3]
    - both: 1 with every test taken (the number before), each launch's own
    value otherwise; a launch table per operation, as STREAM's host."""
    guarded = _guarded(tmp_path, "arg == 2 || arg == 3")
    hints = tmp_path / "hints.toml"
    hints.write_text("[[launch]]\nrepeat = 2\narg = 0\n\n[[launch]]\narg = 3\n", encoding="utf-8")
    result = run_cli("analyze", str(guarded), *GIVEN, "--hints", str(hints), "--format", "json")
    assert result.code == 0, result.stderr
    launches = json.loads(result.stdout)["launches"]
    plain = _estimate(VECTORADD)
    assert launches[1]["seconds"] == pytest.approx(plain["seconds"])
    assert launches[0]["seconds"] == pytest.approx(plain["alternatives"][0]["seconds"])
    text = run_cli("analyze", "-v", str(guarded), *GIVEN).stdout
    assert "x work_items*(-[arg == 2]*[arg == 3] + [arg == 2] + [arg == 3])]" in text
    assert _estimate(guarded)["seconds"] == pytest.approx(plain["seconds"])


def test_whatif_sweeps_a_tested_argument(tmp_path: Path) -> None:
    """The test stays in what ``whatif`` evaluates over numpy arrays."""
    guarded = _guarded(tmp_path, "arg >= 2")
    result = run_cli("whatif", str(guarded), *GIVEN, "--sweep", "arg=1,2", "--format", "json")
    assert result.code == 0, result.stderr
    plain = _estimate(VECTORADD)
    points = json.loads(result.stdout)["points"]
    assert points["arg"] == [1, 2]
    assert points["seconds"] == pytest.approx([plain["alternatives"][0]["seconds"], plain["seconds"]])


def test_a_value_scoped_to_the_kernel_decides_its_test(tmp_path: Path) -> None:
    """``--set KERNEL:NAME`` gives the value to that kernel's counts: a
    public clBool prefix sum given ``scan_blelloch:work_items`` was still
    told its test of work_items was counted as taken."""
    guarded = _guarded(tmp_path, "arg >= 2")
    scoped = _estimate(guarded, "--set", "test_multiplereads:arg=1")
    plain = _estimate(VECTORADD)
    assert scoped["extra"]["memory_seconds"] == 0
    assert scoped["seconds"] == pytest.approx(plain["alternatives"][0]["seconds"])
    assert not any("counted as taken" in caveat for caveat in scoped["extra"]["caveats"])
