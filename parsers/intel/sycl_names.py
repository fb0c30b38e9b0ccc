"""User-visible names for oneAPI kernels the report calls ``'lambda'()``.

A SYCL kernel is named by its kernel-name type (``single_task<VectorAdd>``,
shown by the report as ``VectorAdd``) or, for an unnamed lambda, by nothing
the user wrote: the report prints ``'lambda'()``, ``'lambda'(auto)`` or
``const::'lambda'()`` for every one of them. The kernel's debug location is
the line of its ``single_task``/``parallel_for`` call, so such a kernel is
shown as ``file.cpp:line``; several kernels from one call (a call inside a
template or ``UnrolledLoop``) are numbered ``file.cpp:530#2`` in report
order. The report's name is kept in :attr:`Kernel.report_name`.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import PurePath

from hlsight.core.model import Kernel, MemorySystem

_LAMBDA = "'lambda'"
_OCCURRENCE = re.compile(r"#\d+$")


def is_unnamed_lambda(name: str) -> bool:
    return _LAMBDA in name


def name_sycl_kernels(kernels: list[Kernel], memories: list[MemorySystem]) -> None:
    """Rename unnamed-lambda kernels to ``file:line`` (and their LSU ids and
    on-chip memory owners with them). Kernels without a location keep the
    report's name."""
    wanted: dict[int, str] = {}
    for position, kernel in enumerate(kernels):
        if is_unnamed_lambda(kernel.name) and kernel.location is not None and kernel.location.line > 0:
            wanted[position] = f"{PurePath(kernel.location.file).name}:{kernel.location.line}"
    taken = {kernel.name for position, kernel in enumerate(kernels) if position not in wanted}
    seen: Counter[str] = Counter()
    renamed: dict[str, str] = {}
    for position, base in wanted.items():
        seen[base] += 1
        name = base if seen[base] == 1 else f"{base}#{seen[base]}"
        while name in taken:
            seen[base] += 1
            name = f"{base}#{seen[base]}"
        taken.add(name)
        kernel = kernels[position]
        renamed[kernel.name] = name
        kernel.report_name = _OCCURRENCE.sub("", kernel.name)  # mav repeats the name; '#n' was ours
        kernel.name = name
        for lsu in kernel.lsus:
            _old, _slash, suffix = lsu.id.rpartition("/")
            lsu.id = f"{name}/{suffix}"
        for loop in kernel.all_loops():
            # '<kernel>.B3' rows: the lambda prefix is shared by every unnamed kernel
            if loop.name.startswith(f"{kernel.report_name}."):
                loop.name = name + loop.name[len(kernel.report_name):]
    for memory in memories:
        if memory.kernel in renamed:
            memory.kernel = renamed[memory.kernel]
