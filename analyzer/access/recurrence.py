"""Why a Vivado/Vitis pipelined loop runs at II > 1 when its report does
not say: a value carried from one iteration to the next through an
operator of several cycles.

``sum = sum + Si`` in a pipelined loop: the next iteration's add needs
this iteration's sum, so iterations start no faster than the add's
latency. Vitis' ``csynth.rpt`` (2021.2 and later) lists in its "Bind Op
Report" the operator each variable is bound to with its latency (MachSuite
spmv: ``sum_1``, ``dadd``, ``fulldsp``, 4): when that latency is the
loop's II, the carried update is the reason, read from the source and the
report together. Only that is said; a chain of several operators, a
carried array element or a latency that differs from the II is not
guessed at.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from pycparser import c_ast

from hlsight.analyzer.access.axi_ports import all_nodes
from hlsight.core.model import BoundOperator

#: the operators of ``x op= e`` / ``x = x op e`` and the bound operators that carry out each
_KINDS = {"+": ("add", "sub"), "-": ("add", "sub"), "*": ("mul",)}


@dataclass(frozen=True)
class CarriedUpdate:
    """``name`` updated from its own value of the iteration before."""

    name: str
    operator: str  # "+", "-" or "*"
    line: int
    text: str


def carried_updates(body: c_ast.Node) -> tuple[CarriedUpdate, ...]:
    """The scalars ``body`` updates from their own value (``s += e``,
    ``s = s + e``, ``s = e * s``) and does not declare: each iteration
    reads the value the one before wrote. A scalar declared in the body
    starts afresh every iteration; an array element's address may change."""
    nodes = all_nodes(body)
    declared = {node.name for node in nodes if isinstance(node, c_ast.Decl) and node.name}
    found: dict[str, CarriedUpdate] = {}
    for node in nodes:
        if not isinstance(node, c_ast.Assignment) or not isinstance(node.lvalue, c_ast.ID):
            continue
        name = node.lvalue.name
        if name in declared or name in found:
            continue
        operator = _operator(node, name)
        if operator is not None:
            line = node.coord.line if node.coord is not None else 0
            found[name] = CarriedUpdate(name, operator, int(line), _spelled(node))
    return tuple(sorted(found.values(), key=lambda update: update.line))


def _operator(node: c_ast.Assignment, name: str) -> str | None:
    """``+``, ``-`` or ``*`` when ``node`` updates ``name`` from its own value."""
    if node.op in ("+=", "-=", "*="):
        return str(node.op[0])
    value = node.rvalue
    if node.op != "=" or not isinstance(value, c_ast.BinaryOp) or value.op not in _KINDS:
        return None
    operands = [value.left, value.right] if value.op != "-" else [value.left]
    return str(value.op) if any(isinstance(side, c_ast.ID) and side.name == name for side in operands) else None


def _spelled(node: c_ast.Assignment) -> str:
    from pycparser import c_generator

    return str(c_generator.CGenerator().visit(node))


def recurrence_reason(updates: Sequence[CarriedUpdate], operators: Sequence[BoundOperator], ii: int) -> str | None:
    """The reason for II ``ii`` when one carried update is bound to an
    operator of exactly that latency (its variable the update's, as Vitis
    names its values: ``sum``, ``sum_1``); ``None`` otherwise, or when two
    different updates would each explain it (which one is not told)."""
    reasons = []
    for update in updates:
        named = re.compile(rf"{re.escape(update.name)}(?:_\d+)?")
        bound = [operator for operator in operators if named.fullmatch(operator.variable)
                 and any(kind in operator.op for kind in _KINDS[update.operator])
                 and operator.latency == ii]
        if bound:
            operator = bound[0]
            reasons.append(f"recurrence: `{update.name}` is carried from one iteration to the next (`{update.text}`,"
                           f" line {update.line}) through {operator.op} ({operator.impl}) of latency"
                           f" {operator.latency} in the report's bind-op table: each iteration waits for the"
                           f" last one's {operator.op}")
    return reasons[0] if len(reasons) == 1 else None
