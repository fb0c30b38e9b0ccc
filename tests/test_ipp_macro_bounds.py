"""i++ loop bounds that are object-like macros (``i < NX``) get their trip
counts from the macros' values, as the preprocessor puts them there.

A public i++ 21.4 PolyBench bicg (``#define NX 30``) was left symbolic in
``loop.bicg.B2.trip`` and printed "to get a number, give: --set
loop.bicg.B2.trip=VALUE" for a bound its own file states."""

from __future__ import annotations

import dataclasses

from hlsight.analyzer.access.ipp_trips import ComponentTrips, component_loop_trips
from hlsight.core.model import SourceFile
from hlsight.parsers.loader import load_design
from tests.conftest import CORPUS

#: a corpus i++ design whose sources are replaced by the public shape
SOBEL = CORPUS / "zaragoza" / "reports" / "ddr4-1866" / "sobel"


def _trips(*files: tuple[str, str]) -> ComponentTrips:
    design = load_design(SOBEL)
    sources = [SourceFile(path=path, name=path, content=content) for path, content in files]
    return component_loop_trips(dataclasses.replace(design, source_files=sources))


def test_object_like_macros_bound_a_plain_components_loops() -> None:
    component = (
        "#include \"sizes.h\"\n"                                  # 1
        "#define NX 30\n"                                          # 2
        "#define NY (NX / 3u)\n"                                   # 3
        "#define TWICE(x) ((x) * 2)\n"                             # 4
        "const int ROWS = NX + 2;\n"                               # 5
        "int ImgSobel(int *y) {\n"                                 # 6
        "  int acc = 0;\n"                                         # 7
        "  for (int i = 0; i < NX; i++) { acc += y[i]; }\n"        # 8
        "  for (int j = 1; j <= NY; j++) { acc += y[j]; }\n"       # 9
        "  for (int k = 0; k < ROWS; k++) { acc += y[k]; }\n"      # 10
        "  for (int m = 0; m < COLS; m++) { acc += y[m]; }\n"      # 11
        "  for (int n = 0; n < TWICE(4); n++) { acc += y[n]; }\n"  # 12
        "  return acc;\n"
        "}\n")
    trips = _trips(("k.cpp", component), ("sizes.h", "#define COLS (1 << 4)\n"))
    found = "the source", "the component's loop bounds"
    assert trips.trip("ImgSobel", "k.cpp", 8) == (30, *found)
    assert trips.trip("ImgSobel", "k.cpp", 9) == (10, *found)     # 30 / 3u: the suffix read
    assert trips.trip("ImgSobel", "k.cpp", 10) == (32, *found)    # a const of a macro
    assert trips.trip("ImgSobel", "k.cpp", 11) == (16, *found)    # a macro of the design's own header
    assert trips.trip("ImgSobel", "k.cpp", 12) is None            # a function-like macro is not evaluated


def test_a_macro_with_two_values_is_not_guessed() -> None:
    """``#undef`` and a second ``#define``: no one value holds for the file,
    so the loop keeps its symbol rather than taking either."""
    component = (
        "#define N 8\n"
        "int first(void);\n"
        "#undef N\n"
        "#define N 64\n"
        "int ImgSobel(int *y) {\n"
        "  int acc = 0;\n"
        "  for (int i = 0; i < N; i++) { acc += y[i]; }\n"
        "  return acc;\n"
        "}\n")
    assert _trips(("k.cpp", component)).trip("ImgSobel", "k.cpp", 7) is None


def test_a_templates_parameter_and_a_macro_bound_its_loop_together() -> None:
    """A component template walked from the testbench's call: its own
    parameter and a macro bound together."""
    component = (
        "#define ROWS 12\n"
        "template <int COLS>\n"
        "int ImgSobel(int *y) {\n"
        "  int acc = 0;\n"
        "  for (int i = 0; i < ROWS * COLS; i++) { acc += y[i]; }\n"
        "  return acc;\n"
        "}\n"
        "int main() { int y[96]; return ImgSobel<8>(y); }\n")
    assert _trips(("k.cpp", component)).trip("ImgSobel", "k.cpp", 5) == (
        96, "the source's template arguments", "the component's instantiation in the testbench")


