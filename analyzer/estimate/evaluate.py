"""Evaluating the symbolic estimate at the values known so far."""

from __future__ import annotations

from collections.abc import Mapping

import sympy

from hlsight.analyzer.symbols import sym


def substitutions(values: Mapping[str, float]) -> dict[sympy.Symbol, sympy.Float]:
    return {sym(name): sympy.Float(value) for name, value in values.items()}


def numeric(expr: sympy.Basic | None, subs: Mapping[sympy.Symbol, sympy.Float]) -> float | None:
    """``expr`` as a float when no free symbol remains, else ``None``."""
    if expr is None:
        return None
    value = expr.subs(subs)
    if value.free_symbols:
        return None
    try:
        return float(value)
    except TypeError:
        return None


def truth(expr: sympy.Basic, subs: Mapping[sympy.Symbol, sympy.Float]) -> bool | None:
    value = expr.subs(subs)
    if value in (sympy.true, True):
        return True
    if value in (sympy.false, False):
        return False
    return None


def free_names(expr: sympy.Basic, subs: Mapping[sympy.Symbol, sympy.Float]) -> list[str]:
    return sorted(symbol.name for symbol in expr.subs(subs).free_symbols)
