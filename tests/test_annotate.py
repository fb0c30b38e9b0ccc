"""``hlsight annotate``: a copy of the vendor report with hlsight inside."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from bs4 import BeautifulSoup, Tag

from hlsight.annotate.staging import MARKER
from tests.conftest import CORPUS, run_cli

SAXPY1 = CORPUS / "aoc" / "aoc18.1.1pro_s10_520n_saxpy_vscale" / "reportIntel" / "SAXPY1" / "reports"
KMERS = CORPUS / "aoc" / "oneapi2023.0_s10mx_kmers" / "less_work_but_slower" / "reports_v12_m_v9_half"
NW = CORPUS / "vivado" / "vitis2022.2.2_machsuite_nw"


def tree_digest(root: Path) -> dict[str, str]:
    return {str(path.relative_to(root)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(root.rglob("*")) if path.is_file()}


def _soup(path: Path) -> BeautifulSoup:
    return BeautifulSoup(path.read_text(encoding="utf-8"), "lxml")


def test_aoc_report_gets_panel_data_and_decorator(tmp_path: Path) -> None:
    before = tree_digest(SAXPY1)
    out = tmp_path / "annotated"
    result = run_cli("annotate", str(SAXPY1), "-o", str(out))
    assert result.code == 0, result.stderr
    assert tree_digest(SAXPY1) == before  # input untouched
    after = tree_digest(out)
    assert set(after) == set(before) | {MARKER}  # a full copy; added only the marker --force looks for
    assert {name for name in before if after[name] != before[name]} == {"report.html"}

    original, annotated = _soup(SAXPY1 / "report.html"), _soup(out / "report.html")
    # the vendor page is intact: same external scripts and styles, in order, and its main() call
    assert [s.get("src") for s in annotated.find_all("script", src=True)] == \
        [s.get("src") for s in original.find_all("script", src=True)]
    assert [link["href"] for link in annotated.find_all("link")] == [link["href"] for link in original.find_all("link")]
    assert any(s.string and "main();" in s.string for s in annotated.find_all("script"))
    for element_id in ("report-pane", "editor-pane", "detail-pane"):
        assert annotated.find(id=element_id) is not None

    panel = annotated.find(id="hlsight-panel")
    assert isinstance(panel, Tag) and annotated.body is not None
    assert annotated.body.find(True) is panel  # first element of the body
    assert "SAXPY" in panel.get_text()
    island = annotated.find("script", id="hlsight-data")
    assert isinstance(island, Tag) and island.get("type") == "application/json"
    data = json.loads(island.string or "")
    (kernel,) = data["kernels"]
    assert kernel["name"] == "SAXPY"
    assert [(lsu["kind"], lsu["file"], lsu["line"]) for lsu in kernel["lsus"]] == [
        ("load", "SAXPY1.cl", 11), ("load", "SAXPY1.cl", 11), ("store", "SAXPY1.cl", 11)]
    decorator = annotated.find("script", id="hlsight-decorate")
    assert isinstance(decorator, Tag) and "MutationObserver" in (decorator.string or "")
    assert annotated.find("style", id="hlsight-style") is not None


def test_oneapi_2023_layout_is_annotated(tmp_path: Path) -> None:
    out = tmp_path / "kmers"
    result = run_cli("annotate", str(KMERS), "-o", str(out))
    assert result.code == 0, result.stderr
    annotated = _soup(out / "report.html")
    data = json.loads(annotated.find("script", id="hlsight-data").string or "")
    assert sum(len(kernel["lsus"]) for kernel in data["kernels"]) > 0
    assert annotated.find(id="hlsight-panel") is not None


def test_existing_output_needs_force_and_is_replaced_whole(tmp_path: Path) -> None:
    out = tmp_path / "annotated"
    assert run_cli("annotate", str(SAXPY1), "-o", str(out)).code == 0
    (out / "keep.txt").write_text("mine")
    refused = run_cli("annotate", str(SAXPY1), "-o", str(out))
    assert refused.code == 2
    assert "already exists" in refused.stderr and "--force" in refused.stderr
    assert (out / "keep.txt").read_text() == "mine"
    forced = run_cli("annotate", str(SAXPY1), "-o", str(out), "--force")
    assert forced.code == 0, forced.stderr
    assert not (out / "keep.txt").exists() and (out / "report.html").is_file()
    assert not [path for path in tmp_path.iterdir() if path.name.startswith(".")]  # no staging left behind


def test_output_inside_the_input_is_refused(tmp_path: Path) -> None:
    result = run_cli("annotate", str(SAXPY1), "-o", str(SAXPY1 / "hlsight"))
    assert result.code == 2
    assert "overlaps the report directory" in result.stderr


def test_annotating_an_annotated_report_replaces_the_panel(tmp_path: Path) -> None:
    first, second = tmp_path / "one", tmp_path / "two"
    assert run_cli("annotate", str(SAXPY1), "-o", str(first)).code == 0
    assert run_cli("annotate", str(first), "-o", str(second)).code == 0
    annotated = _soup(second / "report.html")
    for element_id in ("hlsight-panel", "hlsight-data", "hlsight-decorate", "hlsight-style"):
        assert len(annotated.find_all(id=element_id)) == 1


def test_vivado_report_gets_an_html_rendering_with_the_panel(tmp_path: Path) -> None:
    out = tmp_path / "nw"
    result = run_cli("annotate", str(NW), "-o", str(out))
    assert result.code == 0, result.stderr
    assert (out / "csynth.xml").read_bytes() == (NW / "csynth.xml").read_bytes()
    page = _soup(out / "csynth.html")
    rows = [[cell.get_text(strip=True) for cell in row.find_all("td")] for row in page.select("section tbody tr")]
    top = next(row for row in rows if row[0] == "needwun")
    assert top[1] == "top" and top[2] == "?" and top[5] == "5 ns"  # unknown latency stays "?"
    fill_in = next(row for row in rows if row[0] == "fill_in")
    assert fill_in[1:4] == ["yes", "2", "128"]
    assert page.find(id="hlsight-panel") is not None
    assert page.find("script", id="hlsight-data") is not None
    # a Vivado design has no LSU rows to decorate, and reaches no DRAM without an m_axi port
    panel = page.find(id="hlsight-panel").get_text(" ", strip=True)
    assert "LSU rows" not in panel and "DRAM profile no DRAM" not in panel
    assert "no DRAM profile: no m_axi port" in panel
    assert "The full analysis: hlsight analyze REPORT --format html -o analysis.html" in panel



RANDOM_ACCESS = (CORPUS / "aoc" / "aoc21.2_s10_520n_hpcc_stream_randomaccess" / "synthesis_artifacts"
                 / "RandomAccess" / "520n-21.2.0-20.4.0" / "random_access_kernels_single_synth_reports")


def test_the_panel_says_what_the_number_assumes(tmp_path: Path) -> None:
    """The profile, the launch cost and every caution sit in the panel, as
    in the text headline (HPCC RandomAccess on the 520N: built with
    -no-interleaving, which all four kernels share and the panel says once;
    each kernel's pipeline time needs a trip count the -g0 report cannot
    give, so its memory time alone is shown; one in-order queue adds them)."""
    out = tmp_path / "annotated"
    assert run_cli("annotate", str(RANDOM_ACCESS), "-o", str(out)).code == 0
    panel = _soup(out / "report.html").find(id="hlsight-panel")
    assert isinstance(panel, Tag)
    text = panel.get_text()
    assert "DRAM profile " in text and "no per-launch cost added: not measured on this board" in text
    cautions = [p.get_text() for p in panel.find_all("p", class_="hs-caution")]
    analyzed = json.loads(run_cli("analyze", str(RANDOM_ACCESS), "--format", "json").stdout)
    by_caveat: dict[str, list[str]] = {}
    for kernel in analyzed["kernels"]:
        for caveat in (kernel["estimate"] or {}).get("extra", {}).get("caveats", []):
            by_caveat.setdefault(caveat, []).append(kernel["name"])
    expected = [f"caution: {', '.join(names)}: {caveat}" for caveat, names in by_caveat.items()]
    expected += [f"caution: {caveat}" for caveat in analyzed["estimate"]["extra"]["caveats"] if caveat not in by_caveat]
    assert len(expected) == 6 and cautions == expected
    assert "compiled with -no-interleaving" in cautions[0]
    assert all("pipeline time is not in this number" in caution for caution in cautions[1:5])
    assert cautions[5].startswith("caution: the design time adds (accessMemory_0) + (accessMemory_1)")
