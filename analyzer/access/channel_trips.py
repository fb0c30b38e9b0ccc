"""Trip counts of endless loops from the channel traffic that feeds them.

An autorun kernel (``__attribute__((autorun))``) is a ``while (1)`` the
host never launches: it "runs as long as it is fed". Its loop count over a
run is not in its source, so hlsight asked the user for it
(``trips_kernel_yFeeder_L144``, session 24; someoneinjd/t2sp's GER needed
16,777,232 typed in by hand). Yet its source and the producer's say it:
aoc channels are blocking FIFOs with one writer and one reader kernel
(Intel FPGA SDK for OpenCL Programming Guide, "Implementing Channels"), so
over a run the reader takes exactly what the writer puts. When the endless
loop reads a channel ``a`` times per iteration (the count of its reads is
``a * S`` for the loop's symbol ``S``), and the other kernels write it ``W``
times (their own counts, in their arguments), then ``S = W / a``.

The rule is only taken where it holds for certain: blocking calls only (a
non-blocking read or write may move nothing), every read of the channel in
the reading kernel inside the loop and under no ``if``, at least one write in
another kernel, no other kernel reading the channel (a channel array's
channels count as one, so two kernels reading two of them share its writes)
and one compute unit (copies made by ``num_compute_units`` each read their
own share). A writer's count that is an upper bound ("other conditions
counted as always true") makes the loop's an upper bound too, and the note
says so. Endless loops fed by other endless loops resolve in order.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import PurePath

import sympy

from hlsight.analyzer.access.c_symbols import parse_expression
from hlsight.analyzer.access.classify import FREE_SYMBOLS_RULE, classify, free_symbols_note
from hlsight.analyzer.access.loops import LoopInfo, unknown_trip_symbol
from hlsight.analyzer.access.walker import AccessSite
from hlsight.analyzer.results import ChannelBalance, SourceFacts
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Kernel, SourceLocation

RULE = "access-channel-fed"


@dataclass(frozen=True)
class ChannelCount:
    """How often one kernel calls one channel, and whether that is an upper bound."""

    kernel: str
    channel: str
    direction: str
    #: ``None`` when a call's count is not known
    count: sympy.Expr | None
    upper_bound: bool
    sites: tuple[AccessSite, ...]


@dataclass(frozen=True)
class FedLoop:
    """An endless loop whose count its channel's writers give."""

    kernel: Kernel
    loop: LoopInfo
    symbol: sympy.Symbol
    value: sympy.Expr
    explanation: str
    #: a writer's count is an upper bound, so this one is too
    upper_bound: bool = False


@dataclass(frozen=True)
class ChannelKernel:
    """What the solver needs of one walked kernel."""

    kernel: Kernel
    ndrange: bool
    loops: Sequence[LoopInfo]
    channel_sites: Sequence[AccessSite]
    #: copies ``num_compute_units`` makes (``None``: not known)
    compute_units: int | None = 1


def _counts(kernel: ChannelKernel) -> list[ChannelCount]:
    """The kernel's blocking reads and writes per channel, summed over its call sites."""
    grouped: dict[tuple[str, str], list[AccessSite]] = {}
    for site in kernel.channel_sites:
        grouped.setdefault((site.array, site.kind.removeprefix("channel-")), []).append(site)
    out = []
    for (channel, direction), sites in sorted(grouped.items()):
        total: sympy.Expr | None = sympy.Integer(0)
        bounded = False
        for site in sites:
            found = classify(site, kernel.ndrange)
            if found.accesses is None or total is None:
                total = None
                continue
            total += found.accesses
            bounded = bounded or any("upper bound" in reason or "at most" in reason for reason in found.count_reasons)
        out.append(ChannelCount(kernel.kernel.name, channel, direction,
                                None if total is None else sympy.expand(total), bounded, tuple(sites)))
    return out


