"""Access facts derived from the kernels embedded in the zaragoza aoc reports.

For every application case of ``corpus/zaragoza/cases.csv`` the stride and
element size derived from the source must equal the ones the seed authors
typed in. The CSV folds one model effect into "stride": Rodinia nw's 16 is
the write-ack burst waste dq*bl/ls_bytes of journal section 5.1.3 (64 B
DDR4-1866 burst / 4 B int) on its write-ack store, which the source analysis
reports as a data-dependence-free stride-1 store of a write-ack LSU; the
test reproduces the CSV value from the derived element size with that
equation rather than accepting a hand-typed exception.
"""

from __future__ import annotations

import csv
import json
import re
from functools import cache

import pytest

from hlsight.analyzer.access import derive_access_facts, parse_expression
from hlsight.analyzer.results import SourceFacts
from hlsight.core.model import Design
from hlsight.parsers.loader import ReadOptions, load_design
from tests.conftest import CORPUS, run_cli

ZARAGOZA = CORPUS / "zaragoza"
CASES = list(csv.DictReader((ZARAGOZA / "cases.csv").open()))
#: DRAM burst bytes dq*bl of the two boards (cases.csv header; journal Table 3)
BURST_BYTES = {"ddr4-1866": 8 * 8, "hbm2-s10mx": 8 * 4}


@cache
def derived(report: str) -> tuple[Design, SourceFacts]:
    design = load_design(ZARAGOZA / "reports" / report, ReadOptions())
    return design, derive_access_facts(design)


def effective_stride(design: Design, found: SourceFacts, memory: str) -> int:
    """The case-level delta: the largest per-LSU stride, a write-ack LSU's
    counted with its whole-burst waste (eq. 13 context, section 5.1.3)."""
    strides = []
    for kernel in design.kernels:
        for lsu in kernel.global_lsus():
            facts = found.access(lsu)
            assert facts is not None and facts.stride is not None, lsu.id
            stride = int(parse_expression(facts.stride))
            if lsu.write_ack and facts.element_bytes:
                stride *= BURST_BYTES[memory] // facts.element_bytes
            strides.append(stride)
    return max(strides)


@pytest.mark.parametrize("case", CASES, ids=[case["case_id"] for case in CASES])
def test_derived_stride_and_element_size_equal_the_csv(case: dict[str, str]) -> None:
    design, found = derived(case["report"])
    facts = [found.access(lsu) for kernel in design.kernels for lsu in kernel.global_lsus()]
    assert facts
    assert {fact.element_bytes for fact in facts if fact} == {int(case["element_bytes"])}
    assert effective_stride(design, found, case["memory_profile"]) == int(case["stride"])


def _accesses(report: str, lsu_id: str, **values: int) -> object:
    design, found = derived(report)
    lsu = next(lsu for kernel in design.kernels for lsu in kernel.lsus if lsu.id == lsu_id)
    facts = found.access(lsu)
    assert facts is not None and facts.accesses is not None
    return parse_expression(facts.accesses).subs(values).doit()  # doit: exact guard counts hold a Sum over rows


def test_access_counts_from_ndrange_size_and_loop_bounds() -> None:
    w = 32768000
    # z[index] = x[index] + y[index]: once per work-item
    assert _accesses("ddr4-1866/vectoradd", "test_multiplereads/load1", work_items=w) == w
    # stride 6 with SIMD 16: 16 per-lane 32-bit LSUs per access, each serves 1/16
    assert _accesses("hbm2/stride6", "test_multiplereads/load0", work_items=w) == w // 16
    # axpy: for i < 1 + (N-1)/64, 64 unrolled lanes
    assert _accesses("ddr4-1866/axpy", "sreaming_saxpy/store0", N=w) == w
    assert _accesses("ddr4-1866/axpy", "sreaming_saxpy/store0", N=w + 1) == w + 64
    # fft1d: the store runs count*N/8 of the count*N/8 + N/8 - 1 iterations, 8 merged float2 each
    assert _accesses("ddr4-1866/fft1d", "fft1d/store0", count=2000, LOGN=12) == 8192000
    # the fetch kernel reads 8 float2 per work-item (unrolled k loop)
    assert _accesses("ddr4-1866/fft1d", "fetch/load0", work_items=1024000) == 8192000
    # hotspot: while (index != comp_exit) with index++, 8 unrolled lanes
    assert _accesses("ddr4-1866/hotspot", "hotspot/load0", comp_exit=1000, grid_rows=999) == 8000 * 999 // 1000


def test_explanations_name_the_source_and_the_rule() -> None:
    design, found = derived("hbm2/stride-3-1-offset1")
    facts = found.access(design.kernels[0].lsus[0])
    assert facts is not None and facts.explanation is not None
    assert facts.explanation.startswith("stride 3 from `x[index]` at test_bw10_delta.cl:45")
    assert "3*get_global_id(0) + 1" in facts.explanation
    assert "offset 1 (does not start at element 0)" in facts.explanation


