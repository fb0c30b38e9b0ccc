"""The same element touched in both arms of one ``if``/``else``: once a pass.

``if (v != 0.0f) out[i][j] = sign * m; else out[i][j] = 0.0f;`` (a public
Vitis 2025.1 min-sum decoder) stores ``out[i][j]`` on every pass, whichever
arm runs. The test is data, so each arm's count takes it as always true (an
upper bound, said), and the bundle was charged both stores: 12 bytes a pass
for the 8 the decoder moves (``syndrome[i]`` and one ``out[i][j]``). The two
arms are exclusive and one of them runs, so the pair moves exactly what one
access moves without the test: ``p + (1 - p) = 1`` for any ``p`` the data
makes. A pair is merged when the test alone separates it: the same kind,
array (as reached), index, element size, loops and calls, and guards that
differ only in that test, the ``if`` and its ``else``. Where the counts
read the test (``j < 10`` of 40 passes: 10 and 30), the arms' counts add up
to the count without it as well, so the merged count is right whether the
test is data or not; the listing then names one access "in either arm".
"""

from __future__ import annotations

import dataclasses

from pycparser import c_ast

from hlsight.analyzer.access.walker import AccessSite, Guard


def _element(site: AccessSite) -> tuple[object, ...]:
    """What makes two accesses the same element on one pass."""
    return (site.kind, site.root or site.array, str(site.index), site.element.bytes,
            tuple(id(loop) for loop in site.loops), site.calls, site.switch_arms)


def _else_of(then: Guard, other: Guard) -> bool:
    """``other`` is the ``else`` arm of the ``if`` arm ``then``."""
    if then.negated:
        return False
    if other.negated:
        return other.condition is then.condition
    condition = other.condition
    return isinstance(condition, c_ast.UnaryOp) and condition.op == "!" and condition.expr is then.condition


def _split(first: AccessSite, second: AccessSite) -> Guard | None:
    """The guard of ``first`` whose ``else`` is the one way ``second``'s
    guards differ, else ``None``."""
    if len(first.guards) != len(second.guards) or not first.guards:
        return None
    differ = [index for index, (one, other) in enumerate(zip(first.guards, second.guards, strict=True))
              if one is not other]
    if len(differ) != 1:
        return None
    then, other = first.guards[differ[0]], second.guards[differ[0]]
    return then if _else_of(then, other) else None


def merge_complementary(sites: list[AccessSite]) -> list[AccessSite]:
    """``sites`` with each pair of :func:`_split` accesses counted once:
    the ``if`` arm's access in the place of both, without the test that
    separates them (its count then holds every pass that runs either).
    Only accesses of one element are compared (grouped once, not pairwise
    over the function's every access)."""
    alike: dict[tuple[object, ...], list[int]] = {}
    for index, site in enumerate(sites):
        alike.setdefault(_element(site), []).append(index)
    kept = list(sites)
    merged: set[int] = set()
    for group in alike.values():
        for position, index in enumerate(group):
            if index in merged:
                continue
            site = sites[index]
            for other in group[position + 1:]:
                test = None if other in merged else _split(site, sites[other])
                if test is not None:
                    merged.add(other)
                    kept[index] = dataclasses.replace(site, guards=[guard for guard in site.guards
                                                                    if guard is not test],
                                                      text=f"{site.text} in either arm")
                    break
    return [site for index, site in enumerate(kept) if index not in merged]
