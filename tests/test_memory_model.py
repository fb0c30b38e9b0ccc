"""The journal's equations with Table 3 parameters, computed by hand.

Every expected value below is written out with plain floats from the paper's
equations (numbers in comments), not with hlsight code, and compared with what
``analyze`` returns for a hand-built design to 1e-9 relative.
"""

from __future__ import annotations

import dataclasses

import pytest
import sympy

from hlsight.analyzer import memory_model as mm
from hlsight.analyzer.memory_model import ModelOptions
from hlsight.analyzer.memory_profiles import MemoryProfile, load_profile
from hlsight.analyzer.pipeline import analyze
from hlsight.core.model import LSUKind
from tests.model_designs import ddr_design, hbm_design, lsu

WI = 32_768_000  # work-items of the journal micro-benchmarks
EB = 4  # float
#: The paper's model exactly: no controller efficiency factor.
PAPER = ModelOptions(efficiency=False)

# Table 3, DDR4-1866
DDR_BW = 8 * 2 * 933.33e6  # dq * 2 * f_dram  [B/s]
DDR_TROW = 13.5e-9 + 13.5e-9  # eq. 10
DDR_BURST = 2**5 * 8 * 8  # eq. 9 with BURSTCOUNT_WIDTH 5: 2^5 * dq * bl = 2048 B
# Table 3, HBM2
HBM_BW = 8 * 2 * 800e6


def _seconds(design, **values: float) -> float:
    result = analyze(design, {"work_items": WI, "element_bytes": EB, "stride": 1, **values}, options=PAPER)
    estimate = result.estimates["k"]
    assert estimate.seconds is not None, estimate.free_symbols
    return estimate.seconds


def test_three_aligned_lsus_on_ddr4_1866() -> None:
    design = ddr_design([lsu("ld0"), lsu("ld1"), lsu("st", LSUKind.STORE)], fmax=400.0)
    # f_min = bw_dram / 64 B = 233.3 MHz < 400 MHz: saturated (eqs. 4, 5)
    t_ideal = EB * WI / DDR_BW  # eq. 3
    t_ovh = WI * EB / DDR_BURST * DDR_TROW  # eq. 8, #lsu = 3 > 2
    expected = 3 * (t_ideal + t_ovh)  # eqs. 1, 2 (one bank, delta = 1)
    assert _seconds(design) == pytest.approx(expected, rel=1e-9)
    assert expected == pytest.approx(0.03151, rel=1e-3)  # 31.5 ms (measured vectoradd: 33.2 ms)


def test_row_misses_are_capped_at_twice_the_smaller_streams_bursts() -> None:
    """A matrix stream beside a vector and a result 1,000x shorter (t2sp's
    GEMV): the bank turns from one stream to another at most twice per burst
    of the two small ones, so eq. 8's miss per burst of all three is capped
    at that count; equal streams (the test above) keep eq. 8 as printed."""
    design = ddr_design([lsu("ld0"), lsu("ld1"), lsu("st", LSUKind.STORE)], fmax=400.0)
    small = WI / 1000
    values = {"lsu.ld1.accesses": small, "lsu.st.accesses": small}
    accesses = [WI, small, small]
    t_ideal = sum(EB * acc / DDR_BW for acc in accesses)  # eq. 3, saturated as above
    t_ovh = sum(acc * EB / DDR_BURST * DDR_TROW for acc in accesses)  # eq. 8, #lsu = 3
    bursts = [acc * EB / DDR_BURST for acc in accesses]
    turns = 2 * (sum(bursts) - max(bursts))  # each turn has a burst of a smaller stream on one side
    assert turns / sum(bursts) == pytest.approx(0.004 / 1.002)
    assert _seconds(design, **values) == pytest.approx(t_ideal + t_ovh * turns / sum(bursts), rel=1e-9)
    uncapped = analyze(design, {"work_items": WI, "element_bytes": EB, "stride": 1, **values},
                       options=dataclasses.replace(PAPER, row_switch_cap=False))
    assert uncapped.estimates["k"].seconds == pytest.approx(t_ideal + t_ovh, rel=1e-9)
    # a write-ack stream opens rows by itself (its accesses are single bursts): no cap
    acked = ddr_design([lsu("ld0"), lsu("ld1"), lsu("st", LSUKind.STORE, write_ack=True)], fmax=400.0)
    t_row_ack = DDR_TROW + 15e-9  # eq. 13
    t_ovh_acked = sum(acc * EB / DDR_BURST * DDR_TROW for acc in accesses[:2]) + small * EB / DDR_BURST * t_row_ack
    ideal_ack = EB * small / DDR_BW * (8 * 8 / EB)  # a whole burst per write-ack access (section 5.1.3)
    expected = sum(EB * acc / DDR_BW for acc in accesses[:2]) + ideal_ack + t_ovh_acked
    assert _seconds(acked, **values) == pytest.approx(expected, rel=1e-9)


