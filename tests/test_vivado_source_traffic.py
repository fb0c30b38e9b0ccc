"""With its source on this machine, a Vivado/Vitis top function's m_axi
bytes and loop trip counts come from the source as expressions of its
arguments (decision 34): the user gives ``n``, not the bytes of each bundle.

Real case: Vitis 2024.1 weighted round-robin (``instrument/vitis2024.1_wrr_dataflow``,
its ``report`` beside ``wrr.c``; 143 cycles is the report's worst-case latency
for 4 trips of the ``while (1)`` loop). Hand case: a vadd whose counts and
bytes are computed by hand.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from hlsight.analyzer.pipeline import analyze
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
    SourceLocation,
    ToolInfo,
    TripCount,
    Vendor,
)
from tests.conftest import SHARED, run_cli

WRR = SHARED / "instrument" / "vitis2024.1_wrr_dataflow"
DERIVED = ("m_axi_gmem of weighted_rr moves 28*trips_weighted_rr_L29 + 16 bytes per call (consecutive), from the"
           " source: grant[i] (line 22): 4 x 4 B; req[current] (line 32): trips_weighted_rr_L29 x 4 B;")


def _json(report: Path, root: Path, *given: str) -> dict[str, object]:
    result = run_cli("analyze", str(report), "--source-root", str(root), *given, "--format", "json")
    assert result.code == 0, result.stderr
    data: dict[str, object] = json.loads(result.stdout)
    return data


def _derived_notes(data: dict[str, object]) -> list[str]:
    diagnostics = data["diagnostics"]
    assert isinstance(diagnostics, list)
    return [str(diag["message"]) for diag in diagnostics if diag["rule"] == "axi-derived"]


def test_the_sources_counts_replace_bytes_and_trip_symbols() -> None:
    data = _json(WRR / "report", WRR)
    estimate = data["estimate"]
    assert isinstance(estimate, dict)
    assert estimate["free_symbols"] == ["trips_weighted_rr_L29"]  # one value: the loop's trips, shared
    notes = _derived_notes(data)
    assert len(notes) == 1 and notes[0].startswith(DERIVED)
    timed = _json(WRR / "report", WRR, "--set", "trips_weighted_rr_L29=4")["estimate"]
    assert isinstance(timed, dict)
    assert timed["seconds"] == pytest.approx(143 * 10e-9, rel=1e-9)  # 21 x 4 + 59 cycles at 10 ns


def test_cplusplus_sources_go_through_libclang(tmp_path: Path) -> None:
    """The same kernel as a .cpp (its report's paths renamed to match): parsed
    by libclang and lowered to C, it gives the same counts."""
    report = tmp_path / "report"
    report.mkdir()
    for path in (WRR / "report").iterdir():
        report.joinpath(path.name).write_text(path.read_text(encoding="utf-8").replace("wrr.c", "wrr.cpp"),
                                              encoding="utf-8")
    shutil.copy(WRR / "wrr.c", tmp_path / "wrr.cpp")
    notes = _derived_notes(_json(report, tmp_path))
    assert len(notes) == 1 and notes[0].startswith(DERIVED)


VADD = """\
void vadd(const int *in1, const int *in2, int *out, const int *table, int n)
{
#pragma HLS INTERFACE m_axi port=in1 bundle=gmem0
#pragma HLS INTERFACE m_axi port=in2 bundle=gmem0
#pragma HLS INTERFACE m_axi port=out bundle=gmem1
#pragma HLS INTERFACE m_axi port=table bundle=gmem2
#pragma HLS INTERFACE s_axilite port=n
    for (int i = 0; i < n; i++) {
#pragma HLS PIPELINE II=1
        out[i] = in1[i] + in2[i] + table[4 * i];
    }
}
"""


def _vadd() -> Design:
    loop = Loop("VITIS_LOOP_8_1", pipelined=True, ii=InitiationInterval(1), pipeline_depth=5,
                trip_count=TripCount(), location=SourceLocation("vadd.c", 8))
    ports = [Interface("control", "s_axi", 32), Interface("vadd", "ap_ctrl_hs"),
             *(Interface(f"m_axi_gmem{k}", "m_axi", 32, bundle=f"gmem{k}") for k in range(3))]
    kernel = Kernel("vadd", kind=KernelKind.FUNCTION, latency=LatencyRange(None, None), is_top=True,
                    loops=[loop], interfaces=ports, clock_target_ns=4.0)
    return Design(tool=ToolInfo(Vendor.XILINX, Product.VITIS_HLS, "2022.2"), root=Path("hand"), name="vadd",
                  device=Device("virtexuplus", "xcu280-fsvh2892-2L-e"), kernels=[kernel],
                  source_files=[SourceFile("vadd.c", "vadd.c", VADD)])


def test_bytes_per_bundle_and_the_access_pattern_by_hand() -> None:
    n = 1_000_000
    result = analyze(_vadd(), {"n": n})
    estimate = result.estimates["vadd"]
    notes = [diag.message for diag in result.diagnostics if diag.rule == "axi-derived"]
    heads = sorted(note.split(", from the source")[0] for note in notes)
    assert heads == ["m_axi_gmem0 of vadd moves 8*n bytes per call (consecutive)",
                     "m_axi_gmem1 of vadd moves 4*n bytes per call (consecutive)",
                     "m_axi_gmem2 of vadd moves 4*n bytes per call (strided or data-dependent: timed as random"
                     " accesses)"]
    assert estimate.seconds is not None and not estimate.free_symbols
    assert estimate.cycles is not None and estimate.cycles.cycles == 1 * (n - 1) + 5  # eq. 4, trip n from the source
    # By hand on the U280's DDR4 (Shuhai: tRCD 16.6 ns, tRP 16.7 ns, 18 GB/s measured per channel).
    # table[4*i] is strided: each 4-byte access is its own row cycle, eq. 9 with len 1:
    # t_DP = 16.6 + 1/2.4 GHz + 16.7 ns. The consecutive bundles stream at 18 GB/s at the DRAM
    # (their 32-bit buses, 1 GB/s at 250 MHz, already paced the schedule). One controller (eq. 15):
    t_dp = 16.6e-9 + 1 / 2.4e9 + 16.7e-9
    t_bo = 8 * n / 18e9 + 4 * n / 18e9 + 4 * n / (4 / t_dp)
    assert estimate.profile == "ddr4-u280"
    assert estimate.seconds == pytest.approx(t_bo, rel=1e-9)
    # a given value still wins
    given = analyze(_vadd(), {"n": n, "axi.vadd.gmem2.bytes": 0}).estimates["vadd"]
    assert given.seconds is not None and given.seconds < estimate.seconds


STREAM_CL = """\
__kernel
__attribute__((reqd_work_group_size(1, 1, 1)))
void calc_0(__global const float * restrict in1, __global const float * restrict in2,
            __global float * restrict out, const float scalar, const uint array_size)
{
    for (uint i = 0; i < array_size; i += 16) {
        __attribute__((opencl_unroll_hint(16)))
        for (uint k = 0; k < 16; k++) {
            out[i + k] = in1[i + k] + scalar * in2[i + k];
        }
    }
}
"""


def test_an_opencl_kernel_built_by_vitis() -> None:
    """A Vitis OpenCL C kernel (HPCC STREAM's shape): no HLS pragmas, one
    m_axi bundle in the report, so all three pointers go through it."""
    loop = Loop("Loop 1", pipelined=True, ii=InitiationInterval(1), pipeline_depth=10, trip_count=TripCount(),
                location=SourceLocation("stream.cl", 6))
    ports = [Interface("control", "s_axi", 32), Interface("calc_0", "ap_ctrl_chain"),
             Interface("m_axi_gmem", "m_axi", 512, bundle="gmem")]
    kernel = Kernel("calc_0", kind=KernelKind.FUNCTION, latency=LatencyRange(None, None), is_top=True,
                    loops=[loop], interfaces=ports, clock_target_ns=1000 / 300)
    design = Design(tool=ToolInfo(Vendor.XILINX, Product.VITIS_HLS, "2020.2"), root=Path("hand"), name="stream",
                    device=Device("virtexuplus", "xcu280-fsvh2892-2L-e"), kernels=[kernel],
                    source_files=[SourceFile("stream.cl", "stream.cl", STREAM_CL)])
    size = 2**28
    result = analyze(design, {"array_size": size})
    estimate = result.estimates["calc_0"]
    notes = [diag.message for diag in result.diagnostics if diag.rule == "axi-derived"]
    assert len(notes) == 1 and notes[0].startswith("m_axi_gmem of calc_0 moves 192*ceiling(array_size/16) bytes per"
                                                   " call (consecutive)")  # whole 16-element blocks
    assert estimate.cycles is not None and estimate.cycles.cycles == size // 16 - 1 + 10  # eq. 4
    # 3 x 4 B x 2^28 through one bundle: the controller's measured 18 GB/s (Shuhai Table 5) bounds it (eq. 16)
    assert estimate.seconds == pytest.approx(12 * size / 18e9, rel=1e-9)


def test_a_source_the_parser_rejects_leaves_the_values_to_give(tmp_path: Path) -> None:
    shutil.copytree(WRR / "report", tmp_path / "report")
    (tmp_path / "wrr.c").write_text("void weighted_rr(int req[4] {{{\n", encoding="utf-8")
    result = run_cli("analyze", str(tmp_path / "report"), "--source-root", str(tmp_path))
    assert result.code == 0, result.stderr
    # at pycparser's place in the file, the file named once as the location
    assert (f"{tmp_path / 'wrr.c'}:1:29: warning: cannot derive access facts from wrr.c: pycparser rejected the C"
            " source: before: { [access-source-unparsed]") in result.stdout.splitlines()
    assert "to get a number, give: --set axi.weighted_rr.gmem.bytes=VALUE" in result.stdout


def test_whatif_sweeps_a_source_value() -> None:
    """whatif reads the sources beside the report too: the loop's trips sweep
    the whole design time (21 cycles per trip + 59, at 10 ns)."""
    result = run_cli("whatif", str(WRR / "report"), "--sweep", "trips_weighted_rr_L29=1,4", "--format", "csv")
    assert result.code == 0, result.stderr
    rows = [line.split(",") for line in result.stdout.splitlines() if line and not line.startswith("#")]
    seconds = [float(row[1]) for row in rows[1:]]
    assert seconds == pytest.approx([80 * 10e-9, 143 * 10e-9], rel=1e-9)


HELPER_AND_MEMCPY = """\
static void load(const int *src, int *buf, int n) {
    for (int i = 0; i < n; i++) buf[i] = src[i];
}
void top(const int *in, int *out, long *log, int n)
{
#pragma HLS INTERFACE m_axi port=in bundle=gmem0
#pragma HLS INTERFACE m_axi port=out bundle=gmem1
#pragma HLS INTERFACE m_axi port=log bundle=gmem2
    int buf[1024];
    load(in, buf, n);
    for (int b = 0; b < 4; b++)
        memcpy(out + b * n, buf, n * sizeof(int));
    vendor_dma(log, buf, n);
}
"""


def test_helpers_and_memcpy_are_counted_an_unknown_call_is_not_guessed() -> None:
    """``load()`` reads ``in`` through its parameter ``src``: counted for
    gmem0. Each memcpy is a copy loop of bytes / element size (HLScope+
    section IV's burst), four of them. A function the sources do not define
    moves bytes no walk sees: gmem2 keeps its symbol (a count that missed
    them would be silently low)."""
    ports = [Interface("control", "s_axi", 32), Interface("top", "ap_ctrl_hs"),
             *(Interface(f"m_axi_gmem{k}", "m_axi", 32, bundle=f"gmem{k}") for k in range(3))]
    kernel = Kernel("top", kind=KernelKind.FUNCTION, latency=LatencyRange(None, None), is_top=True,
                    interfaces=ports, clock_target_ns=4.0)
    design = Design(tool=ToolInfo(Vendor.XILINX, Product.VITIS_HLS, "2022.2"), root=Path("hand"), name="top",
                    device=Device("virtexuplus", "xcu280-fsvh2892-2L-e"), kernels=[kernel],
                    source_files=[SourceFile("top.c", "top.c", HELPER_AND_MEMCPY)])
    result = analyze(design, {"n": 100})
    derived = sorted(diag.message.split(", from the source")[0] for diag in result.diagnostics
                     if diag.rule == "axi-derived")
    assert derived == ["m_axi_gmem0 of top moves 4*n bytes per call (consecutive)",
                       "m_axi_gmem1 of top moves 16*n bytes per call (consecutive)"]  # 4 x n ints
    unknown = [diag.message for diag in result.diagnostics if diag.rule == "axi-count-unknown"]
    assert unknown == ["m_axi_gmem2: the source does not count the call vendor_dma(...) (line 13); its bytes stay"
                       " a value to give"]
    assert result.estimates["top"].free_symbols == ["axi.top.gmem2.bytes"]


def _vadd_with(direction: str | None) -> Design:
    design = _vadd()
    (out,) = [port for port in design.kernels[0].interfaces if port.bundle == "gmem1"]
    out.direction = direction
    return design


def test_a_bundle_without_a_direction_takes_the_sources_stores() -> None:
    """Vitis >= 2021.2 read from the .rpt port table lists RDATA and WDATA for
    every bundle, so no direction: a write-only bundle was timed with the
    read figures (DBW_C, DLAT) without a word. vadd's gmem1 only stores
    (``out[i] = ...``): timed as the write it is, and said. On the 7V3's
    DDR3 (HLScope+ Table IV: DBW_C 9.5 GB/s read, 8.9 write; DLAT 542 ns,
    356 ns) the two differ."""
    from hlsight.analyzer.memory_profiles import load_profile

    memory = load_profile("ddr3-1333-7v3")
    timed = {direction: analyze(_vadd_with(direction), {"n": 1_000_000}, memory=memory).estimates["vadd"]
             for direction in (None, "write", "read")}
    assert timed[None].seconds == timed["write"].seconds != timed["read"].seconds
    said = [line for line in timed[None].assumptions if "read or write not in the report" in line]
    assert said == ["m_axi_gmem0: read or write not in the report; read by the source's accesses",
                    "m_axi_gmem1: read or write not in the report; write by the source's accesses",
                    "m_axi_gmem2: read or write not in the report; read by the source's accesses"]
    assert not [line for line in timed["write"].assumptions if "m_axi_gmem1: read or write" in line]


def test_a_bundle_neither_report_nor_source_places_is_said_to_be_timed_as_reads() -> None:
    design = _vadd()
    design.source_files.clear()
    estimate = analyze(design, {"loop.vadd.VITIS_LOOP_8_1.trip": 1000, "axi.vadd.gmem0.bytes": 8000,
                                "axi.vadd.gmem1.bytes": 4000, "axi.vadd.gmem2.bytes": 4000}).estimates["vadd"]
    assert "m_axi_gmem1: read or write not in the report nor the source: timed as reads" in estimate.assumptions
