"""The cycle model of pass 2: which blocks get counters and with which
constants, computed from the HLS report (HLScope+ sections II-B and III).

A *block* is a function call, a loop or a group of independent calls. At run
time each block is a frame on a small stack (see the runtime template); its
duration follows from the constants computed here:

* pipelined loop: ``t = II*(TC-1) + IL + delta`` (eq. 4), ``TC`` counted at
  run time, ``delta`` the report's off-by-one (format notes section 5: the
  reported latency is ``II*(TC-1)+IL`` or one less; the report's own value is
  the reference);
* non-pipelined loop: per iteration, the executed children's time plus the
  imperfect-nest residual ``IL_p - maxpath(children)`` (eq. 6, with eq. 1 for
  sequences and the maximum for exclusive branches); an iteration in which no
  child block ran costs at least ``IL_min`` (section III-B minimum-latency
  compensation); a loop without child blocks costs ``IL`` per iteration;
* function: the same rule with the module latency in place of ``IL``;
* serial children add (eq. 1), independent calls take the maximum (eq. 2),
  dataflow processes ``max t_c + sum IL_c`` (eq. 3), ``t_c`` a process's
  streaming time (its count less its fill ``IL_c``, which the sum adds
  once), held to the region's report latency where that is one number; a
  region whose report latency holds the sum of all its processes but one
  (dataflow_sequence) ``max(chain + own cycles, beside)`` (eqs. 1 and 2).
"""

from __future__ import annotations

import enum
import math
import re
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from typing import Protocol

from pycparser import c_ast, c_generator

from hlsight.analyzer.access.report_loop_names import flattened_chains, moved_vitis_name
from hlsight.analyzer.dataflow_sequence import ProcessChain, processes_in_sequence
from hlsight.analyzer.instrument.external_calls import calls_defined_elsewhere, instances_no_function_counts
from hlsight.analyzer.instrument.inlining import ExpandedLoop, expand_loops, walk_all
from hlsight.analyzer.instrument.report_bounds import fixed_trip_count, guessed_trip_counts
from hlsight.analyzer.instrument.sourceloops import SourceFunction, SourceLoop
from hlsight.analyzer.results import LOOP_PASS_MIN_CYCLES
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Design, Kernel, LatencyRange, Loop, Product
from hlsight.parsers.csource.visitor import NodeVisitor
from hlsight.parsers.vivado.names import (
    GENERATED_LOOP_NOTE,
    instance_modules,
    is_generated_process,
    module_matches,
    outlines_loops,
)
from hlsight.parsers.vivado.values import parse_version


class BlockKind(enum.Enum):
    FUNCTION = "function"
    PIPELINED = "pipelined"
    SEQUENTIAL = "sequential"
    PARALLEL = "parallel"


class Composition(enum.Enum):
    """How a block combines its children (HLScope+ eqs. 1-3)."""

    SERIAL = 0
    PARALLEL = 1
    DATAFLOW = 2
    #: a dataflow region whose processes but one run one after another (eq. 1, with the
    #: region's own cycles as residual) and the one left beside them (eq. 2)
    CHAIN = 3


class Baseline(enum.Enum):
    """``full``: HLScope+ (residuals and compensation); ``simple``: the
    variable trip-count counting of HLScope [8] (Table III, column 2)."""

    FULL = "full"
    SIMPLE = "simple"


@dataclass(eq=False)
class Block:
    """One instrumented block and the constants its runtime frame uses."""

    id: int
    kind: BlockKind
    name: str
    function: str
    line: int
    report_name: str = ""
    composition: Composition = Composition.SERIAL
    ii: int = 0
    il: int = 0
    delta: int = 0
    residual: int = 0
    floor: int = 0
    has_floor: bool = False
    #: a loop with no child block whose iteration latency is a range, counted
    #: at its minimum (HLScope+ III-B): what each iteration adds on the long path
    il_spread: int = 0
    #: a dataflow region's exact report latency, the most eq. 3 may count for
    #: it (-1: none); see Planner._dataflow_ceiling
    ceiling: int = -1
    fill: int = 0
    unroll: int = 1  # partial UNROLL factor of a pipelined loop
    latency_max: int | None = None  # the report's latency of one execution (for parents' eq. 6)
    #: the report's trip count of the loop where the tool fixed it (report_bounds.fixed_trip_count)
    fixed_trip: int | None = None
    loop: SourceLoop | None = None
    #: innermost loop of a flattened nest (``for_y_for_x``): its iterations are the trip count
    count_loop: SourceLoop | None = None
    calls: list[c_ast.FuncCall] = field(default_factory=list)  # for PARALLEL groups
    parent: Block | None = None
    #: the ``break`` of this (sequential) loop's exit test (see loop_breaks)
    breaks: list[c_ast.Break] = field(default_factory=list)
    #: the instrumented function whose module reports this loop, when not ``function``
    #: (the loop of a callee HLS inlined into it)
    owner: str = ""
    #: the process of a CHAIN region that runs beside the chain of the others
    beside: bool = False

    @property
    def module_function(self) -> str:
        """The instrumented function whose report row this block uses."""
        return self.owner or self.function


@dataclass
class InstrumentedFunction:
    source: SourceFunction
    kernel: Kernel
    block: Block
    #: the function's module is a dataflow region (eq. 3 over its loops and calls)
    dataflow: bool = False
    #: cycles of compiler-made top-level loops (Vitis 'Loop N': an array
    #: initialiser) no source loop matches, counted once per call
    generated_cycles: int = 0


@dataclass(frozen=True)
class _Beside:
    """The process a CHAIN region runs beside the chain of its others, and the region's own cycles."""

    block: Block
    residual: int


@dataclass
class Plan:
    top: str
    blocks: list[Block]
    functions: dict[str, InstrumentedFunction]
    loop_blocks: dict[int, Block]  # id(SourceLoop) -> block
    groups: list[Block]  # PARALLEL groups of independent calls
    diagnostics: list[Diagnostic]
    clock_ns: float | None
    baseline: Baseline
    #: the file each function of the design is written in, an inlined one's too (a user header's template)
    files: dict[str, str] = field(default_factory=dict)


# --------------------------------------------------------------------------- report lookups


def _norm(name: str) -> str:
    return "".join(name.split())


def find_kernel(design: Design, function: str) -> Kernel | None:
    """The report module of C function ``function``: the module of that name
    (allowing the 20-character truncation), else the one module HLS renamed
    from it (:func:`renamed_module`). A C++ template's instance
    (``copy<64, int>``) is the one module named for it (``copy_64_int_s``,
    :func:`~hlsight.parsers.vivado.names.instance_modules`), none when
    two are."""
    if "<" in function:
        named = instance_modules((kernel.name for kernel in design.kernels), function)
        return next(kernel for kernel in design.kernels if kernel.name == named[0]) if len(named) == 1 else None
    for kernel in design.kernels:
        if module_matches(kernel.name, function):
            return kernel
    renamed = [kernel for kernel in design.kernels if renamed_module(kernel.name, function, _top_names(design))]
    return renamed[0] if len(renamed) == 1 else None


def _top_names(design: Design) -> list[str]:
    return [kernel.name for kernel in design.kernels if kernel.is_top]


def renamed_module(module: str, function: str, tops: list[str]) -> bool:
    """True when HLS named the module of ``function`` ``module`` by a rule
    seen in real reports: a numeric suffix when the function is specialised
    or duplicated (Vitis: ``merge`` -> ``merge_1``), or the top's name as a
    prefix plus an optional ordinal (Vivado 2015.3: ``dct_1d`` ->
    ``dct_dct_1d2``). ``_Pipeline_`` modules (outlined loops) never match."""
    if "_Pipeline_" in module:
        return False
    if re.fullmatch(re.escape(function) + r"_\d+", module):
        return True
    return any(re.fullmatch(re.escape(top) + "_" + re.escape(function) + r"\d*", module) for top in tops)


