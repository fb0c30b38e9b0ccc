"""HLS C++ parsed with libclang and lowered to a pycparser unit, so the
C analyses (the instrumenter) take C++ sources too."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path

from hlsight.core.errors import InputError
from hlsight.parsers.csource import CUnit
from hlsight.parsers.csource.frontend import Dialect
from hlsight.parsers.cxx.clang_frontend import STD_INCLUDE, CxxUnit, parse_cxx
from hlsight.parsers.cxx.hls_headers import HlsHeaders, find_hls_headers
from hlsight.parsers.cxx.lower import beside_main, lower
from hlsight.parsers.cxx.vendor_paths import vendor_paths


def parse_cxx_as_c(path: Path, include_dirs: Sequence[Path] = (), headers: HlsHeaders | None = None,
                   synthesis: bool = False, instances: bool = False) -> CUnit:
    """Parse ``path`` as HLS C++ (its folder, then ``include_dirs``, then the
    HLS headers on the include path) and lower its functions to ``c_ast``.
    ``synthesis``: read it as the HLS tool synthesizes it, with
    ``__SYNTHESIS__`` defined (the analysis of a report); the C simulation
    the instrumenter builds reads it without, as the vendor's csim does;
    ``instances``: with the template instances its code calls, apart.
    A source clang rejects is an :class:`InputError` naming clang's first error."""
    headers = headers or find_hls_headers()
    folders = [path.parent, *include_dirs, headers.directory]
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        raise InputError(str(path), f"cannot read the source ({error.strerror or error})") from error
    remapped = vendor_paths(path, text, [path.parent, *include_dirs], headers.directory, headers.origin)
    args = ["-D__SYNTHESIS__"] if synthesis else []
    unit = _parse(path, text, folders, headers, remapped.unsaved, args)
    rejected = unit.errors
    unused: list[str] = []
    while (unit.errors and (name := _missing_vendor_header(unit.errors[0])) is not None and name not in unused
           and len(unused) < _MAX_UNUSED):
        # a vendor header the headers in use lack (hls_video.h in hlsight's model): read
        # without it; if the source needs it, clang says so and the first error stands
        unused.append(name)
        remapped.unsaved[str(path.parent / name)] = "/* hlsight: not in the HLS headers in use */\n"
        unit = _parse(path, text, folders, headers, remapped.unsaved, args)
    if unit.errors:
        raise InputError(path, f"clang rejected the C++ source: {rejected[0]}",
                         expected=f"C++ that compiles against the HLS headers ({headers.origin}: {headers.directory})")
    remapped.warnings.extend(
        (remapped.included_at.get(name, 1), UNUSED_RULE,
         f"{name} is not in the HLS headers in use ({headers.origin}: {headers.directory}): the source was read"
         " without it, and compiles so (nothing it declares is used)") for name in unused)
    # the report's code is what the tool synthesized: the instantiations and members it calls, lowered
    vendor = (str(headers.directory), str(STD_INCLUDE)) if synthesis else None
    lowered = lower(unit, vendor, instances and not synthesis, str(headers.directory))
    warnings = sorted([*lowered.skipped, *remapped.warnings, *(wider_than_model(unit) if headers.is_model else [])])
    return CUnit(ast=lowered.ast, filename=str(path), text=unit.text, dialect=Dialect.C, warnings=warnings,
                 called=frozenset(lowered.called), instances=list(lowered.instances),
                 instance_calls=list(lowered.instance_calls),
                 user_headers=_user_headers(unit, path, remapped.unsaved) if instances and lowered.instances else ())


def _user_headers(unit: CxxUnit, path: Path, unsaved: Mapping[str, str]) -> tuple[str, ...]:
    """The headers ``unit`` includes from ``path``'s folder or below (not
    hlsight's stand-ins, nor the stand-in text of a missing vendor header),
    each once, as clang names them."""
    found: dict[str, None] = {}
    for inclusion in unit.translation_unit.get_includes():  # type: ignore[attr-defined]
        name = str(inclusion.include.name)
        if name not in unsaved and beside_main(Path(name), path) and Path(name).is_file():
            found[name] = None
    return tuple(found)


UNUSED_RULE = "hls-header-unused"
_MAX_UNUSED = 8
#: clang's error for a missing include of a vendor HLS header (``hls_video.h``, ``hls/...``, ``ap_shift_reg.h``,
#: the vendor's ``utils/x_hls_utils.h`` a public hls4ml pooling header includes and does not use)
_MISSING_VENDOR = re.compile(r"'((?:hls_\w+|ap_\w+|hls/[\w/]+|utils/x_hls_\w+)\.h(?:pp)?)' file not found$")


def _parse(path: Path, text: str, folders: list[Path], headers: HlsHeaders, unsaved: dict[str, str],
           args: list[str]) -> CxxUnit:
    unit = parse_cxx(path, text=text, args=args, include_dirs=folders, system_include=STD_INCLUDE,
                     unsaved=unsaved) if headers.is_model else None
    if unit is None or unit.errors:
        # the vendor's own headers need the real C++ library; so does a
        # source using what the stand-ins do not declare
        unit = parse_cxx(path, text=text, args=args, include_dirs=folders, unsaved=unsaved)
    return unit


def _missing_vendor_header(error: str) -> str | None:
    found = _MISSING_VENDOR.search(error)
    return None if found is None else found.group(1)


#: The model's ap_int/ap_uint keep a 64-bit word (hls_include/README.md).
MODEL_BITS = 64
_AP_WIDTH = re.compile(r"\bap_u?int<\s*(\d+)\s*>")


def wider_than_model(unit: CxxUnit) -> list[tuple[int, str, str]]:
    """Declarations of the main file whose type holds an ``ap_int``/``ap_uint``
    wider than the model's 64 bits (``ap_uint<512>`` AXI words): the C
    simulation keeps only their low 64 bits, so data, and control that
    depends on it, can differ from the vendor's. One warning per line."""
    from clang import cindex

    wanted = {cindex.CursorKind.VAR_DECL, cindex.CursorKind.PARM_DECL, cindex.CursorKind.FIELD_DECL,
              cindex.CursorKind.TYPEDEF_DECL}
    main = str(unit.path)
    found: dict[int, str] = {}
    # only the main file's declarations are walked: the headers' (17,000
    # cursors for a testbench including hls_stream.h) cost 0.2 s a file
    tops = [cursor for cursor in unit.translation_unit.cursor.get_children()  # type: ignore[attr-defined]
            if cursor.location.file is not None and str(cursor.location.file) == main]
    for cursor in (node for top in tops for node in top.walk_preorder()):
        if cursor.kind not in wanted or cursor.location.file is None or str(cursor.location.file) != main:
            continue
        spelling = cursor.type.get_canonical().spelling
        widths = [int(width) for width in _AP_WIDTH.findall(spelling)]
        wide = max(widths, default=0)
        if wide > MODEL_BITS and cursor.location.line not in found:
            found[cursor.location.line] = (
                f"'{cursor.spelling}' ({spelling}) is {wide} bits wide: hlsight's model of ap_int.h keeps"
                f" {MODEL_BITS} bits, so this C simulation drops the higher bits (pass --hls-include with the"
                " vendor's headers for bit-accurate values)")
    return [(line, "hls-model-width", message) for line, message in sorted(found.items())]
