"""Loop nests coalesced by hand: ``j++; if (j == W) { j = 0; i++; }`` in a
``while (i < n)`` (fixtures/access/hand_coalesced.cl, docs/model.md
decision 62).

Intel's FPGA best-practices guide flattens a nest into one loop this way so
that it pipelines as one. The loop's count was "not a counter test" and
every access through ``i * W + j`` had no stride (``j`` is reset under an
``if``, so it was not a counter). Each fixture kernel is run here in
Python, statement by statement, and its accesses counted and their
addresses compared with what hlsight says.
"""

from __future__ import annotations

import itertools
import shutil
import subprocess
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from pycparser import c_ast

from hlsight.analyzer.access.loop_shapes import never_counted
from hlsight.analyzer.access.trip_counts import static_trip_count, trip_count_reason
from hlsight.analyzer.instrument.sourceloops import static_trip_counts
from hlsight.analyzer.results import AccessFacts
from hlsight.core.model import LSUKind
from hlsight.parsers.csource import parse_c_text
from tests.access_fixtures import MarkedSource, value

NESTS = MarkedSource("hand_coalesced.cl")
W = 64


def wrap_after(n: int, width: int = W, i: int = 0, j: int = 0, inclusive: bool = False,
               pitch: int = W) -> Iterator[int]:
    """``while (i < n) { out[i * pitch + j]; j++; if (j == width) { j = 0; i++; } }``."""
    while i <= n if inclusive else i < n:
        yield i * pitch + j
        j += 1
        if j == width:
            j = 0
            i += 1


def wrap_else(n: int, width: int) -> Iterator[int]:
    """``do { out[i * width + j]; if (j == width - 1) { i++; j = 0; } else j++; } while (i < n)``."""
    i = j = 0
    while True:
        yield i * width + j
        if j == width - 1:
            i += 1
            j = 0
        else:
            j += 1
        if not i < n:
            return


def row_sums(n: int) -> tuple[list[int], list[int]]:
    """The loads and the stores under the wrap of the row-sum kernel."""
    loads: list[int] = []
    stores: list[int] = []
    i = j = 0
    while i < n:
        loads.append(i * W + j)
        if j == W - 1:
            stores.append(i)
            j = 0
            i += 1
        else:
            j += 1
    return loads, stores


def facts(kernel: str, marker: str | None = None, kind: LSUKind = LSUKind.STORE) -> AccessFacts:
    (found,) = NESTS.facts(kernel, [(kind, marker or kernel)])
    return found


def most_common_step(addresses: list[int]) -> int:
    """The address step most consecutive accesses take (the stride eq. 2 reads)."""
    return Counter(b - a for a, b in itertools.pairwise(addresses)).most_common(1)[0][0]


@pytest.mark.parametrize("n", [1, 2, 7, 100])
def test_the_wrap_after_the_increment_counts_every_row(n: int) -> None:
    """64 columns per row, n rows: 64 n stores, one element apart."""
    found = facts("wrap_after")
    addresses = list(wrap_after(n))
    assert value(found.accesses, n=n) == len(addresses) == 64 * n
    assert found.stride is not None and value(found.stride) == most_common_step(addresses) == 1
    assert "the row moves once every 64 iterations (first in iteration 64)" in (found.explanation or "")


@pytest.mark.parametrize(("n", "width"), [(1, 1), (3, 1), (3, 5), (7, 64), (100, 3)])
def test_a_wrap_in_the_else_form_with_a_width_the_host_gives(n: int, width: int) -> None:
    """`if (j == width - 1) { i++; j = 0; } else j++;` in a do-while: width
    values per row, the width a kernel argument."""
    load, store = NESTS.facts("wrap_else", [(LSUKind.LOAD, "wrap_else"), (LSUKind.STORE, "wrap_else")])
    addresses = list(wrap_else(n, width))
    for found in (load, store):
        assert value(found.accesses, n=n, width=width) == len(addresses)
        assert found.stride is not None and value(found.stride) == 1
        assert "between its wraps every width iterations" in (found.explanation or "")


@pytest.mark.parametrize("n", [1, 4, 33])
def test_a_store_under_the_wrap_moves_with_the_row(n: int) -> None:
    """The row's sum stored where the column wraps: once per row, each to
    the next element (it had no stride: `i` moves only under the `if`)."""
    load, store = NESTS.facts("row_sums", [(LSUKind.LOAD, "row_sums_in"), (LSUKind.STORE, "row_sums_out")])
    loads, stores = row_sums(n)
    assert value(load.accesses, n=n) == len(loads) and value(store.accesses, n=n) == len(stores) == n
    assert load.stride is not None and value(load.stride) == most_common_step(loads) == 1
    assert store.stride is not None and value(store.stride) == 1
    if n > 1:
        assert most_common_step(stores) == 1


