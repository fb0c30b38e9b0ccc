"""Read the C/RTL co-simulation report a Vivado/Vitis solution keeps beside
its synthesis reports: ``<solution>/sim/report/<top>_cosim.rpt``.

Co-simulation drives the generated RTL with the C testbench's inputs and
counts cycles from ``ap_start`` to ``ap_done`` per call (UG1399 "Analyzing
RTL Simulations"): a measured latency for those inputs, which HLScope+
(Table III) uses as the reference its cycle estimate is judged against.
Two layouts are known (docs/vivado-reader.md "Co-simulation report"):

* Vivado HLS and Vitis HLS to 2020.1: ``| RTL | Status | Latency min avg max
  | Interval min avg max |``;
* Vitis HLS 2020.2 and later add ``| Total Execution Time (Clock Cycles) |``.

The file is optional, so a file that cannot be read is a warning naming it,
never an error that stops the analysis of the synthesis reports.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.model import CosimReport, CosimRun

COSIM_SUFFIX = "_cosim.rpt"
#: A co-simulation report is a few hundred bytes; anything far larger is not one.
MAX_COSIM_BYTES = 256 * 1024
UNREADABLE_RULE = "vivado-cosim-unreadable"
STALE_RULE = "vivado-cosim-stale"
UNDATED_RULE = "vivado-cosim-undated"
EXPECTED = ("a Vivado/Vitis co-simulation report: a table with rows '| Verilog | Pass | latency min | avg | max |"
            " interval min | avg | max |'")
_SIMULATOR = re.compile(r"^\s*Simulation tool\s*:\s*(?P<tool>[^\s.]+)", re.MULTILINE)
#: 8 cells (to 2020.1) or 9 (with the total execution time)
_CELLS = (8, 9)


def cosim_directory(report_dir: Path) -> Path | None:
    """``sim/report`` of the solution whose ``syn/report`` is ``report_dir``
    (a classic solution and a Vitis unified component, ``hls/syn/report``,
    alike); ``None`` when ``report_dir`` is not such a folder."""
    if report_dir.name != "report" or report_dir.parent.name != "syn":
        return None
    candidate = report_dir.parent.parent / "sim" / "report"
    return candidate if candidate.is_dir() else None


def find_cosim_reports(report_dir: Path) -> list[Path]:
    """The solution's ``sim/report/*_cosim.rpt``; else copies beside the
    synthesis reports themselves (a public Vitis 2024.1 project committed
    ``rgb2gray_csynth.rpt`` and ``rgb2gray_cosim.rpt`` in one ``reports/``
    folder, and its measured 24,671 cycles went unsaid); else a unified
    component's ``hls_cosim.rpt``."""
    directory = cosim_directory(report_dir)
    found = [] if directory is None else sorted(path for path in directory.glob(f"*{COSIM_SUFFIX}") if path.is_file())
    beside = sorted(path for path in report_dir.glob(f"*{COSIM_SUFFIX}") if path.is_file())
    copy = component_cosim(report_dir)
    return found or beside or ([copy] if copy is not None else [])


#: the copy a Vitis unified component keeps of its top's co-simulation report
COMPONENT_COSIM = "hls_cosim.rpt"


def component_cosim(report_dir: Path) -> Path | None:
    """``<component>/reports/hls_cosim.rpt`` of the component whose
    ``hls/syn/report`` is ``report_dir``: a public Vitis 2024.2 component
    committed only this copy (its ``hls/sim`` left out), and its
    measurement went unsaid."""
    if report_dir.name != "report" or report_dir.parent.name != "syn" or report_dir.parent.parent.name != "hls":
        return None
    candidate = report_dir.parent.parent.parent / "reports" / COMPONENT_COSIM
    return candidate if candidate.is_file() else None


def _number(cell: str) -> float | None:
    text = cell.strip().replace(",", "")
    try:
        return float(text)
    except ValueError:
        return None


def _run(cells: list[str], line: int) -> CosimRun | None:
    language, status = cells[0].strip(), cells[1].strip()
    if not language or language.upper() == "RTL" or not status:
        return None
    numbers = [_number(cell) for cell in cells[2:]]
    return CosimRun(
        language=language, status=status,
        latency_min=numbers[0], latency_avg=numbers[1], latency_max=numbers[2],
        interval_min=numbers[3], interval_avg=numbers[4], interval_max=numbers[5],
        total_cycles=numbers[6] if len(numbers) > 6 else None,
        line=line,
    )


