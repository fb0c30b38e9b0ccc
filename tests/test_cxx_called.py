"""What HLS C++ calls is read as the tool synthesizes it (decision 76).

A function template, a class member and a function a design header
defines were left out of the C++ lowering: their loops had no count from
the source, and the report's loops of their modules (``copy_64_int_s``,
``run``) were left to the user, though the template's arguments fix them.
A public RFI mitigator's ``sortList``, defined in its ``madCpt.hpp``, had
its report's 2048 unmatched for that reason. Each called definition is now
lowered once per instance, its template arguments bound, the ``#pragma
HLS`` lines of its header placed.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from pycparser import c_ast

from hlsight.analyzer.access.sources import ParsedSources
from hlsight.analyzer.access.walker import walk_function
from hlsight.analyzer.access.xilinx_report_loops import SourceLoopNames, report_loop_finder
from hlsight.core.model import Design, Kernel, KernelKind, Loop, Product, ToolInfo, Vendor
from hlsight.parsers.csource import CUnit
from hlsight.parsers.cxx.as_c import parse_cxx_as_c
from hlsight.parsers.vivado.names import cxx_module_matches, cxx_module_name
from tests.conftest import FIXTURES

TOP = FIXTURES / "cxx_called" / "top.cpp"
HEADER = str(FIXTURES / "cxx_called" / "kernels.hpp")


@pytest.fixture(scope="module")
def unit() -> CUnit:
    return parse_cxx_as_c(TOP, synthesis=True)


def _loop_counts(unit: CUnit) -> dict[str, list[str]]:
    """Each lowered function's loop counts, as the walk from the top finds them."""
    parsed = ParsedSources(units=[unit], lines={str(TOP): TOP.read_text().splitlines()})
    walker = walk_function(unit, unit.functions()["top"], parsed.lines, count_memcpy=True)
    counts: dict[str, list[str]] = {}
    for name, definition in unit.functions().items():
        loops = [node for node in c_ast_nodes(definition) if isinstance(node, c_ast.For)]
        counts[name] = [str(walker.called_loop_infos[id(loop)].trip_count) for loop in loops
                        if id(loop) in walker.called_loop_infos]
    return counts


def c_ast_nodes(node: c_ast.Node) -> list[c_ast.Node]:
    found = [node]
    for _name, child in node.children():
        found.extend(c_ast_nodes(child))
    return found


def test_each_instance_member_and_header_function_is_lowered_under_the_name_a_user_reads(unit: CUnit) -> None:
    assert set(unit.functions()) == {"top", "copy<64, int>", "copy<16, int>", "Filter<8>::run",
                                     "Filter<8>::operator()", "scale<16, true>", "clear"}
    calls = [node.name.name for node in c_ast_nodes(unit.functions()["top"]) if isinstance(node, c_ast.FuncCall)]
    assert calls == ["copy<64, int>", "copy<16, int>", "Filter<8>::run", "Filter<8>::operator()",
                     "scale<16, true>", "clear"]
    operator_call = [node for node in c_ast_nodes(unit.functions()["top"]) if isinstance(node, c_ast.FuncCall)][3]
    assert len(operator_call.args.exprs) == 2  # ``filter(b, 5)``: the object is not an argument
    assert str(unit.functions()["copy<64, int>"].coord.file) == HEADER


def test_template_arguments_bind_the_loops_and_the_call_s_arguments_the_rest(unit: CUnit) -> None:
    counts = _loop_counts(unit)
    assert counts["copy<64, int>"] == ["64"]
    assert counts["copy<16, int>"] == ["16"]
    assert counts["Filter<8>::run"] == ["8"]
    assert counts["Filter<8>::operator()"] == ["10"]  # n = 5 from the call, n * 2
    assert counts["scale<16, true>"] == ["16"]
    assert counts["clear"] == ["32"]


