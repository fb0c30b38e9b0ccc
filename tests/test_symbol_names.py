"""Issue 15 item 3: loop symbols are unique, kernel-qualified and shell-safe;
an unknown --set name gets a "did you mean"."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from hlsight.analyzer.pipeline import analyze
from hlsight.analyzer.symbols import loop_symbols, parse_number, shell_safe, valid_names
from hlsight.core.errors import InputError
from hlsight.core.model import Kernel, KernelKind, Loop, SourceLocation
from hlsight.parsers.loader import load_design
from tests.conftest import CORPUS, run_cli

KMERS = CORPUS / "aoc" / "oneapi2023.0_s10mx_kmers" / "less_work_but_slower" / "reports_v12_m_v9_half"
LR = CORPUS / "vivado" / "vhls2019.1_lr_trackfit"
NW = CORPUS / "vivado" / "vitis2022.2.2_machsuite_nw"
MMULT = CORPUS / "aoc" / "aoc18.1.1pro_s10_520n_saxpy_vscale" / "reportIntel" / "mmult" / "reports"


def _loop_names(path: object) -> list[str]:
    """Every loop's name; an outlined Vitis _Pipeline_ module's loop is its
    caller's loop (same name), so those modules are not counted twice."""
    design = load_design(path)  # type: ignore[arg-type]
    return [name for kernel in design.kernels if kernel.folded_into is None
            for name in loop_symbols(kernel).values()]


def test_shell_safe() -> None:
    assert shell_safe("'lambda'()#3") == "lambda_3"
    assert shell_safe("Loop 1.1") == "Loop_1.1"
    assert shell_safe("16X Partially unrolled vector_add.B2") == "16X_Partially_unrolled_vector_add.B2"


def test_corpus_loop_symbols_are_unique_and_need_no_quoting() -> None:
    for case in (KMERS, LR, NW, MMULT):
        names = _loop_names(case)
        assert names, case
        assert len(set(names)) == len(names), case
        assert all(shlex.quote(name) == name for name in names), case


CPP = "two_bit_v19_HBM_test_v12_medium_v9_half.cpp"


def test_kmers_lambda_loops_are_qualified_by_their_kernel() -> None:
    names = _loop_names(KMERS)
    # 'lambda'().B1 used to be one symbol for every lambda kernel; now each
    # kernel (named after its source line, issue 14) has its own, shell-safe
    assert {f"loop.{CPP}_530.B1.trip", f"loop.{CPP}_530_2.B1.trip", f"loop.{CPP}_869.B3.trip"} <= set(names)
    assert "loop.parse_reads1.B1.trip" in names  # the kernel prefix is not doubled
    assert not any(f"{CPP}_530_2.{CPP}" in name for name in names)


def test_vivado_loop_1_names_one_module_only() -> None:
    """`loop.Loop 1.trip` used to hit every module of lr_trackfit."""
    names = _loop_names(LR)
    assert "loop.calcHelix.Loop_1.trip" in names and "loop.countLayers.Loop_1.trip" in names
    design = load_design(LR)
    before = analyze(design).estimates
    after = analyze(design, {"loop.calcHelix.Loop_1.trip": 10}).estimates
    changed = {name for name in before if str(before[name].expression) != str(after[name].expression)}
    assert "calcHelix" in changed and "countLayers" not in changed and "initFit" not in changed
    text = run_cli("analyze", str(LR)).stdout
    # Loop 1's iteration latency is "?": its own 1 cycle a pass, the fewest it takes (session 41)
    assert "function calcHelix: loop.calcHelix.Loop_1.trip*(41*loop.calcHelix.Loop_1.1.trip + 1) cycles" in text


def test_repeated_loop_names_get_their_line_or_position() -> None:
    """aoc lists several 'Fully unrolled loop' entries in one kernel; one
    shared symbol would multiply into T as its square."""
    first = Loop("Fully unrolled loop", location=SourceLocation("k.cl", 12, None))
    second = Loop("Fully unrolled loop", location=SourceLocation("k.cl", 20, None))
    third = Loop("Fully unrolled loop")
    kernel = Kernel("k", kind=KernelKind.SINGLE_WORK_ITEM, loops=[first, second, third])
    names = loop_symbols(kernel)
    assert names[id(first)] == "loop.k.Fully_unrolled_loop_L12.trip"
    assert names[id(second)] == "loop.k.Fully_unrolled_loop_L20.trip"
    assert names[id(third)] == "loop.k.Fully_unrolled_loop_3.trip"


