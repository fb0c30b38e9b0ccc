"""Plain-data export of the model and results (the JSON reporter's data layer).

The shape is documented in ``docs/json-schema.md`` and
``docs/hlsight.schema.json``; bump :data:`SCHEMA_ID` on incompatible changes.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from hlsight.analyzer.boards import NO_PROFILE
from hlsight.analyzer.results import AnalysisResult, CycleEstimate, KernelEstimate, LsuFacts, SourceFacts, bound_label
from hlsight.core.diagnostics import Diagnostic
from hlsight.core.model import (
    LSU,
    Design,
    ImplementationReport,
    Kernel,
    LatencyRange,
    Loop,
    MemorySystem,
    SourceLocation,
)

SCHEMA_ID = "https://hlsight.dev/schema/analysis-1.json"


def _loc(location: SourceLocation | None) -> dict[str, Any]:
    if location is None:
        return {"file": None, "line": None}
    return {"file": location.file, "line": location.line}


def lsu_to_dict(lsu: LSU, source: SourceFacts) -> dict[str, Any]:
    rtl = None
    if lsu.rtl is not None:
        rtl = {
            "instance": lsu.rtl.instance,
            "module": lsu.rtl.module,
            "file": lsu.rtl.file,
            "line": lsu.rtl.line,
            "dialect": lsu.rtl.dialect,
            "params": dict(lsu.rtl.params),
        }
    access = None
    facts = source.access(lsu)
    if facts is not None:
        access = {
            "stride": facts.stride,
            "offset": facts.offset,
            "element_bytes": facts.element_bytes,
            "accesses": facts.accesses,
            "data_dependent": facts.data_dependent,
            "expression": facts.expression,
            "explanation": facts.explanation,
            "dram_reads": facts.dram_reads,
        }
    return {
        "id": lsu.id,
        "kind": lsu.kind.value,
        "style": lsu.style.value,
        "style_raw": lsu.style_raw,
        "aligned": lsu.aligned,
        "write_ack": lsu.write_ack,
        "cached": lsu.cached,
        "cache_bits": lsu.cache_bits,
        "never_stall": lsu.never_stall,
        "width_bits": lsu.width_bits,
        "global": lsu.is_global,
        "memory": lsu.memory,
        "bank": lsu.bank,
        "channel": lsu.channel,
        "stall_free": lsu.stall_free,
        "latency": lsu.latency,
        "start_cycle": lsu.start_cycle,
        "block": lsu.block,
        "variable": lsu.variable,
        "work_item_invariant": lsu.work_item_invariant,
        **_loc(lsu.location),
        "rtl": rtl,
        "access": access,
    }


def _range(value: LatencyRange | None) -> dict[str, Any] | None:
    return None if value is None else {"min": value.min, "max": value.max}


def loop_to_dict(loop: Loop, source: SourceFacts) -> dict[str, Any]:
    trip = None
    if loop.trip_count is not None:
        trip = {"min": loop.trip_count.min, "max": loop.trip_count.max, "avg": loop.trip_count.avg}
    latency = _range(loop.latency)
    place = source.loop_location(loop)
    return {
        "name": loop.name,
        "pipelined": loop.pipelined,
        "ii": None if loop.ii is None else loop.ii.value,
        "ii_qualifier": None if loop.ii is None else loop.ii.qualifier,
        "iteration_latency": loop.iteration_latency,
        "pipeline_depth": loop.pipeline_depth,
        "trip_count": trip,
        "latency": latency,
        "max_interleaving": loop.max_interleaving,
        "speculated_iterations": loop.speculated_iterations,
        "unroll_factor": loop.unroll_factor,
        "trip_expression": source.trip(loop),
        "merged_trip_expression": source.merged_trip(loop),
        "achieved_fmax_mhz": loop.achieved_fmax_mhz,
        "bottleneck": loop.bottleneck,
        # the matched source loop where the report places it nowhere or only guesses (as text and HTML show it)
        **_loc(place),
        "location_basis": loop.location_basis if place is loop.location else "source-loop",
        "runs_under": [{"test": arm.test, "file": arm.file, "line": arm.line} for arm in source.loop_guards(loop)],
        "ii_target": loop.ii_target,
        "iteration_latency_range": _range(loop.iteration_latency_range),
        "instances": list(loop.instances),
        "outlined_module": loop.outlined_module,
        # an outlined loop shown at the top level, counted inside the loop its source loop is in
        "counted_in": None if (host := source.source_host(loop)) is None else {"loop": host[0].name, "why": host[1]},
        "details": list(loop.details),
        "children": [loop_to_dict(child, source) for child in loop.children],
    }


def kernel_to_dict(kernel: Kernel, source: SourceFacts) -> dict[str, Any]:
    return {
        "name": kernel.name,
        "kind": kernel.kind.value,
        "fmax_estimated_mhz": kernel.fmax_estimated_mhz,
        "fmax_postfit_mhz": kernel.fmax_postfit_mhz,
        "clock_target_ns": kernel.clock_target_ns,
        "clock_estimated_ns": kernel.clock_estimated_ns,
        "latency": _range(kernel.latency),
        "simd": kernel.simd,
        "compute_units": kernel.compute_units,
        "workgroup_size": kernel.workgroup_size,
        "autorun": kernel.autorun,
        "dataflow": kernel.dataflow,
        "is_top": kernel.is_top,
        **_loc(source.kernel_location(kernel)),
        "lsus": [lsu_to_dict(lsu, source) for lsu in kernel.lsus],
        "loops": [loop_to_dict(loop, source) for loop in kernel.loops],
        "interfaces": [
            {
                "name": port.name,
                "protocol": port.protocol,
                "width_bits": port.width_bits,
                "bundle": port.bundle,
                "direction": port.direction,
                "source_object": port.source_object,
                "address_bits": port.address_bits,
                "details": dict(port.details),
                "read_from": list(port.read_from),
                "arguments": list(port.arguments),
            }
            for port in kernel.interfaces
        ],
        "instances": [
            {"name": inst.name, "module": inst.module, "latency": _range(inst.latency),
             "interval": _range(inst.interval), "pipeline_type": inst.pipeline_type, "loop": inst.loop}
            for inst in kernel.instances
        ],
        "channels_read": list(kernel.channels_read),
        "channels_written": list(kernel.channels_written),
        "channel_blocks": list(kernel.channel_blocks),
        "interval": _range(kernel.interval),
        "latency_avg": kernel.latency_avg,
        "pipeline_type": kernel.pipeline_type,
        "clock_uncertainty_ns": kernel.clock_uncertainty_ns,
        "folded_into": kernel.folded_into,
        "artifact": kernel.artifact,
        "report_name": kernel.report_name,
        "compiler_name": kernel.compiler_name,
        "resources": [{"name": item.name, "used": item.used, "available": item.available,
                       "utilisation": item.utilisation} for item in kernel.resources],
        "library_calls": [{"function": call.function, **_loc(call.location)} for call in kernel.library_calls],
        "instances_cut": kernel.instances_cut,
        "loop_calls_known": kernel.loop_calls_known,
    }


def memory_to_dict(memory: MemorySystem) -> dict[str, Any]:
    return {
        "name": memory.name,
        "kind": memory.kind.value,
        "global": memory.is_global,
        "banks": memory.banks,
        "channel": memory.channel,
        "kernel": memory.kernel,
        "bank_names": list(memory.bank_names),
        "channel_widths_bits": list(memory.channel_widths_bits),
        "bsp_bandwidth_mbs": memory.bsp_bandwidth_mbs,
        "details": dict(memory.details),
    }


def diagnostic_to_dict(diag: Diagnostic) -> dict[str, Any]:
    return {
        "rule": diag.rule,
        "severity": diag.severity.value,
        "file": diag.file,
        "line": diag.line,
        "column": diag.column,
        "kernel": diag.kernel,
        "subject": diag.subject,
        "message": diag.message,
        "data": {key: _plain(value) for key, value in diag.data.items()},
    }


def _plain(value: object) -> Any:
    """JSON-safe version of diagnostic data (numbers, strings, lists)."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    return str(value)


