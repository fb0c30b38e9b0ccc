"""A Vivado HLS report that names no source (2015.x-2017.x) finds the one
file defining its top function, and an element read twice in one statement
moves once (public marsee101/multi_axim, Vivado HLS 2015.2: the estimate
stayed symbolic in the bundle's bytes even with --source-root, and counted
``x[i] * (x[i] + 1)`` as two reads).

``fixtures/vhls2015_maxi_nosource``: a hand-written 2015.4 report of poly()
(16 x ``y[i] = x[i] * (x[i] + a)`` on one m_axi bundle) and its poly.c in
the project folder."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.conftest import FIXTURES, run_cli

PROJECT = FIXTURES / "vhls2015_maxi_nosource"


def _document(*argv: str) -> dict[str, object]:
    result = run_cli("analyze", *argv, "--format", "json")
    assert result.code == 0, result.stderr
    document: dict[str, object] = json.loads(result.stdout)
    return document


def _axi_notes(document: dict[str, object]) -> list[str]:
    return [d["message"] for d in document["diagnostics"] if d["rule"] == "axi-derived"]


def test_the_file_defining_the_top_is_the_source() -> None:
    for given in (PROJECT, PROJECT / "solution1" / "syn" / "report" / "poly_csynth.rpt"):
        document = _document(str(given))
        assert [Path(item["path"]).name for item in document["source_files"]] == ["poly.c"]
        assert _axi_notes(document) == [
            "m_axi_gmem of poly moves 128 bytes per call (consecutive), from the source: x[i] (line 11): 16 x 4 B;"
            " y[i] (line 11): 16 x 4 B"]
        assert document["estimate"]["free_symbols"] == []


def test_two_files_defining_the_top_give_no_source(tmp_path: Path) -> None:
    copy = tmp_path / "project"
    shutil.copytree(PROJECT, copy)
    shutil.copy(copy / "poly.c", copy / "poly_old.c")
    document = _document(str(copy))
    assert document["source_files"] == [] and _axi_notes(document) == []
    assert document["estimate"]["free_symbols"] == ["axi.poly.gmem.bytes"]
    chosen = _document(str(copy), "--source-root", str(copy / "solution1"))  # nothing defines it there
    assert chosen["source_files"] == []


def test_the_file_found_by_its_top_is_not_said_missing(tmp_path: Path) -> None:
    """A Vitis report naming its source by a path that does not resolve here
    (a public 2024.2 sobel: ``../src/sobel_opt.cpp``) while the project's
    ``src`` holds it: the trip counts came from that file, yet the output
    said it was "not found on this machine". The MachSuite bfs report names
    ``bfs.c``; here it sits in the project's src folder."""
    bfs = Path(__file__).resolve().parents[2] / "shared" / "instrument" / "vitis2022.2.2_machsuite_bfs_queue"
    project = tmp_path / "proj"
    shutil.copytree(bfs / "report", project / "solution1" / "syn" / "report")
    (project / "src").mkdir()
    for name in ("bfs_queue.h", "support.h"):
        shutil.copyfile(bfs / name, project / "src" / name)
    shutil.copyfile(bfs / "bfs_queue.c", project / "src" / "bfs.c")
    result = run_cli("analyze", str(project / "solution1"), "-v")
    assert result.code == 0, result.stderr
    # the source was read: loop_queue's count there is only a bound (a `break`), so the report's range keeps it a
    # value to give (decision 67), which says so
    assert ("loop.bfs.loop_queue.trip: the loop at bfs.c:32 `loop_queue: for( dummy=0; dummy<N_NODES; dummy++ )`;"
            " the report gives a trip count of 1 ~ 256") in result.stdout
    assert "not found on this machine" not in result.stdout
    # the warning of the loop the analysis matched opens the file it read (decision 86), so no line need map
    # the report's name to it
    assert f"{project / 'src' / 'bfs.c'}:39:21: warning: loop loop_neighbors has II 3" \
        in result.stdout.replace(str(Path.cwd()) + "/", "")


def test_a_callee_in_another_file_keeps_the_bundle_symbolic(tmp_path: Path) -> None:
    """The m_axi count walks calls into the top's own file only. A callee
    defined in another file of the design (a public LeNet5's conv.cpp) moved
    bytes no walk saw; with both files parsed its call was taken as
    defined, so the bundle's count left it out without a word. Now the
    bundle keeps its symbol and the note names the file."""
    import dataclasses

    from hlsight.analyzer.access.axi_derive import derive_axi_facts
    from hlsight.core.model import SourceFile
    from hlsight.parsers.loader import load_design

    top = tmp_path / "poly.c"
    top.write_text("void square(int *x, int *y);\nint poly(int *x, int *y, int a)\n{\n"
                   "#pragma HLS INTERFACE m_axi port=y depth=16 offset=slave\n"
                   "#pragma HLS INTERFACE m_axi port=x depth=16 offset=slave\n"
                   "    square(x, y);\n    return a;\n}\n", encoding="utf-8")
    helper = tmp_path / "square.c"
    helper.write_text("void square(int *x, int *y)\n{\n    for (int i = 0; i < 16; i++)\n"
                      "        y[i] = x[i] * x[i];\n}\n", encoding="utf-8")
    design = load_design(PROJECT / "solution1" / "syn" / "report")
    design = dataclasses.replace(design, source_files=[
        SourceFile(str(path), path.name, path.read_text(encoding="utf-8")) for path in (top, helper)])
    facts = derive_axi_facts(design)
    notes = [d.message for d in facts.diagnostics if d.rule == "axi-count-unknown"]
    assert notes == ["m_axi_gmem: the source does not count the call square(...) (line 6, defined in square.c,"
                     " another file the count does not follow); its bytes stay a value to give"]
    assert not [d for d in facts.diagnostics if d.rule == "axi-derived"]