def generated_processes(design: Design, kernel: Kernel) -> list[Kernel]:
    """Modules instantiated by ``kernel`` that HLS generated as dataflow
    processes (they have no C function of their own)."""
    out: list[Kernel] = []
    # a Vitis outlined loop module is no process; a Vivado HLS 2019.1 process of a loop labelled
    # `Pipeline_loop4` is named Loop_Pipeline_loop4_s (Vivado HLS never outlines)
    outlined = outlines_loops(design.tool.product is Product.VITIS_HLS, parse_version(design.tool.version))
    for instance in kernel.instances:
        if is_generated_process(instance.module) and not (outlined and "_Pipeline_" in instance.module):
            child = next((k for k in design.kernels if k.name == instance.module), None)
            if child is not None and child not in out:
                out.append(child)
    return out


def report_loops(design: Design, kernel: Kernel) -> dict[str, Loop]:
    """Loops of a module by normalized name, including loops Vitis >= 2021.2
    outlined to ``<module>_Pipeline_<loop>`` modules and loops of the
    generated dataflow processes the module instantiates."""
    loops: dict[str, Loop] = {}
    owners = [kernel, *generated_processes(design, kernel)]
    prefixes = tuple(f"{owner.name}_Pipeline_" for owner in owners)
    sources = owners + [k for k in design.kernels if k not in owners and k.name.startswith(prefixes)]
    for owner in sources:
        for loop in owner.all_loops():
            loops.setdefault(_norm(loop.name), loop)
    return loops


def _il_range(loop: Loop) -> LatencyRange:
    extra = getattr(loop, "iteration_latency_range", None)
    if isinstance(extra, LatencyRange) and extra.max is not None:
        return extra
    value = loop.iteration_latency if loop.iteration_latency is not None else loop.pipeline_depth
    return LatencyRange(value, value)


def _is_pipelined(loop: Loop) -> bool:
    return bool(loop.pipelined) or (loop.ii is not None and loop.ii.value is not None)


def _loop_latency_max(loop: Loop) -> int | None:
    """The report's longest entry of ``loop``: its latency, else its trips x iteration latency."""
    return _loop_latency(loop, longest=True)


def _loop_latency_min(loop: Loop) -> int | None:
    """The report's shortest entry of ``loop`` (as :func:`_loop_latency_max`)."""
    return _loop_latency(loop, longest=False)


def _loop_latency(loop: Loop, longest: bool) -> int | None:
    def end(bounds: object) -> int | None:
        value = getattr(bounds, "max" if longest else "min", None)
        return value if isinstance(value, int) else None

    if loop.latency is not None and end(loop.latency) is not None:
        return end(loop.latency)
    trips = end(loop.trip_count) if loop.trip_count else None
    il = end(_il_range(loop))
    if trips is None or il is None:
        return None
    if _is_pipelined(loop) and loop.ii is not None and loop.ii.value is not None:
        return 0 if trips == 0 else loop.ii.value * (trips - 1) + il
    return trips * il


def _delta(loop: Loop, il: int | None, ii: int | None) -> int:
    """The report's off-by-one: reported latency minus the formula, kept only
    when it is 0 or -1 (format notes section 5)."""
    trips = loop.trip_count.max if loop.trip_count else None
    latency = loop.latency.max if loop.latency else None
    if trips is None or latency is None or il is None or trips <= 0:
        return 0
    formula = (ii * (trips - 1) + il) if ii is not None else trips * il
    difference = latency - formula
    return difference if difference in (0, -1) else 0


# --------------------------------------------------------------------------- planning


