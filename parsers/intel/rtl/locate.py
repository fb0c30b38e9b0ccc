"""Find the kernel RTL of a project directory.

* 14.x-16.1: one Verilog file ``<proj>.v`` next to ``<proj>.log`` or
  ``<proj>.bc.xml`` (copies under ``system/`` and ``ip/`` are ignored);
* 18.1 Standard: VHDL under ``kernel_hdl/<kernel>/``;
* oneAPI 20.3+: SystemVerilog under ``<name>.prj/kernel_hdl/k0_<mangled>/``
  (the top ``<proj>.v`` is empty there).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from hlsight.parsers.intel.layout import rtl_project_file

HDL_SUFFIXES = (".vhd", ".vhdl", ".sv")


@dataclass
class RtlFiles:
    verilog: list[Path] = field(default_factory=list)
    kernel_hdl: list[Path] = field(default_factory=list)

    def all(self) -> list[Path]:
        return [*self.verilog, *self.kernel_hdl]


def find_rtl(directories: list[Path]) -> RtlFiles:
    found = RtlFiles()
    for directory in directories:
        verilog = rtl_project_file(directory)
        if verilog is not None and verilog.stat().st_size > 0 and verilog not in found.verilog:
            found.verilog.append(verilog)
        hdl = directory / "kernel_hdl"
        if hdl.is_dir() and not found.kernel_hdl:
            found.kernel_hdl = sorted(p for p in hdl.rglob("*") if p.suffix.lower() in HDL_SUFFIXES and p.is_file())
    return found
