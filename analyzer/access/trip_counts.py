"""Static trip counts of HLS C loops as sympy expressions of the function arguments.

``for (int i = a; i < b; i += c)`` runs ``ceiling((b - a)/c)`` times, with
``a``, ``b`` resolved through local variables, macros and casts to the
arguments of the enclosing function (``n``, ``m``...). The HLScope+
instrumentation only needs to count the loops for which this returns
``None``. The expression assumes the loop runs at least once (a symbolic
bound below the start is not clamped to 0).
"""

from __future__ import annotations

import sympy
from pycparser import c_ast

from hlsight.analyzer.access.loop_walker import LoopWalker
from hlsight.analyzer.access.loops import LoopInfo
from hlsight.parsers.csource import CUnit


def _plain(expr: sympy.Expr) -> sympy.Expr:
    """Symbols without assumptions, named after the C identifiers."""
    return expr.xreplace({s: sympy.Symbol(s.name) for s in expr.free_symbols if isinstance(s, sympy.Symbol)})


def _enclosing_function(node: c_ast.Node, unit: CUnit) -> c_ast.FuncDef | None:
    for func in unit.functions().values():
        if any(candidate is node for candidate in unit.walk(func)):
            return func
    return None


def loop_infos(unit: CUnit, func: c_ast.FuncDef) -> dict[int, LoopInfo]:
    """Every loop of ``func`` (keyed by ``id`` of its AST node) with its trip count."""
    walker = LoopWalker(unit, func, {unit.filename: unit.lines})
    walker.run()
    return walker.loop_infos


def static_trip_count(loop: c_ast.Node, unit: CUnit) -> sympy.Expr | None:
    """Trip count of ``loop`` (a node of ``unit``), or ``None`` when the
    bounds are not a counter test with a constant step.

    Free symbols are the enclosing function's arguments (and macros the
    source leaves undefined). Loops nested in other loops report the count
    per entry, not the total.
    """
    func = _enclosing_function(loop, unit)
    if func is None:
        return None
    info = loop_infos(unit, func).get(id(loop))
    if info is None or info.trip_count is None:
        return None
    return _plain(info.trip_count)


def trip_count_reason(loop: c_ast.Node, unit: CUnit) -> str:
    """Why :func:`static_trip_count` gave what it gave (for reports and logs)."""
    func = _enclosing_function(loop, unit)
    if func is None:
        return "the loop is not inside a function of this unit"
    info = loop_infos(unit, func).get(id(loop))
    return "the loop was not reached" if info is None else info.trip_reason
