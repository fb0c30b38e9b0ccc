"""Function templates written in a user header (hls4ml's layers in
``firmware/nnet_utils/*.h``) in ``hlsight simulate`` and ``instrument``:
each instance is its report module, as for a template of the design file
(decision 76), so the header's one template body gets the counters, in an
edited copy written beside the design file at the header's relative path,
with unchanged copies of the user headers around it (a quoted include finds
its sibling in the includer's folder first). Before, the instances ran
uncounted and the top took its report latency: 266 cycles for the 158 the
two instances take (``fixtures/instrument/template_header``: the
``template_instances`` design, its template moved into ``lib/copy.h``; the
same report, hand-derived numbers in ``make_reports.template_instances``)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import jsonschema

from tests.conftest import FIXTURES, REPO, run_cli

FOLDER = FIXTURES / "instrument" / "template_header"
REPORT = FIXTURES / "instrument" / "template_instances" / "report"
TESTBENCH = FIXTURES / "instrument" / "template_instances" / "tb.cpp"


def _simulate(source: Path) -> dict[str, Any]:
    result = run_cli("simulate", str(source), "--report", str(REPORT), "--testbench", str(TESTBENCH),
                     "--format", "json")
    assert result.code == 0, result.stderr
    document: dict[str, Any] = json.loads(result.stdout)
    jsonschema.validate(document, json.loads((REPO / "docs" / "simulate.schema.json").read_text()))
    return document


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def test_each_instance_of_a_header_template_counts_with_its_own_modules_schedule() -> None:
    """copy_64_int_s: 80 cycles in 2 calls, copy_32_int_s: 76, the top 158,
    as when the template is in the design file; each function and loop is
    said where it is written, the header."""
    before = _tree(FOLDER)
    document = _simulate(FOLDER / "top.cpp")
    header = str(FOLDER / "lib" / "copy.h")
    assert document["cycles"] == 158
    assert [(item["name"], item["module"], item["file"], item["line"], item["calls"], item["cycles"])
            for item in document["functions"]] == [
        ("top", "top", str(FOLDER / "top.cpp"), 7, 2, 158),
        ("copy<64, int>", "copy_64_int_s", header, 7, 2, 80), ("copy<32, int>", "copy_32_int_s", header, 7, 2, 76)]
    loops = [(loop["file"], loop["line"], loop["kind"], loop["trip_count_total"], loop["cycles"])
             for item in document["functions"] for loop in item["loops"]]
    assert loops == [(header, 8, "pipelined", 74, 78), (header, 8, "sequential", 37, 74)]
    # lib::identity<int>, no module and no loop: inlined, its cycles its caller's (a note, as for any function)
    assert [(item["rule"], item["severity"]) for item in document["diagnostics"]] == [("instrument-no-module", "note")]
    text = run_cli("simulate", str(FOLDER / "top.cpp"), "--report", str(REPORT), "--testbench", str(TESTBENCH))
    assert "function copy<64, int> (copy.h:7): 80 cycles in 2 call(s)" in text.stdout
    assert _tree(FOLDER) == before  # inputs are never changed


def test_instrument_writes_the_edited_header_and_copies_of_the_headers_beside_it(tmp_path: Path) -> None:
    """``-o out/top.cpp``: the runtime header, ``lib/copy.h`` with the
    counters and ``lib/common.h`` unchanged; the output builds with the
    testbench (g++) and its table gives the 158 cycles simulate gives."""
    out = tmp_path / "out"
    out.mkdir()
    result = run_cli("instrument", "--mode", "cycles", str(FOLDER / "top.cpp"), "--report", str(REPORT),
                     "-o", str(out / "top.cpp"))
    assert result.code == 0, result.stderr
    assert sorted(_tree(out)) == ["hlsight_cycles.h", "lib/common.h", "lib/copy.h", "top.cpp"]
    assert (out / "lib" / "common.h").read_bytes() == (FOLDER / "lib" / "common.h").read_bytes()
    edited = (out / "lib" / "copy.h").read_text(encoding="utf-8")
    assert "hlsight_header_row(reinterpret_cast<void (*)(void)>(&copy<N, T>))" in edited
    assert "hlsight_instance_row" not in edited  # listed where the types are declared, the design file
    design = (out / "top.cpp").read_text(encoding="utf-8")
    assert "&lib::copy<64, int>" in design and "hlsight_register_rows(&hlsight_instance_row)" in design
    program, table = tmp_path / "program", tmp_path / "table.json"
    subprocess.run(["g++", "-O1", "-o", str(program), str(out / "top.cpp"), str(TESTBENCH)], check=True)
    subprocess.run([str(program)], check=True, env={"HLSIGHT_JSON": str(table)}, capture_output=True)
    blocks = json.loads(table.read_text())["blocks"]
    assert [(block["name"], block["entries"], block["cycles"]) for block in blocks if block["name"] == block["function"]
            ] == [("top", 2, 158), ("copy<64, int>", 2, 80), ("copy<32, int>", 2, 76)]


def test_an_output_in_the_design_folder_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    """``-o`` beside the design file would put the header copies over the
    user's own headers: exit 2 naming the header, nothing written."""
    source = tmp_path / "design"
    shutil.copytree(FOLDER, source)
    before = _tree(source)
    result = run_cli("instrument", "--mode", "cycles", str(source / "top.cpp"), "--report", str(REPORT),
                     "-o", str(source / "top_counted.cpp"))
    assert result.code == 2
    assert f"-o would overwrite {source / 'lib'}" in result.stderr and "Traceback" not in result.stderr
    assert _tree(source) == before


