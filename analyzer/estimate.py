"""Turn a parsed :class:`Design` into run-time estimates.

Reads the LSUs, banks and loops of each kernel, feeds them to the memory model
(:mod:`analyzer.memory_model`), the pipeline model
(:mod:`analyzer.compute_model`) and, for Vivado/Vitis m_axi designs, the
HLScope+ DRAM model (:mod:`analyzer.hlscope_model`), and composes the results
per kernel and for the design.

Values come, in increasing precedence, from: the report (fmax) and the memory
profile (f_dram), source analysis (``lsu.access``), and the user
(``--set``/``--hints``). Whatever has no value stays a sympy symbol.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

import sympy

from analyzer import memory_model as mm
from analyzer.compute_model import compose, compute_estimate
from analyzer.hlscope_model import hlscope_estimate
from analyzer.memory_profiles import MemoryProfile, load_profile
from analyzer.model import LSU, Design, Kernel, KernelKind, LSUKind, LSUStyle, MemoryKind, Vendor
from analyzer.results import BankEstimate, KernelEstimate, TermEstimate
from analyzer.symbols import ELEMENT_BYTES, F_DRAM, FMAX, STRIDE, WORK_ITEMS, lsu_name, source_expr, sym

#: BURSTCOUNT_WIDTH when no RTL was read. Every lsu_top instance in the aoc
#: corpus (Cyclone V, Stratix V, Arria 10, Stratix 10; aoc 14.0-21.2, oneAPI)
#: has BURSTCOUNT_WIDTH = 5, so 5 is the default for every Intel family.
DEFAULT_BURSTCOUNT_WIDTH: dict[str, int] = {
    "cyclone v": 5,
    "stratix v": 5,
    "arria 10": 5,
    "stratix 10": 5,
    "agilex": 5,
}
FALLBACK_BURSTCOUNT_WIDTH = 5
#: MAX_THREADS of the burst-coalesced non-aligned LSU when no RTL was read
#: (the value of the journal's micro-benchmarks, section 7.1.2).
DEFAULT_MAX_THREADS = 64

MEMORY_MODEL_NAME = "Davila-Guzman GMI/DRAM model (journal eqs. 1-14)"


@dataclass
class Settings:
    """Everything an estimate depends on besides the design."""

    profile: MemoryProfile
    options: mm.ModelOptions = field(default_factory=mm.ModelOptions)
    user: dict[str, float] = field(default_factory=dict)
    assumptions: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------- profile choice


def default_profile(design: Design) -> tuple[MemoryProfile, str]:
    """Pick a built-in profile from the target device; say why."""
    part = " ".join(filter(None, (design.device.part, design.device.board, design.device.family))).lower()
    kinds = {memory.kind for memory in design.memory_systems if memory.is_global}
    if design.tool.vendor is Vendor.XILINX:
        if "u280" in part or "xcu280" in part:
            name = "hbm2-u280" if MemoryKind.HBM in kinds else "ddr4-u280"
        elif "ku060" in part or "ku3" in part:
            name = "ddr3-1333-ku3"
        else:
            name = "ddr3-1333-7v3"
    elif MemoryKind.HBM in kinds:
        name = "hbm2-s10mx"
    else:
        name = "ddr4-1866"
    target = part or "unknown device"
    return load_profile(name), f"memory profile {name} chosen from the target ({target}); pass --memory"


# --------------------------------------------------------------------------- per-LSU inputs


def _variant(lsu: LSU) -> mm.Variant:
    if lsu.kind is LSUKind.ATOMIC or lsu.style is LSUStyle.ATOMIC_PIPELINED:
        return mm.Variant.ATOMIC
    write_ack = lsu.write_ack or (lsu.rtl is not None and bool(lsu.rtl.use_write_ack))
    if write_ack:
        return mm.Variant.WRITE_ACK
    if not lsu.aligned:
        return mm.Variant.NON_ALIGNED
    return mm.Variant.ALIGNED


def _burst_cnt(lsu: LSU, design: Design) -> tuple[int, str]:
    if lsu.rtl is not None and lsu.rtl.burstcount_width is not None:
        return lsu.rtl.burstcount_width, "RTL BURSTCOUNT_WIDTH"
    family = (design.device.family or "").lower()
    for key, width in DEFAULT_BURSTCOUNT_WIDTH.items():
        if key in family:
            return width, f"default BURSTCOUNT_WIDTH {width} for {design.device.family}"
    return FALLBACK_BURSTCOUNT_WIDTH, f"default BURSTCOUNT_WIDTH {FALLBACK_BURSTCOUNT_WIDTH}"


_SIMD_ATTRIBUTE = re.compile(r"num_simd_work_items\s*\(\s*(\w+)\s*\)")


def _macro_value(name: str, design: Design, text: str) -> int | None:
    """Value of a -D macro on the aoc command line or a #define in the source."""
    for pattern, haystack in (
        (r"-D\s*" + re.escape(name) + r"=(\d+)", design.tool.command or ""),
        (r"#\s*define\s+" + re.escape(name) + r"\s+\(?(\d+)", text),
    ):
        match = re.search(pattern, haystack)
        if match:
            return int(match.group(1))
    return None


