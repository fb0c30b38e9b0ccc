"""The one typed in-memory model of an HLS design.

Every front end in ``parsers/`` produces a :class:`Design`; every analysis in
``analyzer/`` and every reporter in ``hlsight/reporters`` consumes it. The model
holds *facts read from vendor artifacts* (plus their provenance), never
estimates: estimates live in :mod:`hlsight.analyzer.results` so that one parsed design
can be analysed many times (what-if queries) without mutation.

Design rules (why the types look like this):

* Vendor strings are kept verbatim next to their normalized form (``style_raw``
  next to ``style``), because users recognise the vendor wording and because
  normalisation rules change with tool versions.
* "Unknown" is ``None``, never ``0`` or ``-1``: the reports spell unknown many
  ways (``?``, ``undef``, ``n/a``, ``0`` trip counts...), readers map them all
  to ``None`` so the analyzer can turn them into free symbols.
* No parsing code lives here.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from pathlib import Path

from hlsight.core.diagnostics import Diagnostic

# --------------------------------------------------------------------------- basics


def path_name(path: str) -> str:
    """The file name of a path as a report spells it, POSIX or Windows
    (``C:\\Users\\...\\gaussian.cpp``): ``PurePath(...).name`` on Linux keeps
    a Windows path whole, and a lookup by it never matched."""
    return path.replace("\\", "/").rsplit("/", 1)[-1]


@dataclass(frozen=True)
class SourceLocation:
    """A place in a kernel source file (1-based line, optional 1-based column).

    ``file`` is the path as the vendor report spells it (often absolute on the
    build machine); reporters shorten it for display.
    """

    file: str
    line: int
    column: int | None = None

    def __str__(self) -> str:
        if self.column is not None:
            return f"{self.file}:{self.line}:{self.column}"
        return f"{self.file}:{self.line}"


@dataclass(frozen=True)
class LibraryCall:
    """A call into an RTL library function (aoc ``-l lib.aoclib``).

    The report shows the call as one instruction ("'f' HDL Function Call");
    the library's memory accesses, loops and latency live in its RTL and are
    not in the report, so no model can count them from it.
    """

    function: str
    location: SourceLocation | None = None


@dataclass(frozen=True)
class BoundOperator:
    """An operator a Vitis module binds a variable's operation to, with its
    latency (``csynth.rpt``'s "Bind Op Report", 2021.2 and later): ``sum_1``
    is a ``dadd`` of ``fulldsp`` taking 4 cycles."""

    variable: str
    op: str
    impl: str
    latency: int | None


@dataclass
class SourceFile:
    """A kernel source file, usually embedded in the vendor report.

    ``content`` is ``None`` when the report only names the file (aoc 15.1,
    ``-g0`` builds, Vivado reports).
    """

    path: str
    name: str
    content: str | None = None

    def line_text(self, line: int) -> str | None:
        """Return the text of 1-based ``line`` or ``None`` when unavailable."""
        if self.content is None or line < 1:
            return None
        lines = self.content.splitlines()
        return lines[line - 1] if line <= len(lines) else None


class Vendor(enum.Enum):
    INTEL = "intel"
    XILINX = "xilinx"


class Product(enum.Enum):
    """Which compiler produced the artifacts."""

    AOC = "aoc"  # Intel FPGA SDK for OpenCL
    ONEAPI = "oneapi"  # oneAPI DPC++/SYCL FPGA flow
    IPP = "i++"  # Intel HLS compiler (components)
    VIVADO_HLS = "vivado_hls"
    VITIS_HLS = "vitis_hls"


@dataclass(frozen=True)
class ToolInfo:
    """Producing tool: ``version`` is the normalized dotted version ("19.4.0"),
    ``version_raw`` the vendor string ("19.4.0 Build 64")."""

    vendor: Vendor
    product: Product
    version: str
    version_raw: str = ""
    quartus_version: str | None = None
    command: str | None = None

    def version_tuple(self) -> tuple[int, ...]:
        parts: list[int] = []
        for piece in self.version.split("."):
            if not piece.isdigit():
                break
            parts.append(int(piece))
        return tuple(parts)


@dataclass(frozen=True)
class Device:
    """Target device: family ("Stratix 10"), part number, and board/BSP when
    the flow has one (``s10_ref:s10gx``)."""

    family: str | None = None
    part: str | None = None
    board: str | None = None


# --------------------------------------------------------------------------- memory


class MemoryKind(enum.Enum):
    DDR = "ddr"
    HBM = "hbm"
    QDR = "qdr"
    ONCHIP = "onchip"  # "Local Memory" / "On-chip Memory"
    HOST = "host"  # i++ "System Memory", USM host allocations
    UNKNOWN = "unknown"


@dataclass
class MemorySystem:
    """A global or on-chip memory system as the report names it.

    For HBM boards aoc lists one memory system per pseudo-channel
    (``HBM0``..``HBM31``); ``channel`` carries that index so models can group
    LSUs per pseudo-channel. DDR systems carry their interleaved bank count.
    """

    name: str
    kind: MemoryKind
    is_global: bool
    banks: int = 1
    bank_names: list[str] = field(default_factory=list)
    channel: int | None = None
    report_id: str | None = None
    kernel: str | None = None  # owning kernel for on-chip memories
    details: dict[str, str] = field(default_factory=dict)
    #: width in bits of the kernel-side bus to each channel (bank or
    #: pseudo-channel), one entry per channel, as aoc's Global memory view
    #: of this very build lists them ("Channel DDR Width (bits)": "512, 512");
    #: empty when the report does not say. The analyzer prefers it to the
    #: memory profile's board default (docs/model.md decision 47).
    channel_widths_bits: list[int] = field(default_factory=list)
    #: "Maximum bandwidth the BSP can deliver" (MB/s, all channels together)
    #: in the same view: the BSP's board_spec.xml figure for this build,
    #: whose per-channel share is the data rate the BSP drives the memory at
    #: (decision 48); ``None`` when the report does not say
    bsp_bandwidth_mbs: float | None = None
    #: the report file the widths and bandwidth were read from (for diagnostics)
    memory_view_source: str | None = None


# --------------------------------------------------------------------------- LSUs


class LSUKind(enum.Enum):
    LOAD = "load"
    STORE = "store"
    ATOMIC = "atomic"


class LSUStyle(enum.Enum):
    """Normalized load-store-unit micro-architecture.

    Modifiers that the vendor folds into the style string (non-aligned,
    write-ack, cached, never-stall) are separate boolean fields on :class:`LSU`
    because the memory model treats them orthogonally (eqs. 8-14 of the
    Dávila-Guzmán journal model).
    """

    BURST_COALESCED = "burst-coalesced"
    PREFETCHING = "prefetching"
    STREAMING = "streaming"
    SEMI_STREAMING = "semi-streaming"
    SIMPLE = "simple"
    PIPELINED = "pipelined"
    ATOMIC_PIPELINED = "atomic-pipelined"
    UNKNOWN = "unknown"


@dataclass
class RtlLsuParams:
    """Parameters of one ``lsu_top`` instance found in generated RTL.

    ``params`` keeps every parameter verbatim (strings with quotes removed);
    the typed properties give the ones the models use.
    """

    instance: str
    module: str
    file: str
    line: int
    dialect: str  # "verilog" | "vhdl" | "systemverilog"
    params: dict[str, str] = field(default_factory=dict)

    def _int(self, name: str) -> int | None:
        raw = self.params.get(name)
        if raw is None:
            return None
        try:
            return int(raw.strip().strip('"'), 0)
        except ValueError:
            return None

    @property
    def burstcount_width(self) -> int | None:
        return self._int("BURSTCOUNT_WIDTH")

    @property
    def max_threads(self) -> int | None:
        return self._int("MAX_THREADS")

    @property
    def use_write_ack(self) -> bool | None:
        value = self._int("USE_WRITE_ACK")
        return None if value is None else bool(value)

    @property
    def alignment_bytes(self) -> int | None:
        return self._int("ALIGNMENT_BYTES")

    @property
    def mwidth_bytes(self) -> int | None:
        return self._int("MWIDTH_BYTES")

    @property
    def width_bytes(self) -> int | None:
        return self._int("WIDTH_BYTES")

    @property
    def use_caching(self) -> bool | None:
        value = self._int("USECACHING")
        return None if value is None else bool(value)

    @property
    def kernel_side_mem_latency(self) -> int | None:
        return self._int("KERNEL_SIDE_MEM_LATENCY")

    @property
    def is_read(self) -> bool | None:
        value = self._int("READ")
        return None if value is None else bool(value)

    @property
    def style(self) -> str | None:
        raw = self.params.get("STYLE")
        return None if raw is None else raw.strip().strip('"')


@dataclass
class LSU:
    """One load/store unit (a memory instruction of a kernel).

    ``memory`` names the :class:`MemorySystem` the report links it to, ``bank``
    the DDR bank (16.1 links to banks) and ``channel`` the HBM pseudo-channel
    index when the memory system is one pseudo-channel.
    """

    id: str
    kind: LSUKind
    style: LSUStyle
    style_raw: str | None
    width_bits: int | None
    is_global: bool
    aligned: bool = True
    write_ack: bool = False
    cached: bool = False
    never_stall: bool = False
    stall_free: bool | None = None
    latency: int | None = None
    start_cycle: int | None = None
    memory: str | None = None
    bank: str | None = None
    channel: int | None = None
    block: str | None = None
    location: SourceLocation | None = None
    variable: str | None = None  # "Loads from"/"Stores to"
    atomic_op: str | None = None
    rtl: RtlLsuParams | None = None
    #: the report says the LSU is work-item invariant (aoc 16.x-17.x: "it
    #: performs the same operation for all threads in the kernel", in a
    #: ``BlockN.wii_blk`` block): it runs once per launch, not per work-item
    work_item_invariant: bool = False
    #: bits of a cached load's private cache, from the compile warning "Load
    #: with a private 512 kilobit cache" (aoc 17.1-19.x); ``None``: not said
    cache_bits: int | None = None

    @property
    def width_bytes(self) -> int | None:
        return None if self.width_bits is None else self.width_bits // 8


# --------------------------------------------------------------------------- loops


@dataclass(frozen=True)
class InitiationInterval:
    """An II as reported: ``qualifier`` is ``""`` (exact), ``"~"``
    (approximate, aoc) or ``">="`` (lower bound, aoc); ``value`` is ``None``
    when the report says n/a."""

    value: int | None
    qualifier: str = ""

    def __str__(self) -> str:
        return "n/a" if self.value is None else f"{self.qualifier}{self.value}"


@dataclass(frozen=True)
class TripCount:
    """Loop trip count; any field ``None`` means unknown. Vivado reports a
    ``min ~ max`` range; pragmas add ``avg``."""

    min: int | None = None
    max: int | None = None
    avg: int | None = None

    @property
    def known(self) -> bool:
        return self.min is not None and self.min == self.max

    @property
    def value(self) -> int | None:
        """The exact trip count when min == max, else ``None``."""
        return self.min if self.known else None


@dataclass(frozen=True)
class LatencyRange:
    """A latency in cycles; ``None`` bounds are unknown (``?``)."""

    min: int | None = None
    max: int | None = None


@dataclass
class Loop:
    """A loop (aoc: a loop basic block; Vivado/Vitis: a loop row).

    ``iteration_latency`` is Vivado's IL (aoc: the block latency).
    ``trip_count`` is ``None`` only when the report carries no trip count
    column at all; unknown counts are a TripCount with ``None`` bounds.
    """

    name: str
    pipelined: bool | None = None
    ii: InitiationInterval | None = None
    latency: LatencyRange | None = None
    iteration_latency: int | None = None
    pipeline_depth: int | None = None
    trip_count: TripCount | None = None
    max_interleaving: int | None = None
    #: oneAPI 2025 (``loop_attr`` ``ld``, ``limiter``): the latency of a loop-carried
    #: dependency (through a latch block, ``le``) its next iteration waits for
    carried_latency: int | None = None
    #: oneAPI 2025 ``lllt``: an iteration's latency including its latch block
    #: (a fully unrolled update after the sub-loops), which ``lt`` leaves out
    latch_iteration_latency: int | None = None
    speculated_iterations: int | None = None
    achieved_fmax_mhz: float | None = None
    bottleneck: str | None = None
    details: list[str] = field(default_factory=list)
    location: SourceLocation | None = None
    children: list[Loop] = field(default_factory=list)
    #: Vivado/Vitis target II (rpt "II target"); achieved II is ``ii``.
    ii_target: int | None = None
    #: IL as a range when the report gives one (``2 ~ 4``, ``63 ~ 161``);
    #: ``iteration_latency`` holds the value only when it is exact.
    iteration_latency_range: LatencyRange | None = None
    #: Sub-module instances called inside this loop (Vitis >= 2021.2).
    instances: list[str] = field(default_factory=list)
    #: RTL module that implements this loop when it is not the module whose
    #: loop tree shows it (Vitis >= 2021.2 ``<func>_Pipeline_<loop>`` outlining).
    outlined_module: str | None = None
    #: How ``location`` was found: ``"loop-name"`` (line from
    #: ``VITIS_LOOP_<line>_<k>``), ``"violation-summary"`` (Vitis
    #: ``SourceLocation``) or ``"bind-node"`` (first line of an operation bound
    #: in the loop: approximate).
    location_basis: str | None = None
    #: Partial unroll factor the compiler applied ("16X Partially unrolled
    #: vector_add.B2"): one pipeline iteration runs this many source iterations.
    unroll_factor: int | None = None
    #: i++'s "Component invocation" loop (``<component>.B1.start``): one
    #: iteration per call of the component, not a loop of its source.
    component_invocation: bool = False

    @property
    def fully_unrolled(self) -> bool:
        """aoc lists a fully unrolled loop as a "Fully unrolled loop" entry:
        copies of the body inside one iteration of its parent, not a loop
        that iterates."""
        return "fully unrolled" in self.name.lower()

    @property
    def coalesced(self) -> bool:
        """aoc lists the loops a ``loop_coalesce`` pragma merged into their
        parent as "Coalesced loop" entries (no II, latency or trip count of
        their own): the parent is then one pipelined loop whose iterations
        are its count (the report's "tc" is the outer loop's alone) times
        theirs (Intel FPGA SDK for OpenCL Best Practices, "Coalescing Nested
        Loops"; HPCC LINPACK's 64 x 8 x 64 load nest reads "tc 64")."""
        return self.name.lower().startswith("coalesced loop")

    @property
    def sub_loops(self) -> list[Loop]:
        """The children that iterate on their own: fully unrolled ones are
        copies inside an iteration, and coalesced ones are iterations of
        this loop (their own iterating children are this loop's sub-loops)."""
        out: list[Loop] = []
        for child in self.children:
            if child.coalesced:
                out.extend(child.sub_loops)
            elif not child.fully_unrolled:
                out.append(child)
        return out

    @property
    def merged_loops(self) -> list[Loop]:
        """The "Coalesced loop" children merged into this loop's iterations."""
        return [child for child in self.children if child.coalesced]

    def walk(self) -> list[Loop]:
        """This loop and all nested loops, pre-order."""
        out = [self]
        for child in self.children:
            out.extend(child.walk())
        return out


# --------------------------------------------------------------------------- kernels


class KernelKind(enum.Enum):
    NDRANGE = "ndrange"
    SINGLE_WORK_ITEM = "single_work_item"
    COMPONENT = "component"  # i++ components
    FUNCTION = "function"  # Vivado/Vitis module
    UNKNOWN = "unknown"


@dataclass
class Interface:
    """A kernel/module port that reaches memory or the host (Vivado
    ``m_axi``/``s_axilite``/``ap_fifo``...; aoc kernel arguments)."""

    name: str
    protocol: str
    width_bits: int | None = None
    bundle: str | None = None
    direction: str | None = None
    source_object: str | None = None
    #: Address width of a memory-mapped master (Vivado/Vitis ``m_axi``).
    address_bits: int | None = None
    #: Vendor parameters verbatim (Vitis ``busParam``: burst lengths, outstanding
    #: requests, ``READ_WRITE_MODE``...).
    details: dict[str, str] = field(default_factory=dict)
    #: The report files these facts were read from (Vivado/Vitis: the module's
    #: interface table, XML ``InterfaceSummary`` or rpt ``== Interface``, then
    #: the aggregated ``csynth.xml`` ``<Interfaces>``): which file a bundle's
    #: width came from when a rebuilt report set lacks one of them.
    read_from: list[str] = field(default_factory=list)
    #: The top's C arguments the report maps to this bus (Vitis' SW-to-HW
    #: mapping: csynth.xml ``<Args>`` ``hwRef type="interface"``, csynth.rpt
    #: ``* SW-to-HW Mapping``); empty when the report does not say.
    arguments: list[str] = field(default_factory=list)

    @property
    def is_axi_master(self) -> bool:
        """An AXI4 memory-mapped master (``m_axi``): the port the HLScope+
        model times as DRAM traffic (section IV)."""
        return self.protocol.lower().replace("_", "") == "maxi"


@dataclass
class Instance:
    """A sub-module instance (Vivado/Vitis module hierarchy).

    ``loop`` names the loop of the parent module the instance is called from
    when the report says so (Vitis >= 2021.2 ``InstanceList``), else ``None``.
    """

    name: str
    module: str
    latency: LatencyRange | None = None
    interval: LatencyRange | None = None
    pipeline_type: str | None = None
    loop: str | None = None


@dataclass(frozen=True)
class ResourceUse:
    """One FPGA resource of a kernel/module as the report estimates it
    (Vivado/Vitis LUT, FF, BRAM_18K, DSP, URAM; aoc ALUTs, FFs, RAMs, DSPs,
    MLABs) and what the device offers, when the report says."""

    name: str
    used: float
    available: float | None = None

    @property
    def utilisation(self) -> float | None:
        """Fraction of the device used (``None`` without a device total)."""
        if self.available is None or self.available <= 0:
            return None
        return self.used / self.available


@dataclass
class Kernel:
    """An OpenCL/SYCL kernel, an i++ component or a Vivado/Vitis module."""

    name: str
    kind: KernelKind = KernelKind.UNKNOWN
    fmax_estimated_mhz: float | None = None
    fmax_postfit_mhz: float | None = None
    clock_target_ns: float | None = None
    clock_estimated_ns: float | None = None
    latency: LatencyRange | None = None
    interval: LatencyRange | None = None
    simd: int | None = None
    compute_units: int | None = None
    workgroup_size: str | None = None
    autorun: bool | None = None
    dataflow: bool = False
    is_top: bool = False
    loops: list[Loop] = field(default_factory=list)
    lsus: list[LSU] = field(default_factory=list)
    interfaces: list[Interface] = field(default_factory=list)
    instances: list[Instance] = field(default_factory=list)
    channels_read: list[str] = field(default_factory=list)
    channels_written: list[str] = field(default_factory=list)
    #: basic blocks holding a channel/pipe read or write (``None``: the
    #: report places that instruction in no block)
    channel_blocks: list[str | None] = field(default_factory=list)
    location: SourceLocation | None = None
    #: Vendor pipeline type verbatim (Vivado ``none``/``function``/``dataflow``,
    #: Vitis ``no``/``yes``/``loop auto-rewind stp(...)``).
    pipeline_type: str | None = None
    #: Average-case latency (Vivado XML; uses ``loop_tripcount avg``).
    latency_avg: int | None = None
    clock_uncertainty_ns: float | None = None
    #: Name of the module whose loop tree already shows this module's loops
    #: (Vitis >= 2021.2 outlined ``_Pipeline_`` modules); whole-design loop
    #: counts skip such kernels to count each loop once.
    folded_into: str | None = None
    #: The report file this kernel was read from.
    artifact: str | None = None
    #: The name the report gives when hlsight shows another one (oneAPI
    #: unnamed lambdas ``'lambda'()#17`` are shown as ``file.cpp:530``).
    report_name: str | None = None
    #: The compiler's (mangled) name of a oneAPI kernel (summary
    #: ``compiler_name``, 2024+), when the report gives one.
    compiler_name: str | None = None
    #: The function an i++ component or task was built from, as the report's
    #: function name mapping gives it: a template's specialization with its
    #: arguments (``void vxReadDram<unsigned char, ..., (unsigned short)3840,
    #: ...>(...)``); ``None`` elsewhere.
    signature: str | None = None
    #: Estimated resources, in report order (empty when the report has none).
    resources: list[ResourceUse] = field(default_factory=list)
    #: Calls into RTL library functions, once per function and place.
    library_calls: list[LibraryCall] = field(default_factory=list)
    #: The operators the module binds its variables' operations to (Vitis'
    #: bind-op table; empty when the report set has none).
    operators: list[BoundOperator] = field(default_factory=list)
    #: ``file:line`` where a truncated report's instance table ends, when no
    #: other file lists the module's calls (Vivado HLS <= 2020.2): ``instances``
    #: are the rows before the cut, more may follow, and their cycles are
    #: unknown, so the module is not composed from its parts. ``None``: complete.
    instances_cut: str | None = None
    #: Vivado/Vitis: the report says which loop makes each call (the
    #: aggregated csynth.xml's InstanceList, Vitis >= 2021.2); without it a
    #: call listed apart from the loops may be made in any of them.
    loop_calls_known: bool = False

    @property
    def fmax_mhz(self) -> float | None:
        """Post-fit fmax when Quartus/Vivado ran, else the compiler estimate."""
        return self.fmax_postfit_mhz if self.fmax_postfit_mhz is not None else self.fmax_estimated_mhz

    def all_loops(self) -> list[Loop]:
        out: list[Loop] = []
        for loop in self.loops:
            out.extend(loop.walk())
        return out

    @property
    def single_threaded(self) -> bool:
        """One thread runs it: a single-work-item kernel or an i++ component
        has no work-items (no ``work_items``) and runs its loops one after
        another."""
        return self.kind in (KernelKind.SINGLE_WORK_ITEM, KernelKind.COMPONENT)

    def global_lsus(self) -> list[LSU]:
        return [lsu for lsu in self.lsus if lsu.is_global]


# --------------------------------------------------------------------------- co-simulation


@dataclass(frozen=True)
class CosimRun:
    """One RTL language's row of a Vivado/Vitis C/RTL co-simulation report.

    Co-simulation runs the generated RTL cycle by cycle on the C testbench's
    inputs, so its latency is a measured count for those inputs (the ground
    truth HLScope+ Table III compares its estimate with), not the scheduler's
    best/worst case. Latency and interval are per transaction (one call of
    the top function): min/avg/max over the testbench's calls; ``None`` where
    the report prints ``NA``. ``total_cycles`` is the "Total Execution Time"
    column Vitis 2020.2 and later add (all transactions).
    """

    language: str
    status: str
    latency_min: float | None
    latency_avg: float | None
    latency_max: float | None
    interval_min: float | None = None
    interval_avg: float | None = None
    interval_max: float | None = None
    total_cycles: float | None = None
    line: int = 0

    @property
    def passed(self) -> bool:
        return self.status.lower() == "pass"


@dataclass(frozen=True)
class ImplementationReport:
    """``<solution>/impl/report/{verilog,vhdl}/<top>_export.rpt``: what
    Vivado's synthesis and place and route of the exported RTL achieved
    (``#=== Final timing ===``: "CP required", "CP achieved
    post-synthesis", "CP achieved post-implementation"; Vivado HLS before
    2017 wrote one "CP achieved" that does not say after which step)."""

    path: Path
    top: str
    tool: str | None = None  # "Xilinx Vivado v.2025.1.1"
    cp_required_ns: float | None = None
    cp_post_synthesis_ns: float | None = None
    cp_post_route_ns: float | None = None
    #: "CP achieved" of a report that does not say after which step
    cp_achieved_ns: float | None = None
    timing_met: bool | None = None
    #: "post-implementation" or "post-synthesis" (the resource heading), with the counts
    resources_stage: str | None = None
    resources: dict[str, int] = field(default_factory=dict)
    #: set when the report is dated before the top's synthesis report: it implemented an earlier design
    older_than_synthesis: str | None = None

    @property
    def achieved_ns(self) -> float | None:
        """The clock period the implementation reached: after place and
        route, else the unlabelled figure of an older report."""
        return self.cp_post_route_ns if self.cp_post_route_ns is not None else self.cp_achieved_ns


@dataclass(frozen=True)
class CosimReport:
    """``<solution>/sim/report/<top>_cosim.rpt`` (or an i++ report's
    ``verification_data.js``): what co-simulation measured."""

    path: Path
    top: str
    simulator: str | None
    runs: tuple[CosimRun, ...]
    #: "<cosim date> before <synthesis date>" when the report is older than the
    #: top's synthesis report: it may have measured an earlier design
    older_than_synthesis: str | None = None
    #: the family of the findings on it: ``vivado-cosim`` (a solution's
    #: report), ``ipp-cosim`` (an i++ report's verification statistics)
    rules: str = "vivado-cosim"
    #: the stalls the run injected on purpose (``cosim_options.xml``:
    #: ``random_stall`` 1, a ``user_stall`` file): its latency holds them
    stalls: str | None = None

    def measured(self) -> CosimRun | None:
        """The first run that passed with a latency (Verilog and VHDL give
        the same cycles when both ran)."""
        return next((run for run in self.runs if run.passed and run.latency_avg is not None), None)


# --------------------------------------------------------------------------- design


@dataclass
class Design:
    """Everything hlsight knows about one compiled design.

    ``root`` is the directory (or file) the user pointed at; ``artifacts`` the
    files actually read, so reporters can cite them and ``annotate`` can copy
    them. ``diagnostics`` are facts found while reading (an LSU the RTL could
    not be paired with, a missing sub-module report...).
    """

    tool: ToolInfo
    root: Path
    name: str = ""
    device: Device = field(default_factory=Device)
    kernels: list[Kernel] = field(default_factory=list)
    memory_systems: list[MemorySystem] = field(default_factory=list)
    source_files: list[SourceFile] = field(default_factory=list)
    artifacts: list[Path] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: C/RTL co-simulation reports found beside the synthesis reports, one per top
    cosim: list[CosimReport] = field(default_factory=list)
    #: Vivado/Vitis: the exported RTL's implementation report (Vivado's achieved clock), when one is kept
    implementation: ImplementationReport | None = None
    #: Vivado/Vitis: where the report found the pragmas written in the source
    #: (csynth.xml ``PragmaReport``): a ``#pragma HLS`` line of the file synthesized
    pragma_places: list[SourceLocation] = field(default_factory=list)
    #: Vivado/Vitis: every source pragma the report lists (``PragmaReport``), valid or not; ``None``:
    #: it lists none, so a source pragma missing here says nothing of the file synthesized
    listed_pragma_places: list[SourceLocation] | None = None
    #: The report counts pipe resources but names no kernel's pipe reads or
    #: writes (a oneAPI ``.ndjson`` report has no system-viewer data): which
    #: kernels pipes join, and so which run at the same time, is unknown.
    pipe_endpoints_unknown: bool = False

    def kernel(self, name: str) -> Kernel:
        for kernel in self.kernels:
            if kernel.name == name:
                return kernel
        raise KeyError(name)

    def top_kernels(self) -> list[Kernel]:
        """The Vivado/Vitis top modules (several for a Vitis kernel flow's
        folder of kernels), else the first kernel: whose estimate is the design's."""
        return [kernel for kernel in self.kernels if kernel.is_top] or self.kernels[:1]

    def memory_system(self, name: str) -> MemorySystem | None:
        for memory in self.memory_systems:
            if memory.name == name:
                return memory
        return None

    def source_file(self, path: str) -> SourceFile | None:
        """Find an embedded source by exact path, then by basename (reports mix
        absolute and relative spellings of one file)."""
        for source in self.source_files:
            if source.path == path:
                return source
        base = Path(path).name
        for source in self.source_files:
            if Path(source.path).name == base or source.name == base:
                return source
        return None