def estimate_to_dict(estimate: KernelEstimate) -> dict[str, Any]:
    return {
        "seconds": estimate.seconds,
        "bound": estimate.bound,
        "bound_label": bound_label(estimate),
        "expression": None if estimate.expression is None else str(estimate.expression),
        "free_symbols": list(estimate.free_symbols),
        "pending_symbols": list(estimate.pending_symbols),
        "launch": estimate.launch,
        "model": estimate.model,
        "assumptions": list(estimate.assumptions),
        "per_bank": [
            {"name": bank.name, "seconds": bank.seconds, "lsus": list(bank.lsus),
             "T_ideal": bank.ideal_s, "T_ovh": bank.overhead_s,
             "expression": None if bank.expression is None else str(bank.expression)}
            for bank in estimate.per_bank
        ],
        "per_lsu": [
            {"id": term.subject, "T_ideal": term.ideal_s, "T_ovh": term.overhead_s, "model": term.model,
             "memory": term.memory, "notes": list(term.notes),
             "expression": None if term.expression is None else str(term.expression)}
            for term in estimate.per_lsu
        ],
        "alternatives": [estimate_to_dict(alt) for alt in estimate.alternatives],
        "extra": model_figures(estimate),
        "cycles": None if estimate.cycles is None else cycles_to_dict(estimate.cycles),
    }


