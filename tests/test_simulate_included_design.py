"""A testbench that ``#include``s the design files (``fixtures/instrument/included_design``):
they are compiled as one unit with it, in the testbench's order, and the
runtime's state (the cycle table, clock, stack) must be defined exactly once
whichever design file comes first. The callee's file first used to leave the
program without that state (a link error blamed on hlsight). Compiled with
gcc and run; the expected cycles are the fixture README's hand count."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import FIXTURES, run_cli
from tests.instrument_helpers import build_and_run

FOLDER = FIXTURES / "instrument" / "included_design"
REPORT = FOLDER / "report"
TOP, CALLEE = FOLDER / "scaled_sum.c", FOLDER / "scale.c"
#: scale 9 + 3 + 2 = 14, ACC 9 + 2 = 11, the top's own cycle 1 (fixture README, n = 10)
CYCLES = 26
BENCH = (FOLDER / "tb.c").read_text(encoding="utf-8")
#: gcc's strict warnings as errors (HLS loop labels are never jumped to)
CFLAGS = "-std=c99 -O2 -Wall -Werror -Wno-unknown-pragmas -Wno-unused-label"
INCLUDES = '#include "scale.c"\n#include "scaled_sum.c"\n'


def _bench(folder: Path, callee_first: bool) -> Path:
    """tb.c with its two includes in the given order (the fixture's is callee first)."""
    assert INCLUDES in BENCH
    text = BENCH if callee_first else BENCH.replace(INCLUDES, '#include "scaled_sum.c"\n#include "scale.c"\n')
    path = folder / ("tb_callee_first.c" if callee_first else "tb_top_first.c")
    path.write_text(text, encoding="utf-8")
    return path


def _simulate(bench: Path, *sources: Path) -> dict[str, Any]:
    result = run_cli("simulate", *map(str, sources), "--report", str(REPORT), "--testbench", str(bench),
                     "--top", "scaled_sum", "--cflags", f"{CFLAGS} -I {FOLDER}",
                     "--format", "json")
    assert result.code == 0, result.stderr
    document: dict[str, Any] = json.loads(result.stdout)
    return document


@pytest.mark.parametrize("callee_first", [True, False], ids=["callee-included-first", "top-included-first"])
@pytest.mark.parametrize("top_given_first", [True, False], ids=["top-first-src", "callee-first-src"])
def test_a_testbench_including_the_design_files_links_in_either_order(tmp_path: Path, callee_first: bool,
                                                                      top_given_first: bool) -> None:
    sources = (TOP, CALLEE) if top_given_first else (CALLEE, TOP)
    document = _simulate(_bench(tmp_path, callee_first), *sources)
    assert document["cycles"] == CYCLES
    functions = {item["name"]: item for item in document["functions"]}
    assert functions["scale"]["cycles"] == 14 and functions["scale"]["loops"][0]["trip_count_total"] == 10
    assert functions["scaled_sum"]["loops"][0]["cycles"] == 11
    assert document["exit_code"] == 0


def test_instrumented_files_define_the_state_once_in_one_unit(tmp_path: Path) -> None:
    """``instrument`` output built by hand the way tb.c builds it: one unit,
    the file that uses the state before the one that defines it; links and
    counts the top's cycles."""
    out = tmp_path / "out"
    result = run_cli("instrument", str(TOP), str(CALLEE), "--mode", "cycles", "--report", str(REPORT),
                     "-o", str(out))
    assert result.code == 0, result.stderr
    user = (out / "scale.c").read_text(encoding="utf-8").splitlines()
    assert user[:4] == ["#define HLSIGHT_RUNTIME_USER 1 /* hlsight: another design file defines the runtime's"
                        " state */", '#include "hlsight_cycles.h" /* hlsight: cycle estimation runtime */',
                        "#undef HLSIGHT_RUNTIME_USER", "#line 1"]
    bench = _bench(out, callee_first=True)
    table = tmp_path / "cycles.json"
    ran = build_and_run([bench], [FOLDER], tmp_path / "program", env={"HLSIGHT_JSON": str(table)},
                        flags=tuple(CFLAGS.split()))
    assert ran.returncode == 0 and ran.stdout == b"135\n", ran.stderr  # 3 x (0 + ... + 9)
    rows = json.loads(table.read_text(encoding="utf-8"))["blocks"]
    assert next(row for row in rows if row["name"] == "scaled_sum")["cycles"] == CYCLES
