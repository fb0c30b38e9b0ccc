"""What the estimate starts from: the settings, the memory profile chosen from
the target, the per-LSU inputs of the memory model (burst count, variant,
SIMD lanes, values from the source analysis) and the default values."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import sympy

from hlsight.analyzer import memory_model as mm
from hlsight.analyzer.access import parse_expression
from hlsight.analyzer.access.kernel_attributes import kernel_simd
from hlsight.analyzer.boards import board_profile, reaches_no_dram, without_board_memory
from hlsight.analyzer.compute_model import loop_nest_executions, sequential_part
from hlsight.analyzer.interleaving import UNPLACED, host_bank, host_placed_memories
from hlsight.analyzer.memory_profiles import MemoryProfile, load_profile
from hlsight.analyzer.report_interface import report_interface_bits
from hlsight.analyzer.results import AccessFacts, SourceFacts
from hlsight.analyzer.symbols import ELEMENT_BYTES, F_DRAM, FMAX, STRIDE, WORK_ITEMS, lsu_name, source_expr, sym
from hlsight.core.errors import InputError
from hlsight.core.model import LSU, Design, Kernel, LSUKind, LSUStyle, MemoryKind

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


@dataclass
class Settings:
    """Everything an estimate depends on besides the design."""

    profile: MemoryProfile
    options: mm.ModelOptions = field(default_factory=mm.ModelOptions)
    user: dict[str, float] = field(default_factory=dict)
    assumptions: list[str] = field(default_factory=list)
    #: access facts and loop trip expressions from the source analysis
    source: SourceFacts = field(default_factory=SourceFacts)
    #: kernel sets the host runs at the same time (hints ``concurrent``)
    concurrent: tuple[tuple[str, ...], ...] = ()


def default_profile(design: Design) -> tuple[MemoryProfile, str]:
    """The built-in profile of the design's board (:mod:`hlsight.analyzer.boards`); say why."""
    choice = board_profile(design)
    return load_profile(choice.profile), choice.why


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


def _default_accesses(kernel: Kernel, lsu: LSU, design: Design, settings: Settings, notes: list[str]) -> sympy.Expr:
    """An LSU's accesses per launch when neither the user nor the source
    analysis gives them. An NDRange LSU runs once per work-item
    (``work_items``, split over per-lane LSUs). A single-work-item kernel or
    i++ component has no work-items: its LSU runs once per iteration of the
    loops around its basic block, which the report names
    (``loop.<kernel>.<loop>.trip`` where it gives no trip count); when the
    report places the block in no loop the count stays the LSU's own symbol,
    never ``work_items`` (issue 11: a missing value is never replaced by
    another)."""
    if kernel.single_threaded:
        nest = loop_nest_executions(kernel, lsu.block, notes, given_for(kernel, settings), settings.source)
        if nest is not None:
            notes.append(f"accesses from the report's loop nest: once per iteration of the loops around"
                         f" block {lsu.block}: {nest}")
            return nest
        name = lsu_name(lsu.id, "accesses")
        notes.append(f"accesses unknown: the report places block {lsu.block or '(none)'} in no loop; symbol {name}")
        return sym(name)
    share = _split_share(kernel, lsu, kernel_simd(kernel, design) or 1)
    if share > 1:
        notes.append(f"one of {share} per-lane LSUs: work_items/{share} accesses")
        return WORK_ITEMS / share
    return WORK_ITEMS


def _default_bytes(kernel: Kernel, lsu: LSU, notes: list[str]) -> sympy.Expr:
    """Bytes per access without a source-derived element size: an NDRange
    access moves one element (``element_bytes``); a single-work-item LSU
    moves its whole width each time it runs (the width already holds the
    unrolled or vector lanes)."""
    if kernel.single_threaded and lsu.width_bytes:
        notes.append(f"{lsu.width_bytes} B per access (the LSU's width: no source analysis)")
        return sympy.Integer(lsu.width_bytes)
    return ELEMENT_BYTES


