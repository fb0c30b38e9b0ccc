"""Each kernel is shown at its own launch (``kernel = "k"`` tables).

A LeNet-5 host (public: amithyst/LeNet5_OpenCL_FPGA, aoc 18.1 on the
DE10-Nano) launches conv2d, maxpool2d and fc_layer with one ``[[launch]]``
table each. The per-kernel summary evaluated every kernel at the *first*
table's values: maxpool2d at conv2d's sizes (188 us instead of its 47 us),
fc_layer "symbolic in in_dim", and the text asked "to get a number, give:
--set in_dim=VALUE" under a complete number. Checked here on the corpus
report of the same design (aoc18.1_c5soc_lenet5), with its host's values.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import CORPUS, run_cli

LENET = CORPUS / "aoc" / "aoc18.1_c5soc_lenet5"
GIVEN = ("--set", "fmax=125", "--set", "loop.conv2d.B1.ii=1", "--set", "loop.fc_layer.B1.ii=1")
HINTS = """\
[[launch]]
kernel = "conv2d"
in_ch = 1
in_size = 32
out_ch = 6
out_size = 28
k_size_arg = 5
global_size0 = 6
global_size1 = 28
global_size2 = 28
[[launch]]
kernel = "maxpool2d"
in_size = 28
out_size = 14
work_items = 1176
[[launch]]
kernel = "fc_layer"
in_dim = 120
out_dim = 84
use_activation = 1
work_items = 84
"""


def _hints(tmp_path: Path) -> Path:
    path = tmp_path / "lenet.toml"
    path.write_text(HINTS)
    return path


def test_each_kernel_is_shown_at_the_launch_naming_it(tmp_path: Path) -> None:
    result = run_cli("analyze", str(LENET), "--hints", str(_hints(tmp_path)), *GIVEN, "--format", "json")
    assert result.code == 0, result.stderr
    report = json.loads(result.stdout)
    launches = {item["kernel"]: item["seconds"] for item in report["launches"]}
    kernels = {kernel["name"]: kernel["estimate"] for kernel in report["kernels"]}
    assert set(launches) == {"conv2d", "maxpool2d", "fc_layer"}
    # a launch adds the profile's fixed cost per launch (ddr3-800-c5soc: 347 us) to its kernel's time
    overhead = report["memory_profile"]["launch_overhead_us"] * 1e-6
    assert overhead == pytest.approx(347e-6)
    for name, seconds in launches.items():
        assert kernels[name]["seconds"] + overhead == pytest.approx(seconds, rel=1e-12)
        assert kernels[name]["free_symbols"] == []
    # the design's values are those of the launch whose parts it shows (the slowest)
    design = report["estimate"]
    assert design["extra"]["values"]["work_items"] == 4704
    assert design["seconds"] == pytest.approx(sum(launches.values()))


def test_no_value_is_asked_for_under_a_complete_number(tmp_path: Path) -> None:
    result = run_cli("analyze", str(LENET), "--hints", str(_hints(tmp_path)), *GIVEN)
    assert result.code == 0, result.stderr
    assert "to get a number" not in result.stdout and "symbolic" not in result.stdout
