"""Apply insertions and small replacements to the original source text.

Edits are collected first and applied in one pass so offsets always refer to
the untouched original. Several insertions at one offset are ordered by
``rank``: openings of outer blocks before inner ones, closings of inner
blocks before outer ones (callers encode this in the rank).
"""

from __future__ import annotations

from dataclasses import dataclass

from hlsight.core.errors import InputError


@dataclass(frozen=True)
class Edit:
    start: int
    end: int  # == start for a pure insertion
    rank: int
    text: str


def apply_edits(text: str, edits: list[Edit], filename: str = "<source>") -> str:
    out: list[str] = []
    cursor = 0
    for edit in sorted(edits, key=lambda e: (e.start, e.rank)):
        if edit.start < cursor:
            raise InputError(filename, f"overlapping source edits at offset {edit.start}",
                             expected="statements that can be instrumented separately")
        out.append(text[cursor : edit.start])
        out.append(edit.text)
        cursor = edit.end
    out.append(text[cursor:])
    return "".join(out)


def opening_rank(depth: int, inner: int = 0) -> int:
    """Rank of an opening snippet of a block at nesting ``depth``."""
    return 1000 + depth * 4 + inner


def closing_rank(depth: int, inner: int = 0) -> int:
    """Rank of a closing snippet: deeper blocks (and inner parts) close first."""
    return -(depth * 4 + inner) - 1
