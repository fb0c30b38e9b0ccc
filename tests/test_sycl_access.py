"""oneAPI (SYCL) source analysis (issue 14): the sources embedded in the
oneAPI reports of ../shared/corpus/aoc parsed with libclang and the stand-in
SYCL headers, LSUs paired with accesses, kernels named as the user wrote them.

Expected numbers are read off the kernel sources by hand (file:line given)
and the estimates are recomputed from the model equations.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import pytest
import sympy

from hlsight.analyzer.access import derive_access_facts
from hlsight.analyzer.access.classify import classify
from hlsight.analyzer.access.loops import LoopInfo
from hlsight.analyzer.access.sycl_derive import derive_sycl_access_facts
from hlsight.analyzer.access.sycl_kernels import captured_scalars, find_kernels
from hlsight.analyzer.access.sycl_loop_walker import SyclLoopWalker
from hlsight.analyzer.access.sycl_walker import walk_kernel
from hlsight.analyzer.pipeline import analyze
from hlsight.analyzer.results import AccessFacts, SourceFacts
from hlsight.core.model import LSU, Design
from hlsight.parsers.cxx.sycl_headers import parse_sycl
from hlsight.parsers.loader import load_design
from tests.conftest import CORPUS, run_cli

AOC = CORPUS / "aoc"
VADD_20 = AOC / "oneapi20.3_a10pac_samples" / "vector_add_opt_2" / "reports"
LSU_CONTROL = AOC / "oneapi20.3_a10pac_samples" / "lsu_control"
MEMORY_ATTRIBUTES = AOC / "oneapi20.3_a10pac_samples" / "memory_attributes"
BFS = AOC / "oneapi2021.4_s10gx_parallel_bfs" / "parallel_bfs_report.prj" / "reports"
VADD_22 = AOC / "oneapi2022.1_a10pac_vector_add" / "reports"
KMERS = AOC / "oneapi2023.0_s10mx_kmers" / "less_work_but_slower" / "reports_v12_m_v9_half"
KMERS_CPP = "two_bit_v19_HBM_test_v12_medium_v9_half.cpp"

#: per oneAPI case: global LSUs with stride, element size and count from the source / all global LSUs
CASES = {
    "oneapi20.3": ([VADD_20, LSU_CONTROL, MEMORY_ATTRIBUTES], 15, 15),
    "oneapi2021.4": ([BFS], 10, 10),
    "oneapi2022.1": ([VADD_22], 3, 3),
    "oneapi2023.0": ([KMERS], 34, 34),
}


#: the source facts of every design derived here (kept beside the designs)
_FACTS: list[SourceFacts] = []


@functools.cache
def _derived(path: Path) -> Design:
    """Parsed and derived once per module (kmers takes seconds); read only."""
    design = load_design(path)
    _FACTS.append(derive_access_facts(design))
    return design


def _access(lsu: LSU) -> AccessFacts | None:
    return next((found for facts in _FACTS if (found := facts.access(lsu)) is not None), None)


def _complete(lsu: LSU) -> bool:
    facts = _access(lsu)
    return facts is not None and None not in (facts.stride, facts.element_bytes, facts.accesses)


@pytest.mark.parametrize("case", sorted(CASES))
def test_global_lsus_get_stride_size_and_count(case: str) -> None:
    paths, with_facts, total = CASES[case]
    lsus = [lsu for path in paths for kernel in _derived(path).kernels for lsu in kernel.global_lsus()]
    assert len(lsus) == total
    assert sum(_complete(lsu) for lsu in lsus) == with_facts
    assert with_facts / total >= 0.9


def _lsu(design: Design, lsu_id: str) -> LSU:
    return next(lsu for kernel in design.kernels for lsu in kernel.lsus if lsu.id == lsu_id)


def test_single_task_loop_over_accessors_with_constexpr_bound() -> None:
    design = _derived(VADD_20)  # fpga_compile.cpp:87-88: for (i < kSize) r[i] = a[i] + b[i]; kSize = 10240
    facts = [_access(_lsu(design, f"VectorAdd/{name}")) for name in ("load0", "load1", "store0")]
    assert [(f.expression, f.stride, f.element_bytes, f.accesses) for f in facts if f] == [
        ("a[i]", "1", 4, "10240"), ("b[i]", "1", 4, "10240"), ("r[i]", "1", 4, "10240")]


def test_lsu_control_loads_in_the_library_header_pair_with_lsu_load() -> None:
    design = _derived(LSU_CONTROL)
    prefetch = _lsu(design, "KernelPrefetch/load0")
    assert prefetch.location is not None and prefetch.location.file.endswith("fpga_lsu.hpp")
    assert _access(prefetch) is not None
    assert _access(prefetch).accesses == "input_size"  # captured host reference: a named symbol
    assert "PrefetchingLSU::load(input_ptr + i)" in (_access(prefetch).expression or "")
    assert "lsu_control.cpp:77" in (_access(prefetch).expression or "")


def test_template_kernel_pairs_by_its_launch_line() -> None:
    design = _derived(MEMORY_ATTRIBUTES)  # Kernel<0> is the primary template submitKernel<AttrType>
    load = _access(_lsu(design, "Kernel<0>/load0"))
    # memory_attributes.cpp:86-90: i < kRows (8) x unrolled k < kVec (4) reads d_accessor[i*kVec + k]
    assert load is not None and (load.stride, load.element_bytes, load.accesses) == ("1", 4, "32")


def test_range_for_over_a_container_element_and_reference_reads() -> None:
    design = _derived(BFS)
    kernel = design.kernels[0]
    assert kernel.name == "parallel_bfs.cpp:104" and kernel.report_name == "const::'lambda'()"
    container = _lsu(design, "parallel_bfs.cpp:104/load1")  # located in stl_iterator.h:783
    assert _access(container) is not None and _access(container).element_bytes == 24  # std::vector<int>
    neighbor = _access(_lsu(design, "parallel_bfs.cpp:104/load2"))  # parallel_bfs.cpp:117 `neighbor`
    assert neighbor is not None and neighbor.accesses == "nodes**2*trips_parallel_bfs_cpp_104_L115"
    store = _access(_lsu(design, "parallel_bfs.cpp:104/store0"))  # parents_access[neighbor]
    assert store is not None and store.data_dependent and store.stride == "1"


def test_kmers_fill_struct_and_data_dependent_accesses() -> None:
    design = _derived(KMERS)
    fill = _access(_lsu(design, f"{KMERS_CPP}:530#7/store0"))
    # line 531: std::fill(ptr, ptr + ((M/(BANKS/H))/4), 0) on chars, M = 0x200000000, BANKS 16, H 2
    assert fill is not None and (fill.stride, fill.element_bytes) == ("1", 1)
    assert fill.accesses == str(0x200000000 // (16 // 2) // 4)
    reads = _access(_lsu(design, "produce_reads1/load0"))  # line 561: sequence = bitset<200> + uint + bool
    assert reads is not None and (reads.element_bytes, reads.accesses) == (40, "total_valid_reads")
    bank = _access(_lsu(design, f"{KMERS_CPP}:723/load0"))  # line 741: bf_accessor[upper], upper from a pipe
    assert bank is not None and bank.data_dependent and bank.element_bytes == 1
    assert bank.accesses == f"trips_{KMERS_CPP.replace('.', '_')}_723_L732"


def test_kmers_summary_lists_kernels_by_user_visible_names() -> None:
    result = run_cli("analyze", str(KMERS))
    assert result.code == 0, result.stderr
    lines = result.stdout.split("summary:\n", 1)[1].splitlines()
    summary = lines[: next(n for n, line in enumerate(lines) if not line.startswith(" "))]
    kernels = [line for line in summary if line.startswith("  kernel ")]
    assert len(kernels) == 37
    assert not any("'lambda'" in line for line in kernels)
    assert any(line.startswith(f"  kernel {KMERS_CPP}:530#15 ") for line in kernels)
    assert any(line.startswith("  kernel produce_reads1") for line in kernels)


def test_vector_add_2022_numeric_from_the_array_length() -> None:
    n = 10000  # vector-add-buffers.cpp:33 vector_size: range num_items{a_vector.size()}
    result = analyze(load_design(VADD_22), {"work_items": n})
    (estimate,) = result.estimates.values()
    fmax = 240e6  # loop_attr.json kernel fmax (report only)
    # Davila-Guzman eqs. 4-6: 4-byte LSUs need f_min far above 240 MHz, so each runs
    # non-saturated at fmax x ls_width, x2 with more than one LSU on the memory (eq. 6)
    t_ideal = 4 * n / (2 * fmax * 4)
    # eq. 8: 3 LSUs > 2 on the bank, T_row = tRCD + tRP of the board's DDR4 as its BSP runs it
    # (Intel PAC A10: ddr4-2133-a10pac, 15 clocks of 1066.67 MHz each)
    t_ovh = 4 * n / (2**5 * 64) * (14.06e-9 + 14.06e-9)
    memory = 3 * (t_ideal + t_ovh)
    pipeline = (n - 1) / fmax  # FlexCL eq. 1, II 1, one lane, depth 0
    assert float(estimate.seconds) == pytest.approx(max(memory, pipeline), rel=1e-9)
    assert memory > pipeline


def test_bfs_numeric_from_the_graph_size() -> None:
    nodes, edges = 4039, 88234  # facebook_combined.txt read by create_graph (parallel_bfs.cpp:157)
    degree = edges / nodes  # neighbours per node: trip count of the range-for at line 115
    values = {"nodes": nodes, "trips_parallel_bfs_cpp_104_L115": degree}
    result = analyze(load_design(BFS), values)
    (estimate,) = result.estimates.values()
    assert not estimate.free_symbols
    # FlexCL eq. 1 per loop, report IIs and iteration latencies (loops.json / loop_attr.json):
    b4 = 460 * (degree - 1) + 475  # range-for, II ~460
    b3 = nodes * (b4 + 423)  # for i < nodes around it
    b6 = 262 * (nodes - 1) + 266  # second for i < nodes, II ~262
    b1 = nodes * (b3 + b6 + 7)  # for iteration < nodes, not pipelined
    assert float(estimate.seconds) == pytest.approx(b1 / 480e6, rel=1e-9)


SYNTHETIC = """#include <sycl/sycl.hpp>
using namespace sycl;
void run(queue &q, double *in, double *out, int n) {
  q.submit([&](handler &h) {
    h.parallel_for<class Strided>(nd_range<1>(range<1>(n), range<1>(64)), [=](nd_item<1> it) {
      int g = it.get_global_id(0);
      out[g] = in[2 * g + 1];
    });
  });
}
"""


def test_nd_range_usm_pointers_and_kernel_name_type(tmp_path: Path) -> None:
    path = tmp_path / "k.cpp"
    unit = parse_sycl(path, SYNTHETIC)
    (kernel,) = find_kernels(unit.translation_unit, str(path))
    assert (kernel.launch, kernel.name, kernel.line) == ("parallel_for", "Strided", 5)
    sites = walk_kernel(kernel, "Strided", SYNTHETIC.splitlines()).sites
    facts = {(site.kind, site.array): (str(site.index), site.element.bytes, site.space) for site in sites}
    assert facts == {("load", "in"): ("2*gid0 + 1", 8, "global"), ("store", "out"): ("gid0", 8, "global")}


def test_kernel_name_types_as_written_and_template_instances() -> None:
    design = load_design(MEMORY_ATTRIBUTES)
    (source,) = [s for s in design.source_files if s.name == "memory_attributes.cpp"]
    assert source.content is not None
    unit = parse_sycl(Path(source.path), source.content)
    kernels = find_kernels(unit.translation_unit, source.path)
    assert [(k.line, k.name) for k in kernels] == [(81, "Kernel<AttrType>"), (110, "Kernel<1>"), (143, "Kernel<2>")]
    assert kernels[0].matches_name("Kernel<0>") and not kernels[1].matches_name("Kernel<0>")


def test_a_user_function_the_kernel_calls_is_walked_where_it_is_called() -> None:
    """memory_attributes' kernels call ``Compute(init, dict_offset)``, a template in the
    same file: its do-while (``++iter < kMaxIter``, kMaxIter = 8) and the local LSUs inside
    it (lines 47 and 54) get their facts, counted inside the caller; before, the walker did
    not enter the call, the 60 LSUs were access-unmatched and the loop needed
    loop.Kernel_<n>.B3.trip."""
    design = load_design(MEMORY_ATTRIBUTES)
    derived_facts = derive_sycl_access_facts(design)
    rules = [(d.rule, d.subject) for d in derived_facts.diagnostics]
    assert not [rule for rule, _ in rules if rule in ("access-unmatched", "access-ambiguous")]
    inside = [lsu for kernel in design.kernels for lsu in kernel.lsus
              if lsu.location is not None and lsu.location.line in (47, 54)]
    assert len(inside) == 60 and all(derived_facts.access(lsu) is not None for lsu in inside)
    # the do-while's 8 iterations: the report's loop_attr gives them since its mangled kernel
    # names (k0_ZTS...) are read; the source walk, which counts the same 8, is not asked
    for kernel in design.kernels:
        (loop,) = [item for item in kernel.all_loops() if item.name == f"{kernel.name}.B3"]
        assert loop.trip_count is not None and loop.trip_count.value == 8


def test_diagnostics_say_which_lsus_got_no_facts() -> None:
    design = load_design(KMERS)  # LSUs in std:: library code the walker cannot pair
    derived_facts = derive_sycl_access_facts(design)
    rules = [(d.rule, d.subject) for d in derived_facts.diagnostics]
    derived = {subject for rule, subject in rules if rule == "access-derived"}
    missing = {lsu.id for kernel in design.kernels for lsu in kernel.lsus if derived_facts.access(lsu) is None}
    explained = {subject for rule, subject in rules if rule in ("access-unmatched", "access-ambiguous")}
    assert missing and missing <= explained  # every LSU without facts is named with why
    assert not derived & missing
    text = json.dumps([d.message for d in derive_sycl_access_facts(load_design(VADD_22)).diagnostics])
    assert "`work_items` is the parallel_for global size `num_items`" in text


SYNTHETIC_2D = """#include <sycl/sycl.hpp>
using namespace sycl;
void run(queue &q, buffer<float, 2> &m, buffer<float, 2> &t, float *u, int rows, int cols) {
  q.submit([&](handler &h) {
    accessor a(m, h, read_only);
    accessor b(t, h, write_only, no_init);
    ext::oneapi::experimental::annotated_arg p(u);
    h.parallel_for(range<2>(rows, cols), [=](id<2> idx) {
      b[{idx[1], idx[0]}] = a[idx] + p[idx[1]];
    });
  });
}
"""


def test_two_dimensional_accessors_and_annotated_arg(tmp_path: Path) -> None:
    """The last SYCL dimension moves fastest (gid0 of the model); a transposed
    subscript strides by the accessor's row length, a host value."""
    path = tmp_path / "t.cpp"
    unit = parse_sycl(path, SYNTHETIC_2D)
    assert not [error for error in unit.errors if "t.cpp" in error]
    (kernel,) = find_kernels(unit.translation_unit, str(path))
    sites = walk_kernel(kernel, "t", SYNTHETIC_2D.splitlines()).sites
    facts = {(site.kind, site.array): str(site.index) for site in sites}
    assert facts == {("load", "a"): "a_range1*gid1 + gid0", ("load", "p"): "gid0",
                     ("store", "b"): "b_range1*gid0 + gid1"}


