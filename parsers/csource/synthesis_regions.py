"""Where a source holds code that only the C simulation compiles.

HLS synthesizes a source with ``__SYNTHESIS__`` defined; the C simulation
(and the instrumented program) compiles it without. Code under ``#ifndef
__SYNTHESIS__`` runs in software only (hls4ml's top loads its weights from
text files there; C kernels print there), so it has no report loop and takes
no hardware time: the instrumenter leaves it out of the tree it plans.
"""

from __future__ import annotations

import re

from pycparser import c_ast

_CONDITIONAL = re.compile(r"^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif)\b(.*)$", re.MULTILINE)
_NOT_SYNTHESIS = re.compile(r"!\s*defined\s*\(?\s*__SYNTHESIS__\s*\)?")
_SYNTHESIS = re.compile(r"defined\s*\(?\s*__SYNTHESIS__\s*\)?")


def simulation_only_lines(text: str) -> list[tuple[int, int]]:
    """The (directive line, closing directive line) of each region of
    ``text`` compiled only without ``__SYNTHESIS__``: ``#ifndef
    __SYNTHESIS__``, ``#if !defined(__SYNTHESIS__)`` and the ``#else`` of
    ``#ifdef __SYNTHESIS__`` / ``#if defined(__SYNTHESIS__)``; nested
    conditionals are followed, an ``#elif`` ends the region."""
    regions: list[tuple[int, int]] = []
    stack: list[list[object]] = []  # [state ("simulation", "synthesis" or ""), first line]
    for match in _CONDITIONAL.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        kind, condition = match.group(1), match.group(2).split("//")[0].split("/*")[0].strip()
        if kind in ("if", "ifdef", "ifndef"):
            simulation = (kind == "ifndef" and condition == "__SYNTHESIS__") or (
                kind == "if" and _NOT_SYNTHESIS.fullmatch(condition) is not None)
            synthesis = (kind == "ifdef" and condition == "__SYNTHESIS__") or (
                kind == "if" and _SYNTHESIS.fullmatch(condition) is not None)
            stack.append(["simulation" if simulation else "synthesis" if synthesis else "", line])
        elif stack:
            state, first = stack[-1]
            if state == "simulation":
                regions.append((int(first), line))  # type: ignore[call-overload]
            if kind == "endif":
                stack.pop()
            elif kind == "else":
                stack[-1] = ["simulation" if state == "synthesis" else "synthesis" if state == "simulation" else "",
                             line]
            else:  # elif: what follows is neither
                stack[-1] = ["", line]
    return regions


def drop_simulation_only(ast: c_ast.Node, filename: str, text: str) -> None:
    """Remove from ``ast`` (a C unit parsed as the C simulation compiles it)
    each statement of ``filename`` written under ``#ifndef __SYNTHESIS__``
    (:func:`simulation_only_lines` of its ``text``): the tree then holds what
    HLS synthesizes, so a loop printed there neither shifts the positional
    ``Loop N`` names of the loops after it nor reads as a loop the report
    left out."""
    regions = simulation_only_lines(text)
    if not regions:
        return
    for node in _compounds(ast):
        node.block_items = [item for item in node.block_items or []
                            if not _inside(item, filename, regions)] or None


def _inside(node: c_ast.Node, filename: str, regions: list[tuple[int, int]]) -> bool:
    coord = node.coord
    return (coord is not None and str(coord.file) == filename
            and any(first < int(coord.line) < last for first, last in regions))


def _compounds(node: c_ast.Node) -> list[c_ast.Compound]:
    found = [node] if isinstance(node, c_ast.Compound) else []
    for _name, child in node.children():
        found.extend(_compounds(child))
    return found
