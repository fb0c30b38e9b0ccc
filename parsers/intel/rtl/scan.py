"""Extract ``lsu_top`` instances and their parameters from generated RTL.

Speed matters (the 16.1 ``net.v`` is 3.8 MB): every scan is a handful of
compiled regexes that run once over the text, with no nested quantifiers
that could backtrack catastrophically; parameter lists of VHDL/SV are cut
out with a one-level-nesting pattern whose alternatives cannot overlap.
Instances are keyed by their enclosing module/entity because instance names
repeat across kernels (``lsu_local_bb2_ld_`` three times in ``net.v``).
"""

from __future__ import annotations

import bisect
import re
from pathlib import Path

from hlsight.core.model import RtlLsuParams

# Patterns start with a literal so the regex engine can skip ahead quickly;
# word boundaries are checked by hand (``_starts_word``) because a leading
# ``\b`` or ``^[ \t]*`` makes ``re`` try every offset of a 3.8 MB file.
_V_MODULE = re.compile(r"module[ \t]+(\w+)")
_V_INSTANCE = re.compile(r"lsu_top[ \t\r\n]+(\w+)[ \t\r\n]*\(")
_V_DEFPARAM = re.compile(r"defparam[ \t]+(\w+)\.(\w+)[ \t]*=[ \t]*([^;\n]+);")
_VHDL_ENTITY = re.compile(r"^[ \t]*entity[ \t]+(\w+)[ \t]+is\b", re.MULTILINE | re.IGNORECASE)
#: A parenthesised list with at most one level of nesting (``.P(V)``, ``"A(B)"``);
#: the two alternatives start with different characters, so matching is linear.
_PAREN_LIST = r"\(((?:[^()]|\([^()]*\))*)\)"
_VHDL_INSTANCE = re.compile(r"lsu_top[ \t\r\n]+GENERIC[ \t]+MAP[ \t\r\n]*" + _PAREN_LIST, re.IGNORECASE)
_VHDL_LABEL = re.compile(r"(\w+)[ \t]*:[ \t]*$")
_VHDL_PARAM = re.compile(r"(\w+)[ \t]*=>[ \t]*([^,\n]+)")
_SV_INSTANCE = re.compile(r"lsu_top[ \t\r\n]*#[ \t\r\n]*" + _PAREN_LIST + r"[ \t\r\n]*(\w+)[ \t\r\n]*\(")
_SV_PARAM = re.compile(r"\.(\w+)[ \t]*\([ \t]*([^()\n]*?)[ \t]*\)")

DIALECTS = {".v": "verilog", ".vhd": "vhdl", ".vhdl": "vhdl", ".sv": "systemverilog"}


def _starts_word(text: str, offset: int) -> bool:
    return offset == 0 or not (text[offset - 1].isalnum() or text[offset - 1] == "_")


def _starts_line(text: str, offset: int) -> bool:
    """Only blanks between the previous newline and ``offset``."""
    start = text.rfind("\n", 0, offset) + 1
    return not text[start:offset].strip()


def _clean(value: str) -> str:
    return value.strip().strip('"')


class _Enclosing:
    """Maps a text offset to the module/entity declared last before it."""

    def __init__(self, pattern: re.Pattern[str], text: str):
        self.starts: list[int] = []
        self.names: list[str] = []
        for match in pattern.finditer(text):
            if not _starts_line(text, match.start()):
                continue
            self.starts.append(match.start())
            self.names.append(match.group(1))

    def at(self, offset: int) -> str:
        index = bisect.bisect_right(self.starts, offset) - 1
        return self.names[index] if index >= 0 else ""


class _Lines:
    """1-based line numbers of offsets visited in increasing order (one pass)."""

    def __init__(self, text: str):
        self.text = text
        self.offset = 0
        self.line = 1

    def at(self, offset: int) -> int:
        if offset < self.offset:
            self.offset, self.line = 0, 1
        self.line += self.text.count("\n", self.offset, offset)
        self.offset = offset
        return self.line


