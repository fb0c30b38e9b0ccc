"""What the seventh outside sweep (session 37) showed of the analysis of
reports whose sources are missing or unread: each test one finding, on a
corpus report of the same shape."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import CORPUS, run_cli

VIVADO = CORPUS / "vivado"


def test_a_flattened_nest_asks_for_the_product_of_its_counts() -> None:
    """A public Vitis 2022.2 top-k kernel's source went unread; its loop
    ``VITIS_LOOP_24_3_VITIS_LOOP_27_4`` was described by its outer level
    alone (`for (int i = 0; i < k; i++)`), so a user gave k (1) where the
    loop runs 238 x k times (890 cycles instead of 1,601). The name joins
    both levels: the product is asked for. polybench lu (no source in the
    corpus) has the same shape."""
    result = run_cli("analyze", str(VIVADO / "vitis2022.2.2_polybench_lu"))
    assert ("    loop.lu.VITIS_LOOP_17_4_VITIS_LOOP_18_5.trip: the loop at lu.cpp:17; its name joins the loops at"
            " lines 17, 18, a nest the tool flattened: the product of their counts; the report gives a trip count"
            " of 0 ~ 1560") in result.stdout.splitlines()


def test_a_value_at_which_a_loop_does_not_run_is_said_so(tmp_path: Path) -> None:
    """A public Fibonacci (Vivado HLS 2019.2): ``for (i = 2; i <= n; i++)``
    runs ``n - 1`` times as counted, and ``fibonacci(0)`` is a legal call
    that runs it 0 times; ``--set n=0`` was refused with "values an argument
    that counts work can take: 0 or more", which n=0 is. The count that goes
    below zero is named, and how to give a loop that does not run."""
    from fixtures.instrument.make_reports import loop, module

    report = tmp_path / "report"
    report.mkdir()
    xml = module("fib", "undef", [loop("Loop1", "undef", "undef", il=1)], scalars=("n",))
    (report / "fib_csynth.xml").write_text(xml, encoding="utf-8")
    (report / "csynth.xml").write_text(xml, encoding="utf-8")
    (tmp_path / "fib.c").write_text(
        "int fib(int n) {\n    int a = 0, b = 1, i;\n    for (i = 2; i <= n; i++) {\n        int t = a + b;\n"
        "        a = b;\n        b = t;\n    }\n    return b;\n}\n", encoding="utf-8")
    counted = run_cli("analyze", str(report), "--source-root", str(tmp_path), "--set", "n=6")
    assert counted.code == 0, counted.stderr
    assert "  function fib (top): 5 cycles at the values given (n - 1)" in counted.stdout.splitlines()
    refused = run_cli("analyze", str(report), "--source-root", str(tmp_path), "--set", "n=0")
    assert refused.code == 2
    assert ("kernel fib: the estimated time is negative with the values given (n=0): the trip count of loop Loop 1 is"
            " n - 1 = -1 (expected values at which every loop the source counts runs at least once (a loop that"
            " does not run: give its trip count, --set loop.<kernel>.<loop>.trip=0))") in refused.stderr
    given = run_cli("analyze", str(report), "--source-root", str(tmp_path), "--set", "n=0",
                    "--set", "loop.fib.Loop_1.trip=0")
    assert given.code == 0, given.stderr
    assert "  function fib (top): 0 cycles at the values given (loop.fib.Loop_1.trip)" in given.stdout.splitlines()


def test_a_top_with_scalar_ports_only_is_said_so() -> None:
    """A public Vitis 2020.2 256-bit adder's ports are ap_none scalars and
    ap_ctrl_hs; the headline said "the schedule times its ap_memory,
    AXI-lite and stream ports", none of which it has. The 2019.1 FIR of
    the corpus (ap_none input, ap_vld output) has the same shape."""
    result = run_cli("analyze", str(VIVADO / "vhls2019.1_cse237c_fir128"))
    assert ("  using: no DRAM profile: no m_axi port (the schedule times its scalar ap_none, ap_vld ports), clock 100"
            " MHz (the HLS target clock: no place-and-route fmax in the report; --set fmax=MHZ)") \
        in result.stdout.splitlines()


def test_a_launch_size_no_estimate_uses_is_said() -> None:
    """A public aoc 16.1 genetic algorithm: the report does not say whether
    its kernel is NDRange, and its counts do not use the work-item ids; the
    host's 3,328 work-items (``--set global_size0=3328``) were echoed beside
    the number and changed nothing, without a word. The hand-written aoc
    16.1 channel kernel of the fixtures has the same shape."""
    from tests.conftest import FIXTURES

    result = run_cli("analyze", str(FIXTURES / "aoc16_channel_loop"), "--set", "work_items=1000")
    assert result.code == 0, result.stderr
    assert ("work_items changes nothing in the estimate: the report does not say whether emit is an NDRange or"
            " single-work-item, and the source's counts do not use the work-item ids; -v shows each loop's and"
            " LSU's counts [input-unused]") in result.stdout + result.stderr
    used = run_cli("analyze", str(CORPUS / "aoc" / "aoc15.1_c5soc_vector_add" / "vector_add" / "bin_vector_add"),
                   "--set", "work_items=1000")
    assert "changes nothing in the estimate" not in used.stdout + used.stderr


def test_a_zynq_ultrascale_part_takes_its_ps_ddr4() -> None:
    """A public KV260 design (xck26, Vitis 2025.2) and the corpus's 2020.1
    xczu7ev dataflow were given the 7V3 PCIe card's DDR3 as an unknown
    board. The Zynq UltraScale+ MPSoC's PS DDR4 (64-bit, up to 2400 MT/s:
    UG1085) is their memory; eq. 10's peak is 8 B x 2.4 GT/s."""
    from hlsight.analyzer.memory_profiles import load_profile

    result = run_cli("analyze", str(VIVADO / "vitis2020.1_vecdot_dataflow"))
    assert ("  using: DRAM profile ddr4-2400-zynqmp for the board Zynq UltraScale+ MPSoC (PS DDR4)"
            " (xczu7ev-ffvc1156-2-e zynquplus), clock 100 MHz") in result.stdout
    profile = load_profile("ddr4-2400-zynqmp")
    assert profile.dq_bytes * 2 * profile.f_dram_hz == 19.2e9


