"""The one way hlsight dispatches on a C syntax node: pycparser's
``c_ast.NodeVisitor`` (a ``visit_<NodeClass>`` method per node type,
``generic_visit`` for the rest; the bound method is cached per class).

pycparser ships no type information, so mypy sees its classes as ``Any``
and ``--strict`` refuses to subclass them; this module gives the visitor
its signature once, for every C walker to subclass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pycparser import c_ast

if TYPE_CHECKING:

    class NodeVisitor:
        """Typed view of :class:`pycparser.c_ast.NodeVisitor`."""

        def visit(self, node: c_ast.Node) -> Any: ...

        def generic_visit(self, node: c_ast.Node) -> Any: ...

else:
    NodeVisitor = c_ast.NodeVisitor

__all__ = ["NodeVisitor"]
