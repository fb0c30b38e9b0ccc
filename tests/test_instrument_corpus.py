"""Pass 1 and pass 2 against real corpus reports, with small C sources written
here to have the loop structure the reports describe (the corpus carries no
sources): Vivado positional names (``Loop 3.1``) and Vitis ``VITIS_LOOP_<line>_<k>``
names with a pipelined loop outlined to ``<function>_Pipeline_<loop>``."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import CliResult, run_cli

UNIQUE_PATHS_C = """\
#define M 64
int unique_paths(int m, int n)
{
    static int dp[M][M];
    int i, j;
    for (i = 0; i < m; i++)
        dp[i][0] = 1;
    for (j = 0; j < n; j++)
        dp[0][j] = 1;
    for (i = 1; i < m; i++)
        for (j = 1; j < n; j++)
            dp[i][j] = dp[i - 1][j] + dp[i][j - 1];
    return dp[m - 1][n - 1];
}
"""

UNIQUE_PATHS_TB = """\
#include <stdio.h>
int unique_paths(int m, int n);
int main(void) { printf("%d\\n", unique_paths(3, 4)); return 0; }
"""

# line 4: VITIS_LOOP_4_1 (for, 1st loop), line 7: VITIS_LOOP_7_2 (while, 2nd loop)
INSERT_SORT_C = """\
#define N 10240
void insert_sort(int A[N])
{
    int i, j, key; for (i = 1; i < N; i++) {
        key = A[i];
        j = i - 1;
        while (j >= 0 && A[j] > key) {
            A[j + 1] = A[j];
            j--;
        }
        A[j + 1] = key;
    }
}
"""

INSERT_SORT_TB = """\
#include <stdio.h>
#define N 10240
void insert_sort(int A[N]);
int main(void)
{
    static int a[N];
    int i;
    for (i = 0; i < N; i++)
        a[i] = i;
    a[N - 1] = -1;
    insert_sort(a);
    printf("%d %d %d\\n", a[0], a[1], a[N - 1]);
    return 0;
}
"""


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def _simulate(tmp_path: Path, report: Path, name: str, source_text: str, testbench_text: str,
              *extra: str) -> CliResult:
    source = _write(tmp_path, name, source_text)
    testbench = _write(tmp_path, "tb.c", testbench_text)
    result = run_cli("simulate", str(source), "--report", str(report), "--testbench", str(testbench), *extra)
    assert result.code == 0, result.stderr
    return result


def test_vivado_positional_names_on_a_real_report(tmp_path: Path, corpus: Path) -> None:
    report = corpus / "vivado" / "vhls2019.1_unique_paths"
    result = _simulate(tmp_path, report, "unique_paths.c", UNIQUE_PATHS_C, UNIQUE_PATHS_TB)
    # Loop 1: II 2, depth 2, TC 3 -> 2*2+2 = 6; Loop 2: II 1, depth 1, TC 4 -> 4;
    # Loop 3: 2 iterations of Loop 3.1 (II 6, depth 6, TC 3 -> 18) = 36; IL of Loop 3 and the
    # module latency are '?' in the report: no module residual, and each pass of Loop 3 its own 1 cycle,
    # the fewest a pass takes (session 41): 6 + 4 + 36 + 2 = 48 at 10 ns.
    assert "total: 48 cycles = 480 ns at 10 ns" in result.stdout
    assert "matches no" not in result.stdout + result.stderr
    assert "Loop 3.1" in result.stdout
    assert "[instrument-residual-unknown]" in result.stdout


def test_pass1_with_a_real_report_marks_unknown_trip_counts(tmp_path: Path, corpus: Path) -> None:
    report = corpus / "vivado" / "vhls2019.1_unique_paths"
    source = _write(tmp_path, "unique_paths.c", UNIQUE_PATHS_C)
    result = run_cli("instrument", str(source), "--mode", "tripcount", "--report", str(report))
    assert result.code == 0, result.stderr
    assert result.stdout.count("#pragma HLS loop_tripcount min=100 max=100 avg=100") == 4


def test_vitis_names_and_outlined_pipeline_on_a_real_report(tmp_path: Path, corpus: Path) -> None:
    report = corpus / "vivado" / "vitis2022.2.2_polybench_insert_sort"
    result = _simulate(tmp_path, report, "insert_sort_slow.c", INSERT_SORT_C, INSERT_SORT_TB)
    # only the last key moves: VITIS_LOOP_7_2 (II 3, depth 3) runs 10239 times once -> 3*10238+3;
    # VITIS_LOOP_4_1's iteration latency is "?": 1 cycle each of its 10,239 passes (session 41)
    assert "total: 40,956 cycles" in result.stdout
    assert "VITIS_LOOP_4_1" in result.stdout and "VITIS_LOOP_7_2" in result.stdout
    assert "matches no" not in result.stdout + result.stderr


def test_macro_loops_are_instrumented_at_their_invocation(tmp_path: Path, corpus: Path) -> None:
    report = corpus / "vivado" / "vhls2019.1_unique_paths"
    text = UNIQUE_PATHS_C.replace("    for (i = 0; i < m; i++)\n", "    loop(i, m)\n")
    source = _write(tmp_path, "unique_paths.c", "#define loop(v, b) for (v = 0; v < (b); v++)\n" + text)
    output = tmp_path / "out" / "unique_paths.c"
    output.parent.mkdir()  # -o's folder must exist
    result = run_cli("instrument", str(source), "--mode", "cycles", "--report", str(report), "-o", str(output))
    assert result.code == 0, result.stderr
    assert "could not be located" not in result.stderr
    macro_line = next(line for line in output.read_text().splitlines() if "loop(i, m)" in line)
    # the loop's block opens just before the invocation, on the same line
    assert macro_line.lstrip().startswith("{ ") and macro_line.index("hlsight") < macro_line.index("loop(i, m)")


GAUSSIAN_C = """\
#define W 512
void gaussian(const int in[W * W], int out[W * W])
{
    static int line[W];
    int win[2][2];
    int x, y;
    buf_x1: for (x = 0; x < 2; x++) {
#pragma HLS pipeline II=1
        line[x] = in[x];
    }
    buf_x2: for (x = 0; x < W; x++) {
#pragma HLS pipeline II=1
        line[x] += in[W + x];
    }
    win_y: for (y = 0; y < 2; y++)
        win_x: for (x = 0; x < 2; x++) {
#pragma HLS pipeline II=1
            win[y][x] = line[x];
        }
    for_y: for (y = 0; y < W; y++) {
        for_x: for (x = 0; x < W; x++) {
#pragma HLS pipeline II=1
            out[y * W + x] = (in[y * W + x] * 2 + win[y & 1][x & 1]) >> 2;
        }
    }
}
"""

GAUSSIAN_TB = """\
#include <stdio.h>
#define W 512
void gaussian(const int in[W * W], int out[W * W]);
int main(void)
{
    static int in[W * W], out[W * W];
    int i;
    for (i = 0; i < W * W; i++)
        in[i] = i & 255;
    gaussian(in, out);
    printf("%d %d\\n", out[0], out[W * W - 1]);
    return 0;
}
"""


def test_flattened_nests_reproduce_a_static_report_exactly(tmp_path: Path, corpus: Path) -> None:
    """vitis2020.2_gaussian: buf_x1 (2), buf_x2 (512), flattened win_y_win_x (TC 4, depth 2: 5)
    and for_y_for_x (TC 262144, depth 4, reported 262146 = formula - 1). With counted trip
    counts the simulation must give the module latency 262673 (residual 8 = 262673 - 262665)."""
    report = corpus / "vivado" / "vitis2020.2_gaussian"
    result = _simulate(tmp_path, report, "gaussian.c", GAUSSIAN_C, GAUSSIAN_TB, "--format", "json")
    document = json.loads(result.stdout)
    assert document["cycles"] == 262673
    loops = {loop["name"]: (loop["trip_count_total"], loop["cycles"]) for loop in document["functions"][0]["loops"]}
    assert loops == {"buf_x1": (2, 2), "buf_x2": (512, 512), "win_y_win_x": (4, 5),
                     "for_y_for_x": (262144, 262146)}
    assert not [d for d in document["diagnostics"] if d["severity"] == "warning"]
