"""Loops whose shape alone rules out a static trip count, and the variables
a loop assigns: read from pycparser nodes, without sympy.

The trip-count walker (:mod:`hlsight.analyzer.access.loop_walker`) counts a
loop only through a counter it can follow: a ``for`` loop through the
variable its condition compares, stepped by the header alone; a
``while``/``do`` loop through a variable of its condition that the body
steps on every iteration, or one the condition itself steps (``while (++i <
n)``); and ``do { } while (0)`` runs once. A loop that offers none of these,
``while (arr[R] >= piv && L < R)`` or ``while (i >= 0)`` with ``i`` stepped
only under an ``if``, gets no count whatever its values are.

:func:`never_counted` says so before any walk: the HLScope+ instrumenter
(pass 1 without a report asks every loop for its count) then skips the
walker, and the sympy import that is most of a cold process, for the
data-dependent loops pass 1 exists for. It is a necessary condition read
off the walker's own tests (each step below names the one it mirrors), not
a second counter: it never gives a count, and a loop it cannot rule out
goes to the walker. ``tests/test_loop_shapes.py`` checks it against the
walker on every loop of the instrument corpus.
"""

from __future__ import annotations

from pycparser import c_ast

from hlsight.parsers.csource.visitor import NodeVisitor, descendants

_INCREMENTS = ("++", "--", "p++", "p--")
#: statements and expressions whose parts run on some iterations only
_CONDITIONAL = (c_ast.If, c_ast.For, c_ast.While, c_ast.DoWhile, c_ast.Switch, c_ast.Case, c_ast.Default,
                c_ast.TernaryOp)
#: operators whose C value the walker never folds (``combine_binary`` gives
#: an opaque symbol): a ``do ... while`` tested with one is not ``while (0)``
_TESTS = frozenset({"<", "<=", ">", ">=", "==", "!=", "&&", "||"})


class AssignedNames(NodeVisitor):
    """Collects, for :func:`assigned_in`, every variable assigned below a node."""

    def __init__(self) -> None:
        self.found: dict[str, list[tuple[c_ast.Node, bool]]] = {}
        self.declared: set[str] = set()
        self.top = True

    def _children(self, node: c_ast.Node, keep_top: bool = False) -> None:
        top = self.top
        self.top = top and keep_top
        for _name, child in node.children():
            self.visit(child)
        self.top = top

    def _target(self, name: str, node: c_ast.Node) -> None:
        self.found.setdefault(name, []).append((node, self.top))

    def visit_Compound(self, node: c_ast.Compound) -> None:
        self._children(node, keep_top=True)

    def visit_ExprList(self, node: c_ast.ExprList) -> None:
        self._children(node, keep_top=True)

    def visit_Decl(self, node: c_ast.Decl) -> None:
        if node.name:
            self.declared.add(node.name)
        self._children(node, keep_top=True)

    def visit_Assignment(self, node: c_ast.Assignment) -> None:
        if isinstance(node.lvalue, c_ast.ID):
            self._target(node.lvalue.name, node)
        self._children(node, keep_top=True)

    def visit_UnaryOp(self, node: c_ast.UnaryOp) -> None:
        if node.op in _INCREMENTS and isinstance(node.expr, c_ast.ID):
            self._target(node.expr.name, node)
        self._children(node, keep_top=True)

    def visit_BinaryOp(self, node: c_ast.BinaryOp) -> None:
        if node.op in ("&&", "||"):  # the right operand runs only on some iterations
            self.visit(node.left)
            top, self.top = self.top, False
            self.visit(node.right)
            self.top = top
        else:
            self._children(node, keep_top=True)

    def generic_visit(self, node: c_ast.Node) -> None:
        # an expression nested in a statement of the body runs with it
        # (`*q++ = *p++` steps both once per iteration); a branch, a nested
        # loop or a `?:` arm runs on some iterations only
        self._children(node, keep_top=not isinstance(node, _CONDITIONAL))


