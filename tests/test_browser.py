"""Open the HTML report and the annotated vendor reports in headless Chromium.

Fails on any console error, uncaught exception, failed resource load or
JavaScript dialog; saves a screenshot of every page under ``test-artifacts/``.
They run wherever a Chromium is found. ``.ci/run`` installs one and sets
HLSIGHT_REQUIRE_BROWSER=1, which turns a missing browser into a failure;
elsewhere a missing browser skips them with the reason in pytest's summary.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from hlsight.annotate.vivado import annotate_vivado
from hlsight.fixtures.sample_results import vector_add_result
from hlsight.reporters.base import RenderOptions
from hlsight.reporters.html import HtmlReporter
from tests.chromium import PageReport, check_page, find_chromium
from tests.conftest import CORPUS, FIXTURES, REPO, run_cli

ARTIFACTS = REPO / "test-artifacts"
SAXPY1 = CORPUS / "aoc" / "aoc18.1.1pro_s10_520n_saxpy_vscale" / "reportIntel" / "SAXPY1" / "reports"
NW = CORPUS / "vivado" / "vitis2022.2.2_machsuite_nw"
KMERS = CORPUS / "aoc" / "oneapi2023.0_s10mx_kmers" / "less_work_but_slower" / "reports_v12_m_v9_half"
KMERS_VALUES = ("--set", "element_bytes=1", "--set", "stride=1", "--set", "work_items=1e9")
#: JavaScript: true when no visible part of a vendor element (outside the panel)
#: lies under the hlsight panel (a wide vendor table scrolls inside the body, which clips it).
PANEL_CLEAR = """(() => {
  const panel = document.getElementById('hlsight-panel').getBoundingClientRect();
  const body = document.body.getBoundingClientRect();
  const clip = getComputedStyle(document.body).overflowX !== 'visible' ? body.right : Infinity;
  const vendor = Array.from(document.querySelectorAll('body table, body img, body pre, body h1, body h2'))
    .filter(e => !e.closest('#hlsight-panel'));
  return vendor.length > 0 && vendor.every(e => Math.min(e.getBoundingClientRect().right, clip) <= panel.left + 1);
})()"""
VIEWER_STUB = FIXTURES / "aoc_viewer_stub" / "main.js"
HOSTILE = "<script>alert(1)</script>"
#: Values the SAXPY1 report lacks, so its estimate is numeric (charts, badges with times).
#: (SAXPY is single-work-item: its element count is the kernel argument ``size``.)
SAXPY_VALUES = ("--set", "size=32768000", "--set", "fmax=300")

pytestmark = [pytest.mark.browser]


@pytest.fixture(scope="module", autouse=True)
def _chromium_present() -> None:
    if find_chromium() is not None:
        return
    if os.environ.get("HLSIGHT_REQUIRE_BROWSER") == "1":
        pytest.fail("HLSIGHT_REQUIRE_BROWSER=1 but no chromium was found (apt-get install chromium)")
    pytest.skip("no chromium found (apt-get install chromium to run the headless-browser checks)")


def _clean(report: PageReport) -> None:
    assert report.errors == [], "\n".join(report.errors)
    assert report.dialogs == [], report.dialogs
    assert report.screenshot is not None and report.screenshot.stat().st_size > 10_000


def install_viewer_stub(report_html: Path) -> list[str]:
    """Stand in for Intel's viewer libraries, which the corpus does not carry:
    main.js becomes the stub renderer, every other missing local asset an
    empty file. Returns the assets that were missing."""
    soup = BeautifulSoup(report_html.read_text(encoding="utf-8"), "lxml")
    references = [str(tag["src"]) for tag in soup.find_all("script", src=True)]
    references += [str(tag["href"]) for tag in soup.find_all("link", href=True)]
    missing = []
    for reference in references:
        asset = (report_html.parent / reference).resolve()
        if asset.exists():
            continue
        missing.append(reference)
        asset.parent.mkdir(parents=True, exist_ok=True)
        stub = VIEWER_STUB.read_text(encoding="utf-8")
        if asset.name == "fpga_report_core.js":  # oneAPI 2023: the page calls renderRootComponent()
            stub += ("\nfunction renderRootComponent() {\n  var pane = document.createElement('div');\n"
                     "  pane.id = 'report-pane';\n  document.body.appendChild(pane);\n  main();\n}\n")
        asset.write_text(stub if asset.name in ("main.js", "fpga_report_core.js") else "")
    return missing


def test_html_report_of_a_modelled_kernel(tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    page.write_text(HtmlReporter().render(vector_add_result(), RenderOptions()), encoding="utf-8")
    report = check_page(page, ARTIFACTS / "html-report-sample.png", {
        "bars": "document.querySelectorAll('svg rect.hs-ideal').length",
        "math": "document.querySelectorAll('math').length",
        "mathHeight": "document.querySelector('math').getBoundingClientRect().height",
        "highlighted": "document.querySelectorAll('.hs-hl').length",
    })
    _clean(report)
    assert report.values["bars"] == 4  # 3 LSUs + 1 bank
    assert report.values["math"] == 1 and report.values["mathHeight"] > 10  # MathML is laid out
    assert report.values["highlighted"] == 2


def test_html_report_of_corpus_cases(tmp_path: Path) -> None:
    for name, path, values in (("aoc-saxpy1", SAXPY1, SAXPY_VALUES), ("vitis-nw", NW, ()),
                               ("oneapi-kmers", KMERS, KMERS_VALUES)):
        page = tmp_path / f"{name}.html"
        assert run_cli("analyze", str(path), *values, "--format", "html", "-o", str(page)).code == 0
        report = check_page(page, ARTIFACTS / f"html-report-{name}.png", {
            "kernels": "Array.from(document.querySelectorAll('h2 .hs-name'), e => e.textContent)",
            "bars": "document.querySelectorAll('svg rect.hs-ideal').length",
            "ranked": "Array.from(document.querySelectorAll('table.hs-ranked tbody tr'), "
                      "r => Array.from(r.cells, c => c.textContent))",
            "rankedVisible": "document.querySelector('table.hs-ranked').getBoundingClientRect().top < innerHeight",
            # kmers' generated names ("two_bit_..._half.cpp:530#12") made its tables 1,540 px wide
            "overflow": "document.documentElement.scrollWidth - innerWidth",
        })
        _clean(report)
        assert report.values["kernels"][0] == {"aoc-saxpy1": "SAXPY", "vitis-nw": "needwun",
                                               "oneapi-kmers": "parse_reads1"}[name]
        assert report.values["rankedVisible"] is True  # on the first screen
        assert report.values["overflow"] <= 0  # no sideways scrolling of the page at 1,280 px
        first = report.values["ranked"][0]
        if name == "aoc-saxpy1":
            assert first[:3] == ["SAXPY", "169 ms", "memory-bound (non-saturated)"]
        elif name == "vitis-nw":  # one function: the _Pipeline_ modules are folded into it (issue 12)
            assert [row[0] for row in report.values["ranked"]] == ["needwun"]
        else:
            assert len(report.values["ranked"]) == 37 and first[1] == "939 ms"
        if name == "aoc-saxpy1":
            assert report.values["bars"] == 4  # 3 LSUs + the DDR bank


def test_html_report_shows_each_launch(tmp_path: Path) -> None:
    """A ``[[launch]]`` sequence (Rodinia pathfinder: 15 full blocks of rows,
    then the rest) is a table in the report header, laid out on the first screen."""
    hints = tmp_path / "launches.toml"
    hints.write_text('rem_rows = 20\n[[launch]]\nrepeat = 15\n"comp_exit" = 431600\n'
                     "[[launch]]\ncomp_exit = 100000\nrem_rows = 5\n")
    page = tmp_path / "pathfinder.html"
    report_dir = CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "pathfinder"
    assert run_cli("analyze", str(report_dir), "--hints", str(hints), "--format", "html", "-o", str(page)).code == 0
    report = check_page(page, ARTIFACTS / "html-report-launches.png", {
        "launches": "Array.from(document.querySelectorAll('table.hs-launches tbody tr'), "
                    "r => Array.from(r.cells, c => c.textContent))",
        "height": "document.querySelector('table.hs-launches').getBoundingClientRect().height",
        "visible": "document.querySelector('table.hs-launches').getBoundingClientRect().top < innerHeight",
    })
    _clean(report)
    assert report.values["launches"] == [
        ["15 x [comp_exit=431600] (all kernels)", "2.32 ms", "34.8 ms", "memory"],
        ["1 x [comp_exit=100000, rem_rows=5] (all kernels)", "617 us", "617 us", "memory"],
    ]
    assert report.values["height"] > 20 and report.values["visible"] is True


def test_annotated_aoc_report_decorates_vendor_lsu_rows(tmp_path: Path) -> None:
    out = tmp_path / "annotated"
    assert run_cli("annotate", str(SAXPY1), "-o", str(out), *SAXPY_VALUES).code == 0
    assert "lib/main.js" in " ".join(install_viewer_stub(out / "report.html"))
    report = check_page(out / "report.html", ARTIFACTS / "annotated-aoc-saxpy1.png", {
        "vendorRows": "document.querySelectorAll('.vendor-stub-table tr').length",
        "badges": "Array.from(document.querySelectorAll('.hlsight-badge'), e => e.textContent)",
        "panelVisible": "document.getElementById('hlsight-panel').getBoundingClientRect().height > 50",
        "panelClear": PANEL_CLEAR,
    }, settle_seconds=1.5)
    _clean(report)
    assert report.values["vendorRows"] == 3
    badges = report.values["badges"]
    # each vendor row its own LSU: the two Load rows of line 11 get load0 and load1, one each
    assert len(badges) == 3
    assert sum("SAXPY/load0" in badge for badge in badges) == 1
    assert sum("SAXPY/load1" in badge for badge in badges) == 1
    assert sum("SAXPY/store0" in badge for badge in badges) == 1
    assert all(badge.count("T_ideal") == 1 and "T_ovh" in badge for badge in badges)
    assert report.values["panelVisible"] is True
    assert report.values["panelClear"] is True  # the panel sits beside the vendor's table, not over it


def test_annotated_kmers_report_stays_readable(tmp_path: Path) -> None:
    """37 kernels: the panel ranks them by time (10 shown, the rest folded),
    findings grouped; 46 LSU rows get one badge each."""
    out = tmp_path / "kmers"
    assert run_cli("annotate", str(KMERS), "-o", str(out), *KMERS_VALUES).code == 0
    assert "./resources/core/fpga_report_core.js" in install_viewer_stub(out / "report.html")
    report = check_page(out / "report.html", ARTIFACTS / "annotated-oneapi-kmers.png", {
        "vendorRows": "document.querySelectorAll('.vendor-stub-table tr').length",
        "badges": "Array.from(document.querySelectorAll('.hlsight-badge'), e => e.dataset.hlsightLsus)",
        "rankedShown": "Array.from(document.querySelectorAll('#hlsight-panel > details > .hs-body > table.hs-ranked"
                       " tbody tr'), r => r.cells[0].textContent + ' ' + r.cells[1].textContent)",
        "findings": "document.querySelectorAll('#hlsight-panel .hs-hints li').length",
        "panelClear": PANEL_CLEAR,
    }, settle_seconds=2.5)
    _clean(report)
    badges = report.values["badges"]
    assert report.values["vendorRows"] > 0 and len(badges) > 0
    assert all(" " not in ids for ids in badges)  # one LSU per badge
    assert len(set(badges)) == len(badges)  # and no LSU on two rows
    shown = report.values["rankedShown"]
    assert len(shown) == 10 and shown[0].endswith(" 939 ms")
    assert report.values["findings"] < 40  # grouped, not one line per LSU
    assert report.values["panelClear"] is True


def test_annotated_vivado_report(tmp_path: Path) -> None:
    out = tmp_path / "nw"
    assert run_cli("annotate", str(NW), "-o", str(out)).code == 0
    report = check_page(out / "csynth.html", ARTIFACTS / "annotated-vitis-nw.png",
                        {"panel": "!!document.getElementById('hlsight-panel')", "panelClear": PANEL_CLEAR,
                         "ranked": "document.querySelectorAll('#hlsight-panel table.hs-ranked tbody tr').length"})
    _clean(report)
    assert report.values["panel"] is True
    assert report.values["panelClear"] is True
    assert report.values["ranked"] == 1  # needwun, its _Pipeline_ modules folded in


def test_hostile_names_never_execute(tmp_path: Path) -> None:
    result = vector_add_result(kernel_name=HOSTILE, source_path=f"/tmp/{HOSTILE}.cl")
    page = tmp_path / "hostile.html"
    page.write_text(HtmlReporter().render(result, RenderOptions()), encoding="utf-8")
    report = check_page(page, ARTIFACTS / "html-report-hostile.png",
                        {"name": "document.querySelector('.hs-name').textContent"})
    _clean(report)
    assert report.values["name"] == HOSTILE
    copy_root = tmp_path / "vivado-copy"
    copy_root.mkdir()
    annotated = annotate_vivado(copy_root, result)
    report = check_page(annotated, ARTIFACTS / "annotated-hostile.png",
                        {"panel": "document.querySelector('#hlsight-panel table.hs-ranked td').textContent"})
    _clean(report)
    assert report.values["panel"] == HOSTILE