def test_vec_and_struct_element_sizes(tmp_path: Path) -> None:
    text = """#include <sycl/sycl.hpp>
using namespace sycl;
struct Particle { float3 p; int id; };
void run(queue &q, buffer<float4, 1> &v, buffer<vec<float, 3>, 1> &w, buffer<Particle, 1> &s, int n) {
  q.submit([&](handler &h) {
    accessor a(v, h); accessor b(w, h); accessor c(s, h);
    h.single_task<class Sizes>([=]() { for (int i = 0; i < n; i++) { a[i] = b[i] + c[i].p; } });
  });
}
"""
    unit = parse_sycl(tmp_path / "v.cpp", text)
    (kernel,) = find_kernels(unit.translation_unit, str(tmp_path / "v.cpp"))
    sites = walk_kernel(kernel, "Sizes", text.splitlines()).sites
    sizes = {site.array: site.element.bytes for site in sites}
    # float4 16 B; vec<float, 3> is stored as 4 floats (SYCL 2020 4.14.2.1); Particle 16 + 4 -> 32 B (align 16)
    assert sizes == {"a": 16, "b": 16, "c": 32}


def _loop_facts(info: LoopInfo) -> tuple[object, ...]:
    """A loop's facts, the counter by its source name (the ``_N`` suffix only
    counts the symbols made before)."""
    counter = re.sub(r"_\d+$", "", info.counter.name) if info.counter is not None else None
    return (info.kind, info.line, info.file, counter, info.step, info.trip_count, info.trip_reason, info.unroll)


