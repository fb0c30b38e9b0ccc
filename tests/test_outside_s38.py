"""Findings of session 38's outside sweeps and review, each on a corpus
input or on a corpus input rewritten into the public shape it stands for."""

from __future__ import annotations

import shutil
from pathlib import Path, PurePath

from hlsight.analyzer.pipeline import analyze
from hlsight.core.model import (
    Design,
    Device,
    Interface,
    Kernel,
    KernelKind,
    LatencyRange,
    Product,
    SourceFile,
    ToolInfo,
    Vendor,
)
from hlsight.parsers.loader import load_design
from hlsight.reporters.present import estimate_headline
from tests.conftest import CORPUS, FIXTURES, run_cli

KMERS = CORPUS / "aoc" / "oneapi2023.0_s10mx_kmers" / "less_work_but_slower" / "reports_v12_m_v9_half"


def test_a_report_compiled_on_windows_keeps_its_write_ack_stores(tmp_path: Path) -> None:
    """The Global memory view's stores are keyed by file name and line; a
    store's own file was split with ``Path(...).name``, which on Linux does
    not split ``C:\\Users\\...\\k.cpp``, so a Windows-compiled report lost
    its write-ack stores (kmers' store at line 986 turned back into a
    plain burst-coalesced one)."""
    copy = tmp_path / "reports"
    shutil.copytree(KMERS, copy)
    linux = "/ihome/ageorge/opl1/Documents/k_mers/kmer_testing/./src/"
    windows = "C:\\\\Users\\\\u\\\\kmer_testing\\\\src\\\\"  # as JSON spells C:\Users\u\kmer_testing\src\
    for path in (copy / "resources").rglob("*"):
        if path.is_file() and path.suffix in (".json", ".js"):
            text = path.read_text(encoding="utf-8")
            path.write_text(text.replace(linux, windows), encoding="utf-8")
    design = load_design(copy)
    stores = {(lsu.location.file, lsu.location.line, lsu.write_ack) for kernel in design.kernels
              for lsu in kernel.global_lsus() if lsu.kind.value == "store" and lsu.location is not None}
    assert ("C:\\Users\\u\\kmer_testing\\src\\two_bit_v19_HBM_test_v12_medium_v9_half.cpp", 986, True) in stores


def test_a_coalesced_outer_loop_counts_its_merged_iterations_for_the_accesses() -> None:
    """HPCC PTRANS (aoc 19.4, a public 520N run): ``#pragma loop_coalesce 2``
    merges block_col (line 37) into block_row's loop B1, around B4's
    512-bit load. B4's block runs B1.trip x L37.trip x B4's own iterations;
    the access count left L37 out (16x too few bytes at 16 x 16 blocks, a
    memory-bound kernel called compute-bound), while the pipeline time
    counted it. A "Coalesced loop" on the block's own path counts once."""
    from hlsight.analyzer.compute_model import loop_nest_executions
    from hlsight.core.model import InitiationInterval, Kernel, KernelKind, Loop, SourceLocation

    def coalesced(line: int, children: list[Loop] | None = None) -> Loop:
        return Loop(name="Coalesced loop", location=SourceLocation("transpose_optimized.cl", line),
                    children=children or [])

    b4 = Loop(name="transpose.B4", pipelined=True, ii=InitiationInterval(1), children=[coalesced(45)])
    b1 = Loop(name="transpose.B1", pipelined=True, ii=InitiationInterval(1), children=[coalesced(37), b4])
    kernel = Kernel(name="transpose", kind=KernelKind.SINGLE_WORK_ITEM, loops=[b1])
    count = loop_nest_executions(kernel, "transpose.B4", [])
    assert str(count) == ("loop.transpose.B1.trip*loop.transpose.B4.trip*loop.transpose.Coalesced_loop_L37.trip"
                          "*loop.transpose.Coalesced_loop_L45.trip")
    # the merged loop holding the block: B1 x L37 x B5, L37 once
    b5 = Loop(name="transpose.B5", pipelined=True, ii=InitiationInterval(1))
    nested = Kernel(name="transpose", kind=KernelKind.SINGLE_WORK_ITEM,
                    loops=[Loop(name="transpose.B1", pipelined=True, children=[coalesced(37, [b5])])])
    assert str(loop_nest_executions(nested, "transpose.B5", [])) == (
        "loop.transpose.B1.trip*loop.transpose.B5.trip*loop.transpose.Coalesced_loop.trip")


def _s2mm(part: str = "xcu280-fsvh2892-2L-e") -> Design:
    """A public 2021.2 U280 stream-to-memory kernel's shape: one 512-bit
    m_axi bundle, an AXI-stream input, latency "undef" and no loop in the
    report (its loop runs until the stream's last beat)."""
    ports = [Interface("control", "s_axi", 32), Interface("krnl_s2mm", "ap_ctrl_hs"),
             Interface("m_axi_gmem", "m_axi", 512, bundle="gmem"), Interface("n2k", "axis", 512)]
    kernel = Kernel("krnl_s2mm", kind=KernelKind.FUNCTION, latency=LatencyRange(None, None), is_top=True,
                    interfaces=ports, clock_target_ns=3.33)
    return Design(tool=ToolInfo(Vendor.XILINX, Product.VITIS_HLS, "2021.2"), root=Path("hand"), name="krnl_s2mm",
                  device=Device("virtexuplus", part), kernels=[kernel])


