"""The step of a variable a loop body updates in straight-line code, read by
running the body's statements in order (docs/model.md decision 44).

:func:`hlsight.analyzer.access.loops.update_step` reads one update at a
time, and a body temporary only when the variable is updated once: with two
updates a temporary may hold the value between them (``int a = v; v = v +
1; v = a + 5;`` steps 5, not 6), so such a variable kept no step. Running the
body's top-level statements in their order, each declaration and assignment
on the values the earlier ones left, gives the step exactly: v is a symbol at
the top of the iteration, ``a`` holds that symbol, ``v + 1`` then ``a + 5``
is v + 5. The step is taken only when it is a constant and nothing the walk
cannot see could change it: an update of the variable inside a branch, a
nested block or loop, or an expression with other effects gives up; a body
that can leave an iteration early (``continue``, ``break``, ``return``,
``goto``) gives up; a name assigned anywhere else in the loop is unknown
wherever it is read.

The running itself (:func:`step_in_order`) does not depend on the front
end: each top-level statement is given as a :class:`Declare`, an
:class:`Assign`, a :class:`Step` or the names it changes otherwise
(:class:`Effects`), with a function that evaluates an expression on the
values the run holds. The C walker builds them from pycparser nodes
(:func:`straight_line_step`), the SYCL walker from libclang cursors
(:mod:`hlsight.analyzer.access.sycl_straight_steps`), so a body written
the same way steps the same in OpenCL C and in SYCL.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

import sympy
from pycparser import c_ast

from hlsight.analyzer.access.c_symbols import ExprConverter, Role, SymbolInfo, SymbolTable
from hlsight.analyzer.access.loop_shapes import assigned_in, body_items
from hlsight.analyzer.access.loops import declared_names
from hlsight.parsers.csource.visitor import NodeVisitor

__all__ = ["Assign", "Declare", "Effects", "Step", "step_in_order", "straight_line_step"]

_STEPS = {"++": 1, "p++": 1, "--": -1, "p--": -1}

#: a variable of the body, as the front end names it (a C name, a SYCL declaration key)
K = TypeVar("K", bound=Hashable)
#: an expression of the front end (a pycparser node, a libclang cursor)
N = TypeVar("N")


@dataclass(frozen=True)
class Declare(Generic[K, N]):
    """``T target = init;``: ``init`` is ``None`` where the declaration is
    not a scalar with an initialiser (its value is then unknown)."""

    target: K
    init: N | None


@dataclass(frozen=True)
class Assign(Generic[K, N]):
    """``target op value;`` with ``op`` one of ``=``, ``+=``, ``-=`` and a
    value without effects of its own."""

    target: K
    op: str
    value: N


@dataclass(frozen=True)
class Step(Generic[K]):
    """``target++;`` / ``target--;`` as a statement of its own."""

    target: K
    delta: int


@dataclass(frozen=True)
class Effects(Generic[K]):
    """Any other statement, by the variables it changes (in a branch, a
    nested block or loop, an expression): they are unknown after it."""

    targets: frozenset[K]


#: what a front end reads of one top-level statement
Statement = Declare[K, N] | Assign[K, N] | Step[K] | Effects[K]
#: a variable's value where the run stands (``None``: the entry environment has none)
Lookup = Callable[[K], sympy.Expr | None]
#: the value of an expression with the variables read through the lookup; the
#: symbols it makes for what it cannot read go to the table given
Evaluate = Callable[[N, Lookup[K], SymbolTable], sympy.Expr]


def step_in_order(name: K, statements: Sequence[Statement[K, N]], evaluate: Evaluate[N, K],
                  env: Mapping[K, sympy.Expr], hidden: Collection[K], shown: Callable[[K], str]) -> sympy.Expr | None:
    """The constant amount ``name`` moves when ``statements`` (a loop body's
    top-level statements) run in order, or ``None``.

    ``name`` is a symbol at the top of the iteration; each declaration and
    assignment takes the value the earlier ones left. ``env``: the values at
    the loop's entry, read only for variables not in ``hidden`` (those the
    body declares or the loop assigns: unknown until the run sets them);
    ``shown``: a variable's name in the symbols made for unknown values."""
    if any(isinstance(statement, Effects) and name in statement.targets for statement in statements):
        return None  # updated where the run does not follow: inside a branch, a block, an expression
    probe = SymbolTable()
    marker = sympy.Symbol("__v", integer=True)
    values: dict[K, sympy.Expr] = {name: marker}

    def unknown(key: K) -> sympy.Expr:
        return probe.make(shown(key), SymbolInfo(Role.OPAQUE, shown(key)))

    def lookup(other: K) -> sympy.Expr | None:
        if other in values:
            return values[other]
        if other in hidden:
            return unknown(other)
        return env.get(other)

    def held(target: K) -> sympy.Expr:
        current = lookup(target)
        return current if current is not None else unknown(target)

    for statement in statements:
        if isinstance(statement, Declare):
            init = statement.init
            values[statement.target] = unknown(statement.target) if init is None else evaluate(init, lookup, probe)
        elif isinstance(statement, Assign):
            amount = evaluate(statement.value, lookup, probe)
            if statement.op == "=":
                values[statement.target] = amount
            else:
                values[statement.target] = held(statement.target) + (amount if statement.op == "+=" else -amount)
        elif isinstance(statement, Step):
            values[statement.target] = held(statement.target) + statement.delta
        else:
            for other in statement.targets:
                values[other] = unknown(other)
    step = sympy.expand(values[name] - marker)
    return step if step.is_number else None