def cycles_to_dict(cycles: CycleEstimate) -> dict[str, Any]:
    """Cycles first: the cycle expression (trip-count symbols only) and the
    time at each named clock."""
    def whole(value: float | None) -> float | int | None:
        return int(value) if value is not None and float(value).is_integer() else value

    return {
        "expression": str(cycles.expression),
        "cycles": whole(cycles.cycles),
        "clock_target_ns": cycles.clock_target_ns,
        "clock_estimated_ns": cycles.clock_estimated_ns,
        "seconds_at_target_clock": cycles.seconds_target,
        "seconds_at_estimated_clock": cycles.seconds_estimated,
        "clock_used": cycles.clock_used,
        "clock_given_ns": cycles.clock_given_ns,
        "seconds_at_given_clock": cycles.seconds_given,
        "report_latency_min": cycles.report_min,
        "report_latency_max": cycles.report_max,
        "parts": [{"name": part.name, "kind": part.kind, "cycles": whole(part.cycles),
                   "expression": str(part.expression)} for part in cycles.parts],
        "notes": list(cycles.notes),
        "caveats": sorted(caveat.value for caveat in cycles.caveats),
    }


def lsu_facts_to_dict(facts: LsuFacts) -> dict[str, Any]:
    return {
        "bank": facts.bank,
        "lsus_in_bank": facts.lsus_in_bank,
        "accesses_in_bank": facts.accesses_in_bank,
        "variant": facts.variant,
        "width_bytes": facts.width_bytes,
        "bus_bytes": facts.bus_bytes,
        "stride": facts.stride,
        "f_min_mhz": facts.f_min_mhz,
        "f_max_mhz": None if facts.f_max_hz is None else facts.f_max_hz / 1e6,
        "demand_Bps": facts.demand_bps,
        "supply_Bps": facts.supply_bps,
        "saturated": facts.saturated,
        "t_ovh_s": facts.t_ovh_s,
        "t_total_s": facts.t_total_s,
        "bank_s": facts.bank_s,
    }


def model_figures(estimate: KernelEstimate) -> dict[str, Any]:
    """The model internals behind the bound and the hints (JSON ``extra``)."""
    return {
        "profile": estimate.profile,
        "values": dict(estimate.values),
        "memory_seconds": estimate.memory_seconds,
        "memory_saturated": estimate.memory_saturated,
        "compute_seconds": estimate.compute_seconds,
        "bus_occupancy_seconds": estimate.bus_occupancy_seconds,
        "barrier_mode": estimate.barrier_mode,
        "dram_wait_seconds": estimate.dram_wait_seconds,
        "caveats": list(estimate.caveats),
        "left_out": list(estimate.left_out),
        "worst_case": list(estimate.worst_case),
        "untimed_lsus": list(estimate.untimed_lsus),
        "lsu_facts": {lsu_id: lsu_facts_to_dict(facts) for lsu_id, facts in estimate.lsu_facts.items()},
    }


