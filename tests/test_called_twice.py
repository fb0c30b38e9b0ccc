"""A function the sources call more than once: one count per call.

The walk enters a helper at each call with that call's arguments, and kept
the last call's facts for its loops: a helper called as ``load(a, 8)`` and
``load(a, n)`` had its loop counted ``n`` for both calls, in aoc's inlined
copies (two report loops at the helper's line) and in Vitis' per-call
modules (``LOADBYTES_1``, ``LOADBYTES_2`` in a public ascon AEAD,
``../shared/corpus/vivado/vitis2021.2_ascon_aead``). Now a loop whose calls
count alike keeps the count (MachSuite's radix sort calls ``hist`` and
``update`` twice with the same sizes: its report's 2048 was matched for
none of its ten rows before), and one whose calls differ has none and
says why.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from hlsight.analyzer.access.derive import KernelAccesses, derive_loop_trips
from hlsight.analyzer.access.sources import ParsedSources
from hlsight.analyzer.access.walker import walk_function
from hlsight.analyzer.access.xilinx_report_loops import SourceLoopNames, report_loop_finder
from hlsight.analyzer.results import SourceFacts
from hlsight.core.model import Design, Kernel, KernelKind, Loop, Product, SourceLocation, ToolInfo, Vendor
from hlsight.parsers.csource import parse_c_text

SOURCE = """static void load(int *a, int n) {
  fill: for (int i = 0; i < n; i++) a[i] = 0;
}
static void hist(int *a) {
  count: for (int i = 0; i < 16; i++) a[i] += 1;
}
void f(int *a, int n) {
  load(a, 8);
  load(a + 8, n);
  hist(a);
  hist(a + 16);
}
"""


def _walk(source: str) -> tuple[ParsedSources, object]:
    unit = parse_c_text(source, "f.c")
    parsed = ParsedSources(units=[unit], lines={"f.c": source.splitlines()})
    return parsed, walk_function(unit, unit.functions()["f"], parsed.lines, count_memcpy=True)


def test_a_loop_keeps_a_count_only_where_every_call_gives_it() -> None:
    _, walker = _walk(SOURCE)
    by_line = {info.line: info for info in walker.called_loop_infos.values()}
    assert str(by_line[5].trip_count) == "16"
    assert by_line[2].trip_count is None
    assert by_line[2].trip_reason == ("its function is called 2 times and counts differently in each (8, n): which"
                                      " call the report's loop is cannot be told")
    assert walker.called.walks == Counter({"load": 2, "hist": 2})


def _vitis_finder(source: str, module: str, loops: list[Loop]) -> object:
    parsed, walker = _walk(source)
    kernel = Kernel(name=module, kind=KernelKind.FUNCTION, loops=loops)
    top = Kernel(name="f", kind=KernelKind.FUNCTION, is_top=True)
    design = Design(tool=ToolInfo(Vendor.XILINX, Product.VITIS_HLS, "2021.2"), root=Path("."), kernels=[top, kernel])
    infos = {**walker.called_loop_infos, **walker.loop_infos}
    return report_loop_finder(kernel, design, SourceLoopNames.of(parsed), infos, "f", walker.called.walks)


def test_the_tools_per_call_copies_are_their_functions() -> None:
    """Vitis' ``load_1`` is a copy of ``load`` for one of its calls; the
    tool's numbering is not the sources' order, so only a count every call
    gives is taken."""
    fill, count = Loop(name="fill"), Loop(name="count")
    for module in ("load_1", "load_2"):
        finder = _vitis_finder(SOURCE, module, [fill])
        assert finder is not None
        found = finder.find(fill)
        assert found is not None and found.trip_count is None and "(8, n)" in found.trip_reason
    finder = _vitis_finder(SOURCE, "hist", [count])
    assert finder is not None
    found = finder.find(count)
    assert found is not None and str(found.trip_count) == "16"


def test_a_call_the_walk_did_not_enter_leaves_the_function_alone() -> None:
    """A third call of ``hist`` five calls deep, where the walk stops: it
    may not count as the two walked ones do. A call from ``g``, which ``f``
    never reaches, is not in ``f``'s design and changes nothing (a public
    AES calls its key expansion from a second top too)."""
    deep = SOURCE.replace("void f(int *a, int n) {\n", "void w4(int *a) { hist(a); }\nvoid w3(int *a) { w4(a); }\n"
                          "void w2(int *a) { w3(a); }\nvoid w1(int *a) { w2(a); }\nvoid f(int *a, int n) {\n  w1(a);\n")
    assert _vitis_finder(deep, "hist", [Loop(name="count")]) is None
    elsewhere = SOURCE + "void g(int *a, int m) {\n  hist(a + m);\n}\n"
    finder = _vitis_finder(elsewhere, "hist", [Loop(name="count")])
    assert finder is not None
    found = finder.find(Loop(name="count"))
    assert found is not None and str(found.trip_count) == "16"


def test_an_inlined_helpers_loops_at_one_line_ask_for_a_value_when_the_calls_differ() -> None:
    """aoc inlines the two calls: two report loops at ``fill``'s line.
    Before, both took the last call's ``n``; now both keep their symbol and
    the note says why."""
    _, walker = _walk(SOURCE)
    where = SourceLocation("f.c", 2)
    first, second = Loop(name="f.B1", location=where), Loop(name="f.B2", location=where)
    counted = Loop(name="f.B3", location=SourceLocation("f.c", 5))
    kernel = Kernel(name="f", kind=KernelKind.SINGLE_WORK_ITEM, loops=[first, second, counted])
    context = KernelAccesses(kernel, False, walker.sites, [*walker.loop_infos.values(),
                                                           *walker.called_loop_infos.values()])
    facts = SourceFacts()
    notes = derive_loop_trips(context, facts)
    assert facts.trip(counted) == "16"
    assert facts.trip(first) is None and facts.trip(second) is None  # each keeps loop.f.B<n>.trip
    assert [(note.rule, note.subject, note.line) for note in notes if note.rule != "access-trip-count"] == [
        ("access-trip-per-call", "f.B1", 2), ("access-trip-per-call", "f.B2", 2)]
    assert notes[0].message == (
        "loop f.B1: no count from the source: its function is called 2 times and counts differently in each (8, n):"
        " which call the report's loop is cannot be told; its trip count stays a value to give")
