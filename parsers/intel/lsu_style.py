"""Normalise aoc LSU ``Type`` strings into :class:`LSUStyle` + modifiers.

Observed spellings (aoc-report-formats.md 2.3): ``Burst-coalesced``,
``Burst-coalesced cached``, ``Burst-coalesced non-aligned``,
``Burst-non-aligned`` (18.1 Std), ``Burst-coalesced write-ack
[non-aligned]``, ``Burst-coalesced non-aligned cached``, ``Prefetching``,
``Streaming`` (15.1), ``Semi-streaming`` (16.1), ``Simple`` (16.1),
``Pipelined [never-stall]``, ``Local-pipelined [never-stall]`` (18.1.1).
The modifiers are orthogonal booleans on :class:`~hlsight.core.model.LSU`
because the memory model treats them separately.
"""

from __future__ import annotations

from dataclasses import dataclass

from hlsight.core.model import LSUKind, LSUStyle

#: Base styles by keyword, most specific first ("semi-streaming" before "streaming").
_STYLE_KEYWORDS: tuple[tuple[str, LSUStyle], ...] = (
    ("burst-coalesced", LSUStyle.BURST_COALESCED),
    ("burst-non-aligned", LSUStyle.BURST_COALESCED),
    ("prefetching", LSUStyle.PREFETCHING),
    ("semi-streaming", LSUStyle.SEMI_STREAMING),
    ("streaming", LSUStyle.STREAMING),
    ("simple", LSUStyle.SIMPLE),
    ("atomic", LSUStyle.ATOMIC_PIPELINED),
    ("pipelined", LSUStyle.PIPELINED),
)

#: RTL ``lsu_top`` STYLE parameter values (lsu_top.v) to styles.
RTL_STYLES: dict[str, LSUStyle] = {
    "BURST-COALESCED": LSUStyle.BURST_COALESCED,
    "BURST-NON-ALIGNED": LSUStyle.BURST_COALESCED,
    "BASIC-COALESCED": LSUStyle.BURST_COALESCED,
    "PREFETCHING": LSUStyle.PREFETCHING,
    "STREAMING": LSUStyle.STREAMING,
    "SEMI-STREAMING": LSUStyle.SEMI_STREAMING,
    "SIMPLE": LSUStyle.SIMPLE,
    "PIPELINED": LSUStyle.PIPELINED,
    "ENABLED": LSUStyle.PIPELINED,
    "ATOMIC-PIPELINED": LSUStyle.ATOMIC_PIPELINED,
}

#: Styles that only exist for global memory (used when a report has no
#: memory links at all, i.e. 14.x RTL-only projects).
GLOBAL_ONLY_STYLES = frozenset({
    LSUStyle.BURST_COALESCED, LSUStyle.PREFETCHING, LSUStyle.STREAMING,
    LSUStyle.SEMI_STREAMING, LSUStyle.ATOMIC_PIPELINED,
})


@dataclass(frozen=True)
class StyleFacts:
    style: LSUStyle
    aligned: bool = True
    write_ack: bool = False
    cached: bool = False
    never_stall: bool = False


def lsu_kind(inst_name: str) -> LSUKind | None:
    """``Load``/``Store``/``atomic_*`` are LSUs; channels, pipes, streams,
    ``begin``/``end``/``Loop Input`` are not (formats doc 2.2)."""
    if inst_name == "Load":
        return LSUKind.LOAD
    if inst_name == "Store":
        return LSUKind.STORE
    if inst_name.startswith("atomic_"):
        return LSUKind.ATOMIC
    return None


def style_facts(raw: str | None, kind: LSUKind) -> StyleFacts:
    """Style and modifiers of a report ``Type``. Atomics carry no ``Type``
    key; aoc implements them with the ``ATOMIC-PIPELINED`` lsu_top style."""
    if raw is None:
        style = LSUStyle.ATOMIC_PIPELINED if kind is LSUKind.ATOMIC else LSUStyle.UNKNOWN
        return StyleFacts(style)
    text = raw.strip().lower()
    style = next((value for key, value in _STYLE_KEYWORDS if key in text), LSUStyle.UNKNOWN)
    return StyleFacts(
        style=style,
        aligned="non-aligned" not in text,
        write_ack="write-ack" in text,
        # Semi-streaming LSUs are the 16.1 cached LSU (RTL USECACHING=1).
        cached="cached" in text or style is LSUStyle.SEMI_STREAMING,
        never_stall="never-stall" in text,
    )


def rtl_style_facts(params: dict[str, str]) -> StyleFacts:
    """Style and modifiers of an ``lsu_top`` instance (14.x RTL-only designs)."""
    def flag(name: str) -> bool:
        return params.get(name, "0").strip().strip('"') not in ("0", "")

    style_text = params.get("STYLE", "").strip().strip('"').upper()
    style = RTL_STYLES.get(style_text, LSUStyle.UNKNOWN)
    if flag("ATOMIC"):
        style = LSUStyle.ATOMIC_PIPELINED
    return StyleFacts(
        style=style,
        aligned=style_text != "BURST-NON-ALIGNED",
        write_ack=flag("USE_WRITE_ACK"),
        cached=flag("USECACHING"),
        never_stall=flag("STALLFREE"),
    )