def parse_cosim(text: str, path: Path) -> CosimReport | None:
    """The report's RTL rows; ``None`` when the text has no such row."""
    runs: list[CosimRun] = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not (stripped.startswith("|") and stripped.endswith("|")):
            continue
        cells = stripped[1:-1].split("|")
        if len(cells) not in _CELLS:
            continue
        run = _run(cells, number)
        if run is not None:
            runs.append(run)
    if not runs:
        return None
    simulator = _SIMULATOR.search(text)
    return CosimReport(path=path, top=path.name[: -len(COSIM_SUFFIX)],
                       simulator=simulator.group("tool") if simulator else None, runs=tuple(runs))


def _unreadable(path: Path, why: str) -> Diagnostic:
    return Diagnostic(rule=UNREADABLE_RULE, severity=Severity.WARNING,
                      message=f"co-simulation report not read: {why}; expected {EXPECTED}", file=str(path))


def read_cosim(path: Path) -> tuple[CosimReport | None, list[Diagnostic]]:
    """One ``*_cosim.rpt``: the report, or a warning saying why not."""
    try:
        size = path.stat().st_size
        if size > MAX_COSIM_BYTES:
            return None, [_unreadable(path, f"{size:,} bytes, larger than any co-simulation report"
                                            f" ({MAX_COSIM_BYTES:,} bytes at most)")]
        text = path.read_bytes().decode("utf-8", errors="replace")
    except OSError as error:
        return None, [_unreadable(path, error.strerror or str(error))]
    report = parse_cosim(text, path)
    if report is None:
        return None, [_unreadable(path, "no RTL row (Verilog/VHDL with a status) found")]
    return report, []


_REPORT_TIME = re.compile(r"^\s*Report time\s*:\s*(?P<when>.+?)\.?\s*$", re.MULTILINE)
_SYNTHESIS_DATE = re.compile(r"^\* Date:\s*(?P<when>.+?)\s*$", re.MULTILINE)
#: ``Wed Apr 24 07:54:13 IST 2024`` (any zone name), ``Tue Mar  8 19:41:29 2022``
#: and ``Sat Oct 11 05:26:30 PM CST 2025`` (Vitis 2024.2, a 12-hour locale)
_ENGLISH = re.compile(r"(?P<month>[A-Z][a-z]{2})\s+(?P<day>\d{1,2})\s+(?P<time>\d\d?:\d\d:\d\d)\s+"
                      r"(?:(?P<half>[AaPp][Mm])\s+)?(?:\S+\s+)?(?P<year>\d{4})")
#: ``2022. 03. 08. (화) 17:27:50 KST`` (a Korean locale)
_NUMERIC = re.compile(r"(?P<year>\d{4})\.\s*(?P<month>\d{1,2})\.\s*(?P<day>\d{1,2})\.\s*(?:\(\S+\)\s*)?"
                      r"(?P<time>\d\d:\d\d:\d\d)")
#: ``2019. nov. 18., hétfő, 15:51:32 CET`` (a Hungarian locale: year, month name, day, weekday)
_YEAR_FIRST_NAMED = re.compile(r"(?P<year>\d{4})\.\s*(?P<month>[^\W\d_]{3,})\.?\s*(?P<day>\d{1,2})\.?,?"
                               r"[^\d]*?(?P<time>\d\d?:\d\d:\d\d)")
#: ``ven 19 feb 2021, 21.14.54, CET`` (Italian), ``Thứ năm, 21 Tháng 10 năm 2021 21:17:26 +07``
#: (Vietnamese), ``Di 5. Mär 2019 10:00:00 CET`` (German), ``Thu 02 Sep 2021 01:46:59 PM +03``
#: (an English locale, day first, 12-hour clock): weekday, day, month (name or number), year, time
_DAY_FIRST = re.compile(r"(?<!\d)(?P<day>\d{1,2})\.?\s+(?:tháng\s+)?(?P<month>\d{1,2}|[^\W\d_]{3,})\.?,?\s+"
                        r"(?:năm\s+)?(?P<year>\d{4}),?\s+(?P<time>\d\d?[:.]\d\d[:.]\d\d)"
                        r"(?:\s*(?P<half>[AaPp]\.?[Mm]\.?)(?![^\W\d_]))?", re.IGNORECASE)
#: ``Thu  1 Mar 00:56:04 CET 2018`` (glibc's en_GB ``date``: day before the month, the year last,
#: a public 2017.2 project's co-simulation reports)
_DAY_FIRST_YEAR_LAST = re.compile(r"(?<!\d)(?P<day>\d{1,2})\s+(?P<month>[A-Z][a-z]{2})\s+"
                                  r"(?P<time>\d\d?:\d\d:\d\d)\s+(?:\S+\s+)?(?P<year>\d{4})")