def _solve(loop_kernel: ChannelKernel, loop: LoopInfo, symbol: sympy.Symbol, reads: ChannelCount,
           writes: list[ChannelCount], known: dict[sympy.Symbol, sympy.Expr],
           unresolved: set[sympy.Symbol]) -> FedLoop | None:
    """``symbol`` from one channel the loop reads, or ``None`` when the rule
    does not hold there (or a writer's count waits on another endless loop
    of ``unresolved``)."""
    if reads.count is None or any(count.count is None for count in writes):
        return None
    if any(not any(outer is loop for outer in site.loops) or site.guards for site in reads.sites):
        return None  # a read outside the loop or under an `if`: the count is not a multiple of the loop's
    per_iteration = sympy.expand(reads.count).coeff(symbol, 1)
    if per_iteration == 0 or per_iteration.has(symbol) or sympy.expand(reads.count - per_iteration * symbol) != 0:
        return None
    written = sympy.expand(sympy.Add(*(count.count for count in writes if count.count is not None)).xreplace(known))
    if written.free_symbols & unresolved:
        return None
    value = sympy.factor_terms(sympy.cancel(written / per_iteration))  # simplify() is slow on large counts
    writers = ", ".join(sorted({count.kernel for count in writes}))
    first = writes[0].sites[0]
    where = f"{PurePath(first.file).name}:{first.line}"
    bound = any(count.upper_bound for count in writes)
    explanation = (
        f"{symbol} = {value}{' at most' if bound else ''}: the endless loop at"
        f" {PurePath(loop.file).name}:{loop.line} reads channel `{reads.channel}` {per_iteration} time(s) per"
        f" iteration, and {writers} write(s) it {written} time(s) (first at {where}); a blocking channel hands"
        " its reader exactly what its writer puts"
        + ("; a writer's count is an upper bound (conditions counted as always true)" if bound else "")
    )
    return FedLoop(loop_kernel.kernel, loop, symbol, value, explanation, bound)


#: each kernel's channel counts, by kernel name (:func:`_counts`)
Counts = Mapping[str, list[ChannelCount]]


def channel_counts(kernels: Sequence[ChannelKernel]) -> dict[str, list[ChannelCount]]:
    """Every kernel's blocking and non-blocking counts per channel, classified once
    for both the fed loops and the balances."""
    return {kernel.kernel.name: _counts(kernel) for kernel in kernels}


def fed_loops(kernels: Sequence[ChannelKernel], given: Collection[str] = (), counts: Counts | None = None
              ) -> list[FedLoop]:
    """Every endless loop whose count the channels it reads give, writers
    first; a loop whose count the user gives (``given``) keeps it, and the
    loops it feeds are counted from it."""
    if counts is None:
        counts = channel_counts(kernels)
    nonblocking = {count.channel for found in counts.values() for count in found if count.direction.endswith("-nb")}
    pending: list[tuple[ChannelKernel, LoopInfo, sympy.Symbol]] = [
        (kernel, loop, unknown_trip_symbol(kernel.kernel.name, loop.line, loop.nth))
        for kernel in kernels for loop in kernel.loops if loop.endless and loop.trip_count is None
        and unknown_trip_symbol(kernel.kernel.name, loop.line, loop.nth).name not in given
    ]
    known: dict[sympy.Symbol, sympy.Expr] = {}
    solved: list[FedLoop] = []
    readers: dict[str, set[str]] = {}
    for name, found in counts.items():
        for count in found:
            if count.direction.startswith("read"):
                readers.setdefault(count.channel, set()).add(name)
    while pending:
        unresolved = {symbol for _kernel, _loop, symbol in pending}
        progress = False
        for entry in list(pending):
            kernel, loop, symbol = entry
            if kernel.compute_units != 1:
                continue  # each copy reads its share (get_compute_id), or how many there are is not known
            for reads in counts[kernel.kernel.name]:
                if reads.direction != "read" or reads.channel in nonblocking:
                    continue
                if readers.get(reads.channel, set()) != {kernel.kernel.name}:
                    continue  # a channel array another kernel reads too: not all its writes are this loop's
                writes = [count for name, found in counts.items() if name != kernel.kernel.name
                          for count in found if count.channel == reads.channel and count.direction == "write"]
                if not writes:
                    continue
                fed = _solve(kernel, loop, symbol, reads, writes, known, unresolved)
                if fed is not None:
                    solved.append(fed)
                    known[symbol] = fed.value
                    pending.remove(entry)
                    progress = True
                    break
        if not progress:
            break
    return solved


