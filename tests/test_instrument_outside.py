"""The instrumenter on what public HLS projects do (session 18 outside
check): each test is one finding, on a fixture or source written for
hlsight."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from hlsight.analyzer.instrument.cycles import parse_source
from hlsight.parsers.cxx.hls_headers import MODEL_INCLUDE
from tests.conftest import FIXTURES, run_cli

KERNELS = FIXTURES / "instrument"


def _cycles_notes(case: Path, source: str, tmp_path: Path) -> list[str]:
    result = run_cli("instrument", str(case / source), "--mode", "cycles", "--report", str(case / "report"),
                     "-o", str(tmp_path / "out.c"), "-v")
    assert result.code == 0, result.stderr
    return result.stderr.splitlines()


def test_an_unrolled_loop_does_not_take_the_compilers_loop_1(tmp_path: Path) -> None:
    """Vitis names source loops VITIS_LOOP_<line>_<k>; the 'Loop 1' of
    scale_sum_Pipeline_2 is the array initialiser, VITIS_LOOP_71_1 a loop
    of an inlined header with the unrolled loop's ordinal. The unrolled load loop
    at line 11 has no row (a public cluster-nms counted such a loop as the
    4,950-trip initialiser, 100 cycles, without a word); the
    initialiser's cycles are in the top's latency (eq. 6's residual), said
    in a note."""
    case = KERNELS / "unrolled_init"
    lines = _cycles_notes(case, "scale_sum.c", tmp_path)
    source = str(case / "scale_sum.c")
    assert (f"{source}:11: note: loop 'Loop 1' is not in the report: HLS unrolls it (its cycles are inside the"
            " enclosing pipeline) [instrument-loop-unrolled]") in lines
    # the top's latency (268) holds the initialiser's cycles: eq. 6's residual beside VITIS_LOOP_15_2
    assert (f"{source}:6: note: report loop 'Loop 1' of module 'scale_sum' matches no source loop (by label,"
            " Vivado 'Loop N.M' position or Vitis 'VITIS_LOOP_<line>_<k>') (a Vitis 'Loop N' is a loop the compiler"
            " made, such as an array initialiser); its 64 cycles are counted in the latency of module 'scale_sum'"
            " (its own cycles beside the loops matched) [instrument-report-loop-unmatched]") in lines
    # nor the inlined header's VITIS_LOOP_71_1 by its ordinal (public systolic array)
    assert not any("instrument-loop-moved" in line for line in lines)
    assert any("report loop 'VITIS_LOOP_71_1' of module 'scale_sum' matches no source loop" in line for line in lines)
    blocks = (tmp_path / "hlsight_cycles.h").read_text(encoding="utf-8")
    assert '{ "VITIS_LOOP_15_2", "scale_sum"' in blocks and '"Loop 1"' not in blocks


def test_the_authors_tripcount_pragma_is_not_replaced_silently(tmp_path: Path) -> None:
    source = tmp_path / "count_until.c"
    source.write_text("int count_until(const int a[64], int stop)\n{\n    int n = 0;\n    while (a[n] != stop) {\n"
                      "#pragma HLS loop_tripcount min=1 max=32\n        n++;\n    }\n    return n;\n}\n",
                      encoding="utf-8")
    result = run_cli("instrument", str(source), "--mode", "tripcount", "-o", str(tmp_path / "out.c"))
    assert result.code == 0, result.stderr
    assert (f"{source}:4: warning: loop 'Loop 1': its '#pragma HLS loop_tripcount min=1 max=32' is replaced by"
            " min = max = avg = 100 (pass 1 fixes every data-dependent trip count so that the report gives each"
            " enclosing loop's iteration latency; --testbench takes the value from a counted run)"
            " [tripcount-replaced]") in result.stderr.splitlines()


def test_pass_1_keeps_every_loop_on_its_line(tmp_path: Path) -> None:
    """A pragma takes a line of its own; ``#line`` gives the following text
    its number back, so the re-synthesized report's VITIS_LOOP_<line> names
    are the original source's (they shifted by one per pragma before)."""
    source = tmp_path / "loops.c"
    source.write_text("int loops(int a[100], int n) {\n    int s = 0, i;\n    for (i = 0; i < n; i++) s += a[i];\n"
                      "    for (i = 0; i < n; i++)\n        s ^= a[i];\n    while (s > n) {\n        s -= n;\n    }\n"
                      "    for (i = 0; i < n; i++) { s += i;\n        s *= 3; }\n    return s;\n}\n", encoding="utf-8")
    output = tmp_path / "out.c"
    result = run_cli("instrument", str(source), "--mode", "tripcount", "-o", str(output))
    assert result.code == 0, result.stderr
    assert output.read_text(encoding="utf-8").count("#pragma HLS loop_tripcount") == 4

    def lines(path: Path) -> list[int]:
        parsed = parse_source(path)
        return [loop.line for function in parsed.functions.values() for loop in function.all_loops()]

    assert lines(output) == lines(source) == [3, 4, 6, 9]
    statements = parse_source(output).unit.functions()["loops"].body.block_items
    assert [item.coord.line for item in statements] == [2, 2, 3, 4, 6, 9, 11]  # s and i on line 2


def test_a_testbench_reading_data_runs_where_run_dir_says(tmp_path: Path) -> None:
    """A testbench that opens its data file by relative path (a public FIR
    feature extractor) failed in the temporary build folder; the error now
    names --run-dir, and --run-dir runs it there."""
    case = KERNELS / "dataflow_pipo"
    data = tmp_path / "data"
    data.mkdir()
    (data / "n.txt").write_text("10\n", encoding="utf-8")
    testbench = tmp_path / "tb.c"
    testbench.write_text(
        "#include <stdio.h>\n#define N 256\nvoid pipo_top(const int in[N], int out[N], int n);\n"
        "int main(void)\n{\n    static int in[N], out[N];\n    int n = 0;\n    FILE *f = fopen(\"n.txt\", \"r\");\n"
        "    if (!f || fscanf(f, \"%d\", &n) != 1) { fprintf(stderr, \"cannot open n.txt\\n\"); return 3; }\n"
        "    fclose(f);\n    pipo_top(in, out, n);\n    printf(\"%d\\n\", out[0]);\n    return 0;\n}\n",
        encoding="utf-8")
    common = ("simulate", str(case / "pipo.c"), "--report", str(case / "report"), "--testbench", str(testbench))
    failed = run_cli(*common)
    assert failed.code == 2
    assert ("the testbench ended before it called the top (no cycle table was written): it exited with status 3:"
            " cannot open n.txt;"
            " it ran in a temporary build folder: a testbench that opens data files by relative path needs --run-dir"
            " DIR, e.g. its own folder, where 'vitis_hls csim' finds them") in failed.stderr
    document = json.loads(run_cli(*common, "--run-dir", str(data), "--format", "json").stdout)
    assert document["cycles"] == 29  # as tests/test_simulate.py's dataflow_pipo case at n = 10
    missing = run_cli(*common, "--run-dir", str(tmp_path / "nowhere"))
    assert missing.code == 2 and "--run-dir is not a folder" in missing.stderr


def test_a_crashing_testbench_is_said_to_crash(tmp_path: Path) -> None:
    """A testbench killed by a signal crashed; it did not miss a data file
    (a public Vitis sobel testbench wrote 720 x 1280 pixels into a 718 x 1278
    buffer: SIGSEGV at -O2, and hlsight suggested --run-dir)."""
    case = KERNELS / "dataflow_pipo"
    testbench = tmp_path / "tb.c"
    testbench.write_text(
        "#include <signal.h>\n#define N 256\nvoid pipo_top(const int in[N], int out[N], int n);\n"
        "int main(void)\n{\n    static int in[N], out[N];\n    pipo_top(in, out, 4);\n    raise(SIGSEGV);\n"
        "    return 0;\n}\n", encoding="utf-8")
    crashed = run_cli("simulate", str(case / "pipo.c"), "--report", str(case / "report"), "--testbench",
                      str(testbench))
    assert crashed.code == 2 and "Traceback" not in crashed.stderr
    assert ("the testbench ended before the cycle table was written: it was killed by signal 11 (SIGSEGV): a crash in"
            " the testbench or the design code, e.g. an out-of-bounds array access") in crashed.stderr
    assert "with --cflags \"... -O0\" (here -O2) it may pass" in crashed.stderr and "--run-dir" not in crashed.stderr


def test_an_ap_uint_wider_than_the_model_is_said(tmp_path: Path) -> None:
    """hlsight's ap_int.h keeps 64 bits; a 512-bit AXI word (common in
    Vitis kernels) compiled silently and lost its high bits."""
    source = tmp_path / "wide.cpp"
    source.write_text("#include <ap_int.h>\nconstexpr int W = 512;\ntypedef ap_uint<W> word_t;\n"
                      "void wide(word_t *in, ap_uint<32> *out, int n) {\n    for (int i = 0; i < n; i++) {\n"
                      "#pragma HLS PIPELINE II=1\n        out[i] = in[i] + 1;\n    }\n}\n", encoding="utf-8")
    result = run_cli("instrument", str(source), "--mode", "tripcount", "-o", str(tmp_path / "out.cpp"))
    assert result.code == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if line.endswith("[hls-model-width]")]
    assert len(warnings) == 2 and warnings[0].startswith(f"{source}:3: warning: 'word_t' (ap_uint<512>) is 512")
    assert warnings[1].startswith(f"{source}:4: warning: 'in' (ap_uint<512> *) is 512 bits wide: hlsight's model")


