"""Every zaragoza report set parses and its LSU inventory equals INDEX.csv.

INDEX.csv was built by the corpus curators independently of hlsight (see
../shared/corpus/zaragoza/README.md); its columns are the expected values.
"""

from __future__ import annotations

import csv
import re
from collections import Counter
from pathlib import Path

import pytest

from hlsight.core.model import Design
from hlsight.parsers.loader import load_design
from hlsight.reporters.text import inventory_lines
from tests.conftest import CORPUS

ZARAGOZA = CORPUS / "zaragoza" / "reports"
ROWS = list(csv.DictReader((ZARAGOZA / "INDEX.csv").open(encoding="utf-8"))) if ZARAGOZA.is_dir() else []
INST_NAMES = {"load": "Load", "store": "Store", "atomic": "atomic_add"}


def _counts(text: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in filter(None, text.split(";")):
        key, _, value = item.rpartition("=")
        out[key] = int(value)
    return out


def _inventory(design: Design) -> dict[str, object]:
    lsus = [lsu for kernel in design.kernels for lsu in kernel.lsus]
    glob = [lsu for lsu in lsus if lsu.is_global]
    return {
        "kernels": ";".join(kernel.name for kernel in design.kernels),
        "n_global_lsus": len(glob),
        "n_nonglobal_lsus": len(lsus) - len(glob),
        "lsu_types": dict(Counter(f"{INST_NAMES[lsu.kind.value]}:{lsu.style_raw or '(no Type)'}" for lsu in glob)),
        "lsu_widths_bits": dict(Counter(str(lsu.width_bits) for lsu in glob)),
        "memsys_names": sorted(m.name for m in design.memory_systems if m.is_global or m.kind.value == "host"),
    }


def test_index_lists_every_set() -> None:
    assert len(ROWS) == 112
    on_disk = {f"{p.parent.name}/{p.name}" for p in ZARAGOZA.glob("*/*") if p.is_dir()}
    assert on_disk == {f"{row['memory']}/{row['case']}" for row in ROWS}


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['memory']}/{r['case']}" for r in ROWS])
def test_inventory_matches_index(row: dict[str, str]) -> None:
    design = load_design(ZARAGOZA / row["memory"] / row["case"])
    assert _inventory(design) == {
        "kernels": row["kernels"],
        "n_global_lsus": int(row["n_global_lsus"]),
        "n_nonglobal_lsus": int(row["n_nonglobal_lsus"]),
        "lsu_types": _counts(row["lsu_types"]),
        "lsu_widths_bits": _counts(row["lsu_widths_bits"]),
        "memsys_names": sorted(filter(None, row["memsys_names"].split(";"))),
    }
    assert design.tool.version_raw.endswith(row["aoc_version"].removeprefix("i++ "))


def _expected_fmax(row: dict[str, str]) -> float | None:
    return float(row["kernel_fmax_mhz"]) if row["kernel_fmax_mhz"] else None


@pytest.mark.parametrize("row", [r for r in ROWS if r["kernel_fmax_mhz"]], ids=lambda r: f"{r['memory']}/{r['case']}")
def test_postfit_fmax_matches_index(row: dict[str, str]) -> None:
    """INDEX kernel_fmax_mhz comes from quartus.json (the malformed 18.1/19.x
    shape), which is the PLL-rounded actual clock."""
    design = load_design(ZARAGOZA / row["memory"] / row["case"] / "lib" / "report_data.js")
    expected = _expected_fmax(row)
    assert expected is not None
    for kernel in design.kernels:
        assert kernel.fmax_postfit_mhz == pytest.approx(expected, abs=0.01)


def test_ipp_component_report_uses_system_memory() -> None:
    design = load_design(Path(ZARAGOZA / "ddr4-1866" / "sobel"))
    assert design.tool.product.value == "i++"
    assert [k.kind.value for k in design.kernels] == ["component"]
    assert {m.name for m in design.memory_systems if m.kind.value == "host"} == {"System Memory/0"}


def test_ipp_host_interface_lsus_are_not_called_local() -> None:
    """The inventory shows an i++ component's Avalon host-interface LSUs as
    ``host`` (they reach memory outside the component, not timed), not as
    ``local`` like its on-chip buffers."""
    design = load_design(ZARAGOZA / "hbm2" / "sobel-hiflipvx")
    lines = inventory_lines(design)
    assert ("  host memory (Avalon host interfaces: pipelined LSUs' commands counted, the memory not timed):"
            " System Memory/1, System Memory/2, System Memory/3") in lines
    read = next(line for line in lines if "link_OpenCLIntel.h:34" in line)
    assert read.split()[3:5] == ["host", "System"]
    buffer = next(line for line in lines if "img_filter_core.h:69" in line)
    assert buffer.split()[3:5] == ["local", "linebuffer"]


MICRO = [r for r in ROWS if r["case"].startswith(("micro-ca-", "micro-cna-", "micro-wack-")) and r["memory"] == "hbm2"]


@pytest.mark.parametrize("row", MICRO, ids=lambda r: r["case"])
def test_ndrange_simd_from_area_report_equals_command_line_v(row: dict[str, str]) -> None:
    """The micro-benchmarks are NDRange kernels with num_simd_work_items(V),
    V given by ``-D V=..`` in the command; the report states it only as
    "Achieved kernel vectorization: V" in area_src.json."""
    match = re.search(r"-D ?V=(\d+)", row["command"])
    assert match is not None
    (kernel,) = load_design(ZARAGOZA / row["memory"] / row["case"]).kernels
    assert (kernel.kind.value, kernel.simd) == ("ndrange", int(match.group(1)))