def test_the_symbols_an_estimate_uses_are_valid_set_names() -> None:
    design = load_design(KMERS)
    valid = set(valid_names(design))
    result = analyze(design)
    used = {s for estimate in result.estimates.values() for s in estimate.free_symbols if s.startswith("loop.")}
    assert used and used <= valid


def test_unknown_set_name_gets_did_you_mean() -> None:
    result = run_cli("analyze", str(LR), "--set", "loop.calcHelx.Loop_1.trip=4")
    assert result.code == 2
    assert "unknown name 'loop.calcHelx.Loop_1.trip'; did you mean loop.calcHelix.Loop_1.trip" in result.stderr
    far = run_cli("analyze", str(LR), "--set", "zzz=4")
    assert far.code == 2 and "did you mean" not in far.stderr and "one of work_items" in far.stderr


def test_every_scalar_kernel_argument_is_a_set_name() -> None:
    """The host program sets all of matrixMult(C, A, B, A_width, B_width): B_width only
    moves addresses, so it is accepted and said to change nothing; a name that is no
    argument, macro or model symbol is still refused."""
    report = CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "matrixmult"
    given = ("--set", "A_width=4096", "--set", "work_items=16777216")
    result = run_cli("analyze", str(report), *given, "--set", "B_width=4096", "--min-severity", "note")
    assert result.code == 0, result.stderr
    assert ("kernel matrixMult: argument(s) B_width change nothing in the estimate" in result.stdout
            and "[input-argument-unused]" in result.stdout)
    without = run_cli("analyze", str(report), *given, "--min-severity", "note")
    assert "input-argument-unused" not in without.stdout
    # the estimate is the same with or without it
    assert result.stdout.splitlines()[1] == without.stdout.splitlines()[1]
    wrong = run_cli("analyze", str(report), *given, "--set", "C_width=4096")
    assert wrong.code == 2 and "unknown name 'C_width'" in wrong.stderr


def test_kernel_arguments_may_be_zero_but_counts_may_not_go_negative() -> None:
    """pathfinder's first launch passes starting_row = 0 (an offset): accepted, as a negative
    one is. A negative count (comp_exit, a loop's trip count) is refused in one line, naming
    the count; model quantities (fmax, work_items) stay strictly positive, a loop trip count
    0 or more."""
    report = str(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "pathfinder")
    ok = run_cli("analyze", report, "--set", "comp_exit=155568", "--set", "rem_rows=20", "--set", "starting_row=0")
    assert ok.code == 0, ok.stderr
    negative = run_cli("analyze", report, "--set", "comp_exit=-5", "--set", "rem_rows=20")
    assert negative.code == 2 and negative.stdout == ""
    assert negative.stderr.strip() == (
        "hlsight: error: value of 'comp_exit' is -5 (expected 0 or more: comp_exit counts work (the trip count of"
        " loop dynproc_kernel.B1 is comp_exit); only a value no count depends on, such as an offset, may be negative)"
    )
    assert run_cli("analyze", report, "--set", "comp_exit=155568", "--set", "rem_rows=20",
                   "--set", "starting_row=-4").code == 0
    # a count under a positive time is refused too: rem_rows = -5 made the memory time
    # negative while the pipeline time stayed positive (it printed "1.23 ms, compute-bound"),
    # and rem_rows = -1 divided the counts by rem_rows + 1 = 0 (it was a traceback)
    for rows in (-5, -1):
        hidden = run_cli("analyze", report, "--set", "comp_exit=431600", "--set", f"rem_rows={rows}")
        assert hidden.code == 2 and hidden.stdout == "" and "Traceback" not in hidden.stderr
        assert hidden.stderr.startswith(f"hlsight: error: value of 'rem_rows' is {rows} (expected 0 or more: rem_rows"
                                        " counts work (the access count of LSU dynproc_kernel/load0 is")
    for name in ("fmax", "work_items"):
        refused = run_cli("analyze", report, "--set", f"{name}=0")
        assert refused.code == 2 and "expected a positive finite number" in refused.stderr
    # a trip count may be 0 (a loop the host skips, session 12), never negative
    assert run_cli("analyze", report, "--set", "loop.dynproc_kernel.B1.trip=0").code == 0
    refused = run_cli("analyze", report, "--set", "loop.dynproc_kernel.B1.trip=-1")
    assert refused.code == 2 and "expected 0 or more (0: the loop does not run)" in refused.stderr


