"""The OpenCL runtime's own kernel in an aoc report (a build of autorun
kernels with -profile) is no part of the host's run: left out of the design
time with a note, not a lower-bound caution (analyzer/runtime_kernels.py)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from hlsight.analyzer.runtime_kernels import PROFILER_KERNEL
from tests.conftest import FIXTURES, run_json

#: as someoneinjd/t2sp GER's aoc 19.4 mav.json lists it: one block of latency 1, no LSUs, no loops
PROFILER_NODE = {"type": "kernel", "id": 9159, "name": PROFILER_KERNEL,
                 "children": [{"type": "bb", "id": 9160, "name": f"{PROFILER_KERNEL}.B0",
                               "details": [{"type": "table", "Latency": "1"}]}]}


def _with_profiler_kernel(tmp_path: Path) -> Path:
    copy = tmp_path / "profiled"
    shutil.copytree(FIXTURES / "aoc19_cached_load", copy)
    mav = copy / "reports" / "lib" / "json" / "mav.json"
    document = json.loads(mav.read_text())
    document["nodes"].insert(1, PROFILER_NODE)
    mav.write_text(json.dumps(document))
    return copy


def test_the_profiler_kernel_is_left_out_with_a_note(tmp_path: Path) -> None:
    plain = run_json("analyze", str(FIXTURES / "aoc19_cached_load"), "--set", "n=1048576")
    profiled = run_json("analyze", str(_with_profiler_kernel(tmp_path)), "--set", "n=1048576",
                        "--min-severity", "note")
    assert profiled["estimate"]["seconds"] == plain["estimate"]["seconds"]
    assert not [caveat for caveat in profiled["estimate"]["extra"]["caveats"] if "leaves out" in caveat]
    assert [kernel["name"] for kernel in profiled["kernels"]] == [kernel["name"] for kernel in plain["kernels"]]
    (note,) = [diag for diag in profiled["diagnostics"] if diag["rule"] == "runtime-kernel-left-out"]
    assert note["severity"] == "note" and PROFILER_KERNEL in note["message"]
    assert "the host never enqueues it" in note["message"]
