"""The Dávila-Guzmán global-memory-interconnect / DRAM model, in sympy.

Equation numbers refer to the journal version, "Analytical Model for
Memory-Centric High Level Synthesis-Generated Applications"
(``../shared/papers/davila-memory-centric-model-journal.txt``), sections 5-7.
The FCCM 2020 version is the earlier form (its eq. 1 = journal eq. 2, eq. 4 =
eq. 8, ...). Where the papers, the authors' notebooks and the measured data
disagree, :class:`ModelOptions` holds the decision and ``docs/model.md``
explains it with the numbers.

Every function returns a sympy expression so that estimates stay symbolic in
whatever the reports do not say (``work_items``, ``stride``, ``fmax``...).
Times are seconds, bandwidths bytes/s, frequencies Hz.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import sympy
from sympy import Expr


class Variant(enum.Enum):
    """LSU modifiers the model distinguishes (journal Table 1, sections 5.1-5.2)."""

    ALIGNED = "burst-coalesced aligned"
    NON_ALIGNED = "burst-coalesced non-aligned"
    WRITE_ACK = "burst-coalesced write-ack"
    ATOMIC = "atomic-pipelined"


@dataclass(frozen=True)
class ModelOptions:
    """Decisions where sources disagree (see docs/model.md).

    ``burst_rule``: ``"avalon"`` takes the Avalon meaning of a
    ``BURSTCOUNT_WIDTH`` = w port (max burst 2^(w-1) beats); ``"paper"`` takes
    eq. 9 literally (2^w beats). ``ovh_free_lsus``: T_ovh is zero while a bank
    has at most this many LSUs (journal eq. 8: "#lsu <= 2"; FCCM eq. 4: "< 2",
    i.e. 1). ``stride_in_fmin``: include delta in f_min (eq. 5) when computing
    the non-saturated bandwidth; with it delta counts twice (eq. 5 and eq. 2).
    ``efficiency``: apply the profile's controller/refresh efficiency to
    bw_dram. ``hbm_write_stride_factor``: the section 7.1.1 correction for
    strided aligned HBM stores; 0 (default) takes the DRAM words of one
    request, at most bl (:func:`hbm_store_split`: the paper's factor 4 for
    wide stores), n > 0 a fixed factor n, 1 turns it off (docs/model.md,
    decision 4).
    ``wide_burst``: an LSU wider than dq*bl bursts in words of its own width
    (:func:`burst_size_aligned`); False gives eq. 9 as printed.
    ``non_aligned_burst``: ``"page"`` (default) reads eq. 12 as the journal's
    own figures do: the coalescer sends min(max_reqs, DRAM page) / delta,
    the page being eq. 9's 2^burst_cnt * dq * bl (:func:`burst_size_non_aligned`,
    decision 29); ``"printed"`` takes eq. 12's second case literally
    (ls_width / delta) with :func:`burst_size_aligned`'s page.
    ``hbm_split_non_aligned``: charge a strided non-aligned HBM store the
    section 7.1.1 factor too (:func:`hbm_strided_store`, decision 30);
    False limits it to aligned stores, as before.
    ``row_switch_cap``: cap eq. 8's row misses on a bank at twice the bursts
    of its smaller streams (:func:`cap_row_switches`, decision 55); False
    charges eq. 8 as printed.
    """

    burst_rule: str = "paper"
    ovh_free_lsus: int = 2
    stride_in_fmin: bool = False
    efficiency: bool = True
    hbm_write_stride_factor: int = 0
    wide_burst: bool = True
    non_aligned_burst: str = "page"
    hbm_split_non_aligned: bool = True
    row_switch_cap: bool = True


@dataclass(frozen=True)
class DramParams:
    """One bank / pseudo-channel (journal Table 2 "Datasheet" rows).

    ``f_dram`` is an expression in Hz (a symbol until the profile value is
    bound), ``parallel`` the number of interleaved banks behind one memory
    system (their bandwidths add), ``efficiency`` the fraction of the peak the
    controller sustains.
    """

    dq: int
    bl: int
    f_dram: Expr
    t_rcd: float
    t_rp: float
    t_wr: float
    kind: str = "ddr"
    efficiency: float = 1.0
    parallel: int = 1
    #: measured time of one atomic read-modify-write on this board (profile
    #: [atomic] op_ns); 0 when not measured: eq. 14's T_row alone
    atomic_op: float = 0.0
    #: bytes the board's interface to this bank carries per kernel cycle
    #: (profile [bandwidth] interface_bits / 8); 0: no limit
    interface: int = 0
    #: measured time a burst-coalesced non-aligned LSU adds per request
    #: (profile [nonaligned] request_ns); 0 when not measured
    nonaligned_request: float = 0.0


@dataclass(frozen=True)
class LsuParams:
    """The inputs of one LSU (journal Table 2 "Report", "Verilog", "Code" rows)."""

    id: str
    variant: Variant
    is_store: bool
    ls_width: int  # bytes per request from the kernel pipeline
    ls_bytes: Expr  # bytes of one access
    ls_acc: Expr  # number of accesses
    stride: Expr  # delta
    burst_cnt: int  # BURSTCOUNT_WIDTH
    max_threads: int = 64  # MAX_THREADS (non-aligned, eq. 11)
    atomic_v: Expr = field(default_factory=lambda: sympy.Integer(1))  # ops folded per atomic (eq. 14)
    random: bool = False  # data-dependent addresses: every access is its own burst
    #: the global access (source variable) this LSU serves; LSUs the compiler
    #: split one access into (per-lane LSUs) share it. Empty: the LSU's own id.
    access: str = ""
    #: requests the LSU issues (pipeline iterations that fire it), from the
    #: source analysis; ``None``: not known (bytes / width is used)
    requests: Expr | None = None
    #: ``(kernel, part)``: the part of a single-work-item kernel the LSU
    #: streams in; two parts of one kernel never run at the same time (loops
    #: one after another). ``None``: it may run alongside any LSU.
    phase: tuple[str, str] | None = None
    #: False for a part of a single-work-item kernel that talks over no
    #: channel/pipe while other parts of that kernel do: it runs before or
    #: after the channel traffic, so never alongside the LSUs of the kernels
    #: at the other end (histogram's final per-bin stores).
    coupled: bool = True
    #: False for an LSU that moves no stream through its bank: a work-item
    #: invariant load (the report's word: one access when the kernel starts)
    #: or a stride-0 read (the element the last run read): neither
    #: interleaves with the others' bursts (eqs. 6 and 8)
    streams: bool = True

    @property
    def access_key(self) -> str:
        return self.access or self.id

    @property
    def scales(self) -> bool:
        """Whether the access count grows with the inputs (a symbol in it);
        False for an access made a fixed number of times (a final ``Z[0] = acc``)."""
        return bool(self.ls_acc.free_symbols)


@dataclass
class LsuTerm:
    """Model result for one LSU: the pieces of eq. 2."""

    params: LsuParams
    t_ideal: Expr  # delta * T_ideal, with the HBM store split
    t_ovh: Expr  # delta * T_ovh, with the HBM store split, + the non-aligned coalescer time
    total: Expr  # t_ideal + t_ovh: what the LSU adds to its bank (eq. 2)
    f_min: Expr
    bw_mem: Expr
    saturated: sympy.Basic  # boolean expression of eq. 4/7
    split: Expr  # section 7.1.1's burst-splitter factor in t_ideal and t_ovh (1: none)
    notes: list[str] = field(default_factory=list)
    #: the kernel clock from which the LSU gets bw_dram (:func:`saturating_clock`);
    #: ``None``: f_min (hand-built terms)
    f_need: Expr | None = None
    #: bytes per kernel cycle the board's buses to the memory system carry
    #: (interface x interleaved banks); 0: no interface width known
    bus: int = 0
    #: how the notes and hints name that bus (:func:`bus_text`)
    bus_name: str = ""
    #: the time of eq. 8's row misses in ``t_ovh`` (delta x bursts x T_row; 0 below #lsu 3)
    row_time: Expr = field(default_factory=lambda: sympy.Integer(0))


# --------------------------------------------------------------------------- eqs. 3-7


def smax(*args: Expr) -> Expr:
    """Unevaluated Max: sympy's simplification of Max/Min arguments costs
    tens of ms per call and buys nothing here (values are bound later).
    Numbers alone are folded: "Max(0, 4006001, 4014003)" is a number."""
    if len(args) == 1:
        return args[0]
    if all(isinstance(arg, sympy.Number) for arg in args):
        return max(args, key=float)
    return sympy.Max(*args, evaluate=False)


def smin(*args: Expr) -> Expr:
    if len(args) == 1:
        return args[0]
    if all(isinstance(arg, sympy.Number) for arg in args):
        return min(args, key=float)
    return sympy.Min(*args, evaluate=False)


def bw_dram(dram: DramParams, options: ModelOptions) -> Expr:
    """Saturated bandwidth bw_dram = dq * 2 * f_dram (section 5, before eq. 5),
    times interleaved banks and the controller efficiency when enabled."""
    eff = sympy.Float(dram.efficiency) if options.efficiency else sympy.Integer(1)
    return eff * dram.parallel * dram.dq * 2 * dram.f_dram


def f_min(bw: Expr, ls_width: Expr, stride: Expr) -> Expr:
    """Eq. 5: minimum kernel clock that saturates the memory, bw_dram / ls_width * delta."""
    return bw / ls_width * stride


def bw_nsat(bw: Expr, fmax: Expr, fmin: Expr, n_lsu: int, f_interface: Expr | None = None) -> Expr:
    """Eq. 6: non-saturated bandwidth; with more than one LSU per bank the kernel
    uses both DDR edges (x2).

    ``f_interface`` (:func:`interface_clock`): the board reaches the bank
    through one kernel-clock bus of ``interface`` bytes, shared by every LSU
    on the bank. Eq. 6's x2 is the DRAM's double data rate, on the memory
    side of that bus; the bus itself moves at most one word per kernel cycle,
    so no LSU gets more than fmax * interface = bw * fmax / f_interface
    (eq. 2 then adds the LSUs' times: together at most the bus's rate)."""
    factor = 1 if n_lsu == 1 else 2
    rate = bw * factor * fmax / fmin
    if f_interface is None:
        return rate
    return smin(rate, bw * fmax / f_interface)


def interface_clock(bw: Expr, interface: int, stride: Expr) -> Expr | None:
    """The kernel clock at which the board's ``interface``-byte bus to the bank
    carries bw_dram (eq. 5 with the bus width: section 7.2's "f_min = 400 MHz"
    for HBM2's 256-bit buses, whatever the LSU's width or #lsu); ``None``
    without an interface width (no cap). :func:`lsu_term` passes it on only
    where eq. 6 asks more than the bus's width per kernel cycle (a wide LSU,
    or LSUs over half its width sharing the bank): elsewhere the bus cannot
    bind and the expressions stay as the journal prints them."""
    return f_min(bw, sympy.Integer(interface), stride) if interface else None


def saturating_clock(fmin: Expr, n_lsu: int, f_interface: Expr | None = None) -> Expr:
    """The kernel clock from which eq. 4 gives bw_dram: f_min, halved by
    eq. 6's x2 when LSUs share the bank, but never below the clock at which
    the board's bus to the bank carries bw_dram (:func:`bw_nsat`)."""
    need = fmin if n_lsu == 1 else fmin / 2
    return need if f_interface is None else smax(need, f_interface)


