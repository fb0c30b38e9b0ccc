"""oneAPI 2025 reports: every document one node per line (``*.ndjson``).

The fixture ``fixtures/oneapi2025_ndjson`` is a hand-written report in that
layout (a single-task vector add): ``info``/``summary``/``loop_attr`` as in
oneAPI 2024, and ``mav``/``loops`` as a header row followed by rows naming
their ``parent``, with debug chains that start in the SYCL runtime's
``handler.hpp``. Before, such a report read as "2024+" with no device and no
LSUs, and its estimate was a pipeline time alone.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from hlsight.analyzer.pipeline import analyze
from hlsight.core.model import KernelKind, LSUKind, Product
from hlsight.core.units import format_seconds
from hlsight.parsers.intel.ndjson import as_document
from hlsight.parsers.loader import load_design
from tests.conftest import CORPUS, FIXTURES, run_cli

FIXTURE = FIXTURES / "oneapi2025_ndjson"
PROJECT = FIXTURE / "vadd.report.prj"
JSON_DIR = PROJECT / "reports" / "resources" / "json"
SOURCE = "/home/user/vadd/src/vadd.cpp"
FMAX = 480e6


def test_the_2025_documents_are_read() -> None:
    design = load_design(PROJECT)
    assert design.tool.product is Product.ONEAPI and design.tool.version == "2025.0.0"
    assert design.device.family is not None and "agilex" in design.device.family.lower()
    assert design.device.part == "AGFB014R24A2E2V"
    (kernel,) = design.kernels
    assert kernel.name == "VAdd" and kernel.kind is KernelKind.SINGLE_WORK_ITEM
    assert [(lsu.kind, lsu.width_bits, lsu.memory) for lsu in kernel.lsus] == [
        (LSUKind.LOAD, 32, "0"), (LSUKind.LOAD, 32, "0"), (LSUKind.STORE, 32, "0")]
    # the user's line, not the runtime's handler.hpp:1602 the chain starts with
    assert {(lsu.location.file, lsu.location.line) for lsu in kernel.lsus if lsu.location} == {(SOURCE, 17)}
    (loop,) = kernel.loops
    assert (loop.name, loop.trip_count.value if loop.trip_count else None) == ("VAdd.B1", 1024)
    assert loop.ii is not None and loop.ii.value == 1 and loop.iteration_latency == 70
    assert loop.location is not None and (loop.location.file, loop.location.line) == (SOURCE, 16)


@pytest.mark.parametrize("given", [PROJECT, PROJECT / "reports", PROJECT / "reports" / "resources",
                                   JSON_DIR, JSON_DIR / "mav.ndjson", JSON_DIR / "info.ndjson"])
def test_every_path_a_user_may_give_reads_the_same_report(given: Path) -> None:
    design = load_design(given)
    assert design.tool.version == "2025.0.0" and len(design.kernels[0].lsus) == 3


def test_the_estimate_uses_the_source_found_beside_the_report() -> None:
    """No file contents in the .ndjson documents: the source is found in the
    report's folder tree (src/vadd.cpp) and read, so the accesses are derived
    (a[i], b[i], c[i]) and the estimate is a number. Its pipeline part is
    FlexCL eq. 1, (1024 - 1) * 1 + 70 cycles at the 480 MHz pre-fit clock."""
    result = run_cli("analyze", str(PROJECT), "--format", "json")
    assert result.code == 0, result.stderr
    kernel = json.loads(result.stdout)["kernels"][0]
    assert [lsu["access"]["expression"] for lsu in kernel["lsus"]] == ["a[i]", "b[i]", "c[i]"]
    estimate = kernel["estimate"]
    assert estimate["free_symbols"] == [] and estimate["seconds"] is not None
    assert estimate["extra"]["compute_seconds"] == pytest.approx((1023 + 70) / FMAX, rel=1e-12)
    assert estimate["seconds"] >= estimate["extra"]["compute_seconds"]


def test_the_text_names_no_report_folder_as_a_missing_source() -> None:
    """The version note names the reports folder, which is on this machine:
    it is not a source to look for (it read "not found on this machine: reports")."""
    result = run_cli("analyze", str(PROJECT), "-v")
    assert result.code == 0, result.stderr
    assert "[intel-unverified-version]" in result.stdout
    assert "not found on this machine" not in result.stdout
    assert f"src/vadd.cpp (report folder; the report says {SOURCE})" in result.stdout


def test_parent_linked_rows_nest_in_file_order() -> None:
    rows = [{"id": -1, "depth": 0, "links": [{"from": 3, "to": 9}]},
            {"id": 3, "parent": 2, "name": "inst"},  # before its parent: still nested
            {"id": 2, "parent": -1, "name": "kernel"},
            {"id": 4, "parent": 2, "name": "second"},
            {"id": 5, "parent": 99, "name": "orphan"},  # its parent is missing: dropped
            {"id": 6, "parent": 6, "name": "self"}]  # its own parent: dropped
    document = as_document(rows, "mav")
    assert document["links"] == [{"from": 3, "to": 9}]
    (kernel,) = document["nodes"]
    assert kernel["name"] == "kernel" and [child["name"] for child in kernel["children"]] == ["inst", "second"]
    loops = as_document([{"columns": ["", "II"], "id": 0}, {"id": 1, "parent": 0, "name": "Kernel: k"}], "loops")
    assert loops == {"columns": ["", "II"], "children": [{"id": 1, "name": "Kernel: k"}]}


def test_a_17_1_json_folder_is_not_taken_for_a_15_1_project() -> None:
    """``reports/lib/json`` holds ``mav.json`` as a 15.1 project folder does;
    it read as "not a 15.1 mav.json". It is the report's data, as ``lib/`` is."""
    lib = CORPUS / "zaragoza" / "reports" / "hbm2" / "stride6" / "lib"
    whole = load_design(lib)
    for given in (lib / "json", lib / "json" / "loops.json"):
        design = load_design(given)
        assert design.tool.version == whole.tool.version == "19.4.0"
        assert [len(kernel.lsus) for kernel in design.kernels] == [48]


