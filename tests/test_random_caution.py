"""Data-dependent addresses carry a caution beside the number (decision 21).

The journal charges a data-dependent access one whole burst (observation 3)
and validates it on a micro-benchmark whose indexes stay in 0-2048
(writeAck_1866: this model 14 % low). Spread over a large buffer every
access opens a DRAM row, which no equation here charges: HPCC RandomAccess on
the 520N measured 3.1x this model's time. The estimate says so where the
user reads it, and a streaming kernel does not.
"""

from __future__ import annotations

from tests.conftest import CORPUS, estimate_caveats, run_cli

ZARAGOZA = CORPUS / "zaragoza" / "reports" / "ddr4-1866"


def _caveats(report: str, *given: str) -> list[str]:
    return estimate_caveats(ZARAGOZA / report, *given)


def test_data_dependent_accesses_carry_the_measured_miss() -> None:
    (caveat,) = [c for c in _caveats("micro-wack-bw9_16_5", "--set", "work_items=32768000")
                 if c.startswith("data-dependent addresses: ")]
    assert "writeAck_1866 14 % low" in caveat and "HPCC RandomAccess on the 520N took 3.1x this model's time" in caveat
    text = run_cli("analyze", str(ZARAGOZA / "micro-wack-bw9_16_5"), "--set", "work_items=32768000").stdout
    assert "  caution (test_random_access): data-dependent addresses: charged one burst each" in text


def test_streaming_kernels_do_not() -> None:
    assert not [c for c in _caveats("vectoradd", "--set", "work_items=32768000") if "data-dependent" in c]
