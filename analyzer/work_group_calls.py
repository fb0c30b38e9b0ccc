"""The calls an NDRange launch of an OpenCL C kernel's Vivado/Vitis module makes.

SDAccel/Vitis build an OpenCL C kernel into a module that runs one
work-group per call (:mod:`hlsight.core.work_groups`); the runtime divides
the host's NDRange (``work_items``, the product of its global sizes) into
work-groups and calls the compute unit once for each. A public SDAccel 2016.3
CNN (Legorock/cnn_ocl_fpga, ``conv2``, ``reqd_work_group_size(8,8,8)``,
global 8x8x64) was called 8 times at 1.86 ms each; its report's latency is
one call. So ``work_items`` becomes the number of calls, which the
``[[launch]]`` mechanism (``repeat``) already sums and shows per launch:
one launch of ``work_items / size`` calls, or each ``[[launch]]`` table's
``repeat`` times that.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from hlsight.analyzer.estimate.inputs import KERNEL_SCOPE
from hlsight.analyzer.launches import Launch, WorkGroupCalls
from hlsight.analyzer.symbols import WORK_ITEMS
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.errors import InputError
from hlsight.core.model import Design, Vendor
from hlsight.core.work_groups import WorkGroup, work_group


@dataclass
class WorkGroupSplit:
    """The launches with their calls, what the headline says of them and
    the warnings."""

    launches: list[Launch]
    #: the phrase beside the design time (empty: not an OpenCL kernel's module)
    headline: str = ""
    #: said where the number is read (a caution without ``work_items``, an assumption with it)
    caution: str = ""
    assumption: str = ""
    diagnostics: list[Diagnostic] = field(default_factory=list)


def opencl_work_group(design: Design) -> WorkGroup | None:
    """The work-group of the design's one top when it is an OpenCL C
    kernel's module (a folder of several tops: ``None``, each is its own
    kernel and ``work_items`` names none of them)."""
    if design.tool.vendor is not Vendor.XILINX:
        return None
    tops = design.top_kernels()
    return work_group(tops[0]) if len(tops) == 1 else None


def _work_items(values: Mapping[str, float], kernel: str) -> float | None:
    """``KERNEL:work_items`` or ``work_items`` among ``values``."""
    return values.get(f"{kernel}{KERNEL_SCOPE}{WORK_ITEMS.name}", values.get(WORK_ITEMS.name))


def _calls(group: WorkGroup, size: int, work_items: float, where: str, origin: str | None) -> WorkGroupCalls:
    """The calls ``work_items`` make, refusing a count that is not a whole
    number of work-groups (the OpenCL runtime refuses such a launch: the
    global size must be a multiple of the required local size)."""
    if work_items < 1 or not float(work_items).is_integer():
        raise InputError(origin, f"{WORK_ITEMS.name} is {work_items:g}{where}",
                         expected="a whole number of at least 1 (the NDRange global size)")
    if int(work_items) % size:
        raise InputError(
            origin, f"{WORK_ITEMS.name}={int(work_items):,}{where} is not a whole number of work-groups of {size:,}"
            f" (kernel {group.kernel}'s work-group size, {group.evidence})",
            expected=f"a multiple of {size:,}: the NDRange global size, each dimension a multiple of the local size")
    return WorkGroupCalls(int(work_items), size)


def work_group_calls(design: Design, values: Mapping[str, float], launches: Sequence[Launch],
                     origin: str | None = None) -> WorkGroupSplit:
    """``launches`` with the calls ``work_items`` makes of an OpenCL C
    kernel's module (none given: one implicit launch of those calls), and
    what is said beside the number; unchanged for any other design."""
    group = opencl_work_group(design)
    if group is None:
        return WorkGroupSplit(list(launches))
    if group.size is None:
        return _size_unknown(group, values, launches)
    if launches:
        return _in_launches(group, group.size, values, launches, origin)
    work_items = _work_items(values, group.kernel)
    if work_items is None:
        return WorkGroupSplit(
            [], headline=f"one work-group's call ({group.size:,} work-items)",
            caution=f"{group.kernel} is an OpenCL C kernel's module ({group.evidence}, {group.size:,}): the runtime"
                    f" calls it once per work-group of {group.size:,} work-items, and this number is one call;"
                    f" --set {WORK_ITEMS.name}=GLOBAL_SIZE (the host's NDRange global size) gives the kernel's time")
    calls = _calls(group, group.size, work_items, "", None)
    return WorkGroupSplit(
        [Launch(repeat=calls.calls, work_groups=calls, implicit=True)], headline=calls.text,
        assumption=f"{group.kernel} is an OpenCL C kernel's module called once per work-group"
                   f" ({group.evidence}, {group.size:,}): {calls.text}")


def _size_unknown(group: WorkGroup, values: Mapping[str, float], launches: Sequence[Launch]) -> WorkGroupSplit:
    """An OpenCL C kernel's module whose report does not give the
    work-group size: the number is one call, said; ``work_items`` cannot
    be turned into calls, said too (never a guessed size)."""
    split = WorkGroupSplit(
        list(launches), caution=f"{group.kernel} is an OpenCL C kernel's module (its XCL_WG_DIM work-item loops),"
        f" called once per work-group, but the report does not give its work-group size ({group.evidence}):"
        " the number is one call")
    tables: list[Mapping[str, float]] = [{**values, **launch.values} for launch in launches] or [values]
    if any(_work_items(table, group.kernel) is not None for table in tables):
        split.diagnostics.append(Diagnostic(
            rule="input-work-items-unused", severity=Severity.WARNING,
            message=f"{WORK_ITEMS.name} is the NDRange global size, but the work-group size of {group.kernel} is"
                    f" not in the report ({group.evidence}), so the calls it makes are unknown: it is not used;"
                    " give the calls as a [[launch]] table's repeat (global size / local size)",
            kernel=group.kernel))
    return split


def _in_launches(group: WorkGroup, size: int, values: Mapping[str, float], launches: Sequence[Launch],
                 origin: str | None) -> WorkGroupSplit:
    """Each ``[[launch]]`` table with a ``work_items`` (its own or the top
    level's) repeats its calls: ``repeat`` x ``work_items / size``."""
    out: list[Launch] = []
    for number, launch in enumerate(launches, 1):
        work_items = _work_items({**values, **launch.values}, group.kernel)
        if work_items is None or launch.kernel not in (None, group.kernel):
            out.append(launch)
            continue
        calls = replace(_calls(group, size, work_items, f" in [[launch]] #{number}", origin), launches=launch.repeat)
        out.append(replace(launch, repeat=launch.repeat * calls.calls, work_groups=calls))
    made = sum(launch.repeat for launch in out if launch.work_groups is not None)
    headline = (f"{made:,} calls, one per work-group of {size:,}" if made
                else f"one work-group's call ({size:,} work-items) per launch")
    return WorkGroupSplit(out, headline=headline)