def _sourced_top(name: str, source: str, loop_line: int, trip: int, bundles: list[str], latency: int,
                 version: str = "2022.2", path: str | None = None) -> Design:
    """A Vitis top with its C source, one pipelined loop of ``trip`` at
    ``loop_line`` (II 1) and 32-bit m_axi ``bundles``."""
    from hlsight.core.model import InitiationInterval, Loop, SourceLocation, TripCount

    loop = Loop(f"VITIS_LOOP_{loop_line}_1", pipelined=True, ii=InitiationInterval(1), pipeline_depth=3,
                trip_count=TripCount(trip, trip), location=SourceLocation(path or f"{name}.c", loop_line))
    ports = [Interface("control", "s_axi", 32),
             *(Interface(f"m_axi_{bundle}", "m_axi", 32, bundle=bundle) for bundle in bundles)]
    kernel = Kernel(name, kind=KernelKind.FUNCTION, latency=LatencyRange(latency, latency), is_top=True, loops=[loop],
                    interfaces=ports, clock_target_ns=10.0)
    return Design(tool=ToolInfo(Vendor.XILINX, Product.VITIS_HLS, version), root=Path("hand"), name=name,
                  device=Device("zynq", "xc7z020-clg400-1"), kernels=[kernel],
                  source_files=[SourceFile(path or f"{name}.c", PurePath(path or f"{name}.c").name, source)])


def test_a_u280_report_says_the_memory_it_assumes() -> None:
    """The U280 has DDR4 and HBM2; which one v++ links a port to is in no
    HLS report (a public U280 run used HBM[0] only). DDR4 stays the
    assumption, now said with the way to the other, and the U50 (HBM only)
    is not asked about."""
    result = analyze(_s2mm(), {"axi.krnl_s2mm.gmem.bytes": 1 << 20})
    assert result.memory_profile == "ddr4-u280"
    assert ("the card has DDR4 and HBM2 and the HLS report does not say which memory v++ links the m_axi ports to"
            " ([connectivity] sp=): DDR4 assumed; --memory hbm2-u280 for HBM") in result.memory_profile_why
    u50 = analyze(_s2mm("xcu50-fsvh2104-2-e"), {"axi.krnl_s2mm.gmem.bytes": 1 << 20})
    assert u50.memory_profile == "hbm2-u280" and "DDR4 assumed" not in u50.memory_profile_why


def test_a_kernel_without_a_schedule_is_a_lower_bound() -> None:
    """Its number was the m_axi transfer time alone, "58.3 us,
    memory-bound", with "scheduled time 0" only among the JSON's
    assumptions: now "at least", no bound named, and said with it."""
    estimate = analyze(_s2mm(), {"axi.krnl_s2mm.gmem.bytes": 1 << 20}).estimates["krnl_s2mm"]
    assert estimate.seconds is not None and estimate.left_out == ["krnl_s2mm's schedule"]
    assert estimate.bound == "unknown" and estimate.compute_seconds is None
    assert any("its m_axi transfer time alone, a lower bound" in caveat for caveat in estimate.caveats)
    assert estimate_headline(estimate).startswith("at least ")


def test_a_bank_number_zero_says_banks_count_from_one() -> None:
    result = run_cli("analyze", str(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "vectoradd"),
                     "--set", "lsu.vectoradd/load0.bank=0")
    assert result.code == 2
    assert "(expected a bank number from 1 (the report's banks are 1, 2, ...))" in result.stderr


SVM = FIXTURES / "instrument" / "svm_dataflow"


def test_a_generated_process_beside_other_processes_is_not_the_whole_body(tmp_path: Path) -> None:
    """A public hls4ml top (Vivado HLS 2019.2) writes its ``const_size``
    assignments into a ``Block_proc`` beside its layer processes; the
    planner took that one generated process for the whole body and
    ``simulate`` said 0 cycles against 777 co-simulated. The corpus's SVM
    classifier has the same shape (Block_proc, load_data55, compute_class):
    937 cycles and a false 'residual set to 0' before, the report's 1,038 now."""
    result = run_cli("simulate", "--testbench", str(SVM / "tb.c"), "--report",
                     str(CORPUS / "vivado" / "vhls2018.2_svm_classifier_dataflow"), str(SVM / "classify.c"),
                     "--run-dir", str(tmp_path))
    assert result.code == 0, result.stderr
    assert "  function classify: 1,038 cycles in 1 call(s)" in result.stdout
    assert "instrument-single-process" not in result.stdout + result.stderr
    assert "instrument-residual-negative" not in result.stdout + result.stderr


