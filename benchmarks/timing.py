"""Shared timing helper for the benchmark scripts (they put the repo root on
``sys.path`` and import this as ``benchmarks.timing``)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_ms(action: Callable[[], object], runs: int) -> float:
    """Median wall time of ``runs`` calls of ``action``, in milliseconds."""
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        samples.append((time.perf_counter() - start) * 1000.0)
    return statistics.median(samples)
