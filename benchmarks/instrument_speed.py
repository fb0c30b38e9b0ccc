"""Time the HLScope+ flow on the instrumentation fixtures (HLScope+ section VI-C).

* Instrumentation time per file: parse + pass 1 (tripcount pragmas) and
  parse + report read + pass 2 (cycle counters), median of N in-process runs.
  HLScope+ reports 5-98 s per application with ROSE.
* Simulation overhead: the plain program and the instrumented program, both
  built with ``gcc -O2`` against the same testbench, run N times each; the
  ratio of the fastest runs (HLScope+: 1.0-1.12x, 4 % on average; 2.5 % for
  quicksort in Table III). The tiny kernels run for microseconds, so their
  ratio is dominated by process start-up; quicksort (131072 ints) is the
  meaningful figure. ``--sort-elements`` is not offered: the testbench fixes N.
* Instruction overhead (when valgrind is installed): callgrind's instruction
  count of the whole instrumented program over the plain one -- unlike the
  wall ratio of a 10 ms run on a shared machine it does not drift from run
  to run.

Measured for issue 13 (quicksort, gcc 12 -O2, callgrind): plain 35.36 M
instructions; instrumented with main at d313e42 83.23 M (2.35x); with
sequential-loop frames and pipelined trip counters in locals 56.04 M
(1.58x; 1.63x inside qsort_comp); plus the statistics of loops nested in a
local-frame loop kept in that loop's locals 50.03 M (1.41x). Wall (fastest of
3x41 runs, 1.58x build): plain 12.1 ms, d313e42 13.1 ms (1.08x), issue 13
11.1 ms (0.92x, i.e. within the noise).

    python benchmarks/instrument_speed.py [--runs N]
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from hlsight.analyzer.instrument.cycles import instrument_cycles, parse_source  # noqa: E402
from hlsight.analyzer.instrument.simulate import Toolchain, build, run_program  # noqa: E402
from hlsight.analyzer.instrument.tripcount_pragmas import insert_tripcounts  # noqa: E402
from hlsight.parsers.loader import ReadOptions, load_design  # noqa: E402

FIXTURES = REPO / "fixtures" / "instrument"
CASES = [
    ("quicksort", "qsort.c", "report_table2", None),
    ("while_loops", "find_run.c", "report", None),
    ("imperfect_nest", "row_sums.c", "report", None),
    ("conditionals", "cond_kernel.c", "report", None),
    ("dataflow", "df.c", "report", "df_top"),
]


def median_time(action: Callable[[], object], runs: int) -> float:
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def instructions(program: Path) -> int | None:
    """Instructions executed by ``program`` (callgrind), or None without valgrind."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None
    completed = subprocess.run([valgrind, "--tool=callgrind", f"--callgrind-out-file={program}.callgrind",
                                str(program)], capture_output=True, text=True, check=False, cwd=program.parent)
    match = re.search(r"refs:\s+([\d,]+)", completed.stderr)
    return int(match.group(1).replace(",", "")) if match else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    toolchain = Toolchain(flags=("-std=c99", "-O2", "-Wno-unknown-pragmas"))
    print(f"{'case':<16}{'pass 1 ms':>11}{'pass 2 ms':>11}{'plain run ms':>14}{'instr. run ms':>15}{'overhead':>10}"
          f"{'instr. ratio':>14}")
    for case, source_name, report_name, top in CASES:
        folder = FIXTURES / case
        source_path, report = folder / source_name, folder / report_name

        def pass1(path: Path = source_path) -> object:
            return insert_tripcounts(parse_source(path))

        def pass2(path: Path = source_path, report: Path = report, top: str | None = top) -> object:
            design = load_design(report, ReadOptions(read_rtl=False))
            return instrument_cycles(parse_source(path), design, str(report), top)

        pass1_s = median_time(pass1, args.runs)
        pass2_s = median_time(pass2, args.runs)
        source = parse_source(source_path)
        design = load_design(report, ReadOptions(read_rtl=False))
        generated = instrument_cycles(source, design, str(report), top)
        with tempfile.TemporaryDirectory(prefix="hlsight-bench-") as scratch_name:
            scratch = Path(scratch_name)
            (scratch / "plain").mkdir()
            (scratch / "counted").mkdir()
            plain = build(source, generated, folder / "tb.c", scratch / "plain", toolchain, instrumented_build=False)
            counted = build(source, generated, folder / "tb.c", scratch / "counted", toolchain)
            json_path = scratch / "cycles.json"
            # alternate the two programs and keep the fastest run of each: on a shared machine
            # the noise only ever adds time
            plain_runs, counted_runs = [], []
            for _ in range(args.runs):
                plain_runs.append(run_program(plain, None, toolchain)[1])
                counted_runs.append(run_program(counted, json_path, toolchain)[1])
            plain_s, counted_s = min(plain_runs), min(counted_runs)
            plain_i, counted_i = instructions(plain), instructions(counted)
        ratio = f"{counted_i / plain_i:>13.3f}x" if plain_i and counted_i else f"{'n/a':>14}"
        print(f"{case:<16}{pass1_s * 1e3:>11.1f}{pass2_s * 1e3:>11.1f}{plain_s * 1e3:>14.2f}{counted_s * 1e3:>15.2f}"
              f"{counted_s / plain_s:>9.3f}x{ratio}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
