"""The memory ports a pipelined Vivado/Vitis loop's accesses need, as the
reason for an II the report gives none for (analyzer/access/port_bound.py).

The real case: a public Vitis 2024.1 matrix multiply (S1ddharthhh's Pynq-Z2
accelerator) pipelines ``j`` with ``k`` (128) unrolled inside and reads
``A[i][k]``, ``B[k][j]`` from 16 banks each (``block factor=16``): at least
128 / 32 = 4 cycles, its report's II, with "the report gives no reason".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hlsight.analyzer.access.derive import KernelAccesses, derive_loop_trips
from hlsight.analyzer.access.port_bound import array_ports, function_ports, port_bound
from hlsight.analyzer.access.sources import ParsedSources
from hlsight.analyzer.access.walker import walk_function
from hlsight.analyzer.access.xilinx_report_loops import SourceLoopNames, report_loop_finder
from hlsight.analyzer.hints import ii_reason
from hlsight.analyzer.pipeline import analyze
from hlsight.analyzer.results import SourceFacts
from hlsight.core.model import (
    Design,
    InitiationInterval,
    Kernel,
    KernelKind,
    LatencyRange,
    Loop,
    Product,
    ToolInfo,
    TripCount,
    Vendor,
)
from hlsight.parsers.csource import parse_c_text
from hlsight.parsers.vivado.names import OUTLINED_UNSURE

MATMUL = """void f(int in[128], int out[128]) {
  int A[128][128];
  int B[128][128];
#pragma HLS ARRAY_PARTITION variable=A type=block factor=16 dim=2
#pragma HLS ARRAY_PARTITION variable=B type=block factor=16 dim=1
  for (int i = 0; i < 128; i++) {
    for (int j = 0; j < 128; j++) {
#pragma HLS PIPELINE II=1
      int sum = 0;
      for (int k = 0; k < 128; k++) {
        sum += A[i][k] * B[k][j];
      }
      if (sum > 0) {
        out[j] = in[j] + in[j + 1] + in[0];
      }
      out[i] = A[i][0] + A[i][0];
    }
  }
}
"""


@pytest.mark.parametrize(("pragmas", "ports"), [
    ([], 2),
    (["HLS ARRAY_PARTITION variable=A type=block factor=16 dim=1"], 32),
    (["HLS ARRAY_PARTITION variable=A type=block factor=16 dim=2"], 16),  # 8 elements: 8 banks at most
    (["HLS array_partition variable=A cyclic factor=4 dim=1", "HLS ARRAY_PARTITION variable=A complete dim=2"],
     4 * 8 * 2),
    (["HLS ARRAY_PARTITION variable=A complete dim=0"], 64 * 8 * 2),
    (["HLS BIND_STORAGE variable=A type=ram_1p impl=bram", "HLS ARRAY_PARTITION variable=A factor=2 dim=1"], 2),
    (["HLS RESOURCE variable=A core=RAM_1P"], 1),
    (["HLS ARRAY_PARTITION variable=B type=block factor=16 dim=2"], 2),  # another array's
    (["HLS ARRAY_RESHAPE variable=A type=block factor=4 dim=2"], None),  # wider words: not counted
    (["HLS ARRAY_PARTITION variable=A factor=4"], None),  # no dim on a 2-D array: Vivado and Vitis differ
])
def test_array_ports(pragmas: list[str], ports: int | None) -> None:
    found = array_ports("A", [64, 8], pragmas)
    assert (None if found is None else found.ports) == ports


def _walk(source: str = MATMUL) -> tuple[ParsedSources, object]:
    unit = parse_c_text(source, "f.c")
    parsed = ParsedSources(units=[unit], lines={"f.c": source.splitlines()})
    return parsed, walk_function(unit, unit.functions()["f"], parsed.lines, count_memcpy=True)


def _reason(ii: int, source: str = MATMUL) -> str:
    """The loop-ii reason of the report loop ``VITIS_LOOP_6_1_VITIS_LOOP_7_2`` at ``ii``, over ``source``."""
    parsed, walker = _walk(source)
    loop = Loop(name="VITIS_LOOP_6_1_VITIS_LOOP_7_2", pipelined=True, ii=InitiationInterval(ii))
    kernel = Kernel(name="f", kind=KernelKind.FUNCTION, loops=[loop], is_top=True)
    design = Design(tool=ToolInfo(Vendor.XILINX, Product.VITIS_HLS, "2024.1"), root=Path("."), kernels=[kernel])
    infos = {**walker.called_loop_infos, **walker.loop_infos}
    finder = report_loop_finder(kernel, design, SourceLoopNames.of(parsed), infos, "f")
    facts = SourceFacts()
    context = KernelAccesses(kernel, False, walker.sites, list(infos.values()), report_loops=finder,
                             array_ports=function_ports(parsed.units[0].functions()["f"]))
    derive_loop_trips(context, facts)
    return ii_reason(loop, facts)


def test_the_bound_counts_what_every_iteration_accesses() -> None:
    """``A[i][k]`` and ``B[k][j]``: 128 each (``k`` unrolled) from 32 ports,
    4 cycles; ``A[i][0]`` twice is one address, one access more for A
    (129 -> still 5 cycles with 32 ports); the reads under the ``if`` are
    left out (the tool may share a port between branches); ``in`` has 2
    ports and is read only there, so it bounds nothing."""
    parsed, walker = _walk()
    unit = parsed.units[0]
    ports = function_ports(unit.functions()["f"])
    assert {name: found.ports if found else None for name, found in ports.items()} == {
        "in": 2, "out": 2, "A": 32, "B": 32}
    (piped,) = [info for info in walker.loop_infos.values() if info.line == 7]
    bound = port_bound(piped, walker.sites, ports)
    assert bound is not None and bound.cycles == 5
    assert bound.reason == (
        "memory ports: A is accessed 129 times per iteration (the loop at line 10 unrolled in the pipeline) from 16"
        " banks of 2 ports (ARRAY_PARTITION variable=A type=block factor=16 dim=2): at least 5 cycles (II 1 needs"
        " 65 banks); B is accessed 128 times per iteration (the loop at line 10 unrolled in the pipeline) from 16"
        " banks of 2 ports (ARRAY_PARTITION variable=B type=block factor=16 dim=1): at least 4 cycles (II 1 needs"
        " 64 banks)")


@pytest.mark.parametrize(("ii", "said"), [(5, True), (4, False), (6, False)])
def test_the_hint_says_the_ports_only_when_they_are_the_ii(ii: int, said: bool) -> None:
    """The report's II 5 is what the ports force: said. At 6 something
    else holds the loop too; at 4 the count is above what the tool did
    (an access merged): neither is a reason, so neither is said."""
    reason = _reason(ii)
    assert reason.startswith("the report gives no reason; the source: memory ports: A is accessed 129") is said
    assert (reason == "the report gives no reason") is not said


def test_a_readers_note_is_not_a_reason() -> None:
    """The hls_cluster_nms report without its csynth.xml: the loop-ii hint
    gave "enclosing loop unknown (no csynth.xml InstanceList): shown at top
    level", the reader's placement note, as the reason for II 4."""
    loop = Loop(name="VITIS_LOOP_37_4", pipelined=True, ii=InitiationInterval(4),
                details=[OUTLINED_UNSURE, "loop_tripcount min=1 max=4"])
    assert ii_reason(loop) == "the report gives no reason"
    loop.details.append("carried dependence on 'sum'")
    assert ii_reason(loop) == "carried dependence on 'sum'"


