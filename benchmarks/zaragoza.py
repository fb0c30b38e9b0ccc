"""Accuracy of hlsight's time estimate against the Zaragoza hardware measurements.

Every case goes through the path a user takes: ``hlsight analyze REPORT
--format json`` with the inputs the host program gives (``--set`` values,
``--hints`` with ``[[launch]]`` tables for repeated launches), no
``--memory`` (the profile is chosen from the report's board and checked
against the row's). Cases:

- every row of ``../shared/corpus/zaragoza/host-inputs.csv`` (``sets``:
  ``NAME=VALUE;...``; ``launches``: ``1`` or ``15x[a=1;b=2] + 1x[a=3]``);
- every measured micro-benchmark row of ``measured/*.normalized.csv`` that
  names a report set (``report_case``): the micro-benchmark host launches
  ``work_items = 32768000`` (``Applications_MemoryModel_HLS.ipynb``); strides
  and element sizes come from the kernel source;
- the measured rows no report matches (``NonAligned_1866.csv``: 24 rows of
  the DDR4 non-aligned LSU), as designs built from the row's own columns and
  analysed in-process with the same analysis (``zaragoza_designs.py``).

Printed: per case the estimate, the measured time and the relative error,
then mean and max |error| per memory over ALL cases (beside it, never
instead: the rows run through the CLI, the host-inputs rows and the eq.-7
memory-bound subset). Nothing comes from a measured time.

``--outside`` runs instead the cases of ``benchmarks/notebook-cases.csv``:
the other measured runs of the seed authors' public notebook
(angelicadavila/FPGA_MEMORY_HLS @0f7b292,
``Aplications/Applications_MemoryModel_HLS.ipynb``) whose report folder is
in the corpus, not in host-inputs.csv and not used to build or fit
anything. The notebook names no folders and few inputs, so each row says
what was inferred (``flags``: ``mapping-guessed``, ``inputs-guessed``,
``host-default-sizes``, ``value-doubtful``; ``seen-before`` = quoted in
docs/model.md before this check; ``alt`` = a second value or folder for a
case, printed but not summarised). Summaries: every primary row, and the
"clean" rows with no flag.

Usage: python benchmarks/zaragoza.py [--json] [--outside]
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import json
import re
import statistics
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from benchmarks.zaragoza_designs import NON_ALIGNED_DDR4, estimate_row, load_rows  # noqa: E402
from hlsight.cli import main as hlsight_main  # noqa: E402

ZARAGOZA = REPO.parent / "shared" / "corpus" / "zaragoza"
NOTEBOOK_CASES = REPO / "benchmarks" / "notebook-cases.csv"
#: flags that keep a notebook row out of the "clean" summary
INFERRED = ("mapping-guessed", "inputs-guessed", "host-default-sizes", "value-doubtful", "seen-before")
MICRO_WORK_ITEMS = 32_768_000
MEMORY_OF_FOLDER = {"ddr4-1866": "ddr4-1866", "hbm2": "hbm2-s10mx"}


@dataclass
class Case:
    case_id: str
    memory: str  # expected profile name
    report: str  # <memory folder>/<case>
    sets: dict[str, str]
    launches: list[tuple[int, dict[str, str]]]
    measured_ms: float
    source: str  # host-inputs.csv or the measured file
    flags: tuple[str, ...] = ()  # notebook-cases.csv: what was inferred (see --outside)


@dataclass
class CaseResult:
    case_id: str
    memory: str
    report: str
    estimate_ms: float | None
    measured_ms: float
    error: float | None  # (estimate - measured) / measured
    bound: str
    free_symbols: list[str]
    profile: str = ""
    exit_code: int = 0
    message: str = ""
    per_launch_ms: list[float] = field(default_factory=list)
    #: "cli": ``hlsight analyze`` on the report; "design": a measured row no
    #: report matches, built from its columns (zaragoza_designs.py)
    via: str = "cli"
    flags: tuple[str, ...] = ()


def parse_sets(text: str) -> dict[str, str]:
    """``a=1;b=2`` -> {"a": "1", "b": "2"}."""
    pairs = [item.strip() for item in text.split(";") if item.strip()]
    return dict(item.split("=", 1) for item in pairs)


_LAUNCH = re.compile(r"(\d+)\s*x\s*\[([^\]]*)\]")


def parse_launches(text: str) -> list[tuple[int, dict[str, str]]]:
    """``1`` -> one launch with the row's sets; ``15x[a=1] + 1x[a=3]`` -> launches."""
    text = text.strip()
    if text in ("", "1"):
        return []
    found = _LAUNCH.findall(text)
    if not found:
        raise ValueError(f"launches '{text}': expected 1 or NxARGS + ...")
    return [(int(repeat), parse_sets(body)) for repeat, body in found]


