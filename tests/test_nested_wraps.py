"""Loop nests flattened three deep (docs/model.md decision 64).

A third level moves where the second wraps: ``j++; if (j == W) { j = 0;
i++; if (i == H) { i = 0; k++; } }`` in a ``while (k < n)``, and Rodinia
FPGA's hotspot v9 sweeps its blocks with conditional expressions (``y = x
== 0 ? (y == grid_rows ? -1 : y + 1) : y; if (x == 0 && y == -1) bx +=
BSIZE;``). Before, these loops' counts were "not a counter test": a user
had to work out the trip a host's ``grid_cols`` and ``grid_rows`` fix.
Every nest here is compiled with gcc and run; wherever hlsight gives a
count it is the compiled loop's, and the nests whose counters start on
their cycles are always counted.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from pycparser import c_ast

from hlsight.analyzer.access.loop_shapes import never_counted
from hlsight.analyzer.access.trip_counts import static_trip_count, trip_count_reason
from hlsight.analyzer.results import AccessFacts
from hlsight.core.model import LSUKind
from hlsight.parsers.csource import parse_c_text
from tests.access_fixtures import MarkedSource, value

#: the innermost column's wrap around the middle level (MID): increment
#: then reset; reset at the last value, else increment; by 4; stepped in the test
INNER = {
    "after": "j++; if (j == W) { j = 0; MID }",
    "else": "if (j == W - 1) { j = 0; MID } else j++;",
    "by4": "j += 4; if (j == W) { j = 0; MID }",
    "pre": "if (++j == W) { j = 0; MID }",
}
#: the middle row's wrap around the outer move (OUTER)
MIDDLE = {
    "after": "i++; if (i == H) { i = 0; OUTER }",
    "else": "if (i == H - 1) { i = 0; OUTER } else i++;",
}
#: the outer row: its move, the loop's test and its start
OUTER = [(f"k {sign}= {step};", op, start) for sign, step, ops, start in (("+", 1, ("<", "<=", "!="), 2),
                                                                             ("-", 3, (">", ">=", "!="), 12))
         for op in ops]
#: middle starts (3: past its wrap)
I_STARTS = (0, 3)
#: iterations past which a compiled loop is taken for endless
CAP = 100_000
NS = (5, 9)


def _three_deep() -> list[tuple[str, str, str, str, int, int, int, bool]]:
    return [(inner, middle, move, op, start, j, i, do_while) for inner in INNER for middle in MIDDLE
            for move, op, start in OUTER for j in _column_starts(inner) for i in I_STARTS for do_while in (False, True)]


def _column_starts(inner: str) -> tuple[int, int]:
    """A start on the column's cycle and one off it (3: off the steps of 4; 8: past the wrap)."""
    return (4, 3) if inner == "by4" else (3, 8)


def _three_deep_source() -> str:
    functions = []
    for number, (inner, middle, move, op, start, j, i, do_while) in enumerate(_three_deep()):
        body = f"if (++*count > {CAP}) return; " + INNER[inner].replace("MID", MIDDLE[middle]).replace("OUTER", move)
        loop = f"do {{ {body} }} while (k {op} n);" if do_while else f"while (k {op} n) {{ {body} }}"
        functions.append(f"void nest{number}(int n, long *count) {{\n  int j = {j}, i = {i}, k = {start};\n"
                         f"  {loop}\n}}\n")
    return "#define W 8\n#define H 3\n" + "".join(functions)


#: hotspot v9's sweep: block and step widths, the row's first value, the
#: gate's order, where the block moves (after the updates: counted; before
#: them the gate sees the last iteration's values: not counted), the test
SWEEPS = [(block, step, first, swapped, after, op)
          for block, step in ((32, 16), (8, 2), (12, 4)) for first in (-1, 0) for swapped in (False, True)
          for after in (True, False) for op in ("<", "<=", "!=")]


def _sweep_source() -> str:
    functions = []
    for number, (block, step, first, swapped, after, op) in enumerate(SWEEPS):
        gate = f"y == {first} && x == 0" if swapped else f"x == 0 && y == {first}"
        moves = f"if ({gate}) bx += {block};"
        updates = (f"x = x < {block} - {step} ? x + {step} : 0; "
                   f"y = x == 0 ? (y == grid_rows ? {first} : y + 1) : y;")
        body = f"if (++*count > {CAP}) return; " + (f"{updates} {moves}" if after else f"{moves} {updates}")
        functions.append(f"void sweep{number}(int grid_cols, int grid_rows, long *count) {{\n"
                         f"  int x = 0, y = {first}, bx = 0;\n  do {{ {body} }} while (bx {op} grid_cols);\n}}\n")
    return "".join(functions)


