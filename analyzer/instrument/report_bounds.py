"""A simulated count above what the report allows is said, not printed as a bound.

A module's report latency is the worst case of its schedule when every loop
in it has a fixed trip count (no ``?``, no ``loop_tripcount`` guess): no run
of it takes longer. A simulated count per call above that maximum means the
count holds something the report schedules otherwise, a module called
inside a loop the report pipelines and hlsight could not match (a public
hls4ml convolution: its ``product_dense`` module counted once per call,
19.5 million times, inside loops HLS unrolled into a pipeline), so the
total is neither the lower bound the unmatched loops would make it nor an
upper bound; the text output then says so (:mod:`hlsight.reporters.simulate`).
"""

from __future__ import annotations

from collections.abc import Iterable

from hlsight.analyzer.instrument.sourceloops import SourceLoop
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Kernel
from hlsight.parsers.vivado.names import TRIPCOUNT_NOTE

RULE = "simulate-above-report"


def fixed_worst_case(kernel: Kernel) -> int | None:
    """The module's report maximum when it is a bound on any run: every
    loop's trip count fixed by the report, none from a ``loop_tripcount``."""
    if kernel.latency is None or kernel.latency.max is None:
        return None
    for loop in kernel.all_loops():
        if loop.trip_count is None or not loop.trip_count.known \
                or any(detail.startswith(TRIPCOUNT_NOTE) for detail in loop.details):
            return None
    return kernel.latency.max


def guessed_trip_counts(loops: Iterable[SourceLoop]) -> bool:
    """A source loop carries a ``loop_tripcount`` pragma (or directive): the
    report's count for it is the pragma's guess, which a run may exceed
    while the report prints it as fixed."""
    return any(loop.has_pragma("loop_tripcount") for loop in loops)


def above_report(counts: Iterable[tuple[str, Kernel, int, int, str, int]]) -> list[Diagnostic]:
    """One warning per function whose cycles per call (``cycles`` over
    ``calls``) exceed its module's fixed worst case; ``counts`` holds
    (function, module, calls, cycles, file, line). Not asked where a
    source loop's count is a ``loop_tripcount`` guess
    (:func:`guessed_trip_counts`)."""
    said = []
    for name, kernel, calls, cycles, file, line in counts:
        worst = fixed_worst_case(kernel)
        if worst is None or calls <= 0 or cycles <= worst * calls:
            continue
        said.append(Diagnostic(
            RULE, Severity.WARNING,
            f"'{name}' counts {cycles / calls:,.0f} cycles a call, more than its module {kernel.name} can take"
            f" by its report ({worst:,}, every trip count fixed): the count holds a loop or call the report"
            " schedules otherwise (one of the unmatched loops or calls said above); this count and the total"
            " are no bound", file=file, line=line, kernel=name))
    return said