def test_18_1_loops_take_their_depth_from_the_mav() -> None:
    """aoc 16.1-18.1 loop documents give no iteration latency; the mav gives
    each block's (the number 19.3+ fmax_ii.json gives the same loops), or its
    last instruction's end when that is later."""
    design = load_design(CORPUS / "aoc" / "aoc18.1.1pro_s10_520n_saxpy_vscale" / "reportIntel" / "mmult" / "reports")
    depths = {loop.name: loop.iteration_latency for loop in design.kernels[0].all_loops() if not loop.fully_unrolled}
    assert depths == {"mmult.B2": 249, "mmult.B4": 249, "mmult.B6": 12, "mmult.B7": 105, "mmult.B10": 23}


def test_a_parent_chain_too_deep_to_read_is_one_error_line(tmp_path: Path) -> None:
    """Parent ids can nest nodes deeper than any JSON text would (no bracket
    per level): 20,000 blocks each the parent of the next stop with one
    line, exit 2, not a RecursionError traceback; a cycle of parents never
    reaches the kernel and is left out."""
    copy = tmp_path / "vadd.report.prj"
    shutil.copytree(PROJECT, copy)
    mav = copy / "reports" / "resources" / "json" / "mav.ndjson"
    chain = [json.dumps({"type": "bb", "id": 1000 + i, "name": f"VAdd.X{i}", "parent": 999 + i if i else 4})
             for i in range(20000)]
    cycle = [json.dumps({"type": "bb", "id": 900, "name": "VAdd.C1", "parent": 901}),
             json.dumps({"type": "bb", "id": 901, "name": "VAdd.C2", "parent": 900})]
    original = mav.read_text()
    mav.write_text(original + "\n".join(cycle) + "\n")
    assert load_design(copy).kernels[0].lsus  # the cycle is left out, the rest reads
    mav.write_text(original + "\n".join(chain) + "\n")
    result = run_cli("analyze", str(copy))
    assert result.code == 2 and result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert f"{mav}: mav data nested too deeply" in line and "Traceback" not in result.stderr