def test_counts_of_work_items_and_iterations_are_whole() -> None:
    """work_items = 2**-3 gave a 124 ps estimate and 1e-320 gave 0 s: a count of work-items
    (or NDRange size, loop trips, elements, bytes) that is not whole is a slip, said as one;
    the same count written as 3.2768e7 is accepted, and clocks and kernel arguments keep
    any value."""
    vectoradd = str(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "vectoradd")
    for value in ("2**-3", "1e-320", "1024*1000/3"):
        refused = run_cli("analyze", vectoradd, "--set", f"work_items={value}")
        assert refused.code == 2 and refused.stderr == (
            f"hlsight: error: value of 'work_items' is {value} (expected a whole number (it counts work-items,"
            " iterations, elements or bytes))\n")
    same = [run_cli("analyze", vectoradd, "--set", f"work_items={value}").stdout for value in ("32768000", "3.2768e7")]
    assert same[0] == same[1] and "estimate: 32.5 ms" in same[0]
    pathfinder = str(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "pathfinder")
    # a loop's trip count may be a mean per entry (a triangular nest's, rejection sampling's): between
    # the pipeline times at 2 and 3 iterations (760 and 763 ns)
    trips = run_cli("analyze", pathfinder, "--set", "loop.dynproc_kernel.B1.trip=2.5")
    assert trips.code == 0 and "; at least 761 ns, its pipeline time" in trips.stdout.splitlines()[1]
    scoped = run_cli("analyze", str(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "fft1d"), "--set",
                     "fetch:work_items=0.5")
    assert scoped.code == 2 and "value of 'fetch:work_items' is 0.5" in scoped.stderr
    # element sizes and strides count bytes and elements: stride = 0.5 halved an LSU's time
    for name in ("stride", "element_bytes", "lsu.test_bw10/load0.stride", "lsu.test_bw10/load0.bytes"):
        fraction = run_cli("analyze", vectoradd, "--set", "work_items=1000", "--set", f"{name}=1.5")
        assert fraction.code == 2 and f"value of '{name}' is 1.5 (expected a whole number" in fraction.stderr
    assert run_cli("analyze", vectoradd, "--set", "work_items=1000", "--set", "fmax=300.5").code == 0


def test_a_value_that_divides_by_zero_is_an_input_error() -> None:
    """clBool's prefix_sum divides its counts by the kernel argument leaf_size, hotspot's by
    grid_rows + 1: 0 and -1 gave a sympy traceback ("'zoo' is not comparable"); now one
    line naming the divisor, exit 2, for analyze and whatif alike (grid_rows = -1: naming
    the count it enters, which no negative value gives)."""
    prefix_sum = str(CORPUS / "aoc" / "aoc20.4_a10_clbool" / "fpga_reports" / "prefix_sum")
    hotspot = str(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "hotspot")
    for command in ("analyze", "whatif"):
        zero = run_cli(command, prefix_sum, "--set", "leaf_size=0", "--set", "work_items=1000")
        assert zero.code == 2 and zero.stdout == "" and "Traceback" not in zero.stderr
        assert "make the estimate undefined (the divisor leaf_size is 0)" in zero.stderr
        minus_one = run_cli(command, hotspot, "--set", "grid_rows=-1", "--set", "comp_exit=1000")
        assert minus_one.code == 2 and "Traceback" not in minus_one.stderr
        assert "value of 'grid_rows' is -1 (expected 0 or more: grid_rows counts work" in minus_one.stderr


def test_sycl_captured_host_scalars_are_set_names() -> None:
    """A SYCL kernel's arguments are the host scalars its lambda captures: memory_attributes'
    kernels capture ``init`` (a value written, not a size): accepted and said to change
    nothing; a misspelling gets "did you mean"."""
    report = str(CORPUS / "aoc" / "oneapi20.3_a10pac_samples" / "memory_attributes")
    given = run_cli("analyze", report, "--set", "init=5", "--min-severity", "note")
    assert given.code == 0, given.stderr
    notes = [line for line in given.stdout.splitlines() if line.endswith("[input-argument-unused]")]
    assert len(notes) == 3 and all("argument(s) init change nothing in the estimate" in line for line in notes)
    typo = run_cli("analyze", report, "--set", "initx=5")
    assert typo.code == 2 and "unknown name 'initx'; did you mean init?" in typo.stderr


