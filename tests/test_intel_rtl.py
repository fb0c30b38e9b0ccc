"""RTL reading and report<->RTL pairing, one test per dialect (docs/rtl-pairing.md)."""

from __future__ import annotations

import shutil
from pathlib import Path

from hlsight.core.model import KernelKind, LSUKind, LSUStyle
from hlsight.parsers.intel.rtl.scan import kernel_function_modules, scan_systemverilog, scan_verilog, scan_vhdl
from hlsight.parsers.loader import ReadOptions, load_design
from tests.conftest import CORPUS, run_cli

AOC = CORPUS / "aoc"
NET = AOC / "aoc16.1_s5_de5net_caffe_net" / "kernels" / "net" / "bin" / "net"
VADD_18 = AOC / "aoc18.1_c5soc_vector_add" / "bin" / "vector_add"
VADD_20 = AOC / "oneapi20.3_a10pac_samples" / "vector_add_opt_2"
BFS = AOC / "oneapi2021.4_s10gx_parallel_bfs" / "parallel_bfs_report.prj"


def test_verilog_14x_rtl_only_project_rebuilds_lsus_from_lsu_top() -> None:
    design = load_design(AOC / "aoc14.0_c5soc_sobel" / "bin_Sobel_Filter")
    assert design.tool.version == "14"
    (kernel,) = design.kernels
    assert kernel.name == "sobel"
    assert kernel.kind is KernelKind.SINGLE_WORK_ITEM  # only tasks get "Pipelined execution inferred"
    load, store = kernel.lsus
    assert (load.kind, load.style, load.width_bits, load.is_global, load.latency) == (
        LSUKind.LOAD, LSUStyle.BURST_COALESCED, 8, True, 160)
    assert load.rtl is not None and load.rtl.module == "sobel_basic_block_1"
    assert load.rtl.params["MEMORY_SIDE_MEM_LATENCY"] == "73"
    assert (load.rtl.burstcount_width, load.rtl.mwidth_bytes, load.rtl.alignment_bytes) == (5, 32, 1)
    assert store.rtl is not None and store.rtl.instance == "lsu_local_bb1_st_temp_1"
    assert (store.kind, store.latency, store.rtl.params["MEMORY_SIDE_MEM_LATENCY"]) == (LSUKind.STORE, 4, "8")
    assert len(load.rtl.params) == 25  # the full 14.x parameter set, HIGH_FMAX included
    assert load.rtl.params["HIGH_FMAX"] == "1"
    (loop,) = kernel.loops  # from Sobel.log "Optimization Report"
    assert (loop.name, loop.pipelined) == ("for.cond.preheader", True)
    assert kernel.fmax_postfit_mhz == 131.439999739  # Actual clock freq


def test_verilog_16_1_pairs_all_30_lsus_by_kernel_block_and_order() -> None:
    design = load_design(NET)
    lsus = [lsu for kernel in design.kernels for lsu in kernel.lsus]
    assert len(lsus) == 30
    assert all(lsu.rtl is not None for lsu in lsus)
    assert [d for d in design.diagnostics if d.rule.startswith("rtl-")] == []
    for kernel in design.kernels:
        for lsu in kernel.lsus:
            assert lsu.rtl is not None
            assert lsu.rtl.module.startswith(f"{kernel.name}_basic_block_")
            assert lsu.rtl.width_bytes is not None and lsu.rtl.width_bytes * 8 == lsu.width_bits
            assert lsu.rtl.kernel_side_mem_latency == lsu.latency
    # instance names repeat across kernels: keyed by module
    repeated = [lsu.rtl for lsu in lsus if lsu.rtl is not None and lsu.rtl.instance == "lsu_local_bb2_ld_"]
    assert len(repeated) == 3 and len({rtl.module for rtl in repeated}) == 3
    stores = [lsu for lsu in lsus if lsu.kind is LSUKind.STORE]
    # report says plain "Burst-coalesced"; RTL has USE_WRITE_ACK=1 (formats doc 2.3)
    assert len(stores) == 6 and all(s.style_raw == "Burst-coalesced" and s.write_ack for s in stores)
    semi = [lsu for lsu in lsus if lsu.style is LSUStyle.SEMI_STREAMING]
    assert len(semi) == 6
    assert all(s.rtl is not None and s.rtl.style == "SEMI-STREAMING" and s.rtl.params["CACHESIZE"] == "128"
               for s in semi)
    assert {lsu.rtl.style for lsu in lsus if lsu.style is LSUStyle.SIMPLE and lsu.rtl} == {"SIMPLE"}


