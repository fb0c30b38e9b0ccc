"""An outlined Vitis loop the report cannot place goes where its source
loop is; a stride of a kernel argument is consecutive where the value given
makes it 1.

Found on a public Vitis 2025.1 GEMM for an Alveo U50
(MadhanSaiKrishna/GEMM, not in the corpus; its co-simulation ran three
calls, 40,941 to 408,405 cycles). Without the aggregated csynth.xml, its
``gemm_Pipeline_VITIS_LOOP_33_3`` (II 8 over ``k < K``) sat at the top level
beside the ``i < M``, ``j < N`` loops that call it, which took 1 cycle an
iteration: 2,398 cycles at M = 16, K = 288, N = 1, -98.6 % of the
co-simulation. The design below has its loops, as the reader builds them
from its two per-module reports, and its source.
"""

from __future__ import annotations

from pathlib import Path

from hlsight.analyzer.export import loop_to_dict
from hlsight.analyzer.pipeline import AnalysisResult, analyze
from hlsight.core.model import (
    Design,
    Device,
    InitiationInterval,
    Instance,
    Interface,
    Kernel,
    KernelKind,
    LatencyRange,
    Loop,
    Product,
    SourceFile,
    ToolInfo,
    TripCount,
    Vendor,
)
from hlsight.parsers.vivado.assemble import fold_outlined_modules

GEMM = """extern "C" void gemm(const float *A, const float *B, float *C, int M, int K, int N) {
#pragma HLS INTERFACE m_axi port=A offset=slave bundle=gmem0
#pragma HLS INTERFACE m_axi port=B offset=slave bundle=gmem1
#pragma HLS INTERFACE m_axi port=C offset=slave bundle=gmem2
#pragma HLS INTERFACE s_axilite port=M
#pragma HLS INTERFACE s_axilite port=K
#pragma HLS INTERFACE s_axilite port=N
#pragma HLS INTERFACE s_axilite port=return
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            float acc = 0.0f;
            for (int k = 0; k < K; k++)
                acc += A[(long)i * K + k] * B[(long)k * N + j];
            C[(long)i * N + j] = acc;
        }
}
"""


def _gemm(tmp_path: Path, values: dict[str, float]) -> AnalysisResult:
    source = tmp_path / "kernel.cpp"
    source.write_text(GEMM, encoding="utf-8")
    unknown = LatencyRange(None, None)
    rows = Loop("VITIS_LOOP_9_1", trip_count=TripCount(), latency=unknown, children=[
        Loop("VITIS_LOOP_10_2", trip_count=TripCount(), latency=unknown)])
    ports = [Interface("control", "s_axi", 32), Interface("gemm", "ap_ctrl_chain"),
             *(Interface(f"m_axi_gmem{k}", "m_axi", 32, bundle=f"gmem{k}") for k in range(3))]
    top = Kernel("gemm", kind=KernelKind.FUNCTION, latency=unknown, is_top=True, interfaces=ports,
                 clock_target_ns=3.33, loops=[rows],
                 instances=[Instance("grp_gemm_Pipeline_VITIS_LOOP_12_3_fu_205", "gemm_Pipeline_VITIS_LOOP_12_3",
                                     unknown)])
    inner = Kernel("gemm_Pipeline_VITIS_LOOP_12_3", kind=KernelKind.FUNCTION, latency=unknown, clock_target_ns=3.33,
                   loops=[Loop("VITIS_LOOP_12_3", trip_count=TripCount(), latency=unknown, ii=InitiationInterval(8),
                               iteration_latency=86, pipelined=True)])
    fold_outlined_modules({kernel.name: kernel for kernel in (top, inner)}, instance_lists_known=False)
    design = Design(tool=ToolInfo(Vendor.XILINX, Product.VITIS_HLS, "2025.1"), root=tmp_path, name="gemm",
                    device=Device("virtexuplusHBM", "xcu50-fsvh2104-2-e"), kernels=[top, inner],
                    source_files=[SourceFile(str(source), "kernel.cpp", GEMM)])
    return analyze(design, values)


def test_the_outlined_pipeline_runs_in_the_loop_its_source_is_inside(tmp_path: Path) -> None:
    """M x N calls of 8(K - 1) + 86 cycles, and each pass of the two
    outer loops, their iteration latency "?", 1 cycle of its own at least
    (session 41): 38,144 at M = 16, K = 288, N = 1 (co-simulated: 40,941
    cycles for its fastest call)."""
    result = _gemm(tmp_path, {"M": 16, "K": 288, "N": 1})
    cycles = result.estimates["gemm"].cycles
    assert cycles is not None
    assert str(cycles.expression) == "M*(N*(8*K + 79) + 1)" and cycles.cycles == 38144
    assert ("gemm: gemm_Pipeline_VITIS_LOOP_12_3 (? cycles) is counted once per iteration of loop VITIS_LOOP_10_2,"
            " in its iteration latency (the report does not say where it is called): its source loop is inside"
            " that loop's (kernel.cpp:12 is inside 10-15)") in cycles.notes
    assert not any("unknown: 1 assumed" in note for note in cycles.notes)


