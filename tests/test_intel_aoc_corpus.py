"""Every report set of every ../shared/corpus/aoc case parses, and its LSU
inventory equals the hand-checked expectations in tests/data/intel_inventory.json
(transcribed from each case's SOURCE.md; see that file's ``_provenance``)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from hlsight.core.model import LSU, Design
from hlsight.parsers.loader import load_design
from tests.conftest import CORPUS, REPO

AOC = CORPUS / "aoc"
DATA = json.loads((REPO / "tests" / "data" / "intel_inventory.json").read_text(encoding="utf-8"))["cases"]
SETS = [(case, rel) for case, sets in sorted(DATA.items()) for rel in sorted(sets)]


def _inst(lsu: LSU) -> str:
    if lsu.kind.value == "atomic":
        return f"atomic_{lsu.atomic_op}"
    return lsu.kind.value.capitalize()


def _scope(lsu: LSU) -> str:
    if lsu.is_global:
        return "global"
    return "local" if lsu.memory is not None else "no memory link"


def _style(lsu: LSU) -> str:
    if lsu.style_raw is not None:
        return lsu.style_raw
    return "" if lsu.rtl is None or lsu.kind.value == "atomic" else (lsu.rtl.style or "")


def test_every_case_directory_has_expectations() -> None:
    assert sorted(p.name for p in AOC.iterdir() if p.is_dir()) == sorted(DATA)
    assert len(SETS) == 45


def test_every_report_set_on_disk_is_listed() -> None:
    """Guard against a report set being added to the corpus but not tested."""
    on_disk = set()
    for marker in [*AOC.rglob("report_data.js"), *AOC.rglob("mav.json"), *AOC.rglob("summary.ndjson")]:
        data_dir = marker.parent.parent if marker.parent.name == "json" else marker.parent
        if marker.name == "mav.json" and marker.parent.name != "json":
            data_dir = marker.parent  # 15.1 bare project
        case = data_dir.relative_to(AOC).parts[0]
        on_disk.add((case, str(data_dir.relative_to(AOC / case))))
    listed = {(case, rel) for case, rel in SETS if not case.startswith("aoc14.0")}
    assert on_disk == listed


def _design(case: str, rel: str) -> Design:
    return load_design(AOC / case / rel)


@pytest.mark.parametrize(("case", "rel"), SETS, ids=[f"{c}:{r}" for c, r in SETS])
def test_inventory(case: str, rel: str) -> None:
    expected = DATA[case][rel]
    design = _design(case, rel)
    lsus = [lsu for kernel in design.kernels for lsu in kernel.lsus]
    assert len(lsus) == expected["n_lsus"]
    assert dict(Counter(f"{_inst(x)}|{_style(x)}|{_scope(x)}" for x in lsus)) == expected["lsus"]
    assert dict(Counter(f"{x.width_bits} bits" for x in lsus)) == expected["widths_raw"]
    assert sorted(m.name for m in design.memory_systems if m.is_global) == expected["global_memsys_raw"]
    stall_free = Counter({True: "Yes", False: "No"}[lsu.stall_free] for lsu in lsus if lsu.stall_free is not None)
    assert dict(stall_free) == expected["stall_free"]
    names = [(kernel.report_name or kernel.name).split("#")[0] for kernel in design.kernels]
    assert names[: len(expected["kernels_source_md"])] == expected["kernels_source_md"]


def test_paths_accepted_for_one_report(tmp_path: Path) -> None:
    """Project dir, reports dir, report.html, lib dir and report_data.js all
    name the same 16.1 design."""
    project = AOC / "aoc16.1_s5_de5net_caffe_net" / "kernels" / "net" / "bin" / "net"
    spellings = [project, project / "reports", project / "reports" / "report.html", project / "reports" / "lib",
                 project / "reports" / "lib" / "report_data.js"]
    inventories = set()
    for path in spellings:
        design = load_design(path)
        inventories.add(tuple((x.id, x.style_raw, x.width_bits) for k in design.kernels for x in k.lsus))
        assert design.kernels[0].fmax_postfit_mhz is not None, path  # acl_quartus_report.txt above reports/
    assert len(inventories) == 1
