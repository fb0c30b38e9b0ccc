"""A dataflow region whose report maximum holds the sum of its processes:
within one call they run one after another, and a call's cycles add.

The longest process was taken (HLScope+ eq. 2) and the rest of the report's
maximum was called the top's own straight-line code: 52 M cycles of it in a
public Vitis 2025.2 dataflow top (oowenn/LMUL-Hardware-Acceleration, not in
the corpus) whose register total is 3 flip-flops. Checked on the shared
topk_sort (Vitis 2022.1: 1,208 cycles, its processes 1,002 + 101 + 103) and
on ``fixtures/vhls2019_dataflow_sequence`` (hand-written, README there).
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import CORPUS, REPO, run_cli

FIXTURE = REPO / "fixtures" / "vhls2019_dataflow_sequence" / "stages_csynth.rpt"
TOPK = CORPUS / "vivado" / "vitis2022.1_topk_sort_dataflow"


def test_processes_that_ran_in_sequence_add_and_nothing_is_called_straight_line_code() -> None:
    text = run_cli("analyze", str(FIXTURE), "-v").stdout
    assert ("    loops and calls (cycles) (dataflow: processes one after another): produce 1,000, consume 1,000,"
            " (own control and straight-line code) 1") in text
    assert ("note: stages: a dataflow region whose maximum (2,001 cycles) holds the sum of its processes' worst"
            " cases (2,000): within one call they run one after another") in text


def test_the_report_s_exact_latency_is_listed_as_a_sequence_too() -> None:
    text = run_cli("analyze", str(TOPK), "-v").stdout
    assert "  function topk_sort (top): 1,208 cycles" in text
    assert ("loops and calls (cycles) (dataflow: processes one after another): Loop_VITIS_LOOP_35_2_proc3 1,002,"
            " Loop_VITIS_LOOP_68_5_proc 101, Loop_VITIS_LOOP_90_8_proc 103") in text


def test_processes_that_overlap_keep_the_longest(tmp_path: Path) -> None:
    """The report's maximum below the processes' sum: they overlap (streams)."""
    text = FIXTURE.read_text(encoding="utf-8").replace("|    3|  2001|    2|  1001| dataflow |",
                                                        "|    3|  1201|    2|  1001| dataflow |")
    assert "1201" in text
    copy = tmp_path / FIXTURE.name
    copy.write_text(text, encoding="utf-8")
    result = run_cli("analyze", str(copy), "-v").stdout
    assert "(dataflow: the longest process): produce 1,000, consume 1,000" in result
    assert "one after another" not in result
