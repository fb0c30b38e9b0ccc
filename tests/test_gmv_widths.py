"""Per-channel bus widths from aoc's Global memory view (``gmv``).

Widths and channel counts below were read by hand from each report's
``gmv.json`` (the ``Channel ... Width (bits)`` entry of the top-level
``memsys`` node); the three spellings are aoc 21.2's ``DDR_Width``, oneAPI
2021.4/2022.1's ``DDR Width`` and oneAPI 2023.0's ``HBM<i> Width``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from hlsight.core.model import Design
from hlsight.parsers.intel.bundle import ReportBundle
from hlsight.parsers.loader import load_design

AOC = Path("aoc")
STREAM_520N = AOC / ("aoc21.2_s10_520n_hpcc_stream_randomaccess/synthesis_artifacts/STREAM/520n-21.2.0-20.4.0/"
                     "stream_kernels_single_synth_reports")
RANDOM_520N = AOC / ("aoc21.2_s10_520n_hpcc_stream_randomaccess/synthesis_artifacts/RandomAccess/520n-21.2.0-20.4.0/"
                     "random_access_kernels_single_synth_reports")
BFS_S10GX = AOC / "oneapi2021.4_s10gx_parallel_bfs/parallel_bfs_report.prj/reports"
VADD_A10PAC = AOC / "oneapi2022.1_a10pac_vector_add/reports"
KMERS_MX = AOC / "oneapi2023.0_s10mx_kmers/less_work_but_slower/reports_v12_m_v9_half"

#: report set -> {global memory: per-channel widths}, as the gmv.json files print them
DDR_WIDTHS = {
    STREAM_520N: {"DDR": [512, 512, 512, 512]},  # "Channel DDR_Width (bits)": "512, 512, 512, 512"
    RANDOM_520N: {"DDR": [512, 512, 512, 512]},
    BFS_S10GX: {"DDR": [512]},  # "Channel DDR Width (bits)": "512"
    VADD_A10PAC: {"DDR": [512, 512]},  # "Channel DDR Width (bits)": "512, 512"
}


def _global_widths(design: Design) -> dict[str, list[int]]:
    return {memory.name: memory.channel_widths_bits for memory in design.memory_systems if memory.is_global}


@pytest.mark.parametrize("report", list(DDR_WIDTHS), ids=lambda path: path.parts[1])
def test_ddr_channel_widths_from_the_global_memory_view(report: Path, corpus: Path) -> None:
    design = load_design(corpus / report)
    assert _global_widths(design) == DDR_WIDTHS[report]
    ddr = design.memory_system("DDR")
    assert ddr is not None
    # one width per channel: as many channels as the system viewer's banks
    assert len(ddr.channel_widths_bits) == ddr.banks
    assert ddr.memory_view_source == str(corpus / report / "lib" / "json" / "gmv.json")


def test_hbm_pseudo_channels_list_256_bits_each(corpus: Path) -> None:
    """oneAPI 2023.0 on the 520N-MX: one gmv memsys per pseudo-channel,
    ``"Channel HBM0 Width (bits)": "256"``; the design's 16 HBM systems in
    use (mav) each get their one 256-bit channel."""
    widths = _global_widths(load_design(corpus / KMERS_MX))
    assert widths == {f"HBM{index}": [256] for index in range(16)}


def test_reports_without_the_view_give_no_width(corpus: Path) -> None:
    """aoc 19.3 (S10 GX axpy) has no gmv document: the profile's width stays."""
    design = load_design(corpus / "zaragoza" / "reports" / "ddr4-1866" / "axpy")
    assert all(not memory.channel_widths_bits for memory in design.memory_systems)


def test_viewer_data_js_holds_the_same_view(corpus: Path, tmp_path: Path) -> None:
    """oneAPI 2022.1 also writes ``var gmvJSON`` to ``viewer_data.js``: read
    there when ``json/gmv.json`` is missing, with the same widths."""
    copy = tmp_path / "reports"
    shutil.copytree(corpus / VADD_A10PAC, copy)
    (copy / "lib" / "json" / "gmv.json").unlink()
    bundle = ReportBundle(copy / "lib")
    assert bundle.source_of("gmv") == copy / "lib" / "viewer_data.js"
    ddr = load_design(copy).memory_system("DDR")
    assert ddr is not None and ddr.channel_widths_bits == [512, 512]
    assert ddr.memory_view_source == str(copy / "lib" / "viewer_data.js")


def test_viewer_data_js_is_not_read_for_other_documents(corpus: Path) -> None:
    """Only the gmv document comes from viewer_data.js, so the files a report
    lists as read do not grow for documents found elsewhere."""
    bundle = ReportBundle(corpus / VADD_A10PAC / "lib")
    assert bundle.get("new_lmv") is not None  # json/new_lmv.json
    assert bundle.get("system") is None  # var systemJSON only in viewer_data.js: not taken from there
    assert all(path.name != "viewer_data.js" for path in bundle.read_files)
