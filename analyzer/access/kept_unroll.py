"""Say when the source fully unrolls a loop the report still lists.

``#pragma HLS unroll`` without a factor on a loop of constant count leaves
no loop in the design: the report lists its iterations as copies, not as a
loop. A report loop matched to such a source loop, running its full count,
was synthesized from a source without that pragma: the file read is a later
edit (a public Vitis 2022.1 DFT: the repository's ``dft.cpp`` unrolls the n
loop that its report pipelines at II 5 over 256 iterations, and the counts
and lines hlsight took from it were used without a word). The estimate
keeps the report's schedule; the finding says the source may not be the
design's.
"""

from __future__ import annotations

from pycparser import c_ast

from hlsight.analyzer.access.hls_pragmas import body_pragmas, pragma_words, unrolled_fully
from hlsight.analyzer.access.loops import LoopInfo
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Kernel

RULE = "source-unroll-not-in-report"


def kept_unroll_warnings(kernel: Kernel, matched: dict[int, LoopInfo]) -> list[Diagnostic]:
    """One warning per report loop of two or more iterations whose matched
    source loop, of constant count, asks to be unrolled fully."""
    out: list[Diagnostic] = []
    for loop in kernel.all_loops():
        found = matched.get(id(loop))
        count = loop.trip_count
        if found is None or count is None or count.max is None or count.max < 2:
            continue
        if found.trip_count is None or not found.trip_count.is_number or not unrolled_fully(body_pragmas(found.body)):
            continue
        schedule = f"pipelined at II {loop.ii.value}" if loop.pipelined and loop.ii is not None and loop.ii.value \
            else "pipelined" if loop.pipelined else "not pipelined"
        out.append(Diagnostic(
            rule=RULE, severity=Severity.WARNING, kernel=kernel.name, file=found.file,
            line=_unroll_line(found.body) or found.line, subject=loop.name,
            message=(f"the source unrolls loop {loop.name} fully (#pragma HLS unroll), but the report keeps it as a"
                     f" loop of {count.max:,} iterations, {schedule}: the file read may have been edited after"
                     " synthesis, and the counts and lines taken from it may not be the design's (the time is the"
                     " report's schedule)"),
        ))
    return out


def _unroll_line(body: c_ast.Node | None) -> int | None:
    """The line of the ``#pragma HLS unroll`` written in ``body``."""
    if not isinstance(body, c_ast.Compound):
        return None
    for item in body.block_items or []:
        if isinstance(item, c_ast.Pragma) and pragma_words(str(item.string))[:2] == ["hls", "unroll"] \
                and item.coord is not None:
            return int(item.coord.line)
    return None
