"""Vivado/Vitis sources: the bytes each m_axi bundle of a top function moves
and the trip counts of its loops, as expressions of the function's arguments.

The HLScope+ model (:mod:`hlsight.analyzer.hlscope_model`) needs DSIZE per
bundle; a user knows the kernel's arguments (``size``), not the bytes. The
same walker and classification that give aoc LSUs their counts
(:mod:`hlsight.analyzer.access.walker`, :func:`~hlsight.analyzer.access.classify.classify`)
walk the top function: every access to a pointer parameter the function
maps to an m_axi bundle counts ``accesses x element bytes`` towards that
bundle (HLScope+ section IV: "DSIZE ... is found from the length of the
consecutive array index from the loop bound"), its stride says whether the
bundle bursts, and the report's loops take the source's trip counts.

A parameter's bundle comes from the report's mapping of arguments to
bundles where it has one (Vitis' SW-to-HW mapping, decision 85), else from
its ``#pragma HLS interface m_axi port=... bundle=...``; without
``bundle=``, or without a pragma, only when the report shows exactly one
m_axi bundle (Vivado's default ``gmem``). Nothing
else is guessed: a bundle no access could be tied to keeps its symbol.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from pathlib import Path, PurePath

import sympy
from pycparser import c_ast

from hlsight.analyzer.access.axi_ports import (
    all_nodes,
    axi_pragma_ports,
    interface_pragmas,
    pointer_root,
    reported_direction,
)
from hlsight.analyzer.access.classify import Classification, classify
from hlsight.analyzer.access.complementary_arms import merge_complementary
from hlsight.analyzer.access.derive import (
    PER_CALL_RULE,
    SOURCE_DIFFERS_RULE,
    KernelAccesses,
    derive_loop_trips,
    note_buffer_inputs,
    scalar_arguments,
)
from hlsight.analyzer.access.kept_unroll import RULE as KEPT_UNROLL_RULE
from hlsight.analyzer.access.moved_lines import (
    SHIFTED_RULE,
    pragma_place_warnings,
    unreported_pragma_warnings,
    unsourced_module_warnings,
    warned_files,
)
from hlsight.analyzer.access.port_bound import function_ports
from hlsight.analyzer.access.sources import ParsedSources, parse_design_sources
from hlsight.analyzer.access.walker import AccessSite, AccessWalker, walk_function
from hlsight.analyzer.access.xilinx_report_loops import SourceLoopNames, report_loop_finder
from hlsight.analyzer.results import AxiFacts, SourceFacts
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.errors import InputError
from hlsight.core.model import Design, Interface, Kernel, SourceLocation
from hlsight.parsers.csource import CUnit
from hlsight.parsers.suffixes import HEADER_SUFFIXES


@dataclass
class BundleTraffic:
    """What the source says one m_axi bundle moves per call, while counting."""

    bytes: sympy.Expr = field(default_factory=lambda: sympy.Integer(0))
    #: every access consecutive (stride 1, not data-dependent)
    consecutive: bool = True
    sizes: set[int] = field(default_factory=set)
    sites: list[str] = field(default_factory=list)
    #: accesses whose count or size the source does not give: the bundle keeps its symbol
    unknown: list[str] = field(default_factory=list)
    #: the kinds of the accesses met (``load``, ``store``, ``atomic``)
    kinds: set[str] = field(default_factory=set)
    #: accesses counted whatever branch a run takes: the bytes are an upper bound
    upper_bound: list[str] = field(default_factory=list)
    #: strides of kernel arguments (``k * N``): consecutive where the values make them 1
    argument_strides: list[sympy.Expr] = field(default_factory=list)
    #: an access no value makes consecutive (data-dependent, a stride of 2 or more)
    scattered: bool = False

    def facts(self) -> AxiFacts:
        access = next(iter(self.sizes)) if len(self.sizes) == 1 and not self.unknown else None
        direction = None if not self.kinds else "read" if self.kinds == {"load"} else \
            "write" if self.kinds == {"store"} else "readwrite"
        strided_by = () if self.scattered else tuple(dict.fromkeys(str(stride) for stride in self.argument_strides))
        return AxiFacts(None if self.unknown else str(self.bytes), self.consecutive, access, "; ".join(self.sites),
                        direction, tuple(self.upper_bound), strided_by)


def derive_axi_facts(design: Design) -> SourceFacts:
    """Bundle bytes and loop trip counts of every top function whose source
    the design carries."""
    facts = SourceFacts()
    parsed = _parse(design, facts)
    names = SourceLoopNames.of(parsed)
    for top in design.top_kernels():
        found = parsed.function(top.name)
        if found is None:
            continue
        unit, func = found
        if func.coord is not None and func.coord.file and func.coord.line:
            facts.set_kernel_place(top.name, SourceLocation(str(func.coord.file), int(func.coord.line)))
        facts.set_argument_finder(top.name, functools.partial(scalar_arguments, func),
                                  functools.partial(scalar_arguments, func, real_only=True),
                                  functools.partial(scalar_arguments, func, unsigned_only=True))
        elsewhere = parsed.defined_elsewhere(unit)
        walker = walk_top(parsed, unit, func, elsewhere)
        called = walker.called_loop_infos
        loops = [*walker.loop_infos.values(), *called.values()]
        by_node = {**called, **walker.loop_infos}
        ports = function_ports(func)
        for kernel in design.kernels:  # the top's loops and its outlined/inlined modules' loops
            finder = report_loop_finder(kernel, design, names, by_node, top.name, walker.called.walks)
            operators = [*kernel.operators, *(operator for other in design.kernels if other.folded_into == kernel.name
                                              for operator in other.operators)]
            context = KernelAccesses(kernel, False, walker.sites, loops, report_loops=finder, array_ports=ports,
                                     stream_sites=walker.stream_sites, operators=operators,
                                     call_sites=walker.call_sites)
            facts.diagnostics.extend(derive_loop_trips(context, facts))
            note_buffer_inputs(context, facts)  # `a = *n`: the value behind a pointer the top never writes
        facts.diagnostics = _said_once(facts.diagnostics, SOURCE_DIFFERS_RULE, SHIFTED_RULE, PER_CALL_RULE,
                                       KEPT_UNROLL_RULE)
        bundles = _bundles(top, func, unit)
        traffic: dict[str, BundleTraffic] = {}
        counted_sites = merge_complementary(_without_repeated_loads(walker.sites))
        filled = _stride_filling_neighbours(counted_sites)
        for site in counted_sites:
            # by the array it reaches: a callee's parameter named as a top pointer (`K`) may
            # alias a local buffer (`K_buf`, a public ViT kernel's URAM copy): no DRAM traffic
            bundle = bundles.get(site.root)
            if bundle is None or site.kind == "atomic":
                continue
            _count_site(site, traffic.setdefault(bundle, BundleTraffic()), id(site) in filled)
        # the walk follows calls into the top's own file and the design's other C++ files: a
        # callee a C file defines moves bytes no walk sees, as a library routine does
        defined_apart = {name: PurePath(other.filename).name for other in parsed.units if other is not unit
                         for name in other.functions() if name not in elsewhere}
        unseen: set[str] = set()  # bundles a call no walk follows moves bytes through
        for call, pointer in _opaque_calls(func, set(bundles), {"memcpy", *unit.functions(), *elsewhere},
                                           defined_apart):
            # the bundle keeps its symbol rather than a count that misses them
            traffic.setdefault(bundles[pointer], BundleTraffic()).unknown.append(call)
            unseen.add(bundles[pointer])
        for port, moved in traffic.items():
            derived = moved.facts()
            if port not in unseen:  # what a call no walk sees does is not known at all: nothing said
                facts.set_axi(top.name, port, derived)
                facts.diagnostics.extend(_direction_disagreement(top, port, derived))
            if moved.unknown:
                facts.diagnostics.append(Diagnostic(
                    rule="axi-count-unknown", severity=Severity.NOTE, kernel=top.name, file=top.artifact,
                    message=f"{port}: the source does not count {', '.join(moved.unknown)}; its bytes stay a value"
                            " to give"))
                continue
            pattern = "consecutive" if derived.consecutive else "strided or data-dependent: timed as random accesses"
            facts.diagnostics.append(Diagnostic(
                rule="axi-derived", severity=Severity.NOTE, kernel=top.name, file=top.artifact,
                message=f"{port} of {top.name} moves {derived.bytes} bytes per call ({pattern}), from the source:"
                        f" {derived.how}"))
    warned = warned_files(facts.diagnostics)
    facts.diagnostics.extend(pragma_place_warnings(design, warned))
    facts.diagnostics.extend(unreported_pragma_warnings(design, warned))
    for top in design.top_kernels():
        if parsed.function(top.name) is not None:  # the top is in the sources read: its calls should be too
            facts.diagnostics.extend(unsourced_module_warnings(design, top, warned, facts.kernel_location(top)))
    return facts


def walk_top(parsed: ParsedSources, unit: CUnit, func: c_ast.FuncDef,
             elsewhere: dict[str, c_ast.FuncDef] | None = None) -> AccessWalker:
    """The walk of a Vivado/Vitis top function, as the analysis and
    ``benchmarks/source_counts.py`` both take it: ``memcpy`` as a copy
    loop, and into the functions the design's other C++ files define
    (``elsewhere``, when the caller has them already)."""
    if elsewhere is None:
        elsewhere = parsed.defined_elsewhere(unit)
    return walk_function(unit, func, parsed.lines, count_memcpy=True, elsewhere=elsewhere)


def _said_once(diagnostics: list[Diagnostic], *rules: str) -> list[Diagnostic]:
    """``diagnostics`` without repeats of a finding of ``rules``: a loop both
    the top and its outlined ``_Pipeline_`` module list is one loop, and so
    is a function's loop in the tool's per-call copies."""
    seen: set[tuple[str | None, int | None, str]] = set()
    kept: list[Diagnostic] = []
    for diagnostic in diagnostics:
        key = (diagnostic.file, diagnostic.line, diagnostic.message)
        if diagnostic.rule in rules and key in seen:
            continue
        seen.add(key)
        kept.append(diagnostic)
    return kept


DIRECTION_RULE = "axi-direction-disagreement"


def _direction_disagreement(top: Kernel, port: str, derived: AxiFacts) -> list[Diagnostic]:
    """The report says a bundle reads, writes or both, and the source's
    loads and stores say otherwise: one of them is not the design the other
    describes (a source edited after synthesis, an access the walk does not
    see). The estimate keeps the report's direction, the hardware built;
    said, never picked silently."""
    interface = next((item for item in top.interfaces if item.name == port), None)
    reported = None if interface is None else reported_direction(interface)
    if reported is None or derived.direction is None or reported == derived.direction:
        return []
    assert interface is not None
    names = [PurePath(where).name for where in interface.read_from]
    # a port table lists both data channels of every bundle: the direction is the bus table's
    files = next((name for name in ("csynth.xml", "csynth.rpt") if name in names), ", ".join(names) or "the report")
    return [Diagnostic(
        rule=DIRECTION_RULE, severity=Severity.WARNING, kernel=top.name, file=top.artifact, subject=port,
        message=(f"{port} of {top.name}: the report says {_WORDS[reported]} ({files}), the source's accesses"
                 f" {_WORDS[derived.direction]} ({derived.how}); timed as the report says"))]


_WORDS = {"read": "read only", "write": "write only", "readwrite": "read and write"}


def _without_repeated_loads(sites: list[AccessSite]) -> list[AccessSite]:
    """``sites`` without a load that repeats an earlier load of the same
    element in the same statement list and line, with no store to that
    array between: HLS reads it once (``y[i] = x[i] * (x[i] + 1)`` on a
    public Vivado HLS 2015.2 m_axi example moves 80 bytes, not 120)."""
    kept: list[AccessSite] = []
    seen: set[tuple[str, int, int, str, tuple[int, ...]]] = set()
    for site in sorted(sites, key=lambda item: item.order):
        if site.kind != "load":
            seen = {key for key in seen if key[0] != site.array}  # a store (or atomic) makes it a new value
            kept.append(site)
            continue
        key = (site.array, site.block, site.line, str(site.index), tuple(id(loop) for loop in site.loops))
        if key in seen:
            continue
        seen.add(key)
        kept.append(site)
    return kept


def _opaque_calls(func: c_ast.FuncDef, pointers: set[str], defined: set[str],
                  elsewhere: dict[str, str]) -> list[tuple[str, str]]:
    """(call text, pointer) for each call passed a bundle pointer of a
    function the top's file does not define: a vendor or library routine, or
    one defined in another file (``elsewhere``: name -> file), which the walk
    does not follow."""
    found: list[tuple[str, str]] = []
    for node in all_nodes(func.body):
        if not (isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID)) or node.name.name in defined:
            continue
        arguments = node.args.exprs if node.args is not None else []
        root = next((name for name in map(pointer_root, arguments) if name in pointers), None)
        if root is not None:
            line = node.coord.line if node.coord is not None else "?"
            other = elsewhere.get(node.name.name)
            where = f", defined in {other}, another file the count does not follow" if other else ""
            found.append((f"the call {node.name.name}(...) (line {line}{where})", root))
    return found


def _stride_filling_neighbours(sites: list[AccessSite]) -> set[int]:
    """``id`` of each access whose neighbours fill its stride: ``in[3*i]``,
    ``in[3*i+1]`` and ``in[3*i+2]`` in one statement list of one iteration
    (a public Vitis HLS 2024.1 RGB-to-grey converter reads its three bytes a
    pixel so) are one consecutive walk over ``in`` together, as aoc merges
    such neighbours into one stride-1 LSU (decision 13). Taken one by one
    they are stride 3, and each byte was timed as a random access: "at least
    666 us" against 98.7 us co-simulated. Only a complete set counts:
    offsets k, k+1, ..., k+s-1 for stride s, same array, kind and loops; a
    gap (``in[3*i]``, ``in[3*i+1]`` only) leaves holes in every burst."""
    groups: dict[tuple[str, int, str, str, tuple[int, ...]], list[AccessSite]] = {}
    for site in sites:
        key = (site.function, site.block, site.array, site.kind, tuple(id(loop) for loop in site.loops))
        groups.setdefault(key, []).append(site)
    filled: set[int] = set()
    for members in groups.values():
        if len(members) < 2:
            continue
        stride = classify(members[0], ndrange=False).stride
        if stride is None or not stride.is_Integer or int(stride) <= 1:
            continue
        offsets: dict[int, AccessSite] = {}
        for other in members:
            difference = sympy.expand(other.index - members[0].index)
            if difference.is_Integer:
                offsets.setdefault(int(difference), other)
        for low in sorted(offsets):
            run = range(low, low + int(stride))
            if all(offset in offsets for offset in run):
                filled.update(id(offsets[offset]) for offset in run)
    return filled


def _count_site(site: AccessSite, moved: BundleTraffic, filled: bool = False) -> None:
    """Add ``site``'s bytes to its bundle's count; ``filled``: its
    neighbours fill its stride (:func:`_stride_filling_neighbours`), so
    the walk is consecutive."""
    moved.kinds.add(site.kind)
    result = classify(site, ndrange=False)
    stride = result.stride  # an access not counted still has its pattern
    if not filled and (result.data_dependent or stride is None or not (stride.is_number and abs(stride) <= 1)):
        moved.consecutive = False
        by_arguments = _stride_of_arguments(result)
        if by_arguments is None:
            moved.scattered = True
        else:
            moved.argument_strides.append(by_arguments)
    size = site.element.bytes
    if result.accesses is None or size is None:
        moved.unknown.append(f"{site.text} (line {site.line})")
        return
    moved.bytes = sympy.expand(moved.bytes + result.accesses * size)
    moved.sizes.add(size)
    together = " (with its neighbours, consecutive)" if filled else ""
    moved.sites.append(f"{site.text} (line {site.line}): {result.accesses} x {size} B{together}")
    if any("(upper bound)" in reason for reason in result.count_reasons):
        moved.upper_bound.append(f"{site.text} (line {site.line})")


def _stride_of_arguments(result: Classification) -> sympy.Expr | None:
    """The stride of an access that is not consecutive when it depends on
    kernel arguments only (``B[k * N + j]``: N elements), which a value
    given may make 1; ``None`` for a data-dependent or numeric one."""
    stride = result.stride
    if result.data_dependent or stride is None or stride.is_number:
        return None
    names = {str(symbol) for symbol in stride.free_symbols}
    return stride if names <= result.free_symbols else None


def _bundles(top: Kernel, func: c_ast.FuncDef, unit: CUnit) -> dict[str, str]:
    """Pointer parameter -> the report's m_axi interface name it goes
    through: the report's own mapping of arguments to bundles where it has
    one (Vitis >= 2021.2; a pointer without ``bundle=`` goes to ``gmem0`` in
    a public 2022.1 autoencoder, beside a ``bundle=gmem``), else the
    ``bundle=`` of its pragma, else the one bundle the report shows."""
    interfaces = [port for port in top.interfaces if port.is_axi_master]
    if not interfaces:
        return {}
    by_bundle = {_bundle_of(port): port.name for port in interfaces}
    mapped = {argument: port.name for port in interfaces for argument in port.arguments}
    pragmas = axi_pragma_ports(interface_pragmas(unit.text))
    params = _pointer_parameters(func)
    out: dict[str, str] = {}
    for param in params:
        if param in mapped:  # the report's SW-to-HW mapping: what the tool did
            out[param] = mapped[param]
        elif param in pragmas and pragmas[param] is not None:
            name = by_bundle.get(str(pragmas[param]))
            if name is not None:
                out[param] = name
        elif len(interfaces) == 1 and (param in pragmas or not pragmas):
            out[param] = interfaces[0].name  # the one bundle (Vivado's default gmem)
    return out


def _bundle_of(port: Interface) -> str:
    return port.bundle or port.name.removeprefix("m_axi_")


def _pointer_parameters(func: c_ast.FuncDef) -> list[str]:
    params = func.decl.type.args.params if func.decl.type.args is not None else []
    return [param.name for param in params if isinstance(param, c_ast.Decl) and param.name
            and isinstance(param.type, (c_ast.PtrDecl, c_ast.ArrayDecl))]


def _read_headers(unit: CUnit, lines: dict[str, list[str]]) -> None:
    """The text of each design header a lowered function is written in (a
    template in its ``.hpp``): the walk quotes a loop's line from it."""
    defined = unit.functions()
    for name in unit.called:
        definition = defined[name]
        file = str(definition.coord.file) if definition.coord is not None else ""
        if file and file not in lines:
            try:
                lines[file] = Path(file).read_text(encoding="utf-8", errors="replace").splitlines()
            except OSError:
                lines[file] = []


