"""Pass 2 entry point: C source + HLS report -> instrumented C + runtime header."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pycparser import c_ast

from hlsight.analyzer.instrument.codegen import HEADER_NAME, CodeGenerator, Instrumented, MemoryConstants, TransferSite
from hlsight.analyzer.instrument.design_sources import DesignSources, as_design
from hlsight.analyzer.instrument.directives import TakesDirectives
from hlsight.analyzer.instrument.memory import Transfer, find_transfers, memory_constants
from hlsight.analyzer.instrument.plan import Baseline, Plan, Planner, find_kernel
from hlsight.analyzer.instrument.sourceloops import SourceFunction, collect_functions, collect_instances
from hlsight.analyzer.instrument.templates import instance_functions, instance_table
from hlsight.analyzer.memory_profiles import MemoryProfile
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.errors import InputError
from hlsight.core.model import Design
from hlsight.parsers.csource import CUnit, parse_c_file
from hlsight.parsers.csource.frontend import looks_like_cplusplus
from hlsight.parsers.csource.synthesis_regions import drop_simulation_only
from hlsight.parsers.csource.tokens import SourceText
from hlsight.parsers.cxx import CXX_SUFFIXES
from hlsight.parsers.cxx.as_c import parse_cxx_as_c
from hlsight.parsers.cxx.hls_headers import MODEL_INCLUDE, HlsHeaders, find_hls_headers
from hlsight.parsers.cxx.lower import TemplateInstance


@dataclass
class ParsedSource(TakesDirectives):
    """A C file parsed once, with its loops located in the original text."""

    path: Path
    unit: CUnit
    text: SourceText
    functions: dict[str, SourceFunction]
    #: set for HLS C++ (parsed with libclang): the vendor headers it compiles against
    headers: HlsHeaders | None = None
    #: notes about the source made before planning (Tcl/cfg directives that found no place)
    notes: list[Diagnostic] = field(default_factory=list)
    #: the folders its includes were searched in besides its own (the compile searches them too)
    include_dirs: tuple[Path, ...] = ()
    #: C++: the instances of its function templates its code calls, and what tells them apart at run time
    instances: dict[str, SourceFunction] = field(default_factory=dict)
    templates: dict[str, TemplateInstance] = field(default_factory=dict)
    #: a user header whose function templates' instances are instrumented: the
    #: design file that includes it, whose folder it is written under (``None``: a design file)
    included_by: Path | None = None
    #: C++, a design file: the user headers (beside it or below) holding templates it instantiates
    template_headers: list[ParsedSource] = field(default_factory=list)
    #: C++, a design file: every template instance its code calls, its own and its headers'
    called_instances: frozenset[str] = frozenset()

    @property
    def is_cxx(self) -> bool:
        return self.headers is not None

    @property
    def is_header(self) -> bool:
        return self.included_by is not None


def parse_source(path: Path | str, include_dirs: Sequence[Path] = (), hls_include: str | None = None) -> ParsedSource:
    """Parse ``path``; quoted includes are searched in its own folder, then
    ``include_dirs`` (``hlsight simulate`` passes the testbench's folder, as
    the compile does). C++ (by suffix, or C++ syntax outside comments) goes
    through libclang with the HLS headers of ``hls_include`` (or the
    environment's Vivado/Vitis, or hlsight's model); a C source gets that
    folder, then hlsight's model folder, as more include folders (Vivado
    HLS C's ``ap_cint.h`` lives there)."""
    path = Path(path)
    headers = None
    searched = tuple(include_dirs)
    if path.suffix in CXX_SUFFIXES or (path.suffix != ".cl" and _looks_cxx(path)):
        headers = find_hls_headers(hls_include)
        unit = parse_cxx_as_c(path, include_dirs, headers, instances=True)
    else:
        # Vivado HLS C's ap_cint.h: the vendor's folder (--hls-include, else the environment's), then hlsight's
        # model (Vitis ships no ap_cint.h), as analyze searches them; with --hls-include alone a C design that
        # merely includes the header stopped the parse (a public DES decryption, Vivado HLS 2019.1: exit 2)
        searched = (*searched, *dict.fromkeys((find_hls_headers(hls_include).directory, MODEL_INCLUDE)))
        unit = parse_c_file(path, include_dirs=searched)
        drop_simulation_only(unit.ast, unit.filename, unit.text)
    text = SourceText(unit.text, str(path))
    notes = [Diagnostic(rule, Severity.WARNING, message, file=str(path), line=line)
             for line, rule, message in unit.warnings]
    called = frozenset(instance.name for instance, _body in unit.instances)
    unit, template_headers = _template_headers(unit, path, headers, searched)
    return ParsedSource(path, unit, text, collect_functions(unit, text), headers, notes, searched,
                        collect_instances(unit, text), {instance.name: instance for instance, _body in unit.instances},
                        template_headers=template_headers, called_instances=called)


