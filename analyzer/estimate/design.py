"""The entry point: per-kernel estimates and the design estimate, composed
the way the vendor's tool composes kernels (:mod:`.intel`, :mod:`.xilinx`)."""

from __future__ import annotations

import sympy

from hlsight.analyzer.estimate.inputs import Settings
from hlsight.analyzer.estimate.intel import intel_design_estimate
from hlsight.analyzer.estimate.kernel import KernelModel, kernel_model, to_estimate
from hlsight.analyzer.estimate.xilinx import top_estimate, xilinx_kernel_estimate
from hlsight.analyzer.results import KernelEstimate
from hlsight.core.model import Design, Vendor


def estimate_design(
    design: Design, settings: Settings
) -> tuple[dict[str, KernelEstimate], KernelEstimate | None]:
    """Per-kernel estimates and the design-level estimate."""
    estimates: dict[str, KernelEstimate] = {}
    models: dict[str, KernelModel] = {}
    module_times: dict[str, sympy.Expr | None] = {}
    xilinx = design.tool.vendor is Vendor.XILINX
    for kernel in design.kernels:
        model = models[kernel.name] = kernel_model([kernel], design, settings, kernel.name)
        estimate = to_estimate(model, design, settings)
        if xilinx:
            estimate = xilinx_kernel_estimate(kernel, model, estimate, design, settings, module_times)
        estimates[kernel.name] = estimate
    if not design.kernels:
        return estimates, None
    if xilinx:
        return estimates, top_estimate(design, estimates, settings)
    return estimates, intel_design_estimate(design, settings, estimates, models)
