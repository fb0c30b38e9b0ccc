"""Flattened loop nests: a column counter that wraps and a row counter it paces.

Single work-item kernels flatten a 2-D sweep into one loop (Rodinia FPGA's
hotspot v7, Zohouri et al.)::

    int x = 0, y = 0;
    do {
      ...
      x = x < BSIZE - SSIZE ? x + SSIZE : 0;   // the column, wrapping
      y = x == 0 ? y + 1 : y;                   // the row, once per wrap
    } while (y < grid_rows);

The loop runs (BSIZE / SSIZE) x grid_rows times. This module reads the
wrap written as a conditional expression (the ``& (M - 1)`` form is
:func:`~hlsight.analyzer.access.loops.update_step`'s), the row step
written as one (the ``if (x == 0) y++;`` form is
:func:`~hlsight.analyzer.access.loops.pacing_test`'s), and counts a loop
whose exit tests the row.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

import sympy
from pycparser import c_ast

from hlsight.analyzer.access.loop_shapes import assigned_in, body_items, mentions

#: a ``keep stepping`` test the other way round (``v >= L ? 0 : v + c`` keeps while ``v < L``)
_KEEP_WHEN_FALSE = {">=": "<", ">": "<=", "==": "!="}
_MIRROR = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}
#: iterations a wrap's phase is looked for in, at most (a period longer than this is not counted)
MAX_PERIOD = 1 << 16


def wrapping_step(
    node: c_ast.TernaryOp, convert: Callable[[c_ast.Node], sympy.Expr], marker: sympy.Symbol, start: sympy.Expr | None,
) -> tuple[sympy.Expr, sympy.Expr] | None:
    """``(c, M)`` when ``v = <node>`` steps ``v`` by ``c`` and wraps it to 0,
    running through 0, c, ..., M - c as ``v = (v + c) % M`` does from 0:
    ``v < L ? v + c : 0``, ``v + c < L ? v + c : 0``, ``v <= L ? ...``,
    ``v == L ? 0 : v + c`` and their mirrors, with ``c`` and ``L``
    numbers. ``marker`` is the symbol ``convert`` reads ``v`` as;
    ``start`` (its value on entry) must be one of those values, so that
    the modulo's orbit is the conditional's. ``None`` for anything else."""
    cond = node.cond
    if not isinstance(cond, c_ast.BinaryOp) or cond.op not in _MIRROR:
        return None
    taken, other = convert(node.iftrue), convert(node.iffalse)
    op = cond.op
    left, right = sympy.expand(convert(cond.left)), sympy.expand(convert(cond.right))
    if marker in right.free_symbols and marker not in left.free_symbols:
        left, right, op = right, left, _MIRROR[op]  # `L > x` is `x < L`
    if other == 0:
        stepped = taken
    elif taken == 0 and op in _KEEP_WHEN_FALSE:
        stepped, op = other, _KEEP_WHEN_FALSE[op]  # `x >= L ? 0 : x + c` keeps stepping while x < L
    else:
        return None
    step = sympy.expand(stepped - marker)
    shift = sympy.expand(left - marker)
    if not (step.is_Integer and step > 0 and shift.is_Integer and right.is_Integer and op in ("<", "<=", "!=")):
        return None
    values = _values(op, int(right) - int(shift), int(step))
    if values is None:
        return None
    modulus = sympy.Integer(int(step) * values)
    if start is not None and not (start.is_Integer and 0 <= start < modulus and start % step == 0):
        return None
    return step, modulus


def _values(op: str, limit: int, step: int) -> int | None:
    """How many values 0, step, 2 step, ... a counter takes while ``v op
    limit`` keeps it stepping (the first that fails is the last value
    before the wrap); ``None`` when it never wraps or never steps."""
    if op == "<":
        last = -(-limit // step) if limit > 0 else 0
    elif op == "<=":
        last = limit // step + 1 if limit >= 0 else 0
    elif limit >= 0 and limit % step == 0:
        last = limit // step
    else:
        return None
    return last + 1 if last > 0 else None


class TernaryPacing(NamedTuple):
    """A counter moved by a top-level conditional assignment gated on
    another variable's value (:func:`ternary_pacing`): the gate's variable
    and value, and, when the move wraps (``y == R ? F : y + 1``), its last
    and first values."""

    pacer: str
    value: c_ast.Node
    wrap: tuple[c_ast.Node, c_ast.Node] | None = None


def ternary_pacing(name: str, body: c_ast.Node) -> TernaryPacing | None:
    """The pacer when the body's one update of ``name`` is a top-level
    ``name = v == c ? name + 1 : name`` (or ``v != c ? name : name + 1``):
    the row moves once per period of ``v``, as under ``if (v == c)``. The
    move may wrap the row itself, ``name == R ? F : name + 1`` (or
    ``name != R ? name + 1 : F``): Rodinia FPGA's hotspot v9 sweeps rows
    -1..grid_rows that way, once per pass of its column counter."""
    updates = assigned_in(body).get(name, [])
    if len(updates) != 1:
        return None
    update = updates[0][0]
    if not any(item is update for item in body_items(body)) or not isinstance(update, c_ast.Assignment):
        return None
    value = update.rvalue
    if update.op != "=" or not isinstance(value, c_ast.TernaryOp) or not isinstance(value.cond, c_ast.BinaryOp):
        return None
    cond = value.cond
    stays = {"==": value.iffalse, "!=": value.iftrue}.get(cond.op)
    moves = {"==": value.iftrue, "!=": value.iffalse}.get(cond.op)
    if stays is None or moves is None or not _is_name(stays, name):
        return None
    plain = _plus_one(moves, name)
    wrap = None if plain else _wrapping_move(moves, name)
    if not plain and wrap is None:
        return None
    for side, other in ((cond.left, cond.right), (cond.right, cond.left)):
        if isinstance(side, c_ast.ID) and side.name != name:
            return TernaryPacing(side.name, other, wrap)
    return None


def _wrapping_move(node: c_ast.Node, name: str) -> tuple[c_ast.Node, c_ast.Node] | None:
    """``(R, F)`` when ``node`` is ``name == R ? F : name + 1`` or ``name !=
    R ? name + 1 : F`` (``F`` not reading ``name``): one step up, from the
    last value R back to the first F."""
    if not isinstance(node, c_ast.TernaryOp) or not isinstance(node.cond, c_ast.BinaryOp):
        return None
    cond = node.cond
    wrapped = {"==": node.iftrue, "!=": node.iffalse}.get(cond.op)
    stepped = {"==": node.iffalse, "!=": node.iftrue}.get(cond.op)
    if wrapped is None or stepped is None or not _plus_one(stepped, name) or mentions(wrapped, name):
        return None
    for side, other in ((cond.left, cond.right), (cond.right, cond.left)):
        if _is_name(side, name) and not mentions(other, name):
            return other, wrapped
    return None


def _is_name(node: c_ast.Node | None, name: str) -> bool:
    return isinstance(node, c_ast.ID) and node.name == name


def _plus_one(node: c_ast.Node, name: str) -> bool:
    if not isinstance(node, c_ast.BinaryOp) or node.op != "+":
        return False
    return (_is_name(node.left, name) and _is_one(node.right)) or (_is_name(node.right, name) and _is_one(node.left))


def _is_one(node: c_ast.Node) -> bool:
    return isinstance(node, c_ast.Constant) and node.value.rstrip("uUlL") == "1"


@dataclass(frozen=True)
class Pacing:
    """A row counter's pacer: the stepping variable's values (``first +
    k * gap``, ``count`` of them, from ``start``), the value ``gate`` at
    which the row moves, and whether the row's update reads the pacer
    after the pacer's own update in the same iteration (``after``)."""

    first: int
    gap: int
    count: int
    start: int
    gate: int
    after: bool

    def phase(self) -> int | None:
        """The iteration (1-based) in which the row first moves; ``None``
        when the gate is never seen or the period is too long to look."""
        if self.count > MAX_PERIOD:
            return None
        index = (self.start - self.first) // self.gap
        for iteration in range(1, self.count + 1):
            seen = (index + (iteration if self.after else iteration - 1)) % self.count
            if self.first + seen * self.gap == self.gate:
                return iteration
        return None


