"""Why a Vivado/Vitis pipelined loop runs at II > 1 when its report does
not say: the memory ports its accesses need, and the streams it reads and
writes, counted from the source.

A pipelined loop unrolls every loop inside it, so one iteration makes all
their accesses. An array is held in RAM banks (one, or the ARRAY_PARTITION
factor along each partitioned dimension), each with at most two ports
(one with ``BIND_STORAGE type=ram_1p``/``rom_1p`` or ``RESOURCE
core=RAM_1P``). However the tool assigns them, ``banks x ports`` accesses is
the most one cycle can make, so an iteration making ``N`` accesses to the
array takes at least ``ceil(N / (banks x ports))`` cycles: a lower bound,
whatever the addresses. A public Vitis 2024.1 matrix multiply (Pynq-Z2)
reads ``A[i][k]`` and ``B[k][j]`` for the 128 ``k`` of its unrolled inner
loop from 16 banks each: 128 / 32 = 4, the II its report gives with "the
report gives no reason".

Only what is sure is counted: accesses made on every iteration (not under
an ``if`` inside the loop, which the tool may give one port for both
branches), one per distinct address (an access whose index does not move
with an unrolled counter is one access), loops inside with constant
counts. The bound is said only when it equals the report's II, so it is
the reason, not a guess at one; an array whose words ``ARRAY_RESHAPE``
widens is left out (one access then reads several elements).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

import sympy
from pycparser import c_ast

from hlsight.analyzer.access.axi_ports import all_nodes
from hlsight.analyzer.access.c_symbols import integer_literal
from hlsight.analyzer.access.ctypes_info import array_dims
from hlsight.analyzer.access.loops import LoopInfo
from hlsight.analyzer.access.report_loop_names import FLATTENED
from hlsight.analyzer.access.walker import AccessSite

_VARIABLE = re.compile(r"\bvariable\s*=\s*(\w+)", re.IGNORECASE)
_NUMBER = r"\s*=\s*(\d+)"
_ONE_PORT = re.compile(r"\b(?:type\s*=\s*(?:ram|rom)_1p|core\s*=\s*(?:ram|rom)_1p)\b", re.IGNORECASE)


@dataclass(frozen=True)
class ArrayPorts:
    """How many accesses one cycle can make to an array, and how the pragmas say so."""

    ports: int
    how: str
    #: ports of one bank (2, or 1 for a single-port RAM/ROM)
    per_bank: int = 2


@dataclass(frozen=True)
class PortBound:
    """The fewest cycles one iteration of a pipelined loop needs for its accesses."""

    cycles: int
    reason: str


def array_ports(name: str, dims: Sequence[int | None], pragmas: Sequence[str]) -> ArrayPorts | None:
    """Banks x ports of array ``name`` (``dims``: its extents) under the
    function's ``pragmas``; ``None`` when a pragma reshapes it or a
    partitioned extent is unknown."""
    banks, said = 1, []
    ports = 2
    for text in pragmas:
        variable = _VARIABLE.search(text)
        if variable is None or variable.group(1) != name:
            continue
        words = text.lower().split()
        if "array_reshape" in words:
            return None
        if _ONE_PORT.search(text):
            ports = 1
            said.append(text.split(None, 1)[-1])
        if "array_partition" not in words:
            continue
        factor = re.search(r"\bfactor" + _NUMBER, text, re.IGNORECASE)
        dim = re.search(r"\bdim" + _NUMBER, text, re.IGNORECASE)
        chosen = [int(dim.group(1))] if dim is not None and dim.group(1) != "0" else list(range(1, len(dims) + 1))
        if any(index > len(dims) for index in chosen) or (dim is None and len(dims) > 1):
            return None  # no dim: Vivado takes dimension 1, Vitis all; not guessed
        for index in chosen:
            extent = dims[index - 1]
            if "complete" in text.lower():
                if extent is None:
                    return None
                banks *= extent
            elif factor is not None:
                banks *= min(int(factor.group(1)), extent) if extent is not None else int(factor.group(1))
            else:
                return None
        said.append(text.split(None, 1)[-1])
    how = f"{banks} bank{'s' if banks > 1 else ''} of {ports} port{'s' if ports > 1 else ''}"
    return ArrayPorts(banks * ports, how + (f" ({'; '.join(said)})" if said else ""), ports)


def function_ports(definition: c_ast.FuncDef) -> dict[str, ArrayPorts | None]:
    """The accesses per cycle of every array a function declares (its
    parameters and locals), under its pragmas."""
    body = all_nodes(definition.body)
    pragmas = [str(node.string) for node in body if isinstance(node, c_ast.Pragma)]
    params = definition.decl.type.args.params if definition.decl.type.args is not None else []
    declared = [*params, *(node for node in body if isinstance(node, c_ast.Decl))]
    return {decl.name: array_ports(decl.name, [integer_literal(dim) for dim in array_dims(decl.type)], pragmas)
            for decl in declared if isinstance(decl, c_ast.Decl) and isinstance(decl.type, c_ast.ArrayDecl)}


def port_bound(loop: LoopInfo, sites: Sequence[AccessSite], ports_of: dict[str, ArrayPorts | None],
               stream_sites: Sequence[AccessSite] = ()) -> PortBound | None:
    """The memory-port bound on the II of the pipelined source ``loop``
    (its iteration makes the accesses of ``sites`` inside it), or ``None``
    when no array needs more than one cycle or the count is not sure. An
    ``hls::stream`` is a FIFO that moves one element a cycle: its reads and
    writes (``stream_sites``) bound the II the same way."""
    per_array: dict[str, dict[str, int]] = {}
    inner_lines: dict[str, set[int]] = {}
    per_stream: dict[str, int] = {}
    stream_lines: dict[str, set[int]] = {}
    for site in [*sites, *stream_sites]:
        made = _per_iteration(loop, site)
        if made is None:
            return None
        count, moving = made
        if count == 0:
            continue  # not in the loop, or not on every iteration
        if site.kind.startswith("stream-"):
            per_stream[site.array] = per_stream.get(site.array, 0) + count
            stream_lines.setdefault(site.array, set()).update(moving)
            continue
        distinct, address = per_array.setdefault(site.array, {}), str(sympy.expand(site.index))
        distinct[address] = max(distinct.get(address, 0), count)
        inner_lines.setdefault(site.array, set()).update(moving)
    memories: list[tuple[int, str]] = []
    for array, accesses in sorted(per_array.items()):
        ports = ports_of.get(array)
        made_here = sum(accesses.values())
        if ports is None or made_here <= ports.ports:
            continue
        needed = math.ceil(made_here / ports.ports)
        memories.append((needed, f"{array} is accessed {made_here} times per iteration"
                                 f"{_unrolled(inner_lines.get(array, set()))} from {ports.how}: at least {needed}"
                                 f" cycles (II 1 needs {math.ceil(made_here / ports.per_bank)} banks)"))
    streams = [(moved, f"{stream} moves {moved} elements per iteration{_unrolled(stream_lines.get(stream, set()))},"
                       f" one a cycle: at least {moved} cycles")
               for stream, moved in sorted(per_stream.items()) if moved > 1]
    if not memories and not streams:
        return None
    cycles = max(cycle for cycle, _text in [*memories, *streams])
    said = [f"{what}: " + "; ".join(text for _cycle, text in found)
            for what, found in (("memory ports", memories), ("streams", streams)) if found]
    return PortBound(cycles, "; ".join(said))


def _per_iteration(loop: LoopInfo, site: AccessSite) -> tuple[int, set[int]] | None:
    """How many times one iteration of the pipelined ``loop`` makes the
    access ``site`` (the counts of the loops inside, which the pipeline
    unrolls, that its index moves with; every count for a stream's), with
    those loops' lines; 0 for a site not in the loop or under an ``if``
    inside it, ``None`` when the count is not sure."""
    # the loop itself, not another walk of its line (a template's other instance,
    # another call of its function): each walk counts with counters of its own
    chain = [(info.file, info.line, info.counter) for info in site.loops]
    if (loop.file, loop.line, loop.counter) not in chain:
        return 0, set()
    below = site.loops[chain.index((loop.file, loop.line, loop.counter)):]
    # the level the pipeline is on: its pragma's, else the matched loop; a flattened
    # nest's is its innermost level (the tools flatten a nest into its pipelined loop)
    level = next((index for index, info in enumerate(below) if info.hls_pipelined), None)
    if level is None and loop.flattened_lines:
        level = next((index for index, info in enumerate(below) if info.line == loop.flattened_lines[-1]), None)
    if level is None and loop.trip_reason.startswith(FLATTENED):
        return None
    piped, inner = below[level or 0], below[(level or 0) + 1:]
    if any(info.trip_count is None or not info.trip_count.is_Integer for info in inner):
        return None  # not unrolled by the pipeline: not this loop's II
    if any(_inside(guard.line, piped) for guard in site.guards):
        return 0, set()
    stream = site.kind.startswith("stream-")
    moving = [info for info in inner
              if stream or (info.counter is not None and info.counter in site.index.free_symbols)]
    count = math.prod(int(info.trip_count) for info in moving if info.trip_count is not None)
    return count, {info.line for info in moving}


def _unrolled(lines: set[int]) -> str:
    if not lines:
        return ""
    ordered = sorted(lines)
    loops = f"the loop{'s' if len(ordered) > 1 else ''} at line {', '.join(map(str, ordered))}"
    return f" ({loops} unrolled in the pipeline)"


def _inside(line: int | None, loop: LoopInfo) -> bool:
    """A guard inside the loop (one around it holds for every iteration alike)."""
    return line is not None and line > loop.line and (loop.end_line is None or line <= loop.end_line)
