"""HLS C++ parsed with libclang and lowered to a pycparser unit, so the
C analyses (the instrumenter) take C++ sources too."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from hlsight.core.errors import InputError
from hlsight.parsers.csource import CUnit
from hlsight.parsers.csource.frontend import Dialect
from hlsight.parsers.cxx.clang_frontend import STD_INCLUDE, parse_cxx
from hlsight.parsers.cxx.hls_headers import HlsHeaders, find_hls_headers
from hlsight.parsers.cxx.lower import lower

CXX_SUFFIXES = frozenset({".cpp", ".cc", ".cxx", ".c++", ".C"})


def parse_cxx_as_c(path: Path, include_dirs: Sequence[Path] = (), headers: HlsHeaders | None = None) -> CUnit:
    """Parse ``path`` as HLS C++ (its folder, then ``include_dirs``, then the
    HLS headers on the include path) and lower its functions to ``c_ast``.
    A source clang rejects is an :class:`InputError` naming clang's first error."""
    headers = headers or find_hls_headers()
    folders = [path.parent, *include_dirs, headers.directory]
    unit = parse_cxx(path, include_dirs=folders, system_include=STD_INCLUDE) if headers.is_model else None
    if unit is None or unit.errors:
        # the vendor's own headers need the real C++ library; so does a
        # source using what the stand-ins do not declare
        unit = parse_cxx(path, include_dirs=folders)
    if unit.errors:
        raise InputError(path, f"clang rejected the C++ source: {unit.errors[0]}",
                         expected=f"C++ that compiles against the HLS headers ({headers.origin}: {headers.directory})")
    lowered = lower(unit)
    return CUnit(ast=lowered.ast, filename=str(path), text=unit.text, dialect=Dialect.C)
