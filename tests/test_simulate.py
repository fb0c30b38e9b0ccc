"""``hlsight simulate``/``instrument --mode cycles`` on real C compiled with gcc.

Expected cycles are computed by hand from the fixture reports (derivations in
fixtures/instrument/README.md); quicksort is checked against HLScope+ Table III.
"""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from hlsight.analyzer.instrument.cycles import instrument_cycles, parse_source
from hlsight.analyzer.instrument.simulate import flag_include_dirs
from hlsight.analyzer.instrument.sourceloops import SourceLoop
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
from hlsight.parsers.cxx.hls_headers import MODEL_INCLUDE
from tests.conftest import FIXTURES, REPO, SHARED, run_cli
from tests.instrument_helpers import build_and_run, flags_for

KERNELS = FIXTURES / "instrument"
QSORT = KERNELS / "quicksort"

# name, source, report, testbench, top, expected top cycles, expected per-loop (trip count total, cycles)
CASES = [
    ("while_loops", "find_run.c", "report", None, 27,
     {"VITIS_LOOP_11_1": (2, 3), "VITIS_LOOP_16_2": (7, 20)}),
    ("imperfect_nest", "row_sums.c", "report", None, 23, {"ROW": (3, 22), "COL": (7, 13)}),
    ("conditionals", "cond_kernel.c", "report", None, 48, {"OUTER": (6, 40), "INNER": (20, 28), "TAIL": (5, 6)}),
    ("dataflow", "df.c", "report", "df_top", 18, {}),
    ("early_exit", "search.c", "report", None, 15, {"FIND": (9, 11)}),
    ("dataflow", "df.c", "report", "par_top", 14, {"parallel(produce, consume)": (0, 13)}),
    # processes over a ping-pong buffer run in sequence: 13 + 14 + the region's 2 (report 209 = 103 + 104 + 2)
    ("dataflow_pipo", "pipo.c", "report", None, 29, {"PRODUCE": (10, 12), "CONSUME": (10, 13)}),
    # the compiler's initialiser loop (Loop 1, 64 cycles) once per call beside 10 x IL 3
    ("generated_init", "prefix_sum.c", "report", None, 94, {"VITIS_LOOP_9_1": (10, 30)}),
]


def _simulate(source: Path, report: Path, testbench: Path, *extra: str) -> dict[str, object]:
    result = run_cli("simulate", str(source), "--report", str(report), "--testbench", str(testbench),
                     "--format", "json", *extra)
    assert result.code == 0, result.stderr
    document: dict[str, object] = json.loads(result.stdout)
    schema = json.loads((REPO / "docs" / "simulate.schema.json").read_text())
    jsonschema.validate(document, schema)
    return document


def _loops(document: dict[str, object]) -> dict[str, tuple[int, int]]:
    out = {}
    for function in document["functions"]:  # type: ignore[attr-defined]
        for loop in function["loops"]:
            out[loop["name"]] = (loop["trip_count_total"], loop["cycles"])
    return out


@pytest.mark.parametrize(("case", "source", "report", "top", "cycles", "loops"), CASES)
def test_hand_computed_cycles(case: str, source: str, report: str, top: str | None, cycles: int,
                              loops: dict[str, tuple[int, int]]) -> None:
    folder = KERNELS / case
    extra = ("--top", top) if top else ()
    document = _simulate(folder / source, folder / report, folder / "tb.c", *extra)
    assert document["cycles"] == cycles
    found = _loops(document)
    for name, expected in loops.items():
        assert found[name] == expected, name
    assert document["clock_ns"] == 10.0
    assert document["seconds"] == pytest.approx(cycles * 10e-9)


