"""Measured micro-benchmark rows that no compiler report matches, as designs.

``measured/NonAligned_1866.csv`` (24 rows, Stratix 10 GX DDR4-1866: the
burst-coalesced non-aligned LSU, ``#ga`` = L accesses of which L-1 loads and
one store, vectorised v = 2..16) has no report set in the corpus (its
frequencies match none), so it cannot run through ``hlsight analyze``. Every
fact the model needs is in the row itself, as for the journal's own
estimates (section 7.1.2): the LSU width (``Width Units``), the kernel clock
(``Frequency (MHz)``), L and v; the kernel indexes ``x[3*i + offset]``
(delta = 3, the journal's Listing 4 line 17 and the seed notebook's
``delta=3``), one float per work-item, ``work_items = 32768000``. The design
is built from those facts and analysed in-process with the CLI's analysis
(the board of the S10 GX dev kit picks the profile). Nothing comes from a
measured time.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

from hlsight.analyzer.pipeline import analyze
from hlsight.core.model import (
    LSU,
    Design,
    Device,
    Kernel,
    KernelKind,
    LSUKind,
    LSUStyle,
    MemoryKind,
    MemorySystem,
    Product,
    SourceLocation,
    ToolInfo,
    Vendor,
)

NON_ALIGNED_DDR4 = "NonAligned_1866.normalized.csv"
WORK_ITEMS = 32_768_000
STRIDE = 3  # x[3*i + offset]: journal Listing 4 line 17, "for a delta = 3"
ELEMENT_BYTES = 4


@dataclass(frozen=True)
class DesignRow:
    case_id: str
    accesses: int  # L: L-1 loads and one store
    simd: int
    fmax_mhz: float
    width_bits: int
    measured_ms: float


def load_rows(measured: Path) -> list[DesignRow]:
    rows = []
    with (measured / NON_ALIGNED_DDR4).open(newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            accesses, simd = int(row["LOAD/STORE"]), int(row["SIMD"])
            rows.append(DesignRow(
                f"NonAligned_1866:{accesses},{simd}", accesses, simd,
                float(row["Frequency (MHz)"]), int(row["Width Units"]), float(row["Time (ms)"]),
            ))
    return rows


def non_aligned_design(row: DesignRow) -> Design:
    """One NDRange kernel, SIMD v, L non-aligned LSUs of the row's width on
    the one DDR4 bank of the S10 GX dev kit."""
    lsus = [
        LSU(
            id=f"lsu{index}",
            kind=LSUKind.STORE if index == row.accesses - 1 else LSUKind.LOAD,
            style=LSUStyle.BURST_COALESCED,
            style_raw="Burst-coalesced non-aligned",
            width_bits=row.width_bits,
            is_global=True,
            aligned=False,
            memory="DDR",
            variable="z" if index == row.accesses - 1 else f"x{index}",
            # one line per access: identical LSUs on one line would read as
            # the per-lane LSUs of one vectorised access
            location=SourceLocation("test_bw10_delta.cl", 40 + index),
        )
        for index in range(row.accesses)
    ]
    kernel = Kernel(
        "test_multiplereads", kind=KernelKind.NDRANGE, fmax_postfit_mhz=row.fmax_mhz, simd=row.simd, lsus=lsus
    )
    return Design(
        tool=ToolInfo(Vendor.INTEL, Product.AOC, "18.1.0"),
        root=Path(row.case_id),
        name=row.case_id,
        device=Device("Stratix 10", "1SG280LU3F50E1VGS1", "s10_ref:s10gx"),
        kernels=[kernel],
        memory_systems=[MemorySystem("DDR", MemoryKind.DDR, is_global=True, banks=1)],
    )


def estimate_row(row: DesignRow) -> tuple[float | None, str, str]:
    """(estimate ms, bound, profile) of one row's design."""
    values = {"work_items": float(WORK_ITEMS), "stride": float(STRIDE), "element_bytes": float(ELEMENT_BYTES)}
    estimate = analyze(non_aligned_design(row), values, derive_access=False).design_estimate
    if estimate is None or estimate.seconds is None:
        return None, "unknown", ""
    return estimate.seconds * 1e3, estimate.bound, estimate.profile or ""
