"""Sizes read from an argument's buffer the kernel never writes (docs/model.md
decision 65), and the fields of a struct passed by value (decision 66).

caffe-fpga-opencl's layers read their loop bounds and index scales from a
``__global NetParam *param`` struct the host fills. Those reads were data:
each loop a ``trips_<kernel>_L<line>`` the user had to work out, each index
through them "data-dependent, no stride", charged a whole burst per access.
A kernel that never writes through the pointer (stores, steps, copies or
hands it to a call) reads one value per launch there, named after what the
host writes: ``shape_rows`` for ``shape->rows``, ``sizes_0`` for ``*sizes``.
"""

from __future__ import annotations

import json

import pytest
import sympy
from pycparser import c_ast

from hlsight.analyzer.access.classify import classify
from hlsight.analyzer.access.launch_constants import fixed_read, read_only_pointers
from hlsight.analyzer.results import AccessFacts
from hlsight.core.model import Kernel, KernelKind, Loop, LSUKind, SourceLocation
from hlsight.parsers.csource import parse_c_text
from tests.access_fixtures import FIXTURES, MarkedSource, sycl_sites, value
from tests.conftest import CORPUS, run_cli

KERNELS = MarkedSource("launch_constants.cl")
CAFFE = CORPUS / "aoc" / "aoc16.1_s5_de5net_caffe_net" / "kernels" / "net" / "bin" / "net" / "reports"


def _store(kernel: str, ndrange: bool = False) -> AccessFacts:
    (found,) = KERNELS.facts(kernel, [(LSUKind.STORE, kernel)], ndrange=ndrange)
    return found


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (3, 7), (64, 100)])
def test_a_struct_s_fields_bound_the_loops_and_scale_the_index(rows: int, cols: int) -> None:
    """rows x cols stores, consecutive (stride 1); the load's index through
    ``shape->pad`` starts pad rows in (an offset, where it was data)."""
    store = _store("from_struct")
    assert value(store.accesses, shape_rows=rows, shape_cols=cols) == rows * cols
    assert store.stride is not None and value(store.stride) == 1
    (load,) = KERNELS.facts("from_struct", [(LSUKind.LOAD, "from_struct")])
    assert load.stride is not None and value(load.stride) == 1
    assert load.offset is not None and value(load.offset, shape_pad=2, shape_cols=cols) == 2 * cols


def test_an_int_buffer_read_as_star_and_index() -> None:
    store = _store("from_array")
    assert value(store.accesses, sizes_0=6, sizes_1=5) == 30


def test_a_field_of_an_element_at_a_fixed_index() -> None:
    store = _store("from_element")
    assert value(store.accesses, shapes_1_rows=9) == 9
    assert store.stride is not None and value(store.stride, shapes_1_cols=4) == 4


@pytest.mark.parametrize("kernel", ["written", "passed", "copied", "moving", "same_name"])
def test_buffers_the_kernel_may_write_or_indexes_that_move_stay_data(kernel: str) -> None:
    """Written through, handed to a helper, copied into another pointer, read
    at a moving index, or read by an inlined helper whose parameter has the
    name of the kernel's read-only pointer: the bound stays a named trip."""
    assert "trips_" in str(_store(kernel).accesses)


def test_an_ndrange_kernel_counts_from_the_launch_and_the_struct() -> None:
    store = _store("ndrange", ndrange=True)
    assert value(store.accesses, work_items=256, shape_cols=3) == 256 * 3
    assert store.stride is not None and value(store.stride, shape_cols=3) == 3


def test_which_pointers_are_read_only() -> None:
    """Every use a read through the pointer: yes; an assigned element or
    field, a step, an address taken, a copy or a call argument: no."""
    unit = parse_c_text(
        "struct S { int n; };\n"
        "void f(int *a, int *b, int *c, int *d, int *e, struct S *s, struct S *t, int *g, int *h) {\n"
        "  int x = a[0] + s->n + *g + h[t->n];\n"
        "  b[x] = 1; c++; int *p = &d[2]; use(e); t->n = x; h[a[1]] = 2;\n"
        "}\n", "f.c")
    (func,) = [node for node in unit.ast.ext if isinstance(node, c_ast.FuncDef)]
    pointers = {"a", "b", "c", "d", "e", "s", "t", "g", "h"}
    assert read_only_pointers(func.body, pointers) == {"a", "s", "g"}