@pytest.mark.parametrize("report", [VADD_20, LSU_CONTROL, MEMORY_ATTRIBUTES, BFS, VADD_22, KMERS],
                         ids=lambda path: path.parts[len(AOC.parts)])
def test_loop_walk_alone_matches_the_access_walk(report: Path) -> None:
    """The SYCL statement walk without the access recording finds every loop
    the access walker finds, with the same facts; only the loops of library
    calls (``std::fill``: recorded as accesses) are the access walker's own."""
    sources = {source.path: source.content for source in _derived(report).source_files if source.content}
    loops = sites = 0
    for path, content in sources.items():
        if not path.endswith(".cpp") or not re.search(r"\b(single_task|parallel_for)\b", content):
            continue
        unit = parse_sycl(Path(path), content, {other: text for other, text in sources.items() if other != path})
        lines = content.splitlines()
        for kernel in find_kernels(unit.translation_unit, path):
            alone = SyclLoopWalker(kernel, "k", lines)
            alone.run()
            full = walk_kernel(kernel, "k", lines)
            library = [key for key, info in full.loop_infos.items() if info.trip_reason.startswith("std::")]
            assert list(alone.loop_infos) == [key for key in full.loop_infos if key not in library]
            for key, info in alone.loop_infos.items():
                assert _loop_facts(info) == _loop_facts(full.loop_infos[key])
            assert not hasattr(alone, "sites")
            loops += len(full.loop_infos)
            sites += len(full.sites)
    assert sites > 0 and (loops > 0 or report == VADD_22)  # vector_add 2022: one parallel_for, no loop


