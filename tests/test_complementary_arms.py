"""An element stored in both arms of one ``if``/``else`` moves once a pass.

A public Vitis 2025.1 min-sum decoder (hdeben01/Min-Sum-Vitis-QEC) ends
each pass with ``if (v != 0.0f) out[i][j] = sign * m; else out[i][j] =
0.0f;``: one 4 B store whichever arm runs. Each arm was counted as if its
data test always held, so its bundle was charged 12 bytes a pass for the 8
it moves (with ``syndrome[i]``), and said to be an upper bound. The pair is
one store a pass now, exactly (``p + (1 - p)``).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from hlsight.analyzer.access.axi_derive import derive_axi_facts
from hlsight.core.model import SourceFile
from hlsight.parsers.loader import load_design
from tests.conftest import FIXTURES

#: a Vivado HLS 2015 m_axi solution (top `poly`, one bundle for x and y)
MAXI_PROJECT = FIXTURES / "vhls2015_maxi_nosource"

ARMS = """int poly(unsigned char *x, unsigned char *y, int a)
{
#pragma HLS INTERFACE m_axi port=y depth=16 offset=slave
#pragma HLS INTERFACE m_axi port=x depth=16 offset=slave
    for (int i = 0; i < a; i++) {
        unsigned char v = x[i];
        if (TEST) {
            y[i] = v / 2;
        } else {
            ELSE;
        }
    }
    return a;
}
"""


def _bundle(tmp_path: Path, test: str, otherwise: str) -> tuple[str | None, tuple[str, ...], str]:
    text = ARMS.replace("TEST", test).replace("ELSE", otherwise)
    source = tmp_path / "poly.c"
    source.write_text(text, encoding="utf-8")
    design = dataclasses.replace(load_design(MAXI_PROJECT / "solution1" / "syn" / "report"),
                                 source_files=[SourceFile(str(source), source.name, text)])
    moved = derive_axi_facts(design).axi("poly", "m_axi_gmem")
    assert moved is not None
    return moved.bytes, moved.upper_bound, moved.how


@pytest.mark.parametrize("test", ["v != 0", "i < 10"])
def test_a_store_in_both_arms_is_one_store_a_pass(tmp_path: Path, test: str) -> None:
    """A data test or one the counts read: the arms add up to every pass."""
    moved, upper, sites = _bundle(tmp_path, test, "y[i] = 0")
    assert moved == "2*a"  # x[i] and one y[i] a pass
    assert upper == ()
    assert "y[i] in either arm (line 8)" in sites


def test_different_elements_in_the_arms_stay_apart(tmp_path: Path) -> None:
    """``y[i + 1]`` in the else is another element: both are counted, and
    the data test makes the bytes an upper bound."""
    moved, upper, _sites = _bundle(tmp_path, "v != 0", "y[i + 1] = 0")
    assert moved == "3*a"
    assert upper == ("y[i] (line 8)", "y[i + 1] (line 10)")
