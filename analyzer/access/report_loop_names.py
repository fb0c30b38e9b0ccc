"""The names Vivado HLS and Vitis HLS give a C function's loops in their
reports (format notes section 4), and the report loop each source loop is.

A report loop without a source location (Vivado HLS up to 2019.2, Vitis
2020.x labels) is known only by its name; to give it the source's trip
count, hlsight needs the loop that name stands for:

* a labelled loop ``lbl: for (...)`` is ``lbl`` in both tools;
* an unlabelled loop is ``Loop N`` in Vivado HLS (top-level loops numbered in
  source order per function), and ``<parent>.<k>`` below a loop (``Loop
  3.1``, ``lbl.2``: k-th child loop); Vitis names it
  ``VITIS_LOOP_<line>_<K>`` (K: its rank among the function's unlabelled
  loops), and a ``Loop N`` in a Vitis report is a loop the compiler made
  (an array copy), with no source counterpart;
* a flattened perfect nest joins its levels' names with ``_``
  (``for_y_for_x``, ``VITIS_LOOP_17_4_VITIS_LOOP_18_5``) and runs the
  product of their counts.

The instrumenter (:mod:`hlsight.analyzer.instrument.sourceloops`) names
loops the same way, from these rules.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from pycparser import c_ast

from hlsight.parsers.csource.visitor import NodeVisitor
from hlsight.parsers.vivado.names import parse_loop_name

#: how the facts of a flattened nest begin their reason: the product of its levels' counts
#: (:mod:`~hlsight.analyzer.access.xilinx_report_loops`), read back by the port bound
FLATTENED = "a flattened nest of the loops at lines"

#: one level of a loop tree whose flattened names are read (:func:`flattened_chains`)
Level = TypeVar("Level")


@dataclass(eq=False)
class NamedLoop:
    """One loop of a function with the names a report may give it."""

    node: c_ast.Node
    label: str | None
    #: Vivado's positional name: ``Loop 2``, ``Loop 3.1``, ``lbl.2``
    positional: str
    #: 1-based rank among the function's unlabelled loops (Vitis ``K``); a
    #: labelled loop keeps the rank of the unlabelled one before it
    ordinal: int
    line: int
    parent: NamedLoop | None = None
    children: list[NamedLoop] = field(default_factory=list)

    @property
    def vitis_name(self) -> str:
        return f"VITIS_LOOP_{self.line}_{self.ordinal}"

    def report_name(self, vivado: bool) -> str:
        """The name the tool gives the loop: its label, else Vivado's
        positional name or the Vitis one."""
        if self.label:
            return self.label
        return self.positional if vivado else self.vitis_name

    def walk(self) -> list[NamedLoop]:
        out = [self]
        for child in self.children:
            out.extend(child.walk())
        return out


class _Namer(NodeVisitor):
    """Walks a function body in source order, naming every loop."""

    def __init__(self) -> None:
        self.ordinal = 0
        self.top: list[NamedLoop] = []
        self._parent: NamedLoop | None = None
        self._label: str | None = None

    def visit_Label(self, node: c_ast.Label) -> None:
        self._label = str(node.name)
        self.visit(node.stmt)
        self._label = None

    def visit_For(self, node: c_ast.For | c_ast.While | c_ast.DoWhile) -> None:
        label, self._label = self._label, None
        if label is None:
            self.ordinal += 1
        siblings = self.top if self._parent is None else self._parent.children
        position = len(siblings) + 1
        parent = self._parent
        positional = f"Loop {position}" if parent is None else f"{parent.label or parent.positional}.{position}"
        line = int(node.coord.line) if node.coord is not None else 0
        loop = NamedLoop(node, label, positional, self.ordinal, line, parent)
        siblings.append(loop)
        self._parent = loop
        for _name, child in node.children():
            self.visit(child)
        self._parent = parent

    visit_While = visit_DoWhile = visit_For

    def generic_visit(self, node: c_ast.Node) -> None:
        self._label = None  # a label names only the statement right after it
        for _name, child in node.children():
            self.visit(child)


def name_loops(body: c_ast.Node | None) -> list[NamedLoop]:
    """The top-level loops of a function body, each with its nested loops,
    named as the reports name them."""
    namer = _Namer()
    if body is not None:
        namer.visit(body)
    return namer.top


@dataclass(frozen=True)
class ReportLoopMatch:
    """The source loops one report loop stands for: one, or the levels of a
    flattened nest, outermost first."""

    levels: tuple[NamedLoop, ...]


def match_report_name(name: str, loops: list[NamedLoop], vivado: bool) -> ReportLoopMatch | None:
    """The source loop(s) ``name`` stands for among ``loops`` (a function's
    loop trees), or ``None`` when no loop, or more than one reading, fits.

    A flattened name matches a chain of loops each the only loop directly
    inside the one before (the perfect nest the tools flatten); any other
    reading would multiply counts of loops that do not nest. An unlabelled
    level of the chain may be missing from a Vitis name: it is flattened
    too."""
    readings: list[tuple[NamedLoop, ...]] = []
    for loop in (item for top in loops for item in top.walk()):
        readings.extend(_chains(name, loop, vivado))
    return ReportLoopMatch(readings[0]) if len(readings) == 1 else None


def moved_vitis_name(line: int, ordinal: int, names: Iterable[str]) -> str | None:
    """The one report name of ``names`` a source loop at ``line``, the
    ``ordinal``-th unlabelled loop of its function, stands for when the
    source moved lines since synthesis: ``VITIS_LOOP_<L>_<ordinal>`` with
    ``L`` not its line (the ``K`` of a Vitis name is the loop's rank in
    its function and survives a line added above it, the line does not).
    ``None`` when no name, or more than one, has that rank. One rule for
    the simulator (``instrument-loop-moved``) and the analysis
    (:mod:`~hlsight.analyzer.access.xilinx_report_loops`)."""
    pattern = re.compile(rf"VITIS_LOOP_(\d+)_{ordinal}")
    found = [name for name in names if (hit := pattern.fullmatch(name)) is not None and int(hit.group(1)) != line]
    return found[0] if len(found) == 1 else None


def name_line_offset(name: str, line: int) -> int:
    """How many lines below the line its Vitis name ``name`` gives a loop
    at ``line`` sits (negative: above)."""
    return line - (parse_loop_name(name).line or 0)


def offset_words(offset: int) -> str:
    """``2 lines below``, ``1 line above``: where a moved loop sits from its name's line."""
    return f"{abs(offset)} line{'s' if abs(offset) != 1 else ''} {'below' if offset > 0 else 'above'}"


