"""A C++ design's members defined in their own file (decision 81).

C++ HLS projects declare a class in ``acc.h`` and define its members in
``acc.cpp``: the top's file calls members no file of it defines. A public
number library (Vitis 2021.2) calls ``Ban::operator==`` from its top, and
its report's two counted loops (3 and 2) were left unmatched; a public
track fit (Vivado HLS 2019.1, ``LRHLS::produce`` in ``LRHLS.cc``) had none
of its member loops placed. The companion file is read, its members are
lowered under the names the calls use (operators with their parameter
types: overloads are functions of their own), and the walk enters them.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from hlsight.analyzer.access.axi_derive import _parse, walk_top
from hlsight.analyzer.access.xilinx_report_loops import ReportLoopFinder, SourceLoopNames, report_loop_finder
from hlsight.analyzer.results import SourceFacts
from hlsight.commands.sources import with_local_sources
from hlsight.core.model import Design, Kernel, KernelKind, Loop, Product, SourceFile, ToolInfo, Vendor
from tests.conftest import FIXTURES

UNITS = FIXTURES / "cxx_units"


def _design(*modules: str) -> Design:
    kernels = [Kernel(name="top", kind=KernelKind.FUNCTION, is_top=True),
               *(Kernel(name=module, kind=KernelKind.FUNCTION, loops=[Loop(name="VITIS_LOOP_5_1")])
                 for module in modules)]
    design = Design(tool=ToolInfo(Vendor.XILINX, Product.VITIS_HLS, "2021.2"), root=UNITS, kernels=kernels)
    return with_local_sources(design, str(UNITS))


def test_the_header_s_companion_file_is_read() -> None:
    """``acc.h`` is included by the top's file; ``acc.cpp`` beside it, which
    nothing includes and no report names, defines what it declares."""
    assert sorted(source.name for source in _design().source_files) == ["acc.cpp", "acc.h", "top.cpp"]


def test_the_walk_enters_members_another_file_defines() -> None:
    parsed = _parse(_design(), SourceFacts())
    unit, top = next((unit, found) for unit in parsed.units
                     if (found := unit.functions().get("top")) is not None)
    elsewhere = parsed.defined_elsewhere(unit)
    assert sorted(elsewhere) == ["Acc::operator==(const Acc &)", "Acc::operator==(int)", "Acc::sum"]
    walker = walk_top(parsed, unit, top, elsewhere)
    assert walker.called.walks == Counter({"Acc::sum": 1, "Acc::operator==(const Acc &)": 1,
                                           "Acc::operator==(int)": 1})
    counts = sorted((info.line, str(info.trip_count)) for info in walker.called_loop_infos.values())
    assert counts == [(5, "8"), (10, "4"), (16, "3")]  # n from the call; SIZE; 1 .. SIZE - 1


def _finder(design: Design) -> ReportLoopFinder | None:
    """The finder of the design's first module after the top, over the walk of ``top``."""
    parsed = _parse(design, SourceFacts())
    unit, top = next((unit, found) for unit in parsed.units
                     if (found := unit.functions().get("top")) is not None)
    walker = walk_top(parsed, unit, top)
    infos = {**walker.called_loop_infos, **walker.loop_infos}
    return report_loop_finder(design.kernels[1], design, SourceLoopNames.of(parsed), infos, "top", walker.called.walks)


def test_a_report_module_finds_a_member_defined_apart() -> None:
    design = _design("sum")
    module = design.kernels[1]
    finder = _finder(design)
    assert finder is not None
    found = finder.find(module.loops[0])
    assert found is not None and str(found.trip_count) == "8"


def test_a_member_name_the_tool_gave_two_modules_is_not_guessed() -> None:
    """``shift_left`` and ``shift_left_1`` in the track fit's report: two
    functions of that member's name (two classes' or instances'), of which
    the sources' walk reached one; which one the module is, is not told."""
    assert _finder(_design("sum")) is not None
    assert _finder(_design("sum", "sum_1")) is None


def test_a_c_file_s_functions_are_not_entered(tmp_path: Path) -> None:
    """A C file's file-scope constants and typedefs are its own: the walk
    of another file does not enter its functions."""
    (tmp_path / "helper.c").write_text("const int N = 4;\nint helper(int *x) {\n"
                                       "  int s = 0;\n  for (int i = 0; i < N; i++) s += x[i];\n  return s;\n}\n")
    (tmp_path / "top.cpp").write_text('extern "C" int helper(int *x);\nint top(int *x) { return helper(x); }\n')
    design = Design(tool=ToolInfo(Vendor.XILINX, Product.VITIS_HLS, "2021.2"), root=tmp_path,
                    kernels=[Kernel(name="top", kind=KernelKind.FUNCTION, is_top=True)])
    design.source_files = [SourceFile(path=str(tmp_path / name), name=name, content=(tmp_path / name).read_text())
                           for name in ("top.cpp", "helper.c")]
    parsed = _parse(design, SourceFacts())
    unit = next(unit for unit in parsed.units if unit.filename.endswith("top.cpp"))
    assert parsed.defined_elsewhere(unit) == {}
