"""Parse one C++ file with libclang and say clearly when that fails.

The ``libclang`` wheel carries ``libclang.so`` but not clang's own builtin
headers (``stddef.h``, ``stdarg.h``, ``float.h``...); the system's gcc has
equivalent ones, found with ``gcc -print-file-name=include`` and passed as
``-isystem``. libstdc++ and glibc headers are found by the clang driver
logic inside libclang as usual.
"""

from __future__ import annotations

import atexit
import functools
import shutil
import subprocess
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hlsight.core.errors import InputError

#: hlsight's stand-in C++ standard library and C library headers (see
#: ``std_include/hlsight_std.hpp``): a parse with ``system_include=STD_INCLUDE``
#: reads no header of the machine.
STD_INCLUDE = Path(__file__).resolve().parent / "std_include"
#: hlsight's stand-ins for the Intel HLS Compiler's ``HLS/*.h`` (declarations
#: only, ``ipp_include/HLS/hls.h``): the last folder an i++ parse searches.
IPP_INCLUDE = Path(__file__).resolve().parent / "ipp_include"


#: Every stand-in header folder (C++ library, SYCL, HLS) lives next to this module.
STAND_INS = Path(__file__).resolve().parent
_NO_LINKAGE_BODY = "cannot be defined in any other translation unit because its type does not have linkage"


def _body_check_on_stand_in(diag: object) -> bool:
    """Whether ``diag`` is clang's end-of-unit check that a function template
    instantiated with a lambda (a type without linkage: ``std::sort(b, e,
    [](int a, int b) {...})``) has its body in this unit, raised on a stand-in
    declaration. The stand-ins declare without defining, so the check fires
    on complete, correctly typed units; it changes nothing in the AST."""
    location = diag.location  # type: ignore[attr-defined]
    return (_NO_LINKAGE_BODY in diag.spelling  # type: ignore[attr-defined]
            and location.file is not None and Path(str(location.file)).resolve().is_relative_to(STAND_INS))


@dataclass
class CxxUnit:
    """A parsed C++ translation unit.

    ``translation_unit`` is a ``clang.cindex.TranslationUnit`` (typed as
    ``object`` here because libclang ships no type information); ``errors``
    are clang's error and fatal diagnostics as ``file:line:col: message``,
    which callers decide about (SYCL sources parse without the SYCL headers,
    with errors the source analysis can live with).
    """

    path: Path
    text: str
    translation_unit: object
    errors: list[str] = field(default_factory=list)


@functools.lru_cache(maxsize=1)
def _gcc_builtin_include() -> str | None:
    gcc = shutil.which("gcc") or shutil.which("cc")
    if gcc is None:
        return None
    try:
        found = subprocess.run([gcc, "-print-file-name=include"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    folder = found.stdout.strip()
    return folder if folder and Path(folder, "stddef.h").is_file() else None


@functools.lru_cache(maxsize=1)
def _index() -> object:
    try:
        from clang import cindex
    except ImportError as error:  # pragma: no cover - libclang is a dependency
        raise InputError("libclang", f"the C++ front end needs the libclang package ({error})") from error
    try:
        index = cindex.Index.create()
    except Exception as error:  # cindex raises LibclangError, a bare Exception subclass
        raise InputError("libclang", f"libclang could not be loaded ({error})") from error
    atexit.register(_no_finalizers_at_exit, cindex)
    return index


def _no_finalizers_at_exit(cindex: Any) -> None:
    """Leave libclang's objects to the process's end. Their ``__del__``
    call into ``cindex.conf``, which the interpreter may already have
    cleared when a cached index or translation unit is collected at exit
    ("Exception ignored in: Index.__del__ ... 'NoneType' object has no
    attribute 'lib'" after a whole test run); the memory goes with the
    process either way."""
    for owner in (cindex.Index, cindex.TranslationUnit):
        owner.__del__ = lambda self: None


def parse_cxx(
    path: Path,
    *,
    text: str | None = None,
    args: Sequence[str] = (),
    include_dirs: Sequence[Path] = (),
    unsaved: Mapping[str, str] | None = None,
    standard: str = "c++17",
    system_include: Path | None = None,
) -> CxxUnit:
    """Parse ``path`` (or ``text`` under that name) as C++.

    ``include_dirs`` come first (user and stand-in headers), then gcc's
    builtin headers. ``unsaved`` maps further file names to contents (the
    other sources embedded in a report). ``system_include`` replaces every
    system header folder (``-nostdinc``): the parse then reads no file of the
    machine, only that folder's stand-ins (see ``std_include``). Raises
    :class:`InputError` when the file cannot be read or libclang cannot
    produce a translation unit at all.
    """
    from clang import cindex

    if text is None:
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError as error:
            raise InputError(str(path), f"cannot read the source ({error.strerror or error})") from error
    command = ["-x", "c++", f"-std={standard}", *args]
    command += [f"-I{folder}" for folder in include_dirs]
    if system_include is not None:
        command += ["-nostdinc", f"-isystem{system_include}"]
    elif (builtin := _gcc_builtin_include()) is not None:
        command.append(f"-isystem{builtin}")
    files = [(str(path), text), *((name, content) for name, content in (unsaved or {}).items())]
    index = _index()
    try:
        unit = index.parse(  # type: ignore[attr-defined]
            str(path), args=command, unsaved_files=files,
            options=cindex.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD,
        )
    except cindex.TranslationUnitLoadError as error:
        raise InputError(str(path), f"libclang could not parse the file as C++ ({error})") from error
    errors = [
        f"{diag.location.file}:{diag.location.line}:{diag.location.column}: {diag.spelling}"
        for diag in unit.diagnostics
        if diag.severity >= cindex.Diagnostic.Error and not _body_check_on_stand_in(diag)
    ]
    return CxxUnit(path, text, unit, errors)
