"""Access facts for oneAPI (SYCL) designs: the embedded C++ sources parsed
with libclang and the stand-in SYCL headers, each report kernel paired with
its ``single_task``/``parallel_for`` lambda, then the shared classification
and LSU matching of the OpenCL path.

Kernels pair by the report's kernel location (the line of the launch call),
then by kernel-name type (``Kernel<1>`` matches ``single_task<Kernel<AttrType>>``).
LSUs the report places in a library header (``fpga_lsu.hpp``,
``stl_algobase.h``, ``stl_iterator.h``: ``lsu::load``, ``std::fill``, the
begin/end of a range-for) pair with the kernel's accesses of that kind that
no LSU line of the report claims, preferring the accesses a library
construct makes; several such accesses pair only when their facts are
identical, as for any line.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection
from dataclasses import replace
from pathlib import Path, PurePath

from hlsight.analyzer.access.aoc_moved_lines import KernelSource, stale_source_warnings, stale_sources
from hlsight.analyzer.access.derive import (
    KernelAccesses,
    derive_kernel,
    derive_loop_trips,
    note_barrier_mode,
    note_buffer_inputs,
    without_files,
)
from hlsight.analyzer.access.sycl_kernels import SyclKernel, captured_scalars, find_kernels
from hlsight.analyzer.access.sycl_walk_cache import KernelWalk, WalkCache
from hlsight.analyzer.access.sycl_walker import walk_kernel
from hlsight.analyzer.access.walker import AccessSite
from hlsight.analyzer.results import SourceFacts
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.errors import InputError
from hlsight.core.model import LSU, Design, Kernel, LSUKind, path_name
from hlsight.parsers.cxx import CXX_SUFFIXES
from hlsight.parsers.cxx.sycl_headers import parse_sycl

_LAUNCH = re.compile(r"\b(?:single_task|parallel_for)\b")
_KIND = {LSUKind.LOAD: "load", LSUKind.STORE: "store", LSUKind.ATOMIC: "atomic"}


def _label(kernel: Kernel) -> str:
    """Kernel name as an identifier part (for ``trips_<label>_L<line>``)."""
    return re.sub(r"\W+", "_", kernel.name).strip("_") or "kernel"


def _parse(design: Design) -> tuple[list[SyclKernel], dict[str, list[str]], list[Diagnostic]]:
    embedded = {source.path: source.content for source in design.source_files if source.content}
    kernels: list[SyclKernel] = []
    lines: dict[str, list[str]] = {}
    notes: list[Diagnostic] = []
    for path, text in embedded.items():
        lines[PurePath(path).name] = text.splitlines()
        if PurePath(path).suffix not in CXX_SUFFIXES or not _LAUNCH.search(text):
            continue
        others = {other: content for other, content in embedded.items() if other != path}
        try:
            unit = parse_sycl(Path(path), text, others)
        except InputError as error:
            notes.append(Diagnostic(rule="access-source-unparsed", severity=Severity.WARNING,
                                    message=f"cannot derive access facts from {PurePath(path).name}: {error.summary}",
                                    file=path))
            continue
        own = [error for error in unit.errors if PurePath(error.split(":", 1)[0]).name == PurePath(path).name]
        if own:
            notes.append(Diagnostic(
                rule="access-source-errors", severity=Severity.INFO,
                message=f"{PurePath(path).name}: {len(own)} C++ error(s) with hlsight's stand-in SYCL headers "
                        f"(first: {own[0].split(': ', 1)[-1]}); kernels with errors may lack facts",
                file=path))
        kernels.extend(find_kernels(unit.translation_unit, path))
    return kernels, lines, notes


def _launch_of(kernel: Kernel, launches: list[SyclKernel]) -> SyclKernel | None:
    if kernel.location is not None:
        name, line = PurePath(kernel.location.file).name, kernel.location.line
        for launch in launches:
            if PurePath(launch.file).name == name and line in (launch.line, launch.lambda_line):
                return launch
    report_name = kernel.report_name or kernel.name
    named = [launch for launch in launches if launch.matches_name(report_name)]
    exact = [launch for launch in named if launch.name == report_name]
    chosen = exact or named
    return chosen[0] if len(chosen) == 1 else None


def _walk(launch: SyclKernel, label: str, lines: list[str], headers: dict[str, list[str]]) -> KernelWalk:
    walker = walk_kernel(launch, label, lines, headers)
    return KernelWalk(walker.sites, walker.library, walker.loop_infos, walker.barriers)


def _library_sites(kernel: Kernel, sites: list[AccessSite], library: set[int], sources: set[str]) -> list[AccessSite]:
    """Copies of the accesses that can serve LSUs the report places in a
    library header, moved to that header line so the shared matching pairs
    them (the explanation keeps the user's line in the access text)."""
    claimed = {
        (PurePath(lsu.location.file).name, lsu.location.line, _KIND[lsu.kind])
        for lsu in kernel.lsus if lsu.location is not None
    }
    extra: list[AccessSite] = []
    headers: dict[tuple[str, int, str], LSU] = {}
    for lsu in kernel.lsus:
        if lsu.location is not None and PurePath(lsu.location.file).name not in sources:
            headers.setdefault((lsu.location.file, lsu.location.line, _KIND[lsu.kind]), lsu)
    for (file, line, kind), _lsu in headers.items():
        free = [site for site in sites
                if site.kind == kind and (PurePath(site.file).name, site.line, site.kind) not in claimed]
        made = [site for site in free if site.order in library]
        for site in made or free:
            shown = f"{site.text} [{PurePath(site.file).name}:{site.line}]"
            extra.append(replace(site, file=file, line=line, text=shown))
    return extra


def derive_sycl_access_facts(design: Design, given: Collection[str] = ()) -> SourceFacts:
    """Access facts and loop trips of a oneAPI design, with the explanations
    (``design`` itself is not changed).

    A source of another revision than the one compiled (read with
    ``--source-root`` from a report without its ``report_data.js``) is found
    and set aside as on the OpenCL path (:mod:`aoc_moved_lines`, by its loops:
    a lambda has no header to place): its walk is matched by line, and a
    public kmers source three lines shorter gave the report's ``parse_reads1.B2``
    (``i < dev_seq.L - K + 1``) the count of the unrolled ``n < K`` loop, 31."""
    launches, lines, diagnostics = _parse(design)
    facts = SourceFacts(diagnostics=diagnostics)
    sources = set(lines)
    # the embedded user files a kernel may call functions of, as libclang names them
    headers = {source.path: source.content.splitlines() for source in design.source_files if source.content}
    walks = WalkCache()  # the kernels one templated launch instantiates share its walk
    paired = [(kernel, _launch_of(kernel, launches)) for kernel in design.kernels]
    walked = [(kernel, launch, _kernel_walk(kernel, launch, walks, lines, headers) if launch is not None else None)
              for kernel, launch in paired]
    stale = stale_sources((KernelSource(kernel, None, list(walk.loop_infos.values()) if walk is not None else [])
                           for kernel, _launch, walk in walked), headers)
    diagnostics.extend(stale_source_warnings(stale))
    facts.stale_files |= set(stale)
    for kernel, launch, walk in walked:
        if launch is None or walk is None:
            if kernel.lsus:
                where = f" at {PurePath(kernel.location.file).name}:{kernel.location.line}" if kernel.location else ""
                diagnostics.append(Diagnostic.at(
                    kernel.location, "access-kernel-unmatched", Severity.INFO,
                    f"kernel {kernel.name}: no single_task/parallel_for lambda{where} in the embedded sources; "
                    f"its {len(kernel.lsus)} LSU(s) keep symbolic stride/bytes/accesses", kernel=kernel.name))
            continue
        if path_name(launch.file) in stale:
            continue  # the launch's own file is another revision: as without a source
        _derive_kernel(design, kernel, launch, walk, sources, facts, given, set(stale))
    return facts


def _kernel_walk(kernel: Kernel, launch: SyclKernel, walks: WalkCache, lines: dict[str, list[str]],
                 headers: dict[str, list[str]]) -> KernelWalk:
    """The walk of the kernel's lambda (shared by the kernels one templated launch instantiates)."""
    label = _label(kernel)
    return walks.walk(launch, label, functools.partial(
        _walk, launch, label, lines.get(PurePath(launch.file).name, []), headers))


def _derive_kernel(design: Design, kernel: Kernel, launch: SyclKernel, walk: KernelWalk, sources: set[str],
                   facts: SourceFacts, given: Collection[str], stale: set[str]) -> None:
    """One kernel's facts from its walk, without the sites and loops of ``stale`` files."""
    diagnostics = facts.diagnostics
    facts.set_argument_finder(kernel.name, functools.partial(captured_scalars, launch),
                              functools.partial(captured_scalars, launch, real_only=True),
                              functools.partial(captured_scalars, launch, unsigned_only=True))
    if launch.ndrange:
        facts.set_dimensions(kernel.name, *launch.dimensions())
    context = without_files(KernelAccesses(kernel, launch.ndrange, walk.sites, list(walk.loop_infos.values()),
                                           walk.barriers,
                                           named_values=launch.name_values(kernel.report_name or kernel.name)),
                            stale)
    context.sites = context.sites + _library_sites(kernel, context.sites, walk.library, sources)
    if launch.ndrange and launch.global_size is not None:
        size = " ".join(token.spelling for token in launch.global_size.get_tokens())
        diagnostics.append(Diagnostic.at(
            kernel.location, "access-global-size", Severity.NOTE,
            f"kernel {kernel.name}: `work_items` is the parallel_for global size `{size}` "
            f"(line {launch.line})", kernel=kernel.name))
    if kernel.lsus:
        diagnostics.extend(derive_kernel(design, context, facts, given))
    diagnostics.extend(derive_loop_trips(context, facts))  # also for pipe-only kernels
    note_buffer_inputs(context, facts)  # sizes read from a captured buffer (decision 65)
    note_barrier_mode(context, facts)