def load_cases(root: Path = ZARAGOZA) -> list[Case]:
    """Every host-inputs row and every report-matched micro-benchmark row."""
    cases: list[Case] = []
    with (root / "host-inputs.csv").open(newline="") as stream:
        for row in csv.DictReader(stream):
            cases.append(
                Case(
                    row["case_id"], row["memory_profile"], row["report"], parse_sets(row["sets"]),
                    parse_launches(row["launches"]), float(row["measured_ms"]), "host-inputs.csv",
                )
            )
    for path in sorted((root / "measured").glob("*.normalized.csv")):
        with path.open(newline="") as stream:
            for row in csv.DictReader(stream):
                report = row.get("report_case") or ""
                if not report:
                    continue
                folder = report.partition("/")[0]
                cases.append(
                    Case(
                        f"{path.name.split('.')[0]}:{row['LOAD/STORE']},{row['SIMD']}", MEMORY_OF_FOLDER[folder],
                        report, {"work_items": str(MICRO_WORK_ITEMS)}, [], float(row["Time (ms)"]), path.name,
                    )
                )
    return cases


def load_notebook_cases(path: Path = NOTEBOOK_CASES) -> list[Case]:
    """The notebook's other measured runs (``--outside``), with their flags."""
    with path.open(newline="") as stream:
        return [
            Case(
                row["case_id"], row["memory_profile"], row["report"], parse_sets(row["sets"]),
                parse_launches(row["launches"]), float(row["measured_ms"]), path.name,
                tuple(flag for flag in row["flags"].split(";") if flag),
            )
            for row in csv.DictReader(stream)
        ]


_NUMBER = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")


def _toml_value(value: str) -> str:
    """A number as is; anything else (``2**20``, a kernel name) quoted."""
    value = value.strip()
    return value if _NUMBER.match(value) else '"' + value.replace('"', '\\"') + '"'


def hints_toml(launches: list[tuple[int, dict[str, str]]]) -> str:
    """The ``[[launch]]`` tables of a hints file (``kernel=NAME`` names the
    one kernel a launch runs)."""
    lines: list[str] = []
    for repeat, values in launches:
        lines.append("[[launch]]")
        lines.append(f"repeat = {repeat}")
        lines.extend(f'"{name}" = {_toml_value(value)}' for name, value in values.items())
        lines.append("")
    return "\n".join(lines)


def cli_arguments(case: Case, root: Path, hints: Path | None) -> list[str]:
    """The command line a user types for ``case``."""
    argv = ["analyze", str(root / "reports" / case.report), "--format", "json"]
    for name, value in case.sets.items():
        argv += ["--set", f"{name}={value}"]
    if hints is not None:
        argv += ["--hints", str(hints)]
    return argv


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = hlsight_main(argv)
    return code, out.getvalue(), err.getvalue()


def run_case(case: Case, root: Path = ZARAGOZA) -> CaseResult:
    with tempfile.TemporaryDirectory() as tmp:
        hints = None
        if case.launches:
            hints = Path(tmp) / "launches.toml"
            hints.write_text(hints_toml(case.launches), encoding="utf-8")
        code, out, err = run_cli(cli_arguments(case, root, hints))
    result = CaseResult(
        case.case_id, case.memory, case.report, None, case.measured_ms, None, "error", [], exit_code=code,
        flags=case.flags,
    )
    if code != 0:
        result.message = err.strip().splitlines()[-1] if err.strip() else f"exit {code}"
        return result
    payload: dict[str, Any] = json.loads(out)
    estimate = payload.get("estimate") or {}
    seconds = estimate.get("seconds")
    result.bound = estimate.get("bound", "unknown")
    result.free_symbols = list(estimate.get("free_symbols", []))
    result.profile = str((estimate.get("extra") or {}).get("profile", ""))
    if str((payload.get("memory_profile") or {}).get("why", "")).startswith("no DRAM profile"):
        result.profile = "none (i++ host memory)"  # an i++ component: the profile name is nominal
    result.per_launch_ms = [  # repeat x one launch, per [[launch]] entry
        float(item["total_seconds"]) * 1e3 for item in payload.get("launches", []) if item.get("total_seconds")
    ]
    if seconds is not None:
        result.estimate_ms = float(seconds) * 1e3
        result.error = (result.estimate_ms - case.measured_ms) / case.measured_ms
    return result


