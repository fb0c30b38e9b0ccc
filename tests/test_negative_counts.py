"""A negative value for a name that counts work is refused; a negative offset is not
(analyzer/count_arguments.py). axpy's N was accepted at -5 (48.6 us, its trip count
floor(N/64 - 1/64) + 1 read as 0 where C's division gives 1), and a sweep gave any
negative point after the first a time."""

from __future__ import annotations

from pathlib import Path

import pytest
from pycparser import c_ast

from hlsight.analyzer.access.derive import scalar_arguments
from hlsight.analyzer.access.sycl_kernels import captured_scalars, find_kernels
from hlsight.analyzer.count_arguments import counting_names
from hlsight.parsers.csource import Dialect, parse_c_text
from hlsight.parsers.cxx.sycl_headers import parse_sycl
from tests.conftest import CORPUS, run_cli, run_json

HBM2 = CORPUS / "zaragoza" / "reports" / "hbm2"
AXPY = str(HBM2 / "axpy")
#: Rodinia nw: ``loop_exit`` is its loop's trip count, ``int block_offset`` only moves addresses
NW = str(HBM2 / "nw")
AXPY_TRIP = ("(expected 0 or more: N counts work (the trip count of loop sreaming_saxpy.B1 is floor(N/64 - 1/64) + 1);"
             " only a value no count depends on, such as an offset, may be negative)")


def test_a_negative_count_is_refused_by_analyze_and_whatif() -> None:
    for command in ("analyze", "whatif"):
        result = run_cli(command, AXPY, "--set", "N=-5")
        assert result.code == 2 and result.stdout == ""
        assert result.stderr == f"hlsight: error: value of 'N' is -5 {AXPY_TRIP}\n"
    # a sweep: the point analyze runs at (the first non-zero value), and any other point
    first = run_cli("whatif", AXPY, "--sweep", "N=-5,10")
    assert first.code == 2 and first.stderr == f"hlsight: error: value of 'N' is -5 {AXPY_TRIP}\n"
    later = run_cli("whatif", AXPY, "--sweep", "N=10:-20:4")
    assert later.code == 2 and later.stdout == ""
    assert later.stderr == f"hlsight: error: --sweep N: -10 is below 0 {AXPY_TRIP}\n"
    assert run_cli("whatif", AXPY, "--sweep", "N=0,10").code == 0  # 0: the loop does not run


def _seconds(*args: str) -> list[float]:
    document = run_json(*args)
    seconds: list[float] = document["points"]["seconds"] if "points" in document else \
        [document["estimate"]["seconds"]]
    return seconds


@pytest.mark.parametrize("command", ["analyze", "whatif"])
def test_a_negative_offset_is_taken(command: str) -> None:
    """nw's block_offset only moves its accesses: -64 is a value the host may pass."""
    args = ["--set", "loop_exit=58096"] if command == "analyze" else ["--sweep", "loop_exit=100,58096"]
    negative = _seconds(command, NW, *args, "--set", "block_offset=-64")
    assert negative == _seconds(command, NW, *args, "--set", "block_offset=64")
    assert all(seconds > 0 for seconds in negative)


def test_a_loop_start_may_be_negative_where_its_end_counts() -> None:
    """``for (i = start; i < n; i++)`` runs ``n - start`` times: a negative
    start runs it longer, so only ``n`` counts work; a step whose direction
    cannot be told is taken as counting."""
    counted = counting_names([("the trip count of loop k.B1", "n - start"),
                              ("the access count of LSU k/load0", "floor((n - start)/step)")])
    assert sorted(counted) == ["n", "step"]
    assert counted["n"] == "the trip count of loop k.B1 is n - start"
    assert counted["step"] == "the access count of LSU k/load0 is floor((n - start)/step)"
    # a name under a division counts even where the count falls as it grows: -1 would divide by 0
    assert sorted(counting_names([("the access count of LSU k/load0", "16*n/(16*rows + 16)")])) == ["n", "rows"]
    assert sorted(counting_names([("the trip count of loop k.B1", "floor(N/64 - 1/64) + 1"),
                                  ("the request count of LSU k/store0", "N*M")])) == ["M", "N"]


WATERMARKING = str(CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "watermarking-profiled")


def test_an_unsigned_argument_is_never_negative() -> None:
    """watermarking's ``const unsigned int offset`` only moves addresses, so no
    count refuses -64; but a host's ``cl_uint`` cannot carry it (-64 arrives as
    4,294,967,232): refused where it is given, a positive one taken."""
    refused = "(expected 0 or more: offset is an unsigned argument of kernel apply_watermark)\n"
    result = run_cli("analyze", WATERMARKING, "--set", "iterations=10", "--set", "offset=-64")
    assert result.code == 2 and result.stdout == ""
    assert result.stderr == f"hlsight: error: value of 'offset' is -64 {refused}"
    swept = run_cli("whatif", WATERMARKING, "--set", "iterations=10", "--sweep", "offset=64,-64")
    assert swept.code == 2 and swept.stderr == f"hlsight: error: --sweep offset: -64 is below 0 {refused}"
    assert run_cli("analyze", WATERMARKING, "--set", "iterations=10", "--set", "offset=64").code == 0


def test_unsigned_arguments_by_their_declared_types() -> None:
    """OpenCL C spellings (``unsigned``, ``uint``, ``ulong``, ``size_t``)
    and SYCL captures whose canonical type is unsigned; typedefs of unknown
    meaning stay signed."""
    unit = parse_c_text("typedef int T;\nvoid k(unsigned int a, uint b, size_t c, int d, float e,"
                        " const unsigned short f, ulong g, T h, long i) {}\n", "k.cl", Dialect.OPENCL)
    (func,) = [node for node in unit.ast.ext if isinstance(node, c_ast.FuncDef)]
    assert scalar_arguments(func, unsigned_only=True) == ["a", "b", "c", "f", "g"]
    source = """#include <sycl/sycl.hpp>
void run(sycl::queue &q, float *out, size_t n, int m, unsigned u, float x) {
  q.single_task<class Captures>([=]() {
    for (size_t i = 0; i < n; i++) out[i] = x * m + u;
  });
}
"""
    path = "/build/src/captures.cpp"
    sycl = parse_sycl(Path(path), source, {})
    assert not sycl.errors
    (kernel,) = find_kernels(sycl.translation_unit, path)
    assert captured_scalars(kernel, unsigned_only=True) == ["n", "u"]
    assert captured_scalars(kernel) == ["m", "n", "u", "x"]
