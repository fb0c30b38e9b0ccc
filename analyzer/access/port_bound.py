"""Why a Vivado/Vitis pipelined loop runs at II > 1 when its report does
not say: the memory ports its accesses need, counted from the source.

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


def port_bound(loop: LoopInfo, sites: Sequence[AccessSite], ports_of: dict[str, ArrayPorts | None]
               ) -> PortBound | None:
    """The memory-port bound on the II of the pipelined source ``loop``
    (its iteration makes the accesses of ``sites`` inside it), or ``None``
    when no array needs more than one cycle or the count is not sure."""
    per_array: dict[str, dict[str, int]] = {}
    inner_lines: dict[str, set[int]] = {}
    flattened = loop.trip_reason.startswith(FLATTENED)
    for site in sites:
        chain = [(info.file, info.line) for info in site.loops]
        if (loop.file, loop.line) not in chain:
            continue
        below = site.loops[chain.index((loop.file, loop.line)):]
        # the level the pipeline is on: its pragma's, else the matched loop (a flattened
        # nest's pipeline is on an inner level, which then must carry the pragma)
        level = next((index for index, info in enumerate(below) if info.hls_pipelined), None)
        if level is None and flattened:
            return None
        piped, inner = below[level or 0], below[(level or 0) + 1:]
        if any(info.trip_count is None or not info.trip_count.is_Integer for info in inner):
            return None  # not unrolled by the pipeline: not this loop's II
        if any(_inside(guard.line, piped) for guard in site.guards):
            continue
        moving = [info for info in inner if info.counter is not None and info.counter in site.index.free_symbols]
        count = math.prod(int(info.trip_count) for info in moving if info.trip_count is not None)
        distinct, address = per_array.setdefault(site.array, {}), str(sympy.expand(site.index))
        distinct[address] = max(distinct.get(address, 0), count)
        inner_lines.setdefault(site.array, set()).update(info.line for info in moving)
    bounds: list[tuple[int, str]] = []
    for array, accesses in sorted(per_array.items()):
        ports = ports_of.get(array)
        made = sum(accesses.values())
        if ports is None or made <= ports.ports:
            continue
        unrolled = sorted(inner_lines.get(array, set()))
        where = f" (the loop{'s' if len(unrolled) > 1 else ''} at line {', '.join(map(str, unrolled))} unrolled in" \
                " the pipeline)" if unrolled else ""
        needed = math.ceil(made / ports.ports)
        bounds.append((needed, f"{array} is accessed {made} times per iteration{where} from {ports.how}: at least"
                               f" {needed} cycles (II 1 needs {math.ceil(made / ports.per_bank)} banks)"))
    if not bounds:
        return None
    cycles = max(cycle for cycle, _text in bounds)
    return PortBound(cycles, "memory ports: " + "; ".join(text for _cycle, text in bounds))


def _inside(line: int | None, loop: LoopInfo) -> bool:
    """A guard inside the loop (one around it holds for every iteration alike)."""
    return line is not None and line > loop.line and (loop.end_line is None or line <= loop.end_line)