def evaluate_designs(root: Path = ZARAGOZA) -> list[CaseResult]:
    """The measured rows without a report, through their hand-built designs."""
    results: list[CaseResult] = []
    if not (root / "measured" / NON_ALIGNED_DDR4).is_file():  # a test's own corpus
        return results
    for row in load_rows(root / "measured"):
        estimate_ms, bound, profile = estimate_row(row)
        result = CaseResult(
            row.case_id, "ddr4-1866", "design from the row (no report)", estimate_ms, row.measured_ms, None,
            bound, [], profile=profile, via="design",
        )
        if estimate_ms is not None:
            result.error = (estimate_ms - row.measured_ms) / row.measured_ms
        results.append(result)
    return results


def evaluate(root: Path = ZARAGOZA) -> list[CaseResult]:
    return [run_case(case, root) for case in load_cases(root)] + evaluate_designs(root)


def summarize(results: list[CaseResult]) -> dict[str, dict[str, float | int | str]]:
    """Mean/max |error| per memory over all cases (a case without an estimate
    counts as missing, reported), and over the memory-bound ones beside it."""
    summary: dict[str, dict[str, float | int | str]] = {}
    for memory in sorted({result.memory for result in results}):
        mine = [result for result in results if result.memory == memory]
        rows = [result for result in mine if result.error is not None]
        bound = [result for result in rows if result.bound == "memory"]
        entry: dict[str, float | int | str] = {
            "cases": len(mine),
            "estimated": len(rows),
            "memory_bound_cases": len(bound),
            "profile_mismatches": sum(1 for result in mine if result.profile and result.profile != memory),
        }
        dev = [result for result in rows if ":" not in result.case_id]
        cli = [result for result in rows if result.via == "cli"]
        for label, subset in (("all", rows), ("cli", cli), ("dev", dev), ("memory_bound", bound)):
            entry.update(error_figures(label, subset))
        summary[memory] = entry
    return summary


def error_figures(label: str, results: list[CaseResult]) -> dict[str, float | int | str]:
    """``<label>_count``, ``_mean``, ``_max`` and ``_worst`` (case id) of the
    |error| over the results that have an estimate; nothing when none has."""
    estimated = [result for result in results if result.error is not None]
    if not estimated:
        return {}
    worst = max(estimated, key=lambda result: abs(result.error or 0.0))
    return {
        f"{label}_count": len(estimated),
        f"{label}_mean": statistics.fmean(abs(result.error or 0.0) for result in estimated),
        f"{label}_max": abs(worst.error or 0.0),
        f"{label}_worst": worst.case_id,
    }


def fit_launch_cost(
    results: list[CaseResult], step_ms: float = 0.001, top_ms: float = 2.0
) -> dict[str, dict[str, float]]:
    """The fixed per-launch cost c (ms) per memory that minimises the mean
    |error| over all of that memory's cases, with leave-one-out CV: each case
    is predicted with the c fitted on the others. Estimates are taken without
    the profile's current cost (``launch_ms`` subtracted)."""
    from hlsight.analyzer.memory_profiles import load_profile

    grid = [index * step_ms for index in range(int(top_ms / step_ms) + 1)]
    out: dict[str, dict[str, float]] = {}
    for memory in sorted({result.memory for result in results}):
        launch_ms = load_profile(memory).launch_overhead_s * 1e3
        rows = [(r.estimate_ms - launch_ms, r.measured_ms) for r in results if r.memory == memory and r.estimate_ms]

        def mean_error(cost: float, subset: list[tuple[float, float]]) -> float:
            return statistics.fmean(abs(est + cost - meas) / meas for est, meas in subset)

        def fit(subset: list[tuple[float, float]]) -> float:
            return min(grid, key=lambda candidate: mean_error(candidate, subset))

        held_out = [mean_error(fit(rows[:i] + rows[i + 1 :]), [rows[i]]) for i in range(len(rows))]
        cost = fit(rows)
        out[memory] = {
            "fitted_ms": cost,
            "mean_without": mean_error(0.0, rows),
            "mean_fitted": mean_error(cost, rows),
            "loo_cv_mean": statistics.fmean(held_out),
            "loo_cv_max": max(held_out),
        }
    return out


