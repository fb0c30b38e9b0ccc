"""Bad and hostile Vivado/Vitis inputs end with exit code 2 and one line;
discovery accepts project, solution, syn, syn/report dirs and single files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import CORPUS, run_cli

VIVADO = CORPUS / "vivado"
IGCN = VIVADO / "vitis2022.1_igcn"
DCT = VIVADO / "vhls2015.3_ug871_dct_seq"

BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<profile><UserAssignments><TopModelName>&lol4;</TopModelName></UserAssignments></profile>
"""

EXTERNAL_ENTITY = """<?xml version="1.0"?>
<!DOCTYPE profile [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<profile><UserAssignments><TopModelName>&secret;</TopModelName></UserAssignments></profile>
"""


def assert_one_line_error(argv: list[str], *needles: str) -> str:
    result = run_cli(*argv)
    assert result.code == 2, result
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith("hlsight: error: ")
    assert "Traceback" not in result.stderr
    for needle in needles:
        assert needle in result.stderr, result.stderr
    return result.stderr


@pytest.mark.parametrize("text", [BILLION_LAUGHS, EXTERNAL_ENTITY], ids=["billion-laughs", "external-entity"])
def test_hostile_xml_is_refused(tmp_path: Path, text: str) -> None:
    hostile = tmp_path / "top_csynth.xml"
    hostile.write_text(text)
    assert_one_line_error(["analyze", str(hostile)], str(hostile), "DOCTYPE")
    assert_one_line_error(["analyze", str(tmp_path)], str(hostile), "DOCTYPE")


def test_hostile_xml_in_utf16_is_refused(tmp_path: Path) -> None:
    """The byte pre-scan misses UTF-16; the parsed document's DTD is still refused."""
    hostile = tmp_path / "top_csynth.xml"
    hostile.write_bytes(BILLION_LAUGHS.replace('version="1.0"', 'version="1.0" encoding="UTF-16"')
                        .encode("utf-16"))
    assert_one_line_error(["analyze", str(hostile)], str(hostile), "document type")


