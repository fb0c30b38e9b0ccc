"""Presentation helpers shared by every reporter.

(``format_seconds`` lives in :mod:`hlsight.core.units`, re-exported here.)

The reporters render the same facts in different syntaxes; this module decides
*what* is shown (display paths, number formatting, which LSUs dominate a
kernel's time, which source lines a finding points at) so text, HTML, SARIF
and the annotated vendor report never disagree.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath, PureWindowsPath

import sympy

from hlsight.analyzer.access import parse_expression
from hlsight.analyzer.access.branch_arms import described
from hlsight.analyzer.access.taken import readable
from hlsight.analyzer.boards import NO_PROFILE, without_board_memory
from hlsight.analyzer.clock_band import uses_report_clock
from hlsight.analyzer.consistency import count_below_passes
from hlsight.analyzer.launches import Launch
from hlsight.analyzer.results import (
    AnalysisResult,
    ClockBand,
    CycleCaveat,
    KernelEstimate,
    SourceFacts,
    TermEstimate,
    bound_label,
)
from hlsight.analyzer.symbols import axi_name, loop_symbols
from hlsight.core.diagnostics import Diagnostic
from hlsight.core.model import Design, Interface, LatencyRange, Loop, SourceFile, SourceLocation, Vendor, path_name
from hlsight.core.units import NAMES_SHOWN as NAMES_SHOWN
from hlsight.core.units import format_seconds as format_seconds
from hlsight.core.units import format_value as format_value
from hlsight.core.units import name_list as name_list
from hlsight.parsers.vivado.names import READ_BURST_KEY, WRITE_BURST_KEY
from hlsight.reporters.base import RenderOptions

#: Shares below this fraction of a kernel's time are left out of summaries.
MIN_SHARE = 0.01


def display_path(path: str, relative_to: str | None = None) -> str:
    """Shorten ``path`` for display, the way compilers print diagnostics.

    Vendor reports spell sources with the build machine's absolute path
    (``/home/alice/proj/k.cl``, ``C:\\work\\k.cl``); such a path is shown
    relative to ``relative_to`` when it lies below it, else as given.
    Relative paths are kept as they are.
    """
    if not path:
        return path
    if relative_to is not None and os.path.isabs(path):
        try:
            return os.path.relpath(path, relative_to) if Path(path).is_relative_to(relative_to) else path
        except ValueError:
            return path
    return path


def shown_path(path: str, options: RenderOptions) -> str:
    """The path to print for a report path: the local copy when one was found
    (``--source-root``, the report folder, the embedded source written out),
    else the report's spelling; shortened against the working directory."""
    local = options.sources.get(path)
    return display_path(path if local is None else local.path, options.relative_to)


def basename(path: str) -> str:
    """Last component of a POSIX or Windows path (reports contain both)."""
    name = PureWindowsPath(path).name if "\\" in path else PurePosixPath(path).name
    return name or path


def format_number(value: object) -> str:
    """Numbers with 4 significant digits, everything else via ``str``."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def range_text(low: int | None, high: int | None) -> str:
    """``5``, ``3 ~ 7``, ``? ~ 7``; ``?`` when both bounds are unknown."""
    if low is None and high is None:
        return "?"
    low_text = "?" if low is None else str(low)
    high_text = "?" if high is None else str(high)
    return low_text if low_text == high_text else f"{low_text} ~ {high_text}"


def trip_text(loop: Loop, values: Mapping[str, float] | None = None, derived: str | None = None,
              merged: str | None = None) -> str:
    """Trip count from the report; else the source analysis's (``ceiling(n/16)``,
    evaluated when ``values`` give its names: ``1048576 = ceiling(n/16)``,
    marked "source"; ``derived`` is ``result.source.trip(loop)``); ``-`` when neither knows it.
    ``merged`` (``result.source.merged_trip(loop)``): the iterations a source
    ``loop_coalesce`` merges into each of them, said after the count
    (``4 x 4 merged (loop_coalesce, source)``): the report's count is one level's."""
    own = _own_trip_text(loop, values, derived)
    if merged is None:
        return own
    number = _source_value(merged, values)
    shown = merged if number is None or number == merged else f"{number} = {merged}"
    return f"{own} x {shown} merged (loop_coalesce, source)"


def _own_trip_text(loop: Loop, values: Mapping[str, float] | None, derived: str | None) -> str:
    """A report range with an end unknown (``1 ~ ?``) is shown beside the
    source's count the estimate takes (a public Vitis 2020.1 vdot's tile
    loop read "trip 1 ~ ?" while its number used ``ceiling(input1_w/16)``)."""
    count = loop.trip_count
    if count is not None and (count.min is not None or count.max is not None):
        reported = range_text(count.min, count.max)
        if derived is None or (count.min is not None and count.max is not None):
            return reported
        return f"{reported} (report), {_source_text(derived, values)}"
    if derived is None:
        return "-" if count is None else range_text(count.min, count.max)
    return _source_text(derived, values)


def _source_text(derived: str, values: Mapping[str, float] | None) -> str:
    number = _source_value(derived, values)
    return f"{derived} (source)" if number is None else f"{number} = {derived} (source)"


def _source_value(derived: str, values: Mapping[str, float] | None) -> str | None:
    """A source expression's value where ``values`` fix it, formatted; ``None`` otherwise."""
    try:
        expression = parse_expression(derived)
    except (sympy.SympifyError, SyntaxError, TypeError, ValueError):
        return None
    given = {symbol: values[symbol.name] for symbol in expression.free_symbols
             if isinstance(symbol, sympy.Symbol) and values and symbol.name in values}
    evaluated = expression.subs(given)
    return format_value(float(evaluated)) if evaluated.is_number else None


