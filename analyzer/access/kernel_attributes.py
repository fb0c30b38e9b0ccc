"""Attributes written on an OpenCL kernel's declaration in its embedded
source, for reports that do not list them (aoc 18.x): the SIMD lanes of
``num_simd_work_items(N)`` (with ``N`` a ``-D`` macro or a ``#define``).

Shared by the source analysis (an LSU's width is lanes x merged accesses)
and the estimate (the pipeline's lanes)."""

from __future__ import annotations

import functools
import math
import re

from hlsight.core.model import Design, Kernel

_SIMD_ATTRIBUTE = re.compile(r"num_simd_work_items\s*\(\s*(\w+)\s*\)")
_WORK_GROUP_ATTRIBUTE = re.compile(r"reqd_work_group_size\s*\(([^()]*(?:\([^()]*\)[^()]*)*)\)")


def _macro_text(name: str, design: Design, text: str) -> str | None:
    """What a ``-D`` macro on the aoc command line (first) or a ``#define``
    in the source stands for, without a trailing ``//`` comment."""
    command = re.search(r"-D\s*" + re.escape(name) + r"=(\S+)", design.tool.command or "")
    if command is not None:
        return command.group(1)
    define = re.search(r"#\s*define\s+" + re.escape(name) + r"\s+([^\n]+)", text)
    return None if define is None else define.group(1).split("//")[0].strip()


def _macro_value(name: str, design: Design, text: str) -> int | None:
    """The number a macro starts with (``16``, ``(16)``)."""
    body = _macro_text(name, design, text)
    match = None if body is None else re.match(r"\(?(\d+)", body)
    return None if match is None else int(match.group(1))


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
    found = _attribute(kernel, design, _SIMD_ATTRIBUTE)
    if found is None:
        return None
    value, text = found
    if value is None:
        return 1
    return int(value) if value.isdigit() else _macro_value(value, design, text)


def _attribute(kernel: Kernel, design: Design, pattern: re.Pattern[str]) -> tuple[str | None, str] | None:
    """The arguments of the last ``pattern`` attribute written before or in
    ``kernel``'s declaration (``None`` when it has none), with the whole
    source for macro look-ups; ``None`` when no embedded source declares it."""
    for source in design.source_files:
        if source.content is None:
            continue
        span = kernel_declarations(source.content).get(kernel.name)
        if span is not None:
            start, end = span
            found = pattern.findall(source.content[_declaration_start(source.content, start) : end])
            return (found[-1] if found else None), source.content
    return None


_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
#: how far before ``kernel`` an attribute written ahead of it may start
_ATTRIBUTE_REACH = 400


def _declaration_start(text: str, keyword: int) -> int:
    """Where the declaration whose ``kernel`` keyword is at ``keyword``
    starts: after the ``;`` or ``}`` that ends the previous one (comments
    skipped), at most :data:`_ATTRIBUTE_REACH` characters back. The
    previous kernel's ``reqd_work_group_size`` a few lines up is not this
    kernel's."""
    low = max(0, keyword - _ATTRIBUTE_REACH)
    window = _COMMENT.sub(lambda comment: " " * len(comment.group(0)), text[low:keyword])
    end = max(window.rfind(";"), window.rfind("}"))
    return low + end + 1 if end >= 0 else low


_COMPUTE_UNITS_ATTRIBUTE = re.compile(r"num_compute_units\s*\(([^()]*)\)")


def kernel_compute_units(kernel: Kernel, design: Design) -> int | None:
    """Copies of the kernel: the report's "# Compute Units", else the product
    of ``num_compute_units(X[, Y, Z])`` in its declaration (1 without one);
    ``None`` when neither says (no report value, no embedded source, or a
    count that is not a constant)."""
    if kernel.compute_units is not None:
        return kernel.compute_units
    found = _attribute(kernel, design, _COMPUTE_UNITS_ATTRIBUTE)
    if found is None or found[0] is None:
        return None if found is None else 1
    parts = [_constant_product(part, design, found[1]) for part in found[0].split(",")]
    return None if None in parts else math.prod(part for part in parts if part is not None)


def kernel_local_size(kernel: Kernel, design: Design) -> tuple[int, int, int] | None:
    """The work-group size ``reqd_work_group_size(X, Y, Z)`` fixes (each a
    number, a ``-D`` macro, a ``#define`` or a product of those, as
    ``(1024 * 32)``), so ``get_local_size(d)`` is a constant, not a launch
    value; ``None`` when the kernel has no such attribute or a size is not
    a constant."""
    found = _attribute(kernel, design, _WORK_GROUP_ATTRIBUTE)
    if found is None:
        return None
    sizes, text = found
    if sizes is None:
        return None
    values: list[int] = []
    for part in sizes.split(","):
        value = _constant_product(part, design, text)
        if value is None:
            return None
        values.append(value)
    if not 1 <= len(values) <= 3:
        return None
    x, y, z = [*values, 1, 1][:3]
    return x, y, z


def _constant_product(text: str, design: Design, source: str, depth: int = 0) -> int | None:
    """``1024 * 32``, ``REQD_WG_SIZE`` (a macro of such), or a number."""
    if depth > 8:
        return None
    product = 1
    for factor in text.replace("(", " ").replace(")", " ").split("*"):
        word = factor.strip()
        if word.isdigit():
            product *= int(word)
            continue
        if not re.fullmatch(r"[A-Za-z_]\w*", word):
            return None
        body = _macro_text(word, design, source)
        value = None if body is None else _constant_product(body, design, source, depth + 1)
        if value is None:
            return None
        product *= value
    return product