def test_fixed_reads_and_what_is_not_one() -> None:
    def read(text: str) -> tuple[str, str, str] | None:
        unit = parse_c_text(f"int f(int *p, struct S *q) {{ return {text}; }}\n", "f.c")
        (func,) = [node for node in unit.ast.ext if isinstance(node, c_ast.FuncDef)]
        return fixed_read(func.body.block_items[0].expr, {"p", "q"}, _numbers)

    assert read("q->n") == ("q_n", "q->n", "q")
    assert read("p[3]") == ("p_3", "p[3]", "p")
    assert read("*p") == ("p_0", "*p", "p")
    assert read("q[2].n") == ("q_2_n", "q[2].n", "q")
    assert read("p[i]") is None and read("p[-1]") is None and read("r->n") is None


def _numbers(node: c_ast.Node) -> sympy.Expr:
    """A literal's value (the only indexes these reads use), else a symbol."""
    if isinstance(node, c_ast.Constant):
        return sympy.Integer(int(node.value))
    if isinstance(node, c_ast.UnaryOp) and node.op == "-" and isinstance(node.expr, c_ast.Constant):
        return -sympy.Integer(int(node.expr.value))
    return sympy.Symbol("unknown")


def test_the_caffe_network_asks_for_the_sizes_its_host_writes() -> None:
    """The aoc 16.1 caffe network asked for 20 values, 17 of them loop trips
    (``trips_paddingLayer_L430``) a user had to work out from the layer's
    sizes; now 13, the launch's sizes (``global_size0..2``, ``work_items``)
    and nine fields of ``param`` (its ``pad`` and ``stride`` move only
    offsets and the strides of dimensions the model does not stream along),
    and a number once they are given."""
    asked = run_cli("analyze", str(CAFFE)).stdout
    assert "give 13 values" in asked and "trips_" not in asked
    sizes = {"global_size0": 4, "global_size1": 4, "global_size2": 4, "work_items": 64}
    fields = {f"param_{name}": 8 for name in ("dilation", "inputChannel", "inputHeight", "inputWidth",
                                              "inputTotalDataNum", "kernelSize", "outputChannel", "outputHeight",
                                              "outputWidth")}
    given = [f"--set={name}={number}" for name, number in {**sizes, **fields}.items()]
    result = run_cli("analyze", str(CAFFE), "--format", "json", *given)
    assert result.code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["estimate"]["free_symbols"] == [] and data["estimate"]["seconds"] > 0
    # the assumption is said where the number is read, once for the six kernels
    said = ("the inputs param_... are read from the buffer of argument `param`, which the kernel never writes: one"
            " value per launch, if no other argument shares that buffer (decision 65)")
    assert said in data["estimate"]["extra"]["caveats"]
    text = run_cli("analyze", str(CAFFE), *given).stdout
    assert f"caution (dataLayer, paddingLayer, poolingLayer and 3 more): {said}" in text


def test_a_loop_trip_alone_reading_such_a_buffer_is_cautioned() -> None:
    """``for (r = 0; r < shape->rows; r++) sum += r;``: no access count reads
    ``shape_rows``, the pipeline time does (the loop's trip), and the
    estimate says the assumption all the same."""
    lsu = KERNELS.lsu("loop_only/lsu0", LSUKind.STORE, "loop_only")
    loop = Loop(name="loop_only.B1", location=SourceLocation(KERNELS.name, KERNELS.line_of("loop_only") - 2))
    facts = KERNELS.derived([Kernel(name="loop_only", kind=KernelKind.SINGLE_WORK_ITEM, lsus=[lsu], loops=[loop])])
    assert facts.trip(loop) == "shape_rows"
    (said,) = facts.assumed("loop_only")
    assert said.startswith("the inputs shape_... are read from the buffer of argument `shape`")


