"""Pass 1: ``#pragma HLS loop_tripcount min=K max=K avg=K`` in every loop
whose bound is not static (HLScope+ section III-A, Fig. 6).

Why: with a fixed trip count on every data-dependent loop, HLS reports the
iteration latency ``IL_p`` of the loops that enclose them, and eq. 6
recovers the latency of their non-loop code. The value of K does not matter
for eq. 6 ("IL_p also increases at the exact same rate of II_c1"); the paper
uses 100 and so does the default here. ``--testbench`` instead takes K from
a counted run (the mean trip count per loop entry, rounded up, at least 1),
which also makes the report's average-case latency meaningful.

Which loops: with a report, those whose trip count is unknown (``?``) or a
range; without one, every ``while``/``do`` loop and every ``for`` loop that is
not a counted loop with constant bounds. Loops HLS unrolls (inside a
pipelined loop, or with ``#pragma HLS unroll``) get no pragma. An existing
``loop_tripcount`` pragma of such a loop is replaced, so min = max = avg,
with a ``tripcount-replaced`` warning quoting it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from hlsight.analyzer.instrument.codegen import snippet_macros
from hlsight.analyzer.instrument.cycles import ParsedSource
from hlsight.analyzer.instrument.plan import _norm, find_kernel, names_to_match, report_loops
from hlsight.analyzer.instrument.sourceloops import SourceLoop, is_compound, loop_tokens
from hlsight.analyzer.instrument.splice import Edit, apply_edits, opening_rank
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Design, Loop
from hlsight.parsers.csource.tokens import TokenKind

DEFAULT_TRIP_COUNT = 100
_TRIPCOUNT_DIRECTIVE = re.compile(r"^\s*#\s*pragma\s+HLS\s+loop_tripcount\b", re.IGNORECASE)


@dataclass
class TripcountResult:
    source: str
    inserted: list[tuple[SourceLoop, int]] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)


def _report_loop(loop: SourceLoop, design: Design | None) -> Loop | None:
    if design is None:
        return None
    kernel = find_kernel(design, loop.function)
    if kernel is None:
        return None
    loops = report_loops(design, kernel)
    return next((loops[_norm(n)] for n in names_to_match(loop, loops) if _norm(n) in loops), None)


def needs_pragma(loop: SourceLoop, design: Design | None) -> bool:
    """True when HLS cannot know the loop's trip count."""
    report = _report_loop(loop, design)
    if report is not None and report.trip_count is not None:
        return not report.trip_count.known or loop.has_pragma("loop_tripcount")
    return loop.static_trip_count is None


def unrolled_by_hls(loop: SourceLoop, design: Design | None) -> bool:
    """The loop is unrolled (full UNROLL, or inside a PIPELINE) -- unless the
    report lists it as a loop of its own: then the enclosing PIPELINE was not
    applied (variable bounds) and the loop needs its trip count like any other."""
    if not (loop.inside_pipeline() or loop.unrolled_in_source):
        return False
    return _report_loop(loop, design) is None


