"""A compound assignment through an index array loads the index once
(session 37: a public oneAPI 2023.1 BNN's ``data[addr_in[x]] += lut *
alpha`` and SpMV's ``matrix[row[ptr]] += a[p] * matrix[col[ptr]]``; the
reports have one LSU for ``addr_in[x]`` / ``row[ptr]``, the walks recorded
two, and every LSU of those lines was left ambiguous: the estimate stayed
symbolic in ``stride``)."""

from __future__ import annotations

from pathlib import Path

from hlsight.analyzer.access.sycl_kernels import find_kernels
from hlsight.analyzer.access.sycl_walker import walk_kernel
from hlsight.analyzer.access.walker import walk_function
from hlsight.parsers.csource import parse_c_file
from hlsight.parsers.cxx.sycl_headers import parse_sycl

_C = """void scatter(float *data, const int *addr_in, const float *lut, int n) {
    int x;
    for (x = 0; x < n; x++) {
        data[addr_in[x]] += lut[x];
        data[addr_in[x]] = lut[x];
    }
}
"""

_SYCL = """#include <sycl/sycl.hpp>
void run(sycl::queue &q, float *data, const int *addr_in, const float *lut, int n) {
  q.single_task<class Scatter>([=]() {
    for (int x = 0; x < n; x++) {
      data[addr_in[x]] += lut[x];
      data[addr_in[x]] = lut[x];
    }
  });
}
"""


def test_the_c_walk_loads_a_compound_targets_index_once(tmp_path: Path) -> None:
    source = tmp_path / "scatter.c"
    source.write_text(_C, encoding="utf-8")
    unit = parse_c_file(source)
    walker = walk_function(unit, unit.functions()["scatter"], {unit.filename: unit.lines})
    by_line = {line: [(site.array, site.kind) for site in walker.sites if site.line == line] for line in (4, 5)}
    # `+=`: lut, then the read of data with its index, then the write of data (its index already loaded)
    assert by_line[4] == [("lut", "load"), ("addr_in", "load"), ("data", "load"), ("data", "store")]
    # `=`: the target's index is loaded by the write itself
    assert by_line[5] == [("lut", "load"), ("addr_in", "load"), ("data", "store")]


def test_the_sycl_walk_loads_a_compound_targets_index_once() -> None:
    path = "/build/src/scatter.cpp"
    unit = parse_sycl(Path(path), _SYCL, {})
    assert not unit.errors
    (kernel,) = find_kernels(unit.translation_unit, path)
    sites = walk_kernel(kernel, kernel.name, _SYCL.splitlines()).sites
    by_line = {line: [(site.array, site.kind) for site in sites if site.line == line] for line in (5, 6)}
    assert by_line[5] == [("lut", "load"), ("addr_in", "load"), ("data", "load"), ("data", "store")]
    assert by_line[6] == [("lut", "load"), ("addr_in", "load"), ("data", "store")]