def kernel_simd(kernel: Kernel, design: Design) -> int | None:
    """SIMD lanes: the report's value, else ``num_simd_work_items(N)`` in the
    declaration of the kernel in its embedded source (aoc 18.x reports do not
    list it)."""
    if kernel.simd is not None:
        return kernel.simd
    pattern = re.compile(r"\b(?:__)?kernel\b[^;{]*?\b" + re.escape(kernel.name) + r"\s*\(")
    for source in design.source_files:
        if source.content is None:
            continue
        match = pattern.search(source.content)
        if match is None:
            continue
        head = source.content[max(0, match.start() - 400) : match.end()]
        found = _SIMD_ATTRIBUTE.findall(head)
        if not found:
            return None
        value = found[-1]
        return int(value) if value.isdigit() else _macro_value(value, design, source.content)
    return None


def _split_share(kernel: Kernel, lsu: LSU, lanes: int) -> int:
    """How many LSUs share the accesses of ``lsu``'s global access.

    With num_simd_work_items(V) aoc either widens an LSU V times or, when it
    cannot coalesce the lanes (write-ack, atomics, strided 32-bit accesses),
    instantiates V LSUs that each serve one lane. Those show up as groups of a
    multiple of V identical LSUs (same kind, memory and source line); each then
    performs work_items / V accesses.
    """
    if lanes <= 1:
        return 1
    line = None if lsu.location is None else lsu.location.line
    group = [
        other
        for other in kernel.global_lsus()
        if other.kind is lsu.kind
        and other.memory == lsu.memory
        and (None if other.location is None else other.location.line) == line
        and other.width_bits == lsu.width_bits
    ]
    return lanes if len(group) >= lanes and len(group) % lanes == 0 else 1


@dataclass
class _LsuInput:
    lsu: LSU
    params: mm.LsuParams
    bank: str
    notes: list[str]


def _lsu_input(kernel: Kernel, lsu: LSU, design: Design, settings: Settings) -> _LsuInput:
    notes: list[str] = []
    user = settings.user
    access = lsu.access

    def pick(field_name: str, from_access: sympy.Expr | None, default: sympy.Expr) -> sympy.Expr:
        name = lsu_name(lsu.id, field_name)
        if name in user:
            return sym(name)
        if from_access is not None:
            notes.append(f"{field_name} from source analysis: {from_access}")
            return from_access
        return default

    share = _split_share(kernel, lsu, kernel_simd(kernel, design) or 1)
    default_acc = WORK_ITEMS / share if share > 1 else WORK_ITEMS
    if share > 1:
        notes.append(f"one of {share} per-lane LSUs: work_items/{share} accesses")
    element = sympy.Integer(access.element_bytes) if access is not None and access.element_bytes else None
    given = set(user)
    stride = pick("stride", source_expr(None if access is None else access.stride, given, notes, "stride"), STRIDE)
    source_acc = source_expr(None if access is None else access.accesses, given, notes, "accesses")
    ls_acc = pick("accesses", source_acc, default_acc)
    ls_bytes = pick("bytes", element, ELEMENT_BYTES)
    width = lsu.width_bytes
    if width is None or width == 0:
        width = 4
        notes.append("LSU width unknown: 32 bits assumed")
    burst_cnt, burst_source = _burst_cnt(lsu, design)
    notes.append(f"burst_cnt {burst_cnt} ({burst_source})")
    max_threads = DEFAULT_MAX_THREADS
    if lsu.rtl is not None and lsu.rtl.max_threads is not None:
        max_threads = lsu.rtl.max_threads
    variant = _variant(lsu)
    params = mm.LsuParams(
        id=lsu.id,
        variant=variant,
        is_store=lsu.kind is LSUKind.STORE,
        ls_width=width,
        ls_bytes=ls_bytes,
        ls_acc=ls_acc,
        stride=stride,
        burst_cnt=burst_cnt,
        max_threads=max_threads,
        random=access is not None and access.data_dependent,
    )
    return _LsuInput(lsu, params, _bank_key(lsu), notes)