def test_switch_cases_are_exclusive_arms_of_the_longest_path() -> None:
    """A public 2022.1 equalizer's state machine: cases of 107 + 357, 111
    and 2 cycles were summed (571 an iteration against the report's 469,
    'residual set to 0'); a case without ``break`` falls through."""
    from pycparser import c_ast, c_parser

    from hlsight.analyzer.instrument.plan import _LongestPath

    class Costs:
        """The planner's side: a call's report latency; anything else composed by node type."""

        def __init__(self) -> None:
            self.paths = _LongestPath(self)  # type: ignore[arg-type]
            self.latency = {"clear": 107, "read": 357, "accumulate": 111, "idle": 2}

        def _maxpath(self, node: c_ast.Node | None) -> int | None:
            if node is None:
                return 0
            if isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID):
                return self.latency[node.name.name]
            return self.paths.latency(node)

    def longest(body: str) -> int | None:
        function = c_parser.CParser().parse(f"void f(int s) {{ {body} }}").ext[0]
        return Costs()._maxpath(function.body.block_items[0])

    machine = ("switch (s) { case 0: idle(); break; case 1: clear(); read(); break;"
               " case 2: accumulate(); break; default: break; }")
    assert longest(machine) == 107 + 357
    assert longest("switch (s) { case 0: clear(); case 1: accumulate(); break; case 2: read(); break; }") == 357
    assert longest("switch (s) { case 0: clear(); case 1: accumulate(); break; default: idle(); }") == 107 + 111


def test_parts_beyond_the_reports_longest_iteration_are_exclusive() -> None:
    """The equalizer's ``Running_Loop`` (report: iteration 2 ~ 469) holds
    three loops of 107, 357 and 111 cycles in different cases of a
    ``switch``: summed, 575 an iteration (58,650 for 102 iterations,
    above what the report allows); the report's longest iteration is the
    worst path."""
    from hlsight.core.model import InitiationInterval, Loop, TripCount

    def pipelined(name: str, latency: int) -> Loop:
        return Loop(name, pipelined=True, ii=InitiationInterval(1), trip_count=TripCount(latency - 8, latency - 8),
                    latency=LatencyRange(latency, latency), iteration_latency=9)

    running = Loop("Running_Loop", pipelined=False, trip_count=TripCount(102, 102),
                   iteration_latency_range=LatencyRange(2, 469),
                   children=[pipelined("Coef_Clear_Loop", 107), pipelined("Coef_Read_Loop", 357),
                             pipelined("Shift_Accumulate_Loop", 111)])
    kernel = Kernel("equalizer", kind=KernelKind.FUNCTION, latency=LatencyRange(None, None), is_top=True,
                    loops=[running], clock_target_ns=10.0)
    design = Design(tool=ToolInfo(Vendor.XILINX, Product.VITIS_HLS, "2022.1"), root=Path("hand"), name="equalizer",
                    device=Device("zynq", "xc7z020-clg400-1"), kernels=[kernel])
    cycles = analyze(design, {}).estimates["equalizer"].cycles
    assert cycles is not None and cycles.cycles == 469 * 102
    assert any("its parts add up to 575 cycles an iteration, more than the report's longest iteration (469)" in note
               for note in cycles.notes)


def test_a_testbench_that_says_why_on_stdout_is_quoted(tmp_path: Path) -> None:
    """A public 2024.2 FIR testbench prints "ERROR: Can't open
    stimulus_01.res" on stdout and calls exit(999): the message said only
    "exited with status 231" (the last stderr line, empty)."""
    case = FIXTURES / "instrument" / "dataflow_pipo"
    testbench = tmp_path / "tb.c"
    testbench.write_text(
        "#include <stdio.h>\n#include <stdlib.h>\n#define N 256\nvoid pipo_top(const int in[N], int out[N], int n);\n"
        "int main(void)\n{\n    static int in[N], out[N];\n    FILE *f = fopen(\"stimulus_01.res\", \"r\");\n"
        "    if (!f) { printf(\"ERROR: Can't open stimulus_01.res\\n\"); exit(999); }\n"
        "    pipo_top(in, out, 10);\n    return 0;\n}\n", encoding="utf-8")
    failed = run_cli("simulate", str(case / "pipo.c"), "--report", str(case / "report"), "--testbench", str(testbench))
    assert failed.code == 2
    assert ("the testbench ended before it called the top (no cycle table was written): it exited with status 231"
            " after printing \"ERROR: Can't open stimulus_01.res\"") in failed.stderr


