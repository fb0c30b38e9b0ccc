"""``whatif -o FILE`` picks the format from the suffix as ``analyze -o``
does (a new user's ``-o sweep.json`` held the text table); an explicit
``--format`` wins."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import CORPUS, run_cli

VECTORADD = str(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "vectoradd")
SWEEP = ("--sweep", "work_items=1e6,1e8")


def test_output_suffix_names_the_format(tmp_path: Path) -> None:
    as_json, as_csv, as_text = tmp_path / "sweep.json", tmp_path / "sweep.CSV", tmp_path / "sweep.txt"
    for path in (as_json, as_csv, as_text):
        result = run_cli("whatif", VECTORADD, *SWEEP, "-o", str(path))
        assert result.code == 0, result.stderr
    assert json.loads(as_json.read_text(encoding="utf-8"))["points"]["count"] == 2
    assert as_csv.read_text(encoding="utf-8").splitlines()[0].startswith("work_items")
    assert as_text.read_text(encoding="utf-8").startswith("# test_bw10: ")
    solved = tmp_path / "solve.json"
    assert run_cli("whatif", VECTORADD, "--solve", "work_items", "--for-time", "10ms", "-o", str(solved)).code == 0
    assert json.loads(solved.read_text(encoding="utf-8"))["value"] == 10_091_605


def test_explicit_format_wins_over_the_suffix(tmp_path: Path) -> None:
    path = tmp_path / "sweep.json"
    assert run_cli("whatif", VECTORADD, *SWEEP, "--format", "csv", "-o", str(path)).code == 0
    assert path.read_text(encoding="utf-8").splitlines()[0].startswith("work_items")
