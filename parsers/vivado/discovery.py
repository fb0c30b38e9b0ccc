"""Find the ``syn/report`` directory (or single file) a user's PATH means.

Accepted (``docs/vivado-report-formats.md`` §1): a project directory
(``vivado_hls.app`` / ``hls.app``, or any directory whose sub-directories are
solutions), a solution directory (has ``syn/report``), a Vitis unified
component (``hls/syn/report``), a ``syn`` or ``syn/report`` directory, or one
``*csynth.xml`` / ``*csynth.rpt`` file. Several solutions need ``--solution``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from hlsight.core.errors import InputError

PROJECT_MARKERS = ("vivado_hls.app", "hls.app")
#: Where a solution keeps its reports, relative to the solution directory
#: (classic solution; Vitis unified-IDE component).
SOLUTION_REPORT_SUBDIRS = (Path("syn") / "report", Path("hls") / "syn" / "report")


@dataclass(frozen=True)
class Located:
    """What to read: a report directory or exactly one report file."""

    report_dir: Path | None = None
    single_file: Path | None = None
    solution: str | None = None


def is_report_file(path: Path) -> bool:
    name = path.name
    return path.is_file() and name.endswith(("csynth.xml", "csynth.rpt")) and not name.startswith(".")


def has_module_reports(directory: Path) -> bool:
    return any(directory.glob("*csynth.xml")) or any(directory.glob("*csynth.rpt"))


def _report_dir_of_solution(solution: Path) -> Path | None:
    for sub in SOLUTION_REPORT_SUBDIRS:
        candidate = solution / sub
        if candidate.is_dir() and has_module_reports(candidate):
            return candidate
    return None


def solutions_of(project: Path) -> dict[str, Path]:
    """Solution name -> report directory, for every sub-directory with reports."""
    found: dict[str, Path] = {}
    for child in sorted(project.iterdir()):
        if child.is_dir() and not child.name.startswith("."):
            report = _report_dir_of_solution(child)
            if report is not None:
                found[child.name] = report
    return found


#: How deep below PATH to look for report sets when PATH itself is none of
#: the accepted directories (a repository checkout, a unified-IDE workspace).
SEARCH_DEPTH = 6


def report_sets_below(path: Path, depth: int = SEARCH_DEPTH) -> list[Path]:
    """``syn/report``-like directories (with module reports) below ``path``,
    at most ``depth`` levels down; hidden directories are skipped and a report
    directory is not searched further."""
    found: list[Path] = []
    base = len(path.parts)
    for root, dirs, _files in os.walk(path):
        here = Path(root)
        if here != path and has_module_reports(here):
            found.append(here)
            dirs[:] = []
            continue
        dirs[:] = sorted(d for d in dirs if not d.startswith(".")) if len(here.parts) - base < depth else []
    return found


def looks_like_vivado(path: Path) -> bool:
    """Cheap test (names only, one directory level) used by ``claims``."""
    if path.is_file():
        return is_report_file(path)
    if not path.is_dir():
        return False
    if has_module_reports(path) or any((path / marker).is_file() for marker in PROJECT_MARKERS):
        return True
    if any((path / sub).is_dir() for sub in SOLUTION_REPORT_SUBDIRS) or has_module_reports(path / "report"):
        return True
    if any((child / "syn" / "report").is_dir() for child in path.iterdir() if child.is_dir()):
        return True
    return bool(report_sets_below(path))


#: What ``--solution`` is for, said when it is given where it does nothing.
SOLUTION_APPLIES_TO = "--solution NAME picks one solution of a Vivado/Vitis project folder given as PATH"


def locate(path: Path, solution: str | None = None) -> Located:
    """Resolve PATH (and ``--solution``) to a report directory or file. A
    ``--solution`` that does not choose what is read is refused: it was
    ignored, and the numbers of another solution were printed as if chosen."""
    located = _locate(path, solution)
    if solution is not None and located.solution != solution:
        what = f"reads only the solution '{located.solution}'" if located.solution is not None else \
            "is one report file" if located.single_file is not None else \
            "is one report set, not a project with solutions"
        raise InputError(path, f"--solution {solution} does not apply: this PATH {what}", expected=SOLUTION_APPLIES_TO)
    return located


def _locate(path: Path, solution: str | None) -> Located:
    if path.is_file():
        if not is_report_file(path):
            raise InputError(path, "not a Vivado/Vitis report file",
                             expected="<module>_csynth.xml, csynth.xml or <module>_csynth.rpt")
        return Located(single_file=path, solution=_solution_holding(path.parent))
    if has_module_reports(path):
        return Located(report_dir=path, solution=_solution_holding(path))
    own = _report_dir_of_solution(path)
    if own is None and has_module_reports(path / "report"):  # PATH is a syn/ directory
        own = path / "report"
    if own is not None:
        return Located(report_dir=own, solution=path.name if own.parent.name == "syn" else None)
    found = solutions_of(path)
    if not found:
        return _located_below(path)
    names = ", ".join(found)
    if solution is not None:
        if solution not in found:
            raise InputError(path, f"no solution named '{solution}' with reports; solutions found: {names}")
        return Located(report_dir=found[solution], solution=solution)
    if len(found) > 1:
        raise InputError(path, f"{len(found)} solutions with reports: {names}; choose one with --solution NAME")
    (only, report_dir), = found.items()
    return Located(report_dir=report_dir, solution=only)


def _solution_holding(report_dir: Path) -> str | None:
    """The solution whose ``syn/report`` (or ``hls/syn/report``) is ``report_dir``."""
    for sub in SOLUTION_REPORT_SUBDIRS:
        if report_dir.parts[-len(sub.parts):] == sub.parts and len(report_dir.parts) > len(sub.parts):
            return report_dir.parents[len(sub.parts) - 1].name
    return None


def _located_below(path: Path) -> Located:
    """PATH holds report sets deeper down: one is read, several are listed."""
    sets = report_sets_below(path)
    if not sets:
        why = unread_artifact(path) or unread_artifact(path / "syn" / "report")
        if why is not None:
            raise InputError(path, why, expected="a project, solution or syn/report directory with"
                                                 " *_csynth.xml/.rpt files")
        raise InputError(path, "no Vivado/Vitis synthesis reports found",
                         expected="a project, solution or syn/report directory with *_csynth.xml/.rpt files")
    if len(sets) > 1:
        names = ", ".join(str(item.relative_to(path)) for item in sets)
        raise InputError(path, f"{len(sets)} Vivado/Vitis report sets below this folder: {names};"
                               " give the one to read as PATH")
    return Located(report_dir=sets[0])


#: Vivado/Vitis files that are no synthesis report, and what to give instead.
_NOT_A_REPORT = {
    "hls_compile.rpt": "the Vitis unified flow's compile summary, which hlsight does not read",
    "csynth_design_size.rpt": "a design-size (instruction count) report, which has no latency",
}


def unread_artifact(path: Path) -> str | None:
    """Why ``path`` (or the only such file in a folder ``path``) is not read,
    when it is a Vivado/Vitis file hlsight knows but does not read; a design
    size report of a run that stopped says so ("C-Synthesis has not
    completed!"), which is why no latency report exists."""
    if path.is_file() and path.name.endswith("_export.rpt"):
        return (f"{path.name} is the exported RTL's implementation report (Vivado's achieved clock), read with"
                " the synthesis reports; point at the solution or its syn/report folder (csynth.xml, *_csynth.rpt)")
    candidates = [path] if path.is_file() else [path / name for name in _NOT_A_REPORT]
    if path.is_dir():  # a renamed summary (a public 2025.1 project keeps cysn_hls_compile.rpt)
        candidates += sorted(item for item in path.glob("*.rpt") if item.name not in _NOT_A_REPORT)[:_RENAMED_SCAN]
    for candidate in candidates:
        if not candidate.is_file():
            continue
        try:
            with candidate.open(encoding="utf-8", errors="replace") as stream:
                head = stream.read(4096)
        except OSError:
            head = ""
        summary = any(line.startswith(_SUMMARY) for line in head.splitlines()[:8])
        what = _NOT_A_REPORT.get(candidate.name) or (_SUMMARY_WHAT if summary else None)
        if what is None:
            continue
        if "C-Synthesis has not completed" in head:
            return (f"{candidate.name} says 'C-Synthesis has not completed!': this run stopped before synthesis"
                    " wrote its latency reports")
        return f"{candidate.name} is {what}; point at the solution's syn/report folder (csynth.xml, *_csynth.rpt)"
    return None


#: how Vitis' synthesis summary (csynth.rpt, the unified flow's hls_compile.rpt) begins
_SUMMARY = "== Synthesis Summary Report of"
_SUMMARY_WHAT = ("Vitis' synthesis summary (csynth.rpt's content: one latency per module and loop, their maxima,"
                 " which hlsight does not compose from)")
#: at most this many .rpt files of a folder are opened to recognise a renamed summary
_RENAMED_SCAN = 16

