"""Vivado/Vitis designs: a module's compute time from its loops or from the
composition of its instances (HLScope+ eqs. 1-2), and the HLScope+ DRAM
model (eqs. 7-16) on m_axi designs; the top module is the design."""

from __future__ import annotations

import sympy

from hlsight.analyzer import memory_model as mm
from hlsight.analyzer.compute_model import compute_estimate
from hlsight.analyzer.estimate.inputs import Settings, default_values
from hlsight.analyzer.estimate.kernel import KernelModel, to_estimate
from hlsight.analyzer.hlscope_model import hlscope_estimate
from hlsight.analyzer.results import KernelEstimate, SourceFacts
from hlsight.core.model import Design, Kernel


def xilinx_kernel_estimate(
    kernel: Kernel,
    model: KernelModel,
    estimate: KernelEstimate,
    design: Design,
    settings: Settings,
    module_times: dict[str, sympy.Expr | None],
) -> KernelEstimate:
    """The estimate of one Vivado/Vitis module, given its FlexCL one."""
    t_comp = module_compute(kernel, design, module_times, settings.source)
    memory = hlscope_estimate(kernel, design, settings.profile, default_values(design, settings), t_comp)
    if memory is not None:
        # HLScope+ already contains t_COMP (eqs. 14, 16): it is the
        # primary estimate, the pipeline-only one the alternative.
        memory.assumptions = [*settings.assumptions, *memory.assumptions]
        memory.alternatives = [alt for alt in estimate.alternatives if alt.model.startswith("FlexCL")]
        return memory
    if model.total is None and t_comp is not None:
        composed = KernelModel(kernel.name, None, t_comp, [], "instances composed, HLScope+ eqs. 1-2", t_comp)
        return to_estimate(composed, design, settings)
    return estimate


def top_estimate(design: Design, estimates: dict[str, KernelEstimate]) -> KernelEstimate:
    """The design estimate of a Vivado/Vitis design: its top module's."""
    tops = [kernel for kernel in design.kernels if kernel.is_top] or design.kernels[:1]
    return estimates[tops[0].name]


def module_compute(
    kernel: Kernel, design: Design, cache: dict[str, sympy.Expr | None], source: SourceFacts
) -> sympy.Expr | None:
    """Compute time of a Vivado/Vitis module: its own loops/latency, else the
    composition of its instances: in parallel under dataflow (HLScope+ eq. 2),
    in sequence otherwise (eq. 1)."""
    if kernel.name in cache:
        return cache[kernel.name]
    cache[kernel.name] = None  # recursion guard
    own = compute_estimate(kernel, source=source)
    result = own.seconds if own is not None else None
    if result is None and kernel.instances:
        parts = []
        for instance in kernel.instances:
            try:
                child = design.kernel(instance.module)
            except KeyError:
                continue
            part = module_compute(child, design, cache, source)
            if part is not None:
                parts.append(part)
        if parts:
            result = mm.smax(*parts) if kernel.dataflow else sympy.Add(*parts)
    cache[kernel.name] = result
    return result
