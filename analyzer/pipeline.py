"""Run every analysis over a design and collect an :class:`AnalysisResult`.

This is the single entry point the CLI and the reporters use, so adding an
analysis (memory model, source-derived access facts, hints) means adding one
step here, not touching every command.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace

import sympy

from hlsight.analyzer.access import access_free_symbols, derive_access_facts
from hlsight.analyzer.access.invariant import record_invariant_lsus
from hlsight.analyzer.access.sources import defined_macros
from hlsight.analyzer.boards import board_rule, reaches_no_dram, with_assumed, without_board_memory
from hlsight.analyzer.channel_balance import check_channel_balance
from hlsight.analyzer.clock_band import clock_band
from hlsight.analyzer.columns import fill_columns
from hlsight.analyzer.consistency import check_implausible_ii, check_loop_latencies
from hlsight.analyzer.cosim_check import compare_cosim
from hlsight.analyzer.count_arguments import first_negative_count
from hlsight.analyzer.estimate import Settings, default_profile, estimate_design
from hlsight.analyzer.estimate.evaluate import LONG_SUM, UndefinedValue
from hlsight.analyzer.estimate.inputs import KERNEL_SCOPE
from hlsight.analyzer.hints import bottleneck_hints
from hlsight.analyzer.interleaving import BANK_NAME, check_placement, places_by_bank
from hlsight.analyzer.launch_sizes import sized_inputs
from hlsight.analyzer.launches import HintsFile, Launch, LaunchEstimate, launch_label
from hlsight.analyzer.library_calls import library_call_diagnostics
from hlsight.analyzer.memory_model import ModelOptions
from hlsight.analyzer.memory_profiles import MemoryProfile, all_profiles, load_profile
from hlsight.analyzer.report_data_rate import data_rate_choice
from hlsight.analyzer.report_interface import interface_choice
from hlsight.analyzer.resource_fit import check_resource_fit
from hlsight.analyzer.results import AnalysisResult, KernelEstimate, SourceFacts
from hlsight.analyzer.runtime_kernels import without_runtime_kernels
from hlsight.analyzer.symbols import (
    GLOBAL_SYMBOLS,
    LONG_ITERATIONS,
    WORK_ITEMS,
    axi_names,
    is_trip_count,
    loop_symbols,
    must_be_whole,
    size_names,
    source_expr,
    takes_whole_values,
    user_spelling,
    validate,
)
from hlsight.analyzer.vitis_connectivity import linked_choice
from hlsight.analyzer.work_group_calls import opencl_work_group, work_group_calls
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.errors import InputError
from hlsight.core.model import Design, Kernel, KernelKind, Loop, Vendor
from hlsight.core.units import count_range, format_seconds, name_list


def analyze(
    design: Design,
    assignments: Mapping[str, float] | None = None,
    memory: MemoryProfile | None = None,
    options: ModelOptions | None = None,
    derive_access: bool = True,
    launches: Sequence[Launch] = (),
    concurrent: Sequence[Sequence[str]] = (),
    launched: Sequence[str] = (),
    hints: HintsFile | None = None,
) -> AnalysisResult:
    """Analyse ``design`` with user-given symbol values ``assignments``
    (``--set``/``--hints``), the memory profile ``memory`` (default: chosen
    from the target) and the model decisions ``options``. ``derive_access``
    False skips the source analysis (the estimate then uses only report facts
    and the symbols, as the seed model does). ``launches`` (``[[launch]]``
    tables) make the design time the sum over the launches; each kernel's
    estimate shown is that of the first launch naming it (``kernel = "k"``),
    else of the first launch. ``concurrent`` (hints
    ``concurrent``) names kernel sets the host runs at the same time; ``launched`` (hints
    ``launched``) the only kernels it launches: the others are validated
    against but left out of the analysis. ``hints``: the file the launches,
    kernel sets and some of the values came from, named in their errors."""
    # either spelling of a kernel shown by a name a shell needs quoted (relu_stream<relu_config3>)
    spelled = user_spelling(design)
    values = {spelled(name): value for name, value in (assignments or {}).items()}
    launches = [replace(launch, values={spelled(name): value for name, value in launch.values.items()},
                        kernel=None if launch.kernel is None else spelled(launch.kernel)) for launch in launches]
    concurrent = [[spelled(name) for name in names] for names in concurrent]
    launched = [spelled(name) for name in launched]
    if hints is not None:
        hints = replace(hints, names=frozenset(spelled(name) for name in hints.names))
    # Stride / element size / access count per LSU and loop trip expressions
    # from the kernel source (issue 7), returned beside the design (which
    # stays as parsed, so what-if runs over one parsed design never see each
    # other's facts). First, because its free names (kernel arguments) are
    # valid --set names.
    every_name = set(values) | {name for launch in launches for name in launch.values}
    source = derive_access_facts(design, every_name) if derive_access else SourceFacts()
    record_invariant_lsus(design, source)  # the report's own word, with or without the source
    origin = None if hints is None else str(hints.path)
    from_file = every_name & (hints.names if hints is not None else frozenset())
    validate(every_name - from_file, design, derived=source)  # --set: no file to name
    validate(from_file, design, source=origin, derived=source)
    _check_whole_arguments(values, launches, source, from_file, origin)
    _check_count_arguments(values, launches, source, from_file, origin)
    _check_concurrent_kernels(concurrent, design, origin)
    design, concurrent, unlaunched = _only_launched(design, launched, concurrent, origin)
    design, runtime_notes = without_runtime_kernels(design)  # the runtime's own kernels: never the host's launch
    _check_launch_kernels(launches, design, origin)
    sized = sized_inputs(design, source, values, launches, origin if from_file else None)
    values, launches = sized.values, sized.launches
    # an OpenCL C kernel's module runs one work-group per call: work_items makes the calls
    split = work_group_calls(design, values, launches, origin if from_file else None)
    launches = split.launches
    check_placement(design, [values, *({**values, **launch.values} for launch in launches)])
    result = AnalysisResult(design=design, assignments=values, source=source,
                            derived_assignments=sized.derived, work_groups=split.headline)
    result.diagnostics.extend(design.diagnostics)
    result.diagnostics.extend(runtime_notes)
    result.diagnostics.extend(check_loop_latencies(design))
    result.diagnostics.extend(check_implausible_ii(design))
    result.diagnostics.extend(check_resource_fit(design))
    result.diagnostics.extend(library_call_diagnostics(design))
    result.diagnostics.extend(source.diagnostics)
    result.diagnostics.extend(sized.diagnostics)
    result.diagnostics.extend(split.diagnostics)
    result.diagnostics.extend(_unused_work_items(design, every_name, source))
    result.diagnostics.extend(_fixed_macros(design, values, launches))
    unbalanced = check_channel_balance(source, _given_tables(values, launches))
    result.diagnostics.extend(diagnostic for diagnostic, _caution in unbalanced)
    result.diagnostics.extend(_trips_outside_report(design, source, [values, *(launch.values for launch in launches)]))
    assumptions: list[str] = [*sized.said, *([split.assumption] if split.assumption else [])]
    linked = linked_choice(design, values)  # the v++ link configuration beside a Vitis build, if any
    result.diagnostics.extend(linked.diagnostics)
    if memory is None:
        memory, why = (load_profile(linked.profile), linked.why) if linked.profile else default_profile(design)
        why = with_assumed(why, memory)
        assumptions.append(why)
        result.memory_profile_why = why
    elif without_board_memory(design) or reaches_no_dram(design):
        # a profile given for memory no LSU reaches changes nothing: said, not echoed as used (a public
        # D5005 SVM build printed "DRAM profile ddr4-2400-d5005 given with --memory" over an untimed number)
        result.memory_profile_why = f"{default_profile(design)[1]}; --memory {memory.name} not applied"
    else:
        result.memory_profile_why = with_assumed(f"memory profile {memory.name} given with --memory", memory)
        result.memory_profile_why += _board_lacks(design, memory)
    bus = interface_choice(design, memory)  # the report's bus widths over the profile's (decision 47)
    assumptions.extend(bus.assumptions)
    result.diagnostics.extend(bus.diagnostics)
    if bus.using:
        result.memory_profile_why = f"{result.memory_profile_why}; kernel-side bus: {bus.using}"
    rate = data_rate_choice(design, memory)  # the BSP's data rate over the profile's (decision 48)
    memory = rate.profile
    assumptions.extend(rate.assumptions)
    result.diagnostics.extend(rate.diagnostics)
    if rate.using:
        result.memory_profile_why = f"{result.memory_profile_why}; DRAM data rate: {rate.using}"
    result.memory_profile = memory.name
    result.launch_overhead_s = memory.launch_overhead_s
    result.launch_overhead_source = memory.launch_cost_why
    first = _with_trip_aliases(design, source, {**values, **launches[0].values} if launches else values)
    settings = Settings(
        profile=memory, options=options or ModelOptions(), user=first, assumptions=assumptions, source=source,
        concurrent=tuple(tuple(names) for names in concurrent),
    )
    # with [[launch]] tables these are the first launch's values, which the hints file gives
    result.estimates, result.design_estimate = _estimate(design, settings, " in [[launch]] #1" if launches else "",
                                                         origin if launches else None)
    if not reaches_no_dram(design) and not without_board_memory(design):
        # no board memory in use: no board launch cost to add or miss (a fallback profile's would be said
        # as if it were the board's)
        result.design_estimate = _with_launch_cost(result.design_estimate, memory, 1)
    if not launches and says_unmeasured_launch_cost(result):  # result.launches are set below
        _say_unmeasured_launch_cost(result.design_estimate, memory)
    if result.design_estimate is not None:  # said where the number is read, and at each what-if point
        result.design_estimate.caveats.extend(dict.fromkeys(caution for _diagnostic, caution in unbalanced))
        if split.caution:
            result.design_estimate.caveats.append(split.caution)
    if unlaunched and result.design_estimate is not None:
        # the user's word, not the report's: said where the number is read
        result.design_estimate.caveats.append(
            f"the host launches only {name_list(list(launched))} (hints launched); {name_list(unlaunched)}"
            f" {'is' if len(unlaunched) == 1 else 'are'} built into the design but left out of this number")
    if launches:
        result.launches = [_launch_estimate(design, settings, values, launch, number, origin)
                           for number, launch in enumerate(launches, 1)]
        result.estimates = _at_their_launches(result.estimates, result.launches)
        result.design_estimate = _sum_of_launches(result.design_estimate, result.launches)
        _say_overlapping_calls(result.design_estimate, design, launches)
    _say_launch_cost_share(result.design_estimate, memory.launch_overhead_s,
                           sum(launch.repeat for launch in launches) if launches else 1)
    result.clock_band = clock_band(design, result.design_estimate, every_name, result.launches,
                                   memory.launch_overhead_s)
    result.cosim, cosim_findings = compare_cosim(result)
    result.diagnostics.extend(cosim_findings)
    result.diagnostics.extend(_unused_arguments(design, every_name, source, result))
    result.diagnostics.extend(_unused_fallbacks(design, result, every_name))
    result.diagnostics.extend(_unused_launch_size(design, result, every_name))
    result.diagnostics.extend(_unused_trip_counts(design, result, every_name))
    result.diagnostics.extend(_unused_scoped(design, result, every_name - sized.consumed))
    result.diagnostics.extend(bottleneck_hints(design, result, settings))
    fill_columns(design, result.diagnostics, source)
    return result


def _estimate(
    design: Design, settings: Settings, where: str, origin: str | None = None
) -> tuple[dict[str, KernelEstimate], KernelEstimate | None]:
    """:func:`estimate_design` at ``settings.user``, refusing as an input
    error naming the values: a value that makes a term undefined (a count
    divided by zero), a bound estimate that has no number, and a negative
    time (:func:`_refuse_negative_times`). ``origin``: the hints file of the
    ``[[launch]]`` table ``where`` names."""
    values = settings.user
    try:
        kernels, whole = estimate_design(design, settings)
    except UndefinedValue as error:
        given = ", ".join(f"{name}={value:g}" for name, value in sorted(values.items()) if value <= 0)
        raise InputError(
            origin, f"the values given{where} make the estimate undefined ({error.what})"
            + (f"; the values at or below 0: {given}" if given else ""),
            expected="values for which every count the kernel source gives is defined (a size, a trip count)",
        ) from None
    unsummed = sorted(name for name, estimate in kernels.items()
                      if estimate.seconds is None and not estimate.free_symbols
                      and isinstance(estimate.expression, sympy.Basic) and estimate.expression.has(sympy.Sum))
    if unsummed:
        raise InputError(origin, f"kernel {', '.join(unsummed)}: the estimate has no number at the values given{where}"
                         f" ({LONG_SUM})", expected="values in the range the kernel runs with")
    _refuse_negative_times(kernels, values, where, origin, settings.source)
    return kernels, whole


def _refuse_negative_times(estimates: Mapping[str, KernelEstimate], values: Mapping[str, float], where: str,
                           origin: str | None, source: SourceFacts | None = None) -> None:
    """A kernel argument may be 0 or negative (an offset), but one that
    counts work cannot: a negative time is refused, naming the values. The
    memory part counts, not only the kernel's total: a negative memory time
    under a positive pipeline time (a loop bound given as -5) would
    otherwise leave the larger part as the estimate, a number that looks
    right."""
    negative = [(name, part) for name, estimate in sorted(estimates.items())
                if (part := _negative_part(estimate)) is not None]
    if negative:
        given = ", ".join(f"{name}={value:g}" for name, value in sorted(values.items()) if value < 0)
        kernels = "; ".join(f"kernel {name}: {part}" for name, part in negative)
        below = [] if given or source is None else _counts_below_zero(source, values)
        if below:
            # a public Fibonacci at n=0: `for (i = 2; i <= n; i++)` runs n - 1 = -1 times as counted
            shown = ", ".join(f"{name}={value:g}" for name, value in sorted(values.items()))
            raise InputError(
                origin, f"{kernels} negative with the values given{where} ({shown}): {'; '.join(below)}",
                expected="values at which every loop the source counts runs at least once (a loop that does not"
                         " run: give its trip count, --set loop.<kernel>.<loop>.trip=0)",
            )
        raise InputError(
            origin, f"{kernels} negative with the values given{where}" + (f" ({given})" if given else ""),
            expected="values an argument that counts work (a size, a trip count) can take: 0 or more",
        )


def _counts_below_zero(source: SourceFacts, values: Mapping[str, float]) -> list[str]:
    """The source's counts that the values make negative (``the trip count
    of loop Loop 1 is n - 1 = -1``): values no argument breaks, but the
    count reads a loop that does not run as a negative one."""
    found = []
    for what, text in source.counts():
        expression = source_expr(text, (), [], what)
        if expression is None or not expression.free_symbols:
            continue
        value = expression.subs({symbol: values[symbol.name] for symbol in expression.free_symbols
                                 if symbol.name in values})
        if value.is_number and value.is_negative:
            found.append(f"{what} is {text} = {float(value):g}")
    return found


def _negative_part(estimate: KernelEstimate) -> str | None:
    """Which of the total, the memory part, a bank or an LSU term of
    ``estimate`` is a number below zero (the first found). Memory terms are
    linear in the access counts, so a negative one means a negative count.
    The pipeline part is left out: FlexCL eq. 1's (N - 1) * II gives a loop
    the host skips (a trip count of 0, which is allowed) one cycle below
    zero, a model artefact the memory time or the total then covers."""
    parts: list[tuple[str, float | None]] = [
        ("the estimated time is", estimate.seconds),
        ("the memory time is", estimate.memory_seconds),
    ]
    parts += [(f"the time of bank {bank.name} is", bank.seconds) for bank in estimate.per_bank]
    parts += [(f"the time of {term.subject} is", term.ideal_s) for term in estimate.per_lsu]
    parts += [(f"the row-miss time of {term.subject} is", term.overhead_s) for term in estimate.per_lsu]
    return next((what for what, seconds in parts if seconds is not None and seconds < 0), None)


def _unused_work_items(design: Design, names: set[str], source: SourceFacts) -> list[Diagnostic]:
    """``work_items`` is the NDRange global size: a design whose kernels are
    all single-work-item has none, and the value would change nothing (or,
    worse, stand in for an argument it is not). Say so."""
    given = _sizes_given(design, names)
    if not given or not design.kernels:
        return []
    if opencl_work_group(design) is not None:
        return []  # an OpenCL C kernel's module: work_items makes its calls (work_group_calls), or says why not
    xilinx = design.tool.vendor is Vendor.XILINX  # a C function: no NDRange, its m_axi bytes are per bundle
    if not xilinx and not all(kernel.single_threaded for kernel in design.kernels):
        return []
    arguments = sorted(access_free_symbols(source) - set(GLOBAL_SYMBOLS))
    wanted = f"; give the kernel arguments instead ({', '.join(arguments)})" if arguments else ""
    first, one = design.kernels[0], given == [WORK_ITEMS.name]
    if xilinx:
        ports = axi_names(design, "bytes")
        wanted = f"; give the bytes each m_axi bundle moves instead ({', '.join(ports)})" if ports else ""
    return [
        Diagnostic(
            rule="input-work-items-unused",
            severity=Severity.WARNING,
            message=(
                (f"{WORK_ITEMS.name} is the NDRange global size" if one else
                 f"{name_list(given)} {'is an NDRange launch size' if len(given) == 1 else 'are NDRange launch sizes'}")
                + ", but "
                + ("a Vivado/Vitis design is C functions" if xilinx else
                   "every kernel is single-work-item or an i++ component")
                + f" ({name_list([kernel.name for kernel in design.kernels])}):"
                f" {'it is' if one else 'they are'} not used{wanted}"
            ),
            file=None if first.location is None else first.location.file,
            line=None if first.location is None else first.location.line,
            kernel=first.name,
        )
    ]


def _unused_arguments(design: Design, names: set[str], source: SourceFacts,
                      result: AnalysisResult) -> list[Diagnostic]:
    """A kernel argument the host sets but no count or trip depends on
    (``B_width`` of the tiled matrix multiply only moves addresses): taken,
    and said, so the user knows the value changed nothing. Where the
    estimate still asks for trip counts, the argument may drive them through
    a condition the analysis cannot count (a public SHA-256's ``while (n)``
    with ``n = bytes`` and ``n -= 64``: "bytes changes nothing" read as if
    no loop depended on it)."""
    used = access_free_symbols(source) | set(GLOBAL_SYMBOLS)
    notes: list[Diagnostic] = []
    if names <= used:
        return notes  # every name given is one the model uses (the usual run): no argument lists needed
    arguments = source.kernel_arguments()
    for kernel in design.kernels:
        idle = sorted(name for name in arguments.get(kernel.name, ()) if name in names - used)
        if idle:
            estimate = result.estimates.get(kernel.name)
            trips = sorted(name for name in (estimate.free_symbols if estimate is not None else [])
                           if is_trip_count(name))
            why = ("no access count or loop trip derived from the source depends on them; the trip counts still"
                   f" asked for ({name_list(trips)}) may, through conditions the analysis cannot count: give those"
                   if trips else
                   "no access count or loop trip depends on them: they move addresses, or sit in tests the access"
                   " notes count as always true")
            notes.append(
                Diagnostic.at(
                    kernel.location, "input-argument-unused", Severity.NOTE,
                    f"kernel {kernel.name}: argument(s) {', '.join(idle)} change nothing in the estimate ({why})",
                    kernel=kernel.name,
                )
            )
    return notes


def _given_tables(values: Mapping[str, float], launches: Sequence[Launch]) -> list[tuple[str, Mapping[str, float]]]:
    """The values given (``--set`` and the hints file), then each ``[[launch]]``
    table's, with where they were given (`` in [[launch]] #2``; "" for the first)."""
    return [("", values),
            *((f" in [[launch]] #{number}", launch.values) for number, launch in enumerate(launches, 1))]


