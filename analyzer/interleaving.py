"""Whether a multi-bank global memory interleaves buffers over its banks.

aoc interleaves every buffer over all banks of a DDR memory by default, so a
kernel sees the banks' summed bandwidth. Compiled with
``-no-interleaving=<memory>`` (oneAPI ``-Xsno-interleaving=...``), each buffer
lives in one bank, the one the host program picks when it allocates it
(``CL_CHANNEL_n_INTELFPGA``, Intel FPGA SDK for OpenCL Programming Guide,
"Manual Partitioning of Global Memory"). The report cannot say which: the
compile command in ``info.json`` says only that interleaving is off.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from hlsight.core.errors import InputError
from hlsight.core.model import LSU, Design, Kernel, MemoryKind, MemorySystem

#: ``-no-interleaving=default`` names the board's default global memory, ``=DDR`` one by name
_NO_INTERLEAVING = re.compile(r"no-interleaving(?:=|\s+)([\w.-]+)")

#: ``--set [KERNEL:]bank=N``: the bank (1-based, as CL_CHANNEL_N) the host put a kernel's buffers in
BANK_NAME = "bank"


def lsu_bank_name(lsu_id: str) -> str:
    """``lsu.<id>.bank``: the bank of the one buffer an LSU reads or writes.
    The host allocates each buffer in a bank of its own choosing
    (``CL_CHANNEL_N_INTELFPGA`` is a flag of ``clCreateBuffer``, Intel FPGA
    SDK for OpenCL Programming Guide, "Manual Partitioning of Global
    Memory"), so one kernel's buffers may sit in different banks: T2SP's DOT
    on the PAC D5005 reads each operand from two buffers, in banks 1-2 and
    3-4."""
    return f"lsu.{lsu_id}.{BANK_NAME}"

#: :func:`host_bank` of an LSU whose bank only the host program knows
UNPLACED = ""


def interleaving_disabled(design: Design, memory: str) -> bool:
    """Whether ``design`` was compiled with interleaving off for ``memory``."""
    names = {name.lower() for name in _NO_INTERLEAVING.findall(design.tool.command or "")}
    return "default" in names or memory.lower() in names


def host_placed_memories(design: Design) -> list[MemorySystem]:
    """The multi-bank DDR memories whose buffers the host places bank by bank."""
    return [
        memory for memory in design.memory_systems
        if memory.kind is MemoryKind.DDR and memory.banks > 1 and interleaving_disabled(design, memory.name)
    ]


def why_no_bank(design: Design) -> str:
    """Why ``--set [KERNEL:]bank=N`` means nothing for ``design`` (no memory
    of it is placed bank by bank): said instead of "unknown name" with a
    list of names that leaves bank out."""
    ddr = [memory for memory in design.memory_systems if memory.kind is MemoryKind.DDR and memory.is_global]
    multi = [memory for memory in ddr if memory.banks > 1]
    if not multi:
        shown = ", ".join(f"{memory.name} has 1 bank" for memory in ddr) or "it has no DDR global memory"
        return f"the host places buffers bank by bank only in a multi-bank DDR memory, and {shown}"
    shown = ", ".join(f"{memory.name} ({memory.banks} banks)" for memory in multi)
    return (f"bank applies to a design compiled with -no-interleaving; this one was not (its command has no"
            f" -no-interleaving), so aoc interleaves every buffer over all banks of {shown} and there is no"
            " bank to pick")


def host_bank(kernel: Kernel, lsu: LSU, design: Design, user: Mapping[str, float], notes: list[str]) -> str | None:
    """The bank key of an LSU whose memory does not interleave: ``memory/bank
    N`` when ``--set KERNEL:bank=N`` (or ``bank=N`` for every kernel) says
    which bank the host allocated the kernel's buffers in, as its
    ``CL_CHANNEL_N_INTELFPGA`` flag does (kernels in different banks then
    share nothing); :data:`UNPLACED` when nobody said; ``None`` when the
    memory interleaves or the report names the bank itself."""
    memory = design.memory_system(lsu.memory) if lsu.memory else None
    if lsu.bank is not None or memory is None or memory not in host_placed_memories(design):
        return None
    # the buffer's own bank, else its kernel's, else every kernel's
    key = next((name for name in (lsu_bank_name(lsu.id), f"{kernel.name}:{BANK_NAME}", BANK_NAME) if name in user),
               None)
    if key is None:
        return UNPLACED
    value = user[key]
    if value != int(value) or not 1 <= value <= memory.banks:
        raise InputError(None, f"{key}={value:g}",
                         expected=f"a bank of {memory.name}: 1 to {memory.banks} (CL_CHANNEL_N)")
    whose = "the LSU's buffer" if key == lsu_bank_name(lsu.id) else "the kernel's buffers"
    notes.append(f"in bank {int(value)} of {memory.name} (given: the host allocates {whose} there)")
    return f"{memory.name}/bank {int(value)}"


def placed_lsus(design: Design, memory: MemorySystem) -> list[tuple[Kernel, LSU]]:
    """The global LSUs of ``memory`` whose buffers sit where the host put them
    (the report names no bank): ``--set lsu.<id>.bank``, ``KERNEL:bank`` or
    ``bank`` decides theirs (:func:`host_bank`)."""
    return [(kernel, lsu) for kernel in design.kernels for lsu in kernel.global_lsus()
            if lsu.memory == memory.name and lsu.bank is None]


def bank_users(design: Design, memory: MemorySystem) -> list[str]:
    """The kernels with an LSU of :func:`placed_lsus` in ``memory``."""
    return list(dict.fromkeys(kernel.name for kernel, _lsu in placed_lsus(design, memory)))


def places_by_bank(design: Design, kernel_name: str) -> bool:
    """Whether ``KERNEL:bank`` is read for ``kernel_name``: the bank is not a
    symbol of any estimate but the grouping of its LSUs, so "not in the
    expression" does not make it unused."""
    return any(kernel_name in bank_users(design, memory) for memory in host_placed_memories(design))


def check_placement(design: Design, tables: Sequence[Mapping[str, float]]) -> None:
    """Banks for all of a memory's kernels or for none: a design where some
    kernels are placed and others are not would put the others in a bank of
    their own beside the numbered ones, one the board does not have."""
    for memory in host_placed_memories(design):
        lsus = placed_lsus(design, memory)
        for user in tables:
            if BANK_NAME in user:
                continue  # one bank for every kernel
            given = {lsu.id: lsu_bank_name(lsu.id) in user or f"{kernel.name}:{BANK_NAME}" in user
                     for kernel, lsu in lsus}
            if any(given.values()) and not all(given.values()):
                placed, missing = _named_by_state(lsus, given)
                raise InputError(
                    None, f"a bank for {', '.join(placed)} but not for {', '.join(missing)}",
                    expected=f"--set KERNEL:bank=N (or lsu.<id>.bank=N for one buffer) for every kernel that uses"
                             f" {memory.name}, or bank=N for all",
                )


def _named_by_state(lsus: Sequence[tuple[Kernel, LSU]], given: Mapping[str, bool]) -> tuple[list[str], list[str]]:
    """The placed and the missing buffers as a refusal names them: a kernel
    whose LSUs are all placed (or none is) by its name, a kernel placed in
    part by its LSUs."""
    placed: list[str] = []
    missing: list[str] = []
    kernels = list(dict.fromkeys(kernel.name for kernel, _lsu in lsus))
    for name in kernels:
        own = [lsu.id for kernel, lsu in lsus if kernel.name == name]
        states = {given[lsu_id] for lsu_id in own}
        if len(states) == 1:
            (placed if states.pop() else missing).append(name)
        else:
            placed.extend(lsu_id for lsu_id in own if given[lsu_id])
            missing.extend(lsu_id for lsu_id in own if not given[lsu_id])
    return placed, missing
