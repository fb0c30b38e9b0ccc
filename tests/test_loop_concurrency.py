"""Sibling sub-loops of an outer loop whose iterations run concurrently
(Intel Programming Guide 5.2.7, "Loop Concurrency"; :mod:`hlsight.analyzer.loop_concurrency`).

The count took an outer loop's sub-loops one after another in every
iteration. Where the report says several iterations are in progress at
once ("Maximum concurrent iterations: Capacity of loop"), iteration i+1
runs the first sub-loop while iteration i runs the second: Intel's
max_concurrency tutorial (50,000 x two 8,192-iteration sub-loops) ran in
half the time with 2 or more iterations allowed as with 1, and HPCC PTRANS
ran its two block loops in 18.8 ms where one after another takes 24.0 ms
at its placed clock. Hand-computed values below, for loops built as the
parser builds them from those reports' texts.
"""

from __future__ import annotations

import pytest
import sympy

from hlsight.analyzer.compute_model import interleaved_cycles
from hlsight.analyzer.loop_concurrency import (
    CAPACITY,
    max_concurrent_iterations,
    overlap_unread,
    overlapped_stage_counts,
)
from hlsight.analyzer.pipeline import analyze
from hlsight.core.model import InitiationInterval, Loop, TripCount
from hlsight.parsers.loader import load_design
from tests.conftest import FIXTURES

#: the texts of the public reports (oneAPI 20.3's tutorial, aoc 19.4's PTRANS, i++ 20.4's atax)
UNLIMITED = "Maximum concurrent iterations: Capacity of loop: Use the Fmax II Report viewer to estimate capacity"
USER_ONE = "Maximum concurrent iterations: 1 by user-constrained concurrency"
COMPONENT = "Maximum concurrent iterations: 1 is the default for component invocation loop"


def _outer(details: list[str], trips: tuple[int, ...] = (8192, 8192), outer: int = 50_000,
           serial: bool = False) -> Loop:
    """B1 (II 1, ``outer`` iterations, depth 4) around sub-loops of II 1 and the given trips (depth 10 each)."""
    subs = [Loop(name=f"k.B{3 + 2 * index}", pipelined=True, ii=InitiationInterval(1), trip_count=TripCount(trip, trip),
                 iteration_latency=10) for index, trip in enumerate(trips)]
    if serial:
        details = [*details, "Iteration executed serially across k.B3, k.B5. Only a single loop iteration will execute"
                   " inside this region"]
    return Loop(name="k.B1", pipelined=True, ii=InitiationInterval(1), trip_count=TripCount(outer, outer),
                iteration_latency=4, children=subs, details=details)


@pytest.mark.parametrize(("text", "count"), [(UNLIMITED, CAPACITY), (USER_ONE, 1), (COMPONENT, 1),
                                             ("Maximum concurrent iterations: 4 by user-constrained concurrency", 4),
                                             ("Stallable instruction: n/a", None)])
def test_the_report_lines_are_read(text: str, count: object) -> None:
    assert max_concurrent_iterations(Loop(name="k.B1", details=[text])) == count


def test_unlimited_concurrency_runs_the_sub_loops_side_by_side() -> None:
    """The tutorial's shape: two stages of 8,192 launches a B1 iteration.
    One after another: 2 x 8,192 x 50,000. Side by side: the slower stage's
    8,192 x 50,000, plus the first iteration's pass through the other,
    8,192. The drain is the depths' (4 + (10 - 1)), as before."""
    notes: list[str] = []
    issue, drain = interleaved_cycles(_outer([UNLIMITED]), notes)
    assert issue == 8192 * 50_000 + 8192
    assert drain == 4 + 10 - 1
    assert any("2 sub-loops overlap" in note for note in notes)
    assert interleaved_cycles(_outer([USER_ONE]), [])[0] == 2 * 8192 * 50_000


def test_a_report_without_the_line_keeps_one_iteration_at_a_time() -> None:
    """aoc before 19.x writes no concurrency line: nothing is assumed."""
    notes: list[str] = []
    assert interleaved_cycles(_outer([]), notes)[0] == 2 * 8192 * 50_000
    assert not any("overlap" in note for note in notes)


TWO = "Maximum concurrent iterations: 2 by user-constrained concurrency"


def test_a_count_limits_the_overlap_and_the_slowest_stage_sets_the_pace() -> None:
    """Three stages of 100, 300 and 200 launches an iteration, 1,000
    iterations: (N - 1) p + the first iteration's pass, 600. Two at a time:
    p = max(300, 600 / 2) = 300. Unlimited: the same 300. With stages 300,
    300, 300 and two at a time the sum over two, p = 450, sets the pace;
    one iteration alone passes the three stages one after another, 900,
    never more (the review's counter-example: 1,050 before)."""
    assert interleaved_cycles(_outer([TWO], (100, 300, 200), outer=1000), [])[0] == 999 * 300 + 600
    assert interleaved_cycles(_outer([UNLIMITED], (100, 300, 200), outer=1000), [])[0] == 999 * 300 + 600
    assert interleaved_cycles(_outer([TWO], (300, 300, 300), outer=1000), [])[0] == 999 * 450 + 900
    assert interleaved_cycles(_outer([TWO], (300, 300, 300), outer=1), [])[0] == 900
    assert interleaved_cycles(_outer([TWO], (300, 300, 300), outer=2), [])[0] == 450 + 900


