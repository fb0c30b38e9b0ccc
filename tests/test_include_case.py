"""``#include "graph.h"`` beside ``Graph.h``: a project built where file
names ignore case (Windows; a public Vitis 2023.1 graph design,
kunjpatel24/Effiecient-Graph-Computations-on-FPGAs, not in the corpus). clang
here stopped at the include ("file not found") and nothing of the source was
analysed; the one file whose name differs only in case is read instead, and
a warning says so (``source-include-case``). Two such files: none is guessed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from hlsight.core.errors import InputError
from hlsight.parsers.cxx.as_c import parse_cxx_as_c

SOURCE = """#include "graph.h"
int top(int a) {
  int s = 0;
  for (int i = 0; i < NODES; i++) s += a;
  return s;
}
"""


def test_a_header_named_in_another_case_is_read_and_said(tmp_path: Path) -> None:
    (tmp_path / "Graph.h").write_text("#define NODES 10\n")
    path = tmp_path / "Graph.cpp"
    path.write_text(SOURCE)
    unit = parse_cxx_as_c(path, synthesis=True)
    assert "top" in unit.functions()
    assert (1, "source-include-case", "includes graph.h, which is not here; Graph.h is (written where file names"
            " ignore case): read instead") in unit.warnings


def test_two_candidates_are_not_guessed(tmp_path: Path) -> None:
    (tmp_path / "Graph.h").write_text("#define NODES 10\n")
    (tmp_path / "GRAPH.h").write_text("#define NODES 20\n")
    path = tmp_path / "Graph.cpp"
    path.write_text(SOURCE)
    with pytest.raises(InputError, match=r"'graph\.h' file not found"):
        parse_cxx_as_c(path, synthesis=True)
