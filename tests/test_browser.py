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
        asset.write_text(VIEWER_STUB.read_text(encoding="utf-8") if asset.name == "main.js" else "")
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
    for name, path, values in (("aoc-saxpy1", SAXPY1, SAXPY_VALUES), ("vitis-nw", NW, ())):
        page = tmp_path / f"{name}.html"
        assert run_cli("analyze", str(path), *values, "--format", "html", "-o", str(page)).code == 0
        report = check_page(page, ARTIFACTS / f"html-report-{name}.png", {
            "kernels": "Array.from(document.querySelectorAll('h2 .hs-name'), e => e.textContent)",
            "bars": "document.querySelectorAll('svg rect.hs-ideal').length",
        })
        _clean(report)
        assert report.values["kernels"][0] == {"aoc-saxpy1": "SAXPY", "vitis-nw": "needwun"}[name]
        if name == "aoc-saxpy1":
            assert report.values["bars"] == 4  # 3 LSUs + the DDR bank


def test_annotated_aoc_report_decorates_vendor_lsu_rows(tmp_path: Path) -> None:
    out = tmp_path / "annotated"
    assert run_cli("annotate", str(SAXPY1), "-o", str(out), *SAXPY_VALUES).code == 0
    assert "lib/main.js" in " ".join(install_viewer_stub(out / "report.html"))
    report = check_page(out / "report.html", ARTIFACTS / "annotated-aoc-saxpy1.png", {
        "vendorRows": "document.querySelectorAll('.vendor-stub-table tr').length",
        "badges": "Array.from(document.querySelectorAll('.hlsight-badge'), e => e.textContent)",
        "panelVisible": "document.getElementById('hlsight-panel').getBoundingClientRect().height > 50",
    }, settle_seconds=1.5)
    _clean(report)
    assert report.values["vendorRows"] == 3
    badges = report.values["badges"]
    # the two Load rows list both loads of line 11, the Store row the store
    assert len(badges) == 3
    assert sum("SAXPY/load0" in badge and "SAXPY/load1" in badge for badge in badges) == 2
    assert sum("SAXPY/store0" in badge for badge in badges) == 1
    assert all("T_ideal" in badge and "T_ovh" in badge for badge in badges)
    assert report.values["panelVisible"] is True


def test_annotated_vivado_report(tmp_path: Path) -> None:
    out = tmp_path / "nw"
    assert run_cli("annotate", str(NW), "-o", str(out)).code == 0
    report = check_page(out / "csynth.html", ARTIFACTS / "annotated-vitis-nw.png",
                        {"panel": "!!document.getElementById('hlsight-panel')"})
    _clean(report)
    assert report.values["panel"] is True


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
                        {"panel": "document.querySelector('#hlsight-panel h4').textContent"})
    _clean(report)
    assert report.values["panel"] == HOSTILE