def test_a_header_not_found_is_named_where_a_trip_is_asked_for() -> None:
    """A public i++ 20.4 atax bounds its loops by ``N`` from ``"atax.h"``,
    which was not among its files: hlsight asked for ``loop.atax.B3.trip``
    quoting ``for (i = 0; i < N; i++)`` and did not say why it could not
    count it."""
    from hlsight.analyzer.pipeline import analyze
    from hlsight.core.model import Loop, SourceLocation
    from hlsight.reporters.present import trip_symbol_loops

    component = (
        "#include \"sizes.h\"\n"                         # 1
        "int ImgSobel(int *y) {\n"                       # 2
        "  int acc = 0;\n"                               # 3
        "  for (int i = 0; i < ROWS; i++) {\n"           # 4
        "    for (int j = 0; j < COLS; j++) {\n"         # 5
        "      acc += y[j];\n"
        "    }\n"
        "  }\n"
        "  return acc;\n"
        "}\n")
    trips = _trips(("k.cpp", component))
    assert trips.missing_headers == {"k.cpp": ("sizes.h",)} and trips.trip("ImgSobel", "k.cpp", 4) is None
    # the Sobel's two loops placed at the two lines of the rewritten source
    design = load_design(SOBEL)
    (kernel,) = design.kernels
    lines = {"ImgSobel.B2": 4, "ImgSobel.B4": 5}

    def placed(loops: list[Loop]) -> list[Loop]:
        return [dataclasses.replace(loop, location=SourceLocation("k.cpp", lines[loop.name])
                                    if loop.name in lines else loop.location, children=placed(loop.children))
                for loop in loops]

    design = dataclasses.replace(design, kernels=[dataclasses.replace(kernel, loops=placed(kernel.loops))],
                                 source_files=[SourceFile(path="k.cpp", name="k.cpp", content=component)])
    result = analyze(design, {})
    said = trip_symbol_loops(design, ["loop.ImgSobel.B4.trip"], result.source)["loop.ImgSobel.B4.trip"]
    assert said.endswith('; its file includes "sizes.h", not found here: a bound defined there is unknown'
                         " (--source-root DIR with it)")


def test_a_triangular_loop_counts_its_mean_per_outer_iteration() -> None:
    """A public i++ 21.4 gaussian's ``for (i = j + 1; i <= 18; i++)`` inside
    ``for (j = 1; j <= 18; j++)`` runs 153 times in all: 8.5 per iteration
    of the j loop, which the model multiplies by its 18. The report places
    the i loop (B5) at the j loop's line, so the one loop inside that line's
    loop is B5's."""
    from fractions import Fraction

    component = (
        "int ImgSobel(int *A) {\n"                          # 1
        "  int acc = 0;\n"                                  # 2
        "  for (int j = 1; j <= 18; j++) {\n"               # 3
        "    for (int i = j + 1; i <= 18; i++) {\n"         # 4
        "      for (int k = 1; k <= 19; k++) {\n"           # 5
        "        acc += A[i * 20 + k];\n"
        "      }\n"
        "    }\n"
        "  }\n"
        "  for (int m = 0; m < 4; m++) {\n"                   # 10
        "    for (int n = 0; n < m * m; n++) { acc += A[n]; }\n"  # 11
        "  }\n"
        "  return acc;\n"
        "}\n")
    trips = _trips(("k.cpp", component))
    found = "the source", "the component's loop bounds"
    assert trips.trip("ImgSobel", "k.cpp", 3) == (18, *found)
    assert trips.trip("ImgSobel", "k.cpp", 4) == (Fraction(17, 2), *found)
    assert trips.trip("ImgSobel", "k.cpp", 5) == (19, *found)  # its own bounds are fixed
    assert trips.nested_trip("ImgSobel", "k.cpp", 3) == (Fraction(17, 2), 4)
    assert trips.nested_trip("ImgSobel", "k.cpp", 4) == (19, 5)
    # n < m * m over m = 0..3: 0 + 1 + 4 + 9 = 14 in 4 iterations
    assert trips.trip("ImgSobel", "k.cpp", 11) == (Fraction(7, 2), *found)


def test_a_loop_placed_at_its_parents_line_takes_the_one_loop_inside() -> None:
    """The Sobel's B2 and B4 placed as the gaussian's report places B4 and
    B5 (both at the outer loop's line): B4 takes the triangular loop inside
    it, 8.5 per iteration of B2, not B2's 18 (6x the measured count) and
    not a value to give."""
    from hlsight.analyzer.pipeline import analyze
    from hlsight.core.model import Loop, SourceLocation

    component = (
        "int ImgSobel(int *A) {\n"                          # 1
        "  int acc = 0;\n"                                  # 2
        "  for (int j = 1; j <= 18; j++) {\n"               # 3
        "    for (int i = j + 1; i <= 18; i++) {\n"         # 4
        "      acc += A[i];\n"
        "    }\n"
        "  }\n"
        "  return acc;\n"
        "}\n")
    design = load_design(SOBEL)
    (kernel,) = design.kernels

    def placed(loops: list[Loop]) -> list[Loop]:
        return [dataclasses.replace(loop, location=SourceLocation("k.cpp", 3)
                                    if loop.name in ("ImgSobel.B2", "ImgSobel.B4") else loop.location,
                                    children=placed(loop.children)) for loop in loops]

    design = dataclasses.replace(design, kernels=[dataclasses.replace(kernel, loops=placed(kernel.loops))],
                                 source_files=[SourceFile(path="k.cpp", name="k.cpp", content=component)])
    result = analyze(design, {})
    loops = {loop.name: loop for loop in design.kernels[0].all_loops()}
    assert result.source.trip(loops["ImgSobel.B2"]) == "18"
    assert result.source.trip(loops["ImgSobel.B4"]) == "17/2"
    said = next(diag.message for diag in result.diagnostics if diag.subject == "ImgSobel.B4"
                and diag.rule == "access-trip-count")
    assert said == ("loop ImgSobel.B4: trip count 17/2 from the source (the one source loop inside line 3's, at line"
                    " 4: the report places it at its parent's line; its bounds move with the counter of the loop"
                    " around it: the mean per iteration of that loop, 8.5)")
