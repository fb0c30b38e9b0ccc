"""Eq. 3 over a dataflow region's processes: ``max t_c + sum IL_c`` with
``t_c`` a process's streaming time, and the region held to its report
latency where that is one number.

Found on a public Vitis 2023.2 U55C kernel (ihsanalhafiz/Alveo_FPGA_Design_
Workshop, not in the corpus): fetch (90 cycles, its loop's IL 74), compute
(21) and write (90, its loop then 73 cycles of write responses) stream
through FIFOs; the report gives the region 165. ``simulate`` counted 249:
each process's count holds its own fill, which eq. 3's sum adds again. It
now counts 173 by eq. 3 and 165 with the region held to its exact latency.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.conftest import FIXTURES, run_cli

DATAFLOW = FIXTURES / "instrument" / "dataflow"


def _simulate(report: Path) -> dict[str, object]:
    result = run_cli("simulate", str(DATAFLOW / "df.c"), "--report", str(report), "--testbench",
                     str(DATAFLOW / "tb.c"), "--top", "df_top", "--format", "json")
    assert result.code == 0, result.stderr
    document: dict[str, object] = json.loads(result.stdout)
    return document


def _region_latency(tmp_path: Path, best: int, worst: int) -> Path:
    report = tmp_path / "report"
    shutil.copytree(DATAFLOW / "report", report)
    for name in ("csynth.xml", "df_top_csynth.xml"):
        path = report / name
        text = path.read_text(encoding="utf-8")
        text = text.replace("<Best-caseLatency>107</Best-caseLatency>", f"<Best-caseLatency>{best}</Best-caseLatency>")
        path.write_text(text.replace("<Worst-caseLatency>107</Worst-caseLatency>",
                                     f"<Worst-caseLatency>{worst}</Worst-caseLatency>"), encoding="utf-8")
    return report


def test_each_process_fill_is_added_once() -> None:
    # n 10: produce 13 (fill 4), consume 14 (fill 5): max(9, 9) + 9
    assert _simulate(DATAFLOW / "report")["cycles"] == 18


def test_a_region_of_one_exact_latency_is_held_to_it(tmp_path: Path) -> None:
    assert _simulate(_region_latency(tmp_path, 15, 15))["cycles"] == 15


def test_a_region_whose_latency_is_a_range_is_not_held(tmp_path: Path) -> None:
    assert _simulate(_region_latency(tmp_path, 12, 15))["cycles"] == 18