def test_dataflow_processes_use_eq3() -> None:
    document = _simulate(KERNELS / "dataflow" / "df.c", KERNELS / "dataflow" / "report", KERNELS / "dataflow" / "tb.c")
    functions = {f["name"]: f for f in document["functions"]}  # type: ignore[attr-defined]
    # produce(10) = 1*9+3 + residual 1 = 13, consume(10) = 1*9+4 + 1 = 14; fills 1+3 and 1+4 (eq. 3);
    # eq. 3's t_c is a process's streaming time, without the fill the sum adds: max(13 - 4, 14 - 5).
    # At the report's n = 100 this gives 99 + 9 = 108 for the region's 107 (with each fill twice: 113)
    assert functions["df_top"]["cycles"] == max(13 - 4, 14 - 5) + (4 + 5)
    # df_top and par_top each call produce once with n=10; par_top is the testbench's own call, not
    # under the top: counted apart (it was added to produce's total before)
    assert functions["produce"]["cycles"] == 13 and functions["produce"]["calls_outside_top"] == 1
    assert functions["consume"]["cycles"] == 14 and functions["consume"]["calls_outside_top"] == 1


@pytest.fixture(scope="module")
def quicksort_simple() -> dict[str, object]:
    return _simulate(QSORT / "qsort.c", QSORT / "report_table2", QSORT / "tb.c", "--baseline", "simple")


def test_quicksort_reproduces_table3(quicksort_simple: dict[str, object]) -> None:
    """HLScope+ Table III: 14.6 M cycles (full) and 7.42 M (simple TC counting), N = 131072."""
    full = _simulate(QSORT / "qsort.c", QSORT / "report_table2", QSORT / "tb.c")
    simple = quicksort_simple
    assert abs(full["cycles"] - 14.6e6) / 14.6e6 < 0.03  # type: ignore[operator]
    assert abs(simple["cycles"] - 7.42e6) / 7.42e6 < 0.03  # type: ignore[operator]
    loops = _loops(full)
    simple_loops = _loops(simple)
    leaf = loops["Loop 1.1.1"][1] + loops["Loop 1.1.2"][1]
    # pipelined leaves: t = 4*(TC-1)+4 = 4*TC per entry (eq. 4), identical in both modes
    assert loops["Loop 1.1.1"][1] == 4 * loops["Loop 1.1.1"][0]
    assert simple_loops["Loop 1.1.1"] == loops["Loop 1.1.1"]
    # Loop 1.1 = children + 11 per iteration (eq. 6: 811 - 400 - 400)
    assert loops["Loop 1.1"][1] == leaf + 11 * loops["Loop 1.1"][0]
    assert simple["cycles"] == leaf
    # the top adds its residual 1 (8111401 - 81114*100)
    assert full["cycles"] == loops["Loop 1"][1] + 1
    assert full["seconds"] == pytest.approx(full["cycles"] * 5e-9)  # type: ignore[operator]


def test_table1_report_without_pass1_degrades_to_simple_counting(quicksort_simple: dict[str, object]) -> None:
    """Every latency "?" (HLScope+ Table I): eq. 6's residuals are unknown,
    and the count is simple counting plus the one cycle a pass of a
    non-pipelined loop takes at least (its exit test; session 41: 0 was
    counted, a public MachSuite spmv spends 4 a row): a lower bound, said."""
    document = _simulate(QSORT / "qsort.c", QSORT / "report_table1", QSORT / "tb.c")
    simple = quicksort_simple
    loops = _loops(document)
    assert loops["Loop 1.1"][1] == loops["Loop 1.1.1"][1] + loops["Loop 1.1.2"][1] + loops["Loop 1.1"][0]
    assert simple["cycles"] < document["cycles"] < simple["cycles"] + loops["Loop 1"][0] + loops["Loop 1.1"][0]
    rules = [d["rule"] for d in document["diagnostics"]]  # type: ignore[attr-defined]
    assert rules.count("instrument-residual-unknown") == 3


@pytest.mark.parametrize(("case", "source", "extra"), [
    ("quicksort", "qsort.c", ()), ("while_loops", "find_run.c", ()), ("imperfect_nest", "row_sums.c", ()),
    ("conditionals", "cond_kernel.c", ()), ("dataflow", "df.c", ("--top", "par_top")),
    ("early_exit", "search.c", ()), ("memory", "pe.c", ("--memory", "ddr3-1333-7v3"))])
