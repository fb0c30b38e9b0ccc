"""``ap_fixed`` shifts and bit selects in hlsight's header model.

A public Vitis 2022.1 CORDIC (poppin-mice/AAHLS_LabC, not in the corpus)
writes ``x_shift = y_cordic >> i;`` and tests the sign bit with
``y_cordic[14] == 0`` on ``ap_fixed<15, 3, AP_RND>``: clang found ``>>``
ambiguous and no subscript operator in the model, and the source went
unread (its loop counts and places with it). Shifts move the W-bit word
(bits below the step are lost, above the range wrap); a bit select reads
and writes one bit of it, as the vendor's type does.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from hlsight.parsers.cxx.as_c import parse_cxx_as_c
from tests.conftest import REPO

MODEL = REPO / "parsers" / "cxx" / "hls_include"

PROGRAM = """#include "ap_fixed.h"
#include <stdio.h>
typedef ap_fixed<16, 4> data_t;
int main() {
  data_t x = 3.5;
  data_t a = x >> 1, b = x >> 4, c = x << 2;
  data_t d = x; d >>= 3;
  int k = 2; data_t e = x >> k;
  printf("%g %g %g %g %g\\n", (double)a, (double)b, (double)c, (double)d, (double)e);
  data_t y = -1.5, z = 2.0;
  printf("%d %d %d\\n", y[15] == 1, z[15] == 0, (int)z[13]);
  z[15] = 1;
  printf("%g\\n", (double)z);
  return 0;
}
"""

CORDIC = """#include "ap_fixed.h"
typedef ap_fixed<15, 3, AP_RND> data_t;
void rotate(data_t x, data_t y, data_t *r) {
  data_t xc = x, yc = y, xs, ys;
  for (int i = 0; i < 11; i++) {
    xs = yc >> i;
    ys = xc >> i;
    if (yc[14] == 0) { xc += xs; yc -= ys; } else { xc -= xs; yc += ys; }
  }
  *r = (xc >> 1) + (xc >> 4);
}
"""


def test_shifts_and_bits_compute_as_the_vendor_type(tmp_path: Path) -> None:
    """3.5 in ap_fixed<16, 4>: >> 1 is 1.75, >> 4 is 0.21875 (exact at the
    2^-12 step), << 2 is 14 wrapped into [-8, 8): -2; setting bit 15 of 2.0
    (word 0x2000 -> 0xA000) gives -6."""
    source = tmp_path / "t.cpp"
    source.write_text(PROGRAM)
    binary = tmp_path / "t"
    subprocess.run(["g++", "-std=c++14", "-Werror", "-Wall", f"-I{MODEL}", str(source), "-o", str(binary)],
                   check=True, capture_output=True, text=True)
    done = subprocess.run([str(binary)], check=True, capture_output=True, text=True)
    assert done.stdout.split("\n")[:3] == ["1.75 0.21875 -2 0.4375 0.875", "1 1 1", "-6"]


def test_a_cordic_reads_against_the_model(tmp_path: Path) -> None:
    path = tmp_path / "cordic.cpp"
    path.write_text(CORDIC)
    unit = parse_cxx_as_c(path, synthesis=True)
    assert "rotate" in unit.functions()
