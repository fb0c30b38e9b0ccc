"""An i++ component whose report does not embed Intel's ``HLS/*.h``.

A public i++ 18.1 ``loop_pipeline`` (JunsangYooUSC/loop_pipeline_vitis2intel)
reads ``component dout_t loop_pipeline(din_t A[N])`` with ``dout_t`` an
``ac_int<20,true>``: without the vendor headers neither ``component`` nor
``ac_int`` is declared, libclang made the definition a variable, and the
analysis asked for the count of ``for (i = 0; i < 20; i++)`` "(its file
includes "HLS/hls.h", not found here)". hlsight's declaration-only stand-ins
(``parsers/cxx/ipp_include/HLS/``) are now the last folder the parse
searches, and ``--source-root`` adds the headers an embedding report left
out (``hlsight/commands/source_headers.py``)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from hlsight.analyzer.access.ipp_trips import ComponentTrips, component_loop_trips
from hlsight.analyzer.pipeline import analyze
from hlsight.commands.source_headers import with_root_headers
from hlsight.core.model import Design, SourceFile
from hlsight.parsers.loader import load_design
from tests.conftest import CORPUS

#: a corpus i++ design whose sources are replaced by the public shapes
SOBEL = CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "sobel"
FOUND = ("the source", "the component's loop bounds")


def _design(*files: tuple[str, str]) -> Design:
    design = load_design(SOBEL)
    sources = [SourceFile(path=path, name=Path(path).name, content=content) for path, content in files]
    return dataclasses.replace(design, source_files=sources)


def _trips(*files: tuple[str, str]) -> ComponentTrips:
    return component_loop_trips(_design(*files))


def test_a_component_with_vendor_types_keeps_its_literal_bounds() -> None:
    header = ('#include "HLS/hls.h"\n#include "HLS/ac_int.h"\n#define N 20\n'
              "typedef ac_int<5,true> din_t;\ntypedef ac_int<20,true> dout_t;\n"
              "dout_t ImgSobel(din_t A[N]);\n")
    component = ('#include "HLS/hls.h"\n'                          # 1
                 '#include "loop.h"\n'                             # 2
                 "component dout_t ImgSobel(din_t A[N]) {\n"       # 3
                 "  int i, j;\n"                                   # 4
                 "  static dout_t acc;\n"                          # 5
                 "LOOP_I:\n"                                       # 6
                 "  for (i = 0; i < 20; i++) {\n"                  # 7
                 "    for (j = 0; j < N; j++) { acc += A[j] * i; }\n"  # 8
                 "  }\n"
                 "  return acc;\n"
                 "}\n")
    trips = _trips(("/build/loop.cpp", component), ("/build/loop.h", header))
    assert trips.trip("ImgSobel", "/build/loop.cpp", 7) == (20, *FOUND)
    assert trips.trip("ImgSobel", "/build/loop.cpp", 8) == (20, *FOUND)
    assert trips.missing_headers == {}


def test_interface_types_and_keywords_of_hls_h_parse() -> None:
    """Avalon host and streaming arguments, an agent (slave) component and a
    task launch: each was an undeclared name that cost the function."""
    component = (
        "#include <HLS/hls.h>\n"                                                          # 1
        "#include <HLS/ac_fixed.h>\n"                                                     # 2
        "typedef ihc::mm_master<int, ihc::aspace<1>, ihc::dwidth<64>, ihc::latency<0> > bus_t;\n"  # 3
        "void helper(int x);\n"                                                           # 4
        "hls_avalon_slave_component component ac_fixed<16, 4> ImgSobel(\n"               # 5
        "    bus_t &m, ihc::stream_in<int, ihc::usesPackets<true> > &a,\n"                # 6
        "    hls_avalon_slave_register_argument int n, ihc::stream_out<int> &b) {\n"      # 7
        "  hls_register int acc = 0;\n"                                                   # 8
        "  for (int i = 0; i < 16; i++) { acc += m[i] + a.read(); }\n"                    # 9
        "  for (int i = 0; i <= 7; i += 2) { b.write(acc); }\n"                           # 10
        "  ihc::launch(helper, acc);\n"                                                   # 11
        "  for (int k = 10; k > 0; k -= 3) { acc--; }\n"                                  # 12
        "  for (int k = 1; k < 9; k = k + 4) { acc--; }\n"                                # 13
        "  for (int k = 0; k < n; k++) { acc--; }\n"                                      # 14
        "  for (int k = 0; k < 9; k = k + 1 + 1) { acc--; }\n"                            # 15
        "  for (int k = 0; k < 9; k = k + (1 + 1)) { acc--; }\n"                          # 16
        "  return acc;\n"
        "}\n")
    trips = _trips(("/build/k.cpp", component))
    assert trips.trip("ImgSobel", "/build/k.cpp", 9) == (16, *FOUND)
    assert trips.trip("ImgSobel", "/build/k.cpp", 10) == (4, *FOUND)   # 0, 2, 4, 6
    assert trips.trip("ImgSobel", "/build/k.cpp", 12) == (4, *FOUND)   # 10, 7, 4, 1
    assert trips.trip("ImgSobel", "/build/k.cpp", 13) == (2, *FOUND)   # 1, 5
    assert trips.trip("ImgSobel", "/build/k.cpp", 14) is None          # an argument: the host's value
    assert trips.trip("ImgSobel", "/build/k.cpp", 15) is None          # k + 1 + 1: not read as one step
    assert trips.trip("ImgSobel", "/build/k.cpp", 16) == (5, *FOUND)   # 0, 2, 4, 6, 8
    assert trips.missing_headers == {}


def test_a_header_the_report_left_out_is_read_from_source_root(tmp_path: Path) -> None:
    """The advice "(--source-root DIR with it)" held only for a report that
    embeds no source: an embedding one's missing header is now read from
    below the folder (by its path as included, else by its name) and placed
    beside the file that includes it."""
    (tmp_path / "inc").mkdir()
    (tmp_path / "inc" / "sizes.h").write_text('#include "more.h"\n#define ROWS 12\n')
    (tmp_path / "inc" / "more.h").write_text("#define COLS (ROWS * 2)\n")
    (tmp_path / "stdio.h").write_text("#define ROWS 99\n")  # not the system's <stdio.h>
    component = ('#include <stdio.h>\n#include "sizes.h"\n'                     # 1, 2
                 "int ImgSobel(int *y) {\n"                                     # 3
                 "  int acc = 0;\n"                                             # 4
                 "  for (int i = 0; i < ROWS; i++) { acc += y[i]; }\n"          # 5
                 "  for (int j = 0; j < COLS; j++) { acc += y[j]; }\n"          # 6
                 "  return acc;\n}\n")
    design = _design(("/build/k.cpp", component))
    assert component_loop_trips(design).missing_headers == {"k.cpp": ("sizes.h",)}
    given = with_root_headers(design, str(tmp_path))
    added = {source.path: source.content for source in given.source_files[1:]}
    assert added == {"/build/sizes.h": '#include "more.h"\n#define ROWS 12\n',
                     "/build/more.h": "#define COLS (ROWS * 2)\n"}
    trips = component_loop_trips(given)
    assert trips.trip("ImgSobel", "/build/k.cpp", 5) == (12, *FOUND)
    assert trips.trip("ImgSobel", "/build/k.cpp", 6) == (24, *FOUND)
    assert trips.missing_headers == {}
    # nothing to add: without the folder, or when the report embeds what is included
    assert with_root_headers(design, None) is design
    embedded = _design(("/build/k.cpp", component), ("/build/sizes.h", "#define ROWS 3\n#define COLS 4\n"))
    assert with_root_headers(embedded, str(tmp_path)) is embedded
    assert analyze(given, {}).design is not None


def test_an_ii_approximate_for_streams_alone_reads_as_a_lower_bound() -> None:
    """A public i++ 19.4 component (dalilavieira/HLStools, bench_214_new
    capidtmf_goertzel) has II ~9 on a load-to-compare recurrence of its own;
    the report makes it approximate for a stream read and write only. The
    caution said the report scheduled it "on the latency of stallable global
    loads and stores, which the run can beat ... an upper bound": a stream
    that stalls can only add cycles."""
    from hlsight.analyzer.estimate.kernel import approximate_ii_caveats, stallable_operations
    from hlsight.core.model import InitiationInterval, Loop

    def loop(name: str, operations: str) -> Loop:
        return Loop(name=name, ii=InitiationInterval(9, "~"), details=[
            "Data dependency",
            f"II is an approximation due to the following stallable instructions: {operations}"])

    streams = loop("main.B1.start", "Stream Read Operation (k.c:89), Stream Write Operation (k.c:93)")
    memory = loop("main.B2", "Load Operation (k.c:12), Channel Read Operation (k.c:14)")
    assert stallable_operations(streams) == ["Stream Read", "Stream Write"]
    (said,) = approximate_ii_caveats([streams])
    assert said == ("the pipeline time rests on IIs the report marks approximate for their stallable stream read,"
                    " stream write operations only (main.B1.start (II ~9)): they hold while those never stall; an"
                    " empty input or a full output adds cycles, so read it as a lower bound")
    upper, lower = approximate_ii_caveats([memory, streams, Loop(name="old", ii=InitiationInterval(4, "~"))])
    assert upper.startswith("the pipeline time rests on approximate IIs (main.B2 (II ~9), old (II ~4)): the report"
                            " schedules them on the latency of stallable global loads and stores")
    assert "(main.B1.start (II ~9))" in lower
