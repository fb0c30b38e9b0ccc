"""Which arm of an ``if``/``else if``/``else`` chain or of a ``switch`` a
loop sits in.

A function whose loops sit in exclusive arms (``if (inst == 0) { load loop }
else if (inst == 1) { compute loops }``) runs one arm per call, while a
module's cycles composed from its loops (HLScope+ eq. 1: sequential parts
add up) add every loop at the trip count given. The composition is right
only when a call's skipped loops are given 0 iterations, so the analysis
says which loops are exclusive and under which test each runs (a public
Vivado HLS 2019.1 AXI-stream convolution, whose "?" latency was composed as
load + compute for every call).

A ``switch`` arm is the run of ``case`` labels that fall through into one
another: arms are separated by a ``break``/``return``/``continue``/``goto``
that ends a case's statements (a case without one falls into the next, so
the loops of both run on one call).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from pycparser import c_ast

from hlsight.analyzer.access.c_symbols import c_text

#: statements after which control never reaches the next ``case``
_LEAVES_CASE = (c_ast.Break, c_ast.Return, c_ast.Continue, c_ast.Goto)


@dataclass(frozen=True)
class BranchArm:
    """One test a loop runs under, written as the source writes it.

    ``chain`` identifies the ``if``/``else if`` chain or ``switch`` (the
    first ``if``'s or the switch's line and column), ``arm`` which of its
    exclusive arms (0 for the first ``if``'s, ``n`` for the n-th ``else
    if``, the last for ``else``); ``depth`` how many loops enclose the test
    (only tests since the loop's enclosing loop decide whether it is
    entered on one iteration of that loop)."""

    test: str
    file: str
    line: int
    chain: tuple[str, int, int]
    arm: int
    depth: int
    #: the chain's first test and line (``if (inst == 0)`` at 40), for a
    #: message that names where the chain starts
    head: str
    head_line: int


def chain_key(node: c_ast.Node) -> tuple[str, int, int]:
    """``BranchArm.chain`` of the chain ``node`` starts (its first ``if`` or
    its ``switch``): file, line, column."""
    if node.coord is None:
        return ("", 0, 0)
    return (str(node.coord.file), node.coord.line, node.coord.column or 0)


def described(guard: BranchArm) -> str:
    """The test as a message gives it: an ``else``/``else if`` arm with the
    ``if`` its chain starts at (``else`` alone says nothing)."""
    said = f"`{guard.test}` (line {guard.line})"
    if guard.arm > 0 or guard.head.startswith("switch"):
        said += f" of `{guard.head}` (line {guard.head_line})"
    return said


def exclusive(first: tuple[BranchArm, ...], second: tuple[BranchArm, ...]) -> BranchArm | None:
    """The guard of ``first`` that puts it in another arm of a chain
    ``second`` also sits in (the two never run on one pass), else ``None``."""
    arms = {guard.chain: guard.arm for guard in second}
    for guard in first:
        if guard.chain in arms and arms[guard.chain] != guard.arm:
            return guard
    return None


def if_chain_arms(node: c_ast.If, lines: Mapping[str, list[str]]) -> list[tuple[c_ast.Node, str, int]]:
    """The arms of an ``if``/``else if``/``else`` chain, in order:
    (statement, the test it runs under as written, line of that test).
    The test is the source line's text where it holds the keyword (a C++
    test lowered to C reads otherwise: ``layer.second.empty()``), else the
    C test regenerated."""
    arms: list[tuple[c_ast.Node, str, int]] = []
    current: c_ast.Node | None = node
    while isinstance(current, c_ast.If):
        line = current.coord.line if current.coord is not None else 0
        keyword = "if" if current is node else "else if"
        test = f"{keyword} ({c_text(current.cond)})"
        arms.append((current.iftrue, _as_written(current, lines, keyword) or test, line))
        current = current.iffalse
    if current is not None:
        line = current.coord.line if current.coord is not None else 0
        arms.append((current, "else", line))
    return arms


def _as_written(node: c_ast.If, lines: Mapping[str, list[str]], keyword: str) -> str | None:
    """``if (...)`` as its line writes it, when the line holds one whole test."""
    if node.coord is None:
        return None
    text = lines.get(str(node.coord.file)) or []
    if not 0 < node.coord.line <= len(text):
        return None
    written = text[node.coord.line - 1].strip().lstrip("}").strip()
    match = _IF_LINE.match(written)
    if match is None or not written.startswith(keyword) or len(match["test"]) > _LONGEST_TEST:
        return None
    return match["test"]


#: an ``if``/``else if`` test that closes on its line, then at most a brace or a comment
_IF_LINE = re.compile(r"^(?P<test>(?:else\s+)?if\s*\(.*\))\s*(?:\{\s*)?(?://.*|/\*.*)?$")
_LONGEST_TEST = 80


def _label_as_written(item: c_ast.Case | c_ast.Default, lines: Mapping[str, list[str]]) -> str | None:
    """``case SUM`` as its line writes it (a C++ enumerator is lowered to its value)."""
    if item.coord is None:
        return None
    text = lines.get(str(item.coord.file)) or []
    if not 0 < item.coord.line <= len(text):
        return None
    line = text[item.coord.line - 1]
    match = _CASE_LINE.match(line)
    if match is None or len(re.findall(r"\b(?:case|default)\b", line)) > 1:  # labels sharing a line: not told apart
        return None
    return " ".join(match["label"].split())


#: ``case X:`` / ``default:`` at the start of a line (``case op::SUM:`` keeps its ``::``)
_CASE_LINE = re.compile(r"^\s*(?P<label>case\s+.+?|default)\s*(?<!:):(?!:)")


def _labels(labels: list[str]) -> str:
    """``case 0: case 1:``; a long run of labels by its ends."""
    if len(labels) <= 3:
        return " ".join(f"{label}:" for label in labels)
    return f"{labels[0]}: ... {labels[-1]}: ({len(labels)} labels)"


def switch_segments(node: c_ast.Switch, lines: Mapping[str, list[str]]) -> dict[int, tuple[int, str]]:
    """For each ``case``/``default`` of ``node`` (by ``id``): its arm and
    the labels that reach it (``case 0: case 1:``), a case that does not
    end in a ``break``/``return``/... falling into the next one."""
    body = (node.stmt.block_items or []) if isinstance(node.stmt, c_ast.Compound) else [node.stmt]
    out: dict[int, tuple[int, str]] = {}
    arm, labels = 0, []
    for item in body:
        if not isinstance(item, c_ast.Case | c_ast.Default):
            continue
        labels.append(_label_as_written(item, lines)
                      or ("default" if isinstance(item, c_ast.Default) else f"case {c_text(item.expr)}"))
        out[id(item)] = (arm, _labels(labels))
        stmts = item.stmts or []
        if stmts and isinstance(stmts[-1], _LEAVES_CASE):
            arm, labels = arm + 1, []
    return out
