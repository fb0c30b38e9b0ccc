"""Findings of session 38's outside sweeps and review, each on a corpus
input or on a corpus input rewritten into the public shape it stands for."""

from __future__ import annotations

import shutil
from pathlib import Path

from hlsight.analyzer.pipeline import analyze
from hlsight.core.model import Design, Device, Interface, Kernel, KernelKind, LatencyRange, Product, ToolInfo, Vendor
from hlsight.parsers.loader import load_design
from hlsight.reporters.present import estimate_headline
from tests.conftest import CORPUS, run_cli

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