def test_instrumented_program_output_is_byte_identical(tmp_path: Path, case: str, source: str,
                                                       extra: tuple[str, ...]) -> None:
    folder = KERNELS / case
    report = folder / ("report_table2" if case == "quicksort" else "report")
    out = tmp_path / source
    result = run_cli("instrument", str(folder / source), "--report", str(report), "--mode", "cycles",
                     "-o", str(out), *extra)
    assert result.code == 0, result.stderr
    assert (tmp_path / "hlsight_cycles.h").is_file()
    original_lines = (folder / source).read_text().splitlines()
    instrumented_lines = out.read_text().splitlines()
    assert len(instrumented_lines) == len(original_lines) + 2  # include + #line 1: line numbers unchanged
    flags = flags_for([folder / source, folder / "tb.c"], [folder], tmp_path)
    plain = build_and_run([folder / source, folder / "tb.c"], [folder], tmp_path / "plain", flags=flags)
    counted = build_and_run([out, folder / "tb.c"], [tmp_path, folder], tmp_path / "counted", flags=flags)
    table = build_and_run([out, folder / "tb.c"], [tmp_path, folder], tmp_path / "counted2",
                          env={"HLSIGHT_TABLE": "-"}, flags=flags)
    assert plain.returncode == counted.returncode == table.returncode
    assert plain.stdout == counted.stdout == table.stdout and plain.stdout
    assert plain.stderr == counted.stderr == b""
    assert b"trip count" in table.stderr


def test_simulate_errors_exit_2(tmp_path: Path) -> None:
    folder = KERNELS / "imperfect_nest"
    missing = run_cli("simulate", str(folder / "row_sums.c"), "--report", str(tmp_path / "nope"),
                      "--testbench", str(folder / "tb.c"))
    assert missing.code == 2 and "nope" in missing.stderr
    bad_tb = tmp_path / "tb.c"
    bad_tb.write_text("int main(void) { return undefined_symbol; }\n")
    broken = run_cli("simulate", str(folder / "row_sums.c"), "--report", str(folder / "report"),
                     "--testbench", str(bad_tb))
    assert broken.code == 2 and "does not compile" in broken.stderr and "hlsight bug" not in broken.stderr
    no_tb = run_cli("simulate", str(folder / "row_sums.c"), "--report", str(folder / "report"),
                    "--testbench", str(tmp_path / "none.c"))
    assert no_tb.code == 2 and "testbench" in no_tb.stderr


def test_unmatched_loops_are_diagnostics(tmp_path: Path) -> None:
    source = tmp_path / "row_sums.c"
    text = (KERNELS / "imperfect_nest" / "row_sums.c").read_text().replace("COL:", "COLUMNS:")
    source.write_text(text)
    (tmp_path / "out").mkdir()  # -o's folder must exist
    result = run_cli("instrument", str(source), "--report", str(KERNELS / "imperfect_nest" / "report"),
                     "--mode", "cycles", "-o", str(tmp_path / "out" / "k.c"), "-v")
    assert result.code == 0
    # a label is the loop's name in Vivado and Vitis alike: no VITIS_LOOP_ name beside it
    assert "loop 'COLUMNS' matches no loop of the report" in result.stderr
    # the module's latency (10,601) holds the report loop's cycles: a note, not a warning
    assert ("report loop 'COL' of module 'row_sums' matches no source loop (by label, Vivado 'Loop N.M' position or"
            " Vitis 'VITIS_LOOP_<line>_<k>'); its 103 cycles are counted in the latency of module 'row_sums' (its own"
            " cycles beside the loops matched) [instrument-report-loop-unmatched]") in result.stderr
    assert ": note: report loop 'COL'" in result.stderr
    assert "row_sums.c:12:" in result.stderr and "[instrument-loop-unmatched]" in result.stderr
    # the simulated total says it leaves those cycles out (a public systolic array printed 8 cycles, no word)
    simulated = run_cli("simulate", str(source), "--report", str(KERNELS / "imperfect_nest" / "report"),
                        "--testbench", str(KERNELS / "imperfect_nest" / "tb.c"))
    assert simulated.code == 0, simulated.stderr
    assert ("  a lower bound: 1 part(s) of the design are not counted (the instrument-loop-unmatched warnings"
            " below)") in simulated.stdout.splitlines()