def _bank_key(lsu: LSU) -> str:
    memory = lsu.memory or "global"
    return f"{memory}/{lsu.bank}" if lsu.bank else memory


def _dram_for(bank: str, inputs: list[_LsuInput], design: Design, settings: Settings) -> mm.DramParams:
    profile = settings.profile
    memory = design.memory_system(inputs[0].lsu.memory) if inputs[0].lsu.memory else None
    kind = profile.kind
    parallel = 1
    if memory is not None:
        if memory.kind is MemoryKind.HBM:
            kind = "hbm"
        elif memory.kind is MemoryKind.DDR:
            kind = "ddr"
        if inputs[0].lsu.bank is None and memory.banks > 1:
            parallel = memory.banks  # buffers interleaved over all banks
    return mm.DramParams(
        dq=profile.dq_bytes,
        bl=profile.bl,
        f_dram=F_DRAM * 10**6,
        t_rcd=profile.t_rcd_s,
        t_rp=profile.t_rp_s,
        t_wr=profile.t_wr_s,
        kind=kind,
        efficiency=profile.efficiency,
        parallel=parallel,
    )


# --------------------------------------------------------------------------- evaluation helpers


def default_values(design: Design, settings: Settings) -> dict[str, float]:
    """Report/profile values, overridden by the user's."""
    values: dict[str, float] = {F_DRAM.name: settings.profile.f_dram_hz / 1e6}
    fmaxes = [kernel.fmax_mhz for kernel in design.kernels if kernel.fmax_mhz is not None]
    if fmaxes:
        values[FMAX.name] = min(fmaxes)
    values.update(settings.user)
    return values


def substitutions(values: Mapping[str, float]) -> dict[sympy.Symbol, sympy.Float]:
    return {sym(name): sympy.Float(value) for name, value in values.items()}


def numeric(expr: sympy.Basic | None, subs: Mapping[sympy.Symbol, sympy.Float]) -> float | None:
    """``expr`` as a float when no free symbol remains, else ``None``."""
    if expr is None:
        return None
    value = expr.subs(subs)
    if value.free_symbols:
        return None
    try:
        return float(value)
    except TypeError:
        return None


def truth(expr: sympy.Basic, subs: Mapping[sympy.Symbol, sympy.Float]) -> bool | None:
    value = expr.subs(subs)
    if value in (sympy.true, True):
        return True
    if value in (sympy.false, False):
        return False
    return None


def free_names(expr: sympy.Basic, subs: Mapping[sympy.Symbol, sympy.Float]) -> list[str]:
    return sorted(symbol.name for symbol in expr.subs(subs).free_symbols)


# --------------------------------------------------------------------------- memory side


@dataclass
class MemoryResult:
    expression: sympy.Expr
    saturated: sympy.Basic
    banks: list[tuple[str, sympy.Expr, list[mm.LsuTerm], list[_LsuInput]]]
    notes: list[str]


def memory_estimate(kernels: list[Kernel], design: Design, settings: Settings) -> MemoryResult | None:
    """Eqs. 1-14 over the global LSUs of ``kernels`` (kernels that run
    concurrently share the banks, so their LSUs are pooled per bank)."""
    by_bank: dict[str, list[_LsuInput]] = {}
    notes: list[str] = []
    for kernel in kernels:
        for lsu in kernel.global_lsus():
            memory = design.memory_system(lsu.memory) if lsu.memory else None
            if memory is not None and memory.kind in (MemoryKind.ONCHIP, MemoryKind.HOST):
                notes.append(f"LSU {lsu.id} reaches {memory.name} ({memory.kind.value}): not modelled")
                continue
            item = _lsu_input(kernel, lsu, design, settings)
            by_bank.setdefault(item.bank, []).append(item)
    if not by_bank:
        return None
    fmax_hz = FMAX * 10**6
    banks = []
    bank_times = []
    for bank, inputs in by_bank.items():
        dram = _dram_for(bank, inputs, design, settings)
        terms = mm.bank_terms([item.params for item in inputs], dram, fmax_hz, settings.options)
        time = mm.bank_time(terms)
        banks.append((bank, time, terms, inputs))
        bank_times.append(time)
    saturated = sympy.And(*[term.saturated for _, _, terms, _ in banks for term in terms])
    return MemoryResult(mm.kernel_time(bank_times), saturated, banks, notes)


