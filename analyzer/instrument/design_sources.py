"""The source files of one design: the top and its callees, in one file or several.

Real HLS designs split the top and its callees over several .c/.cpp files
(the project's ``add_files`` list). Each file is parsed and instrumented on
its own, so its text keeps its line numbers; the planner sees the functions of
all of them as one table, so a function is matched to its report module (and
its loops to the module's loops) wherever it is defined. Files that are not
part of the design (testbench helpers) are given with ``--extra`` and compiled
unchanged (:mod:`.extra_definitions` says when one of them defines a function
the report counts).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from hlsight.analyzer.instrument.directives import TakesDirectives
from hlsight.analyzer.instrument.sourceloops import SourceFunction
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.errors import InputError

if TYPE_CHECKING:  # cycles.py builds designs from its parsed files
    from hlsight.analyzer.instrument.cycles import ParsedSource

DUPLICATE_RULE = "instrument-duplicate-function"
HEADER_RULE = "instrument-template-header"


@dataclass
class DesignSources(TakesDirectives):
    """Several parsed files seen as one design; ``files[0]`` is the primary
    one (named in the output's header line and the runtime header).
    Directives apply to the functions of every file."""

    files: list[ParsedSource]
    #: every function of the design by name (the first file to define a name keeps it)
    functions: dict[str, SourceFunction]
    #: function name -> the file that defines it
    owners: dict[str, ParsedSource]
    notes: list[Diagnostic] = field(default_factory=list)
    #: user headers whose template instances are instrumented (edited, not compiled as units)
    template_headers: list[ParsedSource] = field(default_factory=list)

    @property
    def edited_files(self) -> list[ParsedSource]:
        """The design files, then the user headers the instrumenter edits."""
        return [*self.files, *self.template_headers]

    @property
    def primary(self) -> ParsedSource:
        return self.files[0]

    @property
    def path(self) -> Path:
        return self.primary.path

    @property
    def is_cxx(self) -> bool:
        return any(source.is_cxx for source in self.files)

    def file_of(self, function: str) -> ParsedSource:
        """The file defining ``function`` (the primary file for a name no file defines)."""
        return self.owners.get(function, self.primary)


def design_sources(files: Sequence[ParsedSource]) -> DesignSources:
    """The design made of ``files``. A file given twice, or two files with one
    name (the build writes each under its own name into one folder), is an
    input error; a function defined in two files (``static`` helpers of the
    same name) is matched and instrumented in the first only, with a warning."""
    if not files:
        raise InputError(None, "no design source given", expected="one or more C/C++ files (SRC)")
    seen: dict[str, ParsedSource] = {}
    for source in files:
        other = seen.get(source.path.name)
        if other is not None:
            same = other.path.resolve() == source.path.resolve()
            raise InputError(source.path, "given twice as a design source" if same else
                             f"has the same file name as {other.path}: both would be built under one name",
                             expected="design sources with distinct file names")
        seen[source.path.name] = source
    functions: dict[str, SourceFunction] = {}
    owners: dict[str, ParsedSource] = {}
    notes: list[Diagnostic] = [note for source in files for note in source.notes]
    for source in files:
        for name, function in source.functions.items():
            if name in functions:
                notes.append(Diagnostic(
                    DUPLICATE_RULE, Severity.WARNING,
                    f"function '{name}' is also defined in {owners[name].path}: only that definition is matched to"
                    " the report and instrumented; this one runs uncounted", file=str(source.path),
                    line=int(function.node.coord.line), kernel=name))
                continue
            functions[name] = function
            owners[name] = source
    headers, said = _template_headers(files)
    for header in headers:  # the plain functions a user header defines (instances join in templates.py)
        for name, function in header.functions.items():
            if name not in functions:
                functions[name], owners[name] = function, header
    return DesignSources(list(files), functions, owners, [*notes, *said], headers)


def _template_headers(files: Sequence[ParsedSource]) -> tuple[list[ParsedSource], list[Diagnostic]]:
    """The user headers whose template instances the design files call, one
    source per header (the instances of every file that calls one joined).
    Their edited copies are written beside the design files at the same
    relative path, so the design files must share one folder; else they
    are left as they are, and said."""
    headers: dict[Path, ParsedSource] = {}
    for source in files:
        for header in source.template_headers:
            known = headers.setdefault(header.path.resolve(), header)
            if known is not header:
                for name, function in header.instances.items():
                    known.instances.setdefault(name, function)
                    known.templates.setdefault(name, header.templates[name])
                for name, function in header.functions.items():
                    known.functions.setdefault(name, function)
    folders = {source.path.resolve().parent for source in files}
    if not headers or len(folders) == 1:
        return list(headers.values()), []
    names = ", ".join(str(header.path) for header in headers.values()
                      if any(function.all_loops() for function in header.instances.values()))
    if not names:  # helpers without loops (HLS inlines them): nothing was counted of them before either
        return [], []
    return [], [Diagnostic(HEADER_RULE, Severity.WARNING,
                           f"the design files are in {len(folders)} folders: the function templates of {names}"
                           " are not instrumented (their edited copies are written beside the design files, which"
                           " must share one folder); their instances run uncounted", file=str(files[0].path))]


def as_design(source: ParsedSource | DesignSources) -> DesignSources:
    """One file is a design of one file."""
    if isinstance(source, DesignSources):
        return source
    return design_sources([source])


def check_roles(sources: Sequence[Path], extras: Sequence[Path], testbench: Path | None) -> None:
    """Each file has one role: a design source (SRC), an ``--extra`` file or
    the testbench. A file in two roles is compiled twice and the link fails
    late on a multiple definition that names neither the file nor the cause
    (paths are compared resolved)."""
    design = {path.resolve(): path for path in sources}
    if testbench is not None:
        bench = testbench.resolve()
        if bench in design or any(extra.resolve() == bench for extra in extras):
            raise InputError(None, f"{testbench} is the testbench: do not list it as a design source or --extra")
    seen: set[Path] = set()
    for extra in extras:
        resolved = extra.resolve()
        if resolved in design:
            raise InputError(extra, "given both as a design source and --extra")
        if resolved in seen:
            raise InputError(extra, "given twice as --extra")
        seen.add(resolved)