def scan_verilog(text: str, file: str) -> list[RtlLsuParams]:
    """14.x-16.1: ``lsu_top <inst> (...)`` + ``defparam <inst>.P = V;``."""
    if "lsu_top" not in text:
        return []
    modules = _Enclosing(_V_MODULE, text)
    lines = _Lines(text)
    found: dict[tuple[str, str], RtlLsuParams] = {}
    for match in _V_INSTANCE.finditer(text):
        if not _starts_word(text, match.start()):
            continue
        module = modules.at(match.start())
        key = (module, match.group(1))
        found[key] = RtlLsuParams(match.group(1), module, file, lines.at(match.start()), "verilog")
    names = {instance for _, instance in found}
    for match in _V_DEFPARAM.finditer(text):
        if match.group(1) not in names or not _starts_line(text, match.start()):
            continue  # defparams of acl_push/acl_pop and other cells
        params = found.get((modules.at(match.start()), match.group(1)))
        if params is not None:
            params.params[match.group(2)] = _clean(match.group(3))
    return list(found.values())


def scan_vhdl(text: str, file: str) -> list[RtlLsuParams]:
    """18.1 Standard DSPBA: ``<inst> : lsu_top GENERIC MAP ( P => V, ... )``."""
    if "lsu_top" not in text.lower():
        return []
    entities = _Enclosing(_VHDL_ENTITY, text)
    lines = _Lines(text)
    out = []
    for match in _VHDL_INSTANCE.finditer(text):
        line_start = text.rfind("\n", 0, match.start()) + 1
        label = _VHDL_LABEL.search(text, line_start, match.start())
        if label is None:
            continue  # the component declaration, not an instance
        params = {m.group(1): _clean(m.group(2)) for m in _VHDL_PARAM.finditer(match.group(1))}
        out.append(RtlLsuParams(label.group(1), entities.at(match.start()), file, lines.at(match.start()),
                                "vhdl", params))
    return out


def scan_systemverilog(text: str, file: str) -> list[RtlLsuParams]:
    """oneAPI: ``lsu_top #( .P(V), ... ) <inst> (``."""
    if "lsu_top" not in text:
        return []
    modules = _Enclosing(_V_MODULE, text)
    lines = _Lines(text)
    out = []
    for match in _SV_INSTANCE.finditer(text):
        if not _starts_word(text, match.start()):
            continue
        params = {m.group(1): _clean(m.group(2)) for m in _SV_PARAM.finditer(match.group(1))}
        out.append(RtlLsuParams(match.group(2), modules.at(match.start()), file, lines.at(match.start()),
                                "systemverilog", params))
    return out


SCANNERS = {"verilog": scan_verilog, "vhdl": scan_vhdl, "systemverilog": scan_systemverilog}


def scan_text(text: str, path: Path) -> list[RtlLsuParams]:
    dialect = DIALECTS.get(path.suffix.lower())
    return [] if dialect is None else SCANNERS[dialect](text, str(path))


_MODULE_LINE = re.compile(r"^[ \t]*(?:macro)?module\b", re.MULTILINE)
_ENDMODULE_LINE = re.compile(r"^[ \t]*endmodule\b", re.MULTILINE)


def truncation(text: str, path: Path) -> str | None:
    """Why ``text`` looks cut short, or ``None``. Generated Verilog/SV closes
    every ``module`` with ``endmodule``; generated VHDL ends with an ``end``
    statement (both checked on every RTL file of the corpus). A truncated
    file would otherwise read as a design with fewer LSUs, or no kernel."""
    dialect = DIALECTS.get(path.suffix.lower())
    if dialect in ("verilog", "systemverilog"):
        opened, closed = len(_MODULE_LINE.findall(text)), len(_ENDMODULE_LINE.findall(text))
        if opened != closed:
            return f"{opened} module(s) but {closed} endmodule(s): file truncated?"
    elif dialect == "vhdl":
        lines = (line.strip() for line in reversed(text.splitlines()))
        last = next((line for line in lines if line and not line.startswith("--")), "")
        if not last.lower().startswith("end"):
            return "does not end with an 'end' statement: file truncated?"
    return None


_FUNCTION_MODULE = re.compile(r"module[ \t]+(\w+)_function[ \t\r\n]*[(#;]")


def kernel_function_modules(text: str) -> list[str]:
    """Kernel names of 14.x-16.1 Verilog: every ``module <kernel>_function``
    (not ``_function_wrapper``/``_function_cra_slave``), in file order, so a
    kernel without any LSU is still listed."""
    return [m.group(1) for m in _FUNCTION_MODULE.finditer(text) if _starts_line(text, m.start())]