#: The micro-benchmark of the burst-coalesced non-aligned LSU on HBM2 (the
#: journal validates each LSU type on its own micro-benchmark, section 7.1).
NON_ALIGNED_FILE = "testMX_CNA_SVSB.normalized.csv"


def fit_nonaligned_request(
    root: Path = ZARAGOZA, step_ns: float = 0.01, top_ns: float = 1.5
) -> dict[str, float]:
    """The per-request time c (ns) of a non-aligned LSU's coalescer (profile
    ``[nonaligned] request_ns``) that minimises the mean |error| over the
    non-aligned micro-benchmark rows, with leave-one-out CV. Each row is
    analysed in-process (the CLI's analysis) with the profile's value
    replaced by each grid point; the launch cost stays the profile's."""
    import dataclasses

    from hlsight.analyzer.memory_profiles import load_profile
    from hlsight.analyzer.pipeline import analyze
    from hlsight.parsers.loader import load_design

    profile = load_profile("hbm2-s10mx")
    grid = [index * step_ns for index in range(round(top_ns / step_ns) + 1)]
    rows = [case for case in load_cases(root) if case.source == NON_ALIGNED_FILE]
    estimates: list[list[float]] = []  # per row, per grid point (ms)
    for case in rows:
        design = load_design(root / "reports" / case.report)
        values = {name: float(value) for name, value in case.sets.items()}
        series = []
        for c in grid:
            changed = dataclasses.replace(profile, nonaligned_request_s=c * 1e-9)
            estimate = analyze(design, values, memory=changed).design_estimate
            assert estimate is not None and estimate.seconds is not None
            series.append(estimate.seconds * 1e3)
        estimates.append(series)

    def mean_error(point: int, subset: list[int]) -> float:
        return statistics.fmean(abs(estimates[i][point] - rows[i].measured_ms) / rows[i].measured_ms for i in subset)

    def fit(subset: list[int]) -> int:
        return min(range(len(grid)), key=lambda point: mean_error(point, subset))

    every = list(range(len(rows)))
    held_out = [mean_error(fit(every[:i] + every[i + 1 :]), [i]) for i in every]
    best = fit(every)
    return {
        "rows": len(rows),
        "fitted_ns": grid[best],
        "mean_without": mean_error(0, every),
        "max_without": max(mean_error(0, [i]) for i in every),
        "mean_fitted": mean_error(best, every),
        "max_fitted": max(mean_error(best, [i]) for i in every),
        "loo_cv_mean": statistics.fmean(held_out),
        "loo_cv_max": max(held_out),
    }


def summarize_outside(results: list[CaseResult]) -> dict[str, dict[str, float | int | str]]:
    """Mean/max |error| per memory over the notebook's primary rows (not
    ``alt``) and over the clean ones (no inferred value); rows without an
    estimate are counted as missing."""
    summary: dict[str, dict[str, float | int | str]] = {}
    for memory in sorted({result.memory for result in results}):
        primary = [result for result in results if result.memory == memory and "alt" not in result.flags]
        clean = [result for result in primary if not set(result.flags) & set(INFERRED)]
        entry: dict[str, float | int | str] = {}
        for label, subset in (("primary", primary), ("clean", clean)):
            figures = error_figures(label, subset)
            entry[f"{label}_cases"] = len(subset)
            entry[f"{label}_missing"] = len(subset) - int(figures.get(f"{label}_count", 0))
            entry.update(figures)
        summary[memory] = entry
    return summary


def _print_outside_summary(summary: dict[str, dict[str, float | int | str]]) -> None:
    for memory, entry in summary.items():
        parts = [memory]
        for label in ("primary", "clean"):
            count, missing = int(entry[f"{label}_cases"]), int(entry[f"{label}_missing"])
            figures = (
                f"mean {float(entry[f'{label}_mean']):.1%} max {float(entry[f'{label}_max']):.1%}"
                f" [{entry[f'{label}_worst']}]" if f"{label}_mean" in entry else "no estimate"
            )
            parts.append(f"{label} ({count}, {missing} without estimate): {figures}")
        print("\n  ".join(parts))