class Planner:
    """Builds a :class:`Plan` for the functions reachable from ``top``."""

    def __init__(self, functions: dict[str, SourceFunction], design: Design, filename: str, baseline: Baseline,
                 instances: Collection[str] = ()):
        self.functions = functions
        #: the C++ template instances among ``functions`` (one body in the text serves them all)
        self.instances = frozenset(instances)
        self.design = design
        self.filename = filename
        self.baseline = baseline
        self.blocks: list[Block] = []
        self.loop_blocks: dict[int, Block] = {}
        self.instrumented: dict[str, InstrumentedFunction] = {}
        self.groups: list[Block] = []
        self.diagnostics: list[Diagnostic] = []
        self._paths = _LongestPath(self)
        #: loops of each instrumented function after inlining (:mod:`.inlining`)
        self.expansions: dict[str, list[ExpandedLoop]] = {}
        #: inlined functions being walked by _has_child_blocks/_maxpath (HLS forbids recursion; guard anyway)
        self._walking: set[str] = set()
        #: report rows of the copies of a loop inlined at several places: id(SourceLoop) -> (module, row)
        self._shared_hits: dict[int, list[tuple[str, str]]] = {}
        #: (module, report loop) -> what became of an unmatched report loop's cycles, for the ambiguity warning
        self._report_fates: dict[tuple[str, str], str] = {}
        #: copies of an inlined loop the report does not list, beside the one it does (:meth:`_one_row_shared`)
        self._dead_sites: set[int] = set()

    # -- helpers
    def _new(self, kind: BlockKind, name: str, function: str, line: int, **values: object) -> Block:
        block = Block(len(self.blocks), kind, name, function, line, **values)  # type: ignore[arg-type]
        self.blocks.append(block)
        return block

    def _diag(self, rule: str, severity: Severity, message: str, line: int | None, function: str | None,
              subject: str | None = None) -> None:
        self.diagnostics.append(Diagnostic(rule, severity, message, file=self._file_of(function), line=line,
                                           kernel=function, subject=subject))

    def _file_of(self, function: str | None) -> str:
        """The file defining ``function`` (a design may span several files)."""
        source = self.functions.get(function) if function is not None else None
        return source.filename if source is not None and source.filename else self.filename

    # -- entry
    def plan(self, top: str) -> Plan:
        order = self._reachable(top)
        for name in order:
            kernel = find_kernel(self.design, name)
            source = self.functions[name]
            if kernel is None and name == top:
                modules = ", ".join(k.name for k in self.design.kernels) or "none"
                self._diag("instrument-top-not-instrumented", Severity.WARNING,
                           f"top function '{name}' matches no module of the report (modules: {modules}): it is not "
                           "instrumented and nothing under it is counted", source.node.coord.line, name)
                continue
            if kernel is None:
                continue  # inlined: said below, with the modules its loops count in
            dataflow = source.dataflow or kernel.dataflow
            processes = generated_processes(self.design, kernel)
            if len(processes) == 1 and not kernel.all_loops() and \
                    all(instance.module == processes[0].name for instance in kernel.instances):
                # Vitis wrapped the whole body into one process (Block_entry_split_proc):
                # the function is that process, composed serially. Not where the module calls
                # others beside it (an hls4ml top: Block_proc holds its const_size assignments,
                # the layers are processes of their own; taken for the body, it counted 0 cycles)
                self._diag("instrument-single-process", Severity.NOTE,
                           f"module '{kernel.name}' runs its body as the one process '{processes[0].name}': "
                           "counted as that module (serial composition)", int(source.node.coord.line), name)
                kernel, dataflow = processes[0], processes[0].dataflow
            block = self._new(BlockKind.FUNCTION, name, name, int(source.node.coord.line), report_name=kernel.name)
            self.instrumented[name] = InstrumentedFunction(source, kernel, block, dataflow)
        for name in order:
            if name in self.instrumented:
                item = self.instrumented[name]
                self.expansions[name] = expand_loops(item.source, self.functions, self._inlined,
                                                     _listed_in(report_loops(self.design, item.kernel)))
        self._note_inlined(order, top)
        shared = self._one_row_shared(_shared_loops(self.expansions))
        callees: list[str] = []  # called, defined in no design source: said by calls_defined_elsewhere
        for name in order:
            if name in self.instrumented:
                item = self.instrumented[name]
                self._match_loops(item, shared)
                said = calls_defined_elsewhere(item.source, item.kernel, self.functions,
                                               lambda function: find_kernel(self.design, function),
                                               self._has_child_blocks, self._file_of(name))
                callees.extend(diagnostic.subject for diagnostic in said if diagnostic.subject)
                self.diagnostics.extend(said)
        known = {module.name for function in [*self.functions, *callees]
                 if (module := find_kernel(self.design, function)) is not None}
        for name in order:
            if name in self.instrumented:
                item = self.instrumented[name]
                self.diagnostics.extend(instances_no_function_counts(
                    item.kernel, self.design, known, is_generated_process,
                    name, self._file_of(name), int(item.source.node.coord.line)))
        self._ambiguous_inlined(shared)
        for item in self.instrumented.values():
            self._find_groups(item)
        # constants need callees' latencies: callees first (reverse reachability order)
        for name in reversed(order):
            if name in self.instrumented:
                self._function_constants(self.instrumented[name])
        clock = self._clock(top)
        files = {name: function.filename for name, function in self.functions.items() if function.filename}
        return Plan(top, self.blocks, self.instrumented, self.loop_blocks, self.groups, self.diagnostics, clock,
                    self.baseline, files)

    def _clock(self, top: str) -> float | None:
        """The top module's clock; the report's top's when the function is
        no module (the clock is the report's, whatever was matched)."""
        kernel = find_kernel(self.design, top) or next((item for item in self.design.kernels if item.is_top), None)
        if kernel is None:
            return None
        return kernel.clock_target_ns if kernel.clock_target_ns is not None else kernel.clock_estimated_ns

    def _reachable(self, top: str) -> list[str]:
        order: list[str] = []
        pending = [top]
        while pending:
            name = pending.pop(0)
            if name in order or name not in self.functions:
                continue
            order.append(name)
            if self.functions[name].pipelined and find_kernel(self.design, name) is not None:
                continue  # callees run inside the function's pipeline
            pending.extend(call for call in self.functions[name].calls if call in self.functions and call != name)
        return order

    # -- inlined callees
    def _inlined(self, name: str) -> bool:
        """A design function HLS inlined: defined in the sources, no module of its own."""
        return (name in self.functions and name not in self.instrumented and name != "main"
                and find_kernel(self.design, name) is None)

    def _note_inlined(self, order: list[str], top: str) -> None:
        """Say of each reachable function without a module where its loops count."""
        for name in order:
            if name in self.instrumented or name == top:
                continue
            source = self.functions[name]
            hosts = [self.instrumented[host].kernel.name for host, roots in self.expansions.items()
                     if any(name in loop.via for loop in walk_all(roots))]
            where = (f"its loops count as loops of module {', '.join(repr(host) for host in hosts)} (in the order of"
                     " its calls)" if hosts and source.all_loops() else "its cycles are part of its caller's")
            # one module read and no instance list: a module whose report is missing looks the same (a
            # public Vitis 2021.2 BDT kept only its top's XML, its csynth.rpt listing myproject as a module)
            alone = len(self.design.kernels) == 1 and not self.design.kernels[0].instances
            why = ("HLS inlined it, or its own report is not among those read: the one module read lists no"
                   " instances" if alone else "HLS inlined it")
            self._diag("instrument-no-module", Severity.NOTE,
                       f"function '{name}' is not a module of the report ({why}): {where}; it is not"
                       " instrumented as a function", int(source.node.coord.line), name)

    def _ambiguous_inlined(self, shared: dict[int, list[tuple[str, ExpandedLoop]]]) -> None:
        """One warning per loop of a callee inlined at several places whose
        places the report lists as different loops: one counter cannot tell
        which copy ran, so none is taken (rather than a guess)."""
        for sites in shared.values():
            hits = self._shared_hits.get(id(sites[0][1].loop), [])
            if not hits:
                continue  # no copy has a row of its own (unrolled): nothing lost
            loop = sites[0][1].loop
            # two calls from one host can reach the same report row: it is listed once
            rows = list(dict.fromkeys(hits))
            listed = ", ".join(f"'{report}' of module '{module}'" for module, report in rows)
            vias = [" -> ".join(site.via) for _host, site in sites]
            via = ", ".join(f"{path} (x{vias.count(path)})" if vias.count(path) > 1 else path
                            for path in dict.fromkeys(vias))
            # what became of the rows, said here: the notes that say it are not printed by default
            fates = [self._report_fates.get(row, "matched to another source loop") for row in rows]
            said = (f"{'its' if len(rows) == 1 else 'their'} cycles are {fates[0]}" if len(set(fates)) == 1 else
                    "; ".join(f"'{report}': {fate}" for (_module, report), fate in zip(rows, fates, strict=True)))
            self._diag("instrument-inlined-ambiguous", Severity.WARNING,
                       f"loop '{loop.display_name}' of '{loop.function}' is inlined at {len(sites)} places (via "
                       f"{via}) that the report lists as {listed}: one counter cannot tell them apart, so it is"
                       f" not matched; {said}", loop.line, loop.function, loop.display_name)

    def _one_row_shared(self, shared: dict[int, list[tuple[str, ExpandedLoop]]]
                        ) -> dict[int, list[tuple[str, ExpandedLoop]]]:
        """The loops inlined at several places of which the report lists one
        copy only, at one place: HLS kept that copy (the others were dead
        code, as a ``switch`` on a template's constant whose cases call one
        instance: a public hls4ml ``conv_2d_cl_me``), so the loop is matched
        there, every run of it counted with that row, and the other places
        are left out of the matching (no row is missing for them). The rest
        stay shared (:meth:`_ambiguous_inlined`)."""
        kept = {}
        loops_of: dict[str, dict[str, Loop]] = {}  # host -> its module's report loops, read once
        for key, sites in shared.items():
            named, rows = [], set()
            for host, site in sites:
                if host not in loops_of:
                    loops_of[host] = report_loops(self.design, self.instrumented[host].kernel)
                available = loops_of[host]
                found = [_norm(name) for name in names_to_match(site, available) if _norm(name) in available]
                if found:
                    named.append(site)
                    rows.add((host, found[0]))
            if len(rows) != 1:  # a labelled loop's copies all name its one row (hls4ml's CastLoop): one place
                kept[key] = sites
                continue
            self._dead_sites.update(id(site) for _host, site in sites if site is not named[0])
            self._diag("instrument-inlined-once", Severity.NOTE,
                       f"loop '{named[0].loop.display_name}' of '{named[0].loop.function}' is inlined at"
                       f" {len(sites)} places and the report lists one: it is matched there, and every run of it"
                       " counts with that row", named[0].loop.line, named[0].loop.function,
                       named[0].loop.display_name)
        return kept

    # -- loops
    def _match_loops(self, item: InstrumentedFunction, shared: dict[int, list[tuple[str, ExpandedLoop]]]) -> None:
        available = report_loops(self.design, item.kernel)
        if item.source.pipelined:
            if item.source.all_loops():
                self._diag("instrument-function-pipeline", Severity.NOTE,
                           f"function '{item.source.name}' is pipelined (#pragma HLS PIPELINE): its loops are "
                           "unrolled and its callees inlined into the pipeline; counted by its module latency",
                           int(item.source.node.coord.line), item.source.name)
            return
        expanded = walk_all(self.expansions.get(item.source.name, []))
        claimed: set[str] = set()
        absorbed: set[int] = set()
        matches: dict[int, tuple[Loop | None, SourceLoop | None]] = {}
        for loop in expanded:
            if id(loop) in absorbed or id(loop) in self._dead_sites:
                continue
            report = next((available[_norm(n)] for n in names_to_match(loop, available) if _norm(n) in available),
                          None)
            innermost = None
            if report is None:
                flattened = _flattened(loop, available)
                if flattened is not None:
                    report, chain = flattened
                    innermost = chain[-1].loop
                    absorbed.update(id(inner) for inner in chain[1:])
            elif (nest := _flattened_in_place(loop, report, available)) is not None:
                innermost = nest[-1].loop
                absorbed.update(id(inner) for inner in nest[1:])
            if id(loop.loop) in shared:
                if report is not None:
                    self._shared_hits.setdefault(id(loop.loop), []).append((item.kernel.name, report.name))
                continue  # said once by _ambiguous_inlined
            if report is not None and _norm(report.name) in claimed:
                report = None
            if report is not None:
                claimed.add(_norm(report.name))
            matches[id(loop)] = (report, innermost)
        self._match_moved_lines(item, available, claimed, matches, expanded)
        claimed = set()
        unmatched: list[ExpandedLoop] = []
        for loop in expanded:
            if id(loop) not in matches:
                continue
            report, innermost = matches[id(loop)]
            if report is None:
                unmatched.append(loop)
                continue
            if loop.loop.keyword_token is None:
                claimed.add(_norm(report.name))
                self._diag("instrument-loop-macro", Severity.WARNING,
                           f"loop '{report.name}' could not be located in the source text (macro?); not counted",
                           loop.loop.line, loop.loop.function, report.name)
                continue
            claimed.add(_norm(report.name))
            self._loop_block(loop, report, item)
            if innermost is not None and id(loop.loop) in self.loop_blocks:
                self.loop_blocks[id(loop.loop)].count_loop = innermost
                self.loop_blocks[id(loop.loop)].name = report.name
        for loop in unmatched:  # after the matched ones: what is said depends on the loops around and inside
            self._unmatched(loop, item)
        # the function's own cycles hold the unmatched loop when its latency
        # is exact (a public window_fn: 129 = report) or eq. 6's residual
        # beside matched loops takes the report's maximum; a function with
        # no child block and a latency range counts its minimum per call
        # (section III-B), which leaves the loop out (a public shifter)
        latency = item.kernel.latency
        matched = any(block.module_function == item.source.name for block in self.loop_blocks.values())
        held = self.baseline is Baseline.FULL and latency is not None and latency.max is not None and (
            latency.min == latency.max or matched)
        for name, report in available.items():
            if name not in claimed:
                # a loop nested in the report's loops runs inside their iterations: the module's own
                # cycles cannot hold it (a public SpMV's inner loop in a C++ lambda: -78 %, "counted")
                held_here = held and ((latency is not None and latency.min == latency.max)
                                      or any(loop is report for loop in item.kernel.loops))
                cycles = _loop_latency_max(report)
                made = ("" if not _compiler_made(report) else
                        " (a Vivado 'memset_<array>' is a loop the compiler made, an array initialiser)"
                        if report.name.startswith("memset_") else
                        " (a Vitis 'Loop N' is a loop the compiler made, such as an array initialiser)")
                # a range (MachSuite SpMV's inner loop: 0 ~ 6,672 per entry, entered 494 times) is no total
                ranged = cycles is not None and _loop_latency_min(report) != cycles
                amount = "" if cycles is None or ranged else f"{cycles:,} "
                per_entry = f" (up to {cycles:,} cycles per entry)" if ranged else ""
                its = f"its {amount}cycles{per_entry}"
                once = not held_here and cycles is not None and self._once_per_call(item, report)
                if once:
                    item.generated_cycles += cycles or 0
                # what became of its cycles, and why (the ambiguity warning repeats the first part)
                counted, why = ((f"counted in the latency of module '{item.kernel.name}'",
                                 " (its own cycles beside the loops matched)") if held_here else
                                (f"counted once per call of '{item.source.name}'",
                                 " (a top-level loop of the module with a fixed latency)") if once else
                                ("not counted", " (e.g. a loop in a lambda, template or class member:"
                                                " those are not instrumented)"))
                fate = f"{its} are {counted}{why}"
                self._report_fates[(item.kernel.name, report.name)] = \
                    counted if held_here or once else f"{counted} (said by instrument-report-loop-unmatched)"
                self._diag("instrument-report-loop-unmatched",
                           Severity.NOTE if held_here or once else Severity.WARNING,
                           f"report loop '{report.name}' of module '{item.kernel.name}' matches no source loop "
                           f"(by label, Vivado 'Loop N.M' position or Vitis 'VITIS_LOOP_<line>_<k>'){made}; {fate}",
                           int(item.source.node.coord.line), item.source.name, report.name)

    @staticmethod
    def _once_per_call(item: InstrumentedFunction, report: Loop) -> bool:
        """A loop the compiler made, at the top level of the module (so it
        runs once per call), whose latency the report fixes: a public Vitis
        2023.2 NMS kernel's ``iou_matrix[...] = {0.0}`` is 'Loop 1', 4,950
        cycles, which the simulated total left out. Only for a module whose
        latency is "?": a known one already holds the loop."""
        latency, module = report.latency, item.kernel.latency
        if module is not None and module.max is not None:
            return False  # the module's latency (and eq. 6's residual) already holds it
        return (_compiler_made(report) and any(loop is report for loop in item.kernel.loops)
                and latency is not None and latency.min is not None and latency.min == latency.max)

    def _match_moved_lines(self, item: InstrumentedFunction, available: dict[str, Loop], claimed: set[str],
                           matches: dict[int, tuple[Loop | None, SourceLoop | None]],
                           expanded: list[ExpandedLoop]) -> None:
        """Vitis names loops ``VITIS_LOOP_<line>_<k>``; when the source moved
        a line since synthesis the line differs but ``k`` (the loop's
        pre-order position among the function's unlabelled loops) still names it. An unlabelled
        loop of the function's own body left unmatched takes the one unclaimed report loop with its
        ``k``, with a warning (an inlined callee's ``k`` counts in the callee, not here)."""
        for item_loop in expanded:
            loop = item_loop.loop
            if item_loop.inlined or id(item_loop) not in matches or matches[id(item_loop)][0] is not None \
                    or loop.label:
                continue
            if loop.unrolled_in_source:
                continue  # no row of its own to have moved (public systolic array: it took a header's loop)
            unclaimed = {report.name: (key, report) for key, report in available.items() if key not in claimed}
            name = moved_vitis_name(loop.line, loop.ordinal, unclaimed)
            if name is None:
                continue
            key, report = unclaimed[name]
            claimed.add(key)
            matches[id(item_loop)] = (report, None)
            self._diag("instrument-loop-moved", Severity.WARNING,
                       f"loop '{loop.vitis_name}' matched report loop '{report.name}' by its position in the "
                       "function: the source changed lines since synthesis", loop.line, loop.function, report.name)

    def _unmatched(self, item_loop: ExpandedLoop, item: InstrumentedFunction) -> None:
        loop = item_loop.loop
        if loop.static_trip_count == 1 and loop.children:
            self._diag("instrument-loop-single-trip", Severity.NOTE,
                       f"loop '{loop.display_name}' runs once and is not in the report (HLS dissolves it); its "
                       "inner loops are counted", loop.line, loop.function, loop.display_name)
            return
        if loop.label and any(id(inner.loop) in self.loop_blocks for inner in item_loop.walk()):
            # keccak_squeezeblocks' label3/label8: one trip once the inlined call's constant arguments propagate
            self._diag("instrument-loop-single-trip", Severity.NOTE,
                       f"loop '{loop.display_name}' is not in the report but loops inside it are: HLS dissolved it"
                       " (one trip once constants propagate); its inner loops are counted", loop.line,
                       loop.function, loop.display_name)
            return
        if item_loop.inside_pipeline() or loop.unrolled_in_source:
            self._diag("instrument-loop-unrolled", Severity.NOTE,
                       f"loop '{loop.display_name}' is not in the report: HLS unrolls it "
                       "(its cycles are inside the enclosing pipeline)", loop.line, loop.function, loop.display_name)
            return
        around = self._fixed_iteration_around(item_loop)
        if around is not None and loop.static_trip_count is not None:
            # a constant count inside a loop whose every iteration takes the same time: that time holds it
            self._diag("instrument-loop-unmatched", Severity.NOTE,
                       f"loop '{loop.display_name}'{_other_name(loop)} matches no loop of the report (HLS unrolled"
                       f" it: {loop.static_trip_count} trips); its cycles are counted in the fixed iteration latency"
                       f" of loop '{around.report_name}'", loop.line, loop.function, loop.display_name)
            return
        latency = item.kernel.latency
        if self.baseline is Baseline.FULL and item_loop.parent is None and latency is not None \
                and latency.max is not None and latency.min == latency.max:
            # a top-level loop: the module's exact latency holds it (eq. 6's residual beside the
            # parts matched); inside a loop, that loop's count per iteration would leave it out
            self._diag("instrument-loop-unmatched", Severity.NOTE,
                       f"loop '{loop.display_name}'{_other_name(loop)} matches no loop of the report; its cycles are"
                       f" counted in the exact latency of module '{item.kernel.name}' ({latency.max:,} cycles per"
                       " call)", loop.line, loop.function, loop.display_name)
            return
        self._diag("instrument-loop-unmatched", Severity.WARNING,
                   f"loop '{loop.display_name}'{_other_name(loop)} matches no loop of the report; its cycles "
                   "are not counted", loop.line, loop.function, loop.display_name)

    def _fixed_iteration_around(self, item_loop: ExpandedLoop) -> Block | None:
        """The innermost matched sequential loop around ``item_loop`` when the
        report gives it one exact iteration latency (else None)."""
        block = self._expanded_enclosing(item_loop)
        if block is None or block.kind is not BlockKind.SEQUENTIAL:
            return None
        report = self._report_of(block)
        il = _il_range(report) if report is not None else LatencyRange()
        return block if il.max is not None and il.min == il.max else None

    def _loop_block(self, item_loop: ExpandedLoop, report: Loop, item: InstrumentedFunction) -> None:
        loop = item_loop.loop
        around = self._expanded_enclosing(item_loop)  # in the module, across inlined calls
        if around is not None and around.kind is BlockKind.PIPELINED:
            return  # unrolled into the pipeline; a report row here would be unusual
        il_range = _il_range(report)
        owner = "" if loop.function == item.source.name else item.source.name
        if _is_pipelined(report):
            ii = report.ii.value if report.ii is not None and report.ii.value is not None else 1
            il = il_range.max if il_range.max is not None else 0
            delta = 0 if self.baseline is Baseline.SIMPLE else _delta(report, il, ii)
            block = self._new(BlockKind.PIPELINED, loop.label or report.name, loop.function, loop.line,
                              report_name=report.name, ii=ii, il=il, delta=delta, fill=il,
                              unroll=loop.unroll_factor or 1, owner=owner)
        else:
            block = self._new(BlockKind.SEQUENTIAL, loop.label or report.name, loop.function, loop.line,
                              report_name=report.name, fill=il_range.max or 0, owner=owner)
            block.il = il_range.max or 0
            block.breaks = loop_breaks(loop.node)
        block.latency_max = _loop_latency_max(report)
        block.fixed_trip = fixed_trip_count(report)
        block.loop = loop
        block.parent = self._enclosing_block(loop)  # in the same text: codegen keeps hosted loops' state in its locals
        self.loop_blocks[id(loop)] = block

    def _enclosing_block(self, loop: SourceLoop) -> Block | None:
        parent = loop.parent
        while parent is not None:
            if id(parent) in self.loop_blocks:
                return self.loop_blocks[id(parent)]
            parent = parent.parent
        return None

    def _expanded_enclosing(self, item_loop: ExpandedLoop) -> Block | None:
        parent = item_loop.parent
        while parent is not None:
            if id(parent.loop) in self.loop_blocks:
                return self.loop_blocks[id(parent.loop)]
            parent = parent.parent
        return None

    # -- independent call groups (eq. 2)
    def _find_groups(self, item: InstrumentedFunction) -> None:
        if item.dataflow:
            return  # the whole function is the region (eq. 3)
        if item.source.name in self.instances:
            return  # a group's counters would be spliced once per instance into the one body: calls stay serial
        objects = _object_names(item.source.node)
        for node in _compounds(item.source.node.body):
            run: list[c_ast.FuncCall] = []
            for statement in [*(node.block_items or []), None]:
                call = statement if isinstance(statement, c_ast.FuncCall) else None
                if call is not None and self._callee(call) is not None and _independent(run, call, objects):
                    run.append(call)
                    continue
                if len(run) >= 2:
                    names = ", ".join(str(c.name.name) for c in run)
                    group = self._new(BlockKind.PARALLEL, f"parallel({names})", item.source.name,
                                      int(run[0].coord.line), composition=Composition.PARALLEL, calls=list(run))
                    self.groups.append(group)
                run = [call] if call is not None and self._callee(call) is not None else []

    def _callee(self, call: c_ast.FuncCall) -> InstrumentedFunction | None:
        if isinstance(call.name, c_ast.ID):
            return self.instrumented.get(str(call.name.name))
        return None

    # -- constants
    def _function_constants(self, item: InstrumentedFunction) -> None:
        body = item.source.node.body
        block = item.block
        latency = item.kernel.latency or LatencyRange()
        block.latency_max = latency.max
        if item.dataflow:
            block.composition = self._region_composition(item, latency)
        # a group's latency is its callees' (eq. 2), needed by the eq. 6 residual of a loop around it
        for group in self.groups:
            if group.function == item.source.name:
                self._group_constants(group)
        for loop_block in self._blocks_of(item.source.name):
            if loop_block.kind is BlockKind.SEQUENTIAL and loop_block.loop is not None:
                self._sequential_constants(loop_block, loop_block.loop)
        has_children = self._has_child_blocks(body)
        if block.composition is Composition.CHAIN:
            block.fill = self._fill_of_function(item)
        elif block.composition is Composition.DATAFLOW:
            block.fill = self._dataflow_fill(body)
            block.ceiling = self._dataflow_ceiling(latency)
            self._uncounted_processes(item, latency)
        elif has_children:
            path = self._maxpath(body)
            block.residual = self._residual(latency.max, path, block, "module latency") + item.generated_cycles
            if self.baseline is Baseline.FULL and latency.min is not None:
                block.floor, block.has_floor = latency.min, True
            block.fill = self._fill_of_function(item)
        else:
            block.floor, block.has_floor = (latency.min or 0), latency.min is not None
            if latency.min is None and item.generated_cycles:
                block.floor, block.has_floor = item.generated_cycles, True
            block.fill = latency.max or 0
            if latency.min is None and not item.generated_cycles:
                self._diag("instrument-unknown-latency", Severity.WARNING,
                           f"module '{item.kernel.name}' has no known latency: counted as 0 cycles",
                           block.line, block.function)

    def _dataflow_ceiling(self, latency: LatencyRange) -> int:
        """A dataflow region whose report latency is one number, with no
        ``loop_tripcount`` guess in the design, takes exactly that: eq. 3
        (the processes' streaming time and every fill added once) estimates
        the overlap and may count past it, so it is held there (a public
        Vitis 2023.2 region of three processes: 165 in the report, 173 by
        eq. 3). -1 where the latency is a range or unknown."""
        if self.baseline is not Baseline.FULL or latency.min is None or latency.min != latency.max:
            return -1
        if guessed_trip_counts(block.loop for block in self.blocks if block.loop is not None):
            return -1
        return latency.min

    def _uncounted_processes(self, item: InstrumentedFunction, latency: LatencyRange) -> None:
        """Processes of dataflow region ``item`` that call a report module no
        instrumented function defines (a function template from a header:
        a public hls4ml top's two layers) add nothing to eq. 3, and the
        region counted 0 cycles against 965 co-simulated. The region then
        takes the report's minimum latency as a floor, and the total is said
        to be a lower bound. Each process is given its own reason: a function
        of the source whose module has no report of its own (only the top's
        csynth report committed: a public Vitis 2024.1 RGB-to-gray design,
        whose plain static processes were said to be templates) is not one
        hlsight cannot instrument."""
        modules = [*(instance.module for instance in item.kernel.instances),
                   *(kernel.name for kernel in self.design.kernels)]
        missing = []
        for statement in _statements(item.source.node.body):
            call = statement if isinstance(statement, c_ast.FuncCall) else None
            name = str(call.name.name) if call is not None and isinstance(call.name, c_ast.ID) else ""
            if name and self._callee(statement) is None and not self._inlined_has_blocks(statement) \
                    and any(module == name or module.startswith(f"{name}_") for module in modules):
                missing.append(name)
        if not missing:
            return
        floor = latency.min if self.baseline is Baseline.FULL else None
        if floor is not None:
            item.block.floor, item.block.has_floor = floor, True
        names = list(dict.fromkeys(missing))
        unreported = [name for name in names if name in self.functions]
        elsewhere = [name for name in names if name not in self.functions]
        reasons = []
        if unreported:
            files = ", ".join(f"{name}_csynth.rpt/.xml" for name in unreported)
            reasons.append(f"{', '.join(unreported)} {'are functions' if len(unreported) > 1 else 'is a function'}"
                           f" of the source without a report of {'their' if len(unreported) > 1 else 'its'} own (no"
                           f" {files} in the report folder)")
        if elsewhere:
            reasons.append(f"{', '.join(elsewhere)} {'are no function' if len(elsewhere) > 1 else 'is no function'}"
                           " hlsight instruments (a template or class member, or defined elsewhere)")
        self._diag("instrument-call-not-counted", Severity.WARNING,
                   f"dataflow region '{item.kernel.name}': {'its processes' if len(names) > 1 else 'its process'} "
                   + "; ".join(reasons) + f": eq. 3 cannot count {'them' if len(names) > 1 else 'it'}"
                   + (f"; the region counts at least the report's minimum latency ({floor:,})"
                      if floor is not None else ""),
                   int(item.source.node.coord.line), item.source.name)

    def _region_composition(self, item: InstrumentedFunction, latency: LatencyRange) -> Composition:
        """How the processes of dataflow region ``item`` compose within a
        call, as ``analyze`` reads the report's latencies
        (:func:`processes_in_sequence`, one reading for both). Eq. 3 overlaps
        processes that stream to each other; a process that reads a
        ping-pong buffer or a scalar channel starts only when its producer
        has finished (public topk_sort, Vitis 2022.1: 1,208 = 1,002 + 101 +
        103 + 2, and eq. 3 gave 1,005, the region's interval). Where all add
        up, eq. 1 counts them, with the region's own cycles as its residual
        (eq. 6): SERIAL. Where all but one add up (a public Vivado HLS 2019.1
        DES decrypter: 4,984 = 113 + 1,585 + 3,153 + 129 + 4), the chain is
        counted so and the one left out beside it (eq. 2):
        ``max(chain + own cycles, beside)``, CHAIN (docs/model.md decision
        104). Else DATAFLOW (eq. 3)."""
        if latency.max is None or latency.min != latency.max:
            return Composition.DATAFLOW
        statements = [child for _, child in item.source.node.body.children()]
        parts = [self._maxpath(statement) for statement in statements]
        known = [value for value in parts if value is not None]
        reading = processes_in_sequence(latency.max, known) if len(known) == len(parts) else None
        if reading is None:
            return Composition.DATAFLOW
        beside = None if reading.complete else self._beside(statements, reading, latency.max)
        if not reading.complete and beside is None:
            return Composition.DATAFLOW
        names = [self._process_name(statement) for statement in statements]
        if beside is None:
            how = "they run one after another within a call (ping-pong or scalar channels), so they are counted" \
                  " in sequence (eq. 1), not overlapped (eq. 3)"
        else:
            how = (f"the chain runs one process after another within a call (eq. 1, its {beside.residual:,}"
                   f" control cycles added), {reading.members(names)[1]} beside it (eq. 2): the longer of the two"
                   " is counted, not their overlap (eq. 3)")
        self._diag("instrument-dataflow-sequential", Severity.NOTE,
                   f"dataflow region '{item.kernel.name}': the report's {reading.evidence(names)}: {how}",
                   int(item.source.node.coord.line), item.source.name)
        if beside is None:
            return Composition.SERIAL
        item.block.residual = beside.residual if self.baseline is Baseline.FULL else 0
        beside.block.beside = True
        return Composition.CHAIN

    def _beside(self, statements: list[c_ast.Node], reading: ProcessChain, latency: int) -> _Beside | None:
        """The process a chain reading of a region (``statements``) leaves beside the
        others, where one can be counted so: a loop of the region's own
        (its block's frame closes into the region; a call's function block
        is shared by its every call site), and where several chains fit,
        every process one of them leaves out a loop whose report trip count
        and latency are fixed (no ``loop_tripcount`` guess) and the same, so
        whichever runs beside, the count is one (the DES region's two
        129-cycle permutations).
        None otherwise (eq. 3 stays)."""
        left_out = []
        for chain in reading.chains:
            (index,) = [index for index, value in enumerate(reading.parts) if value > 0 and index not in chain]
            block = self._block_of_node(_unlabelled(statements[index]))
            if block is None or block.loop is None:
                return None
            left_out.append(block)
        if len(left_out) > 1:
            fixed = set()
            for block in left_out:
                report = self._report_of(block)
                low = _loop_latency_min(report) if report is not None else None
                guessed = block.loop is None or block.loop.has_pragma("loop_tripcount")
                if low is None or low != block.latency_max or block.fixed_trip is None or guessed:
                    return None
                fixed.add(low)
            if len(fixed) != 1:
                return None
        chain_sum = sum(reading.parts[member] for member in reading.chains[0])
        return _Beside(left_out[0], latency - chain_sum)

    def _process_name(self, statement: c_ast.Node) -> str:
        """A process of a region as the user reads it: its loop's or its callee's name."""
        statement = _unlabelled(statement)
        block = self._block_of_node(statement)
        if block is not None:
            return block.report_name or block.name
        if isinstance(statement, c_ast.FuncCall) and isinstance(statement.name, c_ast.ID):
            return str(statement.name.name)
        return f"the statement at line {statement.coord.line}" if statement.coord else "a statement"

    def _blocks_of(self, function: str) -> Iterable[Block]:
        # innermost first so a parent's maxpath sees its children's constants
        return [b for b in reversed(self.blocks) if b.module_function == function and b.loop is not None]

    def _sequential_constants(self, block: Block, loop: SourceLoop) -> None:
        report = self._report_of(block)
        il = _il_range(report) if report is not None else LatencyRange()
        body = loop.node.stmt
        block.delta = 0 if self.baseline is Baseline.SIMPLE or report is None else _delta(report, il.max, None)
        if self._has_child_blocks(body):
            path = self._maxpath(body)
            block.residual = self._residual(il.max, path, block, "iteration latency")
            if self.baseline is Baseline.FULL and il.min is not None:
                block.floor, block.has_floor = il.min, True
        else:
            block.floor, block.has_floor = (il.min or LOOP_PASS_MIN_CYCLES), True
            if il.min is None:
                self._diag("instrument-unknown-il", Severity.WARNING,
                           f"loop '{block.report_name}' has no iteration latency in the report: counted as"
                           f" {LOOP_PASS_MIN_CYCLES} per "
                           "iteration, the fewest a pass takes (a lower bound)", block.line, block.function,
                           block.report_name)
            elif il.max != il.min:
                block.il_spread = il.max - il.min if il.max is not None else 0
                self._diag("instrument-il-range", Severity.NOTE,
                           f"loop '{block.report_name}' has a path-dependent iteration latency {il.min}~{il.max}: "
                           "simulated with the minimum (HLScope+ III-B)", block.line, block.function,
                           block.report_name)

    def _report_of(self, block: Block) -> Loop | None:
        item = self.instrumented.get(block.module_function)
        if item is None:
            return None
        return report_loops(self.design, item.kernel).get(_norm(block.report_name))

    def _group_constants(self, group: Block) -> None:
        values = [self._call_latency(call) for call in group.calls]
        known = [value for value in values if value is not None]
        group.latency_max = max(known) if len(known) == len(values) and known else None

    def _residual(self, total: int | None, path: int | None, block: Block, what: str) -> int:
        if self.baseline is Baseline.SIMPLE:
            return 0
        if total is None or path is None:
            # a loop's pass takes at least the state of its exit test, as analyze counts it; a
            # module's own cycles a call stay 0
            floor = LOOP_PASS_MIN_CYCLES if block.loop is not None else 0
            self._diag("instrument-residual-unknown", Severity.WARNING,
                       f"{_noun(block)} '{block.report_name or block.name}' has an unknown {what}: the "
                       f"imperfect-nest residual (eq. 6) is {floor}"
                       + (" an iteration, the fewest a pass takes (its exit test): a lower bound" if floor else "")
                       + "; run 'hlsight instrument --mode tripcount', re-synthesize and use the new report",
                       block.line, block.function, block.report_name)
            return floor
        residual = total - path
        if residual < 0:
            self._diag("instrument-residual-negative", Severity.WARNING,
                       f"{_noun(block)} '{block.report_name}': {what} {total} is smaller than its children's "
                       f"{path} cycles; residual set to 0", block.line, block.function, block.report_name)
            return 0
        return residual

    def _dataflow_fill(self, body: c_ast.Node) -> int:
        """Eq. 3 needs no residual; the fill of a dataflow function itself
        (when it is a process of another region) is the sum of its processes' IL."""
        return sum(self._child_fill(child) for child in _statements(body))

    def _child_fill(self, node: c_ast.Node) -> int:
        block = self._block_of_node(node)
        if block is not None:
            return block.fill
        if isinstance(node, c_ast.FuncCall):
            callee = self._callee(node)
            return callee.block.fill if callee else 0
        return 0

    def _fill_of_function(self, item: InstrumentedFunction) -> int:
        """IL_c of a function used as a dataflow process (eq. 3): the latency of
        its first data item, taken as its residual plus its top-level loops' IL,
        an inlined callee's among them (a public hls4ml convolution's loops are
        all in the function it inlines: taken as none, its whole latency was
        its fill, and the region summed its layers)."""
        roots = [expanded.loop for expanded in self.expansions.get(item.source.name, [])] or item.source.loops
        loops = [self.loop_blocks[id(loop)] for loop in dict.fromkeys(roots) if id(loop) in self.loop_blocks]
        if not loops:
            return item.block.latency_max or 0
        return item.block.residual + sum(block.fill for block in loops)

    def _block_of_node(self, node: c_ast.Node) -> Block | None:
        for block in self.loop_blocks.values():
            if block.loop is not None and block.loop.node is node:
                return block
        return None

    def _call_latency(self, call: c_ast.FuncCall) -> int | None:
        callee = self._callee(call)
        return None if callee is None else callee.kernel.latency.max if callee.kernel.latency else None

    def _has_child_blocks(self, node: c_ast.Node | None) -> bool:
        if node is None:
            return False
        if self._block_of_node(node) is not None:
            return True
        if isinstance(node, c_ast.FuncCall) and (self._callee(node) is not None or self._inlined_has_blocks(node)):
            return True
        return any(self._has_child_blocks(child) for _name, child in node.children())

    def _inlined_body(self, call: c_ast.FuncCall) -> tuple[str, c_ast.Node] | None:
        """The body of the inlined function ``call`` calls (its loops and
        calls are the caller's children), or None."""
        name = str(call.name.name) if isinstance(call.name, c_ast.ID) else None
        if name is None or name in self._walking or not self._inlined(name) or self.functions[name].pipelined:
            return None
        return name, self.functions[name].node.body

    def _inlined_has_blocks(self, call: c_ast.FuncCall) -> bool:
        found = self._inlined_body(call)
        if found is None:
            return False
        self._walking.add(found[0])
        try:
            return self._has_child_blocks(found[1])
        finally:
            self._walking.discard(found[0])

    def _inlined_maxpath(self, call: c_ast.FuncCall) -> int | None:
        """Longest path of the blocks in the inlined body ``call`` runs (0: none)."""
        found = self._inlined_body(call)
        if found is None:
            return 0
        self._walking.add(found[0])
        try:
            return self._maxpath(found[1])
        finally:
            self._walking.discard(found[0])

    def _maxpath(self, node: c_ast.Node | None) -> int | None:
        """Longest-path latency of the child blocks under ``node`` from the
        report (eq. 1 for sequences, max for exclusive branches and for
        groups of independent calls, eq. 2)."""
        if node is None:
            return 0
        block = self._block_of_node(node)
        if block is not None:
            return block.latency_max
        return self._paths.latency(node)


