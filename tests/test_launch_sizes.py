"""The launch's global size per dimension as the host program gives it
(analyzer/launch_sizes.py): ``global_size0 x global_size1`` make
``work_items``, and never by a guess.

Real inputs: Intel's tiled matrix multiply as the seed authors built it
(``clEnqueueNDRangeKernel`` with a 2-D global size; the kernel reads
``get_group_id(1)``) and Intel's fft1d, whose ``fetch`` kernel the host
launches over ``{N / 8, iterations}`` (``get_global_id(1)`` at
fft1d_MX.cl:152): the seed authors' ``work_items = 1024000`` is 512 x 2000.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pycparser import c_ast

from hlsight.analyzer.access.ndrange_dims import kernel_dimensions
from hlsight.analyzer.access.sycl_kernels import find_kernels
from hlsight.parsers.csource import parse_c_file
from hlsight.parsers.cxx.sycl_headers import parse_sycl
from tests.conftest import CORPUS, run_cli, run_json
from tests.test_sycl_access import SYNTHETIC, SYNTHETIC_2D

REPORTS = CORPUS / "zaragoza" / "reports"
MATRIX = REPORTS / "ddr4-1866" / "matrixmult"
FFT = REPORTS / "hbm2" / "fft"
PATHFINDER = REPORTS / "ddr4-1866" / "pathfinder"
VADD = CORPUS / "aoc" / "oneapi2022.1_a10pac_vector_add"


def _seconds(report: Path, *given: str) -> float:
    seconds = run_json("analyze", str(report), *given)["estimate"]["seconds"]
    assert isinstance(seconds, float)
    return seconds


def test_two_sizes_make_work_items_and_say_how() -> None:
    sized = run_json("analyze", str(MATRIX), "--set", "A_width=1024", "--set", "global_size0=2048",
                     "--set", "global_size1=1024")
    assert sized["assignments"]["work_items"] == 2048 * 1024
    assert sized["derived_assignments"] == {"work_items": "global_size0 x global_size1"}
    assert ("work_items = global_size0 x global_size1 = 2,048 x 1,024 = 2,097,152 (the launch's global size, 2-D)"
            in sized["estimate"]["assumptions"])
    assert sized["estimate"]["seconds"] == _seconds(MATRIX, "--set", "A_width=1024", "--set", "work_items=2097152")
    text = run_cli("analyze", str(MATRIX), "--set", "A_width=1024", "--set", "global_size0=2048",
                   "--set", "global_size1=1024").stdout
    assert "  with A_width=1024, global_size0=2048, global_size1=1024, work_items=2097152 (global_size0 x " \
           "global_size1)\n" in text
    assert not [rule for rule in ("input-unused", "input-global-size-incomplete") if rule in text]


def test_a_size_short_of_the_dimensions_the_kernel_reads_makes_no_work_items() -> None:
    """``global_size0`` alone for a kernel that reads dimension 1: work_items
    stays a symbol, and a warning names the size to add and why."""
    result = run_cli("analyze", str(MATRIX), "--set", "A_width=1024", "--set", "global_size0=2048")
    assert result.code == 0
    assert "estimate: symbolic in work_items" in result.stdout
    assert ("matrix_mult.cl:104:1: warning: the sizes given (global_size0=2048) do not make work_items: kernel"
            " matrixMult reads dimension 1 of its NDRange (get_group_id(1) at matrix_mult.cl:117); give global_size1"
            " as well (work_items is the product of the launch's sizes) [input-global-size-incomplete]"
            ) in result.stdout
    skipped = run_cli("analyze", str(MATRIX), "--set", "A_width=1024", "--set", "global_size1=2048")
    assert "no size for dimension 0; give global_size0 as well" in skipped.stdout


def test_work_items_beside_the_sizes_must_be_their_product() -> None:
    result = run_cli("analyze", str(MATRIX), "--set", "A_width=1024", "--set", "global_size0=2048",
                     "--set", "global_size1=1024", "--set", "work_items=2048")
    assert result.code == 2 and result.stdout == "" and "Traceback" not in result.stderr
    assert result.stderr == ("hlsight: error: work_items is 2048 but global_size0 x global_size1 = 2,097,152"
                             " (expected work_items equal to the product of the launch's sizes, or only one of them)\n")
    same = run_cli("analyze", str(MATRIX), "--set", "A_width=1024", "--set", "global_size0=2048",
                   "--set", "global_size1=1024", "--set", "work_items=2097152")
    assert same.code == 0, same.stderr


@pytest.mark.parametrize("size", ["0", "-4", "2.5"])
def test_a_size_is_a_whole_number_of_at_least_one(size: str) -> None:
    result = run_cli("analyze", str(MATRIX), "--set", f"global_size1={size}")
    assert result.code == 2 and "value of 'global_size1'" in result.stderr and "Traceback" not in result.stderr


def test_fft1d_fetch_launch_as_intels_host_gives_it() -> None:
    """The seed authors' fft1d row gives ``work_items = 1024000`` (count x N / 8);
    Intel's host launches fetch over {N / 8, count}: the same estimate, for the
    whole design or for fetch alone (``fetch:global_size<d>``)."""
    given = ("--set", "LOGN=12", "--set", "count=2000")
    expected = _seconds(FFT, *given, "--set", "work_items=1024000")
    assert _seconds(FFT, *given, "--set", "global_size0=512", "--set", "global_size1=2000") == expected
    scoped = run_json("analyze", str(FFT), *given, "--set", "fetch:global_size0=512",
                      "--set", "fetch:global_size1=2000")
    assert scoped["estimate"]["seconds"] == expected
    assert scoped["derived_assignments"] == {"fetch:work_items": "global_size0 x global_size1"}
    text = run_cli("analyze", str(FFT), *given, "--set", "fetch:global_size0=512",
                   "--set", "fetch:global_size1=2000").stdout
    assert "input-unused" not in text  # the scoped sizes made fetch:work_items


def test_each_launch_takes_its_own_sizes(tmp_path: Path) -> None:
    """A ``[[launch]]`` that changes one size gets the product of its own
    table, not the top level's: 2 x (2048 x 512) + 1 x (2048 x 1024)."""
    hints = tmp_path / "launches.toml"
    hints.write_text("A_width = 1024\nglobal_size0 = 2048\n[[launch]]\nrepeat = 2\nglobal_size1 = 512\n"
                     "[[launch]]\nglobal_size1 = 1024\n")
    document = run_json("analyze", str(MATRIX), "--hints", str(hints))
    launches = document["launches"]
    assert [launch["values"]["work_items"] for launch in launches] == [2048 * 512, 2048 * 1024]
    half = _seconds(MATRIX, "--set", "A_width=1024", "--set", "work_items=1048576")
    whole = _seconds(MATRIX, "--set", "A_width=1024", "--set", "work_items=2097152")
    assert [launch["seconds"] for launch in launches] == pytest.approx([half, whole], rel=1e-12)
    assert document["estimate"]["seconds"] == pytest.approx(2 * half + whole, rel=1e-12)
    text = run_cli("analyze", str(MATRIX), "--hints", str(hints)).stdout
    assert "2 x [global_size1=512, work_items=1048576] (all kernels)" in text
    assert "input-global-size-incomplete" not in text  # the top level's global_size0 alone never runs


