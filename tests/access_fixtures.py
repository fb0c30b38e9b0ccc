"""Designs built around a fixture kernel source, as an aoc report gives them.

The access tests place LSUs on the lines a ``// @marker`` comment marks in a
source under ``fixtures/access`` and check the facts hlsight derives for
them against values worked out by hand. This module builds those designs,
so each test file says only which source, kernels and markers it uses.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path

import sympy

from hlsight.analyzer.access import derive_access_facts, parse_expression
from hlsight.analyzer.access.classify import Classification, classify
from hlsight.analyzer.access.sycl_kernels import find_kernels
from hlsight.analyzer.access.sycl_walker import walk_kernel
from hlsight.analyzer.access.walker import AccessSite
from hlsight.analyzer.results import AccessFacts, SourceFacts
from hlsight.core.model import (
    LSU,
    Design,
    Device,
    Kernel,
    KernelKind,
    LSUKind,
    LSUStyle,
    Product,
    SourceFile,
    SourceLocation,
    ToolInfo,
    Vendor,
)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "access"


@dataclass(frozen=True)
class MarkedSource:
    """One fixture source (``fixtures/access/<name>``) and the designs around it."""

    name: str
    version: str = "19.4.0"
    text: str = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", (FIXTURES / self.name).read_text())

    @property
    def path(self) -> Path:
        return FIXTURES / self.name

    def line_of(self, marker: str) -> int:
        """The line whose comment is ``// @marker`` (the whole marker: ``@copy`` is not ``@copy_loop``)."""
        pattern = re.compile(rf"// @{re.escape(marker)}\b(?!_)")
        return next(number for number, line in enumerate(self.text.splitlines(), 1) if pattern.search(line))

    def lsu(self, lsu_id: str, kind: LSUKind, marker: str) -> LSU:
        """A 32-bit burst-coalesced global LSU on the marked line."""
        return LSU(id=lsu_id, kind=kind, style=LSUStyle.BURST_COALESCED, style_raw="Burst-coalesced",
                   width_bits=32, is_global=True, location=SourceLocation(self.name, self.line_of(marker)))

    def derived(self, kernels: list[Kernel], device: Device | None = None) -> SourceFacts:
        """The source facts of a design of ``kernels`` compiled from this
        source (for the board of ``device``, when given)."""
        design = Design(tool=ToolInfo(Vendor.INTEL, Product.AOC, self.version, command=f"aoc {self.name}"),
                        root=FIXTURES, kernels=kernels, device=device or Device(),
                        source_files=[SourceFile(f"/build/{self.name}", self.name, self.text)])
        return derive_access_facts(design)

    def facts(self, kernel: str, kinds: list[tuple[LSUKind, str]], ndrange: bool = False) -> list[AccessFacts]:
        """The facts of LSUs of ``kernel``, one per (kind, marker), in that order."""
        lsus = [self.lsu(f"{kernel}/lsu{number}", kind, marker) for number, (kind, marker) in enumerate(kinds)]
        kind = KernelKind.NDRANGE if ndrange else KernelKind.SINGLE_WORK_ITEM
        found = self.derived([Kernel(name=kernel, kind=kind, lsus=lsus)])
        return [facts_of(found, unit) for unit in lsus]


def facts_of(found: SourceFacts, unit: LSU) -> AccessFacts:
    facts = found.access(unit)
    assert facts is not None, unit.id
    return facts


def value(text: str | None, **values: int) -> sympy.Expr:
    """A fact's expression (stride, offset, count) with ``values`` put in."""
    assert text is not None
    return parse_expression(text).subs(values)


@functools.cache
def sycl_sites(source: Path) -> dict[str, list[AccessSite]]:
    """Every access of each lambda of a SYCL fixture source, by kernel name,
    walked as the oneAPI path walks a report's kernel."""
    from hlsight.parsers.cxx.sycl_headers import parse_sycl

    text = source.read_text()
    unit = parse_sycl(source, text, {})
    assert not unit.errors
    return {kernel.name or "": walk_kernel(kernel, kernel.name or "", text.splitlines()).sites
            for kernel in find_kernels(unit.translation_unit, str(source))}


def sycl_load(source: Path, kernel: str, text: str) -> Classification:
    """The classification of the load ``text`` of ``kernel`` in ``source`` (single work-item)."""
    (site,) = [site for site in sycl_sites(source)[kernel] if site.kind == "load" and site.text == text]
    return classify(site, ndrange=False)
