"""Offline HTML report: content, links, escaping, no external resources."""

from __future__ import annotations

import re

from bs4 import BeautifulSoup, Tag

from hlsight.fixtures.sample_results import vector_add_result
from hlsight.reporters.base import RenderOptions
from hlsight.reporters.html import HtmlReporter
from hlsight.reporters.html_view import BAR_SPACE

HOSTILE = "<script>alert(1)</script>"


def _soup(**kwargs: object) -> tuple[str, BeautifulSoup]:
    html = HtmlReporter().render(vector_add_result(**kwargs), RenderOptions())  # type: ignore[arg-type]
    return html, BeautifulSoup(html, "lxml")


def test_report_is_self_contained() -> None:
    html, soup = _soup()
    assert not soup.find_all("script")  # no JavaScript at all
    assert not soup.find_all("link", rel="stylesheet")
    for tag in soup.find_all(src=True) + soup.find_all(href=True):
        reference = tag.get("src") or tag.get("href")
        assert str(reference).startswith(("#", "data:")), reference
    assert "http://" not in re.sub(r'xmlns="[^"]+"', "", html).replace("http://www.w3.org", "")
    assert soup.find("style") is not None


def test_expression_is_mathml_and_estimate_is_shown() -> None:
    _, soup = _soup()
    math = soup.find("math")
    assert isinstance(math, Tag) and math.get("xmlns") == "http://www.w3.org/1998/Math/MathML"
    # work_items stays one identifier, as users type it in --set (not "work" with subscript "items")
    assert "work_items" in [mi.get_text() for mi in math.find_all("mi")]
    assert not math.find_all("msub")
    # products show their dot: names are words ("1000000relu_stream<relu_config3>:fmax" read as one)
    operators = [mo.get_text() for mo in math.find_all("mo")]
    assert "\u00b7" in operators and "\u2062" not in operators
    assert "101 ms" in soup.find(class_="hs-headline").get_text()
    assert soup.find(class_="hs-bound-memory") is not None


def test_bar_chart_lengths_are_proportional_to_times() -> None:
    _, soup = _soup()
    lsu_chart = soup.find_all("figure", class_="hs-chart")[0]
    ideal = [float(rect["width"]) for rect in lsu_chart.find_all("rect", class_="hs-ideal")]
    overhead = [float(rect["width"]) for rect in lsu_chart.find_all("rect", class_="hs-ovh")]
    # st.z is the longest bar (28 + 8.4 ms) and fills the chart
    assert abs(ideal[2] + overhead[2] - BAR_SPACE) < 0.01
    assert abs(overhead[2] / overhead[0] - 2.0) < 1e-3
    assert abs(ideal[0] / (ideal[2] + overhead[2]) - 28 / 36.4) < 1e-3


def test_bandwidth_demand_vs_supply_per_lsu() -> None:
    _, soup = _soup()
    figure = soup.find("figure", class_="hs-bandwidth")
    # eq. 5: f_min = bw_dram * stride / width = 14.928 GB/s * 1 / 64 B = 233.25 MHz
    rows = [[cell.get_text(" ", strip=True) for cell in row.find_all("td")] for row in figure.select("tbody tr")]
    assert rows[0][:3] == ["ld.x", "233.2 MHz", "300 MHz"] and rows[0][3].startswith("saturated")
    assert rows[2][:3] == ["st.z", "466.5 MHz", "300 MHz"] and rows[2][3].startswith("not saturated")
    labels = [text.get_text() for text in figure.select("svg text.hs-bar-value")]
    # demand f_max * width / stride: 300 MHz * 64 B = 19.2 GB/s; supply bw_dram = 14.93 GB/s
    assert labels[:2] == ["19.2 GB/s", "14.93 GB/s"]
    assert labels[4:6] == ["9.6 GB/s", "14.93 GB/s"]  # st.z with stride 2
    demand = float(figure.select("rect.hs-demand")[0]["width"])
    supply = float(figure.select("rect.hs-supply")[0]["width"])
    assert abs(supply / demand - 14.928 / 19.2) < 1e-3


def test_model_quantities_hide_internal_objects() -> None:
    _, soup = _soup()
    names = [th.get_text() for th in soup.select("details table th")]
    assert "profile" in names and "value of fmax" in names
    assert "_symbolic" not in names and "lsu_facts" not in names


def test_every_hint_links_to_a_highlighted_source_line() -> None:
    _, soup = _soup()
    links = [a for a in soup.select(".hs-hints a")]
    assert [a["href"] for a in links] == ["#src-0-L6", "#src-0-L6"]
    for link in links:
        target = soup.find(id=str(link["href"])[1:])
        assert isinstance(target, Tag) and "hs-hl" in target["class"]
        assert "z[i] = x[i] + y[i];" in target.get_text()
    # the LSU without a source location is listed without a link
    rows = soup.find_all("tr")
    st_row = next(row for row in rows if row.find("td") and row.find("td").get_text() == "st.z")
    assert st_row.find("a") is None


def test_loop_table_nests_children() -> None:
    _, soup = _soup()
    loop_rows = [row for row in soup.find_all("tr") if row.find("td") and "vector_add.B0" in row.get_text()]
    assert loop_rows
    inner = loop_rows[0].find_next_sibling("tr")
    cells = [cell.get_text(strip=True) for cell in inner.find_all("td")]
    assert cells[:4] == ["inner", "no", ">=4", "16"]


def test_symbolic_estimate_and_unembedded_source() -> None:
    _, soup = _soup(symbolic=True, embed_source=False)
    assert "symbolic in stride, work" in soup.find(class_="hs-headline").get_text()
    assert "No numeric times yet" in soup.get_text()
    assert soup.find(class_="hs-bandwidth") is None
    assert "does not embed its text" in soup.get_text()
    assert not soup.select(".hs-hints a")  # nothing to link to


def test_hostile_kernel_and_file_names_render_as_text() -> None:
    html = HtmlReporter().render(
        vector_add_result(kernel_name=HOSTILE, source_path=f"/tmp/{HOSTILE}.cl"), RenderOptions()
    )
    assert HOSTILE not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    soup = BeautifulSoup(html, "lxml")
    assert not soup.find_all("script")
    assert HOSTILE in soup.find(class_="hs-name").get_text()
    assert any(HOSTILE in heading.get_text() for heading in soup.find_all("h3", class_="hs-file"))


def test_hints_are_listed_most_severe_first() -> None:
    _, soup = _soup()
    severities = [item["class"][0] for item in soup.select(".hs-hints li")]
    assert severities == ["hs-sev-warning", "hs-sev-warning", "hs-sev-note"]
