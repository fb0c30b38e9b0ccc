"""A source of another revision than the one compiled, on the two Intel
paths :mod:`hlsight.analyzer.access.aoc_moved_lines` did not cover: i++
components (loops counted by :mod:`~hlsight.analyzer.access.ipp_trips`) and
oneAPI SYCL (:mod:`~hlsight.analyzer.access.sycl_derive`).

Both match the report's loops to the source by line. A file given with
``--source-root`` to a report without its ``report_data.js`` may be an older
revision; a few lines more or less above a loop and a report loop takes the
count of the source loop that now sits at its line:

* a public HiFlipVX sobel (i++ 19.1, zaragoza corpus): its
  ``img_filter_core.h`` without the ``//#include "main.h"`` line gave the
  row loop ``ImgSobel.B2`` (``y < IMG_ROWS + KERN_RAD``, 1081) the column
  loop's 241;
* a public kmers design (oneAPI 2023.0, olucas98/LABs_Comp_Issue): its
  source without the three-line note at its top gave ``parse_reads1.B2``
  (``i < dev_seq.L - K + 1``, unknown) the unrolled ``n < K`` loop's 31.

Neither said a word. Now the rule of :mod:`aoc_moved_lines` (by the loops:
there is no OpenCL kernel header to place on these paths) finds the file,
warns once (``source-lines-moved``) and none of its counts are used.

The older revisions are made here from the corpus copy each report embeds
(one line, three lines removed), not kept as fixtures: the HiFlipVX header
is GPLv3 and the kmers repository states no license. The reports are the
corpus ones; a report "without its sources" is a copy in ``tmp_path`` with
the file that embeds them left out.
"""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path
from typing import Any

from hlsight.analyzer.access.derive import derive_access_facts
from hlsight.analyzer.results import SourceFacts
from hlsight.core.model import Design, Loop
from hlsight.parsers.loader import load_design
from tests.conftest import CORPUS, run_cli, run_json

SOBEL = CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "sobel"
SOBEL_HEADER = "img_filter_core.h"
#: the line an older revision lacks (it was added above every loop of the file)
SOBEL_ADDED = '//#include "main.h"'
KMERS = CORPUS / "aoc" / "oneapi2023.0_s10mx_kmers" / "less_work_but_slower" / "reports_v12_m_v9_half"
KMERS_SOURCE = "two_bit_v19_HBM_test_v12_medium_v9_half.cpp"
#: the note at the top of the compiled kmers source, which an older revision lacks (lines 7-9)
KMERS_ADDED = ["", "//Remove the entire first loop and see what the throughput looks like", ""]


def _embedded(design: Design, name: str) -> str:
    found = [source.content for source in design.source_files if source.name == name and source.content]
    assert len(found) == 1
    return found[0]


def _older_sobel(design: Design) -> str:
    lines = _embedded(design, SOBEL_HEADER).split("\n")
    assert lines[18] == SOBEL_ADDED
    return "\n".join(lines[:18] + lines[19:])


def _older_kmers(design: Design) -> str:
    lines = _embedded(design, KMERS_SOURCE).split("\n")
    assert lines[6:9] == KMERS_ADDED
    return "\n".join(lines[:6] + lines[9:])


def _with_text(design: Design, name: str, text: str) -> Design:
    """``design`` reading ``text`` as its file ``name``."""
    return dataclasses.replace(design, source_files=[
        dataclasses.replace(source, content=text) if source.name == name else source
        for source in design.source_files])


def _loop(design: Design, kernel: str, name: str) -> Loop:
    return next(loop for item in design.kernels if item.name == kernel for loop in item.all_loops()
                if loop.name == name)


def _moved(facts: SourceFacts) -> list[str]:
    return [item.message for item in facts.diagnostics if item.rule == "source-lines-moved"]


def test_an_older_component_header_counts_no_loop_of_the_report() -> None:
    """i++: the report's B2 at line 1430 is the older header's column loop
    (its 241 for the row loop's 1081). The file is said to be another
    revision and both loops keep their symbols; the compiled header still
    gives 1081 and 241 without a warning."""
    design = load_design(SOBEL)
    compiled = derive_access_facts(design)
    assert _moved(compiled) == []
    loops = ("ImgSobel.B2", "ImgSobel.B4")
    assert [compiled.trip(_loop(design, "ImgSobel", name)) for name in loops] == ["1081", "241"]
    older = _with_text(design, SOBEL_HEADER, _older_sobel(design))
    facts = derive_access_facts(older)
    [message] = _moved(facts)
    assert message.startswith(f"this {SOBEL_HEADER} is not the file that was compiled (another revision?): the report"
                              " places loops at lines where this file has none: ImgSobel.B4 (line 1431),")
    assert "(21 of the 34 loops the report places in it)" in message
    assert [facts.trip(_loop(older, "ImgSobel", name)) for name in loops] == [None, None]
    assert not [item for item in facts.diagnostics if item.rule == "access-trip-count"]


