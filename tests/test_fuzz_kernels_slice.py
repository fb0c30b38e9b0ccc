"""A CI-sized slice of ``benchmarks/fuzz_kernels.py``: random OpenCL kernels
of the shapes the source analysis reads, through the walker, the
classifier and (every third) the whole pipeline. Nothing raises and no
kernel takes over 20 s. Seeds 2 and 3 each found a failure before session
29's fixes (below), and seed 2, with session 30's shapes, a shift that
never finished (the last test), so the slice is not vacuous."""

from __future__ import annotations

from pathlib import Path

import pytest

from hlsight.analyzer.access.classify import classify
from hlsight.analyzer.access.walker import AccessSite, walk_function
from hlsight.parsers.csource import parse_c_text
from hlsight.parsers.csource.frontend import Dialect
from tests.conftest import load_script

BENCHMARK = Path(__file__).resolve().parents[1] / "benchmarks" / "fuzz_kernels.py"


@pytest.mark.parametrize("seed", [2, 3])
def test_random_kernels_give_symbols_never_an_exception(seed: int) -> None:
    fuzz = load_script(BENCHMARK, "hlsight_fuzz_kernels")
    tally = fuzz.run(kernels=400, seed=seed, limit=20)
    assert tally.kernels > 350 and tally.pipeline > 100, tally
    assert not tally.failures, tally.failures[0]


def _facts(text: str) -> list[tuple[object, object, object]]:
    unit = parse_c_text(text, "f.cl", Dialect.OPENCL)
    (function,) = unit.functions().values()
    found = []
    for site in walk_function(unit, function, {unit.filename: unit.lines}).sites:
        shape = classify(site, ndrange=True)
        found.append((shape.stride, shape.offset, shape.accesses))
    return found


@pytest.mark.parametrize("index", ["x % get_local_id(0)", "x / get_global_id(0)"])
def test_a_divisor_that_is_zero_at_the_first_work_item_has_no_offset(index: str) -> None:
    """`a[x % get_local_id(0)]`: the first element is not defined (C's
    division by 0), so the offset is unknown; it raised ZeroDivisionError
    (or gave the offset `floor(zoo*x)`)."""
    ((_stride, offset, accesses),) = _facts(f"__kernel void k(__global float *restrict a, int x) {{ a[{index}] = 0; }}")
    assert offset is None and str(accesses) == "work_items"


def test_an_equality_with_a_divisor_zero_at_the_first_work_item_has_no_offset() -> None:
    """`a[(get_global_id(1) / get_global_id(0) != 1) ? 5 : x]` (found by seed
    29 in session 31): at the first work-item the test divides by 0, and the
    offset's KroneckerDelta of nan raised "Invalid NaN comparison"; the
    offset is unknown, as for the divisions above."""
    ((_stride, offset, _accesses),) = _facts(
        "__kernel void k(__global float *restrict a, int x) {"
        " a[(get_global_id(1) / get_global_id(0) != 1) ? 5 : x] = 0; }")
    assert offset is None


def test_a_count_with_a_remainder_of_the_id_is_not_summed_by_sympy() -> None:
    """`for (i = (gid1 + n) & ~1; i < 64; i += 16)`: the count per
    work-item has a remainder of the id, whose sum over the ids sympy
    cannot close (it raised PrecisionExhausted, or ran for minutes on a
    power of the id): a named trip count."""
    ((_stride, _offset, accesses),) = _facts(
        "__kernel void k(__global float *restrict a, int n) {\n"
        "  for (int i = ((get_global_id(1) + n) & ~1); i < 64; i += 16) a[i] = 0;\n}\n")
    assert "trips_k_L2" in str(accesses)


@pytest.mark.parametrize("index", ["x >> (8 << 64)", "x << 64", "x >> -1"])
def test_a_shift_past_the_widest_type_is_not_a_power_of_two(index: str) -> None:
    """`x >> (get_local_size(0) << 64)` with the group fixed at 8 (found by
    seed 2 in session 30): a shift by 64 bits or more, or by a negative
    amount, is undefined in C and is left unread; it was 2**(8 * 2**64),
    which sympy never finished building."""
    ((stride, _offset, accesses),) = _facts(f"__kernel void k(__global float *restrict a, int x) {{ a[{index}] = 0; }}")
    assert stride is None and str(accesses) == "work_items"


def test_a_step_divided_by_a_work_group_of_zero_is_not_a_count() -> None:
    """`i += get_num_groups(0)` under `reqd_work_group_size(0, 1, 1)` (found
    by seed 19 in session 30): the step is global_size0 / 0, not a number
    to count by; the loop's count stays named (it raised "Invalid NaN
    comparison")."""
    site = _zero_group_site("int i = 0; while (i < n) { a[i] = 1; i += get_num_groups(0) / get_global_size(0); }")
    assert "trips_k_L3" in str(classify(site, ndrange=True).accesses)


def test_an_equality_test_of_a_value_divided_by_a_zero_group_is_opaque() -> None:
    """`(get_num_groups(0) / get_num_groups(0) == 1) ? ...` under `reqd_work_group_size(0, 1,
    1)` (found by seed 20 in session 30): the test's sides hold a division
    by zero, which KroneckerDelta cannot order ("Invalid NaN comparison");
    the conditional is an opaque value."""
    site = _zero_group_site("int m = (get_num_groups(0) / get_num_groups(0) == 1) ? n : 2 * n; a[m] = 1;")
    assert classify(site, ndrange=True).offset is None


def _zero_group_site(body: str) -> AccessSite:
    """The one access of a kernel whose body is ``body`` (its third line),
    under ``reqd_work_group_size(0, 1, 1)``: a work-group of no work-items."""
    unit = parse_c_text("__attribute__((reqd_work_group_size(0,1,1)))\n"
                        f"__kernel void k(__global float *restrict a, int n) {{\n  {body}\n}}\n",
                        "f.cl", Dialect.OPENCL)
    (function,) = unit.functions().values()
    (site,) = walk_function(unit, function, {unit.filename: unit.lines}, (0, 1, 1)).sites
    return site
