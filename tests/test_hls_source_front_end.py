"""HLS sources as users write them reach the analysis (session 32, found on
public Vivado HLS 2017.4 projects, vj-sananda/vivado-hls):

* a macro named like a template parameter (``#define N 11`` before
  ``#include "ap_int.h"``) broke hlsight's model of the vendor headers
  ("expected ',' or '>' in template-parameter-list"): the vendor's own use
  ``_AP_N``, and so do they now;
* ``for (i = N - 1; ...)`` in C++: libclang gives no tokens for an
  expression that starts with a macro, so ``N - 1`` became an unknown
  (``ceiling(__hlsight_cxx/2)`` was asked for as an input);
* Vivado HLS C includes ``ap_cint.h``: the analysis now searches the HLS
  include folder, as ``hlsight simulate`` does (it said "the C
  preprocessor failed").
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pycparser import c_ast

from hlsight.analyzer.access.c_symbols import c_text
from hlsight.analyzer.access.trip_counts import loop_infos
from hlsight.analyzer.access.walker import walk_function
from hlsight.core.errors import InputError
from hlsight.parsers.csource import parse_c_text
from hlsight.parsers.cxx.as_c import parse_cxx_as_c
from tests.conftest import FIXTURES, run_cli

MACROS = "#define N 11\n#define W 8\n#define T float\n#define I 3\n#define D 16\n#define DEPTH 4\n#define S 1\n"


@pytest.mark.parametrize("header", ["ap_int.h", "ap_fixed.h", "hls_stream.h", "ap_axi_sdata.h"])
def test_user_macros_named_like_template_parameters_leave_the_headers_alone(tmp_path: Path, header: str) -> None:
    source = tmp_path / "k.cpp"
    source.write_text(f'{MACROS}#include "{header}"\n'
                      "void k(int *y) {\n  int i;\n  for (i = N - 1; i > 0; i--) { y[i] = y[i - 1]; }\n}\n")
    unit = parse_cxx_as_c(source)
    (info,) = loop_infos(unit, unit.functions()["k"]).values()
    assert str(info.trip_count) == "10"


def test_an_expression_that_starts_with_a_macro_is_lowered(tmp_path: Path) -> None:
    """The macros come from a header, as the FIR's ``fir_data_types.h``
    (one defined in the source itself was lowered already)."""
    (tmp_path / "sizes.h").write_text("#define N 11\n#define M 4\n")
    source = tmp_path / "k.cpp"
    source.write_text('#include "sizes.h"\nvoid k(int *y, int n) {\n'
                      "  for (int i = N - 1; i > 0; i--) { y[i] = 0; }\n"
                      "  for (int j = -M; j < n; j++) { y[j + M] = 1; }\n}\n")
    unit = parse_cxx_as_c(source)
    trips = sorted(str(info.trip_count) for info in loop_infos(unit, unit.functions()["k"]).values())
    assert trips == ["10", "n + 4"]


def test_vivado_hls_c_including_ap_cint_is_analysed(tmp_path: Path) -> None:
    """The 2015.4 poly() fixture with its counter an ``ap_cint.h`` type: the
    bundle's bytes still come from the source."""
    project = tmp_path / "project"
    shutil.copytree(FIXTURES / "vhls2015_maxi_nosource", project)
    poly = project / "poly.c"
    poly.write_text('#include "ap_cint.h"\n' + poly.read_text().replace("for (int i = 0;", "for (uint5 i = 0;"))
    result = run_cli("analyze", str(project), "--format", "json")
    assert result.code == 0, result.stderr
    document = json.loads(result.stdout)
    assert not [d for d in document["diagnostics"] if d["rule"] == "access-source-unparsed"]
    assert [d["message"] for d in document["diagnostics"] if d["rule"] == "axi-derived"] == [
        "m_axi_gmem of poly moves 128 bytes per call (consecutive), from the source: x[i] (line 12): 16 x 4 B;"
        " y[i] (line 12): 16 x 4 B"]


