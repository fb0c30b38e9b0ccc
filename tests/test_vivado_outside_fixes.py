"""Vivado/Vitis findings from 25 public csynth reports outside the corpus
(session 17), each checked here on a corpus report of the same shape.

* a dataflow top whose best and worst cases give different own cycles
  (Vivado HLS 2018.2 image_filter: best 10 = 3 + 7, worst 4,014,004 =
  4,014,003 + 1) printed the worst case plus the best case's 7;
* a Max of numbers stayed unfolded in the headline ("2 + Max(0, 2076841, ...)");
* a function with nothing to time said its clock was "the HLS target clock"
  while printing the estimated one, and left out the clock check and resources;
* a loop trip the user must give did not say the report's own range;
* lxml's message repeated the position of malformed XML three times;
* a solution folder with only ``csynth.xml`` left out the top's resources.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from hlsight.analyzer.pipeline import analyze
from hlsight.analyzer.vivado_cycles import Bound, CycleComposer
from hlsight.core.model import LatencyRange
from hlsight.parsers.loader import load_design
from hlsight.reporters.base import RenderOptions
from hlsight.reporters.text import TextReporter
from tests.conftest import CORPUS, run_cli

SOBEL = CORPUS / "vivado" / "vhls2018.3_hls_sobel_dataflow"
WRR = CORPUS / "vivado" / "vitis2024.1_wrr_dataflow"
TOPK = CORPUS / "vivado" / "vitis2022.1_topk_sort_dataflow"


def _top_reports_only(tmp_path: Path) -> Path:
    """hls_sobel with only its top's reports (as the public copies that had
    no per-process reports): the processes count their reported latencies."""
    for name in ("csynth.xml", "hls_sobel_csynth.xml", "hls_sobel_csynth.rpt"):
        shutil.copy(SOBEL / name, tmp_path / name)
    return tmp_path


def test_a_max_of_numbers_is_one_number(tmp_path: Path) -> None:
    """hls_sobel's dataflow processes at their reported worst cases:
    2 + max(0, 2076841, 2080083, 2089112) = 2,089,114, the report's."""
    result = run_cli("analyze", str(_top_reports_only(tmp_path)))
    assert result.code == 0, result.stderr
    assert "function hls_sobel (top): 2,089,114 cycles" in result.stdout
    assert "Max(" not in result.stdout


def test_a_dataflow_top_takes_its_own_cycles_from_the_worst_case(tmp_path: Path) -> None:
    """hls_sobel's report agrees with itself (own 2 at both ends); made to
    disagree (best 165: own 7), the worst-case and symbolic compositions keep
    the worst case's 2 and say so, and the best-case one its 7."""
    design = load_design(_top_reports_only(tmp_path))
    top = next(kernel for kernel in design.kernels if kernel.is_top)
    assert top.dataflow and top.latency is not None and (top.latency.min, top.latency.max) == (160, 2089114)
    top.latency = LatencyRange(165, 2089114)
    composer = CycleComposer(design)
    assert composer.at(Bound.MAX).module(top) == 2089114
    assert composer.module(top) == 2089114
    assert composer.at(Bound.MIN).module(top) == 165
    assert any("beyond its parts, the report's best case leaves 7 cycles and its worst case 2 (its parts' best"
               " cases need not come in one call)" in note for note in composer.notes)


def test_a_function_with_nothing_to_time_says_the_clock_it_uses() -> None:
    """Without latency, loops or calls the estimate is unknown; its clock is
    the target's (the clock every Vivado/Vitis estimate uses), and the top's
    clock check and resources are still shown."""
    design = load_design(SOBEL)
    top = next(kernel for kernel in design.kernels if kernel.is_top)
    design.kernels = [top]
    top.latency, top.loops, top.instances, top.interfaces = None, [], [], []
    result = analyze(design, {})
    estimate = result.estimates[top.name]
    assert estimate.seconds is None and top.clock_target_ns is not None
    assert estimate.values["fmax"] == 1000.0 / top.clock_target_ns
    assert top.clock_estimated_ns is not None and 1000.0 / top.clock_estimated_ns != estimate.values["fmax"]
    text = TextReporter().render(result, RenderOptions())
    assert f"clock {1000.0 / top.clock_target_ns:g} MHz (the HLS target clock" in text
    assert "    clock: target" in text and "    resources: " in text


def test_a_trip_to_give_says_the_reports_range() -> None:
    result = run_cli("analyze", str(WRR))
    assert result.code == 0, result.stderr
    assert ("loop.Block_entry_split_proc.VITIS_LOOP_29_2.trip: the loop at wrr.c:29;"
            " the report gives a trip count of 1 ~ 4") in result.stdout


def test_malformed_xml_says_its_position_once(tmp_path: Path) -> None:
    bad = tmp_path / "top_csynth.xml"
    bad.write_text("<profile>\n  <ReportVersion>\n    <Version>2020.1</Ver")
    result = run_cli("analyze", str(bad))
    assert result.code == 2 and result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"hlsight: error: {bad}: malformed XML at line 3, column ")
    assert line.count("line 3") == 1 and "<string>" not in line


def test_a_solution_with_only_csynth_xml_shows_the_tops_resources(tmp_path: Path) -> None:
    """Read as a folder holding only ``csynth.xml`` (its per-module reports
    missing), the top showed no resources, which the same file read alone
    shows: the top's own area estimates stand for its module."""
    aggregate = tmp_path / "csynth.xml"
    shutil.copy(TOPK / "csynth.xml", aggregate)
    folder = run_cli("analyze", str(tmp_path))
    alone = run_cli("analyze", str(aggregate))
    assert folder.code == 0 and alone.code == 0, folder.stderr
    line = next(text for text in alone.stdout.splitlines() if text.startswith("    resources: "))
    assert line in folder.stdout.splitlines()