#: month-name prefixes of the European locales (Hungarian, Italian, German, French, Spanish, Dutch);
#: the longest prefix wins (French juin/juil)
_MONTH_PREFIXES = {
    "jan": 1, "gen": 1, "ene": 1, "janv": 1,
    "feb": 2, "fév": 2, "févr": 2,
    "mar": 3, "már": 3, "mär": 3, "mrt": 3,
    "apr": 4, "ápr": 4, "avr": 4, "abr": 4,
    "máj": 5, "mai": 5, "mag": 5, "may": 5, "mei": 5,
    "jun": 6, "jún": 6, "giu": 6, "juin": 6,
    "jul": 7, "júl": 7, "lug": 7, "juil": 7,
    "aug": 8, "ago": 8, "aoû": 8,
    "sep": 9, "sze": 9, "set": 9,
    "okt": 10, "oct": 10, "ott": 10,
    "nov": 11,
    "dec": 12, "dez": 12, "dic": 12, "déc": 12,
}


def _month(text: str) -> int | None:
    """A month number, or a month name in one of the locales above."""
    if text.isdigit():
        return int(text) if 1 <= int(text) <= 12 else None
    lower = text.lower()
    return _MONTH_PREFIXES.get(lower[:4]) or _MONTH_PREFIXES.get(lower[:3])


def parse_report_date(text: str) -> datetime | None:
    """A report's date as the tools print it in the locales seen; the zone
    is left out (co-simulation and synthesis of one solution run on one
    machine)."""
    english = _ENGLISH.search(text)
    try:
        if english is not None:
            when = f"{english['month']} {english['day']} {english['year']} {english['time']}"
            if english["half"]:
                return datetime.strptime(f"{when} {english['half'].upper()}", "%b %d %Y %I:%M:%S %p")
            return datetime.strptime(when, "%b %d %Y %H:%M:%S")
        year_last = _DAY_FIRST_YEAR_LAST.search(text)
        if year_last is not None:
            return datetime.strptime(f"{year_last['month']} {year_last['day']} {year_last['year']}"
                                     f" {year_last['time']}", "%b %d %Y %H:%M:%S")
        numeric = _NUMERIC.search(text)
        if numeric is not None:
            return datetime.strptime(f"{numeric['year']} {numeric['month']} {numeric['day']} {numeric['time']}",
                                     "%Y %m %d %H:%M:%S")
        named = _YEAR_FIRST_NAMED.search(text)
        month = None if named is None else _month(named["month"])
        if named is not None and month is not None:
            return datetime.strptime(f"{named['year']} {month} {named['day']} {named['time']}", "%Y %m %d %H:%M:%S")
        day_first = _DAY_FIRST.search(text)
        month = None if day_first is None else _month(day_first["month"])
        if day_first is not None and month is not None:
            when = day_first["time"].replace(".", ":")
            date = f"{day_first['year']} {month} {day_first['day']} {when}"
            if day_first["half"]:  # 01:46:59 PM is 13:46:59 (a stale warning was drawn from 01:46)
                half = day_first["half"].replace(".", "").upper()
                return datetime.strptime(f"{date} {half}", "%Y %m %d %I:%M:%S %p")
            return datetime.strptime(date, "%Y %m %d %H:%M:%S")
    except ValueError:
        return None
    return None


#: the options Vitis records for a co-simulation run, beside its sim/report reports
COSIM_OPTIONS = "cosim_options.xml"
_OPTION = re.compile(r'<option\s+name="(random_stall|user_stall)"[^>]*>([^<]*)</option>')


def injected_stalls(report_dir: Path) -> str | None:
    """The stalls the co-simulation injected on purpose (``config_cosim
    -random_stall`` / ``-user_stall``, ``sim/report/cosim_options.xml``): a
    public Vitis 2025.2 CNN ran with random AXI stalls and measured 3.1x its
    fixed report latency, compared as the design's own. ``None`` when the
    file is missing or names none."""
    directory = cosim_directory(report_dir)
    path = None if directory is None else directory / COSIM_OPTIONS
    if path is None or not path.is_file():
        return None
    try:
        text = path.read_text(encoding="utf-8", errors="replace")[:MAX_COSIM_BYTES]
    except OSError:
        return None
    options = {name: value.strip() for name, value in _OPTION.findall(text)}
    if options.get("random_stall") not in (None, "", "0", "false"):
        return f"random AXI stalls ({COSIM_OPTIONS}: random_stall {options['random_stall']})"
    if options.get("user_stall"):
        return f"the stalls of {options['user_stall']} ({COSIM_OPTIONS}: user_stall)"
    return None


