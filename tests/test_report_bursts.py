"""The bursts Vitis says it made, in the HLScope+ DRAM model (decision 92).

HLScope+ (section IV) times an m_axi transfer by its transactions: eq. 7's
DSIZE is "the length of each transaction", eq. 10's ``len`` the burst
length, transfers longer than "the maximum bus burst length" are divided
into requests of that length, and discrete accesses cost what random ones
do (the 7V3's 4 B per 76 ns, 0.053 GB/s). Vitis' csynth.rpt says which
accesses it burst (``== M_AXI Burst Information``) and each bundle's max
burst length; hlsight assumed 1 KB bursts wherever the source's accesses
were consecutive, also where the report says no burst was made (a public
Vitis 2022.2 conv2D: "Stride is incompatible", "Could not analyze
pattern").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hlsight.analyzer.hlscope_model import dbw_p
from hlsight.analyzer.memory_profiles import load_profile
from hlsight.parsers.vivado.burst_rpt import read_bursts
from hlsight.parsers.vivado.rpt import read_text
from tests.conftest import CORPUS, run_cli

VIVADO = CORPUS / "vivado"


def _bursts(case: str) -> dict[str, dict[str, str]]:
    found = read_bursts(read_text(VIVADO / case / "csynth.rpt"))
    assert found is not None
    return {name: bursts.details() for name, bursts in found.items()}


def test_the_burst_tables_of_three_vitis_versions() -> None:
    # 2023.2: Inferred Burst Summary + All M_AXI Variable Accesses (Burst Status per access)
    assert _bursts("vitis2023.2_cluster_nms") == {
        "m_axi_gmem": {"INFERRED_READ_BURST": "0", "INFERRED_WRITE_BURST": "0",
                       "BURST_MISSED": "Could not analyze pattern"},
        "m_axi_gmem0": {"INFERRED_READ_BURST": "400", "INFERRED_WRITE_BURST": "0"},
        "m_axi_gmem1": {"INFERRED_READ_BURST": "100", "INFERRED_WRITE_BURST": "0"},
    }
    # 2024.1: a write burst of 4 beats; the "Widen Fail" row is no burst problem
    assert _bursts("vitis2024.1_wrr_dataflow") == {
        "m_axi_gmem": {"INFERRED_READ_BURST": "0", "INFERRED_WRITE_BURST": "4"}}
    # 2021.2: "No burst in design": the section, no table
    assert _bursts("vitis2021.2_ascon_aead") == {}
    assert read_bursts(["== Synthesis Summary Report of 'x'"]) is None  # no section: nothing said


def test_eq_10_with_the_transaction_length() -> None:
    """The 7V3's figures (HLScope+ section IV): t_RAS 36, t_RCD + t_CAS 13.5,
    t_RP 13.5, t_CO 26.5 ns, 128 dq bits at 1.333 GHz. A 64 B transaction is
    4 dq beats: max(36, 13.5 + 3) + 13.5 + 26.5 = 76 ns, 0.842 GB/s; a 1 KB
    one 64 beats: 61.5 + 40 = 101.5 ns, 10.09 GB/s; a 4 B random access
    4 B / 76 ns = 0.053 GB/s, the paper's measured random bandwidth."""
    profile = load_profile("ddr3-1333-7v3")
    assert float(dbw_p(profile, 4, 1, 64)) == pytest.approx(64 / 76e-9, rel=1e-4)
    assert float(dbw_p(profile, 4, 1)) == pytest.approx(1024 / 101.5e-9, rel=1e-4)
    assert float(dbw_p(profile, 4, 2)) == pytest.approx(4 / 76e-9, rel=1e-4)


def test_the_estimate_times_each_bundle_as_the_report_bursts_it() -> None:
    document = json.loads(run_cli("analyze", str(VIVADO / "vitis2023.2_cluster_nms"), "--format", "json").stdout)
    assumptions = document["estimate"]["assumptions"]
    assert ("m_axi_gmem: the report inferred no write burst (Could not analyze pattern): each access its own"
            " transaction, timed as random accesses (section IV-A.1)") in assumptions
    assert ("m_axi_gmem0: consecutive bursts up to 64 B assumed (the report's read bursts: 400 beats; max read"
            " burst length 16 beats) (--set axi.nms.gmem0.stride=N if strided or random)") in assumptions