def saturated(fmax: Expr, fmin: Expr, n_lsu: int, f_interface: Expr | None = None) -> sympy.Basic:
    """Eqs. 4/7: the LSU saturates the memory when fmax >= f_min. With several
    LSUs per bank eq. 6 doubles the request rate, so the bandwidth reaches
    bw_dram already at fmax >= f_min / 2, unless the board's bus to the bank
    needs more (:func:`saturating_clock`)."""
    factor = 1 if n_lsu == 1 else 2
    condition = sympy.Ge(factor * fmax, fmin)
    if f_interface is None:
        return condition
    return sympy.And(condition, sympy.Ge(fmax, f_interface))


def bw_mem(bw: Expr, fmax: Expr, fmin: Expr, n_lsu: int, f_interface: Expr | None = None) -> Expr:
    """Eq. 4: bw_dram when saturated, else bw_nsat (never above bw_dram)."""
    return smin(bw, bw_nsat(bw, fmax, fmin, n_lsu, f_interface))


def t_ideal(ls_bytes: Expr, ls_acc: Expr, bw: Expr) -> Expr:
    """Eq. 3: T_ideal = ls_bytes * ls_acc / bw_mem."""
    return ls_bytes * ls_acc / bw


# --------------------------------------------------------------------------- eqs. 8-14


