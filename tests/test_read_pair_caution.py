"""Two streaming loads alone on one DDR bank carry a caution (session 16).

The seed authors' FBLAS dot product (two 2048-bit loads on the S10 GX's one
DDR4-1866 bank, a final 4 B store) ran 29.37 ms, 1.54x this model's 19.06 ms,
while load-and-store pairs on one bank (vector copy, watermarking, nn,
fft1d) match it. One kernel is not enough to fit a rule on, so the estimate
says it beside the number and changes nothing; a bank that also streams a
store, an HBM pseudo-channel per buffer, or one load alone does not get it.
"""

from __future__ import annotations

import sympy

from hlsight.analyzer import memory_model as mm
from hlsight.analyzer.estimate.cautions import two_read_streams
from tests.conftest import CORPUS, estimate_caveats, run_cli

ZARAGOZA = CORPUS / "zaragoza" / "reports"
CAUTION = "two streaming loads and no streaming store share the bank"
STREAMED = sympy.Symbol("n")


def _caveats(report: str, *given: str) -> list[str]:
    return estimate_caveats(ZARAGOZA / report, *given)


def test_dot_product_on_one_ddr4_bank_says_the_measured_miss() -> None:
    (caveat,) = [c for c in _caveats("ddr4-1866/dot", "--set", "N=32768000") if c.startswith(CAUTION)]
    assert "dot-ddr4" in caveat and "1.54x this model's time" in caveat
    result = run_cli("analyze", str(ZARAGOZA / "ddr4-1866" / "dot"), "--set", "N=32768000")
    assert "  estimate: 19.1 ms, memory-bound" in result.stdout  # the number is not changed
    assert f"  caution (DotProduct): {CAUTION} DDR:" in result.stdout


def test_other_shapes_do_not() -> None:
    assert not [c for c in _caveats("hbm2/dot", "--set", "N=32768000") if c.startswith(CAUTION)]
    assert not [c for c in _caveats("ddr4-1866/iamax", "--set", "N=32768000") if c.startswith(CAUTION)]
    assert not [c for c in _caveats("ddr4-1866/vectoradd", "--set", "work_items=32768000") if c.startswith(CAUTION)]
    assert not [c for c in _caveats("ddr4-1866/watermarking-profiled", "--set", "iterations=6512400")
                if c.startswith(CAUTION)]


def _load(name: str, *, store: bool = False, phase: tuple[str, str] | None = None,
          count: sympy.Expr = STREAMED) -> mm.LsuTerm:
    params = mm.LsuParams(id=f"k/{name}", variant=mm.Variant.ALIGNED, is_store=store, ls_width=256,
                          ls_bytes=sympy.Integer(4), ls_acc=count, stride=sympy.Integer(1), burst_cnt=5,
                          phase=phase)
    zero = sympy.Integer(0)
    return mm.LsuTerm(params, zero, zero, zero, zero, zero, sympy.true, sympy.Integer(1))


DDR = mm.DramParams(dq=8, bl=8, f_dram=sympy.Float(933.33e6), t_rcd=13.5e-9, t_rp=13.5e-9, t_wr=15e-9)


def test_the_rule_counts_streams_that_run_together() -> None:
    x, y = _load("load0"), _load("load1")
    assert two_read_streams([x, y, _load("store0", store=True, count=sympy.Integer(1))], DDR)
    assert not two_read_streams([x, y, _load("store1", store=True)], DDR)  # a streaming store beside them
    assert not two_read_streams([x], DDR)
    first, second = _load("load0", phase=("k", "L10")), _load("load1", phase=("k", "L20"))
    assert not two_read_streams([first, second], DDR)  # loops one after another
    hbm = mm.DramParams(dq=8, bl=4, f_dram=sympy.Float(800e6), t_rcd=14e-9, t_rp=14e-9, t_wr=16e-9, kind="hbm")
    assert not two_read_streams([x, y], hbm)
