"""Turn the module reports of one ``syn/report`` directory into a Design.

Steps: merge each module's XML and rpt view (:mod:`hlsight.parsers.vivado.merge`),
add modules only the aggregated ``csynth.xml`` knows, resolve the instance
hierarchy and the top module, fold Vitis ``_Pipeline_`` modules back into the
loop that calls them, attach source locations, and say what is missing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import (
    Design,
    Device,
    Instance,
    Interface,
    Kernel,
    KernelKind,
    Loop,
    Product,
    SourceLocation,
    ToolInfo,
    Vendor,
)
from hlsight.core.units import name_list
from hlsight.core.work_groups import work_group
from hlsight.parsers.vivado.aggregate_xml import Aggregate, likely_location
from hlsight.parsers.vivado.interface_sources import no_interface_table
from hlsight.parsers.vivado.merge import INTERVAL_RULE, PORTS_RULE, align
from hlsight.parsers.vivado.module_report import ModuleReport, RtlPort
from hlsight.parsers.vivado.names import (
    GENERATED_LOOP_NOTE,
    OUTLINED_UNSURE,
    module_matches,
    outlined_module_parts,
    outlines_loops,
    parse_loop_name,
)
from hlsight.parsers.vivado.pragmas import apply_tripcount_pragma
from hlsight.parsers.vivado.summary_rpt import SummaryInterfaces, fill_top_interfaces
from hlsight.parsers.vivado.values import parse_version

#: Tool versions whose reports the corpus covers (format notes, version table).
TESTED_VERSIONS = ((2015, 3), (2025, 2))

#: Port-name suffixes that carry data (their width is the interface width);
#: ap_bus moves its data on ``<x>_datain``/``<x>_dataout``
DATA_SUFFIXES = ("_q0", "_d0", "_q1", "_d1", "_TDATA", "_dout", "_din", "_RDATA", "_WDATA", "_datain", "_dataout")
#: ap_bus request lines whose names end like data ports: ``<x>_req_din`` is a 1-bit request
#: (a public 2018.3 ap_bus design was read as a 1-bit output)
CONTROL_SUFFIXES = ("_req_din", "_req_full_n", "_req_write", "_rsp_empty_n", "_rsp_read")
#: AXI-stream side channels: Vivado lists each field of an ``ap_axis`` struct as a C object of its
#: own, whose one port is its width (they were listed with no width, public 2019.1 and 2024.2 reports)
AXIS_SIDE_SUFFIXES = ("_TKEEP", "_TSTRB", "_TUSER", "_TLAST", "_TID", "_TDEST")


def tool_info(modules: list[ModuleReport]) -> ToolInfo:
    tool = next((m.tool for m in modules if m.tool and m.path.suffix == ".rpt"), None) or \
        next((m.tool for m in modules if m.tool), "vivado")
    version = next((m.version for m in modules if m.version), "")
    version_raw = next((m.version_raw for m in modules if m.version_raw and "Build" in m.version_raw), version)
    product = Product.VITIS_HLS if tool == "vitis" else Product.VIVADO_HLS
    return ToolInfo(vendor=Vendor.XILINX, product=product, version=version, version_raw=version_raw or "")


def interfaces_from_ports(ports: list[RtlPort], read_from: Path | None = None) -> list[Interface]:
    """One interface per (C object, protocol); m_axi width = ``RDATA``/``WDATA``
    bits, address width = ``ARADDR``/``AWADDR`` bits (§2.7); ``read_from`` is
    the file of the table (XML ``InterfaceSummary`` or rpt ``== Interface``)."""
    groups: dict[tuple[str, str], list[RtlPort]] = {}
    for port in ports:
        groups.setdefault((port.source_object, port.protocol), []).append(port)
    interfaces: list[Interface] = []
    for (source_object, protocol), members in groups.items():
        carriers = [p for p in members if p.name == source_object
                    or (p.name.endswith(DATA_SUFFIXES) and not p.name.endswith(CONTROL_SUFFIXES))]
        if not carriers and protocol == "axis":  # a side channel of its own C field (``in_V_dest_V``: TDEST)
            carriers = [p for p in members if p.name.endswith(AXIS_SIDE_SUFFIXES)]
        data = [p.bits for p in carriers if p.bits is not None]
        address = [p.bits for p in members if p.bits is not None and p.name.endswith(("_ARADDR", "_AWADDR"))]
        directions = {p.direction for p in carriers}
        name = f"m_axi_{source_object}" if protocol == "m_axi" else source_object
        c_types = sorted({p.c_type for p in members if p.c_type})
        interfaces.append(Interface(
            name=name, protocol=protocol, width_bits=max(data) if data else None,
            bundle=source_object if protocol == "m_axi" else None,
            direction=directions.pop() if len(directions) == 1 else None,
            source_object=source_object, address_bits=max(address) if address else None,
            # the C type the table gives ("array" on an s_axilite bundle: arrays the host writes through it)
            details={"c_type": ", ".join(c_types)} if c_types else {},
            read_from=[] if read_from is None else [str(read_from)],
        ))
    return interfaces


def _merge_bus_interfaces(kernel: Kernel, bus: list[Interface]) -> None:
    """Vitis >= 2021.2 ``<Interfaces>`` are authoritative for bus widths and
    burst parameters; keep the per-port view for everything else."""
    by_name = {interface.name: interface for interface in kernel.interfaces}
    for interface in bus:
        existing = by_name.get(interface.name)
        if existing is None:
            kernel.interfaces.append(interface)
            continue
        existing.width_bits = interface.width_bits or existing.width_bits
        existing.address_bits = interface.address_bits or existing.address_bits
        existing.direction = interface.direction or existing.direction
        existing.details.update(interface.details)
        existing.arguments = interface.arguments or existing.arguments
        existing.read_from.extend(where for where in interface.read_from if where not in existing.read_from)


def kernel_from_module(module: ModuleReport) -> Kernel:
    estimated = module.clock_estimated_ns
    return Kernel(
        name=module.name,
        kind=KernelKind.FUNCTION,
        fmax_estimated_mhz=round(1000.0 / estimated, 3) if estimated else None,
        clock_target_ns=module.clock_target_ns,
        clock_estimated_ns=estimated,
        latency=module.latency,
        interval=module.interval,
        dataflow=module.pipeline_type == "dataflow",
        loops=module.loops,
        interfaces=interfaces_from_ports(module.ports, module.ports_path),
        instances=list(module.instances or []),
        pipeline_type=module.pipeline_type,
        latency_avg=module.latency_avg,
        clock_uncertainty_ns=module.clock_uncertainty_ns,
        artifact=str(module.path),
        resources=list(module.resources),
    )


def find_kernel(kernels: dict[str, Kernel], module: str) -> Kernel | None:
    """Exact name first, then the 20-character truncation rule."""
    if module in kernels:
        return kernels[module]
    return next((kernel for name, kernel in kernels.items() if module_matches(name, module)), None)


def count_descendants(kernels: dict[str, Kernel], kernel: Kernel, seen: set[str]) -> int:
    count = 0
    for inst in kernel.instances:
        child = find_kernel(kernels, inst.module)
        if child is not None and child.name not in seen:
            seen.add(child.name)
            count += 1 + count_descendants(kernels, child, seen)
    return count


def top_modules(kernels: dict[str, Kernel], declared: str | None, luts: dict[str, int | None],
                diagnostics: list[Diagnostic]) -> list[Kernel]:
    """The declared top (``TopModelName`` of ``csynth.xml``), else the module
    no other module instantiates. Several such roots that each have an
    ``s_axi`` control port and a block-level ``ap_ctrl_*`` protocol are the
    kernels of a Vitis kernel flow (``v++ -c`` writes one report per kernel
    into ``hls_reports/``, no ``csynth.xml``): every one is a top. Among
    other roots (sub-module reports missing) the largest one (LUTs include
    all instances), then the one with the most descendants, said in a note."""
    if declared:
        found = find_kernel(kernels, declared)
        if found is not None:
            return [found]
    instantiated = {inst.module for kernel in kernels.values() for inst in kernel.instances}
    roots = [k for k in kernels.values() if not any(module_matches(k.name, m) for m in instantiated)
             and _outlined_parent(kernels, k) is None]
    candidates = roots or list(kernels.values())
    if not candidates:
        return []
    if len(candidates) > 1 and roots and all(_is_kernel_flow_top(kernel) for kernel in roots):
        diagnostics.append(Diagnostic(
            rule="vivado-kernels", severity=Severity.NOTE,
            message=(f"no csynth.xml names a top module; {name_list([k.name for k in roots])} each have an s_axi"
                     " control port and a block-level protocol: kernels of a Vitis kernel flow, each a top"),
            file=roots[0].artifact, kernel=roots[0].name, subject=roots[0].name,
        ))
        return roots
    if len(candidates) > 1:
        chosen = max(candidates, key=lambda kernel: (luts.get(kernel.name) or 0,
                                                      count_descendants(kernels, kernel, {kernel.name})))
        diagnostics.append(Diagnostic(
            rule="vivado-top-guessed", severity=Severity.NOTE,
            message=(f"no csynth.xml names the top module; chose '{chosen.name}' (largest of the "
                     f"uninstantiated modules {', '.join(sorted(k.name for k in candidates))})"),
            file=chosen.artifact, kernel=chosen.name, subject=chosen.name,
        ))
        return [chosen]
    return candidates[:1]


def _is_kernel_flow_top(kernel: Kernel) -> bool:
    """An ``s_axi`` (AXI4-Lite control) port and an ``ap_ctrl_*`` block
    protocol: only a top function gets them (a sub-module's ports are its C
    arguments and ``ap_ctrl_hs`` without s_axi)."""
    protocols = {interface.protocol.lower() for interface in kernel.interfaces}
    return "s_axi" in protocols and any(protocol.startswith("ap_ctrl") for protocol in protocols)


def _loop_place(loop: Loop) -> tuple[str | None, int | None]:
    """(file, line) of a loop; the file is ``None`` when only the
    ``VITIS_LOOP_<line>_<k>`` name gives the line."""
    if loop.location is not None:
        return loop.location.file, loop.location.line
    return None, parse_loop_name(loop.name).line


def _insert_by_line(siblings: list[Loop], loop: Loop) -> None:
    """Keep source order when the outlined loop's line is known (lines of
    different files are not compared: inlined header loops keep their place)."""
    file, line = _loop_place(loop)
    if line is not None:
        for index, sibling in enumerate(siblings):
            other_file, other_line = _loop_place(sibling)
            if other_line is not None and other_file == file and other_line > line:
                siblings.insert(index, loop)
                return
    siblings.append(loop)


def fold_outlined_modules(kernels: dict[str, Kernel], instance_lists_known: bool, outlines: bool = True) -> None:
    """Vitis outlined modules (``<func>_Pipeline_<loop>``, ``<func>_Outline_<region>``)
    are parts of the module that calls them, not functions: decided here,
    once, for every consumer (``folded_into`` names the caller). Their loops
    go back into the caller's loop tree (into the loop whose ``InstanceList``
    names the instance, else at the top level). Without the aggregated
    ``csynth.xml`` the calling loop is unknown: the loop goes to the top level
    with a note. ``outlines`` false (a tool and version that never outline,
    :func:`outlines_loops`): nothing is folded, whatever the names."""
    if not outlines:
        return
    for parent in kernels.values():
        unsure = not instance_lists_known and bool(parent.loops)
        for instance in parent.instances:
            child = find_kernel(kernels, instance.module)
            if child is None or child is parent or child.folded_into or outlined_module_parts(child.name) is None:
                continue
            host = next((loop for loop in parent.all_loops() if instance.name in loop.instances), None)
            _fold(child, parent, host, unsure=host is None and unsure)
    for child in kernels.values():  # per-module XMLs (2022.1) list no instances: the name says whose part it is
        owner = _outlined_parent(kernels, child)
        if owner is None or child.folded_into or any(module_matches(child.name, instance.module)
                                                     for kernel in kernels.values() for instance in kernel.instances):
            continue
        _fold(child, owner, None, unsure=True)


def _fold(child: Kernel, parent: Kernel, host: Loop | None, unsure: bool) -> None:
    """``child``'s loops into ``host`` (``None``: ``parent``'s top level,
    with the note that the calling loop is unknown where ``unsure``)."""
    for loop in child.loops:
        loop.outlined_module = child.name
        if unsure:
            loop.details.append(OUTLINED_UNSURE)
        _insert_by_line(host.children if host is not None else parent.loops, loop)
    child.folded_into = parent.name


def _outlined_parent(kernels: dict[str, Kernel], kernel: Kernel) -> Kernel | None:
    """The module ``kernel`` was outlined from, by its name
    (``dft_Pipeline_VITIS_LOOP_17_3`` of ``dft``), when that module is here."""
    parts = outlined_module_parts(kernel.name)
    parent = None if parts is None else find_kernel(kernels, parts[0])
    return None if parent is None or parent is kernel else parent


def attach_locations(kernel: Kernel, aggregate: Aggregate | None) -> None:
    """Source file:line per loop: Vitis loop names carry the line; the file
    (and the line of labelled loops) comes from ``SummaryOfViolations`` or the
    operations bound in the loop (``BindNode SOURCE``)."""
    for loop in kernel.all_loops():
        module = loop.outlined_module or kernel.name
        parsed = parse_loop_name(loop.name)
        outlined = outlined_module_parts(module)
        function = outlined[0] if outlined is not None else module  # an outlined loop's function: its operations too
        bound = None if aggregate is None else likely_location(
            aggregate.bind_sources.get((module, loop.name), []), parsed.line,
            [*aggregate.bind_sources.get((module, ""), []), *aggregate.bind_sources.get((function, ""), [])])
        if loop.location is None and bound is not None:
            loop.location, loop.location_basis = bound, "bind-node"
        if parsed.line is not None and loop.location is not None:
            loop.location = SourceLocation(loop.location.file, parsed.line)
            loop.location_basis = "loop-name"


#: Vivado HLS names the loop that zero-fills an initialised local array after
#: the array (``uint8 t[200] = {0}`` -> ``memset_t``, 2018.3 keccak_absorb)
_MEMSET_LOOP = re.compile(r"memset_[A-Za-z_]\w*")


def mark_memset_loops(kernel: Kernel) -> None:
    """Any version: a flat ``memset_<array>`` loop is the compiler's
    initialiser (a public SHA-3's 199-cycle ``memset_t`` matched no source
    loop and went uncounted in ``simulate``)."""
    for loop in kernel.all_loops():
        if not loop.children and _MEMSET_LOOP.fullmatch(loop.name) and GENERATED_LOOP_NOTE not in loop.details:
            loop.details.append(GENERATED_LOOP_NOTE)


def mark_generated_loops(kernel: Kernel) -> None:
    """Vitis names its own loops ``Loop N`` (format notes §4); say so, since
    source-matching consumers would otherwise look for an unlabelled C loop.
    Only flat ones: a ``Loop N`` with sub-loops, or a ``Loop N.M``, is a
    source nest in the old naming (the caller only marks designs whose
    unlabelled source loops are ``VITIS_LOOP_*``)."""
    for loop in kernel.all_loops():
        name = parse_loop_name(loop.name)
        if name.kind != "vivado" or len(name.path) > 1 or loop.children:
            continue
        if GENERATED_LOOP_NOTE not in loop.details:
            loop.details.append(GENERATED_LOOP_NOTE)


def names_source_loops_vitis_style(kernels: Iterable[Kernel]) -> bool:
    """Whether the report names unlabelled source loops ``VITIS_LOOP_<line>_<k>``.
    Vitis 2020.2 still names an OpenCL kernel's unlabelled loops ``Loop 1``,
    ``Loop 1.1`` like Vivado (HPCC FPGA STREAM and GEMM for the U280): there
    ``Loop N`` is a source loop, not a compiler-generated one."""
    return any(parse_loop_name(loop.name).kind == "vitis" for kernel in kernels for loop in kernel.all_loops())


def enrich_from_aggregate(kernel: Kernel, module: ModuleReport | None, aggregate: Aggregate) -> None:
    """Per-module XML has empty ``InstanceList``s; the aggregated file has them."""
    if module is None:
        return
    pairs = align(kernel.loops, module.loops)
    for ours, theirs in pairs or []:
        if not ours.instances:
            ours.instances = list(theirs.instances)
        if ours.location is None and theirs.location is not None:
            ours.location, ours.location_basis = theirs.location, theirs.location_basis
    if not kernel.instances:
        kernel.instances = [Instance(inst.name, inst.module) for inst in aggregate.hierarchy.get(kernel.name, [])]
    loop_of = {inst: loop.name for loop in kernel.all_loops() for inst in loop.instances}
    for instance in kernel.instances:
        instance.loop = instance.loop or loop_of.get(instance.name)


def apply_pragmas(kernels: dict[str, Kernel], aggregate: Aggregate) -> None:
    """Trip-count ``avg`` from ``loop_tripcount`` pragmas, matched within the
    modules of the pragma's C function (the function's own module and its
    outlined ``<function>_Pipeline_*`` modules)."""
    for pragma in aggregate.tripcount_pragmas:
        loops = [loop for kernel in kernels.values() if kernel.folded_into is None
                 and _module_of_function(kernel.name, pragma.function) for loop in kernel.all_loops()]
        apply_tripcount_pragma(pragma, loops)


def _module_of_function(module: str, function: str) -> bool:
    """Vitis module names: the function (``merge_1`` for a second copy of
    ``merge``) or one it outlined (``<function>_Pipeline_<loop>``)."""
    parts = outlined_module_parts(module)
    base = parts[0] if parts is not None else module
    return module_matches(base, function) or (base.startswith(function + "_") and base[len(function) + 1:].isdigit())


def report_missing_modules(kernels: dict[str, Kernel], severity: Severity) -> list[Diagnostic]:
    diagnostics: list[Diagnostic] = []
    reported: set[str] = set()
    for kernel in kernels.values():
        for instance in kernel.instances:
            if instance.module in reported or find_kernel(kernels, instance.module) is not None:
                continue
            reported.add(instance.module)
            beside = _unread_sibling(kernel.artifact, instance.module)
            where = (f"has its own report, {beside.name}, beside the file read, which alone is read (give"
                     f" the folder, {beside.parent}, to compose it)" if beside is not None else
                     f"has no {instance.module}_csynth.xml/.rpt here")
            diagnostics.append(Diagnostic(
                rule="vivado-missing-module-report", severity=severity,
                message=f"module '{instance.module}' (instance {instance.name} of '{kernel.name}') {where}; its loops"
                        " are not analysed",
                file=kernel.artifact, kernel=kernel.name, subject=instance.module,
            ))
    return diagnostics


def _unread_sibling(artifact: str | None, module: str) -> Path | None:
    """The module's own report in the folder of the file read, where one is
    there: given one report file, only that file is read, and "no report
    here" was said of a report beside it (a public hls4ml top's conv
    module, whose co-simulation gap the folder explains)."""
    if not artifact:
        return None
    folder = Path(artifact).parent
    for suffix in (".xml", ".rpt"):
        candidate = folder / f"{module}_csynth{suffix}"
        if candidate.is_file():
            return candidate
    return None


#: how AMD numbers a release: year.release, an optional update (2022.2.2), an optional tag (2018.2_AR71275_op)
_VERSION_SHAPE = re.compile(r"\d{4}\.\d+(?:\.\d+)?(?:[._-][A-Za-z]\w*)?")


def version_diagnostics(tool: ToolInfo, where: Path) -> list[Diagnostic]:
    version = parse_version(tool.version)[:2]
    written = (tool.version or "").strip().split(" ")[0]
    if version and not _VERSION_SHAPE.fullmatch(written):
        # its leading numbers are a tested release, the rest is no release's (2025.1.1.1.1, 2019.2banana)
        return [Diagnostic(
            rule="vivado-untested-version", severity=Severity.WARNING,
            message=f"the report's {tool.product.value} version reads '{written[:40]}', not a release number"
                    f" (year.release[.update]): read as {'.'.join(map(str, version))}",
            file=str(where),
        )]
    if version and TESTED_VERSIONS[0] <= version <= TESTED_VERSIONS[1]:
        return []
    if not version:
        # an empty <Version> (a public 2025.2 component): not "outside" the range, unknown; a word
        # where the number goes is no version either, and is said louder (a hand-edited or mixed report)
        written = re.sub(r"\(Build[^)]*\)", "", tool.version_raw or "").strip()
        if written:
            return [Diagnostic(
                rule="vivado-untested-version", severity=Severity.WARNING,
                message=f"the report's {tool.product.value} version reads '{written[:40]}', not a version"
                        " number: read with the rules of the tested versions 2015.3-2025.2",
                file=str(where),
            )]
        return [Diagnostic(
            rule="vivado-untested-version", severity=Severity.NOTE,
            message=f"the report gives no {tool.product.value} version ({tool.version_raw or 'empty'}): read with"
                    " the rules of the tested versions 2015.3-2025.2",
            file=str(where),
        )]
    return [Diagnostic(
        rule="vivado-untested-version", severity=Severity.WARNING,
        message=f"{tool.product.value} version {tool.version} is outside the tested range 2015.3-2025.2",
        file=str(where),
    )]


def build_design(
    modules: list[ModuleReport],
    root: Path,
    artifacts: list[Path],
    aggregate: Aggregate | None = None,
    declared_top: str | None = None,
    diagnostics: list[Diagnostic] | None = None,
    missing_severity: Severity = Severity.WARNING,
    note_summary_modules: bool = True,
    summary: SummaryInterfaces | None = None,
) -> Design:
    """A Design from merged module reports (plus the aggregated file and the
    ``csynth.rpt`` M_AXI table, if any)."""
    diagnostics = list(diagnostics or [])
    kernels: dict[str, Kernel] = {}
    by_name = {module.name: module for module in modules}
    for module in modules:
        kernels[module.name] = kernel_from_module(module)
    if aggregate is not None:
        for name, module in aggregate.modules.items():
            if name not in kernels:
                kernel = kernel_from_module(module)
                kernels[name] = kernel
                by_name.setdefault(name, module)
                if not note_summary_modules:
                    continue
                diagnostics.append(Diagnostic(
                    rule="vivado-module-from-summary", severity=Severity.NOTE,
                    message=f"module '{name}' has no per-module report; read from {aggregate.path.name}",
                    file=str(aggregate.path), kernel=name, subject=name,
                ))
        for name, kernel in kernels.items():
            enrich_from_aggregate(kernel, aggregate.modules.get(name), aggregate)
    luts = {name: module.luts for name, module in by_name.items()}
    tops = top_modules(kernels, declared_top or (aggregate.top.name if aggregate else None), luts, diagnostics)
    top_names = {top.name for top in tops}
    diagnostics[:] = [diag for diag in diagnostics
                      if diag.rule not in (INTERVAL_RULE, PORTS_RULE) or diag.kernel in top_names]
    for top in tops:
        top.is_top = True
        if aggregate is not None:
            _merge_bus_interfaces(top, aggregate.interfaces)
        if summary is not None and module_matches(top.name, summary.top):
            diagnostics.extend(fill_top_interfaces(top, summary))
    for kernel in kernels.values():
        if not kernel.is_top:
            for interface in kernel.interfaces:
                interface.bundle = None  # a sub-module's m_axi "Source Object" is the C argument (§2.7)
    tool = tool_info(modules or list(by_name.values()))
    vitis_names = tool.product is Product.VITIS_HLS and names_source_loops_vitis_style(kernels.values())
    for kernel in kernels.values():
        attach_locations(kernel, aggregate)
        mark_memset_loops(kernel)
        if vitis_names:
            mark_generated_loops(kernel)
    fold_outlined_modules(kernels, instance_lists_known=aggregate is not None,
                          outlines=outlines_loops(tool.product is Product.VITIS_HLS, parse_version(tool.version)))
    for kernel in kernels.values():
        kernel.loop_calls_known = aggregate is not None
    if aggregate is not None:
        apply_pragmas(kernels, aggregate)
    for top in tops:  # an OpenCL C kernel's module runs one work-group per call: its size, from the loops
        group = work_group(top)
        if group is not None and group.size is not None:
            top.workgroup_size = str(group.size)
    diagnostics.extend(report_missing_modules(kernels, missing_severity))
    diagnostics.extend(no_interface_table(tops))
    diagnostics.extend(version_diagnostics(tool, artifacts[0] if artifacts else root))
    first = modules[0] if modules else next(iter(by_name.values()), None)
    ordered = sorted(kernels.values(), key=lambda kernel: (not kernel.is_top, kernel.name))
    return Design(
        tool=tool, root=root, name=" + ".join(top.name for top in tops),
        device=Device(family=None if first is None else first.family, part=None if first is None else first.part),
        kernels=ordered, artifacts=artifacts, diagnostics=diagnostics,
        pragma_places=list(aggregate.pragma_places) if aggregate is not None else [],
        listed_pragma_places=None if aggregate is None else aggregate.listed_pragma_places,
    )
