"""Terminal reporter: gcc-style diagnostics, colour only when asked, summary."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest

from hlsight.commands.common import use_color
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.fixtures.sample_results import SOURCE_PATH, vector_add_result
from hlsight.reporters.base import RenderOptions
from hlsight.reporters.text import TextReporter, format_diagnostic
from tests.conftest import CORPUS, run_cli

GCC_LINE = re.compile(r"^(?P<loc>[^ ]+): (?P<sev>error|warning|note|info): (?P<msg>.+) \[(?P<rule>[\w.-]+)\]$")


def _finding_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if GCC_LINE.match(line)]


def test_estimate_profile_and_clock_come_first_then_gcc_style_findings() -> None:
    text = TextReporter().render(vector_add_result(), RenderOptions())
    lines = text.splitlines()
    assert lines[1] == "  estimate: 101 ms, memory-bound"
    assert lines[2].startswith("  using: DRAM profile ") and "clock 300 MHz" in lines[2]
    # a profile said with its own "; pass --memory" (an unknown board) takes the clock after "; "
    hls4ml = run_cli("analyze", str(CORPUS / "aoc" / "oneapi2024_hls4ml_ndjson")).stdout.splitlines()[2]
    assert hls4ml.endswith("memory profile ddr4-1866 assumed; pass --memory; clock 597.73 MHz")
    findings = _finding_lines(text)
    assert findings == [
        f"{SOURCE_PATH}:6:12: warning: 3 LSUs share DDR bank 0 and pay T_row on every switch [HLS101]",
        # no location at all: the tool name stands in, as gcc does for driver messages
        "hlsight: warning: LSU st.z has no lsu_top instance in the RTL [rtl-unpaired-lsu]",
    ]
    assert lines.index(findings[0]) > lines.index("  estimate: 101 ms, memory-bound")
    # the note is behind -v, and the last line says so
    assert lines[-1] == "(1 less severe finding not shown; -v or --min-severity note shows them)"


def test_verbose_shows_notes_formulas_and_the_inventory() -> None:
    text = TextReporter().render(vector_add_result(), RenderOptions(verbosity=1))
    assert f"{SOURCE_PATH}:6: note: loop II >= 4 (memory dependency) [HLS105]" in _finding_lines(text)
    assert "kernel vector_add [ndrange] fmax 300 MHz (post-fit)" in text
    assert "not shown" not in text


def test_min_severity_and_quiet() -> None:
    errors_only = TextReporter().render(vector_add_result(), RenderOptions(min_severity=Severity.ERROR))
    assert _finding_lines(errors_only) == []
    assert "(3 less severe findings not shown" in errors_only
    quiet = TextReporter().render(vector_add_result(), RenderOptions(verbosity=-1))
    assert "summary:" not in quiet and "  estimate: 101 ms, memory-bound" in quiet
    assert len(_finding_lines(quiet)) == 2


def test_paths_below_the_working_directory_are_shown_relative() -> None:
    diag = Diagnostic("HLS101", Severity.WARNING, "m", "/home/build/proj/device/k.cl", 3, 1)
    assert format_diagnostic(diag, RenderOptions(relative_to="/home/build/proj")) == \
        "device/k.cl:3:1: warning: m [HLS101]"
    # outside it: kept as the report spells it
    shown = format_diagnostic(diag, RenderOptions(relative_to="/elsewhere"))
    assert shown.startswith("/home/build/proj/device/k.cl:3:1:")


def test_colour_only_when_requested() -> None:
    result = vector_add_result()
    plain = TextReporter().render(result, RenderOptions(color=False))
    coloured = TextReporter().render(result, RenderOptions(color=True))
    assert "\033[" not in plain
    warning = next(line for line in coloured.splitlines() if "warning" in line)
    assert "\033[1;35mwarning:\033[0m" in warning  # clang's magenta for warnings
    assert re.sub(r"\033\[[0-9;]*m", "", coloured) == plain


def test_ranked_kernels_have_estimate_bound_and_top_time_shares() -> None:
    text = TextReporter().render(vector_add_result(), RenderOptions())
    summary = text[text.index("summary:"):]
    # 3 terms: 2 x (28 + 4.2) ms + (28 + 8.4) ms = 100.8 ms
    # shares of the kernel's 101 ms (one bank: the terms add up to it)
    assert ("  kernel vector_add  101 ms, memory-bound  top LSUs: st.z 36.4 ms (36%), ld.x 32.2 ms (32%),"
            " ld.y 32.2 ms (32%)") in summary
    assert "  with element_bytes=4, work_items=32768000" in text


def test_symbolic_estimate_names_its_free_symbols_and_the_formula_with_v() -> None:
    text = TextReporter().render(vector_add_result(symbolic=True), RenderOptions())
    assert "kernel vector_add  symbolic in stride, work_items" in text
    assert "T [s] = " not in text and "top LSUs:" not in text
    verbose = TextReporter().render(vector_add_result(symbolic=True), RenderOptions(verbosity=1))
    # units, and no float noise: 8.05369127516779e-10 printed at 4 digits
    assert "      T [s] = 8.054e-10*stride*work_items" in verbose.splitlines()


def test_no_summary_without_estimates() -> None:
    result = vector_add_result()
    result.estimates.clear()
    result.design_estimate = None
    text = TextReporter().render(result, RenderOptions())
    assert "summary:" not in text and "estimate:" not in text
    assert "kernel vector_add [ndrange]" in TextReporter().render(result, RenderOptions(verbosity=1))


KMERS = CORPUS / "aoc" / "oneapi2023.0_s10mx_kmers" / "less_work_but_slower" / "reports_v12_m_v9_half"


def test_kmers_prints_under_150_short_lines_with_repeated_findings_grouped() -> None:
    result = run_cli("analyze", str(KMERS))
    assert result.code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) < 150  # 393 before issue 15
    findings = [line for line in lines if ": warning: " in line or ": error: " in line]
    assert findings and max(map(len, findings)) < 700  # 3,901 with a loop's full compiler reason; -v shows it
    assert lines[1].startswith("  estimate: ") and "DRAM profile hbm2-s10mx" in lines[2] and "clock 286 MHz" in lines[2]
    grouped = [line for line in lines if re.search(r"\(15 LSUs like this: [^)]*store0, ", line)]
    assert len(grouped) == 1 and grouped[0].endswith("[mem-fmax-below-fmin]")
    # the 15 per-kernel copies of that warning are gone
    assert sum("store0 (1 B wide) needs fmax" in line for line in lines) == 1
    verbose = run_cli("analyze", "-v", str(KMERS)).stdout.splitlines()
    assert sum("store0 (1 B wide) needs fmax" in line for line in verbose) == 15
    assert len(verbose) > 300  # everything is still there behind -v


def test_demo_notes_are_behind_verbose() -> None:
    default = run_cli("demo").stdout
    assert ": note: " not in default and "[access-derived]" not in default
    assert "[access-derived]" in run_cli("demo", "-v").stdout
    assert "[access-derived]" in run_cli("demo", "--min-severity", "note").stdout


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_colour_decision_follows_the_terminal_and_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert not use_color(None)  # a pipe or file
    monkeypatch.setattr(sys, "stdout", _Tty())
    assert use_color(None) and use_color("-")
    assert not use_color("out.txt")  # writing a file, even from a terminal
    monkeypatch.setenv("NO_COLOR", "1")
    assert not use_color(None)


def test_cli_output_to_a_pipe_has_no_colour() -> None:
    result = run_cli("demo")
    assert result.code == 0 and "\033[" not in result.stdout


KMERS_VALUES = ("--set", "element_bytes=1", "--set", "stride=1")


def test_kmers_bound_label_agrees_with_the_shares_beside_it() -> None:
    """A 1 B LSU that cannot saturate HBM (fmax < f_min) and takes the whole
    kernel time is not "compute-bound next to load0 100 %"."""
    big = run_cli("analyze", str(KMERS), *KMERS_VALUES, "--set", "work_items=1e9").stdout.splitlines()
    rows = [line for line in big if line.startswith("  kernel ")]
    assert len(rows) == 37
    assert any("memory-bound (non-saturated)" in row or "compute+memory-bound" in row for row in rows)
    for line in rows:
        assert not ("compute-bound  top" in line and "(100%)" in line), line


CAFFE = CORPUS / "aoc" / "aoc16.1_s5_de5net_caffe_net" / "kernels" / "net" / "bin" / "net"


def test_caffe_f_min_is_the_same_number_in_text_and_html(tmp_path: Path) -> None:
    text = run_cli("analyze", str(CAFFE)).stdout
    # dataLayer/load0 is the hoisted, work-item invariant load (one per launch): no hint for it
    assert "dataLayer/load0 (4 B wide)" not in text
    line = next(line for line in text.splitlines() if "dataLayer/load1 (4 B wide)" in line)
    assert "needs fmax >= 3200 MHz (f_min 6400 MHz, eq. 5, halved by eq. 6: LSUs share the bank)" in line
    assert run_cli("analyze", str(CAFFE), "--format", "html", "-o", str(tmp_path / "r.html")).code == 0
    html = (tmp_path / "r.html").read_text()
    assert re.search(r"dataLayer/load1</td><td class=\"hs-num\">6400 MHz</td>", html)


def test_zero_and_tiny_times_read_in_units() -> None:
    from hlsight.core.units import format_seconds
    assert format_seconds(0.0) == "0 s" and format_seconds(1.58e-9) == "1.58 ns"
    text = run_cli("analyze", "-v", str(CAFFE)).stdout
    # a bank whose row-miss time is 0 gets no "each burst pays a row miss" warning
    # (caffe's pooling, relu and softmax banks: before decision 18 they read "T_ovh 0 s")
    assert "T_ovh 0 s" not in text and " ms (eq. 8" not in text
    # pooling and conv: their unmatched cached loads keep symbols; relu's third LSU is the work-item
    # invariant load, which streams alongside nothing (it counted as a third access before)
    assert text.count("T_ovh symbolic (inputs missing) (eq. 8") == 2


def test_many_missing_values_are_counted_and_listed_in_full_with_v() -> None:
    """oneAPI kmers (37 kernels) leaves 23 values to give (its std::fill
    loops' 268,435,456 trips are the report's, once paired with the right
    kernels; 31 before): the summary says how many with the first five
    names (the line was 1,503 characters); -v gives every ``--set`` option."""
    kmers = CORPUS / "aoc" / "oneapi2023.0_s10mx_kmers" / "less_work_but_slower" / "reports_v12_m_v9_half"
    short = run_cli("analyze", str(kmers)).stdout.splitlines()
    wanted = next(line for line in short if "to get a number" in line)
    assert wanted.startswith("  to get a number, give 23 values (--set NAME=VALUE or a --hints file): ")
    assert wanted.endswith(" and 18 more; -v lists them all")
    estimate = next(line for line in short if line.startswith("  estimate: symbolic in "))
    assert estimate.endswith(" and 17 more")
    full = next(line for line in run_cli("analyze", "-v", str(kmers)).stdout.splitlines() if "to get a number" in line)
    assert full.count("--set ") == 23 and "--set total_kmers=VALUE" in full


@pytest.mark.parametrize(
    ("case", "extra", "clock"),
    [
        # no Quartus run in this report: the clock is aoc's estimate before place-and-route
        ("stride5", [], "clock 480 MHz (the compiler's pre-fit estimate: no place-and-route fmax in the report"),
        ("stride6", [], "clock 426.67 MHz\n"),  # post-fit (quartus.json)
        ("stride5", ["--set", "fmax=400"], "clock 400 MHz (given)"),
    ],
)
def test_headline_says_where_the_clock_comes_from(case: str, extra: list[str], clock: str) -> None:
    report = CORPUS / "zaragoza" / "reports" / "hbm2" / case
    result = run_cli("analyze", str(report), "--set", "work_items=32768000", *extra)
    assert result.code == 0, result.stderr
    assert clock in result.stdout.split("\n", 3)[2] + "\n"


def test_a_report_file_that_opens_is_not_called_not_found() -> None:
    """Vivado 2019.2 matrixmul: a finding names matrixmul_csynth.xml, which is
    right there in the report folder; it was listed as "not found on this
    machine" (so were the Vitis U280 reports of HPCC GEMM, checked outside the
    corpus). A path that opens as named needs no line at all."""
    result = run_cli("analyze", str(CORPUS / "vivado" / "vhls2019.2_matrixmul"), "--min-severity", "note")
    assert "matrixmul_csynth.xml: note:" in result.stdout  # its rpt's interval one cycle off the XML's
    assert "not found on this machine" not in result.stdout
    assert "source: " not in result.stdout
