"""The C front end: OpenCL and HLS C parse with original line numbers."""

from __future__ import annotations

from pathlib import Path

import pytest
from pycparser import c_ast

from hlsight.core.errors import InputError
from hlsight.parsers.csource import Dialect, opencl_type_bytes, parse_c_file, parse_c_text
from tests.conftest import run_cli

OPENCL_KERNEL = """\
#define V 16
// comment line
__attribute__((num_simd_work_items(V)))
__attribute__((reqd_work_group_size(64,1,1)))
__kernel void vadd(__global const float2 * restrict x,
                   __global float2 * restrict z, const int n)
{
    int i = get_global_id(0);
    float2 v = x[3 * i + 1];
    #pragma unroll
    for (int k = 0; k < 4; k++)
        v.x += k;
    z[i] = v;
}
"""


def _first(unit_nodes: list[c_ast.Node], kind: type[c_ast.Node]) -> c_ast.Node:
    return next(node for node in unit_nodes if isinstance(node, kind))


def test_opencl_kernel_parses_with_original_lines() -> None:
    unit = parse_c_text(OPENCL_KERNEL, "/build/vadd.cl", Dialect.OPENCL)
    assert set(unit.functions()) == {"vadd"}
    nodes = list(unit.walk(unit.functions()["vadd"]))
    refs = [node for node in nodes if isinstance(node, c_ast.ArrayRef)]
    assert [(ref.coord.file, ref.coord.line) for ref in refs] == [("/build/vadd.cl", 9), ("/build/vadd.cl", 13)]
    loop = _first(nodes, c_ast.For)
    assert loop.coord.line == 11
    pragma = _first(nodes, c_ast.Pragma)
    assert isinstance(pragma, c_ast.Pragma) and pragma.string == "unroll"


def test_opencl_vector_sizes() -> None:
    assert opencl_type_bytes("float2") == 8
    assert opencl_type_bytes("int16") == 64
    assert opencl_type_bytes("float3") == 16
    assert opencl_type_bytes("uchar") == 1
    assert opencl_type_bytes("struct foo") is None


def test_hls_c_with_libc_includes_and_pragmas(tmp_path: Path) -> None:
    source = tmp_path / "qs.c"
    source.write_text(
        "#include <stdio.h>\n#include <stdlib.h>\n#include <stdint.h>\n#define N 8\n"
        "void top(int32_t a[N], int n) {\n"
        "  LOOP: while (n > 0) {\n"
        "#pragma HLS loop_tripcount min=1 max=N\n"
        "    n--; if (a[n] > RAND_MAX) printf(\"x\\n\");\n"
        "  }\n}\n"
    )
    unit = parse_c_file(source)
    assert unit.dialect is Dialect.C
    top = unit.functions()["top"]
    nodes = list(unit.walk(top))
    label = _first(nodes, c_ast.Label)
    assert isinstance(label, c_ast.Label) and label.name == "LOOP" and label.coord.line == 6
    pragma = _first(nodes, c_ast.Pragma)
    # cpp leaves unknown pragmas unexpanded, so the text is what the user wrote
    assert isinstance(pragma, c_ast.Pragma) and pragma.string == "HLS loop_tripcount min=1 max=N"


def test_user_header_next_to_source_is_found(tmp_path: Path) -> None:
    (tmp_path / "sizes.h").write_text("#define LEN 32\ntypedef int data_t;\n")
    source = tmp_path / "k.c"
    source.write_text('#include "sizes.h"\nvoid k(data_t x[LEN]) { x[0] = LEN; }\n')
    unit = parse_c_file(source)
    assert "k" in unit.functions()
    assert unit.functions()["k"].coord.line == 2


def test_cplusplus_is_a_clear_error(tmp_path: Path) -> None:
    source = tmp_path / "k.cpp"
    source.write_text("void k(int *a) { a[0] = 1; }\n")
    with pytest.raises(InputError, match="C\\+\\+ is not supported yet") as info:
        parse_c_file(source)
    assert str(source) in str(info.value)
    with pytest.raises(InputError, match="C\\+\\+ is not supported yet"):
        parse_c_text("#include <hls_stream.h>\nvoid k(hls::stream<int> &s) {}\n", "k.c")