def test_the_header_model_has_ap_shift_reg(tmp_path: Path) -> None:
    """Upstream hls4ml's ``nnet_conv2d_stream.h`` includes ``ap_shift_reg.h``:
    without it, a public hls4ml design's source was not read ('file not
    found') and simulate stopped. Its semantics (UG1399 "Shift
    Registers"): shift returns the value at the address as it was."""
    import subprocess

    from hlsight.parsers.cxx.hls_headers import MODEL_INCLUDE

    program = tmp_path / "shift.cpp"
    program.write_text(
        '#include "ap_shift_reg.h"\n#include <cstdio>\nint main() {\n    ap_shift_reg<int, 4> line;\n'
        '    int out[6];\n    for (int i = 0; i < 6; i++) out[i] = line.shift(i + 1, 3);\n'
        '    int last = line.shift(99, 1, false);\n'
        '    std::printf("%d %d %d %d %d %d %d %d %d\\n", out[0], out[3], out[4], out[5], last, line.read(0),'
        ' line.read(), line.read(2), line.read(1));\n    return 0;\n}\n', encoding="utf-8")
    binary = tmp_path / "shift"
    built = subprocess.run(["g++", "-std=c++14", "-Wall", "-I", str(MODEL_INCLUDE), str(program), "-o", str(binary)],
                           capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stderr
    printed = subprocess.run([str(binary)], capture_output=True, text=True, check=False, timeout=30).stdout
    # after 1..6 the cells are 6 5 4 3; the fourth shift returned the empty cell 3, the fifth 1, the sixth 2
    assert printed.split() == ["0", "0", "1", "2", "5", "6", "3", "4", "5"]


def test_a_header_below_the_source_root_is_found_for_the_parse(tmp_path: Path) -> None:
    """A public 2025.1 project keeps the header its kernel includes in
    another folder (``hardware_reference/parameters``), which its build puts
    on the include path; clang said "'reconstruction_params.h' file not
    found" though the help promises files are found by name below
    --source-root. The shared gaussian's header moved the same way."""
    from tests.conftest import SHARED

    gaussian = SHARED / "instrument" / "vitis2020.2_gaussian"
    (tmp_path / "src").mkdir()
    (tmp_path / "include").mkdir()
    shutil.copyfile(gaussian / "upstream" / "gaussian.cpp", tmp_path / "src" / "gaussian.cpp")
    shutil.copyfile(gaussian / "upstream" / "gaussian.h", tmp_path / "include" / "gaussian.h")
    result = run_cli("analyze", "-v", str(gaussian / "report"), "--source-root", str(tmp_path))
    assert result.code == 0, result.stderr
    assert "access-source-unparsed" not in result.stdout and "file not found" not in result.stdout


def test_a_continued_interface_pragma_keeps_its_bundle() -> None:
    """``#pragma HLS INTERFACE m_axi port=input \\`` continued on the next
    line with ``bundle=gmem0``: the bundle was lost, and with two bundles
    neither port's accesses were counted ("read or write not in the report
    nor the source: timed as reads")."""
    source = ("void scale(const int *input, int *output)\n{\n"
              "#pragma HLS INTERFACE m_axi port=input \\\n    offset=slave bundle=gmem0 depth=1024\n"
              "#pragma HLS INTERFACE m_axi port=output \\\n    offset=slave bundle=gmem1 depth=1024\n"
              "    for (int i = 0; i < 1024; i++) {\n#pragma HLS PIPELINE II=1\n"
              "        output[i] = 3 * input[i];\n    }\n}\n")
    result = analyze(_sourced_top("scale", source, 7, 1024, ["gmem0", "gmem1"], 1027), {})
    notes = sorted(diag.message.split(", from the source")[0] for diag in result.diagnostics
                   if diag.rule == "axi-derived")
    assert notes == ["m_axi_gmem0 of scale moves 4096 bytes per call (consecutive)",
                     "m_axi_gmem1 of scale moves 4096 bytes per call (consecutive)"]


def test_a_source_missing_its_generated_header_says_which_name_it_lacks() -> None:
    """HPCC PTRANS includes the CMake-generated ``parameters.h`` for its
    ``DEVICE_DATA_TYPE``: "pycparser rejected the C source: before: *"
    named neither the header nor the type, and every loop trip had to be
    given by hand."""
    import pytest

    from hlsight.core.errors import InputError
    from hlsight.parsers.csource.frontend import Dialect, parse_c_text

    source = ('#include "parameters.h"\n__kernel\nvoid transpose(__global DEVICE_DATA_TYPE *restrict A,\n'
              "               const uint number_of_blocks) { }\n")
    with pytest.raises(InputError) as raised:
        parse_c_text(source, "transpose_optimized.cl", Dialect.OPENCL)
    assert raised.value.message == (
        "before: * (the source includes \"parameters.h\", not found here and left out: `DEVICE_DATA_TYPE` may be a"
        " type or macro one of them defines; a header the build generates? --source-root DIR with it)")


def test_a_coalescing_loops_count_is_said_to_be_its_own_levels() -> None:
    """HPCC PTRANS: "loop.transpose.B1.trip: the loop at :36" read as B1's
    runs (256, after coalescing), which with L37's 16 counts 16 x too many."""
    from hlsight.core.model import InitiationInterval, Loop, SourceLocation
    from hlsight.reporters.present import trip_symbol_loops

    coalesced = Loop(name="Coalesced loop", location=SourceLocation("transpose_optimized.cl", 37))
    b1 = Loop(name="transpose.B1", pipelined=True, ii=InitiationInterval(1), children=[coalesced],
              location=SourceLocation("transpose_optimized.cl", 36))
    design = Design(tool=ToolInfo(Vendor.INTEL, Product.AOC, "19.4.0"), root=Path("hand"),
                    kernels=[Kernel("transpose", kind=KernelKind.SINGLE_WORK_ITEM, loops=[b1])])
    said = trip_symbol_loops(design, ["loop.transpose.B1.trip", "loop.transpose.Coalesced_loop.trip"])
    assert said["loop.transpose.B1.trip"] == ("the loop at transpose_optimized.cl:36; that level's count alone: the"
                                              " loops coalesced into it count on their own"
                                              " (loop.transpose.Coalesced_loop.trip)")


def test_a_loop_around_a_dataflow_region_overlaps_its_iterations() -> None:
    """A public Vivado HLS 2019.2 Alveo kernel puts ``#pragma HLS DATAFLOW``
    in a loop of 5: its report's instance ``dataflow_in_loop`` (69,161
    cycles, a new start every 15,602 ~ 62,066) and ``Loop 1`` 131,570 ~
    317,426 (iteration latency 69,163). Counted as 5 whole iterations it was
    345,815, above the report's maximum, explained as exclusive branches."""
    from hlsight.core.model import Instance, Loop, TripCount

    loop = Loop("Loop 1", pipelined=False, trip_count=TripCount(5, 5), latency=LatencyRange(131570, 317426),
                iteration_latency=69163)
    region = Instance("dataflow_in_loop_U0", "dataflow_in_loop", latency=LatencyRange(69161, 69161),
                      interval=LatencyRange(15602, 62066), pipeline_type="dataflow")
    kernel = Kernel("alveo_hls4ml", kind=KernelKind.FUNCTION, latency=LatencyRange(131571, 317427), is_top=True,
                    loops=[loop], instances=[region], clock_target_ns=5.0)
    design = Design(tool=ToolInfo(Vendor.XILINX, Product.VIVADO_HLS, "2019.2"), root=Path("hand"),
                    name="alveo_hls4ml", device=Device("virtexuplus", "xcu50-fsvh2104-2L-e"), kernels=[kernel])
    cycles = analyze(design, {}).estimates["alveo_hls4ml"].cycles
    assert cycles is not None and cycles.cycles == 4 * 62066 + 69162 + 1
    assert [(part.name, part.cycles) for part in cycles.parts] == [
        ("Loop 1", 317426), ("(own control and straight-line code)", 1)]
    assert not any("exclusive branches" in note for note in cycles.notes)
    assert any("the worst case 62,066 is used" in note for note in cycles.notes)


def test_a_loop_carried_dependency_keeps_invocations_apart_and_counts_the_latch() -> None:
    """A public oneAPI 2025.0 Dijkstra (single task, Agilex 7): loop_attr
    gives B1 ``"ld":"2898", "le":"…B2", "lllt":"2903.000000", "lt":"6"`` (its
    next iteration waits for the unrolled update in latch B2, 2,897 cycles)
    and B3 ``"ii":"107", "mi":"107"``: B3's invocations were taken as
    interleaved and B2 dropped, 1,266 cycles where the report's own schedule
    is 10 x (1,260 + 2,903) = 41,630 (the variants ranked the wrong way)."""
    from hlsight.analyzer.compute_model import interleaved_cycles, invocations_in_flight
    from hlsight.core.model import Loop
    from hlsight.parsers.intel.loops import loops_from_attr

    node = {"children": [{"name": "Dijkstra.B1", "type": "loop", "ii": "1", "lt": "6.000000", "lllt": "2903.000000",
                          "ld": "2898", "le": "Dijkstra.B2", "limiter": "1", "mi": "1", "pl": "Yes", "tc": "10",
                          "children": [
                              {"name": "Dijkstra.B3", "type": "loop", "ii": "107", "lt": "190.000000", "mi": "107",
                               "pl": "Yes", "tc": "11"},
                              {"name": "Dijkstra.B2", "type": "latch", "ii": "1", "lt": "2897.000000", "tc": "10"}]}]}
    (b1,) = loops_from_attr(node)
    assert (b1.carried_latency, b1.latch_iteration_latency, b1.iteration_latency) == (2898, 2903, 6)
    (b3,) = b1.sub_loops
    assert isinstance(b3, Loop) and invocations_in_flight(b1, b3) == 1
    notes: list[str] = []
    issue, drain = interleaved_cycles(b1, notes)
    assert issue + drain == 10 * ((107 * 11 + (190 - 107)) + 2903)
    assert any("waits for a dependency of 2,898 cycles" in note for note in notes)


def test_a_bare_file_name_takes_the_full_path_the_report_gives_elsewhere() -> None:
    """oneAPI 2025's loops.ndjson names a fully unrolled loop's file bare and
    every other row by its path: two sources, and the kernel unmatched."""
    from hlsight.core.model import LSU, Loop, LSUKind, LSUStyle, SourceLocation
    from hlsight.parsers.intel.common import unify_file_names

    path = "/home/u/fpga_template/src/fpga_template.cpp"
    loops = [Loop("k.B1", location=SourceLocation(path, 31)),
             Loop("Fully unrolled loop", location=SourceLocation("fpga_template.cpp", 42))]
    lsus = [LSU(id="k/load0", kind=LSUKind.LOAD, style=LSUStyle.BURST_COALESCED, style_raw="Burst-coalesced",
                width_bits=32, is_global=True, location=SourceLocation("fpga_template.cpp", 43))]
    other = [Loop("j.B1", location=SourceLocation("other.cpp", 5))]
    kernels = [Kernel("k", loops=loops, lsus=lsus), Kernel("j", loops=other)]
    unify_file_names(kernels)
    assert [loop.location.file for loop in loops if loop.location] == [path, path]
    assert lsus[0].location is not None and lsus[0].location.file == path
    assert other[0].location is not None and other[0].location.file == "other.cpp"  # no full path of that name


def test_calls_of_a_fixed_latency_top_start_every_interval() -> None:
    """A public 2023.1 top (latency 3, interval 1) simulated 1,000 calls as
    3,000 cycles; co-simulation's own total for 100,000 calls is 100,002.
    An unpipelined one (latency 312, interval 313) stays summed."""
    from hlsight.analyzer.instrument.simulate import _calls_at_interval
    from hlsight.core.diagnostics import Diagnostic

    said: list[Diagnostic] = []
    pipelined = Kernel("matrixcalc", latency=LatencyRange(3, 3), interval=LatencyRange(1, 1))
    assert _calls_at_interval(pipelined, 3000, 1000, said, "m.cpp") == 1002
    serial = Kernel("matrixcalc", latency=LatencyRange(312, 312), interval=LatencyRange(313, 313))
    assert _calls_at_interval(serial, 312000, 1000, said, "m.cpp") == 312000  # no overlap: summed (-0.03 %)
    varying = Kernel("matrixcalc", latency=LatencyRange(3, 9), interval=LatencyRange(1, 1))
    assert _calls_at_interval(varying, 5000, 1000, said, "m.cpp") == 5000  # not every call the same: summed
    assert [item.rule for item in said] == ["simulate-call-interval"]


def test_an_allocation_directive_names_its_function_and_instances(tmp_path: Path) -> None:
    """``set_directive_allocation -type operation -limit 1 "matrixcalc" add``
    was read as a directive on a function 'add' ("names no function")."""
    from hlsight.analyzer.instrument.directives import parse_directives

    directives = tmp_path / "directives.tcl"
    directives.write_text('set_directive_allocation -type operation -limit 1 "matrixcalc" add\n', encoding="utf-8")
    (directive,) = parse_directives(directives)
    assert (directive.name, directive.function) == ("allocation", "matrixcalc")
    assert "instances=add" in directive.options


def test_one_report_file_given_keeps_its_co_simulation(tmp_path: Path) -> None:
    """A public 2023.1 solution's ``syn/report/csynth.xml`` given as PATH lost
    its co-simulation and its place-and-route report (the folder found
    both). bfs's solution with a co-simulation report (tests/test_vivado_cosim)."""
    from tests.conftest import SHARED

    bfs = SHARED / "instrument" / "vitis2022.2.2_machsuite_bfs_queue"
    solution = tmp_path / "solution1"
    shutil.copytree(bfs / "report", solution / "syn" / "report")
    (solution / "sim" / "report").mkdir(parents=True)
    shutil.copyfile(FIXTURES / "vivado_cosim" / "bfs_cosim.rpt", solution / "sim" / "report" / "bfs_cosim.rpt")
    out = run_cli("analyze", str(solution / "syn" / "report" / "csynth.xml"),
                  "--set", "loop.bfs.loop_queue.trip=233").stdout
    assert "co-simulation measured 112,074 cycles per call (Verilog, xsim): the cycle count above +0.0%" in out


def test_a_pipelined_tops_interval_is_said_beside_its_latency() -> None:
    """A public 2023.1 top, latency 3 and interval 1: the summary gave only
    the latency; the interval was seen only inside the co-simulation line."""
    kernel = Kernel("matrixcalc", kind=KernelKind.FUNCTION, latency=LatencyRange(3, 3), interval=LatencyRange(1, 1),
                    is_top=True, clock_target_ns=8.0)
    design = Design(tool=ToolInfo(Vendor.XILINX, Product.VITIS_HLS, "2023.1"), root=Path("hand"), name="matrixcalc",
                    device=Device("zynq", "xc7z020-clg400-1"), kernels=[kernel])
    from hlsight.reporters.hierarchy import report_latency_text

    cycles = analyze(design, {}).estimates["matrixcalc"].cycles
    assert cycles is not None and cycles.report_interval == 1
    assert report_latency_text(cycles) == ("report latency 3 cycles, a new call every 1 cycle (the report's interval:"
                                           " calls overlap)")


def test_source_pragmas_the_reports_list_does_not_hold_are_said(tmp_path: Path) -> None:
    """The report lists the pragmas it read (PragmaReport); a source whose
    pragmas it holds none of was not the file synthesized (a public 2023.1
    solution: every pragma commented out in the file synthesized, none in
    the repository's). MachSuite's merge sort synthesized as sort.c, whose
    pragma lines 8, 13, 21, 42, 44 are sort_merge.c's: the same file under
    another name, no warning; two lines added at its top, a warning."""
    from tests.conftest import SHARED

    merge = SHARED / "instrument" / "vitis2022.2.2_machsuite_sort_merge"
    same = run_cli("analyze", str(merge / "report"), "--source-root", str(merge / "upstream"))
    assert "pragma list holds" not in same.stdout
    edited = tmp_path / "upstream"
    shutil.copytree(merge / "upstream", edited)
    text = (edited / "sort_merge.c").read_text(encoding="utf-8")
    (edited / "sort_merge.c").write_text("/* edited */\n\n" + text, encoding="utf-8")
    moved = run_cli("analyze", str(merge / "report"), "--source-root", str(edited))
    assert ("warning: this sort_merge.c has 5 #pragma HLS lines (lines 10, 15, 23, ...), none of which the report's"
            " pragma list holds (it lists sort.c): the sort_merge.c synthesized had none of them") in moved.stdout


def _stream_copy(part: str, details: dict[str, str]) -> Design:
    """A public 2023.2 HBM stream copy's shape: one 512-bit bundle read and
    written, no READ_WRITE_MODE in its report, its burst summary listing a
    read and a write burst of 16 beats."""
    ports = [Interface("control", "s_axi", 32), Interface("m_axi_gmem", "m_axi", 512, bundle="gmem", details=details)]
    kernel = Kernel("streamhls", kind=KernelKind.FUNCTION, latency=LatencyRange(165, 165), is_top=True,
                    interfaces=ports, clock_target_ns=5.0)
    return Design(tool=ToolInfo(Vendor.XILINX, Product.VITIS_HLS, "2023.2"), root=Path("hand"), name="streamhls",
                  device=Device("virtexuplus", part), kernels=[kernel])


def test_a_bundles_direction_from_the_burst_summary() -> None:
    """"read or write not in the report" was said of a report whose burst
    summary lists the bundle's read and write bursts."""
    both = analyze(_stream_copy("xcu55c-fsvh2892-2L-e", {"INFERRED_READ_BURST": "16", "INFERRED_WRITE_BURST": "16"}),
                   {"axi.streamhls.gmem.bytes": 2048}).estimates["streamhls"]
    assert "m_axi_gmem: reads and writes (the report's burst summary): timed as reads" in both.assumptions
    writes = analyze(_stream_copy("xcu55c-fsvh2892-2L-e", {"INFERRED_WRITE_BURST": "16"}),
                     {"axi.streamhls.gmem.bytes": 2048}).estimates["streamhls"]
    assert "m_axi_gmem: writes (the report's burst summary)" in writes.assumptions


def test_a_memory_the_board_does_not_have_is_said() -> None:
    """--memory ddr4-u280 for a U55C (HBM2 only) was echoed as used without a word."""
    from hlsight.analyzer.memory_profiles import load_profile

    result = analyze(_stream_copy("xcu55c-fsvh2892-2L-e", {}), {"axi.streamhls.gmem.bytes": 2048},
                     memory=load_profile("ddr4-u280"))
    assert result.memory_profile_why.startswith(
        "memory profile ddr4-u280 given with --memory (the board, Xilinx Alveo U55C (HBM2, as the U280's), has HBM"
        " only, no DDR: its profile hbm2-u280)")
    u280 = analyze(_stream_copy("xcu280-fsvh2892-2L-e", {}), {"axi.streamhls.gmem.bytes": 2048},
                   memory=load_profile("hbm2-u280"))
    assert "has" not in u280.memory_profile_why.split("--memory")[1].split(";")[0]  # its HBM is one of its two


def test_accesses_in_switch_arms_make_the_bytes_an_upper_bound() -> None:
    """A public 2022.1 equalizer's state machine reads ``coefs`` in some
    cases of a ``switch`` in a ``while (running)`` loop: every case was
    counted in every iteration (3,168 B x 102 against ~21 KB moved), read
    as "2.2 ms, memory-bound" with no word of it."""
    source = ("void machine(const int *coefs, int *out)\n{\n#pragma HLS INTERFACE m_axi port=coefs bundle=gmem\n"
              "#pragma HLS INTERFACE m_axi port=out bundle=gmem\n    int state = 0;\n"
              "    for (int i = 0; i < 100; i++) {\n        switch (state) {\n"
              "        case 0: out[i] = coefs[i]; state = 1; break;\n"
              "        default: out[i] = 0; state = 0; break;\n        }\n    }\n}\n")
    estimate = analyze(_sourced_top("machine", source, 6, 100, ["gmem"], 102, "2022.1"), {}).estimates["machine"]
    (caveat,) = [caveat for caveat in estimate.caveats if "whatever branch each run takes" in caveat]
    assert "m_axi_gmem: coefs[i] (line 8), out[i] (line 8), out[i] (line 9)" in caveat


def test_a_number_waiting_for_bytes_still_says_its_pipeline_time() -> None:
    """A public U55C stream copy given as its syn/report (no source) showed
    "symbolic in axi.streamhls.gmem.bytes" and no number, though its
    schedule (165 cycles at 5 ns) is a floor whatever the bytes."""
    estimate = analyze(_stream_copy("xcu55c-fsvh2892-2L-e", {}), {}).estimates["streamhls"]
    assert estimate.seconds is None and estimate.free_symbols == ["axi.streamhls.gmem.bytes"]
    assert estimate_headline(estimate) == "symbolic in axi.streamhls.gmem.bytes; at least 825 ns, its pipeline time"


def test_an_i_plus_plus_report_compiled_on_windows_keeps_its_source_counts() -> None:
    """A public i++ 21.4 gaussian built on Windows names its source
    ``C:\\Users\\...\\gaussian.cpp``: the count of its loop at line 17 (18,
    a literal bound) was found by the source walk but never matched
    (``PurePath(...).name`` keeps a Windows path whole on Linux)."""
    import dataclasses

    from hlsight.analyzer.access.ipp_trips import component_loop_trips

    design = load_design(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "sobel")
    component = ("int ImgSobel(int *y) {\n  int acc = 0;\n  for (int j = 1; j <= 18; j++) { acc += y[j]; }\n"
                 "  return acc;\n}\n")
    trips = component_loop_trips(dataclasses.replace(design, source_files=[
        SourceFile(path="k.cpp", name="k.cpp", content=component)]))
    assert trips.trip("ImgSobel", "C:\\\\Users\\\\e\\\\gaussian\\\\k.cpp", 3) == (
        18, "the source", "the component's loop bounds")


def test_a_loop_the_report_places_at_its_parents_line_keeps_its_own_count() -> None:
    """The gaussian's report places B4 (j, line 17) and the triangular B5
    nested in it (i, line 20) both at line 17: B5 was given the 18 of line
    17, and the estimate was 6x the ModelSim count. B5 stays asked for,
    said as the loop nested in B4."""
    from hlsight.analyzer.access.derive import _placed_as_its_parent
    from hlsight.core.model import InitiationInterval, Loop, SourceLocation
    from hlsight.reporters.present import trip_symbol_loops

    place = SourceLocation("C:\\\\Users\\\\e\\\\gaussian.cpp", 17)
    inner = Loop("gaussian.B5", pipelined=True, ii=InitiationInterval(1), location=place)
    outer = Loop("gaussian.B4", pipelined=True, ii=InitiationInterval(1), location=place, children=[inner])
    kernel = Kernel("gaussian", kind=KernelKind.COMPONENT, loops=[outer])
    assert _placed_as_its_parent(kernel, inner) and not _placed_as_its_parent(kernel, outer)
    design = Design(tool=ToolInfo(Vendor.INTEL, Product.IPP, "21.4"), root=Path("hand"), kernels=[kernel])
    said = trip_symbol_loops(design, ["loop.gaussian.B5.trip"])["loop.gaussian.B5.trip"]
    assert said.endswith("the loop nested in gaussian.B4, which the report places at the same line: its count per"
                         " iteration of gaussian.B4")


def test_a_callees_parameter_named_as_a_top_pointer_is_not_taken_for_it() -> None:
    """A public 2025.2 ViT kernel (C++) copies ``K`` into a file-scope
    ``static`` ``K_buf`` and calls ``row(Q_row, K_buf, ...)``, whose
    parameter is also named ``K``. The C++ lowering leaves the file-scope
    buffer out, so the walk did not know what the parameter points into,
    and the callee's reads were counted as the m_axi ``K``'s (59.9 MB a call
    for 0.3 MB; 150 ms memory-bound for 16.5 ms). The same here in C: an
    argument the walk cannot follow (a call's result)."""
    source = ("static int K_buf[64];\nstatic int *buffer(void) { return K_buf; }\n"
              "static int row(const int K[64], int j) { return K[j] + K[63 - j]; }\n"
              "void top(const int *K, int *out)\n{\n#pragma HLS INTERFACE m_axi port=K bundle=gmem\n"
              "#pragma HLS INTERFACE m_axi port=out bundle=gmem\n"
              "    for (int i = 0; i < 64; i++) {\n        K_buf[i] = K[i];\n    }\n"
              "    for (int j = 0; j < 64; j++) {\n        out[j] = row(buffer(), j);\n    }\n}\n")
    result = analyze(_sourced_top("top", source, 8, 64, ["gmem"], 140), {})
    (note,) = [diag.message for diag in result.diagnostics if diag.rule == "axi-derived"]
    assert note.startswith("m_axi_gmem of top moves 512 bytes per call (consecutive)")  # K 64 x 4 + out 64 x 4
