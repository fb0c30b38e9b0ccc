"""Vitis task-level parallelism in hlsight's header model: ``hls_task.h``
and ``hls_np_channel.h``, and a design kept in a subfolder of
``--source-root``.

A public Vitis 2023.1 dataflow top (jnowaczek/estimation_accel, not in the
corpus) splits a stream over ``hls::task`` workers with
``hls::split::round_robin`` / ``hls::merge::round_robin``; the model had
neither header, clang stopped at the include, and the top's two loops over
``n`` were asked for as report symbols. Its sources sit in a subfolder of
the repository, where only the report's folder, ``--source-root`` and their
``src`` were searched for the top's definition.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from hlsight.analyzer.access.walker import walk_function
from hlsight.parsers.cxx.as_c import parse_cxx_as_c
from tests.conftest import REPO, SHARED, run_cli

MODEL = REPO / "parsers" / "cxx" / "hls_include"
UNIQUE_PATHS = SHARED / "instrument" / "vhls2019.1_unique_paths"

TASKS = """#include "ap_int.h"
#include "hls_np_channel.h"
#include "hls_stream.h"
#include "hls_task.h"
#define NUM_WORKERS 4
typedef ap_uint<32> data_t;

void read_in(hls::stream<data_t> &in, int n, hls::stream<data_t> &out) {
  for (int i = 0; i < n; i++) out.write(in.read());
}
void worker(hls::stream<data_t> &in, hls::stream<data_t> &out) {
  data_t v = in.read();
  out.write(v * 2 + 1);
}
void write_out(hls::stream<data_t> &in, int n, hls::stream<data_t> &out) {
  for (int i = 0; i < n; i++) out.write(in.read());
}
void top(hls::stream<data_t> &in, int n, hls::stream<data_t> &out) {
  hls_thread_local hls::split::round_robin<data_t, NUM_WORKERS> split;
  hls_thread_local hls::merge::round_robin<data_t, NUM_WORKERS> merge;
#pragma HLS DATAFLOW
  read_in(in, n, split.in);
  hls_thread_local hls::task tasks[NUM_WORKERS];
  for (int i = 0; i < NUM_WORKERS; i++) {
#pragma HLS unroll
    tasks[i](worker, split.out[i], merge.in[i]);
  }
  write_out(merge.out, n, out);
}
"""


def test_a_task_design_reads_against_the_model(tmp_path: Path) -> None:
    path = tmp_path / "tasks.cpp"
    path.write_text(TASKS)
    unit = parse_cxx_as_c(path, synthesis=True)
    lines = {str(path): TASKS.splitlines()}
    for function in ("read_in", "write_out"):
        walker = walk_function(unit, unit.functions()[function], lines, count_memcpy=True)
        assert [str(info.trip_count) for info in walker.loop_infos.values()] == ["n"]


def test_the_model_headers_compile_as_cxx(tmp_path: Path) -> None:
    path = tmp_path / "tasks.cpp"
    path.write_text(TASKS + "int main() { hls::stream<data_t> a, b; top(a, 0, b); return 0; }\n")
    done = subprocess.run(["g++", "-std=c++14", "-Werror", "-fsyntax-only", f"-I{MODEL}", str(path)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_the_top_is_found_in_a_subfolder_of_the_source_root(tmp_path: Path) -> None:
    """Vivado 2019.1 unique_paths names no source: its top's one definition,
    two folders down, is found; before, none was."""
    deep = tmp_path / "repository" / "hls" / "design"
    deep.mkdir(parents=True)
    for name in ("main.c", "header.h"):
        shutil.copy(UNIQUE_PATHS / name, deep / name)
    result = run_cli("analyze", str(UNIQUE_PATHS / "report"), "--source-root", str(tmp_path / "repository"))
    assert result.code == 0, result.stderr
    assert "source-root-unmatched" not in result.stdout
    assert "no source defining unique_paths was read" not in result.stdout
