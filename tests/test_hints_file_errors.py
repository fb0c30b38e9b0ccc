"""Every error about a ``--hints`` file names the file (README: "FILE: what
was wrong"). Names, kernels and kernel sets are checked once the design is
read, away from the file's reader, and those errors said what was wrong but
not where: ``unknown name 'comp_exti'`` from a ``[[launch]]`` table, an
unknown ``kernel``, ``concurrent`` or ``launched`` entry."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import CORPUS, run_cli

HOTSPOT = CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "hotspot"


CASES = {
    "launch-name": ("grid_rows = 10\n[[launch]]\ncomp_exti = 5\n", "unknown name 'comp_exti'; did you mean comp_exit?"),
    "top-name": ("grid_rows = 10\ncomp_exti = 5\n", "unknown name 'comp_exti'"),
    "launch-kernel": ('grid_rows = 10\n[[launch]]\nkernel = "hotspt"\ncomp_exit = 5\n',
                      "unknown kernel 'hotspt' in [[launch]] #1; did you mean 'hotspot'?"),
    "concurrent": ('grid_rows = 10\ncomp_exit = 5\nconcurrent = ["hotspot", "nope"]\n',
                   "unknown concurrent kernel 'nope'"),
    "concurrent-twice": ('grid_rows = 10\ncomp_exit = 5\nconcurrent = ["hotspot", "hotspot"]\n',
                         "two different kernels"),
    "launched": ('grid_rows = 10\ncomp_exit = 5\nlaunched = ["nope"]\n', "unknown launched kernel 'nope'"),
    "launch-2-value": ("grid_rows = 10\n[[launch]]\ncomp_exit = 5\n[[launch]]\ncomp_exit = -5\n",
                       "value of 'comp_exit' is -5 in [[launch]] #2 (expected 0 or more: comp_exit counts work"),
    "launch-1-value": ("grid_rows = 10\n[[launch]]\ncomp_exit = -5\n", "value of 'comp_exit' is -5 in [[launch]] #1"),
}
#: whatif refuses [[launch]] tables first (an error that names the file already)
WHATIF_CASES = [case for case, (hints, _) in CASES.items() if "[[launch]]" not in hints]


def _one_line_naming(path: Path, argv: list[str], needle: str) -> None:
    result = run_cli(*argv)
    assert result.code == 2, result.stdout[-2000:]
    assert result.stderr.startswith(f"hlsight: error: {path}: ") and result.stderr.count("\n") == 1, result.stderr
    assert needle in result.stderr, result.stderr


@pytest.mark.parametrize("case", list(CASES))
def test_analyze_hints_errors_name_the_file(tmp_path: Path, case: str) -> None:
    hints, needle = CASES[case]
    path = tmp_path / "host.toml"
    path.write_text(hints, encoding="utf-8")
    _one_line_naming(path, ["analyze", str(HOTSPOT), "--hints", str(path)], needle)


@pytest.mark.parametrize("case", WHATIF_CASES)
def test_whatif_hints_errors_name_the_file(tmp_path: Path, case: str) -> None:
    hints, needle = CASES[case]
    path = tmp_path / "host.toml"
    path.write_text(hints, encoding="utf-8")
    _one_line_naming(path, ["whatif", str(HOTSPOT), "--hints", str(path), "--sweep", "grid_rows=1,2"], needle)


def test_a_set_name_is_not_blamed_on_the_hints_file(tmp_path: Path) -> None:
    path = tmp_path / "host.toml"
    path.write_text("grid_rows = 10\n", encoding="utf-8")
    result = run_cli("analyze", str(HOTSPOT), "--hints", str(path), "--set", "comp_exti=5")
    assert result.code == 2
    assert result.stderr.startswith("hlsight: error: unknown name 'comp_exti'"), result.stderr
    assert str(path) not in result.stderr
