"""Kernels the vendor's runtime adds to a build, which the host never enqueues.

aoc compiles autorun kernels built with ``-profile`` together with a kernel of
the OpenCL runtime's own, ``Intel_Internal_Collect_Autorun_Profiling``, which
``clGetProfileDataDeviceIntelFPGA`` uses to read the autorun kernels' counters
back (intel/fpga-runtime-for-opencl ``include/acl_profiler.h``
@57c9d2bc: ``ACL_PROFILE_AUTORUN_KERNEL_NAME``, "Same as AlteraCLParams.h").
The report lists it like a user's kernel (someoneinjd/t2sp GER on the A10 PAC:
one block of latency 1, no LSUs, no loops), so the design time called itself a
lower bound for leaving it out, and ``launched`` was the only way to say
otherwise. It is no part of the user's run time: it is left out of the
design, with a note naming it and why.
"""

from __future__ import annotations

import dataclasses

from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Design, Vendor

#: the runtime's autorun-profiling readback kernel (acl_profiler.h)
PROFILER_KERNEL = "Intel_Internal_Collect_Autorun_Profiling"

RULE = "runtime-kernel-left-out"


def without_runtime_kernels(design: Design) -> tuple[Design, list[Diagnostic]]:
    """The design without the kernels the runtime adds, and a note for each."""
    if design.tool.vendor is not Vendor.INTEL or not any(kernel.name == PROFILER_KERNEL for kernel in design.kernels):
        return design, []
    note = Diagnostic(
        rule=RULE, severity=Severity.NOTE,
        message=(f"kernel {PROFILER_KERNEL} is the OpenCL runtime's readback of the autorun kernels' profiling"
                 " counters (built with -profile; intel/fpga-runtime-for-opencl acl_profiler.h): the host never"
                 " enqueues it, so it is left out of the design time"),
        file=str(design.root), kernel=PROFILER_KERNEL, subject=PROFILER_KERNEL,
    )
    kept = [kernel for kernel in design.kernels if kernel.name != PROFILER_KERNEL]
    return dataclasses.replace(design, kernels=kept), [note]