def test_memory_terms_of_section_iv() -> None:
    """Fig. 8 in miniature on the ADM-PCIE-7V3 profile at 200 MHz, 512-bit ports.

    Eq. 9: t_DP = max(36, 13.5 + 0 + 64 beats / 1.333 GT/s) + 13.5 + 26.5 = 101.5 ns for a 1 KB
    burst, eq. 10: DBW_P = 1024 B / 101.5 ns = 10.09 GB/s; eq. 11: DBW_B = 200 MHz * 64 B =
    12.8 GB/s; DBW_C = 9.5 (read) / 8.9 (write) GB/s -> DBW = DBW_C (eq. 8): 47.5 / 44.5 B per
    5 ns cycle; DLAT 542 / 356 ns = 109 / 72 cycles (rounded up).
    Call 1 (64 KiB each way): load = ceil(65536/47.5) + 109 = 1380 + 109 = 1489,
    store = 1473 + 72 = 1545, t_BO = 1380 + 1473 = 2853 (eq. 15) > max(1489, 1545), so the
    parallel pair takes 2853 (eq. 16); + top residual 1 (module 3 - max(2, 2)) = 2854.
    Call 2 (16 KiB): load 345 + 109 = 454, store 369 + 72 = 441, t_BO = 714 -> 715.
    """
    folder = KERNELS / "memory"
    document = _simulate(folder / "pe.c", folder / "report", folder / "tb.c", "--memory", "ddr3-1333-7v3")
    functions = {f["name"]: f for f in document["functions"]}  # type: ignore[attr-defined]
    assert functions["load"]["cycles"] == 1489 + 454
    assert functions["store"]["cycles"] == 1545 + 441
    assert _loops(document)["parallel(load, store)"] == (0, 2853 + 714)
    assert document["cycles"] == 2854 + 715
    without = _simulate(folder / "pe.c", folder / "report", folder / "tb.c")
    assert without["cycles"] == 2 * (2 + 1)  # compute only: module latencies 2, residual 1


def _synthetic_design(source_path: Path, top: str) -> Design:
    """A report-shaped model naming every source loop (Vivado names), so that
    every loop and function of an awkward source gets instrumented."""
    functions = parse_source(source_path).functions
    kernels = []

    def convert(loop: SourceLoop) -> Loop:
        children = [convert(child) for child in loop.children]
        pipelined = not children
        made = Loop(name=loop.label or loop.vivado_name, pipelined=pipelined,
                    ii=InitiationInterval(2) if pipelined else None, latency=LatencyRange(10, 10),
                    iteration_latency=3, pipeline_depth=3 if pipelined else None, trip_count=TripCount(4, 4),
                    children=children)
        made.iteration_latency_range = LatencyRange(3, 30)
        return made

    for name, function in functions.items():
        kernels.append(Kernel(name, KernelKind.FUNCTION, clock_target_ns=10.0, latency=LatencyRange(5, 500),
                              is_top=name == top, loops=[convert(loop) for loop in function.loops]))
    return Design(tool=ToolInfo(Vendor.XILINX, Product.VIVADO_HLS, "2019.1"), root=source_path.parent,
                  kernels=kernels)