class RowPace(NamedTuple):
    """How a paced row moves: first in iteration ``phase`` (1-based;
    ``None`` when not known), then once every ``period`` iterations, by
    ``direction`` (+1 up, -1 down) times ``step`` (``bx += 32`` moves by
    32)."""

    phase: sympy.Expr | None
    period: sympy.Expr
    direction: int = 1
    step: int = 1


#: a pace for what happens in every iteration (a counter stepped directly in the loop body)
EVERY_ITERATION = RowPace(sympy.Integer(1), sympy.Integer(1))


def orbit_pace(pacing: Pacing) -> RowPace:
    """The row's pace under a pacer that steps modulo its period
    (:class:`Pacing`)."""
    phase = pacing.phase()
    return RowPace(None if phase is None else sympy.Integer(phase), sympy.Integer(pacing.count))


def wrap_pace(moves: RowPace, length: sympy.Expr, start: sympy.Expr) -> RowPace:
    """When a counter cycling through ``length`` values wraps, given when it
    moves (``moves``: once per iteration, or once per wrap of the level
    inside it): entering at its ``start``-th value (from 0) it wraps on its
    ``length - start``-th move, then on every ``length``-th. A flattened
    nest's level wraps once per ``length`` wraps of the level inside, so a
    three-deep nest's outer row moves once per product of the inner
    lengths."""
    phase = None if moves.phase is None else sympy.expand(moves.phase + (length - start - 1) * moves.period)
    return RowPace(phase, sympy.expand(length * moves.period))


