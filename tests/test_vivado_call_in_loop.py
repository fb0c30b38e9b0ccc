"""A call the report does not place is counted in the loop whose
iteration latency holds it, never twice (analyzer/vivado_cycles.py
``implied_loop``); a call with no latency is said to be left out.

Found on a public Vivado HLS 2016.4 SHA-256 (bigbrett/wssha256_hls, not in
the corpus): sha256_update (latency 1 ~ 28,097) calls sha256_transform
(435) inside Loop 1 (3 ~ 439 per iteration, 0 ~ 64 times), and hlsight
printed 439 x trip + 435, 28,531 cycles at 64 iterations.
``fixtures/vhls2016_call_in_loop`` is a hand-written report of that shape:
mix_update, latency 1 ~ 4,865, mix_block 300 cycles, Loop 1 3 ~ 304 per
iteration, 0 ~ 16 times (16 x 304 + 1 = 4,865).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hlsight.analyzer.pipeline import analyze
from hlsight.analyzer.vivado_cycles import module_cycles
from hlsight.parsers.loader import load_design
from tests.conftest import run_cli

REPO = Path(__file__).resolve().parents[1]
REPORT = REPO / "fixtures" / "vhls2016_call_in_loop" / "mix_update_csynth.rpt"
TRIP = "loop.mix_update.Loop_1.trip"


def test_the_call_is_counted_once_per_iteration() -> None:
    design = load_design(REPORT)
    cycles, notes = module_cycles(design.kernel("mix_update"), design)
    assert str(cycles) == f"304*{TRIP} + 1"
    assert ("mix_update: mix_block (300 cycles) is counted once per iteration of loop Loop 1, in its iteration latency"
            " (the report does not say where it is called): outside them, the loops' and calls' worst cases (5,164)"
            " would exceed the report's maximum of mix_update (4,865)") in notes


@pytest.mark.parametrize(("trip", "cycles"), [(0, 1), (16, 4865)])
def test_the_report_range_holds_at_its_trip_count_ends(trip: int, cycles: int) -> None:
    """At the report's 0 and 16 iterations the count is its 1 and 4,865 (it
    was 301 and 5,165 with the call counted outside as well)."""
    result = analyze(load_design(REPORT), {TRIP: trip})
    assert result.design_estimate is not None and result.design_estimate.cycles is not None
    assert result.design_estimate.cycles.cycles == cycles


def test_the_note_is_beside_the_number_and_whatif_takes_a_zero_trip() -> None:
    text = run_cli("analyze", str(REPORT))
    assert text.code == 0, text.stderr
    assert any(line.startswith("    note: mix_update: mix_block (300 cycles) is counted once per iteration")
               for line in text.stdout.splitlines())
    sweep = run_cli("whatif", str(REPORT), "--sweep", f"{TRIP}=0,16", "--format", "csv")
    assert sweep.code == 0, sweep.stderr
    # 1 and 4,865 cycles x 10 ns; scheduled cycles only: compute-bound, as analyze says
    assert sweep.stdout.splitlines()[1:] == ["0,1e-08,compute", "16,4.865e-05,compute"]
    refused = run_cli("whatif", str(REPORT), "--sweep", "fmax=0,100")
    assert refused.code == 2 and "expected positive finite values" in refused.stderr


def test_keccak_absorbs_its_permutation_in_the_block_loop(corpus: Path) -> None:
    """Vivado HLS 2018.3 keccak_absorb (latency "?"): keccak_absorb_label7
    takes 150 cycles per iteration, its sub-loop label0 85 and
    KeccakF1600_StatePer 62 (+3). The module is memset_t 199 + label6 25 +
    label5 85 = 309 cycles besides its two data-dependent loops; with the
    permutation outside as well it was 371."""
    design = load_design(corpus / "vivado" / "vhls2018.3_sha3_keccak")
    cycles, notes = module_cycles(design.kernel("keccak_absorb"), design)
    assert str(cycles) == ("2*loop.keccak_absorb.keccak_absorb_label4.trip"
                           " + 150*loop.keccak_absorb.keccak_absorb_label7.trip + 309")
    lead = "keccak_absorb: KeccakF1600_StatePer (62 cycles) is counted once per iteration of loop keccak_absorb_label7"
    tail = ("it makes up most of that loop's 65 cycles per iteration beyond its sub-loops, which no straight-line"
            " code explains")
    assert any(note.startswith(lead) and note.endswith(tail) for note in notes)


def test_a_call_without_latency_is_said_to_be_left_out(tmp_path: Path) -> None:
    """An instance whose latency is "?" and that has no report of its own
    adds nothing it can count: a note says so, and that the count is a
    lower bound."""
    copy = tmp_path / "mix_update_csynth.rpt"
    text = REPORT.read_text(encoding="utf-8")
    copy.write_text(text.replace("|grp_mix_block_fu_120    |mix_block    |  300|  300|  300|  300|   none  |",
                                 "|grp_mix_block_fu_120    |mix_block    |    ?|    ?|    ?|    ?|   none  |"),
                    encoding="utf-8")
    result = run_cli("analyze", str(copy))
    assert result.code == 0, result.stderr
    assert ('    note: mix_update: mix_block is left out: its latency is not in the report ("?") and it has no'
            " report of its own here: its cycles are not counted") in result.stdout.splitlines()


def _with_latency(tmp_path: Path, low: int, high: int) -> tuple[object, list[str]]:
    """mix_update's cycles and notes with its latency set to ``low ~ high``."""
    copy = tmp_path / "mix_update_csynth.rpt"
    row = f"|{low:>5}|{high:>6}|{low:>5}|{high:>6}|   none  |"
    copy.write_text(REPORT.read_text(encoding="utf-8").replace("|    1|  4865|    1|  4865|   none  |", row),
                    encoding="utf-8")
    design = load_design(copy)
    return module_cycles(design.kernel("mix_update"), design)