GRID_STRIDE = """#include <sycl/sycl.hpp>
using namespace sycl;
void run(queue &q, float *x, float *y, int n) {
  q.parallel_for(nd_range<1>(range<1>(1024), range<1>(64)), [=](nd_item<1> it) {
    for (size_t i = it.get_global_id(0); i < n; i += it.get_global_range(0)) {
      y[i] = 2.0f * x[i];
    }
  });
  q.parallel_for(range<1>(1024), [=](item<1> it) {
    for (size_t i = it.get_id(0) + 1; i <= n; i += it.get_range(0)) {
      y[i] = 3.0f * x[i];
    }
  });
}
"""


def test_grid_stride_loops_deal_their_iterations_among_the_work_items(tmp_path: Path) -> None:
    """`for (i = it.get_global_id(0); i < n; i += it.get_global_range(0))`
    (and the `item` form with `get_id`/`get_range`): work-item g runs
    ceil((n - g) / work_items) iterations, n in all, so the loop counts
    n / work_items per work-item; the index is gid + rounds * work_items
    (consecutive work-items, consecutive floats). The queue's nd_range
    shortcut parses."""
    path = tmp_path / "g.cpp"
    unit = parse_sycl(path, GRID_STRIDE)
    assert not unit.errors
    first, second = find_kernels(unit.translation_unit, str(path))
    for kernel, count in ((first, "n/work_items"), (second, "n/work_items")):
        walker = walk_kernel(kernel, "G", GRID_STRIDE.splitlines())
        (loop,) = walker.loop_infos.values()
        assert str(loop.trip_count) == count, loop.trip_reason
        assert loop.trip_reason.startswith("grid-stride loop")
        gid, rounds, work_items = (sympy.Symbol(name) for name in ("gid0", "i", "work_items"))
        plain = {site.text: site.index.xreplace({s: sympy.Symbol(s.name) for s in site.index.free_symbols})
                 for site in walker.sites}
        offset = 0 if kernel is first else 1
        assert plain == {"x[i]": gid + offset + rounds * work_items, "y[i]": gid + offset + rounds * work_items}


