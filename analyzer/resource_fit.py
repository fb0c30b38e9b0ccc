"""A design whose report estimates more of a resource than the device has.

Two public Vivado/Vitis projects printed their summary as given, "DSP 1,029
(467.73%)" on an xc7z020 (a 2022.2 systolic array) and "BRAM_18K 12,288
(4388.57%)" (a 2018.2 yuv_filter), and then a run time, with no finding even
at ``-v``: a design that cannot be placed has no run time, and a user
reading the number alone would not know. The estimate is still computed (the
loops are what they are), and the finding says what it rests on.

Vivado/Vitis: each top module's figures hold its whole hierarchy. aoc/oneAPI/
i++: each kernel's figures are its own share of one device, so they are
summed. A design with an implementation report was placed: its synthesis
estimate is then moot, and nothing is said.
"""

from __future__ import annotations

from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Design, Kernel, ResourceUse, Vendor
from hlsight.core.units import format_amount

RULE = "resource-over-device"


def _over(resources: list[ResourceUse]) -> list[ResourceUse]:
    return [item for item in resources if (share := item.utilisation) is not None and share > 1.0]


def _summed(kernels: list[Kernel]) -> list[ResourceUse]:
    """Each resource's use over ``kernels``, where they all name the same device total."""
    totals: dict[str, ResourceUse] = {}
    for kernel in kernels:
        for item in kernel.resources:
            known = totals.get(item.name)
            if known is None:
                totals[item.name] = ResourceUse(item.name, item.used, item.available)
            elif known.available == item.available:
                totals[item.name] = ResourceUse(item.name, known.used + item.used, known.available)
    return list(totals.values())


def _area_file(design: Design) -> str | None:
    """The report file with the area figures (aoc ``area.json``), else its first."""
    named = [path for path in design.artifacts if "area" in path.name] or design.artifacts
    return str(named[0]) if named else None


def _text(item: ResourceUse) -> str:
    return f"{item.name} {format_amount(item.used)} of {item.available:,.0f} ({item.utilisation:.0%})"


def check_resource_fit(design: Design) -> list[Diagnostic]:
    """One warning per top (Vivado/Vitis) or for the design (Intel) whose
    reported resources exceed what the device offers."""
    if design.implementation is not None and design.implementation.resources:
        return []
    part = design.device.part or design.device.family or "the device"
    groups: list[tuple[str | None, list[Kernel], list[ResourceUse]]]
    if design.tool.vendor is Vendor.INTEL:
        groups = [(None, design.kernels, _summed(design.kernels))]
        stage = ("the compiler's area estimate is made before synthesis, which may pack it smaller, but the"
                 " compile may fail to fit")
    else:
        groups = [(kernel.name, [kernel], kernel.resources) for kernel in design.top_kernels()]
        stage = "as synthesized, the design does not fit the part"
    found = []
    for name, kernels, resources in groups:
        over = _over(resources)
        if not over:
            continue
        artifact = next((kernel.artifact for kernel in kernels if kernel.artifact), None) or _area_file(design)
        whose = f"{name} uses" if name is not None else "the kernels use"
        found.append(Diagnostic(
            rule=RULE, severity=Severity.WARNING, file=artifact, kernel=name,
            subject=", ".join(item.name for item in over),
            message=(f"{whose} more than {part} holds: {', '.join(_text(item) for item in over)}; {stage}."
                     " The estimate assumes a build that fits: reduce unrolling, partitioning or replication,"
                     " or move large arrays off chip"),
            data={item.name: {"used": item.used, "available": item.available} for item in over},
        ))
    return found
