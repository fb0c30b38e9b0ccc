"""A kernel that moves data only through channels still gets its loops'
trip counts from the source, and what the text says about that source holds
(public spcl/stencilflow labs, aoc 18.1.1: kernelA's ``for (i < N)`` stayed
``loop.kernelA.B2.trip``; the lab folder's channels.cl was a later edit
than the compiled one; "with -o the embedded copies are written out" was
said of a report that embeds none).

``fixtures/aoc16_channel_loop``: a hand-written aoc 16.1 report of
``emit(int n)``, a loop writing a channel ``n`` times (no LSU)."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.conftest import FIXTURES, run_cli

FIXTURE = FIXTURES / "aoc16_channel_loop"


def test_the_channel_kernels_loop_counts_from_its_source() -> None:
    result = run_cli("analyze", str(FIXTURE), "-v")
    assert result.code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[1] == "  estimate: symbolic in fmax, n"
    assert "    Block1: II 1, trip n (source) pipelined  /home/user/emit/device/emit.cl:8" in lines
    timed = run_cli("analyze", str(FIXTURE), "--set", "n=1000", "--set", "fmax=250")
    # FlexCL eq. 1: (1000 - 1) x II 1 + depth 4 = 1,003 cycles at 250 MHz
    assert "  estimate: 4.01 us, compute-bound" in timed.stdout.splitlines()


def test_a_local_source_unlike_the_compiled_one_is_said(tmp_path: Path) -> None:
    copy = tmp_path / "emit"
    shutil.copytree(FIXTURE, copy)
    source = copy / "emit.cl"
    source.write_text(source.read_text(encoding="utf-8").replace("i * 3", "i * 5"), encoding="utf-8")
    lines = run_cli("analyze", str(copy), "-v").stdout.splitlines()
    (shown,) = [line for line in lines if line.startswith("  source: ")]
    assert "(report folder; it differs from the copy the report embeds, which is what was compiled and what the" \
           " analysis reads: lines may not match; the report says /home/user/emit/device/emit.cl)" in shown
    same = run_cli("analyze", str(FIXTURE), "-v").stdout
    assert "it differs from the copy" not in same


def test_writing_out_embedded_copies_is_offered_only_when_there_are_some(tmp_path: Path) -> None:
    copy = tmp_path / "emit"
    shutil.copytree(FIXTURE, copy)
    (copy / "emit.cl").unlink()
    lines = run_cli("analyze", str(copy), "-v").stdout.splitlines()
    # the analysis reads the embedded copy (session 37: "not found" was read as "not analysed")
    assert ("  not found on this machine: emit.cl (--source-root DIR finds them; the report's embedded copies are"
            " read, and with -o written out)") in lines