@pytest.mark.parametrize("stride", [2, 8, 100])
def test_a_write_ack_access_is_one_burst_whatever_its_stride(stride: int) -> None:
    """Section 5.1.3: a write-ack access occupies a whole burst. Its stride
    drags in nothing more, so a store 8 or 100 elements apart costs what a
    contiguous one does; it was charged stride x a whole burst per access
    (100 bursts each; unbounded when the stride was a symbol, as caffe's
    param->outputHeight * param->outputWidth is, decision 65)."""
    design = ddr_design([lsu("st", LSUKind.STORE, write_ack=True)], fmax=400.0)
    assert _seconds(design, stride=stride) == pytest.approx(_seconds(design, stride=1), rel=1e-12)
    symbolic = analyze(design, {"work_items": WI, "element_bytes": EB})
    expression = symbolic.estimates["k"].expression
    assert expression is not None and "stride" not in {str(symbol) for symbol in expression.free_symbols}
    # a source-derived stride 0 (one address: eq. 2's delta 0, no new data) stays as it was
    dram = mm.DramParams(dq=8, bl=8, f_dram=sympy.Float(933e6), t_rcd=13.9e-9, t_rp=13.9e-9, t_wr=15e-9)
    fixed = mm.LsuParams(id="st", variant=mm.Variant.WRITE_ACK, is_store=True, ls_width=4, ls_bytes=sympy.Integer(4),
                         ls_acc=sympy.Integer(10**6), stride=sympy.Integer(0), burst_cnt=5)
    assert mm.lsu_term(fixed, dram, sympy.Float(400e6), 1, PAPER).total == 0


def test_two_lsus_on_one_bank_have_no_overhead() -> None:
    design = ddr_design([lsu("ld0"), lsu("st", LSUKind.STORE)])
    assert _seconds(design) == pytest.approx(2 * EB * WI / DDR_BW, rel=1e-9)  # eq. 8: #lsu <= 2


def test_hbm_strided_store_correction_of_section_7_1_1() -> None:
    design = hbm_design([lsu("ld", memory="HBM1"), lsu("st", LSUKind.STORE, memory="HBM10")])
    options = ModelOptions(efficiency=False, hbm_write_stride_factor=4)
    result = analyze(design, {"work_items": WI, "element_bytes": EB, "stride": 2}, options=options)
    # store bank: 4 * delta * T_ideal (one LSU per channel: no T_ovh); load bank: delta * T_ideal
    assert result.estimates["k"].seconds == pytest.approx(4 * 2 * EB * WI / HBM_BW, rel=1e-9)
    # the default: one cycle per 8 B word of the 64 B request, at most bl (4 on HBM2) ...
    assert _seconds(design, stride=2) == pytest.approx(4 * 2 * EB * WI / HBM_BW, rel=1e-9)
    # ... and 1 turns it off
    off = ModelOptions(efficiency=False, hbm_write_stride_factor=1)
    result = analyze(design, {"work_items": WI, "element_bytes": EB, "stride": 2}, options=off)
    assert result.estimates["k"].seconds == pytest.approx(2 * EB * WI / HBM_BW, rel=1e-9)


def test_three_aligned_lsus_on_hbm2_one_per_channel() -> None:
    design = hbm_design(
        [lsu("ld0", memory="HBM1"), lsu("ld1", memory="HBM2"), lsu("st", LSUKind.STORE, memory="HBM10")]
    )
    # each pseudo-channel holds one LSU: T_ovh = 0 and eq. 1 takes the max of equal banks
    assert _seconds(design) == pytest.approx(EB * WI / HBM_BW, rel=1e-9)