def test_the_header_s_pragmas_are_placed_in_its_definitions(unit: CUnit) -> None:
    loop = next(node for node in c_ast_nodes(unit.functions()["copy<16, int>"]) if isinstance(node, c_ast.For))
    pragmas = [node for node in c_ast_nodes(loop.stmt) if isinstance(node, c_ast.Pragma)]
    assert [(pragma.string, pragma.coord.line, str(pragma.coord.file)) for pragma in pragmas] == \
        [("HLS PIPELINE II=1", 14, HEADER)]


def test_the_instrumenter_s_reading_is_unchanged() -> None:
    """The C simulation instruments the file's own functions; a template's
    loops stay said as not instrumented (one body, many instances)."""
    unit = parse_cxx_as_c(TOP)
    assert set(unit.functions()) == {"top"}
    calls = [node.name.name for node in c_ast_nodes(unit.functions()["top"]) if isinstance(node, c_ast.FuncCall)]
    assert calls == ["copy", "copy", "scale", "clear"]


@pytest.mark.parametrize(("function", "module"), [
    ("copy<64, int>", "copy_64_int_s"),
    ("scale<16, true>", "scale_16_true_s"),
    ("sum<ap_uint<12>, 16>", "sum_ap_uint_12_16_s"),
    ("Filter<8>::run", "run"),
    ("Filter<Pair<1, 2>>::operator()", "operator()"),
    ("clear", "clear"),
])
def test_module_names_of_cxx_functions(function: str, module: str) -> None:
    assert cxx_module_name(function) == module


def test_a_module_names_an_instance_with_clang_s_unsigned_suffix_and_the_vivado_cut() -> None:
    assert cxx_module_matches("quantize_ptr_4096_1u_s", "quantize_ptr<4096, 1>")
    assert cxx_module_matches("rmsnorm_4096_s", "rmsnorm<4096>")
    assert cxx_module_matches("a_very_long_name_tem", "a_very_long_name_template<3>")
    assert not cxx_module_matches("rmsnorm_2048_s", "rmsnorm<4096>")
    assert not cxx_module_matches("copy", "copy<64, int>")


def _finder(unit: CUnit, module: str, loops: list[Loop]) -> object:
    parsed = ParsedSources(units=[unit], lines={str(TOP): TOP.read_text().splitlines()})
    walker = walk_function(unit, unit.functions()["top"], parsed.lines, count_memcpy=True)
    kernel = Kernel(name=module, kind=KernelKind.FUNCTION, loops=loops)
    top = Kernel(name="top", kind=KernelKind.FUNCTION, is_top=True)
    design = Design(tool=ToolInfo(Vendor.XILINX, Product.VITIS_HLS, "2023.2"), root=Path("."), kernels=[top, kernel])
    infos = {**walker.called_loop_infos, **walker.loop_infos}
    assert walker.called.walks == Counter({"copy<64, int>": 1, "copy<16, int>": 1, "Filter<8>::run": 1,
                                           "Filter<8>::operator()": 1, "scale<16, true>": 1, "clear": 1})
    return report_loop_finder(kernel, design, SourceLoopNames.of(parsed), infos, "top", walker.called.walks)


@pytest.mark.parametrize(("module", "loop", "count"), [
    ("copy_64_int_s", "copy_loop", 64),
    ("copy_16_int_s", "copy_loop", 16),
    ("copy_16_int_s", "VITIS_LOOP_13_1", None),  # a labelled loop keeps its label
    ("run", "VITIS_LOOP_24_1", 8),
    ("scale_16u_true_s", "VITIS_LOOP_35_1", 16),
    ("clear", "VITIS_LOOP_40_1", 32),
    # a loop Vitis outlines from an instance: ``_s`` dropped, or the arguments too (a public MNIST, 2022.1)
    ("copy_64_int_Pipeline_copy_loop", "copy_loop", 64),
    ("scale_Pipeline_VITIS_LOOP_35_1", "VITIS_LOOP_35_1", 16),
    ("copy_Pipeline_copy_loop", "copy_loop", None),  # of two instances: not told which
])
def test_report_modules_of_instances_find_their_loops(unit: CUnit, module: str, loop: str,
                                                      count: int | None) -> None:
    report_loop = Loop(name=loop)
    finder = _finder(unit, module, [report_loop])
    found = None if finder is None else finder.find(report_loop)  # type: ignore[attr-defined]
    assert (None if found is None else int(found.trip_count)) == count
    assert (finder is None) == (module == "copy_Pipeline_copy_loop")


