"""A folder with no report within reach says how far the search went: a
public Vitis 2025.1 component seven folders down and an SDSoC 2015.4 set ten
down read "no HLS report found here", as if there were none."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.conftest import CORPUS, run_cli


def test_the_message_says_how_deep_it_looked(tmp_path: Path) -> None:
    deep = tmp_path.joinpath(*[f"level{index}" for index in range(8)])
    shutil.copytree(CORPUS / "vivado" / "vhls2019.2_fibonacci", deep / "fibonacci")
    result = run_cli("analyze", str(tmp_path))
    assert result.code == 2 and "Traceback" not in result.stderr
    assert "no HLS report found here (searched 6 folder levels down for Vivado/Vitis, 8 for aoc, oneAPI and i++;" \
           in result.stderr
    assert run_cli("analyze", str(deep)).code == 0  # nearer, it is found
