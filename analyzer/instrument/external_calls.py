"""Calls of report modules whose definition is in no design source instrumented.

``hlsight simulate`` instruments the design sources (SRC...); files given
with ``--extra`` are compiled unchanged, so a call into them has no counter of
its own and counts only as far as the report's latency around it holds it. A
loop with counted parts carries its worst iteration beyond them; a loop
without is simulated at its minimum (HLScope+ III-B), which leaves the call
out; outside loops the function's own latency carries it, nothing where that
is "?". A public SHA-256 kept sha256_final (507 ~ 562 cycles per call) in
another file, and simulate counted the top's loop only, silently.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from pycparser import c_ast

from hlsight.analyzer.instrument.sourceloops import SourceFunction
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Design, Kernel, LatencyRange
from hlsight.parsers.csource.visitor import NodeVisitor

WORST_CASE_RULE = "instrument-call-worst-case"
NOT_COUNTED_RULE = "instrument-call-not-counted"


def calls_defined_elsewhere(source: SourceFunction, kernel: Kernel, functions: Mapping[str, SourceFunction],
                            find_module: Callable[[str], Kernel | None],
                            has_child_blocks: Callable[[c_ast.Node | None], bool],
                            filename: str) -> list[Diagnostic]:
    """What to say of each report module ``source`` calls without defining it
    in the file (``functions``: the file's functions; ``find_module``: the
    report module of a C function, as the planner matches them)."""
    found: list[Diagnostic] = []
    own = kernel.latency
    for name, site in _call_sites(source.node.body).items():
        module = None if name in functions else find_module(name)
        if module is None or module is kernel:
            continue
        where = (f"'{source.name}' calls '{name}' (module {module.name}{_latency_text(module.latency)}),"
                 " which no design source defines (files given with --extra are compiled unchanged)")
        fix = "; give the file that defines it as a design source (SRC) to count it"
        if site.loop is not None and has_child_blocks(site.loop.stmt):
            rule, why = WORST_CASE_RULE, ("it counts through the report's iteration latency of the loop around it"
                                          " beyond its counted parts, the worst case, not the path it takes")
        elif site.loop is not None:
            rule, why = NOT_COUNTED_RULE, ("its cycles are not counted (the loop around it has no counted part and"
                                           " is simulated at its minimum iteration latency)")
        elif own is None or own.max is None:
            rule, why = NOT_COUNTED_RULE, (f"its cycles are not counted (the report's latency of '{kernel.name}' is"
                                           " \"?\", so nothing beyond its loops is)")
        elif own.min != own.max:
            rule, why = WORST_CASE_RULE, (f"it counts through the report's latency of '{kernel.name}' beyond its"
                                          " counted parts, the worst case, not the path it takes")
        else:
            continue
        found.append(Diagnostic(rule, Severity.WARNING, f"{where}: {why}{fix}", file=filename, line=site.line,
                                kernel=source.name, subject=name))
    return found


def instances_no_function_counts(kernel: Kernel, design: Design, known: set[str], generated: Callable[[str], bool],
                                 function: str, filename: str, line: int | None) -> list[Diagnostic]:
    """What to say of each module ``kernel`` instantiates that no function
    of the design sources stands for (``known``: the modules of the
    sources' functions and of the calls said above; ``generated``: HLS's own
    process modules): its cycles count only through ``kernel``'s latency
    beyond the counted parts, at the report's worst case where its latency
    is a range. A public Vivado HLS 2019.1 Cholesky top calls
    ``test::cholesky<>()``, a template chain HLS synthesized as module
    ``cholesky_alt`` (1,255 ~ 901,099 cycles): simulate printed 918,791
    cycles, the module's worst case, against 467,444 co-simulated, and
    nothing said where the number came from."""
    found: list[Diagnostic] = []
    for instance in kernel.instances:
        module = instance.module
        if module in known or generated(module) or "_Pipeline_" in module:
            continue
        child = next((other for other in design.kernels if other.name == module), None)
        latency = instance.latency if instance.latency is not None else child.latency if child is not None else None
        if latency is None or latency.max is None or latency.min == latency.max:
            continue  # a fixed latency counts as it is
        known.add(module)
        found.append(Diagnostic(
            WORST_CASE_RULE, Severity.WARNING,
            f"'{function}'{'' if kernel.name == function else f' (module {kernel.name})'} instantiates module"
            f" {module}{_latency_text(latency)}, which no"
            " function of the design sources stands for (a template, a library routine or a function in a file"
            f" not given): it counts through the report's latency of '{kernel.name}' beyond its counted parts,"
            " the worst case, not the path it takes; give the file that defines it as a design source (SRC)",
            file=filename, line=line, kernel=function, subject=module))
    return found


def _latency_text(latency: LatencyRange | None) -> str:
    if latency is None or latency.max is None:
        return ""
    if latency.min == latency.max:
        return f", {latency.max:,} cycles in the report"
    low = "?" if latency.min is None else f"{latency.min:,}"
    return f", {low} ~ {latency.max:,} cycles in the report"


@dataclass
class _CallSite:
    """The first call of a function in a body, and the innermost loop around
    the first call made inside a loop, if any."""

    line: int | None
    loop: c_ast.For | c_ast.While | c_ast.DoWhile | None = None


class _CallSites(NodeVisitor):
    def __init__(self) -> None:
        self.found: dict[str, _CallSite] = {}
        self._loops: list[c_ast.For | c_ast.While | c_ast.DoWhile] = []

    def visit_FuncCall(self, node: c_ast.FuncCall) -> None:
        if isinstance(node.name, c_ast.ID):
            site = self.found.setdefault(str(node.name.name), _CallSite(node.coord.line if node.coord else None))
            if site.loop is None and self._loops:
                site.loop, site.line = self._loops[-1], node.coord.line if node.coord else site.line
        self.generic_visit(node)

    def _loop(self, node: c_ast.For | c_ast.While | c_ast.DoWhile) -> None:
        self._loops.append(node)
        self.generic_visit(node)
        self._loops.pop()

    visit_For = visit_While = visit_DoWhile = _loop


def _call_sites(body: c_ast.Node | None) -> dict[str, _CallSite]:
    sites = _CallSites()
    if body is not None:
        sites.visit(body)
    return sites.found