@pytest.mark.parametrize(("declarations", "bound", "trip"), [
    ("const static int SIZE = 8192;", "SIZE", "8192"),  # HLStrans merge sort's header
    ("static const int SIZE = 8192, HALF = SIZE / 2;", "HALF", "4096"),
    ("enum { FIRST, BLOCK = 10, SIZE };", "SIZE", "11"),
    ("typedef enum { SMALL = 4, BIG = SMALL * 16 } sizes_t;", "BIG", "64"),
    # not a constant: the program may change it
    ("int SIZE = 64;", "SIZE", "SIZE"),
    ("const float SCALE = 2.5;\nconst int SIZE = SCALE * 4;", "SIZE", "SIZE"),
])
def test_file_scope_constants_count_a_c_loop(declarations: str, bound: str, trip: str) -> None:
    """C keeps ``static const int`` and enumerators as names (the C++ front
    end evaluates them): a loop bounded by one was counted in a name the user
    had to give, though the source fixes it."""
    unit = parse_c_text(f"{declarations}\nvoid f(float *a) {{\n  for (int i = 0; i < {bound}; i++) a[i] = 0;\n}}\n",
                        "k.c")
    (info,) = loop_infos(unit, unit.functions()["f"]).values()
    assert str(info.trip_count) == trip


def test_an_argument_or_local_of_the_same_name_hides_the_constant() -> None:
    text = ("const int SIZE = 64;\nvoid f(float *a, int SIZE) {\n  for (int i = 0; i < SIZE; i++) a[i] = 0;\n}\n"
            "void g(float *a) {\n  int SIZE = 8;\n  for (int i = 0; i < SIZE; i++) a[i] = 0;\n}\n")
    unit = parse_c_text(text, "k.c")
    assert [str(info.trip_count) for info in loop_infos(unit, unit.functions()["f"]).values()] == ["SIZE"]
    assert [str(info.trip_count) for info in loop_infos(unit, unit.functions()["g"]).values()] == ["8"]


def test_a_helper_sees_the_files_constants() -> None:
    """A called helper is walked with its own variables only; the file's
    constants are still there."""
    text = ("enum { ROWS = 16 };\nstatic void clear(float *a) {\n  for (int i = 0; i < ROWS; i++) a[i] = 0;\n}\n"
            "void f(float *a) { clear(a); }\n")
    unit = parse_c_text(text, "k.c")
    walker = walk_function(unit, unit.functions()["f"], {"k.c": text.splitlines()})
    assert [str(info.trip_count) for info in walker.called_loop_infos.values()] == ["16"]


def test_a_cxx_source_clang_rejects_is_said_for_both_things_it_would_give(tmp_path: Path) -> None:
    """A Vivado/Vitis C++ source gives the loops' counts as well as the
    bundles' bytes (decision 67); the warning named only the m_axi traffic."""
    project = tmp_path / "project"
    shutil.copytree(FIXTURES / "vhls2015_maxi_nosource", project)
    text = (project / "poly.c").read_text()
    (project / "poly.c").unlink()
    (project / "poly.cpp").write_text(text.replace("return 0;", "return 0"))
    result = run_cli("analyze", str(project), "--format", "json")
    assert result.code == 0, result.stderr
    messages = [d["message"] for d in json.loads(result.stdout)["diagnostics"] if d["rule"] == "access-source-unparsed"]
    assert len(messages) == 1 and messages[0].startswith(
        "cannot derive loop counts or m_axi traffic from poly.cpp: clang rejected the C++ source")


DECLARED = """#include "ap_int.h"
#include "types.h"
void k(int *y, int (*fp)(int)) {
  DT n = LEN;
  for (int i = 0; i < n; i++) { y[i] = 0; }
  DT m(LEN / 2);
  for (int i = 0; i < m; i++) { y[i] = 1; }
  DT p{LEN / 4};
  for (int i = 0; i < p; i++) { y[i] = 2; }
  int w = {LEN / 8};
  for (int i = 0; i < w; i++) { y[i] = 3; }
  DT a = 4, b = LEN;
  for (int i = a; i < b; i++) { y[i] = 4; }
  ap_uint<12> u(LEN);
  for (ap_uint<12> i = 1; i < u; i++) { y[i] = 5; }
  IDX v{LEN + 1};
  for (IDX i = 0; i < v; i++) { y[i] = 6; }
  int (*g)(int) = fp;
  int table[LEN] = {1, 2};
  for (int i = table[0]; i < LEN; i++) { y[i] = g(i); }
}
"""


