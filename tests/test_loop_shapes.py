"""Loops whose shape rules out a trip count (``never_counted``) are loops the
walker does not count, on real code: every loop of the instrument corpus
(``../shared/instrument``, ``fixtures/instrument``) and of the access
fixtures' OpenCL kernels, and a kernel of shapes on both sides of each rule.
The instrumenter skips the walker (and the sympy import) for them, so a
disagreement would change pass 1's pragmas.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pycparser import c_ast

from hlsight.analyzer.access.loop_shapes import never_counted
from hlsight.analyzer.access.loop_walker import LoopWalker
from hlsight.analyzer.instrument.cycles import parse_source
from hlsight.core.errors import InputError
from hlsight.parsers.csource import CUnit, parse_c_file, parse_c_text

REPO = Path(__file__).resolve().parents[1]
INSTRUMENT_SOURCES = sorted(
    path for folder in (REPO.parent / "shared" / "instrument", REPO / "fixtures" / "instrument")
    for path in folder.rglob("*") if path.suffix in (".c", ".cpp"))
ACCESS_KERNELS = sorted((REPO / "fixtures" / "access").glob("*.cl"))
_LOOPS = (c_ast.For, c_ast.While, c_ast.DoWhile)


class _Loops(c_ast.NodeVisitor):  # type: ignore[misc]  # pycparser is untyped
    def __init__(self) -> None:
        self.found: list[c_ast.Node] = []

    def generic_visit(self, node: c_ast.Node) -> None:
        if isinstance(node, _LOOPS):
            self.found.append(node)
        super().generic_visit(node)


def _ruled_out_and_counts(unit: CUnit) -> list[tuple[int, bool, object]]:
    """(line, never_counted, the walker's count) of every loop of ``unit``'s functions."""
    rows: list[tuple[int, bool, object]] = []
    for definition in unit.functions().values():
        walker = LoopWalker(unit, definition, {unit.filename: unit.lines})
        walker.run()
        finder = _Loops()
        finder.visit(definition.body)
        for loop in finder.found:
            info = walker.loop_infos.get(id(loop))
            rows.append((loop.coord.line, never_counted(loop), None if info is None else info.trip_count))
    return rows


def test_ruled_out_loops_of_the_corpus_have_no_count() -> None:
    ruled_out = counted = parsed = 0
    for path in [*INSTRUMENT_SOURCES, *ACCESS_KERNELS]:
        try:
            unit = parse_source(path).unit if path.suffix != ".cl" else parse_c_file(path)
        except InputError:
            continue  # upstream originals that need headers the corpus does not hold (opencv)
        parsed += 1
        for line, never, count in _ruled_out_and_counts(unit):
            assert not (never and count is not None), f"{path}:{line}: ruled out, but the walker counts {count}"
            ruled_out += never
            counted += count is not None
    # both kinds occur, the check is not vacuous (when written: 67 sources, 18 loops ruled out, 361 counted)
    assert parsed > 60 and ruled_out >= 15 and counted > 300, (parsed, ruled_out, counted)


SHAPES = """\
int shapes(int a[64], int n, int m) {
    int i = 0, j = 0, k = 0, t = 0, u = 0, v = 0, q = 0;
    while (i < n) { a[i] = 0; i++; }                       /* 3: stepped every iteration */
    while (j < n) { if (a[j]) j++; else j += 2; }          /* 4: stepped under an if */
    while (a[k] != 0 && k < n) k++;                        /* 5: not a comparison of a variable */
    while (n > t) t += 2;                                  /* 6: the counter on the right */
    while (u < 10) { v++; }                                /* 7: u never changes in the loop */
    while (++q < m) a[q & 63] = 1;                         /* 8: the condition steps q */
    while (k) k--;                                         /* 9: not a comparison */
    do { a[1]++; } while (0);                              /* 10: once */
    do { a[2]++; } while (u);                              /* 11: u is 0 here: once */
    do { v++; } while (v < 9 || a[v & 63]);                /* 12: not a counter test */
    for (int r = 0; r < 64; r++) { if (a[r]) r++; }        /* 13: the body steps the counter too */
    for (int s = 0; s < 16; s++) a[s] = s;                 /* 14: 16 */
    for (int w = 0; w + 1 < 16; w++) a[w] = w;             /* 15: the counter is not an operand */
    for (;;) { break; }                                    /* 16: no condition */
    for (int x = 0; n > x; x += 4) a[x & 63] = 0;          /* 17: the counter on the right */
    for (int y = 0; y < m; y++) { if (a[y & 63]) y++; }   /* 18: m is an operand the body keeps */
    t = 0; u = 0;
    do { a[t] = 1; t = (t + 16) & 63; if (t == 0) u++; } while (u < n);  /* 20: a row paced by t's wrap */
    do { a[t] = 1; t = (t + 16) & 63; if (a[t]) u++; } while (u < n);   /* 21: moved by data */
    return k;
}
"""


@pytest.fixture(scope="module")
def shapes() -> dict[int, tuple[bool, object]]:
    unit = parse_c_text(SHAPES, "shapes.c")
    return {line: (never, count) for line, never, count in _ruled_out_and_counts(unit)}


@pytest.mark.parametrize(("line", "ruled_out", "count"), [
    (3, False, "n"), (4, True, None), (5, True, None), (6, False, "ceiling(n/2)"), (7, True, None),
    (8, False, "m - 1"), (9, True, None), (10, False, "1"), (11, False, "1"), (12, True, None),
    (13, True, None), (14, False, "16"), (15, True, None), (16, True, None), (17, False, "ceiling(n/4)"),
    (18, False, None), (20, False, "4*n"), (21, True, None),
])
def test_shapes_on_both_sides_of_each_rule(shapes: dict[int, tuple[bool, object]], line: int, ruled_out: bool,
                                           count: str | None) -> None:
    """A ruled-out loop has no count; the walker counts the near misses.
    The rules are necessary conditions only: line 18 is left to the walker,
    which finds no count either (its counter is stepped in the body)."""
    never, walked = shapes[line]
    assert never is ruled_out
    assert (None if walked is None else str(walked)) == count