def _parse(design: Design, facts: SourceFacts) -> ParsedSources:
    """C sources through pycparser, C++ through libclang lowered to C."""
    parsed = parse_design_sources(design)
    facts.diagnostics.extend(parsed.diagnostics)
    from hlsight.parsers.cxx import CXX_SUFFIXES
    from hlsight.parsers.cxx.as_c import UNUSED_RULE as UNUSED_HEADER_RULE
    from hlsight.parsers.cxx.as_c import parse_cxx_as_c  # libclang: only for C++ designs
    from hlsight.parsers.cxx.vendor_paths import CASE_RULE as INCLUDE_CASE_RULE
    from hlsight.parsers.cxx.vendor_paths import RULE as VENDOR_PATH_RULE

    said: set[tuple[str, str]] = set()
    # the folders of the headers read with the design (found below --source-root, not always beside
    # the file that includes them): where the build's include path would find them
    header_folders = list(dict.fromkeys(Path(source.path).parent for source in design.source_files
                                        if Path(source.path).suffix.lower() in HEADER_SUFFIXES))
    for source in design.source_files:
        path = Path(source.path)
        if source.content is None or path.suffix not in CXX_SUFFIXES or not path.is_file():
            continue
        try:
            unit = parse_cxx_as_c(path, [folder for folder in header_folders if folder != path.parent],
                                  synthesis=True)
        except InputError as error:
            facts.diagnostics.append(Diagnostic(
                rule="access-source-unparsed", severity=Severity.WARNING,
                message=f"cannot derive loop counts or m_axi traffic from {PurePath(source.path).name}:"
                        f" {error.message}",
                file=source.path))
            continue
        parsed.units.append(unit)
        parsed.lines.setdefault(source.path, source.content.splitlines())
        _read_headers(unit, parsed.lines)
        for line, rule, message in unit.warnings:
            # the headers read in place of the build machine's: an assumption, said once for
            # the design (a header every file includes is one assumption)
            if rule in (VENDOR_PATH_RULE, UNUSED_HEADER_RULE, INCLUDE_CASE_RULE) and (rule, message) not in said:
                said.add((rule, message))
                facts.diagnostics.append(Diagnostic(rule=rule, severity=Severity.WARNING, message=message,
                                                    file=source.path, line=line))
    return parsed