def latency_text(latency: LatencyRange | None) -> str:
    return "-" if latency is None else range_text(latency.min, latency.max)


def term_seconds(term: TermEstimate) -> float | None:
    """T_ideal + T_ovh of one term, ``None`` while either is symbolic."""
    if term.ideal_s is None:
        return None
    return term.ideal_s + (term.overhead_s or 0.0)


@dataclass(frozen=True)
class Share:
    """One LSU's (or loop's) part of its kernel's estimated time."""

    subject: str
    seconds: float
    fraction: float


def time_shares(estimate: KernelEstimate, limit: int = 3) -> list[Share]:
    """The ``limit`` largest per-LSU times as fractions of the kernel total.

    Fractions are of the sum of the terms (the banks run in parallel, so a
    fraction of the kernel's max-over-banks time could exceed 1).
    """
    timed = [(term.subject, term_seconds(term)) for term in estimate.per_lsu]
    if any(seconds is None for _, seconds in timed):
        return []  # shares of the numeric terms alone would crown an LSU that runs once
    known = [(subject, seconds) for subject, seconds in timed if seconds is not None]
    total = sum(seconds for _, seconds in known)
    if total <= 0:
        return []
    shares = [Share(subject, seconds, seconds / total) for subject, seconds in known]
    shares.sort(key=lambda share: share.seconds, reverse=True)
    return [share for share in shares if share.fraction >= MIN_SHARE][:limit]


#: Significant digits of the constants printed in a formula (the model's
#: inputs -- clocks, timings -- have 3-4; 3.4965034965035e-9 is float noise).
FORMULA_DIGITS = 4


def expression_text(expression: object) -> str:
    """The sympy expression as one line of text, its float constants rounded
    to :data:`FORMULA_DIGITS` significant digits (``""`` when absent)."""
    return "" if expression is None else str(rounded(expression))


def rounded(expression: object) -> object:
    """A sympy expression with its float constants at :data:`FORMULA_DIGITS`
    significant digits; anything else as it is."""
    if not isinstance(expression, sympy.Basic):
        return expression
    return expression.xreplace({
        number: sympy.Float(float(f"{float(number):.{FORMULA_DIGITS}g}"), FORMULA_DIGITS)
        for number in expression.atoms(sympy.Float)
    })


def bound_phrase(estimate: KernelEstimate | None) -> str:
    """``memory-bound``, ``memory-bound (non-saturated)``, ``compute-bound`` or ``""``."""
    label = "" if estimate is None else bound_label(estimate)
    if not label:
        return ""
    head, _, tail = label.partition(" ")
    return f"{head}-bound" + (f" {tail}" if tail else "")


def dram_wait_text(estimate: KernelEstimate | None) -> str:
    """``schedule 8.53 ms + DRAM waits 2.3 ms (21 % of 10.8 ms), added: no
    dataflow (HLScope+ eq. 14)``: said beside a number that is this sum, so
    "compute-bound" is not read as "the DRAM costs nothing" (a public Vitis
    HLS 2025.1 lab whose strided bundles add 2.3 ms to 8.53 ms of
    schedule). Empty where the number is not the sum (the bus occupancy of
    eq. 16 is larger, or a part is not known)."""
    if estimate is None or estimate.seconds is None or not estimate.seconds > 0:
        return ""
    waits, schedule = estimate.dram_wait_seconds, estimate.compute_seconds
    if waits is None or schedule is None or not waits > 0 \
            or abs(schedule + waits - estimate.seconds) > 1e-9 * estimate.seconds:
        return ""
    return (f"schedule {format_seconds(schedule)} + DRAM waits {format_seconds(waits)}"
            f" ({waits / estimate.seconds:.0%} of {format_seconds(estimate.seconds)}), added: no dataflow"
            " (HLScope+ eq. 14)")