def test_an_outlined_pipelines_loop_is_hinted_once() -> None:
    """A Vitis ``_Pipeline_`` module's loop is its caller's too (the reader
    folds it back): the matrix multiply's II 4 was said twice, once per
    report listing the loop."""
    loop = Loop(name="VITIS_LOOP_51_5", pipelined=True, ii=InitiationInterval(4), trip_count=TripCount(100, 100, None),
                latency=LatencyRange(400, 400))
    top = Kernel(name="f", kind=KernelKind.FUNCTION, loops=[loop], is_top=True, latency=LatencyRange(410, 410),
                 artifact="f_csynth.rpt")
    outlined = Kernel(name="f_Pipeline_VITIS_LOOP_51_5", kind=KernelKind.FUNCTION, loops=[loop], folded_into="f",
                      latency=LatencyRange(402, 402), artifact="f_Pipeline_VITIS_LOOP_51_5_csynth.rpt")
    design = Design(tool=ToolInfo(Vendor.XILINX, Product.VITIS_HLS, "2024.1"), root=Path("."), kernels=[top, outlined])
    hints = [diag for diag in analyze(design, {}).diagnostics if diag.rule == "loop-ii"]
    assert [(hint.file, hint.message) for hint in hints] == [
        ("f_csynth.rpt",
         "loop VITIS_LOOP_51_5 of f has II 4: one iteration every 4 cycles (the report gives no reason)")]