def test_non_aligned_max_threads_64() -> None:
    design = ddr_design(
        [lsu("ld0", aligned=False), lsu("ld1", aligned=False), lsu("st", LSUKind.STORE, aligned=False)], fmax=400.0
    )
    delta = 3
    t_ideal = EB * WI / DDR_BW
    max_reqs = 64 * 64 / (delta + 1)  # eq. 11: 1024 B
    burst = max_reqs / delta if max_reqs <= DDR_BURST else 64 / delta  # eq. 12: 1024 <= 2048 -> 341.3 B
    t_ovh = WI * EB / burst * DDR_TROW  # eq. 8
    expected = 3 * delta * (t_ideal + t_ovh)  # eq. 2
    assert _seconds(design, stride=delta) == pytest.approx(expected, rel=1e-9)


def test_non_aligned_request_is_capped_at_the_dram_page() -> None:
    # max_reqs = 64 * 256 / 2 = 8192 B > 2048 B DRAM page (eq. 9) -> the
    # coalescer sends one page: burst = min(max_reqs, page) / delta = 2048 B
    # (eq. 12 as the journal's Table 5 computes it, decision 29), also when
    # the wide master bursts in its own 256 B words (decision 6 is aligned-only)
    design = ddr_design([lsu(f"l{i}", width_bits=2048, aligned=False) for i in range(3)], fmax=400.0)
    t_ideal = EB * WI / DDR_BW
    t_ovh = WI * EB / 2048 * DDR_TROW
    assert _seconds(design) == pytest.approx(3 * (t_ideal + t_ovh), rel=1e-9)
    literal = ModelOptions(efficiency=False, wide_burst=False)  # eq. 9 as printed: same page
    result = analyze(design, {"work_items": WI, "element_bytes": EB, "stride": 1}, options=literal)
    assert result.estimates["k"].seconds == pytest.approx(3 * (t_ideal + t_ovh), rel=1e-9)


def test_non_aligned_eq12_printed_option_keeps_the_literal_second_case() -> None:
    design = ddr_design([lsu(f"l{i}", width_bits=2048, aligned=False) for i in range(3)], fmax=400.0)
    t_ideal = EB * WI / DDR_BW
    values = {"work_items": WI, "element_bytes": EB, "stride": 1}
    # printed, eq. 9 page: 8192 B > 2048 B -> ls_width / delta = 256 B
    literal = ModelOptions(efficiency=False, wide_burst=False, non_aligned_burst="printed")
    seconds = analyze(design, values, options=literal).estimates["k"].seconds
    assert seconds == pytest.approx(3 * (t_ideal + WI * EB / 256 * DDR_TROW), rel=1e-9)
    # printed, wide page 2^5 * 256 B = 8192 B: max_reqs fits -> 8192 / delta
    wide = ModelOptions(efficiency=False, non_aligned_burst="printed")
    seconds = analyze(design, values, options=wide).estimates["k"].seconds
    assert seconds == pytest.approx(3 * (t_ideal + WI * EB / 8192 * DDR_TROW), rel=1e-9)


def test_journal_table5_bcna_ddr4_figure_is_reproduced() -> None:
    """Journal Table 5, "DDR4-1866, ub BCNA, #lsu 3, this work: 4.0 %": the
    non-aligned micro-benchmark at v = 16 (NonAligned_1866.csv row (3, 16):
    347.5 MHz, three 2048-bit LSUs, delta = 3, measured 130.92 ms)."""
    design = ddr_design([lsu(f"l{i}", width_bits=2048, aligned=False) for i in range(3)], fmax=347.5)
    delta = 3
    t_ideal = EB * WI / DDR_BW  # 8.78 ms
    max_reqs = 64 * 256 / (delta + 1)  # eq. 11: 4096 B > 2048 B page
    burst = DDR_BURST / delta  # 682.7 B
    t_ovh = WI * EB / burst * DDR_TROW  # eq. 8: 5.18 ms
    expected = 3 * delta * (t_ideal + t_ovh)  # eq. 2: 125.7 ms
    assert max_reqs > DDR_BURST
    assert _seconds(design, stride=delta) == pytest.approx(expected, rel=1e-9)
    assert (expected - 0.13092) / 0.13092 == pytest.approx(-0.040, abs=5e-4)  # the journal's 4.0 %
    # eq. 12's second case as printed (ls_width / delta = 85 B) is +245 %
    literal = ModelOptions(efficiency=False, wide_burst=False, non_aligned_burst="printed")
    values = {"work_items": WI, "element_bytes": EB, "stride": delta}
    seconds = analyze(design, values, options=literal).estimates["k"].seconds
    assert seconds is not None and (seconds - 0.13092) / 0.13092 > 2.4


