"""SARIF 2.1.0 reporter, validated against the official OASIS schema."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from hlsight.fixtures.sample_results import vector_add_result
from hlsight.reporters.base import RenderOptions
from hlsight.reporters.sarif import SarifReporter, artifact_uri
from tests.conftest import REPO, run_cli

SCHEMA_PATH = Path(__file__).parent / "data" / "sarif-schema-2.1.0.json"
#: RFC 3986 URI-reference characters (jsonschema has no "uri-reference" checker
#: without optional packages, so the tests check the SARIF uri fields here).
URI_REFERENCE = re.compile(r"^[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]+$")


@lru_cache(maxsize=1)
def _validator() -> jsonschema.Draft4Validator:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft4Validator.check_schema(schema)
    return jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())


def validate_sarif(text: str) -> dict[str, Any]:
    """Parse ``text`` and fail with every schema error listed."""
    log: dict[str, Any] = json.loads(text)
    errors = sorted(_validator().iter_errors(log), key=lambda error: list(error.absolute_path))
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors)
    for run in log["runs"]:
        for result in run["results"]:
            for location in result.get("locations", []):
                uri = location["physicalLocation"]["artifactLocation"]["uri"]
                assert URI_REFERENCE.match(uri), uri
    return log


def test_the_schema_rejects_what_sarif_forbids() -> None:
    """The validator is real: a log with a bad level and no driver name fails."""
    bad = {"version": "2.1.0", "runs": [{"tool": {"driver": {}}, "results": [{"message": {"text": "x"},
                                                                                "level": "fatal"}]}]}
    assert len(list(_validator().iter_errors(bad))) >= 2


def test_numeric_result_validates_and_carries_the_numbers() -> None:
    log = validate_sarif(SarifReporter().render(vector_add_result(), RenderOptions()))
    assert log["version"] == "2.1.0"
    (run,) = log["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "hlsight"
    assert [rule["id"] for rule in driver["rules"]] == ["HLS101", "HLS105", "rtl-unpaired-lsu"]
    assert all(rule["help"]["text"] for rule in driver["rules"])
    first = run["results"][0]
    assert first["ruleId"] == "HLS101" and first["ruleIndex"] == 0 and first["level"] == "warning"
    physical = first["locations"][0]["physicalLocation"]
    # a build-machine path hlsight did not find here: relative to the BUILDROOT base id
    assert physical["artifactLocation"] == {"uri": "vector_add.cl", "uriBaseId": "BUILDROOT"}
    assert run["originalUriBaseIds"] == {"BUILDROOT": {"uri": "file:///home/build/vector_add/device/"}}
    assert physical["region"] == {"startLine": 6, "startColumn": 12, "snippet": {"text": "    z[i] = x[i] + y[i];"}}
    assert first["locations"][0]["logicalLocations"] == [{"name": "vector_add", "kind": "function"}]
    props = first["properties"]
    assert props["lsus"] == 3 and props["T_ovh_s"] == 0.0168  # the finding's own data
    estimate_props = props["estimate"]
    assert estimate_props["lsu"] == {"id": "ld.x", "T_ideal_s": 0.028, "T_ovh_s": 0.0042}
    assert estimate_props["bound"] == "memory" and estimate_props["kernel"] == "vector_add"
    assert abs(estimate_props["seconds"] - 0.1008) < 1e-12
    # a finding without a place has no location (SARIF allows it) but still validates
    assert "locations" not in run["results"][2]
    estimate = run["properties"]["estimates"]["vector_add"]
    assert estimate["bound"] == "memory" and len(estimate["per_lsu"]) == 3


def test_symbolic_and_unembedded_results_validate() -> None:
    log = validate_sarif(SarifReporter().render(vector_add_result(symbolic=True, embed_source=False),
                                                RenderOptions()))
    region = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]
    assert "snippet" not in region
    assert log["runs"][0]["properties"]["estimates"]["vector_add"]["seconds"] is None


def test_artifact_uris() -> None:
    assert artifact_uri("/a b/k.cl") == "file:///a%20b/k.cl"
    assert artifact_uri("C:\\work\\proj\\k.cl") == "file:///C:/work/proj/k.cl"
    assert artifact_uri("device/my k.cl") == "device/my%20k.cl"
    assert artifact_uri("/home/u/proj/device/k.cl", relative_to="/home/u/proj") == "device/k.cl"


def test_every_hint_rule_has_help_text() -> None:
    from hlsight.analyzer.hints import RULES
    from hlsight.core.diagnostics import Diagnostic, Severity
    from hlsight.reporters.rule_docs import _DOCS, rule_doc

    for rule, summary in RULES.items():
        doc = rule_doc(rule, Diagnostic(rule, Severity.NOTE, "example"))
        assert doc.summary.lower() == summary.lower()
        assert rule in _DOCS and doc.help == _DOCS[rule][1]


def test_demo_uris_are_relative_to_the_checkout_and_name_an_existing_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 15: the demo's findings point at fixtures/demo/... (found in the
    report folder), relative to SRCROOT (the working directory)."""
    monkeypatch.chdir(REPO)
    log = validate_sarif(run_cli("demo", "--format", "sarif").stdout)
    (run,) = log["runs"]
    assert run["originalUriBaseIds"]["SRCROOT"]["uri"] == Path.cwd().as_uri() + "/"
    uris = {result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for result in run["results"] if "locations" in result}
    assert uris == {"fixtures/demo/vector_add/device/vector_add.cl"}
    assert (REPO / "fixtures/demo/vector_add/device/vector_add.cl").is_file()