def test_a_stride_of_an_argument_is_consecutive_at_the_value_that_makes_it_one(tmp_path: Path) -> None:
    """``B[k * N + j]`` walks B in order at N = 1 (the vector launches) and
    every 40th element at N = 40."""
    said = {n: [line for line in _gemm(tmp_path, {"M": 4, "K": 288, "N": n}).estimates["gemm"].assumptions
                if line.startswith("m_axi_gmem1: ")] for n in (1, 40)}
    assert "m_axi_gmem1: consecutive accesses (the source, at N=1): bursts up to 1 KB" in said[1]
    assert "m_axi_gmem1: strided or data-dependent accesses (the source): random" in said[40]


DFT = "\n" * 13 + """void dft(const float x[256], const float c[256], float out[256]) {
    for (int k = 0; k < 256; k++) {
        float acc = 0.0f;
        for (int n = 0; n < 256; n++)
            acc += x[n] * c[(k * n) % 256];
        out[k] = acc;
    }
}
"""


def _dft(tmp_path: Path, values: dict[str, float], text: str = DFT) -> AnalysisResult:
    """A public Vitis 2022.1 DFT's shape (b07901049/1111HLS_labB): the k loop
    (line 15, 256 x 1,293 cycles) calls the outlined n pipeline (line 17, II
    5, 1,289 cycles a call); its per-module XMLs list no instances, so only
    the module's name says whose part the pipeline is."""
    source = tmp_path / "dft.cpp"
    source.write_text(text, encoding="utf-8")
    outer = Loop("VITIS_LOOP_15_2", trip_count=TripCount(256, 256), latency=LatencyRange(331008, 331008),
                 iteration_latency=1293)
    top = Kernel("dft", kind=KernelKind.FUNCTION, latency=LatencyRange(331268, 331268), is_top=True,
                 clock_target_ns=10.0, loops=[outer])
    inner = Kernel("dft_Pipeline_VITIS_LOOP_17_3", kind=KernelKind.FUNCTION, latency=LatencyRange(1289, 1289),
                   clock_target_ns=10.0,
                   loops=[Loop("VITIS_LOOP_17_3", trip_count=TripCount(256, 256), latency=LatencyRange(1287, 1287),
                               ii=InitiationInterval(5), pipeline_depth=13, pipelined=True)])
    kernels = {kernel.name: kernel for kernel in (top, inner)}
    fold_outlined_modules(kernels, instance_lists_known=False)
    design = Design(tool=ToolInfo(Vendor.XILINX, Product.VITIS_HLS, "2022.1"), root=tmp_path, name="dft",
                    device=Device("zynq", "xc7z020-clg400-1"), kernels=[top, inner],
                    source_files=[SourceFile(str(source), "dft.cpp", text)])
    return analyze(design, values)


def test_an_outlined_module_no_instance_names_is_folded_by_its_name(tmp_path: Path) -> None:
    result = _dft(tmp_path, {})
    assert [loop.name for loop in result.design.kernel("dft").loops] == ["VITIS_LOOP_15_2", "VITIS_LOOP_17_3"]
    assert result.design.kernel("dft_Pipeline_VITIS_LOOP_17_3").folded_into == "dft"
    cycles = result.estimates["dft"].cycles
    assert cycles is not None and cycles.cycles == 331268  # the report's, with the pipeline inside the k loop


def test_a_trip_given_to_a_placed_loop_recomposes_its_host(tmp_path: Path) -> None:
    """n < 128: 256 x (4 + 5 x 128 + 9) + 260 = 167,428 cycles (the k loop's
    report iteration of 1,293 was kept, and the count did not move)."""
    cycles = _dft(tmp_path, {"loop.dft.VITIS_LOOP_17_3.trip": 128}).estimates["dft"].cycles
    assert cycles is not None and cycles.cycles == 167428


def test_the_json_and_the_inventory_say_where_a_placed_loop_is_counted(tmp_path: Path) -> None:
    """Its tree keeps the report's (top level), with where the count puts it."""
    result = _dft(tmp_path, {})
    (placed,) = [loop for loop in result.design.kernel("dft").loops if loop.name == "VITIS_LOOP_17_3"]
    assert loop_to_dict(placed, result.source)["counted_in"] == {"loop": "VITIS_LOOP_15_2",
                                                                  "why": "dft.cpp:17 is inside 15-20"}
    (outer,) = [loop for loop in result.design.kernel("dft").loops if loop.name == "VITIS_LOOP_15_2"]
    assert loop_to_dict(outer, result.source)["counted_in"] is None


def test_a_source_that_unrolls_a_loop_the_report_keeps_is_said_to_be_edited(tmp_path: Path) -> None:
    """The DFT repository's own ``dft.cpp`` is a later edit: it unrolls the
    n loop its report pipelines at II 5 over 256 iterations, and nothing
    said so."""
    edited = DFT.replace("        for (int n = 0; n < 256; n++)\n",
                         "        for (int n = 0; n < 256; n++) {\n#pragma HLS unroll\n").replace(
        "            acc += x[n] * c[(k * n) % 256];\n", "            acc += x[n] * c[(k * n) % 256];\n        }\n")
    assert edited != DFT
    said = [diag for diag in _dft(tmp_path, {}, edited).diagnostics if diag.rule == "source-unroll-not-in-report"]
    assert len(said) == 1 and said[0].line == 18 and said[0].message.startswith(
        "the source unrolls loop VITIS_LOOP_17_3 fully (#pragma HLS unroll), but the report keeps it as a loop of"
        " 256 iterations, pipelined at II 5")
    assert not any(diag.rule == "source-unroll-not-in-report" for diag in _dft(tmp_path, {}).diagnostics)