#: (grid_cols, grid_rows) the sweeps run at
GRIDS = ((64, 3), (96, 5))


def _run(source: str, calls: str, work: Path) -> list[list[int | None]]:
    gcc = shutil.which("gcc")
    if gcc is None:
        pytest.fail("gcc is required to run the flattened nests")
    (work / "nests.c").write_text(source + "#include <stdio.h>\nint main(void) {\n" + calls + "  return 0;\n}\n")
    subprocess.run([gcc, "-O0", "-o", str(work / "nests"), str(work / "nests.c")], check=True)
    output = subprocess.run([str(work / "nests")], check=True, capture_output=True, text=True).stdout
    return [[int(each) if int(each) <= CAP else None for each in line.split()] for line in output.splitlines()]


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[list[int | None]], list[list[int | None]]]:
    """Each nest's iterations at n = 5 and 9, and each sweep's at the two
    grids, as gcc compiled them (``None``: over the cap, endless)."""
    work = tmp_path_factory.mktemp("three_deep")
    nests = _run(_three_deep_source(), "".join(
        f"  for (int r = 0; r < 2; r++) {{ long c = 0; nest{number}(r ? {NS[1]} : {NS[0]}, &c); printf(\"%ld \", c); }}"
        " printf(\"\\n\");\n" for number in range(len(_three_deep()))), work)
    sweeps = _run(_sweep_source(), "".join(
        "".join(f"  {{ long c = 0; sweep{number}({cols}, {rows}, &c); printf(\"%ld \", c); }}" for cols, rows in GRIDS)
        + " printf(\"\\n\");\n" for number in range(len(SWEEPS))), work)
    return nests, sweeps


def _loops(source: str) -> tuple[list[c_ast.Node], object]:
    unit = parse_c_text(source, "nests.c")
    return [node for node in unit.walk() if isinstance(node, c_ast.While | c_ast.DoWhile)], unit


def test_three_deep_nests_count_as_compiled(compiled: tuple[list[list[int | None]], ...]) -> None:
    """384 nests: four inner wraps, two middle wraps, the outer row up by 1
    or down by 3 under three tests each, counters on and off their cycles,
    while and do-while, run at n = 5 and 9. A count hlsight gives is the
    compiled one; a nest whose counters start on their cycles is counted
    unless its row steps by 3 to a `!=` bound (it may step over it)."""
    loops, unit = _loops(_three_deep_source())
    counted = 0
    for number, (loop, variant) in enumerate(zip(loops, _three_deep(), strict=True)):
        inner, _middle, move, op, _start, j, i, _do = variant
        trip = static_trip_count(loop, unit)  # type: ignore[arg-type]
        assert trip is None or not never_counted(loop), variant  # the instrumenter's filter leaves it to the walker
        for n, measured in zip(NS, compiled[0][number], strict=True):
            if trip is not None:
                assert measured is not None and trip.subs("n", n) == measured, (number, variant, trip)
        if j == _column_starts(inner)[0] and i == 0 and not (op == "!=" and "3" in move):
            assert trip is not None, (variant, trip_count_reason(loop, unit))  # type: ignore[arg-type]
            counted += 1
    assert counted == 4 * 2 * (6 - 1) * 2


def test_hotspot_v9_sweeps_count_as_compiled(compiled: tuple[list[list[int | None]], ...]) -> None:
    """72 sweeps in hotspot v9's form: whenever hlsight counts one the
    count is the compiled loop's at both grids, and every sweep whose block
    moves after both updates is counted, but for a `!=` test the block's
    step need not land on: ``2 (grid_rows + 2) ceil(grid_cols / 32)`` for
    v9's own widths, from the arguments the host passes instead of a trip
    the user works out."""
    loops, unit = _loops(_sweep_source())
    counted = 0
    for number, (loop, variant) in enumerate(zip(loops, SWEEPS, strict=True)):
        trip = static_trip_count(loop, unit)  # type: ignore[arg-type]
        assert trip is None or not never_counted(loop), variant
        for (cols, rows), measured in zip(GRIDS, compiled[1][number], strict=True):
            if trip is not None:
                assert measured is not None and trip.subs({"grid_cols": cols, "grid_rows": rows}) == measured, (
                    number, variant, trip)
        if variant[4] and variant[5] != "!=":
            assert trip is not None, (variant, trip_count_reason(loop, unit))  # type: ignore[arg-type]
            counted += 1
    assert counted == 3 * 2 * 2 * 2


