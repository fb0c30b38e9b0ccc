"""Inputs as the host program knows them (issue 11): kernel arguments,
macros from embedded headers, repeated launches, and no silent guesses.

Every rule here was a wrong number before: prefixsum given only
``work_items`` printed a time 645 % off (the missing ``in_size`` became
``work_items``), fft1d without ``LOGN`` was -46 %, matrix multiply without
its width -93 %.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hlsight.analyzer.launches import Launch, read_launches
from hlsight.analyzer.pipeline import analyze
from hlsight.core.errors import InputError
from hlsight.parsers.loader import load_design
from tests.conftest import CORPUS, run_cli

HBM2_CHANNEL_BW = 8 * 2 * 800e6 * 0.9215  # hbm2-s10mx: dq * 2 * f_dram * efficiency (Shuhai Table 5)
DDR4_BW = 8 * 2 * 933.33e6 * 0.965  # ddr4-1866 profile


def _reports(corpus: Path, case: str) -> Path:
    return corpus / "zaragoza" / "reports" / case


def test_missing_argument_stays_a_named_symbol(corpus: Path) -> None:
    result = run_cli("analyze", str(_reports(corpus, "hbm2/prefixsum")), "--set", "work_items=16777216")
    assert result.code == 0
    assert "symbolic in in_size" in result.stdout
    assert "to get a number, give: --set in_size=VALUE" in result.stdout
    report = str(_reports(corpus, "hbm2/prefixsum"))
    payload = json.loads(run_cli("analyze", report, "--set", "work_items=16777216", "--format", "json").stdout)
    assert payload["estimate"]["seconds"] is None
    assert payload["estimate"]["free_symbols"] == ["in_size"]


def test_the_argument_gives_the_memory_model_number(corpus: Path) -> None:
    design = load_design(_reports(corpus, "hbm2/prefixsum"))
    estimate = analyze(design, {"in_size": 16777216}).design_estimate
    assert estimate is not None and estimate.seconds is not None
    # one int8 (32 B) load per 8 elements on its own pseudo-channel (eq. 3),
    # plus the hbm2-s10mx profile's fixed per-launch cost (47 us)
    assert estimate.seconds == pytest.approx(16777216 / 8 * 32 / HBM2_CHANNEL_BW + 47e-6, rel=1e-6)


def test_work_items_on_single_work_item_design_is_a_warning(corpus: Path) -> None:
    design = load_design(_reports(corpus, "hbm2/prefixsum"))
    result = analyze(design, {"work_items": 16777216})
    diagnostics = [d for d in result.diagnostics if d.rule == "input-work-items-unused"]
    assert len(diagnostics) == 1
    assert "single-work-item" in diagnostics[0].message and "in_size" in diagnostics[0].message
    ndrange = load_design(_reports(corpus, "ddr4-1866/vectoradd"))
    assert not [d for d in analyze(ndrange, {"work_items": 1e6}).diagnostics if d.rule == "input-work-items-unused"]


def test_macro_from_an_embedded_header_resolves(corpus: Path) -> None:
    design = load_design(_reports(corpus, "ddr4-1866/fft1d"))
    without = analyze(design, {"count": 2000, "work_items": 1024000}).design_estimate
    assert without is not None and without.seconds is not None
    # fetch: 8 float2 per work-item; fft1d: 2^LOGN * count float2 stores (LOGN 12 from fft_config.h)
    fetch = 8 * 1024000 * 8 / DDR4_BW
    store = (4096 * 2000) * 8 / DDR4_BW
    assert without.seconds == pytest.approx(fetch + store, rel=2e-3)


def test_other_value_for_a_compiled_macro_is_a_warning(corpus: Path) -> None:
    design = load_design(_reports(corpus, "ddr4-1866/fft1d"))
    result = analyze(design, {"LOGN": 13, "count": 2000, "work_items": 1024000})
    (warning,) = [d for d in result.diagnostics if d.rule == "input-macro-compiled"]
    assert "LOGN is 12" in warning.message and "fft_config.h" in warning.message


def test_argument_in_a_loop_bound_becomes_the_trip_count(corpus: Path) -> None:
    design = load_design(_reports(corpus, "ddr4-1866/matrixmult"))
    open_ = analyze(design, {"work_items": 4096 * 4096}).design_estimate
    assert open_ is not None and open_.seconds is None
    assert "A_width" in open_.free_symbols and "work_items" not in open_.free_symbols
    closed = analyze(design, {"work_items": 4096 * 4096, "A_width": 4096}).design_estimate
    assert closed is not None and closed.seconds is not None


def _pathfinder_hints(tmp_path: Path) -> Path:
    hints = tmp_path / "pathfinder.toml"
    hints.write_text(
        'rem_rows = 20\n[[launch]]\nrepeat = 15\n"comp_exit" = 431600\n'
        '[[launch]]\ncomp_exit = 100000\nrem_rows = 5\n',
        encoding="utf-8",
    )
    return hints


def test_repeated_launches_sum(corpus: Path, tmp_path: Path) -> None:
    """Rodinia pathfinder: the host launches dynproc_kernel once per block of
    rows; the last launch has fewer rows."""
    report = _reports(corpus, "ddr4-1866/pathfinder")
    design = load_design(report)
    one = analyze(design, {"rem_rows": 20, "comp_exit": 431600}).design_estimate
    last = analyze(design, {"rem_rows": 5, "comp_exit": 100000}).design_estimate
    assert one is not None and one.seconds and last is not None and last.seconds
    hints = _pathfinder_hints(tmp_path)
    assert read_launches(hints) == [Launch(15, {"comp_exit": 431600}), Launch(1, {"comp_exit": 100000, "rem_rows": 5})]
    result = analyze(design, {"rem_rows": 20}, launches=read_launches(hints))
    assert result.design_estimate is not None
    assert result.design_estimate.seconds == pytest.approx(15 * one.seconds + last.seconds, rel=1e-9)
    assert [item.seconds for item in result.launches] == pytest.approx([one.seconds, last.seconds])

    text = run_cli("analyze", str(report), "--hints", str(hints))
    assert text.code == 0
    assert "launches (design time = sum over launches):" in text.stdout
    assert "15 x [comp_exit=431600] (all kernels):" in text.stdout
    payload = json.loads(run_cli("analyze", str(report), "--hints", str(hints), "--format", "json").stdout)
    assert [item["repeat"] for item in payload["launches"]] == [15, 1]
    assert payload["estimate"]["seconds"] == pytest.approx(15 * one.seconds + last.seconds, rel=1e-9)


def test_launch_of_one_kernel(corpus: Path, tmp_path: Path) -> None:
    design = load_design(_reports(corpus, "ddr4-1866/fft1d"))
    values = {"count": 2000, "work_items": 1024000}
    kernels = analyze(design, values).estimates
    result = analyze(design, values, launches=[Launch(3, {}, "fetch"), Launch(1, {}, None)])
    whole = analyze(design, values).design_estimate
    assert result.design_estimate is not None and whole is not None and kernels["fetch"].seconds
    assert result.design_estimate.seconds == pytest.approx(3 * kernels["fetch"].seconds + (whole.seconds or 0))
    with pytest.raises(InputError, match="kernel 'nope'"):
        analyze(design, values, launches=[Launch(1, {}, "nope")])


@pytest.mark.parametrize(
    ("body", "message"),
    [("[[launch]]\nrepeat = 0\n", "repeat = 0"), ("[[launch]]\nN = 'x'\n", "N"), ("[launch]\nN = 1\n", "single table")],
)
def test_bad_launch_tables(tmp_path: Path, corpus: Path, body: str, message: str) -> None:
    hints = tmp_path / "bad.toml"
    hints.write_text(body, encoding="utf-8")
    result = run_cli("analyze", str(_reports(corpus, "ddr4-1866/pathfinder")), "--hints", str(hints))
    assert result.code == 2 and message in result.stderr and "Traceback" not in result.stderr


def test_impossible_vendor_ii_is_flagged_not_multiplied(corpus: Path) -> None:
    """aoc 18.1's lenet5 report prints II 52628672 for two loops (a 1,850 s
    kernel when multiplied): flagged, left out, a symbol to give instead."""
    design = load_design(corpus / "aoc" / "aoc18.1_c5soc_lenet5")
    sizes = {"global_size0": 6, "global_size1": 28, "global_size2": 28, "out_ch": 6}  # conv2d's host launch
    result = analyze(design, {**sizes, "in_ch": 1, "out_size": 28, "in_dim": 100, "out_dim": 10, "fmax": 100})
    flagged = [d for d in result.diagnostics if d.rule == "report-implausible-ii"]
    assert sorted(d.subject or "" for d in flagged) == ["8X Partially unrolled fc_layer.B1", "conv2d.B1"]
    assert not [d for d in result.diagnostics if d.rule == "loop-ii" and d.data.get("ii") == 52628672]
    conv = result.estimates["conv2d"]
    assert conv.seconds is not None and conv.seconds < 1.0
    (pipeline,) = conv.alternatives
    assert "loop.conv2d.B1.ii" in pipeline.free_symbols
    given = analyze(design, {**sizes, "in_ch": 1, "out_size": 28, "in_dim": 100, "out_dim": 10, "fmax": 100,
                             "loop.conv2d.B1.ii": 2})
    assert "loop.conv2d.B1.ii" not in given.estimates["conv2d"].alternatives[0].free_symbols
    # qualified by the kernel and shell-safe like the trip symbols (was "loop.8X Partially unrolled fc_layer.B1.ii")
    assert "loop.fc_layer.B1.ii" in result.estimates["fc_layer"].alternatives[0].free_symbols
    assert any(d.message.endswith("give --set loop.fc_layer.B1.ii=VALUE") for d in flagged)


def test_kernel_scoped_value(corpus: Path) -> None:
    """``--set KERNEL:NAME=VALUE``: fft1d's fetch kernel is an NDRange of
    count * 2^LOGN / 8 work-items; the value applies to that kernel only."""
    report = str(_reports(corpus, "ddr4-1866/fft1d"))
    scoped = run_cli("analyze", report, "--set", "count=2000", "--set", "work_items=5",
                     "--set", "fetch:work_items=1024000", "--format", "json")
    plain = run_cli("analyze", report, "--set", "count=2000", "--set", "work_items=1024000", "--format", "json")
    assert scoped.code == 0 and plain.code == 0, scoped.stderr
    expected = json.loads(plain.stdout)["estimate"]["seconds"]
    assert json.loads(scoped.stdout)["estimate"]["seconds"] == pytest.approx(expected)
    wrong = run_cli("analyze", report, "--set", "nope:work_items=3")
    assert wrong.code == 2 and "unknown kernel 'nope'" in wrong.stderr and "fetch, fft1d" in wrong.stderr


def test_kernel_scoped_value_for_a_kernel_named_with_a_colon() -> None:
    """oneAPI lambdas are named ``file.cpp:line``: ``--set file.cpp:869:NAME``
    scopes NAME to that kernel (the longest kernel-name prefix wins), and the
    value moves that kernel's estimate only."""
    kmers = CORPUS / "aoc" / "oneapi2023.0_s10mx_kmers" / "less_work_but_slower" / "reports_v12_m_v9_half"
    kernel = "two_bit_v19_HBM_test_v12_medium_v9_half.cpp:869"
    loop = "loop.two_bit_v19_HBM_test_v12_medium_v9_half.cpp_869.B5.trip"
    trips = "trips_two_bit_v19_HBM_test_v12_medium_v9_half_cpp_869_L885"
    done = run_cli("analyze", str(kmers), "--format", "json", "--set", f"{kernel}:total_valid_reads=1000",
                   "--set", f"{kernel}:{loop}=100", "--set", f"{kernel}:{trips}=10")
    assert done.code in (0, 1), done.stderr
    kernels = {entry["name"]: entry for entry in json.loads(done.stdout)["kernels"]}
    assert kernels[kernel]["estimate"]["seconds"] is not None
    assert kernels["two_bit_v19_HBM_test_v12_medium_v9_half.cpp:786"]["estimate"]["seconds"] is None