def test_a_declaration_keeps_its_initializer_however_it_is_written(tmp_path: Path) -> None:
    """``DT n = LEN;`` with ``DT`` a macro from a header: libclang gives no
    tokens for a declaration that starts with a macro, its ``=`` was not
    found and the loop bounded by ``n`` asked for ``n``. A direct
    (``DT m(LEN)``) or braced (``DT p{LEN}``) initializer was dropped even
    for ``int``. An array's list, or a value only known when the code runs
    (``table[0]``), stays unknown."""
    (tmp_path / "types.h").write_text("#define DT int\n#define LEN 64\n#define IDX ap_uint<10>\n")
    source = tmp_path / "k.cpp"
    source.write_text(DECLARED)
    unit = parse_cxx_as_c(source)
    trips = [str(info.trip_count) for info in loop_infos(unit, unit.functions()["k"]).values()]
    assert trips == ["64", "32", "16", "8", "60", "63", "65", "None"]


SIZES = """#include "ap_int.h"
#include "types.h"
void k(int *y, ap_uint<8> v[4]) {
  int a[16];
  for (int i = 0; i < sizeof(a) / sizeof(a[0]); i++) { y[i] = a[i]; }
  for (int i = 0; i < sizeof(long) * LEN; i++) { y[i] = 1; }
  for (int i = 0; i < sizeof(ap_uint<8>) * 4; i++) { y[i] = 2; }
  for (int i = 0; i < sizeof(v[0]); i++) { y[i] = 3; }
}
"""


def test_sizeof_counts_a_loop_and_what_is_not_read_is_said_as_written(tmp_path: Path) -> None:
    """``sizeof`` of a built-in type or value is what clang evaluates; it
    lowered to the internal ``__hlsight_cxx``, which reached a count as a
    name to give (``64*__hlsight_cxx``). A class's size stays unknown
    (hlsight's ``ap_uint`` model keeps a 64-bit word: 8, where the vendor's
    ``ap_uint<8>`` is 1), and the reason quotes the source's text."""
    (tmp_path / "types.h").write_text("#define LEN 64\n")
    source = tmp_path / "k.cpp"
    source.write_text(SIZES)
    unit = parse_cxx_as_c(source)
    infos = list(loop_infos(unit, unit.functions()["k"]).values())
    assert [str(info.trip_count) for info in infos] == ["16", "512", "None", "None"]
    assert "`sizeof(ap_uint<8>)` (an expression hlsight does not follow)" in infos[2].trip_reason
    assert "`sizeof(v[0])`" in infos[3].trip_reason
    assert not any("__hlsight" in info.trip_reason for info in infos)


def test_sizeof_of_a_whole_byte_ap_int_is_the_synthesized_size(tmp_path: Path) -> None:
    """Read as the tool synthesizes it, an ``ap_uint<8>`` is 1 byte (a
    public fault detector copies ``ap_int<8> n_regions[64]`` for ``i <
    sizeof(n_regions)``; its Vitis 2022.1 report counts 64); a width that
    is no whole power-of-two number of bytes is padded to the next one
    (decision 85: ``ap_int<12>`` 2 bytes); an array parameter is a pointer,
    whose size is not the array's."""
    (tmp_path / "types.h").write_text("#define LEN 64\n")
    source = tmp_path / "k.cpp"
    source.write_text(SIZES + "void m(int *y, ap_int<12> w[2]) {\n  ap_int<16> x[2][3];\n"
                      "  for (int i = 0; i < sizeof(w); i++) { y[i] = 0; }\n"
                      "  for (int i = 0; i < sizeof(x) + sizeof(const ap_uint<32>); i++) { y[i] = 0; }\n"
                      "  ap_int<12> z[4];\n  for (int i = 0; i < sizeof(z); i++) { y[i] = z[i]; }\n}\n")
    unit = parse_cxx_as_c(source, synthesis=True)
    trips = [str(info.trip_count) for info in loop_infos(unit, unit.functions()["k"]).values()]
    assert trips == ["16", "512", "4", "1"]
    trips = [str(info.trip_count) for info in loop_infos(unit, unit.functions()["m"]).values()]
    assert trips == ["None", "16", "8"]


