"""The clock lines of a Vivado/Vitis module: a given fmax is the number's
clock and is shown first; a slack inside the report's 0.01 ns rounding is
not a missed target (HPCC FPGA's 300 MHz U280 kernels: target 3.33 ns,
uncertainty 0.90 ns, estimated 2.433 ns read -0.003 ns "MISSED")."""

from __future__ import annotations

import re
from pathlib import Path

from hlsight.core.model import Kernel, KernelKind
from hlsight.reporters.hierarchy import clock_check_text
from tests.conftest import CORPUS, run_cli


def _kernel(estimated: float) -> Kernel:
    return Kernel("k", kind=KernelKind.FUNCTION, clock_target_ns=3.33, clock_uncertainty_ns=0.9,
                  clock_estimated_ns=estimated)


def test_a_slack_inside_the_reports_rounding_is_met() -> None:
    assert clock_check_text(_kernel(2.433)) == ("clock: target 3.33 ns - uncertainty 0.9 ns, estimated 2.433 ns:"
                                                " slack -0.003 ns (met within the report's rounding)")
    assert (clock_check_text(_kernel(2.45)) or "").endswith("place and route decides)")
    assert (clock_check_text(_kernel(2.43)) or "").endswith("(met)")
    # inside the target but past its uncertainty margin (a public SDAccel 2016.3 CNN ran at its 250 MHz)
    assert (clock_check_text(_kernel(3.3)) or "").endswith(
        "(inside the target, not its uncertainty margin: the scheduler's budget missed, place and route decides)")
    assert (clock_check_text(_kernel(3.4)) or "").endswith("(MISSED)")


def test_a_given_fmax_is_the_first_clock_line() -> None:
    result = run_cli("analyze", str(CORPUS / "vivado" / "vhls2019.2_matrixmul"), "--set", "fmax=50")
    assert result.code == 0, result.stderr
    lines = result.stdout.splitlines()
    first = next(index for index, line in enumerate(lines) if "at the given clock" in line)
    assert lines[first].strip() == "at the given clock (20 ns, 50 MHz): 2.12 us"  # 106 cycles x 20 ns
    assert "at the target clock (10 ns, 100 MHz): 1.06 us" in lines[first + 1]
    assert "clock 50 MHz (given)" in result.stdout


def test_a_report_without_target_clock_says_the_estimated_clock_is_used(tmp_path: Path) -> None:
    """With no TargetClockPeriod the time is at the estimated clock (a
    legitimate fallback), which the headline called "the HLS target clock"."""
    source = CORPUS / "vivado" / "vitis2020.2_gaussian"
    report = tmp_path / "gaussian"
    report.mkdir()
    for name in ("csynth.xml", "gaussian_csynth.xml"):
        text = (source / name).read_text(encoding="utf-8")
        estimated = re.search(r"<EstimatedClockPeriod>([^<]+)<", text)
        assert estimated is not None and "<TargetClockPeriod>" in text
        (report / name).write_text(re.sub(r"<TargetClockPeriod>[^<]*</TargetClockPeriod>", "", text),
                                   encoding="utf-8")
    result = run_cli("analyze", str(report))
    assert result.code == 0, result.stderr
    mhz = 1000.0 / float(estimated[1])
    assert f"clock {mhz:.3f} MHz (the HLS estimated clock: no target clock" in result.stdout
    assert "target clock:" not in result.stdout.replace("no target clock", "")


def test_a_report_with_target_clock_still_names_it() -> None:
    result = run_cli("analyze", str(CORPUS / "vivado" / "vitis2020.2_gaussian"))
    assert result.code == 0, result.stderr
    assert "(the HLS target clock: no place-and-route fmax in the report" in result.stdout
