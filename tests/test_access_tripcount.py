"""HLS C trip counts: the static expression equals what the compiled C counts.

``kernel.c`` is compiled with gcc together with a counting harness; every
loop body increments a counter. The sympy trip count of each loop,
evaluated at the same arguments, must equal the measured count per entry.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import sympy
from pycparser import c_ast

from hlsight.analyzer.access import parse_expression
from hlsight.analyzer.access.loops import geometric_trip
from hlsight.analyzer.access.trip_counts import static_trip_count, trip_count_reason
from hlsight.parsers.csource import parse_c_text

KERNEL = """\
#define N 64
#define HALF(x) ((x) / 2)
typedef int idx_t;

void top(int a[N], int n, int m, int step, long counts[15]) {
    const int limit = 1 + (n - 1) / 16;
    for (int i = 0; i < n; i++) {            /* L0: n */
        counts[0]++;
    }
    for (idx_t j = 3; j <= m; j += 4) {      /* L1: floor((m-3)/4)+1 */
        counts[1]++;
    }
    for (int k = n; k > 0; k -= 2) {         /* L2: ceiling(n/2) */
        counts[2]++;
    }
    for (int t = 0; t < limit; t++) {        /* L3: through a local */
        counts[3]++;
    }
    for (int u = HALF(m); u != m; u++) {     /* L4: macro bound, != test */
        counts[4]++;
    }
    int s = 0;
    for (s = 2; s < N; s = s + 5) {          /* L5: assignment init, s = s + 5 */
        counts[5]++;
    }
    for (int v = 1; v < n; v *= 2) {         /* L6: doubling: ceiling(log2(n)) */
        counts[6]++;
    }
    for (int w = 0; w < n; w += step) {      /* L7: step is an argument */
        counts[7]++;
    }
    for (int r = n; r > 0; r >>= 1) {        /* L8: halving (integer): floor(log2(n)) + 1 */
        counts[8]++;
    }
    for (int q = 3; q <= m; q <<= 2) {       /* L9: x4 up to m: floor(log4(m/3)) + 1 */
        counts[9]++;
    }
    for (int p = 1; p < 100; p *= 3) {       /* L10: numeric ends, stepped exactly: 5 */
        counts[10]++;
    }
    int it = 0;
    do {                                     /* L11: stepped in the condition, once before the test: n */
        counts[11]++;
    } while (++it < n);
    int jt = 2;
    while (jt++ < m) {                       /* L12: postfix step in the condition: m - 2 */
        counts[12]++;
    }
    int h = n;
    while (h > 0) {                          /* L13: halved in the body: floor(log2(n)) + 1 */
        counts[13]++;
        h = h / 2;
    }
    int d = 1;
    while (d < m) {                          /* L14: doubled in the body: ceiling(log2(m)) */
        d <<= 1;
        counts[14]++;
    }
    a[0] = s;
}
"""

HARNESS = """\
#include <stdio.h>
void top(int a[64], int n, int m, int step, long counts[15]);
int main(int argc, char **argv) {
    int a[64];
    int n, m;
    for (int arg = 1; arg + 1 < argc; arg += 2) {
        long counts[15] = {0};
        sscanf(argv[arg], "%d", &n);
        sscanf(argv[arg + 1], "%d", &m);
        top(a, n, m, 1, counts);
        for (int l = 0; l < 15; l++) printf("%ld ", counts[l]);
        printf("\\n");
    }
    return 0;
}
"""

ARGS = [(100, 30), (17, 3), (64, 64), (1, 9), (33, 20)]


@pytest.fixture(scope="module")
def measured(tmp_path_factory: pytest.TempPathFactory) -> list[list[int]]:
    gcc = shutil.which("gcc")
    if gcc is None:
        pytest.fail("gcc is required to run the trip-count harness")
    work: Path = tmp_path_factory.mktemp("tripcount")
    (work / "kernel.c").write_text(KERNEL)
    (work / "main.c").write_text(HARNESS)
    binary = work / "harness"
    subprocess.run([gcc, "-O0", "-o", str(binary), str(work / "kernel.c"), str(work / "main.c")], check=True)
    argv = [str(value) for pair in ARGS for value in pair]
    output = subprocess.run([str(binary), *argv], check=True, capture_output=True, text=True).stdout
    return [[int(x) for x in line.split()] for line in output.splitlines()]


def _loops() -> tuple[list[c_ast.Node], object]:
    unit = parse_c_text(KERNEL, "kernel.c")
    loops = [node for node in unit.walk() if isinstance(node, (c_ast.For, c_ast.While, c_ast.DoWhile))]
    return loops, unit


def test_static_trip_counts_match_the_compiled_loops(measured: list[list[int]]) -> None:
    loops, unit = _loops()
    assert len(loops) == 15
    expressions = [static_trip_count(loop, unit) for loop in loops]
    assert expressions[7] is None
    assert expressions[10] == 5
    for (n, m), counts in zip(ARGS, measured, strict=True):
        for index, expression in enumerate(expressions):
            if index == 7:
                continue
            assert expression is not None
            value = expression.subs({"n": n, "m": m})
            assert value == counts[index], (index, expression, n, m)


def test_expressions_use_the_argument_names() -> None:
    loops, unit = _loops()
    first = static_trip_count(loops[0], unit)
    assert first is not None and str(first) == "n"
    through_local = static_trip_count(loops[3], unit)
    assert through_local is not None and {str(s) for s in through_local.free_symbols} == {"n"}
    assert parse_expression(str(through_local)).subs({"n": 33}) == 3


def test_unknown_steps_say_why() -> None:
    loops, unit = _loops()
    assert "x2 each iteration (a logarithm: assumes the loop runs at least once)" in trip_count_reason(loops[6], unit)
    assert "not a non-zero constant" in trip_count_reason(loops[7], unit)


def test_geometric_counters_that_never_end_are_not_counted() -> None:
    """``for (s = 0; s < n; s <<= 1)`` and ``for (s = 4; s >= 0; s >>= 1)`` never end in C
    (0 stays 0): no trip count, said why; a finite one is stepped exactly (1, 3, ..., 729)."""
    zero, why = geometric_trip("<", sympy.Integer(0), sympy.Symbol("n"), (2, True), "`s < n`")
    assert zero is None and "starts at 0 never grows" in why
    stuck, why = geometric_trip(">=", sympy.Integer(4), sympy.Integer(0), (2, False), "`s >= 0`")
    assert stuck is None and "does not end within 64 steps" in why
    assert geometric_trip("<", sympy.Integer(1), sympy.Integer(1000), (3, True), "")[0] == 7
