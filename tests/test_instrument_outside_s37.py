"""The instrumenter and simulator on what older public Vivado HLS projects
do (session 37 outside check): each test is one finding, on the fixtures or
on sources written for hlsight in the public shape."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import FIXTURES, run_cli
from tests.instrument_helpers import printed_with_model

WHILE_LOOPS = FIXTURES / "instrument" / "while_loops"


_TESTBENCH = """#include <stdio.h>
#define N 64
{declaration};
int main(void)
{{
    static const int first[N] = {{5, 3, 0, 0, 0, 7, 1, 1}};
    int out = 0;
    find_run(first, 8, &out);
    printf("%d\\n", out);
    return 0;
}}
"""


def _volatile_void_design(tmp_path: Path) -> tuple[Path, Path]:
    """find_run.c as C++ with the result through a pointer, its top declared
    ``volatile void`` (loops on the report's lines 11 and 16)."""
    source = (WHILE_LOOPS / "find_run.c").read_text(encoding="utf-8")
    source = source.replace("int find_run(const int data[N], int n)",
                            "volatile void find_run(const int data[N], int n, int *out)")
    source = source.replace("    return count + i;", "    *out = count + i;")
    design = tmp_path / "find_run.cpp"
    design.write_text(source, encoding="utf-8")
    testbench = tmp_path / "tb.cpp"
    testbench.write_text(_TESTBENCH.format(
        declaration="volatile void find_run(const int data[N], int n, int *out)"), encoding="utf-8")
    return design, testbench


def test_a_top_declared_volatile_void_is_simulated(tmp_path: Path) -> None:
    """Vivado HLS synthesizes ``volatile void pl_axi_dma_controller(...)``
    (a public AXI DMA controller, Vivado HLS 2014.1): the C++ lowering
    spells the qualifier into the return type, the wrapper took it for a
    value ("variable or field 'hlsight_result' declared void") and the
    instrumented program did not compile."""
    design, testbench = _volatile_void_design(tmp_path)
    result = run_cli("simulate", str(design), "--report", str(WHILE_LOOPS / "report"), "--testbench", str(testbench))
    assert result.code == 0, result.stderr
    # the fixture's hand-derived cycles (fixtures/instrument/README): loop 1 runs 2 trips (3 cycles), loop 2
    # 3 trips at II 2 (9 cycles), plus the function's own 2
    assert "total: 14 cycles = 140 ns at 10 ns" in result.stdout
    assert "    VITIS_LOOP_16_2              line 16    pipelined  trip count            3  cycles              9" \
        in result.stdout


def test_a_stale_testbench_is_named_for_its_undefined_reference(tmp_path: Path) -> None:
    """A public Fibonacci's testbench declares ``fibonacci(ap_uint<7>)``, the
    source defines ``fibonacci(int, int*)``: the link error blamed the
    design file. The linker names the object whose code calls it."""
    design, testbench = _volatile_void_design(tmp_path)
    testbench.write_text(_TESTBENCH.format(declaration="volatile void find_run(const int data[N], int n, long *out)")
                         .replace("int out = 0;", "long out = 0;").replace('"%d', '"%ld'), encoding="utf-8")
    result = run_cli("simulate", str(design), "--report", str(WHILE_LOOPS / "report"), "--testbench", str(testbench))
    assert result.code == 2
    assert result.stderr.startswith(f"{testbench}: error: undefined reference to `find_run(int const*,"
                                    " int, long*)' (a function in a file not given: --extra FILE; or declared with"
                                    " other parameters than its definition,")
    assert "Traceback" not in result.stderr


def test_a_residual_counted_as_zero_makes_the_total_a_lower_bound() -> None:
    """A public AXI DMA controller's loops poll m_axi words and its report
    gives no iteration latency: the imperfect-nest residual is unknown and
    counted 0 (instrument-residual-unknown), but the total read as exact
    ("total: 20 cycles"). HLScope+ Table I's quicksort report (no latency
    for Loop 1, Loop 1.1 and the top) is the same shape."""
    quicksort = FIXTURES / "instrument" / "quicksort"
    result = run_cli("simulate", str(quicksort / "qsort.c"), "--report", str(quicksort / "report_table1"),
                     "--testbench", str(quicksort / "tb.c"))
    assert result.code == 0, result.stderr
    lines = result.stdout.splitlines()
    total = next(index for index, line in enumerate(lines) if line.startswith("total: "))
    assert lines[total + 1] == ("  a lower bound: 3 part(s) of the design are not counted (the"
                                " instrument-residual-unknown warnings below)")


def test_the_header_model_has_the_vendor_bit_members(tmp_path: Path) -> None:
    """``ap_int_base``'s ``test``, ``set``, ``clear``, ``invert``, ``b_not``,
    the reductions, ``iszero``, ``sign``, ``countLeadingZeros`` and
    ``to_string(radix)`` (the vendor's ap_int_base.h): a public AXI DMA
    controller polls ``while (!local.test(0))`` and prints
    ``to_string().c_str()``; clang rejected the source, and analyze,
    instrument and simulate all stopped. ``to_string`` prints as the
    vendor's C simulation does: radix 2 by default, unsigned, 0b/0o/0x
    prefixes and no leading zeros."""
    program = tmp_path / "bits.cpp"
    program.write_text(
        "#include <ap_int.h>\n#include <cstdio>\nint main() {\n"
        "    ap_uint<8> a = 0x0b; ap_int<8> b = -5; ap_uint<4> f = 15; ap_uint<1> flag = 1;\n"
        "    printf(\"%d %d %d %d\\n\", a.test(0), a.test(2), flag.test(0), (int)b.sign());\n"
        "    a.set(7); a.clear(0); a.invert(1); printf(\"%d\\n\", (int)a);\n"
        "    printf(\"%d %d %d %d %d %d\\n\", f.and_reduce(), a.and_reduce(), a.or_reduce(), a.xor_reduce(),"
        " ap_uint<8>(0).iszero(), ap_uint<8>(7).xor_reduce());\n"
        "    printf(\"%d %d\\n\", ap_uint<8>(1).countLeadingZeros(), ap_uint<16>(0x0100).countLeadingZeros());\n"
        "    printf(\"%s %s %s %s %s %s\\n\", a.to_string().c_str(), a.to_string(16).c_str(),"
        " b.to_string(10).c_str(), b.to_string(2).c_str(), ap_uint<8>(0).to_string(16).c_str(),"
        " b.to_string(16).c_str());\n"
        "    ap_uint<4> n = 5; n.b_not(); printf(\"%d \", (int)n);\n"
        "    a.set(3, false); printf(\"%d\\n\", (int)a);\n"
        "    return 0;\n}\n", encoding="utf-8")
    printed = printed_with_model(program)
    # 0x0b = 00001011: set(7), clear(0), invert(1) -> 10001000 = 136; -5 = 11111011
    assert printed.splitlines() == ["1 0 1 1", "136", "1 0 1 0 1 1", "7 7",
                                    "0b10001000 0x88 -5 0b11111011 0x0 -0x5", "10 128"]


def test_a_function_level_interface_directive_names_its_function(tmp_path: Path) -> None:
    """``set_directive_interface -mode ap_ctrl_none "fibonacci"`` (a public
    Fibonacci, Vivado HLS 2019.2): ``-mode`` always takes a value, so the
    function comes after it; it was read as a port of a function
    ``ap_ctrl_none`` and warned about."""
    from hlsight.analyzer.instrument.directives import parse_directives

    tcl = tmp_path / "directives.tcl"
    tcl.write_text('set_directive_interface -mode ap_none "fibonacci" n\n'
                   'set_directive_interface -mode ap_ctrl_none "fibonacci"\n'
                   'set_directive_interface -register -mode ap_vld "fibonacci" out\n', encoding="utf-8")
    found = [(d.name, d.function, d.options) for d in parse_directives(tcl)]
    assert found == [("interface", "fibonacci", ("mode=ap_none", "port=n")),
                     ("interface", "fibonacci", ("mode=ap_ctrl_none",)),
                     ("interface", "fibonacci", ("register", "mode=ap_vld", "port=out"))]


def _dataflow_variant(tmp_path: Path, edits: list[tuple[str, str]]) -> list[str]:
    """df.c with ``edits`` (old, new) made, the region's latency a range
    (60 ~ 107), simulated as df_top."""
    source = (FIXTURES / "instrument" / "dataflow" / "df.c").read_text(encoding="utf-8")
    for old, new in edits:
        assert old in source
        source = source.replace(old, new)
    (tmp_path / "df.cpp").write_text(source, encoding="utf-8")
    (tmp_path / "tb.cpp").write_bytes((FIXTURES / "instrument" / "dataflow" / "tb.c").read_bytes())
    report = tmp_path / "report"
    report.mkdir(exist_ok=True)
    for path in (FIXTURES / "instrument" / "dataflow" / "report").iterdir():
        text = path.read_text(encoding="utf-8")
        if path.name in ("df_top_csynth.xml", "csynth.xml"):
            text = text.replace("<Best-caseLatency>107</Best-caseLatency>", "<Best-caseLatency>60</Best-caseLatency>")
        (report / path.name).write_text(text, encoding="utf-8")
    result = run_cli("simulate", str(tmp_path / "df.cpp"), "--report", str(report), "--testbench",
                     str(tmp_path / "tb.cpp"), "--top", "df_top")
    assert result.code == 0, result.stderr
    return result.stdout.splitlines()


def _calls(producer: str, consumer: str) -> list[tuple[str, str]]:
    return [("    produce(in, buf, n);\n    consume(buf, out, n);",
             f"    {producer}(in, buf, n);\n    {consumer}(buf, out, n);"),
            ("    produce(a, x, n);\n    consume(b, y, k);", f"    {producer}(a, x, n);\n    {consumer}(b, y, k);")]


def test_a_dataflow_region_of_template_processes_counts_them_by_eq3(tmp_path: Path) -> None:
    """A public hls4ml top (Vivado HLS 2019.2) runs header templates as
    dataflow processes. With df.c's processes made templates
    (``produce<N>``, modules named ``produce`` and ``consume`` as the C
    functions', the template's name alone: instance_modules), the
    instances are the processes: eq. 3 gives the C design's 18 cycles,
    max(13 - 4, 14 - 5) + (4 + 5) (23 before session 45 counted each
    process's fill twice). Before session 43 no template was instrumented
    and the region took the report's minimum, 60."""
    lines = _dataflow_variant(tmp_path, [("static void produce(", "template <int M>\nstatic void produce("),
                                         ("static void consume(", "template <int M>\nstatic void consume("),
                                         *_calls("produce<N>", "consume<N>")])
    assert "total: 18 cycles = 180 ns at 10 ns" in lines
    assert not any("lower bound" in line for line in lines)


def test_a_process_whose_loops_are_all_inlined_fills_by_them(tmp_path: Path) -> None:
    """Eq. 3 adds each process's IL_c, the latency of its first item: its
    top-level loops' IL plus its residual. A process whose loop is in a
    callee HLS inlines (df.c's PRODUCE moved into ``fill``, no module: a
    public hls4ml convolution's loops are all in the function it inlines)
    was taken to have no loop, its whole latency (103) its fill, and the
    region counted 122 for eq. 3's max(13 - 4, 14 - 5) + (4 + 5) = 18, which
    the design with the loop in place gives."""
    lines = _dataflow_variant(tmp_path, [
        ("static void produce(", "static void fill("),
        ("}\n\nstatic void consume(", "}\n\nstatic void produce(const int in[N], int buf[N], int n)\n{\n"
                                        "    fill(in, buf, n);\n}\n\nstatic void consume(")])
    assert "total: 18 cycles = 180 ns at 10 ns" in lines
    assert any(line.startswith("    PRODUCE (fill, inlined)") for line in lines)


def test_a_dataflow_region_of_uninstrumented_processes_counts_the_reports_minimum(tmp_path: Path) -> None:
    """Processes hlsight does not instrument add nothing to eq. 3: a public
    hls4ml top's region counted 0 cycles against 965 co-simulated. Here the
    templates' parameter is unnamed, so an instance cannot be told apart at
    run time and is not counted: the region counts at least the report's
    minimum (60), and the total is said to be a lower bound."""
    lines = _dataflow_variant(tmp_path, [("static void produce(", "template <int>\nstatic void produce("),
                                         ("static void consume(", "template <int>\nstatic void consume("),
                                         *_calls("produce<N>", "consume<N>")])
    assert "total: 60 cycles = 600 ns at 10 ns" in lines
    assert ("  a lower bound: 1 part(s) of the design are not counted (the instrument-call-not-counted warnings"
            " below)") in lines
    assert any("dataflow region 'df_top': its processes produce, consume are no function hlsight instruments" in line
               and "the region counts at least the report's minimum latency (60) [instrument-call-not-counted]" in line
               for line in lines)


def test_the_header_model_has_vitis_burst_maxi(tmp_path: Path) -> None:
    """``hls::burst_maxi`` (Vitis >= 2022.1, UG1399 "Using Manual Burst"): a
    public KV260 Canny reads its frame through it; the model had no
    ``hls_burst_maxi.h``, clang stopped at the include and none of the
    source was analysed. Requests set the offset, ``read``/``write`` move
    one element each, a byte enable writes only its bytes."""
    from hlsight.parsers.cxx.as_c import parse_cxx_as_c

    program = tmp_path / "burst.cpp"
    program.write_text(
        '#include "hls_burst_maxi.h"\n#include <cstdio>\n'
        "void copy_scale(hls::burst_maxi<int> in, hls::burst_maxi<int> out, int n) {\n"
        "    in.read_request(0, n);\n    out.write_request(2, n);\n"
        "    for (int i = 0; i < n; i++) out.write(in.read() * 3);\n    out.write_response();\n}\n"
        "int main() {\n    int a[8] = {1, 2, 3, 4}, b[8] = {0};\n    copy_scale(a, b, 4);\n"
        "    hls::burst_maxi<int> m(b); m.write_request(0, 1); m.write(0x11223344, ap_uint<4>(0x1));\n"
        '    printf("%d %d %d %d %d %x\\n", b[1], b[2], b[3], b[4], b[5], b[0]);\n    return 0;\n}\n',
        encoding="utf-8")
    printed = printed_with_model(program)
    assert printed == "0 3 6 9 12 44\n"  # 4 x 3 from b[2]; the low byte of 0x11223344 into b[0]
    unit = parse_cxx_as_c(program)
    assert "copy_scale" in {node.decl.name for node in unit.ast.ext if hasattr(node, "decl")}


def test_the_header_model_reads_ap_integers_from_a_stream(tmp_path: Path) -> None:
    """A public Vitis 2024.1 SpMV testbench reads its sizes with ``file >>
    n`` into ``ap_uint<5>``: "no match for 'operator>>'", the program did
    not compile. A value read wraps to the width, as on assignment."""
    program = tmp_path / "read.cpp"
    program.write_text(
        '#include <ap_int.h>\n#include <sstream>\n#include <cstdio>\nint main() {\n'
        '    std::istringstream in("5 -3 255 300 1f");\n    ap_uint<5> a; ap_int<4> b; ap_uint<8> c, d, e;\n'
        "    in >> a >> b >> c >> d >> std::hex >> e;\n"
        '    printf("%d %d %d %d %d\\n", (int)a, (int)b, (int)c, (int)d, (int)e);\n    return 0;\n}\n',
        encoding="utf-8")
    printed = printed_with_model(program)
    assert printed == "5 -3 255 44 31\n"  # 300 wraps to 44 in 8 bits; 0x1f read in the stream's base


def test_loop_counts_over_several_calls_are_said_to_be_totals() -> None:
    """A public Vivado HLS 2019.2 divide called twice printed "Loop 1 ...
    trip count 16" for two calls of 8 trips: read as one call's count. With
    more than one call the function line says its loops' figures are over
    all of them (the while_loops fixture: two calls, 2 + 0 trips of loop 1)."""
    result = run_cli("simulate", str(WHILE_LOOPS / "find_run.c"), "--report", str(WHILE_LOOPS / "report"),
                     "--testbench", str(WHILE_LOOPS / "tb.c"))
    assert result.code == 0, result.stderr
    assert ("  function find_run: 27 cycles in 2 call(s); its loops' trip counts and cycles below are over all of"
            " them") in result.stdout.splitlines()


def test_the_header_model_includes_what_the_vendors_c_simulation_headers_include(tmp_path: Path) -> None:
    """A public hls4ml design (ChiRuiChen/Face_detection_HLS, Vivado HLS
    2019.2) compiled with the vendor's headers and not with hlsight's model:
    its ``nnet_helpers.h`` uses ``std::istringstream`` through
    ``hls_stream.h`` (which includes <sstream> in every release) and reads
    ``ap_fixed`` weights with ``>>``; its testbench calls ``strtok`` through
    ``ap_int.h`` (``etc/ap_private.h`` includes <cstring>); its max pooling
    starts from ``hls::numeric_limits<accum_t>::min()`` of
    ``utils/x_hls_utils.h``, the most negative value. Values hand-derived:
    ap_fixed<16, 4> spans -8 .. 8 - 2^-12 in steps of 2^-12; 0.3 read into
    ap_fixed<6, 1> truncates to 9 x 2^-5 = 0.28125."""
    program = tmp_path / "limits.cpp"
    program.write_text(
        '#include "hls_stream.h"\n#include "ap_fixed.h"\n#include "utils/x_hls_utils.h"\n'
        "int main() {\n"
        '    char text[] = "0.3 x";\n'
        "    ap_fixed<6, 1> weight;\n"
        "    std::istringstream(strtok(text, \" \")) >> weight;\n"
        "    typedef hls::numeric_limits<ap_fixed<16, 4> > limits;\n"
        '    printf("%g %g %g %g\\n", (double)weight, (double)limits::min(), (double)limits::max(),'
        " (double)limits::epsilon());\n"
        '    printf("%g %d %d %u\\n", (double)hls::numeric_limits<ap_ufixed<8, 2> >::max(),'
        " (int)hls::numeric_limits<ap_int<8> >::min(), (int)hls::numeric_limits<ap_int<8> >::max(),"
        " (unsigned)hls::numeric_limits<ap_uint<8> >::max());\n"
        "}\n", encoding="utf-8")
    assert printed_with_model(program).splitlines() == ["0.28125 -8 7.99976 0.000244141", "3.98438 -128 127 255"]