STREAMS = """#include <hls_stream.h>
template <int N>
void widen(hls::stream<float> &in, hls::stream<float> &out, hls::stream<float> lanes[2]) {
  for (int i = 0; i < 16; i++) {
#pragma HLS PIPELINE II=1
    float x = in.read();
    for (int k = 0; k < N; k++) out.write(x + k);
    out << x;
    if (x > 0) out.write(x);
    for (int k = 0; k < 2; k++) lanes[k].write(x);
  }
}
void top(hls::stream<float> &in, hls::stream<float> &out, hls::stream<float> lanes[2]) {
  widen<4>(in, out, lanes);
  widen<2>(in, out, lanes);
}
"""


def test_a_stream_moves_one_element_a_cycle(tmp_path: Path) -> None:
    """An ``hls::stream`` is a FIFO: a pipelined iteration that writes
    ``out`` N + 1 times takes at least N + 1 cycles (a public MNIST's
    ``PointwiseConv2d<10, 1, 4>`` writes its output 4 times per iteration,
    II 4, "the report gives no reason"). A write under an ``if`` is not
    counted, nor an array of streams (which FIFO is not told); each
    instance of a template counts its own loop only."""
    from hlsight.parsers.cxx.as_c import parse_cxx_as_c

    source = tmp_path / "widen.cpp"
    source.write_text(STREAMS)
    unit = parse_cxx_as_c(source, synthesis=True)
    parsed = ParsedSources(units=[unit], lines={str(source): STREAMS.splitlines()})
    walker = walk_function(unit, unit.functions()["top"], parsed.lines, count_memcpy=True)
    assert sorted((site.array, site.kind) for site in walker.stream_sites) == sorted(
        [("in", "stream-read"), ("out", "stream-write"), ("out", "stream-write"), ("out", "stream-write")] * 2)
    piped = [info for info in walker.called_loop_infos.values() if info.line == 4]
    found = [port_bound(info, walker.sites, {}, walker.stream_sites) for info in piped]
    bounds = sorted((bound for bound in found if bound is not None), key=lambda bound: -bound.cycles)
    assert [bound.cycles for bound in bounds] == [5, 3]
    assert bounds[0].reason == (
        "streams: out moves 5 elements per iteration (the loop at line 7 unrolled in the pipeline), one a cycle:"
        " at least 5 cycles")
    # the instrumenter's reading keeps the calls as written
    assert not [node for node in walk_function(parse_cxx_as_c(source), parse_cxx_as_c(source).functions()["top"],
                                               parsed.lines).stream_sites]


def test_a_flattened_nest_without_a_pragma_is_pipelined_on_its_innermost_level() -> None:
    """Vitis pipelines a small loop nest by itself and flattens it into the
    pipelined loop: ``VITIS_LOOP_6_1_VITIS_LOOP_7_2`` with no PIPELINE
    pragma runs the ``j`` level's body an iteration at a time, ``k``
    unrolled (the MNIST's ``PointwiseConv2d<10, 1, 4>``). Its reason was
    not looked for."""
    source = MATMUL.replace("#pragma HLS PIPELINE II=1\n", "")
    assert _reason(5, source).startswith("the report gives no reason; the source: memory ports: A is accessed 129")
