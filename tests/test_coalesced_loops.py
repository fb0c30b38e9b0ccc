"""Loops merged by ``#pragma loop_coalesce`` (aoc lists them as "Coalesced
loop" children of the loop that carries the pragma; its "tc" is the outer
loop's count alone). Found on HPCC FPGA's LINPACK inner_update kernel (aoc 21.2,
520N, an outside check): without the source, the LSUs of the merged load nest
ran "64" times while the pipeline ran 64 x 8 x 64 iterations, so no set of
inputs gave both the same count.
Input: ``fixtures/aoc21_coalesced_nest`` (that report's shape, our kernel
source; README.md there).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from hlsight.parsers.loader import load_design
from tests.conftest import run_cli

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "aoc21_coalesced_nest"
#: the two merged levels of the load nest (source lines 18, 19) and of the store nest (71, 72)
MERGED = ("loop.block_update.Coalesced_loop_L18.trip", "loop.block_update.Coalesced_loop_L19.trip",
          "loop.block_update.Coalesced_loop_L71.trip", "loop.block_update.Coalesced_loop_L72.trip")
#: their counts in the source: ii < GB (8) and j < NB (512 / 8 = 64)
COUNTS = ("8", "64", "8", "64")


def _report_without_source(tmp_path: Path) -> Path:
    """The report alone (the kernel source is found next to the fixture's report)."""
    shutil.copytree(FIXTURE / "reports", tmp_path / "reports")
    return tmp_path / "reports"


def _analyze(report: Path, *sets: str) -> dict:
    args = [item for value in sets for item in ("--set", value)]
    return json.loads(run_cli("analyze", str(report), "--format", "json", *args).stdout)["kernels"][0]["estimate"]


def test_coalesced_entries_are_iterations_of_their_loop_not_sub_loops() -> None:
    design = load_design(FIXTURE / "reports")
    (kernel,) = design.kernels
    load_nest = next(loop for loop in kernel.loops if loop.name == "block_update.B1")
    assert [loop.coalesced for loop in load_nest.walk()[:3]] == [False, True, True]
    assert load_nest.merged_loops == [load_nest.children[0]]
    # the merged levels hold only fully unrolled copies: the loop pipelines alone
    assert load_nest.sub_loops == []


def test_lsus_of_a_coalesced_nest_run_once_per_merged_iteration(tmp_path: Path) -> None:
    report = _report_without_source(tmp_path)
    given = [f"{name}={count}" for name, count in zip(MERGED, COUNTS, strict=True)]
    estimate = _analyze(report, "stride=1", *given)
    notes = {lsu["id"]: " ".join(lsu["notes"]) for lsu in estimate["per_lsu"]}
    # 64 (the report's tc of B1) x 8 x 64 = 32,768 runs of each 32 B load: 1 MiB per buffer
    for lsu in ("block_update/load0", "block_update/load1", "block_update/load2"):
        assert "block_update.B1: 64*loop.block_update.Coalesced_loop_L18.trip*" in notes[lsu]
    assert "block_update.B4: 64*loop.block_update.Coalesced_loop_L71.trip*" in notes["block_update/store3"]
    # the same time the kernel source gives by itself (its loop bounds and accesses)
    with_source = _analyze(FIXTURE / "reports")
    assert estimate["seconds"] is not None
    assert abs(estimate["seconds"] - with_source["seconds"]) <= 1e-9 * with_source["seconds"]
    # pipeline: 262,144 (B6) + 2 x 32,768 (the merged nests) iterations at II 1, plus their depths
    cycles = estimate["extra"]["compute_seconds"] * 244e6
    assert 262144 + 2 * 32768 < cycles < 262144 + 2 * 32768 + 400
    # the store's nest runs after the loads' (eq. 8 counts 3 streams, the warning says so)
    out = run_cli("analyze", str(report), "--set", "stride=1", *[f"--set={item}" for item in given]).stdout
    assert "4 LSUs share bank DDR (3 accesses stream at once)" in out


def test_missing_merged_counts_leave_the_memory_time_and_the_bound_open(tmp_path: Path) -> None:
    report = _report_without_source(tmp_path)
    estimate = _analyze(report, "stride=1")
    assert estimate["seconds"] is None
    assert set(MERGED) <= set(estimate["free_symbols"])
    # which of memory and pipeline bounds the kernel waits for the same counts
    assert estimate["bound_label"] == ""
    out = run_cli("analyze", str(report), "--set", "stride=1").stdout
    assert "memory-bound" not in out.splitlines()[1]
    assert f"--set {MERGED[0]}=VALUE" in out


def test_a_number_that_leaves_the_pipeline_out_reads_at_least(tmp_path: Path) -> None:
    """A kernel whose memory time is known but whose pipeline waits for
    trip counts printed a plain number and a bound in the summary ("939 ms,
    memory-bound (non-saturated)" on oneAPI kmers before its loop_attr
    counts were paired with the right kernels), though its caution calls it
    a lower bound. Here the LSUs' runs given, the merged counts not."""
    report = _report_without_source(tmp_path)
    runs = [f"lsu.block_update/{lsu}.accesses=32768" for lsu in ("load0", "load1", "load2", "store3")]
    out = run_cli("analyze", str(report), "--set", "stride=1", *[f"--set={item}" for item in runs]).stdout
    assert out.splitlines()[1] == "  estimate: at least 377 us"
    (line,) = [line for line in out.splitlines() if line.startswith("  kernel block_update ")]
    assert line.startswith("  kernel block_update  at least 377 us  top LSUs")
    estimate = _analyze(report, "stride=1", *runs)
    assert set(MERGED) <= set(estimate["pending_symbols"]) and estimate["bound_label"] == ""