@pytest.mark.parametrize("n", [2, 3, 10])
def test_entry_part_way_through_a_row(n: int) -> None:
    """From row 2, column 5, up to row n inclusive: the first row is 59
    columns long."""
    found = facts("wrap_midway")
    assert value(found.accesses, n=n) == len(list(wrap_after(n, i=2, j=5, inclusive=True)))


@pytest.mark.parametrize("n", [1, 5])
def test_a_counted_loop_over_a_nest_gets_its_stride(n: int) -> None:
    """`for (k = 0; k < n * W; k++)` counted the loop already; the address
    through `i` and `j` had no stride, now 1."""
    found = facts("counted_nest")
    assert value(found.accesses, n=n) == 64 * n
    assert found.stride is not None and value(found.stride) == 1


def test_rows_wider_than_the_sweep_jump_at_each_wrap() -> None:
    """`out[i * 100 + j]` with 64 columns: 63 steps of one element, then a
    jump of 37: stride 1 between wraps, as a remainder's."""
    found = facts("padded_rows")
    addresses = list(wrap_after(5, pitch=100))
    assert value(found.accesses, n=5) == len(addresses)
    assert found.stride is not None and value(found.stride) == most_common_step(addresses) == 1
    assert Counter(b - a for a, b in itertools.pairwise(addresses))[37] == 4


@pytest.mark.parametrize("kernel", ["row_apart", "past_wrap", "stepped_in_a_loop"])
def test_shapes_that_do_not_pace_the_row_stay_named(kernel: str) -> None:
    """The row moved under a second test, a column entering past its wrap
    (it never wraps: the loop may not end), a column stepped twice per
    iteration: no count is taken from the pacing, the trip is a named symbol."""
    found = facts(kernel)
    assert found.accesses is not None and f"trips_{kernel}_L" in found.accesses



#: the column's wrap: increment then reset; reset at the last value, else
#: increment; by 4 (dividing W); by 3 with a `>=` reset (values 0, 3, 6);
#: stepped in the test (`++x == W`); reset then increment (its values run 1..W at the loop's top, which
#: hlsight does not take for a cycle)
WRAPS = {
    "after": "x++; if (x == W) { x = 0; y++; }",
    "else": "if (x == W - 1) { y++; x = 0; } else x++;",
    "by4": "x += 4; if (x == W) { x = 0; y++; }",
    "by3": "x = x + 3; if (x >= W) { y++; x = 0; }",
    "pre": "if (++x == W) { x = 0; y++; }",
    "before": "if (x == W) { x = 0; y++; } x++;",
}
#: falling columns that move a falling row (Rodinia srad v5's shape): from
#: W - 1 by 4 to the gate at -1 (values 7, 3); by 3 below 0 (7, 4, 1)
FALLING = {
    "down4": "x -= 4; if (x == -1) { x = W - 1; y--; }",
    "downlt": "x = x - 3; if (x < 0) { y--; x = W - 1; }",
}
#: column starts each wrap takes for one of its values (W = 8)
ON_CYCLE = {"after": {0, 3, 4, 6, 7}, "else": {0, 3, 4, 6, 7}, "by4": {0, 4}, "by3": {0, 3, 6}, "pre": {0, 3, 4, 6, 7},
            "before": set(), "down4": {3, 7}, "downlt": {4, 7}}
#: iterations past which a compiled loop is taken for endless
CAP = 100_000


def _variants() -> list[tuple[str, str, int, int, str, bool]]:
    rising = [(wrap, op, 2) for wrap in WRAPS for op in ("<", "<=", "!=")]
    falling = [(wrap, op, 12) for wrap in FALLING for op in (">", ">=", "!=")]
    return [(wrap, op, x, y, access, do_while) for wrap, op, y in rising + falling for x in (0, 3, 4, 6, 7, 8, 10)
            for access in ("first", "last") for do_while in (False, True)]


