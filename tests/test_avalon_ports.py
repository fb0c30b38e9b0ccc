"""An i++ component's Avalon host interface takes one command a cycle,
whatever the report's II (:mod:`hlsight.analyzer.avalon_ports`).

A public i++ 21.4 FIR reads ``idx[i]`` and ``d_i[N-1-i]`` through two
``mm_host`` arguments of the default address space, so one interface
carries both loads: its loop (II ~1, 1,000 iterations) was counted at
1,044 cycles a call, and ModelSim ran 2,023. Holding the loop to the
interface's commands (2 x 1,000) gives 2,044 (+1.0 %). The tests use the corpus's
HiFlipVX Sobel component (i++ 19.1): 8 pipelined loads and 16 pipelined
stores on ``System Memory/0`` in B4, 260,521 iterations a call."""

from __future__ import annotations

import dataclasses

import pytest

from hlsight.analyzer.pipeline import analyze
from hlsight.core.model import Design, InitiationInterval, Loop, LSUStyle, MemoryKind, MemorySystem
from hlsight.parsers.loader import load_design
from tests.conftest import CORPUS

SOBEL = CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "sobel"
#: B4's firings a call: B2 (1,081) x B4 (241), from the source's bounds
FIRINGS = 1081 * 241
#: what B4's launches leave of a call (B2 runs its iterations serially across
#: B4): B4's drain and B2's depth, 147 cycles, in each of B2's 1,081
#: iterations, and B1's 18
AROUND = 147 * 1081 + 18


def _with_b4_ii(design: Design, ii: int) -> Design:
    """The Sobel as it would be with B4 scheduled at ``ii`` (the FIR's
    shape: a short II and several host LSUs an iteration)."""

    def rescheduled(loops: list[Loop]) -> list[Loop]:
        return [dataclasses.replace(loop, ii=InitiationInterval(ii) if loop.name == "ImgSobel.B4" else loop.ii,
                                    children=rescheduled(loop.children)) for loop in loops]

    (kernel,) = design.kernels
    return dataclasses.replace(design, kernels=[dataclasses.replace(kernel, loops=rescheduled(kernel.loops))])


def _host_lsus(design: Design) -> list[str]:
    return [lsu.id for lsu in design.kernels[0].lsus if lsu.memory == "System Memory/0"]


def test_the_corpus_sobel_is_still_its_pipelines() -> None:
    """B4's II ~114 leaves the interface idle most cycles: 24 commands an
    iteration against 114 cycles. The number stays the pipeline's."""
    design = load_design(SOBEL)
    assert len(_host_lsus(design)) == 24
    estimate = analyze(design, {}).estimates["ImgSobel"]
    fmax_hz = estimate.values["fmax"] * 1e6
    assert estimate.memory_seconds == pytest.approx(24 * FIRINGS / fmax_hz)
    assert estimate.bound == "compute" and estimate.seconds == estimate.compute_seconds
    assert not any("Avalon host interface" in caveat for caveat in estimate.caveats)


def test_lsus_sharing_one_interface_take_a_cycle_each() -> None:
    """At II 1, 24 LSUs on one interface need 24 cycles an iteration: B4
    launches an iteration every 24 cycles, said beside the number; the
    pipeline alone would take FIRINGS + AROUND."""
    estimate = analyze(_with_b4_ii(load_design(SOBEL), 1), {}).estimates["ImgSobel"]
    fmax_hz = estimate.values["fmax"] * 1e6
    assert estimate.seconds == pytest.approx((24 * FIRINGS + AROUND) / fmax_hz)
    assert estimate.compute_seconds == pytest.approx((FIRINGS + AROUND) / fmax_hz)
    assert estimate.memory_seconds == pytest.approx(24 * FIRINGS / fmax_hz)
    assert estimate.bound == "memory"
    (said,) = [caveat for caveat in estimate.caveats if "Avalon host interface" in caveat]
    assert said.startswith("its Avalon host interface System Memory/0 (input0, output1, output2) takes one command"
                           " a cycle, and its pipelined LSUs ImgSobel/load4, ImgSobel/load5, ")
    assert (f"send {24 * FIRINGS:,} a call: the loops that wait for it make the call {24 * FIRINGS + AROUND:,}"
            f" cycles, against the pipeline's {FIRINGS + AROUND:,}") in said
    assert any("ImgSobel.B4: its pipelined LSUs send 24 commands an iteration" in note
               for note in estimate.assumptions)
    assert "; each loop held to the commands it sends on an Avalon host interface (one command a cycle" \
        in estimate.model


