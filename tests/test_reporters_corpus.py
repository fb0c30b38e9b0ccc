"""Every output format on real corpus cases (aoc, oneAPI, Vivado/Vitis), each
output checked by its own validator: the JSON and SARIF schemas, an HTML
parser, the gcc line format."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import jsonschema
import pytest
from bs4 import BeautifulSoup

from hlsight.analyzer.export import result_to_dict
from hlsight.analyzer.pipeline import analyze
from hlsight.analyzer.results import AnalysisResult
from hlsight.fixtures.sample_results import vector_add_result
from hlsight.parsers.loader import load_design
from hlsight.reporters import get_reporter
from hlsight.reporters.base import RenderOptions
from tests.conftest import CORPUS, REPO, run_cli
from tests.test_reporters_sarif import validate_sarif

JSON_SCHEMA = json.loads((REPO / "docs" / "hlsight.schema.json").read_text(encoding="utf-8"))

SAXPY1 = CORPUS / "aoc" / "aoc18.1.1pro_s10_520n_saxpy_vscale" / "reportIntel" / "SAXPY1" / "reports"
KMERS = CORPUS / "aoc" / "oneapi2023.0_s10mx_kmers" / "less_work_but_slower" / "reports_v12_m_v9_half"
NW = CORPUS / "vivado" / "vitis2022.2.2_machsuite_nw"
CASES = {"aoc18.1.1-saxpy1": (SAXPY1, ["SAXPY"]), "oneapi2023.0-kmers": (KMERS, None),
         "vitis2022.2.2-nw": (NW, ["needwun"])}
FORMATS = ("text", "json", "sarif", "html")


def _produce(path: Path, fmt: str, out: Path) -> str:
    result = run_cli("analyze", str(path), "--format", fmt, "-o", str(out))
    assert result.code == 0, result.stderr
    assert result.stdout == ""  # everything went to the file
    return out.read_text(encoding="utf-8")


@cache
def _analysed(path: Path) -> AnalysisResult:
    """One analysis per case for all formats (the 2023 kmers case takes seconds)."""
    return analyze(load_design(path))


def _render(path: Path, fmt: str) -> str:
    return get_reporter(fmt).render(_analysed(path), RenderOptions())


@pytest.mark.parametrize("case", ["aoc18.1.1-saxpy1", "vitis2022.2.2-nw"])
def test_cli_writes_the_html_report_to_the_output_file(case: str, tmp_path: Path) -> None:
    path, _ = CASES[case]
    text = _produce(path, "html", tmp_path / "report.html")
    assert text.startswith("<!DOCTYPE html>") and text.rstrip().endswith("</html>")


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("case", sorted(CASES))
def test_every_format_on_corpus_cases(case: str, fmt: str) -> None:
    path, kernels = CASES[case]
    text = _render(path, fmt)
    json_names = [kernel["name"] for kernel in json.loads(_render(path, "json"))["kernels"]]
    assert json_names
    if kernels is not None:
        assert json_names[: len(kernels)] == kernels
    if fmt == "json":
        jsonschema.Draft202012Validator(JSON_SCHEMA).validate(json.loads(text))
    elif fmt == "sarif":
        log = validate_sarif(text)
        assert log["runs"][0]["tool"]["driver"]["name"] == "hlsight"
        assert set(log["runs"][0]["properties"]["estimates"]) <= set(json_names)
    elif fmt == "html":
        soup = BeautifulSoup(text, "lxml")
        headings = [name.get_text() for name in soup.select("h2 .hs-name")]
        # Vivado/Vitis: outlined _Pipeline_ modules fold into their caller (issue 12)
        functions = [kernel["name"] for kernel in json.loads(_render(path, "json"))["kernels"]
                     if not kernel.get("folded_into")]
        assert headings == functions
        assert not soup.find_all("script") and not soup.find_all("link", rel="stylesheet")
    else:
        summary = text[text.index("summary:"):].splitlines()
        if case.startswith("vitis"):  # functions, cycles first; outlined _Pipeline_ modules folded (issue 12)
            assert any(line.startswith(f"  function {json_names[0]} (top):") for line in summary)
        else:  # kernels ranked by estimated time (issue 15)
            for name in json_names:
                assert any(re.match(rf"  kernel {re.escape(name)} +\S", line) for line in summary), name
        verbose = get_reporter(fmt).render(_analysed(path), RenderOptions(verbosity=1))
        for name in json_names:
            assert f"kernel {name} [" in verbose


def test_json_with_estimates_validates_against_the_published_schema() -> None:
    for symbolic in (False, True):
        document = json.loads(json.dumps(result_to_dict(vector_add_result(symbolic=symbolic))))
        jsonschema.Draft202012Validator(JSON_SCHEMA).validate(document)
        assert document["kernels"][0]["estimate"]["per_lsu"][0]["id"] == "ld.x"


def test_html_report_of_aoc_case_links_lsus_to_embedded_source() -> None:
    soup = BeautifulSoup(_render(SAXPY1, "html"), "lxml")
    links = soup.select("table a[href^='#src-']")
    assert links, "SAXPY1 embeds its source: LSU and loop rows link to it"
    for link in links:
        target = soup.find(id=str(link["href"])[1:])
        assert target is not None and "hs-hl" in target["class"]
    # the three LSUs and the loop sit on lines 11 and 10 of SAXPY1.cl
    assert {str(link["href"]).rsplit("-L", 1)[1] for link in links} == {"10", "11"}