def _check_whole_arguments(values: Mapping[str, float], launches: Sequence[Launch], source: SourceFacts,
                           from_file: set[str], origin: str | None) -> None:
    """A fraction for an integer kernel argument (``--set N=1000.5`` on
    axpy's ``int N``) is refused, as whatif refuses it in a sweep and --set
    refuses one for a trip count: no host launches half an element, and the
    estimate at it was printed as if one could."""
    tables = [given for _where, given in _given_tables(values, launches)]
    if all(float(value).is_integer() for given in tables for value in given.values()):
        return  # nothing to refuse: the arguments' types (0.24 s on kmers' 37 kernels) are not needed
    real = source.real_arguments()
    arguments = {name for names in source.kernel_arguments().values() for name in names}
    for given in tables:
        for name, value in given.items():
            base = name.rpartition(":")[2]
            if float(value).is_integer() or base not in arguments or must_be_whole(base) \
                    or not takes_whole_values(base, real):
                continue  # counts are checked where they are read; clocks and float arguments take any value
            raise InputError(origin if name in from_file else None, f"value of '{name}' is {value:g}",
                             expected=f"a whole number ({base} is an integer argument of the kernel)")


def _check_count_arguments(values: Mapping[str, float], launches: Sequence[Launch], source: SourceFacts,
                           from_file: set[str], origin: str | None) -> None:
    """A negative value for a name that counts work (:mod:`hlsight.analyzer.count_arguments`:
    ``--set N=-5`` where the source runs a loop N times) is refused, as a
    fraction is; an offset may be negative."""
    entries = [(where, name, value) for where, given in _given_tables(values, launches)
               for name, value in given.items()]
    found = first_negative_count([(name, value) for _where, name, value in entries], source)
    if found is not None:
        where, name, value = entries[found[0]]
        raise InputError(origin if name in from_file or where else None, f"value of '{name}' is {value:g}{where}",
                         expected=found[1])


