"""aoc/oneAPI designs: kernels joined by channels/pipes run concurrently and
share the banks; the groups run one after another."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import sympy

from hlsight.analyzer.estimate.inputs import Settings
from hlsight.analyzer.estimate.kernel import KernelModel, bound_terms, kernel_model, to_estimate
from hlsight.analyzer.estimate.memory import MEMORY_MODEL_NAME
from hlsight.analyzer.results import KernelEstimate
from hlsight.core.model import Design, Kernel, KernelKind
from hlsight.core.units import name_list


def concurrent_groups(design: Design, declared: Sequence[Sequence[str]] = ()) -> list[list[Kernel]]:
    """Kernels joined by channels/pipes run concurrently: connected components
    of the channel graph (autorun kernels join the group they talk to), joined
    with the kernel sets the user says the host runs at the same time
    (``declared``: hints ``concurrent``)."""
    parent = {kernel.name: kernel.name for kernel in design.kernels}

    def find(name: str) -> str:
        while parent[name] != name:
            parent[name] = parent[parent[name]]
            name = parent[name]
        return name

    writers: dict[str, list[str]] = {}
    for kernel in design.kernels:
        for channel in kernel.channels_written:
            writers.setdefault(channel, []).append(kernel.name)
    for kernel in design.kernels:
        for channel in kernel.channels_read:
            for writer in writers.get(channel, []):
                parent[find(writer)] = find(kernel.name)
    for names in declared:
        for name in names[1:]:
            if name in parent and names[0] in parent:
                parent[find(name)] = find(names[0])
    groups: dict[str, list[Kernel]] = {}
    for kernel in design.kernels:
        groups.setdefault(find(kernel.name), []).append(kernel)
    return list(groups.values())


def intel_design_estimate(
    design: Design, settings: Settings, estimates: Mapping[str, KernelEstimate],
    kernel_models: Mapping[str, KernelModel],
) -> KernelEstimate | None:
    """The design estimate of an aoc/oneAPI design.

    Kernels of one channel-connected group run concurrently: their LSUs share
    the banks (pooled per bank in eq. 2) and the group takes the max of its
    memory and pipeline times. Groups run one after another (one in-order
    host queue), so the design time is their sum. Kernels whose own
    ``estimates`` have no model at all are named in a caution: the sum
    leaves their time out.

    ``kernel_models``: each kernel's own model, which ``estimates`` were made from.
    A group of one kernel is that kernel's model (the same kernels, settings
    and name give the same model and estimate), so it is reused, not built
    again (kmers: 15 of its 16 groups).
    """
    group_totals: list[sympy.Expr] = []
    names: list[str] = []
    summed: list[str] = []  # the groups whose time the sum holds
    group_models: list[KernelModel] = []
    modelled: list[int | None] = []  # each group's index in group_models
    left_out: list[str] = []
    groups = concurrent_groups(design, settings.concurrent)
    for group in groups:
        if any(kernel.kind is KernelKind.UNKNOWN and not kernel.lsus and not kernel.loops for kernel in group):
            group = [kernel for kernel in group if kernel.lsus or kernel.loops] or group
        model = (kernel_models[group[0].name] if len(group) == 1 and group[0].name in kernel_models
                 else kernel_model(group, design, settings, "+".join(kernel.name for kernel in group)))
        modelled.append(len(group_models) if model.total is not None else None)
        if model.total is not None:
            group_totals.append(model.total)
            group_models.append(model)
        left_out.extend(kernel.name for kernel in group if model.total is None or _unmodelled(kernel, estimates))
        names.append("(" + " | ".join(kernel.name for kernel in group) + ")")
        if model.total is not None:
            summed.append(names[-1])
    if not group_totals:
        return None
    if len(group_models) == 1:
        design_estimate = to_estimate(group_models[0], design, settings)
        group_memory = [design_estimate.memory_seconds]
    else:
        combined = KernelModel(" ; ".join(names), None, None, [], "", sympy.Add(*group_totals))
        design_estimate = to_estimate(combined, design, settings)
        group_estimates = [estimates[m.name] if kernel_models.get(m.name) is m else to_estimate(m, design, settings)
                           for m in group_models]
        group_memory = [estimate.memory_seconds for estimate in group_estimates]
        design_estimate.bound = group_bound(group_estimates)
        # the slowest group's bound at other values (whatif), as group_bound reads it here
        design_estimate.bound_terms = None
        design_estimate.bound_groups = [(model.total, bound_terms(model)) for model in group_models]
        # each group's own model (hls4ml's kernels have no LSUs: FlexCL pipelines, not the memory model)
        models = list(dict.fromkeys(group.model for group in group_estimates if group.model))
        design_estimate.model = "sum of sequential kernel groups; each " + (
            models[0] if len(models) == 1 else MEMORY_MODEL_NAME if not models else
            "by its own model: " + "; ".join(models))
        # what the kernels' numbers rest on holds for their sum too (JSON, whatif)
        own = {caveat for estimate in estimates.values() for caveat in estimate.caveats}
        design_estimate.caveats.extend(
            dict.fromkeys(caveat for group in group_estimates for caveat in group.caveats if caveat in own))
    design_estimate.kernel = design.name or "design"
    design_estimate.untimed_lsus = list(dict.fromkeys(lsu for model in group_models for lsu in model.untimed))
    design_estimate.concurrent_groups = [[kernel.name for kernel in group] for group in groups]
    design_estimate.group_memory_seconds = [None if index is None else group_memory[index] for index in modelled]
    if left_out:
        # said with the number: a sum that skips kernels is only a lower bound
        design_estimate.left_out = list(left_out)
        design_estimate.caveats.append(
            f"the design time leaves out {name_list(left_out)}: no global LSUs, loops or latency in the"
            " report to estimate them from, so it is a lower bound"
        )
    design_estimate.assumptions.append(
        "kernels joined by channels/pipes run concurrently (max, shared banks); other kernels run in sequence (sum)"
    )
    if len(group_models) > 1:
        # the host program decides this, not the report: said with the number
        design_estimate.caveats.append(sequence_caution(summed, "one queue each"))
        if design.pipe_endpoints_unknown:
            design_estimate.caveats.append(
                "the report counts pipe resources but does not say which kernels the pipes join (a .ndjson"
                " report has no system-viewer data): kernels joined by pipes run at the same time, so this sum"
                " is an upper bound for them; name them with concurrent = [...]")
    return design_estimate


def sequence_caution(groups: list[str], concurrent_when: str) -> str:
    """Said beside a design time that adds kernel ``groups`` (``(a | b)``):
    the host program, not the report, decides what runs at the same time
    (``concurrent_when``: how such kernels are recognised)."""
    added = " + ".join(groups) if len(groups) <= 4 else f"its {len(groups)} kernel groups"
    return (f"the design time adds {added}, as one in-order command queue runs them one after another;"
            f" kernels the host runs at the same time ({concurrent_when}) take about as long as the slowest of"
            ' them: say so with concurrent = ["k1", "k2"] in the --hints file')


def _unmodelled(kernel: Kernel, estimates: Mapping[str, KernelEstimate]) -> bool:
    """A kernel with no model of its own adds nothing to its group's time."""
    own = estimates.get(kernel.name)
    return own is not None and own.symbolic is None


def group_bound(estimates: list[KernelEstimate]) -> str:
    timed = [estimate for estimate in estimates if estimate.seconds is not None]
    if len(timed) != len(estimates) or not timed:
        return "unknown"
    return max(timed, key=lambda estimate: estimate.seconds or 0.0).bound
