"""What a source writes right above a loop: ``#pragma`` lines and
``[[intel::...]]`` attributes, read as text.

Both front ends need them where their parsers do not keep them: libclang
gives no cursor for aoc's pragmas and attributes, and pycparser keeps one
pragma per statement (``#pragma loop_coalesce`` above ``#pragma unroll`` is
lost). One scan serves the C and the SYCL walker, so a loop annotated the
same way reads the same in OpenCL C and in SYCL.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

#: a line holding only ``[[...]]`` attributes
_ATTRIBUTE_LINE = re.compile(r"^\s*(\[\[.*\]\]\s*)+$")
#: ``#pragma loop_coalesce [N]`` (OpenCL, i++) or ``[[intel::loop_coalesce(N)]]``
#: (SYCL; ``intelfpga::`` in oneAPI 2020-2021), the argument as written
_COALESCE = re.compile(
    r"#\s*pragma\s+loop_coalesce\b[ \t]*(?P<pragma>[^\s/]*)"
    r"|\[\[\s*intel(?:fpga)?::loop_coalesce\s*(?:\(\s*(?P<attribute>[^)]*?)\s*\))?\s*\]\]")
#: where a loop statement starts on its line
_LOOP_KEYWORD = re.compile(r"\b(?:for|while|do)\b")


def annotation_lines(lines: list[str], line: int) -> Iterator[str]:
    """The annotations of the loop that starts on ``line`` (1-based), nearest
    first: what its own line holds before the loop keyword
    (``[[intel::loop_coalesce(2)]] for (...)``), then the pragma, attribute
    and comment lines right above it, up to the first line of other code."""
    if 1 <= line <= len(lines):
        own = lines[line - 1]
        keyword = _LOOP_KEYWORD.search(own)
        if keyword is not None and own[:keyword.start()].strip():
            yield own[:keyword.start()]
    number = line - 1
    while 1 <= number <= len(lines):
        raw = lines[number - 1]
        stripped = raw.strip()
        if stripped and not stripped.startswith(("//", "#pragma", "# pragma")) and not _ATTRIBUTE_LINE.match(raw):
            return
        yield raw
        number -= 1


def coalesce_above(lines: list[str], line: int) -> str | None:
    """The argument of the ``loop_coalesce`` written on the loop at ``line``:
    ``""`` when it has none (every nested level merges), the number or name
    as written, ``None`` when the loop carries no such annotation."""
    for raw in annotation_lines(lines, line):
        if raw.lstrip().startswith("//"):
            continue
        match = _COALESCE.search(raw)
        if match is not None:
            return match.group("pragma") or match.group("attribute") or ""
    return None
