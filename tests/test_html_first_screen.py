"""Issue 15 item 7: the HTML report's first screen ranks kernels by estimated
time with their bound; loop trip counts come from the source analysis when
the report has none; the bottleneck column is filled or gone."""

from __future__ import annotations

from pathlib import Path

from bs4 import BeautifulSoup

from hlsight.analyzer.pipeline import analyze
from hlsight.parsers.loader import load_design
from hlsight.reporters.base import RenderOptions
from hlsight.reporters.html import HtmlReporter
from tests.conftest import CORPUS, run_cli

KMERS = CORPUS / "aoc" / "oneapi2023.0_s10mx_kmers" / "less_work_but_slower" / "reports_v12_m_v9_half"
NW = CORPUS / "vivado" / "vitis2022.2.2_machsuite_nw"
KMERS_VALUES = ("--set", "element_bytes=1", "--set", "stride=1", "--set", "work_items=1e9")


def _html(tmp_path: Path, *argv: str) -> BeautifulSoup:
    out = tmp_path / "r.html"
    result = run_cli(*argv, "--format", "html", "-o", str(out))
    assert result.code == 0, result.stderr
    return BeautifulSoup(out.read_text(encoding="utf-8"), "lxml")


def _ranked(soup: BeautifulSoup) -> list[list[str]]:
    table = soup.select_one("header table.hs-ranked")
    assert table is not None
    return [[cell.get_text() for cell in row.find_all("td")] for row in table.select("tbody tr")]


def test_kmers_kernels_ranked_by_time_with_bound(tmp_path: Path) -> None:
    rows = _ranked(_html(tmp_path, "analyze", str(KMERS), *KMERS_VALUES))
    assert len(rows) == 37
    assert rows[0][2] in ("memory-bound", "compute-bound", "compute+memory-bound", "memory-bound (non-saturated)")
    timed = [row for row in rows if row[1].endswith((" s", " ms", " us", " ns"))]
    units = {"s": 1.0, "ms": 1e-3, "us": 1e-6, "ns": 1e-9}
    # a kernel whose pipeline waits for a trip count reads "at least 939 ms"
    numbers = [row[1].removeprefix("at least ").split() for row in timed]
    seconds = [float(value) * units[unit] for value, unit in numbers]
    assert seconds == sorted(seconds, reverse=True) and len(timed) >= 10
    # symbolic ones come after every timed one
    assert all(row[1].startswith("symbolic") for row in rows[len(timed):])


def test_demo_loop_trip_count_from_the_source_and_no_empty_bottleneck_column(tmp_path: Path) -> None:
    soup = _html(tmp_path, "demo")
    loops = next(table for table in soup.select("table.hs-table")
                 if table.find("th") is not None and table.find("th").get_text() == "loop")
    headings = [th.get_text() for th in loops.select("thead th")]
    assert "bottleneck" not in headings  # the demo's loop has none: the column is gone
    (row,) = loops.select("tbody tr")
    cells = dict(zip(headings, (td.get_text() for td in row.find_all("td")), strict=True))
    assert cells["trip count"] == "1048576 = ceiling(n/16) (source)"  # n = 16777216 from hints.toml
    assert _ranked(soup) == [["vector_add", "16.6 ms", "memory-bound", "vector_add/load0 5.54 ms"]]


def test_nw_first_screen(tmp_path: Path) -> None:
    soup = _html(tmp_path, "analyze", str(NW))
    rows = _ranked(soup)
    # one function: the outlined _Pipeline_ modules are folded into it (issue 12)
    assert [row[0] for row in rows] == ["needwun"] and rows[0][1] == ("symbolic in loop.needwun.pad_a.trip,"
                                                   " loop.needwun.pad_b.trip, loop.needwun.trace.trip")


def test_the_profile_and_launch_cost_sit_beside_the_design_estimate(tmp_path: Path) -> None:
    """What the number assumes is on the first screen, as in the text headline."""
    wm = CORPUS / "zaragoza" / "reports" / "hbm2" / "wm"
    facts = _facts(_html(tmp_path, "analyze", str(wm), "--set", "iterations=50635"))
    assert facts["design estimate"].startswith("437 us")
    assert facts["DRAM profile"].startswith("hbm2-s10mx for the board Intel Stratix 10 MX dev kit (HBM2)")
    assert facts["launch cost"] == "design time includes 47 us per launch (hbm2-s10mx [launch] overhead_us)"
    demo = _facts(_html(tmp_path, "demo"))
    assert demo["launch cost"].startswith("no per-launch cost added: ")


