"""Code only the C simulation compiles (``#ifndef __SYNTHESIS__``) is left out
of the tree the instrumenter plans (``parsers/csource/synthesis_regions``):
HLS never sees it, so it has no report loop, takes no hardware time, and must
not shift the positional ``Loop N`` names of the loops after it. The C++
front end leaves it out when lowering (``test_instrument_template_headers``);
this is the C one, on ``fixtures/instrument/inlined_callee`` (132 cycles by
hand) with a check loop added under the guard, built at run time."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from hlsight.parsers.csource.synthesis_regions import simulation_only_lines
from tests.conftest import FIXTURES, run_cli

FOLDER = FIXTURES / "instrument" / "inlined_callee"


def test_the_regions_of_every_spelling_of_the_guard() -> None:
    text = ("a\n#ifndef __SYNTHESIS__\nx\n#ifdef FOO\ny\n#endif\n#else\nz\n#endif\n"
            "#if defined(__SYNTHESIS__)\ns\n#else\nc\n#endif\n"
            "#if !defined(__SYNTHESIS__) // csim\nq\n#elif X\nr\n#endif\n#ifdef __SYNTHESIS__\nt\n#endif\n")
    assert simulation_only_lines(text) == [(2, 7), (12, 14), (15, 17)]


def test_a_c_loop_under_the_guard_neither_counts_nor_takes_a_report_loops_name(tmp_path: Path) -> None:
    """Before, the check loop took the top's ``Loop 1`` (the inlined
    copy_block's row, 25 x IL 5 = 125), copy_block's loop took ``Loop 2``
    and the top's own loop matched nothing: 186 cycles, said to be a lower
    bound. Now the guarded loop runs uncounted and the count is the
    fixture's 132."""
    design = tmp_path / "design"
    shutil.copytree(FOLDER, design)
    source = (design / "squeeze.c").read_text(encoding="utf-8")
    guarded = ("    int i;\n#ifndef __SYNTHESIS__\n    for (i = 0; i < 25; i++)\n"
               "        if (s[i] < 0) return -1;\n#endif\n")
    (design / "squeeze.c").write_text(source.replace("    int i;\n    copy_block(", guarded + "    copy_block("),
                                      encoding="utf-8")
    result = run_cli("simulate", str(design / "squeeze.c"), "--report", str(design / "report"), "--testbench",
                     str(design / "tb.c"), "--format", "json")
    assert result.code == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["cycles"] == 132
    loops = [(loop["name"], loop["inlined_from"], loop["cycles"]) for loop in document["functions"][0]["loops"]]
    assert loops == [("Loop 1", "copy_block", 85), ("Loop 2", "", 20)]
    assert "instrument-loop-unmatched" not in [item["rule"] for item in document["diagnostics"]]