class _LongestPath(NodeVisitor):
    """:meth:`Planner._maxpath` of a node that is no block itself, by node type."""

    def __init__(self, planner: Planner):
        self.planner = planner

    def latency(self, node: c_ast.Node) -> int | None:
        found: int | None = self.visit(node)
        return found

    def generic_visit(self, node: c_ast.Node) -> int | None:
        """A sequence: its children one after the other (eq. 1)."""
        total = 0
        for _name, child in node.children():
            value = self.planner._maxpath(child)
            if value is None:
                return None
            total += value
        return total

    def visit_FuncCall(self, node: c_ast.FuncCall) -> int | None:
        if self.planner._callee(node) is not None:
            return self.planner._call_latency(node)
        arguments = self.generic_visit(node)
        inlined = self.planner._inlined_maxpath(node)  # an inlined callee's loops and calls are the caller's
        return None if arguments is None or inlined is None else arguments + inlined

    def visit_If(self, node: c_ast.If | c_ast.TernaryOp) -> int | None:
        """Exclusive branches: the condition, then the longer branch."""
        branches = [self.planner._maxpath(node.iftrue), self.planner._maxpath(node.iffalse)]
        cond = self.planner._maxpath(node.cond)
        if cond is None or any(value is None for value in branches):
            return None
        return cond + max(value for value in branches if value is not None)

    visit_TernaryOp = visit_If

    def visit_Switch(self, node: c_ast.Switch) -> int | None:
        """Exclusive cases: the condition, then the longest path from any
        case label to the ``break`` that ends it (a case without one falls
        through into the next). Summed as a sequence, a public 2022.1
        equalizer's state machine (three cases of 107 + 357, 111 and 2
        cycles) was 571 cycles an iteration against the report's 469."""
        cond = self.planner._maxpath(node.cond)
        body = node.stmt
        items = body.block_items or [] if isinstance(body, c_ast.Compound) else [body]
        cases = [item for item in items if isinstance(item, (c_ast.Case, c_ast.Default))]
        if cond is None or len(cases) != len(items):
            return self.generic_visit(node)  # statements outside any case label: no exclusive arms to read
        lengths: list[int] = []
        ends: list[bool] = []
        for case in cases:
            total = 0
            for statement in case.stmts or []:
                value = self.planner._maxpath(statement)
                if value is None:
                    return None
                total += value
            lengths.append(total)
            ends.append(any(isinstance(statement, (c_ast.Break, c_ast.Return)) for statement in case.stmts or []))
        longest = 0
        for start in range(len(cases)):
            path = 0
            for index in range(start, len(cases)):
                path += lengths[index]
                if ends[index]:
                    break
            longest = max(longest, path)
        return cond + longest

    def visit_Compound(self, node: c_ast.Compound) -> int | None:
        """Statements in sequence; a group of independent calls counts once, as its longest call (eq. 2)."""
        total = 0
        grouped = {id(call): group for group in self.planner.groups for call in group.calls}
        seen: set[int] = set()
        for item in node.block_items or []:
            group = grouped.get(id(item))
            if group is not None:
                if id(group) in seen:
                    continue
                seen.add(id(group))
                value = group.latency_max
            else:
                value = self.planner._maxpath(item)
            if value is None:
                return None
            total += value
        return total