def test_a_call_that_fits_beside_the_loops_stays_outside(tmp_path: Path) -> None:
    """Latency 1 ~ 5,165 leaves room for the loop's 4,864 and the call's 300
    (+1): the call may be made conditionally after the loop, so it is not
    moved into the loop (the worst-case path counts it once, outside)."""
    cycles, notes = _with_latency(tmp_path, 1, 5165)
    assert str(cycles) == f"304*{TRIP} + 301"
    assert not any("counted once per iteration" in note for note in notes)


def test_a_module_whose_minimum_exceeds_the_calls_still_places_it(tmp_path: Path) -> None:
    """Public Vivado HLS 2019.1 sha256 and an AES-XTS process_data: other
    parts make the module's minimum larger than the call's (862 against 1;
    2,312 against 1,541), and the call, inside a loop, was counted twice.
    Here: minimum 301 against mix_block's 300; 4,864 + 300 still exceed
    4,865, so the call is in Loop 1."""
    cycles, notes = _with_latency(tmp_path, 301, 4865)
    assert str(cycles) == f"304*{TRIP} + 1"
    assert any("mix_block (300 cycles) is counted once per iteration of loop Loop 1" in note for note in notes)



@pytest.mark.parametrize(("trip", "cycles"), [(0, 2), (31, 64)])
def test_calls_whose_worst_cases_exceed_the_module_run_together(trip: int, cycles: int) -> None:
    """Public Vivado HLS 2017.4 loop_functions: two calls of 1 ~ 63 cycles
    in a module of 2 ~ 64 were summed (126 at the maximum). Their worst
    cases add to more than the module's maximum, so they overlap (or one
    runs): the longest counts, and both report ends hold.
    ``fixtures/vhls2017_parallel_calls`` is a hand-written report of that
    shape (pair_sums calls accumulate twice)."""
    folder = REPO / "fixtures" / "vhls2017_parallel_calls"
    result = analyze(load_design(folder), {"loop.accumulate.SUM.trip": trip})
    assert result.design_estimate is not None and result.design_estimate.cycles is not None
    assert result.design_estimate.cycles.cycles == cycles
    assert any(note.startswith("pair_sums: its calls' worst cases add up to 126 cycles, more than its maximum of 64")
               for note in result.design_estimate.cycles.notes)


