"""``--source-root`` finds a source the report names by a path whose folders
this machine's copy does not have, by its file name below the root.

Five public Vitis projects (velicharlagokulkumar/vitis-hls,
Derpanieux/SHA-2-Accel-Vitis-HLS, itsruthwik/vitis-hls-blackbox; not kept
here) keep their sources elsewhere than the build machine did: the report
names ``Assignment_8/HLS/Source/cp_removal.cpp``, the repository holds
``project_38/Source/cp_removal.cpp``. With ``--source-root`` at the
repository, none was found and nothing was said. Here the polybench
insertion sort of ``../shared/instrument``, whose report names
``/home/zqy/.../polybench/insert_sort/insert_sort_slow.c``, is copied below
other folders.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from hlsight.commands.sources import find_by_name
from tests.conftest import SHARED, run_cli

CASE = SHARED / "instrument" / "vitis2022.2.2_polybench_insert_sort"
NAMED = "/home/zqy/LLM4CHIP/dataset/pair_slow_fast/New/polybench/insert_sort/insert_sort_slow.c"


def _place(root: Path, folder: str) -> Path:
    target = root / folder
    target.mkdir(parents=True)
    for name in ("insert_sort_slow.c", "insert_sort.h"):
        shutil.copyfile(CASE / name, target / name)
    return target / "insert_sort_slow.c"


def _read_sources(root: Path) -> list[str]:
    """The local files the analysis read, as the JSON lists them."""
    result = run_cli("analyze", str(CASE / "report"), "--source-root", str(root), "--format", "json")
    assert result.code == 0, result.stderr
    return [str(item["path"]) for item in json.loads(result.stdout)["source_files"] if item["path"] != NAMED]


def test_the_one_file_of_that_name_below_the_root_is_the_source(tmp_path: Path) -> None:
    local = _place(tmp_path, "repo/hls/kernels")
    assert find_by_name(tmp_path, NAMED) == local
    assert str(local.resolve()) in _read_sources(tmp_path)  # read for the analysis
    text = run_cli("analyze", str(CASE / "report"), "--source-root", str(tmp_path)).stdout
    assert f"(--source-root, found by its name; the report says {NAMED})" in text  # and said where it stands


def test_of_several_the_one_in_more_of_the_named_folders(tmp_path: Path) -> None:
    _place(tmp_path, "old/copy")
    kept = _place(tmp_path, "repo/polybench/insert_sort")
    assert find_by_name(tmp_path, NAMED) == kept


def test_two_alike_or_none_give_nothing(tmp_path: Path) -> None:
    _place(tmp_path, "a/x")
    _place(tmp_path, "b/y")
    assert find_by_name(tmp_path, NAMED) is None
    assert find_by_name(tmp_path, "/elsewhere/other.c") is None
    # neither is guessed (the file beside the report, in ../shared, is what is read then)
    assert not [path for path in _read_sources(tmp_path) if path.startswith(str(tmp_path.resolve()))]


def test_hidden_folders_and_links_out_are_not_entered(tmp_path: Path) -> None:
    outside = _place(tmp_path / "outside", "src")
    root = tmp_path / "root"
    root.mkdir()
    (root / "link").symlink_to(outside.parent, target_is_directory=True)
    _place(root, ".cache/x")
    assert find_by_name(root, NAMED) is None


def test_a_source_root_that_gives_nothing_is_said(tmp_path: Path) -> None:
    """Vivado 2019.1 unique_paths names no source file; an empty
    --source-root finds none and no file defining its top: said, where
    before nothing was."""
    report = SHARED / "corpus" / "vivado" / "vhls2019.1_unique_paths"
    result = run_cli("analyze", str(report), "--source-root", str(tmp_path), "--format", "json")
    assert result.code == 0, result.stderr
    said = [diag for diag in json.loads(result.stdout)["diagnostics"] if diag["rule"] == "source-root-unmatched"]
    assert [(diag["severity"], diag["message"]) for diag in said] == [
        ("warning", f"--source-root {tmp_path}: no file there defines unique_paths; the analysis reads the report"
                    " alone")]
    two = SHARED / "instrument" / "vhls2019.1_unique_paths"  # main.c and main_macro_expanded.c both define it
    result = run_cli("analyze", str(report), "--source-root", str(two), "--format", "json")
    said = [diag for diag in json.loads(result.stdout)["diagnostics"] if diag["rule"] == "source-root-unmatched"]
    assert [diag["message"] for diag in said] == [
        f"--source-root {two}: 2 files there define unique_paths (main.c, main_macro_expanded.c): not guessed which"
        " was synthesized; the analysis reads the report alone"]
    (tmp_path / "main.c").write_bytes((two / "main.c").read_bytes())
    (tmp_path / "header.h").write_bytes((two / "header.h").read_bytes())
    found = run_cli("analyze", str(report), "--source-root", str(tmp_path), "--format", "json")
    assert "source-root-unmatched" not in found.stdout


def test_a_root_larger_than_the_search_gives_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past the entries searched, another file of that name may be unseen:
    none is taken."""
    from hlsight.commands import sources

    _place(tmp_path, "repo/kernels")
    for number in range(10):
        (tmp_path / "repo" / f"other{number}.c").write_text("int x;\n", encoding="utf-8")
    monkeypatch.setattr(sources, "MAX_SEARCHED_ENTRIES", 8)
    assert find_by_name(tmp_path, NAMED) is None