def body_items(body: c_ast.Node) -> list[c_ast.Node]:
    """The top-level statements of a loop body (a block's items, or the one
    statement of a body without braces)."""
    return (body.block_items or []) if isinstance(body, c_ast.Compound) else [body]


def leaves_block(statement: c_ast.Node | None) -> bool:
    """Whether ``statement`` always sends control out of the block it stands
    in: a ``continue``, ``break``, ``return`` or ``goto``, or a block holding
    one at its top level (whatever precedes it there). After ``if (c)
    continue;`` the rest of the block runs only where ``c`` fails (``None``,
    a missing else branch, does not leave)."""
    if isinstance(statement, c_ast.Continue | c_ast.Break | c_ast.Return | c_ast.Goto):
        return True
    if isinstance(statement, c_ast.Compound):
        return any(leaves_block(item) for item in statement.block_items or [])
    return False


def assigned_in(node: c_ast.Node) -> dict[str, list[tuple[c_ast.Node, bool]]]:
    """Variables assigned inside ``node``: name -> [(statement, unconditional)].

    "Unconditional" means a direct statement of the loop body (not under
    an ``if`` or a nested loop), so it runs once per iteration. Variables
    declared inside ``node`` are its own and left out.
    """
    finder = AssignedNames()
    finder.visit(node)
    return {name: stmts for name, stmts in finder.found.items() if name not in finder.declared}


def _id_operands(cond: c_ast.BinaryOp) -> list[str]:
    return [side.name for side in (cond.left, cond.right) if isinstance(side, c_ast.ID)]


def _steps_on_every_iteration(name: str, assigned: dict[str, list[tuple[c_ast.Node, bool]]]) -> bool:
    """The body may step ``name`` once or more on every iteration: it assigns
    it, and only in direct statements (``LoopWalker._mark_loop_carried``
    gives any other a conditional symbol, with no step)."""
    stmts = assigned.get(name)
    return bool(stmts) and all(unconditional for _stmt, unconditional in stmts or [])


def never_counted(loop: c_ast.Node) -> bool:
    """Whether the walker gives ``loop`` (a ``for``, ``while`` or ``do``
    node) no trip count, whatever values its variables hold.

    ``for``: :func:`~hlsight.analyzer.access.loops.counter_trip` needs a
    comparison with the counter as an operand, and the counter stepped by
    the header only (``LoopWalker.visit_For`` takes no step for a counter
    the body assigns). ``while``/``do``: ``LoopWalker.visit_While`` counts
    through an operand of the comparison that the body steps on every
    iteration (a variable the body does not assign has no start value in
    the loop: no count) or moves under one test written in the body, once
    per wrap of another (:func:`row_gate`, decisions 61, 62 and 64), or through
    ``++i``/``i++`` as the left operand;
    a ``do`` loop whose test is not a comparison may be ``while (0)``."""
    if not isinstance(loop, c_ast.For | c_ast.While | c_ast.DoWhile) or loop.stmt is None:
        return False
    if isinstance(loop, c_ast.For):
        cond = loop.cond
        if not isinstance(cond, c_ast.BinaryOp):
            return True
        assigned = assigned_in(loop.stmt)
        return all(name in assigned for name in _id_operands(cond))
    cond = loop.cond
    if not isinstance(cond, c_ast.BinaryOp):
        return isinstance(loop, c_ast.While)
    if isinstance(loop, c_ast.DoWhile) and cond.op not in _TESTS:
        return False
    if isinstance(cond.left, c_ast.UnaryOp) and cond.left.op in _INCREMENTS and isinstance(cond.left.expr, c_ast.ID):
        return False
    assigned = assigned_in(loop.stmt)
    # a row counter moved once per wrap of another (``if (x == 0) y++;``, ``if (x >= W) { x = 0; y++; }``)
    # may be counted through its pacing
    return not any(_steps_on_every_iteration(name, assigned) or _wrap_gated(name, loop.stmt)
                   for name in _id_operands(cond))