def test_parse_error_names_file_and_line() -> None:
    """One diagnostic at pycparser's place, the file named once (it was
    ``bad.c: pycparser rejected the C source: bad.c:2:12: before: 2``)."""
    with pytest.raises(InputError) as info:
        parse_c_text("int f(void) {\n  return 1 2;\n}\n", "bad.c")
    assert str(info.value) == ("bad.c:2:12: error: before: 2; pycparser rejected the C source"
                               " (expected C99 that pycparser accepts)")
    with pytest.raises(InputError) as unplaced:  # pycparser names no line: the file once, as a prefix
        parse_c_text("int f(void) { int x = ; }\n", "bad.c")
    assert str(unplaced.value) == ("bad.c: pycparser rejected the C source: Invalid expression"
                                   " (expected C99 that pycparser accepts)")


def test_instrument_says_a_parse_error_once_at_its_place(tmp_path: Path) -> None:
    """`hlsight instrument` on C pycparser rejects: one line an editor jumps
    to, exit 2, nothing written."""
    source = tmp_path / "bad.c"
    source.write_text("void top(int *a, int n) {\n  for (int i = 0; i < n; i++)\n    a[i] = a[i] 2;\n}\n")
    result = run_cli("instrument", str(source), "--mode", "tripcount", "-o", str(tmp_path / "out.c"))
    assert result.code == 2 and result.stdout == ""
    assert result.stderr == (f"{source}:3:17: error: before: 2; pycparser rejected the C source"
                             " (expected C99 that pycparser accepts)\n")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["bad.c"]


def test_missing_include_in_c_is_a_clear_error() -> None:
    with pytest.raises(InputError, match=r"preprocessor failed: .*nothere\.h"):
        parse_c_text('#include "nothere.h"\nint x;\n', "m.c")


def test_missing_include_in_embedded_opencl_is_skipped() -> None:
    unit = parse_c_text('#include "board.h"\n__kernel void k(__global int *a) { a[0] = 1; }\n', "k.cl", Dialect.OPENCL)
    assert unit.skipped_includes == ["board.h"]
    assert unit.functions()["k"].coord.line == 2


def test_virtual_files_serve_embedded_headers() -> None:
    unit = parse_c_text(
        '#include "params.h"\n__kernel void k(__global int *a) { a[0] = P; }\n',
        "k.cl",
        Dialect.OPENCL,
        virtual_files={"/abs/params.h": "#define P 7\n"},
    )
    assert unit.skipped_includes == []
    constants = [node.value for node in unit.walk() if isinstance(node, c_ast.Constant)]
    assert "7" in constants


def test_channel_declarations_parse_also_through_macros() -> None:
    source = (
        "#define PIPE channel\n"
        "struct pair { int a; int b; };\n"
        "channel float2 chan[4] __attribute__((depth(8)));\n"
        "channel struct pair pairs;\n"
        "PIPE float p_y __attribute__((depth(32)));\n"
        "__kernel void k(__global float *channel_out) { channel_out[0] = 1.0f; }\n"
    )
    unit = parse_c_text(source, "c.cl", Dialect.OPENCL)
    assert set(unit.functions()) == {"k"}
    assert unit.functions()["k"].coord.line == 6


def test_a_failing_include_in_an_embedded_header_names_the_header_not_its_scratch_copy() -> None:
    """A public HLStrans kernel's ``trisolv.h`` includes ``<cmath>``: the
    message named ``/tmp/hlsight-cpp-uxsp_lzr/trisolv.h``, a file gone when
    the user reads it."""
    with pytest.raises(InputError) as raised:
        parse_c_text('#include "trisolv.h"\nint f(void) { return 0; }\n', "src/trisolv_slow.c",
                     virtual_files={"src/trisolv.h": "#include <no_such_header_anywhere>\n"})
    message = str(raised.value)
    assert "src/trisolv.h:1:10: fatal error: no_such_header_anywhere" in message
    assert "hlsight-cpp-" not in message
