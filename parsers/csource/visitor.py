"""The one way hlsight dispatches on a C syntax node: pycparser's
``c_ast.NodeVisitor`` (a ``visit_<NodeClass>`` method per node type,
``generic_visit`` for the rest; the bound method is cached per class);
and the one way it lists a subtree's nodes (:func:`descendants`).

pycparser ships no type information, so mypy sees its classes as ``Any``
and ``--strict`` refuses to subclass them; this module gives the visitor
its signature once, for every C walker to subclass.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from pycparser import c_ast

if TYPE_CHECKING:

    class NodeVisitor:
        """Typed view of :class:`pycparser.c_ast.NodeVisitor`."""

        def visit(self, node: c_ast.Node) -> Any: ...

        def generic_visit(self, node: c_ast.Node) -> Any: ...

else:
    NodeVisitor = c_ast.NodeVisitor



def descendants(node: c_ast.Node) -> Iterator[c_ast.Node]:
    """``node`` and every node under it, pre-order."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        stack.extend(reversed([child for _name, child in current.children()]))


__all__ = ["NodeVisitor", "descendants"]