FUNCTORS = """#include <sycl/sycl.hpp>
using namespace sycl;
struct Scale {
  float *x;
  float *y;
  int n;
  void operator()() const {
    for (int i = 0; i < n; i++) y[i] = 2.0f * x[2 * i];
  }
};
struct Add {
  float *x;
  void operator()(id<1> i) const { x[i] += 1.0f; }
};
void run(queue &q, float *x, float *y, int n) {
  q.single_task<class ScaleK>(Scale{x, y, n});
  q.parallel_for<class AddK>(range<1>(n), Add{x});
  q.parallel_for<class AddL>(range<1>(n), [=](id<1> i) { y[i] += 1.0f; });
}
"""


def test_kernel_functors_are_kernels_and_their_members_what_the_host_gives(tmp_path: Path) -> None:
    """A kernel given as a functor (`single_task<ScaleK>(Scale{x, y, n})`):
    its `operator()` is the kernel body, its pointer members are the
    memories and its scalar members the host's values (`n`), as a lambda's
    captures are. A USM pointer indexed by the id<1> itself (`x[i]`) is the
    work-item's element. Before, functor kernels were not found at all and
    `x[i]` with an id was an opaque index."""
    path = tmp_path / "f.cpp"
    unit = parse_sycl(path, FUNCTORS)
    assert not unit.errors
    kernels = find_kernels(unit.translation_unit, str(path))
    assert [(kernel.name, kernel.line, kernel.ndrange) for kernel in kernels] == [
        ("ScaleK", 16, False), ("AddK", 17, True), ("AddL", 18, True)]
    scale, add, lambda_add = kernels
    assert captured_scalars(scale) == ["n"]
    walker = walk_kernel(scale, "ScaleK", FUNCTORS.splitlines())
    (loop,) = walker.loop_infos.values()
    assert str(loop.trip_count) == "n"
    indices = {(site.array, site.text): str(site.index) for site in walker.sites}
    assert indices == {("x", "x[2 * i]"): "2*i", ("y", "y[i]"): "i"}
    for kernel, array in ((add, "x"), (lambda_add, "y")):
        sites = walk_kernel(kernel, "Add", FUNCTORS.splitlines()).sites
        assert [(site.array, site.kind, str(site.index)) for site in sites] == [
            (array, "load", "gid0"), (array, "store", "gid0")]


