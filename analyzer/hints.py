"""Bottleneck hints: the journal's observations 1-4 and section 2, as rules.

Each rule has a stable id, points at the source line of the LSU or loop it is
about, and carries the numbers behind its message in ``data``. The numbers
come from the estimate (``KernelEstimate.lsu_facts``), so a hint never disagrees
with the estimate printed next to it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from pathlib import Path

from hlsight.analyzer.estimate import Settings
from hlsight.analyzer.implausible import implausible_ii
from hlsight.analyzer.results import AnalysisResult, KernelEstimate, LsuFacts, SourceFacts
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import LSU, Design, Kernel, Loop, SourceLocation
from hlsight.core.units import format_mhz, format_seconds
from hlsight.parsers.vivado.names import stated_ii_reasons

#: rule id -> one-line description (for docs and SARIF rule metadata).
RULES: dict[str, str] = {
    "mem-shared-bank": "several LSUs share one DDR bank and pay a row miss per burst (observation 1)",
    "mem-stride": "strided access discards part of every DRAM burst (observation 2)",
    "mem-write-ack": "data-dependent index forces a write-ack LSU (observation 3)",
    "mem-atomic": "atomic LSU serialises read-modify-write row misses (observation 4)",
    "mem-fmax-below-fmin": "kernel clock below f_min: the LSU cannot saturate the memory (eqs. 4-7)",
    "mem-narrow-lsu": "LSU narrower than one DRAM burst under-uses it (section 2, PAD)",
    "loop-ii": "loop initiation interval above 1",
}


def _diag(
    rule: str, severity: Severity, message: str, kernel: Kernel, subject: str,
    location: SourceLocation | None, data: dict[str, object],
) -> Diagnostic:
    diagnostic = Diagnostic.at(location, rule, severity, message, kernel=kernel.name, subject=subject, data=data)
    if location is None and kernel.artifact is not None:
        # no source place (a Vivado loop without a VITIS_LOOP_<line> name or -g): the report
        # the kernel was read from is still a file the user can open, at the loop's row
        diagnostic.file = report_to_open(kernel.artifact)
        diagnostic.line = report_row(diagnostic.file, subject)
    return diagnostic


def report_to_open(artifact: str) -> str:
    """The module's ``.rpt`` beside its ``_csynth.xml`` (the loop table a
    user reads), else the file it was read from."""
    path = Path(artifact)
    text_report = path.with_suffix(".rpt")
    return str(text_report) if path.suffix == ".xml" and text_report.is_file() else artifact


def report_row(path: str, name: str) -> int | None:
    """The 1-based line of the ``|- name |`` / ``| + name |`` row of a
    Vivado/Vitis ``.rpt`` loop table (``None``: not a text report, or no such row)."""
    if not path.endswith(".rpt"):
        return None
    row = re.compile(rf"^\s*\|\s*[-+]+\s*{re.escape(name)}\s*\|")
    return next((number for number, line in enumerate(_report_lines(path), 1) if row.match(line)), None)


@functools.lru_cache(maxsize=64)
def _report_lines(path: str) -> tuple[str, ...]:
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return tuple(handle.read(REPORT_ROW_BYTES).splitlines())
    except OSError:
        return ()


#: the loop table sits in the first part of a module report; a huge one is not read further
REPORT_ROW_BYTES = 4 * 2**20


def _time(seconds: float | None) -> str:
    return "symbolic (inputs missing)" if seconds is None else format_seconds(seconds)


def _lsu_hints(kernel: Kernel, lsu: LSU, facts: LsuFacts, settings: Settings,
               limited_elsewhere: str | None = None) -> Iterator[Diagnostic]:
    """``limited_elsewhere``: why a faster memory side would shorten nothing
    (the kernel's own pipeline, or a slower kernel of its channel group,
    takes longer than its memory): the fmax/f_min hint then says so and is
    only a note."""
    profile = settings.profile
    # without a source line (aoc 14.x), the LSU's lsu_top instance in the RTL it was read from
    where = lsu.location or (None if lsu.rtl is None else SourceLocation(lsu.rtl.file, lsu.rtl.line))
    stride = facts.stride
    # a strided access drags at most its whole burst through the bus (memory_model.lsu_term);
    # an element that fills the burst loses nothing to the stride (t2sp's 64 B float16
    # loads read "0% of every DRAM burst is discarded, time x1")
    charged = 1.0 if stride is None or stride <= 1 or facts.variant == "atomic-pipelined" else (
        stride if not facts.access_bytes
        else min(stride, max(1.0, profile.dq_bytes * profile.bl / facts.access_bytes)))
    if stride is not None and charged > 1:
        yield _diag(
            "mem-stride", Severity.WARNING,
            f"stride {stride:g} on {lsu.kind.value} {lsu.id}: {1 - 1 / charged:.0%} of every DRAM burst is discarded,"
            f" time x{charged:g} (eq. 2, observation 2); make the access contiguous (e.g. struct of arrays)",
            kernel, lsu.id, where, {"stride": stride, "lsu_seconds": facts.t_total_s},
        )
    variant = facts.variant
    if variant == "burst-coalesced write-ack":
        yield _diag(
            "mem-write-ack", Severity.WARNING,
            f"{lsu.kind.value} {lsu.id} is a write-ack LSU (data-dependent index): every access occupies a whole"
            f" {profile.dq_bytes * profile.bl} B burst and pays T_RCD+T_RP+T_WR (eq. 13, observation 3);"
            " make the index independent of loaded data or tile through on-chip memory",
            kernel, lsu.id, where, {"lsu_seconds": facts.t_total_s},
        )
    if variant == "atomic-pipelined":
        eq14 = 2 * (profile.t_rcd_s + profile.t_rp_s) + profile.t_wr_s
        t_row = max(eq14, profile.atomic_op_s)
        basis = f"measured on {profile.name}" if profile.atomic_op_s > eq14 else "eq. 14"
        yield _diag(
            "mem-atomic", Severity.WARNING,
            f"atomic {lsu.id}: one read-modify-write ({t_row * 1e9:.1f} ns, {basis}) per operation"
            " (observation 4); reduce in private/local memory and issue one atomic per work-group",
            kernel, lsu.id, where, {"t_row_ns": t_row * 1e9, "lsu_seconds": facts.t_total_s},
        )
    fmin = facts.f_min_mhz
    # the clock the estimate ran at (a given --set fmax, else the design's), not the report's own
    fmax = facts.f_max_mhz or kernel.fmax_mhz
    if facts.saturated is False and fmin is not None:
        width = facts.width_bytes
        sharing = facts.accesses_in_bank != 1
        # eq. 6: accesses sharing a bank use both DRAM edges, so fmax >= f_min / 2
        # saturates (the per-lane LSUs of one access count once), but not below
        # the clock at which the board's bus to the bank carries bw_dram
        need = facts.f_need_mhz or fmin
        bus_sets_clock = sharing and need > fmin / 2 * (1 + 1e-9)  # not eq. 6's halving: the bus's clock
        halved = ""
        if sharing:
            halved = ", halved by eq. 6: LSUs share the bank"
            if bus_sets_clock:
                halved = ", not halved by eq. 6 below the clock the board's bus to the bank needs"
        factor = need / float(fmax) if fmax else None
        advice = f"; widen it ~{factor:.1f}x (SIMD/unroll) or raise fmax" if factor else "; widen it or raise fmax"
        bus = facts.bus_bytes
        if facts.split_into > 1:
            # aoc made one LSU per lane (or per group of lanes) because the
            # lanes' addresses are not contiguous: more lanes, more such LSUs
            advice = (f"; aoc split its access over {facts.split_into} LSUs (its lanes are not contiguous), so SIMD"
                      " or unrolling adds LSUs, not width: make the index contiguous (e.g. struct of arrays)")
        elif facts.bus_caps_width or (bus and bus_sets_clock):
            # eq. 5 already uses the board's bus width (or the bus, not eq. 6's
            # halving, sets the clock): a wider LSU cannot lower it
            advice = f"; the board's {facts.bus_name} caps the width (section 7.2), so only a higher fmax helps"
        elif bus and factor and width * factor > bus:
            # widening helps up to the bus's width; past it the bus needs its own clock
            advice = (f"; widen it to {bus} B, the board's {facts.bus_name} (section 7.2),"
                      f" and raise fmax to {format_mhz(fmin * width / bus)}")
        severity = Severity.WARNING
        if lsu.cached:
            # its cache serves the repeated reads, which the model times as DRAM
            # traffic (decision 49): widening it for the memory's sake is advice
            # for a worst case the load may never reach
            severity = Severity.NOTE
            advice = ("; it is a cached load: the reads its cache serves never reach the memory, so this is its"
                      " worst case, not advice to widen it (decision 49)")
        if limited_elsewhere is not None:
            severity = Severity.NOTE
            advice += limited_elsewhere
        yield _diag(
            "mem-fmax-below-fmin", severity,
            f"{lsu.id} ({width} B wide) needs fmax >= {format_mhz(need)} (f_min {format_mhz(fmin)}, eq. 5{halved})"
            f" to saturate {profile.name} but the kernel runs at {format_mhz(float(fmax)) if fmax else '?'}:"
            f" memory non-saturated (eqs. 4-7){advice}",
            kernel, lsu.id, where, {"f_min_mhz": fmin, "fmax_mhz": fmax, "width_bytes": width},
        )
    width = facts.width_bytes
    burst = profile.dq_bytes * profile.bl
    if (
        width < burst
        and variant in ("burst-coalesced aligned", "burst-coalesced non-aligned")
        and facts.saturated is not False
    ):
        yield _diag(
            "mem-narrow-lsu", Severity.NOTE,
            f"{lsu.id} requests {width} B per cycle, less than one {burst} B DRAM burst (dq*bl): it under-uses the"
            " burst (section 2, PAD); unroll/vectorize the access to coalesce it",
            kernel, lsu.id, where, {"width_bytes": width, "burst_bytes": burst},
        )


def _bank_hints(kernel: Kernel, facts_by_lsu: dict[str, LsuFacts], settings: Settings) -> Iterator[Diagnostic]:
    by_bank: dict[str, list[str]] = {}
    for lsu_id, facts in facts_by_lsu.items():
        by_bank.setdefault(facts.bank, []).append(lsu_id)
    lsus = {lsu.id: lsu for lsu in kernel.lsus}
    for bank, ids in by_bank.items():
        # eq. 8 counts the accesses that stream together (loops run one after another do not)
        streaming = max(facts_by_lsu[i].accesses_in_bank for i in ids)
        if streaming <= settings.options.ovh_free_lsus:
            continue
        parts = [facts_by_lsu[i].t_ovh_s for i in ids]
        overhead = None if any(v is None for v in parts) else sum(v or 0.0 for v in parts)
        if overhead == 0:
            continue
        bank_s = facts_by_lsu[ids[0]].bank_s
        if overhead is not None and bank_s is not None and bank_s > 0 and overhead / bank_s < MATERIAL_SHARE:
            continue
        share = f" ({overhead / bank_s:.0%} of the bank time)" if bank_s and overhead is not None else ""
        first = lsus.get(ids[0])
        # LSUs of loops that run one after another, or lanes of one access, do not all stream together
        together = f" ({streaming} accesses stream at once)" if streaming != len(ids) else ""
        yield _diag(
            "mem-shared-bank", Severity.WARNING,
            f"{len(ids)} LSUs share bank {bank}{together}: each burst pays a row miss T_row ="
            f" {settings.profile.t_row_s * 1e9:g} ns, T_ovh {_time(overhead)}{share} (eq. 8, observation 1);"
            " spread buffers over banks (buffer_location / -no-interleaving) or one HBM pseudo-channel per buffer",
            kernel, bank, None if first is None else first.location,
            {"bank": bank, "lsus": ids, "t_ovh_seconds": overhead},
        )


def ii_reason(loop: Loop, source: SourceFacts | None = None) -> str:
    """Why the II is above 1: the report's bottleneck and the details that
    name something (the variables of a data dependency, the feedback path),
    not a heading whose list is empty ("... on variable(s):"); else the
    source's memory ports, when they explain it exactly."""
    parts = stated_ii_reasons(loop.bottleneck, loop.details)
    from_source = None if source is None else source.ii_reason(loop)
    return "; ".join(parts) or (
        f"the report gives no reason; the source: {from_source}" if from_source else "the report gives no reason")


