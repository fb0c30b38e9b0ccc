"""Three findings of session 40's last outside round, each on a design of
the public shape built by hand.

* A public Vitis 2022.1 matrix multiply (kabazoka/NTU-Special-Project-on-AAHLS,
  co-simulated 3,178,768 cycles, counted 3,162,497): its flattened
  ``mmult_mmult_j`` carries the pipeline pragma of its j level, and the
  report did not pipeline it (``mmult_k`` inside has a variable count); the
  warning that says so looked at the outer level only.
* The same design without its header: ``--set M=64`` answered "unknown
  names: 'K'; 'M'; 'N'" and not that the source was not read.
* Its outlined ``readA_inner`` has a best case of 4 cycles and a loop of
  "2 ~ ?": the module's own cycles were dropped without a note.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hlsight.analyzer.pipeline import analyze
from hlsight.core.errors import InputError
from hlsight.core.model import (
    Design,
    Device,
    InitiationInterval,
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

MMULT = """void mm(const float *A, float *C, int M, int N, int K) {
#pragma HLS INTERFACE m_axi port=A bundle=gmem0
#pragma HLS INTERFACE m_axi port=C bundle=gmem1
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
#pragma HLS PIPELINE II=1
            float acc = 0;
            for (int k = 0; k < K; k++)
                acc += A[i * K + k];
            C[i * N + j] = acc;
        }
}
"""


def _design(tmp_path: Path, text: str, name: str = "mm.cpp") -> Design:
    (tmp_path / name).write_text(text, encoding="utf-8")
    unknown = LatencyRange(None, None)
    nest = Loop("VITIS_LOOP_4_1_VITIS_LOOP_5_2", trip_count=TripCount(), latency=unknown, pipelined=False,
                children=[Loop("VITIS_LOOP_8_3", trip_count=TripCount(), latency=unknown, iteration_latency=12,
                               pipelined=False)])
    ports = [Interface("control", "s_axi", 32),
             *(Interface(f"m_axi_gmem{k}", "m_axi", 32, bundle=f"gmem{k}") for k in range(2))]
    kernel = Kernel("mm", kind=KernelKind.FUNCTION, latency=unknown, is_top=True, interfaces=ports,
                    clock_target_ns=3.33, loops=[nest])
    return Design(tool=ToolInfo(Vendor.XILINX, Product.VITIS_HLS, "2022.1"), root=tmp_path, name="mm",
                  device=Device("virtexuplusHBM", "xcu50-fsvh2104-2-e"), kernels=[kernel],
                  source_files=[SourceFile(str(tmp_path / name), name, text)])


def test_a_flattened_nest_whose_level_asks_for_a_pipeline_says_it_was_dropped(tmp_path: Path) -> None:
    result = analyze(_design(tmp_path, MMULT), {"M": 64, "N": 64, "K": 64})
    (dropped,) = [diag for diag in result.diagnostics if diag.rule == "loop-pipeline-dropped"]
    assert dropped.message.startswith("loop VITIS_LOOP_4_1_VITIS_LOOP_5_2 is not pipelined although its pipeline"
                                      " pragma asks for it: a pipeline unrolls the loops inside it, and the report"
                                      " still lists 1 there (VITIS_LOOP_8_3), 1 without a constant trip count")


def test_arguments_given_to_a_design_whose_source_was_not_read_say_why(tmp_path: Path) -> None:
    design = _design(tmp_path, '#include "mm.h"\n' + MMULT)
    with pytest.raises(InputError) as refused:
        analyze(design, {"M": 64, "N": 64, "K": 64})
    said = str(refused.value)
    assert "unknown names 'K', 'M', 'N': the source that would give kernel arguments their meaning was not read" in said
    assert "'mm.h' file not found" in said
    with pytest.raises(InputError) as typo:  # a loop's name is not the source's to give: the usual answer
        analyze(design, {"loop.mm.VITIS_LOOP_9_9.trip": 3})
    assert "not read" not in str(typo.value)


def test_an_outlined_modules_own_cycles_left_out_are_said(tmp_path: Path) -> None:
    inner = Loop("readA_inner", trip_count=TripCount(), latency=LatencyRange(2, None), ii=InitiationInterval(1),
                 pipeline_depth=2, pipelined=True)
    kernel = Kernel("top_Pipeline_readA_inner", kind=KernelKind.FUNCTION, latency=LatencyRange(4, None),
                    is_top=True, clock_target_ns=3.33, loops=[inner])
    design = Design(tool=ToolInfo(Vendor.XILINX, Product.VITIS_HLS, "2022.1"), root=tmp_path, name="top",
                    device=Device("virtexuplusHBM", "xcu50-fsvh2104-2-e"), kernels=[kernel])
    cycles = analyze(design, {}).estimates["top_Pipeline_readA_inner"].cycles
    assert cycles is not None
    assert ("top_Pipeline_readA_inner: its own control cycles beyond its parts are unknown (its parts' counts at the"
            " report's best case, 4 cycles, are not known): none counted") in cycles.notes
