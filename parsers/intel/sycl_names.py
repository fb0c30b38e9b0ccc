"""User-visible names for oneAPI kernels the report calls ``'lambda'()``.

A SYCL kernel is named by its kernel-name type (``single_task<VectorAdd>``,
shown by the report as ``VectorAdd``) or, for an unnamed lambda, by nothing
the user wrote: the report prints ``'lambda'()``, ``'lambda'(auto)`` or
``const::'lambda'()`` for every one of them. The kernel's debug location is
the line of its ``single_task``/``parallel_for`` call, so such a kernel is
shown as ``file.cpp:line``; several kernels from one call (a call inside a
template or ``UnrolledLoop``) are numbered ``file.cpp:530#2`` in report
order. A function-template kernel, which 2024+ reports name by the tail of
its signature (``relu_config3>()``), is shown by its demangled compiler name
(:mod:`hlsight.parsers.intel.mangled_names`). The report's name is kept in
:attr:`Kernel.report_name`.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import PurePath

from hlsight.core.model import Kernel, MemorySystem
from hlsight.parsers.intel.mangled_names import is_plain_name, template_kernel_name

_LAMBDA = "'lambda'"
_OCCURRENCE = re.compile(r"#\d+$")


def is_unnamed_lambda(name: str) -> bool:
    return _LAMBDA in name


def _shown_name(kernel: Kernel) -> str | None:
    """The name to show instead of the report's, or ``None`` to keep it."""
    if is_unnamed_lambda(kernel.name):
        if kernel.location is not None and kernel.location.line > 0:
            return f"{PurePath(kernel.location.file).name}:{kernel.location.line}"
        return None
    if kernel.compiler_name and not is_plain_name(_OCCURRENCE.sub("", kernel.name)):
        return template_kernel_name(kernel.compiler_name)
    return None


def name_sycl_kernels(kernels: list[Kernel], memories: list[MemorySystem]) -> None:
    """Rename unnamed-lambda kernels to ``file:line`` and cut template kernels
    to ``function<Config>`` (and their LSU ids, loops and on-chip memory
    owners with them). Kernels without a location or a compiler name keep
    the report's name."""
    wanted: dict[int, str] = {}
    for position, kernel in enumerate(kernels):
        shown = _shown_name(kernel)
        if shown is not None:
            wanted[position] = shown
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
