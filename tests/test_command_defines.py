"""``-D`` macros of the compile command a report records (aoc's info.json
``command``), and one no process can take.

Found by ``benchmarks/fuzz_cli.py --seed 36``: a NUL byte in aoc 18.1's
info.json command (``aoc -D INPUTS=\\x00 ...``) reached the preprocessor's
argument list, and Python refused to start it (``ValueError: embedded null
byte``, a traceback). Such a macro is left out, as one the command does not
give.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from hlsight.analyzer.access.sources import command_defines
from tests.conftest import CORPUS, run_cli

VECTORADD = CORPUS / "aoc" / "aoc18.1pro_s10gx_memprofile" / "Aplications" / "Reports_S10GX_1866" / "Vectoradd216"


def test_the_macros_of_a_command() -> None:
    assert command_defines("aoc -D INPUTS=2 -DV=16 -DFAST k.cl") == {"INPUTS": "2", "V": "16", "FAST": "1"}
    assert command_defines("aoc -D INPUTS=\x00 -D V=16 k.cl") == {"V": "16"}


def test_a_nul_in_the_recorded_command_is_no_traceback(tmp_path: Path) -> None:
    copy = tmp_path / "Vectoradd216"
    shutil.copytree(VECTORADD, copy)
    info = copy / "lib" / "json" / "info.json"
    data = info.read_bytes()
    assert b"-D INPUTS=2" in data
    info.write_bytes(data.replace(b"-D INPUTS=2", b"-D INPUTS=\x00", 1))
    result = run_cli("analyze", str(copy))
    assert result.code == 0, result.stderr
    assert "Traceback" not in result.stderr
