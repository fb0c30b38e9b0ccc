"""The Intel :class:`~hlsight.parsers.loader.ReportReader` (registered in
``hlsight.parsers.loader.READER_MODULES``)."""

from __future__ import annotations

from pathlib import Path

from hlsight.core.errors import InputError
from hlsight.core.model import Design, Product
from hlsight.parsers.intel import layout as layouts
from hlsight.parsers.loader import ReadOptions


class IntelReader:
    name = "intel"
    accepts = layouts.ACCEPTS

    def claims(self, path: Path) -> bool:
        return layouts.claims(path)

    def read(self, path: Path, options: ReadOptions) -> Design:
        # the readers proper are imported here: every load asks this reader first whether it claims
        # the path, and a Vivado design (instrument's pass 2) should not pay for them (cold start)
        from hlsight.parsers.intel.legacy import read_mav15, read_rtl_project
        from hlsight.parsers.intel.ndjson import read_ndjson_report
        from hlsight.parsers.intel.report import read_report
        from hlsight.parsers.intel.sycl_names import name_sycl_kernels
        from hlsight.parsers.intel.verification import read_verification, verification_path
        from hlsight.parsers.intel.versions import version_diagnostics

        if options.solution is not None:
            # silently ignored, it let a user believe a choice was made
            raise InputError(path, f"--solution {options.solution} does not apply: this is an aoc/oneAPI report,"
                                   " which has no solutions",
                             expected="--solution NAME only with a Vivado/Vitis project folder")
        layouts.check_multiple_projects(path)
        layout = layouts.require(path)
        if layout.kind == "mav15":
            design = read_mav15(layout, read_rtl=options.read_rtl)
        elif layout.kind == "rtl":
            design = read_rtl_project(layout)
        elif layout.kind == "ndjson":
            assert layout.data_dir is not None
            design = read_ndjson_report(layout.data_dir, layout.reports_dir or layout.project_dir)
        else:
            design = read_report(layout, read_rtl=options.read_rtl)
        if design.tool.product is Product.ONEAPI:
            name_sycl_kernels(design.kernels, design.memory_systems)
        if design.tool.product is Product.IPP:
            # what the testbench's RTL simulation measured per component call (a co-simulation)
            found = verification_path(layout.reports_dir, layout.data_dir)
            if found is not None:
                names = {kernel.name for kernel in design.kernels}
                design.cosim = [report for report in read_verification(found, design.tool.command)
                                if report.top in names]
                design.artifacts.append(found)
        design.diagnostics[:0] = version_diagnostics(design.tool, design.root)
        return design


READER = IntelReader()