def _nest_source() -> str:
    """One function per variant: the nest's loop, a counter in its body
    (the count of an access at the body's top or end), and a cap."""
    functions = []
    for number, (wrap, op, x, y, access, do_while) in enumerate(_variants()):
        step = {**WRAPS, **FALLING}[wrap]
        body = f"if (++*count > {CAP}) return; {step}" if access == "first" else f"{step} if (++*count > {CAP}) return;"
        loop = (f"do {{ {body} }} while (y {op} n);" if do_while else f"while (y {op} n) {{ {body} }}")
        functions.append(f"void nest{number}(int n, long *count) {{\n  int x = {x}, y = {y};\n  {loop}\n}}\n")
    return "#define W 8\n" + "".join(functions)


@pytest.fixture(scope="module")
def compiled_counts(tmp_path_factory: pytest.TempPathFactory) -> dict[int, list[int | None]]:
    """Each variant's iterations at n = 5 and 9, run as gcc compiled it
    (``None``: over the cap, endless)."""
    gcc = shutil.which("gcc")
    if gcc is None:
        pytest.fail("gcc is required to run the coalesced nests")
    work: Path = tmp_path_factory.mktemp("nests")
    calls = "".join(f"  for (int k = 0; k < 2; k++) {{ long c = 0; nest{number}(ns[k], &c); printf(\"%ld \", c); }}"
                    f" printf(\"\\n\");\n" for number in range(len(_variants())))
    (work / "nests.c").write_text(_nest_source() + "#include <stdio.h>\nint main(void) {\n  int ns[2] = {5, 9};\n"
                                  + calls + "  return 0;\n}\n")
    subprocess.run([gcc, "-O0", "-o", str(work / "nests"), str(work / "nests.c")], check=True)
    output = subprocess.run([str(work / "nests")], check=True, capture_output=True, text=True).stdout
    return {number: [int(value) if int(value) <= CAP else None for value in line.split()]
            for number, line in enumerate(output.splitlines())}


def test_every_count_taken_from_a_wrap_is_the_compiled_count(compiled_counts: dict[int, list[int | None]]) -> None:
    """672 nests (six rising wraps and two falling ones, three row tests,
    seven column starts, the row from 2 up or 12 down, the access first or
    last, while and do-while), compiled with gcc and run at n = 5 and n = 9: wherever hlsight gives a trip count it
    is the count the compiled loop runs, and a nest whose column starts on
    one of its cycle's values is always counted. A column entering past its
    wrap or off its steps never wraps (the loop does not end: no count);
    the reset-first wrap is not taken for a cycle. The instrumenter's
    sympy-free loop filter leaves every counted loop to the walker."""
    unit = parse_c_text(_nest_source(), "nests.c")
    loops = [node for node in unit.walk() if isinstance(node, c_ast.While | c_ast.DoWhile)]
    counted = 0
    for number, (loop, (wrap, _op, x, _y, _access, _do)) in enumerate(zip(loops, _variants(), strict=True)):
        trip = static_trip_count(loop, unit)
        # the instrumenter's sympy-free filter must not rule out a loop the walker counts
        assert trip is None or not never_counted(loop), (number, _variants()[number])
        for n, measured in zip((5, 9), compiled_counts[number], strict=True):
            if trip is not None:
                assert measured is not None and trip.subs("n", n) == measured, (number, _variants()[number])
        if x in ON_CYCLE[wrap]:
            assert trip is not None, (number, _variants()[number], trip_count_reason(loop, unit))
            counted += 1
    assert counted == (20 + 4) * 3 * 2 * 2


