"""Evaluating the symbolic estimate at the values known so far.

Fully bound expressions are evaluated with ``xreplace`` (every symbol
replaced at once, bottom-up), not ``subs``: ``subs`` substitutes one symbol
at a time, so a ``Max`` sees half-numeric arguments and sympy compares them
symbolically (``Max._find_localzeros``), which cost ~300 ms on a 37-kernel
design. The result is the same number.
"""

from __future__ import annotations

from collections.abc import Mapping

import sympy

from hlsight.analyzer.symbols import sym


def substitutions(values: Mapping[str, float]) -> dict[sympy.Symbol, sympy.Float]:
    return {sym(name): sympy.Float(value) for name, value in values.items()}


def bind(expr: sympy.Basic, subs: Mapping[sympy.Symbol, sympy.Float]) -> sympy.Basic:
    """``expr`` with the values of ``subs`` put in (symbols without a value stay)."""
    if expr.free_symbols <= subs.keys():
        return expr.xreplace(dict(subs))
    return expr.subs(subs)


def numeric(expr: sympy.Basic | None, subs: Mapping[sympy.Symbol, sympy.Float]) -> float | None:
    """``expr`` as a float when no free symbol remains, else ``None``."""
    if expr is None:
        return None
    value = bind(expr, subs)
    if value.free_symbols:
        return None
    try:
        return float(value)
    except TypeError:
        return None


def truth(expr: sympy.Basic, subs: Mapping[sympy.Symbol, sympy.Float]) -> bool | None:
    value = bind(expr, subs)
    if value in (sympy.true, True):
        return True
    if value in (sympy.false, False):
        return False
    return None


def free_names(expr: sympy.Basic, subs: Mapping[sympy.Symbol, sympy.Float]) -> list[str]:
    """Names of the symbols of ``expr`` that ``subs`` gives no value."""
    return sorted(symbol.name for symbol in expr.free_symbols if symbol not in subs)