def burst_beats(burst_cnt: int, options: ModelOptions) -> int:
    """Beats of the largest burst an LSU issues. Eq. 9 writes 2^burst_cnt; an
    Avalon-MM burstcount port of width w carries at most 2^(w-1)."""
    exponent = burst_cnt if options.burst_rule == "paper" else burst_cnt - 1
    return int(2**exponent)


def burst_size_aligned(burst_cnt: int, dram: DramParams, options: ModelOptions, ls_width: int = 0) -> Expr:
    """Eq. 9: burst_size = 2^burst_cnt * dq * bl (see :func:`burst_beats`).

    The beats of an Avalon-MM burst are words of the master's data width
    (Avalon Interface Specifications, burst transfers). An LSU wider than one
    DRAM burst (dq*bl: 64 B on DDR4) has a master port of its own width, so
    its largest burst is 2^burst_cnt of its words: a 2048-bit LSU moves 8 KB
    per row opening, not 2 KB (rot-ddr4: four 2048-bit LSUs on one bank,
    +24 % with dq*bl beats, whose measured time equals the ideal transfer).
    ``options.wide_burst`` False gives eq. 9 as printed."""
    beat = max(dram.dq * dram.bl, ls_width) if options.wide_burst else dram.dq * dram.bl
    return sympy.Integer(burst_beats(burst_cnt, options) * beat)


