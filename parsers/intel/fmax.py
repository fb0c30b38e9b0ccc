"""Post-fit Fmax: ``acl_quartus_report.txt`` and ``quartus.json``.

Which number is "the" Fmax (aoc-report-formats.md 3.3): Quartus reports the
achievable ``Kernel fmax`` (acl_quartus_report ``Kernel fmax``, 20.4+
``kernel clock fmax``) and the PLL-rounded clock the kernel actually runs at
(``Actual clock freq``, 20.4+ ``kernel clock``, and the 18.1/19.x
quartus.json ``Kernel fmax`` which despite its name equals the actual clock).
Kernel run time depends on the clock it runs at, so :attr:`PostFit.actual_mhz`
is preferred for ``Kernel.fmax_postfit_mhz``; the achievable value is kept too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hlsight.parsers.intel.common import as_float
from hlsight.parsers.intel.jsdata import read_text

_LINE = re.compile(r"^\s*([^:\n]+?)\s*:\s*(.+?)\s*$", re.MULTILINE)


@dataclass(frozen=True)
class PostFit:
    actual_mhz: float | None = None
    achievable_mhz: float | None = None
    source: str = ""
    per_kernel: tuple[tuple[str, dict[str, float]], ...] = ()

    @property
    def mhz(self) -> float | None:
        return self.actual_mhz if self.actual_mhz is not None else self.achievable_mhz


def read_acl_quartus_report(path: Path) -> PostFit | None:
    """``Kernel fmax: 399.68`` / ``Actual clock freq: 395.0`` lines."""
    values = {m.group(1).strip().lower(): m.group(2) for m in _LINE.finditer(read_text(path))}
    actual = as_float(values.get("actual clock freq"))
    # i++ component reports may carry only the "1x clock fmax" line
    achievable = as_float(values.get("kernel fmax", values.get("1x clock fmax")))
    if actual is None and achievable is None:
        return None
    return PostFit(actual, achievable, path.name)


def _kernel_resources(nodes: list[Any]) -> tuple[tuple[str, dict[str, float]], ...]:
    out: list[tuple[str, dict[str, float]]] = []
    for node in nodes:
        if isinstance(node, dict) and node.get("type") == "kernel":
            numbers = {key: value for key in ("alm", "reg", "dsp", "ram", "mlab")
                       if (value := as_float(node.get(key))) is not None}
            out.append((str(node.get("name")), numbers))
    return tuple(out)


def read_quartus_json(data: Any, source: str) -> PostFit | None:
    """Both quartus.json shapes; ``None`` for report-only placeholders
    ("Run Quartus compile..." or ``"kernel clock":"TBD"``)."""
    if not isinstance(data, dict):
        return None
    clock = data.get("quartusFitClockSummary")
    if not isinstance(clock, dict):
        return None
    nodes = clock.get("nodes")
    if isinstance(nodes, list):  # 20.4+
        for node in nodes:
            if isinstance(node, dict) and node.get("type") == "system":
                # 20.4-2023 "kernel clock"; 2024+ .ndjson "clock"
                actual = as_float(node.get("kernel clock", node.get("clock")))
                achievable = as_float(node.get("kernel clock fmax", node.get("clock fmax")))
                if actual is None and achievable is None:
                    return None
                resources = data.get("quartusFitResourceUsageSummary")
                kernels = _kernel_resources(resources.get("nodes") or []) if isinstance(resources, dict) else ()
                return PostFit(actual, achievable, source, kernels)
        return None
    columns = [str(c) for c in clock.get("columns") or []]
    column = _fmax_column(columns)
    for row in clock.get("children") or []:
        if not isinstance(row, dict):
            continue
        row_data = row.get("data")
        if isinstance(row_data, dict):  # repaired malformed quartus.json
            key = _fmax_column([str(k) for k in row_data])
            value = as_float(row_data.get(key)) if key is not None else None
        elif isinstance(row_data, list) and column is not None:  # quartusJSON in report_data.js
            index = columns.index(column) - 1
            value = as_float(row_data[index]) if 0 <= index < len(row_data) else None
        else:
            continue
        if value is not None:
            return PostFit(actual_mhz=value, source=source)
    return None


#: Column holding the kernel clock's post-fit fmax: aoc ``Kernel fmax``; the
#: Intel HLS compiler (i++) reports components' ``1x clock fmax`` (and a
#: ``2x clock fmax`` for double-pumped memories, not the component clock).
FMAX_COLUMNS = ("kernel fmax", "1x clock fmax")


def _fmax_column(columns: list[str]) -> str | None:
    normal = {" ".join(column.lower().split()): column for column in columns}
    for wanted in FMAX_COLUMNS:
        if wanted in normal:
            return normal[wanted]
    return None