#: Global names only an LSU without its own fact falls back to (eq. 2's delta,
#: ls_bytes): the source analysis or ``lsu.<id>.*`` usually decides instead.
_FALLBACK_NAMES = {
    "stride": "stride comes from the source analysis or lsu.<id>.stride; an m_axi bundle's from axi.<top>.<bundle>"
              ".stride",
    "element_bytes": "element size comes from the source analysis, the LSU's width or lsu.<id>.bytes",
}


def _unused_fallbacks(design: Design, result: AnalysisResult, names: set[str]) -> list[Diagnostic]:
    """``--set stride=2`` where every LSU's stride is known from its source
    line changed nothing, and a user who believes the access is strided must
    hear that the tool disagrees: a warning, naming what decided instead
    (``lsu.<id>.stride`` overrides one LSU)."""
    if not any(name.rpartition(":")[2] in _FALLBACK_NAMES for name in names):
        return []
    used = _estimate_names(result)  # HLScope+ beside a Vivado pipeline estimate uses them too
    notes: list[Diagnostic] = []
    for name in sorted(names):
        base = name.rpartition(":")[2]
        if base not in _FALLBACK_NAMES or name in used or not result.estimates:
            continue
        notes.append(
            Diagnostic.at(
                design.kernels[0].location if design.kernels else None, "input-unused", Severity.WARNING,
                f"{name} changes nothing in the estimate: no global memory access falls back to it (an LSU's"
                f" {_FALLBACK_NAMES[base]}; -v shows each LSU's facts)",
            )
        )
    return notes