def _listed_in(available: dict[str, Loop]) -> Callable[[str], bool]:
    """Whether a label is part of a loop name of the report (``for_y`` in the
    flattened ``for_y_for_x`` too): a labelled loop it does not name at all was
    dissolved or unrolled."""
    names = [f"_{name}_" for name in available]
    return lambda label: any(f"_{_norm(label)}_" in name for name in names)


def _shared_loops(expansions: dict[str, list[ExpandedLoop]]) -> dict[int, list[tuple[str, ExpandedLoop]]]:
    """Loops of inlined callees that appear more than once after inlining
    (the callee is called at several places): id(SourceLoop) -> (module function, copy)."""
    copies: dict[int, list[tuple[str, ExpandedLoop]]] = {}
    for host, roots in expansions.items():
        for item in walk_all(roots):
            if item.inlined:
                copies.setdefault(id(item.loop), []).append((host, item))
    return {key: sites for key, sites in copies.items() if len(sites) > 1}


def _other_name(loop: SourceLoop) -> str:
    """The Vitis name an unlabelled loop may have besides Vivado's ``Loop N``
    (a label is the loop's name in both: no Vitis name to show)."""
    return "" if loop.label else f" ({loop.vitis_name})"


class NamedLoop(Protocol):
    """A loop as the report may name it: a source loop, or one seen through inlining."""

    @property
    def candidate_names(self) -> list[str]: ...
    @property
    def vivado_name(self) -> str: ...


