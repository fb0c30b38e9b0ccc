"""Which pointers of an HLS C function reach DRAM through an m_axi bundle:
the bundle of each ``#pragma HLS interface m_axi port=X bundle=B``, the
pointer an argument expression starts from, and every node of a body to look
for the calls that pass one (the source analysis of the m_axi traffic and the
instrumenter's memcpy hooks both need them)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from pycparser import c_ast

from hlsight.core.model import Interface
from hlsight.parsers.csource.visitor import NodeVisitor

#: ``#pragma HLS interface ...`` lines of a source text (the text after ``#pragma``)
PRAGMA_LINE = re.compile(r"^[ \t]*#[ \t]*pragma[ \t]+(HLS[ \t]+interface\b.*)$", re.IGNORECASE | re.MULTILINE)
#: a line continued on the next (C's line splicing, before any directive is read)
_CONTINUED = re.compile(r"\\[ \t]*\r?\n")


def interface_pragmas(text: str) -> list[str]:
    """The ``HLS interface`` pragma texts of a source, continued lines
    joined (a public 2025.1 kernel: ``#pragma HLS INTERFACE m_axi
    port=input \\`` then ``offset=slave bundle=gmem0 depth=16384``: its
    bundle was lost, and with two bundles no access was counted)."""
    return PRAGMA_LINE.findall(_CONTINUED.sub(" ", text))


#: Direction spellings of the reports' interface tables -> ``read``, ``write``,
#: ``readwrite`` (the source analysis's words, :class:`~hlsight.analyzer.results.AxiFacts`)
_REPORTED = {"in": "read", "r": "read", "read": "read", "out": "write", "w": "write", "write": "write",
             "readwrite": "readwrite", "inout": "readwrite"}


def reported_direction(port: Interface) -> str | None:
    """Whether the report says ``port`` reads, writes or does both (``None``:
    it does not say): csynth.xml ``READ_WRITE_MODE``, csynth.rpt
    ``Read/Write``, or one data direction in the port table."""
    return _REPORTED.get((port.direction or "").lower())


def axi_pragma_ports(pragmas: Iterable[str]) -> dict[str, str | None]:
    """``port -> bundle`` of ``HLS interface m_axi port=X [bundle=B]`` pragma
    texts (``None``: no ``bundle=`` given)."""
    ports: dict[str, str | None] = {}
    for text in pragmas:
        words = text.replace("=", " = ").split()
        lowered = [word.lower() for word in words]
        if lowered[:2] != ["hls", "interface"] or "m_axi" not in lowered:
            continue
        options: dict[str, str] = {}
        for index, word in enumerate(lowered):
            if index + 2 < len(words) and words[index + 1] == "=":
                options[word] = words[index + 2]
        if "port" in options:
            ports[options["port"]] = options.get("bundle")
    return ports


class _RootName(NodeVisitor):
    """The variable an address expression starts from: ``a`` of ``&a[i]``,
    ``(char *)a + 4``, ``*a``; ``None`` for anything else."""

    def root(self, node: c_ast.Node) -> str | None:
        found: str | None = self.visit(node)
        return found

    def generic_visit(self, node: c_ast.Node) -> str | None:
        return None

    def visit_ID(self, node: c_ast.ID) -> str | None:
        return str(node.name)

    def visit_ArrayRef(self, node: c_ast.ArrayRef) -> str | None:
        return self.root(node.name)

    def visit_BinaryOp(self, node: c_ast.BinaryOp) -> str | None:
        return self.root(node.left)

    def visit_UnaryOp(self, node: c_ast.UnaryOp | c_ast.Cast) -> str | None:
        return self.root(node.expr)

    visit_Cast = visit_UnaryOp


def pointer_root(node: c_ast.Node) -> str | None:
    """The variable an argument or address expression starts from."""
    return _RootName().root(node)


def all_nodes(node: c_ast.Node | None) -> list[c_ast.Node]:
    """``node`` and every node below it."""
    out: list[c_ast.Node] = []
    stack = [] if node is None else [node]
    while stack:
        current = stack.pop()
        out.append(current)
        stack.extend(child for _name, child in current.children())
    return out