def _template_headers(unit: CUnit, path: Path, headers: HlsHeaders | None,
                      searched: tuple[Path, ...]) -> tuple[CUnit, list[ParsedSource]]:
    """``unit`` with its own functions and template instances only, and a
    source per user header that defines a function or function template the
    file's code calls (hls4ml's ``nnet_utils/nnet_conv2d_stream.h``): the
    header's text, in which those functions' loops are located and counters
    spliced, as for a design file."""
    by_file: dict[str, list[tuple[TemplateInstance, Any]]] = {}
    for instance, body in unit.instances:
        by_file.setdefault(instance.file, []).append((instance, body))
    defined: dict[str, set[str]] = {}  # header -> the plain functions the lowering took from it
    for node in unit.ast.ext:
        if isinstance(node, c_ast.FuncDef) and node.decl.name in unit.called and str(node.coord.file) != unit.filename:
            defined.setdefault(str(node.coord.file), set()).add(str(node.decl.name))
    sources = []
    for name in dict.fromkeys([*by_file, *defined]):
        if not name:
            continue
        try:
            header_text = Path(name).read_text(encoding="utf-8", errors="replace")
        except OSError as error:
            raise InputError(name, f"cannot read the header ({error.strerror or error})",
                             expected=f"the header {path} includes") from None
        instances = by_file.get(name, [])
        header_unit = dataclasses.replace(unit, filename=name, text=header_text, warnings=[], instances=instances,
                                          user_headers=(), called=frozenset(defined.get(name, ())))
        text = SourceText(header_text, name)
        sources.append(ParsedSource(Path(name), header_unit, text, collect_functions(header_unit, text), headers, [],
                                    searched, collect_instances(header_unit, text),
                                    {instance.name: instance for instance, _body in instances}, included_by=path))
    return dataclasses.replace(unit, instances=by_file.get("", []), called=frozenset()), sources


def _looks_cxx(path: Path) -> bool:
    try:
        return looks_like_cplusplus(path.read_text(encoding="utf-8", errors="replace"))
    except OSError:
        return False  # parse_c_file reports the unreadable file


def top_function(source: ParsedSource | DesignSources, design: Design, top: str | None) -> str:
    """``--top`` when given, else the report's top module, else the only
    function of the design's files that is a report module."""
    if top is not None:
        if top not in source.functions:
            where = "here" if not isinstance(source, DesignSources) or len(source.files) == 1 else \
                "in any design source (" + ", ".join(str(item.path) for item in source.files) + ")"
            raise InputError(source.path, f"no function '{top}' is defined {where}",
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


def instrument_cycles(source: ParsedSource | DesignSources, design: Design, report: str, top: str | None = None,
                      baseline: Baseline = Baseline.FULL, memory: MemoryProfile | None = None) -> Instrumented:
    """Pass 2 over one file or a design of several (functions matched to
    report modules wherever they are defined). With ``memory``, memcpy
    transfers on m_axi pointers add the section IV DRAM terms (at the
    report's clock)."""
    sources = as_design(source)
    chosen = top_function(sources, design, top)
    sources, instances, said = instance_functions(sources, design)
    plan = Planner(sources.functions, design, str(sources.path), baseline, set(instances)).plan(chosen)
    constants = None
    transfers: list[Transfer] = []
    notes = [*sources.notes, *said, *plan.diagnostics]
    if memory is None:
        notes.extend(_memory_not_modelled(plan, str(sources.path)))
    if memory is not None:
        if plan.clock_ns is None:
            raise InputError(report, "the report gives no clock period, needed for the DRAM terms (--memory)")
        constants = memory_constants(memory, plan.clock_ns)
        transfers, found = find_transfers(plan)
        notes.extend(found)
        if not transfers:
            notes.append(Diagnostic("instrument-no-transfers", Severity.WARNING,
                                    "--memory given but no memcpy on an m_axi pointer was found",
                                    file=str(sources.path)))
    generated = generate_files(plan, sources, report, constants, transfers, instances)
    generated.diagnostics[:0] = notes
    return generated


def generate_files(plan: Plan, sources: DesignSources, report: str, constants: MemoryConstants | None = None,
                   transfers: Sequence[TransferSite] = (),
                   instances: Mapping[str, TemplateInstance] | None = None) -> Instrumented:
    """Every design file with the counters of its own functions; the primary
    file defines the runtime's shared state, the others only use it."""
    from hlsight.core.version import __version__

    texts: dict[str, str] = {}
    diagnostics: list[Diagnostic] = []
    header = ""
    table = instance_table(plan, instances or {})
    planned = {*plan.functions, *(block.function for block in plan.loop_blocks.values())}
    for index, file in enumerate(sources.edited_files):
        if file.is_header and not any(owner is file and name in planned for name, owner in sources.owners.items()):
            texts[str(file.path)] = file.text.text  # nothing of it is counted: unchanged
            continue
        names = {name for name, owner in sources.owners.items() if owner is file}
        # the runtime header is written beside the design files, above a user header's copy
        runtime = Path(os.path.relpath(sources.path.resolve().parent / HEADER_NAME, file.path.resolve().parent))
        generated = CodeGenerator(plan, file.text, report, __version__, constants, transfers, names,
                                  owner=index == 0, instances=table, rows_listed=file.called_instances,
                                  header_include=runtime.as_posix() if file.is_header else None).generate()
        texts[str(file.path)] = generated.source
        diagnostics.extend(generated.diagnostics)
        header = header or generated.header
    return Instrumented(texts[str(sources.path)], header, plan, diagnostics, texts)


def _memory_not_modelled(plan: Plan, filename: str) -> list[Diagnostic]:
    """Without ``--memory`` the DRAM terms of section IV are 0: say so when
    the design has memcpy bursts on m_axi ports (a warning: the estimate
    misses their time) or m_axi ports at all (a note)."""
    transfers, _notes = find_transfers(plan)
    if transfers:
        return [Diagnostic("instrument-no-memory", Severity.WARNING,
                           f"{len(transfers)} memcpy burst(s) on m_axi ports and no --memory profile: their DRAM "
                           "time (HLScope+ section IV) is not counted", file=filename)]
    ports = sorted({interface.source_object or interface.name for item in plan.functions.values()
                    for interface in item.kernel.interfaces if interface.protocol == "m_axi"})
    if ports:
        return [Diagnostic("instrument-no-memory", Severity.NOTE,
                           f"m_axi port(s) {', '.join(ports)}: accesses outside memcpy bursts are timed by the "
                           "report's schedule only", file=filename)]
    return []
