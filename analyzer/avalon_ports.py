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
the interface needs at least as many cycles as its pipelined LSUs fire: a
lower bound on the call, whatever the memory behind it (which is not
timed). LSUs the report does not place in a loop's own block (an ``if``
arm inside a loop) and burst-coalesced LSUs (whose beats the interface's
unreported data width decides) are left out: they can only add commands.
One case errs the other way: an LSU the compiler predicated into the
loop's block (an ``if`` it converted) is counted on every iteration,
though a false predicate sends no command. The caution beside the number
names the LSUs counted.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

import sympy

from hlsight.analyzer.compute_model import loop_nest_executions
from hlsight.analyzer.memory_model import smax
from hlsight.analyzer.results import SourceFacts
from hlsight.analyzer.symbols import FMAX
from hlsight.core.model import LSU, Design, Kernel, LSUStyle, MemoryKind, Product

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


def interface_loads(kernel: Kernel, design: Design, given: Collection[str], source: SourceFacts) -> list[InterfaceLoad]:
    """Each Avalon host interface of an i++ component with the commands its
    pipelined LSUs send in one call (each LSU's firings: the trips of the
    loops around its block); empty for any other kernel."""
    if design.tool.product is not Product.IPP:
        return []
    by_interface: dict[str, list[tuple[LSU, sympy.Expr]]] = {}
    for lsu in kernel.lsus:
        interface = _host_interface(lsu, design)
        if interface is None:
            continue
        firings = loop_nest_executions(kernel, lsu.block, [], given, source)
        if firings is not None:
            by_interface.setdefault(interface, []).append((lsu, firings))
    loads = []
    for interface, fired in by_interface.items():
        memory = design.memory_system(interface)
        arguments = next((value for key, value in (memory.details if memory is not None else {}).items()
                          if key.startswith("Arguments from")), "")
        loads.append(InterfaceLoad(interface, arguments, tuple(lsu.id for lsu, _ in fired),
                                   sympy.Add(*[firings for _, firings in fired])))
    return loads


def busiest(loads: list[InterfaceLoad]) -> sympy.Expr | None:
    """The time of the interface that takes longest (the interfaces work side by side)."""
    return smax(*[load.seconds for load in loads]) if loads else None
