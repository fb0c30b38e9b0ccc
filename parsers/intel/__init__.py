"""Intel front end: aoc (OpenCL) / oneAPI (SYCL) / i++ reports and kernel RTL.

Module map (one job each): :mod:`~parsers.intel.layout` finds the artifacts,
:mod:`~parsers.intel.jsdata` and :mod:`~parsers.intel.bundle` load the JSON
payloads, :mod:`~parsers.intel.info`, :mod:`~parsers.intel.mav`,
:mod:`~parsers.intel.loops`, :mod:`~parsers.intel.summary`,
:mod:`~parsers.intel.fmax`, :mod:`~parsers.intel.sources` read one document
each, :mod:`~parsers.intel.report` / :mod:`~parsers.intel.legacy` assemble a
design per generation, :mod:`parsers.intel.rtl` reads and pairs ``lsu_top``.
"""
