"""Evaluating the symbolic estimate at the values known so far.

Fully bound expressions are evaluated with ``xreplace`` (every symbol
replaced at once, bottom-up), not ``subs``: ``subs`` substitutes one symbol
at a time, so a ``Max`` sees half-numeric arguments and sympy compares them
symbolically (``Max._find_localzeros``), which cost ~300 ms on a 37-kernel
design. The result is the same number.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Mapping

import sympy

from hlsight.analyzer.access.int_bounds import IMax, IMin
from hlsight.analyzer.symbols import sym


class UndefinedValue(ValueError):
    """The values given make a term of the estimate undefined: a count
    divided by zero (pathfinder's ``16*comp_exit/(rem_rows + 1)`` at
    ``rem_rows = -1``), which then reaches a ``Max`` that cannot order it.
    The pipeline turns it into an input error naming the values."""

    def __init__(self, expr: sympy.Basic, subs: Mapping[sympy.Symbol, sympy.Float]) -> None:
        divisor = zero_divisor(expr, subs)
        self.what = f"the divisor {divisor} is 0" if divisor is not None else "a term is 0/0 or 1/0"
        super().__init__(f"undefined at the values given: {self.what}")


def zero_divisor(expr: sympy.Basic, subs: Mapping[sympy.Symbol, sympy.Float]) -> sympy.Basic | None:
    """The first divisor in ``expr`` that the values make 0 (``rem_rows + 1``
    at ``rem_rows = -1``), for the message; ``None`` when none is found."""
    for node in sympy.preorder_traversal(expr):
        if (isinstance(node, sympy.Pow) and node.exp.is_negative and node.base.free_symbols
                and numeric(node.base, subs) == 0):
            return node.base
    return None


def substitutions(values: Mapping[str, float]) -> dict[sympy.Symbol, sympy.Float]:
    return {sym(name): sympy.Float(value) for name, value in values.items()}


def bind(expr: sympy.Basic, subs: Mapping[sympy.Symbol, sympy.Float]) -> sympy.Basic:
    """``expr`` with the values of ``subs`` put in (symbols without a value stay)."""
    if expr.free_symbols <= subs.keys() and not expr.has(sympy.Sum):
        try:
            return expr.xreplace(dict(subs))
        except (TypeError, ValueError) as error:  # Max/Min of nan or zoo: "not comparable"
            raise UndefinedValue(expr, subs) from error
    key = frozenset(subs.items())
    memo = _MEMOS.get(key)
    if memo is None:
        if len(_MEMOS) >= _MEMO_SETS:
            _MEMOS.clear()
        memo = _MEMOS[key] = {}
    return _partial(expr, subs, memo)


#: Partial results per set of values: an estimate binds the same terms (per
#: LSU, per bank, then the kernel total that contains them) many times; on
#: kmers 557 Max/Min evaluations were 53 distinct ones.
_MEMOS: dict[frozenset[tuple[sympy.Symbol, sympy.Float]], dict[sympy.Basic, sympy.Basic]] = {}
_MEMO_SETS = 8


#: Max/Min with more symbolic arguments than this stay unevaluated: sympy
#: compares symbolic arguments pairwise through the assumptions system
#: (``Max._find_localzeros``, ~14 ms per pair on kmers, a third of the
#: estimate's time) only to drop a dominated term from a formula that stays
#: symbolic; the numeric value, once every symbol is given, is the same.
PAIRWISE_LIMIT = 1


def _partial(
    expr: sympy.Basic, subs: Mapping[sympy.Symbol, sympy.Float], memo: dict[sympy.Basic, sympy.Basic],
) -> sympy.Basic:
    """Partial substitution, bottom-up. ``Max``/``Min`` keep their symbolic
    arguments unevaluated (their numeric ones fold into one number): sympy
    would compare symbolic arguments pairwise, seconds on a large design,
    for a display form that stays symbolic anyway."""
    if isinstance(expr, sympy.Symbol):
        return subs.get(expr, expr)
    if not expr.args:
        return expr
    found = memo.get(expr)
    if found is None:
        found = memo[expr] = _partial_node(expr, subs, memo)
    return found


def _partial_node(
    expr: sympy.Basic, subs: Mapping[sympy.Symbol, sympy.Float], memo: dict[sympy.Basic, sympy.Basic],
) -> sympy.Basic:
    if not expr.free_symbols & subs.keys():
        return expr if expr.free_symbols else expr.func(*expr.args)  # numbers only: evaluate (Max(1, 8) -> 8)
    args = [_partial(arg, subs, memo) for arg in expr.args]
    if isinstance(expr, sympy.Sum):
        return add_up_sums(expr.func(*args))
    if isinstance(expr, (sympy.Max, sympy.Min)):
        args = [inner for arg in args for inner in (arg.args if arg.func is expr.func else (arg,))]
        numbers = [arg for arg in args if arg.is_Number]
        if any(number is sympy.nan or number.is_extended_real is False for number in numbers):
            raise UndefinedValue(expr, subs)  # 1/0 or 0/0 from the values: no order, no number
        rest = [arg for arg in args if not arg.is_Number]
        if numbers:
            rest.append(max(numbers) if isinstance(expr, sympy.Max) else min(numbers))
        if len(rest) <= PAIRWISE_LIMIT:
            return expr.func(*rest)  # few arguments: let sympy drop the dominated ones
        return expr.func(*rest, evaluate=False)
    return expr.func(*args)


def add_up_sums(expr: sympy.Basic) -> sympy.Basic:
    """``expr`` with every ``Sum`` whose limits are numbers replaced by its
    value. An exact guard count sums over a row cycle; bound, sympy would
    evalf that Sum by Euler-Maclaurin (derivatives of floor and max) as soon
    as a ``Max`` compares it, and fail."""

    def value(summed: sympy.Sum) -> sympy.Basic:
        total = _sum_value(summed, {})
        return summed if total is None else sympy.Float(total)

    if not expr.has(sympy.Sum):
        return expr
    return expr.replace(lambda node: isinstance(node, sympy.Sum) and not node.free_symbols, value)


def numeric(expr: sympy.Basic | None, subs: Mapping[sympy.Symbol, sympy.Float]) -> float | None:
    """``expr`` as a float when every symbol has a value, else ``None`` (no
    partial substitution: with a symbol left the value stays unknown, and
    substituting half the symbols is what costs time)."""
    if expr is None or not expr.free_symbols <= subs.keys():
        return None
    fast = _float_value(expr, subs, {})
    if fast is not None:
        return fast
    if expr.has(sympy.Sum):
        return None  # longer than SUM_TERMS: sympy's evalf of it would take longer still
    value = bind(expr, subs)
    if value.free_symbols:
        return None
    try:
        return float(value)
    except TypeError:
        return None


def truth(expr: sympy.Basic, subs: Mapping[sympy.Symbol, sympy.Float]) -> bool | None:
    if expr.free_symbols <= subs.keys() and (fast := _truth_value(expr, subs, {})) is not None:
        return fast
    value = bind(expr, subs)
    if value in (sympy.true, True):
        return True
    if value in (sympy.false, False):
        return False
    return None


def free_names(expr: sympy.Basic, subs: Mapping[sympy.Symbol, sympy.Float]) -> list[str]:
    """Names of the symbols of ``expr`` that ``subs`` gives no value."""
    return sorted(symbol.name for symbol in expr.free_symbols if symbol not in subs)


# ----------------------------------------------------------------------------- floats
#
# A fully bound estimate is a tree of Add/Mul/Pow/Max/Min/ceiling/Piecewise
# (and Sum, added up term by term) over numbers. Rebuilding it as sympy objects (``xreplace``) to read one
# float cost ~40 % of the estimate on kmers (576 rebuilds); the float is
# computed here directly, bottom-up, with the same IEEE double arithmetic
# sympy's Float uses (53-bit). A node of any other kind returns ``None``
# and the caller falls back to sympy.

_FOLD: dict[type[sympy.Basic], Callable[[list[float]], float]] = {
    sympy.Add: math.fsum,
    sympy.Mul: math.prod,
    sympy.Max: max,
    sympy.Min: min,
    IMax: max,
    IMin: min,
}
def _snapped(x: float) -> float:
    """``x`` as the integer it stands for when it is one up to rounding:
    a guard count floor(y/24 + 1/24) at y = 23 adds up to 0.99999999999999989
    in doubles, and its floor must be 1, not 0."""
    nearest = round(x)
    return float(nearest) if abs(x - nearest) <= 1e-9 * max(1.0, abs(x)) else x


_UNARY: dict[type[sympy.Basic], Callable[[float], float]] = {
    sympy.ceiling: lambda x: float(math.ceil(_snapped(x))),
    sympy.floor: lambda x: float(math.floor(_snapped(x))),
    sympy.Abs: abs,
}
_COMPARE: dict[type[sympy.Basic], Callable[[float, float], bool]] = {
    sympy.StrictGreaterThan: operator.gt,
    sympy.GreaterThan: operator.ge,
    sympy.StrictLessThan: operator.lt,
    sympy.LessThan: operator.le,
    sympy.Equality: operator.eq,
    sympy.Unequality: operator.ne,
}


def _float_value(
    expr: sympy.Basic, subs: Mapping[sympy.Symbol, sympy.Float], memo: dict[sympy.Basic, float | None],
) -> float | None:
    if expr in memo:
        return memo[expr]
    value: float | None = None
    kind = type(expr)
    if expr.is_Number:
        value = float(expr)
    elif isinstance(expr, sympy.Symbol):
        value = float(subs[expr])
    elif kind in _FOLD:
        args = [_float_value(arg, subs, memo) for arg in expr.args]
        value = None if None in args else _FOLD[kind](args)  # type: ignore[arg-type]
    elif isinstance(expr, sympy.Pow):
        base, exponent = (_float_value(arg, subs, memo) for arg in expr.args)
        if base is not None and exponent is not None and not (base == 0 and exponent < 0):
            try:
                value = float(base**exponent)
            except (OverflowError, ValueError, TypeError):
                value = None
    elif kind in _UNARY:
        inner = _float_value(expr.args[0], subs, memo)
        value = None if inner is None else _UNARY[kind](inner)
    elif isinstance(expr, sympy.Sum):
        value = _sum_value(expr, subs)
    elif isinstance(expr, sympy.Piecewise):
        for branch, condition in expr.args:
            chosen = _truth_value(condition, subs, memo)
            if chosen is None:
                break
            if chosen:
                value = _float_value(branch, subs, memo)
                break
    if value is not None and not math.isfinite(value):
        value = None  # zoo/oo/nan: sympy decides what they mean
    memo[expr] = value
    return value


#: an unevaluated ``Sum`` (exact guard counts: one term per row of a
#: cycle, rem_rows + 1 for pathfinder) is added up term by term over at
#: most this many terms; a longer one has no value here
SUM_TERMS = 100_000
#: why a fully bound estimate has no number (said by analyze and whatif)
LONG_SUM = f"a row sum over more than {SUM_TERMS:,} rows of an exact guard count"


def _sum_value(expr: sympy.Sum, subs: Mapping[sympy.Symbol, sympy.Float]) -> float | None:
    """``Sum(f, (v, a, b))`` with a, b bound: f at the integers v in a..b
    (the rows of a cycle), added up; 0 for an empty range."""
    if len(expr.limits) != 1:
        return None
    variable, low, high = expr.limits[0]
    first, last = _float_value(low, subs, {}), _float_value(high, subs, {})
    if first is None or last is None:
        return None
    start, stop = math.ceil(first), math.floor(last) + 1
    if stop - start > SUM_TERMS:
        return None
    terms = []
    for value in range(start, stop):
        term = _float_value(expr.function, {**subs, variable: sympy.Float(value)}, {})
        if term is None:
            return None
        terms.append(term)
    return math.fsum(terms)


def _truth_value(
    expr: sympy.Basic, subs: Mapping[sympy.Symbol, sympy.Float], memo: dict[sympy.Basic, float | None],
) -> bool | None:
    if expr is sympy.true or expr is sympy.false:
        return bool(expr)
    kind = type(expr)
    if kind in _COMPARE:
        left, right = (_float_value(arg, subs, memo) for arg in expr.args)
        return None if left is None or right is None else _COMPARE[kind](left, right)
    if isinstance(expr, sympy.And | sympy.Or):
        parts = [_truth_value(arg, subs, memo) for arg in expr.args]
        if None in parts:
            return None
        return all(parts) if isinstance(expr, sympy.And) else any(parts)
    if isinstance(expr, sympy.Not):
        inner = _truth_value(expr.args[0], subs, memo)
        return None if inner is None else not inner
    return None
