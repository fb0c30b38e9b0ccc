"""Source side of the HLScope+ instrumenter: token scanner, loop naming,
static trip counts, pass 1 pragmas."""

from __future__ import annotations

from pathlib import Path

import pytest

from hlsight.analyzer.instrument.cycles import parse_source
from hlsight.analyzer.instrument.sourceloops import loop_tokens
from hlsight.analyzer.instrument.tripcount_pragmas import insert_tripcounts
from hlsight.core.errors import InputError
from hlsight.parsers.csource import parse_c_text
from hlsight.parsers.csource.tokens import SourceText, TokenKind, tokenize
from tests.conftest import FIXTURES, run_cli
from tests.instrument_helpers import build_and_run

QSORT = FIXTURES / "instrument" / "quicksort"


def test_tokenizer_skips_comments_and_keeps_literals_whole() -> None:
    text = 'a = "x;}/*" ; // c; }\n/* } ; */ b = \'}\';\n#pragma HLS pipeline\n'
    tokens = tokenize(text)
    assert [t.text for t in tokens] == ["a", "=", '"x;}/*"', ";", "b", "=", "'}'", ";", "#pragma HLS pipeline"]
    assert tokens[-1].kind is TokenKind.DIRECTIVE


@pytest.mark.parametrize(
    ("code", "statement"),
    [
        ("if (a) { x; } else y; z;", "if (a) { x; } else y;"),
        ("if (a) x; z;", "if (a) x;"),
        ("do { x--; } while (x > 0); y;", "do { x--; } while (x > 0);"),
        ("lbl: for (i = 0; i < n; i++) a[i] = '}'; y;", "lbl: for (i = 0; i < n; i++) a[i] = '}';"),
        ("while (f(a, (b))) /* ; */ g(\";\"); h;", "while (f(a, (b))) /* ; */ g(\";\");"),
        ("for (;;)\n#pragma HLS pipeline\n{ x; } y;", "for (;;)\n#pragma HLS pipeline\n{ x; }"),
    ],
)
def test_statement_end(code: str, statement: str) -> None:
    source = SourceText(code)
    last = source.statement_end(0)
    assert code[: source.tokens[last].end] == statement


def test_unbalanced_source_is_an_input_error() -> None:
    source = SourceText("while (a { b; }")
    with pytest.raises(InputError, match="cannot scan"):
        source.statement_end(0)


def test_quicksort_loops_get_vivado_and_vitis_names() -> None:
    source = parse_source(QSORT / "qsort.c")
    loops = source.functions["qsort_comp"].all_loops()
    assert [loop.vivado_name for loop in loops] == ["Loop 1", "Loop 1.1", "Loop 1.1.1", "Loop 1.1.2"]
    assert [loop.vitis_name for loop in loops] == ["VITIS_LOOP_13_1", "VITIS_LOOP_18_2", "VITIS_LOOP_19_3",
                                                   "VITIS_LOOP_26_4"]
    assert [loop.pipelined_in_source for loop in loops] == [False, False, True, True]
    for loop in loops:
        tokens = loop_tokens(source.text, loop)
        assert tokens is not None and source.text.tokens[tokens[0]].text == "while"


def test_labels_and_macro_shifted_columns(tmp_path: Path) -> None:
    path = tmp_path / "k.c"
    # LONGNAME expands to a longer text before the second 'for' on line 4
    path.write_text("#define LONGNAME (1000 + 24)\n#define N 8\nvoid k(int a[N], int n) { int i, j;\n"
                    "  A: for (i = 0; i < LONGNAME; i++) a[0]++; for (j = 0; j < n; j++) a[1]++;\n"
                    "  for (i = N; i > 0; i -= 2) { B: while (n--) a[2]++; }\n}\n")
    source = parse_source(path)
    loops = source.functions["k"].all_loops()
    assert [(loop.label, loop.vivado_name) for loop in loops] == [
        ("A", "Loop 1"), (None, "Loop 2"), (None, "Loop 3"), ("B", "Loop 3.1")]
    assert [loop.static_trip_count for loop in loops] == [1024, None, 4, None]
    starts = [source.text.tokens[loop.keyword_token].start for loop in loops if loop.keyword_token is not None]
    assert len(starts) == 4 and len(set(starts)) == 4


