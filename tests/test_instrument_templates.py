"""C++ function templates in ``hlsight simulate`` (HLScope+ pass 2): each
instance of a template is a report module of its own (``copy<64, int>`` ->
``copy_64_int_s``, decision 76), so one instrumented body must count each
instance with its own module's schedule. hls4ml designs write every layer as
a function template (``template<class data_T, class res_T, typename
CONFIG_T> void conv_2d_cl(...)``): simulate counted them 0 cycles and fell
back to the report's floor (decisions 76 and 94). The fixture
(``fixtures/instrument/template_instances``, numbers derived in
``make_reports.template_instances``) is compiled with g++ and run."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import jsonschema

from tests.conftest import FIXTURES, REPO, run_cli

FOLDER = FIXTURES / "instrument" / "template_instances"


def _simulate(report: Path) -> tuple[dict[str, Any], str]:
    arguments = ("simulate", str(FOLDER / "copy.cpp"), "--report", str(report), "--testbench", str(FOLDER / "tb.cpp"))
    result = run_cli(*arguments, "--format", "json")
    assert result.code == 0, result.stderr
    document: dict[str, Any] = json.loads(result.stdout)
    jsonschema.validate(document, json.loads((REPO / "docs" / "simulate.schema.json").read_text()))
    text = run_cli(*arguments)
    assert text.code == 0, text.stderr
    return document, text.stdout + text.stderr


def _functions(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {item["name"]: item for item in document["functions"]}


def _rules(document: dict[str, Any]) -> list[str]:
    return [diagnostic["rule"] for diagnostic in document["diagnostics"]]


def test_each_instance_of_a_template_counts_with_its_own_modules_schedule() -> None:
    """copy_64_int_s pipelines the loop (II 1, depth 3) and copy_32_int_s
    does not (IL 2): trip counts 10 + 64 and 5 + 32 give 80 and 76 cycles
    in 2 calls each, the top 158 (hand-derived in the fixture's generator);
    before, both were skipped and the top took its report floor, 266."""
    document, text = _simulate(FOLDER / "report")
    functions = _functions(document)
    assert document["cycles"] == 158
    assert [(name, item["module"], item["calls"], item["cycles"]) for name, item in functions.items()] == [
        ("top", "top", 2, 158), ("copy<64, int>", "copy_64_int_s", 2, 80), ("copy<32, int>", "copy_32_int_s", 2, 76)]
    wide, narrow = functions["copy<64, int>"]["loops"], functions["copy<32, int>"]["loops"]
    assert [(loop["report_name"], loop["kind"], loop["trip_count_total"], loop["cycles"]) for loop in wide] == [
        ("VITIS_LOOP_8_1", "pipelined", 74, 78)]
    assert [(loop["report_name"], loop["kind"], loop["trip_count_total"], loop["cycles"]) for loop in narrow] == [
        ("VITIS_LOOP_8_1", "sequential", 37, 74)]
    assert "instrument-template-skipped" not in _rules(document)
    assert "function copy<64, int>: 80 cycles in 2 call(s)" in text
    assert "function copy<32, int>: 76 cycles in 2 call(s)" in text
    assert "total: 158 cycles" in text


def test_an_instance_no_module_names_is_said_and_left_as_before(tmp_path: Path) -> None:
    """Without copy_32_int_s in the report the instance has no schedule to
    run: it is not counted (said by name, with the module looked for), the
    template keeps its skipped warning, and the other instance still counts
    its own 80 cycles."""
    report = tmp_path / "report"
    shutil.copytree(FOLDER / "report", report)
    (report / "copy_32_int_s_csynth.xml").unlink()
    document, _text = _simulate(report)
    functions = _functions(document)
    assert list(functions) == ["top", "copy<64, int>"]
    assert functions["copy<64, int>"]["cycles"] == 80
    said = [item["message"] for item in document["diagnostics"] if item["rule"] == "instrument-template-instance"]
    assert len(said) == 1 and "'copy<32, int>'" in said[0] and "'copy_32_int_s'; found: none" in said[0]
    assert "instrument-template-skipped" in _rules(document)


def test_an_instance_two_modules_could_be_is_not_guessed(tmp_path: Path) -> None:
    """A second module whose name an instance may also have (``copy_32_int``,
    the name Vitis gives a loop outlined from ``copy_32_int_s`` without its
    ``_s``): which schedule the instance runs is not known, so it is not
    counted rather than given either."""
    report = tmp_path / "report"
    shutil.copytree(FOLDER / "report", report)
    narrow = (report / "copy_32_int_s_csynth.xml").read_text(encoding="utf-8")
    (report / "copy_32_int_csynth.xml").write_text(narrow.replace("copy_32_int_s", "copy_32_int"), encoding="utf-8")
    document, _text = _simulate(report)
    assert list(_functions(document)) == ["top", "copy<64, int>"]
    said = [item["message"] for item in document["diagnostics"] if item["rule"] == "instrument-template-instance"]
    assert len(said) == 1 and "names 2 report modules" in said[0]
