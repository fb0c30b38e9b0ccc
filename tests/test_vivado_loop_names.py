"""Report loops a line cannot place take the source's count by their name
(decision 67): Vivado HLS's ``Loop 3.1``, labels, flattened nests, and
``#pragma HLS unroll factor=N``.

The real cases: ataryan4561/unique_paths (Vivado HLS 2019.1, its loops
``Loop 1`` .. ``Loop 3.1`` with no location, bounded by ``*n`` and ``*m``)
and hashi0203/Vitis_HLS_Gaussian (Vitis 2020.2, labelled loops with no
location and a flattened ``win_y_win_x``), from ``../shared/instrument``.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
from pathlib import Path
from types import ModuleType

import pytest
from pycparser import c_parser

from hlsight.analyzer.access.report_loop_names import match_report_name, name_loops
from hlsight.analyzer.access.sources import ParsedSources
from hlsight.analyzer.access.walker import walk_function
from hlsight.analyzer.access.xilinx_report_loops import SourceLoopNames, report_loop_finder
from hlsight.commands.sources import with_local_sources
from hlsight.core.model import Design, Kernel, KernelKind, Loop, Product, ToolInfo, Vendor
from hlsight.parsers.csource import parse_c_text
from hlsight.parsers.loader import load_design
from tests.conftest import FIXTURES, SHARED, run_cli

INSTRUMENT = SHARED / "instrument"
UNIQUE_PATHS = INSTRUMENT / "vhls2019.1_unique_paths"
GAUSSIAN = INSTRUMENT / "vitis2020.2_gaussian"

NEST = """
void f(int a[64][64], int n, int m) {
  int i, j, k;
  for (i = 0; i < n; i++) { a[i][0] = 0; }
  rows: for (i = 0; i < n; i++) {
    for (j = 0; j < m; j++) { a[i][j] = 1; }
    for (j = 0; j < 4; j++) { a[i][j] = 2; }
  }
  outer: for (i = 0; i < 8; i++) {
    inner: for (j = 0; j < m; j++) { a[i][j] = 3; }
  }
  for (i = 0; i < n; i++) {
    for (j = 0; j < m; j++) {
#pragma HLS unroll factor=4
      a[i][j] = 4;
    }
  }
}
"""


def _body() -> object:
    unit = c_parser.CParser().parse(NEST)
    return unit.ext[0].body


def test_names_follow_the_tools_rules() -> None:
    """Vivado numbers loops by their place (a labelled parent lends its
    label: ``rows.2``); Vitis ranks the unlabelled ones only."""
    named = [loop for top in name_loops(_body()) for loop in top.walk()]
    assert [(loop.label, loop.positional, loop.vitis_name) for loop in named] == [
        (None, "Loop 1", "VITIS_LOOP_4_1"),
        ("rows", "Loop 2", "VITIS_LOOP_5_1"),
        (None, "rows.1", "VITIS_LOOP_6_2"),
        (None, "rows.2", "VITIS_LOOP_7_3"),
        ("outer", "Loop 3", "VITIS_LOOP_9_3"),
        ("inner", "outer.1", "VITIS_LOOP_10_3"),
        (None, "Loop 4", "VITIS_LOOP_12_4"),
        (None, "Loop 4.1", "VITIS_LOOP_13_5"),
    ]


@pytest.mark.parametrize(("name", "vivado", "lines"), [
    # a labelled loop goes by its label only
    ("Loop 2", True, None), ("Loop 4", True, [12]), ("rows.2", True, [7]), ("rows", False, [5]),
    ("VITIS_LOOP_13_5", False, [13]),
    ("outer_inner", True, [9, 10]), ("VITIS_LOOP_12_4_VITIS_LOOP_13_5", False, [12, 13]),
    ("Loop 4_Loop 4.1", True, [12, 13]),
    # rows holds two loops: not a nest the tools flatten
    ("rows_rows.1", True, None), ("Loop 9", True, None), ("VITIS_LOOP_13_4", False, None),
])
def test_a_report_name_finds_its_loops(name: str, vivado: bool, lines: list[int] | None) -> None:
    match = match_report_name(name, name_loops(_body()), vivado)
    assert (None if match is None else [level.line for level in match.levels]) == lines


AUTOSA = """
void f(int a[4][4][4][2][8]) {
  for (int c0 = 0; c0 <= 3; c0 += 1)
    for (int c1 = 0; c1 <= 3; c1 += 1)
      for (int c2 = 0; c2 <= 3; c2 += 1) {
        for (int c3 = 0; c3 <= 1; c3 += 1) {
          for (int c4 = 0; c4 <= 7; c4 += 1) {
            a[c0][c1][c2][c3][c4] = 0;
          }
        }
      }
  named: for (int i = 0; i < 2; i++)
    inner: for (int j = 0; j < 2; j++)
      for (int k = 0; k < 2; k++) { a[i][j][k][0][0] = 1; }
}
"""


@pytest.mark.parametrize(("name", "lines", "count"), [
    # AutoSA's A_IO_L3_in (Vitis 2021.1): the name leaves out the level at line 4 (ordinal 2),
    # the report counts all five: 4 x 4 x 4 x 2 x 8 = 1024
    ("VITIS_LOOP_3_1_VITIS_LOOP_5_3_VITIS_LOOP_6_4_VITIS_LOOP_7_5", [3, 4, 5, 6, 7], "1024"),
    ("VITIS_LOOP_3_1_VITIS_LOOP_4_2_VITIS_LOOP_5_3_VITIS_LOOP_6_4_VITIS_LOOP_7_5", [3, 4, 5, 6, 7], "1024"),
    ("VITIS_LOOP_3_1_VITIS_LOOP_7_5", [3, 4, 5, 6, 7], "1024"),
    # a labelled level is named by its label: never left out
    ("named_VITIS_LOOP_14_6", None, None),
    ("named_inner_VITIS_LOOP_14_6", [12, 13, 14], "8"),
])
def test_a_vitis_flattened_name_may_leave_out_an_unlabelled_level(name: str, lines: list[int] | None,
                                                                  count: str | None) -> None:
    match = match_report_name(name, name_loops(c_parser.CParser().parse(AUTOSA).ext[0].body), False)
    assert (None if match is None else [level.line for level in match.levels]) == lines
    if count is not None:
        loop = Loop(name=name)
        _, finder = _finder([loop], Product.VITIS_HLS, AUTOSA)
        found = finder.find(loop)  # type: ignore[attr-defined]
        assert found is not None and str(found.trip_count) == count
    # Vivado's positional names number every level: none is left out
    assert match_report_name("Loop 1_Loop 1.1.1", name_loops(c_parser.CParser().parse(AUTOSA).ext[0].body),
                             True) is None


def _finder(loops: list[Loop], product: Product, source: str = NEST) -> tuple[Kernel, object]:
    unit = parse_c_text(source, "f.c")
    parsed = ParsedSources(units=[unit], lines={"f.c": source.splitlines()})
    walker = walk_function(unit, unit.functions()["f"], parsed.lines, count_memcpy=True)
    kernel = Kernel(name="f", kind=KernelKind.FUNCTION, loops=loops, is_top=True)
    design = Design(tool=ToolInfo(Vendor.XILINX, product, "2020.2"), root=Path("."), kernels=[kernel])
    finder = report_loop_finder(kernel, design, SourceLoopNames.of(parsed),
                                {**walker.called_loop_infos, **walker.loop_infos}, "f")
    return kernel, finder


def test_a_flattened_nest_counts_every_level_and_a_partial_unroll_its_share() -> None:
    flat = Loop(name="VITIS_LOOP_12_4_VITIS_LOOP_13_5")
    single = Loop(name="VITIS_LOOP_13_5")
    _, finder = _finder([flat, single], Product.VITIS_HLS)
    assert finder is not None
    found = finder.find(flat)
    # the inner level's unroll factor 4 divides its own count
    assert found is not None and str(found.trip_count) == "n*ceiling(m/4)" and found.hls_unroll is None
    assert "flattened nest of the loops at lines 12, 13" in found.trip_reason
    inner = finder.find(single)
    assert inner is not None and str(inner.trip_count) == "m" and inner.hls_unroll == 4
    assert finder.flattened(flat) and not finder.flattened(single)


def test_positional_names_match_only_where_the_report_numbers_as_the_source_reads() -> None:
    agreeing = [Loop(name="Loop 1"), Loop(name="rows", children=[Loop(name="rows.1"), Loop(name="rows.2")]),
                Loop(name="outer", children=[Loop(name="inner")]),
                Loop(name="Loop 4", children=[Loop(name="Loop 4.1")])]
    _, finder = _finder(agreeing, Product.VIVADO_HLS)
    assert finder is not None and finder.positional_ok
    assert [str(info.trip_count) if (info := finder.find(loop)) else None for loop in _all(agreeing)] == [
        "n", "n", "m", "4", "8", "m", "n", "m"]
    # a fifth loop (an inlined callee's, say) the source does not have: no positional name is trusted
    extra = [*agreeing, Loop(name="Loop 5")]
    _, finder = _finder(extra, Product.VIVADO_HLS)
    assert finder is not None and not finder.positional_ok
    assert [loop.name for loop in _all(extra) if finder.find(loop) is not None] == ["rows", "outer", "inner"]
    # fewer than the source has (a public Vivado 2017.4 FIR lists one Loop 1, its second loop, having dropped
    # a first that never ends): which one is meant is not known
    fewer = [Loop(name="Loop 1"), Loop(name="rows", children=[Loop(name="rows.1"), Loop(name="rows.2")]),
             Loop(name="outer", children=[Loop(name="inner")])]
    _, finder = _finder(fewer, Product.VIVADO_HLS)
    assert finder is not None and not finder.positional_ok
    assert finder.find(fewer[0]) is None
    # nested where the source's is not
    misplaced = [Loop(name="Loop 1", children=[Loop(name="rows.1")])]
    _, finder = _finder(misplaced, Product.VIVADO_HLS)
    assert finder is not None and not finder.positional_ok


UNROLLED_FIRST = """
void f(int a[64], int n, int m) {
  int i;
  for (i = 0; i < 4; i++) {
#pragma HLS unroll
    a[i] = 0;
  }
  for (i = 0; i < n; i++) { a[i] = 1; }
  for (i = 0; i < m; i++) { a[i] = 2; }
}
"""


def test_a_positional_name_on_a_loop_the_source_unrolls_trusts_none() -> None:
    """Two report loops, ``Loop 1`` and ``Loop 2``, over a source whose first
    loop is fully unrolled (so never listed): counting it or not would give
    different loops, so no positional name is matched."""
    loops = [Loop(name="Loop 1"), Loop(name="Loop 2")]
    _, finder = _finder(loops, Product.VIVADO_HLS, UNROLLED_FIRST)
    assert finder is not None and not finder.positional_ok
    assert [finder.find(loop) for loop in loops] == [None, None]
    later = [Loop(name="Loop 2"), Loop(name="Loop 3")]  # numbered with the unrolled loop counted
    _, finder = _finder(later, Product.VIVADO_HLS, UNROLLED_FIRST)
    assert finder is not None and finder.positional_ok
    assert [str(info.trip_count) if (info := finder.find(loop)) else None for loop in later] == ["n", "m"]


def test_a_vitis_loop_n_is_the_compilers_own() -> None:
    """In a Vitis report ``Loop 1`` is a loop the compiler made (an array
    copy) and ``<loop>.<k>`` an inlined copy: neither is a source loop."""
    made = [Loop(name="Loop 1"), Loop(name="rows", children=[Loop(name="rows.1")])]
    _, finder = _finder(made, Product.VITIS_HLS)
    assert finder is not None
    assert [finder.find(loop) is not None for loop in _all(made)] == [False, True, False]


def _all(loops: list[Loop]) -> list[Loop]:
    return [item for loop in loops for item in [loop, *_all(loop.children)]]


def test_vitis_2020_labelled_loops_match_the_reports_counts() -> None:
    """The Gaussian filter's report places no loop; by their labels (and
    ``win_y_win_x``, a flattened nest) the source's counts are the report's
    own: 2, 512, 4 and 512 x 512."""
    design = with_local_sources(load_design(GAUSSIAN / "report"), str(GAUSSIAN))
    from hlsight.analyzer.access.sources import parse_design_sources

    parsed = parse_design_sources(design)
    found = parsed.function("gaussian")
    assert found is not None
    walker = walk_function(found[0], found[1], parsed.lines, count_memcpy=True)
    infos = {**walker.called_loop_infos, **walker.loop_infos}
    compared = []
    for kernel in design.kernels:
        finder = report_loop_finder(kernel, design, SourceLoopNames.of(parsed), infos, "gaussian")
        assert finder is not None
        for loop in kernel.all_loops():
            assert loop.location is None and loop.trip_count is not None
            info = finder.find(loop)
            assert info is not None and info.trip_count is not None, loop.name
            compared.append((loop.name, loop.trip_count.value, int(info.trip_count)))
    assert compared == [("buf_x1", 2, 2), ("buf_x2", 512, 512), ("win_y_win_x", 4, 4),
                        ("for_y_for_x", 262144, 262144)]


def _unique_paths_sources(folder: Path) -> Path:
    """main.c and header.h alone: the case folder also holds a macro-expanded
    copy defining the same top, and two definitions give no source."""
    for name in ("main.c", "header.h"):
        shutil.copy(UNIQUE_PATHS / name, folder / name)
    return folder


def test_vivado_positional_loops_count_in_the_tops_arguments(tmp_path: Path) -> None:
    """``loop(i,a)`` with ``a = *n`` and ``#pragma HLS UNROLL factor=2``:
    the report's Loop 1 runs ceil(n / 2) times. Before, the estimate asked
    for four ``loop.unique_paths.Loop_*.trip`` values."""
    sources = _unique_paths_sources(tmp_path)
    result = run_cli("analyze", str(UNIQUE_PATHS / "report"), "--source-root", str(sources), "--format", "json")
    assert result.code == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["estimate"]["free_symbols"] == ["m_0", "n_0"]
    # where n_0 comes from, said beside the number (decision 65's caution)
    assert [caveat.split(",")[0] for caveat in document["estimate"]["extra"]["caveats"]] == [
        "the inputs m_... are read from the buffer of argument `m`",
        "the inputs n_... are read from the buffer of argument `n`",
        # Loop 3's iteration latency is "?": 1 counted a pass (session 41), the fewest it takes
        "unique_paths: parts of its schedule are \"?\" in the report and counted at their fewest cycles (the notes"
        " under -v name each): this number is a lower bound"]
    notes = {d["subject"]: d["message"] for d in document["diagnostics"] if d["rule"] == "access-trip-count"}
    assert notes["Loop 1"] == ("loop Loop 1: trip count ceiling(n_0/2) from the source (`i < a` from 0 step 1,"
                               " unrolled 2x by the compiler)")
    assert notes["Loop 3"].startswith("loop Loop 3: trip count n_0 from the source")
    located = [d for d in document["diagnostics"] if d["rule"] == "access-trip-count"]
    assert {(Path(d["file"]).name, d["line"]) for d in located} == {("main.c", 13), ("main.c", 19), ("main.c", 25),
                                                                     ("main.c", 27)}


def test_the_static_count_is_the_simulated_one(tmp_path: Path) -> None:
    """The testbench calls unique_paths(&n, &m) with n = 3, m = 7. The
    HLScope+ run of the instrumented source (compiled with gcc) counts 83
    cycles (80 before session 41, when Loop 3's three passes, its iteration
    latency "?", took 0 cycles beyond Loop 3.1, now the 1 a pass takes at
    least); the static estimate at those values must count the same."""
    (tmp_path / "src").mkdir()
    sources = _unique_paths_sources(tmp_path / "src")
    simulated = run_cli("simulate", str(UNIQUE_PATHS / "main.c"), "--report", str(UNIQUE_PATHS / "report"),
                        "--testbench", str(UNIQUE_PATHS / "test.c"), "--top", "unique_paths")
    assert simulated.code == 0, simulated.stderr
    total = re.search(r"total: (\d+) cycles", simulated.stdout)
    assert total is not None and int(total.group(1)) == 83
    result = run_cli("analyze", str(UNIQUE_PATHS / "report"), "--source-root", str(sources), "--set", "n_0=3",
                     "--set", "m_0=7", "--format", "json")
    assert result.code == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["estimate"]["free_symbols"] == []
    assert document["estimate"]["seconds"] == pytest.approx(83 * 10e-9)


def _gaussian_copy(folder: Path, height: int) -> Path:
    for name in ("gaussian.c", "gaussian.h"):
        shutil.copy(GAUSSIAN / name, folder / name)
    header = folder / "gaussian.h"
    header.write_text(header.read_text().replace("#define height 512", f"#define height {height}"))
    return folder


def _differences(report: Path, sources: Path) -> list[str]:
    result = run_cli("analyze", str(report), "--source-root", str(sources), "--format", "json")
    assert result.code == 0, result.stderr
    return [d["message"] for d in json.loads(result.stdout)["diagnostics"] if d["rule"] == "source-count-differs"]


def test_a_source_that_counts_otherwise_than_the_report_is_said(tmp_path: Path) -> None:
    """The Gaussian filter's sources as synthesized agree with its report;
    with ``height`` edited to 256 the flattened ``for_y_for_x`` counts
    131072 where the report ran 262144, and the warning says so once (the
    top and no outlined module list it)."""
    (tmp_path / "same").mkdir()
    (tmp_path / "edited").mkdir()
    assert _differences(GAUSSIAN / "report", _gaussian_copy(tmp_path / "same", 512)) == []
    assert _differences(GAUSSIAN / "report", _gaussian_copy(tmp_path / "edited", 256)) == [
        "loop for_y_for_x: the report counts 262144 iterations, the source 131072 (gaussian.c:47: a flattened nest"
        " of the loops at lines 47, 48, the product of their counts: `py < 256` from 0 step 1; `px < 512` from 0"
        " step 1): this source is likely not the one synthesized (or hlsight misreads the loop), so the counts it"
        " gives loops the report leaves open may be wrong too"]


def test_the_instrument_reports_count_as_their_sources(capsys: pytest.CaptureFixture[str]) -> None:
    """``benchmarks/source_counts.py`` over the nine instrument cases: every
    loop the report counts exactly and the matched source counts (7) is the
    same number."""
    module = _source_counts()
    assert module.main([]) == 0
    printed = capsys.readouterr().out
    assert printed.splitlines()[-1] == ("7 loops the report counts exactly and the source counts: 7 the same,"
                                        " 0 different")
    assert "for_y_for_x" in printed and "DIFFERENT" not in printed


def test_a_loop_the_source_only_bounds_keeps_the_reports_range() -> None:
    """MachSuite bfs' ``loop_queue`` runs ``dummy < N_NODES`` but breaks when
    its queue empties: the report says ``1 ~ 256``. Matched by its label
    now, its source count 256 is only a bound, the report's maximum; taking
    it made the estimate its worst case, 616 us, with nothing said where the
    number is read. It stays a value to give."""
    bfs = INSTRUMENT / "vitis2022.2.2_machsuite_bfs_queue"
    result = run_cli("analyze", str(bfs / "report"), "--format", "json")
    assert result.code == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["estimate"]["free_symbols"] == ["loop.bfs.loop_queue.trip"]
    given = run_cli("analyze", str(bfs / "report"), "--set", "loop.bfs.loop_queue.trip=256", "--format", "json")
    assert json.loads(given.stdout)["estimate"]["seconds"] == pytest.approx(123137 * 5e-9)


INLINED = """
void read_rows(float *in, float *buf, int n) {
  RD_Loop_Row: for (int r = 0; r < n; r++) { buf[r] = in[r]; }
}
void scale(float *buf, int m) {
  SC_Loop: for (int k = 0; k < m; k++) { buf[k] = 2 * buf[k]; }
}
void f(float *in, float *out, int n, int m) {
  float buf[64];
  read_rows(in, buf, n);
  scale(buf, m);
  scale(buf, n);
  WR_Loop: for (int r = 0; r < n; r++) { out[r] = buf[r]; }
}
"""


def test_a_label_of_an_inlined_callee_is_found_in_its_callers_module() -> None:
    """Vivado HLS 2015.3 lists UG871's ``RD_Loop_Row`` in the top ``dct``:
    ``read_data`` was inlined there and its loop kept its label. A callee
    called once has one set of arguments, so its count is the walk's; one
    called twice (``scale``) has two, and is not matched."""
    loops = [Loop(name="RD_Loop_Row"), Loop(name="SC_Loop"), Loop(name="WR_Loop")]
    _, finder = _finder(loops, Product.VIVADO_HLS, INLINED)
    assert finder is not None
    assert [str(info.trip_count) if (info := finder.find(loop)) else None for loop in loops] == ["n", None, "n"]


TWICE = """
void hist(int *bucket, int *a) {
  hist_1: for (int i = 0; i < 512; i++) {
    hist_2: for (int j = 0; j < 4; j++) { bucket[a[i * 4 + j]]++; }
  }
}
void f(int *bucket, int *a, int *b) {
  hist(bucket, a);
  hist(bucket, b);
}
"""


def test_a_flattened_name_is_told_in_a_callee_called_twice() -> None:
    """MachSuite's radix sort (Vitis 2022.2, HLStrans) flattens
    ``hist_1_hist_2`` in ``hist``, which it calls twice, and the report
    places the loop at ``hist_1``'s line: the line match counted 512 of its
    2048 iterations (and then said the source was not the one synthesized).
    ``hist``'s loops are not searched (two calls, two sets of arguments), but
    the name is still known for a flattened one, so the line match is
    dropped."""
    flat = Loop(name="hist_1_hist_2")
    _, finder = _finder([flat], Product.VITIS_HLS, TWICE)
    assert finder is not None
    assert finder.find(flat) is None and finder.flattened(flat)


def test_the_output_says_a_source_would_give_the_loop_counts(tmp_path: Path) -> None:
    """unique_paths' case folder holds two files defining the top (a macro-
    expanded copy beside main.c), so none is read and four loop counts are
    asked for; the output says where they could come from instead. With the
    source read, nothing to say."""
    hint = "or --source-root DIR: no source defining unique_paths was read"
    unread = run_cli("analyze", str(UNIQUE_PATHS / "report"))
    assert unread.code == 0 and hint in unread.stdout
    read = run_cli("analyze", str(UNIQUE_PATHS / "report"), "--source-root", str(_unique_paths_sources(tmp_path)))
    assert read.code == 0 and "--source-root DIR" not in read.stdout
    # given the case folder (two files define the top): where it looked, not the option again
    both = run_cli("analyze", str(UNIQUE_PATHS / "report"), "--source-root", str(UNIQUE_PATHS))
    assert both.code == 0 and "--source-root DIR" not in both.stdout
    assert f"  no source defining unique_paths was read below --source-root {UNIQUE_PATHS};" in both.stdout


def test_ug871_dct_modules_are_found_by_their_vivado_2015_names() -> None:
    """The corpus' Vivado HLS 2015.3 DCT reports (UG871, sequential and
    dataflow) with a source of the same functions and labels
    (``fixtures/vivado_names/dct_loops.c``): ``dct_dct_2d`` is ``dct_2d``
    (2015.3 prefixes sub-modules with the top), ``RD_Loop_Row`` in the top
    ``dct`` is ``read_data``'s (inlined), ``dct_Loop_Row_DCT_Loop_proc`` is a
    dataflow process made of a loop of the top, and the flattened
    ``RD_Loop_Row_RD_Loop_Col`` counts 64. ``dct_1d``, called twice with
    the same sizes, is matched too (decision 70: it was not, before, in the
    dataflow design's ``dct_dct_1d``). Every count the reports give is the
    source's."""
    module = _source_counts()
    sources = str(FIXTURES / "vivado_names")
    corpus = SHARED / "corpus" / "vivado"
    assert module.compare(str(corpus / "vhls2015.3_ug871_dct_seq"), sources) == (10, 10, 0)
    assert module.compare(str(corpus / "vhls2015.3_ug871_dct_dataflow"), sources) == (7, 7, 0)


def _source_counts() -> ModuleType:
    """``benchmarks/source_counts.py``, loaded as a module (not a package)."""
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "source_counts.py"
    spec = importlib.util.spec_from_file_location("source_counts_benchmark", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PIPELINED_WALK = """
void f(int a[64][20], int n) {
  int i;
  for (i = 0; i < 64; i++) {
#pragma HLS PIPELINE II=1
    int at = 0;
    while (1) {
      if (a[i][at] < 0) break;
      at = a[i][at];
    }
  }
}
"""


def test_a_pipelined_loop_holding_a_loop_it_cannot_unroll_keeps_both() -> None:
    """A public 2019.1 boosted-tree ensemble (JaneCrystal1874/HLS_BoostingTree)
    asks ``PIPELINE`` of its tree loop, which walks each tree in a ``while
    (true)``: the walk has no count to unroll by, so Vivado pipelines
    neither and lists ``Loop 1`` (64, not pipelined) with ``Loop 1.1``.
    hlsight took the walk for unrolled, the report's numbering for another
    than the source's, and matched neither. A constant inner loop is still
    unrolled by the pipeline, and the same report then matches nothing."""
    listed = [Loop(name="Loop 1", children=[Loop(name="Loop 1.1")])]
    _, finder = _finder(listed, Product.VIVADO_HLS, PIPELINED_WALK)
    assert finder is not None and finder.positional_ok
    outer = finder.find(listed[0])
    assert outer is not None and str(outer.trip_count) == "64" and outer.line == 4
    constant = PIPELINED_WALK.replace("while (1) {", "for (int j = 0; j < 20; j++) {")
    _, finder = _finder(listed, Product.VIVADO_HLS, constant)
    assert finder is not None and not finder.positional_ok


FILTER = """
void f(int *image, int height, int width) {
  ROW: for (int row = 0; row < height; row++) {
#pragma HLS LOOP_TRIPCOUNT min=480 max=480
    COL: for (int col = 0; col < width; col++) {
#pragma HLS LOOP_TRIPCOUNT min=640 max=640
#pragma HLS PIPELINE II=1
      image[row * width + col] = 0;
    }
  }
}
"""


def test_a_flattened_nest_of_tripcount_loops_is_the_pragmas_assumption() -> None:
    """A public Vitis 2022.2 image filter (RISABH-UG26/image_pros) flattens
    ``ROW_LOOP_COL_LOOP``, both levels bounded by arguments and given
    ``LOOP_TRIPCOUNT`` 480 and 640: the report's 307,200 is the pragmas'
    assumption. The flattened facts dropped the pragmas, so the estimate
    rested on it without the note that names ``height`` and ``width``."""
    flat = Loop(name="ROW_COL")
    _, finder = _finder([flat], Product.VITIS_HLS, FILTER)
    assert finder is not None
    found = finder.find(flat)
    assert found is not None and str(found.trip_count) == "height*width"
    assert found.tripcount_pragma == "HLS LOOP_TRIPCOUNT min=480 max=480 and HLS LOOP_TRIPCOUNT min=640 max=640"