def test_vendor_headers_included_by_the_build_machines_path_are_read_from_the_headers_in_use(tmp_path: Path) -> None:
    """A public 2019.1 track fit's ``LRutility.h`` includes
    ``/home/<user>/Xilinx/Vivado/2019.1/include/ap_int.h``: clang stopped
    there ("file not found") and none of its sources was analysed. The part
    after ``/include/`` names a file of the HLS headers in use; a warning on
    the line of the main file that led there says which was read."""
    (tmp_path / "utility.h").write_text('#include "/home/someone/Xilinx/Vivado/2019.1/include/ap_int.h"\n'
                                        "#include </opt/Xilinx/Vivado/2019.1/include/hls_stream.h>\n"
                                        "typedef ap_uint<10> idx_t;\n#define LEN 48\n")
    source = tmp_path / "k.cpp"
    source.write_text('#include <stdint.h>\n#include "utility.h"\n'
                      "void k(int *y) {\n  for (idx_t i = 0; i < LEN; i++) { y[i] = 0; }\n}\n")
    unit = parse_cxx_as_c(source)
    (info,) = loop_infos(unit, unit.functions()["k"]).values()
    assert str(info.trip_count) == "48"
    assert [(line, rule) for line, rule, _message in unit.warnings] == [(2, "hls-vendor-path"), (2, "hls-vendor-path")]
    assert unit.warnings[0][2].startswith("utility.h:1 includes /home/someone/Xilinx/Vivado/2019.1/include/ap_int.h,"
                                          " which is not on this machine: read as ap_int.h of the HLS headers in use")


def test_a_missing_absolute_include_that_is_no_vendor_header_is_still_an_error(tmp_path: Path) -> None:
    source = tmp_path / "k.cpp"
    source.write_text('#include "/home/someone/project/include/sizes.h"\nvoid k(int *y) { y[0] = LEN; }\n')
    with pytest.raises(InputError, match=r"clang rejected the C\+\+ source: .*sizes\.h' file not found"):
        parse_cxx_as_c(source)
    # the file read stands inside the headers' folder: a path that climbs out of it is not followed
    source.write_text('#include "/opt/Xilinx/Vivado/2019.1/include/../hls_include/ap_int.h"\n'
                      "void k(int *y) { y[0] = 1; }\n")
    with pytest.raises(InputError, match=r"include/\.\./hls_include/ap_int\.h' file not found"):
        parse_cxx_as_c(source)


def test_analyze_says_which_headers_stood_for_the_build_machines(tmp_path: Path) -> None:
    """The 2015.4 poly() fixture as C++ including ``ap_int.h`` by the
    absolute Vivado path of a Windows and of a Linux machine: its bundle's
    bytes still come from the source, and each warning sits on its
    include's line."""
    project = tmp_path / "project"
    shutil.copytree(FIXTURES / "vhls2015_maxi_nosource", project)
    text = (project / "poly.c").read_text()
    (project / "poly.c").unlink()
    (project / "poly.cpp").write_text('#include "C:/Xilinx/Vivado/2015.4/include/ap_int.h"\n'
                                      '#include "/opt/Xilinx/Vivado/2015.4/include/ap_int.h"\n' + text)
    result = run_cli("analyze", str(project), "--format", "json")
    assert result.code == 0, result.stderr
    diagnostics = json.loads(result.stdout)["diagnostics"]
    said = [(d["rule"], d["line"]) for d in diagnostics if d["rule"] in ("hls-vendor-path", "access-source-unparsed")]
    assert said == [("hls-vendor-path", 1), ("hls-vendor-path", 2)]
    assert next(d["message"] for d in diagnostics if d["rule"] == "hls-vendor-path").startswith(
        "includes C:/Xilinx/Vivado/2015.4/include/ap_int.h, which is not on this machine: read as ap_int.h")
    assert next(d["message"] for d in diagnostics if d["rule"] == "axi-derived").startswith(
        "m_axi_gmem of poly moves 128 bytes per call")


def test_macros_whose_body_is_an_expression_count_loops(tmp_path: Path) -> None:
    """A public 2018.1 convolution (hoanghelloworld/final_conv2d) bounds its
    loops by ``#define HALF_SIZE (((WIN_SIZE) - 1) / 2)``. Inside a macro's
    expansion libclang gives an expression the macro's name as its only
    token, so its operator was not found and the count was unknown; the
    operator now comes from clang's AST. ``Q`` (``3 - 2``, no parentheses)
    expands as C says: ``n - Q`` is ``n - 3 - 2``."""
    source = tmp_path / "k.cpp"
    source.write_text("#define WIN_SIZE 3\n#define MAX_WIDTH 5\n#define HALF_SIZE (((WIN_SIZE) - 1) / 2)\n"
                      "#define Q 3 - 2\n#define IDX(i, j) ((i) * MAX_WIDTH + (j))\n"
                      "void k(int *y, int n) {\n"
                      "  for (int x = MAX_WIDTH - HALF_SIZE - 1; x < MAX_WIDTH; x++) y[x] = 0;\n"
                      "  for (int i = -HALF_SIZE; i <= HALF_SIZE; i++) y[i + 1] = 1;\n"
                      "  for (int i = Q; i < n - Q; i++) y[i] = 2;\n"
                      "  for (int i = 0; i < IDX(2, 3); i++) y[i] = 3;\n"
                      "  for (int i = 0; i < n; i += HALF_SIZE) y[i] = 4;\n}\n")
    unit = parse_cxx_as_c(source)
    trips = [str(info.trip_count) for info in loop_infos(unit, unit.functions()["k"]).values()]
    assert trips == ["2", "3", "n - 6", "13", "n"]


