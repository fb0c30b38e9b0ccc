"""Which source loop a Vivado/Vitis report loop is, by the name the tool
gave it, for the report loops a line cannot place.

Vivado HLS (up to 2019.2) gives no loop a source location, and Vitis 2020.x
none to a labelled loop, so decision 34's match by file and line leaves
their counts to the user (``loop.unique_paths.Loop_1.trip``) though the
source bounds them by the top function's arguments. The names follow fixed
rules (:mod:`~hlsight.analyzer.access.report_loop_names`); a flattened
nest's name (``VITIS_LOOP_17_4_VITIS_LOOP_18_5``) also tells that the
loop at its line runs the product of the levels' counts, not the outer
level's alone.

Only what the names fix is matched:

* a module's loops are looked up in the function of the same name (a
  ``<function>_Pipeline_<loop>`` module in its function, a ``<function>_<k>``
  copy in its function), the top or a function the walk entered at every
  place the sources call it, and by label or Vitis name in the functions it
  calls that are so walked (inlined there, they keep their loops' names). A
  function called twice has one set of arguments per call: the walk's facts
  of its loop hold a count only where every call gives the same one
  (:mod:`~hlsight.analyzer.access.called_loops`), as the tool's copies
  (``LOADBYTES_1``, ``LOADBYTES_2``) are numbered in no order the sources fix;
* Vivado positional names (``Loop 3.1``) only when every positional name of
  the module's report is a loop of that function at the same place in the
  nest, or one nested in a loop of it that has no loop of its own (an
  inlined callee's, which renumbers none of the function's), or one of a
  perfect nest the report runs flattened under its outer level's name (a
  pipelined leaf with no count: the product of the levels): a report that
  counts an inlined callee's loops elsewhere, or that does not number the
  way the sources read, matches none of them;
* in a Vitis report, ``Loop N`` (a loop the compiler made) and
  ``<loop>.<k>`` rows (inlined copies) match nothing.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections import Counter
from dataclasses import dataclass, field

import sympy
from pycparser import c_ast

from hlsight.analyzer.access.axi_ports import all_nodes
from hlsight.analyzer.access.hls_pragmas import body_pragmas, pipelined, unrolled_fully
from hlsight.analyzer.access.loops import LoopInfo
from hlsight.analyzer.access.report_loop_names import (
    FLATTENED,
    NamedLoop,
    ReportLoopMatch,
    match_report_name,
    moved_vitis_name,
    name_line_offset,
    name_loops,
    offset_words,
)
from hlsight.analyzer.access.sources import ParsedSources
from hlsight.core.model import Design, Kernel, Loop, Product
from hlsight.parsers.vivado.names import (
    cxx_module_abbreviates,
    cxx_module_matches,
    is_loop_process,
    outlined_module_parts,
    parse_loop_name,
)

#: a Vitis name that joins two levels of a flattened nest
_FLATTENED_VITIS = re.compile(r"^VITIS_LOOP_\d+_\d+_.")
#: the tool's copy of a function for one of its calls (``LOADBYTES_2``)
_CALL_COPY = re.compile(r"^(?P<function>\w+)_\d+$")


@dataclass
class ReportLoopFinder:
    """The source loop of each report loop of one module, by name."""

    #: the loop trees of the function the module stands for
    loops: list[NamedLoop]
    #: the walk's loop facts, by ``id`` of the loop's AST node
    infos: dict[int, LoopInfo]
    vivado: bool
    #: Vivado positional names agree with the module's report (see the module doc)
    positional_ok: bool = True
    #: the loop trees of the functions inlined into it, each called once: found by label or Vitis name only
    #: (the tools keep a callee's own loop names where they inline it; Vivado's numbering of them is not known)
    inlined: list[NamedLoop] = field(default_factory=list)
    #: the loop trees of every function of the sources: a flattened name is told by them (:meth:`flattened`)
    everywhere: list[NamedLoop] = field(default_factory=list)
    #: Vivado positional leaves that run a flattened perfect nest, by report name: the nest's levels
    #: (:func:`_positions_agree`)
    flattened_nests: dict[str, list[NamedLoop]] = field(default_factory=dict)
    #: Vitis names of the function's loops that no source loop has, matched by rank at one line offset
    #: (the source moved lines since synthesis: :func:`_moved_loops`), by report name
    moved: dict[str, NamedLoop] = field(default_factory=dict)

    def find(self, loop: Loop) -> LoopInfo | None:
        """The facts of the source loop ``loop`` stands for (a flattened
        nest's with the product of its levels' counts), or ``None``."""
        match = self._match(loop)
        if match is None:
            return None
        nest = self.flattened_nests.get(loop.name)  # empty unless the positional names agree
        levels = [self.infos.get(id(level.node)) for level in (match.levels if nest is None else nest)]
        if any(info is None for info in levels):
            return None
        infos = [info for info in levels if info is not None]
        if len(infos) == 1 and loop.name in self.moved and match.levels[0] is self.moved[loop.name]:
            # said where the count is read: the source loop is the name's by rank, lines away from it
            where = offset_words(name_line_offset(loop.name, infos[0].line))
            return dataclasses.replace(infos[0], trip_reason=f"{infos[0].trip_reason}; the loop {where} the line"
                                       " its name gives: the source moved since synthesis")
        if len(infos) == 1:
            return infos[0]
        return _flattened(infos)

    def flattened(self, loop: Loop) -> bool:
        """The name joins the levels of a flattened nest: the loop at its
        line runs more than that line's count, so a line match is wrong.
        Told from every function's loops, not only those :meth:`find`
        searches: MachSuite's radix sort flattens ``hist_1_hist_2`` in
        ``hist``, which it calls twice, and the loop at the report's line
        counted 512 of the 2048 iterations."""
        if _FLATTENED_VITIS.match(loop.name) or loop.name in self.flattened_nests:
            return True
        return any(loop.name.startswith(named.report_name(self.vivado) + "_") and named.children
                   for top in [*self.loops, *self.inlined, *self.everywhere] for named in top.walk())

    def _match(self, loop: Loop) -> ReportLoopMatch | None:
        kind = parse_loop_name(loop.name).kind
        if kind in ("vivado", "child"):
            return match_report_name(loop.name, self.loops, self.vivado) if self.vivado and self.positional_ok \
                else None
        match = match_report_name(loop.name, [*self.loops, *self.inlined], self.vivado)
        if match is None and loop.name in self.moved:
            return ReportLoopMatch((self.moved[loop.name],))
        return match


@dataclass
class SourceLoopNames:
    """Every function of a design's sources with its named loop trees and how
    often the sources call it: taken once per design, read by each module's
    finder."""

    functions: list[tuple[str, c_ast.FuncDef]]
    #: the loop trees of each function, by ``id`` of its definition
    trees: dict[int, list[NamedLoop]]
    #: the calls each function makes, by callee
    callees: dict[str, Counter[str]]
    _within: dict[str, Counter[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, parsed: ParsedSources) -> SourceLoopNames:
        functions = parsed.definitions()
        callees = {name: Counter(str(node.name.name) for node in all_nodes(definition.body)
                                 if isinstance(node, c_ast.FuncCall) and isinstance(node.name, c_ast.ID))
                   for name, definition in functions}
        return cls(functions, {id(definition): name_loops(definition.body) for _name, definition in functions},
                   callees)

    def loops_of(self, definition: c_ast.FuncDef) -> list[NamedLoop]:
        return self.trees[id(definition)]

    @functools.cached_property
    def by_name(self) -> dict[str, c_ast.FuncDef]:
        return dict(self.functions)

    @functools.cached_property
    def every_tree(self) -> list[NamedLoop]:
        """The loop trees of every function (a flattened name is told by them)."""
        return [tree for trees in self.trees.values() for tree in trees]

    def calls_within(self, top: str) -> Counter[str]:
        """How often the functions ``top`` reaches call each function: a
        call in code the top never runs is not in its design (a public AES
        calls its key expansion from a second top too, and the report's
        ``Loop 1`` of it was left unmatched)."""
        if top not in self._within:
            reached, pending, calls = {top}, [top], Counter[str]()
            while pending:
                made = self.callees.get(pending.pop(), Counter())
                calls.update(made)
                fresh = [name for name in made if name in self.callees and name not in reached]
                reached.update(fresh)
                pending.extend(fresh)
            self._within[top] = calls
        return self._within[top]


def report_loop_finder(kernel: Kernel, design: Design, names: SourceLoopNames, infos: dict[int, LoopInfo],
                       top: str, walked: Counter[str] | None = None) -> ReportLoopFinder | None:
    """The finder for ``kernel``'s loops, or ``None`` when no function of
    the sources is the module's, or the walk (``walked``: how many call
    sites of each function it entered) missed a place the sources call it."""
    walked = walked or Counter()
    modules = {other.name for other in design.kernels}
    function = _module_function(kernel.name, names, top, modules)
    if function is None and is_loop_process(kernel.name):
        # a dataflow process HLS made of a loop (``dct_Loop_Row_DCT_Loop_proc``,
        # ``Loop_VITIS_LOOP_12_1_proc``): its loops are the instantiating function's
        parent = next((other.name for other in design.kernels
                       if any(instance.module == kernel.name for instance in other.instances)), None)
        function = None if parent is None else _module_function(parent, names, top, modules)
    if function is None:
        return None
    name, definition = function
    calls = names.calls_within(top)
    if name != top and not _every_call_walked(name, calls, walked):
        return None
    inlined = [tree for callee in _walked_callees(name, names, calls, walked) for tree in names.loops_of(callee)]
    finder = ReportLoopFinder(names.loops_of(definition), infos, design.tool.product is Product.VIVADO_HLS,
                              inlined=inlined, everywhere=names.every_tree)
    finder.positional_ok = _positions_agree(kernel, finder)
    if not finder.vivado:
        same = [other for other in design.kernels if other is kernel
                or _module_function(other.name, names, top, modules) == function]
        finder.moved = _moved_loops(finder, {loop.name for other in same for loop in other.all_loops()})
    return finder


def _moved_loops(finder: ReportLoopFinder, reported: set[str]) -> dict[str, NamedLoop]:
    """The function's unlabelled loops the Vitis names of ``reported`` (the
    loops of every module of the function) stand for by rank alone, the
    simulator's rule (:func:`moved_vitis_name`), when the file moved as a
    whole since synthesis: some name's line holds no loop, every such name
    is so matched, and every loop so matched sits the same number of lines
    from its name (a line added or removed above the loops). A public Vitis
    2022.1 IGCN's ``igcn.cpp`` gained an ``#include`` after synthesis:
    ``VITIS_LOOP_12_1`` and ``VITIS_LOOP_19_2`` are its loops at lines 13
    and 20, both bounded by the top's ``size``, and were left to the user.
    Loops at differing offsets (an edit between them, a loop added or
    removed), or a name at a loop's line with another rank (a public DFT's
    ``VITIS_LOOP_15_2``, its first loop), match none."""
    loops = [item for top in finder.loops for item in top.walk()]
    own = {named.vitis_name for named in loops}
    vitis = {name for name in reported if parse_loop_name(name).kind == "vitis" and name not in own}
    with_loops = {named.line for top in [*finder.loops, *finder.everywhere] for named in top.walk()}
    open_names = {name for name in vitis if parse_loop_name(name).line not in with_loops}
    moved: dict[str, NamedLoop] = {}
    for named in loops:
        if named.label or _unrolled_in_source(named, finder.infos):
            continue
        name = moved_vitis_name(named.line, named.ordinal, vitis - set(moved))
        if name is not None:
            moved[name] = named
    offsets = {name_line_offset(name, named.line) for name, named in moved.items()}
    return moved if open_names and open_names <= set(moved) and len(offsets) == 1 else {}


def _every_call_walked(function: str, calls: Counter[str], walked: Counter[str]) -> bool:
    """The walk's facts of ``function``'s loops stand for every call of it
    (``calls``: those the top reaches): called once, or entered at every
    place it is called (a call the walk did not follow could count
    differently)."""
    return calls[function] == 1 or walked[function] >= calls[function]


def _walked_callees(caller: str, names: SourceLoopNames, calls: Counter[str], walked: Counter[str]
                    ) -> list[c_ast.FuncDef]:
    """The functions ``caller`` calls, and those they call, whose walked
    facts stand for every call (:func:`_every_call_walked`)."""
    found: list[c_ast.FuncDef] = []
    seen, pending = {caller}, [caller]
    while pending:
        for callee in names.callees.get(pending.pop(), Counter()):
            if callee in seen or callee not in names.by_name or not _every_call_walked(callee, calls, walked):
                continue
            seen.add(callee)
            found.append(names.by_name[callee])
            pending.append(callee)
    return found


def _module_function(module: str, names: SourceLoopNames, top: str, modules: set[str]
                     ) -> tuple[str, c_ast.FuncDef] | None:
    """The function a module stands for: the one of its name (allowing
    Vivado's 20-character cut), of a ``<function>_Pipeline_<loop>`` module's
    function, of the name after the top's (Vivado HLS 2015.3 names a
    sub-module ``dct_dct_2d``, format notes section 4), or of a copy the
    tool made for one call of a function the sources call more than once
    (``LOADBYTES_1``)."""
    outlined = outlined_module_parts(module)
    wanted = outlined[0] if outlined is not None else module
    found = [(name, definition) for name, definition in names.functions if cxx_module_matches(wanted, name)]
    numbered = re.compile(rf"{re.escape(wanted)}_\d+")
    if len(found) == 1 and "::" in found[0][0] and any(numbered.fullmatch(other) for other in modules):
        # ``shift_left`` and ``shift_left_1``: the tool made two functions of that member's name
        # (two classes', two instances'), and which is the one found is not told
        return None
    if not found:  # a class template's arguments printed bare or in full (hls4ml's ``ap_fixed_ap_fixed_16_4_5_3_0``)
        found = [(name, definition) for name, definition in names.functions
                 if "<" in name and cxx_module_abbreviates(wanted, name)]
    if not found:
        found = _only_instance(wanted, names, outlined is not None)
    if not found and module != top and module.startswith(top + "_"):
        found = [(name, definition) for name, definition in names.functions if name == module[len(top) + 1:]]
    copied = wanted
    while not found and (copy := _CALL_COPY.match(copied)) is not None:
        copied = copy["function"]  # ``conv_1_2``: a copy of ``conv_1`` before one of ``conv``
        if names.calls_within(top)[copied] > 1:
            found = [(name, definition) for name, definition in names.functions if name == copied]
    return found[0] if len(found) == 1 else None


def _only_instance(module: str, names: SourceLoopNames, outlined: bool) -> list[tuple[str, c_ast.FuncDef]]:
    """The one instance of a template the sources instantiate once, for a
    module named by the template and arguments spelled otherwise than
    hlsight spells them (the tools print a type argument as their clang
    does: hls4ml's ``conv_1d_cl_..._ap_fixed_22_11_5_3_0_..._config5_s``),
    or by the template alone (Vitis 2022.1 outlines a loop of
    ``DepthwiseConv2dFinal<4, 1, 12, 4>`` as
    ``DepthwiseConv2dFinal_Pipeline_VITIS_LOOP_95_1...``). Of two
    instances, neither: which one is not told."""
    def named_by(base: str) -> bool:
        return module == base or (module.startswith(base + "_") and (module.endswith("_s") or outlined))

    instances = [(name, definition) for name, definition in names.functions
                 if "<" in name and "::" not in name and named_by(name.partition("<")[0])]
    longest = max((len(name.partition("<")[0]) for name, _ in instances), default=0)
    instances = [(name, definition) for name, definition in instances if len(name.partition("<")[0]) == longest]
    return instances if len(instances) == 1 else []


def _positions_agree(kernel: Kernel, finder: ReportLoopFinder) -> bool:
    """The module's report numbers exactly the function's unlabelled loops
    that it can list (not those the source unrolls fully), each nested in
    the loop its report parent is.

    Vivado numbers loops after some of its own passes: a public 2017.4 FIR
    lists one ``Loop 1``, its second source loop, having dropped a first
    that never ends; a 2019.1 linear regression counts five ``memcpy``
    loops before its own ``Loop 6``. A report that lists fewer or other
    positional names than the source has may number them differently, so
    none is trusted."""
    if not finder.vivado:
        return False
    named = {loop.positional: loop for top in finder.loops for loop in top.walk()
             if loop.label is None and not _unrolled_in_source(loop, finder.infos)}
    listed = {loop.name for loop in kernel.all_loops() if parse_loop_name(loop.name).kind in ("vivado", "child")}
    finder.flattened_nests = _flattened_leaves(kernel, named, listed)
    absorbed = {level.positional for nest in finder.flattened_nests.values() for level in nest[1:]}
    inlined = _inlined_below_leaves(listed - set(named), named)
    if inlined is None or listed - inlined != set(named) - absorbed:
        finder.flattened_nests = {}
        return False

    def agree(loops: list[Loop], parent: NamedLoop | None) -> bool:
        for loop in loops:
            if loop.name in inlined:
                continue  # an inlined callee's loop, numbered below a source loop with none of its own
            match = match_report_name(loop.name, finder.loops, vivado=True)
            positional = parse_loop_name(loop.name).kind in ("vivado", "child")
            if positional and (match is None or len(match.levels) != 1 or match.levels[0].parent is not parent):
                return False
            here = match.levels[-1] if match is not None else None
            if here is None and any(parse_loop_name(child.name).kind in ("vivado", "child") for child in loop.children):
                return False  # a positional child of a loop the source does not place
            if not agree(loop.children, here):
                return False
        return True

    if not agree(kernel.loops, None):
        finder.flattened_nests = {}  # a nest is only read where the positions agree
        return False
    return True


def _flattened_leaves(kernel: Kernel, named: dict[str, NamedLoop], listed: set[str]) -> dict[str, list[NamedLoop]]:
    """Report loops that run a flattened perfect nest under a positional
    name: a pipelined ``Loop 1`` with no sub-loop in the report, whose
    source loop has a chain of loops each the only one directly inside the
    one before, none of them listed (Vivado HLS flattens such a nest into
    its outer level's name; a public 2019.2 matrix multiply's ``readA``
    listed one ``Loop 1`` for five levels, and each was asked for by hand
    though the source counts them)."""
    nests: dict[str, list[NamedLoop]] = {}
    for loop in kernel.all_loops():
        source = named.get(loop.name)
        count = loop.trip_count
        # a nest with a count in its bounds has none in the report ("undef"); a counted leaf is one loop
        counted = count is not None and (count.min is not None or count.max is not None)
        if source is None or loop.children or not loop.pipelined or counted:
            continue
        nest = [source]
        while len(nest[-1].children) == 1 and nest[-1].children[0].positional in named and _only_loop_in(nest[-1]):
            nest.append(nest[-1].children[0])
        if len(nest) > 1 and not nest[-1].children and not any(level.positional in listed for level in nest[1:]):
            nests[loop.name] = nest
    return nests


def _only_loop_in(loop: NamedLoop) -> bool:
    """``loop``'s body is its one sub-loop (and pragmas): a level of a
    perfect nest, which the tools flatten; code beside the sub-loop (a
    public 2019.2 changeARate's ``A_temp = AStreamWide.read()``) stops it."""
    body = loop.node.stmt
    items = body.block_items or [] if isinstance(body, c_ast.Compound) else [body]
    statements = [item for item in items if not isinstance(item, c_ast.Pragma)]
    return len(statements) == 1 and statements[0] is loop.children[0].node


def _inlined_below_leaves(extra: set[str], named: dict[str, NamedLoop]) -> set[str] | None:
    """The report's positional names the function's own loops do not
    account for, when each is nested (at any depth) in one of its loops
    that has no loop of its own in the source: an inlined callee's loop
    (a public 2017.4 Mandelbrot's ``while`` in ``findmandelbrot``, called in
    ``Loop 1.1``, listed as ``Loop 1.1.1``), which renumbers none of the
    function's loops. ``None`` when one is anywhere else (``Loop 3`` of a
    function with two, ``Loop 1.2`` beside its own ``Loop 1.1``)."""
    for name in extra:
        parent = name
        while "." in parent and parent not in named:
            parent = parent.rsplit(".", 1)[0]
        if parent not in named or named[parent].children:
            return None
    return extra


def _unrolled_in_source(loop: NamedLoop, infos: dict[int, LoopInfo]) -> bool:
    """``#pragma HLS unroll`` without a factor in the loop's body, or a
    pipelined loop around it (the tools unroll every loop inside one) whose
    nested loops all have a constant count: one that has none cannot be
    unrolled, so the tool pipelines neither and lists both (a public 2019.1
    boosted-tree ensemble: ``Loop 1`` with ``PIPELINE``, not pipelined, and
    its ``while (true)`` walk of a tree as ``Loop 1.1``)."""
    if unrolled_fully(body_pragmas(loop.node.stmt)):
        return True
    outer = loop.parent
    while outer is not None:
        if pipelined(body_pragmas(outer.node.stmt)):
            return all(_constant_count(inner, infos) for inner in outer.walk()[1:])
        outer = outer.parent
    return False


def _constant_count(loop: NamedLoop, infos: dict[int, LoopInfo]) -> bool:
    info = infos.get(id(loop.node))
    return info is not None and info.trip_count is not None and info.trip_count.is_number


def _flattened(levels: list[LoopInfo]) -> LoopInfo | None:
    """The facts of a flattened nest: its outer level's, counting the
    product of the levels' iterations (each partial unroll dividing its own
    level's count)."""
    if any(info.trip_count is None for info in levels):
        return None
    product = sympy.Integer(1)
    for info in levels:
        assert info.trip_count is not None
        count = info.trip_count if info.hls_unroll is None else sympy.ceiling(info.trip_count / info.hls_unroll)
        product = product * count
    lines = ", ".join(str(info.line) for info in levels)
    reasons = "; ".join(info.trip_reason for info in levels)
    # the report's count of the nest is then the pragmas' assumption (a public Vitis
    # image filter: 480 x 640 for `row < height`, `col < width`)
    pragmas = " and ".join(info.tripcount_pragma for info in levels if info.tripcount_pragma is not None)
    # the nest asks for a pipeline where any level does (a public 2022.1 matrix multiply's
    # `mmult_i_j` carries the pragma of its j level: dropped, and nothing said it)
    return dataclasses.replace(
        levels[0], trip_count=sympy.expand(product), hls_unroll=None, unroll=None, tripcount_pragma=pragmas or None,
        hls_pipelined=any(info.hls_pipelined for info in levels),
        trip_reason=f"{FLATTENED} {lines}, the product of their counts: {reasons}",
        flattened_lines=tuple(info.line for info in levels))