def _element_from_width(lsu: LSU, access: AccessFacts, notes: list[str]) -> sympy.Expr | None:
    """The element size the source does not give (a template's ``T``, a
    pointer of a type it cannot size) when each request carries one element
    (the source counts as many requests as accesses: no unrolled, merged or
    SIMD lanes): the request is the LSU's width (a public oneAPI
    ``device_ptr<T>`` kernel left ``element_bytes`` to give beside a 32-bit
    LSU the report names)."""
    if not lsu.width_bytes or access.accesses is None or access.requests is None:
        return None
    if sympy.simplify(parse_expression(access.accesses) - parse_expression(access.requests)) != 0:
        return None
    notes.append(f"element size {lsu.width_bytes} B: the LSU's width (the source does not size the element; one"
                 " element per request)")
    return sympy.Integer(lsu.width_bytes)


#: ``--set KERNEL:NAME=VALUE`` gives NAME a value for one kernel only.
KERNEL_SCOPE = ":"


def given_for(kernel: Kernel, settings: Settings) -> set[str]:
    """The names given for ``kernel``: every name given, and those scoped to
    it without their scope (``scan:work_items`` gives ``work_items`` here; a
    test of it in the kernel's counts was settled as not given)."""
    prefix = kernel.name + KERNEL_SCOPE
    return set(settings.user) | {name[len(prefix):] for name in settings.user if name.startswith(prefix)}


def kernel_scoped(kernel: Kernel, settings: Settings) -> dict[sympy.Symbol, sympy.Symbol]:
    """``NAME`` -> ``KERNEL:NAME`` for the names the user scoped to ``kernel``
    (``--set fetch:work_items=1024000``): that kernel's expressions use the
    scoped symbol, whose value then wins over a global ``NAME``."""
    prefix = kernel.name + KERNEL_SCOPE
    return {sym(name[len(prefix) :]): sym(name) for name in settings.user if name.startswith(prefix)}


@dataclass
class LsuInput:
    lsu: LSU
    params: mm.LsuParams
    bank: str
    notes: list[str]
    #: the memory's banks are not interleaved and the user did not say which
    #: bank the host put this kernel's buffers in
    unplaced: bool = False


def lsu_input(kernel: Kernel, lsu: LSU, design: Design, settings: Settings) -> LsuInput:
    notes: list[str] = []
    user = settings.user
    access = settings.source.access(lsu)

    def pick(field_name: str, from_access: sympy.Expr | None, default: sympy.Expr) -> sympy.Expr:
        name = lsu_name(lsu.id, field_name)
        if name in user:
            return sym(name)
        if from_access is not None:
            notes.append(f"{field_name} from source analysis: {from_access}")
            return from_access
        return default

    element = sympy.Integer(access.element_bytes) if access is not None and access.element_bytes else None
    if element is None and access is not None:
        element = _element_from_width(lsu, access, notes)
    given = given_for(kernel, settings)
    stride = pick("stride", source_expr(None if access is None else access.stride, given, notes, "stride"), STRIDE)
    source_acc = source_expr(None if access is None else access.accesses, given, notes, "accesses")
    needs_default = source_acc is None and lsu_name(lsu.id, "accesses") not in user
    default_acc = _default_accesses(kernel, lsu, design, settings, notes) if needs_default else WORK_ITEMS
    ls_acc = pick("accesses", source_acc, default_acc)
    dram_reads = source_expr(None if access is None else access.dram_reads, given, [], "accesses")
    if dram_reads is not None and lsu_name(lsu.id, "accesses") not in user:
        # a cached load whose re-reads its cache holds: only the first read of each element reaches the DRAM
        notes.append(f"DRAM reads through its cache: {dram_reads} of {ls_acc} accesses (decision 56)")
        ls_acc = dram_reads
    # a source-derived count counts elements; a loop-nest or user count counts the LSU's runs
    per_run = element is None and source_acc is None and lsu_name(lsu.id, "bytes") not in user
    ls_bytes = pick("bytes", element, _default_bytes(kernel, lsu, notes) if per_run else ELEMENT_BYTES)
    requests = source_expr(None if access is None else access.requests, given, [], "requests")
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
    scoped = kernel_scoped(kernel, settings)
    if scoped:
        ls_acc, stride, ls_bytes = (expr.xreplace(scoped) for expr in (ls_acc, stride, ls_bytes))
        requests = None if requests is None else requests.xreplace(scoped)
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
        access=_access_key(kernel, lsu, None if access is None else access.expression),
        requests=requests,
        phase=_phase(kernel, lsu),
        coupled=_coupled(kernel, lsu),
        streams=not lsu.work_item_invariant and stride != 0,
    )
    bank = host_bank(kernel, lsu, design, settings.user, notes)
    return LsuInput(lsu, params, bank or _bank_key(lsu), notes, bank == UNPLACED)