def test_a_module_of_two_instances_of_one_template_is_not_guessed(unit: CUnit) -> None:
    """The type argument printed otherwise than hlsight prints it
    (``copy_64_signed_int_s``): of ``copy<64, int>`` and ``copy<16, int>``,
    neither is taken; ``scale``, instanced once, is."""
    assert _finder(unit, "copy_64_signed_int_s", [Loop(name="copy_loop")]) is None
    report_loop = Loop(name="VITIS_LOOP_35_1")
    finder = _finder(unit, "scale_16u_1_s", [report_loop])
    assert finder is not None
    found = finder.find(report_loop)  # type: ignore[attr-defined]
    assert found is not None and int(found.trip_count) == 16


RANGE_FOR = """struct Box { int v[4]; int *begin() { return v; } int *end() { return v + 4; } };
void top(int *out) {
    int table[16];
    int sum = 0;
    for (int x : table) sum += x;
    for (auto &y : table) { y = 0; }
    Box box;
    for (int z : box) sum += z;
    out[0] = sum;
}
"""


def test_range_for_loops_are_loops(tmp_path: Path) -> None:
    """Over an array, the counted loop it stands for (its element read
    from the array); over a class, a loop of unknown count. Both were left
    out of the loop tree."""
    source = tmp_path / "range.cpp"
    source.write_text(RANGE_FOR)
    unit = parse_cxx_as_c(source, synthesis=True)
    parsed = ParsedSources(units=[unit], lines={str(source): RANGE_FOR.splitlines()})
    walker = walk_function(unit, unit.functions()["top"], parsed.lines, count_memcpy=True)
    counts = {info.line: info.trip_count for info in walker.loop_infos.values()}
    assert {line: None if count is None else int(count) for line, count in counts.items()} == \
        {5: 16, 6: 16, 8: None}
    loop = next(node for node in c_ast_nodes(unit.functions()["top"]) if isinstance(node, c_ast.For))
    first = loop.stmt.block_items[0]
    assert (first.name, type(first.init).__name__, first.init.name.name) == ("x", "ArrayRef", "table")
    reference = [node for node in c_ast_nodes(unit.functions()["top"]) if isinstance(node, c_ast.For)][1]
    assert isinstance(reference.stmt.block_items[0].type, c_ast.TypeDecl)  # ``auto &y``: the element, an int
    # the instrumenter's reading leaves them out, as before
    assert not [node for node in c_ast_nodes(parse_cxx_as_c(source).functions()["top"]) if isinstance(node, c_ast.For)]


def test_an_unsigned_constant_above_the_signed_range_keeps_its_value(tmp_path: Path) -> None:
    """clang's value of ``18446744073709551615ull`` was read as a signed
    ``long long``, -1: a bound divided by 2^62 became 0, not 3."""
    source = tmp_path / "big.cpp"
    text = ("void top(int *out) {\n"
            "    for (unsigned long long i = 0; i < 18446744073709551615ull / 4611686018427387904ull; i++)"
            " out[i] = 0;\n}\n")
    source.write_text(text)
    unit = parse_cxx_as_c(source, synthesis=True)
    parsed = ParsedSources(units=[unit], lines={str(source): text.splitlines()})
    walker = walk_function(unit, unit.functions()["top"], parsed.lines, count_memcpy=True)
    assert [str(info.trip_count) for info in walker.loop_infos.values()] == ["3"]


