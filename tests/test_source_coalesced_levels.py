"""Levels a ``loop_coalesce`` merges, read from the source where the report
lists no "Coalesced loop" entry (decision 50).

Intel's guides ("Coalescing Nested Loops"; HLS Reference Manual 6.3): N
counts the nest's levels from the annotated loop (level 1) inwards, siblings
of a level merge alike, no N merges every level, N = 1 nothing; the merged
loop runs the product of the merged levels' counts. oneAPI 20.3 (Intel's
loop_coalesce tutorial, public in anujp10/report) lists no "Coalesced loop"
entry: the loop keeps its own level's "tc" (4 for a 4 x 4 nest) and the inner
level is gone from the report. aoc 18.1/21.2 list the entries (decision 39,
``tests/test_coalesced_loops.py``): nothing is read twice there.

Inputs: ``fixtures/oneapi20_coalesce`` (a oneAPI 20.3-shaped report of our
SYCL source, README there) and ``fixtures/access/coalesce.cl`` (Intel's
A(B(C(D), E)) example nest).
"""

from __future__ import annotations

import json

import sympy

from hlsight.analyzer.access import derive_access_facts
from hlsight.analyzer.access.coalesced_levels import merged_levels
from hlsight.analyzer.access.loops import LoopInfo
from hlsight.analyzer.access.walker import walk_function
from hlsight.commands.sources import with_local_sources
from hlsight.parsers.csource import parse_c_file
from hlsight.parsers.loader import load_design
from tests.conftest import FIXTURES, run_cli

REPORT = FIXTURES / "oneapi20_coalesce" / "reports"
NEST = FIXTURES / "access" / "coalesce.cl"
#: the report's clock (loop_attr "fmax") and the loops' depths (loop_attr "lt")
CLOCK_HZ = 240e6
DEPTH_B2, DEPTH_B4 = 233, 230


def _estimate(*sets: str) -> dict:
    args = [item for value in sets for item in ("--set", value)]
    return json.loads(run_cli("analyze", str(REPORT), "--format", "json", *args).stdout)["kernels"][0]["estimate"]


def _loops(function: str) -> list[LoopInfo]:
    unit = parse_c_file(NEST)
    walker = walk_function(unit, unit.functions()[function], {str(NEST): NEST.read_text().splitlines()})
    return sorted(walker.loop_infos.values(), key=lambda info: info.line)


def _trip(info: LoopInfo) -> sympy.Expr:
    assert info.trip_count is not None
    return info.trip_count


def test_the_merged_levels_count_in_the_pipeline_where_the_report_lists_none() -> None:
    # B2 (line 17, tc 8) merges j < 16: 128 iterations at II 1; B4 (line 24,
    # tc 4) merges every level, c < cols: 4 * cols. FlexCL eq. 1 per loop,
    # the loops one after another: (128 - 1) + 233 + (4 * 32 - 1) + 230 = 717
    # cycles (473 with the report's 8 and 4 alone)
    estimate = _estimate("cols=32")
    cycles = estimate["extra"]["compute_seconds"] * CLOCK_HZ
    assert abs(cycles - ((128 - 1) + DEPTH_B2 + (4 * 32 - 1) + DEPTH_B4)) < 1e-6
    # the LSUs of the merged nests run as often as the pipeline iterates
    notes = {lsu["id"]: lsu["notes"] for lsu in estimate["per_lsu"]}
    assert "accesses from source analysis: 128" in notes["Scale<2>/load0"]
    assert "accesses from source analysis: 4*cols" in notes["Scale<2>/store1"]

def test_an_unknown_merged_count_stays_its_name() -> None:
    estimate = _estimate()
    assert estimate["seconds"] is None
    assert "cols" in estimate["free_symbols"]
    out = run_cli("analyze", str(REPORT), "-v").stdout
    assert ("loop Scale<2>.B2: `loop_coalesce(kFactor)` on the loop at line 17 merges the loop(s) at line 18 into its"
            " iterations") in out
    assert "runs 16 merged ones" in out
    assert "loop Scale<2>.B4: `loop_coalesce` on the loop at line 24 merges the loop(s) at line 25" in out
    assert "runs cols merged ones" in out
    # the loop listing says the report's count is one level's
    assert "Scale<2>.B2: II ~1, trip 8 x 16 merged (loop_coalesce, source)" in out
    assert "Scale<2>.B4: II ~1, trip 4 x cols merged (loop_coalesce, source)" in out


def test_the_kernel_name_fixes_the_template_level_count() -> None:
    # [[intel::loop_coalesce(kFactor)]] in Scale<kFactor>: the report built Scale<2>
    design = with_local_sources(load_design(REPORT), None)  # the source beside the report, as `analyze` reads it
    facts = derive_access_facts(design)
    (kernel,) = design.kernels
    trips = {loop.name: facts.merged_trip(loop) for loop in kernel.loops}
    assert trips == {"Scale<2>.B2": "16", "Scale<2>.B4": "cols"}
    # the JSON says them beside the report's count
    loops = json.loads(run_cli("analyze", str(REPORT), "--format", "json").stdout)["kernels"][0]["loops"]
    assert [(loop["trip_count"]["max"], loop["merged_trip_expression"]) for loop in loops] == [(8, "16"), (4, "cols")]


def test_levels_count_from_the_annotated_loop_inwards_siblings_alike() -> None:
    # #pragma loop_coalesce 3 on A: B (level 2), C and E (level 3) merge, D
    # (level 4) stays a loop: per iteration of A, NB * (NC + NE) = 3 * (5 + 11)
    loops = _loops("levels3")
    merged = merged_levels(loops[0], loops, set(), _trip, {})
    assert merged.factor == 48
    assert merged.lines == (13, 14, 19)
    # a level the report keeps as a loop of its own was not merged, nor anything inside it
    kept = merged_levels(loops[0], loops, {id(loops[1])}, _trip, {})
    assert kept.factor is None and "loops of their own" in kept.reason


def test_no_level_count_merges_every_level_and_unrolled_copies_add_nothing() -> None:
    # #pragma loop_coalesce over #pragma ivdep: B * C = 3 * n; the fully
    # unrolled u loop is 4 copies inside one iteration
    loops = _loops("every_level")
    merged = merged_levels(loops[0], loops, set(), _trip, {})
    assert str(merged.factor) == "3*n"
    assert merged.lines == (30, 31)


def test_one_level_merges_nothing() -> None:
    loops = _loops("own_level")
    merged = merged_levels(loops[0], loops, set(), _trip, {})
    assert merged.factor is None and merged.reason == "it merges one level, its own"


def test_a_report_with_coalesced_entries_is_not_read_twice() -> None:
    # decision 39's fixture: its source carries #pragma loop_coalesce and the
    # report lists the merged levels; the source adds nothing to them
    design = load_design(FIXTURES / "aoc21_coalesced_nest" / "reports")
    facts = derive_access_facts(design)
    assert all(facts.merged_trip(loop) is None for kernel in design.kernels for loop in kernel.all_loops())
    assert not [d for d in facts.diagnostics if d.rule == "access-coalesced-levels"]