def _loop_hint(kernel: Kernel, loop: Loop, source: SourceFacts) -> Diagnostic | None:
    """II above 1: a warning with its reason; a note where it is the II
    the loop's pipeline pragma asks for (the report's target II, else the
    source's ``II=N``): a public LeNet's ``PIPELINE II=2`` loop was warned
    about, its II blamed on memory ports the tool had partitioned."""
    if loop.ii is None or loop.ii.value is None or loop.ii.value <= 1 or implausible_ii(loop):
        return None  # an implausible II has its own warning (report-implausible-ii)
    requested = loop.ii_target if loop.ii_target is not None and loop.ii_target > 1 else source.requested_ii(loop)
    where = source.loop_location(loop)
    # without a source place the report row says where: the function is named instead
    owner = "" if where or kernel.name in loop.name else f" of {kernel.name}"
    details: dict[str, object] = {"ii": loop.ii.value, "requested_ii": requested}
    if requested == loop.ii.value:
        return _diag(
            "loop-ii", Severity.NOTE,
            f"loop {loop.name}{owner} has II {loop.ii}, as its pipeline pragma asks (II={requested}): one iteration"
            f" every {loop.ii.value} cycles", kernel, loop.name, where, {**details, "reason": "requested"},
        )
    reason = ii_reason(loop, source)
    asked = f" (its pipeline pragma asks II={requested})" if requested is not None else ""
    return _diag(
        "loop-ii", Severity.WARNING,
        f"loop {loop.name}{owner} has II {loop.ii}{asked}: one iteration every {loop.ii.value} cycles ({reason})",
        kernel, loop.name, where, {**details, "reason": reason},
    )