def test_a_global_fallback_no_lsu_uses_is_said() -> None:
    """``--set stride=2`` on vectoradd, whose three accesses the source analysis finds
    contiguous, changes nothing: a warning says so (the user believed the access strided).
    Without the source (STREAM's -g0 build) the same value is used: no warning. Its LSUs
    move 64 B vectors, a whole burst each, so stride 2 wastes nothing and gets no
    mem-stride hint (it read "0% of every DRAM burst is discarded, time x1")."""
    report = str(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "vectoradd")
    given = run_cli("analyze", report, "--set", "work_items=32768000", "--set", "stride=2", "--set", "element_bytes=8")
    plain = run_cli("analyze", report, "--set", "work_items=32768000")
    assert given.code == 0 and plain.code == 0, given.stderr
    unused = [line for line in given.stdout.splitlines() if line.endswith("[input-unused]")]
    assert [line.split(": warning: ")[1].split(" changes")[0] for line in unused] == ["element_bytes", "stride"]
    assert all(line.startswith("/home/angelica/") and "test_bw10.cl:" in line for line in unused)
    assert given.stdout.splitlines()[1] == plain.stdout.splitlines()[1]  # same estimate
    stream = str(CORPUS / "aoc" / "aoc21.2_s10_520n_hpcc_stream_randomaccess" / "synthesis_artifacts" / "STREAM"
                 / "520n-21.2.0-20.4.0" / "stream_kernels_single_synth_reports")
    strided = run_cli("analyze", stream, "--set", "stride=2", "--set", "element_bytes=4")
    assert strided.code == 0, strided.stderr
    assert "stride changes nothing" not in strided.stdout and "[mem-stride]" not in strided.stdout
    assert "element_bytes changes nothing" in strided.stdout  # its LSUs move their width each run


def test_an_outlined_loop_is_listed_once(corpus: Path) -> None:
    """A Vitis outlined loop is named after its loop in the caller by both
    modules: the names an unknown --set lists held each such loop twice (a
    public 2024.2 sobel; in the corpus MachSuite nw has six)."""
    nw = corpus / "vivado" / "vitis2022.2.2_machsuite_nw"
    names = valid_names(load_design(nw))
    assert "loop.needwun.init_row.trip" in names and len(names) == len(set(names))
    refused = run_cli("analyze", str(nw), "--set", "zzz=4")
    assert refused.code == 2 and refused.stderr.count("loop.needwun.init_row.trip,") == 1


def test_every_unknown_name_is_said_at_once() -> None:
    """Several misspelt names were refused one at a time, the last first
    (Intel's loop_coalesce sample: three trip counts spelt with <2>)."""
    result = run_cli("analyze", str(LR), "--set", "loop.calcHelx.Loop_1.trip=4", "--set", "zzz=4")
    assert result.code == 2 and "Traceback" not in result.stderr
    assert ("unknown names: 'loop.calcHelx.Loop_1.trip' (did you mean loop.calcHelix.Loop_1.trip"
            in result.stderr) and "'zzz'" in result.stderr


def test_a_fraction_for_an_integer_kernel_argument_is_refused() -> None:
    """``--set N=1000.5`` on axpy's ``int N`` printed an estimate at half an
    element; whatif refused the same value in a sweep. A ``float`` argument
    (``alpha``) keeps any value."""
    axpy = str(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "axpy")
    refused = run_cli("analyze", axpy, "--set", "N=1000.5")
    assert refused.code == 2 and refused.stdout == ""
    assert refused.stderr.strip() == ("hlsight: error: value of 'N' is 1000.5 (expected a whole number (N is an"
                                      " integer argument of the kernel))")
    assert run_cli("analyze", axpy, "--set", "N=1000", "--set", "alpha=2.5").code == 0


@pytest.mark.parametrize(("raw", "value"), [("32,768,000", 32768000.0), ("1,000", 1000.0), ("-2,500.5", -2500.5)])
def test_a_number_with_thousands_separators_is_read(raw: str, value: float) -> None:
    """whatif prints counts as 32,768,000: a value copied from its table into
    --set was refused ("expected a number")."""
    assert parse_number("n", raw, None) == value


@pytest.mark.parametrize("raw", ["32,76", "1,0000", ",100", "1,000,00"])
def test_a_comma_that_is_not_a_thousands_separator_is_refused(raw: str) -> None:
    with pytest.raises(InputError):
        parse_number("n", raw, None)
