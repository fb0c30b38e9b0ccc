"""A Vivado positional loop that runs a flattened perfect nest counts the
product of the nest's levels from the source.

Found on a public Vivado HLS 2019.2 matrix multiply for an Alveo U200
(Markahofmeister/ECE2166_mmult_accel, not in the corpus): its ``readA``
walks ``ib``, ``jb``, ``kb``, ``k`` and a pipelined ``ii`` with nothing
beside each inner loop, and the report lists one pipelined ``Loop 1`` with
no count ("undef") and no sub-loop. The positional names did not agree with
the source's five levels, so the trip was asked for by hand, and with N
given the design still had no number. A nest with code beside an inner loop
(its ``changeARate`` reads a word before its innermost loop) is not taken
for a perfect one: the tool's numbering of it is not known.
"""

from __future__ import annotations

from pathlib import Path

from hlsight.analyzer.pipeline import AnalysisResult, analyze
from hlsight.core.model import (
    Design,
    Device,
    InitiationInterval,
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

PERFECT = """void readA(int *A, int *out, int N) {
    for (int ib = 0; ib < N / 256; ib++) {
        for (int jb = 0; jb < N / 256; jb++) {
            for (int kb = 0; kb < N / 256; kb++) {
                for (int k = 0; k < 256; k++) {
                    for (int ii = 0; ii < 8; ii++) {
#pragma HLS pipeline II=1
                        out[ii] = A[((kb * 256 + k) * N + ib * 256) / 32 + ii];
                    }
                }
            }
        }
    }
}
"""

WITH_CODE_BESIDE = PERFECT.replace("""                for (int k = 0; k < 256; k++) {
                    for""", """                for (int k = 0; k < 256; k++) {
                    out[k] = 0;
                    for""")


def _read_a(tmp_path: Path, text: str) -> AnalysisResult:
    source = tmp_path / "mm.c"
    source.write_text(text, encoding="utf-8")
    loop = Loop("Loop 1", trip_count=TripCount(), latency=LatencyRange(None, None), ii=InitiationInterval(1),
                pipeline_depth=17, pipelined=True)
    kernel = Kernel("readA", kind=KernelKind.FUNCTION, latency=LatencyRange(None, None), is_top=True,
                    clock_target_ns=3.33, loops=[loop])
    design = Design(tool=ToolInfo(Vendor.XILINX, Product.VIVADO_HLS, "2019.2"), root=tmp_path, name="readA",
                    device=Device("virtexuplus", "xcu200-fsgd2104-2-e"), kernels=[kernel],
                    source_files=[SourceFile(str(source), "mm.c", text)])
    return analyze(design, {"N": 512})


def test_the_flattened_nest_counts_the_product_of_its_levels(tmp_path: Path) -> None:
    """2 x 2 x 2 x 256 x 8 = 16,384 iterations at N = 512: 16,400 cycles
    with the pipeline's depth of 17 (the trip the report could not give)."""
    result = _read_a(tmp_path, PERFECT)
    cycles = result.estimates["readA"].cycles
    assert cycles is not None and cycles.cycles == 16400
    assert result.estimates["readA"].free_symbols == []


def test_a_nest_with_code_beside_an_inner_loop_is_still_asked_for(tmp_path: Path) -> None:
    result = _read_a(tmp_path, WITH_CODE_BESIDE)
    assert "loop.readA.Loop_1.trip" in result.estimates["readA"].free_symbols
