"""Each quirk of aoc-report-formats.md, checked on the real artifact that shows it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hlsight.core.model import InitiationInterval, KernelKind, LSUKind, LSUStyle, TripCount
from hlsight.parsers.intel.aoclog import read_log_loops
from hlsight.parsers.intel.bundle import ReportBundle
from hlsight.parsers.intel.fmax import read_quartus_json
from hlsight.parsers.intel.jsdata import decode_payload, load_quartus_json, repair_quartus_json
from hlsight.parsers.intel.loops import parse_ii
from hlsight.parsers.loader import load_design
from tests.conftest import CORPUS, REPO

AOC = CORPUS / "aoc"
GRIDDING = AOC / "aoc17.1.1_a10_gridding"
LENET = AOC / "aoc18.1_c5soc_lenet5" / "reports"
STREAM = (AOC / "aoc21.2_s10_520n_hpcc_stream_randomaccess" / "synthesis_artifacts" / "STREAM"
          / "520n-21.2.0-20.4.0" / "stream_kernels_single_synth_reports")
RANDOM = STREAM.parents[2] / "RandomAccess" / "520n-21.2.0-20.4.0" / "random_access_kernels_single_synth_reports"
MEMPROFILE = AOC / "aoc18.1pro_s10gx_memprofile" / "Aplications" / "Reports_S10GX_1866"
KMERS = AOC / "oneapi2023.0_s10mx_kmers" / "less_work_but_slower" / "reports_v12_m_v9_half"
NET = AOC / "aoc16.1_s5_de5net_caffe_net" / "kernels" / "net" / "bin" / "net"


# --------------------------------------------------------------------------- payload decoding

def test_payload_rules_single_quotes_js_quote_escape_octal_and_raw_tabs(tmp_path: Path) -> None:
    raw = "'{\"name\":\"\\'lambda\\'(auto)\", \"content\":\"a\\012\\tb\tc\", \"keep\":\"\\\\012\"}';"
    data = decode_payload(raw, tmp_path / "report_data.js", "var x")
    assert data == {"name": "'lambda'(auto)", "content": "a\n\tb\tc", "keep": "\\012"}


def test_octal_escapes_become_newlines_in_embedded_source() -> None:
    design = load_design(AOC / "aoc20.4_a10_clbool" / "fpga_reports" / "prefix_sum" / "reports")
    (source,) = design.source_files
    assert source.name == "prefix_sum.cl" and source.content is not None
    assert "\\012" not in source.content and source.content.count("\n") > 50
    assert source.line_text(1) == "//#ifndef RUN"


def test_js_quote_escape_in_sycl_kernel_names() -> None:
    design = load_design(AOC / "oneapi2022.1_a10pac_vector_add" / "reports")
    assert [k.report_name for k in design.kernels] == ["'lambda'(auto)"]
    assert [k.name for k in design.kernels] == ["vector-add-buffers.cpp:83"]  # unnamed lambda: file:line
    (source,) = [s for s in design.source_files if s.name == "vector-add-buffers.cpp"]
    assert source.content is not None and "\t" in source.content  # raw TABs kept (strict=False)


# --------------------------------------------------------------------------- LSU details

def test_details_object_and_start_cycle_with_hyphen_in_16_1() -> None:
    design = load_design(NET)
    simple = design.kernel("dataLayer").lsus[0]
    assert (simple.style_raw, simple.start_cycle, simple.latency, simple.width_bits) == ("Simple", 6, 1, 32)
    assert simple.location is not None and simple.location.line == 412
    assert simple.location.file.endswith("/kernels/net/net.cl")  # fileIndexMap "1"
    assert design.memory_systems[0].bank_names == ["Bank 0", "Bank 1"]
    assert simple.bank is None  # linked to both banks: interleaved


def test_details_list_and_start_cycle_with_space_in_17_1() -> None:
    design = load_design(GRIDDING / "reports")
    prefetch = design.kernel("oskar_process_all_tiles").lsus[0]
    assert (prefetch.style, prefetch.start_cycle, prefetch.latency) == (LSUStyle.PREFETCHING, 5, 2)


def test_cached_lsus_only_visible_in_17_1_1_compile_warnings() -> None:
    """17.1.1 mav types them plain 'Burst-coalesced'; summary.json warns
    'Load uses a Burst-coalesced cached LSU' at file:line (8 + 9 warnings)."""
    for rel, lines in (("reports", [89, 90, 110, 111, 112, 115, 126, 132]),
                       ("gridding_kernels_tile/reports", [61, 62, 68, 69, 70, 73, 84, 93, 128])):
        design = load_design(GRIDDING / rel)
        cached = [lsu for k in design.kernels for lsu in k.lsus if lsu.cached]
        assert [lsu.location.line for lsu in cached if lsu.location] == lines
        assert {lsu.style_raw for lsu in cached} == {"Burst-coalesced"}


def test_burst_non_aligned_old_spelling_is_non_aligned_burst_coalesced() -> None:
    design = load_design(LENET)
    odd = [lsu for k in design.kernels for lsu in k.lsus if lsu.style_raw == "Burst-non-aligned"]
    assert len(odd) == 5
    assert all(lsu.style is LSUStyle.BURST_COALESCED and not lsu.aligned and lsu.is_global for lsu in odd)


def test_write_ack_non_aligned_and_atomics() -> None:
    design = load_design(MEMPROFILE / "Burst-Coalesce-Non-Aligned")
    (both,) = [lsu for lsu in design.kernels[0].lsus if lsu.style_raw == "Burst-coalesced write-ack non-aligned"]
    assert (both.write_ack, both.aligned, both.width_bits, both.start_cycle, both.latency) == (
        True, False, 512, 240, 168)
    atomic = load_design(MEMPROFILE / "Atomic-Pipeline")
    atomics = [lsu for lsu in atomic.kernels[0].lsus if lsu.kind is LSUKind.ATOMIC]
    assert len(atomics) == 80
    assert {(a.style_raw, a.style, a.atomic_op, a.width_bits) for a in atomics} == {
        (None, LSUStyle.ATOMIC_PIPELINED, "add", 32)}


def test_pipes_and_channels_are_not_lsus() -> None:
    kmers = load_design(KMERS)
    assert sum(len(k.lsus) for k in kmers.kernels) == 46  # 89 pipe insts are not counted
    (reader,) = [k for k in kmers.kernels if k.name == "parse_reads1"]
    assert reader.channels_read == ["sycl::_V1::ext::intel::pipe<some_pipe, sequence, 128>"]
    gridding = load_design(GRIDDING / "reports")
    assert gridding.kernel("convEng").channels_read == ["chConvEngConfig", "chTileConfig", "chVis"]
    assert gridding.kernel("oskar_process_all_tiles").channels_read == ["chConvEngFinished"]


def test_global_vs_local_from_memory_links_not_type() -> None:
    """21.2 RandomAccess 'Pipelined' loads link to no memory: not global."""
    design = load_design(RANDOM)
    unlinked = [lsu for k in design.kernels for lsu in k.lsus if lsu.memory is None]
    assert len(unlinked) == 4
    assert all(lsu.style_raw == "Pipelined" and not lsu.is_global for lsu in unlinked)
    stream = load_design(STREAM)
    local = [lsu for k in stream.kernels for lsu in k.lsus if not lsu.is_global]
    assert len(local) == 16 and all(lsu.never_stall and lsu.stall_free for lsu in local)
    memory = stream.memory_system(local[0].memory or "")
    assert memory is not None and memory.kind.value == "onchip" and memory.kernel == "calc_0"


def test_hbm_pseudo_channel_index_and_2023_layout() -> None:
    design = load_design(KMERS / "report.html")
    assert design.tool.product.value == "oneapi" and design.tool.version == "2023.0.0"
    hbm = [m for m in design.memory_systems if m.kind.value == "hbm"]
    assert sorted(m.channel for m in hbm if m.channel is not None) == list(range(16))
    for lsu in (lsu for k in design.kernels for lsu in k.lsus if lsu.is_global):
        assert lsu.memory == f"HBM{lsu.channel}"
    assert any(m.name for m in design.memory_systems if m.kind.value == "onchip")  # "On-chip Memory"
    assert [k.report_name or k.name for k in design.kernels[:3]] == ["parse_reads1", "'lambda'()", "'lambda'()"]


# --------------------------------------------------------------------------- loops

@pytest.mark.parametrize(("text", "expected"), [
    ("1", InitiationInterval(1)), ("~173", InitiationInterval(173, "~")), (">=1", InitiationInterval(1, ">=")),
    ("52628672", InitiationInterval(52628672)), ("n/a", None), ("", None)])
def test_ii_qualifiers(text: str, expected: InitiationInterval | None) -> None:
    assert parse_ii(text) == expected


def test_loops_with_ii_qualifiers_from_reports() -> None:
    gridding = load_design(GRIDDING / "reports")
    loops = {loop.name: loop for loop in gridding.kernel("convEng").all_loops()}
    assert str(loops["convEng.B2"].ii) == ">=1" and str(loops["convEng.B3"].ii) == "~1"
    assert loops["convEng.B1"].pipelined is False and loops["convEng.B1"].ii is None
    assert [c.name for c in loops["convEng.B6"].children] == ["convEng.B7"]
    lenet = load_design(LENET)
    (conv,) = [loop for loop in lenet.kernel("conv2d").all_loops() if loop.name == "conv2d.B1"]
    assert conv.ii == InitiationInterval(52628672) and conv.pipelined is True
    grid_tile = load_design(GRIDDING / "gridding_kernels_tile" / "reports")
    assert any(loop.ii == InitiationInterval(173, "~") and loop.bottleneck == "II"
               for loop in grid_tile.kernels[0].all_loops())


def test_16_1_flat_loop_list_nests_by_level_and_joins_by_block() -> None:
    design = load_design(NET)
    (outer,) = design.kernel("paddingLayer").loops
    assert [loop.name for loop in outer.walk()] == ["Block6", "Block7", "Block8"]
    assert [loop.name for loop in design.kernel("poolingLayer").all_loops()] == [
        "Block14", "Block15", "Block16", "Block17"]


def test_trip_counts_latency_and_speculation_from_loop_attr() -> None:
    design = load_design(STREAM)
    loops = {loop.name: loop for loop in design.kernel("calc_0").all_loops()}
    b3 = loops["calc_0.B3"]
    assert (b3.trip_count, b3.speculated_iterations, b3.max_interleaving, b3.iteration_latency) == (
        TripCount(32768, 32768), 4, 1, 238)
    assert b3.trip_count is not None and b3.trip_count.value == 32768
    assert loops["calc_0.B2"].trip_count == TripCount()  # tc "0" = unknown
    assert design.kernel("calc_0").kind is KernelKind.SINGLE_WORK_ITEM


def test_fmax_ii_json_gives_block_latency_and_estimated_fmax() -> None:
    design = load_design(AOC / "aoc19.3pro_s10gx_axpy" / "Aplications" / "Reports_S10GX_1866" / "AXPY")
    kernel = design.kernel("sreaming_saxpy")
    (loop,) = [loop for loop in kernel.loops if loop.name == "sreaming_saxpy.B1"]
    assert (loop.iteration_latency, loop.speculated_iterations, loop.achieved_fmax_mhz) == (653, 4, 480.0)
    assert loop.trip_count is None  # 19.x reports have no trip counts
    assert kernel.fmax_estimated_mhz == 480.0
    assert kernel.fmax_postfit_mhz is None  # quartus.json says "Run Quartus compile..."


# --------------------------------------------------------------------------- post-fit fmax

def test_postfit_fmax_prefers_acl_quartus_report_actual_clock() -> None:
    design = load_design(MEMPROFILE / "Burst-Coalesced-Aligned")
    assert design.kernels[0].fmax_postfit_mhz == 395.0  # Actual clock freq (Kernel fmax line: 399.68)
    stream = load_design(STREAM)
    assert stream.kernels[0].fmax_postfit_mhz == 341.666666667
    assert stream.kernels[0].fmax_estimated_mhz == 480.0  # loop_attr kernel fmax


def test_malformed_quartus_json_is_repaired() -> None:
    path = MEMPROFILE / "Burst-Coalesce-Non-Aligned" / "lib" / "json" / "quartus.json"
    assert '"data":["Kernel fmax": 322.5]' in path.read_text().replace(" 322.5", " 322.5")
    data = load_quartus_json(path)
    assert data["quartusFitClockSummary"]["children"][0]["data"] == {"Kernel fmax": 322.5}
    fit = read_quartus_json(data, "quartus.json")
    assert fit is not None and fit.mhz == 322.5
    assert repair_quartus_json('"data":["ALMs": 1 ,"FFs": 2]') == '"data":{"ALMs": 1 ,"FFs": 2}'


def test_valid_20_4_quartus_json_kernel_clock_vs_fmax() -> None:
    bundle = ReportBundle(AOC / "aoc20.4_a10_clbool" / "fpga_reports" / "prefix_sum" / "reports" / "lib")
    fit = read_quartus_json(bundle.get("quartus"), "quartus.json")
    assert fit is not None and (fit.actual_mhz, fit.achievable_mhz) == (257.81, 258.26)
    assert [name for name, _ in fit.per_kernel] == ["scan_blelloch", "update_pref_sum"]
    tbd = ReportBundle(AOC / "aoc20.4_a10_clbool" / "src" / "cl" / "fpga" / "simple_addition_branch" / "reports"
                       / "lib")
    assert read_quartus_json(tbd.get("quartus"), "quartus.json") is None  # "kernel clock":"TBD"


def test_16_1_kernel_type_and_command_come_from_the_compile_log() -> None:
    design = load_design(NET / "reports")
    assert design.tool.version == "16.1"
    assert design.tool.command == "aoc net.cl -o bin/net.aocx --board de5net_a7 --report -v"
    assert {k.kind for k in design.kernels} == {KernelKind.NDRANGE}  # "The kernel is compiled as an ND-Range."
    # no info document: family from RTL INTENDED_DEVICE_FAMILY, board from the command
    assert (design.device.family, design.device.board) == ("Stratix V", "de5net_a7")
    legacy = load_design(AOC / "aoc15.1_c5soc_vector_add" / "vector_add" / "bin_vector_add")
    assert (legacy.tool.version, legacy.device.family) == ("15", "Cyclone V")
    assert design.kernels[0].fmax_postfit_mhz is not None


def test_14x_optimization_report_box_with_line_numbers() -> None:
    """Box format of Sobel.log; with -g the Ln.Col column carries the line."""
    text = """\
