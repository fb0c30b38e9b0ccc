"""Vivado/Vitis files that are no synthesis report get a message that says
what they are (public projects: a Vitis 2025.1 repository whose only report
is hls_compile.rpt, a run that stopped with only csynth_design_size.rpt;
both read "no HLS report found here", aimed at aoc reports)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import run_cli


def test_hls_compile_rpt_is_named_as_a_file_not_read(tmp_path: Path) -> None:
    summary = tmp_path / "hls_compile.rpt"
    summary.write_text("=" * 64 + "\n== Vitis HLS Report\n", encoding="utf-8")
    for given in (summary, tmp_path):
        result = run_cli("analyze", str(given))
        assert result.code == 2 and "Traceback" not in result.stderr
        assert ("hls_compile.rpt is the Vitis unified flow's compile summary, which hlsight does not read; point at"
                " the solution's syn/report folder (csynth.xml, *_csynth.rpt)") in result.stderr
    assert summary.read_text(encoding="utf-8").startswith("====")  # never changed


def test_a_synthesis_that_stopped_says_so(tmp_path: Path) -> None:
    report = tmp_path / "hls" / "syn" / "report"
    report.mkdir(parents=True)
    (report / "csynth_design_size.rpt").write_text(
        "================================================================\n== Design Size Report\n"
        "================================================================\n\n* C-Synthesis has not completed!\n",
        encoding="utf-8")
    for given in (report, tmp_path / "hls"):
        result = run_cli("analyze", str(given))
        assert result.code == 2
        assert ("csynth_design_size.rpt says 'C-Synthesis has not completed!': this run stopped before synthesis"
                " wrote its latency reports") in result.stderr
