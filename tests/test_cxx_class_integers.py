"""HLS C++ loops counted by ``ap_uint``/``ap_int`` variables.

libclang shows ``i < N`` on an ``ap_uint<16> i`` as a call of its conversion
operator, ``i++`` as a call of ``operator++`` and ``= 0`` as a constructor
call; the lowering to C used to make each an opaque value, so such a loop was
"not a constant step": pass 1 put a ``loop_tripcount`` pragma into loops
whose count is fixed (overriding it), and ``analyze`` asked for trip counts
the source gives (outside check: a public Vitis 2023.2 NMS kernel asked for
``trips_nms_L13``, ``_L65``, ``_L89``; now only for the data-dependent ones).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from pycparser import c_ast, c_generator

from hlsight.analyzer.instrument.cycles import parse_source
from tests.conftest import FIXTURES, run_cli

SOURCE = FIXTURES / "instrument" / "ap_uint_counters" / "counters.cpp"


def _loops(node: c_ast.Node) -> list[c_ast.For]:
    found = [node] if isinstance(node, c_ast.For) else []
    for _name, child in node.children():
        found.extend(_loops(child))
    return found


def test_class_integer_counters_lower_to_c() -> None:
    lowered = parse_source(SOURCE).unit.ast
    generator = c_generator.CGenerator()
    headers = [(generator.visit(loop.init) if loop.init is not None else "", generator.visit(loop.cond),
                generator.visit(loop.next)) for loop in _loops(lowered)]
    assert headers == [("index_type i = 0", "i < 100", "i++"), ("index_type j = 1", "j < n", "++j"),
                       ("", "k <= 20", "k += 2")]


def test_pass1_annotates_only_the_loop_whose_count_is_not_fixed(tmp_path: Path) -> None:
    out = tmp_path / "counters.cpp"
    result = run_cli("instrument", str(SOURCE), "--mode", "tripcount", "--tripcount", "7", "-o", str(out))
    assert result.code == 0, result.stderr
    text = out.read_text(encoding="utf-8")
    assert text.count("#pragma HLS loop_tripcount min=7 max=7 avg=7") == 1
    assert text.index("loop_tripcount") > text.index("for (index_type j = 1; j < n; ++j)")
    assert text.index("loop_tripcount") < text.index("a[j] += 1;")


def test_ap_fixed_range_reads_and_writes_the_stored_word(tmp_path: Path) -> None:
    """A public hls4ml kernel packs ``ap_fixed<16,4>`` values into an
    ``ap_uint`` with ``.range()``, which hlsight's ap_fixed model lacked
    (simulate: "has no member named 'range'"). 1.5 is 1.5 x 2^12 = 0x1800;
    -0.25 is -1024, 0xfc00 in 16 bits."""
    program = tmp_path / "t.cpp"
    program.write_text(
        "#include <cstdio>\n#include \"ap_fixed.h\"\nint main() {\n    ap_fixed<16, 4> x = 1.5;\n"
        "    std::printf(\"%llx\\n\", (unsigned long long)x.range(15, 0));\n    x.range(15, 0) = 0x2000;\n"
        "    std::printf(\"%g\\n\", (double)x);\n    ap_fixed<16, 4> y = -0.25;\n"
        "    std::printf(\"%llx\\n\", (unsigned long long)y.range());\n    ap_uint<16> word = 0x1800;\n"
        "    y(15, 0) = word;\n    std::printf(\"%g\\n\", (double)y);\n    return 0;\n}\n", encoding="utf-8")
    assert _run_with_model_headers(program).split() == ["1800", "2", "fc00", "1.5"]


def test_ap_uint_mixed_with_signed_values_behaves_as_the_vendor_type(tmp_path: Path) -> None:
    """The model's ap_uint converted to ``unsigned long long``, so mixed with
    a signed value C's conversions applied: ap_int<8>(-1) < ap_uint<8>(1)
    was false and ap_uint<16>(7) / ap_int<16>(-2) was 0 (the vendor's result
    is signed and wide enough: true, -3). A data-dependent loop bound
    written this way was miscounted. ap_uint<64> also warned
    -Wshift-count-overflow."""
    program = tmp_path / "t.cpp"
    program.write_text(
        "#include <cstdio>\n#include \"ap_int.h\"\nint main() {\n    ap_int<8> a = -1; ap_uint<8> b = 1;\n"
        "    ap_uint<16> c = 7; ap_int<16> d = -2; ap_uint<8> e = 250, f = 10; ap_uint<4> h = 15; h++;\n"
        "    ap_uint<64> g = 0xFFFFFFFFFFFFFFFFULL; int n = -3;\n"
        "    std::printf(\"%d %lld %d %d %d %llu\\n\", (int)(a < b), (long long)(c / d), (int)(e + f), (int)h,\n"
        "                (int)(b > n), (unsigned long long)(g >> 60));\n    return 0;\n}\n", encoding="utf-8")
    assert _run_with_model_headers(program).split() == ["1", "-3", "260", "0", "1", "15"]


VOLATILE_TOP = """#include "ap_int.h"
void top(volatile ap_int<32> start, volatile ap_uint<6> step, int *out) {
    start = 0;
    ap_int<6> local = step;
    start = local;
    start += 1;
    int value = start;
    for (int i = 0; i <= 14; i++) out[i] = value + step;
}
"""


def test_a_volatile_ap_int_argument_is_read_assigned_and_updated(tmp_path: Path) -> None:
    """A public Vivado 2017.4 RISC-V top takes ``volatile ap_int<32>``
    arguments and assigns them (``startingInst = 0;``): clang rejected the
    source against hlsight's model ("no viable overloaded '='"), so its loop
    (``i <= 14``, 15 in the report) had no count from the source. The
    vendor's ap_int_base has volatile assignments; the model now too."""
    source = tmp_path / "top.cpp"
    source.write_text(VOLATILE_TOP, encoding="utf-8")
    unit = parse_source(source).unit
    assert [generator_line(loop) for loop in _loops(unit.ast)] == ["i <= 14"]
    program = tmp_path / "t.cpp"
    program.write_text(VOLATILE_TOP + "#include <cstdio>\nint main() {\n    int out[15];\n    top(5, 3, out);\n"
                       "    volatile ap_int<4> x = 7;\n    x += 2;\n    ap_int<4> y = x;\n"
                       "    std::printf(\"%d %d %d\\n\", out[0], out[14], (int)y);\n    return 0;\n}\n",
                       encoding="utf-8")
    assert _run_with_model_headers(program).split() == ["7", "7", "-7"]  # 3 + 1 + 3; 9 wraps to -7 in 4 bits


def generator_line(loop: c_ast.For) -> str:
    return c_generator.CGenerator().visit(loop.cond)


def _run_with_model_headers(program: Path) -> str:
    """Compile ``program`` against hlsight's HLS header model with g++
    (-Wall -Werror: the model compiles warning-free) and return its stdout."""
    include = Path(__file__).resolve().parents[1] / "parsers" / "cxx" / "hls_include"
    binary = program.with_suffix("")
    built = subprocess.run(["g++", "-std=c++14", "-Wall", "-Werror", "-I", str(include), str(program), "-o",
                            str(binary)], capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stderr
    return subprocess.run([str(binary)], capture_output=True, text=True, check=True).stdout
