"""Hand-built designs for the model tests (what a reader would produce)."""

from __future__ import annotations

from pathlib import Path

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

INTEL = ToolInfo(Vendor.INTEL, Product.AOC, "18.1.0")


def lsu(
    lsu_id: str,
    kind: LSUKind = LSUKind.LOAD,
    width_bits: int = 512,
    memory: str = "DDR",
    aligned: bool = True,
    write_ack: bool = False,
    line: int = 10,
) -> LSU:
    style = LSUStyle.ATOMIC_PIPELINED if kind is LSUKind.ATOMIC else LSUStyle.BURST_COALESCED
    return LSU(
        id=lsu_id,
        kind=kind,
        style=style,
        style_raw=None,
        width_bits=width_bits,
        is_global=True,
        aligned=aligned,
        write_ack=write_ack,
        memory=memory,
        location=SourceLocation("k.cl", line),
    )


def ddr_design(lsus: list[LSU], fmax: float | None = 400.0, simd: int | None = None) -> Design:
    kernel = Kernel("k", kind=KernelKind.NDRANGE, fmax_postfit_mhz=fmax, lsus=lsus, simd=simd)
    memory = MemorySystem("DDR", MemoryKind.DDR, is_global=True, banks=1)
    return Design(
        tool=INTEL,
        root=Path("hand"),
        name="hand",
        device=Device("Stratix 10", "1SG280LU3F50E1VGS1", "s10_ref:s10gx"),
        kernels=[kernel],
        memory_systems=[memory],
    )


def hbm_design(lsus: list[LSU], fmax: float | None = 400.0) -> Design:
    kernel = Kernel("k", kind=KernelKind.NDRANGE, fmax_postfit_mhz=fmax, lsus=lsus)
    names = sorted({item.memory for item in lsus if item.memory})
    memories = [
        MemorySystem(name, MemoryKind.HBM, is_global=True, channel=int(name[3:])) for name in names
    ]
    return Design(
        tool=ToolInfo(Vendor.INTEL, Product.AOC, "19.4.0"),
        root=Path("hand-hbm"),
        name="hand-hbm",
        device=Device("Stratix 10", "1SM21BHU2F53E2VGS1", "s10mx_ref:s10mx_hbm_es"),
        kernels=[kernel],
        memory_systems=memories,
    )