def constant_step(node: c_ast.Node, name: str) -> int | None:
    """The number a statement adds to ``name`` (``name++``, ``name += 16``,
    ``name = name + 16``, ``name = 16 + name``; negative for ``name--``,
    ``name -= 4``, ``name = name - 4``), when a non-zero constant;
    ``None`` for anything else."""
    if isinstance(node, c_ast.UnaryOp) and node.op in _INCREMENTS and isinstance(node.expr, c_ast.ID):
        return (1 if "+" in node.op else -1) if node.expr.name == name else None
    if not isinstance(node, c_ast.Assignment) or not isinstance(node.lvalue, c_ast.ID) or node.lvalue.name != name:
        return None
    value = node.rvalue
    if node.op in ("+=", "-="):
        amount = _positive(value)
        return None if amount is None else (amount if node.op == "+=" else -amount)
    if node.op == "=" and isinstance(value, c_ast.BinaryOp) and value.op in ("+", "-"):
        sides = [(value.left, value.right)] + ([(value.right, value.left)] if value.op == "+" else [])
        for side, other in sides:
            amount = _positive(other)
            if isinstance(side, c_ast.ID) and side.name == name and amount is not None:
                return amount if value.op == "+" else -amount
    return None


def mentions(node: c_ast.Node, name: str) -> bool:
    """Whether ``node`` reads the variable ``name`` anywhere."""
    return any(isinstance(each, c_ast.ID) and each.name == name for each in descendants(node))


def _positive(node: c_ast.Node) -> int | None:
    if not isinstance(node, c_ast.Constant) or node.type not in ("int", "unsigned int", "long int"):
        return None
    try:
        number = int(node.value.rstrip("uUlL"), 0)
    except ValueError:
        return None
    return number if number > 0 else None


Path = list[tuple[c_ast.If, bool]]