def test_a_renamed_synthesis_summary_is_named(tmp_path: Path) -> None:
    """A public Vitis 2025.1 project commits only ``reports/`` with its
    synthesis summary renamed (``cysn_hls_compile.rpt``) and the
    co-simulation: "no HLS report found here (expected an aoc/oneAPI
    report ...)". The summary is recognised by its first lines, as
    ``hls_compile.rpt`` is by name."""
    folder = tmp_path / "reports"
    folder.mkdir()
    (folder / "cysn_hls_compile.rpt").write_bytes((VIVADO / "vitis2023.2_cluster_nms" / "csynth.rpt").read_bytes())
    result = run_cli("analyze", str(folder))
    assert result.code == 2
    assert ("cysn_hls_compile.rpt is Vitis' synthesis summary (csynth.rpt's content: one latency per module and loop,"
            " their maxima, which hlsight does not compose from); point at the solution's syn/report folder") \
        in result.stderr


def test_a_data_dependent_access_is_not_called_stride_1() -> None:
    """A public oneAPI 2023.1 histogram's ``hist[idx[i]]`` was listed as
    ``[hist[idx_scalar]: stride 1, 4 B, x array_size]``: an engineer reads a
    unit-stride stream. It is timed as stride 1 (a burst each, decision 21)
    and listed as data-dependent. The corpus BFS's scatter stores are the
    same shape."""
    result = run_cli("analyze", "-v", str(CORPUS / "aoc" / "oneapi2021.4_s10gx_parallel_bfs" / "parallel_bfs_report.prj"
                                          / "reports"))
    assert "[parents_access[neighbor]: data-dependent, 4 B," in result.stdout
    assert ("note: store LSU parallel_bfs.cpp:104/store0: data-dependent, timed as stride 1 from"
            " `parents_access[neighbor]`") in result.stdout


