"""Say when a report's target clock is no clock an FPGA runs at.

A public Vitis 2025.1 component's report gives its target as ``1.00 sec``
(1 Hz; its uncertainty ``0.27 sec``, the default 27 %: the tool took the
setting as seconds), and every time at the target clock is then a second
per cycle. The report is read as written; the warning says why the times
are what they are and how to give the clock the design will run at.
"""

from __future__ import annotations

from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Design

RULE = "vivado-clock-implausible"
#: periods outside this range (ns) are no FPGA fabric clock: 1 MHz .. 2 GHz
SLOWEST_NS, FASTEST_NS = 1000.0, 0.5


def implausible_clocks(design: Design) -> list[Diagnostic]:
    """One warning per top function whose target clock period lies outside
    1 MHz .. 2 GHz."""
    out: list[Diagnostic] = []
    for kernel in design.top_kernels():
        period = kernel.clock_target_ns
        if period is None or FASTEST_NS <= period <= SLOWEST_NS:
            continue
        out.append(Diagnostic(
            rule=RULE, severity=Severity.WARNING, kernel=kernel.name,
            file=kernel.artifact,
            message=f"the target clock of {kernel.name} is {period:g} ns ({1e3 / period:g} MHz), no clock an FPGA"
                    " runs at (a clock setting read in another unit?): times at the target clock are at that rate;"
                    " --set fmax=MHZ gives the clock the design will run at",
        ))
    return out
