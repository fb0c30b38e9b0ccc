"""The kernel-side bus width the memory model uses: the report's, else the profile's.

Eqs. 5-6 bound LSUs sharing a bank by fmax x the bus to that bank (decision
46). The memory profile gives that bus as a board default (``[bandwidth]
interface_bits``); aoc 21+ and oneAPI 2021.4+ reports list the width of each
channel's bus in their Global memory view (``MemorySystem.channel_widths_bits``),
the compiler's record of this very build. Decision 47: the report's width is
the one used; where the profile gives another, a note names both and the
file, and the ``using:`` line says which was used. A memory the report gives
no width for keeps the profile's.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from hlsight.analyzer.memory_profiles import MemoryProfile
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Design, MemoryKind, MemorySystem
from hlsight.core.units import name_list

DIFFERS_RULE = "memory-interface-differs"


def report_interface_bits(memory: MemorySystem | None) -> int | None:
    """The bus width (bits) the report gives for each channel of ``memory``:
    the narrowest when its channels differ (the bound every channel meets),
    ``None`` when the report lists none or the memory is the host's (reached
    over PCIe, not a board bank the profile's width describes)."""
    if memory is None or memory.kind is MemoryKind.HOST or not memory.channel_widths_bits:
        return None
    return min(memory.channel_widths_bits)


@dataclass
class ReportOverride:
    """What analyze says where a report's own figure stands in for the profile's."""

    #: lines for every estimate's assumptions
    assumptions: list[str] = field(default_factory=list)
    #: added to the ``using:`` line when the report's figure replaced the
    #: profile's (it differs, or the profile gives none); "" otherwise
    using: str = ""
    diagnostics: list[Diagnostic] = field(default_factory=list)


def view_file(source: str, design: Design) -> str:
    """The file a figure came from, relative to the report when it is inside."""
    path = Path(source)
    return str(path.relative_to(design.root)) if design.root and path.is_relative_to(design.root) else source


def _widths_text(widths: tuple[int, ...]) -> str:
    if len(set(widths)) == 1:
        channels = f"{len(widths)} channel{'s' if len(widths) != 1 else ''}"
        return f"{widths[0]} bits per channel ({channels})"
    return f"{', '.join(str(width) for width in widths)} bits per channel (the narrowest, {min(widths)}, used)"


def interface_choice(design: Design, profile: MemoryProfile) -> ReportOverride:
    """The assumption lines, ``using:`` words and notes for the widths the
    report gives, grouping memories that list the same widths (an HBM
    design's pseudo-channels)."""
    groups: dict[tuple[tuple[int, ...], str], list[str]] = {}
    for memory in design.memory_systems:
        if memory.is_global and report_interface_bits(memory) is not None:
            key = (tuple(memory.channel_widths_bits), memory.memory_view_source or "")
            groups.setdefault(key, []).append(memory.name)
    choice = ReportOverride()
    profile_bits = profile.interface_bytes * 8
    using: list[str] = []
    for (widths, source), names in groups.items():
        used = min(widths)
        where = view_file(source, design)
        said = f"{_widths_text(widths)} of {name_list(names)}, from the report's Global memory view ({where})"
        if not profile_bits:
            choice.assumptions.append(f"kernel-side bus: {said}; the profile {profile.name} gives none")
            using.append(f"the report's {used}-bit bus per channel of {name_list(names)} (the profile gives none)")
        elif profile_bits == used:
            choice.assumptions.append(f"kernel-side bus: {said}; the profile {profile.name} says the same")
        else:
            choice.assumptions.append(f"kernel-side bus: {said}, not the profile {profile.name}'s {profile_bits} bits")
            using.append(f"the report's {used}-bit bus per channel of {name_list(names)},"
                         f" not the profile's {profile_bits} bits")
            choice.diagnostics.append(Diagnostic(
                rule=DIFFERS_RULE, severity=Severity.NOTE, file=source or None,
                message=(f"{name_list(names)}: the report's Global memory view gives a {used}-bit kernel-side bus"
                         f" per channel, memory profile {profile.name} {profile_bits} bits ([bandwidth]"
                         " interface_bits): the estimate uses the report's (decision 47)"),
                data={"memories": names, "report_bits": used, "profile_bits": profile_bits,
                      "profile": profile.name},
            ))
    choice.using = "; ".join(using)
    return choice
