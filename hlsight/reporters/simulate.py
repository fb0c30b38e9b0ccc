"""``hlsight simulate`` output: the HLScope+ software-simulation result as text
or as the JSON document of ``docs/simulate.schema.json``."""

from __future__ import annotations

import dataclasses
from pathlib import PurePath

from hlsight.analyzer.instrument.report_bounds import RULE as ABOVE_RULE
from hlsight.analyzer.instrument.simulate import SimulationResult
from hlsight.analyzer.results import CosimComparison
from hlsight.core.diagnostics import Severity
from hlsight.core.units import format_seconds
from hlsight.reporters.hierarchy import cosim_heading
from hlsight.reporters.json_text import json_text


def simulation_json(result: SimulationResult) -> str:
    return json_text(simulation_to_dict(result))


def simulation_to_dict(result: SimulationResult) -> dict[str, object]:
    """The JSON document of ``hlsight simulate --format json``
    (schema: ``docs/simulate.schema.json``)."""
    return {
        "schema": "hlsight-simulate/1",
        "source": result.source,
        "sources": result.sources or [result.source],
        "report": result.report,
        "top": result.top,
        "baseline": result.baseline,
        "cycles": result.cycles,
        "cycles_longest_paths": result.cycles_longest_paths,
        "clock_ns": result.clock_ns,
        "seconds": result.seconds,
        "exit_code": result.exit_code,
        "run_seconds": round(result.run_seconds, 6),
        "functions": [
            {
                "name": function.name, "module": function.module, "file": function.file, "line": function.line,
                "calls": function.calls,
                "cycles": function.cycles, "calls_outside_top": function.calls_outside_top,
                "loops": [
                    {"name": loop.name, "report_name": loop.report_name, "file": loop.file, "line": loop.line,
                     "kind": loop.kind,
                     "entries": loop.entries, "trip_count_total": loop.trip_count_total, "cycles": loop.cycles,
                     "inlined_from": loop.inlined_from, "il_spread": loop.il_spread}
                    for loop in function.loops
                ],
            }
            for function in result.functions
        ],
        "cosim": None if result.cosim is None else dataclasses.asdict(result.cosim),
        "diagnostics": [
            {"rule": d.rule, "severity": d.severity.value, "message": d.message, "file": d.file, "line": d.line}
            for d in result.diagnostics
        ],
    }


#: Warnings whose part the total leaves out (a report loop no source loop
#: matched, a latency the report does not give): the total then reads as
#: a lower bound where it is printed (a public systolic array: 8 cycles
#: with 14 header loops uncounted).
UNCOUNTED_RULES = frozenset({
    "instrument-report-loop-unmatched", "instrument-loop-unmatched", "instrument-unknown-il",
    "instrument-unknown-latency", "instrument-loop-macro", "instrument-call-not-counted", "instrument-inlined-in-extra",
    # a residual of unknown size counted as 0 (a public AXI DMA controller's m_axi polls: 20 cycles printed)
    "instrument-residual-unknown",
})