def _term_model(term: mm.LsuTerm) -> str:
    eqs = {
        mm.Variant.ALIGNED: "eqs. 2-5, 8-10",
        mm.Variant.NON_ALIGNED: "eqs. 2-5, 8, 10-12",
        mm.Variant.WRITE_ACK: "eqs. 2-5, 8, 9, 13",
        mm.Variant.ATOMIC: "eqs. 2-5, 14",
    }
    return f"{term.params.variant.value} ({eqs[term.params.variant]})"


def _memory_parts(
    result: MemoryResult, subs: Mapping[sympy.Symbol, sympy.Float], facts: dict[str, dict[str, object]]
) -> tuple[list[BankEstimate], list[TermEstimate]]:
    """Per-bank and per-LSU results; fills ``facts`` with the numbers the
    bottleneck hints need."""
    per_bank: list[BankEstimate] = []
    per_lsu: list[TermEstimate] = []
    for bank, time, terms, inputs in result.banks:
        for term, item in zip(terms, inputs, strict=True):
            facts[item.lsu.id] = {
                "bank": bank,
                "lsus_in_bank": len(inputs),
                "stride": numeric(term.params.stride, subs),
                "f_min_mhz": None if (fmin := numeric(term.f_min, subs)) is None else fmin / 1e6,
                "saturated": truth(term.saturated, subs),
                "t_ovh_s": numeric(term.t_ovh, subs),
                "t_total_s": numeric(term.total, subs),
                "bank_s": numeric(time, subs),
                "variant": term.params.variant.value,
                "width_bytes": term.params.ls_width,
            }
        per_bank.append(
            BankEstimate(bank, numeric(time, subs), time.subs(subs), [item.lsu.id for item in inputs])
        )
        for term, item in zip(terms, inputs, strict=True):
            sat = truth(term.saturated, subs)
            notes = [*item.notes, *term.notes]
            fmin = numeric(term.f_min, subs)
            if fmin is not None:
                state = {True: "saturated", False: "non-saturated", None: "saturation unknown"}[sat]
                notes.append(f"f_min {fmin / 1e6:.1f} MHz (eq. 5): {state}")
            per_lsu.append(
                TermEstimate(
                    subject=item.lsu.id,
                    ideal_s=numeric(term.t_ideal, subs),
                    overhead_s=numeric(term.t_ovh, subs),
                    expression=term.total.subs(subs),
                    model=_term_model(term),
                    memory=bank,
                    notes=notes,
                )
            )
    return per_bank, per_lsu


# --------------------------------------------------------------------------- kernels and design


@dataclass
class KernelModel:
    """The symbolic pieces of one kernel (or concurrent kernel group)."""

    name: str
    memory: MemoryResult | None
    compute: sympy.Expr | None
    compute_notes: list[str]
    compute_equations: str
    total: sympy.Expr | None
    compute_open: sympy.Expr | None = None  # pipeline time still waiting for loop trip counts


def kernel_model(kernels: list[Kernel], design: Design, settings: Settings, name: str) -> KernelModel:
    memory = memory_estimate(kernels, design, settings)
    compute_parts = []
    open_parts = []
    compute_notes: list[str] = []
    equations = ""
    for kernel in kernels:
        estimate = compute_estimate(kernel, kernel_simd(kernel, design), frozenset(settings.user))
        if estimate is None:
            continue
        compute_notes.extend(f"{kernel.name}: {note}" for note in estimate.notes)
        equations = estimate.equations
        trips = sorted(
            symbol.name for symbol in estimate.seconds.free_symbols
            if symbol.name.startswith("loop.") and symbol.name not in settings.user
        )
        if trips and memory is not None:
            # Without trip counts the pipeline time is unknown; the memory
            # model still bounds the kernel, so keep the pipeline term aside.
            compute_notes.append(
                f"{kernel.name}: pipeline time needs {', '.join(trips)}: left out of the total (give them with --set)"
            )
            open_parts.append(estimate.seconds)
        else:
            compute_parts.append(estimate.seconds)
    compute = _max(compute_parts)
    if memory is not None and compute is not None:
        total: sympy.Expr | None = compose(memory.expression, compute)
    elif memory is not None:
        total = memory.expression
    else:
        total = compute
    return KernelModel(name, memory, compute, compute_notes, equations, total, _max(open_parts))