ONEAPI_SAMPLES_APIS = """#include <sycl/sycl.hpp>
#include <sycl/ext/intel/fpga_extensions.hpp>
#include <array>
using namespace std;
using namespace sycl;
constexpr int kSize = 256;
template <typename In, typename Out> struct Copy {
  In in;
  Out out;
  int len;
  void operator()() const {
    for (int idx = 0; idx < len; idx++) out[idx] = in[idx];
  }
};
struct MM {
  ext::oneapi::experimental::annotated_arg<int *, decltype(ext::oneapi::experimental::properties{
      ext::intel::experimental::awidth<32>, ext::intel::experimental::read_write_mode_read})> x;
  int size;
  void operator()() const { for (int i = 0; i < size; i++) x[i] += 1; }
};
void run(queue &q, std::array<float, kSize> &data, float *usm, int n) {
  buffer buf(data);                                   // a buffer of a std::array
  buffer<float, 1> other(usm, range<1>(n));
  q.submit([&](handler &h) {
    auto acc = buf.get_access<access::mode::read_write>(h);
    auto out = other.template get_access<access::mode::discard_write>(h);
    h.single_task<class Arrays>([=]() {
      auto p = acc.template get_multi_ptr<access::decorated::no>();
      ext::intel::host_ptr<float> host(usm);
      for (int i = 0; i < kSize; i++) {
        ext::intel::math_dsp_control<ext::intel::Preference::DSP, ext::intel::Propagate::Off>([&] {
          out[i] = p[i] * 2.0f + host[i];
        });
      }
    });
  });
  q.single_task<class CopyK>(Copy<float *, float *>{usm, usm + n, n});
  q.single_task(MM{nullptr, n});
  queue again;                                        // `queue` is sycl::queue: std::queue needs <queue>
}
"""


