"""The "Bind Op Report" of Vitis' ``csynth.rpt`` (2021.2 and later).

Per module (a ``+ name`` row, indented by depth), one row per operation:
``Name`` (the RTL instance), ``DSP``, ``Pragma``, ``Variable`` (the source
value the operation computes, as Vitis names its versions: ``sum_1``),
``Op`` (``dadd``, ``fmul``, ``add``), ``Impl`` (``fulldsp``, ``fabric``)
and ``Latency`` (cycles; ``-`` or empty when none is given). MachSuite
spmv's 2022.2.2 table binds ``sum_1`` to a ``dadd`` of latency 4, the II
of the loop that accumulates it (:mod:`hlsight.analyzer.access.recurrence`).
The table only adds to the module reports, so a file that cannot be read
is a warning.
"""

from __future__ import annotations

from pathlib import Path

from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.errors import InputError
from hlsight.core.limits import reading
from hlsight.core.model import BoundOperator
from hlsight.parsers.vivado.rpt import read_text
from hlsight.parsers.vivado.text_tables import read_table

EXPECTED = "a Vitis HLS csynth.rpt synthesis summary"
RULE = "vivado-bind-ops"
_HEADING = "== Bind Op Report"
_COLUMNS = ("Name", "DSP", "Pragma", "Variable", "Op", "Impl", "Latency")


def read_bind_ops(path: Path) -> tuple[dict[str, list[BoundOperator]], list[Diagnostic]]:
    """Each module's bound operators (empty when the file has no such table)."""
    try:
        with reading(path, EXPECTED):
            return _read(path), []
    except InputError as error:
        return {}, [Diagnostic(rule=RULE, severity=Severity.WARNING, file=str(path),
                               message=f"{path.name} not read ({error.message}): its bind-op table is not used")]


def _read(path: Path) -> dict[str, list[BoundOperator]]:
    lines = read_text(path)
    heading = next((at for at, line in enumerate(lines) if line.strip() == _HEADING), None)
    if heading is None:
        return {}
    table = read_table(lines, heading + 1, heading + 6)
    if table is None or not table.header or not table.closed:
        raise InputError(path, f"line {heading + 1}: bind-op table cut short or without a header", expected=EXPECTED)
    columns = [cell.strip() for cell in table.header[0]]
    if tuple(columns[:len(_COLUMNS)]) != _COLUMNS:
        raise InputError(path, f"line {heading + 1}: bind-op columns {columns}", expected=EXPECTED)
    found: dict[str, list[BoundOperator]] = {}
    module: str | None = None
    for row in table.rows:
        cells = [cell.strip() for cell in row]
        if len(cells) < len(_COLUMNS):
            continue
        name = cells[0]
        if name.startswith("+ "):
            module = name[2:].strip()
            found.setdefault(module, [])
            continue
        if module is None or not cells[3] or not cells[4]:
            continue
        latency = int(cells[6]) if cells[6].isdigit() else None
        found[module].append(BoundOperator(variable=cells[3], op=cells[4], impl=cells[5], latency=latency))
    return found
