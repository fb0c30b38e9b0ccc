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
