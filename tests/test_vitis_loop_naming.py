"""Which Vitis ``Loop N`` loops are compiler-generated.

The format notes (§4) say Vitis names unlabelled source loops
``VITIS_LOOP_<line>_<k>`` and keeps ``Loop N`` for loops it generates (array
copy/initialisation). Vitis 2020.2 still names an OpenCL kernel's unlabelled
loops ``Loop 1``, ``Loop 1.1`` like Vivado: HPCC FPGA STREAM and GEMM for the
U280 (public reports in pc2/hpcc_fpga_eval_21) were all called
"compiler-generated ... no source loop", and GEMM's II 16 warning said so.
A ``Loop N`` nest, or any ``Loop N`` in a report without ``VITIS_LOOP_``
names, is a source loop; a flat ``Loop N`` beside ``VITIS_LOOP_`` names keeps
the note. The reports are the corpus's Vitis 2020.2 gaussian module with its
loop table renamed (written to a temporary folder).
"""

from __future__ import annotations

from pathlib import Path

from hlsight.parsers.loader import load_design
from hlsight.parsers.vivado.names import GENERATED_LOOP_NOTE
from tests.conftest import CORPUS

GAUSSIAN = CORPUS / "vivado" / "vitis2020.2_gaussian" / "gaussian_csynth.rpt"
ROWS = {
    "|- buf_x1       |        2|        2|         1|          1|          1|       2|       yes|":
        "|- {a}|        2|        2|         1|          1|          1|       2|       yes|",
    "|- buf_x2       |      512|      512|         1|          1|          1|     512|       yes|":
        "|- {b}|      512|      512|         1|          1|          1|     512|       yes|",
    "|- win_y_win_x  |        5|        5|         2|          1|          1|       4|       yes|":
        "|- {c}|   262150|   262150|    262150|          -|          -|       1|        no|",
    "|- for_y_for_x  |   262146|   262146|         4|          1|          1|  262144|       yes|":
        "| + {d}|   262146|   262146|         4|          1|          1|  262144|       yes|",
}


def _report(tmp_path: Path, a: str, b: str, c: str, d: str) -> Path:
    text = GAUSSIAN.read_text(encoding="utf-8")
    for old, new in ROWS.items():
        assert old in text
        text = text.replace(old, new.format(a=a.ljust(13), b=b.ljust(13), c=c.ljust(13), d=d.ljust(12)))
    folder = tmp_path / "report"
    folder.mkdir()
    (folder / "gaussian_csynth.rpt").write_text(text, encoding="utf-8")
    return folder


def _marked(folder: Path) -> dict[str, bool]:
    design = load_design(folder)
    return {loop.name: GENERATED_LOOP_NOTE in loop.details for kernel in design.kernels for loop in kernel.all_loops()}


def test_old_style_names_are_source_loops(tmp_path: Path) -> None:
    marked = _marked(_report(tmp_path, "Loop 1", "Loop 2", "Loop 3", "Loop 3.1"))
    assert marked == {"Loop 1": False, "Loop 2": False, "Loop 3": False, "Loop 3.1": False}


def test_a_flat_loop_n_beside_vitis_names_is_generated(tmp_path: Path) -> None:
    marked = _marked(_report(tmp_path, "VITIS_LOOP_12_1", "Loop 1", "Loop 2", "Loop 2.1"))
    assert marked == {"VITIS_LOOP_12_1": False, "Loop 1": True, "Loop 2": False, "Loop 2.1": False}
