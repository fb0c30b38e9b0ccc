"""Endless loops counted from the channel that feeds them (decision 52).

An autorun kernel's ``while (1)`` runs as long as it is fed. aoc channels are
blocking FIFOs with one writer and one reader, so over a run the reader takes
exactly what the writers put: iterations = writes / reads per iteration.
Before, hlsight asked for the count (someoneinjd/t2sp's GER feeder needed
16,777,232 typed in). ``fixtures/access/channels.cl`` holds loops the rule
counts and loops it must leave alone; ``fixtures/aoc19_autorun_feeder`` is a
report of our own around a loader, two chained autorun kernels and a storer.
"""

from __future__ import annotations

import json
from dataclasses import replace

import sympy

from hlsight.analyzer.access.channel_trips import ChannelKernel, balances, fed_loops
from hlsight.analyzer.access.kernel_attributes import kernel_compute_units, kernel_local_size, kernel_simd
from hlsight.analyzer.access.walker import walk_function
from hlsight.analyzer.pipeline import analyze
from hlsight.commands.sources import with_local_sources
from hlsight.core.model import Design, Kernel, KernelKind
from hlsight.parsers.csource import parse_c_file
from hlsight.parsers.loader import load_design
from tests.access_fixtures import FIXTURES
from tests.conftest import CORPUS, REPO, run_cli

CHANNELS = FIXTURES / "channels.cl"
FEEDER = REPO / "fixtures" / "aoc19_autorun_feeder"


def _feeder() -> Design:
    """The fixture report with its source, as the CLI finds it in the report folder."""
    return with_local_sources(load_design(FEEDER), None)


def _kernels() -> list[ChannelKernel]:
    unit = parse_c_file(CHANNELS)
    lines = {str(CHANNELS): CHANNELS.read_text().splitlines()}
    out = []
    for name, func in unit.functions().items():
        walker = walk_function(unit, func, lines)
        out.append(ChannelKernel(Kernel(name=name, kind=KernelKind.SINGLE_WORK_ITEM), False,
                                 list(walker.loop_infos.values()), walker.channel_sites))
    return out


def test_blocking_reads_in_an_endless_loop_are_counted_from_the_writers() -> None:
    solved = {fed.kernel.name: fed for fed in fed_loops(_kernels())}
    rows, cols = sympy.symbols("rows cols")
    # three reads of `words` per iteration; the producer writes it rows*cols times
    assert sympy.simplify(solved["triple_reader"].value - rows * cols / 3) == 0
    # a channel array: four reads (unrolled) per iteration, four writes per k
    assert sympy.simplify(solved["lane_reader"].value - rows) == 0
    assert str(solved["triple_reader"].symbol) == "trips_triple_reader_L28"
    assert "reads channel `words` 3 time(s) per iteration" in solved["triple_reader"].explanation
    assert not solved["triple_reader"].upper_bound


def test_loops_the_rule_cannot_count_keep_their_symbol() -> None:
    solved = {fed.kernel.name for fed in fed_loops(_kernels())}
    # a read under an `if`, a non-blocking read, a loop with a `break`, and two kernels
    # reading two channels of one array (each would have been given all the array's writes)
    assert solved == {"triple_reader", "lane_reader"}


def test_copies_of_a_compute_unit_kernel_are_not_given_all_the_writes() -> None:
    """num_compute_units(4): each copy reads its own share, so rows would be
    four times each copy's count."""
    kernels = [replace(kernel, compute_units=4) if kernel.kernel.name == "lane_reader" else kernel
               for kernel in _kernels()]
    assert {fed.kernel.name for fed in fed_loops(kernels)} == {"triple_reader"}
    # nor where the number of copies is not known
    unknown = [replace(kernel, compute_units=None) for kernel in _kernels()]
    assert fed_loops(unknown) == []


def test_compute_units_from_the_report_else_the_source_attribute() -> None:
    design = _feeder()
    assert [kernel_compute_units(kernel, design) for kernel in design.kernels] == [1, 1, 1, 1]
    text = "#define CU 2\n__attribute__((num_compute_units(CU, 2)))\n__kernel void k() { }\n"
    other = replace(design, source_files=[replace(design.source_files[0], content=text)],
                    kernels=[replace(design.kernels[0], name="k", compute_units=None)])
    assert kernel_compute_units(other.kernels[0], other) == 4
    assert kernel_compute_units(replace(other.kernels[0], compute_units=3), other) == 3


