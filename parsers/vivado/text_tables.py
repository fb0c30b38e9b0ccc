"""The ASCII tables of Vivado/Vitis ``.rpt`` files (format notes §2.1).

Borders match ``+---+---+``; rows are ``|cell|cell|``. Header rows are the
rows between the first and second border (recognised by position, not by
content); data rows follow until the next border. Cells are returned
unstripped so callers can read the loop-nesting marker of the first cell.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_BORDER = re.compile(r"^\s*\+(?:-+\+)+\s*$")
_ROW = re.compile(r"^\s*\|.*\|\s*$")


@dataclass
class TextTable:
    header: list[list[str]] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    end: int = 0  # index of the line after the table
    closed: bool = False  # the bottom border was found (a cut file ends inside a table)


def split_row(line: str) -> list[str]:
    body = line.strip()
    return body[1:-1].split("|")


def is_border(line: str) -> bool:
    return _BORDER.match(line) is not None


def column_names(table: TextTable) -> list[str]:
    """Each column's name, its header rows joined (``Max Read`` over
    ``Burst Length`` is ``Max Read Burst Length``)."""
    return [" ".join(" ".join(row[index].split()) for row in table.header if index < len(row)).strip()
            for index in range(len(table.header[0]))]


def read_table(lines: list[str], start: int, limit: int | None = None) -> TextTable | None:
    """The table whose top border is the first border at or after ``start``
    (searching up to ``limit``); ``None`` when there is none or the section
    says ``N/A``."""
    stop = len(lines) if limit is None else min(limit, len(lines))
    index = start
    while index < stop and not is_border(lines[index]):
        if lines[index].strip() == "N/A":
            return None
        index += 1
    if index >= stop:
        return None
    table = TextTable()
    index += 1
    while index < len(lines) and _ROW.match(lines[index]):
        table.header.append(split_row(lines[index]))
        index += 1
    if index < len(lines) and is_border(lines[index]):
        index += 1
        while index < len(lines) and _ROW.match(lines[index]):
            table.rows.append(split_row(lines[index]))
            index += 1
    else:  # a table with a single row group: what we took for headers is data
        table.rows, table.header = table.header, []
    table.closed = index < len(lines) and is_border(lines[index])
    table.end = index
    return table
