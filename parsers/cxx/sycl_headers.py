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

The C++ standard library comes from the stand-ins of ``std_include`` and no
system header is read (``-nostdinc``): the parse takes milliseconds instead
of the 1-2.5 s libclang spends in libstdc++ (``<bits/stdc++.h>``), and a
kernel is typed the same way on every machine, with or without a C++
toolchain installed. An ``#include`` that neither the stand-ins nor the
report's embedded files provide (``<omp.h>``, a user header the report did
not embed) is left out with one error line, because a missing include is
fatal for clang and would hide the kernels after it.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from pathlib import Path, PurePath

from hlsight.parsers.cxx.clang_frontend import STD_INCLUDE, CxxUnit, parse_cxx

SYCL_INCLUDE = Path(__file__).resolve().parent / "sycl_include"
#: What the oneAPI compiler predefines for FPGA device code.
SYCL_DEFINES = ("-DSYCL_LANGUAGE_VERSION=202001", "-D__SYCL_DEVICE_ONLY__=0", "-DFPGA=1", "-DFPGA_HARDWARE=1")
#: Language extensions icpx accepts that plain clang needs asking for: ``__declspec(align(64))``
#: on a host buffer (oneAPI 2023 kmers) compiles with icpx on Linux, and its parse error would
#: otherwise be counted against the file's kernels.
ICPX_DIALECT = ("-fdeclspec",)


_INCLUDE = re.compile(r'^([ \t]*#[ \t]*include[ \t]*(?:"([^"]+)"|<([^>]+)>))', re.MULTILINE)


def _provided(name: str, embedded: Collection[str]) -> bool:
    """Whether ``#include`` of ``name`` finds a file: a stand-in header, or an
    embedded file whose path ends with that name (a name that climbs out of
    the stand-in folders, ``../x`` or ``/x``, is looked up only among the
    embedded files: no file of the machine is read)."""
    wanted = PurePath(name).parts
    inside = not PurePath(name).is_absolute() and ".." not in wanted
    if inside and ((SYCL_INCLUDE / name).is_file() or (STD_INCLUDE / name).is_file()):
        return True
    return any(PurePath(path).parts[-len(wanted):] == wanted for path in embedded)


def _is_sycl(name: str) -> bool:
    """Whether ``<name>`` is a SYCL header: only the stand-ins provide those,
    also when the machine's C++ library is used (no SYCL is installed there;
    ``<CL/sycl/intel/...>`` of an old release would otherwise be fatal)."""
    return PurePath(name).parts[0] in ("CL", "sycl")


def _drop_missing_includes(
    text: str, embedded: Collection[str], system_library: bool = False,
) -> tuple[str, list[str]]:
    """Comment out the ``#include`` lines nothing provides; line numbers
    stay. Returns the new text and the dropped names (as written). With
    ``system_library`` the machine's headers provide every ``<...>`` name
    but the SYCL ones."""
    dropped: list[str] = []

    def replace(match: re.Match[str]) -> str:
        quoted, angled = match.group(2), match.group(3)
        if (system_library and angled and not _is_sycl(angled)) or _provided(quoted or angled, embedded):
            return match.group(0)
        dropped.append(f'"{quoted}"' if quoted else f"<{angled}>")
        return "// " + match.group(1)

    return _INCLUDE.sub(replace, text), dropped


#: A parse error that says the stand-in library lacks what the source uses.
_LIBRARY_GAP = re.compile(r"'std'|\bstd::")


def parse_sycl(path: Path, text: str, others: Mapping[str, str] | None = None) -> CxxUnit:
    """Parse one embedded SYCL source; ``others`` are the other embedded
    files (user headers), made visible under their own paths and folders.
    User headers the report lacks are left out, with one error line each.

    The stand-in C++ library is tried first; when the parse then reports
    something of ``std`` missing (or an error inside a stand-in), the source
    is parsed again against the machine's C++ library and the parse with
    fewer errors is kept: a kernel using what the stand-ins lack is typed as
    before they existed, only slower."""
    embedded = dict(others or {})
    unit = _parse(path, text, embedded, system_library=False)
    if any(_LIBRARY_GAP.search(error) or str(STD_INCLUDE) in error for error in unit.errors):
        fallback = _parse(path, text, embedded, system_library=True)
        if len(fallback.errors) < len(unit.errors):
            return fallback
    return unit


def _parse(path: Path, text: str, embedded: dict[str, str], system_library: bool) -> CxxUnit:
    folders = sorted({Path(name).parent for name in embedded} | {path.parent}, key=str)
    headers = {name: _drop_missing_includes(content, embedded, system_library)[0] for name, content in embedded.items()}
    kept, dropped = _drop_missing_includes(text, embedded, system_library)
    unit = parse_cxx(
        path, text=kept, args=[*SYCL_DEFINES, *ICPX_DIALECT, "-Wno-everything", "-ferror-limit=0"],
        include_dirs=[SYCL_INCLUDE, *folders], unsaved=headers, standard="c++17",
        system_include=None if system_library else STD_INCLUDE,
    )
    unit.text = text
    missing = "is not embedded in the report" if system_library else \
        "is neither embedded in the report nor one of hlsight's stand-ins"
    unit.errors[:0] = [f"{path}:1:1: header {name} {missing}; left out" for name in dropped]
    return unit
