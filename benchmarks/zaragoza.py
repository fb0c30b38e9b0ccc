"""Accuracy of hlsight's time estimate against the Zaragoza hardware measurements.

Runs every row of ``../shared/corpus/zaragoza/cases.csv`` and every measured
micro-benchmark row of ``../shared/corpus/zaragoza/measured/*.normalized.csv``
that names a report set (``report_case``; work_items = 32768000), prints per
case the estimate, the measured time and the relative error, then mean and
max absolute error per memory, over all cases and over the memory-bound ones
(eq. 7 saturated).

Per-case inputs come from one function, :func:`case_hints`, and only from the
case's own row (work_items / stride / element_bytes), never from its measured
time. ``--derive`` passes only work_items and lets the source analysis
(issue 7) supply strides and element sizes.

Usage: python benchmarks/zaragoza.py [--derive] [--compare] [--json]
"""

from __future__ import annotations

import argparse
import csv
import json
import statistics
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from hlsight.analyzer.access import derive_access_facts  # noqa: E402
from hlsight.analyzer.access.launch import solve_launch  # noqa: E402
from hlsight.analyzer.memory_model import ModelOptions  # noqa: E402
from hlsight.analyzer.memory_profiles import load_profile  # noqa: E402
from hlsight.analyzer.pipeline import analyze  # noqa: E402
from hlsight.core.model import Design  # noqa: E402
from hlsight.parsers.loader import load_design  # noqa: E402

ZARAGOZA = REPO.parent / "shared" / "corpus" / "zaragoza"
MICRO_WORK_ITEMS = 32_768_000
MEMORY_OF_FOLDER = {"ddr4-1866": "ddr4-1866", "hbm2": "hbm2-s10mx"}
#: The micro-benchmark notebooks model the non-aligned kernels with delta = 3
#: (index 3*i+k) and float elements.
MICRO_STRIDE = {"Non-aligned": 3}


@dataclass
class Case:
    case_id: str
    memory: str  # profile name
    report: str  # <memory folder>/<case>
    work_items: int
    stride: float
    element_bytes: float
    measured_ms: float
    source: str  # cases.csv or the measured file


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


def load_cases(root: Path = ZARAGOZA) -> list[Case]:
    """Every application case and every report-matched micro-benchmark row."""
    cases: list[Case] = []
    with (root / "cases.csv").open(newline="") as stream:
        for row in csv.DictReader(stream):
            cases.append(
                Case(
                    row["case_id"], row["memory_profile"], row["report"], int(row["work_items"]),
                    float(row["stride"]), float(row["element_bytes"]), float(row["measured_ms"]), "cases.csv",
                )
            )
    for path in sorted((root / "measured").glob("*.normalized.csv")):
        with path.open(newline="") as stream:
            for row in csv.DictReader(stream):
                report = row.get("report_case") or ""
                if not report:
                    continue
                folder = report.partition("/")[0]
                kind = row.get("Type of memory", "")
                cases.append(
                    Case(
                        f"{path.name.split('.')[0]}:{row['LOAD/STORE']},{row['SIMD']}", MEMORY_OF_FOLDER[folder],
                        report, MICRO_WORK_ITEMS, MICRO_STRIDE.get(kind, 1), 4, float(row["Time (ms)"]), path.name,
                    )
                )
    return cases


def case_hints(case: Case, derive: bool = False, design: Design | None = None) -> dict[str, float]:
    """The symbol values for one case: the inputs the reports lack, from the
    case row (global symbols).

    With ``derive`` only the row's ``work_items`` (elements processed) is
    used: the source analysis supplies every LSU's stride and element size,
    and :func:`hlsight.analyzer.access.launch.solve_launch` turns the element count
    into the kernel's launch arguments (fft1d's fetch kernel reads 8 points
    per work-item: global size W/8; axpy's ``N``...). LSUs whose counts need
    an argument one size cannot determine get ``W`` accesses each, as in the
    typed-in mode; :data:`DERIVE_NOTES` records which.
    """
    if not derive or design is None:
        return {"work_items": case.work_items, "stride": case.stride, "element_bytes": case.element_bytes}
    found = derive_access_facts(design)
    launch = solve_launch(design, found, case.work_items)
    values = dict(launch.values)
    values.setdefault("work_items", case.work_items)
    for lsu_id in launch.fallback_lsus:
        values[f"lsu.{lsu_id}.accesses"] = case.work_items
    missing = [
        lsu.id
        for kernel in design.kernels
        for lsu in kernel.global_lsus()
        if (facts := found.access(lsu)) is None or facts.stride is None or facts.element_bytes is None
    ]
    DERIVE_NOTES[case.case_id] = {
        "launch": {name: value for name, value in launch.values.items()},
        "count_fallbacks": len(launch.fallback_lsus),
        "lsus_without_source_facts": len(missing),
    }
    if missing:  # an LSU the source analysis could not explain keeps the row's values
        values.update({"stride": case.stride, "element_bytes": case.element_bytes})
    return values


#: Per case in --derive mode: solved launch values and how many LSUs fell back.
DERIVE_NOTES: dict[str, dict[str, object]] = {}


_DESIGNS: dict[tuple[str, bool], Design] = {}


def _design(report: str, root: Path, derive: bool) -> Design:
    """Parsed once per mode (the analysis never changes a parsed design)."""
    key = (report, derive)
    if key not in _DESIGNS:
        _DESIGNS[key] = load_design(root / "reports" / report)
    return _DESIGNS[key]


