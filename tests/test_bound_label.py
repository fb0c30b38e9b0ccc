"""One reading of "what bounds it" in every output.

Eq. 7 files a kernel whose LSUs cannot saturate the DRAM under ``compute``
(JSON ``bound``); when that non-saturated memory time is the time printed,
text and HTML say "memory-bound (non-saturated)". JSON (``bound_label``,
also per ``[[launch]]``), SARIF and the annotated report's data carry the
same reading, so a script never reads "compute" where the user reads
"memory". hbm2/stride-3-1-offset1: the store channel (161 ms) is the time;
the pipeline alone takes 9.3 ms.
"""

from __future__ import annotations

import json
from pathlib import Path

from hlsight.analyzer.results import KernelEstimate, bound_label
from tests.conftest import run_cli


def _report(corpus: Path) -> Path:
    return corpus / "zaragoza" / "reports" / "hbm2" / "stride-3-1-offset1"


def test_json_and_sarif_carry_the_label_the_text_prints(corpus: Path) -> None:
    report = str(_report(corpus))
    payload = json.loads(run_cli("analyze", report, "--set", "work_items=32768000", "--format", "json").stdout)
    estimate = payload["estimate"]
    assert estimate["bound"] == "compute"  # eq. 7: the memory is not saturated
    assert estimate["bound_label"] == "memory (non-saturated)"
    (kernel,) = payload["kernels"]
    assert kernel["estimate"]["bound_label"] == "memory (non-saturated)"
    assert kernel["estimate"]["extra"]["memory_seconds"] > 10 * kernel["estimate"]["extra"]["compute_seconds"]
    text = run_cli("analyze", report, "--set", "work_items=32768000").stdout
    assert "estimate: 161 ms, memory-bound (non-saturated)" in text
    sarif = json.loads(run_cli("analyze", report, "--set", "work_items=32768000", "--format", "sarif").stdout)
    summaries = [result["properties"]["estimate"] for run in sarif["runs"] for result in run["results"]
                 if "estimate" in result.get("properties", {})]
    assert summaries and {summary["bound_label"] for summary in summaries} == {"memory (non-saturated)"}


def test_each_launch_carries_its_label(corpus: Path, tmp_path: Path) -> None:
    hints = tmp_path / "hints.toml"
    hints.write_text("[[launch]]\nrepeat = 2\nwork_items = 32768000\n[[launch]]\nwork_items = 16384\n")
    report = str(_report(corpus))
    payload = json.loads(run_cli("analyze", report, "--hints", str(hints), "--format", "json").stdout)
    labels = [item["bound_label"] for item in payload["launches"]]
    assert labels == ["memory (non-saturated)", "memory (non-saturated)"]
    assert payload["estimate"]["bound_label"] == "memory (non-saturated)"
    text = run_cli("analyze", report, "--hints", str(hints)).stdout
    assert "in all (memory (non-saturated))" in text
    assert "(compute)" not in text


def _estimate(bound: str, memory: float | None, compute: float | None, saturated: bool | None) -> KernelEstimate:
    return KernelEstimate(kernel="k", seconds=max(memory or 0.0, compute or 0.0), bound=bound, expression=None,
                          free_symbols=[], model="m", memory_seconds=memory, compute_seconds=compute,
                          memory_saturated=saturated)


def test_label_rules_by_hand() -> None:
    assert bound_label(_estimate("memory", 2.0, 1.0, True)) == "memory"
    assert bound_label(_estimate("compute", 1.0, 2.0, True)) == "compute"
    assert bound_label(_estimate("compute", 2.0, 1.0, False)) == "memory (non-saturated)"
    assert bound_label(_estimate("compute", 1.0, 2.0, False)) == "compute"
    assert bound_label(_estimate("compute", 1.0, 1.005, False)) == "compute+memory"  # within 1 %
    assert bound_label(_estimate("compute", None, 2.0, False)) == ""  # memory symbolic: depends on the values
    assert bound_label(_estimate("unknown", None, None, None)) == ""


def test_a_zero_time_names_no_bound(corpus: Path) -> None:
    """aoc 18.1 vector_add (a fully unrolled 10-iteration loop): the
    pipeline-only alternative read "0 s, compute-bound"."""
    out = run_cli("analyze", str(corpus / "aoc" / "aoc18.1_c5soc_vector_add"), "-v").stdout
    assert "      also FlexCL pipeline only (FlexCL eq. 1 per loop (HLScope+ eq. 4)): 0 s\n" in out
