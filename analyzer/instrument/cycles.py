"""Pass 2 entry point: C source + HLS report -> instrumented C + runtime header."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from hlsight.analyzer.instrument.codegen import CodeGenerator, Instrumented
from hlsight.analyzer.instrument.memory import Transfer, find_transfers, memory_constants
from hlsight.analyzer.instrument.plan import Baseline, Planner, find_kernel
from hlsight.analyzer.instrument.sourceloops import SourceFunction, collect_functions
from hlsight.analyzer.memory_profiles import MemoryProfile
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.errors import InputError
from hlsight.core.model import Design
from hlsight.parsers.csource import CUnit, parse_c_file
from hlsight.parsers.csource.tokens import SourceText


@dataclass
class ParsedSource:
    """A C file parsed once, with its loops located in the original text."""

    path: Path
    unit: CUnit
    text: SourceText
    functions: dict[str, SourceFunction]


def parse_source(path: Path | str) -> ParsedSource:
    path = Path(path)
    unit = parse_c_file(path)
    text = SourceText(unit.text, str(path))
    return ParsedSource(path, unit, text, collect_functions(unit, text))


def top_function(source: ParsedSource, design: Design, top: str | None) -> str:
    """``--top`` when given, else the report's top module, else the only
    function of the file that is a report module."""
    if top is not None:
        if top not in source.functions:
            raise InputError(source.path, f"no function '{top}' is defined here",
                             expected="a function defined in the source (--top)")
        return top
    for kernel in design.kernels:
        if kernel.is_top:
            for name in source.functions:
                if find_kernel(design, name) is kernel:
                    return name
    matches = [name for name in source.functions if find_kernel(design, name) is not None]
    if len(matches) == 1:
        return matches[0]
    names = ", ".join(kernel.name for kernel in design.kernels) or "none"
    raise InputError(source.path, f"cannot tell which function is the top (report modules: {names})",
                     expected="--top FUNCTION")


def instrument_cycles(source: ParsedSource, design: Design, report: str, top: str | None = None,
                      baseline: Baseline = Baseline.FULL, memory: MemoryProfile | None = None) -> Instrumented:
    """Pass 2. With ``memory``, memcpy transfers on m_axi pointers add the
    section IV DRAM terms (at the report's clock)."""
    from hlsight.core.version import __version__

    chosen = top_function(source, design, top)
    plan = Planner(source.functions, design, str(source.path), baseline).plan(chosen)
    constants = None
    transfers: list[Transfer] = []
    notes = list(plan.diagnostics)
    if memory is not None:
        if plan.clock_ns is None:
            raise InputError(report, "the report gives no clock period, needed for the DRAM terms (--memory)")
        constants = memory_constants(memory, plan.clock_ns)
        transfers, found = find_transfers(plan)
        notes.extend(found)
        if not transfers:
            notes.append(Diagnostic("instrument-no-transfers", Severity.WARNING,
                                    "--memory given but no memcpy on an m_axi pointer was found",
                                    file=str(source.path)))
    generated = CodeGenerator(plan, source.text, report, __version__, constants, transfers).generate()
    generated.diagnostics[:0] = notes
    return generated
