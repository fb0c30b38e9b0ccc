"""Values read from an argument's buffer that the kernel never writes: one per launch.

caffe-fpga-opencl's layer kernels (the corpus's aoc 16.1 caffe net) take
their sizes in a struct the host fills, ``__global NetParam *param``, and
bound their loops and scale their indexes by ``param->outputChannel``,
``param->inputWidth``, ... Read from memory, those were data: every loop
over them a named trip (``trips_paddingLayer_L430``, which a user has to
work out), every index through them "data-dependent, no stride", charged a
whole burst per access. But a kernel that never writes through ``param``
reads the same value at a fixed address all launch long (a buffer changes
during a launch through the kernel's own stores, or through another
argument's if the host passed the same buffer twice, which the value's
text says is assumed not to happen), so such a read is a launch value like
an argument, named after what the host writes there:
``param_outputChannel`` for ``param->outputChannel``, ``sizes_0`` for
``sizes[0]`` or ``*sizes``, ``p_1_n`` for ``p[1].n``, given with ``--set``
as any argument is.

A pointer the kernel stores through, moves, takes the address of, copies
or hands to a call is not read-only here; an index that is not a number
keeps the read data.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator

import sympy
from pycparser import c_ast

#: operators that write their operand
_STEPS = frozenset({"++", "--", "p++", "p--"})


def read_only_pointers(body: c_ast.Node | None, pointers: Collection[str]) -> set[str]:
    """The names in ``pointers`` (a kernel's pointer arguments) that
    ``body`` only ever reads through: every use is the base of an element
    or field read (``p[k]``, ``p->f``, ``*p``) outside anything assigned,
    stepped or addressed."""
    if body is None:
        return set()
    bad: set[str] = set()
    for node, parent in _with_parents(body, None):
        if isinstance(node, c_ast.Assignment):
            bad.update(_bases(node.lvalue))
        elif isinstance(node, c_ast.UnaryOp) and (node.op in _STEPS or node.op == "&"):
            bad.update(_bases(node.expr))
        elif isinstance(node, c_ast.ID) and node.name in pointers and not _read_base(node, parent):
            bad.add(node.name)  # copied, moved, passed on, compared: not followed
    return set(pointers) - bad


def _read_base(node: c_ast.ID, parent: c_ast.Node | None) -> bool:
    """Whether ``node`` is the pointer a read goes through (``p[k]``, ``p->f``, ``*p``)."""
    if isinstance(parent, c_ast.ArrayRef):
        return parent.name is node
    if isinstance(parent, c_ast.StructRef):
        return parent.name is node and parent.type == "->"
    return isinstance(parent, c_ast.UnaryOp) and parent.op == "*" and parent.expr is node


def _with_parents(node: c_ast.Node, parent: c_ast.Node | None) -> Iterator[tuple[c_ast.Node, c_ast.Node | None]]:
    stack = [(node, parent)]
    while stack:
        current, above = stack.pop()
        yield current, above
        stack.extend((child, current) for _name, child in current.children())


def _bases(node: c_ast.Node | None) -> set[str]:
    """The variables whose memory (or selves) an assigned, stepped or
    addressed expression names: ``p`` in ``p[i]``, ``p->f``, ``*(p + 1)``,
    ``p``; not the index ``i``."""
    if isinstance(node, c_ast.ID):
        return {node.name}
    if isinstance(node, c_ast.ArrayRef | c_ast.StructRef):
        return _bases(node.name)
    if isinstance(node, c_ast.UnaryOp | c_ast.Cast):
        return _bases(node.expr)
    if isinstance(node, c_ast.BinaryOp):
        return _bases(node.left) | _bases(node.right)
    if isinstance(node, c_ast.TernaryOp):
        return _bases(node.iftrue) | _bases(node.iffalse)
    return set()


def fixed_read(node: c_ast.Node, read_only: Collection[str],
               value: Callable[[c_ast.Node], sympy.Expr]) -> tuple[str, str, str] | None:
    """``(name, text, pointer)`` of a read at a fixed place of a read-only
    pointer argument's buffer: ``param->outputChannel``
    (``param_outputChannel``), ``sizes[0]`` and ``*sizes`` (``sizes_0``),
    ``p[1].n`` (``p_1_n``), the index a non-negative number ``value``
    reads; ``None`` for any other expression."""
    if isinstance(node, c_ast.StructRef) and isinstance(node.field, c_ast.ID):
        field = node.field.name
        if node.type == "->" and isinstance(node.name, c_ast.ID) and node.name.name in read_only:
            return f"{node.name.name}_{field}", f"{node.name.name}->{field}", node.name.name
        element = fixed_read(node.name, read_only, value) if node.type == "." else None
        return None if element is None else (f"{element[0]}_{field}", f"{element[1]}.{field}", element[2])
    if isinstance(node, c_ast.UnaryOp) and node.op == "*" and isinstance(node.expr, c_ast.ID) \
            and node.expr.name in read_only:
        return f"{node.expr.name}_0", f"*{node.expr.name}", node.expr.name
    if isinstance(node, c_ast.ArrayRef) and isinstance(node.name, c_ast.ID) and node.name.name in read_only:
        index = value(node.subscript)
        if isinstance(index, sympy.Integer) and index >= 0:
            pointer = node.name.name
            return f"{pointer}_{int(index)}", f"{pointer}[{int(index)}]", pointer
    return None
