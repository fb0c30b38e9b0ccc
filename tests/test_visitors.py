"""The one AST-dispatch idiom: ``visit_<Node>`` per node type with a
``generic_visit`` fallback, pycparser's for C and :class:`CursorVisitor`
(keyed by cursor kind) for libclang, on real sources."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from pycparser import c_ast

from hlsight.parsers.csource import parse_c_file
from hlsight.parsers.csource.visitor import NodeVisitor
from hlsight.parsers.cxx.clang_frontend import parse_cxx
from hlsight.parsers.cxx.visitor import CursorVisitor, children, children_listed_once

INSTRUMENT = Path(__file__).resolve().parents[2] / "shared" / "instrument"
QUICKSORT = INSTRUMENT / "vitis2022.2.2_c2hlsc_quicksort"


class _Kinds(CursorVisitor):
    """Counts loops through their own methods and every other cursor kind through generic_visit."""

    def __init__(self) -> None:
        self.loops = 0
        self.other: Counter[str] = Counter()

    def visit_FOR_STMT(self, cursor: Any) -> None:
        self.loops += 1
        CursorVisitor.generic_visit(self, cursor)  # the body, without counting the loop as "other"

    visit_WHILE_STMT = visit_FOR_STMT

    def generic_visit(self, cursor: Any) -> None:
        self.other[cursor.kind.name] += 1
        super().generic_visit(cursor)


def _unit() -> Any:
    unit = parse_cxx(QUICKSORT / "upstream" / "qs_fast.cpp", include_dirs=[QUICKSORT / "upstream"])
    return unit.translation_unit


def test_children_are_get_children() -> None:
    """Same cursors, same order, for every cursor of a real HLS C++ source."""
    pending = [_unit().cursor]
    checked = 0
    while pending:
        cursor = pending.pop()
        listed = children(cursor)
        assert listed == list(cursor.get_children())
        pending.extend(listed)
        checked += 1
    assert checked > 200


def test_cursor_visitor_dispatches_by_kind() -> None:
    text = (QUICKSORT / "upstream" / "qs_fast.cpp").read_text()
    visitor = _Kinds()
    visitor.visit(_unit().cursor)
    written = text.count("for (") + text.count("for(") + text.count("while (") + text.count("while(")
    assert visitor.loops == written > 0
    assert "FOR_STMT" not in visitor.other and "WHILE_STMT" not in visitor.other
    assert visitor.other["COMPOUND_STMT"] > 0


def test_children_listed_once_inside_the_block_only() -> None:
    root = _unit().cursor
    assert children(root) is not children(root)
    with children_listed_once():
        first = children(root)
        assert children(root) is first
    assert children(root) is not first


class _Loops(NodeVisitor):
    def __init__(self) -> None:
        self.lines: list[int] = []

    def visit_For(self, node: c_ast.For) -> None:
        self.lines.append(int(node.coord.line))
        self.generic_visit(node)

    visit_While = visit_DoWhile = visit_For


def test_c_node_visitor_is_pycparsers() -> None:
    unit = parse_c_file(next(p for p in QUICKSORT.glob("*.c") if p.name != "tb.c"))
    loops = _Loops()
    loops.visit(unit.ast)
    expected = [int(node.coord.line) for node in unit.walk()
                if isinstance(node, c_ast.For | c_ast.While | c_ast.DoWhile)]
    assert loops.lines == expected and expected
    assert isinstance(loops, c_ast.NodeVisitor)
