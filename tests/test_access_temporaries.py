"""Steps written through single-assignment temporaries (docs/model.md
decision 40).

Halide/T2S emit a step counter SSA style: ``int _3 = _addr_temp; ... int
_16 = _3 + 1; _addr_temp = _16;``. The temporaries are declared in the loop
body, so at the loop's entry, where the step is read, they were unknown: the
index moving through ``_addr_temp`` was "not affine" and the LSU kept a free
``stride`` (IntelLabs/t2sp's GEMM needed ``--set stride=1`` by hand). A
temporary declared once in the body, with an initialiser and never assigned
again, now reads as its initialiser. And T2S's loaders index ``(t / (N*J)) *
N + t % N``: the quotient changes only where the remainder wraps, so between
wraps the access is dense (it was 1 + 1/J: the quotient's average added to
the remainder's movement). These tests build the design aoc's report gives
around ``fixtures/access/temporaries.cl`` and check values worked out by hand.
"""

from __future__ import annotations

import sympy

from hlsight.analyzer.access.classify import Classification
from hlsight.analyzer.results import AccessFacts
from hlsight.core.model import LSU, Kernel, KernelKind, LSUKind, LSUStyle, SourceLocation
from tests.access_fixtures import FIXTURES, MarkedSource, facts_of, sycl_load, value

TEMPORARIES = MarkedSource("temporaries.cl")


def facts(kernel: str, kind: LSUKind, marker: str, width: int = 32) -> AccessFacts:
    """The facts of one LSU of width ``width`` bits on the marked line of
    the single work-item ``kernel``."""
    unit = LSU(id=f"{kernel}/lsu0", kind=kind, style=LSUStyle.BURST_COALESCED, style_raw="Burst-coalesced",
               width_bits=width, is_global=True,
               location=SourceLocation(TEMPORARIES.name, TEMPORARIES.line_of(marker)))
    found = TEMPORARIES.derived([Kernel(name=kernel, kind=KernelKind.SINGLE_WORK_ITEM, lsus=[unit])])
    return facts_of(found, unit)


def test_a_step_through_temporaries() -> None:
    """`int t = addr; int u = t * 3; ... in[u] ...; int next = t + 1; addr =
    next;`: addr steps 1, the load is stride 3 (was: not affine, no stride)."""
    load = facts("ssa_step", LSUKind.LOAD, "ssa_load")
    assert (value(load.stride), value(load.offset), value(load.accesses, n=50)) == (3, 0, 50)
    assert "coefficient 3, step 1" in (load.explanation or "")


def test_two_updates_do_not_read_a_temporary_between_them() -> None:
    """`int a = v; v = v + 1; v = a + 5;`: v ends 5 past its start. Reading
    `a` as v's value before the second update would add the two steps to 6;
    the body's statements run in order (decision 44: `a` holds v, then v + 1,
    then a + 5), so the stride is 5 (decision 40 left it unknown)."""
    load = facts("two_updates", LSUKind.LOAD, "two_updates")
    assert (value(load.stride), value(load.offset), value(load.accesses, n=30)) == (5, 0, 30)
    assert "coefficient 5, step 1" in (load.explanation or "")


def test_a_temporary_assigned_again_is_not_its_initialiser() -> None:
    """`int t = v + 1; t = t + 1; v = t;` steps 2: `t` is not read as `v + 1`
    (that would give 1); in order, t is v + 1, then v + 2 (decision 40 left
    the stride unknown)."""
    load = facts("reassigned", LSUKind.LOAD, "reassigned")
    assert value(load.stride) == 2


def test_steps_the_order_does_not_fix_stay_unknown() -> None:
    """What running the body in order cannot see keeps the stride unknown,
    never a guess: an update inside a branch (`if (i & 1) v = a + 2;`), a
    body that may skip the update (`continue`), a temporary a nested block
    assigns, and a step through a value that changes each iteration
    (`v = a + i`)."""
    for kernel in ("update_in_branch", "update_skipped", "temporary_in_block", "moving_step"):
        load = facts(kernel, LSUKind.LOAD, kernel)
        assert load.stride is None, kernel
        assert "not affine" in (load.explanation or ""), kernel