def test_an_attribute_belongs_to_the_kernel_it_is_written_on() -> None:
    """The attributes are looked for up to 400 characters before a
    kernel's declaration, but not past the end of the one before it: a
    short kernel after one with `reqd_work_group_size(8, 8, 1)` took its
    work-group (and so two dimensions and get_local_size(0) = 8); a
    comment between does not end a declaration."""
    text = ("__attribute__((reqd_work_group_size(8, 8, 1)))\n"
            "__kernel void tiled(__global float *a) { a[0] = 0; }\n"
            "__kernel void plain(__global float *a) { a[1] = 0; }\n"
            "__attribute__((num_simd_work_items(4)))  // four lanes; see below }\n"
            "__attribute__((reqd_work_group_size(64, 1, 1)))\n"
            "/* wide; */ __kernel void lanes(__global float *a) { a[2] = 0; }\n")
    design = _feeder()
    other = replace(design, source_files=[replace(design.source_files[0], content=text)])
    kernels = {name: replace(design.kernels[0], name=name, simd=None, compute_units=None)
               for name in ("tiled", "plain", "lanes")}
    assert [kernel_local_size(kernel, other) for kernel in kernels.values()] == [(8, 8, 1), None, (64, 1, 1)]
    assert [kernel_simd(kernel, other) for kernel in kernels.values()] == [1, 1, 4]


def test_a_count_the_user_gives_wins_and_feeds_the_next_loop() -> None:
    design = _feeder()
    derived = analyze(design)
    assert {str(symbol) for symbol in derived.estimates["scaler"].expression.free_symbols} == {"n"}
    given = analyze(design, {"trips_pair_adder_L19": 7.0, "n": 1000.0, "m": 7.0})
    # pair_adder runs the 7 iterations given; scaler is fed by pair_adder's 7 writes
    notes = [diag for diag in given.diagnostics if diag.rule == "access-channel-fed"]
    assert [(diag.kernel, diag.data["value"]) for diag in notes] == [("scaler", "trips_pair_adder_L19")]
    by_hand = analyze(design, {"loop.pair_adder.B1.trip": 7.0, "loop.scaler.B1.trip": 7.0, "n": 1000.0, "m": 7.0})
    for kernel in ("pair_adder", "scaler"):
        assert given.estimates[kernel].seconds == by_hand.estimates[kernel].seconds


def test_the_feeder_design_is_a_number_from_the_host_s_sizes() -> None:
    """The loader's n and the storer's m are all a user gives: both autorun
    kernels run n/2 times, the same time as typing those counts by hand."""
    values = {"n": 1_000_000.0, "m": 500_000.0}
    result = analyze(_feeder(), values)
    by_hand = analyze(_feeder(), {**values, "loop.pair_adder.B1.trip": 500_000.0,
                                            "loop.scaler.B1.trip": 500_000.0})
    for kernel in ("pair_adder", "scaler"):
        assert result.estimates[kernel].seconds is not None
        assert result.estimates[kernel].seconds == by_hand.estimates[kernel].seconds
    # 500,000 iterations at II 1 and 250 MHz: 2 ms and the loop's latency
    assert abs(result.estimates["pair_adder"].seconds - 500_000 / 250e6) < 1e-6
    assert any("counted from the channel that feeds it: n/2 iterations" in text
               for text in result.estimates["pair_adder"].assumptions)


def test_text_and_json_say_where_the_count_came_from() -> None:
    text = run_cli("analyze", str(FEEDER), "-v", "--min-severity", "note").stdout
    assert "to get a number, give: --set m=VALUE --set n=VALUE" in run_cli("analyze", str(FEEDER)).stdout
    assert ("note: loop of pair_adder: trips_pair_adder_L19 = n/2: the endless loop at feed.cl:19 reads channel"
            " `items` 2 time(s) per iteration, and loader write(s) it n time(s)") in text
    assert ("note: loop pair_adder.B1: trip count trips_pair_adder_L19 = n/2 (counted from the channel that feeds"
            " it) from the source") in text
    data = json.loads(run_cli("analyze", str(FEEDER), "--format", "json").stdout)
    fed = {diag["data"]["symbol"]: diag["data"]["value"] for diag in data["diagnostics"]
           if diag["rule"] == "access-channel-fed"}
    assert fed == {"trips_pair_adder_L19": "n/2", "trips_scaler_L30": "n/2"}


