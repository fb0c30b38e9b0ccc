"""Find, on this machine, the source files a report names by their build-machine path.

Reports spell sources as the compile machine saw them (``/home/zach/k.cl``,
``d:/intelfpga/...``). A finding is only actionable when it names a file the
user can open, so each such path is looked up, in this order:

1. ``--source-root DIR``: the longest trailing part of the path that exists
   below DIR (``src/k.cl``, then ``k.cl``);
2. the report's own folder and the two folders above it (a report set sits in
   ``<project>/reports`` or ``<project>.prj/reports``), the same way;
3. the source embedded in the report, written out next to the ``-o`` output
   (``<output>.sources/<name>``).

The map says which rule matched, so every reporter can say where the file is from.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from pathlib import Path, PurePosixPath, PureWindowsPath

from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Design, SourceFile, Vendor
from hlsight.output import make_output_folder, write_text
from hlsight.parsers.suffixes import HEADER_SUFFIXES
from hlsight.reporters.base import AS_NAMED, LocalSource

#: Folders above the report folder searched for sources (reports/ -> project/ -> parent).
PARENT_LEVELS = 2


def path_parts(path: str) -> tuple[str, ...]:
    """The components of a POSIX or Windows path without its root/drive."""
    pure = PureWindowsPath(path) if "\\" in path or (len(path) > 1 and path[1] == ":") else PurePosixPath(path)
    return tuple(part for part in pure.parts if part not in (pure.anchor, "", ".", ".."))


def find_below(root: Path, path: str) -> Path | None:
    """The file below ``root`` matching the longest trailing part of ``path``."""
    parts = path_parts(path)
    for start in range(len(parts)):
        candidate = root.joinpath(*parts[start:])
        if candidate.is_file():
            return candidate
    return None


#: How many folder entries :func:`find_by_name` looks at below --source-root before it stops.
MAX_SEARCHED_ENTRIES = 20_000


def find_by_name(root: Path, path: str) -> Path | None:
    """The one file below ``root`` (at any depth) named as ``path`` ends,
    where the folders around it differ from the build machine's: a public
    Vitis project's report names ``Assignment_8/HLS/Source/cp_removal.cpp``,
    which the repository keeps at ``project_38/Source/cp_removal.cpp``.
    Of several files of that name, the one whose folders match more of
    ``path``'s; none when two match alike, when there is none, or past
    ``MAX_SEARCHED_ENTRIES`` entries (hidden folders are not entered)."""
    parts = path_parts(path)
    files = _files_below(root)
    if not parts or files is None:
        return None
    candidates = files.get(parts[-1], ())

    def shared(candidate: Path) -> int:
        count = 0
        for mine, theirs in zip(reversed(candidate.relative_to(root).parts), reversed(parts), strict=False):
            if mine != theirs:
                break
            count += 1
        return count

    ranked = sorted(candidates, key=shared, reverse=True)
    if not ranked or (len(ranked) > 1 and shared(ranked[0]) == shared(ranked[1])):
        return None
    return ranked[0]


@functools.lru_cache(maxsize=8)
def _files_below(root: Path) -> dict[str, tuple[Path, ...]] | None:
    """Every file below ``root`` by its name, hidden folders and links left
    out (never followed out of the root); ``None`` past
    ``MAX_SEARCHED_ENTRIES`` entries: another file of a name may be unseen.
    Read once per root for all the paths a report names."""
    found: dict[str, list[Path]] = {}
    pending, seen = [root], 0
    while pending:
        folder = pending.pop()
        try:
            entries = sorted(folder.iterdir())
        except OSError:
            continue
        for entry in entries:
            seen += 1
            if seen > MAX_SEARCHED_ENTRIES:
                return None
            if entry.name.startswith(".") or entry.is_symlink():
                continue
            if entry.is_dir():
                pending.append(entry)
            elif entry.is_file():
                found.setdefault(entry.name, []).append(entry)
    return {name: tuple(paths) for name, paths in found.items()}


def _report_folders(design: Design) -> list[Path]:
    root = design.root if design.root.is_dir() else design.root.parent
    folders = [root]
    for _ in range(PARENT_LEVELS):
        if folders[-1].parent == folders[-1]:
            break
        folders.append(folders[-1].parent)
    return folders


def referenced_paths(design: Design, diagnostics: list[Diagnostic]) -> list[str]:
    """Every source path a finding, LSU or loop points at, in first-seen order."""
    paths: dict[str, None] = {diag.file: None for diag in diagnostics if diag.file}
    for kernel in design.kernels:
        for lsu in kernel.lsus:
            if lsu.location is not None:
                paths.setdefault(lsu.location.file, None)
        for loop in kernel.all_loops():
            if loop.location is not None:
                paths.setdefault(loop.location.file, None)
    return list(paths)


def _written_out(design: Design, path: str, output: str | None) -> Path | None:
    source = design.source_file(path)
    if output in (None, "-") or source is None or source.content is None:
        return None
    parts = path_parts(path)
    folder = Path(f"{output}.sources")
    make_output_folder(folder)
    target = folder / (parts[-1] if parts else "source")
    write_text(source.content, str(target))
    return target


def local_sources(design: Design, diagnostics: list[Diagnostic], source_root: str | None,
                  output: str | None) -> dict[str, LocalSource]:
    """Report path -> the local file shown in its place, for every path found."""
    found: dict[str, LocalSource] = {}
    folders = _report_folders(design)
    for path in referenced_paths(design, diagnostics):
        if Path(path).exists():
            # already a path this machine can open (a report artifact, a local
            # build; a folder: the version note names the reports folder)
            found[path] = LocalSource(path, AS_NAMED)
            continue
        local: Path | None = None
        how = ""
        if source_root is not None:
            local, how = find_below(Path(source_root), path), "--source-root"
            if local is None:
                local, how = find_by_name(Path(source_root), path), "--source-root, found by its name"
        if local is None:
            for folder in folders:
                local = find_below(folder, path)
                if local is not None:
                    how = "report folder"
                    break
        if local is None:
            local, how = _read_for_analysis(design, path), "the file the analysis read"
        if local is None:
            local, how = _written_out(design, path, output), "embedded in the report"
        elif _differs_from_embedded(design, path, local):
            how += ("; it differs from the copy the report embeds, which is what was compiled and what the analysis"
                    " reads: lines may not match")
        if local is not None:
            found[path] = LocalSource(str(local.resolve()), how)
    return found


def _read_for_analysis(design: Design, path: str) -> Path | None:
    """The local file of that name the analysis already read (found as the
    file defining the top: a public Vitis 2024.2 sobel's report names
    ``../src/sobel_opt.cpp``; its trip counts came from that file while the
    output said it was not found on this machine)."""
    parts = path_parts(path)
    name = parts[-1] if parts else ""
    matches = [Path(source.path) for source in design.source_files
               if source.name == name and source.content is not None and Path(source.path).is_file()]
    return matches[0] if len(matches) == 1 else None


def _differs_from_embedded(design: Design, path: str, local: Path) -> bool:
    """Whether the local file found for ``path`` is not the source the report
    embeds (line endings aside): a public stencilflow lab's folder held a
    later edit of channels.cl than the report had compiled."""
    embedded = design.source_file(path)
    if embedded is None or not embedded.content:
        return False
    try:
        if local.stat().st_size > MAX_SOURCE_BYTES:
            return False
        text = local.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    return text.replace("\r\n", "\n").strip() != embedded.content.replace("\r\n", "\n").strip()


#: Largest source file read for the analysis (a generated source of tables is larger; its facts are not needed).
MAX_SOURCE_BYTES = 4 * 2**20
_INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*"([^"]+)"', re.MULTILINE)


def read_source_text(path: Path) -> str | None:
    """The text of a local source or header the analysis reads; ``None`` for
    a missing file, one over :data:`MAX_SOURCE_BYTES` or not UTF-8."""
    try:
        if not path.is_file() or path.stat().st_size > MAX_SOURCE_BYTES:
            return None
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def with_local_sources(design: Design, source_root: str | None) -> Design:
    """``design`` with the text of the sources its report names that this
    machine has (found as :func:`local_sources` finds them, and the local
    headers they include), when the report embeds none: a Vivado/Vitis report
    only names its sources (the analysis counts each m_axi bundle's bytes in
    the kernel's arguments, decision 34), and a oneAPI 2025 ``.ndjson`` report
    (or a copy without ``report_data.js``) holds no file contents. Intel
    sources keep the report's path, which the LSU locations name; Vivado/Vitis
    ones the local path. The files are read, never written; one too large or
    not UTF-8 is skipped."""
    if design.tool.vendor not in (Vendor.XILINX, Vendor.INTEL) or any(
            source.content for source in design.source_files):
        return design
    keep_report_path = design.tool.vendor is Vendor.INTEL
    found = local_sources(design, [], source_root, None)
    if not found and design.tool.vendor is Vendor.XILINX:
        found = _top_definition(design, source_root)
    loaded: dict[str, SourceFile] = {}
    pending = [(report_path, Path(local.path)) for report_path, local in found.items()]
    while pending:
        named, path = pending.pop()
        key = named if keep_report_path else str(path.resolve())
        if key in loaded or (text := read_source_text(path)) is None:
            continue
        loaded[key] = SourceFile(path=key, name=path.name, content=text)
        folder = PurePosixPath(named).parent if keep_report_path else path.parent
        pending.extend((str(folder / name), _included(path.parent, name, source_root))
                       for name in _INCLUDE.findall(text))
        if not keep_report_path and path.suffix in HEADER_SUFFIXES:
            pending.extend((str(companion), companion) for companion in _companions(path))
    if not loaded:
        return design
    return dataclasses.replace(design, source_files=[*design.source_files, *loaded.values()])


def _included(folder: Path, name: str, source_root: str | None) -> Path:
    """The file ``#include "name"`` reads: beside the including file, else
    the one of that name below --source-root (a public 2025.1 project keeps
    ``reconstruction_params.h`` in ``hardware_reference/parameters/``, which
    its build puts on the include path; clang said 'file not found')."""
    beside = folder / name
    if beside.is_file() or source_root is None:
        return beside
    found = find_by_name(Path(source_root), name)
    return found if found is not None else beside


SOURCE_ROOT_RULE = "source-root-unmatched"


def source_root_unmatched(design: Design, source_root: str | None) -> list[Diagnostic]:
    """A warning when ``--source-root`` was given and no source of the
    design was read from it or anywhere: five public Vitis projects whose
    repositories keep their sources in other folders than the build
    machine's got no word of it, only estimates that waited for values the
    sources give."""
    if source_root is None or any(source.content for source in design.source_files):
        return []
    named = [path for path in referenced_paths(design, []) if PurePosixPath(path).suffix in _C_SUFFIXES]
    tops = ", ".join(kernel.name for kernel in design.top_kernels()) or "the top"
    defining = _files_defining(design, source_root)
    defined = (f"{len(defining)} files there define {tops} ({', '.join(path.name for path in defining[:4])}):"
               " not guessed which was synthesized") if len(defining) > 1 else f"no file there defines {tops}"
    what = (f"none of the sources the report names ({', '.join(path_parts(path)[-1] for path in named[:4])}"
            f"{', ...' if len(named) > 4 else ''}) is below it by its path or its name, and {defined}") \
        if named else defined
    return [Diagnostic(
        rule=SOURCE_ROOT_RULE, severity=Severity.WARNING, file=source_root,
        message=f"--source-root {source_root}: {what}; the analysis reads the report alone", subject=tops,
    )]


#: a C++ header's suffixes, and those of the file beside it that defines what it declares
_COMPANION_SUFFIXES = (".cpp", ".cc", ".cxx")


def _companions(header: Path) -> list[Path]:
    """The C++ file beside a design header, of its name (``ban.cpp`` for
    ``ban.h``), that defines what the header declares: a public number
    library's top calls ``Ban::operator==``, declared in ``ban.h`` and
    defined in ``ban.cpp``, which no report of it names and no file
    includes. Its functions are walked only where the top's code calls
    them."""
    return [path for path in (header.with_suffix(suffix) for suffix in _COMPANION_SUFFIXES) if path.is_file()]


#: C/C++ suffixes searched for the top function's definition.
_C_SUFFIXES = (".c", ".cpp", ".cc", ".cxx")
#: Files looked at for it, at most (a large tree is not walked).
MAX_DEFINITION_FILES = 200


def _top_definition(design: Design, source_root: str | None) -> dict[str, LocalSource]:
    """The one C/C++ file that defines the top function, for a report that
    names no source at all (Vivado HLS 2015.x-2017.x: no source locations,
    and a Vitis report whose loops carry none). Looked for in --source-root,
    else beside the report and up to the project folder (the solution's
    parent, where Vivado HLS projects keep their sources), and in their
    ``src`` folders; two files defining it, or none, give nothing."""
    top = next((kernel.name for kernel in design.kernels if kernel.is_top), None)
    found = _files_defining(design, source_root)
    if top is None or len(found) != 1:
        return {}
    return {str(found[0]): LocalSource(str(found[0].resolve()), "defines the top function " + top)}


def _files_defining(design: Design, source_root: str | None) -> list[Path]:
    """The C/C++ files :func:`_top_definition` looks in that define the top."""
    top = next((kernel.name for kernel in design.kernels if kernel.is_top), None)
    if top is None:
        return []
    definition = re.compile(rf"\b{re.escape(top)}\s*\([^;{{}}]*\)\s*\{{")
    root = design.root if design.root.is_dir() else design.root.parent
    folders = [Path(source_root)] if source_root is not None else [root, *list(root.parents)[:PARENT_LEVELS + 1]]
    files: list[Path] = []
    for folder in folders:
        for place in (folder, folder / "src"):
            if place.is_dir():
                files.extend(sorted(path for path in place.iterdir() if path.suffix in _C_SUFFIXES))
    found = _defining(files, definition)
    below = _files_below(Path(source_root)) if source_root is not None and not found else None
    if below is not None:
        # none there: the folder the user gave, at any depth (a repository whose design sits in a
        # subfolder, public Vitis 2023.1 `Byte_Count_Really_Good_This_Time/accelerator.cpp`)
        found = _defining(sorted(path for paths in below.values() for path in paths if path.suffix in _C_SUFFIXES),
                          definition)
    return found


def _defining(files: list[Path], definition: re.Pattern[str]) -> list[Path]:
    """Those of ``files`` (the first ``MAX_DEFINITION_FILES``) whose text matches ``definition``."""
    found: list[Path] = []
    for path in dict.fromkeys(files[:MAX_DEFINITION_FILES]):
        try:
            if path.stat().st_size <= MAX_SOURCE_BYTES and definition.search(path.read_text(encoding="utf-8")):
                found.append(path)
        except (OSError, UnicodeDecodeError):
            continue
    return found