def _sizes_given(design: Design, names: set[str]) -> list[str]:
    """The NDRange launch sizes among ``names``: ``work_items`` and the
    per-dimension sizes the design takes."""
    return [name for name in (WORK_ITEMS.name, *size_names(design)) if name in names]


def _unused_launch_size(design: Design, result: AnalysisResult, names: set[str]) -> list[Diagnostic]:
    """The NDRange size given where no estimate depends on it and the
    report does not call every kernel single-work-item (that case is
    :func:`_unused_work_items`'s): a public aoc 16.1 genetic algorithm's
    host launches 3,328 work-items, ``--set global_size0=3328`` was echoed
    beside the number and changed nothing, without a word."""
    given = _sizes_given(design, names)
    if not given or not result.estimates or design.tool.vendor is Vendor.XILINX \
            or all(kernel.single_threaded for kernel in design.kernels):
        return []
    if WORK_ITEMS.name in _estimate_names(result):
        return []
    unknown = [kernel.name for kernel in design.kernels if kernel.kind is KernelKind.UNKNOWN]
    why = (f"the report does not say whether {name_list(unknown)} {'is an' if len(unknown) == 1 else 'are'}"
           " NDRange or single-work-item, and the source's counts do not use the work-item ids"
           if unknown else "no count derived from the source uses the work-item ids")
    return [Diagnostic.at(
        design.kernels[0].location if design.kernels else None, "input-unused", Severity.WARNING,
        f"{name_list(given)} changes nothing in the estimate: {why}; -v shows each loop's and LSU's counts")]