def test_oneapi_samples_apis_parse_and_template_functors_are_kernels(tmp_path: Path) -> None:
    """What a check on 24 public oneAPI sources found missing: a buffer of a
    `std::array`, `buffer::get_access<mode>(h)`, `get_multi_ptr<decorated>`,
    `ext::intel::host_ptr`, `math_dsp_control`, the annotated_arg
    `awidth`/`read_write_mode_*` properties, `using namespace std;` beside
    `using namespace sycl;` (std::queue made `queue` ambiguous), a class
    template functor (`Copy<float *, float *>{...}`; its members typed as
    instantiated) and a launch without a kernel name (named after its
    functor)."""
    path = tmp_path / "samples.cpp"
    unit = parse_sycl(path, ONEAPI_SAMPLES_APIS)
    assert not unit.errors, unit.errors[:3]
    kernels = find_kernels(unit.translation_unit, str(path))
    assert [kernel.name for kernel in kernels] == ["Arrays", "CopyK", "MM"]
    found = {}
    for kernel in kernels:
        walker = walk_kernel(kernel, kernel.name or "k", ONEAPI_SAMPLES_APIS.splitlines())
        found[kernel.name] = sorted((site.array, site.kind, str(site.index)) for site in walker.sites)
    assert found["Arrays"] == [("acc", "load", "i"), ("out", "store", "i"), ("usm", "load", "i")]
    assert found["CopyK"] == [("in", "load", "idx"), ("out", "store", "idx")]
    assert found["MM"] == [("x", "load", "i"), ("x", "store", "i")]
    assert captured_scalars(kernels[1]) == ["len"] and captured_scalars(kernels[2]) == ["size"]


BODY_STEPPED = """#include <sycl/sycl.hpp>
using namespace sycl;
void run(queue &q, float *x, int n) {
  q.single_task<class DW>([=]() {
    int oc = 0;
    do {
      x[oc] = 1.0f;
      oc += 2;
    } while (oc < n);
    int k = 3;
    while (k < n) { x[k] += 1; k++; }
    int m = 0;
    while (m < n) { if (x[m] > 0) m++; else m += 2; }
  });
}
"""


def test_loops_whose_counter_steps_in_the_body_are_counted(tmp_path: Path) -> None:
    """`do { x[oc] = 1; oc += 2; } while (oc < n)` runs ceil(n/2) times and
    `x[oc]` advances 2 per iteration; `while (k < n) { ...; k++; }` from 3
    runs n - 3 times (CRR's outer do-while was a `trips_` symbol called
    "data-dependent"). A counter stepped under a branch stays a symbol."""
    path = tmp_path / "dw.cpp"
    unit = parse_sycl(path, BODY_STEPPED)
    assert not unit.errors
    (kernel,) = find_kernels(unit.translation_unit, str(path))
    walker = walk_kernel(kernel, "DW", BODY_STEPPED.splitlines())
    trips = {loop.line: str(loop.trip_count) for loop in walker.loop_infos.values()}
    assert trips == {6: "ceiling(n/2)", 11: "n - 3", 13: "trips_DW_L13"}
    (store,) = [site for site in walker.sites if site.line == 7]
    # oc is written in the loop's iteration counter: oc0 + 2 * round
    loop = next(info for info in walker.loop_infos.values() if info.line == 6)
    assert loop.counter is not None and sympy.expand(store.index).coeff(loop.counter) == 2
    result = classify(store, ndrange=False)
    assert (result.stride, str(result.accesses)) == (2, "ceiling(n/2)")


def test_a_captured_reference_is_a_value_the_host_gives(tmp_path: Path) -> None:
    """lsu_control's kernels capture `const size_t &input_size` (a function
    parameter): it bounds their loops, so `--set input_size=` must be
    accepted like any captured number (it was missing from the list)."""
    source = """#include <sycl/sycl.hpp>
using namespace sycl;
void run(queue &q, float *x, const size_t &input_size) {
  q.single_task<class R>([=]() { for (size_t i = 0; i < input_size; i++) x[i] = 0; });
}
"""
    path = tmp_path / "r.cpp"
    unit = parse_sycl(path, source)
    (kernel,) = find_kernels(unit.translation_unit, str(path))
    assert captured_scalars(kernel) == ["input_size"]