def estimate_headline(estimate: KernelEstimate | None, with_bound: bool = True, limit: int | None = NAMES_SHOWN) -> str:
    """``12.3 ms, memory-bound`` or ``symbolic in work_items, stride``."""
    if estimate is None:
        return "no estimate"
    label = bound_phrase(estimate)
    bound = f", {label}" if label and with_bound else ""
    if estimate.seconds is not None:
        # a number that leaves a part out (kernels with nothing to time them by, a pipeline
        # waiting for trip counts, LSUs on host memory) is a lower bound: said in the number itself
        floor = "at least " if estimate.left_out or estimate.pending_symbols or estimate.untimed_lsus else \
            "at most " if estimate.worst_case else ""
        if floor == "at least " and estimate.seconds == 0:
            # "at least 0 s" says nothing (a public GCD whose outer loop ran 0 times, its own
            # "?" cycles uncounted, against 5 co-simulated): what is known is said instead
            return "unknown: what it counts takes no time at these values, and the rest is not in the report"
        return f"{floor}{format_seconds(estimate.seconds)}{bound}"
    if estimate.free_symbols:
        # the pipeline time known while the memory time waits for values: the number is at least it
        # (eqs. 10 and 12 both hold the pipeline time; a public U55C stream copy showed no number at all)
        # not where the pipeline time rests on a loop_tripcount pragma's count of a loop whose
        # source count waits for the values (a public Vitis wide_vadd read "at least 1.6 us" for
        # its pragma's 4096 elements, and 786 ns with 32 given)
        assumed = estimate.cycles is not None and CycleCaveat.ASSUMED_TRIP in estimate.cycles.caveats
        floor = "" if estimate.compute_seconds is None or not estimate.compute_seconds > 0 or assumed else \
            f"; at least {format_seconds(estimate.compute_seconds)}, its pipeline time"
        return f"symbolic in {name_list(estimate.free_symbols, limit)}{bound}{floor}"
    return f"unknown{bound}"


@dataclass(frozen=True)
class LaunchRow:
    """One ``[[launch]]`` entry as every reporter shows it."""

    launch: str
    each: str
    total: str
    bound: str
    symbolic: str


def assignment_texts(result: AnalysisResult) -> list[str]:
    """The values given, ``NAME=VALUE``, then those worked out from them
    with how (``work_items=2097152 (global_size0 x global_size1)``)."""
    derived = result.derived_assignments
    given = [f"{name}={format_value(value)}" for name, value in sorted(result.assignments.items())
             if name not in derived]
    return given + [f"{name}={format_value(result.assignments[name])} ({how})"
                    for name, how in sorted(derived.items()) if name in result.assignments]


def assignments_text(result: AnalysisResult) -> str:
    """:func:`assignment_texts` on one line."""
    return ", ".join(assignment_texts(result))


def launch_text(launch: Launch) -> str:
    """``15 x [comp_exit=431600] (all kernels)``: the values as typed."""
    given = ", ".join(f"{name}={format_value(value)}" for name, value in launch.values.items())
    target = f"kernel {launch.kernel}" if launch.kernel else "all kernels"
    if launch.work_groups is not None:  # an OpenCL C kernel's module: the repeat is its calls, one per work-group
        target = f"{target}; {launch.work_groups.text}"
    return f"{launch.repeat} x [{given}] ({target})" if given else f"{launch.repeat} x ({target})"


def launch_rows(result: AnalysisResult) -> list[LaunchRow]:
    """The per-launch breakdown of a ``[[launch]]`` sequence (the design
    time is their sum): what each launch sets, its time once and times its
    repeat, the bound as the headline reads it, the names still missing."""
    return [
        LaunchRow(
            launch=launch_text(item.launch),
            each="?" if item.seconds is None else format_seconds(item.seconds),
            total="?" if item.total_seconds is None else format_seconds(item.total_seconds),
            bound=item.label or item.bound,
            symbolic=", ".join(item.free_symbols),
        )
        for item in result.launches
    ]