def _estimate_names(result: AnalysisResult) -> set[str]:
    """Every symbol the estimates' expressions hold (the number, its memory
    and pipeline parts, the alternatives), before the values go in."""
    used: set[str] = set()
    estimates = [*result.estimates.values(), *([result.design_estimate] if result.design_estimate else [])]
    for estimate in estimates:
        for shown in (estimate, *estimate.alternatives):
            parts = (shown.bound_terms.memory, shown.bound_terms.pipeline) if shown.bound_terms else ()
            for expression in (shown.symbolic, *parts, shown.expression):
                if isinstance(expression, sympy.Basic):
                    used |= {str(symbol) for symbol in expression.free_symbols}
    return used


_SOURCE_TRIP = re.compile(r"trips_\w+")


def _with_trip_aliases(design: Design, source: SourceFacts, table: Mapping[str, float]) -> dict[str, float]:
    """``table`` plus, for each ``loop.<kernel>.<loop>.trip`` given of a loop
    whose count the source analysis names ``trips_<function>_L<line>`` (a
    data-dependent bound), that name at the same value: the access counts
    use it, the pipeline the loop's. Given as the loop's, the count reached
    the pipeline only and the estimate stayed symbolic in the other (a
    oneAPI BFS: ``loop.parallel_bfs.cpp_104.B4.trip=22`` echoed, the number
    still waiting for ``trips_parallel_bfs_cpp_104_L115``)."""
    out = dict(table)
    for kernel in design.kernels:
        names = loop_symbols(kernel)
        for loop in kernel.all_loops():
            name = names.get(id(loop))
            derived = source.trip(loop)
            if name is not None and name in table and derived is not None and _SOURCE_TRIP.fullmatch(derived) \
                    and derived not in table:
                out[derived] = table[name]
    return out


def _unused_scoped(design: Design, result: AnalysisResult, names: set[str]) -> list[Diagnostic]:
    """``--set KERNEL:NAME=VALUE`` for a kernel whose estimate holds no
    NAME changed nothing (kmers: ``...cpp:530#2:total_kmers`` for a kernel
    that counts no k-mers): said, as for an unused trip count."""
    kernels = {kernel.name for kernel in design.kernels}
    scoped = sorted(name for name in names if KERNEL_SCOPE in name
                    and name.rpartition(KERNEL_SCOPE)[0] in kernels)
    if not scoped or not result.estimates:
        return []
    used = _estimate_names(result)
    idle = [name for name in scoped if name not in used and not _placed_bank(design, name)]
    if not idle:
        return []
    return [Diagnostic.at(
        design.kernels[0].location if design.kernels else None, "input-unused", Severity.WARNING,
        f"{', '.join(idle)} change{'s' if len(idle) == 1 else ''} nothing in the estimate: that kernel's"
        " estimate does not hold the name (give it to the kernel that uses it, or without KERNEL:)",
    )]


def _placed_bank(design: Design, name: str) -> bool:
    """``KERNEL:bank`` of a kernel whose buffers the host places: read as the
    bank its LSUs share (which LSUs contend), never a symbol of the
    expression, so the expression test cannot see it used (the 520N STREAM
    replicas in banks 1-4 were told their banks "change nothing" beside the
    number those banks made)."""
    kernel, _, base = name.rpartition(KERNEL_SCOPE)
    return base == BANK_NAME and places_by_bank(design, kernel)


def _unused_trip_counts(design: Design, result: AnalysisResult, names: set[str]) -> list[Diagnostic]:
    """``--set loop.<kernel>.<loop>.trip`` that no expression holds changed
    nothing: the compiler fully unrolled the loop, or it sits in a module the
    estimate does not reach. Said, so a user correcting a count is not left
    believing it was taken. (A Vivado/Vitis loop with an exact reported
    latency takes a given count since session 13.)"""
    # the loops of the kernels analysed (a kernel left out by ``launched`` is said elsewhere)
    own = {name for kernel in design.kernels for name in loop_symbols(kernel).values()}
    trips = sorted(name for name in names if name.rpartition(":")[2] in own)
    if not trips or not result.estimates:
        return []
    used = _estimate_names(result)
    idle = [name for name in trips if name not in used and name.rpartition(":")[2] not in used]
    if not idle:
        return []
    return [Diagnostic.at(
        design.kernels[0].location if design.kernels else None, "input-unused", Severity.WARNING,
        f"{', '.join(idle)} change{'s' if len(idle) == 1 else ''} nothing in the estimate: no part of it uses"
        " that loop's count (a loop the compiler fully unrolled, or one in a module the estimate does not"
        " reach)",
    )]