def test_awkward_c_is_instrumented_without_changing_behaviour(tmp_path: Path) -> None:
    folder = KERNELS / "robustness"
    source = parse_source(folder / "tricky.c")
    generated = instrument_cycles(source, _synthetic_design(folder / "tricky.c", "tricky"), "synthetic")
    (tmp_path / "tricky.c").write_text(generated.source)
    (tmp_path / "hlsight_cycles.h").write_text(generated.header)
    plain = build_and_run([folder / "tricky.c", folder / "tb.c"], [folder], tmp_path / "plain")
    counted = build_and_run([tmp_path / "tricky.c", folder / "tb.c"], [tmp_path], tmp_path / "counted",
                            env={"HLSIGHT_TABLE": "-"})
    assert plain.returncode == counted.returncode == 0
    assert plain.stdout == counted.stdout
    rows = [line.split() for line in counted.stderr.decode().splitlines() if line.startswith("Loop")]
    # every loop was counted, Loop 6 (written through the LOOP_N macro) at the macro's invocation
    assert sorted(row[1] for row in rows if row[2] == "tricky") == ["1", "2", "3", "4", "4.1", "5", "6", "7", "8"]
    loop6 = next(row for row in rows if row[2] == "tricky" and row[1] == "6")
    assert int(loop6[-2]) == 3 * int(loop6[-3]) > 0  # LOOP_N(i, 3): three iterations per entry
    assert sorted(row[2] for row in rows if row[2] != "tricky") == ["helper", "make_pair", "pick"]
    rules = [d.rule for d in generated.diagnostics]
    assert "instrument-loop-macro" not in rules and "instrument-report-loop-unmatched" not in rules


def test_extra_sources_and_testbench_output(tmp_path: Path) -> None:
    folder = KERNELS / "imperfect_nest"
    helper = tmp_path / "rows.c"
    helper.write_text("int rows_to_sum(void) { return 3; }\n")
    testbench = tmp_path / "tb.c"
    testbench.write_text((folder / "tb.c").read_text()
                         .replace("row_sums(m, 3, out);", "row_sums(m, rows_to_sum(), out);")
                         .replace("int main(void)", "int rows_to_sum(void);\nint main(void)"))
    result = run_cli("simulate", str(folder / "row_sums.c"), "--report", str(folder / "report"),
                     "--testbench", str(testbench), "--extra", str(helper), "--show-output")
    assert result.code == 0, result.stderr
    assert "total: 23 cycles" in result.stdout
    assert "row 2: 15" in result.stderr
    missing = run_cli("simulate", str(folder / "row_sums.c"), "--report", str(folder / "report"),
                      "--testbench", str(testbench))
    assert missing.code == 2 and "does not compile" in missing.stderr


def test_compiler_made_loop_of_a_module_without_latency_is_counted_once_per_call() -> None:
    """Outside check: a public Vitis 2023.2 NMS kernel (latency "?") left its
    initialiser loop, 4,950 cycles, out of the simulated total (-15.5 % from
    co-simulation; -8.0 % with it)."""
    folder = KERNELS / "generated_init"
    document = _simulate(folder / "prefix_sum.c", folder / "report", folder / "tb.c")
    (note,) = [d for d in document["diagnostics"] if d["rule"] == "instrument-report-loop-unmatched"]  # type: ignore[union-attr]
    assert note["severity"] == "note"
    assert "its 64 cycles are counted once per call of 'prefix_sum'" in note["message"]


def test_a_top_named_through_a_macro_with_vivado_memset_and_an_include_folder() -> None:
    """Outside check: a public SHA-3 (Vivado HLS 2018.3, pqcrystals naming)
    simulated to 0 cycles ("the testbench never called the top"): its top is
    defined through ``#define sha3_256 pqcrystals_..._sha3_256``; its
    ``memset_t`` initialiser (199 cycles) matched no source loop; and the
    header folder given with ``--cflags -I`` was not searched by the parse.
    Hand count (make_reports.py): memset_acc 63 + SUM 10 x IL 3 = 93."""
    folder = KERNELS / "macro_named_top"
    document = _simulate(folder / "prefix_sum.c", folder / "report", folder / "tb.c",
                         "--cflags", f"-O1 -I {folder / 'inc'}")
    assert document["cycles"] == 93
    assert _loops(document)["SUM"] == (10, 30)
    (note,) = [d for d in document["diagnostics"] if d["rule"] == "instrument-report-loop-unmatched"]  # type: ignore[union-attr]
    assert note["severity"] == "note"
    assert "'memset_acc'" in note["message"]
    assert "(a Vivado 'memset_<array>' is a loop the compiler made, an array initialiser)" in note["message"]
    assert "its 63 cycles are counted once per call of 'ref_lib_prefix_sum'" in note["message"]
    assert not [d for d in document["diagnostics"] if d["rule"] == "instrument-skipped"]  # type: ignore[union-attr]
    # without the folder: one message naming the options that give it
    result = run_cli("simulate", str(folder / "prefix_sum.c"), "--report", str(folder / "report"),
                     "--testbench", str(folder / "tb.c"))
    assert result.code == 2 and "Traceback" not in result.stderr
    assert "names.h: No such file or directory" in result.stderr and '--cflags "-I DIR"' in result.stderr