def simulation_text(result: SimulationResult) -> str:
    """Cycles per function and loop, the total at the report's clock, and the warnings."""
    others = [source for source in result.sources if source != result.source]
    also = f" (with {', '.join(others)})" if others else ""
    lines = [f"{result.source}{also}: top '{result.top}', report {result.report}"
             + (" (baseline: simple trip-count counting)" if result.baseline == "simple" else "")]
    # several design files, or a template instance of a user header (hls4ml's nnet_utils/*.h)
    several = len(result.sources) > 1 or any(function.file not in ("", result.source) for function in result.functions)
    for function in result.functions:
        outside = (f" (and {function.calls_outside_top:,} the testbench made itself, not counted)"
                   if function.calls_outside_top else "")
        # with several design files a line number alone does not say where: ``row.c:6``
        defined = f" ({_where(function.file, function.line)})" if several and function.file else ""
        # a loop's trip count below is its total over the calls (a public divide: 16 for two calls of 8)
        over = "; its loops' trip counts and cycles below are over all of them" if function.calls > 1 else ""
        lines.append(f"  function {function.name}{defined}: {function.cycles:,} cycles in {function.calls:,}"
                     f" call(s){outside}{over}")
        for loop in function.loops:
            label = loop.name if loop.name == loop.report_name or not loop.report_name \
                else f"{loop.name} [{loop.report_name}]"
            if loop.inlined_from:
                label += f" ({loop.inlined_from}, inlined)"
            where = f"{_where(loop.file, loop.line):<16}" if several and loop.file else f"line {loop.line:<5}"
            lines.append(f"    {label:<28} {where} {loop.kind:<10} trip count {loop.trip_count_total:>12,}"
                         f"  cycles {loop.cycles:>14,}")
    if result.seconds is not None:
        lines.append(f"total: {result.cycles:,} cycles = {format_seconds(result.seconds)} at {result.clock_ns:g} ns")
    else:
        lines.append(f"total: {result.cycles:,} cycles (the report gives no clock)")
    if result.cosim is not None:
        lines.append(f"  {_cosim_line(result.cosim)}")
    missing = [diagnostic for diagnostic in result.diagnostics
               if diagnostic.rule in UNCOUNTED_RULES and diagnostic.severity is Severity.WARNING]
    above = [diagnostic for diagnostic in result.diagnostics if diagnostic.rule == ABOVE_RULE]
    if above:
        lines.append(f"  no bound: {len(above)} function(s) count more than their module's worst case in the report"
                     f" (the {ABOVE_RULE} warnings below), so the total is neither a lower nor an upper bound")
    elif missing:
        lines.append(f"  a lower bound: {len(missing)} part(s) of the design are not counted (the"
                     f" {', '.join(sorted({d.rule for d in missing}))} warnings below)")
    if not above:
        lines.extend(_path_dependent(result))
    lines.extend(diagnostic.format_gcc() for diagnostic in result.diagnostics
                 if diagnostic.severity in (Severity.ERROR, Severity.WARNING))
    return "\n".join(lines) + "\n"


def _path_dependent(result: SimulationResult) -> list[str]:
    """Where the count takes a loop's shortest iteration (HLScope+ III-B),
    the run may be longer: said beside the total with the count on every
    longest path (a public convolution's bounds test: -32 % against its
    long path, said only in the JSON notes)."""
    spread = [loop for function in result.functions for loop in function.loops if loop.il_spread]
    if not spread:
        return []
    longest = result.cycles_longest_paths
    seconds = "" if result.clock_ns is None else f" = {format_seconds(longest * result.clock_ns * 1e-9)}"
    names = ", ".join(f"{loop.report_name or loop.name} (+{loop.il_spread} x {loop.trip_count_total:,})"
                      for loop in spread[:5]) + (f" and {len(spread) - 5} more" if len(spread) > 5 else "")
    return [f"  path-dependent: {len(spread)} loop(s) count each iteration at its shortest path's latency (HLScope+"
            f" III-B): {names}; with every iteration on its longest path, {longest:,} cycles{seconds}"]


def _where(file: str, line: int) -> str:
    """``row.c:6``: the design files have distinct names, so the name says which."""
    return f"{PurePath(file).name}:{line}"


def _cosim_line(comparison: CosimComparison) -> str:
    """``co-simulation measured 112,074 cycles per call (Verilog, xsim):
    simulated 112,555 per call (+0.4%)``."""
    measured = cosim_heading(comparison)
    if comparison.estimate_cycles is None:
        return f"{measured}: the top was not simulated"
    if comparison.error is None:
        return f"{measured}: simulated {comparison.estimate_cycles:,.0f} per call (no relative difference from 0)"
    return f"{measured}: simulated {comparison.estimate_cycles:,.0f} per call ({comparison.error:+.1%})"
