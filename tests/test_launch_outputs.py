"""Every output shows the per-launch breakdown of a ``[[launch]]`` sequence
(issue 11: "the design time is the sum over launches, and every output shows
the per-launch breakdown"): text, JSON, HTML, SARIF and the annotated vendor
report, with the values as the user typed them (1048576, not 1.04858e+06).

Rodinia pathfinder (DDR4, the seed authors' report): the host launches
dynproc_kernel 15 times for full blocks of rows and once for the rest.
oneAPI lsu_control (Arria 10 PAC, with a vendor report.html to annotate).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from hlsight.annotate.inject import DATA_ID
from tests.conftest import run_cli


def _pathfinder(corpus: Path, tmp_path: Path) -> tuple[str, str]:
    hints = tmp_path / "launches.toml"
    hints.write_text('rem_rows = 20\n[[launch]]\nrepeat = 15\n"comp_exit" = 431600\n'
                     "[[launch]]\ncomp_exit = 100000\nrem_rows = 5\n")
    return str(corpus / "zaragoza" / "reports" / "ddr4-1866" / "pathfinder"), str(hints)


def _rows(table: BeautifulSoup) -> list[list[str]]:
    return [[cell.get_text(strip=True) for cell in row.find_all("td")] for row in table.select("tbody tr")]


def test_html_sarif_and_json_show_each_launch_like_the_text(corpus: Path, tmp_path: Path) -> None:
    report, hints = _pathfinder(corpus, tmp_path)
    text = run_cli("analyze", report, "--hints", hints).stdout
    lines = [line.strip() for line in text.splitlines() if " in all (" in line]
    assert lines == [
        "15 x [comp_exit=431600] (all kernels): 2.32 ms each, 34.8 ms in all (memory)",
        "1 x [comp_exit=100000, rem_rows=5] (all kernels): 617 us each, 617 us in all (memory)",
    ]
    page = tmp_path / "report.html"
    assert run_cli("analyze", report, "--hints", hints, "--format", "html", "-o", str(page)).code == 0
    table = BeautifulSoup(page.read_text(), "lxml").select_one("table.hs-launches")
    assert table is not None and "sum over launches" in table.caption.get_text()
    assert _rows(table) == [
        ["15 x [comp_exit=431600] (all kernels)", "2.32 ms", "34.8 ms", "memory"],
        ["1 x [comp_exit=100000, rem_rows=5] (all kernels)", "617 us", "617 us", "memory"],
    ]
    payload = json.loads(run_cli("analyze", report, "--hints", hints, "--format", "json").stdout)
    sarif = json.loads(run_cli("analyze", report, "--hints", hints, "--format", "sarif").stdout)
    assert sarif["runs"][0]["properties"]["launches"] == payload["launches"]
    assert [item["total_seconds"] for item in payload["launches"]] == pytest.approx([34.8e-3, 617e-6], rel=2e-3)
    assert payload["estimate"]["seconds"] == pytest.approx(sum(item["total_seconds"] for item in payload["launches"]))


def test_one_launch_shows_no_launch_table(corpus: Path, tmp_path: Path) -> None:
    report, _hints = _pathfinder(corpus, tmp_path)
    page = tmp_path / "report.html"
    run_cli("analyze", report, "--set", "comp_exit=431600", "--set", "rem_rows=20", "--format", "html", "-o", str(page))
    assert BeautifulSoup(page.read_text(), "lxml").select_one("table.hs-launches") is None


def test_annotated_vendor_report_shows_each_launch(corpus: Path, tmp_path: Path) -> None:
    hints = tmp_path / "launches.toml"
    hints.write_text("[[launch]]\nrepeat = 3\ninput_size = 1048576\n[[launch]]\ninput_size = 4096\n")
    out = tmp_path / "annotated"
    report = corpus / "aoc" / "oneapi20.3_a10pac_samples" / "lsu_control"
    result = run_cli("annotate", str(report), "--hints", str(hints), "--set", "fmax=272", "-o", str(out))
    assert result.code == 0, result.stderr
    soup = BeautifulSoup((out / "report.html").read_text(), "lxml")
    table = soup.select_one("#hlsight-panel table.hs-launches")
    assert table is not None
    rows = _rows(table)
    assert [row[0] for row in rows] == ["3 x [input_size=1048576] (all kernels)", "1 x [input_size=4096] (all kernels)"]
    island = soup.find("script", id=DATA_ID)
    assert island is not None
    data = json.loads(island.string or "")
    assert [item["repeat"] for item in data["launches"]] == [3, 1]
    assert [item["values"] for item in data["launches"]] == [{"input_size": 1048576}, {"input_size": 4096}]


def test_a_later_launch_with_a_negative_count_is_refused(corpus: Path, tmp_path: Path) -> None:
    """Every launch's values are checked, not only the first's: pathfinder's last pyramid
    with rem_rows = -3 made its memory time negative (it was summed into the design time);
    rem_rows enters the access counts, so a negative one is refused as a count."""
    hints = tmp_path / "launches.toml"
    hints.write_text("[[launch]]\nrepeat = 15\nrem_rows = 64\ncomp_exit = 431600\n"
                     "[[launch]]\nrem_rows = -3\ncomp_exit = 265600\n")
    report = str(corpus / "zaragoza" / "reports" / "ddr4-1866" / "pathfinder")
    result = run_cli("analyze", report, "--hints", str(hints))
    assert result.code == 2 and result.stdout == ""
    assert result.stderr.startswith(f"hlsight: error: {hints}: value of 'rem_rows' is -3 in [[launch]] #2"
                                    " (expected 0 or more: rem_rows counts work (the access count of LSU")


def test_a_kernel_shown_beside_a_sum_of_launches_says_which_launch_it_is(corpus: Path, tmp_path: Path) -> None:
    """The kernel line read "617 us" beside a 35.4 ms design time (the
    second table's launch, named nowhere), and the HTML card "= 617 us with
    rem_rows = 20" though it was computed at that launch's rem_rows = 5."""
    report, hints = _pathfinder(corpus, tmp_path)
    named = tmp_path / "named.toml"
    named.write_text(Path(hints).read_text().replace("[[launch]]\ncomp_exit = 100000",
                                                     '[[launch]]\nkernel = "dynproc_kernel"\ncomp_exit = 100000'))
    label = "[[launch]] #2 (comp_exit=100000, rem_rows=5)"
    summary = [line for line in run_cli("analyze", report, "--hints", str(named)).stdout.splitlines()
               if line.startswith("  kernel dynproc_kernel")]
    assert summary[0].startswith(f"  kernel dynproc_kernel  617 us, memory-bound (each launch of {label})")
    payload = json.loads(run_cli("analyze", report, "--hints", str(named), "--format", "json").stdout)
    assert payload["kernels"][0]["estimate"]["launch"] == label
    # not named by a table: the first launch's values
    first = json.loads(run_cli("analyze", report, "--hints", hints, "--format", "json").stdout)
    assert first["kernels"][0]["estimate"]["launch"] == "[[launch]] #1 (comp_exit=431600)"
    page = tmp_path / "report.html"
    assert run_cli("analyze", report, "--hints", str(named), "--format", "html", "-o", str(page)).code == 0
    card = BeautifulSoup(page.read_text(), "lxml").get_text(" ", strip=True)
    assert f"= 617 us for each launch of {label}: its values over rem_rows = 20" in card
    assert "= 617 us with rem_rows = 20" not in card
    # without tables the estimate is of the one launch analyze times
    plain = json.loads(run_cli("analyze", report, "--set", "comp_exit=431600", "--set", "rem_rows=20",
                               "--format", "json").stdout)
    assert plain["kernels"][0]["estimate"]["launch"] is None
