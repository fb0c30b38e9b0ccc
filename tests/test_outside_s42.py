"""Findings of session 42, each on a corpus input or a fixture written for
hlsight in the public shape."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import FIXTURES, run_cli

MAXI_PROJECT = FIXTURES / "vhls2015_maxi_nosource"


def test_the_html_says_the_dram_time_beside_a_cosimulated_latency_as_the_text_does(tmp_path: Path) -> None:
    """Session 41 said, in the text, that the DRAM model's time beside a
    co-simulated latency is outside what co-simulation's AXI model
    measures (a public Vitis HLS 2025.1 lab, handasahil/FPGA_ECE8893_SJH,
    read "10.8 ms" above "-0.0 %"); the HTML page still gave the bare
    -100.0 % under the 6.8 ms. Both now render the one clause."""
    project = tmp_path / "project"
    shutil.copytree(MAXI_PROJECT, project)
    (project / "solution1" / "sim" / "report").mkdir(parents=True)
    shutil.copyfile(FIXTURES / "vivado_cosim" / "bfs_cosim.rpt", project / "solution1" / "sim" / "report" /
                    "poly_cosim.rpt")
    page = tmp_path / "page.html"
    result = run_cli("analyze", str(project / "solution1"), "--set", "axi.poly.gmem.bytes=1000000",
                     "--set", "axi.poly.gmem.stride=2", "--format", "html", "-o", str(page))
    assert result.code == 0, result.stderr
    text = re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8"))))
    assert ("the cycle count above -100.0%; the estimate, 6.8 ms, adds the DRAM model's memory time to these cycles"
            " (340 ns), which co-simulation's AXI model, no DRAM, does not measure") in text


def test_a_sum_of_schedule_and_dram_waits_is_said_beside_a_compute_bound_number(tmp_path: Path) -> None:
    """HLScope+ eq. 14 adds the DRAM's waits to the schedule where there is
    no dataflow. A public Vitis HLS 2025.1 lab (handasahil/FPGA_ECE8893_SJH,
    lab3, its strided bundles given) read "10.8 ms, compute-bound" with
    2.24 ms of it DRAM waits, and nothing said so. The sum is now said in
    text, HTML and JSON; the 2015 poly() fixture moving 100 bytes is such a
    sum (340 ns of schedule, one DRAM latency of 26.3 ns, section IV)."""
    import json

    values = ("--set", "axi.poly.gmem.bytes=100")
    result = run_cli("analyze", str(MAXI_PROJECT / "solution1"), *values)
    assert result.code == 0, result.stderr
    assert "  estimate: 366 ns, compute-bound\n" in result.stdout
    line = "schedule 340 ns + DRAM waits 26.3 ns (7% of 366 ns), added: no dataflow (HLScope+ eq. 14)"
    assert f"  function poly: {line}\n" in result.stdout
    page = tmp_path / "page.html"
    assert run_cli("analyze", str(MAXI_PROJECT / "solution1"), *values, "--format", "html", "-o", str(page)).code == 0
    assert f'<p class="hs-clock">{line}</p>' in page.read_text(encoding="utf-8")
    data = json.loads(run_cli("analyze", str(MAXI_PROJECT / "solution1"), *values, "--format", "json").stdout)
    extra = next(kernel["estimate"]["extra"] for kernel in data["kernels"] if kernel["name"] == "poly")
    assert extra["dram_wait_seconds"] == pytest.approx(26.3e-9, rel=0.01)
    # a memory-bound number is the bus occupancy (eq. 16), not the sum: nothing said
    bus = run_cli("analyze", str(MAXI_PROJECT / "solution1"), "--set", "axi.poly.gmem.bytes=1000")
    assert "  estimate: 2.5 us, memory-bound\n" in bus.stdout and "DRAM waits" not in bus.stdout


@pytest.mark.parametrize("cast", ["reinterpret_cast<const ap_uint<64> *>({})", "(const ap_uint<64> *)({})",
                                  "static_cast<const ap_uint<64> *>(static_cast<const void *>({}))"])
def test_a_wide_read_through_a_pointer_cast_in_cxx_counts_its_bytes(tmp_path: Path, cast: str) -> None:
    """A public Vitis 2023.1 U280 CRC kernel (efrink29/U280_CRC_Accelerator)
    reads its 16 MiB a call as ``*reinterpret_cast<const ap_uint<128>
    *>(&in[i * 16])``: the C++ lowering dropped the cast, so the read was
    no access at all ("at least 967 ns" for 3.49 ms of bus time), and a
    C-style cast counted 1 byte an access. The cast is kept now, as the C
    front end keeps it, and the access moves the cast's element: here 8
    reads of 8 B and 8 writes of 4 B, 96 bytes."""
    project = tmp_path / "project"
    shutil.copytree(MAXI_PROJECT, project)
    (project / "poly.c").unlink()
    pointer = cast.format("&x[2 * i]")
    (project / "poly.cpp").write_text(
        "#include <ap_int.h>\nint poly(int *x, int *y, int a)\n{\n"
        "#pragma HLS INTERFACE m_axi port=y depth=16 offset=slave\n"
        "#pragma HLS INTERFACE m_axi port=x depth=16 offset=slave\n"
        "    for (int i = 0; i < 8; i++) {\n#pragma HLS PIPELINE\n"
        f"        ap_uint<64> pair = *{pointer};\n        y[i] = (int)pair + a;\n    }}\n    return 0;\n}}\n",
        encoding="utf-8")
    result = run_cli("analyze", "-v", str(project / "solution1"), "--source-root", str(project))
    assert result.code == 0, result.stderr
    assert "  assumes: m_axi_gmem: 96 bytes per call from the source (" in result.stdout
    assert "(line 8): 8 x 8 B; y[i] (line 9): 8 x 4 B)" in result.stdout


def test_one_report_file_given_names_the_module_report_beside_it() -> None:
    """Given one report file, only that file is read, and a module whose own
    report sat in the same folder was said to have "no
    <module>_csynth.xml/.rpt here" (a public hls4ml top, Vivado HLS 2019.2,
    YanLunHuang/structure_8filter, whose co-simulation gap the folder read
    explains). The report beside it is named now, with the folder to give."""
    from tests.conftest import CORPUS

    folder = CORPUS / "vivado" / "vhls2015.3_ug871_dct_seq"
    result = run_cli("analyze", "-v", str(folder / "dct_csynth.rpt"))
    assert result.code == 0, result.stderr
    assert (f"info: module 'dct_dct_2d' (instance grp_dct_dct_2d_fu_148 of 'dct') has its own report,"
            f" dct_dct_2d_csynth.xml, beside the file read, which alone is read (give the folder, {folder}, to"
            " compose it); its loops are not analysed [vivado-missing-module-report]") in result.stdout


def test_a_count_that_takes_a_branch_at_its_worst_says_at_most() -> None:
    """The composed cycles take a branch loop's long path in every
    iteration where the report gives only the range: an upper bound, which
    the number said nowhere (a public hls4ml convolution, Vivado HLS 2019.2,
    YanLunHuang/structure_8filter: "9.89 us, compute-bound" against 777
    cycles co-simulated, 3.89 us; 9 of its 25 window iterations take the
    long path). The corpus's 2019.1 fir128 has such a loop (2 ~ 4 cycles
    an iteration): its number says "at most" now, with the caution and the
    value to give; given that value, the count is no bound and says none."""
    import json

    from tests.conftest import CORPUS

    fir = str(CORPUS / "vivado" / "vhls2019.1_cse237c_fir128")
    result = run_cli("analyze", fir)
    assert result.code == 0, result.stderr
    assert "  estimate: at most 5.13 us, compute-bound\n" in result.stdout
    assert ("  caution (fir): fir: where its report gives a range it cannot resolve, the worst case is counted (the"
            " notes under -v name each): the cycle count is an upper bound (the report's latency: 257 ~ 513 cycles);"
            " loop.fir.SHIFT_ACCUM_LOOP.long_iterations sets how many iterations take the long path") in result.stdout
    data = json.loads(run_cli("analyze", fir, "--format", "json").stdout)
    assert data["estimate"]["extra"]["worst_case"] == ["the worst case of what fir's report gives as a range"]
    given = run_cli("analyze", fir, "--set", "loop.fir.SHIFT_ACCUM_LOOP.long_iterations=127")
    assert "  estimate: 5.11 us, compute-bound\n" in given.stdout and "upper bound" not in given.stdout


def test_a_worst_case_count_at_values_given_is_no_bound_of_the_run() -> None:
    """A count at values given bounds the run only if every call runs those
    values: a public Cholesky (Vivado HLS 2019.1, HansGiesen/hls_tuner),
    its column loop's mean 32.5 given, counted 467,252 cycles, 0.04 % under
    the 467,444 co-simulated, and read "at most". With a trip given, the
    fir128 says the worst case is counted at those values, and no "at
    most" (nor does the report's best case, for 128 iterations, silence
    the caution at 64)."""
    from tests.conftest import CORPUS

    fir = str(CORPUS / "vivado" / "vhls2019.1_cse237c_fir128")
    result = run_cli("analyze", fir, "--set", "loop.fir.SHIFT_ACCUM_LOOP.trip=64")
    assert "  estimate: 2.57 us, compute-bound\n" in result.stdout
    assert ("the worst case is counted (the notes under -v name each): the cycle count is at the values given, an"
            " upper bound only if every call runs them (a mean given for a count that varies is none);"
            " loop.fir.SHIFT_ACCUM_LOOP.long_iterations sets how many iterations take the long path") in result.stdout


def test_an_autorun_kernel_is_said_to_be_one() -> None:
    """aoc's summary says "Autorun: Yes" of a kernel that starts itself,
    with no launch and no host arguments, and JSON carried it; the text
    said nothing (a public aoc 17.1.1 gridding design, OxfordSKA/
    FPGA_Gridding, whose convEng runs a while (1) loop as long as it is
    fed). The corpus holds a build of that design."""
    from tests.conftest import CORPUS

    result = run_cli("analyze", "-v", str(CORPUS / "aoc" / "aoc17.1.1_a10_gridding"))
    assert result.code == 0, result.stderr
    assert "  kernel convEng [single_work_item, autorun] fmax ?\n" in result.stdout
    assert "  kernel oskar_process_all_tiles [single_work_item] fmax ?\n" in result.stdout


UNROLLED_PRAGMA = FIXTURES / "instrument" / "tripcount_unroll"


def test_a_loop_tripcount_count_of_an_unrolled_loop_is_per_unrolled_iteration() -> None:
    """A public Vitis 2021.1 wide_vadd (mrmstudio/XACC_2022) unrolls its
    ``i < (elements/16)*16`` loop 16x under ``loop_tripcount avg=4096``:
    the report counts 256 iterations, and with ``elements=4096`` given the
    source's count, 4,096, was taken without the unroll (4,100 cycles of
    loop for the report's 258; "18.4 us, compute-bound" for 4.48 us,
    memory-bound). The count is per iteration of the report's loop now,
    as for every other source count (decision 27). Without the values, the
    number rests on the pragma: said beside it, and a symbolic number's
    pipeline time is no floor then (it read "at least 1.6 us", and 786 ns
    with 32 elements given)."""
    plain = run_cli("analyze", str(UNROLLED_PRAGMA / "report"), "--source-root", str(UNROLLED_PRAGMA))
    assert plain.code == 0, plain.stderr
    assert ("note: loop VITIS_LOOP_5_1 runs ceiling(n/4) times in the source; the report's 16 is its 'HLS"
            " loop_tripcount min=64 max=64' over its 4x unroll, an assumption: give n with --set to use the source's"
            " count") in plain.stdout
    assert ("  caution (scale): scale: loops are counted at their loop_tripcount pragma's values where the source's"
            " counts wait for values not given") in plain.stdout
    given = run_cli("analyze", str(UNROLLED_PRAGMA / "report"), "--source-root", str(UNROLLED_PRAGMA), "--set", "n=40")
    assert "function scale (top): 12 cycles at the values given (ceiling(n/4) + 2)" in given.stdout  # 9 + 2 + 1
    assert "pragma's values" not in given.stdout


def test_a_symbolic_number_resting_on_a_pragma_count_claims_no_floor() -> None:
    """The ``at least <pipeline time>`` of a symbolic number holds where the
    pipeline is counted at the values to give; counted at a
    loop_tripcount pragma's assumption it bounds nothing (the wide_vadd
    read "symbolic in elements; at least 1.6 us" and 786 ns with 32
    given). The assumed-trip caveat is in JSON."""
    import json

    from hlsight.analyzer.results import CycleCaveat, CycleEstimate, KernelEstimate
    from hlsight.reporters.present import estimate_headline

    estimate = KernelEstimate(kernel="k", seconds=None, bound="unknown", expression=None, free_symbols=["n"],
                              model="m", compute_seconds=1.6e-6)
    assert estimate_headline(estimate) == "symbolic in n; at least 1.6 us, its pipeline time"
    estimate.cycles = CycleEstimate(expression=None, cycles=401.0, clock_target_ns=4.0, clock_estimated_ns=None,
                                    seconds_target=1.6e-6, seconds_estimated=None,
                                    caveats=frozenset({CycleCaveat.ASSUMED_TRIP}))
    assert estimate_headline(estimate) == "symbolic in n"
    data = json.loads(run_cli("analyze", str(UNROLLED_PRAGMA / "report"), "--source-root", str(UNROLLED_PRAGMA),
                              "--format", "json").stdout)
    scale = next(kernel for kernel in data["kernels"] if kernel["name"] == "scale")
    assert scale["estimate"]["cycles"]["caveats"] == ["assumed-trip"]


def test_a_part_listed_several_times_with_one_count_is_said_once_with_how_many() -> None:
    """A public hls4ml convolution (YanLunHuang/structure_8filter) listed
    "product_dense_ap_fixed_ap_fixed_ap_fixed_s 0" eight times in its
    breakdown, one per instance. Repeats of one part with one count are now
    said once with how many; each still counts (the corpus's CMS tower
    peaks: three getTowerPeaks3x4 instances of 2 cycles, six in all)."""
    from tests.conftest import CORPUS

    result = run_cli("analyze", "-v", str(CORPUS / "vivado" / "vhls2016.4_cms_towerpeaks"))
    assert result.code == 0, result.stderr
    assert "    loops and calls (cycles): bitonic4 4, getTowerPeaks3x4 2 (x3)\n" in result.stdout


def test_a_lower_bound_of_no_time_is_said_to_be_unknown() -> None:
    """A public GCD (Vivado HLS 2017.2, AngeloDamiani/es_vivadohls_cfiles),
    its outer loop given 0 trips and its own "?" cycles uncounted, read
    "estimate: at least 0 s" against 5 cycles co-simulated: a bound that
    says nothing. It reads as unknown now; a lower bound above 0 still
    says "at least"."""
    from hlsight.analyzer.results import KernelEstimate
    from hlsight.reporters.present import estimate_headline

    estimate = KernelEstimate(kernel="gcd", seconds=0.0, bound="compute", expression=None, free_symbols=[],
                              model="m", left_out=["what gcd's report leaves at \"?\""])
    assert estimate_headline(estimate) == ("unknown: what it counts takes no time at these values, and the rest is"
                                           " not in the report")
    estimate.seconds = 1e-8
    assert estimate_headline(estimate) == "at least 10 ns, compute-bound"


def test_a_wrapped_dataflow_region_is_found_under_its_truncated_name() -> None:
    """The session's review found that the eq. 16 wrapper rule looked the
    region's module up by its exact name, where the reader allows the
    20-character cut a long module name gets in another report: such a
    region fell back to eq. 14 without a word. The lookup now follows the
    reader's rule."""
    from hlsight.analyzer.hlscope_model import dataflow_region
    from hlsight.core.model import Design, Device, Instance, Kernel, KernelKind, Product, ToolInfo, Vendor

    region = Kernel(name="process_crc_region_long_name", kind=KernelKind.FUNCTION, dataflow=True)
    call = Instance(name="grp_process_crc_region_l_fu_122", module="process_crc_region_l")
    top = Kernel(name="calculate_crc", kind=KernelKind.FUNCTION, is_top=True, instances=[call])
    tool = ToolInfo(vendor=Vendor.XILINX, product=Product.VITIS_HLS, version="2023.1", version_raw="2023.1")
    design = Design(tool=tool, root=Path("crc"), name="calculate_crc", device=Device(), kernels=[top, region])
    assert dataflow_region(top, design) is call
