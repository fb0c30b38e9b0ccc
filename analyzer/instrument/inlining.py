"""Loops of inlined callees, seen as loops of the module they were inlined into.

HLS inlines a callee that gets no module of its own: its loops become loops of
the caller's module, and Vivado names the caller's unlabelled loops by their
position after inlining. A public SHA-3 (Vivado HLS 2018.3) reports the top's
``Loop 1``, 85 cycles, which is the loop of the inlined keccak_squeezeblocks;
matched by position within the top's own body it found nothing and simulate
lost those cycles (-22 %).

So each module function's loops are read as HLS sees them: its body walked in
source order, a call of an inlined function replaced by that function's loops
(inline expansion order, recursively, following the call graph), nested in the
loops around the call. Positional names (``Loop 2``, ``Loop 1.1``) are those of
that expanded tree; a labelled loop whose label the report does not list at
all was dissolved or unrolled (keccak_squeezeblocks' one-trip ``label3`` and
``label8`` around that loop), and its inner loops are numbered in its place.
Labels and Vitis names (``VITIS_LOOP_<line>_<k>``, given per source function
before inlining) stay the loop's own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from pycparser import c_ast

from hlsight.analyzer.instrument.sourceloops import SourceFunction, SourceLoop
from hlsight.parsers.csource.visitor import NodeVisitor


@dataclass(eq=False)
class ExpandedLoop:
    """One loop as it appears in a module after inlining."""

    loop: SourceLoop
    parent: ExpandedLoop | None
    #: the inlined calls that bring it into the module, outermost first (empty: the module's own loop)
    via: tuple[str, ...]
    children: list[ExpandedLoop] = field(default_factory=list)
    vivado_name: str = ""

    @property
    def candidate_names(self) -> list[str]:
        """Names a report may use for it, most specific first."""
        if self.loop.label:
            return [self.loop.label]
        return [self.vivado_name, self.loop.vitis_name]

    @property
    def inlined(self) -> bool:
        return bool(self.via)

    def walk(self) -> Iterator[ExpandedLoop]:
        yield self
        for child in self.children:
            yield from child.walk()

    def inside_pipeline(self) -> bool:
        """An enclosing loop, in the caller or the callee, is pipelined (HLS unrolls this one)."""
        parent = self.parent
        while parent is not None:
            if parent.loop.pipelined_in_source:
                return True
            parent = parent.parent
        return False


def expand_loops(function: SourceFunction, functions: Mapping[str, SourceFunction],
                 inlined: Callable[[str], bool], listed: Callable[[str], bool]) -> list[ExpandedLoop]:
    """The loop tree of ``function`` after inlining: ``inlined(name)`` says
    whether a callee defined in ``functions`` has no module of its own;
    ``listed(label)`` whether the report names a loop with that label."""
    walker = _Expander(functions, inlined)
    roots: list[ExpandedLoop] = []
    walker.expand(function, None, roots, ())
    _name(roots, None, listed)
    return roots


def walk_all(roots: list[ExpandedLoop]) -> list[ExpandedLoop]:
    """Every loop of the tree in pre-order (source order after inlining)."""
    return [item for root in roots for item in root.walk()]


class _Expander(NodeVisitor):
    """Walks a body in source order; a loop joins ``siblings`` under
    ``parent``, a call of an inlined function walks that function's body in
    its place."""

    def __init__(self, functions: Mapping[str, SourceFunction], inlined: Callable[[str], bool]):
        self.functions = functions
        self.inlined = inlined
        self.parent: ExpandedLoop | None = None
        self.siblings: list[ExpandedLoop] = []
        self.via: tuple[str, ...] = ()
        self.loops: dict[int, SourceLoop] = {}

    def expand(self, function: SourceFunction, parent: ExpandedLoop | None, siblings: list[ExpandedLoop],
               via: tuple[str, ...]) -> None:
        saved = self.parent, self.siblings, self.via
        self.parent, self.siblings, self.via = parent, siblings, via
        self.loops.update((id(loop.node), loop) for loop in function.all_loops())
        self.visit(function.node.body)
        self.parent, self.siblings, self.via = saved

    def visit_For(self, node: c_ast.For | c_ast.While | c_ast.DoWhile) -> None:
        loop = self.loops.get(id(node))
        if loop is None:  # not a loop of the function's own text (cannot happen for collected bodies)
            self.generic_visit(node)
            return
        item = ExpandedLoop(loop, self.parent, self.via)
        self.siblings.append(item)
        saved = self.parent, self.siblings
        self.parent, self.siblings = item, item.children
        self.generic_visit(node)
        self.parent, self.siblings = saved

    visit_While = visit_DoWhile = visit_For

    def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
        self.generic_visit(node)  # calls in the arguments run first
        name = str(node.name.name) if isinstance(node.name, c_ast.ID) else None
        if name is None or name in self.via or name not in self.functions or not self.inlined(name):
            return
        callee = self.functions[name]
        if callee.pipelined:
            return  # a pipelined function unrolls its loops: none of them is a loop of the caller
        self.expand(callee, self.parent, self.siblings, (*self.via, name))


def _name(children: list[ExpandedLoop], prefix: str | None, listed: Callable[[str], bool]) -> None:
    """Vivado positional names over the expanded tree (``Loop k`` at the top,
    ``<parent>.k`` below, the parent's label or positional name)."""
    for position, child in enumerate(_numbered(children, listed), start=1):
        child.vivado_name = f"Loop {position}" if prefix is None else f"{prefix}.{position}"
        _name(child.children, child.loop.label or child.vivado_name, listed)
    for child in children:
        if _dissolved(child, listed):
            child.vivado_name = child.loop.label or ""


def _numbered(children: list[ExpandedLoop], listed: Callable[[str], bool]) -> Iterator[ExpandedLoop]:
    """The loops that take a position among ``children``: a dissolved
    labelled loop gives its place to its inner loops."""
    for child in children:
        if _dissolved(child, listed):
            yield from _numbered(child.children, listed)
        else:
            yield child


def _dissolved(loop: ExpandedLoop, listed: Callable[[str], bool]) -> bool:
    return loop.loop.label is not None and not listed(loop.loop.label)
