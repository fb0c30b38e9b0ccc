"""``__fpga_reg(x)`` / ``ext::intel::fpga_reg(x)`` read as x (docs/model.md
decision 44).

aoc (OpenCL, from 19.x) and oneAPI (SYCL) give a register stage as a call
that returns its operand one clock later; IntelLabs/t2sp's generated
feeders write ``uint _47 = __fpga_reg(__fpga_reg(_46));`` on their time
stamps and counters. The walker took the call for an opaque function, so an
index written through it, or a counter stepped through it, had no stride.
These tests build the design aoc's report gives around
``fixtures/access/fpga_reg.cl`` (the report's own source, parsed as aoc
embeds it), and walk a oneAPI kernel, and check values worked out by hand.
"""

from __future__ import annotations

from pathlib import Path

import sympy

from hlsight.analyzer.access.classify import classify
from hlsight.analyzer.access.sycl_kernels import find_kernels
from hlsight.analyzer.access.sycl_walker import walk_kernel
from hlsight.core.model import LSUKind
from hlsight.parsers.csource import parse_c_file
from hlsight.parsers.cxx.sycl_headers import parse_sycl
from tests.access_fixtures import MarkedSource, value

REGS = MarkedSource("fpga_reg.cl")


def test_the_report_source_parses_with_its_register_stages() -> None:
    """The kernel file as aoc embeds it, `__fpga_reg` undeclared and nested
    through a macro, parses (pycparser needs no declaration of a call)."""
    unit = parse_c_file(REGS.path)
    assert {"reg_index", "reg_feeder", "reg_pointer"} <= set(unit.functions())


def test_a_register_stage_in_the_index() -> None:
    """`b[__fpga_reg(2 * i)] = a[FPGA_REG2(i) + 1]`: stride 2 from element
    0 and stride 1 from element 1 (was: "the index moves through
    `__fpga_reg(2 * i)`, which is not affine", no stride)."""
    load, store = REGS.facts("reg_index", [(LSUKind.LOAD, "reg_index"), (LSUKind.STORE, "reg_index")])
    assert (value(load.stride), value(load.offset), value(load.accesses, n=40)) == (1, 1, 40)
    assert (value(store.stride), value(store.offset)) == (2, 0)
    assert "index i + 1: advance 1 per iteration" in (load.explanation or "")
    assert "index 2*i: advance 2 per iteration" in (store.explanation or "")


def test_a_t2s_feeder_counter_stepped_through_a_double_register_stage() -> None:
    """`_16 = _3 + 1; _17 = __fpga_reg(__fpga_reg(_16)); _addr_temp = _17`:
    the counter steps 1 per iteration, the float4 load is stride 1 (was:
    "moves through `_addr_temp`, which is not affine")."""
    (load,) = REGS.facts("reg_feeder", [(LSUKind.LOAD, "reg_feeder")])
    assert (value(load.stride), value(load.offset), load.element_bytes) == (1, 0, 16)
    assert "stride 1 from `a[_3]`" in (load.explanation or "")


def test_a_register_stage_on_the_pointer_and_on_a_step() -> None:
    """`*(__fpga_reg(a) + 4 * i)` is element 4i of a (was: no access found,
    the LSU without facts); `k = __fpga_reg(k + 3)` steps k by 3, so `b[k]`
    is stride 3."""
    load, store = REGS.facts("reg_pointer", [(LSUKind.LOAD, "reg_pointer"), (LSUKind.STORE, "reg_pointer")])
    assert (value(load.stride), load.element_bytes) == (4, 4)
    assert (value(store.stride), value(store.offset)) == (3, 0)


SYCL_KERNEL = """#include <sycl/sycl.hpp>
#include <sycl/ext/intel/fpga_extensions.hpp>
void run(sycl::queue &q, float *in, float *out, int n) {
  q.single_task<class Registered>([=]() {
    int k = 0;
    for (int i = 0; i < n; i++) {
      out[sycl::ext::intel::fpga_reg(2 * i)] = in[sycl::ext::intel::fpga_reg(i) + 1];
      int next = sycl::ext::intel::fpga_reg(sycl::ext::intel::fpga_reg(3 * i));
      out[k] = *(sycl::ext::intel::fpga_reg(in) + next);
      k = sycl::ext::intel::fpga_reg(k + 5);
    }
  });
}
"""


def test_sycl_fpga_reg_is_its_operand() -> None:
    """The same in a oneAPI kernel: in the index (strides 1 and 2), in a
    local's initialiser (`next`: stride 3), on the pointer (was: no access)
    and in the step of `k` (`k = fpga_reg(k + 5)`: stride 5, was not affine)."""
    path = "/build/src/registered.cpp"
    unit = parse_sycl(Path(path), SYCL_KERNEL, {})
    assert not unit.errors
    (kernel,) = find_kernels(unit.translation_unit, path)
    found = []
    for site in walk_kernel(kernel, kernel.name, SYCL_KERNEL.splitlines()).sites:
        result = classify(site, ndrange=False)
        offset = None if result.offset is None else int(result.offset)
        found.append((site.kind, site.text, result.stride, offset))
    assert found == [
        ("load", "in[sycl::ext::intel::fpga_reg(i) + 1]", sympy.Integer(1), 1),
        ("store", "out[sycl::ext::intel::fpga_reg(2 * i)]", sympy.Integer(2), 0),
        ("load", "*(sycl::ext::intel::fpga_reg(in) + next)", sympy.Integer(3), 0),
        ("store", "out[k]", sympy.Integer(5), 0),
    ]