def _chains(name: str, loop: NamedLoop, vivado: bool) -> list[tuple[NamedLoop, ...]]:
    return flattened_chains(name, loop, lambda level: [level.report_name(vivado)], lambda level: level.children,
                            lambda level: not vivado and level.report_name(False).startswith("VITIS_LOOP_"))


def flattened_chains(name: str, loop: Level, names: Callable[[Level], Sequence[str]],
                     children: Callable[[Level], Sequence[Level]], droppable: Callable[[Level], bool]
                     ) -> list[tuple[Level, ...]]:
    """The chains from ``loop`` down its only-child loops whose names joined
    with ``_`` are ``name`` (``(loop,)`` when ``name`` is one of its own).
    ``names`` gives the names a report may use for one level, ``droppable``
    says whether it is an unlabelled level Vitis may leave out of the joined
    name. Generic so that the instrumenter's loop trees (its levels are the
    loops after inlining, :mod:`hlsight.analyzer.instrument.inlining`) read a
    flattened name by the same rule as the analysis."""
    found: list[tuple[Level, ...]] = []
    for own in names(loop):
        if name == own:
            found.append((loop,))
            continue
        inners = children(loop)
        if not name.startswith(own + "_") or len(inners) != 1:
            continue
        rest, inner = name[len(own) + 1:], inners[0]
        skipped: list[Level] = []
        while True:
            chains = [(loop, *skipped, *chain) for chain in flattened_chains(rest, inner, names, children, droppable)]
            # Vitis leaves an unlabelled level of a perfect nest out of the flattened name
            # (AutoSA's ``VITIS_LOOP_13_1_VITIS_LOOP_15_3_...``: the loop at line 14, ordinal 2,
            # runs flattened with the rest; the report counts 4 x 4 x 4 x 2 x 8 = 1024)
            if chains or len(children(inner)) != 1 or not droppable(inner):
                found.extend(chains)
                break
            skipped.append(inner)
            inner = children(inner)[0]
    return found