======================================================================================================================
|                                          *** Optimization Report ***                                               |
======================================================================================================================
| Kernel: sobel                                                                                            | Ln.Col  |
======================================================================================================================
| Loop for.body                                                                                            | 31:5    |
|     Pipelined with successive iterations launched every 2 cycles due to:                                 |         |
|         Memory dependency on Load Operation from:                                                        | 33:14   |
| Loop for.inner                                                                                           | 40      |
|     Pipelined execution inferred.                                                                        |         |
======================================================================================================================
"""
    (outer, inner) = read_log_loops(text, "Sobel.cl")["sobel"]
    assert (outer.name, outer.pipelined, outer.ii, str(outer.location)) == (
        "for.body", True, InitiationInterval(2), "Sobel.cl:31:5")
    assert (inner.name, inner.pipelined, inner.ii, str(inner.location)) == ("for.inner", True, None, "Sobel.cl:40")


def test_release_without_corpus_sample_gets_a_note(tmp_path: Path) -> None:
    demo = tmp_path / "vector_add"
    shutil.copytree(REPO / "fixtures" / "demo" / "vector_add", demo)
    info = demo / "reports" / "lib" / "json" / "info.json"
    info.write_text(info.read_text().replace("19.4.0 Build 64", "22.4.0 Build 94"))
    design = load_design(demo)
    assert design.tool.version == "22.4.0"
    (note,) = [d for d in design.diagnostics if d.rule == "intel-unverified-version"]
    assert "22.4.0 Build 94" in note.message and note.severity.value == "note"
    assert len(design.kernels[0].lsus) == 3  # still read with the 19.x rules
    assert not [d for d in load_design(REPO / "fixtures" / "demo" / "vector_add").diagnostics
                if d.rule == "intel-unverified-version"]


def test_oneapi_20_3_mangled_loop_attr_kernels_are_read() -> None:
    """oneAPI 20.3 names loop_attr's kernel nodes by their mangled type
    (``k0_ZTS14KernelPrefetch``, ``k1_ZTS13KernelComputeILi10EE``); its blocks
    carry the report's name (``KernelPrefetch.B1``). Matched by the mangled
    name, no kernel got the compiler's 240 MHz or its blocks' schedule, and
    the estimate asked for fmax (Intel's lsu_control sample on a PAC)."""
    design = load_design(CORPUS / "aoc" / "oneapi20.3_a10pac_samples" / "lsu_control")
    assert sorted(kernel.name for kernel in design.kernels) == ["KernelBurst", "KernelDefault", "KernelPrefetch"]
    assert all(kernel.fmax_estimated_mhz == 240.0 for kernel in design.kernels)
    scheduled = [loop for kernel in design.kernels for loop in kernel.all_loops() if loop.iteration_latency]
    assert len(scheduled) >= 3


def test_an_approximate_ii_that_bounds_the_kernel_is_a_caution() -> None:
    """An II the report marks ``~`` is scheduled on stallable global loads'
    and stores' latency (Intel's kernel_args_restrict sample: II ~250 at
    240 MHz gave 1.04 s, its README measured 0.372 s): said beside the
    number as an upper bound. The fpga_compile sample's VectorAdd (II ~280
    without restrict) is compute-bound on it."""
    from hlsight.analyzer.pipeline import analyze

    design = load_design(CORPUS / "aoc" / "oneapi20.3_a10pac_samples" / "vector_add_opt_2")
    estimate = analyze(design).estimates["VectorAdd"]
    assert estimate.bound == "compute" and estimate.seconds is not None
    (caveat,) = [item for item in estimate.caveats if "approximate IIs" in item]
    assert caveat.startswith("the pipeline time rests on approximate IIs (VectorAdd.B1 (II ~280))")
    assert "read it as an upper bound" in caveat


def test_private_copies_around_inner_loops_are_a_caution() -> None:
    """An on-chip memory with private copies (max_concurrency) lets that
    many outer iterations run at once; the pipeline time runs them one after
    another (Intel's max_concurrency sample, A10 PAC README: 2.95 s with one
    copy, 1.46 s with 2 to 16; estimated 3.41 s for all). Said where a
    loop holds two loops that iterate and the report does not say how many
    of its iterations run at once (an upper bound), and where "capacity of
    loop" lets the count overlap more stages than a memory has copies (it
    may read low; tests/test_loop_concurrency.py for the overlap):
    memory_attributes' B1 holds a fully unrolled one, so even with copies
    it gets no caution."""
    from hlsight.analyzer.estimate.kernel import private_copies_caveat
    from hlsight.core.model import Loop

    design = load_design(CORPUS / "aoc" / "oneapi20.3_a10pac_samples" / "memory_attributes")
    kernel = design.kernel("Kernel<0>")
    local = next(memory for memory in design.memory_systems if memory.kernel == kernel.name)
    assert local.details["Number of private copies"] == "1" and private_copies_caveat([kernel], design) is None
    local.details["Number of private copies"] = "4"
    assert private_copies_caveat([kernel], design) is None  # its inner loop is fully unrolled
    outer = next(loop for loop in kernel.loops if loop.name == "Kernel<0>.B1")
    outer.children.extend([Loop(name="Kernel<0>.B2"), Loop(name="Kernel<0>.B4")])
    assert private_copies_caveat([kernel], design) is None  # "Maximum concurrent iterations: Capacity of loop"
    outer.children.append(Loop(name="Kernel<0>.B6"))  # three stages overlapped, a memory with 2 copies
    local.details["Number of private copies"] = "2"
    fewer = private_copies_caveat([kernel], design)
    assert fewer is not None and fewer.startswith(
        'loop Kernel<0>.B1 overlaps 3 sub-loops, as the report\'s "capacity of loop" allows, but on-chip memory'
        " dict_offset has 2 private copies")
    assert fewer.endswith("read it as a lower bound")
    local.details["Number of private copies"] = "4"
    outer.details = [text for text in outer.details if "concurrent iterations" not in text]
    caveat = private_copies_caveat([kernel], design)
    assert caveat is not None and caveat.startswith("on-chip memory dict_offset has 4 private copies: up to 4")


def test_loop_attr_counts_of_repeated_lambda_names_go_to_their_kernels() -> None:
    """oneAPI kmers names 33 kernels ``'lambda'()``; ``loop_attr`` lists
    them in another order than ``mav``/``loops``, and was joined by the n-th
    occurrence: the 268,435,456-trip std::fill loops (line 921) landed on
    line-723 kernels, their unknown count on line-530 ones, and the user was
    asked for 7 counts the report gives. Paired by the loops' source lines."""
    kmers = CORPUS / "aoc" / "oneapi2023.0_s10mx_kmers" / "less_work_but_slower" / "reports_v12_m_v9_half"
    design = load_design(kmers)
    trips: dict[int, set[int | None]] = {}
    for kernel in design.kernels:
        if kernel.location is None or not kernel.loops:
            continue
        count = kernel.loops[0].trip_count
        trips.setdefault(kernel.location.line, set()).add(None if count is None else count.max)
    assert trips[530] == {268435456}  # 15 kernels, loop at line 921 (tc 268435456)
    assert trips[723] == {None}  # 15 kernels, loop at line 732 (tc 0: unknown)
    assert trips[786] == {8} and trips[869] == {7} and trips[959] == {None}