def test_t2s_a_loader_is_dense_between_the_wraps_of_its_counter() -> None:
    """T2S's A loader: `vload16(0, (float *)A + 16*((t / (64*J*K)) * 64*K +
    t % (64*K)))` with t stepped through SSA temporaries: consecutive
    64-byte float16s between wraps of t % (64*K) (the quotient changes only
    at those wraps): stride 1, I*J*K*64 accesses."""
    load = facts("t2s_loader", LSUKind.LOAD, "t2s_a", width=512)
    assert (value(load.stride), value(load.offset), load.element_bytes) == (1, 0, 64)
    assert value(load.accesses, I=5, J=3, K=7) == 5 * 3 * 7 * 64
    explanation = load.explanation or ""
    assert "a remainder, between its wraps every 64*K elements" in explanation
    assert "a division by a multiple of 64*K, constant between those wraps" in explanation


def test_t2s_b_loader_and_unloader() -> None:
    """T2S's B loader reads `(float *)B + 16*(t % (64*J*K))`: stride 1 in
    float16s; the unloader stores `(float *)C + 8*t` (t read twice, stepped
    through `_392 = _391 + 1`): stride 1 in 32-byte float8s, I*J*80 times."""
    load = facts("t2s_b_loader", LSUKind.LOAD, "t2s_b", width=512)
    assert (value(load.stride), load.element_bytes, value(load.accesses, I=2, J=3, K=4)) == (1, 64, 2 * 3 * 4 * 64)
    store = facts("t2s_unloader", LSUKind.STORE, "t2s_c", width=256)
    assert (value(store.stride), value(store.offset), store.element_bytes) == (1, 0, 32)
    assert value(store.accesses, I=6, J=7) == 6 * 7 * 80


def test_a_quotient_in_step_with_the_remainder_adds_nothing_between_wraps() -> None:
    """`in[(i / 64) * 16 + i % 16]`: 0..15 four times, then 16..31: dense
    between wraps, stride 1 (was 1 + 16/64 = 5/4). `in[(i / 24) * 16 + i %
    16]`: the quotient steps in the middle of a run of the remainder, so its
    average 16/24 still adds: 5/3."""
    in_step = facts("quotient_steps", LSUKind.LOAD, "in_step")
    assert value(in_step.stride) == 1
    off_step = facts("quotient_steps", LSUKind.LOAD, "off_step")
    assert value(off_step.stride) == sympy.Rational(5, 3)


SYCL = FIXTURES / "temporaries.cpp"


def sycl_read(kernel: str, text: str = "in[v]") -> Classification:
    """The load ``text`` of ``kernel``."""
    return sycl_load(SYCL, kernel, text)


def _number(expr: sympy.Expr | None, **values: int) -> sympy.Expr | None:
    """``expr`` (a classification's) with the named symbols set."""
    if expr is None:
        return None
    return expr.subs({symbol: values[symbol.name] for symbol in expr.free_symbols if symbol.name in values})


def test_sycl_steps_through_temporaries_as_the_c_body() -> None:
    """The same bodies in SYCL lambdas step as decision 40/44 read them in
    OpenCL C (the SYCL walker read only `v++`/`v += c`/`v = v + c`: all
    three were "not affine", no stride): 3, 5 and 2."""
    for kernel, text, stride in (("ssa_step", "in[u]", 3), ("two_updates", "in[v]", 5), ("reassigned", "in[v]", 2)):
        shape = sycl_read(kernel, text)
        c_load = facts(kernel, LSUKind.LOAD, kernel if kernel != "ssa_step" else "ssa_load")
        assert (_number(shape.stride), _number(shape.offset), _number(shape.accesses, n=40)) == (stride, 0, 40)
        assert value(c_load.stride) == stride


def test_sycl_steps_the_order_does_not_fix_stay_unknown() -> None:
    for kernel in ("update_in_branch", "update_skipped"):
        assert sycl_read(kernel).stride is None, kernel
        assert facts(kernel, LSUKind.LOAD, kernel).stride is None, kernel


def test_sycl_pointers_stepped_through_temporaries() -> None:
    """`p = next` with `next = p + 4`: 4 floats per iteration from element 2;
    `p += k` with `int k = 2 * 3`: 6 from element 1 (`p[1]`); both were
    "not affine". Through a `char *` cast the units differ: not read."""
    through = sycl_read("pointer_through_temporary", "*p")
    assert (_number(through.stride), _number(through.offset), _number(through.accesses, n=40)) == (4, 2, 40)
    by_amount = sycl_read("pointer_step_by_temporary", "p[1]")
    assert (_number(by_amount.stride), _number(by_amount.offset)) == (6, 1)
    assert sycl_read("pointer_through_cast", "*p").stride is None
