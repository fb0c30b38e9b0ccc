"""Names from reports cannot drive the terminal or forge log lines (issue 16):
control characters and bidi overrides print as visible escapes, and every
output line stays one line."""

from __future__ import annotations

import shutil
from pathlib import Path

from hlsight.core.terminal import terminal_safe
from tests.conftest import CORPUS, run_cli

FIBONACCI = CORPUS / "vivado" / "vhls2019.2_fibonacci"
OSC_TITLE = "\x1b]0;pwned\x07"
RED = "\x1b[31m"
FORGED = "\nfibonacci.c:1:1: error: forged [x]"


def test_terminal_safe_escapes_controls_and_bidi() -> None:
    assert terminal_safe(f"a{OSC_TITLE}b") == "a\\x1b]0;pwned\\x07b"
    assert terminal_safe("x\ny\rz\u202ew\tv\x9b") == "x\\ny\\rz\\u202ew\tv\\x9b"
    assert terminal_safe("Loop 1 ≤ ü") == "Loop 1 ≤ ü"  # printable Unicode untouched


def test_escape_sequences_in_an_rpt_loop_name(tmp_path: Path) -> None:
    rpt = tmp_path / "fibonacci_csynth.rpt"
    text = (FIBONACCI / "fibonacci_csynth.rpt").read_text(encoding="latin-1")
    rpt.write_text(text.replace("|- Loop 1  |", f"|- {RED}L{OSC_TITLE} |"), encoding="latin-1")
    result = run_cli("analyze", str(rpt))
    assert result.code == 0, result.stderr
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    assert "\\x1b[31mL\\x1b]0;pwned\\x07" in result.stdout


def test_newlines_in_an_xml_loop_name_cannot_forge_lines(tmp_path: Path) -> None:
    report = shutil.copytree(FIBONACCI, tmp_path / "fib")
    for name in ("fibonacci_csynth.xml", "csynth.xml"):
        path = report / name
        xml_name = FORGED.replace("\n", "&#10;")
        path.write_text(path.read_text().replace("<Loop1>", f"<Loop1>\n<Name>L{xml_name}</Name>"))
    (report / "fibonacci_csynth.rpt").unlink()
    result = run_cli("analyze", str(report))
    assert result.code == 0, result.stderr
    assert not [line for line in result.stdout.splitlines() if line.startswith("fibonacci.c:1:1: error")]
    assert "L\\nfibonacci.c:1:1: error: forged [x]" in result.stdout


def test_error_messages_are_one_line(tmp_path: Path) -> None:
    bad = tmp_path / f"bad{FORGED}{OSC_TITLE}_csynth.rpt"
    bad.write_text("not a report")
    result = run_cli("analyze", str(bad))
    assert result.code == 2
    assert result.stderr.count("\n") == 1 and "\x1b" not in result.stderr
    assert "bad\\nfibonacci.c:1:1: error: forged [x]\\x1b]0;pwned\\x07_csynth.rpt" in result.stderr