def test_a_depth_no_document_gives_is_said() -> None:
    """aoc 14.0 reports give no loop latency at all: D = 0, said beside the
    estimate (the note sat on the path only non-Intel kernels take)."""
    design = load_design(CORPUS / "aoc" / "aoc14.0_c5soc_sobel" / "Sobel")
    estimate = analyze(design, {}).estimates["sobel"]
    assert ("sobel: pipeline depth of loop for.cond.preheader not in the report: not counted (FlexCL eq. 1's D = 0)"
            in estimate.assumptions)


def test_a_set_without_the_loops_document_takes_its_loops_from_loop_attr(tmp_path: Path) -> None:
    """A report set that keeps loop_attr but not loops (a public oneAPI 2025
    set with loops.ndjson left out read with no loop at all: 965 ns against
    78 us): loop_attr names, nests, counts and schedules the same loop, so
    the pipeline time is (1024 - 1) * 1 + 70 cycles as with both."""
    copy = tmp_path / "vadd.report.prj"
    shutil.copytree(PROJECT, copy)
    (copy / "reports" / "resources" / "json" / "loops.ndjson").unlink()
    (loop,) = load_design(copy).kernels[0].loops
    assert (loop.name, loop.trip_count.value if loop.trip_count else None, loop.iteration_latency) == (
        "VAdd.B1", 1024, 70)
    assert loop.ii is not None and loop.ii.value == 1
    kernel = json.loads(run_cli("analyze", str(copy), "--format", "json").stdout)["kernels"][0]
    assert kernel["estimate"]["extra"]["compute_seconds"] == pytest.approx((1023 + 70) / FMAX, rel=1e-12)


def test_the_fmax_hint_of_a_kernel_its_loops_limit_is_a_note(tmp_path: Path) -> None:
    """With the loop at II 84 the pipeline takes (1023 x 84 + 70) cycles,
    far longer than the three 4 B streams: widening them shortens nothing
    (a public oneAPI kernel, II 84 and 248, was told to widen its loads),
    so the hint is a note that says the loops' II limits the kernel."""
    shutil.copytree(FIXTURE, tmp_path / "vadd")  # the source (src/vadd.cpp) beside the report too
    copy = tmp_path / "vadd" / PROJECT.name
    folder = copy / "reports" / "resources" / "json"
    # built for a board: a family-only target is an IP component, whose memory is not timed
    info = folder / "info.ndjson"
    info.write_text(info.read_text(encoding="utf-8").replace(
        '"family":"Agilex7, AGFB014R24A2E2V"', '"family":"Agilex 7, AGFB014R24A2E2V, de10_agilex:B2E2_8GBx4"'),
        encoding="utf-8")
    on_board = tmp_path / "on_board"
    shutil.copytree(copy, on_board)
    loops = folder / "loops.ndjson"
    loops.write_text(loops.read_text(encoding="utf-8").replace('"data":["Yes", "1", "0"]', '"data":["Yes", "84", "0"]'),
                     encoding="utf-8")
    attrs = folder / "loop_attr.ndjson"
    attrs.write_text(attrs.read_text(encoding="utf-8").replace('"ii":"1"', '"ii":"84"'), encoding="utf-8")
    plain = run_cli("analyze", str(on_board)).stdout
    assert "[mem-fmax-below-fmin]" in plain  # the warning, where the streams and the pipeline take alike
    shown = run_cli("analyze", str(copy), "-v").stdout.splitlines()
    (hint,) = [line for line in shown if line.endswith("[mem-fmax-below-fmin]")]
    pipeline = format_seconds((1023 * 84 + 70) / FMAX)
    assert ": note: " in hint and f"but the pipeline ({pipeline}) takes longer than the memory" in hint
    assert "[mem-fmax-below-fmin]" not in run_cli("analyze", str(copy)).stdout  # a note: behind -v