def test_a_header_outside_the_design_files_folder_is_left_as_before(tmp_path: Path) -> None:
    """A header above the design file's folder (``../lib/copy.h``) has no
    place in a copy beside it: its instances are not instrumented and the
    top counts through its report latency, as before, said."""
    shutil.copytree(FOLDER / "lib", tmp_path / "lib")
    (tmp_path / "src").mkdir()
    top = (FOLDER / "top.cpp").read_text(encoding="utf-8").replace('"lib/copy.h"', '"../lib/copy.h"')
    (tmp_path / "src" / "top.cpp").write_text(top, encoding="utf-8")
    document = _simulate(tmp_path / "src" / "top.cpp")
    assert [item["name"] for item in document["functions"]] == ["top"]
    assert document["cycles"] == 266
    said = [(item["rule"], item["line"], item["message"]) for item in document["diagnostics"]]
    assert said == [("instrument-template-skipped", 9,
                     f"'copy' is a function template of {tmp_path / 'src' / '..' / 'lib' / 'copy.h'}, outside this"
                     " file's folder: hlsight does not instrument its 1 loop(s) (edited copies of headers are written"
                     " only for the design file's folder and below; they run inside the calling function's own"
                     " cycles)")]


def test_design_files_in_two_folders_leave_header_templates_as_before_said(tmp_path: Path) -> None:
    """The header copies go beside the design files, so those must share a
    folder: with a second design file elsewhere the header's instances are
    not counted (266, the top's report latency, as before) and a warning
    names the header."""
    (tmp_path / "other").mkdir()
    other = tmp_path / "other" / "unused.cpp"
    other.write_text("int twice(int x) { return 2 * x; }\n", encoding="utf-8")
    result = run_cli("simulate", str(FOLDER / "top.cpp"), str(other), "--report", str(REPORT),
                     "--testbench", str(TESTBENCH), "--format", "json")
    assert result.code == 0, result.stderr
    document = json.loads(result.stdout)
    assert [item["name"] for item in document["functions"]] == ["top"] and document["cycles"] == 266
    said = [item["message"] for item in document["diagnostics"] if item["rule"] == "instrument-template-header"]
    assert said == [f"the design files are in 2 folders: the function templates of {FOLDER / 'lib' / 'copy.h'}"
                    " are not instrumented (their edited copies are written beside the design files, which must"
                    " share one folder); their instances run uncounted"]


def test_a_testbench_beside_the_design_calling_an_instance_itself_builds_and_is_told_apart() -> None:
    """The testbench includes the header (its edited copy, beside it in the
    build) and calls ``copy<64, int>`` once itself: that call finds its row
    through the lookup the design file registers, and is counted apart
    (``calls_outside_top``), not in the top's 158."""
    result = run_cli("simulate", str(FOLDER / "top.cpp"), "--report", str(REPORT), "--testbench",
                     str(FOLDER / "tb_beside.cpp"), "--format", "json")
    assert result.code == 0, result.stderr
    functions = {item["name"]: item for item in json.loads(result.stdout)["functions"]}
    assert json.loads(result.stdout)["cycles"] == 158
    assert (functions["copy<64, int>"]["calls"], functions["copy<64, int>"]["cycles"],
            functions["copy<64, int>"]["calls_outside_top"]) == (2, 80, 1)


def test_an_inlined_header_template_and_a_header_function_count_as_in_c() -> None:
    """``template_inlined_callee``: the C fixture ``inlined_callee`` in C++,
    its inlined ``copy_block`` a template and ``checksum`` a plain function,
    both in ``blocks/copy_block.h``. The same report gives the same 132
    cycles as the C design: the inlined instance's loop is the top's
    ``Loop 1`` (17 x IL 5 = 85), the top's own loop ``Loop 2`` (10 x 2),
    checksum's module 27. Before, the instance's loop was not seen, the
    top's own loop took its ``Loop 1`` and checksum ran uncounted: 50."""
    folder = FIXTURES / "instrument" / "template_inlined_callee"
    result = run_cli("simulate", str(folder / "squeeze.cpp"), "--report",
                     str(FIXTURES / "instrument" / "inlined_callee" / "report"), "--testbench", str(folder / "tb.cpp"),
                     "--format", "json")
    assert result.code == 0, result.stderr
    document = json.loads(result.stdout)
    header = str(folder / "blocks" / "copy_block.h")
    assert document["cycles"] == 132
    assert [(item["name"], item["file"], item["cycles"]) for item in document["functions"]] == [
        ("squeeze", str(folder / "squeeze.cpp"), 132), ("checksum", header, 27)]
    loops = [(loop["name"], loop["file"], loop["inlined_from"], loop["cycles"])
             for item in document["functions"] for loop in item["loops"]]
    assert loops == [("Loop 1", header, "copy_block<17>", 85), ("Loop 2", str(folder / "squeeze.cpp"), "", 20),
                     ("SUM", header, "", 25)]


