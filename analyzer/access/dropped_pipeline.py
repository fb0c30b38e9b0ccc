"""Say when a loop's ``#pragma HLS pipeline`` did not give a pipelined loop.

Pipelining a loop unrolls every loop inside it (UG1399, "Pipelining Loops":
the loops below a pipelined loop or function are unrolled), and a loop whose
trip count is not a constant cannot be unrolled: Vitis then schedules the
outer loop sequentially, with a line in its log the user rarely reads. The
report shows only "Pipelined: no" (a public Vitis 2023.2 systolic array,
whose main loop at II 1 was the design's point and whose report lists 13
data-dependent loops still inside it). The time hlsight gives is the
report's schedule, so nothing changes in the number; the finding says what
happened and why, from the report loops still inside.
"""

from __future__ import annotations

from pycparser import c_ast

from hlsight.analyzer.access.hls_pragmas import pragma_words
from hlsight.analyzer.access.loops import LoopInfo
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Kernel
from hlsight.core.units import name_list

RULE = "loop-pipeline-dropped"
#: inner loops named in the message, at most
_NAMED = 4


def dropped_pipeline_warnings(kernel: Kernel, matched: dict[int, LoopInfo]) -> list[Diagnostic]:
    """One warning per report loop the report does not pipeline whose
    matched source loop asks for a pipeline."""
    out: list[Diagnostic] = []
    for loop in kernel.all_loops():
        found = matched.get(id(loop))
        if found is None or loop.pipelined is not False or not found.hls_pipelined:
            continue
        line = _pipeline_pragma_line(found.body) or found.line
        inner = [child for child in loop.walk() if child is not loop]
        variable = [child for child in inner if child.trip_count is None or not child.trip_count.known]
        if inner:
            names = name_list([child.name for child in inner[:_NAMED]]) + (" ..." if len(inner) > _NAMED else "")
            why = (f"a pipeline unrolls the loops inside it, and the report still lists {len(inner)} there ({names})"
                   + (f", {len(variable)} without a constant trip count, which cannot be unrolled" if variable else ""))
            advice = ("give the inner loops constant bounds (a LOOP_TRIPCOUNT pragma does not make them unrollable),"
                      " or pipeline the innermost loops instead")
        else:
            why = "the report gives no reason and lists no loop inside it (the synthesis log says why)"
            advice = "see the log's messages for this loop"
        out.append(Diagnostic(
            rule=RULE, severity=Severity.WARNING, kernel=kernel.name, file=found.file, line=line, subject=loop.name,
            message=f"loop {loop.name} is not pipelined although its pipeline pragma asks for it: {why}; the time"
                    f" is the report's sequential schedule. To pipeline it, {advice}",
            data={"inner_loops": [child.name for child in inner], "variable_trip_loops": [c.name for c in variable]},
        ))
    return out


def _pipeline_pragma_line(body: c_ast.Node | None) -> int | None:
    """The line of the ``#pragma HLS pipeline`` written in ``body``."""
    if not isinstance(body, c_ast.Compound):
        return None
    for item in body.block_items or []:
        if isinstance(item, c_ast.Pragma) and pragma_words(str(item.string))[:2] == ["hls", "pipeline"]:
            return item.coord.line if item.coord is not None else None
    return None
