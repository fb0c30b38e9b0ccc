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
from collections.abc import Iterable
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
#: ``details`` keys of an m_axi interface for the bursts Vitis made (:mod:`.burst_rpt`): here, not
#: there, so the DRAM model reads them without loading the reader (an aoc design never does)
READ_BURST_KEY, WRITE_BURST_KEY, BURST_MISSED_KEY = "INFERRED_READ_BURST", "INFERRED_WRITE_BURST", "BURST_MISSED"
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
#: A dataflow process the tool made of a loop, ``Loop_<label>_proc<k>`` (``_s`` after Vivado's
#: 20-character cut: 2019.1 names the process of the loop ``Pipeline_loop4`` ``Loop_Pipeline_loop4_s``)
_LOOP_PROCESS_NAME = r"Loop_\w+?_(?:proc\d*|s)"
#: ... alone or as the function an outlined part is named after
_LOOP_PROCESS = re.compile(rf"^(?P<process>{_LOOP_PROCESS_NAME})(?=$|_(?:Pipeline|Outline)_)")
#: ... ending a module's name (``dct_Loop_Row_DCT_Loop_proc``, ``Loop_VITIS_LOOP_12_1_proc``)
_ENDS_IN_LOOP_PROCESS = re.compile(rf"(?:^|_){_LOOP_PROCESS_NAME}$")
#: Any process module HLS generates in a dataflow region: a loop's, or one for the code between
#: processes (``Block_entry_split_proc``, ``entry_proc``)
_GENERATED_PROCESS = re.compile(rf"(?:^|_)(?:Block_\w*proc\d*|{_LOOP_PROCESS_NAME}|entry_proc\d*)$")
#: The first Vitis release that outlines pipelined loops into ``_Pipeline_`` modules (docs/vivado-reader.md)
OUTLINING_SINCE = (2021, 2)


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


#: what the tools replace by ``_`` when they name a template's instance (``copy<64, int>`` -> ``copy_64_int_s``)
_NOT_IN_NAME = re.compile(r"[^A-Za-z0-9_]+")
_UNSIGNED_ARGUMENT = re.compile(r"(?<=\d)[uU](?=_|$)")


def cxx_module_name(function: str) -> str:
    """The module Vivado/Vitis HLS make of the C++ function ``function``
    as hlsight's lowering names it: a template's instance is named by its
    arguments with ``_s`` after them (``copy<64, int>`` ->
    ``copy_64_int_s``, as the reports of public designs spell
    ``rmsnorm_4096_s`` and hls4ml's ``conv_1d_cl_..._config5_s``); a class
    member by its own name (``Acc::run`` -> ``run``)."""
    base, angle, arguments = _unqualified(function).partition("<")
    if not angle:
        return base
    words = _NOT_IN_NAME.sub("_", arguments.rsplit(">", 1)[0]).strip("_")
    return f"{base}_{words}_s"


def cxx_module_matches(module: str, function: str) -> bool:
    """``module`` names the C++ ``function`` (:func:`cxx_module_name`; an
    unsigned argument's ``u`` and the 20-character cut allowed)."""
    if module_matches(module, function):
        return True
    if "<" not in function and "::" not in function:
        return False
    made = _without_unsigned(cxx_module_name(function))
    module = _without_unsigned(module)
    # Vitis names a pipelined loop it outlines from an instance without the ``_s``
    # (``PointwiseConv2d_10_1_4_Pipeline_VITIS_LOOP_9_1`` of ``PointwiseConv2d_10_1_4_s``)
    return module_matches(module, made) or (made.endswith("_s") and module_matches(module, made[:-2]))


def cxx_module_abbreviates(module: str, function: str) -> bool:
    """``module`` names the C++ template instance ``function`` as Vivado HLS
    abbreviates it: an argument that is itself a class template's instance
    printed either bare or with every argument, the defaulted ones after
    the written ones (hls4ml's ``ap_fixed<16, 4>`` is ``ap_fixed`` or
    ``ap_fixed_16_4_5_3_0``: 2019.2 names ``conv_2d_cl_me<ap_fixed<16, 4>,
    ap_fixed<16, 4>, config2>`` ``conv_2d_cl_me_ap_fixed_ap_fixed_16_4_5_3_0_config2_s``
    and its ``zeropad2d_cl_me`` instance ``..._ap_fixed_ap_fixed_config20_s``,
    the same types printed two ways in one report; ``nnet::array<T, 32>`` is
    ``array`` or ``array_ap_fixed_32u``), an enum argument by its value.
    Which way a report prints an argument is not told by the types, so this
    rule is asked only where no module is named exactly (:func:`instance_modules`)."""
    base, angle, arguments = _unqualified(function).partition("<")
    if not angle or not arguments.endswith(">"):
        return False
    words = [_argument_pattern(part, nested=False) for part in _split_arguments(arguments[:-1])]
    pattern = re.escape(base) + "".join(f"_{word}" for word in words) + "_s"
    return re.fullmatch(pattern, module) is not None


