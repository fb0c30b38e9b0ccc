"""Nothing outside the output is touched and no input is changed (issue 16):
``annotate`` never writes through a symbolic link of the input, ``--force``
deletes only a directory hlsight made, and ``-o`` never replaces a link, a
directory or a device; every write failure is one line, exit code 2."""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from hlsight.annotate.staging import MARKER
from tests.conftest import CORPUS, run_cli

FIBONACCI = CORPUS / "vivado" / "vhls2019.2_fibonacci"
SAXPY1 = CORPUS / "aoc" / "aoc18.1.1pro_s10_520n_saxpy_vscale" / "reportIntel" / "SAXPY1" / "reports"


def _one_line_error(stderr: str, *needles: str) -> None:
    assert stderr.startswith("hlsight: error: ") and stderr.count("\n") == 1, stderr
    assert "Traceback" not in stderr
    for needle in needles:
        assert needle in stderr, stderr


def test_annotate_never_writes_through_input_symlinks(tmp_path: Path) -> None:
    report = tmp_path / "report"
    shutil.copytree(FIBONACCI, report)
    outside = tmp_path / "outside.html"
    outside.write_text("not hlsight's")
    (report / "csynth.html").symlink_to(outside)  # annotate writes csynth.html into the copy
    (report / "notes.txt").write_text("inside")
    (report / "alias.txt").symlink_to(report / "notes.txt")  # a link inside the input: copied as a file
    (report / "up").symlink_to(tmp_path)  # a directory link: left out (it could loop or leave the input)
    os.mkfifo(report / "pipe")  # copying a FIFO would block forever
    before = {path.name: path.lstat().st_mtime_ns for path in report.iterdir()}
    out = tmp_path / "annotated"
    result = run_cli("annotate", str(report), "-o", str(out))
    assert result.code == 0, result.stderr
    assert outside.read_text() == "not hlsight's"
    assert {path.name: path.lstat().st_mtime_ns for path in report.iterdir()} == before
    assert (out / "csynth.html").is_file() and not (out / "csynth.html").is_symlink()
    assert "hlsight-panel" in (out / "csynth.html").read_text()
    assert (out / "alias.txt").read_text() == "inside" and not (out / "alias.txt").is_symlink()
    assert not (out / "up").exists() and not (out / "pipe").exists()
    assert not [path for path in out.rglob("*") if path.is_symlink()]


def test_force_replaces_only_what_hlsight_made(tmp_path: Path) -> None:
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "thesis.tex").write_text("years of work")
    refused = run_cli("annotate", str(FIBONACCI), "-o", str(precious), "--force")
    assert refused.code == 2
    _one_line_error(refused.stderr, "not made by hlsight", MARKER)
    assert (precious / "thesis.tex").read_text() == "years of work"
    out = tmp_path / "annotated"
    assert run_cli("annotate", str(FIBONACCI), "-o", str(out)).code == 0
    assert (out / MARKER).is_file()
    assert run_cli("annotate", str(FIBONACCI), "-o", str(out), "--force").code == 0
    empty = tmp_path / "empty"
    empty.mkdir()
    assert run_cli("annotate", str(FIBONACCI), "-o", str(empty), "--force").code == 0
    link = tmp_path / "link"
    link.symlink_to(out)
    refused = run_cli("annotate", str(FIBONACCI), "-o", str(link), "--force")
    assert refused.code == 2 and link.is_symlink()
    _one_line_error(refused.stderr, "symbolic link; refusing to follow it")


@pytest.mark.parametrize("force", [False, True])
def test_annotate_onto_a_file_says_it_is_a_file(tmp_path: Path, force: bool) -> None:
    """``-o hot.txt`` (an existing file) said "output directory already exists"."""
    hot = tmp_path / "hot.txt"
    hot.write_text("mine")
    refused = run_cli("annotate", str(FIBONACCI), "-o", str(hot), *(["--force"] if force else []))
    assert refused.code == 2 and hot.read_text() == "mine"
    _one_line_error(refused.stderr, f"{hot}: output path is a file, not a directory")
    assert "already exists" not in refused.stderr


@pytest.mark.parametrize("force", [False, True])
def test_annotate_onto_a_link_to_a_folder_refuses_to_follow_it(tmp_path: Path, force: bool) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    link = tmp_path / "out"
    link.symlink_to(elsewhere)
    refused = run_cli("annotate", str(FIBONACCI), "-o", str(link), *(["--force"] if force else []))
    assert refused.code == 2 and link.is_symlink() and not any(elsewhere.iterdir())
    _one_line_error(refused.stderr, f"{link}: output path is a symbolic link; refusing to follow it")


def test_output_never_replaces_a_link_or_a_directory(tmp_path: Path) -> None:
    target = tmp_path / "target.txt"
    target.write_text("keep")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    result = run_cli("analyze", str(FIBONACCI), "-o", str(link))
    assert result.code == 2 and link.is_symlink() and target.read_text() == "keep"
    _one_line_error(result.stderr, "symbolic link")
    result = run_cli("analyze", str(FIBONACCI), "-o", str(tmp_path))
    assert result.code == 2 and tmp_path.is_dir()
    _one_line_error(result.stderr, "directory")
    result = run_cli("analyze", str(FIBONACCI), "-o", "")
    assert result.code == 2
    _one_line_error(result.stderr, "empty output path")


