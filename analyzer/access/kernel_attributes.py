"""Attributes written on an OpenCL kernel's declaration in its embedded
source, for reports that do not list them (aoc 18.x): the SIMD lanes of
``num_simd_work_items(N)`` (with ``N`` a ``-D`` macro or a ``#define``).

Shared by the source analysis (an LSU's width is lanes x merged accesses)
and the estimate (the pipeline's lanes)."""

from __future__ import annotations

import functools
import re

from hlsight.core.model import Design, Kernel

_SIMD_ATTRIBUTE = re.compile(r"num_simd_work_items\s*\(\s*(\w+)\s*\)")


def _macro_value(name: str, design: Design, text: str) -> int | None:
    """Value of a -D macro on the aoc command line or a #define in the source."""
    for pattern, haystack in (
        (r"-D\s*" + re.escape(name) + r"=(\d+)", design.tool.command or ""),
        (r"#\s*define\s+" + re.escape(name) + r"\s+\(?(\d+)", text),
    ):
        match = re.search(pattern, haystack)
        if match:
            return int(match.group(1))
    return None


_KERNEL_KEYWORD = re.compile(r"\b(?:__)?kernel\b")
_CALLED_NAME = re.compile(r"\b(\w+)\s*\(")
_DECLARATION_END = re.compile(r"[;{]")


@functools.lru_cache(maxsize=64)
def kernel_declarations(text: str) -> dict[str, tuple[int, int]]:
    """(start, end) of the first ``kernel ... NAME(`` declaration head of
    every NAME in one source text (``kernel``/``__kernel`` up to the name,
    without crossing ``;`` or ``{``).

    One scan per text, cached: matching a pattern per kernel rescans the whole
    file each time, ~285 ms on a 37-kernel SYCL source where no name matches.
    """
    found: dict[str, tuple[int, int]] = {}
    for keyword in _KERNEL_KEYWORD.finditer(text):
        stop = _DECLARATION_END.search(text, keyword.end())
        segment_end = len(text) if stop is None else stop.start()
        for name in _CALLED_NAME.finditer(text, keyword.end(), segment_end):
            found.setdefault(name.group(1), (keyword.start(), name.end()))
    return found


def kernel_simd(kernel: Kernel, design: Design) -> int | None:
    """SIMD lanes: the report's value, else ``num_simd_work_items(N)`` in the
    declaration of the kernel in its embedded source (aoc 18.x reports do not
    list it); a declaration without the attribute has aoc's default, one lane
    (a wide LSU there comes from vector types or an unrolled loop, as fft1d's
    fetch: 8 float2 per work-item). ``None`` only when the source is not
    embedded."""
    if kernel.simd is not None:
        return kernel.simd
    for source in design.source_files:
        if source.content is None:
            continue
        span = kernel_declarations(source.content).get(kernel.name)
        if span is None:
            continue
        start, end = span
        head = source.content[max(0, start - 400) : end]
        found = _SIMD_ATTRIBUTE.findall(head)
        if not found:
            return 1
        value = found[-1]
        return int(value) if value.isdigit() else _macro_value(value, design, source.content)
    return None
