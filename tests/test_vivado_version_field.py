"""What a Vivado/Vitis report's version field says is said back: a number
outside the tested range is a warning, an empty field a note (a public
2025.2 component writes ``<Version></Version>``), and a word where the
number goes a warning. A hand-edited copy of a public Vitis 2025.1 report
reading ``banana`` got only the empty field's note, behind ``-v``."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import CORPUS, run_cli

FIBONACCI = CORPUS / "vivado" / "vhls2019.2_fibonacci"


def _with_version(tmp_path: Path, version: str) -> Path:
    report = tmp_path / "fibonacci"
    shutil.copytree(FIBONACCI, report)
    for path in report.glob("*.xml"):
        path.write_text(path.read_text(encoding="utf-8").replace("<Version>2019.2</Version>",
                                                                 f"<Version>{version}</Version>"), encoding="utf-8")
    rpt = report / "fibonacci_csynth.rpt"
    rpt.write_text(rpt.read_text(encoding="utf-8").replace("* Version:        2019.2 (Build",
                                                           f"* Version:        {version} (Build"), encoding="utf-8")
    return report


@pytest.mark.parametrize(("version", "severity", "words"), [
    ("banana", "warning", "version reads 'banana', not a version number"),
    ("", "note", "the report gives no vivado_hls version"),
    ("2031.9", "warning", "version 2031.9 is outside the tested range 2015.3-2025.2"),
    ("2019.2.1.1.1", "warning", "version reads '2019.2.1.1.1', not a release number (year.release[.update]):"
                                " read as 2019.2"),
    ("2019.2banana", "warning", "version reads '2019.2banana', not a release number"),
])
def test_the_version_field_is_said_back(tmp_path: Path, version: str, severity: str, words: str) -> None:
    result = run_cli("analyze", str(_with_version(tmp_path, version)), "--format", "json")
    assert result.code == 0, result.stderr
    said = [(item["severity"], item["message"]) for item in json.loads(result.stdout)["diagnostics"]
            if item["rule"] == "vivado-untested-version"]
    assert len(said) == 1 and said[0][0] == severity and words in said[0][1], said


@pytest.mark.parametrize("version", ["2019.2", "2019.2.1", "2018.2_AR71275_op"])
def test_a_tested_version_says_nothing(tmp_path: Path, version: str) -> None:
    result = run_cli("analyze", str(_with_version(tmp_path, version)), "--format", "json")
    assert not [item for item in json.loads(result.stdout)["diagnostics"] if item["rule"] == "vivado-untested-version"]