def _facts(soup: BeautifulSoup) -> dict[str, str]:
    facts = soup.select_one("header dl.hs-facts")
    assert facts is not None
    return {dt.get_text(): dt.find_next_sibling("dd").get_text() for dt in facts.find_all("dt")}


def test_the_header_shows_the_design_caution_first_and_folds_the_rest() -> None:
    """kmers carries 2 cautions (16 kernels' data-dependent addresses, the
    design's in-order queue); with one more on each of 7 kernels (as its
    pipeline-time cautions were before its loop_attr counts were paired with
    the right kernels) the header shows the design's own and the next three,
    and folds the other five into one <details>; each kernel's section
    still shows its own. Sixteen 60-character kernel names shrink to three
    and a count."""
    result = analyze(load_design(KMERS), {"element_bytes": 1, "stride": 1, "work_items": 1e9})
    for name in list(result.estimates)[:7]:
        result.estimates[name].caveats.append(f"a caution of {name} alone")
    soup = BeautifulSoup(HtmlReporter().render(result, RenderOptions()), "lxml")
    facts = soup.select_one("header dl.hs-facts")
    assert facts is not None
    pairs = zip(facts.find_all("dt"), facts.find_all("dd"), strict=True)
    shown = [dd for dt, dd in pairs if dt.get_text() == "caution"]
    assert len(shown) == 5 and shown[0].get_text().startswith("the design time adds its 16 kernel groups")
    folded = shown[4].select_one("details.hs-more-cautions")
    assert folded is not None and folded.summary is not None
    assert folded.summary.get_text() == "5 more (each kernel's section repeats its own)"
    assert len(folded.find_all("p")) == 5
    texts = [dd.get_text() for dd in shown[1:4]] + [p.get_text() for p in folded.find_all("p")]
    (random,) = [text for text in texts if "data-dependent addresses" in text]
    assert " and 13 more: data-dependent addresses: charged one burst each" in random


def test_a_vivado_function_heading_names_the_clock_its_numbers_use(tmp_path: Path) -> None:
    """MachSuite SpMV (Vitis 2022.2, target 5 ns): the heading read "fmax
    300.3 MHz" (the HLS estimate) over a 64.2 us estimate at 200 MHz."""
    soup = _html(tmp_path, "analyze", str(CORPUS / "vivado" / "vitis2022.2.2_machsuite_spmv_crs"))
    heading = soup.find("h2")
    assert heading is not None
    assert heading.get_text(" ", strip=True).endswith("200 MHz (target, HLS estimate 300.3 MHz)")
    given = _html(tmp_path, "analyze", str(CORPUS / "vivado" / "vitis2022.2.2_machsuite_spmv_crs"), "--set",
                  "fmax=250").find("h2")
    assert given is not None and given.get_text(" ", strip=True).endswith("250 MHz (given)")


def test_chart_labels_fit_their_column_and_keep_the_name_s_end(tmp_path: Path) -> None:
    """Long LSU names were cut at the end (three bars read
    ``vector-add-buffers.cpp:…``) and, at 26 monospace characters, also
    clipped off the left edge of a 164 px label column."""
    soup = _html(tmp_path, "analyze", str(KMERS), *KMERS_VALUES)
    labels = [text.get_text() for text in soup.select("svg text.hs-bar-label")]
    long_ones = [label for label in labels if label.startswith("…")]
    assert long_ones and all(label.endswith(("/store0", "/load0", "/load1")) for label in long_ones)
    assert max(len(label) for label in labels) <= int(184 / 6.6)  # the widest column's room


def test_a_phrase_label_keeps_its_start(tmp_path: Path) -> None:
    """The Vivado cycle chart's "(own control and straight-line code)" was cut
    from the front like a generated name: "…ol and straight-line code)"."""
    soup = _html(tmp_path, "analyze", str(CORPUS / "vivado" / "vitis2022.2.2_machsuite_spmv_crs"))
    labels = [text.get_text() for text in soup.select("svg text")]
    own = [label for label in labels if "straight-line" in label or label.startswith("(own")]
    assert own and all(label.startswith("(own control") for label in own)
