"""Load the JSON payloads of aoc/oneAPI reports, with every quirk of the
real files handled (see ``docs/aoc-report-formats.md`` section 1 in
``../shared``).

Two containers exist: JavaScript files (``report_data.js``,
``product_data.js``, ``quartus_data.js``, ``viewer_data.js``, 15.1
``spv.json``) holding ``var NAME=<payload>;`` statements, and plain
``json/*.json`` files. Everything that cannot be read raises
:class:`~hlsight.core.errors.InputError` naming the file and what was expected,
so a truncated or hand-edited report never produces a traceback.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from hlsight.core.errors import InputError
from hlsight.core.limits import MAX_INTEL_FILE_BYTES, ImplausibleValue, check_size, finite, reading

#: ``var NAME=`` at file start, and right after ``;`` (+ optional newline):
#: two patterns, because one that starts with ``(?:\A|;`` has no literal
#: prefix and the regex engine tries it at every character (14 ms on kmers'
#: 1 MB report_data.js), where a leading ``;`` lets it jump between semicolons.
_VAR_AT_START = re.compile(r"[ \t]*var\s+([A-Za-z_$][\w$]*)\s*=")
_VAR_AFTER_SEMICOLON = re.compile(r";\r?\n?[ \t]*var\s+([A-Za-z_$][\w$]*)\s*=")
#: C octal escape ``\NNN`` not preceded by an escaping backslash (16.1-20.4 fileJSON).
_OCTAL_ESCAPE = re.compile(r"(?<!\\)((?:\\\\)*)\\([0-3][0-7]{2})")
#: Where :data:`_OCTAL_ESCAPE` can match at all: that pattern starts with a
#: look-behind, so the regex engine tries it at every character (19 ms on
#: kmers' JSON files, which hold backslashes but no octal escape); this one
#: starts with a backslash, which the engine jumps between.
_OCTAL_CANDIDATE = re.compile(r"\\[0-3][0-7]{2}")
#: JS-only ``\'`` escape inside strings (invalid JSON), keeping ``\\'`` intact.
_JS_QUOTE_ESCAPE = re.compile(r"(?<!\\)((?:\\\\)*)\\'")
#: 18.1 Pro / 19.x quartus.json: object members written inside array brackets.
_MALFORMED_DATA = re.compile(r'"data"\s*:\s*\[((?:\s*"[^"]*"\s*:\s*[^,\]]+,?)+)\]')


def read_text(path: Path) -> str:
    """Read a report file as text; undecodable bytes are replaced (reports
    embed user sources in arbitrary encodings)."""
    check_size(path, MAX_INTEL_FILE_BYTES, "report file")
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        raise InputError(path, f"cannot read file: {error.strerror or error}") from None


def _fix_escapes(text: str) -> str:
    if "\\'" in text:
        text = _JS_QUOTE_ESCAPE.sub(lambda m: m.group(1) + "'", text)
    if _OCTAL_CANDIDATE.search(text):
        text = _OCTAL_ESCAPE.sub(lambda m: f"{m.group(1)}\\u{int(m.group(2), 8):04x}", text)
    return text


#: what a truncated or malformed Intel report file was expected to be (i++
#: and oneAPI write the same files as aoc)
COMPLETE_REPORT = "a complete aoc, oneAPI or i++ report file"


def decode_payload(raw: str, path: Path, what: str) -> Any:
    """Decode one JS variable payload or JSON document.

    Handles: single-quoted payloads (17.1.1-19.4), ``\\'`` escapes, C octal
    escapes, raw control characters (``strict=False``).
    """
    text = raw.strip()
    if text.endswith(";"):
        text = text[:-1].rstrip()
    if len(text) >= 2 and text[0] == "'" and text[-1] == "'":
        text = text[1:-1]
    elif text.startswith("'"):
        raise InputError(path, f"{_named(what)}unterminated quoted payload (file truncated?)",
                         expected=COMPLETE_REPORT)
    text = _fix_escapes(text)
    try:
        return loads_guarded(text, path, COMPLETE_REPORT, strict=False)
    except json.JSONDecodeError as error:
        raise InputError(path, f"{_named(what)}malformed JSON at char {error.pos}: {error.msg}",
                         expected=COMPLETE_REPORT) from None


def _named(what: str) -> str:
    return f"{what}: " if what else ""


def loads_guarded(text: str, path: Path, expected: str, strict: bool = True) -> Any:
    """``json.loads`` as every Intel reader uses it: numbers such as ``1e999``
    and the non-JSON constants ``NaN``/``Infinity`` refused, and nesting too
    deep for Python one error line naming ``path`` (issue 16). Raises
    ``json.JSONDecodeError`` for the caller to word."""
    with reading(path, expected):
        return json.loads(text, strict=strict, parse_float=_finite_float, parse_constant=_no_constant)


def _finite_float(text: str) -> float:
    """JSON numbers such as ``1e999`` parse to infinity; no report writes one."""
    return finite(float(text), f"number {text[:40]}")


def _no_constant(name: str) -> float:
    """``NaN``/``Infinity`` are not JSON; Python accepts them unless told."""
    raise ImplausibleValue(f"non-JSON constant {name}")


def split_js_vars(text: str, path: Path) -> dict[str, str]:
    """Split a report ``.js`` file into ``{name: raw payload}``.

    Strings never hold raw newlines (escapes are ``\\012``/``\\u000A``), but
    they can hold ``;var`` in theory; the split therefore only cuts where the
    next ``var NAME=`` starts a statement and validates each payload later.
    """
    refuse_empty(text, path, "an aoc report_data.js file (var NAME=... statements)")
    first = _VAR_AT_START.match(text)
    starts = ([first] if first else []) + list(_VAR_AFTER_SEMICOLON.finditer(text, first.end() if first else 0))
    if not starts:
        raise InputError(path, "no 'var NAME=' statements found", expected="an aoc report_data.js file")
    if not text.rstrip().endswith(";"):
        # Every generated file ends its last statement with ';' (checked on
        # all 190 .js files of the corpus): anything else was cut short.
        raise InputError(path, f"last statement (var {starts[-1].group(1)}) is not terminated: file truncated?",
                         expected=COMPLETE_REPORT)
    out: dict[str, str] = {}
    for index, match in enumerate(starts):
        end = starts[index + 1].start() if index + 1 < len(starts) else len(text)
        out[match.group(1)] = text[match.end():end]
    return out


def load_json_file(path: Path) -> Any:
    """Load a ``json/*.json`` file (lenient on raw TABs, octal and ``\\'``).
    Its errors name the file once (``info.json: info.json: malformed JSON``
    repeated it); a ``report_data.js`` payload's name its variable."""
    text = read_text(path)
    refuse_empty(text, path, "an aoc, oneAPI or i++ report JSON document")
    return decode_payload(text, path, "")


def refuse_empty(text: str, path: Path, expected: str) -> None:
    """An empty (or blank) file is said as such: "no 'var NAME=' statements"
    or "malformed JSON at char 0" sent the user looking for a syntax error."""
    if not text.strip():
        raise InputError(path, "empty file", expected=expected)


def repair_quartus_json(text: str) -> str:
    """Turn 18.1 Pro / 19.x ``"data":["Kernel fmax": 395.0]`` into an object."""
    return _MALFORMED_DATA.sub(lambda m: '"data":{' + m.group(1) + "}", text)


def load_quartus_json(path: Path) -> Any:
    """``quartus.json``: valid in 20.4+, malformed with fit data in 18.1/19.x."""
    text = read_text(path)
    try:
        return json.loads(text, strict=False)
    except json.JSONDecodeError:
        pass
    return decode_payload(repair_quartus_json(text), path, path.name)