def test_the_dram_figures_the_profile_lacks_are_said_as_assumed() -> None:
    """A public Vivado HLS 2016.3 design on the Zynq-7000 profile was told
    "DRAM ddr3-1066-zynq: t_RAS, t_CO, DBW_C, DLAT from the profile": the
    profile has none of them, and the model put t_RCD + t_RP (26 ns) for
    DLAT, far below a PL read through an HP port. The 7V3's profile has all
    four (HLScope+ section IV)."""
    import json

    def dram(*argv: str) -> list[str]:
        document = json.loads(run_cli("analyze", str(VIVADO / "vitis2023.2_cluster_nms"), "--format", "json",
                                      *argv).stdout)
        return [line for line in document["kernels"][0]["estimate"]["assumptions"] if line.startswith("DRAM ")]

    assert dram() == ["DRAM ddr3-1066-zynq: no measured figure in the profile; assumed: t_RAS and t_CO 0; DBW_C its"
                      " peak x efficiency 1; DLAT t_RCD + t_RP = 26.2 ns (a lower bound of a real read's latency)"]
    assert dram("--memory", "ddr3-1333-7v3") == ["DRAM ddr3-1333-7v3: t_RAS, t_CO, DBW_C, DLAT from the profile"]


def test_the_memory_view_says_which_stores_wait_for_their_write_ack() -> None:
    """oneAPI 2023's Global memory view lists each global store with "Uses
    Write Ack" while the mav calls it plain "Burst-coalesced": a public
    oneAPI 2023.1 histogram's scatter store was timed as an aligned
    burst-coalesced store (decision 21's write-ack variant never chosen).
    The view is matched by file and line (it names oneAPI's lambda kernels
    'lambda'()); the corpus kmers (2023.0) has one such store, at line 986."""
    from hlsight.parsers.intel.gmv import read_write_acks
    from hlsight.parsers.loader import load_design

    view = {"nodes": [{"name": "Global Memory Stores", "type": "bb", "children": [
        {"name": "ST", "type": "inst", "details": [{"type": "table", "Uses Write Ack": "Yes", "Kernel": "MainKernel"}],
         "debug": [[{"filename": "/home/u/experiments/histogram_dram.cpp", "line": 29}]]},
        {"name": "ST", "type": "inst", "details": [{"type": "table", "Uses Write Ack": "No", "Kernel": "Other"}],
         "debug": [[{"filename": "/home/u/experiments/histogram_dram.cpp", "line": 40}]]}]}]}
    assert read_write_acks(view) == {("histogram_dram.cpp", 29): {True}, ("histogram_dram.cpp", 40): {False}}
    design = load_design(CORPUS / "aoc" / "oneapi2023.0_s10mx_kmers" / "less_work_but_slower"
                         / "reports_v12_m_v9_half")
    stores = {(Path(lsu.location.file).name, lsu.location.line, lsu.write_ack) for kernel in design.kernels
              for lsu in kernel.global_lsus() if lsu.kind.value == "store" and lsu.location is not None}
    # the fill stores (std::fill, stl_algobase.h:922) do not wait: "No" in the view
    assert stores == {("stl_algobase.h", 922, False), ("two_bit_v19_HBM_test_v12_medium_v9_half.cpp", 986, True)}


def test_a_vivado_top_read_in_its_source_has_a_place_in_json() -> None:
    """A Vivado/Vitis report names no line for its top: a public
    Fibonacci's JSON said ``"file": null, "line": null`` while its source
    was read and its loop placed at fibonacci.cpp:16. The source analysis's
    definition of the top is its place (the shared quicksort: ``void qs``
    at qs_fast.cpp:9)."""
    import json

    from tests.conftest import SHARED

    quicksort = SHARED / "instrument" / "vitis2022.2.2_c2hlsc_quicksort"
    document = json.loads(run_cli("analyze", str(quicksort / "report"), "--source-root", str(quicksort / "upstream"),
                                  "--format", "json").stdout)
    (top,) = [kernel for kernel in document["kernels"] if kernel["is_top"]]
    assert (top["file"], top["line"]) == (str(quicksort / "upstream" / "qs_fast.cpp"), 9)
    # no source in the corpus for polybench lu: no place
    unread = json.loads(run_cli("analyze", str(VIVADO / "vitis2022.2.2_polybench_lu"), "--format", "json").stdout)
    assert [(kernel["file"], kernel["line"]) for kernel in unread["kernels"] if kernel["is_top"]] == [(None, None)]