def insert_tripcounts(source: ParsedSource, design: Design | None = None, trip_count: int = DEFAULT_TRIP_COUNT,
                      counted: Mapping[int, int] | None = None) -> TripcountResult:
    """``counted`` maps ``id(SourceLoop)`` to a K from a counted run."""
    edits: list[Edit] = []
    result = TripcountResult("")
    for function in source.functions.values():
        for loop in function.all_loops():
            if unrolled_by_hls(loop, design):
                continue
            if not needs_pragma(loop, design):
                continue
            tokens = loop_tokens(source.text, loop)
            if tokens is None:
                result.diagnostics.append(Diagnostic(
                    "tripcount-loop-macro", Severity.WARNING,
                    f"loop '{loop.display_name}' comes from a macro expansion: no pragma inserted",
                    file=str(source.path), line=loop.line, kernel=loop.function))
                continue
            value = trip_count if counted is None else counted.get(id(loop), trip_count)
            if counted is not None and id(loop) not in counted:
                result.diagnostics.append(Diagnostic(
                    "tripcount-not-run", Severity.NOTE,
                    f"loop '{loop.display_name}' never ran in the counted run: K = {trip_count}",
                    file=str(source.path), line=loop.line, kernel=loop.function))
            existing = _own_tripcount_directive(source, loop, tokens[1], tokens[2])
            if existing is not None:
                # the author's bounds are an input too: said, not silently overwritten
                written = " ".join(source.text.tokens[existing].text.split())
                result.diagnostics.append(Diagnostic(
                    "tripcount-replaced", Severity.WARNING,
                    f"loop '{loop.display_name}': its '{written}' is replaced by min = max = avg = {value} (pass 1"
                    " fixes every data-dependent trip count so that the report gives each enclosing loop's"
                    " iteration latency; --testbench takes the value from a counted run)",
                    file=str(source.path), line=loop.line, kernel=loop.function))
            edits.extend(_pragma_edits(source, loop, tokens, value))
            result.inserted.append((loop, value))
    if not result.inserted:
        # the output is the source unchanged: said, so the user does not synthesize it again for nothing
        why = ("the report gives every loop's trip count or HLS unrolls the loop" if design is not None
               else "every loop has a static bound")
        result.diagnostics.append(Diagnostic(
            "tripcount-none-needed", Severity.NOTE, f"no loop needs a trip-count pragma ({why}): the output is"
            " the source unchanged (loops in lambdas, templates and class members are not instrumented: their"
            " data-dependent counts get no pragma)", file=str(source.path)))
    result.source = apply_edits(source.text.text, edits, str(source.path))
    return result


def _pragma_edits(source: ParsedSource, loop: SourceLoop, tokens: tuple[int, int, int, int], k: int) -> list[Edit]:
    snippets = snippet_macros()
    text = source.text
    _keyword, body_first, body_last, _last = tokens
    existing = _own_tripcount_directive(source, loop, body_first, body_last)
    if existing is not None:
        token = text.tokens[existing]
        indent = text.text[text.text.rfind("\n", 0, token.start) + 1 : token.start]
        return [Edit(token.start - len(indent), token.end + 1, 0, str(snippets.tripcount_pragma(indent, k)))]
    first = text.tokens[body_first]

    def resume(offset: int) -> str:
        # the pragma takes a line of its own; ``#line`` gives the text after
        # it its original number back, so the re-synthesized report names
        # the loops VITIS_LOOP_<line>_<k> of the source pass 2 instruments
        return str(snippets.line_marker(text.text.count("\n", 0, offset) + 1))

    if is_compound(text, body_first):
        line_end = text.text.find("\n", first.end)
        rest_blank = line_end >= 0 and not any(
            t.start < line_end for t in text.tokens[body_first + 1 : body_first + 2])
        if rest_blank:
            next_line = text.text[line_end + 1 : text.text.find("\n", line_end + 1)]
            indent = next_line[: len(next_line) - len(next_line.lstrip())]
            return [Edit(line_end + 1, line_end + 1, opening_rank(99),
                         str(snippets.tripcount_pragma(indent, k)) + resume(line_end + 1))]
        return [Edit(first.end, first.end, opening_rank(99),
                     "\n" + str(snippets.tripcount_pragma("", k)) + resume(first.end))]
    body_end = text.tokens[body_last].end
    before = text.text[text.text.rfind("\n", 0, first.start) + 1 : first.start]
    indent = before if not before.strip() else ""
    return [
        Edit(first.start, first.start, opening_rank(99),
             "{\n" + str(snippets.tripcount_pragma("", k)) + resume(first.start) + indent),
        Edit(body_end, body_end, -1, " }"),
    ]


def _own_tripcount_directive(source: ParsedSource, loop: SourceLoop, body_first: int, body_last: int) -> int | None:
    """The ``loop_tripcount`` directive directly in this loop's body (not in a nested loop's)."""
    text = source.text
    nested: list[tuple[int, int]] = []
    for child in loop.children:
        child_tokens = loop_tokens(text, child)
        if child_tokens is not None:
            nested.append((child_tokens[0], child_tokens[3]))
    for index in range(body_first, body_last + 1):
        token = text.tokens[index]
        if token.kind is TokenKind.DIRECTIVE and _TRIPCOUNT_DIRECTIVE.match(token.text) \
                and not any(a <= index <= b for a, b in nested):
            return index
    return None
