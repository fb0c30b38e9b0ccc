"""A Vitis C++ top's m_axi traffic from its source, three findings of a
public Vitis 2020.1 vdot (greywolf37/FPGA_accelerated_CNN, not in the
corpus; run on an AWS F1 card, 1,152 bytes read and 512 written per call by
its own counters):

* ``const float *input1``: the element of a const pointer had no size, and
  the bundle's bytes went uncounted (libclang spells the type
  ``const float``; pycparser keeps the qualifier apart);
* the tiling idiom ``for (b = 0; b < n; b += 16) { w = MIN(16, n - b); for
  (i = b; i < b + w; i++) ... }``: the tiles add up to ``n``, where the inner
  count was "unknown, depends on b";
* an access the source does not count still has a direction and a pattern:
  the bundle keeps its bytes symbol, but is no longer "consecutive bursts
  assumed" and "timed as reads" against strided loads and stores.
"""

from __future__ import annotations

from pathlib import Path

from hlsight.analyzer.pipeline import AnalysisResult, analyze
from hlsight.core.model import (
    Design,
    Device,
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
from hlsight.reporters.present import trip_text

CONST_POINTERS = """extern "C" {
void top(const float *in, int n, float *out) {
#pragma HLS INTERFACE m_axi port=in bundle=gmem
#pragma HLS INTERFACE m_axi port=out bundle=gmem
    for (int i = 0; i < n; i++)
        out[i] = in[i] * 2.0f;
}
}
"""

TILES = """#define TILE 16
#define MIN(x, y) (((x) < (y)) ? (x) : (y))
extern "C" {
void top(int *in, int n, int *out) {
#pragma HLS INTERFACE m_axi port=in bundle=gmem
#pragma HLS INTERFACE m_axi port=out bundle=gmem
    for (int b = 0; b < n; b += TILE) {
        int w = MIN(TILE, n - b);
        for (int i = b; i < b + w; i++)
            out[i] = in[i] + 1;
    }
}
}
"""

UNCOUNTED_STRIDED = """#include <complex>
extern "C" {
void top(std::complex<float> *in, int n, std::complex<float> *out) {
#pragma HLS INTERFACE m_axi port=in bundle=gmem
#pragma HLS INTERFACE m_axi port=out bundle=gmem
    for (int i = 0; i < n; i++)
        out[4 * i] = in[4 * i];
}
}
"""


def _analyze(tmp_path: Path, text: str, values: dict[str, float]) -> AnalysisResult:
    source = tmp_path / "top.cpp"  # libclang reads the file itself
    source.write_text(text, encoding="utf-8")
    ports = [Interface("control", "s_axi", 32), Interface("top", "ap_ctrl_hs"),
             Interface("m_axi_gmem", "m_axi", 32, bundle="gmem")]
    kernel = Kernel("top", kind=KernelKind.FUNCTION, latency=LatencyRange(None, None), is_top=True,
                    interfaces=ports, clock_target_ns=4.0)
    design = Design(tool=ToolInfo(Vendor.XILINX, Product.VITIS_HLS, "2020.1"), root=tmp_path, name="top",
                    device=Device("virtexuplus", "xcu250-figd2104-2L-e"), kernels=[kernel],
                    source_files=[SourceFile(str(source), "top.cpp", text)])
    return analyze(design, values)


def test_a_const_pointers_elements_have_their_types_size(tmp_path: Path) -> None:
    result = _analyze(tmp_path, CONST_POINTERS, {"n": 100})
    messages = [diag.message for diag in result.diagnostics if diag.rule == "axi-derived"]
    assert messages == ["m_axi_gmem of top moves 8*n bytes per call (consecutive), from the source: in[i] (line 6):"
                        " n x 4 B; out[i] (line 6): n x 4 B"]
    assert result.estimates["top"].free_symbols == []


def test_tiles_with_a_remainder_add_up_to_the_size(tmp_path: Path) -> None:
    """ceiling(n/16) tiles of n/ceiling(n/16) elements on average: n of each
    array, 8 bytes an element in all."""
    result = _analyze(tmp_path, TILES, {"n": 100})
    messages = [diag.message for diag in result.diagnostics if diag.rule == "axi-derived"]
    assert messages == ["m_axi_gmem of top moves 8*n bytes per call (consecutive), from the source: in[i] (line 10):"
                        " n x 4 B; out[i] (line 10): n x 4 B"]


def test_an_uncounted_bundle_keeps_the_direction_and_pattern_of_its_accesses(tmp_path: Path) -> None:
    """std::complex has no size the analysis knows: the bytes stay a value
    to give, but the loads and stores with a stride of 4 elements are timed
    as what they are."""
    result = _analyze(tmp_path, UNCOUNTED_STRIDED, {"n": 100})
    assert result.estimates["top"].free_symbols == ["axi.top.gmem.bytes"]
    said = [line for line in result.estimates["top"].assumptions if line.startswith("m_axi_gmem:")]
    assert "m_axi_gmem: read or write not in the report; readwrite by the source's accesses (timed as reads)" in said
    assert "m_axi_gmem: strided or data-dependent accesses (the source): random" in said
    assert not any("consecutive bursts" in line or "nor the source" in line for line in said)


def test_a_report_range_with_an_unknown_end_is_shown_beside_the_sources_count() -> None:
    """vdot's tile loop: the report's "1 ~ ?", and the count the estimate
    takes from the source (the inventory showed the report's alone)."""
    loop = Loop("VITIS_LOOP_45_1", trip_count=TripCount(1, None))
    assert trip_text(loop, None, "ceiling(input1_w/16)") == "1 ~ ? (report), ceiling(input1_w/16) (source)"
    assert trip_text(loop, {"input1_w": 40}, "ceiling(input1_w/16)") == (
        "1 ~ ? (report), 3 = ceiling(input1_w/16) (source)")
    known = Loop("VITIS_LOOP_54_2", trip_count=TripCount(8, 8))
    assert trip_text(known, None, "input1_h") == "8"  # the report's count, when it has one
