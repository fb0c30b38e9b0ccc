"""A Vivado/Vitis count that takes a "?" of the report at its fewest cycles
is a lower bound, and says so in the number ("at least"); calls the report
lists apart from its loops are placed only where they fit together.

Found on a public Vivado HLS 2018.2 CRYSTALS-Dilithium signature check
(deepraj88/CRYSTALS-Dilithium, not in the corpus): its top's Loops 10, 14
and 17 ("?" per iteration) call ntt and invntt four and five times each, and
hlsight counted them at 1 cycle an iteration with the calls once, outside:
"1.33 ms" with no word of a bound, against 2.2x that co-simulated. It also
put polyvecl_pointwise_a (8,460 cycles) and polyveck_use_hint (6,411) both in
a loop of 8,462 cycles per iteration. ``fixtures/vhls2018_unknown_iteration``
is a hand-written report of that shape: verify, latency "?", Loop 1 (4
iterations of "?" cycles, calling transform, "?"), Loop 2 (5 x 8,462),
pointwise 8,460 and use_hint 6,411.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from hlsight.analyzer.vivado_cycles import module_cycles
from hlsight.parsers.loader import load_design
from tests.conftest import SHARED, run_cli

REPO = Path(__file__).resolve().parents[1]
REPORT = REPO / "fixtures" / "vhls2018_unknown_iteration" / "verify_csynth.rpt"


def test_calls_that_do_not_fit_one_loop_together_are_not_both_placed_in_it() -> None:
    """pointwise makes up most of Loop 2's 8,462 cycles; use_hint would too
    on its own, but not beside it: it stays outside, counted once (4 + 5 x
    8,462 + 6,411; it was 42,314, use_hint lost)."""
    design = load_design(REPORT)
    cycles, notes = module_cycles(design.kernel("verify"), design)
    assert str(cycles) == "48725"
    placed = [note for note in notes if "is counted once per iteration of loop" in note]
    assert len(placed) == 1 and placed[0].startswith("verify: pointwise (8,460 cycles)")


def test_an_unknown_iteration_names_the_unknown_calls_it_may_make() -> None:
    design = load_design(REPORT)
    _cycles, notes = module_cycles(design.kernel("verify"), design)
    assert ("iteration latency of loop Loop 1 unknown: 1 assumed (a lower bound: the report does not say which calls"
            " it makes; transform is counted once, outside the loops)") in notes


def test_the_number_says_it_is_a_lower_bound() -> None:
    text = run_cli("analyze", str(REPORT))
    assert text.code == 0, text.stderr
    lines = text.stdout.splitlines()
    assert "  estimate: at least 487 us, compute-bound" in lines  # 48,725 cycles at 10 ns
    assert ('  caution (verify): verify: parts of its schedule are "?" in the report and counted at their fewest'
            " cycles (the notes under -v name each): this number is a lower bound") in lines
    data = json.loads(run_cli("analyze", str(REPORT), "--format", "json").stdout)
    assert data["estimate"]["extra"]["left_out"] == ["what verify's report leaves at \"?\""]


def test_a_count_with_every_latency_known_is_not_called_a_lower_bound() -> None:
    """The corpus's Vivado HLS 2015.3 UG871 matrixmul: every part in its report."""
    text = run_cli("analyze", str(SHARED / "corpus" / "vivado" / "vhls2015.3_ug871_matrixmul"))
    assert text.code == 0, text.stderr
    assert "  estimate: 1.05 us, compute-bound" in text.stdout.splitlines()
    assert "lower bound" not in text.stdout


VERIFY_SOURCE = """void transform(int a[64]);
int pointwise(int a[64], int b[64]);
int use_hint(int a[64]);

int verify(int a[64], int b[64]) {
    int s = 0;
    for (int i = 0; i < 4; i++)
        transform(a);
    for (int j = 0; j < 5; j++)
        s += pointwise(a, b);
    s += use_hint(b);
    return s;
}
"""


def test_with_the_source_each_call_goes_where_its_one_call_is(tmp_path: Path) -> None:
    """The source says what the report cannot: transform is called in Loop
    1, pointwise in Loop 2, use_hint after both. Loop 1's unknown iteration
    then names the call it comes from, and no call is said to be possibly
    inside it."""
    shutil.copy(REPORT, tmp_path / REPORT.name)
    (tmp_path / "verify.c").write_text(VERIFY_SOURCE, encoding="utf-8")
    text = run_cli("analyze", "-v", str(tmp_path / REPORT.name), "--source-root", str(tmp_path))
    assert text.code == 0, text.stderr
    notes = [line.strip() for line in text.stdout.splitlines() if line.startswith("    note: ")]
    assert ("note: verify: transform (? cycles) is counted once per iteration of loop Loop 1, in its iteration latency"
            " (the report does not say where it is called): its one call in the source (verify.c:8) is inside that"
            " loop") in notes
    assert any(note.startswith("note: verify: pointwise (8,460 cycles) is counted once per iteration of loop Loop 2")
               and note.endswith("its one call in the source (verify.c:10) is inside that loop") for note in notes)
    assert ("note: iteration latency of loop Loop 1 unknown: 1 assumed (a lower bound: it calls transform, whose"
            " latency is not in the report)") in notes
    assert "  estimate: at least 487 us, compute-bound" in text.stdout.splitlines()  # 4 + 42,310 + 6,411 cycles