def _run_against_the_model(program: Path) -> str:
    """What ``program`` prints, compiled with g++ against hlsight's header model."""
    binary = program.with_suffix("")
    built = subprocess.run(["g++", "-std=c++14", "-I", str(MODEL_INCLUDE), str(program), "-o", str(binary)],
                           capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stderr
    return subprocess.run([str(binary)], capture_output=True, text=True, check=False, timeout=30).stdout


def test_the_header_models_shifts_keep_the_left_operands_width(tmp_path: Path) -> None:
    """UG902/UG1399: a shift's result has the left operand's width (bits
    shifted out are lost; cast first to keep them), and a negative amount
    shifts the other way. The model shifted in 64 bits, so a public
    shifter's testbench (``ap_int<8>`` 23 << 5) failed at its 13th vector
    (736 where the vendor type gives -32) and simulated 14 calls of 1,000.
    ``reverse()`` was missing, and ``<iostream>``, which the vendor header
    brings in, was not."""
    program = tmp_path / "shift.cpp"
    program.write_text(
        "#include <ap_int.h>\n#include <cstdio>\nint main() {\n"
        "    ap_int<8> a = 23; ap_uint<8> b = 200; ap_int<8> c = -64; ap_uint<4> s = 5;\n"
        "    ap_int<16> wide = a << 5; ap_int<16> kept = ap_int<16>(a) << 5; int v = a << 5;\n"
        "    printf(\"%d %d %d %d %d %d %d\\n\", (int)wide, (int)kept, v, (int)(b >> 3), (int)(c >> 2),"
        " (int)(a << s), (int)(b << -1));\n"
        "    a <<= 1; printf(\"%d\\n\", (int)a);\n"
        "    ap_uint<6> r = 3; r.reverse(); std::cout << (int)r << std::endl;\n    return 0;\n}\n", encoding="utf-8")
    # reverse() and std::cout through ap_int.h alone, as a public Huffman encoder uses them
    assert _run_against_the_model(program).splitlines() == ["-32 736 -32 25 -16 -32 100", "46", "48"]


def test_the_header_model_rotates_within_the_width(tmp_path: Path) -> None:
    """``lrotate``/``rrotate`` (UG1399), which a public AES key expansion
    (yu-zou/CTREncryption, Vivado HLS 2018.3) calls on ``ap_uint<32>``: the
    model had none, clang rejected the source, and none of it was analysed."""
    program = tmp_path / "rotate.cpp"
    program.write_text(
        "#include <ap_int.h>\n#include <cstdio>\nint main() {\n"
        "    ap_uint<32> w = 0x12345678u; w.lrotate(8); printf(\"%llx \", (unsigned long long)w);\n"
        "    w.rrotate(12); printf(\"%llx \", (unsigned long long)w);\n"
        "    ap_uint<8> b = 0x81; b.lrotate(1); printf(\"%x \", (unsigned)b);\n"
        "    ap_int<8> c = -127; c.rrotate(1); printf(\"%d \", (int)c);\n"
        "    ap_uint<32> word = 0xff000001u; word = word.lrotate(8); printf(\"%x\\n\", (unsigned)word);\n"
        "    return 0;\n}\n", encoding="utf-8")
    assert _run_against_the_model(program) == "34567812 81234567 3 -64 1ff\n"


def test_the_header_model_has_vitis_hls_axis(tmp_path: Path) -> None:
    """``hls::axis<ap_int<32>, 0, 0, 0>``, the stream word of a public Vitis
    2022.1 top-k sort (Taise228/topk_sort): clang rejected the source ("no
    template named 'axis' in namespace 'hls'"); its five counted loops were
    not compared. TKEEP is one bit per data byte, of any data type."""
    program = tmp_path / "axis.cpp"
    program.write_text(
        "#include <ap_axi_sdata.h>\n#include <hls_stream.h>\n#include <cstdio>\n"
        "typedef hls::axis<ap_int<32>, 0, 0, 0> Pix;\ntypedef hls::axis<float, 2, 1, 1> FPix;\nint main() {\n"
        "    hls::stream<Pix> s; Pix p; p.data = -5; p.keep = -1; p.last = 1; s.write(p); Pix q = s.read();\n"
        "    FPix f; f.data = 1.5f; f.keep = -1; f.user = 3;\n"
        "    printf(\"%d %d %d %g %d %d\\n\", (int)q.data, (int)q.keep, (int)q.last, f.data, (int)f.keep,"
        " (int)f.user);\n    return 0;\n}\n", encoding="utf-8")
    assert _run_against_the_model(program) == "-5 15 1 1.5 15 3\n"


def test_the_header_model_has_vitis_hls_vector(tmp_path: Path) -> None:
    """``hls::vector<float, 16> data = 0.0;`` in a public Vitis 2023.2
    streaming kernel (ihsanalhafiz's Alveo workshop): ``hls_vector.h`` was
    not modelled, and its three counted loops were not compared. Element by
    element, a scalar standing for every element (UG1399)."""
    program = tmp_path / "vector.cpp"
    program.write_text(
        "#include <hls_vector.h>\n#include <hls_stream.h>\n#include <cstdio>\n"
        "struct float16 { hls::vector<float, 16> data = 0.0; };\nint main() {\n"
        "    hls::vector<float, 4> a = 1.5f, b{1, 2, 3, 4};\n    hls::vector<float, 4> c = a + b * 2.0f;\n"
        "    c -= 1.0f;\n    hls::vector<int, 3> d = {7, 8, 9};\n    d = 10 - d;\n"
        "    float16 f; f.data[3] = 2.0f; hls::stream<float16> s; s.write(f); float16 g = s.read();\n"
        "    printf(\"%g %g %g %g %d %d %d %g %g %g\\n\", c[0], c[1], c[2], c[3], d[0], d[1], d[2], g.data[3],"
        " g.data[0], (-a)[0]);\n    return 0;\n}\n", encoding="utf-8")
    assert _run_against_the_model(program) == "2.5 4.5 6.5 8.5 3 2 1 2 0 -1.5\n"


def test_the_header_model_has_vitis_half(tmp_path: Path) -> None:
    """``typedef half pix_t;`` after ``#include "hls_math.h"`` in a public
    Vitis 2021.1 FFT (SpectralBlaze): clang stopped at "unknown type name
    'half'" and none of its source was read. The vendor's ``hls_math.h``
    includes ``hls_half.h``; the model's ``half`` is the compilers'
    ``_Float16``, 2 bytes as the vendor's."""
    program = tmp_path / "half.cpp"
    program.write_text(
        "#include <hls_math.h>\n#include <complex>\n#include <cstdio>\nint main() {\n"
        "    half a = 1.5f;\n    std::complex<half> c(a, a);\n    c = c * c;\n"
        "    printf(\"%g %g %d\\n\", (float)(a * (half)2), (float)c.imag(), (int)sizeof(half));\n    return 0;\n}\n",
        encoding="utf-8")
    assert _run_against_the_model(program) == "3 4.5 2\n"


def test_loops_pass_1_leaves_alone_are_said(tmp_path: Path) -> None:
    """Function templates and class members are not instrumented (docs); a
    public 2D convolution had 27 loops in two templates and pass 1 wrote
    its input back without a word."""
    source = tmp_path / "tmpl.cpp"
    source.write_text(
        "template <int N>\nint sum(const int *a, int n) {\n    int s = 0;\n    for (int i = 0; i < n; i++)\n"
        "        s += a[i];\n    return s;\n}\n\nstruct Acc {\n    int t = 0;\n    void add(const int *a, int n) {\n"
        "        while (n-- > 0) t += a[n];\n    }\n    int get() const { return t; }\n};\n\n"
        "int top(const int a[64], int n) {\n    Acc acc;\n    acc.add(a, n);\n"
        "    return sum<64>(a, n) + acc.get();\n}\n",
        encoding="utf-8")
    result = run_cli("instrument", str(source), "--mode", "tripcount", "-o", str(tmp_path / "out.cpp"))
    assert result.code == 0, result.stderr
    said = [line for line in result.stderr.splitlines() if line.endswith("[instrument-template-skipped]")]
    assert said == [
        f"{source}:2: warning: 'sum' is a function template: hlsight does not instrument its 1 loop(s) (pass 1 gives"
        " them no trip-count pragma; pass 2 counts them inside the calling function's own cycles)"
        " [instrument-template-skipped]",
        f"{source}:11: warning: 'add' is a class member: hlsight does not instrument its 1 loop(s) (pass 1 gives"
        " them no trip-count pragma; pass 2 counts them inside the calling function's own cycles)"
        " [instrument-template-skipped]"]



def test_tcl_directives_on_a_port_name_their_function(tmp_path: Path) -> None:
    """``set_directive_interface -mode s_axilite "shifter" mode``: the
    location comes before the port (UG1399); the port was taken for the
    location, and four correct directives of a public shifter were warned
    about."""
    from hlsight.analyzer.instrument.directives import parse_directives

    tcl = tmp_path / "directives.tcl"
    tcl.write_text('set_directive_pipeline -II 1 "shifter/LOOP1"\n'
                   'set_directive_interface -mode s_axilite "shifter" mode\n'
                   'set_directive_array_partition -type complete -dim 1 "shifter" buf\n'
                   'set_directive_stream -depth 8 "shifter" fifo\n', encoding="utf-8")
    found = [(d.name, d.function, d.label, d.options) for d in parse_directives(tcl)]
    assert found == [
        ("pipeline", "shifter", "LOOP1", ("II=1",)),
        ("interface", "shifter", None, ("mode=s_axilite", "port=mode")),
        ("array_partition", "shifter", None, ("type=complete", "dim=1", "variable=buf")),
        ("stream", "shifter", None, ("depth=8", "variable=fifo")),
    ]


def test_an_unmatched_loop_is_counted_only_where_a_latency_holds_it(tmp_path: Path) -> None:
    """cond_kernel's latency is a range (201 ~ 10,502): with none of its
    loops matched (labels renamed), the function counts its minimum per call
    (section III-B), so the report loops' cycles are not counted: warned
    (a public shifter). With a loop matched, eq. 6's residual takes the
    maximum (see the unrolled_init case above)."""
    case = KERNELS / "conditionals"
    source = tmp_path / "cond_kernel.c"
    text = (case / "cond_kernel.c").read_text(encoding="utf-8")
    source.write_text(text.replace("OUTER:", "OUT:").replace("INNER:", "IN:").replace("TAIL:", "END:"),
                      encoding="utf-8")
    (tmp_path / "out").mkdir()  # -o's folder must exist
    result = run_cli("instrument", str(source), "--mode", "cycles", "--report", str(case / "report"),
                     "-o", str(tmp_path / "out" / "k.c"))
    assert result.code == 0, result.stderr
    unmatched = [line for line in result.stderr.splitlines() if line.endswith("[instrument-report-loop-unmatched]")]
    assert len(unmatched) == 3 and all(": warning: " in line and " are not counted" in line for line in unmatched)
    # OUTER's report latency is a range per entry: its maximum is not a total left out
    (outer,) = [line for line in unmatched if "report loop 'OUTER'" in line]
    assert "its cycles (up to 10,400 cycles per entry) are not counted" in outer
    assert any("its 102 cycles are not counted" in line for line in unmatched)  # INNER: one latency per entry


def test_pass_1_counts_a_design_of_several_files(tmp_path: Path) -> None:
    """A public Huffman encoder is eight files: the counted run did not link
    ("ld returned 1 exit status", said as C for gcc) and instrument had no
    --extra, as simulate has. The missing symbol is named now, and --extra
    links the other files."""
    (tmp_path / "kernel.c").write_text(
        "int helper(int x);\nint top(const int a[32], int n) {\n    int s = 0, i = 0;\n"
        "    while (i < n) {\n        s += helper(a[i]);\n        i++;\n    }\n    return s;\n}\n", encoding="utf-8")
    (tmp_path / "helper.c").write_text("int helper(int x) { return 2 * x; }\n", encoding="utf-8")
    (tmp_path / "tb.c").write_text(
        "#include <stdio.h>\nint top(const int a[32], int n);\nint main(void) {\n    int a[32] = {0};\n"
        "    printf(\"%d\\n\", top(a, 7) + top(a, 5));\n    return 0;\n}\n", encoding="utf-8")
    common = ("instrument", str(tmp_path / "kernel.c"), "--mode", "tripcount", "--testbench", str(tmp_path / "tb.c"),
              "-o", str(tmp_path / "out.c"))
    failed = run_cli(*common)
    assert failed.code == 2
    # the linker names the file whose code makes the call (kernel.c calls helper)
    assert failed.stderr.startswith(
        f"{tmp_path / 'kernel.c'}: error: undefined reference to `helper' (a function in a file not given: --extra"
        " FILE); the program does not compile (expected C that gcc compiles with the testbench (and --extra files))")
    linked = run_cli(*common, "--extra", str(tmp_path / "helper.c"))
    assert linked.code == 0, linked.stderr
    # two entries of the while loop, 7 and 5 trips: mean 6
    assert "#pragma HLS loop_tripcount min=6 max=6 avg=6" in (tmp_path / "out.c").read_text(encoding="utf-8")


def test_a_cxx_linkage_mismatch_is_named_beside_a_missing_file(tmp_path: Path) -> None:
    """A public FFT's testbench declares ``sr_fft`` as C++ while core.cpp
    defines it ``extern "C"``: the link error said only "a function in a
    file not given", which no --extra fixes."""
    (tmp_path / "k.cpp").write_text('extern "C" int twice(int x) { return 2 * x; }\n', encoding="utf-8")
    (tmp_path / "tb.cpp").write_text(
        "#include <cstdio>\nint twice(int x);\nint main() { std::printf(\"%d\\n\", twice(3)); return 0; }\n",
        encoding="utf-8")
    report = Path(__file__).resolve().parents[1] / "fixtures" / "instrument" / "generated_init" / "report"
    failed = run_cli("simulate", str(tmp_path / "k.cpp"), "--testbench", str(tmp_path / "tb.cpp"), "--report",
                     str(report), "--top", "twice")
    assert failed.code == 2 and "Traceback" not in failed.stderr
    assert failed.stderr.startswith(
        f"{tmp_path / 'tb.cpp'}: error: undefined reference to `twice(int)' (a function in a file not given: --extra"
        ' FILE; or declared with other parameters than its definition, or without extern "C" where its definition'
        " has it, or the other way round)")
