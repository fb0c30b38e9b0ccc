"""Read a project's kernel RTL and pair it with the report's LSUs."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from hlsight.core.diagnostics import Diagnostic
from hlsight.core.errors import InputError
from hlsight.core.limits import rtl_parameter_problem
from hlsight.core.model import Kernel, RtlLsuParams
from hlsight.parsers.intel.jsdata import read_text
from hlsight.parsers.intel.rtl.locate import RtlFiles, find_rtl
from hlsight.parsers.intel.rtl.pairing import pair
from hlsight.parsers.intel.rtl.scan import scan_text, truncation
from hlsight.parsers.intel.rtl.stall import Placement, block_number, read_placements


@dataclass
class RtlScan:
    files: RtlFiles
    instances: list[RtlLsuParams] = field(default_factory=list)
    placements: dict[str, Placement] = field(default_factory=dict)


def scan_rtl(directories: list[Path]) -> RtlScan:
    files = find_rtl(directories)
    result = RtlScan(files)
    for path in files.all():
        text = read_text(path)
        problem = truncation(text, path)
        if problem is not None:
            raise InputError(path, problem, expected="complete generated RTL")
        instances = scan_text(text, path)
        for instance in instances:
            _check_parameters(instance)
        result.instances.extend(instances)
        if block_number(path) is not None:
            result.placements.update(read_placements(text, path))
    return result


def _check_parameters(instance: RtlLsuParams) -> None:
    """Refuse parameter values no compiler writes (issue 16: a hostile
    BURSTCOUNT_WIDTH made the burst model compute 2**10,000,000)."""
    for name, raw in instance.params.items():
        problem = rtl_parameter_problem(name, raw)
        if problem is not None:
            raise InputError(f"{instance.file}:{instance.line}", f"lsu_top {instance.instance}: {problem}",
                             expected="the parameters aoc writes")


def attach_rtl(kernels: list[Kernel], blocks: dict[str, list[str]], directories: list[Path]) -> tuple[
        list[Diagnostic], RtlScan]:
    """Pair RTL (when the project has any); return the diagnostics and the scan."""
    scan = scan_rtl(directories)
    if not scan.instances:
        return [], scan
    return pair(kernels, scan.instances, scan.placements, blocks), scan


def rtl_device_family(instances: list[RtlLsuParams]) -> str | None:
    """``INTENDED_DEVICE_FAMILY`` of the LSUs (15.1/16.1 Verilog set it), the
    only device fact of reports that have no info document."""
    families = {rtl.params["INTENDED_DEVICE_FAMILY"] for rtl in instances if rtl.params.get("INTENDED_DEVICE_FAMILY")}
    return families.pop() if len(families) == 1 else None