def test_include_folders_of_the_compile_flags_and_of_hls_include_reach_the_parse(tmp_path: Path) -> None:
    """The parse preprocesses with the folders ``--cflags`` names (as gcc
    does) and, for C, the ``--hls-include`` folder (Vivado HLS C's
    ``ap_cint.h`` lives there), then hlsight's model folder, whose
    ``ap_cint.h`` serves without one."""
    assert flag_include_dirs(["-O2", "-I", "a", "-Ib", "-isystem", "c", "-iquoted", "-DX=1", "-I"]) == [
        Path("a"), Path("b"), Path("c"), Path("d")]
    vendor = tmp_path / "vendor"
    vendor.mkdir()
    (vendor / "ap_int.h").write_text("/* C++ only */\n")
    (vendor / "ap_cint.h").write_text("typedef unsigned int uint7;\n")
    source = tmp_path / "k.c"
    source.write_text("#include <ap_cint.h>\nint k(uint7 x) { return x + 1; }\n")
    parsed = parse_source(source, hls_include=str(vendor))
    assert "k" in parsed.functions and parsed.include_dirs[-2:] == (vendor, MODEL_INCLUDE)
    modelled = parse_source(source)
    assert "k" in modelled.functions and modelled.include_dirs[-1] == MODEL_INCLUDE


def test_a_function_like_macro_signature_is_not_taken_for_the_name(tmp_path: Path) -> None:
    """The macro rule takes an identifier only when the parameter list after
    it names the definition's parameters: ``DEFINE(prefix_sum)`` writes the
    whole signature, so the function stays uninstrumented, said as such."""
    source = tmp_path / "prefix_sum.c"
    source.write_text("#define DEFINE(name) int name(const int in[64], int n)\n"
                      "DEFINE(prefix_sum)\n{\n    int total = 0;\n    SUM: for (int j = 0; j < n; j++)\n"
                      "        total += in[j];\n    return total;\n}\n")
    instrumented = instrument_cycles(parse_source(source), _synthetic_design(source, "prefix_sum"), "synthetic")
    assert "function 'prefix_sum' is not instrumented: its name could not be located in the source text (macro?)" \
        in " ".join(diagnostic.message for diagnostic in instrumented.diagnostics)


def test_an_unmatched_top_level_loop_of_an_exact_module_is_counted(tmp_path: Path) -> None:
    """A source loop no report loop matches, at the top level of a module
    whose latency is exact, is inside that latency (eq. 6's residual): the
    total was right (268) but was called "a lower bound" (a public FFT whose
    outlined loops' reports were missing: 627 = the report's)."""
    folder = KERNELS / "unrolled_init"
    source = tmp_path / "scale_sum.c"
    original = "    for (int j = 0; j < 64; j++) {      /* line 15: VITIS_LOOP_15_2 */"
    labelled = "    BODY: for (int j = 0; j < 64; j++) {"
    source.write_text((folder / "scale_sum.c").read_text().replace(original, labelled))
    testbench = tmp_path / "tb.c"
    testbench.write_text("#include <stdio.h>\nint scale_sum(const int in[8], int k);\nint main(void) {\n"
                         "    int in[8] = {1, 2, 3, 4, 5, 6, 7, 8};\n    printf(\"%d\\n\", scale_sum(in, 2));\n"
                         "    return 0;\n}\n")
    document = _simulate(source, folder / "report", testbench)
    assert document["cycles"] == 268
    (unmatched,) = [d for d in document["diagnostics"] if d["rule"] == "instrument-loop-unmatched"]  # type: ignore[union-attr]
    assert unmatched["severity"] == "note"
    assert "counted in the exact latency of module 'scale_sum' (268 cycles per call)" in unmatched["message"]
    text = run_cli("simulate", str(source), "--report", str(folder / "report"), "--testbench", str(testbench)).stdout
    assert "a lower bound" not in text


