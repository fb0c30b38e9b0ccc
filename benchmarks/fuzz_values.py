"""Give every free symbol of every corpus report hostile values (session 16).

``benchmarks/fuzz_cli.py`` mutates the files a user reads in; this mutates
what a user types: each report's open names (``--format json``'s
``free_symbols``: kernel arguments, ``work_items``, trip counts, ...) are set
one at a time to each of ``VALUES`` (the others to 1000) and run through
``analyze`` and ``whatif``, in-process, classified as ``fuzz_cli.run_once``
does (``traceback``, ``slow``, ``bad-message``, ``ok``).

    python benchmarks/fuzz_values.py [--names 6] [--limit 20] [--show 30]

Measured 2026-11-28 (session 16, 2-core machine): before its fixes, runs
over the aoc/oneAPI/i++ reports found tracebacks of two kinds: a count
divided by a value made 0 (pathfinder's and hotspot's ``rem_rows + 1`` /
``grid_rows + 1`` at -1, clBool prefix_sum's ``leaf_size`` at 0: "'zoo' is
not comparable"), and ``whatif`` on pathfinder at rem_rows = 0, 0.5 or 1e30
and comp_exit = 0.5 or 1e30 (sympy's ``subs`` let a ``Max`` compare a
half-bound row ``Sum``, evaluated by Euler-Maclaurin).
After them (--names 6, every aoc/oneAPI/i++ report and Vivado/Vitis case):
2,810 runs in 191 s, 0 tracebacks, 0 over 20 s, 0 bad messages; 1,460
exit 2 with one line, 1,350 exit 0.
"""

from __future__ import annotations

import argparse
import io
import json
import signal
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import fuzz_cli  # benchmarks/ is not a package: found through sys.path

from hlsight.cli import main as hlsight_main

CORPUS = fuzz_cli.CORPUS
#: below zero, zero, not an integer, beyond any buffer, far below zero
VALUES: tuple[str, ...] = ("-1", "0", "0.5", "1e30", "-1e9")
OTHERS = "1000"


def corpus_reports(corpus: Path = CORPUS) -> list[Path]:
    """Every aoc/oneAPI/i++ report folder (one per ``lib/report_data.js``)
    and every Vivado/Vitis case of the corpus."""
    found = {path.parent.parent for path in corpus.rglob("lib/report_data.js")}
    vivado = corpus / "vivado"
    if vivado.is_dir():
        found.update(case for case in vivado.iterdir() if case.is_dir())
    return sorted(found)


def open_names(report: Path) -> list[str]:
    """The names ``analyze`` still asks for on ``report`` (none when it fails)."""
    out = io.StringIO()
    try:
        with redirect_stdout(out), redirect_stderr(io.StringIO()):
            code = hlsight_main(["analyze", str(report), "--format", "json"])
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else 2
    if code != 0:
        return []
    names: set[str] = set()
    for kernel in json.loads(out.getvalue()).get("kernels", []):
        names.update(kernel.get("estimate", {}).get("free_symbols") or [])
    return sorted(names)


def fuzz_values(reports: Iterable[Path], names_per_report: int = 6, limit: float = 20.0,
                values: Sequence[str] = VALUES, print_failures: int = 30,
                log: Callable[[str], None] = print) -> Counter[str]:
    """Run every (report, name, value) through analyze and whatif; return verdict counts."""
    signal.signal(signal.SIGALRM, fuzz_cli._alarm)
    totals: Counter[str] = Counter()
    shown = 0
    for report in reports:
        names = open_names(report)[:names_per_report]
        for name in names:
            for value in values:
                given = [part for other in names for part in ("--set", f"{other}={value if other == name else OTHERS}")]
                for command in ("analyze", "whatif"):
                    verdict, code, detail, _seconds = fuzz_cli.run_once([command, str(report), *given], limit)
                    totals[verdict] += 1
                    totals[f"exit {code}"] += 1
                    if verdict != "ok" and shown < print_failures:
                        shown += 1
                        log(f"[{verdict}] {command} {report.relative_to(report.parents[2])} {name}={value}: {detail}")
    totals["runs"] = sum(count for key, count in totals.items() if not key.startswith("exit "))
    log("total: " + ", ".join(f"{key} {count}" for key, count in sorted(totals.items())))
    return totals


def main() -> int:
    parser = argparse.ArgumentParser(description="give every open name of every corpus report hostile values")
    parser.add_argument("--names", type=int, default=6, help="open names per report")
    parser.add_argument("--limit", type=float, default=20.0, help="seconds per run")
    parser.add_argument("--show", type=int, default=30, help="failures to print")
    args = parser.parse_args()
    totals = fuzz_values(corpus_reports(), args.names, args.limit, print_failures=args.show)
    return 0 if totals["traceback"] == totals["slow"] == totals["bad-message"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
