"""The shared libclang front end (issues 13, 14)."""

from __future__ import annotations

from pathlib import Path

import pytest
from clang import cindex

from hlsight.core.errors import InputError
from hlsight.parsers.cxx import parse_cxx


def test_parses_hls_style_cxx_with_standard_headers() -> None:
    text = (
        "#include <cmath>\n#include <cstddef>\n"
        "template <int W> struct ap_uint { unsigned long v; };\n"
        "#define loop(i, n) for (int i = 0; i < (n); ++i)\n"
        "double f(ap_uint<3> a) {\n  double s = 0;\n  loop(i, 10) { s += std::sqrt(i); }\n  return s;\n}\n"
    )
    unit = parse_cxx(Path("k.cpp"), text=text)
    assert unit.errors == []
    tu = unit.translation_unit
    assert isinstance(tu, cindex.TranslationUnit)
    loops = [c for c in tu.cursor.walk_preorder() if c.kind == cindex.CursorKind.FOR_STMT
             and c.location.file is not None and c.location.file.name == "k.cpp"]
    # the loop written through a macro is found at its use, line 7
    assert [(c.location.line) for c in loops] == [7]


def test_errors_are_reported_not_raised() -> None:
    unit = parse_cxx(Path("bad.cpp"), text="int f( { return }\n")
    assert unit.errors and all(e.startswith("bad.cpp:1:") for e in unit.errors)


def test_unreadable_file_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot read the source"):
        parse_cxx(tmp_path / "missing.cpp")


def test_a_two_dimensional_argument_keeps_its_element_type(tmp_path: Path) -> None:
    """A public Vitis 2022.2 systolic array's ``int vec_a[8][8]`` m_axi
    argument was lowered to one opaque ``int[8]`` type: its accesses had no
    element size and the bundle's bytes stayed a value to give."""
    from hlsight.analyzer.access.classify import classify
    from hlsight.analyzer.access.walker import walk_function
    from hlsight.analyzer.instrument.cycles import parse_source

    source = tmp_path / "k.cpp"
    source.write_text('extern "C" {\nvoid k(int a[8][8], int out[8]) {\n  int local[8][8];\n'
                      "  for (int i = 0; i < 8; i++)\n    for (int j = 0; j < 8; j++) local[i][j] = a[i][j];\n"
                      "  for (int i = 0; i < 8; i++) out[i] = local[i][0];\n}\n}\n")
    unit = parse_source(source).unit
    walker = walk_function(unit, unit.functions()["k"], {unit.filename: unit.lines}, count_memcpy=True)
    (load,) = [site for site in walker.sites if site.array == "a"]
    result = classify(load, ndrange=False)
    assert (load.element.bytes, result.accesses, result.stride) == (4, 64, 1)