def _trips_outside_report(design: Design, source: SourceFacts,
                          tables: Sequence[Mapping[str, float]]) -> list[Diagnostic]:
    """A trip count given outside the range the report prints for that loop
    (its bound, or a loop_tripcount pragma): taken, but said, since the
    report's schedule was made for that range (a public MNIST solution was
    given 30 for a loop the report bounds to 1 ~ 25, silently). Given by the
    loop's name or by the source's ``trips_<function>_L<line>`` for it (a
    public Vivado 2018.2 yuv_filter, loop_tripcount 200 ~ 1920, given 64 as
    ``trips_yuv_filter_L49`` with no word: the name hlsight itself asks for)."""
    loops: dict[str, list[tuple[Kernel, Loop]]] = {}
    for kernel in design.kernels:
        names = loop_symbols(kernel)
        for loop in kernel.all_loops():
            if id(loop) in names:
                loops.setdefault(names[id(loop)], []).append((kernel, loop))
            derived = source.trip(loop)
            if derived is not None and _SOURCE_TRIP.fullmatch(derived):
                loops.setdefault(derived, []).append((kernel, loop))
    found: list[Diagnostic] = []
    seen: set[str] = set()
    single = {name: places[0] for name, places in loops.items() if len(places) == 1}
    for table in tables:
        found.extend(_long_iterations_above_trip(table, single, seen))
        for given, value in table.items():
            name = given.rpartition(":")[2]
            if name not in loops or given in seen:
                continue
            for kernel, loop in loops[name]:
                low, high = (loop.trip_count.min, loop.trip_count.max) if loop.trip_count is not None else (None, None)
                # one end may be "?" (a while loop's "1 ~ ?": a public Ascon decrypt was given 0)
                if (low is None or value >= low) and (high is None or value <= high):
                    continue
                seen.add(given)
                shown = count_range(low, high)
                found.append(Diagnostic.at(
                    loop.location, "input-trip-outside-report", Severity.WARNING,
                    f"{given}={value:g} is outside the {shown} iterations the report gives for loop"
                    f" '{loop.name}' of '{kernel.name}' (its bound or a loop_tripcount pragma): taken as given; check"
                    " that the testbench or host runs it so", kernel=kernel.name, subject=loop.name,
                    data={"value": value, "report_min": low, "report_max": high}))
                break
    return found


def _fixed_macros(design: Design, values: Mapping[str, float], launches: Sequence[Launch]) -> list[Diagnostic]:
    """A value for a macro the design was compiled with (``LOGN``): the
    compiled design keeps its own value; warn when the user's differs."""
    macros = defined_macros(design)
    notes: list[Diagnostic] = []
    tables = (values, *(launch.values for launch in launches))
    given = [(name, value) for table in tables for name, value in table.items()]
    for name, value in dict(given).items():
        if name in macros and abs(macros[name][0] - value) > 1e-9 * max(1.0, abs(value)):
            compiled, where = macros[name]
            notes.append(
                Diagnostic(
                    rule="input-macro-compiled",
                    severity=Severity.WARNING,
                    message=f"{name} is {compiled:g} in the compiled design ({where}); {name}={value:g} changes nothing"
                    " in the estimate: recompile with the new value to model it",
                )
            )
    return notes


def _check_kernel_name(name: str, design: Design, what: str, origin: str | None, where: str = "") -> None:
    """A kernel the hints file ``origin`` names (``[[launch]] kernel``,
    ``concurrent``, ``launched``) is one of the design's."""
    names = [kernel.name for kernel in design.kernels]
    if name not in names:
        close = difflib.get_close_matches(name, names, n=1, cutoff=0.6)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        raise InputError(origin, f"unknown {what} '{name}'{where}{hint}", expected="one of " + ", ".join(names))


def _only_launched(
    design: Design, launched: Sequence[str], concurrent: Sequence[Sequence[str]], origin: str | None
) -> tuple[Design, list[tuple[str, ...]], list[str]]:
    """The design with only the kernels the host launches (hints
    ``launched``), the concurrent sets among them, and the kernels left out.
    HPCC FFT builds 5 replicas and a run may use 2: the other 3 would
    otherwise need trip counts and banks, and add their time."""
    if not launched:
        return design, [tuple(names) for names in concurrent], []
    for name in launched:
        _check_kernel_name(name, design, "launched kernel", origin)
    kept = [kernel for kernel in design.kernels if kernel.name in launched]
    left = [kernel.name for kernel in design.kernels if kernel.name not in launched]
    sets = [tuple(name for name in names if name in launched) for names in concurrent]
    return dataclasses.replace(design, kernels=kept), [names for names in sets if len(names) >= 2], left


def _check_launch_kernels(launches: Sequence[Launch], design: Design, origin: str | None) -> None:
    for number, launch in enumerate(launches, 1):
        if launch.kernel is not None:
            _check_kernel_name(launch.kernel, design, "kernel", origin, f" in [[launch]] #{number}")


def _check_concurrent_kernels(concurrent: Sequence[Sequence[str]], design: Design, origin: str | None) -> None:
    for kernels in concurrent:
        for name in kernels:
            _check_kernel_name(name, design, "concurrent kernel", origin)
        if len(set(kernels)) < 2:
            raise InputError(origin, f"concurrent = {list(kernels)}", expected="two different kernels or more")


