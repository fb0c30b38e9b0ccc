"""CLI behaviour common to every command: usage, bad paths, exit codes."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import run_cli


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