def _without_sources(tmp_path: Path, report: Path, embedding: list[str]) -> Path:
    """A copy of ``report`` without the files (relative paths) that embed its sources."""
    folder = tmp_path / "report"
    shutil.copytree(report, folder)
    for name in embedding:
        (folder / name).unlink()
    return folder


def _write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_an_older_component_header_given_with_source_root_is_said(tmp_path: Path) -> None:
    """i++ from the command line: the report without ``report_data.js``,
    the older header given with ``--source-root``: one warning at the first
    misplaced loop; the compiled header draws none."""
    design = load_design(SOBEL)
    report = _without_sources(tmp_path, SOBEL, ["lib/report_data.js"])
    older = _write(tmp_path / "v1", SOBEL_HEADER, _older_sobel(design))
    result = run_cli("analyze", str(report), "--source-root", str(older), "-v")
    assert result.code == 0, result.stderr
    assert result.stdout.count("[source-lines-moved]") == 1
    assert f"{SOBEL_HEADER}:1431: warning: this {SOBEL_HEADER} is not the file that was compiled" in result.stdout
    compiled = _write(tmp_path / "v2", SOBEL_HEADER, _embedded(design, SOBEL_HEADER))
    result = run_cli("analyze", str(report), "--source-root", str(compiled), "-v")
    assert result.code == 0, result.stderr
    assert "[source-lines-moved]" not in result.stdout


def test_an_older_sycl_source_counts_no_loop_of_the_report() -> None:
    """oneAPI: with three lines fewer above it, the report's
    ``parse_reads1.B2`` (line 592) is the older file's unrolled ``n < K``
    loop, 31 iterations, where the compiled file leaves it unknown. The
    file is said to be another revision and none of its facts are used."""
    design = load_design(KMERS)
    compiled = derive_access_facts(design)
    assert _moved(compiled) == []
    assert compiled.trip(_loop(design, "parse_reads1", "parse_reads1.B2")) is None
    older = _with_text(design, KMERS_SOURCE, _older_kmers(design))
    facts = derive_access_facts(older)
    [message] = _moved(facts)
    assert message.startswith(f"this {KMERS_SOURCE} is not the file that was compiled (another revision?): the report"
                              " places loops at lines where this file has none: parse_reads1.B1 (line 582),")
    assert facts.trip(_loop(older, "parse_reads1", "parse_reads1.B2")) is None
    assert not [lsu for kernel in older.kernels for lsu in kernel.lsus if facts.access(lsu) is not None]


def _trips(document: dict[str, Any]) -> dict[str, Any]:
    def walk(loops: list[dict[str, Any]]) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for loop in loops:
            found[loop["name"]] = loop["trip_expression"]
            found.update(walk(loop["children"]))
        return found
    return {name: trip for kernel in document["kernels"] for name, trip in walk(kernel["loops"]).items()}


def test_an_older_sycl_source_given_with_source_root_is_read_as_no_source(tmp_path: Path) -> None:
    """oneAPI from the command line: the report without ``report_data.js``
    and ``file.json`` (both embed the sources), the older file given with
    ``--source-root``: one warning, and the loops' counts are those of the
    report read without any source; the compiled file draws no warning."""
    design = load_design(KMERS)
    report = _without_sources(tmp_path, KMERS, ["resources/report_data.js", "resources/json/file.json"])
    older = _write(tmp_path / "v1", KMERS_SOURCE, _older_kmers(design))
    stale = run_json("analyze", str(report), "--source-root", str(older))
    assert [item["rule"] for item in stale["diagnostics"]].count("source-lines-moved") == 1
    without = run_json("analyze", str(report))
    assert _trips(stale) == _trips(without)
    assert _trips(stale)["parse_reads1.B2"] is None
    compiled = _write(tmp_path / "v2", KMERS_SOURCE, _embedded(design, KMERS_SOURCE))
    document = run_json("analyze", str(report), "--source-root", str(compiled))
    assert "source-lines-moved" not in [item["rule"] for item in document["diagnostics"]]