def test_a_loop_inlined_at_two_places_the_report_lists_once_is_matched_there() -> None:
    """``dead_case``: a switch on a constant whose two cases call the one
    instance ``mac<8>`` (a public hls4ml ``conv_2d_cl_me``): HLS keeps one
    copy and the report lists its loop once, so the loop is counted with
    that row (TC 8, IL 2) in both calls: 2 x 17 = 34. Before, the loop was
    "inlined at 2 places" and not matched: the hls4ml design's four
    convolutions then counted 1.27 to 10.5 million cycles a call."""
    folder = FIXTURES / "instrument" / "dead_case"
    result = run_cli("simulate", str(folder / "conv.cpp"), "--report", str(folder / "report"), "--testbench",
                     str(folder / "tb.cpp"), "--format", "json")
    assert result.code == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["cycles"] == 34
    (function,) = document["functions"]
    assert [(loop["name"], loop["inlined_from"], loop["trip_count_total"], loop["cycles"])
            for loop in function["loops"]] == [("Loop 1", "mac<8>", 16, 32)]
    rules = [(item["rule"], item["severity"]) for item in document["diagnostics"]]
    assert ("instrument-inlined-once", "note") in rules
    assert not any(rule == "instrument-inlined-ambiguous" for rule, _severity in rules)


def test_code_only_the_c_simulation_compiles_is_left_out_of_the_count(tmp_path: Path) -> None:
    """hls4ml's top loads its weights from text files under ``#ifndef
    __SYNTHESIS__``: code HLS never synthesizes, so it takes no hardware
    time. Its loops matched no report loop, and the total was called "a
    lower bound" for them. Here the top also copies 16 values under that
    guard, with a third instance (``copy<16, int>``, no module) and a loop of
    its own: both run, uncounted and unsaid, and the count stays 158."""
    design = tmp_path / "design"
    shutil.copytree(FOLDER, design)
    top = (design / "top.cpp").read_text(encoding="utf-8")
    top = top.replace("    lib::copy<64, int>(a, b, n);\n",
                      "#ifndef __SYNTHESIS__\n    static int scratch[16];\n    lib::copy<16, int>(a, scratch, 16);\n"
                      "    for (int i = 0; i < 16; i++)\n        scratch[i] += 1;\n#endif\n"
                      "    lib::copy<64, int>(a, b, n);\n")
    (design / "top.cpp").write_text(top, encoding="utf-8")
    document = _simulate(design / "top.cpp")
    assert document["cycles"] == 158
    assert [item["name"] for item in document["functions"]] == ["top", "copy<64, int>", "copy<32, int>"]
    assert [item["rule"] for item in document["diagnostics"] if item["severity"] == "warning"] == []


def test_a_symbolic_link_in_the_output_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    """``out/lib`` a link to a folder elsewhere: the edited ``lib/copy.h``
    would land outside the output. Exit 2 naming the link; nothing is
    written, not even the runtime header beside ``-o``."""
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    (out / "lib").symlink_to(elsewhere, target_is_directory=True)
    result = run_cli("instrument", "--mode", "cycles", str(FOLDER / "top.cpp"), "--report", str(REPORT),
                     "-o", str(out / "top.cpp"))
    assert result.code == 2
    assert f"{out / 'lib'}: output folder is a symbolic link" in result.stderr and "Traceback" not in result.stderr
    assert sorted(path.name for path in out.iterdir()) == ["lib"] and list(elsewhere.iterdir()) == []


def test_a_keep_folder_with_a_link_where_a_header_copy_goes_is_refused(tmp_path: Path) -> None:
    """``simulate --keep DIR`` writes the build there: a link at ``DIR/lib``
    would take the header copies out of it. Exit 2 naming the link, and
    nothing written where it points."""
    keep, elsewhere = tmp_path / "keep", tmp_path / "elsewhere"
    keep.mkdir()
    elsewhere.mkdir()
    (keep / "lib").symlink_to(elsewhere, target_is_directory=True)
    result = run_cli("simulate", str(FOLDER / "top.cpp"), "--report", str(REPORT), "--testbench", str(TESTBENCH),
                     "--keep", str(keep))
    assert result.code == 2
    assert f"{keep.resolve() / 'lib'}: a folder of the build is a symbolic link" in result.stderr
    assert "Traceback" not in result.stderr and list(elsewhere.iterdir()) == []
