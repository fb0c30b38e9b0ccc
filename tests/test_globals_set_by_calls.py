"""A file-scope variable a called function assigns is unknown after the call.

Found on a public Vitis 2023.1 graph design (kunjpatel24/Effiecient-Graph-
Computations-on-FPGAs, not in the corpus): ``int index = traversalSize;``,
then four traversal calls that each step the global ``traversalSize``, then
``for (int i = index + 1; i < traversalSize; ++i)``: the walk read
``traversalSize`` as the value before the calls and counted the loop 0 times
(29 co-simulated), with no word. The call's writes are now unknown values,
so the loop's count is asked for; in C and in C++ (whose lowering keeps no
file-scope declaration, so what a function assigns without declaring counts).
"""

from __future__ import annotations

from pathlib import Path

from hlsight.analyzer.access.walker import walk_function
from hlsight.parsers.csource import parse_c_text
from hlsight.parsers.cxx.as_c import parse_cxx_as_c

SOURCE = """int count = 0;
static void visit(int *a, int node) {
  a[count++] = node;
}
static void visit_all(int *a) {
  visit(a, 1);
  visit(a, 2);
}
int f(int *a, int n) {
  int start = count;
  visit_all(a);
  int sum = 0;
  for (int i = start + 1; i < count; i++) sum += a[i];
  for (int j = 0; j < n; j++) sum += a[j];
  return sum;
}
"""


def _counts(walker: object) -> dict[int, object]:
    return {info.line: info.trip_count for info in walker.loop_infos.values()}  # type: ignore[attr-defined]


def test_a_global_a_callee_steps_is_unknown_after_the_call() -> None:
    unit = parse_c_text(SOURCE, "f.c")
    walker = walk_function(unit, unit.functions()["f"], {"f.c": SOURCE.splitlines()}, count_memcpy=True)
    counts = _counts(walker)
    assert counts[13] is None  # was 0: `count` read as the value before visit_all()
    assert str(counts[14]) == "n"  # a parameter the calls do not touch keeps its value


def test_the_same_in_cxx(tmp_path: Path) -> None:
    path = tmp_path / "graph.cpp"
    path.write_text(SOURCE)
    unit = parse_cxx_as_c(path, synthesis=True)
    walker = walk_function(unit, unit.functions()["f"], {str(path): SOURCE.splitlines()}, count_memcpy=True)
    counts = _counts(walker)
    assert counts[13] is None and str(counts[14]) == "n"
