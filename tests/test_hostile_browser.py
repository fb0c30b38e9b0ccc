"""Names from a hostile report never run as script in the browser (issue 16).

A loop name in a Vitis ``.rpt`` becomes a sympy symbol (``loop.<name>.trip``)
whose MathML the HTML report embeds; the name must arrive as text.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.chromium import check_page, find_chromium
from tests.conftest import CORPUS, REPO, run_cli

ARTIFACTS = REPO / "test-artifacts"
FIBONACCI_RPT = CORPUS / "vivado" / "vhls2019.2_fibonacci" / "fibonacci_csynth.rpt"
PAYLOAD = "<img src=x onerror=alert(1)>"

pytestmark = [pytest.mark.browser]


def hostile_rpt(folder: Path) -> Path:
    """The fibonacci report with its one loop (trip count ``?``) renamed to
    an HTML payload; its estimate is symbolic in ``loop.<payload>.trip``."""
    text = FIBONACCI_RPT.read_text(encoding="utf-8")
    assert "|- Loop 1  |" in text
    target = folder / "fibonacci_csynth.rpt"
    target.write_text(text.replace("|- Loop 1  |", f"|- {PAYLOAD} |"), encoding="utf-8")
    return target


def test_loop_name_reaches_mathml_as_text(tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    result = run_cli("analyze", str(hostile_rpt(tmp_path)), "--format", "html", "-o", str(page))
    assert result.code == 0, result.stderr
    html = page.read_text(encoding="utf-8")
    assert "<img" not in html
    # the loop name reaches the symbol shell-safe (issue 15): no markup survives in it
    assert "<mi>loop." in html and "<img" not in html.split("<body", 1)[1].split("</math>")[0]
    if find_chromium() is None:
        if os.environ.get("HLSIGHT_REQUIRE_BROWSER") == "1":
            pytest.fail("HLSIGHT_REQUIRE_BROWSER=1 but no chromium was found")
        pytest.skip("no chromium found (apt-get install chromium to run the headless-browser checks)")
    report = check_page(page, ARTIFACTS / "html-report-hostile-loop.png",
                        {"images": "document.images.length",
                         "names": "Array.from(document.querySelectorAll('mi')).map(m => m.textContent).join('|')"})
    assert report.dialogs == [], report.dialogs
    assert report.values["images"] == 0
    assert "loop.fibonacci.img_src_x_onerror_alert_1.trip" in report.values["names"]  # shell-safe name (issue 15)