def names_to_match(loop: NamedLoop, available: dict[str, Loop]) -> list[str]:
    """The report names ``loop`` may have. A report loop the reader marks
    as the compiler's (Vitis ``Loop N``: an array initialiser's
    ``<f>_Pipeline_2``) is no source loop, so it is never taken by position:
    the public cluster-nms's unrolled 100-element load loop took the
    4,950-trip initialiser's ``Loop 1`` and counted 100 cycles for it."""
    return [name for name in loop.candidate_names
            if name != loop.vivado_name or not _compiler_made(available.get(_norm(name)))]


def _compiler_made(report: Loop | None) -> bool:
    return report is not None and GENERATED_LOOP_NOTE in report.details


def _flattened(loop: ExpandedLoop, available: dict[str, Loop]) -> tuple[Loop, list[ExpandedLoop]] | None:
    """A perfect nest ``loop -> only child -> ...`` that HLS flattened into one
    loop named by joining the levels' names with ``_`` (format notes section
    4: ``for_y_for_x``, ``VITIS_LOOP_17_4_VITIS_LOOP_18_5``), read by the
    analysis's rule (:func:`~hlsight.analyzer.access.report_loop_names.flattened_chains`,
    an unlabelled level Vitis leaves out included): it runs the product of
    the levels' trips, counted as the innermost level's iterations. Pipelined
    or not: Vitis 2021.1 flattens an array multiplier's ``i``/``j`` levels
    around a pipelined ``k`` loop it outlines into a sequential
    ``VITIS_LOOP_25_3_VITIS_LOOP_26_4`` (ndstung's systolic array), which was
    left unmatched: 287 cycles for the report's 197. One reading only."""
    found = [(report, chain) for key, report in available.items()
             for chain in flattened_chains(key, loop, lambda level: [_norm(name) for name in level.candidate_names],
                                           lambda level: level.children, lambda level: level.loop.label is None)
             if len(chain) > 1]
    if len(found) != 1:
        return None
    report, chain = found[0]
    return report, list(chain)


