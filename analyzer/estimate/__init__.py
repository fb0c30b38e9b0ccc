"""Turn a parsed :class:`~hlsight.core.model.Design` into run-time estimates.

Reads the LSUs, banks and loops of each kernel, feeds them to the memory model
(:mod:`hlsight.analyzer.memory_model`), the pipeline model
(:mod:`hlsight.analyzer.compute_model`) and, for Vivado/Vitis m_axi designs, the
HLScope+ DRAM model (:mod:`hlsight.analyzer.hlscope_model`), and composes the
results per kernel and for the design.

One job per module: :mod:`.inputs` (settings, profile choice, per-LSU model
inputs and default values), :mod:`.evaluate` (substituting values into sympy
expressions), :mod:`.memory` (eqs. 1-14 per bank), :mod:`.kernel` (memory and
pipeline composed per kernel), :mod:`.intel` (channel-connected kernel groups
of aoc/oneAPI designs), :mod:`.xilinx` (Vivado/Vitis module hierarchy and
HLScope+) and :mod:`.design` (the entry point that dispatches on the vendor).

Values come, in increasing precedence, from: the report (fmax) and the memory
profile (f_dram), source analysis (``Settings.source``), and the user
(``--set``/``--hints``). Whatever has no value stays a sympy symbol.
"""

from __future__ import annotations

from hlsight.analyzer.estimate.design import estimate_design
from hlsight.analyzer.estimate.inputs import Settings, default_profile

__all__ = ["Settings", "default_profile", "estimate_design"]
