"""Access facts for every LSU whose source line the kernel source explains.

Entry point of the access analysis: parse the embedded sources, walk each
kernel, pair LSUs with accesses, classify, and return :class:`AccessFacts`
(in a :class:`SourceFacts` beside the design, which is not written to) plus
one diagnostic per LSU that says where each number came from.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import PurePath

import sympy
from pycparser import c_ast

from hlsight.analyzer.access.aoc_moved_lines import KernelSource, stale_source_warnings, stale_sources
from hlsight.analyzer.access.c_symbols import Role, SymbolTable, names_in
from hlsight.analyzer.access.cache_reuse import cached_reads
from hlsight.analyzer.access.channel_trips import ChannelKernel, count_fed_loops
from hlsight.analyzer.access.classify import Classification, classify, free_symbols_note
from hlsight.analyzer.access.coalesced_levels import carriers, merged_levels
from hlsight.analyzer.access.communication import BARRIER_MODE, barrier_mode
from hlsight.analyzer.access.dropped_pipeline import dropped_pipeline_warnings
from hlsight.analyzer.access.exclusive_loops import exclusive_arm_warnings
from hlsight.analyzer.access.hls_pragmas import body_pragmas, pipeline_ii
from hlsight.analyzer.access.kept_unroll import kept_unroll_warnings
from hlsight.analyzer.access.kernel_attributes import kernel_compute_units, kernel_local_size, kernel_simd
from hlsight.analyzer.access.loops import BarrierSite, LoopInfo, unknown_trip_symbol
from hlsight.analyzer.access.matching import (
    candidates,
    constant_reads,
    group_lsus,
    match_group,
    merged_neighbours,
    variable_name,
)
from hlsight.analyzer.access.moved_lines import moved_line_warnings, moved_lines, shifted_loops_warning, warned_files
from hlsight.analyzer.access.ndrange_dims import Dimensions, kernel_dimensions
from hlsight.analyzer.access.port_bound import ArrayPorts, port_bound
from hlsight.analyzer.access.recurrence import carried_updates, recurrence_reason
from hlsight.analyzer.access.sources import ParsedSources, parse_design_sources
from hlsight.analyzer.access.taken import readable
from hlsight.analyzer.access.walker import AccessSite, CallSite, walk_function
from hlsight.analyzer.access.xilinx_report_loops import ReportLoopFinder
from hlsight.analyzer.results import AccessFacts, SourceFacts, loop_place
from hlsight.analyzer.vivado_placement import unsure_outlined
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import (
    LSU,
    BoundOperator,
    Design,
    Kernel,
    KernelKind,
    Loop,
    LSUKind,
    Product,
    SourceLocation,
    Vendor,
    path_name,
)
from hlsight.parsers.csource import CUnit
from hlsight.parsers.vivado.names import parse_loop_name, stated_ii_reasons

_SINGLE_ITEM_PRODUCTS = {Product.IPP, Product.VIVADO_HLS, Product.VITIS_HLS}


@dataclass
class KernelAccesses:
    """Access sites of one kernel (and the helpers it calls)."""

    kernel: Kernel
    ndrange: bool
    sites: list[AccessSite] = field(default_factory=list)
    loops: list[LoopInfo] = field(default_factory=list)
    barriers: list[BarrierSite] = field(default_factory=list)
    #: SIMD lanes of an NDRange kernel: each access is as wide as the lanes
    simd: int = 1
    #: values the report's kernel name fixes for template parameters
    #: (``KernelCompute<2>`` for ``KernelCompute<coalesce_factor>``)
    named_values: dict[str, int] = field(default_factory=dict)
    #: channel reads and writes of the kernel's own walk (:mod:`channel_trips`)
    channel_sites: list[AccessSite] = field(default_factory=list)
    #: reads of a field or element no work-item or iteration changes (``param->width``)
    invariant_sites: list[AccessSite] = field(default_factory=list)
    #: Vivado/Vitis: the source loop of a report loop by its name (a loop with no location, a flattened nest)
    report_loops: ReportLoopFinder | None = None
    #: Vivado/Vitis: accesses per cycle each array of the top allows (:mod:`port_bound`)
    array_ports: dict[str, ArrayPorts | None] = field(default_factory=dict)
    #: Vivado/Vitis: the ``hls::stream`` reads and writes of the walk (:mod:`port_bound`)
    stream_sites: list[AccessSite] = field(default_factory=list)
    #: Vivado/Vitis: the operators the module (and the loops outlined from it) binds, with their latencies
    operators: list[BoundOperator] = field(default_factory=list)
    #: Vivado/Vitis: the calls of the walk, with the source loops around each
    call_sites: list[CallSite] = field(default_factory=list)
    #: names of files read that are not the ones compiled (:mod:`aoc_moved_lines`): their LSUs are not matched
    stale_files: set[str] = field(default_factory=set)


def _display(expr: sympy.Expr, table: SymbolTable) -> str:
    """An index with id symbols spelled as the source spells them."""
    names = {}
    for symbol in expr.free_symbols:
        info = table.info(symbol)
        if info is not None and info.role in (Role.GLOBAL_ID, Role.LOCAL_ID, Role.GROUP_ID, Role.LOOP, Role.LANE):
            names[symbol] = sympy.Symbol(info.text)
    return str(expr.xreplace(names))


def _uses_ids(sites: list[AccessSite]) -> bool:
    return any(
        site.table.of_role(site.index, Role.GLOBAL_ID, Role.LOCAL_ID, Role.GROUP_ID) for site in sites
    ) or any(
        info.role in (Role.GLOBAL_ID, Role.LOCAL_ID) for site in sites[:1] for info in site.table.infos.values()
    )


def _is_ndrange(design: Design, kernel: Kernel, sites: list[AccessSite]) -> bool:
    if design.tool.product in _SINGLE_ITEM_PRODUCTS:
        return False
    if kernel.kind is KernelKind.NDRANGE:
        return True
    if kernel.kind in (KernelKind.SINGLE_WORK_ITEM, KernelKind.COMPONENT, KernelKind.FUNCTION):
        return False
    return _uses_ids(sites)


#: C type words of a real-valued scalar (OpenCL ``half``, vector ``float4``)
_REAL_TYPE_WORDS = ("float", "double", "half")


def scalar_arguments(func: c_ast.FuncDef, real_only: bool = False, unsigned_only: bool = False) -> list[str]:
    """Names of the kernel's by-value parameters (``int A_width``), the ones a
    host program sets with ``clSetKernelArg`` as numbers; ``real_only``: the
    floating-point ones (``float alpha``), which may take fractions where an
    integer argument (a count) may not (``whatif --solve`` rounds only counts);
    ``unsigned_only``: the unsigned ones (``const unsigned int offset``,
    ``uint``, ``size_t``), which no host sets below 0. A typedef'd type is not
    resolved: it counts as a signed integer."""
    params = func.decl.type.args.params if func.decl.type.args is not None else []
    return [
        param.name for param in params
        if isinstance(param, c_ast.Decl) and param.name and isinstance(param.type, c_ast.TypeDecl)
        and (not real_only or _is_real(param.type)) and (not unsigned_only or _is_unsigned(param.type))
    ]


def _is_real(decl: c_ast.TypeDecl) -> bool:
    names = getattr(decl.type, "names", None) or []
    return any(str(word).startswith(_REAL_TYPE_WORDS) for word in names)


#: OpenCL C's and C's unsigned integer type names (``unsigned`` as a word is read apart)
_UNSIGNED_TYPE_NAMES = frozenset({
    "uchar", "ushort", "uint", "ulong", "size_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "uintptr_t",
})


def _is_unsigned(decl: c_ast.TypeDecl) -> bool:
    names = [str(word) for word in getattr(decl.type, "names", None) or []]
    return "unsigned" in names or any(word in _UNSIGNED_TYPE_NAMES for word in names)


def kernel_accesses(design: Design, kernel: Kernel, parsed: ParsedSources,
                    dimensions: int | None = None) -> KernelAccesses | None:
    """The kernel's walk: its accesses (and those of helper functions in
    other files), loops, barriers and channel sites. ``dimensions``: its
    NDRange dimensions when the caller has worked them out already."""
    found = parsed.function(kernel.name)
    if found is None:
        return None
    unit, func = found
    walker = walk_function(unit, func, parsed.lines, kernel_local_size(kernel, design), dimensions=dimensions)
    kernel_sites = walker.sites
    sites = list(kernel_sites)
    covered = {(PurePath(site.file).name, site.line) for site in kernel_sites}
    wanted = {
        (PurePath(lsu.location.file).name, lsu.location.line) for lsu in kernel.lsus if lsu.location is not None
    }
    if wanted - covered:
        # LSUs in helper functions (inlined by aoc): walk the functions of those files
        files = {name for name, _line in wanted - covered}
        for other_unit in parsed.units:
            for name, other in other_unit.functions().items():
                coord = other.coord
                if name != kernel.name and coord is not None and PurePath(str(coord.file)).name in files:
                    sites.extend(walk_function(other_unit, other, parsed.lines).sites)
    loops = [*walker.loop_infos.values(), *walker.called_loop_infos.values()]
    ndrange = _is_ndrange(design, kernel, kernel_sites)
    simd = (kernel_simd(kernel, design) or 1) if ndrange else 1
    return KernelAccesses(kernel, ndrange, sites, loops, list(walker.barriers), simd,
                          channel_sites=list(walker.channel_sites), invariant_sites=list(walker.invariant_sites))


def _merge_count(lsu: LSU, site: AccessSite, plain: Classification, context: KernelAccesses) -> int:
    """Neighbouring accesses folded into this LSU, confirmed by its width."""
    if lsu.width_bits is None or site.element.bytes is None or not plain.lanes.is_Integer:
        return 1
    lsu_lines = {
        (PurePath(other.location.file).name, other.location.line, other.kind.value)
        for other in context.kernel.lsus
        if other.location is not None
    }
    count = merged_neighbours(site, context.sites, lsu_lines)
    merged_bits = count * int(plain.lanes) * context.simd * site.element.bytes * 8
    if count > 1 and padded_width(merged_bits) == lsu.width_bits:
        return count
    return 1


def padded_width(bits: int) -> int:
    """The LSU width aoc builds for ``bits`` of merged data: the next power of
    two (x[3i], x[3i+1], x[3i+2] on 2 SIMD lanes: 192 bits -> a 256-bit LSU;
    the seed authors' test_CNA.cl at v = 2, 4, 8, 16 gives 256 ... 2048)."""
    return 1 << max(bits - 1, 0).bit_length()


def _lane_share(group: list[LSU], sites: list[AccessSite]) -> int:
    """LSUs per access when aoc split each access into identical per-lane LSUs.

    With ``num_simd_work_items(V)`` and a strided index aoc cannot widen the
    LSU; it instantiates one 32-bit LSU per lane (stride6: 16 per access),
    each serving 1/V of the work-items. LSUs of different widths for one
    access (stride-3-1) split the lanes unevenly: :func:`_width_shares`.
    """
    if not sites or len(group) <= len(sites) or len(group) % len(sites):
        return 1
    if len({lsu.width_bits for lsu in group}) != 1:
        return 1
    return len(group) // len(sites)


def _width_shares(group: list[LSU], sites: list[AccessSite], result: Classification | None) -> dict[str, Fraction]:
    """Share of one access's elements each LSU serves when aoc split a
    ``num_simd_work_items`` access with a constant stride delta over LSUs of
    different widths (stride-3-1: one 512-bit and one 256-bit load, stores of
    32, 32, 32, 128 and 256 bits for 8 lanes). An LSU w bytes wide spans w/e
    elements of e bytes, i.e. ceil(w / (e * delta)) lanes; the shares are
    those lane counts over their sum (they then add up to the whole access,
    where giving every LSU the full count moved each element up to five
    times: stride3i1-hbm2 +126 %)."""
    if len(sites) != 1 or len(group) < 2 or len({lsu.width_bits for lsu in group}) == 1 or result is None:
        return {}
    element = sites[0].element.bytes
    try:
        stride = int(str(result.stride))
    except (TypeError, ValueError):
        return {}
    if not element or stride < 1 or any(not lsu.width_bits for lsu in group):
        return {}
    lanes = {lsu.id: -(-(lsu.width_bits or 0) // (8 * element * stride)) for lsu in group}
    total = sum(lanes.values())
    return {lsu_id: Fraction(count, total) for lsu_id, count in lanes.items()}


def _facts(lsu: LSU, site: AccessSite, result: Classification, how: str,
           requests: sympy.Expr | None = None) -> AccessFacts:
    where = f"{PurePath(site.file).name}:{site.line}"
    if site.calls:
        where += f" (in {', in '.join(reversed(site.calls))})"
    index = _display(site.index, site.table)
    parts = []
    why = "; ".join(result.reasons)
    # a data-dependent index has no stride: the model charges each access a burst of its own
    # (a public oneAPI histogram's hist[idx[i]] read as "stride 1")
    lead = f"data-dependent, timed as stride {result.stride}" if result.data_dependent and result.stride is not None \
        else f"stride {result.stride}" if result.stride is not None else "no stride"
    parts.append(f"{lead} from `{site.text}` at {where} (index {index}: {why})")
    if result.offset is not None:
        # where the index starts, not the report's "aligned" LSU modifier (JSON lsus[].aligned), which
        # the same word made the two outputs seem to disagree (a public DE1-SoC gradient kernel)
        start = {True: "starts at element 0", False: "does not start at element 0",
                 None: "start unknown"}[result.aligned]
        parts.append(f"offset {result.offset} ({start})")
    if site.element.bytes is not None:
        parts.append(f"{site.element.bytes} B per element ({site.element.name})")
    if result.accesses is not None:
        parts.append(f"executes {readable(result.accesses)} times: " + ", ".join(result.count_reasons))
    if how:
        parts.append(how)
    return AccessFacts(
        stride=None if result.stride is None else str(result.stride),
        offset=None if result.offset is None else str(result.offset),
        element_bytes=site.element.bytes,
        accesses=None if result.accesses is None else str(result.accesses),
        data_dependent=result.data_dependent,
        expression=site.text,
        explanation="; ".join(parts),
        requests=None if requests is None else str(requests),
    )


def _cached_reads(lsu: LSU, site: AccessSite, result: Classification, context: KernelAccesses,
                  unshared: sympy.Expr | None) -> tuple[sympy.Expr, str] | None:
    """The DRAM reads of a cached load whose cache size the report gives
    (decision 56), else None. ``unshared``: the access's own count, before
    per-lane LSUs took their shares."""
    if not lsu.cached or lsu.cache_bits is None or lsu.kind is not LSUKind.LOAD:
        return None
    if context.ndrange:
        return None if unshared is None else cached_reads(site, result, lsu.cache_bits, unshared)
    return cached_reads(site, result, lsu.cache_bits)


def _diagnostic(lsu: LSU, kernel: Kernel, rule: str, severity: Severity, message: str) -> Diagnostic:
    """At the LSU's source line, else at its kernel's (an LSU the report gives no line: a
    finding with no place was dropped by SARIF consumers such as code scanning)."""
    return Diagnostic.at(lsu.location or kernel.location, rule, severity, message, kernel=kernel.name,
                         subject=lsu.id)


def derive_kernel(
    design: Design, context: KernelAccesses, facts: SourceFacts, given: Collection[str] = ()
) -> list[Diagnostic]:
    """Record the access facts of every LSU of one kernel in ``facts``;
    return the explanations."""
    kernel = context.kernel
    diagnostics: list[Diagnostic] = []
    free: set[str] = set()
    coalesced = _coalesced_invariant_reads(kernel, context)
    for lsu, reads in coalesced:
        diagnostics.extend(_uniform_reads([lsu], reads, context, facts))
    taken = {id(lsu) for lsu, _reads in coalesced}
    # a work-item invariant LSU (the report says so) is no share of a streaming access on its line,
    # nor is one the RTL names as a coalesced read of an invariant pointer's fields
    # an LSU of a file that is not the one compiled is not matched (the file's warning says so)
    taken |= {id(lsu) for lsu in kernel.lsus
              if lsu.location is not None and path_name(lsu.location.file) in context.stale_files}
    for group in group_lsus([lsu for lsu in kernel.lsus if not lsu.work_item_invariant and id(lsu) not in taken]):
        sites = candidates(group[0], context.sites)
        results: dict[int, Classification] = {}
        merges: dict[int, int] = {}
        for site in sites:
            plain = classify(site, context.ndrange)
            merge = _merge_count(group[0], site, plain, context)
            merges[id(site)] = merge
            results[id(site)] = plain if merge == 1 else classify(site, context.ndrange, merge)

        def alike(chosen: list[AccessSite], known: dict[int, Classification] = results) -> bool:
            keys = {(known[id(site)].key(), site.element.bytes) for site in chosen}
            return len(keys) == 1

        match = match_group(group, sites, alike)
        constant = [] if sites else constant_reads(group[0], context.sites)
        if constant:
            diagnostics.extend(_constant_cache(group, constant, kernel, facts))
            continue
        uniform = [] if sites else candidates(group[0], context.invariant_sites)
        if uniform:
            diagnostics.extend(_uniform_reads(group, uniform, context, facts))
            continue
        if match.problem is not None:
            for lsu in group:
                diagnostics.append(
                    _diagnostic(
                        lsu,
                        kernel,
                        "access-ambiguous" if sites else "access-unmatched",
                        Severity.WARNING if sites else Severity.INFO,
                        f"{lsu.kind.value} LSU {lsu.id}: {match.problem}; {_unmatched_fallback(kernel)}",
                    )
                )
            continue
        share = _lane_share(group, sites)
        widths = _width_shares(group, sites, results.get(id(sites[0])) if sites else None)
        for lsu, site in match.pairs:
            if facts.access(lsu) is not None:
                continue
            result = results[id(site)]
            requests = None if result.accesses is None else result.accesses / (result.lanes * context.simd)
            how = match.how
            if share > 1 and result.accesses is not None:
                result = replace(result, accesses=result.accesses / share)
                how = f"{how}; one of {share} identical per-lane LSUs of one access: 1/{share} of its elements"
            elif lsu.id in widths and result.accesses is not None:
                part = widths[lsu.id]
                result = replace(result, accesses=result.accesses * sympy.Rational(part.numerator, part.denominator))
                how = (
                    f"{how}; one of {len(group)} LSUs of different widths for one access:"
                    f" {part} of its elements (ceil(width / (element * stride)) lanes)"
                )
            cached = _cached_reads(lsu, site, result, context, results[id(site)].accesses)
            if cached is not None:
                how = f"{how}; {cached[1]}"
            found = _facts(lsu, site, result, how.strip("; "), requests)
            if cached is not None:
                found = replace(found, dram_reads=str(cached[0]))
            facts.set_access(lsu, found)
            free |= result.free_symbols
            message = f"{lsu.kind.value} LSU {lsu.id}: {found.explanation}"
            diagnostics.append(_diagnostic(lsu, kernel, "access-derived", Severity.NOTE, message))
    note = free_symbols_note(kernel, free, given)
    if note is not None:
        diagnostics.append(note)
    return diagnostics


def note_buffer_inputs(context: KernelAccesses, facts: SourceFacts) -> None:
    """Record the caution for the launch values the kernel's access counts
    or loop trips read from a buffer it never writes (decision 65), one
    sentence per buffer, in the same words for every kernel so the reports
    say it once with the kernels' names: the number holds if no other
    argument shares that buffer (a store through one would change the
    values while the kernel runs). After the kernel's facts and trips."""
    kernel = context.kernel
    texts = [text for lsu in kernel.lsus if (found := facts.access(lsu)) is not None
             for text in (found.stride, found.accesses) if text]
    texts.extend(text for loop in kernel.all_loops() if (text := facts.trip(loop)) is not None)
    used = names_in(texts)
    tables = {id(site.table): site.table for site in context.sites}  # the kernel's sites share a few tables
    pointers = sorted({info.read_from for table in tables.values() for symbol, info in table.infos.items()
                       if info.read_from is not None and symbol.name in used})
    for pointer in pointers:
        facts.add_assumed(kernel.name, f"the inputs {pointer}_... are read from the buffer of argument `{pointer}`,"
                          " which the kernel never writes: one value per launch, if no other argument shares that"
                          " buffer (decision 65)")


def derive_access_facts(design: Design, given: Collection[str] = ()) -> SourceFacts:
    """Access facts and loop trip expressions of ``design`` from its
    embedded kernel sources; ``design`` itself is not changed.

    ``given`` are the names the user gave values; a kernel whose counts need
    only those gets no "access counts depend on ..." note. The returned
    facts carry the explanation diagnostics.
    """
    facts = SourceFacts()
    if design.tool.vendor is Vendor.XILINX:
        if not any(source.content for source in design.source_files):
            return facts
        from hlsight.analyzer.access.axi_derive import derive_axi_facts  # imports derive: not at module level

        return derive_axi_facts(design)
    if not any(lsu.location is not None for kernel in design.kernels for lsu in kernel.lsus) and not any(
            kernel.loops for kernel in design.kernels):
        return facts
    if not any(source.content for source in design.source_files):
        return facts
    if design.tool.product is Product.ONEAPI:
        # SYCL C++: libclang front end (issue 14); same matching and classification
        from hlsight.analyzer.access.sycl_derive import derive_sycl_access_facts

        return derive_sycl_access_facts(design, given)
    parsed = parse_design_sources(design)
    facts.diagnostics.extend(parsed.diagnostics)
    walks = [_walk(design, kernel, parsed) for kernel in design.kernels]
    # a file of another revision than the one compiled: none of its facts are used (decision in
    # aoc_moved_lines); Vivado/Vitis files have their own check (moved_lines), by the loops' names.
    # An i++ component's C++ is not walked here: its loops alone say it (no definition to place)
    stale = stale_sources((KernelSource(kernel, found[1] if found is not None else None,
                                        context.loops if context is not None else [])
                           for kernel, found, _dimensions, context in walks), parsed.lines) \
        if design.tool.vendor is Vendor.INTEL else {}
    facts.diagnostics.extend(stale_source_warnings(stale))
    facts.stale_files |= set(stale)
    if design.tool.product is Product.IPP:
        facts.diagnostics.extend(derive_component_trips(design, facts, set(stale)))
    walked: list[ChannelKernel] = []
    for kernel, found, dimensions, context in walks:
        if found is not None and found[1].coord is not None and path_name(str(found[1].coord.file)) in stale:
            continue  # the kernel's own file is stale: as without a source
        if found is not None:
            facts.set_argument_finder(kernel.name, functools.partial(scalar_arguments, found[1]),
                                      functools.partial(scalar_arguments, found[1], real_only=True),
                                      functools.partial(scalar_arguments, found[1], unsigned_only=True))
            if dimensions is not None:
                facts.set_dimensions(kernel.name, dimensions.count, dimensions.evidence)
        if context is None:
            continue
        context = without_files(context, set(stale))
        # a kernel that moves data only through channels still has loops
        # whose trip counts its source gives (public stencilflow labs)
        facts.diagnostics.extend(derive_kernel(design, context, facts, given))
        facts.diagnostics.extend(derive_loop_trips(context, facts))
        note_buffer_inputs(context, facts)
        note_barrier_mode(context, facts)
        walked.append(ChannelKernel(kernel, context.ndrange, context.loops, context.channel_sites,
                                    kernel_compute_units(kernel, design)))
    count_fed_loops(walked, facts, given)
    return facts


def _walk(design: Design, kernel: Kernel, parsed: ParsedSources) -> tuple[
        Kernel, tuple[CUnit, c_ast.FuncDef] | None, Dimensions | None, KernelAccesses | None]:
    """The kernel's definition, NDRange dimensions and walk (``None`` where
    the sources do not define it, or it has no LSU and no loop)."""
    found = parsed.function(kernel.name)
    if found is None:
        return kernel, None, None, None
    dimensions = kernel_dimensions(found[1], found[0].ast, kernel_local_size(kernel, design))
    if not kernel.lsus and not kernel.loops:
        return kernel, found, dimensions, None
    return kernel, found, dimensions, kernel_accesses(design, kernel, parsed, dimensions.count)


def without_files(context: KernelAccesses, files: set[str]) -> KernelAccesses:
    """``context`` without the sites and loops of ``files`` (names): a
    helper file of another revision than the one compiled."""
    if not files:
        return context

    def kept(file: str) -> bool:
        return path_name(file) not in files

    return replace(
        context, sites=[site for site in context.sites if kept(site.file)],
        loops=[info for info in context.loops if kept(info.file)],
        barriers=[site for site in context.barriers if kept(site.file)],
        channel_sites=[site for site in context.channel_sites if kept(site.file)],
        invariant_sites=[site for site in context.invariant_sites if kept(site.file)],
        stale_files=files)


def derive_component_trips(design: Design, facts: SourceFacts, stale: Collection[str] = ()) -> list[Diagnostic]:
    """i++ components: trip counts of loops bounded by template parameters
    (:mod:`~hlsight.analyzer.access.ipp_trips`), for report loops without one.

    ``stale``: names of files of another revision than the one compiled
    (:mod:`~hlsight.analyzer.access.aoc_moved_lines`): their loops are matched
    by line, so a loop of theirs at the report's line is another loop (a
    public HiFlipVX sobel's ``img_filter_core.h`` one line shorter gave the
    row loop ``ImgSobel.B2`` the column loop's 241 for its 1081); none of them
    counts a report loop."""
    from hlsight.analyzer.access.ipp_trips import component_loop_trips

    wanted = [(kernel, loop) for kernel in design.kernels for loop in kernel.all_loops()
              if loop.location is not None and path_name(loop.location.file) not in stale
              and _trip_wanted(loop, facts)]
    if not wanted:
        return []  # nothing to find: no C++ parse
    trips = component_loop_trips(design)
    notes: list[Diagnostic] = []
    for kernel, loop in wanted:
        assert loop.location is not None
        if _placed_as_its_parent(kernel, loop):
            # one source loop is at that line, its parent's: a public i++ 21.4 gaussian places B5 (the i loop
            # of line 20, triangular) at B4's line 17, and B4's 18 for it made the count 6x the measured one;
            # the one source loop inside the parent's is B5's (its mean, 153 over B4's 18 iterations)
            inner = trips.nested_trip(kernel.name, loop.location.file, loop.location.line)
            if inner is not None:
                count, line = inner
                notes.append(_record_trip(
                    loop, sympy.Rational(count), loop.unroll_factor, "the source",
                    f"the one source loop inside line {loop.location.line}'s, at line {line}: the report places it at"
                    f" its parent's line{_mean_said(count)}", kernel, facts))
            continue
        found = trips.trip(kernel.name, loop.location.file, loop.location.line)
        if found is not None:
            count, origin, detail = found
            notes.append(_record_trip(loop, sympy.Rational(count), loop.unroll_factor, origin,
                                      detail + _mean_said(count), kernel, facts))
        elif missing := trips.missing_headers.get(path_name(loop.location.file)):
            facts.set_missing_headers(loop, missing)
    return notes


def _mean_said(count: int | Fraction) -> str:
    """How a triangular loop's count is said: the mean of its counts."""
    if isinstance(count, int) or count.denominator == 1:
        return ""
    return (f"; its bounds move with the counter of the loop around it: the mean per iteration of that loop,"
            f" {float(count):g}")


def _placed_as_its_parent(kernel: Kernel, loop: Loop) -> bool:
    """``loop`` sits in a report loop placed at the same source line: the
    source loop there is the outer one's."""
    for parent in kernel.all_loops():
        if loop in parent.sub_loops and parent.location is not None and loop.location is not None \
                and (path_name(parent.location.file), parent.location.line) == \
                (path_name(loop.location.file), loop.location.line):
            return True
    return False


def _trip_wanted(loop: Loop, facts: SourceFacts) -> bool:
    """A report loop that iterates and has no trip count yet (from the
    report or already from the source)."""
    known = loop.trip_count is not None and (loop.trip_count.value is not None or loop.trip_count.avg is not None)
    return not known and facts.trip(loop) is None and not loop.fully_unrolled


def _record_trip(loop: Loop, trip: sympy.Expr, factor: int | None, origin: str, detail: str, kernel: Kernel,
                 facts: SourceFacts, source: LoopInfo | None = None) -> Diagnostic:
    """Give ``loop`` the source's ``trip``, per pipeline iteration of a loop
    the compiler unrolled ``factor`` times, and say where it comes from (at
    the report's location of the loop, else the source loop's: a Vivado
    report gives none)."""
    unrolled = factor is not None and factor > 1
    expression = str(_per_report_iteration(trip, factor))
    facts.set_trip(loop, expression)
    where = loop_place(loop, SourceLocation(source.file, source.line) if source is not None else None)
    assert where is not None
    return Diagnostic(
        rule="access-trip-count",
        severity=Severity.NOTE,
        message=f"loop {loop.name}: trip count {expression} from {origin} ({detail}"
        + (f", unrolled {factor}x by the compiler)" if unrolled else ")"),
        file=where.file,
        line=where.line,
        kernel=kernel.name,
        subject=loop.name,
    )


def note_barrier_mode(context: KernelAccesses, facts: SourceFacts) -> None:
    """Record (and say) that an NDRange kernel runs in FlexCL barrier mode."""
    mode = barrier_mode(context) if context.ndrange else None
    if mode is not None:
        facts.set_barrier_mode(context.kernel, mode)
        facts.diagnostics.append(
            Diagnostic.at(context.kernel.location, "access-barrier-mode", Severity.NOTE,
                          f"kernel {context.kernel.name}: {mode}: {BARRIER_MODE}", kernel=context.kernel.name)
        )


def derive_loop_trips(context: KernelAccesses, facts: SourceFacts) -> list[Diagnostic]:
    """Give report loops without a trip count the source's expression
    (``for (i = 0; i < 1 + (N-1)/64; i++)`` -> ``floor((N-1)/64) + 1``)."""
    notes: list[Diagnostic] = []
    matched = _source_loops(context)
    # an edited file: its loops at the lines the report's names give are not those loops
    finder = context.report_loops
    shifted = {name: info for name, named in finder.moved.items()
               if (info := finder.infos.get(id(named.node))) is not None} if finder is not None else {}
    moved = moved_lines(context.kernel, context.loops, matched, shifted) if finder is not None else {}
    note = shifted_loops_warning(context.kernel, shifted)
    if note is not None:
        notes.append(note)
    for loop in context.kernel.all_loops():
        found = matched.get(id(loop))
        if found is not None:
            facts.set_loop_place(loop, SourceLocation(found.file, found.line))
            if found.guards:
                facts.set_loop_guards(loop, found.guards)
        _pragma_count(loop, found, context.kernel, facts)
        if context.report_loops is not None:  # Vivado/Vitis: the report counts most loops itself
            notes.extend(_count_disagrees(loop, found, context.kernel))
        if not _trip_wanted(loop, facts):
            continue
        if found is None or (context.report_loops is not None and _report_range_is_better(loop, found)):
            continue
        if found.trip_count is None:
            if found.per_call_counts:
                notes.append(_counted_per_call(loop, found, context.kernel))
                continue
            shared = _access_trip_symbol(context, found)
            if shared is not None:
                notes.append(_record_trip(loop, shared, None, "the source", f"unknown there: {found.trip_reason};"
                                          f" {shared} also counts the accesses inside it", context.kernel, facts,
                                          found))
            continue
        # The report lists a pipelined loop here, so the compiler did not
        # unroll it fully, whatever the pragma says (aoc 19.4 left
        # ``#pragma unroll SIMD``, a macro, alone: one 256-bit LSU, loop B4).
        # A partial unroll runs unroll_factor source iterations per pipeline
        # iteration: the report's factor ("8X Partially unrolled"), else the
        # pragma's.
        notes.append(_record_trip(loop, _plain(found.trip_count), _unroll_factor(loop, found), "the source",
                                  found.trip_reason, context.kernel, facts, found))
    notes.extend(_coalesced_levels(context, matched, facts))
    if context.report_loops is not None:
        _source_hosts(context.kernel, matched, facts)
        _instance_hosts(context, matched, facts)
        _port_bounds(context, matched, facts)
        notes.extend(exclusive_arm_warnings(context.kernel, facts))
        notes.extend(dropped_pipeline_warnings(context.kernel, matched))
        notes.extend(kept_unroll_warnings(context.kernel, matched))
        said = warned_files([*facts.diagnostics, *notes])
        notes.extend(moved_line_warnings(context.kernel, moved, context.loops, said))
    return notes


def _source_hosts(kernel: Kernel, matched: dict[int, LoopInfo], facts: SourceFacts) -> None:
    """An outlined loop the report shows at the top level for want of the
    aggregated csynth.xml's InstanceList goes into the innermost report loop
    whose source loop holds its source loop's line: a public Vitis 2025.1
    GEMM's ``gemm_Pipeline_VITIS_LOOP_33_3`` (II 8 over K) was counted once,
    beside its M x N loops at 1 cycle an iteration, 2,398 cycles where it
    co-simulates 40,941 and more."""
    loops = kernel.all_loops()
    for loop in loops:
        inner = matched.get(id(loop))
        if inner is None or not unsure_outlined(loop):
            continue
        inside = {id(item) for item in loop.walk()}
        hosts = [(outer, found) for outer in loops
                 if id(outer) not in inside and not unsure_outlined(outer)
                 and (found := matched.get(id(outer))) is not None and found.file == inner.file
                 and found.end_line is not None and found.line < inner.line <= found.end_line]
        if hosts:
            host, found = max(hosts, key=lambda pair: pair[1].line)
            where = f"{PurePath(inner.file).name}:{inner.line} is inside {found.line}-{found.end_line}"
            facts.set_source_host(loop, host, where)


def _instance_hosts(context: KernelAccesses, matched: dict[int, LoopInfo], facts: SourceFacts) -> None:
    """A call the report lists apart from its loops (Vivado HLS before the
    aggregated InstanceList), made at one place in the source, goes into
    the innermost report loop whose source loop is around that place: the
    report's latencies alone cannot say (a public 2018.2 Dilithium's
    expand_mat calls shake128 inside two loops whose iteration latencies
    are "?", and it was counted once). A function called at several places
    (or copied into several modules, ``ntt``, ``ntt_1``: which copy is
    which call no file says) is placed by the latencies, but only into a
    loop that makes one of its calls."""
    kernel = context.kernel
    places = {(found.file, found.line): loop for loop in kernel.all_loops()
              if (found := matched.get(id(loop))) is not None and not unsure_outlined(loop)}
    calls: dict[str, list[CallSite]] = {}
    for site in context.call_sites:
        calls.setdefault(site.function, []).append(site)
    copies = Counter(_function_of(instance.module, calls) for instance in kernel.instances)
    for instance in kernel.instances:
        function = _function_of(instance.module, calls)
        sites = calls.get(function or "", [])
        if function is None or not sites:
            continue
        innermost = [[places[key] for key in site.loops if key in places][-1:] for site in sites]
        if len(sites) == 1 and copies[function] == 1:
            # no report loop around it: called outside the loops, which the source says as well
            facts.set_instance_host(kernel.name, instance.name, innermost[0][0] if innermost[0] else None,
                                    f"{PurePath(sites[0].file).name}:{sites[0].line}")
        # only a loop that makes one of its calls may hold it (a public 2019.2 Blowfish: called in Loops 4
        # and 5.1, it had been put in the key loop by the latencies alone)
        facts.set_instance_loops(kernel.name, instance.name, [host for found in innermost for host in found])


def _function_of(module: str, calls: dict[str, list[CallSite]]) -> str | None:
    """The source function a Vivado module is, by name (``ntt_1``, a second
    copy of ``ntt``, is ``ntt``), when the walk met a call of it."""
    if module in calls:
        return module
    base, _, copy = module.rpartition("_")
    return base if copy.isdigit() and base in calls else None


def _port_bounds(context: KernelAccesses, matched: dict[int, LoopInfo], facts: SourceFacts) -> None:
    """Record why a pipelined loop the report gives no reason for runs at
    its II, when the memory ports its accesses need, or the streams it
    moves, explain exactly that II (:mod:`~hlsight.analyzer.access.port_bound`),
    else a value it carries through an operator of that latency
    (:mod:`~hlsight.analyzer.access.recurrence`)."""
    for loop in context.kernel.all_loops():
        found = matched.get(id(loop))
        if found is None or not loop.pipelined or loop.ii is None or loop.ii.value is None or loop.ii.value <= 1:
            continue
        requested = _requested_ii(found)
        if requested is not None:
            facts.set_requested_ii(loop, requested)
            if requested == loop.ii.value:
                continue  # the II asked for: no other reason is looked for
        if stated_ii_reasons(loop.bottleneck, loop.details):
            continue  # the report says why
        bound = port_bound(found, context.sites, context.array_ports, context.stream_sites)
        if bound is not None and bound.cycles == loop.ii.value:
            facts.set_ii_reason(loop, bound.reason)
            continue
        updates = carried_updates(found.body) if found.body is not None and context.operators else ()
        carried = recurrence_reason(updates, context.operators, loop.ii.value)
        if carried is not None:
            facts.set_ii_reason(loop, carried)


def _requested_ii(found: LoopInfo) -> int | None:
    """N of the loop's ``#pragma HLS pipeline II=N``; for a flattened nest
    (Vitis' ``VITIS_LOOP_140_1_VITIS_LOOP_141_2``), the pragma of the level
    that holds it, the innermost, reached through the single loop of each
    level above (a public LeNet's ``II=2``)."""
    body, levels = found.body, max(1, len(found.flattened_lines))
    for _level in range(levels):
        asked = pipeline_ii(body_pragmas(body))
        items = (body.block_items or []) if isinstance(body, c_ast.Compound) else []
        inner = [item for item in items if isinstance(item, c_ast.For | c_ast.While | c_ast.DoWhile)]
        if asked is not None or len(inner) != 1:
            return asked
        body = inner[0].stmt
    return None


def _counted_per_call(loop: Loop, source: LoopInfo, kernel: Kernel) -> Diagnostic:
    """Say why a loop of a function called several times keeps its symbol:
    its calls count it differently and the report's loop is one of them."""
    where = loop_place(loop, SourceLocation(source.file, source.line))
    assert where is not None
    return Diagnostic(
        rule=PER_CALL_RULE, severity=Severity.NOTE, kernel=kernel.name, file=where.file, line=where.line,
        subject=loop.name,
        message=f"loop {loop.name}: no count from the source: {source.trip_reason}; its trip count stays a value to"
                " give")


def _coalesced_levels(context: KernelAccesses, matched: dict[int, LoopInfo], facts: SourceFacts) -> list[Diagnostic]:
    """Record the iterations a source ``loop_coalesce`` merges into a report
    loop that lists no "Coalesced loop" entry (oneAPI 20.3), and say so."""
    notes: list[Diagnostic] = []
    reported = {id(info) for info in matched.values()}
    label = re.sub(r"\W+", "_", context.kernel.name).strip("_") or "kernel"

    def trip_of(info: LoopInfo) -> sympy.Expr:
        if info.trip_count is not None:
            return _plain(info.trip_count)
        return _access_trip_symbol(context, info) or unknown_trip_symbol(label, info.line, info.nth)

    for loop, carrier in carriers(context.kernel.all_loops(), matched):
        merged = merged_levels(carrier, context.loops, reported, trip_of, context.named_values)
        where = f"`{merged.written}` on the loop at line {carrier.line}"
        if merged.factor is None:
            message = f"loop {loop.name}: {where} merges no nested level here ({merged.reason})"
        else:
            facts.set_merged_trip(loop, str(merged.factor))
            lines = ", ".join(str(line) for line in merged.lines)
            message = (f"loop {loop.name}: {where} merges the loop(s) at line {lines} into its iterations"
                       f" (the report lists no \"Coalesced loop\" entry): each iteration of its own count runs"
                       f" {merged.factor} merged ones")
        notes.append(Diagnostic.at(loop.location, "access-coalesced-levels", Severity.NOTE, message,
                                   kernel=context.kernel.name, subject=loop.name))
    return notes


def _pragma_count(loop: Loop, found: LoopInfo | None, kernel: Kernel, facts: SourceFacts) -> None:
    """A report count that a ``loop_tripcount`` pragma set (the source bound
    is an argument, ``it < n``): the report's number is the pragma's
    assumption, and the source's expression is kept for when the argument
    is given (a public AdderTree: ``max=32 min=32`` on ``it < n``; ``--set
    n=1`` "changed nothing")."""
    if found is None or found.tripcount_pragma is None or found.trip_count is None:
        return
    if loop.trip_count is None or loop.trip_count.value is None or not found.trip_count.free_symbols:
        return
    if not (kernel.is_top or kernel.folded_into is not None):
        return  # a callee's argument is not the host's
    # per iteration of the report's loop, as the report counts it: a loop unrolled 16x by
    # ``#pragma HLS UNROLL factor=16`` runs 256 times for the pragma's 4096 (a public Vitis
    # wide_vadd read 4,100 cycles of its loop for the report's 258 with its size given)
    factor = _unroll_factor(loop, found)
    said = f"'{found.tripcount_pragma}'" + (f" over its {factor}x unroll" if factor is not None and factor > 1 else "")
    facts.set_pragma_trip(loop, str(_per_report_iteration(_plain(found.trip_count), factor)), said)


def _per_report_iteration(trip: sympy.Expr, factor: int | None) -> sympy.Expr:
    """A source loop's ``trip`` per iteration of the report's loop, which the
    compiler unrolled ``factor`` times (a partial last iteration is one):
    the one rule for a count given to a loop, a loop_tripcount pragma's
    count and the count compared with the report's."""
    return sympy.ceiling(trip / factor) if factor is not None and factor > 1 else trip


def _unroll_factor(loop: Loop, found: LoopInfo) -> int | None:
    """Source iterations per iteration of the report's loop: the report's
    factor ("8X Partially unrolled"), else the pragma's (aoc ``#pragma
    unroll N``; Vivado/Vitis ``#pragma HLS unroll factor=N`` in the body)."""
    return loop.unroll_factor or (found.unroll if found.unroll is not None and found.unroll > 1 else None) \
        or found.hls_unroll


def _report_range_is_better(loop: Loop, found: LoopInfo) -> bool:
    """A Vivado/Vitis loop the source only bounds (an early exit: decision
    27's "at most") whose report gives its range (MachSuite bfs'
    ``loop_queue``, ``1 ~ 256``, a ``break`` when the queue empties): the
    bound is the range's maximum, and taking it would turn the estimate into
    its worst case without a word where the number is read, so the loop
    keeps its value to give and the report's range beside it."""
    reported = loop.trip_count
    return found.leaves_early and reported is not None and (reported.min is not None or reported.max is not None)


SOURCE_DIFFERS_RULE = "source-count-differs"
#: a loop of a function called several times, each call counting it differently
PER_CALL_RULE = "access-trip-per-call"


def _count_disagrees(loop: Loop, found: LoopInfo | None, kernel: Kernel) -> list[Diagnostic]:
    """A report loop the report counts exactly while the source, matched to
    it, counts another number: the source is likely not the one synthesized (an
    edited copy, a header with other sizes: a public HLStrans merge sort
    whose header says 8192 where its report's loops ran 16). The counts the
    source gives the loops the report leaves open may then be wrong too, so
    it is said, once per loop, at the loop. A ``loop_tripcount`` pragma's
    count is the pragma's, and a count the source only bounds (an early
    exit) may be less: neither is compared."""
    if found is None or loop.trip_count is None or loop.trip_count.value is None or found.trip_count is None:
        return []
    if found.tripcount_pragma is not None or found.leaves_early or not found.trip_count.is_Integer:
        return []
    counted = int(_per_report_iteration(found.trip_count, _unroll_factor(loop, found)))
    if counted == loop.trip_count.value:
        return []
    where = loop_place(loop, SourceLocation(found.file, found.line))
    assert where is not None
    return [Diagnostic(
        rule=SOURCE_DIFFERS_RULE, severity=Severity.WARNING, file=where.file, line=where.line, kernel=kernel.name,
        subject=loop.name,
        message=(f"loop {loop.name}: the report counts {loop.trip_count.value} iterations, the source {counted}"
                 f" ({PurePath(found.file).name}:{found.line}: {found.trip_reason}): this source is likely not the"
                 " one synthesized (or hlsight misreads the loop), so the counts it gives loops the report leaves"
                 " open may be wrong too"))]


def _source_loops(context: KernelAccesses) -> dict[int, LoopInfo]:
    """The source loop of each report loop (by ``id``), matched by file and
    line: the loop's first line, else its closing one (aoc 17.1 puts a
    ``while (1)`` at its ``}``, every aoc a do-while at its ``while``).
    Several loops on one line (a macro that expands to a loop nest) pair in
    order, outermost first, when the report lists as many there; otherwise
    none of them is matched rather than all given the first one's trip."""
    by_line: dict[tuple[str, int], list[LoopInfo]] = {}
    for info in context.loops:
        by_line.setdefault((PurePath(info.file).name, info.line), []).append(info)
    for info in context.loops:
        # aoc places some loops at their closing line; a Vivado/Vitis loop is at its keyword's
        # (a stale source's loop closing on the line a Vitis name gives was taken for it)
        if info.end_line is not None and (PurePath(info.file).name, info.end_line) not in by_line \
                and context.report_loops is None:
            by_line[(PurePath(info.file).name, info.end_line)] = [info]
    in_report: dict[tuple[str, int], list[Loop]] = {}
    # a Vitis report without source files (2020.x) still names a loop's line,
    # VITIS_LOOP_<line>_<k>: in the one file the kernel's loops come from
    files = {PurePath(info.file).name for info in context.loops}
    only = next(iter(files)) if len(files) == 1 else None
    for loop in context.kernel.all_loops():
        if loop.location is not None:
            in_report.setdefault((PurePath(loop.location.file).name, loop.location.line), []).append(loop)
        elif only is not None and (line := parse_loop_name(loop.name).line) is not None:
            in_report.setdefault((only, line), []).append(loop)
    matched: dict[int, LoopInfo] = {}
    for where, loops in in_report.items():
        infos = by_line.get(where, [])
        if len(infos) == 1:
            matched.update((id(loop), infos[0]) for loop in loops)
        elif len(infos) == len(loops):
            matched.update((id(loop), info) for loop, info in zip(loops, infos, strict=True))
    finder = context.report_loops
    if finder is not None:  # Vivado/Vitis names: a loop with no location, a flattened nest
        for loop in context.kernel.all_loops():
            named = finder.find(loop)
            if named is not None:
                matched[id(loop)] = named
            elif finder.flattened(loop):
                matched.pop(id(loop), None)  # its line's loop is only the outer level
    return matched


def _access_trip_symbol(context: KernelAccesses, loop: LoopInfo) -> sympy.Symbol | None:
    """The symbol the access counts use for a loop whose trip the source
    does not fix (``trips_convEng_L218``, a ``while (1)``), so the pipeline
    model names the same loop the same way instead of adding
    ``loop.convEng.B1.trip``: one value to give, not two. A loop that only
    moves channel data (an autorun feeder) is named by its channel calls,
    which can also count it (:mod:`channel_trips`)."""
    for site in [*context.sites, *context.channel_sites]:
        for info in site.loops:
            if info is loop and info.trip_count is None:
                return unknown_trip_symbol(site.function, info.line, info.nth)
    return None


def _plain(expr: sympy.Expr) -> sympy.Expr:
    return expr.xreplace({s: sympy.Symbol(s.name) for s in expr.free_symbols if isinstance(s, sympy.Symbol)})


def _constant_cache(group: list[LSU], reads: list[AccessSite], kernel: Kernel, facts: SourceFacts) -> list[Diagnostic]:
    """Record ``group`` as constant-cache loads and say what the estimate
    leaves out: no equation here times a cache (its hits cost no DRAM
    traffic, its misses "incur a large penalty", the report says), so the
    number becomes a lower bound instead of a guess."""
    text = ", ".join(site.text for site in reads)
    diagnostics = []
    for lsu in group:
        facts.set_constant_cache(lsu, text)
        diagnostics.append(_diagnostic(
            lsu, kernel, "mem-constant-cache", Severity.WARNING,
            f"{lsu.kind.value} LSU {lsu.id} reads __constant `{text}` through the constant cache (the report links it"
            " to no global memory): the DRAM model does not time a cache, so the estimate leaves its misses out;"
            " pass small read-only data by value, or declare the argument __global const to have it timed"))
    return diagnostics


#: aoc 16.x's RTL instance of a load that merges several reads of one variable:
#: ``lsu_local_bb1_ld_memcoalesce_param_load_0143`` reads fields of ``param``
_MEMCOALESCE = re.compile(r"_ld_memcoalesce_(?P<variable>[A-Za-z_]\w*?)_load_\d+$")


def _coalesced_invariant_reads(kernel: Kernel, context: KernelAccesses) -> list[tuple[LSU, list[AccessSite]]]:
    """LSUs whose RTL instance says they merge reads of one variable
    (``memcoalesce_param_load``), or that the report says load from one
    ("Loads from"), where, on the LSU's line, the source reads that variable
    only through addresses no work-item or iteration changes: the LSU is
    those reads (caffe's convLayer at line 509: the 256-bit cached load is
    the `param` fields, not a lane of `inputFeatureMap[...]`)."""
    found: list[tuple[LSU, list[AccessSite]]] = []
    for lsu in kernel.lsus:
        named = _MEMCOALESCE.search(lsu.rtl.instance) if lsu.rtl is not None and lsu.rtl.instance else None
        variable = named.group("variable") if named is not None else variable_name(lsu)
        if variable is None or lsu.work_item_invariant:
            continue
        reads = [site for site in candidates(lsu, context.invariant_sites) if site.array == variable]
        if reads and not any(site.array == variable for site in candidates(lsu, context.sites)):
            found.append((lsu, reads))
    return found


def _uniform_reads(group: list[LSU], reads: list[AccessSite], context: KernelAccesses,
                   facts: SourceFacts) -> list[Diagnostic]:
    """LSUs on a line whose only loads are of an address no work-item or
    iteration changes (``while (i < param->outputWidth)``: aoc 16.1 reloads
    the fields of a ``__global`` struct argument each iteration, through a
    cached LSU, since a store may alias them). Every run reads the element
    the last one did: eq. 2's delta is 0 (no new data crosses the bus), so
    the LSU adds no memory time; it runs as often as the most deeply nested
    of those reads (one coalesced LSU can serve several fields), its width
    at a time."""
    deepest = max(reads, key=lambda site: len(site.loops))
    result = classify(deepest, context.ndrange)
    names = ", ".join(dict.fromkeys(f"`{site.text}`" for site in reads))
    count = "" if result.accesses is None else \
        f"; executes {readable(result.accesses)} times: {', '.join(result.count_reasons)}"
    explanation = (f"stride 0: reads {names}, which no work-item or iteration changes: every run reads the element"
                   f" the last one did, so no new data crosses the bus (eq. 2, delta 0){count}")
    diagnostics = []
    for lsu in group:
        # a field's element is its struct (`param` points to NetParam): the LSU's width is what one run reads
        width = lsu.width_bytes or None
        facts.set_access(lsu, AccessFacts(
            stride="0", element_bytes=width, accesses=None if result.accesses is None else str(result.accesses),
            expression=deepest.text, explanation=explanation))
        diagnostics.append(_diagnostic(lsu, context.kernel, "access-derived", Severity.NOTE,
                                       f"{lsu.kind.value} LSU {lsu.id}: {explanation}"))
    return diagnostics


def _unmatched_fallback(kernel: Kernel) -> str:
    """What the estimate uses for an LSU no source access matched (the
    defaults of :func:`hlsight.analyzer.estimate.inputs.lsu_input`)."""
    if kernel.single_threaded:
        return ("its stride stays a free symbol; it moves its width once per iteration of the loops the report puts"
                " around it")
    return "its stride/bytes/accesses stay free symbols"