def _print_table(results: list[CaseResult]) -> None:
    print(f"{'case':<34} {'memory':<11} {'bound':<8} {'estimate ms':>12} {'measured ms':>12} {'error':>8}")
    for result in results:
        est = "?" if result.estimate_ms is None else f"{result.estimate_ms:.3f}"
        err = "?" if result.error is None else f"{result.error:+.1%}"
        extra = f"  free: {', '.join(result.free_symbols)}" if result.free_symbols else ""
        if result.message:
            extra += f"  {result.message}"
        if result.profile and result.profile != result.memory:
            extra += f"  profile {result.profile} (expected {result.memory})"
        if len(result.per_launch_ms) > 1:
            extra += "  launches: " + " + ".join(f"{ms:.3f}" for ms in result.per_launch_ms)
        if result.flags:
            extra += f"  [{', '.join(result.flags)}]"
        head = f"{result.case_id:<34} {result.memory:<11} {result.bound:<8}"
        print(f"{head} {est:>12} {result.measured_ms:>12.3f} {err:>8}{extra}")


def _print_summary(summary: dict[str, dict[str, float | int | str]]) -> None:
    for memory, entry in summary.items():
        missing = int(entry["cases"]) - int(entry["estimated"])
        parts = [f"{memory:<11} {entry['cases']} cases ({missing} without estimate)"]
        for scope in ("all", "cli", "dev", "memory_bound"):
            if f"{scope}_mean" in entry:
                mean, worst = float(entry[f"{scope}_mean"]), float(entry[f"{scope}_max"])
                parts.append(
                    f"{scope} ({entry[f'{scope}_count']}): mean {mean:.1%} max {worst:.1%} [{entry[f'{scope}_worst']}]"
                )
        print("\n  ".join(parts))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument(
        "--fit-launch-cost", action="store_true", help="fit the per-launch cost per memory, with leave-one-out CV"
    )
    parser.add_argument(
        "--fit-nonaligned", action="store_true",
        help="fit the non-aligned LSU's per-request time on HBM2 (testMX_CNA_SVSB rows), with leave-one-out CV",
    )
    parser.add_argument(
        "--outside", action="store_true",
        help="run the seed notebook's other measured cases (benchmarks/notebook-cases.csv) instead",
    )
    args = parser.parse_args(argv)
    if args.outside:
        return _outside(args.json)
    started = time.perf_counter()
    results = evaluate()
    elapsed = time.perf_counter() - started
    summary = summarize(results)
    if args.json:
        print(json.dumps({"results": [asdict(r) for r in results], "summary": summary}, indent=2))
        return 0
    _print_table(results)
    print("\nper memory: all = every measured case (host-inputs, micro-benchmarks with a report, rows built"
          " without one); cli = the cases run through hlsight analyze on their report; dev = host-inputs rows;"
          " memory_bound = eq. 7 saturated subset")
    _print_summary(summary)
    print(f"\n{len(results)} cases in {elapsed:.1f} s (hlsight analyze --format json per case)")
    if args.fit_launch_cost:
        print("\nper-launch cost (profile [launch] overhead_us), fitted per memory over its cases run through the CLI:")
        for memory, fit in fit_launch_cost([result for result in results if result.via == "cli"]).items():
            print(
                f"  {memory:<11} c = {fit['fitted_ms'] * 1e3:.0f} us: mean |error| {fit['mean_without']:.1%} without,"
                f" {fit['mean_fitted']:.1%} fitted; leave-one-out CV mean {fit['loo_cv_mean']:.1%}"
                f" max {fit['loo_cv_max']:.1%}"
            )
    if args.fit_nonaligned:
        fitted = fit_nonaligned_request()
        print(
            f"\nnon-aligned request time (hbm2-s10mx [nonaligned] request_ns) over the {fitted['rows']:.0f}"
            f" {NON_ALIGNED_FILE} rows: c = {fitted['fitted_ns']:.2f} ns: mean |error| {fitted['mean_without']:.1%}"
            f" (max {fitted['max_without']:.1%}) with 0, {fitted['mean_fitted']:.1%} (max {fitted['max_fitted']:.1%})"
            f" fitted; leave-one-out CV mean {fitted['loo_cv_mean']:.1%} max {fitted['loo_cv_max']:.1%}"
        )
    return 0


def _outside(as_json: bool) -> int:
    started = time.perf_counter()
    results = [run_case(case) for case in load_notebook_cases()]
    elapsed = time.perf_counter() - started
    summary = summarize_outside(results)
    if as_json:
        print(json.dumps({"results": [asdict(r) for r in results], "summary": summary}, indent=2))
        return 0
    _print_table(results)
    print("\nper memory: primary = every notebook row but the alt ones; clean = primary rows with no inferred"
          " mapping, input or value and not quoted before (see the flags)")
    _print_outside_summary(summary)
    print(f"\n{len(results)} cases in {elapsed:.1f} s (hlsight analyze --format json per case)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