def test_report_variable_naming_the_index_is_ignored_with_a_note() -> None:
    design, found = derived("hbm2/stride6")
    store = next(lsu for lsu in design.kernels[0].lsus if lsu.id.endswith("store0"))
    assert store.variable == "index"
    facts = found.access(store)
    assert facts is not None and "names no array" in (facts.explanation or "")


def test_pathfinder_lsus_fire_on_different_rows() -> None:
    """Rodinia pathfinder reads ``src`` only on row 0 of a block, ``wall`` on
    the other rem_rows rows and writes ``dst`` on the last row: the row
    counter ``y`` cycles 0..rem_rows, so the three LSUs of one loop differ."""
    values = {"comp_exit": 6000, "rem_rows": 5}
    src = _accesses("ddr4-1866/pathfinder", "dynproc_kernel/load0", **values)
    wall = _accesses("ddr4-1866/pathfinder", "dynproc_kernel/load1", **values)
    dst = _accesses("ddr4-1866/pathfinder", "dynproc_kernel/store0", **values)
    assert (src, wall, dst) == (16 * 6000 // 6, 16 * 6000 * 5 // 6, 16 * 6000 // 6)


def test_hotspot_skips_the_halo_row() -> None:
    # y cycles 0..grid_rows (if (y == grid_rows) y = 0; else y++): reads skip one of grid_rows + 1 rows
    assert _accesses("ddr4-1866/hotspot", "hotspot/load0", comp_exit=1001, grid_rows=1000) == 8 * 1000


def test_analyze_takes_the_kernel_argument_and_gives_the_estimate() -> None:
    """``hlsight analyze axpy --set N=...``: the source turns the argument
    into access counts (64*floor((N-1)/64) + 64 per LSU) and the loop trip
    count, so the model needs no stride/bytes/accesses hints."""
    report = str(ZARAGOZA / "reports" / "ddr4-1866" / "axpy")
    result = run_cli("analyze", report, "--set", "N=32768000", "--format", "json")
    assert result.code == 0, result.stderr
    data = json.loads(result.stdout)
    estimate = data["kernels"][0]["estimate"]
    assert estimate is not None and estimate["seconds"] is not None
    assert estimate["free_symbols"] == []
    # same time as the typed-in hints of cases.csv (work_items, stride 1, 4 B)
    typed = run_cli(
        "analyze", report, "--set", "N=32768000", "--set", "work_items=32768000", "--format", "json",
        *[arg for lsu in ("load0", "load1", "store0") for arg in
          ("--set", f"lsu.sreaming_saxpy/{lsu}.stride=1", "--set", f"lsu.sreaming_saxpy/{lsu}.bytes=4",
           "--set", f"lsu.sreaming_saxpy/{lsu}.accesses=32768000")],
    )
    assert typed.code == 0, typed.stderr
    assert json.loads(typed.stdout)["kernels"][0]["estimate"]["seconds"] == pytest.approx(estimate["seconds"])
    unknown = run_cli("analyze", report, "--set", "M=1")
    assert unknown.code == 2 and "N," in unknown.stderr


def test_text_inventory_shows_the_derived_facts_per_lsu() -> None:
    result = run_cli("analyze", "-v", str(ZARAGOZA / "reports" / "hbm2" / "stride-3-1-offset1"))
    assert result.code == 0, result.stderr
    lines = [line for line in result.stdout.splitlines() if "Burst-coalesced non-aligned" in line]
    # one 512-bit and one 256-bit load for 8 lanes of stride 3: 6 and 3 lanes of 9 (ceil(w / (e * delta)))
    assert lines and lines[0].endswith("[x[index]: stride 3, 4 B, x 2*work_items/3]")
    assert re.search(r"test_bw10_delta\.cl:45:\d+: note: load LSU test_multiplereads/load0: stride 3 from `x\[index\]`",
                     result.stdout)


def test_private_arrays_on_chip_match_their_local_lsus() -> None:
    """aoc builds a function's private arrays in on-chip memory and reports
    their LSUs as local: hbm2/histogram's l_histo_0..31 stores match them
    (they were 'no array access of this kind on that line')."""
    design = load_design(CORPUS / "zaragoza" / "reports" / "hbm2" / "histogram")
    facts = derive_access_facts(design, ())
    assert not [d for d in facts.diagnostics if d.rule == "access-unmatched"]
    kernel = next(kernel for kernel in design.kernels if kernel.name == "Histogram_0")
    store = next(lsu for lsu in kernel.lsus if lsu.variable == "l_histo_0")
    found = facts.access(store)
    assert found is not None and found.expression == "l_histo_0[pos]" and found.accesses == "bins"