def instance_modules(modules: Iterable[str], function: str) -> list[str]:
    """The modules that name the C++ function or template instance
    ``function``: those :func:`cxx_module_matches` names, else those the
    abbreviated form names (:func:`cxx_module_abbreviates`), else the module
    named by the template alone (Vivado HLS 2019.2 named one of a public
    hls4ml design's two ``pooling2d_large_cl_nopad_pad_me`` instances so,
    the other ``..._ap_fixed_ap_fixed_config8_s``; which instance has it is
    told only by the others naming theirs: the caller checks that no two
    instances take one module). One module is the instance's; two or more
    say nothing of which it runs."""
    candidates = [module for module in modules if "_Pipeline_" not in module]
    exact = [module for module in candidates if cxx_module_matches(module, function)]
    if exact or "<" not in function:
        return exact
    abbreviated = [module for module in candidates if cxx_module_abbreviates(module, function)]
    if abbreviated:
        return abbreviated
    base = _unqualified(function).partition("<")[0]
    return [module for module in candidates if module == base]


def _unqualified(function: str) -> str:
    """``nnet::conv<...>`` -> ``conv<...>``: the qualification before the name (not inside the arguments)."""
    depth, split = 0, -1
    for index, character in enumerate(function):
        depth += {"<": 1, ">": -1}.get(character, 0)
        if depth == 0 and function.startswith("::", index):
            split = index
    return function[split + 2:] if split >= 0 else function


def _split_arguments(text: str) -> list[str]:
    """Top-level comma-separated parts of a template argument list."""
    parts, depth, start = [], 0, 0
    for index, character in enumerate(text):
        depth += {"<": 1, ">": -1, "(": 1, ")": -1}.get(character, 0)
        if character == "," and depth == 0:
            parts.append(text[start:index].strip())
            start = index + 1
    parts.append(text[start:].strip())
    return [part for part in parts if part]


_QUALIFIER = re.compile(r"\b(?:const|volatile|struct|class|enum)\s+|\b\w+::")
_CLASS_INSTANCE = re.compile(r"(?P<name>[A-Za-z_]\w*)<(?P<arguments>.*)>")
_INTEGER = re.compile(r"(?:\(\w+\)\s*)?(?P<value>-?\d+)[uUlL]*")


def _argument_pattern(argument: str, nested: bool) -> str:
    """The regular expression of one template argument in a module name (see :func:`cxx_module_abbreviates`)."""
    argument = _QUALIFIER.sub("", argument).strip()
    instance = _CLASS_INSTANCE.fullmatch(argument)
    if instance is not None:
        inner = "".join(f"_{_argument_pattern(part, nested=True)}"
                        for part in _split_arguments(instance["arguments"]))
        return rf"{re.escape(instance['name'])}(?:{inner}(?:_\d+)*)?"
    integer = _INTEGER.fullmatch(argument)
    if integer is not None:
        return rf"{integer['value'].replace('-', '_')}[uU]?"
    word = re.escape(_NOT_IN_NAME.sub("_", argument).strip("_"))
    return rf"(?:{word}|\d+)" if nested else word  # an enum argument (AP_TRN) is printed as its value


def _without_unsigned(module: str) -> str:
    """clang prints an unsigned template argument ``32u`` (hls4ml's ``..._32u_config5_s``); hlsight prints ``32``."""
    return _UNSIGNED_ARGUMENT.sub("", module)


def outlined_module_parts(module: str) -> tuple[str, str] | None:
    """Vitis outlines a pipelined loop (``<function>_Pipeline_<loop>``,
    >= 2021.2) or a region (``<function>_Outline_<region>``) into a module of
    its own: ``IGCN_Pipeline_VITIS_LOOP_12_1`` -> ("IGCN", "VITIS_LOOP_12_1");
    ``None`` for a function's own module. A dataflow process made of a loop
    is a function of the region, also where the loop's label holds
    ``Pipeline_`` (a public Vivado HLS 2019.1 DES decrypter's
    ``Loop_Pipeline_loop4_s`` is no part of a function ``Loop``); a part
    outlined from such a process is named after the whole process."""
    process = _LOOP_PROCESS.match(module)
    if process is not None:
        rest = module[process.end():]
        match = _OUTLINED_MODULE.match(f"_{rest}") if rest else None
        return None if match is None else (process["process"], match["part"])
    match = _OUTLINED_MODULE.match(module)
    return None if match is None else (match["function"], match["part"])


def is_loop_process(module: str) -> bool:
    """``module`` is a dataflow process HLS made of a loop of the region (its
    loops are the instantiating function's)."""
    return _ENDS_IN_LOOP_PROCESS.search(module) is not None


def is_generated_process(module: str) -> bool:
    """``module`` is a dataflow process HLS generated (a loop's, or one for
    the code between processes): it has no C function of its own."""
    return _GENERATED_PROCESS.search(module) is not None


def outlines_loops(vitis: bool, version: tuple[int, ...]) -> bool:
    """Whether a report of this tool and version may hold outlined
    ``_Pipeline_``/``_Outline_`` modules: Vitis HLS from 2021.2 (an unknown
    version is read as one that may). Vivado HLS never outlines, whatever a
    module is named."""
    return vitis and (not version or version >= OUTLINING_SINCE)
