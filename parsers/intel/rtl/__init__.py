"""Kernel RTL: find ``lsu_top`` instances and pair them with report LSUs.

:mod:`~hlsight.parsers.intel.rtl.scan` extracts instances (Verilog ``defparam``,
VHDL ``GENERIC MAP``, SystemVerilog ``#(...)``), :mod:`~hlsight.parsers.intel.rtl.stall`
reads the DSPBA ``(BLACKBOX,n)@cycle`` comments of stall regions,
:mod:`~hlsight.parsers.intel.rtl.locate` finds the files and
:mod:`~hlsight.parsers.intel.rtl.pairing` applies the rule of ``docs/rtl-pairing.md``.
"""