def test_zero_means_no_limit_and_thousands_are_read_whole() -> None:
    """``max_concurrency(0)`` is no limit (a division by 0 before);
    "1,024" is 1,024, not 1."""
    zero = "Maximum concurrent iterations: 0 by user-constrained concurrency"
    assert max_concurrent_iterations(Loop(name="k.B1", details=[zero])) == CAPACITY
    assert interleaved_cycles(_outer([zero]), [])[0] == 8192 * 50_000 + 8192
    many = "Maximum concurrent iterations: 1,024 by user-constrained concurrency"
    assert max_concurrent_iterations(Loop(name="k.B1", details=[many])) == 1024


def test_a_region_holding_every_sub_loop_is_not_overlapped() -> None:
    """"Only a single loop iteration will execute inside this region" over
    both sub-loops: each iteration waits for them to drain, whatever the
    concurrency line."""
    one_call = 8192 + (10 - 1)
    assert interleaved_cycles(_outer([UNLIMITED], serial=True), []) == (50_000 * (2 * one_call + 4), 0)


def test_a_symbolic_outer_count_stays_a_symbol() -> None:
    """With the outer count unknown the overlapped issue keeps the named
    symbol; one iteration of it is the sum (no overlap to gain)."""
    loop = _outer([UNLIMITED])
    loop.trip_count = None
    issue, _drain = interleaved_cycles(loop, [])
    (symbol,) = issue.free_symbols
    assert issue.subs(symbol, 1) == 2 * 8192
    assert sympy.simplify(issue.subs(symbol, 1000) - (8192 * 1000 + 8192)) == 0


def test_a_report_in_the_tutorials_shape_gives_each_kernel_its_count() -> None:
    """``fixtures/oneapi20_max_concurrency`` (hand-worked in its README):
    the kernel without a limit runs its stages side by side, 48,099 cycles;
    the one held to one iteration at a time runs them in turn, 80,035."""
    design = load_design(FIXTURES / "oneapi20_max_concurrency" / "reports")
    result = analyze(design)
    seconds = {name: estimate.seconds for name, estimate in result.estimates.items()}
    assert seconds["Kernel<0>"] == pytest.approx(48_099 / 240e6)
    assert seconds["Kernel<1>"] == pytest.approx(80_035 / 240e6)
    (said,) = [text for text in result.estimates["Kernel<0>"].assumptions if "sub-loops overlap" in text]
    assert said.startswith("Kernel<0>: loop Kernel<0>.B1: its iterations run concurrently, as many as its pipeline"
                           " holds")
    assert not any("sub-loops overlap" in text for text in result.estimates["Kernel<1>"].assumptions)


def _fused(details: list[str]) -> Loop:
    """An i++ 20.4 atax's fused loop B6 (64 iterations, latency 10): B7 (II
    4, max interleaving 4, 64 iterations, latency 14), then B9 (II 1, 64,
    latency 15), the report running B6 serially across B9 only."""
    b7 = Loop(name="atax.B7", pipelined=True, ii=InitiationInterval(4), trip_count=TripCount(64, 64),
              iteration_latency=14, max_interleaving=4)
    b9 = Loop(name="atax.B9", pipelined=True, ii=InitiationInterval(1), trip_count=TripCount(64, 64),
              iteration_latency=15)
    return Loop(name="Fused loop atax.B6", pipelined=True, ii=InitiationInterval(1), trip_count=TripCount(64, 64),
                iteration_latency=10, children=[b7, b9], details=details)


SERIAL_B9 = ["Serial exe: Memory dependency",
             "Iteration executed serially across atax.B9. Only a single loop iteration will execute inside this region"]


def test_only_the_named_serial_region_holds_one_iteration_at_a_time() -> None:
    """One iteration at a time inside B9, each draining it: 64 x (64 + 14)
    = 4,992 cycles, 78 a pass; B7's invocations four at a time beside it:
    16 x 256 = 4,096, 256 a pass (one invocation). Side by side: 4,992
    paces 64 iterations, 78 each, and the first passes both stages: 63 x 78
    + 256 + 78 = 5,248, then B6's depth and B7's drain, 10 + (14 - 4). One
    iteration at a time everywhere (no concurrency line): 16 x (256 + 10) +
    4,992 + 64 x 10 = 9,888, the count before. The public atax (ModelSim
    9,732 cycles a call) went from 14,184 (+45.7 %) to 9,541 (-2.0 %)."""
    notes: list[str] = []
    assert interleaved_cycles(_fused([*SERIAL_B9, UNLIMITED]), notes) == (5248, 20)
    assert any("inside the region it runs serially across (B9)" in note for note in notes)
    assert interleaved_cycles(_fused(SERIAL_B9), []) == (9888, 0)


