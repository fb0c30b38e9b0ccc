"""The ``M_AXI Burst Information`` of Vitis' ``csynth.rpt`` (its ``==``
section) and of ``csynth.xml`` (``<ReportBurst>``, the same tables: a set
that keeps only the XML, a public 2022.2 top-k kernel, was timed as
bursting where the report says its accesses could not burst).

Vitis (>= 2021.2 in the corpus) says which m_axi accesses it turned into
bursts and which it could not: ``No burst in design`` (2021.2 ascon, 2022.1
fault detector), an ``* Inferred Burst Summary`` (``HW Interface``,
``Direction``, ``Length`` in beats, ``Width``; 2022.2 adds ``Loop`` and
``Location``), and the accesses it could not burst: ``* Inferred Bursts and
Widening Missed`` (2022.2: ``Problem`` per variable) or ``* All M_AXI
Variable Accesses`` (2023.2+: ``Burst Status`` ``Inferred``/``Fail``/
``Widen Fail`` per access). HLScope+ (section IV) times an m_axi transfer by
the length of its transactions (eq. 7's DSIZE, eq. 10's burst length) and
discrete accesses as random ones: the report's own answer is what the
hardware does, so it is read here rather than guessed from the source.

Per bundle and direction: the longest burst of the ``Inferred Burst Summary``
(beats; ``0`` when it lists none: an access inferred alone may be dropped for
its region; ``variable`` when its length is not a number) and
the problems that kept accesses from bursting (widening problems left out:
they change a beat's width, not whether it bursts).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

from hlsight.parsers.vivado.names import BURST_MISSED_KEY as MISSED_KEY
from hlsight.parsers.vivado.names import READ_BURST_KEY as READ_KEY
from hlsight.parsers.vivado.names import WRITE_BURST_KEY as WRITE_KEY
from hlsight.parsers.vivado.text_tables import TextTable, column_names, read_table

HEADING = "== M_AXI Burst Information"


@dataclass
class BundleBursts:
    """What the section says of one bundle (``m_axi_gmem``)."""

    read: str = "0"
    write: str = "0"
    missed: list[str] = field(default_factory=list)

    def details(self) -> dict[str, str]:
        out = {READ_KEY: self.read, WRITE_KEY: self.write}
        if self.missed:
            out[MISSED_KEY] = "; ".join(dict.fromkeys(self.missed))
        return out


#: the tables of the section, by their title (``* Title`` in the rpt, ``<item name="Title">`` in the XML)
_SUMMARY = "Inferred Burst Summary"
_TABLES = (_SUMMARY, "Inferred Bursts and Widening Missed", "All M_AXI Variable Accesses")


def read_bursts(lines: list[str]) -> dict[str, BundleBursts] | None:
    """Bundle interface name -> its bursts; ``None`` when the report has no
    such section (before Vitis, or a report cut before it). A section with
    no table lists no burst: every bundle named later gets ``0``."""
    start = next((at for at, line in enumerate(lines) if line.strip() == HEADING), None)
    if start is None:
        return None
    end = next((at for at in range(start + 2, len(lines)) if lines[at].startswith("== ")), len(lines))
    rows: list[tuple[str, dict[str, str]]] = []
    for at in range(start, end):
        title = lines[at].strip().removeprefix("* ")
        if not lines[at].strip().startswith("* ") or title not in _TABLES:
            continue
        table = read_table(lines, at + 1, at + 4)
        if table is None or not table.header:
            continue
        rows.extend((title, cells) for cells in _rows(table))
    return _bursts(rows)


def read_xml_bursts(root: etree._Element) -> dict[str, BundleBursts] | None:
    """The same from ``csynth.xml``'s ``<ReportBurst>``: ``<keys>`` names the
    columns, each ``<column name="m_axi_gmem">`` is a row whose first cell
    (the interface) is its name and the others its text, comma-separated.
    A problem holding a comma takes the cells beyond the key count."""
    section = root.find("ReportBurst/section")
    if section is None:
        return None
    rows: list[tuple[str, dict[str, str]]] = []
    for item in section.iterfind("item"):
        title = item.get("name") or ""
        keys = item.find("table/keys")
        if title not in _TABLES or keys is None:
            continue
        columns = [key.strip() for key in (keys.text or "").split(",")]
        for row in item.iterfind("table/column"):
            cells = [cell.strip() for cell in (row.text or "").split(",")]
            extra = len(cells) - (len(columns) - 1)
            if extra > 0 and "Problem" in columns[1:]:
                at = columns[1:].index("Problem")
                cells[at:at + extra + 1] = [", ".join(cells[at:at + extra + 1])]
            rows.append((title, dict(zip(columns, [row.get("name") or "", *cells], strict=False))))
    return _bursts(rows)


def _bursts(rows: list[tuple[str, dict[str, str]]]) -> dict[str, BundleBursts]:
    """Per bundle: the longest burst the summary keeps per direction, and the
    problems that kept accesses from bursting."""
    found: dict[str, BundleBursts] = {}
    for title, cells in rows:
        name = cells.get("HW Interface", "")
        if not name.startswith("m_axi_"):
            continue
        bursts = found.setdefault(name, BundleBursts())
        status = cells.get("Burst Status")
        problem = cells.get("Problem", "")
        if title == _SUMMARY:  # the bursts kept: an access inferred alone may be
            # dropped for its region (2025.2 conv2d: gmem1's "Inferred" accesses, none in the summary,
            # "Could not burst due to multiple potential reads to the same bundle in the same region")
            _record(bursts, cells.get("Direction", ""), cells.get("Length", ""))
        elif problem and not problem.startswith("Could not widen") and status in (None, "Fail"):
            bursts.missed.append(problem)
    return found


def _rows(table: TextTable) -> list[dict[str, str]]:
    columns = column_names(table)
    return [dict(zip(columns, (cell.strip() for cell in row), strict=False)) for row in table.rows]


def _record(bursts: BundleBursts, direction: str, length: str) -> None:
    """The longest burst per direction; a length that is no number is ``variable``."""
    value = length if length.isdigit() else "variable"
    for name in ("read", "write"):
        if direction.lower() in (name, "read/write", "readwrite"):
            current = getattr(bursts, name)
            if current == "0" or (current.isdigit() and value.isdigit() and int(value) > int(current)) \
                    or (value == "variable" and current.isdigit()):
                setattr(bursts, name, value)