@pytest.mark.parametrize(("n", "width"), [(1, 16), (3, 64), (4, 70), (2, 5)])
def test_sixteen_lanes_per_step_wrapping_at_a_width_the_host_gives(n: int, width: int) -> None:
    """`x += 16; if (x >= width) { x = 0; y++; }` around 16 unrolled lanes:
    ceil(width / 16) steps per row, 16 lanes each, the lanes and the steps
    contiguous (stride 1); the count was a trip symbol, the stride none."""
    load, store = NESTS.facts("lanes16", [(LSUKind.LOAD, "lanes16"), (LSUKind.STORE, "lanes16")])
    steps = list(wrap_after(n, width=-(-width // 16), pitch=-(-width // 16)))
    for found in (load, store):
        assert value(found.accesses, n=n, width=width) == 16 * len(steps)
        assert found.stride is not None and value(found.stride) == 1


def falling(cols: int) -> tuple[list[int], list[int], list[int]]:
    """srad v5's sweep run: the row loads, the lanes' first addresses, the stores under the wrap."""
    rows: list[int] = []
    lanes: list[int] = []
    wraps: list[int] = []
    col, row_offset = cols, 15
    while True:
        rows.append(col)
        lanes.append(col * 16 + row_offset)
        row_offset -= 4
        if row_offset == -1:
            row_offset = 15
            wraps.append(col)
            col -= 1
        if not col >= 0:
            return rows, lanes, wraps


@pytest.mark.parametrize("cols", [0, 1, 9, 100])
def test_a_falling_sweep_counts_its_columns_down(cols: int) -> None:
    """`row_offset -= 4; if (row_offset == -1) { row_offset = 15; col--; }
    } while (col >= 0)`: four steps per column, cols + 1 columns (the trip
    was "not a counter test"). The row read every iteration moves one
    element every four (stride 1, as any access moving under one element per
    access); the four lanes and their steps fall contiguously; the store
    under the wrap moves one column per store, and runs once per column
    (its test, the wrap's, holds once every four iterations: it was counted
    as always true, four times too many)."""
    row, load, store, wrap = NESTS.facts("falling", [(LSUKind.LOAD, "falling_row"), (LSUKind.LOAD, "falling_lanes"),
                                                     (LSUKind.STORE, "falling_lanes"), (LSUKind.STORE, "falling_wrap")])
    rows, lanes, wraps = falling(cols)
    assert value(row.accesses, cols=cols) == len(rows) == 4 * (cols + 1)
    assert value(load.accesses, cols=cols) == value(store.accesses, cols=cols) == 4 * len(lanes)
    assert value(wrap.accesses, cols=cols) == len(wraps) == cols + 1
    if len(lanes) > 1:
        assert most_common_step(lanes) == -4
    for found in (row, load, store, wrap):
        assert found.stride is not None and value(found.stride) == 1, found.explanation
    assert "once every 4 iterations" in (row.explanation or "")


def test_the_instrumenter_keeps_the_pragma_of_a_nest_it_counts(tmp_path: Path) -> None:
    """A nest coalesced by hand with constant bounds has a count hlsight
    works out through the wrap (8 x 64 = 512), but not one an HLS tool's
    own trip-count analysis finds in the loop's header: pass 1 still gives
    it a loop_tripcount pragma. It left the pragma out, as for a counted
    `for`, so the next synthesis would have had no count for the loop (a
    while loop whose counter moves under an `if` is not one the tools'
    header analysis counts). Decision 61's paced sweeps had the same gap."""
    path = tmp_path / "nest.c"
    path.write_text("void f(int a[512]) {\n  int i = 0, j = 0;\n  while (i < 8) {\n    a[i * 64 + j] = 0;\n"
                    "    j++;\n    if (j == 64) { j = 0; i++; }\n  }\n}\n")
    unit = parse_c_text(path.read_text(), str(path))
    (loop,) = [node for node in unit.walk() if isinstance(node, c_ast.While)]
    assert static_trip_count(loop, unit) == 512
    assert static_trip_counts(unit, unit.functions()["f"]) == {}


@pytest.mark.parametrize(("n", "width"), [(1, 2), (3, 5), (10, 64), (2, 3)])
def test_an_access_in_the_wraps_else_branch(n: int, width: int) -> None:
    """The else branch of `if (j == width - 1)` runs on every column but
    the last: n (width - 1) stores, the column stepping by one between its
    wraps (stride 1; there it had none)."""
    found = facts("all_but_last")
    addresses = [i * width + j for i in range(n) for j in range(width - 1)]
    assert value(found.accesses, n=n, width=width) == len(addresses)
    assert found.stride is not None and value(found.stride, width=width) == 1
    if n * (width - 1) > 1:
        assert most_common_step(addresses) == 1


@pytest.mark.parametrize(("n", "width"), [(1, 16), (3, 20), (4, 64), (2, 100)])
def test_a_guard_on_a_column_stepping_by_sixteen(n: int, width: int) -> None:
    """`if (x < 32)` on `x += 16; if (x >= width) x = 0;`: the first two
    blocks of each row (each of the column's values held once per row; it
    was counted as always true, an upper bound)."""
    found = facts("guarded_blocks")
    blocks = [x for x in range(0, width, 16) if x < 32]
    assert value(found.accesses, n=n, width=width) == n * len(blocks)


@pytest.mark.parametrize("cols", [0, 1, 9])
def test_a_guard_on_a_falling_column(cols: int) -> None:
    """`if (r == 15)` on `r = r - 4; if (r == -1) r = 15;`: once per column
    (values 15, 11, 7, 3), cols + 1 columns."""
    found = facts("guarded_falling")
    assert value(found.accesses, cols=cols) == cols + 1
