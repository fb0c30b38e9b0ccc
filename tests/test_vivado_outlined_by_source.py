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
    """M x N calls of 8(K - 1) + 86 cycles: 38,112 at M = 16, K = 288, N = 1
    (co-simulated: 40,941 cycles for its fastest call)."""
    result = _gemm(tmp_path, {"M": 16, "K": 288, "N": 1})
    cycles = result.estimates["gemm"].cycles
    assert cycles is not None
    assert str(cycles.expression) == "M*N*(8*K + 78)" and cycles.cycles == 38112
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