def test_write_ack() -> None:
    design = ddr_design(
        [
            lsu("ld", width_bits=32),
            lsu("st0", LSUKind.STORE, 32, write_ack=True),
            lsu("st1", LSUKind.STORE, 32, write_ack=True),
        ],
        fmax=400.0, simd=2,
    )
    acc = WI / 2  # two per-lane write-ack LSUs share the stores (same line, memory, width)
    # write-ack demand = dq*bl = 64 B per request: f_min = 233 MHz, x2 edges (eq. 6) -> saturated
    t_row_ack = 13.5e-9 + 13.5e-9 + 15e-9  # eq. 13
    t_ideal_ack = EB * acc / DDR_BW * (8 * 8 / EB)  # eq. 3, x dq*bl/ls_bytes (section 5.1.3)
    t_ovh_ack = acc * EB / DDR_BURST * t_row_ack  # eq. 8 with eq. 9 burst
    # the 32-bit aligned load: f_min = bw_dram / 4 B = 3.73 GHz; 3 LSUs -> bw_nsat = bw_dram*2*fmax/f_min (eq. 6)
    bw_nsat = DDR_BW * 2 * 400e6 / (DDR_BW / 4)
    t_ideal_ld = EB * WI / bw_nsat
    t_ovh_ld = WI * EB / DDR_BURST * DDR_TROW
    expected = (t_ideal_ld + t_ovh_ld) + 2 * (t_ideal_ack + t_ovh_ack)
    assert _seconds(design) == pytest.approx(expected, rel=1e-9)


def test_atomic() -> None:
    design = ddr_design([lsu("a", LSUKind.ATOMIC, width_bits=32)], fmax=300.0)
    t_row = 2 * (13.5e-9 + 13.5e-9) + 15e-9  # eq. 14: 69 ns
    # an atomic reads and writes ls_width (section 5.2): demand 8 B, f_min = bw_dram / 8 B = 1.87 GHz > 300 MHz,
    # so eq. 6 (#lsu = 1): bw_nsat = bw_dram * fmax / f_min = 300 MHz * 8 B
    t_ideal = EB * WI / (DDR_BW * 300e6 / (DDR_BW / 8))
    t_ovh = WI * t_row / 1  # eq. 14, val not constant (v = 1); delta = 1 for atomics
    without = analyze(design, {"work_items": WI, "element_bytes": EB, "stride": 5}, options=PAPER,
                      memory=_no_atomic_measurement())
    assert without.estimates["k"].seconds == pytest.approx(t_ideal + t_ovh, rel=1e-9)
    # the ddr4-1866 profile's measured atomic round trip (325.1 ns, atomic_1866.csv) replaces eq. 14's 69 ns
    assert _seconds(design, stride=5) == pytest.approx(t_ideal + WI * 325.1e-9, rel=1e-9)


def _no_atomic_measurement() -> MemoryProfile:
    return dataclasses.replace(load_profile("ddr4-1866"), atomic_op_s=0.0, atomic_op_source="")


def test_non_saturated_single_lsu_is_pipeline_limited() -> None:
    design = ddr_design([lsu("st", LSUKind.STORE, width_bits=64)], fmax=475.0)
    # eq. 6 with #lsu = 1: bw_nsat = bw_dram * fmax / f_min = fmax * ls_width = 3.8 GB/s
    expected = EB * WI / (475e6 * 8)
    assert _seconds(design) == pytest.approx(expected, rel=1e-9)  # 34.49 ms; measured (1,2) row: 34.56 ms


def test_profile_table3_values() -> None:
    ddr = load_profile("ddr4-1866")
    assert ddr.bw_dram_bps == pytest.approx(DDR_BW, rel=1e-9)
    assert ddr.t_row_s == pytest.approx(DDR_TROW, rel=1e-12)
    hbm = load_profile("hbm2-s10mx")
    assert (hbm.dq_bytes, hbm.bl, hbm.channels) == (8, 4, 32)
    assert hbm.bw_dram_bps == pytest.approx(HBM_BW, rel=1e-9)


