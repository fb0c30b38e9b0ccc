"""Kernels that call RTL library functions (aoc ``-l lib.aoclib``).

The report shows such a call as one instruction ("'f' HDL Function Call")
with no LSU, loop or latency behind it: the function's memory traffic and
cycles are inside the library's RTL. An estimate built from the report alone
therefore leaves that time out. Nothing here can stand in for it, so the tool
says so where the user reads the number (a ``caution`` beside the estimate)
and as a warning at the call's source line, instead of printing a time that
looks complete.
"""

from __future__ import annotations

from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Design, Kernel, LibraryCall

RULE = "report-hdl-library-call"


def _where(call: LibraryCall) -> str:
    return "" if call.location is None else f" ({call.location})"


def library_caveat(kernel: Kernel, has_estimate: bool) -> str | None:
    """What the kernel's estimate cannot include, in one sentence."""
    if not kernel.library_calls:
        return None
    calls = ", ".join(f"'{call.function}'{_where(call)}" for call in kernel.library_calls)
    several = len(kernel.library_calls) > 1
    effect = ("the estimate leaves their time out (a lower bound)" if several else
              "the estimate leaves its time out (a lower bound)") if has_estimate else \
        "no estimate can be made from the report"
    return (f"calls the RTL library function{'s' if several else ''} {calls}, whose memory accesses, loops"
            f" and latency the report does not show: {effect}")


def library_call_diagnostics(design: Design) -> list[Diagnostic]:
    """A warning at each library call, naming what the report leaves out."""
    found: list[Diagnostic] = []
    for kernel in design.kernels:
        for call in kernel.library_calls:
            where = call.location
            found.append(
                Diagnostic(
                    rule=RULE,
                    severity=Severity.WARNING,
                    message=(
                        f"kernel '{kernel.name}' calls the RTL library function '{call.function}' (aoc -l):"
                        " its memory accesses, loops and latency are inside the library, not in the report;"
                        " the kernel's estimate does not include them"
                    ),
                    file=where.file if where is not None else kernel.artifact,
                    line=where.line if where is not None else None,
                    kernel=kernel.name,
                    subject=call.function,
                    data={"function": call.function},
                )
            )
    return found
