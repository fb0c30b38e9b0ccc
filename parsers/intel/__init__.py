"""Intel front end: aoc (OpenCL) / oneAPI (SYCL) / i++ reports and kernel RTL.

Module map (one job each): :mod:`~parsers.intel.layout` finds the artifacts,
:mod:`~parsers.intel.jsdata` and :mod:`~parsers.intel.bundle` load the JSON
payloads; :mod:`~parsers.intel.info`, :mod:`~parsers.intel.mav`,
:mod:`~parsers.intel.loops`, :mod:`~parsers.intel.summary`,
:mod:`~parsers.intel.area`, :mod:`~parsers.intel.fmax`,
:mod:`~parsers.intel.sources` and :mod:`~parsers.intel.aoclog` read one
document each; :mod:`~parsers.intel.report` (16.1-2023) and
:mod:`~parsers.intel.legacy` (15.1 mav.json, 14.x RTL only) assemble a
design; :mod:`parsers.intel.rtl` reads and pairs ``lsu_top`` instances;
:mod:`~parsers.intel.versions` flags releases without a corpus sample;
:mod:`~parsers.intel.reader` is the registered ``READER``.
"""
