"""The Intel :class:`~parsers.loader.ReportReader` (registered in
``parsers.loader.READER_MODULES``)."""

from __future__ import annotations

from pathlib import Path

from analyzer.model import Design
from parsers.intel import layout as layouts
from parsers.intel.legacy import read_mav15, read_rtl_project
from parsers.intel.report import read_report
from parsers.intel.versions import version_diagnostics
from parsers.loader import ReadOptions


class IntelReader:
    name = "intel"
    accepts = layouts.ACCEPTS

    def claims(self, path: Path) -> bool:
        return layouts.claims(path)

    def read(self, path: Path, options: ReadOptions) -> Design:
        layouts.check_multiple_projects(path)
        layout = layouts.require(path)
        if layout.kind == "mav15":
            design = read_mav15(layout, read_rtl=options.read_rtl)
        elif layout.kind == "rtl":
            design = read_rtl_project(layout)
        else:
            design = read_report(layout, read_rtl=options.read_rtl)
        design.diagnostics[:0] = version_diagnostics(design.tool, design.root)
        return design


READER = IntelReader()