def test_output_to_character_devices(tmp_path: Path) -> None:
    before = os.stat("/dev/null")
    assert run_cli("analyze", str(FIBONACCI), "-o", "/dev/null").code == 0
    after = os.stat("/dev/null")
    assert (before.st_ino, before.st_rdev) == (after.st_ino, after.st_rdev)  # still the device
    result = run_cli("analyze", str(FIBONACCI), "-o", "/dev/full")
    assert result.code == 2
    _one_line_error(result.stderr, "/dev/full", "No space left on device")


def test_stdout_on_a_full_device() -> None:
    with open("/dev/full", "w") as full:
        process = subprocess.run([sys.executable, "-m", "hlsight", "analyze", str(FIBONACCI)],
                                 stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert process.returncode == 2
    _one_line_error(process.stderr, "<stdout>", "No space left on device")


@pytest.mark.parametrize("code", [errno.EROFS, errno.ENOSPC, errno.EACCES])
def test_write_failures_are_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int) -> None:
    """A read-only file system, a full disk, no permission (root ignores mode
    bits, so the failure is injected where the OS would raise it)."""
    def failing_mkstemp(*args: object, **kwargs: object) -> tuple[int, str]:
        raise OSError(code, os.strerror(code))

    existing = tmp_path / "report.txt"
    existing.write_text("previous")
    monkeypatch.setattr(tempfile, "mkstemp", failing_mkstemp)
    result = run_cli("analyze", str(FIBONACCI), "-o", str(existing))
    assert result.code == 2 and existing.read_text() == "previous"
    _one_line_error(result.stderr, str(existing), os.strerror(code))
    monkeypatch.setattr(tempfile, "mkdtemp", failing_mkstemp)
    result = run_cli("annotate", str(FIBONACCI), "-o", str(tmp_path / "out"))
    assert result.code == 2 and not (tmp_path / "out").exists()
    _one_line_error(result.stderr, os.strerror(code))


AOC_VECTORADD = CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "vectoradd"


@pytest.mark.parametrize("argv", [
    ["analyze", str(FIBONACCI)],
    ["analyze", str(AOC_VECTORADD)],  # would also write FILE.sources/ (the embedded kernel source)
    ["whatif", str(CORPUS / "vivado" / "vitis2020.2_gaussian"), "--format", "csv"],
], ids=["analyze", "analyze-with-sources", "whatif"])
def test_output_in_a_missing_folder_is_refused_not_created(tmp_path: Path, argv: list[str]) -> None:
    """``-o /nonexist/dir/x.txt`` created both folders and exited 0: never
    write outside the output asked for."""
    target = tmp_path / "missing" / "dir" / "x.txt"
    result = run_cli(*argv, "-o", str(target))
    assert result.code == 2
    _one_line_error(result.stderr, f"{target}: no such directory: {target.parent}")
    assert not (tmp_path / "missing").exists()


def test_sources_folder_beside_the_output_is_still_written(tmp_path: Path) -> None:
    """The one folder the README promises: FILE.sources/ next to -o FILE."""
    target = tmp_path / "v.txt"
    assert run_cli("analyze", str(AOC_VECTORADD), "-o", str(target)).code == 0
    assert target.is_file() and [path.name for path in (tmp_path / "v.txt.sources").iterdir()]


def test_annotate_into_a_missing_folder_is_refused_not_created(tmp_path: Path) -> None:
    out = tmp_path / "missing" / "annotated"
    result = run_cli("annotate", str(FIBONACCI), "-o", str(out))
    assert result.code == 2
    _one_line_error(result.stderr, f"{out}: no such directory: {out.parent}")
    assert not (tmp_path / "missing").exists()


@pytest.mark.parametrize("command", [["analyze"], ["analyze", "--format", "json"],
                                     ["whatif", "--sweep", "fmax=100:200:50"]])
def test_output_naming_an_input_is_refused_and_the_input_kept(tmp_path: Path, command: list[str]) -> None:
    """``analyze DIR -o DIR/.../csynth.xml`` replaced the report with the text
    output and exited 0 (a public Vitis 2025.1 component; the next run called
    its report malformed): a file the run reads is refused as its output,
    however the path is spelled, and nothing is written."""
    report = tmp_path / "fibonacci"
    shutil.copytree(FIBONACCI, report)
    hints = tmp_path / "values.toml"
    hints.write_text('fmax = 150\n"loop.fibonacci.Loop_1.trip" = 10\n', encoding="utf-8")
    for victim, spelled in ((report / "csynth.xml", str(report / "." / "csynth.xml")),
                            (report / "fibonacci_csynth.rpt", str(report / "fibonacci_csynth.rpt")),
                            (hints, str(hints))):
        before = victim.read_bytes()
        result = run_cli(command[0], str(report), *command[1:], "--hints", str(hints), "-o", spelled)
        assert result.code == 2, (victim, result.stdout)
        _one_line_error(result.stderr, "output path is a file this run reads", "refusing to overwrite it")
        assert victim.read_bytes() == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["fibonacci", "values.toml"]
    # a new file beside the report is an output like any other
    assert run_cli(command[0], str(report), *command[1:], "--hints", str(hints), "-o",
                   str(report / "analysis.out")).code == 0


def test_simulate_output_naming_its_testbench_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "inlined_twice"
    shutil.copytree(Path(__file__).resolve().parents[1] / "fixtures" / "instrument" / "inlined_twice", folder)
    testbench = folder / "tb.c"
    before = testbench.read_bytes()
    result = run_cli("simulate", str(folder / "clear_sum.c"), "--report", str(folder / "report"), "--testbench",
                     str(testbench), "-o", str(testbench))
    assert result.code == 2
    _one_line_error(result.stderr, "output path is a file this run reads")
    assert testbench.read_bytes() == before