#: LSU hints are dropped for LSUs below this share of their bank's time.
MATERIAL_SHARE = 0.05


def _share(facts: LsuFacts) -> float | None:
    own, bank = facts.t_total_s, facts.bank_s
    if own is not None and bank is not None and bank > 0:
        return own / bank
    return None


def _merge_per_line(hints: list[tuple[Diagnostic, float | None]]) -> list[Diagnostic]:
    """One hint per rule and source line: aoc emits one LSU per SIMD lane when
    it cannot widen an access, and 16 identical hints help nobody. Groups whose
    LSUs take under :data:`MATERIAL_SHARE` of their bank's time are dropped."""
    groups: dict[tuple[str, str | None, str | None, int | None], list[tuple[Diagnostic, float | None]]] = {}
    for hint, share in hints:
        groups.setdefault((hint.rule, hint.kernel, hint.file, hint.line), []).append((hint, share))
    merged: list[Diagnostic] = []
    for entries in groups.values():
        shares = [share for _, share in entries]
        if all(share is not None for share in shares) and sum(s or 0.0 for s in shares) < MATERIAL_SHARE:
            continue
        group = [hint for hint, _ in entries]
        first = group[0]
        if len(group) > 1:
            subjects = [str(hint.subject) for hint in group]
            shown = ", ".join(subjects[:3]) + (", ..." if len(subjects) > 3 else "")
            first.message += f" ({len(group)} LSUs like this here: {shown})"
            first.data = {**first.data, "lsus": subjects}
        merged.append(first)
    return merged