def _launch_estimate(
    design: Design, settings: Settings, values: Mapping[str, float], launch: Launch, number: int,
    origin: str | None,
) -> LaunchEstimate:
    """One launch entry: the design (or the launched kernel) at the
    top-level values overridden by the launch's."""
    mine = dataclasses.replace(settings, user=_with_trip_aliases(design, settings.source, {**values, **launch.values}),
                               assumptions=[])
    kernels, whole = _estimate(design, mine, f" in [[launch]] #{number}", origin)
    estimate = whole if launch.kernel is None else kernels.get(launch.kernel)
    if estimate is None:
        return LaunchEstimate(launch, None, "unknown")
    seconds = None if estimate.seconds is None else estimate.seconds + settings.profile.launch_overhead_s
    return LaunchEstimate(launch, seconds, estimate.bound, list(estimate.free_symbols), estimate)


#: Below this a design time is read against the launch costs measured on other boards.
SHORT_DESIGN_S = 1e-3


#: From this share of the design time on, the fixed launch cost is said beside the bound.
LAUNCH_COST_SHARE = 0.5
#: how that caution starts (``whatif`` says it per grid point instead of at the values analyze ran with)
LAUNCH_SHARE_START = "the fixed per-launch cost ("


def _say_launch_cost_share(estimate: KernelEstimate | None, overhead_s: float, launches: int) -> None:
    """The profile's fixed per-launch cost is most of the design time (a
    39 ns vector_add on a DE1-SoC read "347 us, memory-bound"): a caution
    says so, since the bound beside the number is the kernel's, and neither
    memory nor pipeline is what a faster kernel would shorten."""
    if estimate is None or estimate.seconds is None or estimate.seconds <= 0 or overhead_s <= 0:
        return
    cost = overhead_s * launches
    share = cost / estimate.seconds
    if share < LAUNCH_COST_SHARE:
        return
    estimate.caveats.append(
        f"{LAUNCH_SHARE_START}{format_seconds(cost)}"
        f"{f' over {launches} launches' if launches > 1 else ''}) is"
        f" {'almost all' if share > 0.995 else f'{share:.0%}'} of this number; the kernels"
        f" themselves take {format_seconds(estimate.seconds - cost)}, which the bound beside it describes")


def _say_unmeasured_launch_cost(estimate: KernelEstimate | None, profile: MemoryProfile) -> None:
    """A sub-millisecond aoc/oneAPI design time on a board whose launch cost
    is not measured: say that the boards where it is measured add more than
    such a kernel takes (Intel's loop_coalesce sample on an A10 PAC: 1.5 us
    estimated, 156 us measured by its profiling event), a caution beside the
    number, not a number."""
    if estimate is None or estimate.seconds is None or estimate.seconds >= SHORT_DESIGN_S:
        return
    caution = unmeasured_launch_cost_caution(format_seconds(estimate.seconds), profile.name)
    if caution is not None:
        estimate.caveats.append(caution)


def unmeasured_launch_cost_caution(design_time: str, profile: str) -> str | None:
    """The caution beside a short design time (``design_time``: ``991 ps``,
    or what ``whatif`` says of the grid points below :data:`SHORT_DESIGN_S`)
    on profile ``profile``, whose launch cost is not measured; ``None`` when
    no profile has a measured one to quote."""
    measured = sorted((item.launch_overhead_s, item.name) for item in all_profiles() if item.launch_overhead_s > 0)
    if not measured:
        return None
    where = " to ".join(f"{format_seconds(cost)} ({name})" for cost, name in (measured[0], measured[-1]))
    return (f"the design time ({design_time}) leaves out the per-launch cost, not measured on {profile}; where it"
            f" is measured it is {where} per launch: a measured run of a kernel this short may be mostly launch"
            " cost")


def says_unmeasured_launch_cost(result: AnalysisResult) -> bool:
    """Whether analyze cautions a short design time of ``result`` (an
    aoc/oneAPI board whose launch cost is not measured, one launch): what
    ``whatif`` needs to say it per point, not at the values analyze ran with."""
    design = result.design
    return (design.tool.vendor is Vendor.INTEL and not without_board_memory(design)
            and result.launch_overhead_s <= 0 and not result.launches)


def _board_lacks(design: Design, memory: MemoryProfile) -> str:
    """What a profile given with --memory is not on the report's board: a
    DDR profile for an HBM-only card (a public U55C kernel was timed on the
    U280's DDR4 without a word)."""
    rule = board_rule(design)
    if rule is None:
        return ""
    kinds = {load_profile(name).kind for name in (rule.profile, rule.hbm_profile) if name is not None}
    if memory.kind in kinds:
        return ""
    has = " and ".join(sorted(kind.upper() for kind in kinds))
    return f" (the board, {rule.board}, has {has} only, no {memory.kind.upper()}: its profile {rule.profile})"


def _with_launch_cost(estimate: KernelEstimate | None, profile: MemoryProfile, launches: int) -> KernelEstimate | None:
    """The design time plus the board's fixed per-launch cost (profile
    ``[launch] overhead_us``, with its source printed as an assumption)."""
    cost = profile.launch_overhead_s * launches
    if estimate is None:
        return estimate
    if cost <= 0:
        # said, not silently left out: sub-millisecond kernels depend on it
        return dataclasses.replace(estimate, assumptions=[
            *estimate.assumptions,
            f"no fixed per-launch cost added ({profile.name}: {profile.launch_cost_why})"])
    return dataclasses.replace(
        estimate,
        seconds=None if estimate.seconds is None else estimate.seconds + cost,
        expression=estimate.expression + sympy.Float(cost) if estimate.expression is not None else None,
        # what-if evaluates ``symbolic``: the same design time as analyze
        symbolic=estimate.symbolic + sympy.Float(cost) if estimate.symbolic is not None else None,
        assumptions=[
            *estimate.assumptions,
            f"+ {cost * 1e6:g} us fixed cost per kernel launch ({profile.name}: {profile.launch_overhead_source})",
        ],
    )


