"""How the counters of a loop nest coalesced by hand move addresses and
gate accesses (docs/model.md decision 62).

``while (i < n) { out[i * W + j] = ...; j++; if (j == W) { j = 0; i++; } }``:
the walker (:mod:`hlsight.analyzer.access.loop_walker`) marks the cycling
column (``SymbolInfo.cycle_step``, ``wraps_every``) and the row it paces
(``row_step``) with the test of the ``if`` that wraps them
(``wrap_test``). Here :func:`~hlsight.analyzer.access.classify.classify`
reads, for one access, how far each moves the address per iteration and
how often the wrap's own branch runs.
"""

from __future__ import annotations

import sympy
from pycparser import c_ast

from hlsight.analyzer.access.c_symbols import SymbolInfo
from hlsight.analyzer.access.walker import AccessSite, Guard, Test


def wrap_step(site: AccessSite, symbol: sympy.Symbol, info: SymbolInfo) -> tuple[sympy.Expr, str, bool] | None:
    """How a counter of a hand-coalesced nest moves the address per
    iteration (decision 62): ``(step, words, averaged)``, or ``None``.

    A column that wraps (``j++; if (j == K) j = 0;``) steps between its
    wraps; the row moved where it wraps steps from one wrap to the next
    under that branch (``if (j == K) { out[i] = s; ...; i++; }``), and
    elsewhere once every period, on average, unless the column its wrap
    paces moves the same address (``i * K + j``: the row is still between
    the column's wraps, as an integer division is between its remainder's)."""
    wrapping = _under_test(site, info.wrap_test)
    if info.cycle_step is not None and wrapping is not True:
        return sympy.Integer(info.cycle_step), f" between its wraps every {info.wraps_every} iterations", False
    if info.row_step is None or info.wraps_every is None:
        return None
    if wrapping is True:
        return sympy.Integer(info.row_step), " from one wrap to the next", False
    table = site.table
    paced_with = any((other := table.info(each)) is not None and other.cycle_step is not None
                     and other.wrap_test is info.wrap_test for each in site.index.free_symbols)
    if not paced_with:
        return sympy.Integer(info.row_step) / info.wraps_every, f" once every {info.wraps_every} iterations", True
    return None


def wrap_shares(site: AccessSite) -> dict[Test, tuple[sympy.Expr, str]]:
    """The test of the branch that wraps a cycling counter of an enclosing
    loop (decision 62: ``x -= 4; if (x == -1) { x = 15; ...; col--; }``)
    holds once per cycle, its else branch in the rest, whatever values the
    counter takes; by test, the share and the sentence."""
    shares: dict[Test, tuple[sympy.Expr, str]] = {}
    lines = {loop.line for loop in site.loops}
    for info in site.table.infos.values():
        if info.cycle_step is None or info.wraps_every is None or info.loop not in lines:
            continue
        for guard in site.guards:
            taken = _branch(guard, info.wrap_test)
            tests = guard.effective_tests()
            if taken is None or len(tests) != 1 or not guard.complete:
                continue
            share = 1 / info.wraps_every if taken else 1 - 1 / info.wraps_every
            where = "where" if taken else "except where"
            shares[tests[0]] = (share, f"{where} `{info.text}` wraps, once every {info.wraps_every} iterations")
    return shares


def _under_test(site: AccessSite, test: object) -> bool | None:
    """Whether ``site`` stands in the taken branch (``True``) or the else
    branch (``False``) of the ``if`` testing ``test``; ``None`` outside it
    or with no test."""
    if test is None:
        return None
    for guard in site.guards:
        branch = _branch(guard, test)
        if branch is not None:
            return branch
    return None


def _branch(guard: Guard, test: object) -> bool | None:
    """``True`` when ``guard`` is the taken branch of the ``if`` testing
    ``test``, ``False`` its else branch (negated, or ``!(...)`` of an ``&&``
    or ``||`` test), ``None`` when it is another test's."""
    if guard.condition is test:
        return not guard.negated
    if isinstance(guard.condition, c_ast.UnaryOp) and guard.condition.expr is test:
        return False
    return None
