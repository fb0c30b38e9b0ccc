"""The Vivado/Vitis reader over all 30 corpus cases: every case parses, loop
rows (IL/II/TC/latency/depth) match SOURCE.md, and the rpt and XML readers
agree module by module."""

from __future__ import annotations

from pathlib import Path

import pytest

from hlsight.core.model import Design, TripCount
from hlsight.parsers.vivado import read_report
from hlsight.parsers.vivado.aggregate_xml import Aggregate, read_aggregate_root
from hlsight.parsers.vivado.discovery import has_module_reports, report_sets_below
from hlsight.parsers.vivado.merge import preorder
from hlsight.parsers.vivado.module_report import ModuleReport
from hlsight.parsers.vivado.profile_xml import read_profile_xml
from hlsight.parsers.vivado.rpt import read_rpt
from hlsight.parsers.xml_safe import parse_xml_file
from tests.conftest import CORPUS
from tests.vivado_expected import CASES
from tests.vivado_helpers import is_unknown_trip, own_loops, row_of

VIVADO = CORPUS / "vivado"
CASE_NAMES = sorted(CASES)

_designs: dict[str, Design] = {}


def design_of(case: str) -> Design:
    if case not in _designs:
        _designs[case] = read_report(VIVADO / case)
    return _designs[case]


def per_module_kernels(design: Design) -> list[str]:
    """Kernels read from a per-module report (not only from csynth.xml)."""
    return [k.name for k in design.kernels if k.artifact and not Path(k.artifact).name.startswith("csynth.")]


def report_dir(case: str) -> Path:
    """The case folder, or the one report set below it (Vitis unified layout)."""
    folder = VIVADO / case
    if has_module_reports(folder):
        return folder
    (only,) = report_sets_below(folder)
    return only


def test_corpus_has_the_thirty_one_cases() -> None:
    on_disk = sorted(p.name for p in VIVADO.iterdir() if p.is_dir())
    assert on_disk == CASE_NAMES
    assert len(CASE_NAMES) == 31


@pytest.mark.parametrize("case", CASE_NAMES)
def test_case_parses_with_header_facts(case: str) -> None:
    expected = CASES[case]
    design = design_of(case)
    assert design.tool.product.value == expected.tool
    assert design.tool.version == expected.version
    assert design.name == expected.top
    assert design.device.part == expected.part
    top = [kernel for kernel in design.kernels if kernel.is_top]
    assert [kernel.name for kernel in top] == [expected.top]
    assert top[0].clock_target_ns == pytest.approx(expected.clock_target_ns)
    assert top[0].clock_estimated_ns is not None and top[0].clock_estimated_ns > 0


@pytest.mark.parametrize("case", CASE_NAMES)
def test_loop_rows_match_source_md(case: str) -> None:
    expected = CASES[case]
    design = design_of(case)
    modules = set(per_module_kernels(design))
    actual = sorted(
        row_of(kernel.name, depth, loop)
        for kernel in design.kernels if kernel.name in modules
        for depth, loop in own_loops(kernel)
    )
    assert actual == sorted(tuple(row) for row in expected.rows)


@pytest.mark.parametrize("case", CASE_NAMES)
def test_unknown_trip_count_loops_match_source_md(case: str) -> None:
    expected = CASES[case]
    design = design_of(case)
    modules = set(per_module_kernels(design))
    unknown = [loop for kernel in design.kernels if kernel.name in modules
               for _, loop in own_loops(kernel) if is_unknown_trip(loop)]
    assert len(unknown) == expected.unknown_tc


def _comparable(module: ModuleReport) -> list[tuple[object, ...]]:
    return [
        (loop.name.replace(" ", ""), loop.pipelined, None if loop.ii is None else loop.ii.value,
         loop.iteration_latency_range, loop.latency, loop.trip_count, loop.details)
        for loop in preorder(module.loops)
    ]


def _module_pairs(case: str) -> list[tuple[Path, Path]]:
    return [(xml, xml.with_suffix(".rpt")) for xml in sorted(report_dir(case).glob("*_csynth.xml"))
            if xml.with_suffix(".rpt").is_file()]


@pytest.mark.parametrize("case", CASE_NAMES)
def test_rpt_and_xml_readers_agree(case: str) -> None:
    pairs = _module_pairs(case)
    assert pairs, "every case has at least one module with both files"
    for xml_path, rpt_path in pairs:
        xml, rpt = read_profile_xml(xml_path), read_rpt(rpt_path)
        assert xml.name == rpt.name
        assert (xml.latency, xml.pipeline_type, xml.part) == (rpt.latency, rpt.pipeline_type, rpt.part)
        assert xml.clock_target_ns == pytest.approx(rpt.clock_target_ns)
        assert xml.clock_estimated_ns == pytest.approx(rpt.clock_estimated_ns)
        xml_rows, rpt_rows = _comparable(xml), _comparable(rpt)
        assert len(xml_rows) == len(rpt_rows)
        for xml_row, rpt_row in zip(xml_rows, rpt_rows, strict=True):
            rpt_trip = rpt_row[5]
            if isinstance(rpt_trip, TripCount) and rpt_trip.min is not None and rpt_trip.max is None:
                # The one documented disagreement: rpt "1 ~ ?" is XML "undef" (format notes §3.2).
                assert xml_row[5] == TripCount(None, None)
                xml_row = (*xml_row[:5], rpt_trip, *xml_row[6:])
            assert xml_row == rpt_row, f"{xml_path.name}: {xml_row} != {rpt_row}"


AGGREGATED = [case for case in CASE_NAMES if (report_dir(case) / "csynth.xml").is_file()
              and parse_xml_file(report_dir(case) / "csynth.xml", "xml").find("ModuleInformation") is not None]


@pytest.mark.parametrize("case", AGGREGATED)
def test_aggregated_csynth_xml_agrees_with_module_xml(case: str) -> None:
    path = report_dir(case) / "csynth.xml"
    aggregate: Aggregate = read_aggregate_root(parse_xml_file(path, "xml"), path)
    compared = 0
    for name, module in aggregate.modules.items():
        own = report_dir(case) / f"{name}_csynth.xml"
        if own.is_file():
            assert _comparable(module) == _comparable(read_profile_xml(own)), name
            compared += 1
    assert compared >= 1
