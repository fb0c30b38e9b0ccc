"""The hints key ``launched`` names the only kernels the host launches.

A bitstream may hold more kernels than a run uses: HPCC FFT on the 520N is
built with 5 replicas of fetch/fft1d and its measured run (public, in
pc2/hpcc_fpga_eval_21, not in the corpus) launches 2. Without a way to say
so, the 3 idle replicas needed trip counts and banks, and added their time.
Here the case is HPCC STREAM's four replicas (520N, ``-no-interleaving``),
of which a host runs two: the number is those two at the same time, values
and banks are asked for them only, and the cut is said beside the number.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import CORPUS, run_cli

STREAM = (CORPUS / "aoc" / "aoc21.2_s10_520n_hpcc_stream_randomaccess" / "synthesis_artifacts" / "STREAM"
          / "520n-21.2.0-20.4.0" / "stream_kernels_single_synth_reports")
OUTER_TRIP = 2**30 // 4 // 16 // 32768
BANK_BW = 8 * 2 * 1200e6 * 0.882  # one 520N bank at the ddr4-2400-520n profile's efficiency
REPLICA_SECONDS = 3 * OUTER_TRIP * 32768 * 64 / BANK_BW  # three 64 B loops of 32768 per outer iteration


def _hints(tmp_path: Path, body: str) -> str:
    path = tmp_path / "hints.toml"
    path.write_text(body)
    return str(path)


def test_two_of_four_replicas(tmp_path: Path) -> None:
    hints = _hints(tmp_path, 'launched = ["calc_0", "calc_1"]\nconcurrent = ["calc_0", "calc_1"]\nstride = 1\n'
                   f'"loop.calc_0.B2.trip" = {OUTER_TRIP}\n"loop.calc_1.B2.trip" = {OUTER_TRIP}\n'
                   '"calc_0:bank" = 1\n"calc_1:bank" = 2\n')
    result = run_cli("analyze", str(STREAM), "--hints", hints, "--format", "json")
    assert result.code == 0, result.stderr
    payload = json.loads(result.stdout)
    assert [kernel["name"] for kernel in payload["kernels"]] == ["calc_0", "calc_1"]
    estimate = payload["estimate"]
    assert estimate["seconds"] == pytest.approx(REPLICA_SECONDS, rel=1e-9)  # the two overlap, each in its bank
    assert estimate["free_symbols"] == [] and estimate["pending_symbols"] == []
    assert ("the host launches only calc_0, calc_1 (hints launched); calc_2, calc_3 are built into the design"
            " but left out of this number") in estimate["extra"]["caveats"]
    text = run_cli("analyze", str(STREAM), "--hints", hints).stdout
    assert "caution: the host launches only calc_0, calc_1 (hints launched)" in text
    # without the key the idle replicas want their trips and banks
    refused = run_cli("analyze", str(STREAM), "--hints", _hints(tmp_path, 'stride = 1\n"calc_0:bank" = 1\n'))
    assert refused.code == 2


@pytest.mark.parametrize(("body", "message"), [
    ('launched = "calc_0"\n', "launched = 'calc_0'"),
    ("launched = []\n", "launched = []"),
    ('launched = ["calc_9"]\n', "unknown launched kernel 'calc_9'"),
])
def test_bad_launched_is_a_clear_error(tmp_path: Path, body: str, message: str) -> None:
    result = run_cli("analyze", str(STREAM), "--hints", _hints(tmp_path, body))
    assert result.code == 2
    assert message in result.stderr and "Traceback" not in result.stderr
