"""Report-consistency check of pipelined loop latencies.

For a pipelined loop the classic pipeline timing model gives the latency of
TC iterations issued every II cycles, each taking IL (= pipeline depth) cycles:

    L = II * (TC - 1) + IL                                              (1)

(HLScope+, Choi et al., the loop-latency model used for instrumentation; also
the Vivado HLS user guide's pipelined-loop latency). Real Vivado/Vitis
reports print either (1) or (1) - 1 (format notes §5: 12 vs 18 rows of the
corpus), and 0 when the trip count is 0. Any other value means the report
follows another convention for that loop (e.g. Vitis 2024.1 auto-rewind
loops print II*TC + IL - 1), so models that recompute loop latency from
II/TC/IL would disagree with the tool: that is worth an *info* diagnostic,
never a failure.
"""

from __future__ import annotations

from hlsight.analyzer.implausible import MAX_PLAUSIBLE_II, implausible_ii
from hlsight.analyzer.symbols import loop_field, loop_symbols
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Design, Kernel, Loop

RULE = "vivado-latency-mismatch"


def expected_pipelined_latency(ii: int, trip_count: int, iteration_latency: int) -> tuple[int, ...]:
    """Latencies eq. (1) accepts: II*(TC-1)+IL and one less; 0 for TC = 0."""
    if trip_count == 0:
        return (0,)
    exact = ii * (trip_count - 1) + iteration_latency
    return (exact, exact - 1)


#: how far below eq. (1) the reports print a pipelined loop's latency (0, 1, or the 3 of a 2019.1 Cholesky's)
_REPORT_OFFSET = 3


def count_below_passes(loop: Loop) -> bool:
    """The report's trip count runs one below the passes its latency holds:
    a count of 0 still takes cycles, and each further count adds one II
    (a public Vivado HLS 2019.1 Cholesky's ``sum_loop``, ``k < j`` unrolled
    by 64: trip 0 ~ 1, latency 194 ~ 386 at II 192, one or two passes).
    Given the passes, the count composes one pass too many; hlsight's loop
    symbol counts as the report does, so the hint says so."""
    count, latency, ii = loop.trip_count, loop.latency, loop.ii
    if not loop.pipelined or count is None or latency is None or ii is None or ii.value is None:
        return False
    if count.min != 0 or count.max is None or count.max <= 0 or not latency.min or latency.max is None:
        return False
    # a count of 0 takes a whole pass (the reports print the depth less 0 to 3 cycles, format notes
    # section 5); a pipeline no deeper than that offset cannot tell a pass from entering and leaving the
    # loop (a 2018.3 Sobel's loop_width: depth 2, 1 cycle at a count of 0, 1,921 at 1,920)
    depth = loop.pipeline_depth or loop.iteration_latency
    if depth is None or depth <= _REPORT_OFFSET or latency.min < depth - _REPORT_OFFSET:
        return False
    return latency.max - latency.min == ii.value * count.max


def _check(kernel: Kernel, loop: Loop) -> Diagnostic | None:
    if not loop.pipelined or loop.ii is None or loop.ii.value is None or loop.latency is None \
            or loop.trip_count is None:
        return None
    il = loop.iteration_latency if loop.iteration_latency is not None else loop.pipeline_depth
    if il is None:
        return None
    ii = loop.ii.value
    bounds = [(label, tc, latency) for label, tc, latency in (
        ("min", loop.trip_count.min, loop.latency.min), ("max", loop.trip_count.max, loop.latency.max))
        if tc is not None and latency is not None]
    wrong = [(label, tc, latency, expected_pipelined_latency(ii, tc, il))
             for label, tc, latency in bounds if latency not in expected_pipelined_latency(ii, tc, il)]
    if not wrong:
        return None
    label, tc, latency, expected = wrong[0]
    accepted = " or ".join(str(value) for value in expected)
    model = "TC = 0 gives 0" if tc == 0 else f"II*(TC-1)+IL = {ii}*({tc}-1)+{il} gives {accepted}"
    if count_below_passes(loop):
        model += (f": its count runs one below the passes its latency holds ({loop.latency.min} cycles at a"
                  f" count of 0, {ii} more a count), so a trip count to give is the passes - 1")
    module = loop.outlined_module or kernel.name
    where = loop.location
    return Diagnostic(
        rule=RULE,
        severity=Severity.INFO,
        message=(f"loop '{loop.name}' of '{module}': reported {label} latency is {latency} cycles but "
                 f"{model}; estimates recomputed from II/TC/IL will differ from the report here"),
        file=where.file if where is not None else kernel.artifact,
        line=where.line if where is not None else None,
        kernel=kernel.name,
        subject=loop.name,
        data={"ii": ii, "trip_count": tc, "iteration_latency": il, "reported_latency": latency,
              "expected": list(expected), "bound": label},
    )


IMPLAUSIBLE_II_RULE = "report-implausible-ii"


def check_implausible_ii(design: Design) -> list[Diagnostic]:
    """A warning per loop whose reported II is flagged, not multiplied: the
    pipeline model uses a symbol ``loop.<kernel>.<loop>.ii`` for it instead."""
    found: list[Diagnostic] = []
    for kernel in design.kernels:
        implausible = [loop for loop in kernel.all_loops() if implausible_ii(loop)]
        names = loop_symbols(kernel) if implausible else {}
        for loop in implausible:
            assert loop.ii is not None
            where = loop.location
            symbol = loop_field(names[id(loop)], "ii")
            found.append(
                Diagnostic(
                    rule=IMPLAUSIBLE_II_RULE,
                    severity=Severity.WARNING,
                    message=(
                        f"loop '{loop.name}': the report's II {loop.ii.value} cannot be real (above {MAX_PLAUSIBLE_II}"
                        f" cycles and the loop's latency); not used: give --set {symbol}=VALUE"
                    ),
                    file=where.file if where is not None else kernel.artifact,
                    line=where.line if where is not None else None,
                    kernel=kernel.name,
                    subject=loop.name,
                    data={"ii": loop.ii.value, "limit": MAX_PLAUSIBLE_II},
                )
            )
    return found


def check_loop_latencies(design: Design) -> list[Diagnostic]:
    """One info diagnostic per pipelined loop whose reported latency fits
    neither convention of eq. (1). Outlined loops are checked once, in the
    tree of the module they are folded into."""
    found: list[Diagnostic] = []
    for kernel in design.kernels:
        if kernel.folded_into is not None:
            continue
        for loop in kernel.all_loops():
            diagnostic = _check(kernel, loop)
            if diagnostic is not None:
                found.append(diagnostic)
    return found