def _max(parts: list[sympy.Expr]) -> sympy.Expr | None:
    if not parts:
        return None
    return mm.smax(*parts)


def _bound(model: KernelModel, subs: Mapping[sympy.Symbol, sympy.Float]) -> str:
    memory_s = numeric(model.memory.expression, subs) if model.memory is not None else None
    compute_s = numeric(model.compute, subs)
    if memory_s is not None and compute_s is not None and compute_s > memory_s:
        return "compute"
    if model.memory is None:
        return "compute" if compute_s is not None else "unknown"
    sat = truth(model.memory.saturated, subs)
    if sat is True:
        return "memory"
    if sat is False:
        return "compute"  # eq. 7: memory non-saturated -> the pipeline limits
    return "unknown"


def to_estimate(model: KernelModel, design: Design, settings: Settings) -> KernelEstimate:
    values = default_values(design, settings)
    subs = substitutions(values)
    assumptions = list(settings.assumptions)
    per_bank: list[BankEstimate] = []
    per_lsu: list[TermEstimate] = []
    models: list[str] = []
    facts: dict[str, dict[str, object]] = {}
    if model.memory is not None:
        per_bank, per_lsu = _memory_parts(model.memory, subs, facts)
        models.append(MEMORY_MODEL_NAME)
        assumptions.extend(model.memory.notes)
        opts = settings.options
        assumptions.append(
            f"burst size 2^{'w' if opts.burst_rule == 'paper' else '(w-1)'}*dq*bl (eq. 9, {opts.burst_rule} rule); "
            f"T_ovh = 0 while #lsu <= {opts.ovh_free_lsus} (eq. 8)"
        )
        if opts.efficiency and settings.profile.efficiency != 1.0:
            assumptions.append(
                f"bw_dram x {settings.profile.efficiency:g} controller efficiency"
                f" ({settings.profile.efficiency_source})"
            )
    if model.compute is not None:
        models.append(f"FlexCL pipeline ({model.compute_equations}); composed by FlexCL eq. 12 (pipeline mode)")
    assumptions.extend(model.compute_notes)
    total = model.total
    seconds = numeric(total, subs)
    expression = None if total is None else total.subs(subs)
    estimate = KernelEstimate(
        kernel=model.name,
        seconds=seconds,
        bound=_bound(model, subs) if total is not None else "unknown",
        expression=expression,
        free_symbols=[] if total is None else free_names(total, subs),
        model=" + ".join(models) if models else "none (no global LSUs, loops or latency in the report)",
        assumptions=assumptions,
        per_bank=per_bank,
        per_lsu=per_lsu,
    )
    estimate.extra["_symbolic"] = total
    estimate.extra["lsu_facts"] = facts
    estimate.extra["values"] = dict(values)
    estimate.extra["profile"] = settings.profile.name
    if model.memory is not None:
        estimate.extra["memory_seconds"] = numeric(model.memory.expression, subs)
        estimate.extra["memory_saturated"] = truth(model.memory.saturated, subs)
    pipeline = model.compute if model.compute is not None else model.compute_open
    if pipeline is not None:
        estimate.extra["compute_seconds"] = numeric(pipeline, subs)
        alt = KernelEstimate(
            kernel=model.name,
            seconds=numeric(pipeline, subs),
            bound="compute",
            expression=pipeline.subs(subs),
            free_symbols=free_names(pipeline, subs),
            model=f"FlexCL pipeline only ({model.compute_equations})",
            assumptions=list(model.compute_notes),
        )
        estimate.alternatives.append(alt)
    return estimate


def concurrent_groups(design: Design) -> list[list[Kernel]]:
    """Kernels joined by channels/pipes run concurrently: connected components
    of the channel graph (autorun kernels join the group they talk to)."""
    parent = {kernel.name: kernel.name for kernel in design.kernels}

    def find(name: str) -> str:
        while parent[name] != name:
            parent[name] = parent[parent[name]]
            name = parent[name]
        return name

    writers: dict[str, list[str]] = {}
    for kernel in design.kernels:
        for channel in kernel.channels_written:
            writers.setdefault(channel, []).append(kernel.name)
    for kernel in design.kernels:
        for channel in kernel.channels_read:
            for writer in writers.get(channel, []):
                parent[find(writer)] = find(kernel.name)
    groups: dict[str, list[Kernel]] = {}
    for kernel in design.kernels:
        groups.setdefault(find(kernel.name), []).append(kernel)
    return list(groups.values())


