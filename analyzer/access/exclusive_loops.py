"""Say when sibling report loops sit in exclusive arms of one ``if``/``else``
chain or ``switch`` and the user must give their trip counts.

A module's cycles compose its loops in sequence (HLScope+ eq. 1), each at
the trip count given, which is the right count per call only if a loop its
call skips is given 0. Where the report itself does not count such a loop
(its trip count is a value to give), the user is told which loops exclude
each other and how to give them: a value per kind of call, 0 for the loops
its arm skips (``[[launch]]`` tables, one per kind of call). Nothing is
changed in the number: which arm a call takes is the host's data.
"""

from __future__ import annotations

from collections import defaultdict

from hlsight.analyzer.access.branch_arms import BranchArm, exclusive
from hlsight.analyzer.results import SourceFacts
from hlsight.analyzer.symbols import loop_symbols
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Kernel, Loop

RULE = "loop-exclusive-arms"


def exclusive_arm_warnings(kernel: Kernel, facts: SourceFacts) -> list[Diagnostic]:
    """One warning per chain whose arms hold two or more of ``kernel``'s
    sibling report loops, at least one of them with a trip count to give."""
    out: list[Diagnostic] = []
    for siblings in _sibling_groups(kernel):
        by_chain: dict[tuple[str, int, int], list[tuple[Loop, BranchArm]]] = defaultdict(list)
        for loop in siblings:
            others = [facts.loop_guards(other) for other in siblings if other is not loop]
            for guards in others:
                guard = exclusive(facts.loop_guards(loop), guards)
                if guard is not None:
                    by_chain[guard.chain].append((loop, guard))
                    break
        for members in by_chain.values():
            if not any(_to_give(loop) for loop, _guard in members):
                continue
            out.append(_warning(kernel, members, facts))
    return out


def _sibling_groups(kernel: Kernel) -> list[list[Loop]]:
    """The function's top-level loops, and each loop's children."""
    groups = [list(kernel.loops)]
    groups.extend(list(loop.children) for loop in kernel.all_loops() if len(loop.children) > 1)
    return [group for group in groups if len(group) > 1]


def _to_give(loop: Loop) -> bool:
    count = loop.trip_count
    return count is None or not count.known


def _warning(kernel: Kernel, members: list[tuple[Loop, BranchArm]], facts: SourceFacts) -> Diagnostic:
    head = members[0][1]
    arms: dict[int, list[str]] = defaultdict(list)
    for loop, guard in members:
        place = facts.loop_location(loop)
        where = f" ({place.file.rsplit('/', 1)[-1]}:{place.line})" if place is not None and place.line else ""
        arms[guard.arm].append(f"{loop.name}{where}")
    symbols = loop_symbols(kernel)
    names = [f"{symbols[id(loop)]}=0" for loop, _guard in members if id(loop) in symbols]
    tests = {guard.arm: guard for _loop, guard in members}
    said = ", ".join(f"{' and '.join(names)} under `{tests[arm].test}`"
                     + (f" (line {tests[arm].line})" if tests[arm].line != head.head_line else "")
                     for arm, names in sorted(arms.items()))
    return Diagnostic(
        rule=RULE, severity=Severity.WARNING, kernel=kernel.name, file=head.file, line=head.head_line,
        subject=", ".join(loop.name for loop, _guard in members),
        message=f"exclusive arms: {said}. A call runs one arm, but {kernel.name}'s cycles add all of them at the"
                f" trip counts given: give 0 to those a call skips ({', '.join(names)}; a [[launch]] table per kind of"
                " call)",
        data={"loops": [loop.name for loop, _guard in members], "chain_line": head.head_line},
    )
