"""`hlsight demo` (the README's first command) prints a real estimate.

The expected numbers are computed here by hand from the model equations and
the fixture's report facts, so a change in the reader, the source analysis
(partial unroll) or the model shows up.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from hlsight.parsers.loader import load_design
from tests.conftest import CORPUS, REPO, run_cli

N = 16777216  # fixtures/demo/vector_add/hints.toml
FMAX_HZ = 368.75e6  # quartus.json actual clock of the fixture
LOOP_LATENCY = 624  # fmax_ii.json vector_add.B2
UNROLL = 16  # "16X Partially unrolled vector_add.B2"


def memory_seconds(n: int) -> float:
    """Davila-Guzman eqs. 1-2, 8-10 on ddr4-1866 (journal Table 3): three aligned
    burst-coalesced LSUs, 4-byte floats, stride 1, all on the one DDR bank."""
    bytes_moved = 3 * n * 4
    bandwidth = 2 * 933.33e6 * 8 * 0.965  # bw_dram (eq. 4) x controller efficiency
    bursts = bytes_moved / (2**5 * 64)  # burst_cnt 5 (BURSTCOUNT_WIDTH default), 64 B words
    return bytes_moved / bandwidth + bursts * (13.5e-9 + 13.5e-9)  # > 2 LSUs: T_row = tRCD + tRP


def test_demo_estimate_matches_hand_computation() -> None:
    result = run_cli("demo", "--format", "json")
    assert result.code == 0, result.stderr
    kernel = json.loads(result.stdout)["kernels"][0]
    estimate = kernel["estimate"]

    # Davila-Guzman eqs. 1-2, 8-10 on ddr4-1866 (journal Table 3): three aligned
    # burst-coalesced LSUs, 4-byte floats, stride 1, all on the one DDR bank.
    bytes_moved = 3 * N * 4
    bandwidth = 2 * 933.33e6 * 8 * 0.965  # bw_dram (eq. 4) x controller efficiency
    t_ideal = bytes_moved / bandwidth
    bursts = bytes_moved / (2**5 * 64)  # burst_cnt 5 (BURSTCOUNT_WIDTH default), 64 B words
    t_ovh = bursts * (13.5e-9 + 13.5e-9)  # > 2 LSUs on the bank: T_row = tRCD + tRP per burst
    assert estimate["bound"] == "memory"
    assert estimate["seconds"] == pytest.approx(t_ideal + t_ovh, rel=1e-6)

    # FlexCL eq. 1 for the pipelined loop: (TC - 1) * II + latency cycles, with TC
    # the source bound n divided by the compiler's partial unroll factor.
    pipeline = next(alt for alt in estimate["alternatives"] if alt["model"].startswith("FlexCL"))
    cycles = (N // UNROLL - 1) * 1 + LOOP_LATENCY
    assert pipeline["seconds"] == pytest.approx(cycles / FMAX_HZ, rel=1e-9)


def test_demo_set_overrides_bundled_value() -> None:
    result = run_cli("demo", "--format", "json", "--set", f"n={N // 2}")
    assert result.code == 0, result.stderr
    half = json.loads(result.stdout)["kernels"][0]["estimate"]["seconds"]
    full = json.loads(run_cli("demo", "--format", "json").stdout)["kernels"][0]["estimate"]["seconds"]
    assert half == pytest.approx(full / 2, rel=1e-6)


def test_partial_unroll_factor_read_from_real_report() -> None:
    design = load_design(CORPUS / "aoc/aoc18.1.1pro_s10_520n_saxpy_vscale/reportIntel/SAXPY2_block/reports")
    loops = [loop for kernel in design.kernels for loop in kernel.all_loops()]
    factors = {loop.name: loop.unroll_factor for loop in loops if "Partially unrolled" in loop.name}
    assert factors and all(name.startswith(f"{factor}X ") for name, factor in factors.items())
    assert all(loop.unroll_factor is None for loop in loops if "Partially unrolled" not in loop.name)


def test_demo_json_carries_unroll_and_source_trip() -> None:
    kernel = json.loads(run_cli("demo", "--format", "json").stdout)["kernels"][0]
    loop = kernel["loops"][0]
    assert loop["unroll_factor"] == UNROLL
    assert loop["trip_expression"] == "ceiling(n/16)"


def test_free_symbol_note_only_while_a_value_is_missing() -> None:
    def rules(*argv: str) -> list[str]:
        result = run_cli(*argv, "--format", "json")
        return [diag["rule"] for diag in json.loads(result.stdout)["diagnostics"]]

    assert "access-free-symbols" in rules("analyze", str(REPO / "fixtures" / "demo" / "vector_add" / "reports"))
    assert "access-free-symbols" not in rules("demo")


def test_whatif_sweeps_a_kernel_argument_that_analyze_accepts() -> None:
    """``n`` is a name only the source analysis knows (the loop bound of
    vector_add); ``whatif --sweep`` must accept it as ``analyze --set`` does."""
    demo = str(REPO / "fixtures" / "demo" / "vector_add")
    sweep = run_cli("whatif", demo, "--sweep", "n=1000000,2000000", "--format", "csv")
    assert sweep.code == 0, sweep.stderr
    rows = list(csv.DictReader(io.StringIO(sweep.stdout)))
    assert [float(row["n"]) for row in rows] == [1e6, 2e6]
    for row in rows:
        assert float(row["seconds"]) == pytest.approx(memory_seconds(int(float(row["n"]))), rel=1e-6)
    single = json.loads(run_cli("analyze", demo, "--set", "n=2000000", "--format", "json").stdout)
    assert single["estimate"]["seconds"] == pytest.approx(float(rows[1]["seconds"]), rel=1e-9)


def test_estimate_carries_bandwidth_demand_supply_and_bank_sums() -> None:
    """Eqs. 2 and 5 are evaluated by the estimate (reporters only lay them
    out): per LSU, demand f_max*width/stride and supply bw_dram = f_min*width/stride;
    per bank, the sums of the LSUs' T_ideal and T_ovh."""
    estimate = json.loads(run_cli("demo", "--format", "json").stdout)["kernels"][0]["estimate"]
    bw_dram = 2 * 933.33e6 * 8 * 0.965  # eq. 4 x controller efficiency (ddr4-1866)
    width = 64  # 16 floats per cycle: the 16x unrolled loop's LSUs are 512 bits wide
    for facts in estimate["extra"]["lsu_facts"].values():
        assert facts["f_max_mhz"] == pytest.approx(FMAX_HZ / 1e6)
        assert facts["demand_Bps"] == pytest.approx(FMAX_HZ * width, rel=1e-9)
        assert facts["supply_Bps"] == pytest.approx(bw_dram, rel=1e-6)
        assert facts["f_min_mhz"] == pytest.approx(bw_dram / width / 1e6, rel=1e-6)  # eq. 5, stride 1
        assert facts["saturated"] is True
    (bank,) = estimate["per_bank"]
    terms = [term for term in estimate["per_lsu"] if term["id"] in bank["lsus"]]
    assert bank["T_ideal"] == pytest.approx(sum(term["T_ideal"] for term in terms), rel=1e-12)
    assert bank["T_ovh"] == pytest.approx(sum(term["T_ovh"] for term in terms), rel=1e-12)
    assert bank["T_ideal"] + bank["T_ovh"] == pytest.approx(memory_seconds(N), rel=1e-6)


def test_demo_takes_the_launches_of_a_hints_file(tmp_path: Path) -> None:
    """``hlsight demo --hints FILE`` reads the file's ``[[launch]]`` tables as analyze does:
    3 launches with n = 2^20 and one with n = 4096 add up (they were ignored)."""
    hints = tmp_path / "launches.toml"
    hints.write_text("[[launch]]\nrepeat = 3\nn = 1048576\n\n[[launch]]\nn = 4096\n", encoding="utf-8")
    result = run_cli("demo", "--hints", str(hints), "--format", "json")
    assert result.code == 0, result.stderr
    payload = json.loads(result.stdout)
    launches = payload["launches"]
    assert [launch["repeat"] for launch in launches] == [3, 1]
    assert payload["estimate"]["seconds"] == pytest.approx(3 * memory_seconds(2**20) + memory_seconds(4096), rel=1e-6)
