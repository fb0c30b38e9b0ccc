"""Estimate an HLS design from Python: load_design -> analyze -> a reporter.

Reads a report set (default: the bundled aoc vector_add example), analyses
it with values the reports cannot contain, prints the text report, then
uses the typed results directly: the time per kernel, what bounds it, each
LSU's bandwidth demand against the memory's supply (journal eqs. 4-7), and a
what-if sweep of one kernel argument without re-running the analysis.

    python docs/examples/estimate_design.py [REPORT_DIR [NAME=VALUE ...]]

e.g. ``python docs/examples/estimate_design.py path/to/reports n=1048576``.
With no arguments it uses the bundled example and ``n = 16777216``.
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

from hlsight.analyzer.pipeline import analyze
from hlsight.analyzer.symbols import parse_set
from hlsight.analyzer.whatif import evaluate_grid, parse_sweep
from hlsight.parsers.loader import load_design
from hlsight.reporters import get_reporter
from hlsight.reporters.base import RenderOptions

DEMO = Path(str(resources.files("hlsight.fixtures"))) / "demo" / "vector_add" / "reports"


def main(argv: list[str]) -> int:
    path = Path(argv[0]) if argv else DEMO
    values = dict(parse_set(item) for item in argv[1:]) if len(argv) > 1 else {"n": 16777216.0}

    # 1. Read the reports (Intel aoc/oneAPI or Vivado/Vitis: the loader picks
    #    the front end). Bad input raises hlsight.core.errors.InputError.
    design = load_design(path)

    # 2. Analyse: memory model + pipeline model, source analysis, hints.
    #    The design is not changed, so it can be analysed again with other values.
    result = analyze(design, values)

    # 3. Render with any reporter: "text", "json", "sarif" or "html".
    print(get_reporter("text").render(result, RenderOptions()))

    # 4. Or read the typed results yourself.
    for name, estimate in result.estimates.items():
        seconds = "?" if estimate.seconds is None else f"{estimate.seconds * 1e3:.3f} ms"
        print(f"{name}: {seconds}, {estimate.bound}-bound (memory profile {estimate.profile})")
        for lsu_id, facts in estimate.lsu_facts.items():
            if facts.demand_bps is not None and facts.supply_bps is not None:
                print(f"  {lsu_id}: asks {facts.demand_bps / 1e9:.1f} GB/s of {facts.supply_bps / 1e9:.1f} GB/s"
                      f" (saturated: {facts.saturated})")

    # 5. What-if: evaluate the symbolic estimate over other values at once.
    whole = result.design_estimate
    if whole is not None and whole.symbolic is not None and "n" in values:
        sweep = parse_sweep("n=1048576,4194304,16777216")
        (sizes,), seconds = evaluate_grid(whole.symbolic, whole.values, [sweep])
        for size, time in zip(sizes, seconds, strict=True):
            print(f"n = {size:>10.0f}: {time * 1e3:8.3f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
