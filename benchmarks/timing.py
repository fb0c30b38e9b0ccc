"""Shared timing helper for the benchmark scripts (they put the repo root on
``sys.path`` and import this as ``benchmarks.timing``).

CPU time is reported next to wall time because the machine is shared: under
load the wall figure can be several times the CPU figure, which is the
steadier measure of hlsight's own work. Child-process CPU time is included so
that cold ``python -m hlsight`` runs are measured too.
"""

from __future__ import annotations

import resource
import statistics
import time
from collections.abc import Callable


def _cpu_s() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def median_ms(action: Callable[[], object], runs: int) -> tuple[float, float]:
    """Median (wall, CPU) milliseconds of ``runs`` calls of ``action``."""
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), _cpu_s()
        action()
        wall.append((time.perf_counter() - start) * 1000.0)
        cpu.append((_cpu_s() - start_cpu) * 1000.0)
    return statistics.median(wall), statistics.median(cpu)