def test_a_testbench_that_never_calls_the_top_gets_zero_cycles_said_as_such(tmp_path: Path) -> None:
    """A testbench returning 0 without calling the top wrote no cycle table
    (registered at the first instrumented block): it was told it "ended
    before the cycle table was written: it exited with status 0"."""
    folder = KERNELS / "generated_init"
    testbench = tmp_path / "tb.c"
    testbench.write_text("#include <stdio.h>\nint main(void) { puts(\"no call\"); return 0; }\n")
    document = _simulate(folder / "prefix_sum.c", folder / "report", testbench)
    assert document["cycles"] == 0
    assert "the testbench never called the top function" in " ".join(
        d["message"] for d in document["diagnostics"] if d["rule"] == "simulate-zero-cycles")  # type: ignore[index]


def test_a_testbench_compile_error_names_the_testbench(tmp_path: Path) -> None:
    """The error named the kernel source and the scratch copy of the
    testbench (gone after the run)."""
    folder = KERNELS / "generated_init"
    testbench = tmp_path / "bad_tb.c"
    testbench.write_text("#include <stdio.h>\nint main(void) { int x = ; return 0; }\n")
    result = run_cli("simulate", str(folder / "prefix_sum.c"), "--report", str(folder / "report"),
                     "--testbench", str(testbench))
    assert result.code == 2 and "Traceback" not in result.stderr
    (line,) = result.stderr.splitlines()
    # gcc's diagnostic, the file named once: it was "tb.c: the program does not compile: tb.c:2:26: error: ..."
    assert line.startswith(f"{testbench}:2:26: error: expected expression before ")
    assert line.endswith("; the program does not compile (expected C that gcc compiles with the testbench (and"
                         " --extra files))") and line.count(str(testbench)) == 1
    assert "hlsight-sim-" not in result.stderr and "hlsight_tb_" not in result.stderr


@pytest.mark.parametrize("command", ["simulate", "instrument"])
def test_a_design_file_compile_error_is_one_gcc_diagnostic_naming_the_file_once(command: str, tmp_path: Path) -> None:
    """gcc's error in a design source was said as ``k.c: the program does
    not compile: k.c:10:37: error: ...``: now it is gcc's own
    ``file:line:col: severity: message`` line, the file once, what it stopped
    after it; exit 2, no traceback. ``instrument --mode tripcount
    --testbench`` builds the same way."""
    folder = KERNELS / "imperfect_nest"
    source = tmp_path / "row_sums.c"
    text = (folder / "row_sums.c").read_text(encoding="utf-8")
    source.write_text(text.replace("int acc = 0;", "int acc = 0; int *bad = 1.5;"), encoding="utf-8")
    output = tmp_path / "out.c"
    argv = (("simulate", str(source), "--report", str(folder / "report")) if command == "simulate" else
            ("instrument", str(source), "--mode", "tripcount", "-o", str(output)))
    result = run_cli(*argv, "--testbench", str(folder / "tb.c"))
    assert result.code == 2 and "Traceback" not in result.stderr
    (line,) = result.stderr.splitlines()
    column = source.read_text(encoding="utf-8").splitlines()[9].index("1.5") + 1  # gcc points at the value
    assert line.startswith(f"{source}:10:{column}: error: incompatible types when initializing type"), line
    assert line.endswith("; the program does not compile (expected C that gcc compiles with the testbench (and"
                         " --extra files))"), line
    assert line.count("row_sums.c") == 1 and "hlsight-sim-" not in line and not output.exists()