def test_a_template_value_bound_is_a_named_value(tmp_path: Path) -> None:
    """`for (j < k_width)` with `k_width` a template parameter of the
    launching function (merge_sort, anr): a value fixed per instantiation,
    so a symbol `k_width` the user gives, not "not fixed per launch"."""
    source = """#include <sycl/sycl.hpp>
using namespace sycl;
template <int k_width, typename T>
void launch(queue &q, T *x, int n) {
  q.single_task<class TP>([=]() {
    for (int i = 0; i < n; i++)
      for (int j = 0; j < k_width; j++) x[i * k_width + j] = 0;
  });
}
void run(queue &q, float *x, int n) { launch<8>(q, x, n); }
"""
    path = tmp_path / "tp.cpp"
    unit = parse_sycl(path, source)
    (kernel,) = find_kernels(unit.translation_unit, str(path))
    walker = walk_kernel(kernel, "TP", source.splitlines())
    assert sorted(str(loop.trip_count) for loop in walker.loop_infos.values()) == ["k_width", "n"]


def test_an_index_stepped_in_the_loop_body_is_a_stride(tmp_path: Path) -> None:
    """loop_coalesce reads `a[idx]` with `idx++` at the end of the inner
    body: one element further every iteration (stride 1), not an index
    that "moves through idx, which is not affine"."""
    source = """#include <sycl/sycl.hpp>
using namespace sycl;
void run(queue &q, float *a, float *out) {
  q.single_task<class C>([=]() {
    size_t idx = 0;
    for (size_t i = 0; i < 1000; ++i) {
      for (size_t j = 0; j < 2; ++j) {
        out[i] += a[idx];
        idx++;
      }
    }
  });
}
"""
    path = tmp_path / "c.cpp"
    unit = parse_sycl(path, source)
    (kernel,) = find_kernels(unit.translation_unit, str(path))
    walker = walk_kernel(kernel, "C", source.splitlines())
    (site,) = [site for site in walker.sites if site.array == "a"]
    result = classify(site, ndrange=False)
    assert (result.stride, result.accesses) == (1, 2000)


def test_pointer_arithmetic_on_an_annotated_arg(tmp_path: Path) -> None:
    """zero_copy reads `*(h_in_data + i)` through an `annotated_arg` (its
    conversion to a pointer): a load of element i, like `a[i]` (was none)."""
    source = """#include <sycl/sycl.hpp>
using namespace sycl;
void run(queue &q, float *x, int n) {
  ext::oneapi::experimental::annotated_arg a(x);
  q.single_task<class Z>([=]() { for (int i = 0; i < n; i++) { float v = *(a + i); a[i] = v * 2; } });
}
"""
    path = tmp_path / "z.cpp"
    unit = parse_sycl(path, source)
    (kernel,) = find_kernels(unit.translation_unit, str(path))
    sites = walk_kernel(kernel, "Z", source.splitlines()).sites
    assert [(site.array, site.kind, str(site.index)) for site in sites] == [("a", "load", "i"), ("a", "store", "i")]


def test_an_lsu_without_a_source_line_is_found_at_its_kernel(corpus: Path) -> None:
    """oneAPI kmers: four ``access-ambiguous`` findings of LSUs the report
    gives no line had no location, and SARIF consumers (code scanning) drop
    such results; they point at their kernel's line."""
    report = corpus / "aoc" / "oneapi2023.0_s10mx_kmers" / "less_work_but_slower" / "reports_v12_m_v9_half"
    sarif = json.loads(run_cli("analyze", str(report), "--format", "sarif").stdout)
    results = sarif["runs"][0]["results"]
    assert results and all(result.get("locations") for result in results)
    ambiguous = [result for result in results if result["ruleId"] == "access-ambiguous"]
    assert {result["locations"][0]["physicalLocation"]["region"]["startLine"] for result in ambiguous} == {786, 869}