def test_a_report_without_the_section_keeps_the_1_kb_bursts() -> None:
    """Vivado HLS writes no burst section and no max burst length: the
    paper's 1 KB AXI bursts, as before."""
    document = json.loads(run_cli("analyze", str(VIVADO / "vitis2020.1_vecdot_dataflow"), "--format",
                                  "json").stdout)
    said = [text for text in document["estimate"]["assumptions"] if "burst" in text]
    assert said and all("1 KB" in text for text in said if "consecutive" in text), said


def test_writes_the_report_does_not_burst_cost_a_row_cycle_each() -> None:
    """nms (Vitis 2023.2, Zynq DDR3): 4,096 B through ``gmem``, whose
    writes the report bursts nowhere: 1,024 random 4 B accesses at eq. 9's
    t_DP(1 beat) each, in place of the schedule's one bus beat (2.5 ns at
    100 MHz) per access; given as consecutive (stride 1), only its DLAT."""
    profile = load_profile("ddr3-1066-zynq")
    trips = ["--set", "loop.nms.VITIS_LOOP_27_3.trip=10", "--set", "loop.nms.VITIS_LOOP_37_4.trip=10",
             "--set", "loop.nms.VITIS_LOOP_65_7.trip=10", "--set", "loop.nms.VITIS_LOOP_89_9.trip=10"]
    sizes = [item for bundle in ("gmem0", "gmem1", "gmem") for item in ("--set", f"axi.nms.{bundle}.bytes=4096")]

    def seconds(*extra: str) -> float:
        result = run_cli("analyze", str(VIVADO / "vitis2023.2_cluster_nms"), *trips, *sizes, *extra, "--format", "json")
        kernel = next(item for item in json.loads(result.stdout)["kernels"] if item["name"] == "nms")
        value: float = kernel["estimate"]["seconds"]
        return value

    random_access = 4 / float(dbw_p(profile, 4, 2))  # eq. 9 at one beat: a row cycle per access
    excess = 1024 * (random_access - 4 / (100e6 * 4))
    assert seconds() - seconds("--set", "axi.nms.gmem.stride=1") == pytest.approx(excess, rel=1e-6)


def _xml_only_sets() -> list[str]:
    """The corpus sets whose csynth.xml holds a ``<ReportBurst>`` (11 of them,
    Vitis 2021.2 to 2025.2)."""
    found = sorted(str(path.parent.relative_to(VIVADO)) for path in VIVADO.rglob("csynth.xml")
                   if b"<ReportBurst>" in path.read_bytes())
    assert len(found) == 11
    return found


@pytest.mark.parametrize("case", _xml_only_sets())
def test_csynth_xml_says_the_same_bursts_as_csynth_rpt(case: str) -> None:
    """csynth.xml carries the section too (``<ReportBurst>``: the same tables,
    each row a ``<column>`` named by its interface): a public 2022.2 top-k
    kernel that keeps only the XML had "Stride is incompatible" and "Could
    not analyze pattern" on its one bundle and was timed as 1 KB bursts,
    5.36 us where the report's accesses say 37.9 us. Both files of each
    corpus set say the same."""
    from lxml import etree

    from hlsight.parsers.vivado.burst_rpt import read_xml_bursts

    folder = VIVADO / case
    from_xml = read_xml_bursts(etree.parse(str(folder / "csynth.xml")).getroot())
    assert from_xml is not None
    if (folder / "csynth.rpt").is_file():
        from_rpt = read_bursts(read_text(folder / "csynth.rpt"))
        assert from_rpt is not None
        assert {name: bursts.details() for name, bursts in from_xml.items()} \
            == {name: bursts.details() for name, bursts in from_rpt.items()}


def test_a_set_of_csynth_xml_alone_is_timed_as_its_report_bursts(tmp_path: Path) -> None:
    """The cluster NMS set without its csynth.rpt (as a Vitis kernel's
    ``_x`` folder keeps it): gmem's writes, which the report could not burst,
    are timed as random, as with the rpt beside it."""
    folder = tmp_path / "report"
    folder.mkdir()
    for path in (VIVADO / "vitis2023.2_cluster_nms").glob("*.xml"):
        (folder / path.name).write_bytes(path.read_bytes())
    alone = json.loads(run_cli("analyze", str(folder), "--format", "json").stdout)
    whole = json.loads(run_cli("analyze", str(VIVADO / "vitis2023.2_cluster_nms"), "--format", "json").stdout)
    said = alone["kernels"][0]["estimate"]["assumptions"]
    assert said == whole["kernels"][0]["estimate"]["assumptions"]
    assert alone["kernels"][0]["estimate"]["expression"] == whole["kernels"][0]["estimate"]["expression"]
    assert any("the report inferred no write burst (Could not analyze pattern)" in line for line in said)