def paced_trip(op: str, bound: sympy.Expr, row_start: sympy.Expr, pace: RowPace,
               why: str) -> tuple[sympy.Expr | None, str]:
    """Iterations of a loop that runs while ``row op bound``, the row
    starting at ``row_start`` and moving by ``pace.step`` (up, or down) in
    iteration ``p``, ``p + period``, ...: it fails the test after ``p +
    (moves - 1) x period`` of them, ``moves`` being the steps from
    ``row_start`` to ``bound`` for ``<``, ``>`` (rounded up) and ``!=``
    (exact, else the row steps over the bound and the loop does not end:
    not counted), one more for ``<=``, ``>=``. Assumes the test holds on
    entry, as :func:`trip_from` assumes a loop runs."""
    phase = pace.phase
    beyond = (_RISING if pace.direction > 0 else _FALLING).get(op)
    if phase is None or beyond is None:
        return None, f"{why}: the row counter's pacing is not counted"
    distance = sympy.expand(pace.direction * (bound - row_start))
    moves = _moves(distance, pace.step, op, beyond)
    if moves is None:
        return None, f"{why}: the row steps by {pace.step}, which need not land on the bound"
    trip = sympy.expand(phase + (moves - 1) * pace.period)
    way = "" if pace.direction > 0 else " (down)"
    by = "" if pace.step == 1 else f" by {pace.step}"
    return trip, f"{why}: the row moves{way}{by} once every {pace.period} iterations (first in iteration {phase})"


def _moves(distance: sympy.Expr, step: int, op: str, beyond: int) -> sympy.Expr | None:
    """Moves of ``step`` that take a row ``distance`` short of its bound to
    failing ``op``: ``distance`` (+ ``beyond``) for a step of one; else
    ceil(distance / step) for ``<``, ``>``, floor(distance / step) + 1 for
    ``<=``, ``>=``, and distance / step for ``!=`` when it is a whole
    number (``None`` when it need not be)."""
    if step == 1:
        return distance + beyond
    if op in ("<", ">"):
        return sympy.floor((distance - 1) / step) + 1
    if op in ("<=", ">="):
        return sympy.floor(distance / step) + 1
    exact = distance / step
    return exact if exact.is_Integer else None


#: a rising (falling) row's test -> the moves beyond the bound's distance that make it fail
_RISING = {"<": 0, "!=": 0, "<=": 1}
_FALLING = {">": 0, "!=": 0, ">=": 1}


def reads_after_update(body: c_ast.Node, row: str, pacer: str) -> bool | None:
    """Whether the body's top-level statement that moves ``row`` comes after
    the one that updates ``pacer`` (the row's test then sees the pacer's
    new value); ``None`` when either is not a top-level statement."""
    items = body_items(body)
    moves = [index for index, item in enumerate(items) if row in assigned_in(item)]
    steps = [index for index, item in enumerate(items) if pacer in assigned_in(item)]
    if len(moves) != 1 or len(steps) != 1:
        return None
    return moves[0] > steps[0]