def launch_cost_text(result: AnalysisResult) -> str | None:
    """The fixed per-launch cost in the design time, or that none was added
    and why (the profile's ``[launch]`` source says it in full, in the JSON
    assumptions): a sub-millisecond kernel's time depends on it."""
    if result.design_estimate is None or not result.memory_profile:
        return None
    if without_board_memory(result.design) or result.memory_profile_why.startswith(NO_PROFILE):
        return None  # no board memory, so no board's launch cost to add or to say is missing
    if result.launch_overhead_s > 0:
        cost = format_seconds(result.launch_overhead_s)
        return f"design time includes {cost} per launch ({result.memory_profile} [launch] overhead_us)"
    source = result.launch_overhead_source
    why = source if source.startswith("not ") else "its measured cases did not determine one"
    return f"no per-launch cost added: {why} ({result.memory_profile} [launch])"


def clock_text(result: AnalysisResult) -> str | None:
    """The clock the estimate used and where it came from, as analyze's
    ``using:`` line says it (whatif's header says the same)."""
    clocks = sorted({clock for clock in (clock_mhz(e) for e in result.estimates.values()) if clock is not None})
    if not clocks:
        return None
    text = f"clock {clocks[0]:g} MHz" if len(clocks) == 1 else f"clocks {clocks[0]:g} ~ {clocks[-1]:g} MHz"
    if "fmax" in result.assignments:
        return text + " (given)"
    routed = _routed_text(result)
    if routed is not None:
        return f"{text} ({routed})"
    if uses_report_clock(result.design):
        # a compiler's pre-fit clock is often far from what place-and-route reaches
        what = _xilinx_clock_name(result) if result.design.tool.vendor is Vendor.XILINX else \
            "the compiler's pre-fit estimate: no place-and-route fmax in the report"
        text += f" ({what}; --set fmax=MHZ)"
    return text


def _routed_text(result: AnalysisResult) -> str | None:
    """What the implementation report says of the clock the number uses."""
    implementation = result.design.implementation
    used = [estimate.cycles for estimate in result.estimates.values()
            if estimate.cycles is not None and estimate.cycles.clock_routed_ns is not None]
    if implementation is None or not used:
        return None
    first = used[0]
    where = f"{Path(implementation.path).name}{', ' + implementation.tool if implementation.tool else ''}"
    if any(cycles.clock_used == "post-route" for cycles in used):
        target = "?" if first.clock_target_ns is None else f"{first.clock_target_ns:g}"
        return (f"the {first.clock_routed_step} clock: {first.clock_routed_ns:g} ns achieved, the target {target} ns"
                f" not met ({where})")
    step = "place and route" if first.clock_routed_step == "place-and-route" else "implementation"
    return f"the HLS target clock, met after {step}: {first.clock_routed_ns:g} ns achieved ({where})"


def _xilinx_clock_name(result: AnalysisResult) -> str:
    """Which HLS clock a Vivado/Vitis estimate used and why: the target's,
    or, for a report without one, the estimated clock (it was called the
    target)."""
    if any(estimate.cycles is not None and estimate.cycles.clock_used == "estimated"
           for estimate in result.estimates.values()):
        return "the HLS estimated clock: no target clock and no place-and-route fmax in the report"
    return "the HLS target clock: no place-and-route fmax in the report"


def clock_band_text(result: AnalysisResult) -> str | None:
    """The design time over the clocks real designs placed at, when the
    estimate rests on the report's unplaced clock (``None`` otherwise)."""
    band = result.clock_band
    if band is None:
        return None
    floor = "at least " if result.design_estimate is not None and result.design_estimate.left_out else ""
    _low, median, _high = band.ratios
    at_low, at_median, at_high = band.seconds
    clocks, spread = _band_clocks(band)
    if max(band.seconds) <= min(band.seconds) * 1.005:
        return f"clock band: {floor}{format_seconds(at_median)} at any placed clock of {clocks} ({spread})"
    return (f"clock band: {floor}{format_seconds(at_high)} - {format_seconds(at_low)} for a placed clock of {clocks}"
            f" ({spread}; at the median {median:g}x: {format_seconds(at_median)})")


def clock_band_range_text(result: AnalysisResult) -> str | None:
    """A sweep's clock band: the placed clocks, and where each point's
    times at them are (columns beside its time: the band's times in
    ``result`` are one point's, not the grid's)."""
    if result.clock_band is None:
        return None
    clocks, spread = _band_clocks(result.clock_band)
    low, high = band_clock_names(result.clock_band)
    return (f"clock band: real designs placed at {clocks} ({spread}); each point's time {low} and {high}"
            " is given beside its own")


