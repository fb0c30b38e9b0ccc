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

The same holds for one loop: a trip count the report prints as one number,
not a ``loop_tripcount`` guess, is what the schedule was built for, and a
run whose entries average more iterations than that (so at least one entry
ran more) exercises a schedule the report does not describe (a public Vitis
2022.1 graph kernel, DGGua/IGCN: ``t_label1`` fixed at 5, its ten entries
ran 275 iterations).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from hlsight.analyzer.instrument.sourceloops import SourceLoop
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Kernel, Loop
from hlsight.parsers.vivado.names import TRIPCOUNT_NOTE

RULE = "simulate-above-report"
TRIP_RULE = "instrument-trip-above-report"


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
            " schedules otherwise (one of the unmatched loops or calls, or loops run past their fixed trip count,"
            " said above); this count and the total"
            " are no bound", file=file, line=line, kernel=name))
    return said


def fixed_trip_count(loop: Loop) -> int | None:
    """The report's trip count of ``loop`` when the tool fixed it: one
    number, not a range and not a ``loop_tripcount`` guess."""
    if loop.trip_count is None or any(detail.startswith(TRIPCOUNT_NOTE) for detail in loop.details):
        return None
    return loop.trip_count.value


@dataclass(frozen=True)
class LoopRun:
    """What a run counted for one matched loop, beside the report's fixed count."""

    name: str
    report_name: str
    fixed_trip: int
    entries: int
    trips: int
    #: source iterations per counted trip: a partial unroll by N runs N a trip
    unroll: int
    file: str
    line: int
    function: str


def trips_above_report(runs: Iterable[LoopRun]) -> list[Diagnostic]:
    """One warning per loop whose entries average more trips than the
    report's fixed count (:func:`fixed_trip_count`): an average above it
    means at least one entry ran more. A loop whose source carries a
    ``loop_tripcount`` pragma is not given here (its count is a guess the
    run may exceed: pass 1 writes such pragmas)."""
    said = []
    for run in runs:
        if run.entries <= 0 or run.trips <= run.fixed_trip * run.unroll * run.entries:
            continue
        mean = run.trips / run.entries
        per = f"{mean:,.0f}" if mean == int(mean) else f"{mean:,.1f}"
        unrolled = f" x unroll factor {run.unroll}" if run.unroll > 1 else ""
        named = f", as '{run.report_name}'" if run.report_name != run.name else ""
        said.append(Diagnostic(
            TRIP_RULE, Severity.WARNING,
            f"loop '{run.name}' runs {per} iterations per entry on average ({run.trips:,} over {run.entries:,}"
            f" entries), more than the trip count the report fixes for it ({run.fixed_trip:,}{unrolled}{named}):"
            " the report's latency does not hold this run; its cycles here count the iterations that ran",
            file=run.file, line=run.line, kernel=run.function, subject=run.report_name,
            data={"fixed_trip_count": run.fixed_trip, "entries": run.entries, "trip_count_total": run.trips}))
    return said