def test_invocations_interleave_no_further_than_the_iterations_in_progress() -> None:
    """B7's next invocation is the next B6 iteration's: two at a time under
    "2 by user-constrained concurrency" (32 groups of 256: 8,192, paced
    against the region's 4,992: max(8,192, 13,184 / 2) = 8,192, 128 an
    iteration; + 256 + 78 - 128), none under "1" (one iteration at a time:
    64 x 266 + 4,992 + 64 x 10 = 22,656; 9,888 before, with B7's four)."""
    assert interleaved_cycles(_fused([*SERIAL_B9, TWO]), []) == (8192 + 256 + 78 - 128, 20)
    assert interleaved_cycles(_fused([*SERIAL_B9, USER_ONE]), []) == (64 * 266 + 4992 + 640, 0)


def test_a_serial_line_naming_no_region_or_every_sub_loop_keeps_the_loop_serial() -> None:
    """A line that names no region (a oneAPI 2023.0 kmers loop has three
    beside one naming B4), or a region holding both sub-loops: one
    iteration at a time, B7's invocations no longer interleaved: 64 x 266
    + 4,992 + 64 x 10."""
    whole = "Iteration executed serially due to memory dependency: From: Load Operation (k.cpp:976), To: Store"
    assert interleaved_cycles(_fused([*SERIAL_B9, whole, UNLIMITED]), []) == (64 * 266 + 4992 + 640, 0)
    every = "Iteration executed serially across atax.B7, atax.B9. Only a single loop iteration will execute inside"
    assert interleaved_cycles(_fused([every, UNLIMITED]), []) == (64 * 266 + 4992 + 640, 0)


def test_a_region_naming_no_sub_loop_of_the_loop_keeps_it_serial() -> None:
    """A region naming a sub-loop's own sub-loop (or a name that is not one
    of the loop's) is not an empty region: the serial rule applies whole."""
    inner = Loop(name="k.B7", pipelined=True, ii=InitiationInterval(1), trip_count=TripCount(10, 10),
                 iteration_latency=5)
    first = Loop(name="k.B3", pipelined=True, ii=InitiationInterval(1), trip_count=TripCount(10, 10),
                 iteration_latency=5, children=[inner])
    second = Loop(name="k.B5", pipelined=True, ii=InitiationInterval(1), trip_count=TripCount(100, 100),
                  iteration_latency=5)
    across = "Iteration executed serially across k.B7. Only a single loop iteration will execute inside this region"
    outer = Loop(name="k.B1", pipelined=True, ii=InitiationInterval(1), trip_count=TripCount(100, 100),
                 iteration_latency=4, children=[first, second], details=[across, UNLIMITED])
    serial = interleaved_cycles(outer, [])
    outer.details = [across]
    assert serial == interleaved_cycles(outer, []) and serial[1] == 0


def test_sub_loops_sharing_an_avalon_interface_stay_held_to_its_commands() -> None:
    """An i++ loop's sub-loops overlap, but their commands on one Avalon
    host interface still go one a cycle: two sub-loops of 10 launches and
    one command each, 100 outer iterations, overlap to 1,010 cycles; on one
    interface they send 2,000 commands, on two 1,000 each."""
    loop = _outer([UNLIMITED], (10, 10), outer=100)
    assert interleaved_cycles(loop, [])[0] == 99 * 10 + 20
    shared = {"k.B3": {"System Memory/0": 1}, "k.B5": {"System Memory/0": 1}}
    assert interleaved_cycles(loop, [], commands=shared)[0] == 2000
    apart = {"k.B3": {"System Memory/0": 1}, "k.B5": {"System Memory/1": 1}}
    assert interleaved_cycles(loop, [], commands=apart)[0] == 99 * 10 + 20


def test_what_the_count_could_not_overlap_is_found() -> None:
    """``overlap_unread``: two sub-loops and no concurrency line (aoc before
    19.x), also below another loop; not one sub-loop, not a serial loop.
    ``overlapped_stage_counts``: the stages overlapped under "capacity of
    loop", a named serial region counting as one."""
    assert overlap_unread([_outer([])])
    assert overlap_unread([Loop(name="k.B0", pipelined=True, children=[_outer([])])])
    assert not overlap_unread([_outer([], (8192,))])
    assert not overlap_unread([_outer([], serial=True)])
    assert not overlap_unread([_outer([UNLIMITED])])
    assert overlapped_stage_counts([_outer([UNLIMITED], (1, 2, 3))]) == [("k.B1", 3)]
    assert overlapped_stage_counts([_outer([TWO], (1, 2, 3))]) == []
    assert overlapped_stage_counts([_fused([*SERIAL_B9, UNLIMITED])]) == [("Fused loop atax.B6", 2)]
