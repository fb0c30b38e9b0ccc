"""The DRAM data rate the memory model uses: the BSP's, from the report, else the profile's.

Eq. 2's T_ideal and eq. 5's f_min rest on the memory's data rate (``f_dram``
x 2 x dq bytes per channel). The profile takes it from a data sheet; aoc 21+
and oneAPI 2021.4+ reports print "Maximum bandwidth the BSP can deliver" for
each global memory (``MemorySystem.bsp_bandwidth_mbs``): the ``max_bandwidth``
of the board_spec.xml this very build was compiled against, i.e. the rate the
BSP's memory controllers run the channels at, which may be below the parts'
rating (the Arria 10 PAC's BSP drives its DDR4-2400 parts at 2133 MT/s:
34,133 MB/s for two banks). Decision 48: where every global memory of the
profile's technology gives the same per-channel rate and it is not the
profile's, the estimate uses the report's (the profile's ``f_dram`` scaled; its
timings in ns, efficiency and bus stay), the ``using:`` line says so and a
note names both rates and the file. ``--set f_dram=`` still wins.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from hlsight.analyzer.memory_profiles import MemoryProfile
from hlsight.analyzer.report_interface import ReportOverride, view_file
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Design, MemoryKind, MemorySystem
from hlsight.core.units import name_list

DIFFERS_RULE = "memory-rate-differs"

#: rates closer than this (relative) are the same rate written two ways
#: (14,928 MB/s for DDR4-1866 against the profile's 933.33 MHz x 2 x 8 B)
_SAME_RATE = 0.01

_TECHNOLOGY = {"ddr": MemoryKind.DDR, "hbm": MemoryKind.HBM}


def report_rate_mts(memory: MemorySystem, dq_bytes: int) -> float | None:
    """The data rate (MT/s) the BSP gives each channel of ``memory``: its
    bandwidth over the channels the report lists (the view's widths, else
    the mav's banks), over the channel's data bytes; ``None`` when the report
    gives no bandwidth."""
    if memory.bsp_bandwidth_mbs is None or dq_bytes <= 0:
        return None
    channels = len(memory.channel_widths_bits) or memory.banks
    return memory.bsp_bandwidth_mbs / max(channels, 1) / dq_bytes


@dataclass(kw_only=True)
class RateChoice(ReportOverride):
    """The profile the estimate runs with (its rate the report's where that differs) and what is said."""

    profile: MemoryProfile


def data_rate_choice(design: Design, profile: MemoryProfile) -> RateChoice:
    """The report's per-channel data rate over the profile's where the
    report's memories of the profile's technology agree on one."""
    technology = _TECHNOLOGY.get(profile.kind)
    rates: dict[str, float] = {}
    sources: set[str] = set()
    for memory in design.memory_systems:
        rate = report_rate_mts(memory, profile.dq_bytes)
        if memory.is_global and memory.kind is technology and rate is not None:
            rates[memory.name] = rate
            sources.add(memory.memory_view_source or "")
    choice = RateChoice(profile=profile)
    if not rates:
        return choice
    profile_rate = 2 * profile.f_dram_hz / 1e6
    names = sorted(rates)
    lowest, highest = min(rates.values()), max(rates.values())
    where = ", ".join(sorted(view_file(source, design) for source in sources if source)) or "the report"
    said = (f"DRAM data rate: {name_list(names)} at {lowest:.0f} MT/s per channel by the report's Global memory"
            f" view (Maximum bandwidth the BSP can deliver, {where})")
    if highest - lowest > _SAME_RATE * highest:
        listed = ", ".join(f"{name} {rate:.0f}" for name, rate in sorted(rates.items()))
        choice.assumptions.append(f"DRAM data rate: the report's memories differ ({listed} MT/s per channel);"
                                  f" the profile {profile.name}'s {profile_rate:.0f} MT/s is used")
        return choice
    if abs(lowest - profile_rate) <= _SAME_RATE * profile_rate:
        choice.assumptions.append(f"{said}; the profile {profile.name} says the same")
        return choice
    choice.profile = dataclasses.replace(profile, f_dram_hz=lowest / 2 * 1e6)
    choice.assumptions.append(f"{said}, not the profile {profile.name}'s {profile_rate:.0f} MT/s")
    choice.using = f"the report's {lowest:.0f} MT/s per channel, not the profile's {profile_rate:.0f}"
    choice.diagnostics.append(Diagnostic(
        rule=DIFFERS_RULE, severity=Severity.NOTE, file=next(iter(sorted(sources))) or None,
        message=(f"{name_list(names)}: the BSP this build used delivers {lowest:.0f} MT/s per channel (the report's"
                 f" Maximum bandwidth the BSP can deliver), memory profile {profile.name} {profile_rate:.0f} MT/s"
                 " ([timing] f_dram_mhz): the estimate uses the report's (decision 48)"),
        data={"memories": names, "report_mts": round(lowest, 2), "profile_mts": round(profile_rate, 2),
              "profile": profile.name},
    ))
    return choice