LENET = CORPUS / "aoc" / "aoc18.1_c5soc_lenet5"


def test_a_launch_of_one_kernel_needs_only_that_kernel_s_dimensions(tmp_path: Path) -> None:
    """A public LeNet's host launches ``conv2d`` over 3 dimensions and
    ``fc_layer`` over 1 (``global {84}``): the fc_layer tables were refused
    their ``global_size0`` because conv2d reads dimension 2, and fc_layer
    stayed symbolic in work_items. A conv2d table short of its dimensions is
    still refused."""
    hints = tmp_path / "lenet.toml"
    hints.write_text("fmax = 100\n\"loop.conv2d.B1.ii\" = 1\n\"loop.fc_layer.B1.ii\" = 1\n"
                     "[[launch]]\nkernel = \"conv2d\"\nin_ch = 1\nin_size = 32\nout_ch = 6\nout_size = 28\n"
                     "k_size_arg = 5\nglobal_size0 = 6\nglobal_size1 = 28\nglobal_size2 = 28\n"
                     "[[launch]]\nkernel = \"fc_layer\"\nin_dim = 120\nout_dim = 84\nuse_activation = 1\n"
                     "global_size0 = 84\n", encoding="utf-8")
    document = run_json("analyze", str(LENET), "--hints", str(hints))
    assert [launch["values"].get("work_items") for launch in document["launches"]] == [6 * 28 * 28, 84]
    assert isinstance(document["estimate"]["seconds"], float)
    assert "input-global-size-incomplete" not in [diag["rule"] for diag in document["diagnostics"]]
    short = tmp_path / "short.toml"
    short.write_text(hints.read_text(encoding="utf-8").replace("global_size1 = 28\nglobal_size2 = 28\n", ""),
                     encoding="utf-8")
    said = [diag["message"] for diag in run_json("analyze", str(LENET), "--hints", str(short))["diagnostics"]
            if diag["rule"] == "input-global-size-incomplete"]
    assert len(said) == 1 and said[0].startswith("the sizes given in [[launch]] #1 (global_size0=6) do not make"
                                                  " work_items: kernel conv2d reads dimension 2")


