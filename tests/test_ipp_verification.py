"""An i++ report's verification statistics beside the estimate (session 37:
a public i++ 20.4 atax's ModelSim run, 9,732 cycles per call, sat in its
report and was never read). The corpus's i++ 18.1 RGB-to-HSV report keeps
an empty ``verifJSON`` (its testbench was not simulated); the statistics
below are written for the tests in the public file's shape."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import jsonschema

from hlsight.parsers.intel.verification import read_verification
from tests.conftest import CORPUS, REPO, run_cli

RGB = (CORPUS / "aoc" / "ipp18.1_max10_rgb_to_hsv" / "vision" / "EEE2Rover-master" / "DE10_LITE_D8M_VIP_16" / "ip"
       / "HLS_RGB_TO_HSV" / "a.prj")

_STATISTICS = """var verifJSON={
  "columns":["Invocations", "Latency\\n(min,max,avg)", "II\\n(min,max,avg)"]
  , "functions":
  [
    {
      "name":"rgb_to_hsv"
      , "data":
      ['16', '{low},{high},{mean}', 'n/a,n/a,n/a']
      , "details":
      [
        "Click for details"
      ]
      , "resources":
      [
        {
          "name":"Component throughput (min,max,avg):<br>the component's calls"
        }
      ]
      , "debug":
      [[{ "level":0 }]]
    }
    ,
    {
      "name":"Explicit component invocations"
      , "data":
      ['16', '{low},{high},{mean}', 'n/a,n/a,n/a']
    }
  ]
};
"""


def _with_statistics(tmp_path: Path, low: int, high: int, mean: int) -> Path:
    project = tmp_path / "a.prj"
    shutil.copytree(RGB, project)
    text = _STATISTICS.replace("{low}", str(low)).replace("{high}", str(high)).replace("{mean}", str(mean))
    (project / "reports" / "lib" / "verification_data.js").write_text(text, encoding="utf-8")
    return project


def test_the_statistics_are_read_per_component(tmp_path: Path) -> None:
    """One row per component (min, max, avg latency of its calls), the rows
    that break the calls down left out; single-quoted cells, an apostrophe
    in a double-quoted text; the simulator from the compile command."""
    project = _with_statistics(tmp_path, 50, 64, 57)
    (report,) = read_verification(project / "reports" / "lib" / "verification_data.js",
                                  "i++ -march=MAX10 --simulator questa rgb.cpp")
    (run,) = report.runs
    assert (report.top, report.simulator, report.rules) == ("rgb_to_hsv", "questa", "ipp-cosim")
    assert (run.latency_min, run.latency_max, run.latency_avg, run.line) == (50.0, 64.0, 57.0, 6)
    empty = read_verification(RGB / "reports" / "lib" / "verification_data.js", None)
    assert empty == []  # var verifJSON={}; the testbench was not simulated


def test_a_component_is_compared_with_its_simulated_latency(tmp_path: Path) -> None:
    """rgb_to_hsv is 55 cycles per call (its loop's FlexCL time at any
    fmax: 550 ns at 100 MHz); a simulated 40 is 37.5 % below it, a 50 ~ 64
    range holds it."""
    far = _with_statistics(tmp_path / "far", 40, 40, 40)
    result = run_cli("analyze", str(far), "--set", "fmax=100")
    assert result.code == 0, result.stderr
    lines = result.stdout.splitlines()
    # its compile command says --simulator none (a later compile than the simulated one): no simulator named
    assert "      co-simulation measured 40 cycles per call (Verilog): the estimate is 55 cycles per call, +37.5%" \
        in lines
    assert any(line.endswith("[ipp-cosim-differs]") and "the cycle count, 55 cycles, is +37.5% off the 40 cycles per"
               " call (Verilog) co-simulation measured" in line
               for line in result.stdout.splitlines() + result.stderr.splitlines())
    document = json.loads(run_cli("analyze", str(far), "--set", "fmax=100", "--format", "json").stdout)
    schema = json.loads((REPO / "docs" / "hlsight.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(document)
    (comparison,) = document["cosim"]
    assert comparison["estimate_cycles"] == 55 and comparison["measured_avg"] == 40
    held = run_cli("analyze", str(_with_statistics(tmp_path / "held", 50, 64, 57)), "--set", "fmax=100")
    assert "ipp-cosim-differs" not in held.stdout + held.stderr
    # the fmax does not change a count of cycles
    assert json.loads(run_cli("analyze", str(far), "--set", "fmax=250", "--format", "json").stdout)["cosim"][0][
        "estimate_cycles"] == 55


def test_the_html_report_compares_a_component_as_the_text_does(tmp_path: Path) -> None:
    """The HTML kernel section said "no cycle count here to compare it with"
    for an i++ component (it looked for a Vivado cycle count), where the
    text gave the estimate's 55 cycles, +37.5 %."""
    from bs4 import BeautifulSoup

    far = _with_statistics(tmp_path / "far", 40, 40, 40)
    page = tmp_path / "report.html"
    result = run_cli("analyze", str(far), "--set", "fmax=100", "-o", str(page))
    assert result.code == 0, result.stderr
    text = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser").get_text(" ", strip=True)
    assert "co-simulation measured 40 cycles per call (Verilog): the estimate is 55 cycles per call, +37.5%" in text
    assert "no cycle count here to compare it with" not in text