#: counters moved inside a loop nested in a wrap's branch move as often as
#: that loop runs, not once per wrap: the first four were counted once per
#: wrap (the first since decision 62); a row moved beside a middle level's
#: reset `if`, not in it, moves once per wrap of the inner column
IN_LOOPS = {
    "row_in_loop": ("int j = 0, i = 0; while (i < n) { STEP j++; if (j == 8) { j = 0; "
                    "for (int t = 0; t < 2; t++) i++; } }", False),
    "outer_in_loop": ("int j = 0, i = 0, k = 0; while (k < n) { STEP j++; if (j == 8) { j = 0; i++; "
                      "if (i == 3) { i = 0; for (int t = 0; t < 2; t++) k++; } } }", False),
    "middle_in_loop": ("int j = 0, i = 0, k = 0; while (k < n) { STEP j++; if (j == 8) { j = 0; "
                       "for (int t = 0; t < 2; t++) i++; if (i == 3) { i = 0; k++; } } }", False),
    "outer_in_while": ("int j = 0, i = 0, k = 0; while (k < n) { STEP j++; if (j == 8) { j = 0; i++; "
                       "while (i == 3) { i = 0; k++; } } }", False),
    "outer_beside": ("int j = 0, i = 0, k = 0; while (k < n) { STEP j++; if (j == 8) { j = 0; i++; "
                     "if (i == 3) { i = 0; } k++; } }", True),
}


@pytest.mark.parametrize("shape", sorted(IN_LOOPS))
def test_updates_in_a_nested_loop_are_not_once_per_wrap(shape: str, tmp_path: Path) -> None:
    """Each shape compiled and run at n = 5 and 9: a count hlsight gives is
    the compiled one, and only the row moved beside the middle level's
    reset is counted (8 n)."""
    body, counted = IN_LOOPS[shape]
    source = f"void nest(int n, long *count) {{ {body.replace('STEP', f'if (++*count > {CAP}) return;')} }}\n"
    calls = "".join(f"  {{ long c = 0; nest({n}, &c); printf(\"%ld \", c); }}" for n in NS)
    (measured,) = _run(source, calls, tmp_path)
    loops, unit = _loops(source)
    loop = loops[0]  # the nest's loop (outer_in_while has a second)
    trip = static_trip_count(loop, unit)  # type: ignore[arg-type]
    assert (trip is not None) is counted, trip_count_reason(loop, unit)  # type: ignore[arg-type]
    if trip is not None:
        assert [trip.subs("n", n) for n in NS] == measured


KERNELS = MarkedSource("nested_wraps.cl")


def _facts(kernel: str, marker: str, kind: LSUKind) -> AccessFacts:
    (found,) = KERNELS.facts(kernel, [(kind, marker)])
    return found


def hotspot_sweep(cols: int, rows: int) -> list[int]:
    """hotspot v9's read offsets, as its kernel computes them (BSIZE 32, SSIZE 16)."""
    offsets, x, y, bx = [], 0, -1, 0
    while True:
        read_y = 0 if y < 0 else rows - 1 if y == rows else y
        offsets.append(bx + x + read_y * cols)
        x = x + 16 if x < 32 - 16 else 0
        y = (-1 if y == rows else y + 1) if x == 0 else y
        if x == 0 and y == -1:
            bx += 32
        if not bx < cols:
            return offsets


@pytest.mark.parametrize(("cols", "rows"), [(32, 1), (64, 3), (100, 7)])
def test_hotspot_v9_reads_count_from_the_grid(cols: int, rows: int) -> None:
    """The 16 unrolled reads of hotspot v9 (Rodinia FPGA, Zohouri et al.)
    execute 16 per iteration of its sweep: 16 x 2 (grid_rows + 2) x
    ceil(grid_cols / 32), from the host's grid_cols and grid_rows."""
    reads = _facts("hotspot_v9", "hotspot_read", LSUKind.LOAD)
    assert value(reads.accesses, grid_cols=cols, grid_rows=rows) == 16 * len(hotspot_sweep(cols, rows))


@pytest.mark.parametrize("depth", [1, 4])
def test_three_deep_coalesced_store_counts(depth: int) -> None:
    """A 3-D fill coalesced by hand into one loop stores once per
    iteration: width x height x depth of them, and stride 1 (the column
    steps by one between wraps)."""
    store = _facts("fill3d", "fill3d", LSUKind.STORE)
    assert value(store.accesses, width=5, height=3, depth=depth) == 5 * 3 * depth
    assert store.stride is not None and value(store.stride) == 1