def test_a_vendor_header_the_model_lacks_is_left_out_only_when_nothing_of_it_is_used(tmp_path: Path) -> None:
    """A public 2018.1 convolution's header includes ``<hls_video.h>`` and
    uses nothing of it; hlsight's model has no such header, clang stopped
    there and none of the design was analysed. The source is now read
    without it when it compiles so (a warning says it), and a source that
    uses it is still refused with the missing header named."""
    (tmp_path / "conv.h").write_text("#include <hls_video.h>\n#include <ap_axi_sdata.h>\n#define WIDTH 5\n")
    source = tmp_path / "k.cpp"
    source.write_text('#include "conv.h"\nvoid k(int *y) {\n  for (int i = 0; i < WIDTH; i++) { y[i] = 0; }\n}\n')
    unit = parse_cxx_as_c(source)
    (info,) = loop_infos(unit, unit.functions()["k"]).values()
    assert str(info.trip_count) == "5"
    assert [(line, rule) for line, rule, _message in unit.warnings] == [(1, "hls-header-unused")]
    assert unit.warnings[0][2].startswith("hls_video.h is not in the HLS headers in use (hlsight model: ")
    source.write_text('#include "conv.h"\nvoid k(hls::Mat<5, 5, HLS_8UC1> &image) {}\n')
    with pytest.raises(InputError, match=r"conv\.h:1:10: 'hls_video\.h' file not found"):
        parse_cxx_as_c(source)


def test_what_the_lowering_does_not_read_is_quoted_as_written_in_messages(tmp_path: Path) -> None:
    """A public fault detector's ``memcpy(&outcomeptr[checkId], &out,
    sizeof(out))`` (``out`` a struct: its size is not evaluated) was quoted
    in a note as ``memcpy(..., __hlsight_cxx)``."""
    source = tmp_path / "k.cpp"
    source.write_text("#include <string.h>\nstruct S { int a; char b; };\n"
                      "void k(struct S *y, int i) {\n  struct S out = {1, 2};\n"
                      "  memcpy(&y[i], &out, sizeof(out));\n}\n")
    unit = parse_cxx_as_c(source)
    (call,) = [node for node in unit.walk() if isinstance(node, c_ast.FuncCall)]
    assert c_text(call) == "memcpy(&y[i], &out, sizeof(out))"


@pytest.mark.parametrize(("text", "trip"), [
    ('#include "ap_axi_sdata.h"\n#include "hls_stream.h"\ntypedef hls::axis<ap_int<32>, 0, 0, 0> StreamPix;\n'
     "void k(hls::stream<StreamPix> &in, hls::stream<StreamPix> &out) {\n"
     "  for (int i = 0; i < 100; i++) { StreamPix p = in.read(); out.write(p); }\n}\n", "100"),
    ('#include <hls_vector.h>\n#include "hls_stream.h"\n#define VECTOR_SIZE 16\n'
     "struct float16 { hls::vector<float, VECTOR_SIZE> data = 0.0; };\n"
     "void k(hls::stream<float16> &in, float *out, int n) {\n"
     "  for (int i = 0; i < n; i += VECTOR_SIZE) { float16 v = in.read(); out[i] = v.data[0]; }\n}\n",
     "ceiling(n/16)"),
])
def test_vitis_stream_word_types_are_analysed(tmp_path: Path, text: str, trip: str) -> None:
    """``hls::axis`` (a public top-k sort) and ``hls::vector`` (an Alveo
    streaming kernel) in the header model: both sources were refused."""
    source = tmp_path / "k.cpp"
    source.write_text(text)
    unit = parse_cxx_as_c(source)
    (info,) = loop_infos(unit, unit.functions()["k"]).values()
    assert str(info.trip_count) == trip