def _phase(kernel: Kernel, lsu: LSU) -> tuple[str, str] | None:
    """The part of a single-work-item kernel (or i++ component) the LSU runs
    in (:func:`compute_model.sequential_part`); NDRange work-items overlap
    everywhere, so theirs is ``None``."""
    if not kernel.single_threaded:
        return None
    part = sequential_part(kernel, lsu.block)
    return None if part is None else (kernel.name, part)


def _coupled(kernel: Kernel, lsu: LSU) -> bool:
    """False when the LSU's part of a single-work-item kernel holds no
    channel/pipe access while other parts do: one thread runs the parts one
    after another, so it streams before the kernel's channel traffic starts
    or after it ends, never alongside the kernels at the other end (a
    consumer that stalls on an empty channel, a producer on a full one).
    True whenever that is not certain: an NDRange kernel, a kernel without
    channels (joined by the user's ``concurrent`` only), a part or a channel
    access the report places in no loop."""
    if not kernel.single_threaded or not kernel.channel_blocks:
        return True
    part = sequential_part(kernel, lsu.block)
    channel_parts = {sequential_part(kernel, block) for block in kernel.channel_blocks}
    if part is None or None in channel_parts:
        return True
    return part in channel_parts


def _access_key(kernel: Kernel, lsu: LSU, expression: str | None) -> str:
    """The global access an LSU serves: kernel, kind, memory, source line and
    the accessed expression from the source analysis. LSUs aoc split one
    access into (per-lane LSUs of a SIMD kernel, several widths for a strided
    vector) share it. Without a source line or expression the LSU is an
    access of its own (the report's "variable" names the index, not the
    buffer, so it cannot tell ``x[i]`` from ``y[i]``)."""
    if lsu.location is None or not expression:
        return ""
    return f"{kernel.name}|{lsu.kind.value}|{_bank_key(lsu)}|{lsu.location.file}:{lsu.location.line}|{expression}"


def _bank_key(lsu: LSU) -> str:
    memory = lsu.memory or "global"
    return f"{memory}/{lsu.bank}" if lsu.bank else memory


def dram_for(bank: str, inputs: list[LsuInput], design: Design, settings: Settings) -> mm.DramParams:
    profile = settings.profile
    memory = design.memory_system(inputs[0].lsu.memory) if inputs[0].lsu.memory else None
    kind = profile.kind
    parallel = 1
    if memory is not None:
        if memory.kind is MemoryKind.HBM:
            kind = "hbm"
        elif memory.kind is MemoryKind.DDR:
            kind = "ddr"
        if inputs[0].lsu.bank is None and memory.banks > 1 and memory not in host_placed_memories(design):
            parallel = memory.banks  # buffers interleaved over all banks
    reported = report_interface_bits(memory)
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
        atomic_op=profile.atomic_op_s,
        nonaligned_request=profile.nonaligned_request_s,
        # the report's bus width for this very build, else the board default (decision 47)
        interface=profile.interface_bytes if reported is None else reported // 8,
    )


def default_values(design: Design, settings: Settings) -> dict[str, float]:
    """Report/profile values, overridden by the user's. The profile's DRAM
    clock only where a board DRAM is reached: a design with no DRAM profile
    listed the fallback profile's ``f_dram = 666.67`` among its values (JSON,
    the HTML's model quantities) beside ``"profile": null``."""
    values: dict[str, float] = {}
    if not reaches_no_dram(design) and not without_board_memory(design):
        values[F_DRAM.name] = settings.profile.f_dram_hz / 1e6
    fmaxes = [kernel.fmax_mhz for kernel in design.kernels if kernel.fmax_mhz is not None]
    for kernel in design.kernels:  # a report's clock feeds every time: a negative one gives negative times
        if kernel.fmax_mhz is not None and not (math.isfinite(kernel.fmax_mhz) and kernel.fmax_mhz > 0):
            raise InputError(design.root, f"kernel {kernel.name}: clock {kernel.fmax_mhz:g} MHz in the report",
                             expected="a positive finite fmax")
    if fmaxes:
        values[FMAX.name] = min(fmaxes)
    values.update(settings.user)
    return values
