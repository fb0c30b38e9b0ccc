"""Columns for findings whose report gives only a line.

aoc/oneAPI debug info and Vivado reports carry ``file:line``; editors and the
README's ``file:line:col`` want a column. When the report embeds the source,
the column is where the finding's subject starts on that line: the LSU's
array access (``a[i]``, known from the source analysis), the loop keyword for
a loop finding, else the first non-blank character (the statement, as gcc
points at a statement it cannot narrow further).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from hlsight.analyzer.results import SourceFacts
from hlsight.core.diagnostics import Diagnostic
from hlsight.core.model import Design

_LOOP_KEYWORD = re.compile(r"\b(for|while|do)\b")


def _source_lines(design: Design, path: str) -> list[str]:
    source = design.source_file(path)
    return [] if source is None or source.content is None else source.content.splitlines()


def _access_expressions(source: SourceFacts) -> dict[str, str]:
    """LSU id -> the array access the source analysis matched it to."""
    return {lsu.id: facts.expression for lsu, facts in source.items() if facts.expression}


def column_in(text: str, expression: str | None, is_loop: bool) -> int:
    """1-based column of ``expression`` (or its array name), the loop keyword,
    or the first non-blank character of ``text``."""
    if expression:
        for needle in (expression, expression.split("[")[0] + "["):
            index = text.find(needle)
            if index >= 0:
                return index + 1
    if is_loop:
        match = _LOOP_KEYWORD.search(text)
        if match:
            return match.start() + 1
    return len(text) - len(text.lstrip()) + 1


def fill_columns(design: Design, diagnostics: Iterable[Diagnostic], source: SourceFacts) -> None:
    """Give each line-only finding into an embedded source its column."""
    expressions = _access_expressions(source)
    # each file split once per analysis, not per finding (kmers: 101 of 132 findings point into one 39 kB source)
    lines_of: dict[str, list[str]] = {}
    for diag in diagnostics:
        if diag.file is None or diag.line is None or diag.column is not None:
            continue
        lines = lines_of.get(diag.file)
        if lines is None:
            lines = lines_of[diag.file] = _source_lines(design, diag.file)
        text = lines[diag.line - 1] if 0 < diag.line <= len(lines) else None
        if text is None or not text.strip():
            continue
        expression = expressions.get(diag.subject or "")
        is_loop = diag.rule.startswith("loop") or "loop" in diag.rule or diag.message.startswith("loop ")
        diag.column = column_in(text, expression, is_loop)
