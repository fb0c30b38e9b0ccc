"""The loop/trip-count walk the HLScope+ instrumenter runs is the statement
walk alone: it does not load or run the access analysis, and it gives every
loop the same facts as the full access walker.

Inputs: the instrumentation kernels in ``../shared/instrument`` (real
Vivado/Vitis HLS designs) and the robustness fixture.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from hlsight.analyzer.access.loop_walker import LoopWalker
from hlsight.analyzer.access.loops import LoopInfo
from hlsight.analyzer.access.walker import walk_function
from hlsight.parsers.csource import parse_c_file

REPO = Path(__file__).resolve().parents[1]
INSTRUMENT = REPO.parent / "shared" / "instrument"
SOURCES = [
    *sorted(path for path in INSTRUMENT.glob("*/*.c") if path.name != "tb.c"),
    REPO / "fixtures" / "instrument" / "robustness" / "tricky.c",
]

#: modules of the access analysis proper and of the SYCL walk: the instrumenter must not import them
ACCESS_ONLY = ("walker", "derive", "classify", "matching", "sycl_walker", "sycl_derive", "sycl_loop_walker",
               "sycl_loops", "sycl_values", "sycl_memory")


def _facts(info: LoopInfo) -> tuple[object, ...]:
    """Everything a loop carries; the counter by its C name (the ``_N``
    suffix only makes the symbol fresh and counts the symbols made before)."""
    counter = re.sub(r"_\d+$", "", info.counter.name) if info.counter is not None else None
    return (info.kind, info.line, info.file, counter, info.step, info.trip_count, info.trip_reason, info.unroll)


def test_sources_present() -> None:
    assert len(SOURCES) >= 8, SOURCES


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.parent.name)
def test_loop_walk_matches_access_walk(path: Path) -> None:
    unit = parse_c_file(path)
    assert unit.functions()
    for func in unit.functions().values():
        lines = {unit.filename: unit.lines}
        alone = LoopWalker(unit, func, lines)
        alone.run()
        full = walk_function(unit, func, lines)
        assert list(alone.loop_infos) == list(full.loop_infos)
        for key, info in full.loop_infos.items():
            assert _facts(alone.loop_infos[key]) == _facts(info)


def test_loop_walker_keeps_no_access_state() -> None:
    path = INSTRUMENT / "vitis2022.2.2_c2hlsc_quicksort"
    unit = parse_c_file(next(p for p in path.glob("*.c") if p.name != "tb.c"))
    func = next(iter(unit.functions().values()))
    walker = LoopWalker(unit, func, {unit.filename: unit.lines})
    walker.run()
    for attribute in ("sites", "guards", "aliases", "blocks"):
        assert not hasattr(walker, attribute), attribute


@pytest.mark.parametrize("mode", ["tripcount", "cycles"])
def test_instrumenter_does_not_import_the_access_analysis(mode: str, tmp_path: Path) -> None:
    """``hlsight instrument`` (pass 1 and pass 2, in a fresh interpreter)
    never loads the access walker, classification or LSU matching; the loop
    walker only where a static trip count is asked for (pass 1 here, on a
    counted ``for`` nest the loop shapes alone cannot decide)."""
    case = REPO / "fixtures" / "instrument" / "imperfect_nest"
    arguments = ["instrument", "--mode", mode, str(case / "row_sums.c"), "-o", str(tmp_path / "out.c")]
    if mode == "cycles":
        arguments += ["--report", str(case / "report")]
    script = (
        "import sys\n"
        "from hlsight.cli import main\n"
        "try:\n"
        f"    main({arguments!r})\n"
        "except SystemExit as stop:\n"
        "    assert not stop.code, stop.code\n"
        "print(' '.join(m for m in sys.modules if m.startswith('hlsight.analyzer.access.')))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert (tmp_path / "out.c").read_text().strip()
    loaded = {name.rsplit(".", 1)[1] for name in result.stdout.split()}
    # pass 1 without a report computes every loop's static count; pass 2 with one asks for none (lazily)
    assert ("loop_walker" in loaded) is (mode == "tripcount"), loaded
    assert not loaded & set(ACCESS_ONLY), loaded & set(ACCESS_ONLY)