def test_ndrange_kernel_declared_without_simd_attribute_has_one_lane(corpus: Path) -> None:
    """fft1d's fetch kernel (HBM2 report) has no num_simd_work_items: one
    work-item per cycle, although its load is 64 B wide (8 float2 from an
    unrolled loop). Pipeline-only time = work_items / fmax (FlexCL eq. 1,
    II 1) = 1,024,000 / 327.5 MHz = 3.127 ms, not 8x less as when the lanes
    were guessed from the widest LSU."""
    report = str(_reports(corpus, "hbm2/fft"))
    done = run_cli("analyze", report, "--set", "LOGN=12", "--set", "count=2000", "--set", "work_items=1024000",
                   "--format", "json")
    assert done.code in (0, 1), done.stderr
    fetch = next(kernel for kernel in json.loads(done.stdout)["kernels"] if kernel["name"] == "fetch")
    (pipeline,) = fetch["estimate"]["alternatives"]
    assert pipeline["seconds"] == pytest.approx(1_024_000 / 327.5e6, rel=1e-3)


def test_a_design_time_without_launch_cost_says_so(corpus: Path) -> None:
    """Profiles whose per-launch cost is not measured add none, and the
    headline says so beside the number (a 5 us kernel is not 5 us to run)."""
    report = corpus / "aoc" / "aoc18.1.1pro_s10_520n_saxpy_vscale" / "reportIntel" / "SAXPY1" / "reports"
    result = run_cli("analyze", str(report), "--set", "size=1000", "--set", "fmax=300")
    headline = result.stdout.split("summary:")[0]
    assert "  no per-launch cost added: not measured on this board (ddr4-2400-520n [launch])" in headline
    data = json.loads(run_cli("analyze", str(report), "--set", "size=1000", "--set", "fmax=300",
                              "--format", "json").stdout)
    assert "no fixed per-launch cost added (ddr4-2400-520n: not measured on this board)" \
        in data["estimate"]["assumptions"]
    hbm = run_cli("analyze", str(corpus / "zaragoza" / "reports" / "hbm2" / "wm"), "--set", "iterations=50635")
    assert "design time includes 47 us per launch" in hbm.stdout and "no per-launch cost" not in hbm.stdout