def band_clock_names(band: ClockBand) -> tuple[str, str]:
    """``at 264 MHz``, ``at 540 MHz``: the band's low and high placed clock
    as a whatif sweep's columns are headed (rounded as :func:`_band_clocks`
    says the band)."""
    low, _median, high = band.ratios
    return f"at {band.clock_mhz * low:.0f} MHz", f"at {band.clock_mhz * high:.0f} MHz"


def _band_clocks(band: ClockBand) -> tuple[str, str]:
    """The band's placed clocks (``293-600 MHz``) and how they were found."""
    low, _median, high = band.ratios
    return (f"{band.clock_mhz * low:.0f}-{band.clock_mhz * high:.0f} MHz",
            f"{low:g}x-{high:g}x the report's clock, as 80 % of {band.designs} corpus designs placed")


def design_headline(result: AnalysisResult) -> str:
    """The design's estimate with the bound of the kernel that dominates it
    (the design estimate's own bound is the model's raw one). Kernels joined
    by channels into one group are timed together, their LSUs pooled per
    bank: the group's own reading is the design's then, as JSON's
    ``bound_label`` says (a public 520N SAXPY of two channel-joined kernels
    read "compute+memory-bound", each kernel's own, beside the group's
    memory time of twice theirs)."""
    overall = result.design_estimate
    if overall is None or overall.seconds is None:
        return estimate_headline(overall) + _work_groups(result)
    if len(overall.concurrent_groups) == 1 and len(overall.concurrent_groups[0]) > 1:
        return estimate_headline(overall) + _work_groups(result)
    slowest = ranked_estimates(result)[0][1] if result.design.kernels else None
    if slowest is None or slowest.seconds is None:
        return estimate_headline(overall) + _work_groups(result)
    label = bound_phrase(slowest)
    return estimate_headline(overall, with_bound=False) + (f", {label}" if label else "") + _work_groups(result)


def _work_groups(result: AnalysisResult) -> str:
    """What an OpenCL C kernel's module's design time is of (``, 4,096
    work-items = 8 work-groups of 512 (one call each)``, ``, one work-group's
    call (512 work-items)``): its report's latency is one work-group, so the
    number says how many it holds."""
    return f", {result.work_groups}" if result.work_groups else ""


def launch_note(estimate: KernelEstimate | None) -> str:
    """`` (each launch of [[launch]] #2 (rem_rows=5))`` beside a kernel's
    time when the design time sums ``[[launch]]`` tables: the kernel line is
    one launch, not the sum (pathfinder's dynproc_kernel read 617 us beside a
    35.4 ms design time)."""
    return "" if estimate is None or estimate.launch is None else f" (each launch of {estimate.launch})"


#: more kernels than this share a caution: the first few are named, the rest counted
_NAMED_KERNELS = 4


def kernel_list(names: Sequence[str]) -> str:
    """``a, b, c`` or, for many, ``a, b, c and 13 more`` (kmers: 16 kernels
    share one caution; their 60-character names filled the first screen)."""
    if len(names) <= _NAMED_KERNELS:
        return ", ".join(names)
    shown = _NAMED_KERNELS - 1
    return f"{', '.join(names[:shown])} and {len(names) - shown} more"


def grouped_cautions(result: AnalysisResult) -> list[tuple[list[str], str]]:
    """Every caution once, with the kernels that carry it: each kernel's
    first, then the design's own that no kernel already gave (no names)."""
    by_text: dict[str, list[str]] = {}
    for name, estimate in result.estimates.items():
        for caveat in estimate.caveats:
            by_text.setdefault(caveat, []).append(name)
    design = [] if result.design_estimate is None else result.design_estimate.caveats
    return [*((names, caveat) for caveat, names in by_text.items()),
            *(([], caveat) for caveat in design if caveat not in by_text)]


def using_text(profile: str | None, clock: str | None) -> str:
    """The ``using:`` line of analyze and whatif: the DRAM profile and the
    clock; a profile said with its own "; pass --memory" (an unknown board)
    takes the clock after "; " too."""
    used = [text for text in (profile, clock) if text]
    return ("; " if profile and ";" in profile else ", ").join(used)


#: Names every LSU without a value of its own shares (``analyzer/symbols.py``).
SHARED_LSU_NAMES = {"stride": "the index stride", "element_bytes": "the element size"}


