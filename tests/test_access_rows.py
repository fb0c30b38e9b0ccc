"""A pointer taken at an element of a 2-D array, or at a row (docs/model.md
decision 44).

``float *row = &m[r][0]; ... row[c]`` and ``float *row = m[r]`` point into
m, r rows in. The walker resolved ``&a[i]`` of a 1-D array only: such a
pointer was an array of its own starting at element 0, so a read through it
was "the same element every time" when only the row moved (a column walk)
and lost the row's offset otherwise; a subscript of a pointer to rows
(``float (*m)[cols]``) was not affine. Now the offset is r * (row length) +
c, row-major; a row length the source gives as a name the report does not
define stays that name. These tests build the design aoc's report gives
around ``fixtures/access/rows.cl`` and check values worked out by hand.
"""

from __future__ import annotations

from hlsight.analyzer.access.walker import walk_function
from hlsight.core.model import LSUKind
from hlsight.parsers.csource import parse_c_file
from tests.access_fixtures import MarkedSource, value

ROWS = MarkedSource("rows.cl")


def test_a_row_of_a_two_dimensional_parameter_read_through_its_address() -> None:
    """`row = &m[r][0]; row[c]` (c steps 2 up to COLS = 64): element 64r + c
    of m, stride 2 from element 0, 32 reads per row."""
    (load,) = ROWS.facts("row_base", [(LSUKind.LOAD, "row_read")])
    assert (value(load.stride), value(load.offset), value(load.accesses, rows=10)) == (2, 0, 320)
    assert "index c + 64*r" in (load.explanation or "")
    unit = parse_c_file(ROWS.path)
    walker = walk_function(unit, unit.functions()["row_base"], {unit.filename: unit.lines})
    assert [site.array for site in walker.sites if site.line == ROWS.line_of("row_read")] == ["m"]


def test_a_column_walk_through_a_pointer_to_rows_of_run_time_length() -> None:
    """`float (*m)[cols]`, `at = &m[r][k]; at[1]` and `m[r][k]`: one
    element per row, `cols` elements apart (was "the same element every
    time" through `at`, and not affine for the subscript); they start at
    k + 1 and k, not known."""
    through, direct = ROWS.facts("column_walk", [(LSUKind.LOAD, "column_read"), (LSUKind.LOAD, "column_direct")])
    assert (through.stride, through.offset) == ("cols", "k + 1")
    assert (direct.stride, direct.offset) == ("cols", "k")
    assert "advance cols per iteration" in (through.explanation or "")
    assert "start unknown" in (through.explanation or "")


def test_a_row_that_decays_to_a_pointer() -> None:
    """`row = m[r]; vload4(1, row)`: float4 16r + 1 of m (a row of 64
    floats is 16 float4s), stride 16 (was: the same element every time).
    `m[r]` itself is an address, not a load of m."""
    (load,) = ROWS.facts("row_decay", [(LSUKind.LOAD, "decay_read")])
    assert (value(load.stride), value(load.offset), load.element_bytes) == (16, 1, 16)
    unit = parse_c_file(ROWS.path)
    walker = walk_function(unit, unit.functions()["row_decay"], {unit.filename: unit.lines})
    row_line = ROWS.line_of("decay_read") - 1
    assert [site.text for site in walker.sites if site.line == row_line] == []


def test_a_row_length_the_report_does_not_define_stays_its_name() -> None:
    """`int m[][WIDTH]` with WIDTH from a header the report does not embed:
    `&m[r][2]` then `row[0]`, `row[1]`: stride WIDTH, a name for --set,
    never a number guessed."""
    (load,) = ROWS.facts("row_unknown", [(LSUKind.LOAD, "unknown_read")])
    assert load.stride == "WIDTH" and value(load.offset) == 2
    assert value(load.stride, WIDTH=128) == 128


def test_a_table_of_row_pointers_is_left_as_it_was() -> None:
    """`float **table; row = &table[r][0]`: where each row starts is a
    pointer read from memory, so the pointer is not placed in `table`
    (the walk keeps `row` as memory of its own, as before)."""
    unit = parse_c_file(ROWS.path)
    walker = walk_function(unit, unit.functions()["row_table"], {unit.filename: unit.lines})
    assert [site.array for site in walker.sites if site.line == ROWS.line_of("table_read")] == ["row", "out"]


def test_a_pointer_to_rows_moves_a_row_per_step() -> None:
    """`m += 1` on `float (*m)[cols]` moves m a row, cols elements, so
    `m[0][1]` read once per iteration is stride cols from element 1 (was 1:
    one element per step); `first = &m[2]` is row 2, element 2*cols, and
    `first[r][0]` is stride cols from there."""
    moved, first = ROWS.facts("rows_moved", [(LSUKind.LOAD, "moved_rows"), (LSUKind.LOAD, "moved_rows")])
    facts = {(fact.expression, fact.stride, fact.offset) for fact in (moved, first)}
    assert facts == {("m[0][1]", "cols", "1"), ("first[r][0]", "cols", "2*cols")}