def design_to_dict(design: Design, source: SourceFacts | None = None) -> dict[str, Any]:
    """The design as read, with the source analysis' facts (``source``) beside its LSUs and loops."""
    source = source if source is not None else SourceFacts()
    return {
        "name": design.name,
        "source": {
            "tool": design.tool.product.value,
            "vendor": design.tool.vendor.value,
            "version": design.tool.version,
            "version_raw": design.tool.version_raw,
            "quartus_version": design.tool.quartus_version,
            "command": design.tool.command,
            "path": str(design.root),
        },
        "device": {"family": design.device.family, "part": design.device.part, "board": design.device.board},
        "memory_systems": [memory_to_dict(memory) for memory in design.memory_systems],
        "source_files": [
            {"path": source.path, "name": source.name, "embedded": source.content is not None}
            for source in design.source_files
        ],
        "kernels": [kernel_to_dict(kernel, source) for kernel in design.kernels],
    }


def implementation_to_dict(report: ImplementationReport | None) -> dict[str, Any] | None:
    """The exported RTL's implementation report (``<top>_export.rpt``)."""
    if report is None:
        return None
    return {
        "report": str(report.path), "top": report.top, "tool": report.tool,
        "cp_required_ns": report.cp_required_ns, "cp_post_synthesis_ns": report.cp_post_synthesis_ns,
        "cp_post_route_ns": report.cp_post_route_ns, "cp_achieved_ns": report.cp_achieved_ns,
        "timing_met": report.timing_met, "resources_stage": report.resources_stage,
        "resources": dict(report.resources), "older_than_synthesis": report.older_than_synthesis,
    }


def result_to_dict(result: AnalysisResult) -> dict[str, Any]:
    """The complete JSON document for ``hlsight analyze --format json``."""
    data = {"schema": SCHEMA_ID, **design_to_dict(result.design, result.source)}
    for kernel_data in data["kernels"]:
        estimate = result.estimates.get(kernel_data["name"])
        kernel_data["estimate"] = None if estimate is None else estimate_to_dict(estimate)
    data["estimate"] = None if result.design_estimate is None else estimate_to_dict(result.design_estimate)
    data["assignments"] = dict(result.assignments)
    data["derived_assignments"] = dict(result.derived_assignments)
    # no profile applies: no name (a D5005 SVM build's JSON said "ddr4-1866", the fallback held internally)
    name = None if result.memory_profile_why.startswith(NO_PROFILE) else result.memory_profile
    data["memory_profile"] = {"name": name, "why": result.memory_profile_why,
                              "launch_overhead_us": result.launch_overhead_s * 1e6}
    band = result.clock_band
    data["clock_band"] = None if band is None else {
        "clock_mhz": band.clock_mhz,
        "ratios": dict(zip(("low", "median", "high"), band.ratios, strict=True)),
        "seconds": dict(zip(("low_clock", "median_clock", "high_clock"), band.seconds, strict=True)),
        "designs": band.designs,
        "source": band.source,
    }
    data["launches"] = launches_to_list(result)
    data["cosim"] = [dataclasses.asdict(item) for item in result.cosim]
    data["implementation"] = implementation_to_dict(result.design.implementation)
    data["diagnostics"] = [diagnostic_to_dict(diag) for diag in result.diagnostics]
    return data


def launches_to_list(result: AnalysisResult) -> list[dict[str, Any]]:
    """The per-launch breakdown of a ``[[launch]]`` sequence (JSON
    ``launches``, SARIF run properties, the annotated report's data)."""
    return [
        {
            "repeat": item.launch.repeat,
            "kernel": item.launch.kernel,
            "values": dict(item.launch.values),
            "seconds": item.seconds,
            "total_seconds": item.total_seconds,
            "bound": item.bound,
            "bound_label": item.label,
            "free_symbols": list(item.free_symbols),
            # an OpenCL C kernel's module: repeat counts its calls, one per work-group
            "work_groups": None if item.launch.work_groups is None else {
                "work_items": item.launch.work_groups.work_items,
                "workgroup_size": item.launch.work_groups.size,
                "calls": item.launch.work_groups.calls,
                "launches": item.launch.work_groups.launches,
                "text": item.launch.work_groups.text,
            },
        }
        for item in result.launches
    ]
