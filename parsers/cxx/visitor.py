"""The one way hlsight dispatches on a libclang cursor: the pycparser
``NodeVisitor`` shape keyed by cursor kind.

A subclass of :class:`CursorVisitor` defines ``visit_<KIND>`` per cursor
kind it handles (``visit_FOR_STMT``, ``visit_CALL_EXPR``: the names of
``clang.cindex.CursorKind``) and ``generic_visit`` for the rest (by default:
visit the children). The method of a kind is looked up once per class.

:func:`children` lists a cursor's children without the per-child
null-cursor assertion of ``Cursor.get_children`` (two extra C calls per
child) and, inside :func:`children_listed_once`, only once per cursor: the
SYCL walker's value, access and loop walks list the same expressions about
three times (13 054 listings of 4 180 cursors on the oneAPI kmers report).
clang is imported on first use only: the C-only paths of the instrumenter
never load it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, ClassVar

Cursor = Any  # clang.cindex.Cursor: libclang ships no type information


_listed: dict[Cursor, list[Cursor]] | None = None


@contextmanager
def children_listed_once() -> Iterator[None]:
    """Within this block :func:`children` lists each cursor once (the walks
    of one kernel ask for the same expressions' children about three times);
    the lists are dropped at the end, with the translation unit they hold."""
    global _listed
    outer = _listed
    _listed = {} if outer is None else outer
    try:
        yield
    finally:
        _listed = outer


def children(cursor: Cursor) -> list[Cursor]:
    """The children of ``cursor`` in source order (``Cursor.get_children`` as
    a list; callers must not change it: inside :func:`children_listed_once`
    the next caller gets the same list)."""
    if _listed is not None:
        known = _listed.get(cursor)
        if known is None:
            known = _listed[cursor] = _list_children(cursor)
        return known
    return _list_children(cursor)


def _list_children(cursor: Cursor) -> list[Cursor]:
    from clang.cindex import callbacks, conf

    found: list[Cursor] = []
    unit = cursor._tu

    def visit(child: Cursor, _parent: Cursor, _data: object) -> int:
        child._tu = unit  # keep the translation unit alive as long as the cursor
        found.append(child)
        return 1  # CXChildVisit_Continue

    conf.lib.clang_visitChildren(cursor, callbacks["cursor_visit"](visit), None)
    return found


class CursorVisitor:
    """Dispatch on ``cursor.kind`` to ``visit_<KIND>`` (else :meth:`generic_visit`)."""

    _methods: ClassVar[dict[object, Callable[[Any, Cursor], Any]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._methods = {}

    def visit(self, cursor: Cursor) -> Any:
        kind = cursor.kind
        method = self._methods.get(kind)
        if method is None:
            found: Callable[[Any, Cursor], Any] = getattr(type(self), f"visit_{kind.name}", type(self).generic_visit)
            method = self._methods[kind] = found
        return method(self, cursor)

    def generic_visit(self, cursor: Cursor) -> Any:
        for child in children(cursor):
            self.visit(child)
