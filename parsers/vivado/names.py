"""Vivado/Vitis naming rules (format notes §4) shared by the readers and by
consumers that map report loops and modules back to C source.

* Vitis names unlabelled loops ``VITIS_LOOP_<line>_<k>`` (``line`` = line of
  the ``for``/``while`` keyword, ``k`` = 1-based ordinal in the C function);
  flattened nests join names with ``_`` (``VITIS_LOOP_17_4_VITIS_LOOP_18_5``).
* Vivado names unlabelled loops ``Loop N`` / ``Loop N.M`` (source order);
  unnamed children of a named loop are ``<parent>.<k>`` in both tools.
* Vivado 2018.3-2019.2 truncate module names to 20 characters.
* Vitis >= 2021.2 outlines pipelined loops to ``<function>_Pipeline_<loop>``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MODULE_NAME_LIMIT = 20

#: The detail of an outlined loop placed at the top level for want of an
#: InstanceList (analyzer/vivado_placement.py finds its loop from the latencies).
#: Here, not in the reader's ``assemble``, so the estimate reads it without
#: loading the reader (lxml, the XML and rpt tables) for an aoc/oneAPI design.
OUTLINED_UNSURE = "enclosing loop unknown (no csynth.xml InstanceList): shown at top level"
GENERATED_LOOP_NOTE = ("compiler-generated loop (Vitis 'Loop N', Vivado 'memset_<array>': array copy/initialisation),"
                       " no source loop")
ZERO_TRIP_NOTE = "trip count reported as 0 (library while-loop): treated as unknown"
#: how a loop's details carry the ``loop_tripcount`` pragma applied to it (:mod:`.pragmas`)
TRIPCOUNT_NOTE = "loop_tripcount "


def stated_ii_reasons(bottleneck: str | None, details: list[str]) -> list[str]:
    """What a report says about why a loop's II is above 1: its bottleneck
    and the details that name something (the variables of a dependency),
    not a heading whose list is empty ("... on variable(s):") nor a note the
    reader adds itself (where the loop stands, what it is, a
    ``loop_tripcount``: the ``loop-ii`` hint gave "enclosing loop unknown
    ..." as a reason)."""
    notes = (OUTLINED_UNSURE, GENERATED_LOOP_NOTE, ZERO_TRIP_NOTE)
    informative = [text for text in dict.fromkeys(details) if not text.rstrip().endswith(":")
                   and text not in notes and not text.startswith(TRIPCOUNT_NOTE)]
    return list(dict.fromkeys(part for part in (bottleneck, *informative[:3]) if part))


_VITIS_LOOP = re.compile(r"^VITIS_LOOP_(?P<line>\d+)_(?P<ordinal>\d+)(?=_|$)")
_VIVADO_LOOP = re.compile(r"^Loop (?P<path>\d+(?:\.\d+)*)$")
_CHILD_OF = re.compile(r"^(?P<parent>.+)\.(?P<position>\d+)$")
_OUTLINED_MODULE = re.compile(r"^(?P<function>.+?)_(?:Pipeline|Outline)_(?P<part>.+)$")


@dataclass(frozen=True)
class LoopName:
    """What a report loop name tells about its source loop.

    ``kind`` is ``"vitis"`` (``VITIS_LOOP_L_K``, possibly flattened), ``"vivado"``
    (``Loop N.M``), ``"child"`` (``<parent>.<k>``) or ``"label"``.
    """

    raw: str
    kind: str
    line: int | None = None
    ordinal: int | None = None
    path: tuple[int, ...] = ()
    parent: str | None = None


def parse_loop_name(name: str) -> LoopName:
    """Classify a loop name as the report spells it."""
    vitis = _VITIS_LOOP.match(name)
    if vitis and "." not in name:
        return LoopName(name, "vitis", line=int(vitis["line"]), ordinal=int(vitis["ordinal"]))
    vivado = _VIVADO_LOOP.match(name)
    if vivado:
        return LoopName(name, "vivado", path=tuple(int(part) for part in vivado["path"].split(".")))
    child = _CHILD_OF.match(name)
    if child:
        return LoopName(name, "child", ordinal=int(child["position"]), parent=child["parent"])
    return LoopName(name, "label")


def module_matches(module: str, candidate: str) -> bool:
    """``module`` (as one report spells it) names ``candidate`` (as another
    report or the C source spells it), allowing the 20-character truncation."""
    if module == candidate:
        return True
    short, long_ = sorted((module, candidate), key=len)
    return len(short) == MODULE_NAME_LIMIT and long_.startswith(short)


def outlined_module_parts(module: str) -> tuple[str, str] | None:
    """Vitis outlines a pipelined loop (``<function>_Pipeline_<loop>``,
    >= 2021.2) or a region (``<function>_Outline_<region>``) into a module of
    its own: ``IGCN_Pipeline_VITIS_LOOP_12_1`` -> ("IGCN", "VITIS_LOOP_12_1");
    ``None`` for a function's own module."""
    match = _OUTLINED_MODULE.match(module)
    return None if match is None else (match["function"], match["part"])