def test_pass1_inserts_pragmas_into_dynamic_loops_only(tmp_path: Path) -> None:
    result = insert_tripcounts(parse_source(QSORT / "qsort.c"))
    assert len(result.inserted) == 4
    assert result.source.count("#pragma HLS loop_tripcount min=100 max=100 avg=100") == 4
    # every original line survives, in order (pass 1 only adds lines)
    original = (QSORT / "qsort.c").read_text().splitlines()
    remaining = iter(result.source.splitlines())
    assert all(any(line == candidate for candidate in remaining) for line in original)
    # the pragma is the first line of each loop body and the output still parses
    unit = parse_c_text(result.source, "qsort_pass1.c", include_dirs=[QSORT])
    assert "qsort_comp" in unit.functions()


def _pass1_with_k7(tmp_path: Path, code: str) -> str:
    """``hlsight instrument --mode tripcount --tripcount 7`` on ``code``: the written text."""
    source = tmp_path / "k.c"
    source.write_text(code)
    out = tmp_path / "k_tc.c"
    result = run_cli("instrument", str(source), "--mode", "tripcount", "--tripcount", "7", "-o", str(out))
    assert result.code == 0, result.stderr
    return out.read_text()


def test_pass1_cli_with_k_and_static_loops(tmp_path: Path) -> None:
    text = _pass1_with_k7(tmp_path, "void k(int a[16], int n) {\n  int i;\n  for (i = 0; i < 16; i++) a[i] = 0;\n"
                          "  for (i = 0; i < n; i++)\n    a[i]++;\n"
                          "  while (n > 0) { n--;\n#pragma HLS loop_tripcount min=1 max=9\n  }\n}\n")
    assert text.count("loop_tripcount min=7 max=7 avg=7") == 2
    assert "min=1 max=9" not in text  # the existing range pragma is replaced
    assert "for (i = 0; i < 16; i++) a[i] = 0;" in text  # static loop untouched
    assert ("for (i = 0; i < n; i++)\n    {\n#pragma HLS loop_tripcount min=7 max=7 avg=7\n#line 5\n    a[i]++; }"
            in text)


def test_pass1_keeps_pragmas_on_loops_only_hlsight_counts(tmp_path: Path) -> None:
    """``for (s = 1; s < 64; s <<= 1)`` and ``do ... while (++i < 8)`` have counts hlsight
    derives (6 and 8) that the HLS tool's header analysis need not find: pass 1 still
    gives them a pragma (ignored where the tool knows); a constant-step loop stays bare."""
    text = _pass1_with_k7(tmp_path, "void g(int a[64]) {\n  int s, i = 0;\n  for (s = 1; s < 64; s <<= 1) a[s] = 0;\n"
                          "  do { a[i] = 1; } while (++i < 8);\n  for (s = 0; s < 64; s++) a[s]++;\n}\n")
    assert text.count("loop_tripcount min=7 max=7 avg=7") == 2
    assert "for (s = 0; s < 64; s++) a[s]++;" in text


def test_pass1_output_behaves_like_the_original(tmp_path: Path) -> None:
    out = tmp_path / "qsort.c"
    assert run_cli("instrument", str(QSORT / "qsort.c"), "--mode", "tripcount", "-o", str(out)).code == 0
    plain = build_and_run([QSORT / "qsort.c", QSORT / "tb.c"], [QSORT], tmp_path / "plain")
    pass1 = build_and_run([out, QSORT / "tb.c"], [QSORT], tmp_path / "pass1")
    assert plain.returncode == pass1.returncode == 0
    assert plain.stdout == pass1.stdout and plain.stdout.startswith(b"sorted=1")


