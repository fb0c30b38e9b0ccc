"""One walk per SYCL launch, shared by the report kernels it instantiates.

A templated launch (kmers' ``Kernel<0>`` ... ``Kernel<14>``) is one lambda in
the source and many kernels in the report; each kernel's walk differs only in
its label, which names the trip counts only the data decides
(``trips_<label>_L<line>``) and the sites' ``function``. Walking once and
renaming gives the same facts as walking again (kmers: 30 of its 37 walks were
such repeats, about half the walk time).

The rename rebuilds the walk's dataclasses (sites, loops, guards, symbol
tables, barriers) with every ``trips_<first label>_L`` symbol and string
renamed, keeping which objects are shared (a loop listed by several sites
stays one object); anything else (pycparser nodes, element types) is reused.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import sympy

from hlsight.analyzer.access.loops import BarrierSite, LoopInfo
from hlsight.analyzer.access.sycl_kernels import SyclKernel
from hlsight.analyzer.access.walker import AccessSite


@dataclass
class KernelWalk:
    """What the derivation reads from a kernel walk."""

    sites: list[AccessSite]
    library: set[int]
    loop_infos: dict[int, LoopInfo]
    barriers: list[BarrierSite]


@dataclass
class WalkCache:
    """Walks by launch (file, line, lambda line) with the label they were made with."""

    walks: dict[tuple[str, int, int | None], tuple[str, KernelWalk]] = field(default_factory=dict)

    def walk(self, launch: SyclKernel, label: str, walker: Callable[[], KernelWalk]) -> KernelWalk:
        """``launch``'s walk under ``label``: ``walker()`` the first time, a renamed copy after."""
        key = (launch.file, launch.line, launch.lambda_line)
        cached = self.walks.get(key)
        if cached is None:
            made = walker()
            self.walks[key] = (label, made)
            return made
        first, made = cached
        if first == label:
            return made
        renamed = relabel(made, first, label, {})
        assert isinstance(renamed, KernelWalk)
        return renamed


def relabel(value: Any, old: str, new: str, memo: dict[int, Any]) -> Any:
    """``value`` with the walk label ``old`` replaced by ``new`` in trip-count
    symbols (``trips_<old>_L...``), in site functions and in texts."""
    if isinstance(value, (int, float, bool, type(None))):
        return value
    if isinstance(value, str):
        return _rename_text(value, old, new)
    if isinstance(value, sympy.Basic):
        return _rename_expr(value, old, new)
    known = memo.get(id(value))
    if known is not None:
        return known
    result: Any
    if isinstance(value, list):
        result = memo[id(value)] = []
        result.extend(relabel(item, old, new, memo) for item in value)
    elif isinstance(value, tuple):
        result = memo[id(value)] = tuple(relabel(item, old, new, memo) for item in value)
    elif isinstance(value, set):
        result = memo[id(value)] = {relabel(item, old, new, memo) for item in value}
    elif isinstance(value, dict):
        result = memo[id(value)] = {relabel(key, old, new, memo): relabel(item, old, new, memo)
                                    for key, item in value.items()}
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {item.name: relabel(getattr(value, item.name), old, new, memo)
                   for item in dataclasses.fields(value) if item.init}
        result = memo[id(value)] = dataclasses.replace(value, **changes)
    else:
        result = value  # pycparser nodes, enums, element types: nothing labelled
    return result


def _rename_text(text: str, old: str, new: str) -> str:
    if text == old:
        return new  # a site's function
    return text.replace(f"trips_{old}_L", f"trips_{new}_L")


def _rename_expr(expr: sympy.Basic, old: str, new: str) -> sympy.Basic:
    prefix = f"trips_{old}_L"
    renames = {symbol: sympy.Symbol(f"trips_{new}_L" + symbol.name[len(prefix):], **symbol.assumptions0)
               for symbol in expr.free_symbols
               if isinstance(symbol, sympy.Symbol) and symbol.name.startswith(prefix)}
    return expr.xreplace(renames) if renames else expr
