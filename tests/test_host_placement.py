"""What the host program decides and a report cannot show (issue 11):
how often a single-work-item kernel's LSU runs when no source is embedded,
which bank a buffer sits in when interleaving is off, whether kernels run at
the same time, and which loops of one kernel never stream together.

The case is HPCC FPGA STREAM on the Bittware 520N (aoc 21.2, ``-g0``: no
source in the report, ``-no-interleaving=default``): four replicas
``calc_0..3``, each an outer loop that is not pipelined around three
pipelined loops (read ``in1``, read ``in2``, write ``out``; 32768 x 64 B
each). Its measured run (pc2/hpcc_fpga_eval_21, commit 690d38c,
``experiments/1_fpga/stream_N1-929870.out``: ``-r 4 -s 1073741824``, one
queue per replica, replica i's buffers in bank i+1) is an outside check of
the ddr4-2400-520n profile, which no corpus measurement covers.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sympy

from hlsight.analyzer import memory_model as mm
from hlsight.analyzer.compute_model import sequential_part
from hlsight.analyzer.memory_profiles import load_profile
from hlsight.analyzer.pipeline import analyze
from hlsight.parsers.loader import load_design
from tests.conftest import CORPUS, FIXTURES, run_cli, whatif_points

STREAM = (CORPUS / "aoc" / "aoc21.2_s10_520n_hpcc_stream_randomaccess" / "synthesis_artifacts" / "STREAM"
          / "520n-21.2.0-20.4.0" / "stream_kernels_single_synth_reports")
SWI_CHANNELS = CORPUS / "zaragoza" / "reports" / "hbm2" / "mm-swi-ch-chai-bench"
#: our two-loader report (fixtures/aoc19_host_banks/README.md): A10 PAC, 2 DDR banks, no interleaving
PAIR_SUM = FIXTURES / "aoc19_host_banks"
SAXPY1 = CORPUS / "aoc" / "aoc18.1.1pro_s10_520n_saxpy_vscale" / "reportIntel" / "SAXPY1" / "reports"
KERNELS = ("calc_0", "calc_1", "calc_2", "calc_3")
#: 2^30 floats over 4 replicas = 2^24 float16 vectors each, 32768 per outer iteration
OUTER_TRIP = 2**30 // 4 // 16 // 32768
#: one 520N bank: dq * 2 * f_dram * efficiency of the ddr4-2400-520n profile
BANK_BW = 8 * 2 * 1200e6 * 0.882
#: the three loops of one replica move 3 x 32768 x 64 B per outer iteration
REPLICA_SECONDS = 3 * OUTER_TRIP * 32768 * 64 / BANK_BW
#: measured minimum time of STREAM Add (3 arrays of 2^30 floats), the run above
MEASURED_ADD_S = 0.190222


def _hints(tmp_path: Path, banks: bool = True, concurrent: bool = True) -> Path:
    lines = ['concurrent = ["calc_0", "calc_1", "calc_2", "calc_3"]'] if concurrent else []
    lines.append("stride = 1")
    for index, kernel in enumerate(KERNELS, start=1):
        lines.append(f'"loop.{kernel}.B2.trip" = {OUTER_TRIP}')
        if banks:
            lines.append(f'"{kernel}:bank" = {index}')
    path = tmp_path / "stream.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _json(*argv: str) -> dict[str, object]:
    result = run_cli("analyze", *argv, "--format", "json")
    assert result.code == 0, result.stderr
    payload: dict[str, object] = json.loads(result.stdout)
    return payload


def test_single_work_item_lsu_runs_once_per_loop_nest_iteration() -> None:
    """No source: the count is the trip counts around the LSU's block (the
    report's 32768, the outer loop's symbol), never ``work_items``."""
    design = load_design(STREAM)
    result = analyze(design, {"work_items": 1e9, "stride": 1})
    estimate = result.estimates["calc_0"]
    assert estimate.seconds is None
    assert estimate.free_symbols == ["loop.calc_0.B2.trip"]
    assert [d.rule for d in result.diagnostics].count("input-work-items-unused") == 1
    notes = " ".join(note for term in estimate.per_lsu for note in term.notes)
    assert "accesses from the report's loop nest" in notes and "32768*loop.calc_0.B2.trip" in notes
    assert "64 B per access (the LSU's width: no source analysis)" in notes


def test_stream_replicas_in_their_own_banks_at_the_same_time(tmp_path: Path) -> None:
    payload = _json(str(STREAM), "--hints", str(_hints(tmp_path)))
    estimate = payload["estimate"]
    assert isinstance(estimate, dict)
    # eq. 3 per replica on one bank; the loops run one after another, so no
    # row-miss overhead (eq. 8) and the four replicas overlap (max, eq. 1)
    assert estimate["seconds"] == pytest.approx(REPLICA_SECONDS, rel=1e-9)
    assert not estimate["extra"]["caveats"]
    kernels = payload["kernels"]
    assert isinstance(kernels, list)
    for kernel in kernels:
        facts = kernel["estimate"]["extra"]["lsu_facts"]
        assert {fact["accesses_in_bank"] for fact in facts.values()} == {1}
        assert {fact["t_ovh_s"] for fact in facts.values()} == {0.0}
    rules = [diagnostic["rule"] for diagnostic in payload["diagnostics"]]  # type: ignore[union-attr]
    assert "mem-shared-bank" not in rules
    # the profile's efficiency is this board's STREAM Triad rate (decision 32): the
    # estimate meets the measured Add (they move the same 3 arrays) within 0.1 %
    assert abs(estimate["seconds"] / MEASURED_ADD_S - 1) < 0.001


def test_unplaced_buffers_share_one_bank_and_say_so(tmp_path: Path) -> None:
    result = run_cli("analyze", str(STREAM), "--hints", str(_hints(tmp_path, banks=False, concurrent=False)))
    assert result.code == 0, result.stderr
    assert "compiled with -no-interleaving: each buffer sits in one bank of DDR (4 banks)" in result.stdout
    assert "--set KERNEL:bank=N says where the host put them" in result.stdout
    assert "the design time adds (calc_0) + (calc_1) + (calc_2) + (calc_3)" in result.stdout
    payload = _json(str(STREAM), "--hints", str(_hints(tmp_path, banks=False, concurrent=False)))
    estimate = payload["estimate"]
    assert isinstance(estimate, dict)
    assert estimate["seconds"] == pytest.approx(4 * REPLICA_SECONDS, rel=1e-9)  # one after another


def test_concurrent_kernels_in_one_bank_share_it(tmp_path: Path) -> None:
    """Declared concurrent but not placed: the four replicas pool on one bank,
    and their streams interleave there, so each burst pays a row miss (eq. 8:
    the other replicas' accesses stream alongside)."""
    payload = _json(str(STREAM), "--hints", str(_hints(tmp_path, banks=False)))
    estimate = payload["estimate"]
    assert isinstance(estimate, dict)
    assert estimate["seconds"] > 4 * REPLICA_SECONDS * 1.1
    facts = estimate["extra"]["lsu_facts"]
    assert {fact["accesses_in_bank"] for fact in facts.values()} == {10}  # its own + 9 of the others


def test_bad_bank_and_concurrent_inputs_are_clear_errors(tmp_path: Path) -> None:
    out_of_range = run_cli("analyze", str(STREAM), "--hints", str(_hints(tmp_path)), "--set", "calc_0:bank=5")
    assert out_of_range.code == 2
    assert "calc_0:bank=5" in out_of_range.stderr and "1 to 4" in out_of_range.stderr
    assert "Traceback" not in out_of_range.stderr
    everywhere = run_cli("analyze", str(STREAM), "--set", "bank=2.5", "--set", "stride=1")
    assert everywhere.code == 2 and "bank=2.5" in everywhere.stderr
    interleaved = run_cli("analyze", str(SAXPY1), "--set", "bank=1")
    # said why (interleaved banks), not "unknown name 'bank'" with a list that leaves bank out
    assert interleaved.code == 2 and "unknown name" not in interleaved.stderr
    assert "'bank' does not apply to this design: bank applies to a design compiled with -no-interleaving" \
        in interleaved.stderr and "all banks of DDR (4 banks)" in interleaved.stderr
    hints = tmp_path / "bad.toml"
    hints.write_text('concurrent = ["calc_0", "calc_9"]\n', encoding="utf-8")
    unknown = run_cli("analyze", str(STREAM), "--hints", str(hints))
    assert unknown.code == 2 and "unknown concurrent kernel 'calc_9'" in unknown.stderr
    hints.write_text('concurrent = "calc_0"\n', encoding="utf-8")
    malformed = run_cli("analyze", str(STREAM), "--hints", str(hints))
    assert malformed.code == 2 and str(hints) in malformed.stderr and "kernel names in quotes" in malformed.stderr


def test_sequential_parts_follow_the_reported_pipelining() -> None:
    stream = load_design(STREAM).kernel("calc_0")
    assert stream is not None
    # the outer loop is not pipelined: its three sub-loops are three parts
    parts = {sequential_part(stream, block) for block in ("calc_0.B3", "calc_0.B5", "calc_0.B7")}
    assert parts == {"calc_0.B2/calc_0.B3", "calc_0.B2/calc_0.B5", "calc_0.B2/calc_0.B7"}
    assert sequential_part(stream, "calc_0.B1") is None  # no loop is headed by the entry block
    # a pipelined outer loop: its sub-loops' LSUs may stream together
    matrix = load_design(SWI_CHANNELS).kernel("matrixMult")
    assert matrix is not None
    assert sequential_part(matrix, "matrixMult.B7") == sequential_part(matrix, "matrixMult.B5") == "matrixMult.B1"


def _lsu(name: str, phase: tuple[str, str] | None) -> mm.LsuParams:
    one = sympy.Integer(1)
    return mm.LsuParams(name, mm.Variant.ALIGNED, False, 64, one, one, one, 5, phase=phase)


def test_accesses_count_only_the_lsus_that_stream_together() -> None:
    first, second = _lsu("a", ("k", "B2")), _lsu("b", ("k", "B4"))
    other_kernel, anywhere = _lsu("c", ("j", "B2")), _lsu("d", None)
    lsus = [first, second, other_kernel, anywhere]
    assert mm.accesses_in_bank(lsus) == 4
    assert mm.accesses_in_bank(lsus, first) == 3  # not b: its loop runs after a's
    assert mm.accesses_in_bank(lsus, anywhere) == 4
    assert not mm.run_together(first, second) and mm.run_together(first, other_kernel)


def test_lsu_outside_any_reported_loop_keeps_its_own_symbol() -> None:
    """A block no loop is headed by (a loop body's if-branch, the entry
    block) does not say how often it runs: the count stays lsu.<id>.accesses."""
    design = load_design(STREAM)
    kernel = design.kernel("calc_0")
    load = next(lsu for lsu in kernel.global_lsus() if lsu.id == "calc_0/load0")
    load.block = "calc_0.B4"
    estimate = analyze(design, {"stride": 1, "loop.calc_0.B2.trip": 512}).estimates["calc_0"]
    assert estimate.free_symbols == ["lsu.calc_0/load0.accesses"]
    given = analyze(design, {"stride": 1, "loop.calc_0.B2.trip": 512, "lsu.calc_0/load0.accesses": 1e6})
    assert given.estimates["calc_0"].seconds is not None


def test_whatif_reads_the_same_concurrent_kernels_as_analyze(tmp_path: Path) -> None:
    """whatif sweeps the design time analyze prints: the replicas overlap, so
    doubling one replica's work doubles the design time (it is the slowest),
    not adds a quarter."""
    result = run_cli("whatif", str(STREAM), "--hints", str(_hints(tmp_path)),
                     "--sweep", f"loop.calc_0.B2.trip={OUTER_TRIP},{2 * OUTER_TRIP}", "--format", "json")
    assert result.code == 0, result.stderr
    points = whatif_points(json.loads(result.stdout))
    assert [point["seconds"] for point in points] == pytest.approx([REPLICA_SECONDS, 2 * REPLICA_SECONDS], rel=1e-9)


GRIDDING = CORPUS / "aoc" / "aoc17.1.1_a10_gridding" / "reports"


def test_review_findings_stay_fixed(tmp_path: Path) -> None:
    """Found by reviewing decision 18: each was a wrong or silent output."""
    # banks for some kernels only would put the rest in a fifth bank the board lacks
    partial = run_cli("analyze", str(STREAM), "--hints", str(_hints(tmp_path, banks=False)),
                      "--set", "calc_0:bank=1", "--set", "calc_1:bank=1")
    assert partial.code == 2 and "a bank for calc_0, calc_1 but not for calc_2, calc_3" in partial.stderr
    # a concurrent "set" of one kernel joins nothing
    hints = tmp_path / "one.toml"
    hints.write_text('concurrent = ["calc_0", "calc_0"]\n', encoding="utf-8")
    single = run_cli("analyze", str(STREAM), "--hints", str(hints))
    assert single.code == 2 and "two different kernels or more" in single.stderr
    # no row-miss warning for loops that never stream together, even while the time is symbolic
    symbolic = _json(str(STREAM), "--set", "stride=1", "--set", "loop.calc_0.B2.trip=512")
    rules = [diagnostic["rule"] for diagnostic in symbolic["diagnostics"]]  # type: ignore[union-attr]
    assert "mem-shared-bank" not in rules
    # a user's bytes win, and the width note is not printed beside them
    given = _json(str(STREAM), "--hints", str(_hints(tmp_path)), "--set", "lsu.calc_0/load0.bytes=32")
    kernels = given["kernels"]
    assert isinstance(kernels, list)
    load0 = next(term for kernel in kernels for term in kernel["estimate"]["per_lsu"] if term["id"] == "calc_0/load0")
    assert not any("the LSU's width" in note for note in load0["notes"])
    assert load0["T_ideal"] == pytest.approx(OUTER_TRIP * 32768 * 32 / BANK_BW, rel=1e-9)
    # the sum of sequential groups keeps what each group's number rests on
    sequential = _json(str(STREAM), "--hints", str(_hints(tmp_path, banks=False, concurrent=False)))
    caveats = sequential["estimate"]["extra"]["caveats"]  # type: ignore[index]
    assert any(caveat.startswith("compiled with -no-interleaving") for caveat in caveats)
    # an unmatched single-work-item LSU says what the estimate does with it
    notes = run_cli("analyze", str(GRIDDING), "-v").stdout
    assert ("convEng/load0: no array access of this kind on that line; its stride stays a free symbol;"
            " it moves its width once per iteration of the loops the report puts around it") in notes


def test_the_520n_efficiency_is_its_measured_stream_triad_rate() -> None:
    """Decision 32: HPCC STREAM Triad on the 520N (the run above) moved 67,734.6 MB/s
    over its 4 banks; a DDR4-2400 bank peaks at 8 B x 2 x 1200 MHz."""
    profile = load_profile("ddr4-2400-520n")
    assert profile.efficiency == pytest.approx(67734.6e6 / 4 / (8 * 2 * 1200e6), abs=5e-4)
    assert "stream_N1-929870.out" in profile.efficiency_source
    assert load_profile("ddr4-1866").efficiency == 0.965  # the journal's EMIF figure, unchanged


def test_a_kernels_bank_is_a_used_input_not_an_idle_name(tmp_path: Path) -> None:
    """``KERNEL:bank`` is read as the bank a kernel's LSUs share, never as a
    symbol of the expression, so "the estimate does not hold the name" must
    not call it unused: the STREAM replicas in banks 1-4 and the two loaders
    of a dot product in banks 1 and 2 were both told their banks "change
    nothing" beside the number those banks made. A bank for a kernel with
    no global access still changes nothing, and is said."""
    stream = _json(str(STREAM), "--hints", str(_hints(tmp_path)))
    assert "input-unused" not in [d["rule"] for d in stream["diagnostics"]]  # type: ignore[union-attr,index]
    banks = ("--set", "n=1048576", "--set", "load_a:bank=1", "--set", "load_b:bank=2", "--set", "store:bank=1")
    placed = _json(str(PAIR_SUM), *banks)
    shared = _json(str(PAIR_SUM), "--set", "n=1048576", "--set", "bank=1")
    assert placed["estimate"]["seconds"] < shared["estimate"]["seconds"]  # type: ignore[index]
    assert "input-unused" not in [d["rule"] for d in placed["diagnostics"]]  # type: ignore[union-attr,index]
    idle = _json(str(PAIR_SUM), *banks, "--set", "reduce:bank=2")
    unused = [d["message"] for d in idle["diagnostics"] if d["rule"] == "input-unused"]  # type: ignore[union-attr,index]
    assert len(unused) == 1 and unused[0].startswith("reduce:bank changes nothing")


def _kernel_seconds(payload: dict[str, object], name: str) -> float:
    kernels = payload["kernels"]
    assert isinstance(kernels, list)
    (kernel,) = [kernel for kernel in kernels if kernel["name"] == name]
    seconds = kernel["estimate"]["seconds"]
    assert isinstance(seconds, float)
    return seconds


def test_each_buffer_may_sit_in_its_own_bank() -> None:
    """The host picks a bank per buffer (CL_CHANNEL_N is a clCreateBuffer
    flag), so one kernel's two buffers may sit in two banks: ``lsu.<id>.bank``
    says so, before the kernel's bank. With only ``KERNEL:bank`` the two
    loads of ``load_a`` shared one bank: twice the time (T2SP's DOT on the
    PAC D5005: +116 % against its measured run, +8 % placed per buffer)."""
    n = ("--set", "n=1048576", "--set", "load_b:bank=2", "--set", "store:bank=1")
    kernel = _json(str(PAIR_SUM), *n, "--set", "load_a:bank=1")
    split = _json(str(PAIR_SUM), *n, "--set", "load_a:bank=1", "--set", "lsu.load_a/load1.bank=2")
    assert _kernel_seconds(kernel, "load_a") == pytest.approx(2 * _kernel_seconds(split, "load_a"), rel=1e-9)
    (load_a,) = [kernel for kernel in split["kernels"] if kernel["name"] == "load_a"]  # type: ignore[union-attr]
    facts = load_a["estimate"]["extra"]["lsu_facts"]
    assert (facts["load_a/load0"]["bank"], facts["load_a/load1"]["bank"]) == ("DDR/bank 1", "DDR/bank 2")
    notes = [note for term in load_a["estimate"]["per_lsu"] for note in term["notes"]]
    assert "in bank 2 of DDR (given: the host allocates the LSU's buffer there)" in notes
    assert "in bank 1 of DDR (given: the host allocates the kernel's buffers there)" in notes
    partial = run_cli("analyze", str(PAIR_SUM), *n, "--set", "lsu.load_a/load0.bank=1")
    assert partial.code == 2 and "a bank for load_a/load0, load_b, store but not for load_a/load1" in partial.stderr
    interleaved = run_cli("analyze", str(SAXPY1), "--set", "lsu.x.bank=1")
    assert interleaved.code == 2 and "'lsu.x.bank' does not apply to this design" in interleaved.stderr
    assert "Traceback" not in partial.stderr + interleaved.stderr
