"""A ``.rpt`` gives a module's resources as the XML does (its utilization
summary's Total and Available rows). Found on public Vivado HLS 2015.2-2017.4
projects that commit only ``.rpt`` files: no resources line was printed."""

from __future__ import annotations

from pathlib import Path

from hlsight.parsers.vivado.profile_xml import read_profile_xml
from hlsight.parsers.vivado.rpt import read_rpt
from tests.conftest import run_cli

REPO = Path(__file__).resolve().parents[1]


def test_every_corpus_rpt_gives_the_resources_its_xml_gives(corpus: Path) -> None:
    pairs = [(rpt, rpt.with_suffix(".xml")) for rpt in sorted((corpus / "vivado").rglob("*_csynth.rpt"))
             if rpt.with_suffix(".xml").exists()]
    assert len(pairs) == 118
    for rpt, xml in pairs:
        from_rpt = sorted((item.name, item.used, item.available) for item in read_rpt(rpt).resources)
        from_xml = sorted((item.name, item.used, item.available) for item in read_profile_xml(xml).resources)
        assert from_rpt == from_xml and from_rpt, rpt


def test_a_lone_rpt_shows_its_resources() -> None:
    """fixtures/vhls2016_call_in_loop: Total 2 / 0 / 1,042 / 1,686 of
    Available 280 / 220 / 106,400 / 53,200."""
    result = run_cli("analyze", str(REPO / "fixtures" / "vhls2016_call_in_loop" / "mix_update_csynth.rpt"))
    assert result.code == 0, result.stderr
    assert ("    resources: BRAM_18K 2 (0.71%), DSP48E 0 (0.00%), FF 1,042 (0.98%), LUT 1,686 (3.17%)"
            in result.stdout.splitlines())