def bottleneck_hints(design: Design, result: AnalysisResult, settings: Settings) -> list[Diagnostic]:
    hints: list[Diagnostic] = []
    groups = _concurrent_groups(design, result.design_estimate)
    for kernel in design.kernels:
        estimate = result.estimates.get(kernel.name)
        facts_by_lsu = {} if estimate is None else estimate.lsu_facts
        hints.extend(_bank_hints(kernel, facts_by_lsu, settings))
        lsu_hints: list[tuple[Diagnostic, float | None]] = []
        # an access made a fixed number of times beside streaming ones takes no time worth a hint
        streaming = any(facts.scales for facts in facts_by_lsu.values())
        elsewhere = _pipeline_first(estimate) or _group_first(kernel, estimate, groups.get(kernel.name, []), result)
        for lsu in kernel.lsus:
            facts = facts_by_lsu.get(lsu.id)
            # a stride-0 read (one address) moves no data: eq. 2 gives it no time, and no hint either
            if facts is not None and (facts.scales or not streaming) and facts.stride != 0:
                lsu_hints.extend((hint, _share(facts)) for hint in _lsu_hints(kernel, lsu, facts, settings, elsewhere))
        hints.extend(_merge_per_line(lsu_hints))
        if kernel.folded_into is not None:
            continue  # an outlined `_Pipeline_` module's loops are its caller's, hinted there once
        for loop in kernel.all_loops():
            hint = _loop_hint(kernel, loop, result.source)
            if hint is not None:
                hints.append(hint)
    return _unique(hints)