def shared_symbol_users(result: AnalysisResult, name: str) -> list[str]:
    """The LSUs whose time takes the shared ``stride``/``element_bytes``
    (those the source analysis left without one of their own)."""
    return sorted({term.subject for estimate in result.estimates.values() for term in estimate.per_lsu
                   if name in term.own_symbols})


def shared_symbol_lsus(result: AnalysisResult, names: Sequence[str]) -> dict[str, str]:
    """For ``stride``/``element_bytes`` among ``names``: which LSUs take it
    (those the source analysis left without one), so one global value is
    not given blind (IntelLabs/t2sp's GEMM asked for ``stride`` alone, and
    it stood for three loaders/unloaders)."""
    out: dict[str, str] = {}
    for name, what in SHARED_LSU_NAMES.items():
        lsus = shared_symbol_users(result, name) if name in names else []
        if len(lsus) == 1:  # asked by the LSU's own name (asked_names)
            out[f"lsu.{lsus[0]}.{name}"] = f"{what} of this LSU, which the source analysis did not give (-v says why)"
        elif lsus:
            out[name] = (f"{what} of {name_list(lsus)}, which the source analysis did not give (-v says why);"
                         f" lsu.<id>.{name} sets one LSU's")
    return out


def asked_names(result: AnalysisResult, names: Sequence[str]) -> list[str]:
    """``names`` with a shared ``stride``/``element_bytes`` that stands for
    one LSU only asked as that LSU's own name (``lsu.kernel_kLoader/load0.stride``):
    the value is that LSU's, and a later second LSU does not silently share it."""
    asked: list[str] = []
    for name in names:
        lsus = shared_symbol_users(result, name) if name in SHARED_LSU_NAMES else []
        asked.append(f"lsu.{lsus[0]}.{name}" if len(lsus) == 1 else name)
    return asked


def count_text(accesses: str | None) -> str:
    """An access count as the user reads it: tests of kernel arguments as
    Iverson brackets (:func:`hlsight.analyzer.access.taken.readable`)."""
    if accesses is None or "Taken(" not in accesses:
        return str(accesses)
    return readable(parse_expression(accesses))


def trip_symbol_loops(design: Design, names: Sequence[str], source: SourceFacts | None = None) -> dict[str, str]:
    """For each ``loop.<kernel>.<loop>.trip`` among ``names``: where its loop
    is and how the source bounds it (``img_filter_core.h:1430 `for (...;
    y < IMG_ROWS + KERN_RAD; ...)```), so the user knows what to give;
    with ``source``, the matched source loop where the report only guesses
    its place (:meth:`SourceFacts.loop_location`)."""
    wanted = set(names)
    out: dict[str, str] = {}
    for kernel in design.kernels:
        symbols = loop_symbols(kernel)
        for loop in kernel.all_loops():
            name = symbols.get(id(loop))
            if name not in wanted:
                continue
            place = loop.location if source is None else source.loop_location(loop)
            stale = source is not None and place is not None and path_name(place.file) in source.stale_files
            said = [_loop_place(design, place, quote=not stale)] if place is not None else []
            levels = _FLATTENED_LEVEL.findall(loop.name)
            if len(levels) > 1:
                # a public 2022.2 top-k kernel whose source went unread: its k was given for the 24 x 27 nest
                said.append(f"its name joins the loops at lines {', '.join(levels)}, a nest the tool flattened:"
                            " the product of their counts")
            outer = next((parent for parent in kernel.all_loops() if loop in parent.sub_loops
                          and parent.location is not None and parent.location == loop.location), None)
            if outer is not None:
                # a public i++ 21.4 gaussian: B4 and its inner B5 both "at gaussian.cpp:17"
                said.append(f"the loop nested in {outer.name}, which the report places at the same line: its count"
                            f" per iteration of {outer.name}")
            merged = [symbols[id(child)] for child in loop.merged_loops if id(child) in symbols]
            if merged:
                # HPCC PTRANS: B1 (block_row, line 36) coalesces block_col (line 37): B1 = 256 "the loop's
                # runs" was counted twice, as B1 x L37
                said.append(f"that level's count alone: the loops coalesced into it count on their own"
                            f" ({', '.join(merged)})")
            count = loop.trip_count
            if count is not None and count.min is not None and count.max is not None and not count.known:
                # the tool's own range (a loop_tripcount pragma or its bounds
                # analysis): a hint for the value, never taken for it
                said.append(f"the report gives a trip count of {count.min} ~ {count.max}" + (
                    f", one below the passes its latency holds ({loop.latency.min} ~ {loop.latency.max} cycles):"
                    " give the passes - 1" if count_below_passes(loop) and loop.latency is not None else ""))
            guards = source.loop_guards(loop) if source is not None else ()
            if guards:  # decision 90: a call that takes another arm runs it 0 times
                tests = " and ".join(described(guard) for guard in guards)
                said.append(f"it runs only under {tests}: 0 where that arm is not taken")
            missing = source.missing_headers(loop) if source is not None else ()
            if missing and place is not None:
                # a public i++ atax bounds its loops by `N` of "atax.h", which was not among its files
                headers = " and ".join(f'"{header}"' for header in missing)
                said.append(f"its file includes {headers}, not found here: a bound defined there is unknown"
                            " (--source-root DIR with it)")
            if said:
                out[name] = "; ".join(said)
    return out