def test_only_kernels_that_read_such_a_buffer_are_cautioned() -> None:
    """The caution names the kernels whose counts read a buffer's sizes, and
    no other: the caffe net's six all read `param`; the corpus's other
    designs read none (their estimates carry no such sentence)."""
    vector_add = CORPUS / "aoc" / "aoc15.1_c5soc_vector_add" / "vector_add" / "bin_vector_add"
    assert "read from the buffer of argument" not in run_cli("analyze", str(vector_add)).stdout


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (4, 9)])
def test_a_struct_passed_by_value_is_arguments(rows: int, cols: int) -> None:
    """``Shape s`` by value: ``s.rows`` and ``s.cols`` bound the loops and
    ``s.pad`` offsets the index, one value per launch (decision 66); they
    were values "read at run time" (named trips, a data-dependent index)."""
    store = _store("by_value")
    assert value(store.accesses, s_rows=rows, s_cols=cols) == rows * cols
    assert store.stride is not None and value(store.stride) == 1
    assert store.offset is not None and value(store.offset, s_pad=3) == 3


def test_a_struct_a_sycl_lambda_captures_by_value_is_arguments() -> None:
    """The same in SYCL: the lambda's copy of ``shape`` holds the host's
    values for the launch; the loops were "an expression hlsight does not
    follow"."""
    (store,) = [site for site in sycl_sites(FIXTURES / "struct_arguments.cpp")["by_value"] if site.kind == "store"]
    found = classify(store, ndrange=False)
    assert found.accesses is not None
    assert found.accesses.subs({symbol: 5 for symbol in found.accesses.free_symbols}) == 25
    assert sorted(found.free_symbols) == ["shape_cols", "shape_rows"] and found.stride == 1


def test_a_struct_copied_out_of_a_read_only_buffer_keeps_its_names() -> None:
    """``Shape s = *shape;`` then ``s.rows``: the copy holds the buffer's
    values, named as the direct reads are (``shape_0_rows`` is
    ``shape[0].rows``)."""
    store = _store("copied_in")
    assert value(store.accesses, shape_0_rows=7) == 7
    assert store.stride is not None and value(store.stride, shape_0_cols=5) == 5


def _sycl(kernel: str) -> list[tuple[str, str, object, object]]:
    return [(site.kind, site.text, (found := classify(site, ndrange=False)).stride, found.accesses)
            for site in sycl_sites(FIXTURES / "buffer_sizes.cpp")[kernel]]


def test_a_sycl_lambda_reads_sizes_from_a_captured_buffer_it_never_writes() -> None:
    """A USM pointer's ``sizes[0]`` and ``*sizes``, a read-only pointer's
    ``shape->cols`` and a read accessor's ``widths[1]``: launch inputs
    (``sizes_0``, ``shape_cols``, ``widths_1``) as in OpenCL C, where each
    was data and each loop a named trip."""
    stores = {text: accesses for kind, text, _stride, accesses in _sycl("usm_sizes") if kind == "store"}
    accesses = sympy.sympify(str(stores["out[r * widths[1] + c]"]))
    assert sorted(str(symbol) for symbol in accesses.free_symbols) == ["shape_cols", "sizes_0"]
    (star,) = [accesses for kind, _text, _stride, accesses in _sycl("star_size") if kind == "store"]
    assert str(star) == "sizes_0"


@pytest.mark.parametrize("kernel", ["stored", "copied", "called"])
def test_a_captured_buffer_written_copied_or_passed_on_stays_data(kernel: str) -> None:
    """Stored through, copied into another pointer (then written), or
    handed to a call (``sycl::min(sizes[0], 64)``, which could take a
    reference): the loop's bound stays a named trip."""
    (count,) = [accesses for kind, text, _stride, accesses in _sycl(kernel) if kind == "store" and text == "out[i]"]
    assert f"trips_{kernel}_L" in str(count)
