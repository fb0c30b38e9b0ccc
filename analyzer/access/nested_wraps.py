"""Loop nests flattened three deep: each level's wrap paces the level outside it.

Intel's loop-coalescing advice flattens a nest into one loop by hand
(decision 62 reads two levels); a third level moves in the branch that
wraps the second::

    j++;
    if (j == W) { j = 0; i++; if (i == H) { i = 0; k++; } }
    } while (k < D);

and Rodinia FPGA's hotspot v9 (Zohouri et al.) writes its block sweep with
conditional expressions, the row wrapping under the column's pass::

    x = x < BSIZE - SSIZE ? x + SSIZE : 0;
    y = x == 0 ? (y == grid_rows ? -1 : y + 1) : y;
    if (x == 0 && y == -1) bx += BSIZE;
    } while (bx < grid_cols);

A counter cycling through L values wraps once per L of its moves
(:func:`~hlsight.analyzer.access.paced_loops.wrap_pace`), so a statement in
the branch that resets it runs at that pace, and a loop that exits on a row
moved there runs ``L_inner x L_middle x rows`` iterations. This module
reads where the statements sit; the walker knows the counters' values.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import sympy
from pycparser import c_ast

from hlsight.analyzer.access.loop_shapes import Branches, body_items, counter_updates
from hlsight.analyzer.access.paced_loops import EVERY_ITERATION, RowPace, reads_after_update


@dataclass(frozen=True)
class WrapTest:
    """A wrap written as a conditional expression (``y = x == 0 ? (y == R ?
    -1 : y + 1) : y``): the iteration it happens in is the one where, after
    both updates, ``pacer == value`` and ``counter == first``."""

    pacer: str
    value: sympy.Expr
    counter: str
    first: sympy.Expr


@dataclass(frozen=True)
class Wrap:
    """When a cycling counter wraps (``pace``), and how a statement is known
    to run in those iterations: by sitting in the branch that resets it
    (``reset_path``), or by testing :class:`WrapTest`. ``wraps_every`` is
    the cycle's length when the counter steps on every iteration but the
    wrap (decision 62's column): a row moved by one in its branch is then
    read as moving with it (``SymbolInfo.row_step``)."""

    pace: RowPace
    reset_path: Branches | None = None
    test: WrapTest | None = None
    wraps_every: sympy.Expr | None = None


def cycle_paths(name: str, body: c_ast.Node) -> tuple[Branches, Branches] | None:
    """``(moving, reset)`` for a cycling counter's updates: the branches
    under which all of them run (the ``if`` that resets it sits there) and
    the branches of its one reset; ``None`` unless it has exactly one
    reset and one increment, both under ``moving``."""
    updates = counter_updates(name, body)
    if updates.other or len(updates.resets) != 1 or len(updates.increments) != 1 or not updates.resets[0]:
        return None
    reset = tuple(updates.resets[0])
    moving = reset[:-1]
    if tuple(updates.increments[0][:len(moving)]) != moving:
        return None
    return moving, reset


def event_pace(path: Branches, statement_of: str, body: c_ast.Node, wraps: Mapping[str, Wrap],
               value: Callable[[c_ast.Node], sympy.Expr]) -> RowPace | None:
    """How often the updates of ``statement_of`` under ``path`` run: in
    every iteration for no test, else at the wrap :func:`wrap_at` finds;
    ``None`` for anything else."""
    if not path:
        return EVERY_ITERATION
    wrap = wrap_at(path, statement_of, body, wraps, value)
    return None if wrap is None else wrap.pace


def wrap_at(path: Branches, statement_of: str, body: c_ast.Node, wraps: Mapping[str, Wrap],
            value: Callable[[c_ast.Node], sympy.Expr]) -> Wrap | None:
    """The wrap in whose iterations the updates of ``statement_of`` under
    ``path`` run: a counter's, for the branch that resets it, or for a
    top-level ``if (pacer == value && counter == first)`` written after
    both updates (:class:`WrapTest`); ``None`` for anything else."""
    for wrap in wraps.values():
        if wrap.reset_path == path:
            return wrap
    gate, taken = path[0]
    if len(path) != 1 or not taken or not any(item is gate for item in body_items(body)):
        return None
    tested = _equalities(gate.cond, value)
    for wrap in wraps.values():
        test = wrap.test
        if test is None or tested != {(test.pacer, test.value), (test.counter, test.first)}:
            continue
        if reads_after_update(body, statement_of, test.counter) and reads_after_update(body, statement_of, test.pacer):
            return wrap
    return None


def _equalities(cond: c_ast.Node, value: Callable[[c_ast.Node], sympy.Expr]) -> set[tuple[str, sympy.Expr]]:
    """``{(x, 0), (y, -1)}`` for ``x == 0 && y == -1``; empty for anything
    but a conjunction of two ``name == expression`` tests."""
    if not isinstance(cond, c_ast.BinaryOp) or cond.op != "&&":
        return set()
    found: set[tuple[str, sympy.Expr]] = set()
    for part in (cond.left, cond.right):
        if not isinstance(part, c_ast.BinaryOp) or part.op != "==":
            return set()
        for side, other in ((part.left, part.right), (part.right, part.left)):
            if isinstance(side, c_ast.ID):
                found.add((side.name, sympy.expand(value(other))))
                break
        else:
            return set()
    return found if len(found) == 2 else set()
