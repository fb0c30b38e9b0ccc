"""Issue 13 item 6 (safety of the run) and item 4 (no silent zeros) on the
while_loops fixture: real compiles and runs through the CLI."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from hlsight.analyzer.instrument import simulate as simulate_module
from tests.conftest import FIXTURES, run_cli

CASE = FIXTURES / "instrument" / "while_loops"


def _copy_case(folder: Path) -> Path:
    shutil.copytree(CASE, folder)
    return folder


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "0"])
def test_timeouts_that_are_no_limit_exit_2_in_one_line(value: str) -> None:
    result = run_cli("simulate", str(CASE / "find_run.c"), "--report", str(CASE / "report"),
                     "--testbench", str(CASE / "tb.c"), f"--timeout={value}")
    assert result.code == 2 and result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1 and "--timeout" in result.stderr


def test_keep_never_overwrites_the_source(tmp_path: Path) -> None:
    case = _copy_case(tmp_path / "case")
    before = (case / "find_run.c").read_bytes()
    result = run_cli("simulate", str(case / "find_run.c"), "--report", str(case / "report"),
                     "--testbench", str(case / "tb.c"), "--keep", str(case))
    assert result.code == 2 and "--keep" in result.stderr
    assert (case / "find_run.c").read_bytes() == before and not (case / "hlsight_cycles.h").exists()


def test_keep_in_a_missing_folder_is_refused_not_created(tmp_path: Path) -> None:
    """--keep DIR is created, never the folders above it."""
    keep = tmp_path / "missing" / "kept"
    result = run_cli("simulate", str(CASE / "find_run.c"), "--report", str(CASE / "report"),
                     "--testbench", str(CASE / "tb.c"), "--keep", str(keep))
    assert result.code == 2 and result.stderr.count("\n") == 1, result.stderr
    assert f"no such directory: {keep.parent}" in result.stderr
    assert not (tmp_path / "missing").exists()


def test_relative_keep_works(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = run_cli("simulate", str(CASE / "find_run.c"), "--report", str(CASE / "report"),
                     "--testbench", str(CASE / "tb.c"), "--keep", "kept")
    assert result.code == 0, result.stderr
    assert "total: 27 cycles" in result.stdout  # fixtures/instrument/README.md
    assert (tmp_path / "kept" / "find_run.c").is_file() and (tmp_path / "kept" / "hlsight_cycles.json").is_file()


def test_testbench_exit_status_is_propagated(tmp_path: Path) -> None:
    case = _copy_case(tmp_path / "case")
    bench = (case / "tb.c").read_text()
    (case / "tb.c").write_text(bench.replace("return 0;", "return 3;"))
    assert "return 3;" in (case / "tb.c").read_text()
    result = run_cli("simulate", str(case / "find_run.c"), "--report", str(case / "report"),
                     "--testbench", str(case / "tb.c"))
    assert result.code == 3 and "total: 27 cycles" in result.stdout
    assert "exited with status 3" in result.stdout + result.stderr


def test_captured_output_is_capped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(simulate_module, "OUTPUT_CAP_BYTES", 2)  # the testbench prints two short lines
    case = _copy_case(tmp_path / "case")
    result = run_cli("simulate", str(case / "find_run.c"), "--report", str(case / "report"),
                     "--testbench", str(case / "tb.c"), "--show-output")
    assert result.code == 0, result.stderr
    assert "[hlsight: output truncated]" in result.stderr


def test_a_top_that_is_no_module_is_a_warning_not_a_silent_zero(tmp_path: Path) -> None:
    case = _copy_case(tmp_path / "case")
    text = (case / "find_run.c").read_text()
    report_top = next(p.stem.removesuffix("_csynth") for p in (case / "report").glob("*_csynth.xml"))
    renamed = text.replace(report_top, "renamed_top")
    assert renamed != text
    (case / "find_run.c").write_text(renamed)
    (case / "tb.c").write_text((case / "tb.c").read_text().replace(report_top, "renamed_top"))
    result = run_cli("simulate", str(case / "find_run.c"), "--report", str(case / "report"),
                     "--testbench", str(case / "tb.c"), "--top", "renamed_top")
    assert result.code == 0, result.stderr
    assert "total: 0 cycles" in result.stdout
    assert "[instrument-top-not-instrumented]" in result.stdout + result.stderr
    assert "[simulate-zero-cycles]" in result.stdout + result.stderr


def test_environment_headers_take_precedence(tmp_path: Path) -> None:
    from hlsight.parsers.cxx.hls_headers import MODEL_INCLUDE, find_hls_headers

    (tmp_path / "include").mkdir()
    (tmp_path / "include" / "ap_int.h").write_text("/* vendor */\n")
    assert find_hls_headers(None, {"XILINX_HLS": str(tmp_path)}).directory == tmp_path / "include"
    assert find_hls_headers(None, {"XILINX_VIVADO": str(tmp_path / "none")}).directory == MODEL_INCLUDE
    assert find_hls_headers(str(tmp_path / "include"), dict(os.environ)).origin == "--hls-include"