def _at_their_launches(
    estimates: dict[str, KernelEstimate], launches: list[LaunchEstimate]
) -> dict[str, KernelEstimate]:
    """Each kernel's estimate at the first launch that names it (``kernel =
    "k"`` in its table), the first launch's values otherwise: a LeNet host
    launching conv2d, maxpool2d and fc_layer one table each showed maxpool2d
    at conv2d's sizes and fc_layer "symbolic in in_dim", and asked for a value
    every fc_layer launch gives."""
    # the others are at the first launch's values: said, since the design time is the sum
    first = launch_label(1, launches[0].launch) if launches else None
    out = {name: dataclasses.replace(estimate, launch=first) for name, estimate in estimates.items()}
    named: set[str] = set()
    for number, item in enumerate(launches, 1):
        name = item.launch.kernel
        if name is not None and name in estimates and name not in named and item.estimate is not None:
            named.add(name)
            out[name] = dataclasses.replace(item.estimate, launch=launch_label(number, item.launch))
    return out


def _long_iterations_above_trip(table: Mapping[str, float], loops: Mapping[str, tuple[Kernel, Loop]],
                                seen: set[str]) -> list[Diagnostic]:
    """More long iterations than the loop runs (given, else the report's
    largest count) make a count above the all-long worst case: said."""
    found = []
    for given, value in table.items():
        name = given.rpartition(":")[2]
        if not name.endswith("." + LONG_ITERATIONS) or given in seen:
            continue
        trip_name = name.removesuffix(LONG_ITERATIONS) + "trip"
        if trip_name not in loops:
            continue
        kernel, loop = loops[trip_name]
        trip = table.get(trip_name, loop.trip_count.max if loop.trip_count is not None else None)
        if trip is None or value <= trip:
            continue
        seen.add(given)
        found.append(Diagnostic.at(
            loop.location, "input-trip-outside-report", Severity.WARNING,
            f"{given}={value:g} is more than the {trip:g} iterations of loop '{loop.name}' of '{kernel.name}': more"
            " long iterations than iterations count above the worst case; taken as given", kernel=kernel.name,
            subject=loop.name, data={"value": value, "iterations": trip}))
    return found


def _say_overlapping_calls(estimate: KernelEstimate | None, design: Design, launches: Sequence[Launch]) -> None:
    """Several calls of a Vivado/Vitis top whose report interval is shorter
    than its latency (a pipelined function): calls issued back to back
    overlap, (N - 1) x interval + latency cycles in all, where the design
    time sums the latencies (a public 12-hour clock: latency 0, interval 1,
    86,400 calls co-simulated in 86,400 cycles; the sum said 0 s). Calls the
    host waits for do not overlap, so it is said, not changed."""
    calls = sum(launch.repeat for launch in launches)
    if estimate is None or design.tool.vendor is not Vendor.XILINX or calls < 2:
        return
    for top in design.top_kernels():
        interval, latency = top.interval, top.latency
        if interval is None or latency is None or interval.max is None or latency.max is None:
            continue
        if latency.max == 0 < interval.max:
            estimate.caveats.append(
                f"{top.name} has latency 0 and interval {interval.max:,}: each call still takes {interval.max:,}"
                f" cycle{'s' if interval.max > 1 else ''} of the IP, so {calls:,} calls issued back to back take"
                f" {calls * interval.max:,} cycles, where this design time adds the latencies (0)")
        elif interval.max < latency.max:
            estimate.caveats.append(
                f"{top.name} is pipelined (interval {interval.max:,} < latency {latency.max:,} cycles): {calls:,}"
                f" calls issued back to back overlap, (N - 1) x {interval.max:,} + the latency cycles in all, where"
                " this design time adds each call's latency; calls the host waits for (ap_done before the next"
                " ap_start) do not overlap")


def _sum_model(model: str, launches: Sequence[Launch]) -> str:
    """What the design time sums: the ``[[launch]]`` tables, or the calls
    ``work_items`` makes of an OpenCL C kernel's module, one per work-group."""
    calls = sum(launch.repeat for launch in launches)
    if len(launches) == 1 and launches[0].implicit and launches[0].work_groups is not None:
        return f"sum over {calls:,} calls, {launches[0].work_groups.text}; each {model}"
    return f"sum over {calls} launches ([[launch]]); each {model}"


def _sum_of_launches(first: KernelEstimate | None, launches: list[LaunchEstimate]) -> KernelEstimate | None:
    """The design estimate: the sum of repeat x time over the launches."""
    if first is None:
        return None
    totals = [launch.total_seconds for launch in launches]
    seconds = None if any(total is None for total in totals) else sum(total or 0.0 for total in totals)
    free = sorted({name for launch in launches for name in launch.free_symbols})
    slowest = max(launches, key=lambda launch: launch.total_seconds or 0.0)
    return dataclasses.replace(
        first,
        seconds=seconds,
        bound=slowest.bound if seconds is not None else "unknown",
        # the slowest launch's parts, so the design's bound label is that launch's
        memory_seconds=None if slowest.estimate is None else slowest.estimate.memory_seconds,
        compute_seconds=None if slowest.estimate is None else slowest.estimate.compute_seconds,
        memory_saturated=None if slowest.estimate is None else slowest.estimate.memory_saturated,
        # and its values, which those parts were evaluated with
        values=first.values if slowest.estimate is None else dict(slowest.estimate.values),
        expression=sympy.Float(seconds) if seconds is not None else first.expression,
        free_symbols=free,
        model=_sum_model(first.model, [launch.launch for launch in launches]),
        per_bank=[],
        per_lsu=[],
        alternatives=[],
    )