def test_calls_go_to_the_loop_with_the_least_room_that_holds_them() -> None:
    """A public Vitis tiled convolution called six Pipeline modules from two
    nested loops the report did not name, and only two were placed (a
    breakdown of -84 own cycles). ``fixtures/vhls2016_nested_calls``:
    ROW (4 x 110) holds COL (2 x 32); calls of 20, 8, 40 and 50 cycles;
    latency 493. Outside, 558 cycles would exceed 493 by 65: the smallest
    set of calls that fit some loop and reach 65 is 40 + 20 + 8, placed
    largest first where the least room holds them (copy_row in ROW's 46
    own cycles, load_tile and scale_tile in COL's 32); finish (50) fits no
    loop and stays outside."""
    result = analyze(load_design(REPO / "fixtures" / "vhls2016_nested_calls" / "tile_csynth.rpt"), {})
    assert result.design_estimate is not None and result.design_estimate.cycles is not None
    assert result.design_estimate.cycles.cycles == 493
    placed = {note.split(" (")[0].removeprefix("tile: "): note.split("iteration of loop ")[1].split(",")[0]
              for note in result.design_estimate.cycles.notes if "is counted once per iteration" in note}
    assert placed == {"copy_row": "ROW", "load_tile": "COL", "scale_tile": "COL"}
    parts = {part.name: part.cycles for part in result.design_estimate.cycles.parts}
    assert parts == {"ROW": 440, "finish": 50, "(own control and straight-line code)": 3}


def test_parts_longer_than_an_exact_latency_are_an_overlap_not_negative_code(tmp_path: Path) -> None:
    """A public Vitis 2022.2 systolic array runs five 66-cycle initialiser
    modules at the same time in a 260-cycle top: the breakdown read "(own
    control and straight-line code) -116". Here the fixture's top latency
    set to 480, below ROW 440 + finish 50."""
    report = tmp_path / "tile_csynth.rpt"
    text = (REPO / "fixtures" / "vhls2016_nested_calls" / "tile_csynth.rpt").read_text()
    report.write_text(text.replace("|  493|  493|  493|  493|", "|  480|  480|  480|  480|"))
    result = analyze(load_design(report), {})
    assert result.design_estimate is not None and result.design_estimate.cycles is not None
    parts = {part.name: part.cycles for part in result.design_estimate.cycles.parts}
    assert parts == {"ROW": 440, "finish": 50, "(overlap: parts running at the same time)": -10}


def _top_calling_mix_update(tmp_path: Path) -> Path:
    """A solution whose top (latency "?", as the public SHA-256's) calls
    mix_update from its Loop 1 without saying where: mix_top's Loop 1 runs 0 ~ 4
    times, 4 ~ 4,869 cycles per iteration, mix_update (1 ~ 4,865) the bulk."""
    report = tmp_path / "report"
    report.mkdir()
    text = REPORT.read_text(encoding="utf-8")
    (report / "mix_update_csynth.rpt").write_text(text, encoding="utf-8")
    top = (text.replace("Report for 'mix_update'", "Report for 'mix_top'")
           .replace("|    1|  4865|    1|  4865|   none  |", "|    ?|     ?|    ?|     ?|   none  |")
           .replace("|grp_mix_block_fu_120    |mix_block    |  300|  300|  300|  300|   none  |",
                    "|grp_mix_update_fu_80    |mix_update   |    1| 4865|    1| 4865|   none  |")
           .replace("|- Loop 1  |    0|  4864|  3 ~ 304 |          -|          -| 0 ~ 16 |    no    |",
                    "|- Loop 1  |    ?|     ?| 4 ~ 4869 |          -|          -|  0 ~ 4 |    no    |"))
    (report / "mix_top_csynth.rpt").write_text(top, encoding="utf-8")
    return report


