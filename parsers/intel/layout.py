"""Find the aoc/oneAPI artifacts behind a user-given path.

Users point at whatever they have open: the project directory (``bin/net``,
``foo.prj``), the ``reports`` directory (or a flattened copy of it holding
``lib/``), ``report.html``, or ``lib/report_data.js``. This module maps all of
those to one :class:`Layout`, looking only at file names (cheap enough for
``claims``). Generations (see aoc-report-formats.md section 0):

* ``report``: HTML report data in ``lib/`` (16.1-2022) or ``resources/``
  (2023+), as ``report_data.js`` and/or ``json/*.json``;
* ``mav15``: 15.1 bare ``mav.json`` in the project directory;
* ``rtl``: 14.x projects with only ``<proj>.v`` (+ ``<proj>.log``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from hlsight.core.errors import InputError
from hlsight.parsers.intel.ndjson import has_ndjson

#: Sub-directories that hold the report data, newest first.
DATA_DIR_NAMES = ("resources", "lib")
REPORT_HTML_NAMES = ("report.html", "ide_report.html")
ACCEPTS = ("an aoc/oneAPI report: project dir, .prj dir, reports dir, report.html or report_data.js; "
           "a 15.1 project with mav.json; or a 14.x project with <proj>.v")


@dataclass(frozen=True)
class Layout:
    """Where the pieces of one compiled design are.

    ``project_dir`` is where ``acl_quartus_report.txt``, ``<proj>.v`` and
    ``kernel_hdl/`` live; for flattened report copies it equals
    ``reports_dir``.
    """

    kind: str  # "report" | "ndjson" | "mav15" | "rtl"
    project_dir: Path
    reports_dir: Path | None = None
    data_dir: Path | None = None

    def project_candidates(self) -> list[Path]:
        """Directories to search for project-level artifacts, nearest first."""
        out = [self.project_dir]
        if self.reports_dir is not None and self.reports_dir not in out:
            out.append(self.reports_dir)
        return out


def _has_mav_data(path: Path) -> bool:
    """``report_data.js``, ``json/mav.json`` or (oneAPI 2025) ``json/mav.ndjson``."""
    return (path / "report_data.js").is_file() or any(
        (path / "json" / f"mav{suffix}").is_file() for suffix in (".json", ".ndjson"))


def _is_data_dir(path: Path) -> bool:
    """``lib/``/``resources/`` with report data: ``report_data.js``,
    ``json/mav.json`` or (oneAPI 2024+) ``json/*.ndjson``."""
    return _has_mav_data(path) or has_ndjson(path / "json")


def _data_dir_of(reports_dir: Path) -> Path | None:
    for name in DATA_DIR_NAMES:
        if _is_data_dir(reports_dir / name):
            return reports_dir / name
    return None


def _report_layout(reports_dir: Path, data_dir: Path) -> Layout:
    # A ``reports`` folder sits inside the project (``bin/net/reports``,
    # ``foo.prj/reports``); flattened copies keep the project files beside ``lib``.
    project = reports_dir.parent if reports_dir.name == "reports" else reports_dir
    return Layout("report" if _has_mav_data(data_dir) else "ndjson", project, reports_dir, data_dir)


def rtl_project_file(directory: Path) -> Path | None:
    """The 14.x-16.1 kernel Verilog ``<proj>.v`` next to ``<proj>.log``/``.bc.xml``."""
    for verilog in sorted(directory.glob("*.v")):
        stem = verilog.stem
        if stem.endswith("_system"):
            continue
        if (directory / f"{stem}.log").is_file() or (directory / f"{stem}.bc.xml").is_file():
            return verilog
    return None


def _from_directory(path: Path) -> Layout | None:
    data_dir = _data_dir_of(path)
    if data_dir is not None:
        return _report_layout(path, data_dir)
    if path.name in DATA_DIR_NAMES and _is_data_dir(path):
        return _report_layout(path.parent, path)
    if path.name == "json" and path.parent.name in DATA_DIR_NAMES and _is_data_dir(path.parent):
        return _report_layout(path.parent.parent, path.parent)  # pointed at lib/json or resources/json
    reports = path / "reports"
    if reports.is_dir():
        data_dir = _data_dir_of(reports)
        if data_dir is not None:
            return Layout("report" if _has_mav_data(data_dir) else "ndjson", path, reports, data_dir)
    projects = sorted(p for p in path.glob("*.prj") if p.is_dir())
    if len(projects) == 1:
        return _from_directory(projects[0])
    if (path / "mav.json").is_file():
        return Layout("mav15", path)
    if rtl_project_file(path) is not None:
        return Layout("rtl", path)
    if has_ndjson(path):  # bare oneAPI 2024+ .ndjson files
        return Layout("ndjson", path, path, path)
    return None


def locate(path: Path) -> Layout | None:
    """Map ``path`` to a layout, or ``None`` when nothing aoc-like is there."""
    if path.is_dir():
        return _from_directory(path)
    name = path.name
    if name in REPORT_HTML_NAMES:
        return _from_directory(path.parent)
    if name.endswith(".js") and path.parent.name in DATA_DIR_NAMES:
        return _report_layout(path.parent.parent, path.parent)
    folder = path.parent
    if name.endswith((".json", ".ndjson")) and folder.name == "json" and folder.parent.name in DATA_DIR_NAMES:
        return _from_directory(folder)  # one document of lib/json or resources/json
    if name == "mav.json":
        return Layout("mav15", folder)
    if name.endswith(".ndjson"):
        return _from_directory(folder)  # bare oneAPI 2024+ .ndjson files
    return None


def _looks_intel(path: Path) -> bool:
    """Intel-only names whose data is missing or ambiguous: claim them so the
    user gets an Intel-specific message instead of "no report found"."""
    if path.is_dir():
        return _report_html_near(path) is not None or len([p for p in path.glob("*.prj") if p.is_dir()]) > 1
    return path.name in REPORT_HTML_NAMES


def _report_html_near(path: Path) -> Path | None:
    """The ``report.html`` that PATH is or holds (itself, in it, or in its ``reports/``)."""
    if path.name in REPORT_HTML_NAMES and not path.is_dir():
        return path
    where = path if path.is_dir() else path.parent
    return next((html for html in (where / "report.html", where / "reports" / "report.html") if html.is_file()),
                None)


#: Bounds of the search below a folder that is no report itself (a repository
#: checkout, a folder of several compiles): depth and directories visited.
SEARCH_DEPTH = 8
SEARCH_LIMIT = 4000


def report_sets_below(path: Path) -> list[Layout]:
    """Report sets below ``path`` (not ``path`` itself), nearest first; a
    directory that is a report set is not searched further."""
    found: list[Layout] = []
    seen: set[Path] = set()
    base = len(path.parts)
    visited = 0
    for root, dirs, _files in os.walk(path):
        here = Path(root)
        visited += 1
        if visited > SEARCH_LIMIT:
            break
        layout = _from_directory(here) if here != path else None
        if layout is not None:
            key = layout.data_dir or layout.project_dir
            if key not in seen:
                seen.add(key)
                found.append(layout)
            dirs[:] = []
            continue
        dirs[:] = sorted(d for d in dirs if not d.startswith(".")) if len(here.parts) - base < SEARCH_DEPTH else []
    return found


def claims(path: Path) -> bool:
    try:
        return locate(path) is not None or _looks_intel(path) or (path.is_dir() and bool(report_sets_below(path)))
    except OSError:
        return False


def require(path: Path) -> Layout:
    layout = locate(path)
    if layout is None and path.is_dir():
        sets = report_sets_below(path)
        if len(sets) == 1:
            return sets[0]
        if len(sets) > 1:
            names = ", ".join(str((item.reports_dir or item.project_dir).relative_to(path)) for item in sets)
            raise InputError(path, f"{len(sets)} aoc/oneAPI report sets below this folder: {names};"
                                   " give the one to read as PATH")
    if layout is None:
        html = _report_html_near(path)
        data = ("lib/report_data.js or lib/json/mav.json (16.1-2022), "
                "resources/report_data.js or resources/json/mav.json (2023+)")
        if html is not None and _is_empty(html):
            raise InputError(html, "empty file", expected=f"an aoc report.html beside its report data, {data}")
        if html is not None:
            raise InputError(path, "aoc report.html without its report data (unknown or incomplete layout)",
                             expected=data)
        raise InputError(path, "no aoc/oneAPI report found here", expected=ACCEPTS)
    return layout


def _is_empty(path: Path) -> bool:
    try:
        return path.stat().st_size == 0
    except OSError:
        return False


def check_multiple_projects(path: Path) -> None:
    """A directory with several ``.prj`` folders is ambiguous: say which exist."""
    if path.is_dir():
        projects = sorted(p.name for p in path.glob("*.prj") if p.is_dir())
        if len(projects) > 1:
            raise InputError(path, f"several oneAPI projects here ({', '.join(projects)})",
                             expected="one .prj directory")
