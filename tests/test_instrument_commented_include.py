"""A testbench's commented-out ``#include`` of the design is no include:
``simulate`` links the design file beside it.

Found on joej970/Using_Vitis_HLS (Vitis 2021.2, ``find_smallest_channel``):
its testbench keeps ``// #include "find_smallest_channel.cpp"``, which the
old pattern took for an include, so the design was not linked and the
build failed ("undefined reference to find_smallest_channel", exit 2); now
35 cycles, the report's, as with that line deleted.
"""

from __future__ import annotations

from hlsight.parsers.csource.includes import includes_file, quoted_includes
from tests.conftest import FIXTURES, run_json

FOLDER = FIXTURES / "instrument" / "commented_include"


def test_a_design_included_only_in_comments_and_if_0_is_linked_and_counted() -> None:
    """By hand from the report: ``LOOP_SCAN`` runs its 8 trips at II 1 and
    depth 2, the report's latency 8 (1 x 7 + 2, one less: delta -1); its
    outlined module takes 10, and ``find_min`` 12 (2 of its own). The
    testbench calls it twice: 24 cycles."""
    document = run_json("simulate", str(FOLDER / "find_min.cpp"), "--report", str(FOLDER / "report"), "--testbench",
                        str(FOLDER / "tb.cpp"))
    assert document["cycles"] == 24
    (function,) = document["functions"]
    assert [(loop["name"], loop["trip_count_total"], loop["cycles"]) for loop in function["loops"]] == [
        ("LOOP_SCAN", 16, 16)]


def test_only_preprocessor_lines_outside_comments_and_if_0_are_includes() -> None:
    text = """#include "a.h"
  #  include "dir/b.cpp" // a real one, indented
// #include "c.cpp"
x = 1; // #include "d.cpp"
/* #include "e.cpp"
#include "f.cpp" */
#if 0
#include "g.cpp"
#ifdef X
#include "h.cpp"
#endif
#else
#include "i.cpp"
#endif
#if 0 /* dead */
#include "j.cpp"
#elif defined(Y)
#include "k.cpp"
#endif
const char *s = "#include \\"l.cpp\\"";
#include <stdio.h>
"""
    assert quoted_includes(text) == ["a.h", "dir/b.cpp", "i.cpp", "k.cpp"]
    assert includes_file(text, "b.cpp") and includes_file(text, "i.cpp")
    assert not includes_file(text, "c.cpp") and not includes_file(text, "f.cpp") and not includes_file(text, "j.cpp")
    assert not includes_file('#include "xb.cpp"\n', "b.cpp")