def test_a_placed_call_is_composed_with_the_trip_counts_given(tmp_path: Path) -> None:
    """The placed call counts in its loop as the calls the report places
    there do: composed from the callee's own loops, so the callee's trip
    count given reaches the number (a public SHA-256: its update, placed in
    the top's Loop 1, counted 28,097 cycles, its worst case, whatever
    loop.sha256_update.Loop_1.trip was given). Per iteration: mix_update's
    304 x 2 + 1 and the loop's own 4 (4,869 - 4,865 at the worst) = 613."""
    report = _top_calling_mix_update(tmp_path)
    trips = {"loop.mix_top.Loop_1.trip": 3, TRIP: 2}
    result = analyze(load_design(report), trips)
    estimate = result.estimates["mix_top"].cycles
    assert estimate is not None and estimate.cycles == 3 * (304 * 2 + 1 + 4)
    assert str(estimate.expression) == f"loop.mix_top.Loop_1.trip*(304*{TRIP} + 5)"
    at_worst = analyze(load_design(report), {"loop.mix_top.Loop_1.trip": 4, TRIP: 16}).estimates["mix_top"].cycles
    assert at_worst is not None and at_worst.cycles == 4 * 4869  # the report's worst iteration


def test_an_argument_behind_an_uncounted_loop_is_not_said_to_change_nothing(tmp_path: Path) -> None:
    """A public SHA-256 loops ``while (n)`` with ``n = bytes`` and ``n -= 64``:
    no trip is derived from that, and --set bytes=256 was told the argument
    changes nothing, "no access count or loop trip depends on" it. The note
    now names the trip counts still asked for, which may."""
    project = tmp_path / "proj"
    (project / "solution1" / "syn" / "report").mkdir(parents=True)
    shutil.copyfile(REPORT, project / "solution1" / "syn" / "report" / REPORT.name)
    (project / "mix.c").write_text(
        "void mix_block(int *s);\n\nvoid mix_update(int *s, unsigned bytes)\n{\n    unsigned n = bytes;\n"
        "    while (n) {\n        if (n >= 64) {\n            mix_block(s);\n            n -= 64;\n        } else {\n"
        "            n = 0;\n        }\n    }\n}\n", encoding="utf-8")
    result = run_cli("analyze", str(project / "solution1"), "--set", "bytes=256", "--min-severity", "note", "-v")
    assert result.code == 0, result.stderr
    assert ("kernel mix_update: argument(s) bytes change nothing in the estimate (no access count or loop trip"
            " derived from the source depends on them; the trip counts still asked for (loop.mix_update.Loop_1.trip)"
            " may, through conditions the analysis cannot count: give those)") in result.stdout


def test_the_iterations_that_make_the_call_can_be_given() -> None:
    """A call made in some iterations only (mix_block, 300 cycles, in Loop 1
    of 3 ~ 304 cycles per iteration) is counted in every iteration by
    default, the worst case. A public SHA-256 update calls its transform in
    1 of 64 iterations: 28,097 cycles counted for 629. Given
    loop.<m>.<loop>.long_iterations, that many iterations take the long path:
    16 x 3 + 2 x 301 + 1 = 651."""
    long_iterations = "loop.mix_update.Loop_1.long_iterations"
    result = analyze(load_design(REPORT), {TRIP: 16, long_iterations: 2})
    estimate = result.estimates["mix_update"].cycles
    assert estimate is not None and estimate.cycles == 16 * 3 + 2 * 301 + 1
    assert any(note.startswith(f"loop Loop 1: {long_iterations} of its iterations take the long path (304 cycles)")
               for note in estimate.notes)
    worst = analyze(load_design(REPORT), {TRIP: 16}).estimates["mix_update"].cycles
    assert worst is not None and worst.cycles == 4865


