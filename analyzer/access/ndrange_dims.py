"""How many NDRange dimensions an OpenCL kernel's source uses.

A host program launches a 2-D kernel with ``size_t global[2] = {W, H}``:
its ``work_items`` is W x H. hlsight takes those sizes per dimension
(``global_size0``, ``global_size1``), and to refuse a launch that leaves a
dimension out (W alone read as the whole launch) it must know the highest
dimension the kernel reads: the highest constant argument of a work-item
function (``get_global_id(1)``) in the kernel or a function it calls, or a
``reqd_work_group_size`` whose Y or Z is more than 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePath

from pycparser import c_ast

from hlsight.analyzer.access.c_symbols import WORK_ITEM_FUNCTIONS
from hlsight.parsers.csource.visitor import NodeVisitor

#: the most dimensions an NDRange has
MAX_DIMENSIONS = 3


@dataclass(frozen=True)
class Dimensions:
    """``count`` dimensions (1..3) and what shows the highest one
    (``get_global_id(1) at matrix_mult.cl:45``; ``""`` for a 1-D kernel)."""

    count: int = 1
    evidence: str = ""


class WorkItemCalls(NodeVisitor):
    """Names of the functions a body calls, and the highest NDRange
    dimension it asks a work-item function for (with the first call that
    asks for it)."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self.highest = 0
        self.where: c_ast.FuncCall | None = None

    def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
        if isinstance(node.name, c_ast.ID):
            self.names.append(node.name.name)
            args = node.args.exprs if node.args is not None else []
            if node.name.name in WORK_ITEM_FUNCTIONS and len(args) == 1 and isinstance(args[0], c_ast.Constant) \
                    and args[0].value in ("1", "2") and int(args[0].value) > self.highest:
                self.highest = int(args[0].value)
                self.where = node
        self.generic_visit(node)


def highest_dimension(func: c_ast.FuncDef, functions: dict[str, c_ast.FuncDef]) -> tuple[int, c_ast.FuncCall | None]:
    """The highest dimension (0..2) ``func`` or a function of ``functions``
    it calls asks a work-item function for, and that call."""
    pending, seen = [func], {func.decl.name}
    highest, where = 0, None
    while pending:
        calls = WorkItemCalls()
        calls.visit(pending.pop().body)
        if calls.highest > highest:
            highest, where = calls.highest, calls.where
        for name in calls.names:
            if name in functions and name not in seen:
                seen.add(name)
                pending.append(functions[name])
    return highest, where


def kernel_dimensions(func: c_ast.FuncDef, unit: c_ast.FileAST, local_size: tuple[int, int, int] | None) -> Dimensions:
    """The dimensions the kernel ``func`` reads (``unit``: its translation
    unit, headers included, whose functions it may call; ``local_size``: its
    ``reqd_work_group_size``)."""
    functions = {node.decl.name: node for node in unit.ext if isinstance(node, c_ast.FuncDef)}
    highest, where = highest_dimension(func, functions)
    found = Dimensions(highest + 1, "" if where is None else _said(where))
    if local_size is not None:
        extent = max((d for d in range(MAX_DIMENSIONS) if local_size[d] > 1), default=0)
        if extent + 1 > found.count:
            sizes = ", ".join(str(size) for size in local_size)
            found = Dimensions(extent + 1, f"reqd_work_group_size({sizes})")
    return found


def _said(call: c_ast.FuncCall) -> str:
    name = call.name.name if isinstance(call.name, c_ast.ID) else "?"
    args = call.args.exprs if call.args is not None else []
    argument = args[0].value if args and isinstance(args[0], c_ast.Constant) else "?"
    coord = call.coord
    at = f" at {PurePath(str(coord.file)).name}:{coord.line}" if coord is not None and coord.file else ""
    return f"{name}({argument}){at}"
