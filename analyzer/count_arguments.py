"""Which given values count work, so that a negative one is refused.

A kernel argument may be negative: an offset into a buffer
(``input[i + offset]``), a signed step. One the source analysis turns into
a count (a loop's trip count ``i < N``, an LSU's access count ``16 *
iterations``, an m_axi bundle's bytes) may not: no host runs a loop -5
times, and the counts the analysis derives read C's integer division as
``floor``, which holds for non-negative operands only (axpy's
``1 + (N - 1) / 64`` at ``N = -5`` is 0 iterations as derived and 1 in C).
A negative count was accepted without a word wherever the time it gave
stayed positive (a trip count under a pipeline's latency, a sweep point
between analysed ones). The rule reads how the model uses the name, not
its declaration: the same ``int`` is refused as a count and kept as an
offset.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import sympy

from hlsight.analyzer.results import SourceFacts
from hlsight.analyzer.symbols import source_expr


def counted_names(source: SourceFacts) -> dict[str, str]:
    """Each name that counts work in a count derived from the source -> the
    first such count, said with its expression (``the trip count of loop
    sreaming_saxpy.B1 is floor(N/64 - 1/64) + 1``)."""
    return counting_names(source.counts())


def counting_names(counts: Iterable[tuple[str, str]]) -> dict[str, str]:
    """:func:`counted_names` over (what, expression) pairs. A name counts
    work where the count does not fall as the name grows: ``N`` in
    ``floor(N/64 - 1/64) + 1``, ``M`` in ``N*M``. A loop's start is not one:
    ``for (i = start; i < n; i++)`` runs ``n - start`` times and a negative
    ``start`` only runs it longer, so it stays accepted. Where the direction
    cannot be told (``(n - start)/step`` in ``step``) the name is taken as
    counting, as every name in a count was before this distinction."""
    found: dict[str, str] = {}
    for what, expression in counts:
        # parsed as the estimate parses it: one that does not parse is not in the estimate either
        parsed = source_expr(expression, (), [], what)
        if parsed is None:
            continue
        for symbol in sorted(parsed.free_symbols, key=str):
            if str(symbol) not in found and not _falls_as_it_grows(parsed, symbol):
                found[str(symbol)] = f"{what} is {expression}"
    return found


def _falls_as_it_grows(count: sympy.Expr, name: sympy.Symbol) -> bool:
    """Whether ``count`` is a polynomial in ``name`` that decreases as it
    grows, every name taken positive (the floors of C's integer division
    dropped: they keep the direction). A name under a division is never
    one: ``x/(rows + 1)`` falls as ``rows`` grows but divides by 0 at
    ``rows = -1``."""
    smooth = count.replace(sympy.floor, lambda inner: inner).replace(sympy.ceiling, lambda inner: inner)
    positive = {symbol: sympy.Symbol(str(symbol), positive=True) for symbol in smooth.free_symbols}
    if name not in positive or not smooth.is_polynomial(name):
        return False
    return bool(sympy.diff(smooth.subs(positive), positive[name]).is_negative)


def first_negative_count(given: Sequence[tuple[str, float]], source: SourceFacts) -> tuple[int, str] | None:
    """The first of ``given`` (name, value) whose value is negative where
    the name counts work, by its index, with what the value must be
    instead; ``None`` when every value may stand (0 or more, or a name no
    count depends on). The counts are listed only when some value is below
    0. A name scoped to one kernel (``k:N``) is looked up by its own name."""
    if all(value >= 0 for _name, value in given):
        return None
    counted = counted_names(source)
    unsigned = source.unsigned_arguments()
    for index, (name, value) in enumerate(given):
        base = name.rpartition(":")[2]
        if value < 0 and base in counted:
            return index, (f"0 or more: {base} counts work ({counted[base]}); only a value no count depends on,"
                           " such as an offset, may be negative")
        if value < 0 and base in unsigned:
            # an offset too: the host's unsigned argument cannot carry a negative number
            return index, f"0 or more: {base} is an unsigned argument of kernel {unsigned[base]}"
    return None