def _flattened_in_place(loop: ExpandedLoop, report: Loop, available: dict[str, Loop]) -> list[ExpandedLoop] | None:
    """A perfect nest flattened under its outer loop's own name: Vivado HLS
    names a flattened nest of unlabelled loops by the outer one (``Loop 1``,
    trip 1024 for a 32 x 32 nest whose inner loop holds the PIPELINE
    pragma), so no ``Loop 1.1`` is listed. Taken where the report's loop is
    pipelined with no loop inside, no inner loop of the chain has a report
    name, the outer loop is not the one pipelined in the source (its inner
    loops would be unrolled), and the report's trip count is the product of
    the chain's constant trip counts. A public 2018.3 matrix multiply's four
    such nests were counted at 32 iterations each: 333 cycles for the
    report's 5,293."""
    if report.children or not _is_pipelined(report) or loop.loop.pipelined_in_source:
        return None
    trips = report.trip_count.value if report.trip_count is not None else None
    chain = [loop]
    while len(chain[-1].children) == 1:
        inner = chain[-1].children[0]
        if any(_norm(name) in available for name in names_to_match(inner, available)):
            return None
        chain.append(inner)
        counts = [member.loop.static_trip_count for member in chain]
        if trips is not None and None not in counts and math.prod(c for c in counts if c is not None) == trips:
            return chain
    return None