#: a level of a Vitis loop name (``VITIS_LOOP_24_3_VITIS_LOOP_27_4``: a flattened nest of the loops at 24 and 27)
_FLATTENED_LEVEL = re.compile(r"VITIS_LOOP_([0-9]+)_[0-9]+")
#: ``trips_<kernel>_L<line>[_<nth>]`` (analyzer.access.loops.unknown_trip_symbol): the line and ordinal
_SOURCE_TRIP = re.compile(r"_L(?P<line>[0-9]+)(?:_(?P<nth>[0-9]+))?$")
#: a loop header that never ends by itself: ``while (1)``, ``while (true)``, ``for (;;)``
_ENDLESS = re.compile(r"^(?:while\s*\(\s*(?:1|true)\s*\)|for\s*\(\s*;\s*;\s*\))")


def source_trip_loops(design: Design, names: Sequence[str]) -> dict[str, str]:
    """For each source-derived trip count among ``names`` (a loop the source
    analysis could not count, ``trips_kernel_yFeeder_L144``): the loop it
    counts, as :func:`trip_symbol_loops` says a report loop's; an endless
    loop (an autorun kernel's ``while (1)``) runs as long as it is fed, so
    what to give is the iterations it runs while the host's kernels run."""
    out: dict[str, str] = {}
    for name in names:
        for kernel in design.kernels:
            prefix = f"trips_{kernel.name}"
            match = _SOURCE_TRIP.fullmatch(name[len(prefix):]) if name.startswith(prefix) else None
            if match is None or kernel.location is None:
                continue
            location = SourceLocation(kernel.location.file, int(match.group("line")))
            place = _loop_place(design, location)
            if _ENDLESS.match(_loop_header(design, location)):
                place += (": an endless loop, which runs as long as it is fed; give the iterations it runs while the"
                          " host's kernels run (the items it handles)")
            out[name] = place
            break
    return out


def _loop_header(design: Design, location: SourceLocation) -> str:
    """The source line of a loop up to its ``{`` (``for (...)``), "" when the file is not known."""
    source = design.source_file(location.file)
    lines = [] if source is None or source.content is None else source.content.splitlines()
    text = lines[location.line - 1].strip() if 0 < location.line <= len(lines) else ""
    return text.split("{")[0].strip()


def _loop_place(design: Design, location: SourceLocation, quote: bool = True) -> str:
    """``the loop at file:line `for (...)``` (the source line when the file is
    known and, ``quote``, is the one compiled)."""
    text = _loop_header(design, location) if quote else ""
    return f"the loop at {basename(location.file)}:{location.line}" + (f" `{text[:100]}`" if text else "")


def axi_symbol_ports(design: Design, names: Sequence[str]) -> dict[str, str]:
    """For each ``axi.<module>.<bundle>.bytes`` among ``names``: which m_axi
    bundle it is (direction and width from the report), so a Vitis user knows
    which host buffers' sizes to add up."""
    wanted = set(names)
    out: dict[str, str] = {}
    for kernel in design.kernels:
        for port in kernel.interfaces:
            name = axi_name(kernel.name, port.name, "bytes")
            if name in wanted and port.is_axi_master:
                facts = ", ".join(fact for fact in (port.direction, f"{port.width_bits}-bit" if port.width_bits else "")
                                  if fact)
                out[name] = (f"the bytes m_axi bundle {port.name} of {kernel.name} moves per call"
                             f"{f' ({facts})' if facts else ''}: reads plus writes in the run (a buffer behind it"
                             " the run leaves alone counts 0)" + _longest_bursts(port))
    return out