def test_interfaces_of_their_own_work_side_by_side() -> None:
    """Stores moved to a second address space (``aspace<2>``): the busier
    interface, 16 stores an iteration, decides."""
    design = _with_b4_ii(load_design(SOBEL), 1)
    (kernel,) = design.kernels
    lsus = [dataclasses.replace(lsu, memory="System Memory/2") if lsu.memory == "System Memory/0"
            and lsu.kind.value == "store" else lsu for lsu in kernel.lsus]
    second = MemorySystem("System Memory/2", MemoryKind.HOST, is_global=False, details={
        "Arguments from ImgSobel": "output1, output2"})
    design = dataclasses.replace(design, kernels=[dataclasses.replace(kernel, lsus=lsus)],
                                 memory_systems=[*design.memory_systems, second])
    estimate = analyze(design, {}).estimates["ImgSobel"]
    fmax_hz = estimate.values["fmax"] * 1e6
    assert estimate.seconds == pytest.approx((16 * FIRINGS + AROUND) / fmax_hz)
    (said,) = [caveat for caveat in estimate.caveats if "Avalon host interface" in caveat]
    assert said.startswith("its Avalon host interface System Memory/2 (output1, output2) takes one command")


def test_burst_coalesced_lsus_are_left_out() -> None:
    """A burst-coalesced LSU's beats depend on the interface's data width,
    which the report does not give: it adds nothing to the bound."""
    design = _with_b4_ii(load_design(SOBEL), 1)
    (kernel,) = design.kernels
    lsus = [dataclasses.replace(lsu, style=LSUStyle.BURST_COALESCED) if lsu.memory == "System Memory/0" else lsu
            for lsu in kernel.lsus]
    estimate = analyze(dataclasses.replace(design, kernels=[dataclasses.replace(kernel, lsus=lsus)]),
                       {}).estimates["ImgSobel"]
    assert estimate.memory_seconds is None and estimate.bound == "compute"
    assert estimate.seconds == estimate.compute_seconds


def test_whatif_reads_the_interface_as_the_memory_side() -> None:
    """The parts what-if composes per point are the interface's time and the pipeline's."""
    estimate = analyze(_with_b4_ii(load_design(SOBEL), 1), {}).estimates["ImgSobel"]
    terms = estimate.bound_terms
    assert terms is not None and terms.memory is not None and terms.saturated
    assert {symbol.name for symbol in terms.memory.free_symbols} == {"fmax"}


def test_the_cycles_a_call_compared_with_modelsim_take_the_interface() -> None:
    """The count set beside an i++ verification run is the estimate times
    the clock, part by part of the ``Max``: fmax does not leave a ``Max``
    by ``simplify`` (the s37 atax, all trips given, had lost its +13.5 %
    comparison to "give the trip counts the testbench runs")."""
    from hlsight.analyzer.cosim_check import component_cycles

    design = _with_b4_ii(load_design(SOBEL), 1)
    # the trips as a user gives them (no source walk): symbols with values
    given = {"loop.ImgSobel.B2.trip": 1081, "loop.ImgSobel.B4.trip": 241}
    estimate = analyze(design, given, derive_access=False).estimates["ImgSobel"]
    cycles = component_cycles(estimate, design)
    assert cycles is not None and cycles.cycles == 24 * FIRINGS + AROUND


