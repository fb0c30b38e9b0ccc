"""The DRAM data rate the estimate uses: the BSP's, from the report's Global
memory view, over the memory profile's (docs/model.md decision 48).

Figures read by hand from each report's ``gmv.json`` ("Maximum bandwidth the
BSP can deliver" of the top-level ``memsys`` node): 76,800 MB/s for the
520N's four DDR4 banks (19,200 MB/s = 2400 MT/s x 8 B each), 14,928 MB/s for
the S10 GX dev kit's one bank (DDR4-1866), 34,133 MB/s for the Arria 10 PAC's
two banks (2133 MT/s each, where the card's data sheet rates the parts
DDR4-2400) and 12,800 MB/s for each HBM2 pseudo-channel of the 520N-MX (1600
MT/s x 8 B).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from hlsight.analyzer.memory_profiles import load_profile
from hlsight.analyzer.pipeline import analyze
from hlsight.parsers.intel.gmv import read_bsp_bandwidths
from hlsight.parsers.loader import load_design
from tests.conftest import run_cli
from tests.test_gmv_widths import BFS_S10GX, KMERS_MX, RANDOM_520N, STREAM_520N, VADD_A10PAC
from tests.test_report_interface import profile_file, stream_with_profile

BSP_BANDWIDTHS = {
    STREAM_520N: {"DDR": 76800.0},
    RANDOM_520N: {"DDR": 76800.0},
    BFS_S10GX: {"DDR": 14928.0},
    VADD_A10PAC: {"DDR": 34133.0},
}


@pytest.mark.parametrize("report", list(BSP_BANDWIDTHS), ids=lambda path: path.parts[1])
def test_bsp_bandwidth_from_the_global_memory_view(report: Path, corpus: Path) -> None:
    design = load_design(corpus / report)
    found = {memory.name: memory.bsp_bandwidth_mbs for memory in design.memory_systems
             if memory.bsp_bandwidth_mbs is not None}
    assert found == BSP_BANDWIDTHS[report]


def test_every_hbm_pseudo_channel_gives_its_bandwidth(corpus: Path) -> None:
    design = load_design(corpus / KMERS_MX)
    hbm = [memory for memory in design.memory_systems if memory.is_global and memory.name.startswith("HBM")]
    assert hbm and all(memory.bsp_bandwidth_mbs == 12800.0 for memory in hbm)


def test_figures_in_other_units_or_shapes_are_left_out() -> None:
    def view(value: object, name: object = "DDR") -> dict[str, object]:
        table = {"type": "table", "Maximum bandwidth the BSP can deliver": value}
        return {"nodes": [{"name": name, "type": "memsys", "details": [table]}]}

    assert read_bsp_bandwidths(view("34133.00 MB/s<br><small><i>Note</i></small>")) == {"DDR": 34133.0}
    assert read_bsp_bandwidths(view("1,024.5 MB/s")) == {"DDR": 1024.5}
    for odd in ("34.1 GB/s", "n/a", "", "0.00 MB/s", "-5 MB/s", "9" * 5000 + " MB/s", 34133, None, ["34133 MB/s"]):
        assert read_bsp_bandwidths(view(odd)) == {}, odd
    assert read_bsp_bandwidths(view("34133.00 MB/s", name=None)) == {}
    assert read_bsp_bandwidths(None) == {}
    assert read_bsp_bandwidths({"nodes": [{"type": "bb", "name": "DDR"}]}) == {}


#: STREAM's four kernels with 2^20 iterations each (their loop trip counts are not in the report)
STREAM_VALUES = {"stride": 1, **{f"loop.calc_{k}.B2.trip": 2.0**20 for k in range(4)}}


def test_the_bsps_rate_is_the_one_used(corpus: Path) -> None:
    """STREAM on the 520N is memory-bound at the banks' rate (64 B LSUs, two
    on a bank, eq. 4 saturated): a profile saying 2133 MT/s changes nothing
    while the report says 2400; the same profile on the design without the
    report's figure gives a slower memory, by the rates' ratio where the
    transfer time dominates."""
    design = load_design(corpus / STREAM_520N)
    board = load_profile("ddr4-2400-520n")
    slow = replace(board, name="slow-520n", f_dram_hz=1066.67e6)
    values = STREAM_VALUES
    at_board = analyze(design, values, memory=board).design_estimate
    at_slow = analyze(design, values, memory=slow).design_estimate
    assert at_board is not None and at_slow is not None
    assert at_board.seconds is not None and at_slow.seconds == pytest.approx(at_board.seconds, rel=1e-12)
    for memory in design.memory_systems:
        memory.bsp_bandwidth_mbs = None
    without = analyze(design, values, memory=slow).design_estimate
    assert without is not None and without.seconds is not None
    assert without.seconds > 1.05 * at_board.seconds


def test_a_profile_that_differs_is_named_with_the_report(corpus: Path, tmp_path: Path) -> None:
    slow = profile_file(tmp_path, "slow-520n", {"f_dram_mhz": "f_dram_mhz = 1066.67"})
    stdout, using, gmv = stream_with_profile(corpus, slow)
    assert (f"{gmv}: note: DDR: the BSP this build used delivers 2400 MT/s per channel (the report's Maximum"
            " bandwidth the BSP can deliver), memory profile slow-520n 2133 MT/s ([timing] f_dram_mhz): the"
            " estimate uses the report's (decision 48) [memory-rate-differs]") in stdout
    assert "DRAM data rate: the report's 2400 MT/s per channel, not the profile's 2133; clock 341.667 MHz" in using


def test_set_f_dram_still_wins(corpus: Path) -> None:
    """The user's ``--set f_dram`` is the value the numbers use, over the report's and the profile's."""
    design = load_design(corpus / STREAM_520N)
    values = STREAM_VALUES
    at_report = analyze(design, values).design_estimate
    at_user = analyze(design, {**values, "f_dram": 1066.67}).design_estimate
    assert at_report is not None and at_user is not None and at_report.seconds and at_user.seconds
    assert at_user.seconds > 1.05 * at_report.seconds


def test_the_a10_pac_runs_its_ddr4_at_the_bsps_rate(corpus: Path) -> None:
    """The PAC's own profile now says 2133 MT/s, as its BSP does (no note);
    its JSON carries the figure the rate was read from."""
    result = analyze(load_design(corpus / VADD_A10PAC), {"work_items": 10000})
    assert result.memory_profile == "ddr4-2133-a10pac"
    assert not [d for d in result.diagnostics if d.rule == "memory-rate-differs"]
    shown = run_cli("analyze", str(corpus / VADD_A10PAC), "--set", "work_items=10000", "--format", "json")
    assert shown.code == 0, shown.stderr
    memories = {memory["name"]: memory for memory in json.loads(shown.stdout)["memory_systems"]}
    assert memories["DDR"]["bsp_bandwidth_mbs"] == 34133.0


def test_the_old_profile_name_says_the_new_one(corpus: Path) -> None:
    shown = run_cli("analyze", str(corpus / VADD_A10PAC), "--memory", "ddr4-2400-a10pac")
    assert shown.code == 2
    assert shown.stderr.strip() == (
        "hlsight: error: memory profile 'ddr4-2400-a10pac' is now 'ddr4-2133-a10pac' (the card's BSP runs its"
        " DDR4-2400 parts at 2133 MT/s, docs/model.md decision 48) (expected --memory ddr4-2133-a10pac)")
