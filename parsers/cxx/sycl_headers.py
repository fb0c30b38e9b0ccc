"""Parse oneAPI (SYCL) sources with hlsight's stand-in SYCL headers.

Reports embed the user's sources but not the SYCL headers; the folder
``sycl_include`` (package data) declares the part of SYCL 2020 and of the
Intel FPGA extensions that kernels use (queue, handler, range/nd_range/id/
item, buffer/accessor with their deduction guides, multi_ptr/global_ptr,
vec, USM malloc, ext::intel pipes/lsu/selectors/buffer_location), so
libclang can type a kernel: element sizes of accessors and pointers,
captured host variables, lambda parameters. Declarations only; what is not
declared (images, reductions, sub-groups...) shows up as parse errors that
the caller reports and survives.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path, PurePath

from hlsight.parsers.cxx.clang_frontend import CxxUnit, parse_cxx

SYCL_INCLUDE = Path(__file__).resolve().parent / "sycl_include"
#: What the oneAPI compiler predefines for FPGA device code.
SYCL_DEFINES = ("-DSYCL_LANGUAGE_VERSION=202001", "-D__SYCL_DEVICE_ONLY__=0", "-DFPGA=1", "-DFPGA_HARDWARE=1")


_QUOTE_INCLUDE = re.compile(r'^([ \t]*#[ \t]*include[ \t]*"([^"]+)")', re.MULTILINE)


def _drop_missing_includes(text: str, available: set[str]) -> tuple[str, list[str]]:
    """Comment out ``#include "x"`` of user headers the report did not embed
    (a missing include is fatal for clang and would hide the kernels after
    it); line numbers stay. Returns the new text and the dropped names."""
    dropped: list[str] = []

    def replace(match: re.Match[str]) -> str:
        name = PurePath(match.group(2)).name
        if name in available or (SYCL_INCLUDE / match.group(2)).is_file():
            return match.group(0)
        dropped.append(match.group(2))
        return "// " + match.group(1)

    return _QUOTE_INCLUDE.sub(replace, text), dropped


def parse_sycl(path: Path, text: str, others: Mapping[str, str] | None = None) -> CxxUnit:
    """Parse one embedded SYCL source; ``others`` are the other embedded
    files (user headers), made visible under their own paths and folders.
    User headers the report lacks are left out, with one error line each."""
    folders = sorted({Path(name).parent for name in (others or {})} | {path.parent}, key=str)
    available = {PurePath(name).name for name in (others or {})}
    kept, dropped = _drop_missing_includes(text, available)
    unit = parse_cxx(
        path, text=kept, args=[*SYCL_DEFINES, "-Wno-everything"], include_dirs=[SYCL_INCLUDE, *folders],
        unsaved=others, standard="c++17",
    )
    unit.text = text
    unit.errors[:0] = [f"{path}:1:1: header \"{name}\" is not embedded in the report; left out" for name in dropped]
    return unit
