"""Flattened 2-D sweeps: a loop that exits on a row counter its wrapping
column paces (analyzer/access/paced_loops.py, docs/model.md decision 61).

Rodinia FPGA's hotspot v7 writes ``x = x < BSIZE - SSIZE ? x + SSIZE : 0;
y = x == 0 ? y + 1 : y;`` in a ``do ... while (y < grid_rows)``: the trip
count was unknown ("not a counter test") and, the column's wrap unread,
the stride 2. Each fixture kernel of ``fixtures/access/flattened.cl`` is
run here statement by statement and its iterations counted.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
import sympy
from pycparser import c_ast, c_parser

from hlsight.analyzer.access.loops import update_step
from hlsight.analyzer.access.paced_loops import Pacing
from hlsight.core.model import LSUKind
from tests.access_fixtures import MarkedSource, value

FLATTENED = MarkedSource("flattened.cl")


def _run(body: Callable[[int, int], tuple[int, int]], x: int, y: int, keep: Callable[[int], bool],
         do_while: bool) -> int:
    """Iterations of a loop whose body maps (x, y) to the next (x, y)."""
    iterations = 0
    if not do_while and not keep(y):
        return 0
    while True:
        iterations += 1
        x, y = body(x, y)
        if not keep(y):
            return iterations


def _ternary(x: int, y: int) -> tuple[int, int]:
    x = x + 16 if x < 32 - 16 else 0
    return x, y + 1 if x == 0 else y


def _masked(x: int, y: int) -> tuple[int, int]:
    x = (x + 16) & 31
    return x, y + 1 if x == 0 else y


def _row_first(x: int, y: int) -> tuple[int, int]:
    y = y + 1 if x == 48 else y
    return (x + 16 if x + 16 < 64 else 0), y


def _inclusive(x: int, y: int) -> tuple[int, int]:
    x = 0 if x == 48 else x + 16
    return x, y + 1 if x == 0 else y


CASES = [
    ("sweep_ternary", _ternary, 0, 0, "rows", lambda n: (lambda y: y < n), True),
    ("sweep_if", _masked, 0, 0, "rows", lambda n: (lambda y: y < n), True),
    ("sweep_row_first", _row_first, 0, 0, "rows", lambda n: (lambda y: y < n), False),
    ("sweep_inclusive", _inclusive, 16, 2, "last", lambda n: (lambda y: y <= n), True),
]


@pytest.mark.parametrize(("kernel", "body", "x", "y", "bound", "keep", "do_while"), CASES)
@pytest.mark.parametrize("n", [3, 4, 7, 100])
def test_a_loop_exiting_on_a_paced_row_counts_its_iterations(
        kernel: str, body: Callable[[int, int], tuple[int, int]], x: int, y: int, bound: str,
        keep: Callable[[int], Callable[[int], bool]], do_while: bool, n: int) -> None:
    (store,) = FLATTENED.facts(kernel, [(LSUKind.STORE, kernel)])
    assert value(store.accesses, **{bound: n}) == _run(body, x, y, keep(n), do_while)
    assert "a row counter: the row moves once every" in (store.explanation or "")


def test_the_wrapping_column_makes_the_lanes_contiguous() -> None:
    """hotspot v7's shape: 16 unrolled lanes at `cb + x + y * grid_cols +
    i`, the column read through its conditional wrap: stride 1 (the lanes
    and the column steps follow each other) and 2 x grid_rows iterations per
    block of 32 columns. With the wrap unread the stride was 2 and the count
    a trip symbol."""
    load, store = FLATTENED.facts("sweep_lanes", [(LSUKind.LOAD, "sweep_lanes"), (LSUKind.STORE, "sweep_lanes")])
    for facts in (load, store):
        assert facts.stride is not None and value(facts.stride) == 1
        assert value(facts.accesses, grid_rows=10, grid_cols=64) == 16 * 2 * 10 * 2


def test_a_column_off_its_steps_is_not_taken_for_a_modulo() -> None:
    """`x = 5` then `x < 48 ? x + 16 : 0` runs 5, 21, 37, 53, 0, 16, ...:
    not (x + 16) % 64's orbit, so nothing is counted from it: a named trip."""
    (store,) = FLATTENED.facts("sweep_offset", [(LSUKind.STORE, "sweep_offset")])
    assert store.accesses is not None and "trips_sweep_offset" in store.accesses


@pytest.mark.parametrize(("kernel", "marker"), [("sweep_cycling", "sweep_cycling"), ("sweep_twice", "sweep_twice"),
                                              ("sweep_data", "sweep_data")])
def test_a_row_that_does_not_count_periods_one_by_one_is_not_counted(kernel: str, marker: str) -> None:
    """A row that wraps (a cycle of 4: `y < rows` may never fail), moves
    twice per period or only when data says: the pacing does not count the
    loop, its trip stays a named symbol."""
    (store,) = FLATTENED.facts(kernel, [(LSUKind.STORE, marker)])
    assert store.accesses is not None and "trips_" in store.accesses


def test_the_phase_of_a_row_is_the_iteration_it_first_moves() -> None:
    """Four column values 0, 16, 32, 48 from 0: a row gated on 0 after the
    column's update moves in iteration 4; gated on 48 before it, in 4 too;
    gated on 0 before it, in iteration 1."""
    assert Pacing(0, 16, 4, 0, 0, after=True).phase() == 4
    assert Pacing(0, 16, 4, 0, 48, after=False).phase() == 4
    assert Pacing(0, 16, 4, 0, 0, after=False).phase() == 1
    assert Pacing(0, 16, 4, 16, 0, after=True).phase() == 3


def _ternary_update(text: str) -> c_ast.Assignment:
    unit = c_parser.CParser().parse(f"void f(int x) {{ {text}; }}")
    func = unit.ext[0]
    assert isinstance(func, c_ast.FuncDef) and func.body.block_items is not None
    (statement,) = func.body.block_items
    assert isinstance(statement, c_ast.Assignment)
    return statement


def _python(text: str) -> str:
    """The C conditional as a Python expression (`a ? b : c` is `b if a else c`)."""
    condition, branches = text.split(" ? ")
    taken, other = branches.split(" : ")
    return f"({taken}) if ({condition}) else ({other})"


@pytest.mark.parametrize("step", [1, 3, 16])
def test_a_conditional_wrap_is_a_modulo_only_where_it_runs_as_one(step: int) -> None:
    """Every conditional wrap of these shapes (both orientations, either
    branch stepping, the test on x or on x + c, limits 0..69): where
    update_step reads one as (x + c) % M, the conditional run from 0 takes
    exactly that orbit; the usual `x < L ? x + c : 0` is always read."""
    read = 0
    for limit in range(70):
        for tested in ("x", f"x + {step}"):
            for op, keep_in_true in (("<", True), ("<=", True), ("!=", True), (">=", False), (">", False),
                                     ("==", False)):
                for mirrored in (False, True):
                    condition = f"{limit} {_MIRROR_OP[op]} {tested}" if mirrored else f"{tested} {op} {limit}"
                    branches = f"x + {step} : 0" if keep_in_true else f"0 : x + {step}"
                    text = f"{condition} ? {branches}"
                    got, modulus = update_step("x", _ternary_update(f"x = {text}"), {"x": sympy.Integer(0)})
                    if got is None:
                        assert not (tested == "x" and op == "<" and limit > 0), text
                        continue
                    assert modulus is not None
                    read += 1
                    x = 0
                    for k in range(1, 3 * int(modulus) // step + 2):
                        x = eval(_python(text), {"x": x})  # the test's own expression
                        assert x == k * step % int(modulus), (text, k)
    assert read > 100


_MIRROR_OP = {"<": ">", "<=": ">=", "!=": "!=", ">=": "<=", ">": "<", "==": "=="}
