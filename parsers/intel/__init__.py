"""Intel front end: aoc (OpenCL) / oneAPI (SYCL) / i++ reports and kernel RTL.

Module map (one job each): :mod:`~hlsight.parsers.intel.layout` finds the artifacts,
:mod:`~hlsight.parsers.intel.jsdata` and :mod:`~hlsight.parsers.intel.bundle` load the JSON
payloads; :mod:`~hlsight.parsers.intel.info`, :mod:`~hlsight.parsers.intel.mav`,
:mod:`~hlsight.parsers.intel.loops`, :mod:`~hlsight.parsers.intel.summary`,
:mod:`~hlsight.parsers.intel.area`, :mod:`~hlsight.parsers.intel.fmax`,
:mod:`~hlsight.parsers.intel.sources` and :mod:`~hlsight.parsers.intel.aoclog` read one
document each; :mod:`~hlsight.parsers.intel.report` (16.1-2023) and
:mod:`~hlsight.parsers.intel.legacy` (15.1 mav.json, 14.x RTL only) assemble a
design; :mod:`hlsight.parsers.intel.rtl` reads and pairs ``lsu_top`` instances;
:mod:`~hlsight.parsers.intel.versions` flags releases without a corpus sample;
:mod:`~hlsight.parsers.intel.reader` is the registered ``READER``.
"""