def test_an_iteration_latency_known_only_from_below_takes_its_minimum(tmp_path: Path) -> None:
    """A report's "3 ~ ?" iteration latency was composed as 1 cycle ("unknown:
    1 assumed"), below what the report says (a public Vitis 2022.1 userdma);
    its minimum is used, as a lower bound (flagged uncounted)."""
    text = REPORT.read_text(encoding="utf-8")
    start, end = text.index("        * Instance:"), text.index("        * Loop:")
    copy = tmp_path / "mix_update_csynth.rpt"
    copy.write_text((text[:start] + text[end:]).replace("|  3 ~ 304 |", "|  3 ~ ?   |"), encoding="utf-8")
    result = analyze(load_design(copy), {TRIP: 16})
    estimate = result.estimates["mix_update"].cycles
    assert estimate is not None
    assert "iteration latency of loop Loop 1: 3 ~ ? cycles, its minimum 3 used (a lower bound)" in estimate.notes
    (loop,) = [part for part in estimate.parts if part.kind == "loop"]
    assert loop.cycles == 16 * 3
    assert "uncounted" in {caveat.value for caveat in estimate.caveats}


def test_outlined_loops_of_one_name_are_told_apart_by_their_module(corpus: Path) -> None:
    """Vitis outlines one source loop per inlined call (ascon's three
    VITIS_LOOP_25_1): the breakdown listed the same name several times."""
    out = run_cli("analyze", str(corpus / "vivado" / "vitis2021.2_ascon_aead")).stdout
    (line,) = [line for line in out.splitlines() if line.startswith("    loops and calls") and "25_11" in line]
    assert "VITIS_LOOP_25_1 (crypto_aead_encrypt_Pipeline_VITIS_LOOP_25_11) 10" in line


KEYS_SOURCE = """int enc(int x);

void keys(int data[64], int key[8], int out[16]) {
    int k = 0;
    for (int i = 0; i < 8; i++)
        k = (k << 8) | key[i % 3];
    for (int j = 0; j < 9; j++)
        out[j] = enc(data[j] ^ k);
    for (int m = 0; m < 4; m++)
        out[9 + m] = enc(out[m]);
}
"""


def test_a_call_made_at_several_places_goes_only_into_a_loop_that_makes_one(tmp_path: Path) -> None:
    """A public Vivado HLS 2019.2 Blowfish (nrakhlin/ece6775Final) calls
    Encrypt_SetKey (66 cycles) in Loops 4 and 5.1; its key loop (Loop 3.1,
    68 cycles an iteration of a 64-bit remainder) had the least room that
    holds it, and the note put the call there. Here: enc (66) in Loops 2
    and 3 (69 an iteration), Loop 1 (68) calling nothing; the worst cases
    outside (1,507) exceed the module's 1,445, so enc runs in a loop."""
    text = REPORT.read_text(encoding="utf-8").replace("mix_update", "keys")
    text = text.replace("|    1|  4865|    1|  4865|   none  |", "|    1|  1445|    1|  1445|   none  |")
    text = text.replace("|grp_mix_block_fu_120    |mix_block    |  300|  300|  300|  300|   none  |",
                        "|grp_enc_fu_120          |enc          |   66|   66|   66|   66|   none  |")
    text = text.replace("|- Loop 1  |    0|  4864|  3 ~ 304 |          -|          -| 0 ~ 16 |    no    |",
                        "|- Loop 1  |  544|   544|       68 |          -|          -|      8 |    no    |\n"
                        "        |- Loop 2  |  621|   621|       69 |          -|          -|      9 |    no    |\n"
                        "        |- Loop 3  |  276|   276|       69 |          -|          -|      4 |    no    |")
    (tmp_path / "keys_csynth.rpt").write_text(text, encoding="utf-8")
    (tmp_path / "keys.c").write_text(KEYS_SOURCE, encoding="utf-8")
    result = run_cli("analyze", "-v", str(tmp_path / "keys_csynth.rpt"), "--source-root", str(tmp_path))
    assert result.code == 0, result.stderr
    placed = [line for line in result.stdout.splitlines() if "enc (66 cycles) is counted once per iteration" in line]
    assert len(placed) == 1 and "of loop Loop 2," in placed[0], placed