def max_reqs(max_threads: int, ls_width: Expr, stride: Expr) -> Expr:
    """Eq. 11: max_reqs = max_th * ls_width / (delta + 1)."""
    return max_threads * ls_width / (stride + 1)


def burst_size_non_aligned(lsu: LsuParams, dram: DramParams, options: ModelOptions) -> Expr:
    """Eq. 12: the bytes one non-aligned request brings per row opening.

    The coalescer sends its request "when the amount of data requested is
    equal to a DRAM page or when the number of coalesced requests have
    reached max_th" (journal 5.1.2), so the request is max_reqs (eq. 11)
    bounded by the DRAM page of eq. 9 (2^burst_cnt * dq * bl), of which
    1/delta is used: min(max_reqs, page) / delta. That is how the journal's
    own figure comes out: Table 5 gives 4.0 % for the DDR4-1866 BCNA
    micro-benchmark (#lsu = 3, v = 16, delta = 3; NonAligned_1866.csv row
    (3, 16), 130.92 ms), which this reading reproduces (125.7 ms, -4.0 %),
    while eq. 12's second case taken literally (ls_width / delta = 85 B)
    gives +245 %. The page is the DRAM page of the non-aligned coalescer's
    trigger, not the wide master's Avalon burst of decision 6 (which puts
    that row at -22 %). ``options.non_aligned_burst == "printed"`` keeps
    the literal second case with :func:`burst_size_aligned`'s page
    (docs/model.md decision 29)."""
    reqs = max_reqs(lsu.max_threads, sympy.Integer(lsu.ls_width), lsu.stride)
    if options.non_aligned_burst == "printed":
        page = burst_size_aligned(lsu.burst_cnt, dram, options, lsu.ls_width)
        beyond: Expr = sympy.Integer(lsu.ls_width)
    else:
        page = beyond = sympy.Integer(burst_beats(lsu.burst_cnt, options) * dram.dq * dram.bl)
    return sympy.Piecewise((reqs / lsu.stride, sympy.Le(reqs, page)), (beyond / lsu.stride, True))


def t_row(dram: DramParams, variant: Variant) -> Expr:
    """Row-miss time: eq. 10 (T_RCD + T_RP), eq. 13 (+ T_WR for write-ack),
    eq. 14 (2 (T_RCD + T_RP) + T_WR for atomics)."""
    base = sympy.Float(dram.t_rcd) + sympy.Float(dram.t_rp)
    if variant is Variant.WRITE_ACK:
        return base + sympy.Float(dram.t_wr)
    if variant is Variant.ATOMIC:
        # eq. 14: 2 (T_RCD + T_RP) + T_WR = 69 ns on DDR4-1866, but an atomic
        # waits for its read to return before it writes: the measured op time
        # (atomic_1866.csv: 325 ns) is the round trip, which the profile gives.
        return sympy.Float(max(2 * (dram.t_rcd + dram.t_rp) + dram.t_wr, dram.atomic_op))
    return base


