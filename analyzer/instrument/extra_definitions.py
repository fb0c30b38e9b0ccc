"""Functions the report counts that are defined only in an ``--extra`` file.

``--extra`` files are compiled unchanged (testbench helpers). When one of
them defines a function of the design -- the top, a callee with a module of
its own, or a callee HLS inlined whose loops are the caller's report loops --
nothing in it is counted, and the estimate silently missed those cycles (a
MachSuite merge sort split over two files counted 34,822 of 73,737 cycles).
This says which file and function, so the user can give it as a design
source instead. Extra files are not parsed (they may be anything a testbench
compiles): a definition is found by its text, ``name(...) {``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from hlsight.analyzer.instrument.plan import Plan, find_kernel
from hlsight.analyzer.instrument.sourceloops import SourceFunction
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.errors import InputError
from hlsight.core.model import Design

#: a module's function: where it is; the instrument-call-* warning at the call says what is lost
RULE = "instrument-defined-in-extra"
#: an inlined function with loops: nothing else says its loops are lost
INLINED_RULE = "instrument-inlined-in-extra"
_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.DOTALL)
_LOOP_KEYWORD = re.compile(r"\b(?:for|while|do)\b")


@dataclass(frozen=True)
class Definition:
    """Where an extra file defines a function, and whether its body has loops."""

    path: Path
    line: int
    column: int
    has_loops: bool


def find_definition(texts: Mapping[Path, str], name: str) -> Definition | None:
    """The first definition of ``name`` in the files' ``texts`` (:func:`code_texts`)."""
    pattern = re.compile(rf"\b{re.escape(name)}\s*\([^;{{}}]*\)\s*\{{")
    for path, text in texts.items():
        found = pattern.search(text)
        if found is None:
            continue
        line = text.count("\n", 0, found.start()) + 1
        column = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
        return Definition(path, line, column, bool(_LOOP_KEYWORD.search(_body(text, found.end() - 1))))
    return None


def code_texts(paths: Iterable[Path]) -> dict[Path, str]:
    """The readable ``paths`` with their comments blanked (lines and columns
    kept): read once for all the names looked up in them."""
    texts = {path: _code_text(path) for path in paths}
    return {path: text for path, text in texts.items() if text is not None}


def _code_text(path: Path) -> str | None:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    return _COMMENT.sub(lambda match: re.sub(r"[^\n]", " ", match.group()), text)


def _body(text: str, opening: int) -> str:
    depth = 0
    for index in range(opening, len(text)):
        if text[index] == "{":
            depth += 1
        elif text[index] == "}":
            depth -= 1
            if depth == 0:
                return text[opening:index + 1]
    return text[opening:]


def check_top(functions: dict[str, SourceFunction], design: Design, top: str | None, extras: Sequence[Path],
              primary: Path) -> None:
    """A top function defined only in an extra file is an input error naming
    it: instrumenting nothing would count 0 cycles."""
    names = [top] if top is not None else [kernel.name for kernel in design.kernels if kernel.is_top]
    texts = code_texts(extras) if any(name not in functions for name in names) else {}
    for name in names:
        if name in functions:
            continue
        found = find_definition(texts, name)
        if found is not None:
            raise InputError(primary, f"the top function '{name}' is defined in {found.path}:{found.line}, given"
                             " with --extra (compiled unchanged, so nothing would be counted)",
                             expected=f"{found.path} as a design source (SRC) instead of --extra")


def extra_definitions(plan: Plan, functions: dict[str, SourceFunction], design: Design,
                      extras: Sequence[Path]) -> list[Diagnostic]:
    """A warning, at the definition in the extra file, for every function the
    design calls that no design source defines but an extra file does, when
    the report counts it: a module of its own, or an inlined callee with loops
    (its loops are loops of its caller's module)."""
    if not extras:
        return []
    found: list[Diagnostic] = []
    said: set[str] = set()
    texts = code_texts(extras)
    callers = [*plan.functions, *(name for name in functions if name not in plan.functions)]
    for caller in callers:
        source = functions.get(caller)
        if source is None:
            continue
        for name in source.calls:
            if name in functions or name in said:
                continue
            definition = find_definition(texts, name)
            if definition is None:
                continue
            module = find_kernel(design, name)
            if module is not None:
                rule, what = RULE, (f"has module '{module.name}' in the report: its loops and calls are not"
                                    " instrumented and it counts only as far as the latency around the call holds"
                                    " it")
            elif definition.has_loops:
                host = plan.functions.get(caller)
                where = f"module '{host.kernel.name}'" if host is not None else f"the module that calls '{caller}'"
                rule, what = INLINED_RULE, (f"has no module of its own (HLS inlined it), so its loops are loops of"
                                            f" {where} in the report: they are not counted")
            else:
                continue
            said.add(name)
            found.append(Diagnostic(
                rule, Severity.WARNING,
                f"'{name}', called by '{caller}', is defined in the --extra file {definition.path.name}, which is"
                f" compiled unchanged; it {what}; give {definition.path.name} as a design source (SRC) to count it",
                file=str(definition.path), line=definition.line, column=definition.column, kernel=caller,
                subject=name))
    return found