class CounterUpdates(NodeVisitor):
    """Where, under which ``if`` branches, a loop body updates one counter:
    increments by a non-zero constant (``x++``, ``x += 16``, ``x -= 4``; the
    numbers in ``steps``), resets to a value that does not read the counter
    (``x = 0``, ``x = BSIZE - 1``; the values in ``reset_values``), and
    whether anything else assigns it (``other``)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.path: Path = []
        self.increments: list[Path] = []
        self.steps: list[int] = []
        self.resets: list[Path] = []
        self.reset_values: list[c_ast.Node] = []
        self.other = False

    def visit_If(self, node: c_ast.If) -> None:
        self.visit(node.cond)
        outer = self.path
        for branch, taken in ((node.iftrue, True), (node.iffalse, False)):
            if branch is not None:
                self.path = [*outer, (node, taken)]
                self.visit(branch)
        self.path = outer

    def visit_For(self, node: c_ast.For | c_ast.While | c_ast.DoWhile) -> None:
        """An update inside a nested loop runs as often as that loop: not
        once per pass of its branch (``if (j == W) { j = 0; for (...) i++;
        }`` moves ``i`` twice per wrap), so it counts as ``other``."""
        if assigned_in(node).get(self.name):
            self.other = True
            return
        self.generic_visit(node)

    visit_While = visit_DoWhile = visit_For

    def generic_visit(self, node: c_ast.Node) -> None:
        step = constant_step(node, self.name)
        if step is not None:
            self.increments.append(self.path)
            self.steps.append(step)
        elif isinstance(node, c_ast.Assignment) and isinstance(node.lvalue, c_ast.ID) and node.lvalue.name == self.name:
            if node.op == "=" and not mentions(node.rvalue, self.name):
                self.reset_values.append(node.rvalue)
                self.resets.append(self.path)
            else:
                self.other = True
        for _name, child in node.children():
            self.visit(child)


def pacing_test(gate: c_ast.If, name: str) -> tuple[str, c_ast.Node] | None:
    """``(v, c)`` when ``gate``, the ``if`` under which every update of the
    row counter ``name`` sits (:func:`row_gate`), tests ``v == c``::

        if (x == 0) { y++; if (y == K) y = 0; }

    The counter then advances once per period of ``v``, so over its cycle
    every (v, y) pair occurs equally often. ``None`` for any other test.
    """
    cond = gate.cond
    if not isinstance(cond, c_ast.BinaryOp) or cond.op != "==":
        return None
    for side, other in ((cond.left, cond.right), (cond.right, cond.left)):
        if isinstance(side, c_ast.ID) and side.name != name:
            return side.name, other
    return None


def _wrap_gated(name: str, body: c_ast.Node) -> bool:
    """Whether every update of ``name`` sits under one test written in the
    body that compares another variable (``x == 0``, ``x >= W``, ``x == 0
    && y == -1``): a gate another counter's wrap may open (decisions 62 and
    64), not a test of data."""
    gate = row_gate(name, body)
    if gate is None:
        return False
    cond = gate.cond
    if isinstance(cond, c_ast.BinaryOp) and cond.op == "&&":
        return any(isinstance(each, c_ast.ID) and each.name != name for each in descendants(cond))
    return any(operand != name for operand in gate_operands(gate))


def gate_operands(gate: c_ast.If) -> list[str]:
    """The variables a gate's comparison tests (``if (x >= W)``, ``if (++x
    == W)``: ``x``)."""
    cond = gate.cond
    if not isinstance(cond, c_ast.BinaryOp):
        return []
    return [name for side in (cond.left, cond.right) if (name := stepped_operand(side)) is not None]


def stepped_operand(node: c_ast.Node) -> str | None:
    """The variable an operand names, through a pre-increment (``x``,
    ``++x``: ``x``); ``None`` for anything else."""
    if isinstance(node, c_ast.UnaryOp) and node.op == "++" and isinstance(node.expr, c_ast.ID):
        return str(node.expr.name)
    return str(node.name) if isinstance(node, c_ast.ID) else None


def counter_updates(name: str, body: c_ast.Node) -> CounterUpdates:
    """The updates of ``name`` in ``body`` (one walk of it, for every reader below)."""
    updates = CounterUpdates(name)
    updates.visit(body)
    return updates


def row_gate(name: str, body: c_ast.Node) -> c_ast.If | None:
    """The ``if`` written directly in the loop body under whose taken branch
    every update of ``name`` sits (the gate :func:`pacing_test` reads), or
    ``None``."""
    return gate_of(counter_updates(name, body), body)


def gate_of(updates: CounterUpdates, body: c_ast.Node) -> c_ast.If | None:
    """:func:`row_gate` of a counter whose updates are walked already."""
    paths = updates.increments + updates.resets
    if updates.other or not paths or not all(paths):
        return None
    gate = paths[0][0][0]
    if not any(item is gate for item in body_items(body)) or any(path[0] != (gate, True) for path in paths):
        return None
    return gate


#: the ``if`` branches a statement runs under, outermost first, as a comparable key
Branches = tuple[tuple[c_ast.If, bool], ...]


def row_update(updates: CounterUpdates) -> tuple[Branches, int] | None:
    """``(branches, step)`` of a row counter's one update by a non-zero
    constant (``k++``, ``bx += 32``) under at least one test, nothing else
    assigning it; ``None`` otherwise."""
    if updates.other or updates.resets or len(updates.increments) != 1 or not updates.increments[0]:
        return None
    return tuple(updates.increments[0]), updates.steps[0]


def unit_move(update: tuple[Branches, int] | None) -> int | None:
    """+1 or -1 when a row's one update (:func:`row_update`) moves it by one,
    up or down (``y++``, ``col--``), directly under the test that gates it;
    ``None`` otherwise."""
    if update is None or len(update[0]) != 1 or update[1] not in (1, -1):
        return None
    return update[1]