def test_cplusplus_is_accepted_and_broken_cplusplus_exits_2(tmp_path: Path) -> None:
    cxx = tmp_path / "k.cpp"
    cxx.write_text("#include <hls_stream.h>\n#include <ap_int.h>\n"
                   "void k(hls::stream<ap_uint<8> > &s, int n) {\n  for (int i = 0; i < n; i++) s.write(i);\n}\n")
    result = run_cli("instrument", str(cxx), "--mode", "tripcount")
    assert result.code == 0, result.stderr
    assert "for (int i = 0; i < n; i++) {\n#pragma HLS loop_tripcount min=100 max=100 avg=100" in result.stdout
    bad = tmp_path / "bad.cpp"
    bad.write_text("#include <ap_int.h>\nvoid k(ap_uint<8> x) { undeclared(x); }\n")
    result = run_cli("instrument", str(bad), "--mode", "tripcount")
    assert result.code == 2 and "clang rejected the C++ source" in result.stderr and "bad.cpp:2" in result.stderr


def test_a_stream_of_fixed_depth_passes_as_a_plain_stream(tmp_path: Path) -> None:
    """The vendor's stream<T, DEPTH> derives from stream<T>: a function
    taking hls::stream<T>& accepts a stream<T, 1024> (a public Vitis 2022.1
    userdma was rejected by clang, so neither analyze nor simulate read it).
    Parsed by libclang (pass 1) and compiled and run with g++ (counted run)."""
    cxx = tmp_path / "k.cpp"
    cxx.write_text("#include <hls_stream.h>\n"
                   "void fill(hls::stream<int> &s, int n) {\n  for (int i = 0; i < n; i++) s.write(i);\n}\n"
                   "int top(int n) {\n  hls::stream<int, 1024> fifo;\n  fill(fifo, n);\n  int sum = 0;\n"
                   "  for (int i = 0; i < n; i++) sum += fifo.read();\n  return sum;\n}\n")
    testbench = tmp_path / "tb.cpp"
    testbench.write_text("#include <stdio.h>\nint top(int n);\nint main() { printf(\"%d\\n\", top(10));"
                         " return top(10) != 45; }\n")
    result = run_cli("instrument", str(cxx), "--mode", "tripcount", "--testbench", str(testbench))
    assert result.code == 0, result.stderr
    assert result.stdout.count("#pragma HLS loop_tripcount min=10 max=10 avg=10") == 2


def test_cplusplus_words_in_comments_keep_a_c_file_c(tmp_path: Path) -> None:
    source = tmp_path / "k.c"
    source.write_text("/* this class of kernels: template<int N> in C++ */\n// namespace x\n"
                      "void k(int *a, int n) {\n  int i;\n  for (i = 0; i < n; i++) a[i] = 0;\n}\n")
    result = run_cli("instrument", str(source), "--mode", "tripcount")
    assert result.code == 0, result.stderr
    broken = tmp_path / "b.c"
    broken.write_text("void k( { for }\n")
    result = run_cli("instrument", str(broken), "--mode", "tripcount")
    assert result.code == 2 and "b.c" in result.stderr


def test_pass1_counted_run_takes_mean_trip_counts(tmp_path: Path) -> None:
    folder = FIXTURES / "instrument" / "imperfect_nest"
    out = tmp_path / "row_sums.c"
    result = run_cli("instrument", str(folder / "row_sums.c"), "--mode", "tripcount",
                     "--testbench", str(folder / "tb.c"), "-o", str(out))
    assert result.code == 0, result.stderr
    text = out.read_text()
    # ROW: one entry, 3 iterations; COL: 3 entries, 2 + 0 + 5 = 7 iterations -> ceil(7/3) = 3
    assert text.count("#pragma HLS loop_tripcount min=3 max=3 avg=3") == 2
