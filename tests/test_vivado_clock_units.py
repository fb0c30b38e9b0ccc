"""Clock cells in seconds (``sec``), and a target no FPGA runs at.

A public Vitis 2025.1 report (Joseph-Luke-04/Program-Synthesis-for-Efficient-ML,
``mult_mxint_mant_csynth.rpt``, not in the corpus) writes its clock row as
``|ap_clk  |  1.00 sec|  2.340 ns|    0.27 sec|``: hlsight refused the whole
report ("not a time"), exit 2. ``sec`` is read as seconds; a target of 1 s
(1 Hz) is read as written and said to be no FPGA clock
(``vivado-clock-implausible``).
"""

from __future__ import annotations

from pathlib import Path

from hlsight.parsers.vivado.values import parse_period
from tests.conftest import REPO, run_cli

REPORT = REPO / "fixtures" / "vhls2019_exclusive_arms" / "dispatch_csynth.rpt"
ROW_2019 = "|ap_clk  |  10.00|     8.356|        1.25|"
ROW_2025 = "|ap_clk  |  1.00 sec|  2.340 ns|    0.27 sec|"


def test_a_clock_cell_in_seconds() -> None:
    assert parse_period("1.00 sec", "ap_clk target clock") == 1e9
    assert parse_period("2.340 ns", "ap_clk estimated clock") == 2.34
    assert parse_period("0.27 sec", "ap_clk uncertainty") == 0.27e9


def test_a_report_with_a_one_second_target_is_read_and_said(tmp_path: Path) -> None:
    text = REPORT.read_text(encoding="utf-8")
    assert ROW_2019 in text
    copy = tmp_path / REPORT.name
    copy.write_text(text.replace(ROW_2019, ROW_2025), encoding="utf-8")
    result = run_cli("analyze", str(copy), "-v")
    assert result.code == 0, result.stderr
    assert "at the estimated clock (2.34 ns, 427.4 MHz)" in result.stdout
    assert ("warning: the target clock of dispatch is 1e+09 ns (1e-06 MHz), no clock an FPGA runs at (a clock"
            " setting read in another unit?): times at the target clock are at that rate; --set fmax=MHZ gives the"
            " clock the design will run at [vivado-clock-implausible]") in result.stdout
    plain = run_cli("analyze", str(REPORT))
    assert plain.code == 0 and "vivado-clock-implausible" not in plain.stdout
