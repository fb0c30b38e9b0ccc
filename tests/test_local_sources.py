"""Issue 15 item 2: findings name a file the user can open on this machine."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import CORPUS, REPO, CliResult, run_cli

KMERS = CORPUS / "aoc" / "oneapi2023.0_s10mx_kmers" / "less_work_but_slower" / "reports_v12_m_v9_half"
CAFFE = CORPUS / "aoc" / "aoc16.1_s5_de5net_caffe_net" / "kernels" / "net" / "bin" / "net"
NW = CORPUS / "vivado" / "vitis2022.2.2_machsuite_nw"
FINDING = re.compile(r"^(?P<file>[^ :]+):(?P<line>\d+):(?P<col>\d+): (warning|error|note|info): ")


def _finding_files(text: str) -> list[tuple[str, int, int]]:
    return [(m["file"], int(m["line"]), int(m["col"])) for m in map(FINDING.match, text.splitlines()) if m]


def test_demo_findings_name_an_existing_checkout_file_with_line_and_column(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    text = run_cli("demo", "-v").stdout
    places = _finding_files(text)
    assert len(places) == 5  # 4 notes + the shared-bank warning, each with a column
    assert {file for file, _, _ in places} == {"fixtures/demo/vector_add/device/vector_add.cl"}
    assert Path("fixtures/demo/vector_add/device/vector_add.cl").is_file()
    # columns: line 12 is "        c[i] = a[i] + b[i];" -> a[i] at 16, b[i] at 23, c[i] at 9; the loop's `for` at 5
    assert ("fixtures/demo/vector_add/device/vector_add.cl", 12, 16) in places
    assert ("fixtures/demo/vector_add/device/vector_add.cl", 12, 23) in places
    assert ("fixtures/demo/vector_add/device/vector_add.cl", 11, 5) in places
    assert ("  source: fixtures/demo/vector_add/device/vector_add.cl (report folder; the report says "
            "/home/hlsight/demo/device/vector_add.cl)") in text.splitlines()


def test_source_root_wins_and_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    mine = tmp_path / "checkout" / "device"
    mine.mkdir(parents=True)
    shutil.copy(REPO / "fixtures/demo/vector_add/device/vector_add.cl", mine)
    monkeypatch.chdir(tmp_path)
    text = run_cli("demo", "--source-root", "checkout").stdout
    assert "  source: checkout/device/vector_add.cl (--source-root; the report says" in text
    assert {file for file, _, _ in _finding_files(text)} == {"checkout/device/vector_add.cl"}
    bad = run_cli("demo", "--source-root", "nowhere")
    assert bad.code == 2 and "nowhere" in bad.stderr


def test_embedded_source_is_written_next_to_the_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """kmers names /ihome/ageorge/...cpp; the report embeds it, -o writes it out."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out").mkdir()  # hlsight creates FILE.sources/, never the folder -o names
    assert run_cli("analyze", str(KMERS), "-o", "out/kmers.txt").code == 0
    text = (tmp_path / "out" / "kmers.txt").read_text()
    written = "out/kmers.txt.sources/two_bit_v19_HBM_test_v12_medium_v9_half.cpp"
    assert f"  source: {written} (embedded in the report; the report says /ihome/ageorge/" in text
    files = {file for file, _, _ in _finding_files(text)}
    assert written in files and (tmp_path / written).is_file()
    # the gcc header the report names but does not embed stays as spelled, and is listed as not found
    assert "not found on this machine: stl_algobase.h" in text
    # without -o nothing is written and the report's path is kept
    assert not any("/ihome/" not in line and ".cpp:" in line for line in _finding_lines(run_cli("analyze", str(KMERS))))


def _finding_lines(result: CliResult) -> list[str]:
    return [line for line in result.stdout.splitlines() if FINDING.match(line)]


def test_caffe_findings_carry_columns_from_the_embedded_source() -> None:
    text = run_cli("analyze", "-v", str(CAFFE)).stdout
    findings = [line for line in text.splitlines() if re.search(r": (error|warning|note|info): ", line)]
    placed = [line for line in findings if not line.startswith("hlsight: ")]  # 6 kernel-wide infos have no place
    places = _finding_files(text)
    # every placed one as file:line:col (51: three row-miss warnings with T_ovh 0 s are gone, decision 18;
    # 65: the 14 loops whose trips the source leaves to the data now say which access symbol they share;
    # 61: the work-item invariant loads, one access per launch, draw no f_min hint (3) and relu's bank
    # no longer counts its hoisted load as a third stream (1), decision 51; 60: convLayer/load2, a cached read
    # of `param->kernelSize`, is stride 0 and draws no f_min note, decision 53)
    assert len(placed) == len(places) == 60
    assert ("/home/zach/project/inc/caffe-fpga-opencl-v2/kernels/net/net.cl", 517, 13) in places


def test_vivado_source_not_on_this_machine_is_named_as_such() -> None:
    """Vitis reports name nw.c but do not embed it: line only, and said so."""
    text = run_cli("analyze", str(NW)).stdout
    assert "  not found on this machine: nw.c (--source-root DIR finds them" in text
    assert "nw.c:29: warning: loop fill_in has II 2" in text


def test_vivado_source_not_below_the_given_root_is_not_told_to_give_it(tmp_path: Path) -> None:
    """With --source-root given and nw.c not below it, the line says where it
    looked rather than suggesting the option the user just gave."""
    text = run_cli("analyze", str(NW), "--source-root", str(tmp_path)).stdout
    assert (f"  not found on this machine: nw.c (not below --source-root {tmp_path} either, by path or by name;"
            in text)
    assert "--source-root DIR finds them" not in text