def _concurrent_groups(design: Design, overall: KernelEstimate | None) -> dict[str, list[Kernel]]:
    """Each kernel of a group of several that run at the same time (joined
    by channels/pipes, or declared ``concurrent``) -> its group: the groups
    the design estimate was built from, so a hint reasons about the grouping
    the number beside it uses. A kernel at the pace of the slowest of its
    group is hinted as such (:func:`_group_first`)."""
    kernels = {kernel.name: kernel for kernel in design.kernels}
    groups = [] if overall is None else overall.concurrent_groups
    return {name: [kernels[member] for member in group if member in kernels]
            for group in groups if len(group) > 1 for name in group}


#: A pipeline this many times longer than the memory time is limited by its
#: loops' II: widening an access shortens nothing (within it, the same trip
#: counts and clock set both times, and a wider access shortens both).
PIPELINE_FIRST_RATIO = 2.0


def _pipeline_first(estimate: KernelEstimate | None) -> str | None:
    """Said when the kernel's pipeline takes far longer than its memory (a
    public oneAPI kernel: loops of II 84 and 248 ran 78 us beside 965 ns of
    memory time, and the hint asked to widen a 4 B LSU)."""
    if estimate is None or estimate.compute_seconds is None or estimate.memory_seconds is None:
        return None
    if estimate.compute_seconds <= PIPELINE_FIRST_RATIO * estimate.memory_seconds:
        return None
    return (f"; but the pipeline ({format_seconds(estimate.compute_seconds)}) takes longer than the memory"
            f" ({format_seconds(estimate.memory_seconds)}): the loops' II limits this kernel first")


def _group_first(kernel: Kernel, estimate: KernelEstimate | None, group: list[Kernel],
                 result: AnalysisResult) -> str | None:
    """Said when another kernel's pipeline in ``kernel``'s channel group takes
    longer than the memory time of the whole group: channels pace the group
    to that pipeline, so a faster memory side here shortens nothing
    (IntelLabs/t2sp's GEMM: loaders of 2.5 s memory time in all feed a 4.4 s
    systolic array, and the hints asked to widen them). The group's memory
    time is the one the design estimate pooled (its LSUs on shared banks,
    eq. 2), so the hint and the number beside it read the same time: the sum
    of the kernels' own times overstated it (t2sp conv on the D5005: 219 ms
    summed, 148 ms pooled, beside a 180 ms array: "widen it ~5.5x" on a
    design the estimate calls compute-bound and that ran at 99 % of its
    peak). Without a pooled time (a group the estimate did not model) the
    sum stands in: at least the pooled time, so a group its banks bound
    keeps the warning."""
    if estimate is None or estimate.memory_seconds is None:
        return None
    members = [result.estimates.get(other.name) for other in group]
    group_memory = _pooled_memory(kernel, result.design_estimate)
    if group_memory is None:
        # a kernel that only passes data on through channels (a feeder) has no memory time
        memory = [0.0 if member is not None and member.memory_seconds is None and not other.global_lsus()
                  else None if member is None else member.memory_seconds
                  for other, member in zip(group, members, strict=True)]
        if any(seconds is None for seconds in memory):
            return None
        group_memory = sum(seconds or 0.0 for seconds in memory)
    pipelines = [(member.kernel, member.compute_seconds) for member in members
                 if member is not None and member.kernel != kernel.name and member.compute_seconds is not None]
    slowest = max(pipelines, key=lambda pair: pair[1] or 0.0, default=None)
    if slowest is None or slowest[1] is None or slowest[1] <= group_memory:
        return None
    return (f"; but the pipeline of {slowest[0]} ({format_seconds(slowest[1])}), joined to this kernel by channels,"
            f" takes longer than the memory of the whole group ({format_seconds(group_memory)}): it paces the group"
            " first")


def _pooled_memory(kernel: Kernel, overall: KernelEstimate | None) -> float | None:
    """The memory time the design estimate pooled for ``kernel``'s group."""
    if overall is None:
        return None
    for group, seconds in zip(overall.concurrent_groups, overall.group_memory_seconds, strict=False):
        if kernel.name in group:
            return seconds
    return None


def _unique(hints: list[Diagnostic]) -> list[Diagnostic]:
    """Drop repeats (a loop inlined into several modules is listed once per module)."""
    seen: set[tuple[str, str | None, int | None, str]] = set()
    out: list[Diagnostic] = []
    for hint in hints:
        key = (hint.rule, hint.file, hint.line, hint.message)
        if key not in seen:
            seen.add(key)
            out.append(hint)
    return out
