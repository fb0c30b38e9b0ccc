"""Cold start of whole ``hlsight`` processes, as a user starts them (issue 10).

Every figure is a new Python process (``subprocess``), so interpreter start,
imports and the command's work are all counted; the median of ``--repeats``
runs is shown. The goals are ratios to plain Python on the same machine,
which keeps them meaningful on a loaded or a faster machine. CPU time (user +
system of the child) is the default yardstick: on a shared machine the wall
time of a process depends on what else runs, its CPU time much less; both
are printed.

* ``hlsight analyze`` on the oneAPI kmers report (37 kernels) <= 2.7x
  ``python -c 'import sympy'``;
* ``hlsight --version`` <= 3x ``python -c pass``;
* ``hlsight instrument`` <= 0.5 s per file (absolute: HLScope+ section VI-C
  gives its ROSE tool 5-98 s per application): pass 1 without a report on
  three fixtures (every loop asks for its static trip count: ``row_sums.c``'s
  counted nest needs the sympy walker; the data-dependent loops of
  ``qsort.c`` and ``find_run.c`` are ruled out by their shape, without
  sympy) and pass 2 with a report (``cycles``: no sympy).

Two byte-code modes are measured in one run:

* ``cached``: the ``__pycache__`` files exist (an installed package, the
  second run of a checkout);
* ``no-bytecode``: ``PYTHONDONTWRITEBYTECODE=1`` and an empty
  ``PYTHONPYCACHEPREFIX``, so no cached byte code is found or written and
  every imported module (hlsight's and sympy's) is compiled from source, as
  on a read-only install without byte code. The ratio to ``import sympy``
  under the same condition is the meaningful figure there.

    python benchmarks/cold_start.py [--repeats N] [--modes cached,no-bytecode]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "corpus"
KMERS = CORPUS / "aoc" / "oneapi2023.0_s10mx_kmers" / "less_work_but_slower" / "reports_v12_m_v9_half"
INSTRUMENT_FILES = [
    REPO / "fixtures" / "instrument" / "quicksort" / "qsort.c",
    REPO / "fixtures" / "instrument" / "while_loops" / "find_run.c",
    REPO / "fixtures" / "instrument" / "imperfect_nest" / "row_sums.c",
]

#: (goal name, measured command, reference command, limit of the ratio)
RATIO_GOALS = [
    ("analyze kmers / import sympy", "analyze", "import sympy", 2.7),
    ("--version / python -c pass", "version", "python", 3.0),
]
INSTRUMENT_LIMIT_S = 0.5


@dataclass
class Timing:
    """Wall and CPU (user + system, of the child process) seconds per run."""

    runs: list[float]
    cpu_runs: list[float]

    @property
    def median_s(self) -> float:
        return statistics.median(self.runs)

    @property
    def cpu_s(self) -> float:
        return statistics.median(self.cpu_runs)

    def figure(self, clock: str) -> float:
        return self.cpu_s if clock == "cpu" else self.median_s


def hlsight_command() -> list[str]:
    """The console script next to this interpreter (what users type), else ``-m``."""
    script = Path(sys.executable).with_name("hlsight")
    return [str(script)] if script.exists() else [sys.executable, "-m", "hlsight"]


#: pass 2 as users run it (a report, counters written to a file): the path that needs no sympy
PASS_TWO = (REPO / "fixtures" / "instrument" / "quicksort", "qsort.c", "report_table2")


def commands(scratch: Path) -> dict[str, list[str]]:
    hlsight = hlsight_command()
    found = {
        "python": [sys.executable, "-c", "pass"],
        "import sympy": [sys.executable, "-c", "import sympy"],
        "version": [*hlsight, "--version"],
    }
    if KMERS.exists():
        found["analyze"] = [*hlsight, "analyze", str(KMERS)]
    for source in INSTRUMENT_FILES:
        found[f"instrument {source.name}"] = [*hlsight, "instrument", str(source), "--mode", "tripcount"]
    folder, source_name, report_name = PASS_TWO
    found[f"instrument {source_name} cycles"] = [*hlsight, "instrument", str(folder / source_name), "--mode", "cycles",
                                                 "--report", str(folder / report_name), "-o",
                                                 str(scratch / source_name)]
    return found


def _children_cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_process(argv: Sequence[str], env: dict[str, str], repeats: int) -> Timing:
    runs, cpu_runs = [], []
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), _children_cpu_s()
        done = subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
        runs.append(time.perf_counter() - start)
        cpu_runs.append(_children_cpu_s() - start_cpu)
        if done.returncode not in (0, 1):  # 1: analyze found warnings
            raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.decode()[-400:]}")
    return Timing(runs, cpu_runs)


def mode_env(mode: str, prefix: str) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONPYCACHEPREFIX", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if mode == "no-bytecode":
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env["PYTHONPYCACHEPREFIX"] = prefix  # empty: nothing cached is found
    return env


def measure(mode: str, repeats: int) -> dict[str, Timing]:
    prefix = tempfile.mkdtemp(prefix="hlsight-nopyc-")
    try:
        env = mode_env(mode, prefix)
        table = commands(Path(tempfile.mkdtemp(prefix="out-", dir=prefix)))
        for argv in table.values():  # warm the OS file cache and (cached mode) __pycache__
            subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        return {name: time_process(argv, env, repeats) for name, argv in table.items()}
    finally:
        shutil.rmtree(prefix, ignore_errors=True)


def report(mode: str, timings: dict[str, Timing], clock: str) -> list[str]:
    """Print the timings and ratios of one mode; return the goals it misses."""
    print(f"\n[{mode}] median of {len(next(iter(timings.values())).runs)} cold processes")
    print(f"  {'command':<34} {'wall':>8}   {'cpu':>7}   wall runs")
    for name, timing in timings.items():
        spread = f"{min(timing.runs):.3f}-{max(timing.runs):.3f}"
        print(f"  {name:<34} {timing.median_s:7.3f}s  {timing.cpu_s:7.3f}s   {spread}")
    missed = []
    print(f"  ratios ({clock} time; the other in brackets):")
    other = "wall" if clock == "cpu" else "cpu"
    for label, measured, reference, limit in RATIO_GOALS:
        if measured not in timings:
            print(f"    {label:<32} n/a (input missing)")
            continue
        ratio = timings[measured].figure(clock) / timings[reference].figure(clock)
        aside = timings[measured].figure(other) / timings[reference].figure(other)
        verdict = "ok" if ratio <= limit else "OVER"
        print(f"    {label:<32} {ratio:5.2f}x [{aside:.2f}x]  (goal <= {limit}x) {verdict}")
        if ratio > limit:
            missed.append(f"{mode}: {label} {ratio:.2f}x")
    for name, timing in timings.items():
        if name.startswith("instrument "):
            seconds = timing.figure(clock)
            verdict = "ok" if seconds <= INSTRUMENT_LIMIT_S else "OVER"
            print(f"    {name:<32} {seconds:5.3f} s [{timing.figure(other):.3f} s]"
                  f"  (goal <= {INSTRUMENT_LIMIT_S} s) {verdict}")
            if seconds > INSTRUMENT_LIMIT_S:
                missed.append(f"{mode}: {name} {seconds:.3f} s")
    return missed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="cold processes per command (median)")
    parser.add_argument("--modes", default="cached,no-bytecode", help="comma-separated: cached, no-bytecode")
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                        help="judge the goals on CPU time (default: steady on a shared machine) or wall time")
    args = parser.parse_args(argv)
    print(f"python {sys.version.split()[0]} on {os.cpu_count()} cores; load {os.getloadavg()[0]:.2f}")
    if not KMERS.exists():
        print(f"note: {KMERS} not found: analyze is not measured")
    missed: list[str] = []
    for mode in args.modes.split(","):
        missed.extend(report(mode, measure(mode.strip(), args.repeats), args.clock))
    print("\nall goals met" if not missed else "\ngoals missed: " + "; ".join(missed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
