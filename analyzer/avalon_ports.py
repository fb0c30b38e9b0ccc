"""The commands an i++ component's Avalon memory-mapped host interfaces
carry: one a clock cycle, however many LSUs share the interface.

i++ builds one Avalon MM host interface per address space, and "host
interfaces that share the same address space are arbitrated on the same
interface" (Intel HLS Compiler Reference Manual, 4.4 "Avalon Memory-Mapped
Host Interfaces": every pointer argument, and every ``mm_host`` of the
default ``aspace``). An Avalon MM interface takes at most one read or write
command a cycle (Avalon Interface Specifications, "Avalon Memory-Mapped
Interfaces"). The scheduler does not count that sharing: a public i++ 21.4
FIR (two ``mm_host`` loads on one interface, loop II ~1 over 1,000
iterations) is reported at 1,044 cycles a call and ran 2,023 in ModelSim.

A pipelined (non-bursting) LSU sends one command each time it fires, so
a loop launches no faster than the commands its iterations send on one
interface: each loop is held to them where its own launches are fewer
(:func:`~hlsight.analyzer.compute_model.interleaved_cycles`; sibling loops
run one after another, so each waits for its own commands), whatever the
memory behind the interface (which is not timed). :func:`interface_loads`
gives each interface's commands in a whole call: the memory side the
kernel's bound compares with its pipeline.

LSUs the report does not place in a loop's own block (an ``if`` arm inside
a loop) and burst-coalesced LSUs (whose beats the interface's unreported
data width decides) are left out: they can only add commands. One case
errs the other way: an LSU the compiler predicated into the loop's block
(an ``if`` it converted) is counted on every iteration, though a false
predicate sends no command. The caution beside the number names the LSUs
counted.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

import sympy

from hlsight.analyzer.compute_model import loop_commands
from hlsight.analyzer.memory_model import smax
from hlsight.analyzer.results import SourceFacts
from hlsight.analyzer.symbols import FMAX, loop_symbols
from hlsight.core.model import LSU, Design, Kernel, LSUStyle, MemoryKind
from hlsight.parsers.intel.info import avalon_component
from hlsight.parsers.intel.loops import block_name

#: Where the one-command-a-cycle rule comes from, said with the number.
SOURCE = ("one command a cycle per Avalon MM host interface; pointers of one address space share one"
          " (Intel HLS Compiler Reference Manual 4.4; Avalon Interface Specifications)")


@dataclass(frozen=True)
class InterfaceLoad:
    """The commands one Avalon host interface carries in one call."""

    interface: str
    #: the component's arguments the report maps to it ("d_i, idx")
    arguments: str
    lsus: tuple[str, ...]
    commands: sympy.Expr

    @property
    def seconds(self) -> sympy.Expr:
        return self.commands / (FMAX * 10**6)


def _host_interface(lsu: LSU, design: Design) -> str | None:
    """The Avalon host interface (the report's "System Memory/N") a
    pipelined LSU of a component sends its commands to."""
    if lsu.style is not LSUStyle.PIPELINED or not lsu.memory:
        return None
    memory = design.memory_system(lsu.memory)
    return memory.name if memory is not None and memory.kind is MemoryKind.HOST else None


def block_commands(kernel: Kernel, design: Design) -> dict[str, dict[str, int]]:
    """Pipelined host LSUs of each block of an i++ component, by interface
    (block -> interface -> LSUs): what each loop's own iteration sends
    (:func:`~hlsight.analyzer.compute_model.interleaved_cycles` holds every
    loop to it); empty for any other kernel."""
    if not avalon_component(design.tool, design.device):
        return {}
    found: dict[str, dict[str, int]] = {}
    for lsu in kernel.lsus:
        interface = _host_interface(lsu, design)
        if interface is not None and lsu.block:
            per_block = found.setdefault(lsu.block, {})
            per_block[interface] = per_block.get(interface, 0) + 1
    return found


def interface_loads(kernel: Kernel, design: Design, given: Collection[str], source: SourceFacts) -> list[InterfaceLoad]:
    """Each Avalon host interface of an i++ component with the commands its
    pipelined LSUs send in one call: what its loops send
    (:func:`~hlsight.analyzer.compute_model.loop_commands`, the count each
    loop is held to), added over the kernel's loops; empty for any other
    kernel."""
    commands = block_commands(kernel, design)
    if not commands:
        return []
    names = loop_symbols(kernel)
    sent: dict[str, sympy.Expr] = {}
    for loop in kernel.loops:
        for interface, count in loop_commands(loop, commands, given, source, names).items():
            sent[interface] = sent.get(interface, sympy.Integer(0)) + count
    in_loops = {block_name(loop.name) for loop in kernel.all_loops()}
    counted: list[tuple[str, str]] = []  # (LSU, interface) of the LSUs those commands come from
    for lsu in kernel.lsus:
        reached = _host_interface(lsu, design)
        if reached is not None and reached in sent and lsu.block in in_loops:
            counted.append((lsu.id, reached))
    loads = []
    for interface in dict.fromkeys(interface for _, interface in counted):
        memory = design.memory_system(interface)
        arguments = next((value for key, value in (memory.details if memory is not None else {}).items()
                          if key.startswith("Arguments from")), "")
        loads.append(InterfaceLoad(interface, arguments, tuple(lsu for lsu, where in counted if where == interface),
                                   sent[interface]))
    return loads


def busiest(loads: list[InterfaceLoad]) -> sympy.Expr | None:
    """The time of the interface that takes longest (the interfaces work side by side)."""
    return smax(*[load.seconds for load in loads]) if loads else None
