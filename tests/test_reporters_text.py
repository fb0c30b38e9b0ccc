"""Terminal reporter: gcc-style diagnostics, colour only when asked, summary."""

from __future__ import annotations

import io
import re
import sys

import pytest

from hlsight.commands.common import use_color
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.fixtures.sample_results import SOURCE_PATH, vector_add_result
from hlsight.reporters.base import RenderOptions
from hlsight.reporters.text import TextReporter, format_diagnostic
from tests.conftest import run_cli

GCC_LINE = re.compile(r"^(?P<loc>[^ ]+): (?P<sev>error|warning|note|info): (?P<msg>.+) \[(?P<rule>[\w.-]+)\]$")


def test_diagnostics_are_gcc_style_lines_before_the_summary() -> None:
    text = TextReporter().render(vector_add_result(), RenderOptions())
    lines = text.splitlines()
    assert lines[0] == (f"{SOURCE_PATH}:6:12: warning: 3 LSUs share DDR bank 0 and pay T_row on every switch "
                        "[HLS101]")
    assert lines[1] == f"{SOURCE_PATH}:6: note: loop II >= 4 (memory dependency) [HLS105]"
    # no location at all: the tool name stands in, as gcc does for driver messages
    assert lines[2] == "hlsight: warning: LSU st.z has no lsu_top instance in the RTL [rtl-unpaired-lsu]"
    for line in lines[:3]:
        assert GCC_LINE.match(line), line
    assert lines[3] == "summary:"


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
    first = coloured.splitlines()[0]
    assert "\033[1;35mwarning:\033[0m" in first  # clang's magenta for warnings
    assert re.sub(r"\033\[[0-9;]*m", "", first) == plain.splitlines()[0]


def test_summary_has_estimate_bound_and_top_time_shares() -> None:
    text = TextReporter().render(vector_add_result(), RenderOptions())
    summary = text[text.index("summary:"):]
    # 3 terms: 2 x (28 + 4.2) ms + (28 + 8.4) ms = 100.8 ms
    assert "kernel vector_add: 101 ms, memory-bound" in summary
    assert "top time shares: st.z 36% (36.4 ms), ld.x 32% (32.2 ms), ld.y 32% (32.2 ms)" in summary
    assert "with element_bytes=4, work_items=32768000" in summary
    # the inventory follows
    assert "kernel vector_add [ndrange] fmax 300 MHz (post-fit)" in text


def test_symbolic_estimate_shows_the_expression_and_its_free_symbols() -> None:
    text = TextReporter().render(vector_add_result(symbolic=True), RenderOptions())
    assert "kernel vector_add: symbolic in stride, work_items" in text
    assert "T = 8.05369127516779e-10*stride*work_items" in text
    assert "top time shares" not in text


def test_no_summary_without_estimates() -> None:
    result = vector_add_result()
    result.estimates.clear()
    result.design_estimate = None
    text = TextReporter().render(result, RenderOptions())
    assert "summary:" not in text
    assert "kernel vector_add [ndrange]" in text


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
