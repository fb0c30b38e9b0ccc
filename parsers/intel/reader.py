"""The Intel :class:`~parsers.loader.ReportReader` (registered in
``parsers.loader.READER_MODULES``)."""

from __future__ import annotations

from pathlib import Path

from analyzer.model import Design
from parsers.intel import layout as layouts
from parsers.intel.report import read_report
from parsers.loader import ReadOptions


class IntelReader:
    name = "intel"
    accepts = layouts.ACCEPTS

    def claims(self, path: Path) -> bool:
        return layouts.claims(path)

    def read(self, path: Path, options: ReadOptions) -> Design:
        layouts.check_multiple_projects(path)
        layout = layouts.require(path)
        return read_report(layout)


READER = IntelReader()