def loop_breaks(loop: c_ast.Node) -> list[c_ast.Break]:
    """The ``break`` statements that leave ``loop`` itself (not those of an
    inner loop or ``switch``) as its exit test: taken before the iteration
    does any work. HLS folds such a test into the loop's header and charges
    the exiting iteration nothing (the bfs report's minimum, 1 x IL + 1), so
    the runtime skips the III-B ``IL_min`` floor for it. A ``break`` after
    work is not one: its iteration ran, and costs its IL (a Vivado HLS
    2016.3 Mandelbrot's best case, 77 cycles, holds its one 29-cycle
    iteration)."""
    body = _statements(getattr(loop, "stmt", None))
    leading = [statement for statement in body  # a loop's pragmas are no statement (`LOOP_TRIPCOUNT` first)
               if not ((isinstance(statement, c_ast.Decl) and statement.init is None)
                       or isinstance(statement, c_ast.Pragma))][:1]
    if not leading or not isinstance(leading[0], c_ast.If) or leading[0].iffalse is not None:
        return []
    taken = _statements(leading[0].iftrue)
    return [taken[0]] if len(taken) == 1 and isinstance(taken[0], c_ast.Break) else []


def _compounds(node: c_ast.Node | None) -> list[c_ast.Compound]:
    out: list[c_ast.Compound] = []
    if node is None:
        return out
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, c_ast.Compound):
            out.append(current)
        stack.extend(child for _name, child in current.children())
    return out


def _unlabelled(statement: c_ast.Node) -> c_ast.Node:
    """The statement a label (``PERM: for ...``) stands before."""
    while isinstance(statement, c_ast.Label):
        statement = statement.stmt
    return statement


def _statements(body: c_ast.Node | None) -> list[c_ast.Node]:
    if isinstance(body, c_ast.Compound):
        return list(body.block_items or [])
    return [] if body is None else [body]


def _object_names(function: c_ast.FuncDef) -> set[str]:
    """Names of arrays and pointers declared in a function (parameters and
    locals): only these can carry a dependency between two calls."""
    names: set[str] = set()
    stack: list[c_ast.Node] = [function]
    while stack:
        node = stack.pop()
        if isinstance(node, c_ast.Decl) and isinstance(node.type, (c_ast.ArrayDecl, c_ast.PtrDecl)):
            names.add(str(node.name))
        stack.extend(child for _name, child in node.children())
    return names


def _argument_texts(call: c_ast.FuncCall, objects: set[str]) -> set[str]:
    generator = c_generator.CGenerator()
    arguments = call.args.exprs if call.args is not None else []
    texts = {generator.visit(argument).replace(" ", "") for argument in arguments}
    return {text for text in texts if _root(text) in objects}


def _root(text: str) -> str:
    for separator in "[.-(":
        text = text.split(separator)[0]
    return text.lstrip("&*")


def _independent(run: list[c_ast.FuncCall], call: c_ast.FuncCall, objects: set[str]) -> bool:
    """Two calls are independent (eq. 2) when no argument of one names the
    same object as an argument of the other: equal argument texts, or one a
    whole array/pointer whose element the other passes (``buf`` vs
    ``buf[1]``) count as shared; ``buf[0]`` vs ``buf[1]`` (double buffering,
    Fig. 8) do not."""
    mine = _argument_texts(call, objects)
    for other in run:
        theirs = _argument_texts(other, objects)
        for a in mine:
            for b in theirs:
                if a == b or a == _root(b) or b == _root(a):
                    return False
    return True


def _noun(block: Block) -> str:
    return "function" if block.kind is BlockKind.FUNCTION else "loop"