def test_a_mismatch_in_a_hints_file_names_the_file(tmp_path: Path) -> None:
    hints = tmp_path / "sizes.toml"
    hints.write_text("A_width = 1024\nglobal_size0 = 2048\nglobal_size1 = 4\nwork_items = 4096\n")
    result = run_cli("analyze", str(MATRIX), "--hints", str(hints))
    assert result.code == 2
    assert result.stderr.startswith(
        f"hlsight: error: {hints}: work_items is 4096 but global_size0 x global_size1 = 8,192")


def test_sizes_for_a_design_without_ndrange_kernels_are_said_unused() -> None:
    text = run_cli("analyze", str(PATHFINDER), "--set", "global_size0=1000").stdout
    assert "warning: global_size0 is an NDRange launch size, but every kernel is single-work-item" in text
    assert "[input-work-items-unused]" in text


def test_oneapi_takes_the_sycl_range_names() -> None:
    """SYCL numbers a launch's sizes ``range<d>`` (``get_range(d)``); OpenCL's
    names are unknown there, and the error lists the SYCL ones."""
    sized = run_json("analyze", str(VADD), "--set", "range0=1000000")
    assert sized["derived_assignments"] == {"work_items": "range0"}
    assert sized["estimate"]["seconds"] == _seconds(VADD, "--set", "work_items=1000000")
    wrong = run_cli("analyze", str(VADD), "--set", "global_size0=1000000")
    assert wrong.code == 2 and "unknown name 'global_size0'" in wrong.stderr
    assert "range0, range1, range2" in wrong.stderr


def test_a_sweep_of_a_size_points_at_work_items() -> None:
    result = run_cli("whatif", str(MATRIX), "--set", "A_width=1024", "--set", "global_size0=2048",
                     "--sweep", "global_size1=512,1024")
    assert result.code == 2
    assert "the estimate does not depend on 'global_size1' but on work_items, the product of the launch's sizes" \
        in result.stderr


def _function(text: str, tmp_path: Path, name: str) -> tuple[c_ast.FuncDef, c_ast.FileAST]:
    path = tmp_path / "k.cl"
    path.write_text(text)
    unit = parse_c_file(path)
    return unit.functions()[name], unit.ast


def test_dimensions_from_the_work_item_calls_helpers_and_the_work_group(tmp_path: Path) -> None:
    text = """int row(void) { return get_global_id(1); }
__kernel void flat(__global float *a) { a[get_global_id(0)] = 0; }
__kernel void helper(__global float *a) { a[row() * get_global_size(0) + get_global_id(0)] = 0; }
__kernel void deep(__global float *a) { a[get_local_id(2)] = 0; }
__attribute__((reqd_work_group_size(16, 16, 1)))
__kernel void tiled(__global float *a) { a[get_global_id(0)] = 0; }
"""
    found = {name: kernel_dimensions(*_function(text, tmp_path, name), local)
             for name, local in (("flat", None), ("helper", None), ("deep", None), ("tiled", (16, 16, 1)))}
    assert {name: (dims.count, dims.evidence) for name, dims in found.items()} == {
        "flat": (1, ""), "helper": (2, "get_global_id(1) at k.cl:1"), "deep": (3, "get_local_id(2) at k.cl:4"),
        "tiled": (2, "reqd_work_group_size(16, 16, 1)")}


def test_sycl_dimensions_from_the_work_item_parameter(tmp_path: Path) -> None:
    for text, name, expected in ((SYNTHETIC, "s.cpp", (1, "nd_item<1> it at s.cpp:5")),
                                 (SYNTHETIC_2D, "t.cpp", (2, "id<2> idx at t.cpp:8"))):
        unit = parse_sycl(tmp_path / name, text)
        (kernel,) = find_kernels(unit.translation_unit, str(tmp_path / name))
        assert kernel.dimensions() == expected


def test_the_json_schema_documents_the_derived_values() -> None:
    schema = json.loads((Path(__file__).resolve().parents[1] / "docs" / "hlsight.schema.json").read_text())
    assert schema["properties"]["derived_assignments"]["additionalProperties"] == {"type": "string"}


def test_sizes_whose_product_overflows_are_refused() -> None:
    """Each of 1e200 is a finite whole number; their product is not (it was a traceback)."""
    result = run_cli("analyze", str(MATRIX), "--set", "A_width=1024", "--set", "global_size0=1e200",
                     "--set", "global_size1=1e200")
    assert result.code == 2 and result.stdout == "" and "Traceback" not in result.stderr
    assert "global_size0 x global_size1 is more work-items than a float holds" in result.stderr
