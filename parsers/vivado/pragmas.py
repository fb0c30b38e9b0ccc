"""``loop_tripcount`` pragmas of the aggregated ``csynth.xml`` (Vitis >= 2021.2).

The pragma's ``avg`` appears nowhere else in the reports (format notes §3.6,
§5: the XML ``Average-caseLatency`` is computed from it), so it is the only
way to fill :attr:`TripCount.avg`. Options are kept as the tool printed them
-- preprocessed but unevaluated (``avg=1666/494``, ``max=2048/(2*1)``) -- and
evaluated here with C integer arithmetic; unresolved macros (``max=MAX_N``)
leave the value unknown.
"""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePosixPath

from lxml import etree

from hlsight.core.model import Loop, SourceLocation, TripCount
from hlsight.parsers.vivado.names import TRIPCOUNT_NOTE
from hlsight.parsers.vivado.profile_xml import parse_source_location

_BINARY: dict[type[ast.operator], Callable[[int, int], int]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: lambda a, b: int(a / b),  # C integer division truncates toward zero
    ast.FloorDiv: lambda a, b: int(a / b),
}


@dataclass(frozen=True)
class TripCountPragma:
    function: str
    location: SourceLocation | None
    options: str
    min: int | None
    max: int | None
    avg: int | None


def evaluate_c_int(text: str | None) -> int | None:
    """Value of a constant C integer expression (``2048*3/4``), else ``None``."""
    if not text:
        return None
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except (SyntaxError, ValueError):
        return None

    def value(node: ast.AST) -> int:
        if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
            return node.value
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -value(node.operand)
        if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
            return _BINARY[type(node.op)](value(node.left), value(node.right))
        raise ValueError("not a constant integer expression")

    try:
        return value(tree.body)
    except (ValueError, ZeroDivisionError):
        return None


def read_tripcount_pragmas(root: etree._Element) -> list[TripCountPragma]:
    pragmas: list[TripCountPragma] = []
    for element in root.iterfind("PragmaReport/Pragma"):
        if element.get("type") != "loop_tripcount" or element.get("status", "valid") != "valid":
            continue
        options = element.get("options") or ""
        fields = dict(item.split("=", 1) for item in options.split() if "=" in item)
        pragmas.append(TripCountPragma(
            function=element.get("parentFunction") or "",
            location=parse_source_location(element.get("location")),
            options=options,
            min=evaluate_c_int(fields.get("min")),
            max=evaluate_c_int(fields.get("max")),
            avg=evaluate_c_int(fields.get("avg")),
        ))
    return pragmas


def read_source_pragma_places(root: etree._Element, valid_only: bool = True) -> list[SourceLocation]:
    """Where the report found each pragma written in the source (``isDirective
    ="0"``, valid unless ``valid_only`` is off: an invalid one, "unexpected
    pragma parameter", was read all the same): a ``#pragma HLS`` line of the
    file synthesized."""
    places = []
    for element in root.iterfind("PragmaReport/Pragma"):
        if element.get("isDirective") == "0" and (not valid_only or element.get("status", "valid") == "valid"):
            place = parse_source_location(element.get("location"))
            if place is not None:
                places.append(place)
    return places


def listed_pragma_places(root: etree._Element) -> list[SourceLocation] | None:
    """Every source pragma the report's pragma list holds, valid or not, or
    ``None`` without a list (``PragmaReport`` with any entry, the directives
    file's included, Vitis 2020.2+): what the tool read."""
    if root.find("PragmaReport/Pragma") is None:
        return None
    return read_source_pragma_places(root, valid_only=False)


def _same_file(a: SourceLocation, b: SourceLocation) -> bool:
    return PurePosixPath(a.file).name == PurePosixPath(b.file).name


def apply_tripcount_pragma(pragma: TripCountPragma, loops: list[Loop]) -> Loop | None:
    """Give ``avg`` to the loop (of the pragma's function) the pragma belongs
    to: the one whose reported range equals the pragma's min/max, and among
    several the nearest one starting at or before the pragma line."""
    if pragma.avg is None or pragma.min is None or pragma.max is None:
        return None
    matching = [loop for loop in loops if loop.trip_count is not None
                and (loop.trip_count.min, loop.trip_count.max) == (pragma.min, pragma.max)]
    if len(matching) > 1 and pragma.location is not None:
        here = pragma.location
        before = [loop for loop in matching if loop.location is not None and _same_file(loop.location, here)
                  and loop.location.line <= here.line]
        matching = sorted(before, key=lambda loop: loop.location.line if loop.location else 0)[-1:]
    if len(matching) != 1:
        return None
    loop = matching[0]
    assert loop.trip_count is not None
    loop.trip_count = TripCount(loop.trip_count.min, loop.trip_count.max, pragma.avg)
    loop.details.append(f"{TRIPCOUNT_NOTE}{pragma.options}" +
                        (f" at {pragma.location}" if pragma.location is not None else ""))
    return loop
