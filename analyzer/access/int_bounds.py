"""``IMax``/``IMin``: max and min of integer counts that stay unevaluated
until their arguments are numbers.

Exact guard counts (:mod:`hlsight.analyzer.access.guard_count`) clip lane
and row ranges with many max/min terms of symbolic bounds
(``Min(15, floor((255 + rem_rows - 2*y)/16))``). sympy's ``Max``/``Min``
compare every pair of symbolic arguments through the assumptions system
each time an expression is rebuilt (``xreplace`` while binding values),
seconds per estimate for a value that is only needed once the symbols are
given. These two compare nothing until every argument is a number (a sympy
``Number``: a bound ``Sum`` is added up first, never compared by evalf); the
float evaluation (:mod:`hlsight.analyzer.estimate.evaluate`) reads them as
``max``/``min``.
"""

from __future__ import annotations

import sympy


class IMax(sympy.Function):  # type: ignore[misc]  # sympy is untyped
    """Largest argument, once every argument is a number."""

    @classmethod
    def eval(cls, *args: sympy.Expr) -> sympy.Expr | None:
        return sympy.Max(*args) if all(arg.is_Number for arg in args) else None


class IMin(sympy.Function):  # type: ignore[misc]  # sympy is untyped
    """Smallest argument, once every argument is a number."""

    @classmethod
    def eval(cls, *args: sympy.Expr) -> sympy.Expr | None:
        return sympy.Min(*args) if all(arg.is_Number for arg in args) else None