def balances(kernels: Sequence[ChannelKernel], known: Mapping[sympy.Symbol, sympy.Expr],
             by_kernel: Counts | None = None) -> list[ChannelBalance]:
    """Channels whose writes and reads are both exact counts (blocking calls,
    no upper bound) in different kernels, with the fed loops' counts put in."""
    counts = [count for found in (by_kernel or channel_counts(kernels)).values() for count in found]
    out = []
    for channel in sorted({count.channel for count in counts}):
        ends = [count for count in counts if count.channel == channel]
        writes = [count for count in ends if count.direction == "write"]
        reads = [count for count in ends if count.direction == "read"]
        if not writes or not reads or len(writes) + len(reads) != len(ends) or any(
                count.count is None or count.upper_bound for count in ends):
            continue
        if {count.kernel for count in writes} & {count.kernel for count in reads}:
            continue  # a kernel that feeds itself: its loop counts decide, not the host's sizes

        def total(side: list[ChannelCount]) -> str:
            return str(sympy.expand(sympy.Add(*(count.count for count in side if count.count is not None))
                                    .xreplace(known)))

        first = reads[0].sites[0]
        out.append(ChannelBalance(channel, tuple(count.kernel for count in writes),
                                  tuple(count.kernel for count in reads), total(writes), total(reads),
                                  SourceLocation(first.file, first.line)))
    return out


def _with_fed_value(diagnostic: Diagnostic, solved: Sequence[FedLoop]) -> Diagnostic:
    """A report loop's trip note that names a fed loop's symbol says its value too."""
    for fed in solved:
        named = f"trip count {fed.symbol} from"
        if named in diagnostic.message:
            bound = "at most " if fed.upper_bound else ""
            return replace(diagnostic, message=diagnostic.message.replace(named, (
                f"trip count {fed.symbol} = {bound}{fed.value} (counted from the channel that feeds it) from")))
    return diagnostic


def count_fed_loops(kernels: Sequence[ChannelKernel], facts: SourceFacts, given: Collection[str] = ()) -> None:
    """Put each fed loop's count in place of its symbol in every access count
    and loop trip of ``facts``, with a note at the loop; a count the user
    gives (``--set trips_...``) wins, so that symbol is left alone."""
    counts = channel_counts(kernels)
    solved = fed_loops(kernels, given, counts)
    values = {fed.symbol: fed.value for fed in solved}
    facts.channel_balances.extend(balances(kernels, values, counts))
    if not solved:
        return

    def rewrite(text: str) -> str:
        expression = parse_expression(text)
        if not expression.free_symbols & values.keys():
            return text
        return str(sympy.expand(expression.xreplace(values)))

    facts.rewrite_expressions(rewrite)
    replaced = {symbol.name: {str(free) for free in value.free_symbols} for symbol, value in values.items()}
    by_name = {kernel.kernel.name: kernel.kernel for kernel in kernels}
    kept: list[Diagnostic] = []
    for diagnostic in facts.diagnostics:
        if diagnostic.rule == "access-trip-count":
            diagnostic = _with_fed_value(diagnostic, solved)
        symbols = diagnostic.data.get("symbols") if diagnostic.rule == FREE_SYMBOLS_RULE else None
        if isinstance(symbols, list) and replaced.keys() & set(symbols) and diagnostic.kernel in by_name:
            # the kernel's counts now ask for the writers' values instead of the loop's count
            needed = set().union(*(replaced.get(name, {name}) for name in symbols))
            note = free_symbols_note(by_name[diagnostic.kernel], needed, given)
            if note is None:
                continue
            diagnostic = note
        kept.append(diagnostic)
    facts.diagnostics[:] = kept
    for fed in solved:
        bound = "at most " if fed.upper_bound else ""
        facts.add_fed_loop(fed.kernel.name, (
            f"endless loop at {PurePath(fed.loop.file).name}:{fed.loop.line} counted from the channel that feeds it:"
            f" {bound}{fed.value} iterations ({fed.symbol}; -v says how; --set {fed.symbol}=N overrides)"),
            fed.upper_bound)
        where = SourceLocation(fed.loop.file, fed.loop.line)
        facts.diagnostics.append(Diagnostic.at(
            where, RULE, Severity.NOTE, f"loop of {fed.kernel.name}: {fed.explanation}", kernel=fed.kernel.name,
            data={"symbol": fed.symbol.name, "value": str(fed.value)}))
