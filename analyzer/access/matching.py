"""Pair the report's LSUs with the array accesses at their source line.

aoc points each LSU at ``file:line``; a line can hold several accesses
(``z[i] = x[i] + y[i]``) and one access can become several LSUs (SIMD lanes
of a strided access, or a wide and a narrow LSU). The rules, in order:

* only accesses of the same kind (load/store/atomic) and address space
  (global/constant vs local) are candidates;
* the report's "Loads from"/"Stores to" name narrows them when it names an
  array on the line (aoc sometimes names the index variable instead; that is
  noted and ignored);
* candidates with identical model facts need no pairing: every LSU gets them;
* otherwise LSUs and accesses pair by order when their counts are equal;
* anything else is ambiguous: a diagnostic, never a guess.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import PurePath

from hlsight.analyzer.access.walker import AccessSite
from hlsight.core.model import LSU, LSUKind

_GLOBAL_SPACES = {"global", "constant"}


@dataclass
class Match:
    """The outcome for a group of LSUs at one line and kind."""

    lsus: list[LSU]
    sites: list[AccessSite]
    pairs: list[tuple[LSU, AccessSite]] = field(default_factory=list)
    how: str = ""
    problem: str | None = None


def _kind(lsu: LSU) -> str:
    return {LSUKind.LOAD: "load", LSUKind.STORE: "store", LSUKind.ATOMIC: "atomic"}[lsu.kind]


def variable_name(lsu: LSU) -> str | None:
    """The report's "Loads from"/"Stores to" name; oneAPI prefixes the kernel
    argument made of a captured variable with ``_arg_`` (``_arg_bf_accessor``)."""
    name = lsu.variable
    if name and name.startswith("_arg_") and len(name) > len("_arg_"):
        return name[len("_arg_"):]
    return name


def site_key(file: str, line: int) -> tuple[str, int]:
    return PurePath(file).name, line


def candidates(lsu: LSU, sites: Sequence[AccessSite]) -> list[AccessSite]:
    """Accesses at the LSU's line with its kind and address space; for an
    LSU the report gives no line (aoc 18.1 atomics), every such access of
    the kernel (they pair only if their facts are identical)."""
    kind = _kind(lsu)
    wanted = _GLOBAL_SPACES if lsu.is_global else {"local", "private"}  # aoc puts private arrays on chip
    if lsu.location is None:
        return [site for site in sites if site.kind == kind and site.space in wanted]
    key = site_key(lsu.location.file, lsu.location.line)
    return [
        site
        for site in sites
        if site_key(site.file, site.line) == key and site.kind == kind and site.space in wanted
    ]


def constant_reads(lsu: LSU, sites: Sequence[AccessSite]) -> list[AccessSite]:
    """``__constant`` reads at the line of an LSU the report links to no
    memory. aoc 16.1 shows a load through the constant cache that way
    (a Pipelined load, no link; the area report's "Constant cache
    interconnect"), so the rule for local LSUs finds no access there."""
    if lsu.is_global or lsu.location is None or _kind(lsu) != "load":
        return []
    key = site_key(lsu.location.file, lsu.location.line)
    return [site for site in sites
            if site_key(site.file, site.line) == key and site.kind == "load" and site.space == "constant"]


def match_group(lsus: list[LSU], sites: list[AccessSite], alike: Callable[[list[AccessSite]], bool]) -> Match:
    """Pair ``lsus`` (one line, one kind) with the candidate ``sites``.

    ``alike(sites)`` says whether the sites have identical model facts.
    """
    match = Match(lsus, sites)
    if not sites:
        match.problem = "no array access of this kind on that line"
        return match
    if lsus[0].location is None:
        if not alike(sites):
            match.problem = "the report gives no source line and the kernel's accesses of this kind differ"
            return match
        match.pairs = [(lsu, sites[0]) for lsu in lsus]
        match.how = f"the report gives no source line; all {len(sites)} such accesses have identical facts"
        return match
    named = [name for lsu in lsus if (name := variable_name(lsu))]
    arrays = {site.array for site in sites}
    notes: list[str] = []
    if named and all(name in arrays for name in named) and len(named) == len(lsus):
        for lsu in lsus:
            own = [site for site in sites if site.array == variable_name(lsu)]
            if len(own) == 1 or alike(own):
                match.pairs.append((lsu, own[0]))
            else:
                match.problem = f"{len(own)} accesses to `{variable_name(lsu)}` on that line differ"
                match.pairs.clear()
                return match
        match.how = "by the array the report names"
        return match
    if named and not all(name in arrays for name in named):
        odd = sorted({name for name in named if name not in arrays})
        notes.append(f"the report's variable name {', '.join(odd)} names no array accessed there (ignored)")
    if len(lsus) == len(sites):
        match.pairs = list(zip(lsus, sites, strict=True))
        notes.append("matched by order within the line" if not alike(sites) or len(sites) > 1 else "")
        match.how = "; ".join(note for note in notes if note)
        return match
    if alike(sites):
        # identical facts: any pairing gives the same numbers; consecutive
        # chunks (aoc lists one access's per-lane LSUs together) keep the
        # access labels and per-access groups plausible
        share = len(lsus) // len(sites) if len(lsus) % len(sites) == 0 else 0
        for position, lsu in enumerate(lsus):
            match.pairs.append((lsu, sites[position // share] if share else sites[0]))
        if len(lsus) > len(sites):
            notes.append(f"the compiler made {len(lsus)} LSUs for {len(sites)} access(es) on that line")
        if len(sites) > 1:
            notes.append(f"{len(sites)} accesses on that line have identical facts")
        match.how = "; ".join(notes)
        return match
    match.problem = (
        f"{len(lsus)} LSU(s) and {len(sites)} accesses ({', '.join(site.text for site in sites)}) "
        "with different facts on that line"
    )
    return match


def group_lsus(lsus: Sequence[LSU]) -> list[list[LSU]]:
    """LSUs grouped by (file, line, kind, global), in report order."""
    groups: dict[tuple[str, int, str, bool], list[LSU]] = {}
    for lsu in lsus:
        name, line = ("", 0) if lsu.location is None else site_key(lsu.location.file, lsu.location.line)
        groups.setdefault((name, line, _kind(lsu), lsu.is_global), []).append(lsu)
    return list(groups.values())


def merged_neighbours(site: AccessSite, sites: Sequence[AccessSite], lsu_lines: set[tuple[str, int, str]]) -> int:
    """How many neighbouring accesses the compiler folded into ``site``'s LSU.

    Neighbours: same function, statement list, array and kind, index
    ``site.index + k`` for k = 1, 2, ..., at a line without an LSU of that
    kind (aoc attributes the merged LSU to the first line only).
    """
    offsets: set[int] = set()
    for other in sites:
        if other is site or other.function != site.function or other.block != site.block:
            continue
        if other.array != site.array or other.kind != site.kind:
            continue
        if (PurePath(other.file).name, other.line, other.kind) in lsu_lines:
            continue
        difference = (other.index - site.index).expand()
        if difference.is_Integer and int(difference) > 0:
            offsets.add(int(difference))
    count = 1
    while count in offsets:
        count += 1
    return count