def test_a_located_warning_as_error_keeps_gcc_form_without_a_column(tmp_path: Path) -> None:
    """gcc says a pragma it ignores at ``file:line:`` (no column): still one
    diagnostic in that form (-Werror makes it the error)."""
    folder = KERNELS / "imperfect_nest"
    result = run_cli("simulate", str(folder / "row_sums.c"), "--report", str(folder / "report"), "--testbench",
                     str(folder / "tb.c"), "--cflags", "-std=c99 -Werror=unknown-pragmas")
    assert result.code == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"{folder / 'row_sums.c'}:13: error: ignoring ‘#pragma HLS pipeline’"), line


def test_pass_one_with_nothing_to_add_says_so(tmp_path: Path) -> None:
    """Every count in the report (HLScope+ Table II): the output is the
    source unchanged, which was written without a word."""
    output = tmp_path / "out.c"
    result = run_cli("instrument", str(QSORT / "qsort.c"), "--mode", "tripcount", "--report",
                     str(QSORT / "report_table2"), "-o", str(output), "-v")
    assert result.code == 0, result.stderr
    assert output.read_text() == (QSORT / "qsort.c").read_text()
    assert ("note: no loop needs a trip-count pragma (the report gives every loop's trip count or HLS unrolls the"
            " loop): the output is the source unchanged (loops in lambdas, templates and class members are not"
            " instrumented: their data-dependent counts get no pragma) [tripcount-none-needed]") in result.stderr


def test_a_report_loop_nested_in_a_matched_loop_is_not_claimed_counted(tmp_path: Path) -> None:
    """MachSuite SpMV (Vitis 2022.2, latency 2,965 ~ 3,298,933) with its
    inner loop moved into a C++ lambda, which is not instrumented: simulate
    gave 2,965 cycles (the outer loop at its minimum IL, 13,581 run on the
    real source) and said the inner loop's 6,672 cycles were "counted in
    the latency of module 'spmv'", with no lower bound said. The 6,672 is
    the report's longest entry (0 ~ 6,672, entered once per row): said as
    "up to ... per entry", not as a total left out."""
    folder = SHARED / "instrument" / "vitis2022.2.2_machsuite_spmv_crs"
    for name in ("spmv.h", "spmv_crs.h", "support.h", "tb.c", "tb_data.h"):
        (tmp_path / name).write_text((folder / name).read_text())
    source = tmp_path / "spmv_lambda.cpp"
    source.write_text('#include "spmv.h"\nvoid spmv(TYPE val[NNZ], int32_t cols[NNZ], int32_t rowDelimiters[N+1],'
                      " TYPE vec[N], TYPE out[N]){\n    int i;\n    auto rowdot = [&](int b, int e) {\n"
                      "        TYPE sum = 0;\n"
                      "        spmv_2 : for (int j = b; j < e; j++) sum += val[j] * vec[cols[j]];\n"
                      "        return sum;\n    };\n    spmv_1 : for(i = 0; i < N; i++){\n"
                      "        out[i] = rowdot(rowDelimiters[i], rowDelimiters[i+1]);\n    }\n}\n")
    result = run_cli("simulate", str(source), "--report", str(folder / "report"), "--testbench",
                     str(tmp_path / "tb.c"), "--top", "spmv")
    assert result.code == 0, result.stderr
    assert "  a lower bound: 1 part(s) of the design are not counted" in result.stdout
    assert ("warning: report loop 'spmv_2' of module 'spmv' matches no source loop (by label, Vivado 'Loop N.M'"
            " position or Vitis 'VITIS_LOOP_<line>_<k>'); its cycles (up to 6,672 cycles per entry) are not counted"
            " (e.g. a loop") in result.stdout
