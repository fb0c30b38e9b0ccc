"""hlsight: a compiler-style static analyzer for FPGA HLS reports.

Installed, everything lives in this one namespace: :mod:`hlsight.parsers`
(front ends), :mod:`hlsight.core` (the design model they produce),
:mod:`hlsight.analyzer` (models, estimates, hints, instrumentation) and the
renderers (:mod:`hlsight.reporters`, :mod:`hlsight.annotate`, the CLI).
The Python API is described in ``docs/api.md``.
"""

from __future__ import annotations


def __getattr__(name: str) -> str:
    """``hlsight.__version__`` without importing anything at package import."""
    if name == "__version__":
        from hlsight.core.version import __version__

        return __version__
    raise AttributeError(name)
