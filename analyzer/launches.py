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

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hlsight.analyzer.results import KernelEstimate, bound_label
from hlsight.analyzer.symbols import CONCURRENT_KEY, LAUNCH_TABLE, LAUNCHED_KEY, load_hints_table, parse_number
from hlsight.core.errors import InputError
from hlsight.core.units import format_value


@dataclass(frozen=True)
class WorkGroupCalls:
    """The calls an NDRange launch of an OpenCL C kernel's Vivado/Vitis
    module makes: the runtime calls the module once per work-group
    (``hlsight.core.work_groups``), ``work_items / size`` calls per
    launch."""

    work_items: int
    #: the work-group size the report's work-item loops give
    size: int
    #: the host's launches (a ``[[launch]]`` table's ``repeat``) of ``work_items`` each
    launches: int = 1

    @property
    def calls(self) -> int:
        return self.work_items // self.size

    @property
    def text(self) -> str:
        """``4,096 work-items = 8 work-groups of 512 (one call each)``."""
        each = f"{self.launches:,} launches of " if self.launches > 1 else ""
        return (f"{each}{self.work_items:,} work-items = {self.calls:,} work-groups of {self.size:,}"
                f"{' each' if self.launches > 1 else ''} (one call each)")


@dataclass(frozen=True)
class Launch:
    """One entry of the host program's launch sequence."""

    repeat: int = 1
    values: dict[str, float] = field(default_factory=dict)
    kernel: str | None = None
    #: an OpenCL C kernel's module: ``repeat`` counts its calls, one per work-group
    work_groups: WorkGroupCalls | None = None
    #: made from ``--set work_items`` alone, not from a ``[[launch]]`` table
    implicit: bool = False


def launch_label(number: int, launch: Launch) -> str:
    """``[[launch]] #2 (comp_exit=100000, rem_rows=5)``: which table, with
    its own values, a kernel's shown estimate is of."""
    if launch.implicit and launch.work_groups is not None:
        return f"one call (one work-group of {launch.work_groups.size:,} work-items)"
    given = ", ".join(f"{name}={format_value(value)}" for name, value in launch.values.items())
    return f"[[launch]] #{number}" + (f" ({given})" if given else "")


@dataclass(frozen=True)
class HintsFile:
    """The hints file a run's values, ``[[launch]]`` tables and kernel sets
    came from: the checks made once the design is read (names, kernels) name
    it, as every other hints error does (README: "FILE: what was wrong")."""

    path: Path
    #: the symbol names the file gives, top level and in ``[[launch]]`` tables
    names: frozenset[str] = frozenset()

    @classmethod
    def of(cls, path: Path, values: Mapping[str, float], launches: list[Launch]) -> HintsFile:
        return cls(path, frozenset(values) | {name for launch in launches for name in launch.values})


@dataclass
class LaunchEstimate:
    """The estimate of one launch entry: ``seconds`` per launch, ``None``
    while symbols remain (``free_symbols``)."""

    launch: Launch
    seconds: float | None
    bound: str
    free_symbols: list[str] = field(default_factory=list)
    #: the launch's own estimate (the design's, or its one kernel's); ``None``: none
    estimate: KernelEstimate | None = None

    @property
    def label(self) -> str:
        """The bound as every output reads it (:func:`~hlsight.analyzer.results.bound_label`)."""
        return bound_label(self.estimate) if self.estimate is not None else ""

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
    return launches_in(path, load_hints_table(path))


def launches_in(path: Path, data: Mapping[str, Any]) -> list[Launch]:
    """The ``[[launch]]`` tables of a hints file's parsed ``data``."""
    tables = data.get(LAUNCH_TABLE, [])
    if not isinstance(tables, list):
        raise InputError(path, "'launch' is a single table", expected="[[launch]] (an array of tables)")
    return [_launch(path, index, table) for index, table in enumerate(tables)]


def concurrent_in(path: Path, data: Mapping[str, Any]) -> list[tuple[str, ...]]:
    """The kernel sets of a hints file's ``concurrent`` key (``data``: its
    parsed TOML): kernels the host program runs at the same time (one command
    queue each, as HPCC STREAM starts its four replicas).
    ``concurrent = ["a", "b"]`` is one set, ``[["a", "b"], ["c", "d"]]`` several."""
    raw = data.get(CONCURRENT_KEY)
    if raw is None:
        return []
    expected = 'kernel names in quotes: concurrent = ["k1", "k2"] or [["k1", "k2"], ["k3", "k4"]]'
    if not isinstance(raw, list) or not raw:
        raise InputError(path, f"concurrent = {raw!r}", expected=expected)
    sets = raw if all(isinstance(item, list) for item in raw) else [raw]
    out: list[tuple[str, ...]] = []
    for names in sets:
        if not isinstance(names, list) or len(names) < 2 or not all(isinstance(name, str) for name in names):
            raise InputError(path, f"concurrent set {names!r}", expected=expected + " (two kernels or more)")
        out.append(tuple(names))
    return out


def launched_in(path: Path, data: Mapping[str, Any]) -> tuple[str, ...]:
    """The kernels a hints file's ``launched`` key names: the host program
    launches these and no other kernel of the design (HPCC FFT built with 5
    replicas, run with 2). Empty: every kernel."""
    raw = data.get(LAUNCHED_KEY)
    if raw is None:
        return ()
    if not isinstance(raw, list) or not raw or not all(isinstance(name, str) for name in raw):
        raise InputError(path, f"launched = {raw!r}", expected='kernel names in quotes: launched = ["k1", "k2"]')
    return tuple(dict.fromkeys(raw))
