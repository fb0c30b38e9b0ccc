"""Properties the journal states about the model (section 7.1), checked over
random designs with hypothesis."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hlsight.analyzer.pipeline import analyze
from hlsight.core.model import LSUKind
from tests.model_designs import ddr_design, hbm_design, lsu

FAST = settings(max_examples=10, deadline=None)
widths = st.sampled_from([64, 128, 256, 512, 1024, 2048])


def _memory_seconds(design, **values: float) -> float:
    base = {"work_items": 1_000_000, "element_bytes": 4, "stride": 1}
    estimate = analyze(design, {**base, **values}).estimates["k"]
    seconds = estimate.memory_seconds
    assert isinstance(seconds, float)
    return seconds


@FAST
@given(n=st.integers(1, 7), width=st.sampled_from([512, 1024, 2048]), fmax=st.floats(250, 600))
def test_time_grows_with_lsus_on_one_ddr_bank(n: int, width: int, fmax: float) -> None:
    """Observation 1: on a saturated bank every extra LSU adds its T_ideal and,
    beyond two, a T_row per burst. (Non-saturated LSUs are pipeline-limited:
    by eq. 6 a second one runs on the other DDR edge for free, as the measured
    Coalesced_1866 rows (1,2) and (2,2) show, 34.56 ms both.)"""
    fewer = ddr_design([lsu(f"l{i}", width_bits=width) for i in range(n)], fmax=fmax)
    more = ddr_design([lsu(f"l{i}", width_bits=width) for i in range(n + 1)], fmax=fmax)
    assert _memory_seconds(more) > _memory_seconds(fewer)


@FAST
@given(n=st.integers(1, 5), width=widths, stride=st.integers(1, 16), aligned=st.booleans())
def test_time_is_linear_in_stride(n: int, width: int, stride: int, aligned: bool) -> None:
    """Eq. 2: delta multiplies T_ideal + T_ovh (saturated LSUs; non-aligned
    bursts shrink with delta, eq. 12, so only aligned LSUs are exactly linear)."""
    design = ddr_design([lsu(f"l{i}", width_bits=width, aligned=True) for i in range(n)], fmax=10_000.0)
    one = _memory_seconds(design, stride=1)
    assert _memory_seconds(design, stride=stride) == pytest.approx(stride * one, rel=1e-9)


@FAST
@given(n=st.integers(1, 12), width=widths, fmax=st.floats(150, 600))
def test_hbm_time_independent_of_channels_used_one_per_buffer(n: int, width: int, fmax: float) -> None:
    """Section 7.1.1: with one buffer per pseudo-channel the channels run in
    parallel, so adding buffers does not change the time."""
    one = hbm_design([lsu("st", LSUKind.STORE, width_bits=width, memory="HBM0")], fmax=fmax)
    many = hbm_design(
        [lsu(f"l{i}", width_bits=width, memory=f"HBM{i + 1}") for i in range(n)]
        + [lsu("st", LSUKind.STORE, width_bits=width, memory="HBM0")],
        fmax=fmax,
    )
    assert _memory_seconds(many) == pytest.approx(_memory_seconds(one), rel=1e-9)