def test_sibling_loops_each_wait_for_their_own_commands() -> None:
    """Loops that run one after another in a call each take the longer of
    their launches and their commands: a copy-in loop held by the interface
    is not hidden by a long compute loop after it (the s37 i++ atax: B3
    sends 65 commands an iteration at a pipeline of 16; the whole call's
    4,224 commands against its 11,048-cycle pipeline had shown nothing)."""
    from hlsight.analyzer.compute_model import interleaved_cycles, loop_commands
    from hlsight.core.model import TripCount

    copy_in = Loop(name="k.B2", pipelined=True, ii=InitiationInterval(1), trip_count=TripCount(100, 100),
                   iteration_latency=5)
    compute = Loop(name="k.B3", pipelined=True, ii=InitiationInterval(10), trip_count=TripCount(100, 100),
                   iteration_latency=20)
    call = Loop(name="k.B1", pipelined=True, ii=InitiationInterval(1), trip_count=TripCount(1, 1),
                iteration_latency=2, children=[copy_in, compute])
    commands = {"k.B2": {"System Memory/0": 3}, "k.B3": {"System Memory/0": 1}}
    assert loop_commands(call, commands) == {"System Memory/0": 400}
    # launches: B2 100, B3 1,000; drains overlap at the end: B1's depth 2 + B3's 20 - 10
    assert interleaved_cycles(call, []) == (1100, 12)
    notes: list[str] = []
    # B2 at 3 commands an iteration: 300; B3 unchanged; not max(400, 1,100)
    assert interleaved_cycles(call, notes, commands=commands) == (1300, 12)
    assert notes == ["loop k.B2: its pipelined LSUs send 3 commands an iteration on one Avalon host interface,"
                     " which takes one a cycle: an iteration every 3 cycles, not 1"]


def test_an_estimate_no_dram_model_timed_names_no_profile() -> None:
    """The JSON's ``extra.profile`` of an i++ component said "ddr4-1866",
    the fallback held internally, beside ``memory_profile.name: null``."""
    from hlsight.analyzer.export import model_figures

    estimate = analyze(load_design(SOBEL), {}).estimates["ImgSobel"]
    assert estimate.per_bank == [] and model_figures(estimate)["profile"] is None


def test_a_number_waiting_for_a_trip_still_says_its_iis_are_approximate() -> None:
    """The pipeline is the number whether or not it is known yet: without
    the source's trips the Sobel waits for B2's and B4's, and its II ~114
    is still said to be an upper bound."""
    estimate = analyze(load_design(SOBEL), {}, derive_access=False).estimates["ImgSobel"]
    assert estimate.seconds is None and estimate.bound == "unknown"
    assert any(caveat.startswith("the pipeline time rests on approximate IIs (ImgSobel.B4 (II ~114))")
               for caveat in estimate.caveats)


def test_a_coalesced_levels_commands_are_counted_once() -> None:
    """A "Coalesced loop" entry's iterations are its parent's (the parent's
    count already multiplies them in): the commands of a loop nested under
    it were multiplied by its count a second time (8x here)."""
    from hlsight.analyzer.compute_model import loop_commands
    from hlsight.core.model import TripCount

    inner = Loop(name="k.B3", pipelined=True, ii=InitiationInterval(1), trip_count=TripCount(16, 16),
                 iteration_latency=5)
    merged = Loop(name="Coalesced loop k.B2", trip_count=TripCount(8, 8), children=[inner])
    outer = Loop(name="k.B1", pipelined=True, ii=InitiationInterval(1), trip_count=TripCount(4, 4),
                 iteration_latency=2, children=[merged])
    # B1 runs 4 x 8 iterations, each one invocation of B3 (16 iterations, 2 LSUs)
    assert loop_commands(outer, {"k.B3": {"System Memory/0": 2}}) == {"System Memory/0": 4 * 8 * 16 * 2}
