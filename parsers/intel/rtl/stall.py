"""Start cycles of LSU wrappers from DSPBA stall-region comments.

18.1 Standard (VHDL) and oneAPI (SystemVerilog) stall regions annotate every
sub-block with ``(BLACKBOX,<id>)@<cycle>`` followed by its instantiation::

    -- i_load_memcoalesce_a_load_0_vector_add_aunroll_x(BLACKBOX,30)@2
    thei_load_memcoalesce_a_load_0_vector_add_aunroll_x : i_load_memcoalesce_a_load_0_vector_add8
    // i_llvm_fpga_mem_memdep_k0_zts9vectoradd30(BLACKBOX,26)@225
    k0_ZTS9VectorAdd_i_llvm_fpga_mem_memdep_k0_zts9vectoradd0 thei_llvm_fpga_mem_memdep_k0_zts9vectoradd30 (

``@<cycle>`` equals the report ``Start Cycle`` of the LSU in that basic block
(``B<k>`` from the file name), which is how the wrapper module (holding the
``lsu_top``) is tied to a report LSU.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

_BLACKBOX = re.compile(r"(?:--|//)[ \t]*(\w+)\(BLACKBOX,\d+\)@(\d+)")
_BLOCK = re.compile(r"_B(\d+)_stall_region$", re.IGNORECASE)
_VHDL_INST = re.compile(r"[ \t]*:[ \t]*(\w+)")
_SV_MODULE = re.compile(r"(\w+)[ \t]+$")
#: How far after its comment the instantiation may start (bytes).
_WINDOW = 20000


@dataclass(frozen=True)
class Placement:
    """Where an instantiated wrapper module sits in the schedule."""

    kernel_dir: str  # the kernel_hdl/<dir> holding the stall region
    block: int  # basic block number k of ``..._B<k>_stall_region``
    cycle: int  # DSPBA start cycle (= report Start Cycle)
    name: str  # the DSPBA node name of the comment


def block_number(path: Path) -> int | None:
    match = _BLOCK.search(path.stem)
    return int(match.group(1)) if match else None


def read_placements(text: str, path: Path) -> dict[str, Placement]:
    """``{wrapper module/entity: placement}`` for one stall-region file."""
    block = block_number(path)
    if block is None:
        return {}
    out: dict[str, Placement] = {}
    for match in _BLACKBOX.finditer(text):
        name, cycle = match.group(1), int(match.group(2))
        instance = "the" + name
        at = text.find(instance, match.end(), match.end() + _WINDOW)
        if at < 0:
            continue
        after = at + len(instance)
        module: str | None = None
        vhdl = _VHDL_INST.match(text, after)
        if vhdl:
            module = vhdl.group(1)
        else:
            line_start = text.rfind("\n", 0, at) + 1
            sv = _SV_MODULE.search(text, line_start, at)
            module = sv.group(1) if sv else None
        if module:
            out[module] = Placement(path.parent.name, block, cycle, name)
    return out
