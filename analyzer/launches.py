"""Repeated kernel launches from a hints file: ``[[launch]]`` tables.

A host program often launches the same kernels many times with different
arguments (Rodinia pathfinder/hotspot launch one kernel per block of rows:
``for (t = 0; t < rows; t += pyramid) clEnqueueNDRangeKernel(...)``). The
design's run time is then the sum over the launches, not one launch scaled.
A hints TOML may hold::

    [[launch]]
    repeat = 15            # optional, default 1
    "comp_exit" = 431600   # symbol values of this launch
    [[launch]]
    kernel = "dynproc"     # optional: only this kernel runs in this launch
    "comp_exit" = 12000

Values of a launch override the top-level ``--set``/``--hints`` values for
that launch only. Every output shows the per-launch breakdown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hlsight.analyzer.symbols import load_hints_table, parse_number
from hlsight.core.errors import InputError

LAUNCH_TABLE = "launch"


@dataclass(frozen=True)
class Launch:
    """One entry of the host program's launch sequence."""

    repeat: int = 1
    values: dict[str, float] = field(default_factory=dict)
    kernel: str | None = None

    def label(self) -> str:
        given = ", ".join(f"{name}={value:g}" for name, value in self.values.items())
        target = f"kernel {self.kernel}" if self.kernel else "all kernels"
        return f"{self.repeat} x [{given}] ({target})" if given else f"{self.repeat} x ({target})"


@dataclass
class LaunchEstimate:
    """The estimate of one launch entry: ``seconds`` per launch, ``None``
    while symbols remain (``free_symbols``)."""

    launch: Launch
    seconds: float | None
    bound: str
    free_symbols: list[str] = field(default_factory=list)

    @property
    def total_seconds(self) -> float | None:
        return None if self.seconds is None else self.seconds * self.launch.repeat


def _launch(path: Path, index: int, table: Any) -> Launch:
    where = f"[[launch]] #{index + 1}"
    if not isinstance(table, dict):
        raise InputError(path, f"{where} is {table!r}", expected="a table of NAME = VALUE")
    repeat_raw = table.get("repeat", 1)
    if isinstance(repeat_raw, bool) or not isinstance(repeat_raw, int) or repeat_raw < 1:
        raise InputError(path, f"{where}: repeat = {repeat_raw!r}", expected="a positive integer")
    kernel = table.get("kernel")
    if kernel is not None and not isinstance(kernel, str):
        raise InputError(path, f"{where}: kernel = {kernel!r}", expected="a kernel name in quotes")
    values: dict[str, float] = {}
    for name, raw in table.items():
        if name in ("repeat", "kernel"):
            continue
        if isinstance(raw, bool) or not isinstance(raw, (int, float, str)):
            raise InputError(path, f"{where}: value of '{name}' is {raw!r}", expected="a number")
        values[name] = parse_number(name, str(raw), str(path))
    return Launch(repeat_raw, values, kernel)


def read_launches(path: Path | str) -> list[Launch]:
    """The ``[[launch]]`` tables of a hints TOML (empty when it has none)."""
    path = Path(path)
    data = load_hints_table(path)
    tables = data.get(LAUNCH_TABLE, [])
    if not isinstance(tables, list):
        raise InputError(path, "'launch' is a single table", expected="[[launch]] (an array of tables)")
    return [_launch(path, index, table) for index, table in enumerate(tables)]
