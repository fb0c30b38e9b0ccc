"""Accesses under a test of kernel arguments: counted as taken, unless given.

HPCC STREAM's calc kernel reads ``in2`` only ``if (operation_type == ADD ||
operation_type == TRIAD)``: a test of a kernel argument, the same for every
work-item and iteration, which the host sets per launch. Counted as always
true, the Copy and Scale launches were charged a third stream. A test of
kernel arguments only is kept in the count as ``Taken(left - right, op)``:
1 where it holds, 0 where not. Where the user gives the arguments
(``--set``, a ``[[launch]]`` table) the count follows each launch's values;
where not, the test is counted as taken (:func:`settle`), the upper bound
it was, said.

The test is a difference and an operator code, not a sympy relation: hlsight's
symbols are positive, and ``Eq(mode, 0)`` of a positive ``mode`` is False
before any value is given (a ``mode == 0`` launch would have moved nothing).
It is decided only once the difference is a number.
"""

from __future__ import annotations

from collections.abc import Collection

import sympy

#: the test operators, by the code a :class:`Taken` carries
OPERATORS = ("==", "!=", "<", "<=", ">", ">=")
_HOLDS = (lambda d: d == 0, lambda d: d != 0, lambda d: d < 0, lambda d: d <= 0, lambda d: d > 0, lambda d: d >= 0)


class Taken(sympy.Function):  # type: ignore[misc]  # sympy is untyped
    """1 where ``difference op 0`` holds, 0 where not; unevaluated until the
    difference is a number."""

    is_integer = True
    is_nonnegative = True

    @classmethod
    def eval(cls, difference: sympy.Basic, code: sympy.Basic) -> sympy.Integer | None:
        if isinstance(difference, sympy.Number) and isinstance(code, sympy.Integer):
            return sympy.Integer(1 if _HOLDS[int(code)](difference) else 0)
        return None


def taken(op: str, left: sympy.Expr, right: sympy.Expr) -> sympy.Expr | None:
    """``Taken(left - right, op)``, or ``None`` for an operator it does not know."""
    if op not in OPERATORS:
        return None
    return Taken(sympy.expand(left - right), sympy.Integer(OPERATORS.index(op)))


#: the operator of a test read the other way round (both sides negated)
_MIRRORED = {"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}


def test_text(node: sympy.Basic) -> str:
    """``operation_type == 2`` for ``Taken(operation_type - 2, 0)``; a
    names' side with a leading minus read the other way round
    (``work_items == 256``, not ``-work_items == -256``)."""
    difference, code = node.args
    constant, rest = sympy.expand(difference).as_coeff_Add()
    op = OPERATORS[int(code)]
    if rest.as_coeff_Mul()[0] < 0:
        rest, constant, op = -rest, -constant, _MIRRORED[op]
    return f"{rest} {op} {-constant}"


def settle(expr: sympy.Expr, given: Collection[str]) -> sympy.Expr:
    """``expr`` with each test whose arguments are not all among ``given``
    counted as taken (1): the names it asks for stay the ones it asked for
    before; a test of given arguments stays, to follow their values."""
    if not expr.has(Taken):
        return expr
    return expr.replace(
        lambda node: isinstance(node, Taken) and any(symbol.name not in given for symbol in node.free_symbols),
        lambda node: sympy.Integer(1))


def readable(expr: sympy.Expr) -> str:
    """``expr`` as a user reads it: each test an Iverson bracket
    (``floor(n/16)*([mode == 2] + [mode == 3])``), the count factored
    around them."""
    if not expr.has(Taken):
        return str(expr)
    shown = expr.replace(lambda node: isinstance(node, Taken), lambda node: sympy.Symbol(f"[{test_text(node)}]"))
    return str(sympy.factor_terms(shown))
