"""A SYCL kernel inside a function template: its accessor and pointer
elements are the template's ``T`` (session 36).

Found on Intel's oneAPI explicit_data_movement tutorial (oneAPI 20.3 report
of an Arria 10 PAC build, public in anujp10/report, not copied): in
``template <typename T> double SubmitImplicitKernel(queue &, std::vector<T>
&in, ...)`` the accessor ``accessor in_a(in_buf, h, read_only)`` of ``buffer
in_buf(in)`` has an undeduced type in the template, and its ``in_a[i]`` was
"no array access of this kind on that line" (its stride a value to give);
the explicit kernel's ``device_ptr<T>`` accesses were matched but their
element size stayed ``element_bytes`` to give beside the report's 32-bit
LSUs, and the LSU listing printed "None B". Now an undeduced accessor is
still an accessor, and an element the source does not size is the LSU's
width when each request carries one element (the source counts as many
requests as accesses).

Input: the report of ``fixtures/oneapi20_coalesce`` (its four 32-bit LSUs at
lines 19 and 26) with this template variant of its source.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.conftest import FIXTURES, run_cli

REPORTS = FIXTURES / "oneapi20_coalesce" / "reports"

TEMPLATE_SOURCE = """\
// The loop_coalesce fixture's kernel written in a function template over the
// element type: an accessor of a buffer of std::vector<T> and a T* pointer
// (USM device memory), both sized only by the template's argument.
#include <sycl/sycl.hpp>
using namespace sycl;

template <int kFactor> class Scale;

template <int kFactor, typename T>
void Run(queue &q, std::vector<T> &in_vec, T *out_ptr, int cols) { buffer in_buf(in_vec);
  q.submit([&](handler &h) {
    accessor in(in_buf, h, read_only);
    T *out = out_ptr;
    h.single_task<Scale<kFactor>>([=]() {
      // merged: 8 x 16 = 128 iterations of one loop
      [[intel::loop_coalesce(kFactor)]]
      for (int i = 0; i < 8; i++) {
        for (int j = 0; j < 16; j++) {
          out[i * 16 + j] = 2.0f * in[i * 16 + j];
        }
      }
      // every level merges: 4 x cols iterations
      [[intel::loop_coalesce]]
      for (int r = 0; r < 4; r++) {
        for (int c = 0; c < cols; c++) {
          out[128 + r * cols + c] = in[128 + r * cols + c];
        }
      }
    });
  });
}

void RunAll(queue &q, std::vector<float> &in, float *out, int cols) {
  Run<2, float>(q, in, out, cols);
}
"""


def _run(tmp_path: Path, *args: str) -> str:
    reports = tmp_path / "reports"
    shutil.copytree(REPORTS, reports)  # away from the fixture's own source
    source = tmp_path / "src"
    source.mkdir()
    (source / "coalesce.cpp").write_text(TEMPLATE_SOURCE)
    result = run_cli("analyze", str(reports), "--source-root", str(source), *args)
    assert result.code == 0, result.stderr
    return result.stdout


def test_template_accessors_and_pointers_are_derived_and_sized_by_the_lsu_width(tmp_path: Path) -> None:
    report = json.loads(_run(tmp_path, "--format", "json", "--set", "cols=32"))
    (kernel,) = report["kernels"]
    facts = {lsu["id"]: lsu["access"] for lsu in kernel["lsus"]}
    assert all(fact is not None and fact["stride"] == "1" for fact in facts.values()), facts
    assert all(fact["element_bytes"] is None for fact in facts.values())  # the source does not size T
    assert kernel["estimate"]["free_symbols"] == []
    # the pipeline, as tests/test_source_coalesced_levels.py counts it: (128 - 1) + 233 + (4 x 32 - 1) + 230
    # = 717 cycles at 240 MHz; the 4 B accesses keep the DDR far from saturation
    assert abs(kernel["estimate"]["seconds"] - 717 / 240e6) < 1e-12


def test_the_listing_says_an_unsized_element_in_words(tmp_path: Path) -> None:
    text = _run(tmp_path, "-v", "--set", "cols=32")
    assert "None B" not in text
    assert "[out[i * 16 + j]: stride 1, element size not in the source, x 128]" in text
