"""A real design split over two files (``fixtures/instrument/multifile_sort_merge``):
every design source is instrumented and compiled with gcc, functions are
matched to report modules wherever they are defined, and a function of the
design given with ``--extra`` (compiled unchanged) is said, naming its file.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from hlsight.analyzer.instrument.cycles import parse_source
from hlsight.analyzer.instrument.design_sources import design_sources
from hlsight.analyzer.instrument.simulate import simulate
from hlsight.commands.report_args import load_report
from tests.conftest import FIXTURES, REPO, SHARED, run_cli

RECIPE = json.loads((FIXTURES / "instrument" / "multifile_sort_merge" / "split.json").read_text(encoding="utf-8"))
CASE = SHARED / "instrument" / RECIPE["case"]
REPORT = CASE / "report"
TESTBENCH = CASE / "tb.c"

pytestmark = pytest.mark.skipif(not CASE.is_dir(), reason=f"held-out case missing: {CASE}")


def _definition_span(lines: list[str], name: str) -> tuple[int, int]:
    """0-based first and last line of the definition of ``name`` (its header to the closing brace)."""
    header = re.compile(rf"^\w[\w\s\*]*\b{re.escape(name)}\s*\(")
    start = next(index for index, line in enumerate(lines) if header.match(line))
    depth, seen = 0, False
    for index in range(start, len(lines)):
        depth += lines[index].count("{") - lines[index].count("}")
        seen = seen or "{" in lines[index]
        if seen and depth == 0:
            return start, index
    raise AssertionError(f"unbalanced definition of {name}")


def split_design(folder: Path) -> list[Path]:
    """The recipe of split.json applied to the case's source: the design files, top's first."""
    lines = (CASE / RECIPE["source"]).read_text(encoding="utf-8").splitlines()
    spans = {item: _definition_span(lines, item) for spec in RECIPE["files"] for item in spec["functions"]}
    preamble = lines[:min(start for start, _end in spans.values())]
    written = []
    for spec in RECIPE["files"]:
        text = list(preamble)
        for name in spec["declare"]:
            start, _end = spans[name]
            text.append(" ".join(lines[start].split("{")[0].split()) + ";")
        for name in spec["functions"]:
            start, end = spans[name]
            text.extend(lines[start:end + 1])
        path = folder / spec["name"]
        path.write_text("\n".join(text) + "\n", encoding="utf-8")
        written.append(path)
    return written


def _simulate_json(*argv: str) -> dict[str, Any]:
    result = run_cli("simulate", *argv, "--report", str(REPORT), "--testbench", str(TESTBENCH),
                     "--top", RECIPE["top"], "--cflags", f"-std=c99 -O2 -Wno-unknown-pragmas -I {CASE}",
                     "--format", "json")
    assert result.code == 0, result.stderr
    document: dict[str, Any] = json.loads(result.stdout)
    return document


def _expected_cycles() -> tuple[int, int]:
    case = json.loads((SHARED / "instrument" / "expected.json").read_text(encoding="utf-8"))["cases"][RECIPE["case"]]
    value = int(case["report_model_cycles"])
    return value, max(3, round(value * 0.001))  # the held-out tests' tolerance


def test_a_design_over_two_files_counts_what_the_single_file_counts(tmp_path: Path) -> None:
    top_file, callee_file = split_design(tmp_path)
    assert top_file.read_text().count("void merge(") == 1  # the prototype only
    assert "void merge(TYPE a[SIZE], int start, int m, int stop);" in top_file.read_text()
    single = simulate(parse_source(CASE / RECIPE["source"], include_dirs=[CASE]), load_report(str(REPORT), None),
                      str(REPORT), TESTBENCH, RECIPE["top"])
    split = simulate(design_sources([parse_source(path, include_dirs=[CASE]) for path in (top_file, callee_file)]),
                     load_report(str(REPORT), None), str(REPORT), TESTBENCH, RECIPE["top"])
    assert split.cycles == single.cycles > 0
    value, tolerance = _expected_cycles()
    assert abs(split.cycles - value) <= tolerance, (split.cycles, value)
    by_name = {function.name: function for function in split.functions}
    # merge is counted as its module, from the other file, with its three outlined loops
    assert by_name["merge"].module == "merge_1" and by_name["merge"].calls > 0
    assert {loop.report_name for loop in by_name["merge"].loops} == {
        loop.report_name for loop in next(f for f in single.functions if f.name == "merge").loops}
    assert split.program_output == single.program_output and "Success." in split.program_output
    assert not [d for d in split.diagnostics if d.rule.startswith("instrument-call") or "extra" in d.rule]
    # the CLI takes both as SRC and lists them
    document = _simulate_json(str(top_file), str(callee_file))
    assert document["cycles"] == single.cycles
    assert document["sources"] == [str(top_file), str(callee_file)]


def test_a_design_function_given_with_extra_is_said_naming_its_file(tmp_path: Path) -> None:
    top_file, callee_file = split_design(tmp_path)
    document = _simulate_json(str(top_file), "--extra", str(callee_file))
    single = _simulate_json(str(CASE / RECIPE["source"]))
    assert 0 < document["cycles"] < single["cycles"]  # merge's cycles are not counted
    (said,) = [d for d in document["diagnostics"] if d["rule"] == "instrument-defined-in-extra"]
    assert said["file"] == str(callee_file) and said["severity"] == "warning"
    definition = next(number for number, line in enumerate(callee_file.read_text().splitlines(), 1)
                      if line.startswith("void merge("))
    assert said["line"] == definition
    assert "'merge', called by 'ms_mergesort', is defined in the --extra file merge.c" in said["message"]
    assert "module 'merge_1'" in said["message"] and "give merge.c as a design source (SRC)" in said["message"]
    text = run_cli("simulate", str(top_file), "--extra", str(callee_file), "--report", str(REPORT),
                   "--testbench", str(TESTBENCH), "--cflags", f"-std=c99 -O2 -Wno-unknown-pragmas -I {CASE}").stdout
    assert re.search(rf"^{re.escape(str(callee_file))}:{definition}:\d+: warning: .*\[instrument-defined-in-extra\]$",
                     text, re.MULTILINE), text



def _split_with_headers(tmp_path: Path) -> tuple[Path, Path]:
    """The split design under ``tmp_path/src`` with the case's headers beside
    it (instrument has no include option)."""
    sources = tmp_path / "src"
    sources.mkdir()
    top_file, callee_file = split_design(sources)
    for header in ("sort.h", "support.h"):
        (sources / header).write_text((CASE / header).read_text(encoding="utf-8"), encoding="utf-8")
    return top_file, callee_file

def test_instrument_writes_every_design_file_and_they_run_together(tmp_path: Path) -> None:
    """``instrument --mode cycles`` with two SRC: each file under its name in
    -o DIR plus one header; compiled with the testbench by gcc, the run's
    table gives the cycles simulate gives."""
    top_file, callee_file = _split_with_headers(tmp_path)
    out = tmp_path / "out"
    result = run_cli("instrument", str(top_file), str(callee_file), "--mode", "cycles", "--report", str(REPORT),
                     "--top", RECIPE["top"], "-o", str(out))
    assert result.code == 0, result.stderr
    assert sorted(path.name for path in out.iterdir()) == ["hlsight_cycles.h", "merge.c", "ms_mergesort.c"]
    # the first file defines the runtime's state, the other uses it
    assert "HLSIGHT_RUNTIME_USER" not in (out / "ms_mergesort.c").read_text()
    assert (out / "merge.c").read_text().startswith("#define HLSIGHT_RUNTIME_USER 1")
    program = tmp_path / "program"
    compiled = subprocess.run(["gcc", "-std=c99", "-O1", "-Wno-unknown-pragmas", "-I", str(out), "-I", str(CASE),
                               str(out / "ms_mergesort.c"), str(out / "merge.c"), str(TESTBENCH), "-o", str(program)],
                              capture_output=True, text=True, check=False)
    assert compiled.returncode == 0, compiled.stderr
    table = tmp_path / "cycles.json"
    environment = {key: value for key, value in os.environ.items() if not key.startswith("HLSIGHT_")}
    environment["HLSIGHT_JSON"] = str(table)
    ran = subprocess.run([str(program)], capture_output=True, env=environment, check=False, timeout=120)
    assert ran.returncode == 0, ran.stderr
    rows = json.loads(table.read_text())["blocks"]
    top = next(row for row in rows if row["name"] == RECIPE["top"] and row["function"] == RECIPE["top"])
    assert top["cycles"] == _simulate_json(str(top_file), str(callee_file))["cycles"]
    merge = next(row for row in rows if row["name"] == "merge")
    assert merge["entries"] > 0 and merge["cycles"] > 0  # counted in the file that does not own the state


def test_a_top_defined_only_in_an_extra_file_is_one_clear_error(tmp_path: Path) -> None:
    top_file, callee_file = split_design(tmp_path)
    result = run_cli("simulate", str(callee_file), "--extra", str(top_file), "--report", str(REPORT),
                     "--testbench", str(TESTBENCH), "--top", RECIPE["top"])
    assert result.code == 2 and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert f"the top function 'ms_mergesort' is defined in {top_file}:" in result.stderr
    assert "--extra" in result.stderr and "design source (SRC)" in result.stderr


def test_two_design_sources_of_one_name_are_refused(tmp_path: Path) -> None:
    top_file, _callee = split_design(tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    (other / top_file.name).write_text(top_file.read_text())
    result = run_cli("simulate", str(top_file), str(other / top_file.name), "--report", str(REPORT),
                     "--testbench", str(TESTBENCH))
    assert result.code == 2 and "Traceback" not in result.stderr
    assert "has the same file name as" in result.stderr and str(other / top_file.name) in result.stderr


def _simulate(*argv: str) -> Any:
    return run_cli("simulate", *argv, "--report", str(REPORT), "--testbench", str(TESTBENCH), "--top", RECIPE["top"],
                   "--cflags", f"-std=c99 -O2 -Wno-unknown-pragmas -I {CASE}")


def test_a_file_in_two_roles_is_refused_before_the_build(tmp_path: Path) -> None:
    """Was ``top.c: the program does not compile: collect2: error: ld
    returned 1 exit status``: the file compiled twice, the wrong file named."""
    top_file, callee_file = split_design(tmp_path)
    # the same file by another spelling is still the same file
    spelled = tmp_path / "." / callee_file.name
    for argv, said in (
            ((str(top_file), str(callee_file), "--extra", str(spelled)),
             f"{spelled}: given both as a design source and --extra"),
            ((str(top_file), str(callee_file), "--extra", str(callee_file), "--extra", str(callee_file)),
             f"{callee_file}: given both as a design source and --extra"),
            ((str(top_file), str(callee_file), str(TESTBENCH)),
             f"{TESTBENCH} is the testbench: do not list it as a design source or --extra"),
            ((str(top_file), str(callee_file), "--extra", str(TESTBENCH)),
             f"{TESTBENCH} is the testbench: do not list it as a design source or --extra")):
        result = _simulate(*argv)
        assert result.code == 2, result.stderr
        assert result.stderr.strip().splitlines() == [f"hlsight: error: {said}"], result.stderr


def test_a_function_defined_twice_is_said_with_both_files(tmp_path: Path) -> None:
    """Two different files defining one function: the linker's multiple
    definition is said with the symbol and both files, against the file
    linked second (not the first design source)."""
    top_file, callee_file = split_design(tmp_path)
    helpers = tmp_path / "helpers"
    helpers.mkdir()
    copy = helpers / "merge_reference.c"
    copy.write_text(callee_file.read_text(encoding="utf-8"), encoding="utf-8")
    result = _simulate(str(top_file), str(callee_file), "--extra", str(copy))
    assert result.code == 2, result.stderr
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith(f"{copy}: error: multiple definition of 'merge', also defined in {callee_file} ("), line
    # a public 2017.2 mergesort's testbench defines a design global again: the GNU linker's way out is named
    assert "--cflags '-Wl,--allow-multiple-definition' keeps the first" in line
    assert line.count(str(copy)) == 1 and "; the program does not compile (expected C" in line
    assert "ld returned" not in line


def test_instrument_cycles_warns_for_a_design_function_in_an_extra_file(tmp_path: Path) -> None:
    """``instrument --mode cycles --extra`` ignored the file; simulate warns
    for the same inputs. The user links the output with it: the same warning."""
    top_file, callee_file = _split_with_headers(tmp_path)
    out = tmp_path / "out.c"
    common = ("--mode", "cycles", "--report", str(REPORT), "--top", RECIPE["top"], "-o", str(out))
    result = run_cli("instrument", str(top_file), "--extra", str(callee_file), *common)
    assert result.code == 0, result.stderr
    said = [line for line in result.stderr.splitlines() if "[instrument-defined-in-extra]" in line]
    assert len(said) == 1 and said[0].startswith(f"{callee_file}:"), result.stderr
    assert "'merge', called by 'ms_mergesort', is defined in the --extra file merge.c" in said[0]
    simulated = _simulate_json(str(top_file), "--extra", str(callee_file))
    assert [d["rule"] for d in simulated["diagnostics"] if "extra" in d["rule"]] == ["instrument-defined-in-extra"]
    # without it, no such warning
    plain = run_cli("instrument", str(top_file), *common)
    assert plain.code == 0 and "in-extra" not in plain.stderr
    # a top only in the extra file, and a file in two roles, are refused as simulate refuses them
    refused = run_cli("instrument", str(callee_file), "--extra", str(top_file), *common)
    assert refused.code == 2 and "the top function 'ms_mergesort' is defined in" in refused.stderr
    twice = run_cli("instrument", str(top_file), "--extra", str(top_file), *common)
    assert twice.code == 2 and "given both as a design source and --extra" in twice.stderr


def test_instrument_tripcount_refuses_extra_it_would_not_compile(tmp_path: Path) -> None:
    top_file, callee_file = split_design(tmp_path)
    result = run_cli("instrument", str(top_file), "--extra", str(callee_file), "--mode", "tripcount",
                     "-o", str(tmp_path / "out.c"))
    assert result.code == 2 and len(result.stderr.strip().splitlines()) == 1
    assert "--extra is compiled only for a counted run" in result.stderr
    assert not (tmp_path / "out.c").exists()


@pytest.mark.parametrize("mode", ["cycles", "tripcount"])
def test_several_sources_refuse_an_output_named_as_a_file(tmp_path: Path, mode: str) -> None:
    """``-o out.c`` with several SRC made a folder named ``out.c``."""
    top_file, callee_file = split_design(tmp_path)
    for name in ("out.c", "kernel.CPP", "x.h"):
        out = tmp_path / name
        result = run_cli("instrument", str(top_file), str(callee_file), "--mode", mode, "--report", str(REPORT),
                         "-o", str(out))
        assert result.code == 2, result.stderr
        assert result.stderr.strip().splitlines() == [
            f"hlsight: error: {out}: with 2 sources -o names a folder (each file is written there under its own"
            " name), not a file (expected -o FOLDER)"]
        assert not out.exists()


def test_functions_and_loops_name_their_file_when_the_design_has_several(tmp_path: Path) -> None:
    """A line alone does not say where with several SRC: ``merge.c:7``."""
    top_file, callee_file = split_design(tmp_path)
    document = _simulate_json(str(top_file), str(callee_file))
    jsonschema.validate(document, json.loads((REPO / "docs" / "simulate.schema.json").read_text(encoding="utf-8")))
    schema_text = (REPO / "docs" / "simulate.schema.json").read_text(encoding="utf-8")
    assert schema_text.count('"file": {"type": "string", "description": "the design source') == 2
    by_name = {function["name"]: function for function in document["functions"]}
    assert by_name["merge"]["file"] == str(callee_file) and by_name["ms_mergesort"]["file"] == str(top_file)
    assert {loop["file"] for loop in by_name["merge"]["loops"]} == {str(callee_file)}
    assert {loop["file"] for loop in by_name["ms_mergesort"]["loops"]} == {str(top_file)}
    lines = callee_file.read_text(encoding="utf-8").splitlines()
    first = next(loop for loop in by_name["merge"]["loops"] if loop["name"] == "merge_label1")
    assert lines[first["line"] - 1].lstrip().startswith("merge_label1")
    text = _simulate(str(top_file), str(callee_file)).stdout
    assert re.search(rf"^  function merge \(merge.c:{by_name['merge']['line']}\): ", text, re.MULTILINE), text
    assert re.search(rf"^    merge_label1 +merge.c:{first['line']} +pipelined ", text, re.MULTILINE), text
    # one file: the line alone, as before
    single = _simulate(str(CASE / RECIPE["source"])).stdout
    assert re.search(r"^    merge_label1 +line \d+ +pipelined ", single, re.MULTILINE), single
    assert "function merge: " in single
