"""The verification statistics of an i++ report: what the testbench's
simulation of the component's RTL measured (``i++ -march=... --simulator
ModelSim``, the default flow), ``reports/lib/verification_data.js``::

    var verifJSON={"columns":["Invocations", "Latency\\n(min,max,avg)", ...],
      "functions":[{"name":"atax", "data":['1', '9732,9732,9732', ...], ...},
                   {"name":"Explicit component invocations", ...}, ...]};

One row per component (its calls in all: the latency of one invocation,
min/max/avg over the calls), then rows that split them by how they were
made. The cells are single-quoted JavaScript strings. Like a Vivado
co-simulation report it is a measured cycle count per call for the
testbench's inputs, so it is read into the same :class:`CosimReport`
(``simulator`` names the simulator; one run, "Verilog", the RTL i++
generates). A file with no statistics (``var verifJSON={};``: the testbench
was not simulated) gives none.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from hlsight.core.errors import InputError
from hlsight.core.model import CosimReport, CosimRun
from hlsight.parsers.intel.jsdata import decode_payload, read_text, split_js_vars

FILE_NAME = "verification_data.js"
#: rows that break a component's calls down, not components
_BREAKDOWN = re.compile(r"^(?:Explicit|Enqueued) component invocations$|^Component invocations$")
#: a JavaScript string, double- or single-quoted (the cells), with its backslash escapes
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"|\'(?:[^\'\\]|\\.)*\'')
#: the simulator the compile command names (``--simulator ModelSim``); i++'s default is ModelSim
_SIMULATOR = re.compile(r"--simulator\s+(\w+)")


def verification_path(reports_dir: Path | None, data_dir: Path | None) -> Path | None:
    """``reports/lib/verification_data.js`` of the layout, when there."""
    for folder in (data_dir, reports_dir / "lib" if reports_dir is not None else None):
        if folder is not None and (folder / FILE_NAME).is_file():
            return folder / FILE_NAME
    return None


def read_verification(path: Path, command: str | None) -> list[CosimReport]:
    """One report per component row with a latency; InputError when the file
    is not the statistics' shape."""
    text = read_text(path)
    variables = split_js_vars(text, path)
    raw = variables.get("verifJSON")
    if raw is None:
        raise InputError(path, "no 'var verifJSON=' statement", expected="an i++ verification_data.js file")
    data = decode_payload(_double_quoted(raw), path, "verifJSON")
    if not isinstance(data, dict):
        raise InputError(path, "verifJSON is not an object", expected="an i++ verification_data.js file")
    found = _SIMULATOR.search(command or "")
    named = found.group(1) if found else "ModelSim"  # i++'s default
    # "none": the command is a later compile than the simulated one whose numbers these are
    simulator = None if named.lower() == "none" else named
    reports = []
    for row in data.get("functions") or []:
        if not isinstance(row, dict) or _BREAKDOWN.match(str(row.get("name", ""))):
            continue
        run = _run(row, _line_of(text, str(row.get("name", ""))))
        if run is not None:
            reports.append(CosimReport(path=path, top=str(row.get("name")), simulator=simulator, runs=(run,),
                                       rules="ipp-cosim"))
    return reports


def _run(row: dict[str, Any], line: int) -> CosimRun | None:
    data = row.get("data")
    if not isinstance(data, list) or len(data) < 2:
        return None
    latency = [_number(part) for part in str(data[1]).split(",")]
    if len(latency) != 3 or latency[0] is None:
        return None
    low, high, mean = latency
    return CosimRun(language="Verilog", status="Pass", latency_min=low, latency_avg=mean, latency_max=high, line=line)


def _number(text: str) -> float | None:
    try:
        value = float(text.strip())
    except ValueError:
        return None  # "n/a"
    return value if value >= 0 else None


def _double_quoted(raw: str) -> str:
    """The payload with its single-quoted cells as JSON strings; a double-
    quoted string (an apostrophe in a detail text) is kept as it is."""
    out: list[str] = []
    at = 0
    for match in _STRING.finditer(raw):
        out.append(raw[at:match.start()])
        token = match.group(0)
        if token.startswith("'"):
            inner = token[1:-1].replace("\\'", "'").replace('"', '\\"')
            token = f'"{inner}"'
        out.append(token)
        at = match.end()
    out.append(raw[at:])
    return "".join(out)


def _line_of(text: str, name: str) -> int:
    """The line of the row's ``"name":"<name>"`` (where a finding is placed)."""
    at = text.find(f'"name":"{name}"')
    return text.count("\n", 0, at) + 1 if at >= 0 else 0