def test_channels_with_exact_counts_at_both_ends_are_kept_for_the_balance_check() -> None:
    """Only exact counts are compared: a guarded read ("counted as always
    true") and a non-blocking read are not. The loop that may leave early
    reads `orphan` once per iteration it runs: exact, in its own count."""
    kernels = _kernels()
    known = {fed.symbol: fed.value for fed in fed_loops(kernels)}
    found = {balance.channel: balance for balance in balances(kernels, known)}
    assert set(found) == {"words", "lanes", "orphan", "split"}
    # two readers of one channel array: their reads together balance its writes
    assert found["split"].writes == "2*rows" and found["split"].readers == ("left_reader", "right_reader")
    assert (found["orphan"].writes, found["orphan"].reads) == ("cols*rows/3", "trips_leaving_reader_L71")
    assert (found["words"].writes, found["words"].reads) == ("cols*rows", "cols*rows")
    assert (found["lanes"].writers, found["lanes"].readers) == (("producer",), ("lane_reader",))


def test_host_values_that_leave_a_channel_unbalanced_are_named() -> None:
    """scaler writes `scaled` n/2 times (its loop counted from the loader's
    n); the storer reads it m times. With m = n/2 nothing is said; with
    m = 1,000 a blocking end would wait for ever: the values are not the host's."""
    quiet = analyze(_feeder(), {"n": 1_000_000.0, "m": 500_000.0})
    assert not [diag for diag in quiet.diagnostics if diag.rule == "channel-unbalanced"]
    loud = analyze(_feeder(), {"n": 1_000_000.0, "m": 1000.0})
    (warning,) = [diag for diag in loud.diagnostics if diag.rule == "channel-unbalanced"]
    assert (warning.data["channel"], warning.data["writes"], warning.data["reads"]) == ("scaled", 500_000.0, 1000.0)
    assert (warning.file, warning.line) == ("feed.cl", 37)
    assert "scaler writes it 500,000 times (n/2) but storer reads it 1,000 times (m)" in warning.message


def test_a_channel_array_index_is_no_memory_access() -> None:
    """`write_channel_intel(chanin[k], buf[...])` (the seed authors' fft1d
    fetch) read `chanin[k]` as a load of an array: every local load on that
    line was matched with two accesses and counted twice (2*work_items each
    for the eight per-lane loads of buf, 16 per work-item where the unrolled
    loop reads 8)."""
    unit = parse_c_file(CHANNELS)
    lines = {str(CHANNELS): CHANNELS.read_text().splitlines()}
    walker = walk_function(unit, unit.functions()["lane_reader"], lines)
    assert [site.array for site in walker.sites] == []
    assert [(site.array, site.kind) for site in walker.channel_sites] == [("lanes", "channel-read")]
    fft = run_cli("analyze", str(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "fft1d"), "--format", "json")
    fetch = next(kernel for kernel in json.loads(fft.stdout)["kernels"] if kernel["name"] == "fetch")
    buf_reads = [lsu["access"]["accesses"] for lsu in fetch["lsus"]
                 if lsu["line"] == 171 and lsu["kind"] == "load" and lsu["access"] is not None]
    assert buf_reads == ["work_items"] * 8


def test_the_estimate_says_its_values_leave_a_channel_unbalanced() -> None:
    """Said beside the number too, in expressions (one text for every what-if
    point where it holds), and not where the channel balances."""
    loud = analyze(_feeder(), {"n": 1_000_000.0, "m": 1000.0}).design_estimate
    assert loud is not None
    assert ("the values given leave channel `scaled` unbalanced (scaler writes it n/2 times, storer reads it m"
            " times)") in " ".join(loud.caveats)
    quiet = analyze(_feeder(), {"n": 1_000_000.0, "m": 500_000.0}).design_estimate
    assert quiet is not None and not [text for text in quiet.caveats if "unbalanced" in text]
    # a what-if sweep checks every point (the two counts are cheap), not only the ends of a run of one bound
    swept = run_cli("whatif", str(FEEDER), "--set", "m=500000", "--sweep", "n=1000000,2000000,3000000").stdout
    assert ("# caution (at 2 of 3 points, from n=2e+06): the values given leave channel `scaled` unbalanced"
            in swept)
    grid = run_cli("whatif", str(FEEDER), "--sweep", "m=500000,1000000", "--sweep", "n=1000000,2000000").stdout
    assert "# caution (at 2 of 4 points, from m=500000, n=2e+06): the values given leave channel" in grid