def test_truncated_xml_is_malformed(tmp_path: Path) -> None:
    data = (IGCN / "IGCN_csynth.xml").read_bytes()
    truncated = tmp_path / "IGCN_csynth.xml"
    truncated.write_bytes(data[: len(data) // 2])
    assert_one_line_error(["analyze", str(truncated)], str(truncated), "malformed XML")


@pytest.mark.parametrize("text, needle", [
    ("", "empty file"),
    ("<profile>", "malformed XML"),
    ("<report><x/></report>", "root element is <report>"),
    ("<profile><ReportVersion><Version>2020.1</Version></ReportVersion></profile>", "TopModelName"),
    ("not xml at all", "malformed XML"),
])
def test_malformed_xml(tmp_path: Path, text: str, needle: str) -> None:
    bad = tmp_path / "m_csynth.xml"
    bad.write_text(text)
    assert_one_line_error(["analyze", str(bad)], str(bad), needle)


def test_truncated_rpt(tmp_path: Path) -> None:
    lines = (DCT / "dct_csynth.rpt").read_text().splitlines(keepends=True)
    truncated = tmp_path / "dct_csynth.rpt"
    truncated.write_text("".join(lines[:12]))
    assert_one_line_error(["analyze", str(truncated)], str(truncated), "Performance Estimates")


def test_garbage_rpt(tmp_path: Path) -> None:
    bad = tmp_path / "dct_csynth.rpt"
    bad.write_text("hello\nworld\n")
    assert_one_line_error(["analyze", str(bad)], str(bad), "Report for")


def test_summary_rpt_alone_is_refused() -> None:
    assert_one_line_error(["analyze", str(IGCN / "csynth.rpt")], "csynth.rpt", "maxima")


def _project(tmp_path: Path, solutions: list[str], case: Path = IGCN, marker: str = "hls.app") -> Path:
    project = tmp_path / "proj"
    project.mkdir()
    (project / marker).write_text("<project/>")
    for name in solutions:
        report = project / name / "syn" / "report"
        report.mkdir(parents=True)
        for source in case.glob("*csynth*"):
            shutil.copy(source, report / source.name)
    return project


def test_several_solutions_need_a_choice(tmp_path: Path) -> None:
    project = _project(tmp_path, ["solution1", "solution2"])
    assert_one_line_error(["analyze", str(project)], "solution1, solution2", "--solution")
    assert_one_line_error(["analyze", str(project), "--solution", "nope"], "solution1, solution2", "nope")
    result = run_cli("analyze", str(project), "--solution", "solution2", "--format", "json")
    assert result.code == 0, result.stderr
    assert json.loads(result.stdout)["name"] == "IGCN"


@pytest.mark.parametrize("relative", [".", "solution1", "solution1/syn", "solution1/syn/report",
                                      "solution1/syn/report/IGCN_csynth.xml",
                                      "solution1/syn/report/IGCN_csynth.rpt",
                                      "solution1/syn/report/csynth.xml"])
def test_discovery_accepts_every_level(tmp_path: Path, relative: str) -> None:
    project = _project(tmp_path, ["solution1"], marker="vivado_hls.app")
    result = run_cli("analyze", str(project / relative), "--format", "json")
    assert result.code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["name"] == "IGCN"
    assert data["source"]["tool"] == "vitis_hls"


def test_single_rpt_file_reads_that_module_only() -> None:
    result = run_cli("analyze", str(DCT / "dct_dct_2d_csynth.rpt"), "--format", "json")
    assert result.code == 0, result.stderr
    data = json.loads(result.stdout)
    assert [kernel["name"] for kernel in data["kernels"]] == ["dct_dct_2d"]
    assert [loop["name"] for loop in data["kernels"][0]["loops"]] == [
        "Row_DCT_Loop", "Xpose_Row_Outer_Loop", "Col_DCT_Loop", "Xpose_Col_Outer_Loop"]
    missing = [diag for diag in data["diagnostics"] if diag["rule"] == "vivado-missing-module-report"]
    assert [diag["subject"] for diag in missing] == ["dct_dct_1d2"]
    assert missing[0]["severity"] == "info"


@pytest.mark.parametrize("source", [DCT / "dct_dct_2d_csynth.rpt", DCT / "dct_dct_2d_csynth.xml",
                                    VIVADO / "vitis2024.1_wrr_dataflow" / "weighted_rr_csynth.rpt",
                                    VIVADO / "vitis2023.2_cluster_nms" / "csynth.xml"])
def test_damaged_reports_never_crash(tmp_path: Path, source: Path) -> None:
    """Truncation at 40 points and deletion of single lines: a design or an
    InputError, never another exception (which the CLI would show as a bug)."""
    from hlsight.core.errors import InputError
    from hlsight.parsers.vivado import read_report

    data = source.read_bytes()
    lines = data.split(b"\n")
    damaged = [data[: len(data) * k // 40] for k in range(40)]
    damaged += [b"\n".join(lines[:i] + lines[i + 1:]) for i in range(0, len(lines), max(1, len(lines) // 40))]
    target = tmp_path / source.name
    refused = 0
    for variant in damaged:
        target.write_bytes(variant)
        try:
            read_report(target)
        except InputError as error:
            refused += 1
            assert str(target) in error.render()
    assert refused >= 40  # every one of the 40 truncations is refused


def _two_designs(tmp_path: Path) -> Path:
    """proj/solution1 with gaussian's reports, proj/solution2 with fibonacci's."""
    project = tmp_path / "proj"
    designs = (("solution1", VIVADO / "vitis2020.2_gaussian"), ("solution2", VIVADO / "vhls2019.2_fibonacci"))
    for solution, case in designs:
        report = project / solution / "syn" / "report"
        report.mkdir(parents=True)
        for source in case.glob("*csynth*"):
            shutil.copy(source, report / source.name)
    return project


@pytest.mark.parametrize("relative", ["solution1", "solution1/syn/report", "solution1/syn/report/gaussian_csynth.xml"])
def test_a_solution_option_that_picks_nothing_is_refused(tmp_path: Path, relative: str) -> None:
    """``analyze proj/solution1 --solution solution2`` printed solution1's
    numbers: the option was ignored without a word."""
    project = _two_designs(tmp_path)
    message = assert_one_line_error(["analyze", str(project / relative), "--solution", "solution2"],
                                    "--solution solution2 does not apply", "solution1", "project folder")
    assert str(project / relative) in message
    chosen = run_cli("analyze", str(project), "--solution", "solution2", "--format", "json")
    assert chosen.code == 0, chosen.stderr
    assert json.loads(chosen.stdout)["name"] == "fibonacci"
    same = run_cli("analyze", str(project / relative), "--solution", "solution1", "--format", "json")
    assert same.code == 0, same.stderr
    assert json.loads(same.stdout)["name"] == "gaussian"


def test_a_solution_option_on_a_report_outside_any_solution_is_refused() -> None:
    assert_one_line_error(["analyze", str(VIVADO / "vitis2020.2_gaussian"), "--solution", "solution1"],
                          "--solution solution1 does not apply", "not a project")


def test_a_solution_option_on_an_aoc_report_is_refused() -> None:
    report = CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "vectoradd"
    assert_one_line_error(["analyze", str(report), "--solution", "foo"],
                          str(report), "--solution foo does not apply", "aoc/oneAPI", "Vivado/Vitis project")


@pytest.mark.parametrize("name", ["gaussian_csynth.rpt", "gaussian_csynth.xml"])
def test_an_empty_vivado_report_says_empty_file(tmp_path: Path, name: str) -> None:
    """The rpt said "no '== Vivado/Vitis HLS Report for' title"."""
    report = tmp_path / name
    shutil.copy(VIVADO / "vitis2020.2_gaussian" / name, report)
    report.write_bytes(b"")
    assert_one_line_error(["analyze", str(report)], f"{report}: empty file (expected ")
