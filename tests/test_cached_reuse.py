"""A cached load's re-reads that its cache holds reach the DRAM once (decision 56).

aoc says a cached load's size in a compile warning ("Load with a private 512
kilobit cache"). Where the source shows a pipelined loop that does not move
the load's index, each of its iterations reads again what the loops inside
it read; when that span fits the cache, only the first reads reach the DRAM.
``fixtures/aoc19_cached_rows``: ``x[c]`` read for every row ``r`` of a
matrix; 64 KB holds ``cols`` floats up to 16,384. On the session-24 rebuild
of someoneinjd/t2sp's GER (outside the repository) the design went from
+89.3 % to -7.6 % of the measured run.
"""

from __future__ import annotations

from typing import Any

import pytest

from hlsight.core.model import LSUKind
from hlsight.parsers.loader import load_design
from tests.conftest import CORPUS, FIXTURES, run_json

ROWS = FIXTURES / "aoc19_cached_rows"


def _lsus(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {term["id"]: term for term in document["kernels"][0]["estimate"]["per_lsu"]}


def _analyze(cols: int) -> dict[str, Any]:
    return run_json("analyze", str(ROWS), "--set", "rows=4096", "--set", f"cols={cols}")


def test_the_report_gives_each_cached_load_its_cache_size() -> None:
    (cached,) = [lsu for lsu in load_design(ROWS).kernels[0].lsus if lsu.cached]
    assert (cached.id, cached.kind, cached.cache_bits) == ("row_dot/load1", LSUKind.LOAD, 512 * 1024)
    lenet = load_design(CORPUS / "aoc" / "aoc18.1_c5soc_lenet5" / "reports")
    sizes = {lsu.cache_bits for kernel in lenet.kernels for lsu in kernel.lsus if lsu.cached}
    assert sizes == {64 * 1024}  # "a private 64 kilobit cache" (18.1, Cyclone V SoC)


def test_a_vector_read_for_every_row_reaches_the_dram_once_while_it_fits() -> None:
    held = _analyze(1000)
    terms = _lsus(held)
    # m streams rows*cols elements, x's cache holds its 4,000 B: cols DRAM reads, 1/rows of m's on the same bank
    assert terms["row_dot/load1"]["T_ideal"] == pytest.approx(terms["row_dot/load0"]["T_ideal"] / 4096, rel=1e-9)
    (load,) = [lsu for lsu in held["kernels"][0]["lsus"] if lsu["id"] == "row_dot/load1"]
    assert load["cache_bits"] == 512 * 1024
    # rows x cols accesses; rows -> 1 while 4*cols B fit in 65,536 (whole bytes: no division by a size)
    assert load["access"]["dram_reads"] == "cols*(rows - (rows - 1)*Max(0, Min(1, 65537 - 4*cols)))"
    assert ("read through its 64 KB cache: the loop at line 7 re-reads 4*cols B when they fit (4*cols <= 65536)"
            in load["access"]["explanation"])
    caveats = held["estimate"]["extra"]["caveats"]
    assert any(caveat.startswith("cached loads: an element read again (by a loop, or by every work-item) is"
                                 " charged to the DRAM once") for caveat in caveats)
    assert not any("upper bound" in caveat for caveat in caveats)


def test_a_vector_larger_than_the_cache_is_read_from_the_dram_every_time() -> None:
    terms = _lsus(_analyze(20000))  # 80,000 B > 64 KB: every row reads x from the DRAM again
    assert terms["row_dot/load1"]["T_ideal"] == pytest.approx(terms["row_dot/load0"]["T_ideal"], rel=1e-9)
    edge = _lsus(_analyze(16384))  # 65,536 B: held, the last size that is
    assert edge["row_dot/load1"]["T_ideal"] == pytest.approx(edge["row_dot/load0"]["T_ideal"] / 4096, rel=1e-9)


def test_empty_sizes_stay_defined() -> None:
    """The fit test has no division: zero rows or columns is an empty run, not an undefined one."""
    for rows, cols in ((0, 1000), (4096, 0)):
        document = run_json("analyze", str(ROWS), "--set", f"rows={rows}", "--set", f"cols={cols}")
        assert document["estimate"]["seconds"] is not None and document["estimate"]["seconds"] < 1e-4


LENET = CORPUS / "aoc" / "aoc18.1_c5soc_lenet5" / "reports"


def test_an_ndrange_vector_every_work_item_reads_reaches_the_dram_once_while_it_fits() -> None:
    """LeNet-5's fully connected layer (aoc 18.1, Cyclone V SoC): work-item m
    reads all of ``input[i]`` (i < in_dim) through an 8 KB cache. Work-items
    interleave in the pipeline, so the reuse counts only when all of it fits:
    2,048 floats."""
    def load0(in_dim: int) -> dict[str, Any]:
        document = run_json("analyze", str(LENET), "--set", f"in_dim={in_dim}", "--set", "work_items=10",
                            "--set", "out_dim=10",
                            "--set", "fmax=100", "--set", "in_ch=1", "--set", "out_size=1",
                            "--set", "loop.conv2d.B1.ii=1", "--set", "loop.fc_layer.B1.ii=1")
        (fc,) = [kernel for kernel in document["kernels"] if kernel["name"] == "fc_layer"]
        return {term["id"]: term for term in fc["estimate"]["per_lsu"]}

    held, spilled = load0(400), load0(4000)
    # held: 400 reads of input beside 10 x 400 of weight (same width and bank); spilled: 10 x 4000 of each
    assert held["fc_layer/load0"]["T_ideal"] == pytest.approx(held["fc_layer/load1"]["T_ideal"] / 10, rel=1e-9)
    assert spilled["fc_layer/load0"]["T_ideal"] == pytest.approx(spilled["fc_layer/load1"]["T_ideal"], rel=1e-9)
    document = run_json("analyze", str(LENET))
    (fc,) = [kernel for kernel in document["kernels"] if kernel["name"] == "fc_layer"]
    access = {lsu["id"]: lsu["access"] for lsu in fc["lsus"]}
    assert "every work-item reads the same 4*in_dim B when it fits (4*in_dim <= 8192)" in \
        access["fc_layer/load0"]["explanation"]
    # the weights move with the work-item id: no reuse
    assert access["fc_layer/load1"]["dram_reads"] is None