def estimate_design(
    design: Design, settings: Settings
) -> tuple[dict[str, KernelEstimate], KernelEstimate | None]:
    """Per-kernel estimates and the design-level estimate.

    Kernels of one channel-connected group run concurrently: their LSUs share
    the banks (pooled per bank in eq. 2) and the group takes the max of its
    memory and pipeline times. Groups run one after another (one in-order
    host queue), so the design time is their sum.
    """
    estimates: dict[str, KernelEstimate] = {}
    module_times: dict[str, sympy.Expr | None] = {}
    for kernel in design.kernels:
        model = kernel_model([kernel], design, settings, kernel.name)
        estimate = to_estimate(model, design, settings)
        if design.tool.vendor is Vendor.XILINX:
            t_comp = module_compute(kernel, design, module_times)
            memory = hlscope_estimate(kernel, design, settings.profile, default_values(design, settings), t_comp)
            if memory is not None:
                # HLScope+ already contains t_COMP (eqs. 14, 16): it is the
                # primary estimate, the pipeline-only one the alternative.
                memory.assumptions = [*settings.assumptions, *memory.assumptions]
                memory.alternatives = [alt for alt in estimate.alternatives if alt.model.startswith("FlexCL")]
                estimate = memory
            elif model.total is None and t_comp is not None:
                composed = KernelModel(kernel.name, None, t_comp, [], "instances composed, HLScope+ eqs. 1-2", t_comp)
                estimate = to_estimate(composed, design, settings)
        estimates[kernel.name] = estimate
    if not design.kernels:
        return estimates, None
    if design.tool.vendor is Vendor.XILINX:
        tops = [kernel for kernel in design.kernels if kernel.is_top] or design.kernels[:1]
        top = estimates[tops[0].name]
        return estimates, top
    group_totals: list[sympy.Expr] = []
    names: list[str] = []
    group_models: list[KernelModel] = []
    for group in concurrent_groups(design):
        if any(kernel.kind is KernelKind.UNKNOWN and not kernel.lsus and not kernel.loops for kernel in group):
            group = [kernel for kernel in group if kernel.lsus or kernel.loops] or group
        model = kernel_model(group, design, settings, "+".join(kernel.name for kernel in group))
        if model.total is not None:
            group_totals.append(model.total)
            group_models.append(model)
        names.append("(" + " | ".join(kernel.name for kernel in group) + ")")
    if not group_totals:
        return estimates, None
    if len(group_models) == 1:
        design_estimate = to_estimate(group_models[0], design, settings)
    else:
        combined = KernelModel(" ; ".join(names), None, None, [], "", sympy.Add(*group_totals))
        design_estimate = to_estimate(combined, design, settings)
        design_estimate.bound = _group_bound([to_estimate(m, design, settings) for m in group_models])
        design_estimate.model = "sum of sequential kernel groups; each " + MEMORY_MODEL_NAME
    design_estimate.kernel = design.name or "design"
    design_estimate.assumptions.append(
        "kernels joined by channels/pipes run concurrently (max, shared banks); other kernels run in sequence (sum)"
    )
    return estimates, design_estimate


def module_compute(kernel: Kernel, design: Design, cache: dict[str, sympy.Expr | None]) -> sympy.Expr | None:
    """Compute time of a Vivado/Vitis module: its own loops/latency, else the
    composition of its instances: in parallel under dataflow (HLScope+ eq. 2),
    in sequence otherwise (eq. 1)."""
    if kernel.name in cache:
        return cache[kernel.name]
    cache[kernel.name] = None  # recursion guard
    own = compute_estimate(kernel)
    result = own.seconds if own is not None else None
    if result is None and kernel.instances:
        parts = []
        for instance in kernel.instances:
            try:
                child = design.kernel(instance.module)
            except KeyError:
                continue
            part = module_compute(child, design, cache)
            if part is not None:
                parts.append(part)
        if parts:
            result = mm.smax(*parts) if kernel.dataflow else sympy.Add(*parts)
    cache[kernel.name] = result
    return result


def _group_bound(estimates: list[KernelEstimate]) -> str:
    timed = [estimate for estimate in estimates if estimate.seconds is not None]
    if len(timed) != len(estimates) or not timed:
        return "unknown"
    return max(timed, key=lambda estimate: estimate.seconds or 0.0).bound
