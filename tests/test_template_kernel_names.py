"""oneAPI function-template kernels (hls4ml's per-layer kernels): the 2024+
report names them by the tail of their signature (``relu_config3>()``,
``bias_t)``); hlsight shows the demangled ``compiler_name`` instead, and says
beside the design time that the report does not tell which kernels its pipes
join."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from hlsight.parsers.intel.mangled_names import is_plain_name, template_kernel_name
from hlsight.parsers.loader import load_design

SHARED = Path(__file__).resolve().parents[2] / "shared"
HLS4ML = SHARED / "corpus" / "aoc" / "oneapi2024_hls4ml_ndjson"
# summary.ndjson "compiler_name" of the relu_config3>() row, verbatim
RELU = ("_ZN4nnet11relu_streamIN4sycl3_V13ext5intel12experimental4pipeI15Layer2OutPipeIDSt5arrayI8ac_fixedILi16ELi6"
        "ELb1EL9ac_q_mode0EL9ac_o_mode0EELm5EELi1ENS3_6oneapi12experimental10propertiesISt5tupleIJEEEEvEENS6_I15Layer3"
        "OutPipeIDSD_Li0ENSG_ISH_IJNSF_14property_valueINS5_17ready_latency_keyEJSt17integral_constantIiLi0EEEEEEEEEvEE"
        "12relu_config3EEvv")


def test_a_template_kernel_is_named_by_its_function_and_config() -> None:
    assert template_kernel_name(RELU) == "relu_stream<relu_config3>"


@pytest.mark.parametrize("mangled", [
    "_ZTS9VectorAdd",          # a kernel-name type: the report's name is already whole
    "_ZTSZ4mainEUlvE_",        # a local lambda type (the demangler does not support local names)
    "not mangled",
    "_ZN4nnet",                # cut short
    "_Z" + "N1a" * 5000 + "E", # longer than any real name: not parsed
])
def test_names_that_are_not_template_functions_keep_the_report_name(mangled: str) -> None:
    assert template_kernel_name(mangled) is None


def test_a_plain_function_keeps_its_name() -> None:
    assert template_kernel_name("_Z3foov") == "foo"


def test_plain_names_are_recognised() -> None:
    assert is_plain_name("Myproject") and is_plain_name("nnet::relu")
    assert not is_plain_name("relu_config3>()") and not is_plain_name("bias_t)")


def test_the_hls4ml_design_shows_layer_names_in_symbols_and_cautions(tmp_path: Path) -> None:
    design = load_design(HLS4ML)
    assert [k.compiler_name is not None for k in design.kernels] == [True, True, True]
    assert design.pipe_endpoints_unknown  # "Pipe resources" row: FFs 3258
    run = subprocess.run([sys.executable, "-m", "hlsight", "analyze", str(HLS4ML)],
                         capture_output=True, text=True, cwd=tmp_path, check=False)
    assert run.returncode == 0, run.stderr
    assert "--set loop.relu_stream_relu_config3.B1.trip=VALUE" in run.stdout
    assert "kernel dense_resource_stream<config2>" in run.stdout
    assert "relu_config3>()" not in run.stdout and "bias_t)" not in run.stdout


def _analyze(tmp_path: Path, hints: str) -> str:
    hints_file = tmp_path / "hints.toml"
    hints_file.write_text(hints, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "hlsight", "analyze", str(HLS4ML), "--hints", str(hints_file),
         "--set", "loop.Myproject.B1.trip=10", "--set", "loop.dense_resource_stream_config2.B1.trip=100",
         "--set", "loop.relu_stream_relu_config3.B1.trip=100"],
        capture_output=True, text=True, cwd=tmp_path, check=False)
    assert run.returncode == 0, run.stderr
    return run.stdout


def test_unknown_pipe_ends_are_said_beside_the_sum_and_concurrent_names_the_kernels(tmp_path: Path) -> None:
    summed = _analyze(tmp_path, "")
    assert "does not say which kernels the pipes join" in summed
    # loop latencies from loop_attr.ndjson (176, 200, 159 cycles) at 597.73 MHz, II 1:
    # (trip - 1) + latency cycles each; sequential: their sum
    clock = 597.73e6
    seq = ((10 - 1 + 176) + (100 - 1 + 200) + (100 - 1 + 159)) / clock
    assert f"estimate: {seq * 1e6:.3g} us" in summed
    together = _analyze(tmp_path, 'concurrent = [["relu_stream<relu_config3>", "dense_resource_stream<config2>",'
                                  ' "Myproject"]]\n')
    assert "pipes join" not in together and "in-order command queue" not in together
    # at the same time: the slowest kernel, dense_resource_stream (99 + 200 cycles)
    assert f"estimate: {(100 - 1 + 200) / clock * 1e9:.3g} ns" in together


def test_either_spelling_of_a_template_kernel_is_accepted(tmp_path: Path) -> None:
    """The inventory shows ``relu_stream<relu_config3>``, symbol names the
    shell-safe ``relu_stream_relu_config3``: a user types whichever they read,
    in a loop name, a ``KERNEL:`` scope and ``concurrent``; the numbers are
    those of the canonical spelling."""
    mixed = _analyze(tmp_path, 'concurrent = [["relu_stream_relu_config3", "dense_resource_stream<config2>",'
                               ' "Myproject"]]\n')
    canonical = _analyze(tmp_path, 'concurrent = [["relu_stream<relu_config3>", "dense_resource_stream<config2>",'
                                   ' "Myproject"]]\n')
    assert mixed == canonical
    run = subprocess.run(
        [sys.executable, "-m", "hlsight", "analyze", str(HLS4ML),
         "--set", "loop.Myproject.B1.trip=10", "--set", "loop.dense_resource_stream<config2>.B1.trip=100",
         "--set", "loop.relu_stream<relu_config3>.B1.trip=100", "--set", "relu_stream_relu_config3:fmax=300"],
        capture_output=True, text=True, cwd=tmp_path, check=False)
    assert run.returncode == 0, run.stderr
    assert "with loop.Myproject.B1.trip=10, loop.dense_resource_stream_config2.B1.trip=100," \
           " loop.relu_stream_relu_config3.B1.trip=100, relu_stream<relu_config3>:fmax=300" in run.stdout
    # relu at 300 MHz: 99 + 159 cycles; the other two at 597.73 MHz, all in sequence
    seconds = (99 + 159) / 300e6 + ((10 - 1 + 176) + (100 - 1 + 200)) / 597.73e6
    assert f"estimate: {seconds * 1e6:.3g} us" in run.stdout


def test_the_design_model_names_the_groups_own_model(tmp_path: Path) -> None:
    """hls4ml's kernels have no LSUs: each is a FlexCL pipeline, and the
    design line read "each Davila-Guzman GMI/DRAM model"."""
    run = subprocess.run([sys.executable, "-m", "hlsight", "analyze", str(HLS4ML), "--format", "json"],
                         capture_output=True, text=True, cwd=tmp_path, check=False)
    model = json.loads(run.stdout)["estimate"]["model"]
    assert model.startswith("sum of sequential kernel groups; each FlexCL pipeline") and "Davila" not in model


def test_whatif_takes_either_spelling_too(tmp_path: Path) -> None:
    """analyze took both spellings, whatif's --sweep/--solve only the shell-safe
    one ("the estimate does not depend on 'loop.relu_stream<relu_config3>.B1.trip'")."""
    given = ["--set", "loop.Myproject.B1.trip=10", "--set", "loop.dense_resource_stream_config2.B1.trip=100"]

    def whatif(*argv: str) -> str:
        run = subprocess.run([sys.executable, "-m", "hlsight", "whatif", str(HLS4ML), *given, *argv, "--format",
                              "csv"], capture_output=True, text=True, cwd=tmp_path, check=False)
        assert run.returncode == 0, run.stderr
        return run.stdout

    shown = whatif("--sweep", "loop.relu_stream<relu_config3>.B1.trip=1,10")
    assert shown == whatif("--sweep", "loop.relu_stream_relu_config3.B1.trip=1,10")
    solved = whatif("--set", "loop.relu_stream<relu_config3>.B1.trip=5", "--solve", "relu_stream_relu_config3:fmax",
                    "--for-time", "2us")
    assert solved == whatif("--set", "loop.relu_stream_relu_config3.B1.trip=5", "--solve",
                            "relu_stream<relu_config3>:fmax", "--for-time", "2us")
    # one name in two spellings, given a value and swept: refused as one name would be
    both = subprocess.run([sys.executable, "-m", "hlsight", "whatif", str(HLS4ML), *given, "--set",
                           "loop.relu_stream<relu_config3>.B1.trip=5", "--sweep",
                           "loop.relu_stream_relu_config3.B1.trip=1,2"],
                          capture_output=True, text=True, cwd=tmp_path, check=False)
    assert both.returncode == 2 and "given both --set and --sweep" in both.stderr
    # relu's 4 + 159 cycles at f give the rest of 2 us after the other two at 597.73 MHz
    fmax_mhz = (5 - 1 + 159) / (2e-6 - (10 - 1 + 176 + 100 - 1 + 200) / 597.73e6) / 1e6
    value = float(solved.splitlines()[1].split(",")[0])
    assert value == pytest.approx(fmax_mhz, rel=1e-4)