class _Leaves(NodeVisitor):
    """Whether a statement can end the iteration early (or holds a label to jump to)."""

    def __init__(self) -> None:
        self.found = False

    def visit_Continue(self, node: c_ast.Continue) -> None:
        self.found = True

    def visit_Break(self, node: c_ast.Break) -> None:
        self.found = True

    def visit_Return(self, node: c_ast.Return) -> None:
        self.found = True

    def visit_Goto(self, node: c_ast.Goto) -> None:
        self.found = True

    def visit_Label(self, node: c_ast.Label) -> None:
        self.found = True


def _c_statements(items: Sequence[c_ast.Node]) -> list[Statement[str, c_ast.Node]]:
    """The body's top-level C statements as the run reads them."""
    out: list[Statement[str, c_ast.Node]] = []
    for item in items:
        effects = assigned_in(item)
        if isinstance(item, c_ast.Decl | c_ast.DeclList) and not effects:
            for decl in item.decls if isinstance(item, c_ast.DeclList) else [item]:
                if decl.name is not None:
                    scalar = isinstance(decl.type, c_ast.TypeDecl) and decl.init is not None \
                        and not isinstance(decl.init, c_ast.InitList)
                    out.append(Declare(decl.name, decl.init if scalar else None))
        elif isinstance(item, c_ast.Assignment) and isinstance(item.lvalue, c_ast.ID) \
                and not assigned_in(item.rvalue) and item.op in ("=", "+=", "-="):
            out.append(Assign(item.lvalue.name, item.op, item.rvalue))
        elif isinstance(item, c_ast.UnaryOp) and item.op in _STEPS and isinstance(item.expr, c_ast.ID):
            out.append(Step(item.expr.name, _STEPS[item.op]))
        else:
            out.append(Effects(frozenset(effects)))
    return out


def straight_line_step(name: str, body: c_ast.Node, env: Mapping[str, sympy.Expr], varying: Collection[str],
                       dimensions: int = 1, local_size: tuple[int, int, int] | None = None) -> sympy.Expr | None:
    """The constant amount ``name`` moves per run of ``body`` (a C loop
    body), or ``None`` when the body's top-level statements do not fix it.

    ``env``: the values at the loop's entry, read only for names the loop
    does not change; ``varying``: the names the loop assigns (the body, its
    counter update), unknown when read unless the walk set them first;
    ``dimensions`` and ``local_size`` as :func:`~hlsight.analyzer.access.loops.update_step`
    takes them."""
    items = body_items(body)
    leaves = _Leaves()
    leaves.visit(body)
    if leaves.found:
        return None

    def evaluate(node: c_ast.Node, lookup: Lookup[str], probe: SymbolTable) -> sympy.Expr:
        converter = ExprConverter(probe, lookup, lambda _call: None)
        converter.dimensions = dimensions
        converter.local_size = local_size
        return converter.convert(node)

    hidden = {*declared_names(body), *varying}
    return step_in_order(name, _c_statements(items), evaluate, env, hidden, str)