def report_head(path: Path) -> str:
    """A report's first 4 KB, where the tools print its date (empty when unreadable)."""
    try:
        with path.open("rb") as stream:
            return stream.read(4096).decode("utf-8", errors="replace")
    except OSError:
        return ""


def _older_than_synthesis(report: CosimReport, report_dir: Path) -> tuple[CosimReport, list[Diagnostic]]:
    """Mark a co-simulation report dated before the top's synthesis report
    (a public AdderTree solution: co-simulated at 17:27, synthesized again at
    19:41 with another signature; +750 % blamed on the model)."""
    cosim_when = _REPORT_TIME.search(report_head(report.path))
    if cosim_when is None:
        return report, []
    try:
        when = report_dated_before_synthesis(cosim_when["when"], report_dir, report.top)
    except UnreadDate as unread:
        # a locale not read (a public Hungarian solution co-simulated 12 minutes before its
        # synthesis went unsaid): say the check was not made
        return report, [Diagnostic(
            rule=UNDATED_RULE, severity=Severity.NOTE, file=str(report.path),
            message=(f"the date '{unread.text}' is in a format hlsight does not read: whether this co-simulation is"
                     " older than the synthesis (and measured an earlier design) is not checked"))]
    return (report, []) if when is None else (replace(report, older_than_synthesis=when), [])


class UnreadDate(ValueError):
    """A report date in a format :func:`parse_report_date` does not read."""

    def __init__(self, text: str):
        super().__init__(text)
        self.text = text


def report_dated_before_synthesis(dated: str, report_dir: Path, top: str) -> str | None:
    """``"<date> before <synthesis date>"`` when a report dated ``dated`` was
    written before ``top``'s synthesis report in ``report_dir`` (it measured
    or implemented an earlier design), else ``None`` (also when the
    synthesis report is not there). Raises :class:`UnreadDate` for a date
    format not read."""
    synthesis_when = _SYNTHESIS_DATE.search(report_head(report_dir / f"{top}_csynth.rpt"))
    if synthesis_when is None:
        return None
    report_date, synthesis_date = parse_report_date(dated), parse_report_date(synthesis_when["when"])
    if report_date is None or synthesis_date is None:
        raise UnreadDate(dated if report_date is None else synthesis_when["when"])
    if report_date >= synthesis_date:
        return None
    return f"{report_date:%Y-%m-%d %H:%M} before {synthesis_date:%Y-%m-%d %H:%M}"


def cosim_for_tops(report_dir: Path, tops: list[str]) -> tuple[list[CosimReport], list[Diagnostic]]:
    """The co-simulation reports of the design's top modules (another top's
    report, from an earlier run of the solution, is said and left out)."""
    reports: list[CosimReport] = []
    diagnostics: list[Diagnostic] = []
    paths = find_cosim_reports(report_dir)
    named = {path.name[: -len(COSIM_SUFFIX)] for path in paths}
    for path in paths:
        top = path.name[: -len(COSIM_SUFFIX)]
        if path.name == COMPONENT_COSIM and len(tops) == 1:
            top = tops[0]  # the component's one top: the copy's name does not say it
        suffixed = [item for item in tops if top.endswith(f"_{item}") and item not in named]
        if top not in tops and len(suffixed) == 1:
            # a public 2019.1 solution holds hier_func_hier_func_cosim.rpt for its top hier_func
            diagnostics.append(Diagnostic(
                rule="vivado-cosim-other-top", severity=Severity.NOTE, file=str(path),
                message=(f"'{path.name}' is read as the co-simulation report of the top '{suffixed[0]}' (its name"
                         f" ends in '_{suffixed[0]}{COSIM_SUFFIX}' and no {suffixed[0]}{COSIM_SUFFIX} is here)")))
            top = suffixed[0]
        if top not in tops:
            diagnostics.append(Diagnostic(
                rule="vivado-cosim-other-top", severity=Severity.NOTE, file=str(path),
                message=(f"co-simulation report of '{top}', which is not the top of these synthesis reports"
                         f" ({', '.join(tops) or 'none'}): not compared")))
            continue
        report, found = read_cosim(path)
        diagnostics.extend(found)
        if report is None:
            continue
        report, undated = _older_than_synthesis(replace(report, top=top, stalls=injected_stalls(report_dir)),
                                                report_dir)
        diagnostics.extend(undated)
        if report.older_than_synthesis:
            diagnostics.append(Diagnostic(
                rule=STALE_RULE, severity=Severity.WARNING, file=str(path),
                message=(f"co-simulation report of '{top}' is older than its synthesis report"
                         f" ({report.older_than_synthesis}): it may have measured an earlier version of the design;"
                         " rerun co-simulation to compare")))
        reports.append(report)
    return reports, diagnostics