def test_avalon_burst_rule_halves_the_burst() -> None:
    design = ddr_design([lsu("ld0"), lsu("ld1"), lsu("st", LSUKind.STORE)], fmax=400.0)
    options = ModelOptions(efficiency=False, burst_rule="avalon")
    result = analyze(design, {"work_items": WI, "element_bytes": EB, "stride": 1}, options=options)
    t_ovh = WI * EB / (2**4 * 64) * DDR_TROW  # Avalon burstcount of width 5 carries at most 2^4 beats
    assert result.estimates["k"].seconds == pytest.approx(3 * (EB * WI / DDR_BW + t_ovh), rel=1e-9)


def test_pipelined_loop_with_unrolled_children_is_a_pipeline() -> None:
    from hlsight.analyzer.compute_model import loop_cycles
    from hlsight.core.model import InitiationInterval, Loop, TripCount

    unrolled = Loop("Fully unrolled loop")
    loop = Loop("k.B1", pipelined=True, ii=InitiationInterval(2), iteration_latency=30,
                trip_count=TripCount(100, 100), children=[unrolled])
    assert loop_cycles(loop, []) == 2 * (100 - 1) + 30  # FlexCL eq. 1 / HLScope+ eq. 4
    outer = Loop("k.B0", trip_count=TripCount(10, 10), iteration_latency=5, children=[loop])
    assert loop_cycles(outer, []) == 10 * (2 * 99 + 30 + 5)


def test_strided_non_aligned_hbm_store_is_charged_the_burst_splitter() -> None:
    """Decision 30: a non-aligned store with stride 3 (hbm2/stride3: 2048-bit
    LSUs, one per pseudo-channel) leaves byte-enable holes as the aligned
    strided stores of section 7.1.1 do: x min(bl, 256 B / 8 B) = x4."""
    design = hbm_design([
        lsu("ld", width_bits=2048, aligned=False, memory="HBM1"),
        lsu("st", LSUKind.STORE, width_bits=2048, aligned=False, memory="HBM10"),
    ])
    delta = 3
    t_channel = delta * EB * WI / HBM_BW  # eq. 2, one LSU per channel: no T_ovh; 30.72 ms
    request = 0.51e-9 * WI * EB / 256  # decision 15: requests = bytes / width without source analysis
    assert _seconds(design, stride=delta) == pytest.approx(4 * t_channel + request, rel=1e-9)
    values = {"work_items": WI, "element_bytes": EB, "stride": delta}
    before = ModelOptions(efficiency=False, hbm_split_non_aligned=False)
    seconds = analyze(design, values, options=before).estimates["k"].seconds
    assert seconds == pytest.approx(t_channel + request, rel=1e-9)
    # stride 1 (merged neighbours, decision 13): whole words, no factor
    assert _seconds(design, stride=1) == pytest.approx(EB * WI / HBM_BW + request, rel=1e-9)


def test_a_stride_costs_at_most_the_whole_burst_of_each_access() -> None:
    """Eq. 2's delta counts the data a strided access drags through the bus;
    past dq * bl / ls_bytes (64 B / 4 B = 16 on DDR4) every access is its own
    burst, the rule section 5.1.3 gives a data-dependent index. HPCC
    RandomAccess on the 520N given `stride = 1e6` came to 3.3e6 s (the run:
    23.1 s); capped, 26.4 s."""
    design = ddr_design([lsu("ld0"), lsu("st", LSUKind.STORE)])
    whole = _seconds(design, stride=16)
    assert whole == pytest.approx(16 * 2 * EB * WI / DDR_BW, rel=1e-9)  # eqs. 2, 3 with delta = 16
    assert _seconds(design, stride=10**6) == pytest.approx(whole, rel=1e-12)
    assert _seconds(design, stride=8) == pytest.approx(whole / 2, rel=1e-9)  # below the cap: delta as is
    result = analyze(design, {"work_items": WI, "element_bytes": EB, "stride": 10**6}, options=PAPER)
    hints = [diag.message for diag in result.diagnostics if diag.rule == "mem-stride"]
    assert hints and all("94% of every DRAM burst is discarded, time x16 " in hint for hint in hints)