CONSTEXPR = """constexpr int clog2(int n) { return n <= 1 ? 0 : 1 + clog2((n + 1) / 2); }
struct Cfg { static const int N = 16; static constexpr int M = N * 2; };
int side(int *p) { p[0] = 1; return 3; }
void top(int *out, int n) {
    for (int s = 0; s < clog2(1024); s++) out[s] = s;
    for (int i = 0; i < Cfg::M; i++) out[i] = 0;
    for (int i = 0; i < side(out); i++) out[i] = 0;
    for (int i = 0; i < clog2(n); i++) out[i] = 0;
}
"""


@pytest.mark.parametrize("synthesis", [True, False])
def test_a_constexpr_call_with_constant_arguments_is_its_value(tmp_path: Path, synthesis: bool) -> None:
    """``i < clog2(1024)``: clang evaluates it (10); the walk does not
    follow a recursive helper and the count was unknown. A call with a side
    effect or a run-time argument stays a call."""
    source = tmp_path / "ce.cpp"
    source.write_text(CONSTEXPR)
    unit = parse_cxx_as_c(source, synthesis=synthesis)
    parsed = ParsedSources(units=[unit], lines={str(source): CONSTEXPR.splitlines()})
    walker = walk_function(unit, unit.functions()["top"], parsed.lines, count_memcpy=True)
    counts = [info.trip_count for info in sorted(walker.loop_infos.values(), key=lambda info: info.line)]
    assert [None if count is None else str(count) for count in counts][:2] == ["10", "32"]
    calls = [node.name.name for node in c_ast_nodes(unit.functions()["top"]) if isinstance(node, c_ast.FuncCall)]
    assert calls == ["side", "clog2"]


WIDE = """#include <ap_int.h>
#include <ap_fixed.h>
#include <stdint.h>
typedef ap_uint<512> word_t;
typedef ap_fixed<1, 16, AP_RND_ZERO> data_t;
void top(const word_t *in, uint32_t *out, ap_uint<24> *odd, data_t *fixed, ap_uint<96> *wide) {
#pragma HLS INTERFACE m_axi port=in bundle=gmem_in
    for (int i = 0; i < 512; i++) {
        word_t word = in[i];
        ap_uint<24> narrow = odd[i];
        out[i] = 1;
        fixed[i] = 0;
        ap_uint<96> w = wide[i];
    }
}
"""


def test_a_typedef_of_a_bus_word_moves_its_bytes(tmp_path: Path) -> None:
    """AutoSA's ``A_t16 *A`` (``typedef ap_uint<512> A_t16``) on an m_axi
    port: the lowering wrote the typedef's name, whose size the C analyses
    do not know, and the bundle's bytes stayed a value to give; the type
    it names is 64 bytes. Up to 64 bits, an element of another width is
    padded to the next power of two bytes (decision 85: a public Vitis
    autoencoder's ``ap_fixed<1, 16>`` pointers, 1 byte each); a wider one's
    padding is not known here."""
    from hlsight.analyzer.access.ctypes_info import type_bytes

    spelled = ("ap_uint<512>", "const ap_int<32>", "ap_uint<24>", "ap_int<8>", "ap_int<1>", "ap_uint<12>",
               "ap_int<33>", "ap_fixed<16, 6>", "ap_ufixed<24,8,AP_RND,AP_SAT>", "ap_uint<96>", "ap_int<0>")
    assert [type_bytes(name, {}) for name in spelled] == [64, 4, 4, 1, 1, 2, 8, 2, 4, None, None]
    source = tmp_path / "wide.cpp"
    source.write_text(WIDE)
    unit = parse_cxx_as_c(source, synthesis=True)
    parsed = ParsedSources(units=[unit], lines={str(source): WIDE.splitlines()})
    walker = walk_function(unit, unit.functions()["top"], parsed.lines, count_memcpy=True)
    assert {(site.array, site.element.name, site.element.bytes) for site in walker.sites} == {
        ("in", "ap_uint<512>", 64), ("out", "unsigned int", 4), ("odd", "ap_uint<24>", 4),
        ("fixed", "ap_fixed<1, 16, AP_RND_ZERO>", 1), ("wide", "ap_uint<96>", None)}
