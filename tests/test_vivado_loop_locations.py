"""Where a loop of an aggregated csynth.xml is shown: the file most of its
bound operations (``BindNode SOURCE``) come from, the HLS tool's own
headers left out, and for a Vitis name the file with an operation on the
name's line.

A public Vitis 2022.1 convolution (devanshj1996/FPGA-Final-project-
Federated-Learning, not kept here) binds 88 of its operations in
``ap_fixed_base.h``; its loops ``VITIS_LOOP_40_2_VITIS_LOOP_42_3`` and
``VITIS_LOOP_73_2_VITIS_LOOP_74_3`` were shown, and warned about, at that
header's lines 40 and 73. The locations below are of that shape.
"""

from __future__ import annotations

import json
from pathlib import Path

from hlsight.core.model import SourceLocation
from hlsight.parsers.vivado import read_report
from hlsight.parsers.vivado.aggregate_xml import likely_location
from tests.conftest import CORPUS, SHARED, run_cli

HEADER = "/tools/software/xilinx/Vitis_HLS/2022.1/common/technology/autopilot/ap_fixed_base.h"


def _at(file: str, *lines: int) -> list[SourceLocation]:
    return [SourceLocation(file, line) for line in lines]


LOCATIONS = _at(HEADER, *range(500, 530)) + _at("utils.cpp", 45, 46, 47, 49, 50) + _at("conv_7x7.cpp", 40, 42, 43)


def test_the_tool_s_headers_are_not_the_loop_s_place() -> None:
    assert likely_location(LOCATIONS) == SourceLocation("utils.cpp", 45)
    assert likely_location(_at("etc/ap_private.h", 9) + _at("k.cpp", 12, 13)) == SourceLocation("k.cpp", 12)


def test_the_file_with_an_operation_on_the_name_s_line_is_the_loop_s() -> None:
    assert likely_location(LOCATIONS, 40) == SourceLocation("conv_7x7.cpp", 40)
    assert likely_location(LOCATIONS, 99) == SourceLocation("utils.cpp", 45)  # no file has that line: the majority


def test_a_loop_bound_only_in_the_tool_s_headers_is_on_its_name_s_line_of_its_module_s_file() -> None:
    """A public Vitis 2022.2 loop of ``ap_uint<8>`` counters
    (velicharlagokulkumar/vitis-hls, project_21) binds both its operations in
    ``ap_int_base.h``; it was shown at ``ap_int_base.h:28``. Its module's
    other operations are in ``bram2_A.cpp``: the loop is on the name's line
    there. Without a line, or without one file of the design beside it, the
    report says nowhere."""
    header = "C:/Xilinx/Vitis_HLS/2022.2/common/technology/autopilot\\ap_int_base.h"
    inside = _at(header, 840, 1514)
    beside = _at("../vitis/bram2_A.cpp", 14, 14, 14) + _at(header, 77)
    assert likely_location(inside, 28, beside) == SourceLocation("../vitis/bram2_A.cpp", 28)
    assert likely_location(inside, None, beside) is None
    assert likely_location(inside, 28, _at(header, 77)) is None
    assert likely_location(inside, 28, beside + _at("utils.cpp", 9)) is None  # two files beside: not told which
    assert likely_location([], 28, beside) == SourceLocation("../vitis/bram2_A.cpp", 28)  # no operation of its own
    assert likely_location([]) is None


def test_the_corpus_loops_are_placed_in_the_design_s_files() -> None:
    """The 2022.1 fault detector binds operations in the tool's headers too;
    none of its loops is placed there."""
    design = read_report(CORPUS / "vivado" / "vitis2022.1_fault_detector")
    places = [loop.location.file for kernel in design.kernels for loop in kernel.all_loops() if loop.location]
    assert places and all(place == "detector_solid/abs_solid_detector.cpp" for place in places)


def test_with_the_sources_a_loop_s_warning_opens_the_source_loop() -> None:
    """The report places the labelled ``loop_neighbors`` by its operations
    in ``bfs.c``, a name this machine's copy (``bfs_queue.c``) does not
    have; the analysis matched the label to line 39 of the local file, and
    the warning now points there, where the user opens it."""
    case = SHARED / "instrument" / "vitis2022.2.2_machsuite_bfs_queue"
    result = run_cli("analyze", str(case / "report"), "--source-root", str(case), "--format", "json")
    assert result.code == 0, result.stderr
    [warning] = [diag for diag in json.loads(result.stdout)["diagnostics"] if diag["rule"] == "loop-ii"]
    assert (Path(warning["file"]), warning["line"]) == (case / "bfs_queue.c", 39)
    assert (case / "bfs_queue.c").read_text(encoding="utf-8").splitlines()[38].lstrip().startswith("loop_neighbors:")


def test_the_loop_listing_and_the_value_to_give_name_the_file_read() -> None:
    """The -v listing and the description of a value to give name the same
    place as the warning: the local file's name, not the report's."""
    case = SHARED / "instrument" / "vitis2022.2.2_machsuite_bfs_queue"
    result = run_cli("analyze", str(case / "report"), "--source-root", str(case), "-v")
    assert result.code == 0, result.stderr
    assert ("    loop.bfs.loop_queue.trip: the loop at bfs_queue.c:32 `loop_queue: for( dummy=0; dummy<N_NODES;"
            " dummy++ )`; the report gives a trip count of 1 ~ 256") in result.stdout
    assert "    loop_queue: II -, trip 1 ~ 256 not pipelined  bfs_queue.c:32" in result.stdout
    assert "      loop_neighbors: II 3, trip 158 pipelined  bfs_queue.c:39" in result.stdout