def evaluate(options: ModelOptions | None = None, derive: bool = False, root: Path = ZARAGOZA) -> list[CaseResult]:
    results: list[CaseResult] = []
    for case in load_cases(root):
        design = _design(case.report, root, derive)
        result = analyze(
            design,
            case_hints(case, derive, design),
            memory=load_profile(case.memory),
            options=options,
            derive_access=derive,
        )
        estimate = result.design_estimate
        seconds = None if estimate is None else estimate.seconds
        estimate_ms = None if seconds is None else seconds * 1e3
        error = None if estimate_ms is None else (estimate_ms - case.measured_ms) / case.measured_ms
        results.append(
            CaseResult(
                case.case_id, case.memory, case.report, estimate_ms, case.measured_ms, error,
                "unknown" if estimate is None else estimate.bound,
                [] if estimate is None else list(estimate.free_symbols),
            )
        )
    return results


def summarize(results: list[CaseResult]) -> dict[str, dict[str, float | int | str]]:
    """Mean/max |error| per memory, over all estimated cases and memory-bound ones."""
    summary: dict[str, dict[str, float | int | str]] = {}
    for memory in sorted({result.memory for result in results}):
        rows = [result for result in results if result.memory == memory and result.error is not None]
        bound = [result for result in rows if result.bound == "memory"]
        entry: dict[str, float | int | str] = {"cases": len(rows), "memory_bound_cases": len(bound)}
        for label, subset in (("all", rows), ("memory_bound", bound)):
            if subset:
                errors = [abs(result.error or 0.0) for result in subset]
                worst = max(subset, key=lambda result: abs(result.error or 0.0))
                entry[f"{label}_mean"] = statistics.fmean(errors)
                entry[f"{label}_max"] = max(errors)
                entry[f"{label}_worst"] = worst.case_id
        summary[memory] = entry
    return summary


def _print_table(results: list[CaseResult]) -> None:
    print(f"{'case':<34} {'memory':<11} {'bound':<8} {'estimate ms':>12} {'measured ms':>12} {'error':>8}")
    for result in results:
        est = "?" if result.estimate_ms is None else f"{result.estimate_ms:.2f}"
        err = "?" if result.error is None else f"{result.error:+.1%}"
        extra = f"  free: {', '.join(result.free_symbols)}" if result.free_symbols else ""
        head = f"{result.case_id:<34} {result.memory:<11} {result.bound:<8}"
        print(f"{head} {est:>12} {result.measured_ms:>12.2f} {err:>8}{extra}")


def _print_derive_notes() -> None:
    """What --derive took from the source and what it still filled from W."""
    explained = sum(1 for note in DERIVE_NOTES.values() if note["lsus_without_source_facts"] == 0)
    print(f"\n--derive: stride and element size from the source for every LSU in {explained}/{len(DERIVE_NOTES)} cases")
    for case_id, note in DERIVE_NOTES.items():
        launch = ", ".join(f"{name}={value:g}" for name, value in note["launch"].items())  # type: ignore[attr-defined]
        extra = []
        if note["count_fallbacks"]:
            extra.append(f"{note['count_fallbacks']} LSU count(s) = work_items (arguments not solvable)")
        if note["lsus_without_source_facts"]:
            extra.append(f"{note['lsus_without_source_facts']} LSU(s) without source facts: row stride/bytes")
        if launch or extra:
            print(f"  {case_id:<34} {launch}{'; ' if launch and extra else ''}{'; '.join(extra)}")


def _print_summary(summary: dict[str, dict[str, float | int | str]], label: str = "") -> None:
    for memory, entry in summary.items():
        parts = [f"{memory:<11}{label}"]
        for scope in ("all", "memory_bound"):
            if f"{scope}_mean" in entry:
                count = entry["cases"] if scope == "all" else entry["memory_bound_cases"]
                mean, worst = float(entry[f"{scope}_mean"]), float(entry[f"{scope}_max"])
                parts.append(f"{scope} ({count}): mean {mean:.1%} max {worst:.1%} [{entry[f'{scope}_worst']}]")
        print("  ".join(parts))


VARIANTS: dict[str, ModelOptions] = {
    "chosen (eq. 9 2^w, #lsu<=2, efficiency, no x4)": ModelOptions(),
    "Avalon burst 2^(w-1)": ModelOptions(burst_rule="avalon"),
    "FCCM threshold #lsu<2": ModelOptions(ovh_free_lsus=1),
    "no efficiency (paper bw_dram)": ModelOptions(efficiency=False),
    "delta also in f_min (eq. 5 literal)": ModelOptions(stride_in_fmin=True),
    "HBM strided-store x4 (7.1.1)": ModelOptions(hbm_write_stride_factor=4),
    "seed paper literal (2^w, no efficiency, x4)": ModelOptions(efficiency=False, hbm_write_stride_factor=4),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--derive", action="store_true", help="run the source analysis (per-LSU strides, sizes, counts from the code)"
    )
    parser.add_argument("--compare", action="store_true", help="also summarize the model variants of docs/model.md")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    results = evaluate(derive=args.derive)
    elapsed = time.perf_counter() - started
    summary = summarize(results)
    if args.json:
        payload = {"results": [asdict(r) for r in results], "summary": summary}
        if args.derive:
            payload["derive"] = DERIVE_NOTES
        print(json.dumps(payload, indent=2))
        return 0
    _print_table(results)
    print()
    _print_summary(summary)
    if args.derive:
        _print_derive_notes()
    print(f"\n{len(results)} cases in {elapsed:.1f} s")
    if args.compare:
        print("\nmodel variants (docs/model.md):")
        for label, options in VARIANTS.items():
            print(f"- {label}")
            _print_summary(summarize(evaluate(options, derive=args.derive)), "  ")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