def _longest_bursts(port: Interface) -> str:
    """The report's longest inferred bursts of a bundle, in bytes: a floor
    for the value asked where the source is not read (a public Vitis 2025.1
    lab asked for both bundles' bytes beside 65,536-beat bursts of 32 bits,
    the 262,144 bytes its source moves); said, never used."""
    if not port.width_bits:
        return ""
    said = []
    for key, direction in ((READ_BURST_KEY, "read"), (WRITE_BURST_KEY, "write")):
        beats = port.details.get(key, "")
        if beats.isdigit() and int(beats) > 0:
            said.append(f"{direction} {int(beats):,} beats of {port.width_bits} bits,"
                        f" {int(beats) * port.width_bits // 8:,} bytes")
    return ("; the report's longest inferred burst" + ("s: " if len(said) > 1 else ": ") + " and ".join(said)
            + " each time its loop runs") if said else ""


def source_for(design: Design, path: str | None) -> SourceFile | None:
    """The embedded source file a diagnostic or LSU points into, if any."""
    return None if path is None else design.source_file(path)


def lsu_terms(estimate: KernelEstimate | None) -> dict[str, TermEstimate]:
    """Per-LSU terms of an estimate keyed by LSU id."""
    return {} if estimate is None else {term.subject: term for term in estimate.per_lsu}


@dataclass(frozen=True)
class FindingGroup:
    """Findings that say the same thing about different LSUs/kernels.

    kmers has 30 single-LSU kernels with the same ``mem-fmax-below-fmin``
    warning; a reader wants it once with the count, not 30 times.
    """

    first: Diagnostic
    members: tuple[Diagnostic, ...]

    @property
    def subjects(self) -> list[str]:
        return [diag.subject or diag.kernel or "" for diag in self.members]


def _finding_key(diag: Diagnostic) -> tuple[str, str, str | None, int | None, str]:
    message = diag.message
    for name in (diag.subject, diag.kernel):
        if name:
            message = message.replace(name, "\0")
    return (diag.rule, diag.severity.value, diag.file, diag.line, message)


def group_findings(diagnostics: list[Diagnostic]) -> list[FindingGroup]:
    """Findings grouped by rule, place and message with the subject left out,
    in the order of their first member."""
    groups: dict[tuple[str, str, str | None, int | None, str], list[Diagnostic]] = {}
    for diag in diagnostics:
        groups.setdefault(_finding_key(diag), []).append(diag)
    return [FindingGroup(members[0], tuple(members)) for members in groups.values()]


def ranked_estimates(result: AnalysisResult) -> list[tuple[str, KernelEstimate | None]]:
    """Kernels by estimated time, slowest first; symbolic ones, then those
    without an estimate, follow in design order."""
    rows = [(kernel.name, result.estimates.get(kernel.name)) for kernel in result.design.kernels]

    def key(row: tuple[str, KernelEstimate | None]) -> tuple[int, float]:
        estimate = row[1]
        if estimate is None:
            return (2, 0.0)
        if estimate.seconds is None:
            return (1, 0.0)
        return (0, -estimate.seconds)

    return sorted(rows, key=key)


def profile_text(estimate: KernelEstimate | None) -> str | None:
    """The DRAM profile an estimate used and why (``ddr4-1866 chosen from the target``)."""
    if estimate is None:
        return None
    for assumption in estimate.assumptions:
        if assumption.startswith("memory profile "):
            return assumption.removeprefix("memory profile ").split("; pass --memory")[0]
    return estimate.profile


def _any_profile(result: AnalysisResult) -> str | None:
    for estimate in result.estimates.values():
        text = profile_text(estimate)
        if text:
            return text
    return None


def dram_profile_text(result: AnalysisResult, overall: KernelEstimate | None) -> str | None:
    """The DRAM profile the numbers used and why, as analyze's ``using:``
    line says it (``DRAM profile unknown board (...): memory profile
    ddr4-1866 assumed; pass --memory``): one wording wherever a number built
    on an assumed profile is read (analyze, whatif)."""
    why = result.memory_profile_why.removeprefix("memory profile ") if result.memory_profile_why else None
    profile = why or profile_text(overall) or _any_profile(result)
    return profile if profile is None or profile.startswith(NO_PROFILE) else f"DRAM profile {profile}"


def clock_mhz(estimate: KernelEstimate | None) -> float | None:
    """The kernel clock (MHz) an estimate was evaluated at, when numeric."""
    if estimate is None:
        return None
    value = estimate.values.get("fmax")
    return None if value is None else float(value)
