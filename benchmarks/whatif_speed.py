"""Speed of what-if sweeps: design points evaluated per second.

Loads real reports from ../shared/corpus/zaragoza, builds the estimate once,
then sweeps grids of >= 10^6 points through the numpy-lambdified expression
(the same path as ``hlsight whatif --sweep``). Target: >= 10^6 points/s.

Usage: python benchmarks/whatif_speed.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from hlsight.analyzer.pipeline import analyze  # noqa: E402
from hlsight.analyzer.whatif import Sweep, evaluate_grid  # noqa: E402
from hlsight.parsers.loader import load_design  # noqa: E402

REPORTS = REPO.parent / "shared" / "corpus" / "zaragoza" / "reports"
CASES = ["ddr4-1866/vectoradd", "ddr4-1866/micro-wack-bw9_16_5", "hbm2/stride6", "ddr4-1866/fft1d"]


def main() -> int:
    for case in CASES:
        design = load_design(REPORTS / case)
        # report facts only, so the global stride symbol reaches every LSU
        result = analyze(design, {"element_bytes": 4}, derive_access=False)
        estimate = result.design_estimate
        assert estimate is not None
        expr = estimate.symbolic
        values = dict(estimate.values)
        sweeps = [
            Sweep("work_items", np.linspace(1e6, 1e8, 100)),
            Sweep("stride", np.arange(1, 101, dtype=np.float64)),
            Sweep("fmax", np.linspace(150, 600, 100)),
        ]
        points = 1
        for sweep in sweeps:
            points *= sweep.values.size
        evaluate_grid(expr, values, sweeps)  # warm-up (lambdify + numpy import paths)
        runs = 3
        started = time.perf_counter()
        for _ in range(runs):
            _, seconds = evaluate_grid(expr, values, sweeps)
        elapsed = (time.perf_counter() - started) / runs
        lsus = sum(len(kernel.lsus) for kernel in design.kernels)
        print(
            f"{case:<34} {lsus:3d} LSUs  {points:>9,d} points in {elapsed * 1e3:7.1f} ms"
            f" = {points / elapsed / 1e6:6.2f} M points/s (T from {seconds.min():.3g} to {seconds.max():.3g} s)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
