"""Analysis results: what the analyzer computes from a :class:`Design`.

Kept apart from the model so a parsed design is never mutated by an analysis
(what-if queries re-run the analysis with other assignments). Reporters take
an :class:`AnalysisResult` and nothing else.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from hlsight.core.diagnostics import Diagnostic
from hlsight.core.model import LSU, Design, Kernel, Loop, SourceLocation

if TYPE_CHECKING:  # the source front end's type; results stay importable without pycparser
    from hlsight.analyzer.access.branch_arms import BranchArm


@dataclass
class AccessFacts:
    """What static analysis of the kernel source says about one LSU's
    accesses (produced by :mod:`hlsight.analyzer.access`).

    ``stride``/``offset``/``accesses`` are sympy expressions kept as strings
    so results stay free of sympy objects; ``explanation`` is the human
    sentence shown in reports ("stride 3 from `x[3*i+1]`").
    """

    stride: str | None = None
    offset: str | None = None
    element_bytes: int | None = None
    accesses: str | None = None
    data_dependent: bool = False
    expression: str | None = None
    explanation: str | None = None
    #: requests the LSU issues: pipeline iterations that fire it (accesses
    #: over the elements one request carries: unrolled lanes, merged
    #: neighbours, SIMD lanes). Per-lane LSUs of one access fire every
    #: iteration, so they keep the access's count.
    requests: str | None = None
    #: a cached load whose re-reads its cache holds: the reads that reach
    #: the DRAM (:mod:`hlsight.analyzer.access.cache_reuse`); ``None``: every access does
    dram_reads: str | None = None


@dataclass(frozen=True)
class AxiFacts:
    """What the source says one m_axi bundle of a top function moves per call
    (:mod:`hlsight.analyzer.access.axi_derive`): ``bytes`` as an expression
    of the function's arguments, whether every access is consecutive, the
    bytes of one access when they agree, and the accesses counted.
    ``bytes`` is ``None`` when an access's count or size is not in the
    source: the bundle keeps its symbol, and the direction and pattern of
    its accesses still time it (a public Vitis 2020.1 vdot's strided loads
    and stores read "consecutive bursts assumed" and "timed as reads")."""

    bytes: str | None
    consecutive: bool
    access_bytes: int | None
    how: str
    #: ``read``, ``write`` or ``readwrite`` by the accesses counted (loads,
    #: stores); ``None`` when none was
    direction: str | None = None
    #: the accesses counted whatever branch a run takes (``switch`` arms,
    #: conditions the count could not read): ``bytes`` is then an upper bound
    upper_bound: tuple[str, ...] = ()
    #: where ``consecutive`` is false only for strides of kernel arguments
    #: (``B[k * N + j]``: N elements): those strides, which the values given
    #: may make 1 (a public Vitis 2025.1 GEMM's vector launches, N = 1)
    strided_by: tuple[str, ...] = ()


@dataclass(frozen=True)
class ChannelBalance:
    """One channel whose writes and reads the sources count exactly
    (:mod:`hlsight.analyzer.access.channel_trips`): with the host's values
    the two must agree, or a blocking end waits for ever."""

    channel: str
    writers: tuple[str, ...]
    readers: tuple[str, ...]
    #: counts over one launch, as expressions of the kernels' arguments
    writes: str
    reads: str
    where: SourceLocation


@dataclass
class SourceFacts:
    """What the source analysis derived about a design, kept beside it.

    The parsed :class:`Design` is never written to, so one parsed design can
    be analysed many times (what-if, with and without derivation). Facts are
    looked up by the LSU / loop object of that design (its identity: the
    model's dataclasses compare by value and two LSUs may look alike); the
    facts hold those objects, so identities stay unique.

    ``trips`` are trip counts per entry of a report loop as expressions of
    kernel arguments (source iterations divided by the loop's
    ``unroll_factor``); ``diagnostics`` explain every number.
    """

    diagnostics: list[Diagnostic] = field(default_factory=list)
    _access: dict[int, tuple[LSU, AccessFacts]] = field(default_factory=dict, repr=False)
    _trips: dict[int, tuple[Loop, str]] = field(default_factory=dict, repr=False)
    #: report loops with a count that a ``loop_tripcount`` pragma set, and
    #: the source's expression for them (used when its arguments are given)
    _pragma_trips: dict[int, tuple[Loop, str, str]] = field(default_factory=dict, repr=False)
    _ii_reasons: dict[int, tuple[Loop, str]] = field(default_factory=dict, repr=False)
    _requested_ii: dict[int, tuple[Loop, int]] = field(default_factory=dict, repr=False)
    _loop_places: dict[int, tuple[Loop, SourceLocation]] = field(default_factory=dict, repr=False)
    #: where the source defines a Vivado/Vitis top the report places nowhere
    _kernel_places: dict[str, SourceLocation] = field(default_factory=dict, repr=False)
    #: an outlined loop the report shows at the top level -> the report loop
    #: its source loop is inside, and where (``kernel.cpp:31-38``)
    _source_hosts: dict[int, tuple[Loop, Loop, str]] = field(default_factory=dict, repr=False)
    #: (module, instance) -> the report loop its one source call is inside, and the call's place
    _instance_hosts: dict[tuple[str, str], tuple[Loop | None, str]] = field(default_factory=dict, repr=False)
    #: (module, instance) -> the report loops its several source calls are inside
    _instance_loops: dict[tuple[str, str], list[Loop]] = field(default_factory=dict, repr=False)
    #: the ``if``/``switch`` arms a report loop's matched source loop runs under
    _loop_guards: dict[int, tuple[Loop, tuple[BranchArm, ...]]] = field(default_factory=dict, repr=False)
    #: report loops the source could not count because their file's headers
    #: were not found, and which (``"atax.h"``)
    _missing_headers: dict[int, tuple[Loop, tuple[str, ...]]] = field(default_factory=dict, repr=False)
    #: report loops whose source loop carries a ``loop_coalesce`` the report
    #: lists no "Coalesced loop" entry for: the merged levels' iterations
    #: per iteration of the loop's own level
    _merged_trips: dict[int, tuple[Loop, str]] = field(default_factory=dict, repr=False)
    #: names of the source files read that are not the ones compiled (another
    #: revision: :mod:`~hlsight.analyzer.access.aoc_moved_lines`): no line of
    #: theirs is quoted for a report place
    stale_files: set[str] = field(default_factory=set)
    _barrier_modes: dict[int, tuple[Kernel, str]] = field(default_factory=dict, repr=False)
    #: LSUs the report links to no memory whose source line reads a
    #: ``__constant`` argument: the constant cache serves them (by LSU id)
    _constant_cache: dict[int, tuple[LSU, str]] = field(default_factory=dict, repr=False)
    _axi: dict[tuple[str, str], AxiFacts] = field(default_factory=dict, repr=False)
    #: how to list each kernel's scalar arguments (OpenCL by-value
    #: parameters, SYCL captured host scalars): the host program sets them,
    #: so ``--set`` takes every one of them. Listed on first use only: a
    #: SYCL lambda is walked once more for it (~50 ms on kmers), which a
    #: run whose names the model already knows never needs.
    _argument_finders: dict[str, Callable[[], list[str]]] = field(default_factory=dict, repr=False)
    _arguments: dict[str, list[str]] | None = field(default=None, repr=False)
    #: the floating-point ones among them (``float alpha``), listed on first use as well
    _real_argument_finders: dict[str, Callable[[], list[str]]] = field(default_factory=dict, repr=False)
    _unsigned_argument_finders: dict[str, Callable[[], list[str]]] = field(default_factory=dict, repr=False)
    #: kernel -> (sentence, upper bound) for each endless loop its channel's writers counted
    _fed_loops: dict[str, list[tuple[str, bool]]] = field(default_factory=dict, repr=False)
    #: kernel -> what its counts assume that no report or measurement says
    #: (decision 65: sizes read from a buffer no other argument shares),
    #: said beside the estimate as a caution
    _assumed: dict[str, list[str]] = field(default_factory=dict, repr=False)
    #: kernel -> (NDRange dimensions its source reads, what shows the highest)
    _dimensions: dict[str, tuple[int, str]] = field(default_factory=dict, repr=False)
    #: channels whose both ends the sources count exactly
    channel_balances: list[ChannelBalance] = field(default_factory=list)

    def access(self, lsu: LSU) -> AccessFacts | None:
        found = self._access.get(id(lsu))
        return None if found is None else found[1]

    def trip(self, loop: Loop) -> str | None:
        found = self._trips.get(id(loop))
        return None if found is None else found[1]

    def merged_trip(self, loop: Loop) -> str | None:
        """Iterations the levels a source ``loop_coalesce`` merges into
        ``loop`` add per iteration of its own level (the report's "tc"),
        where the report lists no "Coalesced loop" entry for them."""
        found = self._merged_trips.get(id(loop))
        return None if found is None else found[1]

    def set_merged_trip(self, loop: Loop, expression: str) -> None:
        self._merged_trips[id(loop)] = (loop, expression)

    def set_access(self, lsu: LSU, facts: AccessFacts) -> None:
        self._access[id(lsu)] = (lsu, facts)  # holding the LSU keeps its id unique

    def set_trip(self, loop: Loop, expression: str) -> None:
        self._trips[id(loop)] = (loop, expression)

    def add_fed_loop(self, kernel: str, sentence: str, upper_bound: bool) -> None:
        """An endless loop of ``kernel`` counted from the channel that feeds it (:mod:`channel_trips`)."""
        self._fed_loops.setdefault(kernel, []).append((sentence, upper_bound))

    def add_assumed(self, kernel: str, sentence: str) -> None:
        """A sentence of what ``kernel``'s counts assume (said with its estimate)."""
        self._assumed.setdefault(kernel, []).append(sentence)

    def assumed(self, kernel: str) -> list[str]:
        return list(self._assumed.get(kernel, ()))

    def fed_loops(self, kernel: str) -> list[tuple[str, bool]]:
        """(sentence, whether the count is an upper bound) per counted endless loop of ``kernel``."""
        return list(self._fed_loops.get(kernel, ()))

    def rewrite_expressions(self, rewrite: Callable[[str], str]) -> None:
        """Pass every stored count and trip expression through ``rewrite``
        (a loop count solved after the walk, :mod:`channel_trips`, put in
        place of its symbol); explanations keep the words they were made with."""
        for key, (lsu, access) in list(self._access.items()):
            self._access[key] = (lsu, replace(
                access,
                accesses=None if access.accesses is None else rewrite(access.accesses),
                requests=None if access.requests is None else rewrite(access.requests)))
        for key, (loop, trip) in list(self._trips.items()):
            self._trips[key] = (loop, rewrite(trip))
        for key, (loop, expression, pragma) in list(self._pragma_trips.items()):
            self._pragma_trips[key] = (loop, rewrite(expression), pragma)
        for key, (loop, merged) in list(self._merged_trips.items()):
            self._merged_trips[key] = (loop, rewrite(merged))

    def set_argument_finder(self, kernel: str, finder: Callable[[], list[str]],
                            real_finder: Callable[[], list[str]] | None = None,
                            unsigned_finder: Callable[[], list[str]] | None = None) -> None:
        self._argument_finders[kernel] = finder
        if real_finder is not None:
            self._real_argument_finders[kernel] = real_finder
        if unsigned_finder is not None:
            self._unsigned_argument_finders[kernel] = unsigned_finder
        self._arguments = None

    def set_dimensions(self, kernel: str, count: int, evidence: str) -> None:
        self._dimensions[kernel] = (count, evidence)

    def dimensions(self, kernel: str) -> tuple[int, str] | None:
        """The NDRange dimensions ``kernel``'s source reads (1..3) and what
        shows the highest one (``get_global_id(1) at mm.cl:45``), or ``None``
        without a source: a launch's sizes per dimension are checked against it."""
        return self._dimensions.get(kernel)

    def unsigned_arguments(self) -> dict[str, str]:
        """Unsigned scalar arguments (``const unsigned int offset``) -> the
        first kernel declaring one so: no host sets such a value below 0
        (``clSetKernelArg`` of a ``cl_uint`` -64 passes 4,294,967,232)."""
        found: dict[str, str] = {}
        for kernel, finder in self._unsigned_argument_finders.items():
            for name in finder():
                found.setdefault(name, kernel)
        return found

    def real_arguments(self) -> set[str]:
        """Names of floating-point scalar arguments in any kernel: values
        that may be fractions, where an integer argument counts something."""
        return {name for finder in self._real_argument_finders.values() for name in finder()}

    def kernel_arguments(self) -> dict[str, list[str]]:
        """Scalar arguments per kernel name (listed once, on first use)."""
        if self._arguments is None:
            self._arguments = {kernel: finder() for kernel, finder in self._argument_finders.items()}
        return self._arguments

    def axi(self, module: str, port: str) -> AxiFacts | None:
        """The source's traffic of m_axi interface ``port`` of ``module``."""
        return self._axi.get((module, port))

    def set_axi(self, module: str, port: str, facts: AxiFacts) -> None:
        self._axi[(module, port)] = facts

    def all_axi(self) -> list[AxiFacts]:
        return list(self._axi.values())

    def barrier_mode(self, kernel: Kernel) -> str | None:
        """Why ``kernel`` runs in FlexCL barrier mode (eq. 10), or ``None``."""
        found = self._barrier_modes.get(id(kernel))
        return None if found is None else found[1]

    def set_barrier_mode(self, kernel: Kernel, reason: str) -> None:
        self._barrier_modes[id(kernel)] = (kernel, reason)

    def constant_cache(self, lsu: LSU) -> str | None:
        """The ``__constant`` access (source text) the constant cache serves
        for ``lsu``, or ``None``."""
        found = self._constant_cache.get(id(lsu))
        return None if found is None else found[1]

    def set_constant_cache(self, lsu: LSU, access: str) -> None:
        self._constant_cache[id(lsu)] = (lsu, access)

    def items(self) -> list[tuple[LSU, AccessFacts]]:
        """Every LSU with derived facts, in derivation order."""
        return list(self._access.values())

    def all_access(self) -> list[AccessFacts]:
        return [facts for _lsu, facts in self._access.values()]

    def all_trips(self) -> list[str]:
        return [expression for _loop, expression in self._trips.values()] + \
            [expression for _loop, expression, _pragma in self._pragma_trips.values()]

    def counts(self) -> list[tuple[str, str]]:
        """Every count derived from the source, as (what it counts, its
        expression): loop trip counts, LSU access and request counts, m_axi
        bundle bytes. A name in one of them counts work, so it cannot be
        negative (:mod:`hlsight.analyzer.count_arguments`)."""
        found = [(f"the trip count of loop {loop.name}", expression) for loop, expression in self._trips.values()]
        found += [(f"the trip count of loop {loop.name}", expression)
                  for loop, expression, _pragma in self._pragma_trips.values()]
        for lsu, facts in self._access.values():
            found += [(f"the {what} count of LSU {lsu.id}", expression)
                      for what, expression in (("access", facts.accesses), ("request", facts.requests))
                      if expression is not None]
        found += [(f"the bytes of m_axi bundle {port} of {module}", facts.bytes)
                  for (module, port), facts in self._axi.items() if facts.bytes is not None]
        return found

    def set_ii_reason(self, loop: Loop, reason: str) -> None:
        self._ii_reasons[id(loop)] = (loop, reason)

    def ii_reason(self, loop: Loop) -> str | None:
        """Why the source says a pipelined loop runs at its II (memory ports),
        for a loop whose report gives no reason."""
        found = self._ii_reasons.get(id(loop))
        return None if found is None else found[1]

    def set_loop_place(self, loop: Loop, place: SourceLocation) -> None:
        self._loop_places[id(loop)] = (loop, place)

    def set_instance_host(self, module: str, instance: str, host: Loop | None, where: str) -> None:
        self._instance_hosts[(module, instance)] = (host, where)

    def instance_host(self, module: str, instance: str) -> tuple[Loop | None, str] | None:
        """Where the source calls ``instance`` of ``module``: the report loop
        its one call is inside (``None``: outside every loop) and the call's
        place (``sign.c:112``); ``None`` when the source does not say."""
        return self._instance_hosts.get((module, instance))

    def set_instance_loops(self, module: str, instance: str, loops: list[Loop]) -> None:
        self._instance_loops[(module, instance)] = loops

    def instance_loops(self, module: str) -> dict[str, frozenset[int]]:
        """Instance -> ``id`` of the report loops of ``module`` the source
        calls it in, for every call the walk met (the only loops that may
        hold it; none: every call is outside the loops)."""
        return {instance: frozenset(id(loop) for loop in loops)
                for (owner, instance), loops in self._instance_loops.items() if owner == module}

    def set_source_host(self, loop: Loop, host: Loop, where: str) -> None:
        self._source_hosts[id(loop)] = (loop, host, where)

    def source_host(self, loop: Loop) -> tuple[Loop, str] | None:
        """The report loop the source nests ``loop`` in (an outlined loop the
        report could not place), and the source lines that say so."""
        found = self._source_hosts.get(id(loop))
        return None if found is None else (found[1], found[2])

    def loop_location(self, loop: Loop) -> SourceLocation | None:
        """Where a user opens a report loop: the report's own place (a
        Vitis name's line), else the source loop the analysis matched it to
        (a Vivado ``Loop 2`` the report places nowhere; a label the report's
        operations place in an inlined helper's file: a public
        convolution's ``TILE_COL`` at ``utils.cpp:45``, written at
        ``tiled_conv.cpp:79``), else the report's guess."""
        found = self._loop_places.get(id(loop))
        return loop_place(loop, None if found is None else found[1])

    def set_kernel_place(self, kernel: str, place: SourceLocation) -> None:
        self._kernel_places[kernel] = place

    def kernel_location(self, kernel: Kernel) -> SourceLocation | None:
        """Where a user opens a kernel: the report's place, else where the
        source analysis found its definition (a Vivado/Vitis report names no
        line for its top: a public Fibonacci's JSON said ``"file": null``
        while its source was read and its loop placed)."""
        return kernel.location or self._kernel_places.get(kernel.name)

    def set_loop_guards(self, loop: Loop, guards: tuple[BranchArm, ...]) -> None:
        self._loop_guards[id(loop)] = (loop, guards)

    def loop_guards(self, loop: Loop) -> tuple[BranchArm, ...]:
        """The tests the source loop matched to ``loop`` runs under since its
        enclosing loop (none known: empty)."""
        found = self._loop_guards.get(id(loop))
        return () if found is None else found[1]

    def set_missing_headers(self, loop: Loop, headers: tuple[str, ...]) -> None:
        self._missing_headers[id(loop)] = (loop, headers)

    def missing_headers(self, loop: Loop) -> tuple[str, ...]:
        """The headers ``loop``'s file includes that were not found, where
        its count could not be read from the source (a bound they may
        define); empty otherwise."""
        found = self._missing_headers.get(id(loop))
        return () if found is None else found[1]

    def set_requested_ii(self, loop: Loop, ii: int) -> None:
        self._requested_ii[id(loop)] = (loop, ii)

    def requested_ii(self, loop: Loop) -> int | None:
        """N of the ``#pragma HLS pipeline II=N`` on the source loop a
        report loop stands for (the innermost level of a flattened nest)."""
        found = self._requested_ii.get(id(loop))
        return None if found is None else found[1]

    def set_pragma_trip(self, loop: Loop, expression: str, pragma: str) -> None:
        self._pragma_trips[id(loop)] = (loop, expression, pragma)

    def pragma_trip(self, loop: Loop) -> tuple[str, str] | None:
        """(source expression per iteration of the report's loop, the pragma
        as said: ``'HLS LOOP_TRIPCOUNT max=4096' over its 16x unroll``) of a
        loop whose report count is a ``loop_tripcount`` pragma's."""
        found = self._pragma_trips.get(id(loop))
        return None if found is None else (found[1], found[2])


@dataclass
class TermEstimate:
    """Time of one LSU (or one loop) inside a bank/kernel estimate.

    ``ideal_s``/``overhead_s`` are T_ideal and T_ovh of the memory model
    (seconds, ``None`` while free symbols remain); ``expression`` is the
    sympy expression of their sum.
    """

    subject: str
    ideal_s: float | None = None
    overhead_s: float | None = None
    expression: Any = None
    model: str = ""
    memory: str | None = None
    notes: list[str] = field(default_factory=list)
    #: the free names of the LSU's own inputs (its stride, bytes and count):
    #: ``expression`` may also hold other LSUs' (eq. 8's cap on a shared bank
    #: weighs every stream), which are not this LSU's to ask for
    own_symbols: frozenset[str] = frozenset()


@dataclass
class BankEstimate:
    """Time of one DDR bank / HBM pseudo-channel (T_bank).

    ``ideal_s``/``overhead_s`` are the sums of its LSUs' T_ideal and T_ovh
    (T_bank = sum of T_ideal + T_ovh, journal eq. 2), ``None`` while one of
    them is symbolic or the bank time is not split into terms.
    """

    name: str
    seconds: float | None
    expression: Any = None
    lsus: list[str] = field(default_factory=list)
    ideal_s: float | None = None
    overhead_s: float | None = None


@dataclass
class LsuFacts:
    """The memory model's numbers for one LSU, evaluated at the values used
    (bottleneck hints and the bandwidth chart read these, so they never
    disagree with the estimate).

    ``f_min_hz`` is the kernel clock at which the LSU saturates its memory,
    f_min = bw_dram * stride / width (journal eq. 5); ``f_max_hz`` the kernel
    clock used (``fmax``). ``demand_bps`` = f_max * width / stride is what the
    LSU asks of the memory, ``supply_bps`` = f_min * width / stride the
    bandwidth the memory gives (eq. 5 solved for bw_dram); saturated
    (eqs. 4/7) when demand reaches supply. In both, ``width`` is what reaches
    the memory per kernel cycle: the LSU's width, at most the board's bus
    (``bus_bytes``). ``None``: a value is missing.
    """

    bank: str
    lsus_in_bank: int
    variant: str
    width_bytes: int
    stride: float | None = None
    #: bytes of one access (ls_bytes): a stride costs at most dq*bl / ls_bytes
    access_bytes: float | None = None
    f_min_hz: float | None = None
    #: the kernel clock from which the LSU saturates: f_min, halved by eq. 6
    #: when accesses share the bank, at least the clock at which the board's
    #: bus to the bank carries bw_dram (``memory_model.saturating_clock``)
    f_need_hz: float | None = None
    #: bytes per kernel cycle the board's buses to the memory carry (0: not
    #: known) and their name ("512-bit interface to the bank")
    bus_bytes: int = 0
    bus_name: str = ""
    f_max_hz: float | None = None
    demand_bps: float | None = None
    supply_bps: float | None = None
    saturated: bool | None = None
    t_ovh_s: float | None = None
    t_total_s: float | None = None
    bank_s: float | None = None
    #: global accesses on the bank (#lsu of eqs. 6 and 8): the per-lane LSUs
    #: of one access count once (:func:`memory_model.accesses_in_bank`)
    accesses_in_bank: int = 1
    #: the LSUs aoc built on this bank for this LSU's access: > 1 where it
    #: split the access into per-lane LSUs, whose lanes are not contiguous
    #: (decision 10); SIMD or unrolling then adds LSUs, not width
    split_into: int = 1
    #: the access count grows with the inputs (False: a fixed number of
    #: accesses, e.g. a final ``Z[0] = acc``: no bandwidth hint applies)
    scales: bool = True

    @property
    def f_min_mhz(self) -> float | None:
        return None if self.f_min_hz is None else self.f_min_hz / 1e6

    @property
    def f_need_mhz(self) -> float | None:
        return None if self.f_need_hz is None else self.f_need_hz / 1e6

    @property
    def f_max_mhz(self) -> float | None:
        return None if self.f_max_hz is None else self.f_max_hz / 1e6

    @property
    def bus_caps_width(self) -> bool:
        """The board's bus to the bank is no wider than the LSU: eq. 5 already
        uses the bus's width, so a wider LSU cannot lower f_min (section 7.2)."""
        return bool(self.bus_bytes) and self.width_bytes >= self.bus_bytes


@dataclass
class CyclePart:
    """One loop or sub-module of a Vivado/Vitis module and its cycles (the
    value at the known trip counts, ``None`` while symbolic)."""

    name: str
    kind: str  # "loop" or "module"
    cycles: float | None
    expression: Any = None


class CycleCaveat(enum.Enum):
    """What a composed cycle count took where the report could not say more.

    Set by the composer where it writes the note that explains it, so that
    what reads the estimate (the co-simulation comparison, JSON) tests a
    flag, not the note's wording.
    """

    #: the worst of a range or of exclusive paths was taken (a branch, a
    #: conditional call, a module with nothing to compose it from)
    WORST_CASE = "worst-case"
    #: a part is left out or assumed (a "?" latency: none counted, an
    #: iteration latency or II of 1 assumed): the count is a lower bound
    UNCOUNTED = "uncounted"
    #: a module's or loop's own control cycles beyond its parts, its report
    #: latency "?": none counted, a few cycles an entry (a lower bound too,
    #: but one the number does not lead with: every module with a loop of
    #: unknown trips has one)
    CONTROL_UNKNOWN = "control-unknown"
    #: values given inside a module its report latency stands for (a
    #: truncated instance table): the report's number is used without them,
    #: neither a lower nor an upper bound of the count at those values
    GIVEN_UNUSED = "given-unused"
    #: a loop counted at its report's ``loop_tripcount`` pragma value while
    #: the source's count of it waits for values not given: the count holds
    #: at that assumption only, so it bounds nothing (no "at least" floor
    #: of a symbolic number, no "at most")
    ASSUMED_TRIP = "assumed-trip"


#: The fewest cycles a pass of a non-pipelined loop takes beyond its parts
#: where the report's iteration latency is "?": the state of its exit test.
#: Every non-pipelined loop of the corpus with one sub-loop of known latency
#: spends 2 or more (19 loops, 2015.3 to 2022.1); a public MachSuite spmv
#: spends 4 a row. ``analyze`` (vivado_cycles) and ``simulate`` (the
#: instrumentation plan) count it alike, and the count is a lower bound.
LOOP_PASS_MIN_CYCLES = 1


@dataclass(frozen=True)
class BranchLoop:
    """A loop whose iterations take one of two paths the report only gives
    as a range (``4,102 ~ 8,201`` cycles) and the estimate counts at the
    long one: ``name`` is its symbol stem (``loop.rsaModExp.Loop_1``)."""

    name: str
    label: str
    short: int
    long: int


@dataclass
class CycleEstimate:
    """Cycles first (issue 12): the composed cycles of a Vivado/Vitis module
    and their time at the target and at the estimated clock, each named.

    ``expression`` holds only trip-count symbols (no clock, no float noise);
    ``seconds_target``/``seconds_estimated`` are ``None`` while symbolic.
    """

    expression: Any
    cycles: float | None
    clock_target_ns: float | None
    clock_estimated_ns: float | None
    seconds_target: float | None
    seconds_estimated: float | None
    #: The clock the primary estimate uses ("target", "estimated", "post-route": the target
    #: was not met after place and route, or "--set fmax").
    clock_used: str = "target"
    #: ``--set fmax``: its period and the time at it (shown first: it is the number's clock)
    clock_given_ns: float | None = None
    seconds_given: float | None = None
    #: the exported RTL's place-and-route clock (``<top>_export.rpt``) and the time at it: it
    #: replaces the scheduler's estimate, which no placed design reaches by itself
    clock_routed_ns: float | None = None
    seconds_routed: float | None = None
    #: the step that clock is from: "place-and-route", or "implementation" where a pre-2017 report does not say
    clock_routed_step: str = "place-and-route"
    report_min: int | None = None
    report_max: int | None = None
    #: the report's interval where calls overlap (below the latency: a pipelined or dataflow top
    #: takes a new call every this many cycles; a public 2023.1 top: latency 3, interval 1)
    report_interval: int | None = None
    parts: list[CyclePart] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: what the count took where the report could not say more (the notes say where)
    caveats: frozenset[CycleCaveat] = frozenset()
    #: loops counted at the long path of a branch, and the count with all of
    #: them at the short one (what a measurement is placed between)
    branches: list[BranchLoop] = field(default_factory=list)
    cycles_short: float | None = None
    #: a dataflow region whose processes ran one after another (their sum, not the longest)
    dataflow_in_sequence: bool = False
    #: of such a region, the processes that ran beside its chain ("" where all were in it)
    dataflow_beside: str = ""


@dataclass(frozen=True)
class BoundTerms:
    """The unsubstituted parts analyze reads a kernel's bound from (eq. 7's
    classification, then :func:`bound_label`), kept so ``whatif`` reads its
    per-point bound the same way at other values, not a simpler rule of its
    own (it said "memory" where analyze said "memory (non-saturated)").

    ``memory`` is the memory model's time, ``compute`` the pipeline time
    eq. 7 compares it with (``None`` while it waits for trip counts),
    ``pipeline`` the pipeline time shown beside the number, ``saturated``
    the eq. 7 saturation (a sympy boolean); ``host_lsus``: untimed host
    transfers make the bound unknown."""

    memory: Any = None
    compute: Any = None
    pipeline: Any = None
    saturated: Any = None
    host_lsus: bool = False


@dataclass
class KernelEstimate:
    """The run-time estimate of one kernel.

    ``bound`` is ``"memory"``, ``"compute"`` or ``"unknown"``; ``model`` names
    the model and equations used; ``alternatives`` holds other models'
    estimates of the same kernel for side-by-side display.

    ``expression`` is the estimate at the values used; ``symbolic`` the
    model's unsubstituted form (what-if queries rebind it; reports show it
    so the formula stays readable after ``--set``). ``values`` are the values
    substituted (report fmax, profile f_dram, the user's; fmax/f_dram in
    MHz), ``profile`` the memory profile. ``memory_seconds`` and
    ``memory_saturated`` are the Davila-Guzman memory time (eq. 1) and eq. 7
    classification, ``compute_seconds`` the FlexCL pipeline time,
    ``bus_occupancy_seconds`` HLScope+ t_BO (eq. 15); ``lsu_facts`` the
    per-LSU numbers by LSU id.
    """

    kernel: str
    seconds: float | None
    bound: str
    expression: Any
    free_symbols: list[str]
    model: str
    assumptions: list[str] = field(default_factory=list)
    per_bank: list[BankEstimate] = field(default_factory=list)
    per_lsu: list[TermEstimate] = field(default_factory=list)
    alternatives: list[KernelEstimate] = field(default_factory=list)
    symbolic: Any = None
    values: dict[str, float] = field(default_factory=dict)
    profile: str | None = None
    memory_seconds: float | None = None
    memory_saturated: bool | None = None
    compute_seconds: float | None = None
    bus_occupancy_seconds: float | None = None
    lsu_facts: dict[str, LsuFacts] = field(default_factory=dict)
    #: why memory and pipeline time add (FlexCL eq. 10, barrier mode); ``None``: they overlap (eq. 12)
    barrier_mode: str | None = None
    #: HLScope+ without dataflow (eq. 14): the DRAM's waits (first-access
    #: latencies and the bus's excess over the schedule's own transfer time)
    #: added to the schedule, ``compute_seconds``; ``None``: not a sum, or not known
    dram_wait_seconds: float | None = None
    #: where this model class was measurably off on real kernels (shown beside the number)
    caveats: list[str] = field(default_factory=list)
    #: what the time leaves out: kernels with nothing in the report to time
    #: them by, a Vivado/Vitis module's schedule, or the "?" parts its count
    #: takes at their fewest; non-empty makes ``seconds`` a lower bound
    left_out: list[str] = field(default_factory=list)
    #: LSUs whose transfers the number leaves out (a USM/SVM BSP's host
    #: memory, the constant cache): non-empty makes ``seconds`` a lower bound
    untimed_lsus: list[str] = field(default_factory=list)
    #: what the time counts at its worst where the report gives a range it
    #: cannot resolve (a branch's long path in every iteration, a module's
    #: maximum): non-empty, with nothing left out, makes ``seconds`` an
    #: upper bound ("at most")
    worst_case: list[str] = field(default_factory=list)
    #: Vivado/Vitis modules: the composed cycles and their times per clock.
    cycles: CycleEstimate | None = None
    #: names a part this number leaves out still needs (a pipeline time
    #: waiting for loop trip counts): give them and the number is complete
    pending_symbols: list[str] = field(default_factory=list)
    #: with ``[[launch]]`` tables: the one launch this kernel's estimate is
    #: of (``[[launch]] #2 (comp_exit=100000, rem_rows=5)``); the design time is their sum
    launch: str | None = None
    #: what the bound is read from at other values (``whatif``): the kernel's
    #: own parts, or for a sum of sequential groups each group's time and
    #: parts (the design reads the slowest group's bound); empty: not kept
    bound_terms: BoundTerms | None = None
    bound_groups: list[tuple[Any, BoundTerms]] = field(default_factory=list)
    #: a design estimate's kernel groups by name, in design order: the kernels
    #: of one group run at the same time (joined by channels/pipes, or hints
    #: ``concurrent``), the groups one after another. The estimate is built
    #: from them, so the hints read them here rather than grouping again
    #: (a second grouping could disagree with the number). Empty for one
    #: kernel's estimate.
    concurrent_groups: list[list[str]] = field(default_factory=list)
    #: the memory time of each of ``concurrent_groups`` as the estimate
    #: pooled it (its LSUs on shared banks, eq. 2), ``None`` where a group has
    #: none; empty where the estimate did not pool (one kernel, Vivado/Vitis)
    group_memory_seconds: list[float | None] = field(default_factory=list)


@dataclass(frozen=True)
class ClockBand:
    """The design time over the clocks place-and-route gave real designs,
    beside an estimate that rests on the report's unplaced clock
    (:mod:`hlsight.analyzer.clock_band`). ``ratios`` and ``seconds`` are the
    low (10th percentile), median and high (90th percentile) placed / report
    clock and the design time at each."""

    clock_mhz: float
    ratios: tuple[float, float, float]
    seconds: tuple[float, float, float]
    designs: int
    source: str


@dataclass
class CosimComparison:
    """A top function's cycle estimate beside the latency C/RTL co-simulation
    measured for the testbench's inputs (HLScope+ Table III: the reference a
    cycle estimate is judged against).

    ``error`` is (estimate - measured average) / measured average, ``None``
    while the estimate is symbolic; ``implied`` then holds, for an estimate
    with one unknown trip count, the value that makes it equal the measured
    latency (what the testbench ran, if the model holds), unless the
    estimate leaves parts uncounted (``uncounted``).
    """

    top: str
    report: str
    language: str
    simulator: str | None
    status: str
    measured_min: float | None
    measured_avg: float | None
    measured_max: float | None
    estimate_cycles: float | None
    error: float | None = None
    implied: dict[str, float] = field(default_factory=dict)
    #: the estimate leaves parts uncounted (a "?" latency): no value is implied
    uncounted: bool = False
    #: "<cosim date> before <synthesis date>": the measurement may be an earlier design's
    older_than_synthesis: str | None = None
    #: the stalls the run injected on purpose (:attr:`CosimReport.stalls`)
    stalls: str | None = None
    #: the measured interval between calls (average), where calls overlap
    #: (below the latency: a pipelined or dataflow top's throughput)
    measured_interval: float | None = None
    #: the calls queued (each started when the one before it had ended, while
    #: the testbench had given all the inputs already): their latencies count
    #: that wait, and the per-call cost the estimate is compared with is this
    #: average interval (a public 2024.2 FIR: latency 795 ~ 3,173, a call every 788)
    queued_interval: float | None = None
    #: the calls ``simulate`` ran overlapped (the run's interval below their
    #: latency): the run's total cycles over those calls, what each cost in
    #: the run, which the error is against (a public Vitis 2021.2 streaming
    #: BDT, ``ap_ctrl_none``: 10,000 calls, 209,999 cycles, latency 29 on
    #: average, a call every 20)
    run_share: float | None = None
    #: AXI-lite bundles of the top that carry arrays: the measurement includes
    #: the testbench's word-by-word transfers of them
    axi_lite_arrays: list[str] = field(default_factory=list)
    #: the estimate is the mean over this many calls (``[[launch]]`` tables,
    #: or the calls ``simulate`` ran); ``None``: one call at the values given
    estimate_calls: int | None = None
    #: the one loop counted at the long path of a branch: how many of its
    #: iterations on that path give the measured latency (said, never used)
    long_path: LongPath | None = None


@dataclass(frozen=True)
class LongPath:
    """``iterations`` of the ``of`` iterations of loop ``loop`` (short ~ long
    cycles each) on the long path make the estimate equal co-simulation."""

    loop: str
    iterations: float
    of: float
    short: int
    long: int
    #: the name that sets it (``loop.<module>.<loop>.long_iterations``)
    symbol: str = ""


@dataclass
class AnalysisResult:
    """A design plus everything computed about it.

    ``diagnostics`` includes the design's reader diagnostics followed by the
    analyzer's hints; ``assignments`` are the user's ``--set`` values.
    """

    design: Design
    diagnostics: list[Diagnostic] = field(default_factory=list)
    estimates: dict[str, KernelEstimate] = field(default_factory=dict)
    design_estimate: KernelEstimate | None = None
    assignments: dict[str, float] = field(default_factory=dict)
    #: values worked out from the user's, by how (``work_items``: ``global_size0 x
    #: global_size1`` from the launch's sizes); they are in ``assignments`` too
    derived_assignments: dict[str, str] = field(default_factory=dict)
    #: per ``[[launch]]`` entry (hlsight.analyzer.launches.LaunchEstimate);
    #: empty for a single launch with the top-level values
    launches: list[Any] = field(default_factory=list)
    #: the memory profile the estimate used, and why (board rule or --memory)
    memory_profile: str = ""
    memory_profile_why: str = ""
    #: fixed cost per launch included in the design time (profile [launch])
    launch_overhead_s: float = 0.0
    #: where that cost comes from (profile [launch] overhead_source)
    launch_overhead_source: str = ""
    source: SourceFacts = field(default_factory=SourceFacts)
    #: the design time if place-and-route moves the report's clock (``None``: placed or given clock)
    clock_band: ClockBand | None = None
    #: Vivado/Vitis: each top's cycles beside its co-simulated latency
    cosim: list[CosimComparison] = field(default_factory=list)
    #: an OpenCL C kernel's module (one work-group per call): what the design time is of, said beside
    #: it (``4,096 work-items = 8 work-groups of 512 (one call each)``); empty for any other design
    work_groups: str = ""


def loop_place(loop: Loop, matched: SourceLocation | None) -> SourceLocation | None:
    """The report's place of ``loop`` unless it is only the report's guess
    from its operations (``bind-node``) or missing, then ``matched``: the
    source loop the analysis matched it to (:meth:`SourceFacts.loop_location`)."""
    if matched is None or (loop.location is not None and loop.location_basis != "bind-node"):
        return loop.location
    return matched


#: Memory and pipeline times within this fraction of each other bound the kernel together.
BOUND_BALANCE = 0.01


def bound_label(estimate: KernelEstimate) -> str:
    """The bound as the numbers beside it read: ``memory``, ``compute``,
    ``compute+memory``, ``memory (non-saturated)`` or ``""`` (unknown).

    ``bound`` is eq. 7's classification: the model files a kernel whose LSUs
    cannot saturate the DRAM (fmax < f_min) under ``compute``. When that
    memory term is the time printed (kmers: one store taking 100 %;
    stride-3-1-offset1: the store channel), "compute-bound" contradicts the
    shares shown next to it, so it reads ``memory (non-saturated)``: the
    LSUs' issue rate at fmax limits. Blank while the memory term is symbolic
    and the pipeline numeric: which one wins depends on the values. Every
    output (text, HTML, JSON ``bound_label``, SARIF) shows this one reading.
    """
    if estimate.seconds == 0:
        # nothing takes time (a fully unrolled loop without a latency): nothing bounds it either
        return ""
    return read_bound(estimate.bound, estimate.memory_seconds, estimate.compute_seconds, estimate.memory_saturated,
                      bool(estimate.free_symbols or estimate.pending_symbols))


def read_bound(bound: str, memory_s: float | None, compute_s: float | None, saturated: bool | None,
               symbolic: bool) -> str:
    """:func:`bound_label` from the numbers alone (``symbolic``: the
    estimate still has free symbols, or a part waiting for some), so
    ``whatif`` reads each grid point with this same function."""
    if bound == "unknown":
        return ""
    if memory_s and compute_s and abs(memory_s - compute_s) <= BOUND_BALANCE * max(memory_s, compute_s):
        return "compute+memory"  # the LSU issues once per pipeline iteration: both limit alike
    if bound != "compute" or saturated is not False:
        return bound
    if compute_s is None and symbolic:
        # the pipeline waits for a trip count: which one wins depends on it (Intel's
        # speculated_iterations sample read "memory (non-saturated)" for a 1e8-iteration loop;
        # HPCC LINPACK's coalesced nests, whose memory time waits for the same counts)
        return ""
    if compute_s is None or (memory_s is not None and memory_s >= compute_s):
        return "memory (non-saturated)"
    if memory_s is None:
        return ""
    return "compute"