def test_vhdl_18_1_pairs_by_stall_region_cycle() -> None:
    design = load_design(VADD_18)
    (kernel,) = design.kernels
    pairs = [(lsu.kind.value, lsu.start_cycle, lsu.rtl.instance if lsu.rtl else None) for lsu in kernel.lsus]
    assert pairs == [
        ("load", 2, "thei_load_memcoalesce_a_load_0_vector_add9"),
        ("load", 2, "thei_load_memcoalesce_b_load_0_vector_add11"),
        ("store", 21, "thei_store_memdep_vector_add17"),
    ]
    rtl = kernel.lsus[0].rtl
    assert rtl is not None and rtl.dialect == "vhdl"
    assert rtl.module == "i_load_memcoalesce_a_load_0_vector_add8"
    assert (rtl.width_bytes, rtl.mwidth_bytes, rtl.style, rtl.params["STALLFREE"]) == (64, 32, "BURST-COALESCED", "0")
    assert len(rtl.params) == 30 and rtl.params["SYNCHRONIZE_RESET"] == "1" and rtl.params["MWIDTH"] == "256"
    assert design.diagnostics == []


def test_systemverilog_20_3_pairs_and_refines_write_ack() -> None:
    design = load_design(VADD_20)
    (kernel,) = design.kernels
    load_a, load_b, store = kernel.lsus
    assert load_a.rtl is not None and load_a.rtl.dialect == "systemverilog"
    assert (load_a.rtl.kernel_side_mem_latency, load_a.latency, load_a.start_cycle) == (222, 222, 2)
    assert load_a.rtl.params["ADDRSPACE"] == "1024" and load_a.rtl.params["MEMORY_SIDE_MEM_LATENCY"] == "246"
    assert store.rtl is not None and store.rtl.instance == "thei_llvm_fpga_mem_memdep_k0_zts9vectoradd1"
    assert (store.start_cycle, store.latency, store.style_raw) == (225, 56, "Burst-coalesced")
    assert store.rtl.use_write_ack is True and store.write_ack is True
    assert {load_a.rtl.module, load_b.rtl.module if load_b.rtl else ""} == {
        "k0_ZTS9VectorAdd_i_llvm_fpga_mem_unnamed0000d2_k0_zts9vectoradd0",
        "k0_ZTS9VectorAdd_i_llvm_fpga_mem_unnamed0000d5_k0_zts9vectoradd0"}


def test_systemverilog_2021_4_pairs_hashed_wrappers() -> None:
    design = load_design(BFS)
    (kernel,) = design.kernels
    assert all(lsu.rtl is not None for lsu in kernel.lsus)
    assert design.diagnostics == []
    (non_aligned,) = [lsu for lsu in kernel.lsus if not lsu.aligned]
    assert non_aligned.rtl is not None
    assert (non_aligned.rtl.style, non_aligned.rtl.width_bytes, non_aligned.rtl.alignment_bytes) == (
        "BURST-NON-ALIGNED", 16, 8)
    assert (non_aligned.latency, non_aligned.start_cycle, non_aligned.block) == (206, 211, "const::'lambda'().B3")
    assert non_aligned.rtl.module.endswith("0010ndleree_cles8_eulve0")
    assert "ATOMIC_SIGNED" in non_aligned.rtl.params
    stores = [lsu for lsu in kernel.lsus if lsu.kind is LSUKind.STORE]
    assert len(stores) == 4 and all(s.write_ack and s.latency == 30 for s in stores)


def _copy_project(src: Path, dst: Path) -> Path:
    shutil.copytree(src, dst)
    return dst