def t_ovh(lsu: LsuParams, dram: DramParams, n_lsu: int, options: ModelOptions) -> Expr:
    """Eq. 8 (burst-coalesced) and eq. 14 (atomic) overhead of one LSU."""
    if lsu.variant is Variant.ATOMIC:
        return lsu.ls_acc * t_row(dram, Variant.ATOMIC) / lsu.atomic_v
    if n_lsu <= options.ovh_free_lsus:
        return sympy.Integer(0)
    if lsu.variant is Variant.NON_ALIGNED:
        burst = burst_size_non_aligned(lsu, dram, options)
    else:
        burst = burst_size_aligned(lsu.burst_cnt, dram, options, lsu.ls_width)
    return lsu.ls_acc * lsu.ls_bytes / burst * t_row(dram, lsu.variant)


def hbm_store_split(ls_width: int, dram: DramParams, options: ModelOptions) -> int:
    """Section 7.1.1's factor for a strided aligned HBM store: "the burst
    splitter divides the request into bl = 4 words inside a burst taking bl
    cycles to transfer it, while a read request only needs one clock cycle
    for bl words". A request carries ceil(ls_width / dq) DRAM words, so it
    takes that many cycles, at most bl (a whole burst): the paper's x4 for
    the wide stores of its delta sweep, x1 for a 32-bit per-lane store (one
    word, nothing to split). ``options.hbm_write_stride_factor`` > 0 fixes
    the factor instead (1 turns the correction off)."""
    if options.hbm_write_stride_factor > 0:
        return options.hbm_write_stride_factor
    return max(1, min(dram.bl, -(-ls_width // dram.dq)))


def hbm_strided_store(lsu: LsuParams, dram: DramParams, options: ModelOptions) -> bool:
    """Whether section 7.1.1's burst-splitter factor can apply to ``lsu``: a
    burst-coalesced store on an HBM pseudo-channel (when its stride is > 1).

    The journal measured it on aligned strided stores and explains it by the
    requests' byte-enable holes ("they do not detect coalescing"). A
    non-aligned strided store leaves the same holes, so it is charged too
    (``options.hbm_split_non_aligned``; decision 30). Merged neighbours
    (test_CNA.cl: x[3i], x[3i+1], x[3i+2]) are stride 1 (decision 13) and
    write whole words: not charged, as measured (testMX_CNA_SVSB)."""
    if dram.kind != "hbm" or not lsu.is_store:
        return False
    if lsu.variant is Variant.ALIGNED:
        return True
    return lsu.variant is Variant.NON_ALIGNED and options.hbm_split_non_aligned


def non_aligned_requests_time(lsu: LsuParams, dram: DramParams, notes: list[str]) -> Expr:
    """What a burst-coalesced non-aligned LSU's coalescer adds: a fixed time
    per request. The journal (7.1.2) puts the non-aligned LSU's extra error
    down to "the latency of the coalescer having a large variance" and gives
    no equation; the profile's ``[nonaligned] request_ns`` is that time
    measured on one board, a per-request overhead characterised per board as
    HLScope+ characterises its controller overhead t_CO (eq. 9). Requests are
    the pipeline iterations that fire the LSU (source analysis), else bytes
    moved / LSU width."""
    if lsu.variant is not Variant.NON_ALIGNED:
        return sympy.Integer(0)
    if dram.nonaligned_request <= 0:
        notes.append("non-aligned coalescer time per request not measured for this memory: none added")
        return sympy.Integer(0)
    requests = lsu.requests
    how = "requests from the source analysis"
    if requests is None:
        requests = lsu.ls_acc * lsu.ls_bytes / lsu.ls_width
        how = "requests = bytes / LSU width (no source analysis)"
    notes.append(
        f"non-aligned coalescer: + {dram.nonaligned_request * 1e9:g} ns per request ({how}; profile [nonaligned])"
    )
    return requests * sympy.Float(dram.nonaligned_request)


def bus_text(dram: DramParams) -> str:
    """The board's kernel-side bus to the memory system, as the notes name it."""
    if dram.parallel == 1:
        return f"{dram.interface * 8}-bit interface to the bank"
    return f"{dram.parallel} x {dram.interface * 8}-bit interfaces to its {dram.parallel} interleaved banks"


def lsu_term(lsu: LsuParams, dram: DramParams, fmax: Expr, n_lsu: int, options: ModelOptions) -> LsuTerm:
    """One summand of eq. 2: delta * (T_ideal + T_ovh), with the write-ack burst
    waste of section 5.1.3 and the HBM strided-store correction of 7.1.1."""
    notes: list[str] = []
    bw = bw_dram(dram, options)
    stride = sympy.Integer(1) if lsu.variant is Variant.ATOMIC else lsu.stride
    burst_bytes = dram.dq * dram.bl
    # A write-ack access (and any access with data-dependent addresses)
    # occupies a whole DRAM burst (section 5.1.3): its demand on the memory is
    # dq*bl bytes per request. An atomic is a read plus a write of ls_width
    # ("sum of ls_width of two LSUs", section 5.2).
    whole_burst = lsu.variant is Variant.WRITE_ACK or (lsu.random and lsu.variant is not Variant.ATOMIC)
    demand = max(lsu.ls_width, burst_bytes) if whole_burst else lsu.ls_width
    if lsu.variant is Variant.ATOMIC:
        demand = 2 * lsu.ls_width
    bus = dram.interface * dram.parallel
    if bus and demand > bus:
        # Section 7.2: the MX BSP reaches each pseudo-channel through a 256-bit
        # bus, so HBM2 "needs f_min = 400 MHz to maximize bandwidth" whatever
        # the LSU width: eq. 5 with ls_width capped at the interface width.
        # Interleaved banks have one bus each (board_spec.xml lists one
        # interface per bank): together they carry parallel * interface.
        notes.append(f"eq. 5 width capped at the board's {bus_text(dram)} (section 7.2)")
        demand = bus
    fmin_stride = stride if options.stride_in_fmin else sympy.Integer(1)
    fmin = f_min(bw, sympy.Integer(demand), fmin_stride)
    # the bus can bind only where eq. 6 asks more than its width per kernel cycle
    eq6_factor = 1 if n_lsu == 1 else 2
    f_bus = interface_clock(bw, bus, fmin_stride) if eq6_factor * demand > bus else None
    bw_i = bw_mem(bw, fmax, fmin, n_lsu, f_bus)
    ideal = t_ideal(lsu.ls_bytes, lsu.ls_acc, bw_i)
    if whole_burst:
        ideal = ideal * sympy.Integer(burst_bytes) / lsu.ls_bytes
        why = "write-ack" if lsu.variant is Variant.WRITE_ACK else "data-dependent index"
        notes.append(f"{why}: each access uses a whole {burst_bytes} B burst (x dq*bl/ls_bytes, section 5.1.3)")
    ovh = t_ovh(lsu, dram, n_lsu, options)
    coalescer = non_aligned_requests_time(lsu, dram, notes)
    split: Expr = sympy.Integer(1)
    factor = hbm_store_split(lsu.ls_width, dram, options)
    strided = sympy.Gt(stride, 1)
    if hbm_strided_store(lsu, dram, options) and factor > 1 and strided is not sympy.false:
        # Section 7.1.1: strided HBM2 stores "do not detect coalescing"; the
        # burst splitter takes bl cycles per word where a read needs one.
        # It applies to a burst-coalesced store on an HBM pseudo-channel
        # whose stride (after merged neighbours, decision 13) is > 1: its
        # requests leave byte-enable holes, aligned or not (decision 30).
        # It stretches the transfer (T_ideal and T_ovh alike), not the
        # coalescer's per-request time, so T_ideal + T_ovh stays the total.
        # A store known to be contiguous (stride 1) gets neither the factor
        # nor the note, which would read as a x4 it is not charged.
        split = sympy.Piecewise((sympy.Integer(factor), strided), (sympy.Integer(1), True))
        kind = "aligned" if lsu.variant is Variant.ALIGNED else "non-aligned (decision 30: measured on aligned ones)"
        notes.append(
            f"HBM strided {kind} store: x{factor} when stride > 1 (burst splitter: one cycle per"
            f" {dram.dq} B word of the {lsu.ls_width} B request, at most bl = {dram.bl}; section 7.1.1)"
        )
    # delta of eq. 2 counts the data a strided access drags through the bus:
    # at most the whole DRAM burst it sits in (section 5.1.3's rule for a
    # data-dependent index). Past burst/ls_bytes the accesses are each their
    # own burst, and a larger stride costs no more per access.
    whole = sympy.Integer(burst_bytes) / lsu.ls_bytes
    if whole_burst and stride != 1 and stride != 0:
        # T_ideal above already charges each access its own whole burst: a
        # stride drags in no more (a write-ack store 64 elements apart was
        # charged 64 bursts per access; with the stride symbolic, unbounded).
        # Stride 0 (one address: no new data, eq. 2's delta 0) stays as it was.
        stride = sympy.Integer(1)
        notes.append("stride not charged again: each access already takes its own whole burst")
    if not whole_burst and not (isinstance(stride, sympy.Number) and (stride <= 1 or stride <= whole)):
        stride = sympy.Min(stride, sympy.Max(sympy.Integer(1), whole))
        notes.append(f"stride counted up to one whole {burst_bytes} B burst per access (dq*bl/ls_bytes)")
    ideal_part = split * stride * ideal
    overhead_part = split * stride * ovh + coalescer
    charged = lsu.variant is not Variant.ATOMIC and n_lsu > options.ovh_free_lsus
    return LsuTerm(
        params=lsu,
        t_ideal=ideal_part,
        t_ovh=overhead_part,
        total=ideal_part + overhead_part,
        f_min=fmin,
        bw_mem=bw_i,
        saturated=saturated(fmax, fmin, n_lsu, f_bus),
        notes=notes,
        split=split,
        f_need=saturating_clock(fmin, n_lsu, f_bus),
        bus=bus,
        bus_name=bus_text(dram) if bus else "",
        row_time=split * stride * ovh if charged else sympy.Integer(0),
    )


def run_together(first: LsuParams, second: LsuParams) -> bool:
    """Whether two LSUs can stream at the same time: not when they sit in
    parts of one single-work-item kernel that run one after another
    (:attr:`LsuParams.phase`), nor, across the kernels of a channel-joined
    group, when either sits in a part of its kernel that runs before or
    after that kernel's channel traffic (:attr:`LsuParams.coupled`)."""
    if first is second:
        return True
    if not first.streams or not second.streams:
        return False  # a read at the kernel's start, or of one address, reopens no row of a stream
    if first.phase is not None and second.phase is not None and first.phase[0] == second.phase[0]:
        return first.phase[1] == second.phase[1]
    return first.coupled and second.coupled


def accesses_in_bank(lsus: Sequence[LsuParams], lsu: LsuParams | None = None) -> int:
    """#lsu of eqs. 6 and 8: the global accesses (variables) on one bank
    (those streaming alongside ``lsu`` when given).

    The journal counts one LSU per global access ("#ga is equal to #lsu",
    section 7.1.1) and models its delta sweep as "#lsu = 3, v = 16" (Figure 6)
    for the kernel aoc builds with 48 per-lane 32-bit LSUs; observation 1
    makes T_ovh null "with HBM using one variable per pseudo-channel". The
    LSUs one access was split into (:attr:`LsuParams.access`) therefore count
    once: they stream one variable, they do not reopen rows for another.
    Eq. 8's row misses come from streams interleaving on the bank (section
    5.1: "when the #lsu increases, this forces the DRAM to open a new row"),
    so an access in a loop that runs after another one has finished does
    not count against it (:func:`run_together`), nor does a work-item
    invariant load, which the kernel issues once at its start, or a
    stride-0 read of one address (:attr:`LsuParams.streams`)."""
    sharing = lsus if lsu is None else [other for other in lsus if run_together(lsu, other)]
    return len({other.access_key for other in sharing})


def bank_terms(lsus: Sequence[LsuParams], dram: DramParams, fmax: Expr, options: ModelOptions) -> list[LsuTerm]:
    """The eq. 2 summands of all LSUs that share one bank / pseudo-channel."""
    sizes = Counter(lsu.access_key for lsu in lsus)
    terms = []
    n_lsus = [accesses_in_bank(lsus, lsu) for lsu in lsus]
    for lsu, n_lsu in zip(lsus, n_lsus, strict=True):
        term = lsu_term(lsu, dram, fmax, n_lsu, options)
        if sizes[lsu.access_key] > 1:
            term.notes.insert(0, (
                f"one of {sizes[lsu.access_key]} LSUs of one access on this bank: counted once,"
                f" #lsu = {n_lsu} (eqs. 6, 8; section 7.1.1 #ga = #lsu)"
            ))
        terms.append(term)
    if options.row_switch_cap:
        cap_row_switches(terms, n_lsus)
    return terms


def cap_row_switches(terms: list[LsuTerm], n_lsus: list[int]) -> None:
    """Eq. 8 charges every burst of every LSU on a bank of three or more a
    row miss: the streams interleave, "this forces the DRAM to open a new
    row" (section 5.1). A row opens when the bank turns from one stream to
    another, and in any order of the bursts the turns number at most twice
    the bursts of all the streams but the largest (each turn has such a
    burst on one side, each burst at most two turns). Where one stream
    carries more bursts than the others together (a matrix beside a vector:
    t2sp GEMV), eq. 8 counts misses no order of the bursts can make; the
    charge is scaled down to that bound. Streams of equal weight (every
    Zaragoza kernel) keep eq. 8 as printed. Applied only where every LSU of
    the bank streams alongside every other (one #lsu, ``n_lsus``, for all).
    The streams are weighed by their row-miss time: aligned LSUs all pay
    eq. 10's T_row, so it is their bursts times one constant."""
    charged = [(term, n_lsu) for term, n_lsu in zip(terms, n_lsus, strict=True) if term.row_time != 0]
    if any(term.params.random or term.params.variant is not Variant.ALIGNED for term, _n in charged):
        return  # a data-dependent (or write-ack, non-aligned) stream opens rows by itself
    if len(charged) < 2 or len({n_lsu for _term, n_lsu in charged}) != 1:
        return
    per_stream: dict[str, Expr] = {}
    for term, _n in charged:
        key = term.params.access_key
        per_stream[key] = per_stream.get(key, sympy.Integer(0)) + term.row_time
    if len(per_stream) < 2:
        return
    streams = list(per_stream.values())
    # an access made a fixed number of times (a final `Z[0] = acc`) adds a
    # constant number of turns: negligible beside streams that grow with the inputs
    streams = [stream for stream in streams if stream.free_symbols] or streams
    if len(streams) < 2:
        return
    shares = [sympy.cancel(stream / streams[0]) for stream in streams]
    ratio: Expr
    if all(isinstance(share, sympy.Number) for share in shares):
        # the usual case: the counts differ by constant factors, the cap is a number
        numbers = [float(share) for share in shares]
        bound = 2 * (sum(numbers) - max(numbers)) / sum(numbers)
        if bound >= 1:
            return  # no stream outweighs the others together: eq. 8 as printed
        ratio = sympy.Float(bound)
    else:
        total = sympy.Add(*streams)
        ratio = smin(sympy.Integer(1), 2 * (total - smax(*streams)) / total)
    for term, _n in charged:
        term.t_ovh = term.t_ovh - term.row_time + ratio * term.row_time
        term.row_time = ratio * term.row_time
        term.total = term.t_ideal + term.t_ovh
        term.notes.append("eq. 8's row misses capped at twice the bursts of the bank's smaller streams"
                          " (a row opens only when the bank turns from one stream to another; decision 55)")


def bank_time(terms: Sequence[LsuTerm]) -> Expr:
    """Eq. 2: T_bank = sum_i delta_i (T_ideal_i + T_ovh_i)."""
    return sympy.Add(*[term.total for term in terms]) if terms else sympy.Integer(0)


def kernel_time(bank_times: Sequence[Expr]) -> Expr:
    """Eq. 1: T_est = max over banks of T_bank."""
    if not bank_times:
        return sympy.Integer(0)
    return smax(*bank_times)
