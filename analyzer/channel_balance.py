"""Whether the host's values leave every channel balanced.

A blocking aoc channel hands its reader exactly what its writer puts, so
over a launch the writer kernels' write count and the reader kernels' read
count are equal, or one end waits for ever (a reader for data that never
comes, a writer on a full channel) and the run does not finish in the time
estimated, or at all. The sources count both ends
(:func:`hlsight.analyzer.access.channel_trips.balances`); with the values the
user gives (``--set``, the hints file, each ``[[launch]]``) both become
numbers, and when they differ the values are not the host's: a clear
warning names the channel, both counts and the kernels, and the estimate is
still given for the values as they are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import sympy

from hlsight.analyzer.access import parse_expression
from hlsight.analyzer.results import ChannelBalance, SourceFacts
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.units import name_list

RULE = "channel-unbalanced"
#: how the caution beside the estimate starts (what-if checks it at every point itself)
UNBALANCED_START = "the values given leave channel "


def _values_for(kernels: Sequence[str], table: Mapping[str, float]) -> dict[sympy.Basic, sympy.Basic]:
    """The table's plain values, with the first kernel's scoped ones (``loader:n``) over them."""
    values: dict[sympy.Basic, sympy.Basic] = {
        sympy.Symbol(name): sympy.Float(value) for name, value in table.items() if ":" not in name}
    for kernel in kernels[:1]:
        values.update({sympy.Symbol(name[len(kernel) + 1:]): sympy.Float(value) for name, value in table.items()
                       if name.startswith(kernel + ":")})
    return values


def _count(text: str, kernels: Sequence[str], table: Mapping[str, float]) -> float | None:
    count = parse_expression(text).xreplace(_values_for(kernels, table))
    return float(count) if count.is_number else None


def _verb(verb: str, kernels: Sequence[str]) -> str:
    return f"{verb}s" if len(kernels) == 1 else verb


def check_channel_balance(source: SourceFacts, tables: Sequence[tuple[str, Mapping[str, float]]]
                          ) -> list[tuple[Diagnostic, str]]:
    """A warning per channel whose two ends the given values make differ
    (``tables``: the values given and where, one per ``[[launch]]``), each
    with the caution the estimate says beside its number."""
    found: list[tuple[Diagnostic, str]] = []
    for balance in source.channel_balances:
        for where, table in tables:
            writes = _count(balance.writes, balance.writers, table)
            reads = _count(balance.reads, balance.readers, table)
            if writes is None or reads is None or abs(writes - reads) <= 1e-9 * max(abs(writes), abs(reads), 1.0):
                continue
            found.append((Diagnostic.at(
                balance.where, RULE, Severity.WARNING,
                f"channel `{balance.channel}`: {name_list(list(balance.writers))} {_verb('write', balance.writers)}"
                f" it {writes:,.0f} times ({balance.writes}) but {name_list(list(balance.readers))}"
                f" {_verb('read', balance.readers)} it {reads:,.0f} times"
                f" ({balance.reads}) with the values given{where}: a blocking channel hands its reader exactly"
                " what its writer puts, so one end would wait for ever; give the sizes the host program uses",
                data={"channel": balance.channel, "writes": writes, "reads": reads}), unbalanced_caution(balance)))
    return found


def unbalanced_caution(balance: ChannelBalance) -> str:
    """What the estimate says beside its number when the values leave
    ``balance``'s channel unequal: in expressions, not numbers, so a what-if
    sweep says it once for all the points where it holds."""
    return (f"{UNBALANCED_START}`{balance.channel}` unbalanced ({name_list(list(balance.writers))}"
            f" {_verb('write', balance.writers)} it {balance.writes} times, {name_list(list(balance.readers))}"
            f" {_verb('read', balance.readers)} it {balance.reads} times): a blocking channel hands its reader"
            " exactly what its writer puts, so no run finishes with them; this number describes none")