def test_unpaired_lsu_is_a_diagnostic_not_a_guess(tmp_path: Path) -> None:
    project = _copy_project(VADD_20, tmp_path / "vector_add_opt_2")
    (region,) = project.glob("kernel_hdl/*/*_B1_stall_region.sv")
    text = region.read_text()
    assert "(BLACKBOX,26)@225" in text
    region.write_text(text.replace("(BLACKBOX,26)@225", "(BLACKBOX,26)@226"))
    design = load_design(project)
    store = design.kernels[0].lsus[2]
    assert store.rtl is None and store.write_ack is False
    rules = sorted((d.rule, d.subject) for d in design.diagnostics)
    assert rules == [("rtl-unmatched-instance", "thei_llvm_fpga_mem_memdep_k0_zts9vectoradd1"),
                     ("rtl-unpaired-lsu", store.id)]
    unpaired = next(d for d in design.diagnostics if d.rule == "rtl-unpaired-lsu")
    assert unpaired.line == 88 and unpaired.file is not None and unpaired.file.endswith("fpga_compile.cpp")
    assert unpaired.format_gcc().endswith("[rtl-unpaired-lsu]")


def test_read_rtl_false_skips_rtl() -> None:
    design = load_design(VADD_20, ReadOptions(read_rtl=False))
    assert all(lsu.rtl is None for lsu in design.kernels[0].lsus)


def test_scanners_ignore_non_lsu_defparams_and_declarations() -> None:
    verilog = """module k_basic_block_0 (
);
acl_push feedback (.a(b));
defparam feedback.STYLE = "REGULAR";
lsu_top lsu_x (
  .clock(clock)
);
defparam lsu_x.READ = 1;
defparam lsu_x.STYLE = "BURST-COALESCED";
endmodule
module other_basic_block_0 ();
lsu_top lsu_x ( .clock(clock) );
defparam lsu_x.READ = 0;
endmodule
"""
    first, second = scan_verilog(verilog, "k.v")
    assert (first.module, first.params) == ("k_basic_block_0", {"READ": "1", "STYLE": "BURST-COALESCED"})
    assert (second.module, second.params, second.line) == ("other_basic_block_0", {"READ": "0"}, 12)
    vhdl = """entity e is
    component lsu_top is
    GENERIC ( READ : INTEGER := 1 );
    end component;
    thei_x : lsu_top
    GENERIC MAP (
        READ => 0,
        STYLE => "PIPELINED"
    )
    PORT MAP ( clock => clock );
"""
    (inst,) = scan_vhdl(vhdl, "e.vhd")
    assert (inst.instance, inst.module, inst.params) == ("thei_x", "e", {"READ": "0", "STYLE": "PIPELINED"})
    sv = "module m (\n);\n    lsu_top #(\n        .READ(1),\n        .STYLE(\"SIMPLE\")\n    ) thei_y (\n .clock(c));"
    (inst,) = scan_systemverilog(sv, "m.sv")
    assert (inst.instance, inst.module, inst.line, inst.params) == ("thei_y", "m", 3, {"READ": "1", "STYLE": "SIMPLE"})


def test_scanners_stay_linear_on_pathological_input() -> None:
    """Unterminated parameter lists must not trigger catastrophic backtracking
    (a quadratic scan of these 2-3 MB inputs would take minutes)."""
    assert scan_systemverilog("lsu_top #(" * 200_000, "x.sv") == []
    assert scan_systemverilog("lsu_top #(.A(" * 100_000, "x.sv") == []
    assert scan_vhdl("x : lsu_top GENERIC MAP (" * 100_000, "x.vhd") == []


def test_kernel_list_from_function_modules() -> None:
    """14.x projects list kernels only in RTL: ``module <kernel>_function``."""
    text = (NET / "net.v").read_text(encoding="utf-8", errors="replace")
    assert kernel_function_modules(text) == [
        "dataLayer", "paddingLayer", "poolingLayer", "reluLayer", "convLayer", "outputLayer"]
    assert kernel_function_modules("module k_function_wrapper (\nmodule k2_function (\n") == ["k2"]


def test_a_14x_finding_points_at_the_lsu_instance_in_the_rtl() -> None:
    """aoc 14.0 reports carry no source lines: an LSU's finding read
    "hlsight: warning: sobel/load0 ..." with no file to open; it points at
    the LSU's ``lsu_top`` instance in the kernel RTL it was read from."""
    report = AOC / "aoc14.0_c5soc_sobel" / "bin_Sobel_Filter"
    verilog = report / "Sobel.v"
    warnings = [line for line in run_cli("analyze", str(report)).stdout.splitlines() if ": warning: " in line]
    assert warnings[0].startswith(f"{verilog}:4706: warning: sobel/load0 (1 B wide)")
    assert verilog.read_text().splitlines()[4705].startswith("lsu_top lsu_local_bb1_ld_")
