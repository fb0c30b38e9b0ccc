"""Say when a source file is not the one the report was synthesized from.

Vitis names an unlabelled loop by the line of its keyword
(``VITIS_LOOP_<line>_<k>``). Where the report places such a loop in a file
that was read and that file has no loop at that line, the file was edited
after synthesis (a public Vitis 2023.2 systolic array's ``pe_cycle.h`` is
the synthesized file minus two lines: its loops' values were described at
``}`` lines and one was matched to the loop closing there). The loops that
do not match keep the report's counts and their own symbols; the warning
says the file's counts may not be the synthesized design's.

The report also says where it found each pragma written in the source
(csynth.xml ``PragmaReport``): a line of a file read that holds no pragma
there says the same (a public Vitis 2025.1 FIR's ``filter.cpp`` has every
pragma commented out, and its line 14, where the report's ``PIPELINE``
is, reads ``// total filter size start``).

A function the top's body calls that no file read names at all says the
same (:func:`unsourced_module_warnings`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Collection, Iterable
from pathlib import PurePath

from hlsight.analyzer.access.loops import LoopInfo
from hlsight.analyzer.access.report_loop_names import name_line_offset, offset_words
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import Design, Kernel, Loop, SourceLocation
from hlsight.parsers.csource.frontend import strip_comments
from hlsight.parsers.vivado.names import MODULE_NAME_LIMIT, parse_loop_name

RULE = "source-lines-moved"
#: loops matched at one line offset from their Vitis names (:func:`shifted_loops_warning`)
SHIFTED_RULE = "source-loops-shifted"
#: loops named in the message, at most
_NAMED = 3


def moved_lines(kernel: Kernel, loops: list[LoopInfo], matched: dict[int, LoopInfo],
                shifted: Collection[str] = ()) -> dict[str, list[Loop]]:
    """File name -> the report loops named at a line where that file (read)
    has no loop. Every line match of a Vitis name in such a file is then
    dropped from ``matched``: an edited file's loop at a named line is not
    the named loop (the quicksort shifted by two lines gave
    ``VITIS_LOOP_37_4`` the loop that had been at line 35). A loop named
    in ``shifted`` was matched at the file's one offset
    (:func:`shifted_loops_warning`): it keeps its match and is not missing."""
    starts: dict[str, set[int]] = defaultdict(set)
    for info in loops:
        starts[PurePath(info.file).name].add(info.line)
    missing: dict[str, list[Loop]] = defaultdict(list)
    named: dict[str, list[Loop]] = defaultdict(list)
    for loop in kernel.all_loops():
        name = parse_loop_name(loop.name)
        if name.kind != "vitis" or name.line is None or loop.location is None or loop.name in shifted:
            continue
        file = PurePath(loop.location.file).name
        if file not in starts:
            continue
        named[file].append(loop)
        if name.line not in starts[file] and id(loop) not in matched:
            missing[file].append(loop)
    for file in missing:
        for loop in named[file]:
            matched.pop(id(loop), None)
    return dict(missing)


def shifted_loops_warning(kernel: Kernel, shifted: dict[str, LoopInfo]) -> Diagnostic | None:
    """Warn that report loops were matched to source loops at a line offset
    from their names (``shifted``: report name -> the source loop, each the
    loop of the name's rank in its function, all at one offset:
    :attr:`~hlsight.analyzer.access.xilinx_report_loops.ReportLoopFinder.moved`).
    The counts the source gives them rest on that reading, so it is said
    without -v, beside the estimate, naming the offset and every loop (the
    simulator warns alike, ``instrument-loop-moved``)."""
    if not shifted:
        return None
    pairs = sorted(((name, info, name_line_offset(name, info.line)) for name, info in shifted.items()),
                   key=lambda pair: pair[1].line)
    offset = pairs[0][2]
    file = PurePath(pairs[0][1].file).name
    shown = ", ".join(f"{name} at line {info.line}" for name, info, _offset in pairs)
    where = offset_words(offset)
    return Diagnostic(
        rule=SHIFTED_RULE, severity=Severity.WARNING, kernel=kernel.name, file=pairs[0][1].file, line=pairs[0][1].line,
        message=f"the report names loops of {file} at lines where it has none; its loops of the same ranks sit {where}"
                f" their names ({offset:+d}), all at that one offset, so {file} moved since synthesis (a line"
                f" {'added' if offset > 0 else 'removed'} above them?) and they are matched there: {shown}",
        subject=",".join(name for name, _info, _offset in pairs),
        data={"offset": offset, "loops": {name: info.line for name, info, _offset in pairs}},
    )


def warned_files(diagnostics: Iterable[Diagnostic]) -> set[str]:
    """The file names a ``source-lines-moved`` warning was already given for
    (one warning per file, whichever check finds it first)."""
    return {PurePath(item.file).name for item in diagnostics if item.rule == RULE and item.file}


def moved_line_warnings(kernel: Kernel, missing: dict[str, list[Loop]], loops: list[LoopInfo],
                        said: set[str]) -> list[Diagnostic]:
    """One warning per file (``said`` holds the files already warned about
    for other modules of the design)."""
    paths = {PurePath(info.file).name: info.file for info in loops}
    out = []
    for file, stale in missing.items():
        if file in said:
            continue
        said.add(file)
        lines = [(loop.name, parse_loop_name(loop.name).line) for loop in stale]
        shown = ", ".join(f"{loop} (line {line})" for loop, line in lines[:_NAMED]) + \
            (f" and {len(lines) - _NAMED} more" if len(lines) > _NAMED else "")
        out.append(Diagnostic(
            rule=RULE, severity=Severity.WARNING, kernel=kernel.name, file=paths[file], line=lines[0][1],
            message=f"the report names loops of {file} at lines where it has none: {shown}. This {file} is not the"
                    " file that was synthesized (edited since?): its loops are not matched to the report's by line,"
                    " and the counts it gives may not be the report's",
            data={"loops": [loop for loop, _line in lines]},
        ))
    return out


#: a ``#pragma HLS`` line that is not commented out
_ACTIVE_PRAGMA = re.compile(r"^\s*#\s*pragma\s+HLS\b", re.IGNORECASE)


def unreported_pragma_warnings(design: Design, said: set[str]) -> list[Diagnostic]:
    """One warning per file read whose active ``#pragma HLS`` lines the
    report's pragma list holds none of, where the report lists pragmas (of
    other files, or its directives file): the file synthesized had none of
    them (a public 2023.1 solution synthesized its source with every pragma
    commented out; the repository's copy has INLINE, ARRAY_PARTITION and a
    top PIPELINE active, and nothing said the report's unpipelined top came
    from another file)."""
    if design.listed_pragma_places is None:
        return []  # a report without a pragma list (older tools) says nothing either way
    reported: dict[str, set[int]] = defaultdict(set)
    for place in design.listed_pragma_places:
        reported[PurePath(place.file).name].add(place.line)
    out = []
    for source in design.source_files:
        name = PurePath(source.path).name
        if not source.content or name in reported or name in said:
            continue
        lines = [number for number, text in enumerate(source.content.splitlines(), 1) if _ACTIVE_PRAGMA.match(text)]
        if not lines or any(2 * len(places & set(lines)) >= len(lines) for places in reported.values()):
            continue  # none, or the report's pragmas of a file of another name sit on these lines: the same file
        said.add(name)
        shown = ", ".join(str(number) for number in lines[:_NAMED]) + (", ..." if len(lines) > _NAMED else "")
        listed = ", ".join(sorted(reported)) if reported else "its directives only"
        out.append(Diagnostic(
            rule=RULE, severity=Severity.WARNING, file=source.path, line=lines[0],
            message=f"this {name} has {len(lines)} #pragma HLS line{'s' if len(lines) > 1 else ''} (line"
                    f"{'s' if len(lines) > 1 else ''} {shown}), none of which the report's pragma list holds (it lists"
                    f" {listed}): the {name} synthesized had none of them (commented out, or edited since?): the"
                    " counts and places this one gives may not be the report's",
            data={"lines": lines},
        ))
    return out


def pragma_place_warnings(design: Design, said: set[str]) -> list[Diagnostic]:
    """One warning per file read whose line holds no pragma where the report
    found one (a line that names a pragma in any form, a macro's
    ``DO_PRAGMA(...)`` or a commented-out one, counts as holding it)."""
    texts = {PurePath(source.path).name: (source.path, source.content.splitlines())
             for source in design.source_files if source.content}
    missing: dict[str, list[int]] = defaultdict(list)
    for place in design.pragma_places:
        file = PurePath(place.file).name
        if file not in texts or file in said:
            continue
        text = texts[file][1]
        if not 0 < place.line <= len(text) or "pragma" not in text[place.line - 1].lower():
            missing[file].append(place.line)
    out = []
    for file, numbers in missing.items():
        path, text = texts[file]
        said.add(file)
        first = numbers[0]
        inside = 0 < first <= len(text)
        there = f"`{text[first - 1].strip()[:60]}`" if inside else "past its end"
        distinct = sorted(set(numbers))
        shown = ", ".join(str(number) for number in distinct[:_NAMED])
        out.append(Diagnostic(
            rule=RULE, severity=Severity.WARNING, file=path, line=first if inside else None,
            message=f"the report found pragmas of {file} at line{'s' if len(distinct) > 1 else ''} {shown}, where"
                    f" this {file} has none (line {first}: {there}). This {file} is not the file that was"
                    " synthesized (edited since?): the counts and places it gives may not be the report's",
            data={"lines": distinct},
        ))
    return out


#: modules the tool makes itself, which no C function stands for: outlined
#: loops, dataflow processes of code between calls or of a region's loops,
#: array initialisations, the copies of a dataflow loop's body
_COMPILER_MADE = re.compile(r"_Pipeline_|(?:^|_)(?:entry_proc|entry\d+$|Block_|Loop_\w+_proc|dataflow_in_loop"
                            r"|dataflow_parent_loop|memset_|memcpy)")
#: library modules (the HLS headers' functions, a C++ operator, a mangled
#: name Vitis writes as ``p_Z...``): named by no user source
_LIBRARY = re.compile(r"^(?:hls_|p_|_|operator)|_hls_|^generic_")
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")


def unsourced_module_warnings(design: Design, top: Kernel, said: set[str],
                              place: SourceLocation | None) -> list[Diagnostic]:
    """One warning when the top's body (its own instances, and those of the
    modules the tool made of its body) calls functions that no file read
    names at all, while a file read defines the top: the sources are not
    the synthesized ones, or the function sits in a file not read, and the
    m_axi bytes and trip counts the source gives may not be the report's
    design. A public Vitis 2023.1 U280 CRC kernel's report calls the
    dataflow region ``process_crc``; the repository's later ``kernel.cpp``
    has no such function (its top calls read_input, process_blocks and
    write_output itself), and its byte counts were read as the report's
    with no word.

    A module stands for a name of the sources when it is that name, with a
    copy's ordinal (``load_data55``, ``merge_1``), a template's arguments
    (``deltaPhiHLS_float_s``), the top's prefix of Vivado 2015
    (``dct_dct_1d2``) or cut at 20 characters: any identifier of the files
    read, not only their definitions, so a function the design includes
    from a file not read but calls by name is not said either. ``place``:
    where the top is defined."""
    texts = [source for source in design.source_files if source.content]
    if not texts or any(PurePath(source.path).name in said for source in texts):
        return []
    names = {word for source in texts for word in _IDENTIFIER.findall(strip_comments(source.content or ""))}
    missing = [module for module in _body_modules(design, top) if not _named(module, names)]
    if not missing:
        return []
    shown = ", ".join(missing[:_NAMED]) + (f" and {len(missing) - _NAMED} more" if len(missing) > _NAMED else "")
    read = ", ".join(sorted({PurePath(source.path).name for source in texts}))
    return [Diagnostic(
        rule=RULE, severity=Severity.WARNING, kernel=top.name, file=None if place is None else place.file,
        line=None if place is None else place.line,
        message=f"the report's {top.name} calls {shown}, which no file read ({read}) names: these are not the"
                " sources that were synthesized (edited since?), or the function is in a file not read; the m_axi"
                " bytes and trip counts this source gives may not be the report's design",
        data={"modules": missing},
    )]


def _body_modules(design: Design, top: Kernel) -> list[str]:
    """The functions the top's body calls, as modules: its instances, and
    those of the modules the tool made of its body (a dataflow top's
    processes, its outlined loops), not the calls inside those functions
    (a library's own calls, in headers not read)."""
    by_name = {kernel.name: kernel for kernel in design.kernels}
    found: list[str] = []
    pending, seen = [top], {top.name}
    while pending:
        for instance in pending.pop().instances:
            module = instance.module
            if module in seen:
                continue
            seen.add(module)
            if _COMPILER_MADE.search(module):
                if module in by_name:
                    pending.append(by_name[module])
            elif not _LIBRARY.search(module):
                found.append(module)
    return found


def _named(module: str, names: set[str]) -> bool:
    """``module`` stands for an identifier of ``names`` (see above)."""
    stem = module.rstrip("0123456789")
    if module in names or stem in names or stem.rstrip("_") in names:
        return True
    if len(module) == MODULE_NAME_LIMIT and any(name.startswith(module) for name in names):
        return True
    return any(module.startswith(name + "_") for name in names if len(name) > 1)
