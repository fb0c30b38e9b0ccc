"""``simulate`` counts a perfect nest Vitis named by joining its levels'
names with ``_`` as that report loop, pipelined or not.

Found on ndstung/Design-Synthesize-and-Test-Array-Multiplier (Vitis
2021.1, ``systolic_array``): the i/j levels around a pipelined k loop run
as one sequential ``VITIS_LOOP_25_3_VITIS_LOOP_26_4`` (trip 16, iteration
latency 11), which matched no source loop: its cycles were left out and
the k loop's counted with a residual, 287 cycles for the report's 197 (now
197). Aliasgharshinwari/SystolicArray_On_PYNQ_Z1 (Vitis 2022.2) names its
labelled nest ``Row_Loop_Col_Loop`` the same way. The fixture
``vitis_flattened_names`` is that design's shape and report numbers.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import FIXTURES, run_json

FOLDER = FIXTURES / "instrument" / "vitis_flattened_names"


def _simulate(source: Path, report: Path) -> dict[str, object]:
    return run_json("simulate", str(source), "--report", str(report), "--testbench", str(FOLDER / "tb.cpp"))


def _loops(document: dict[str, object]) -> list[tuple[str, int, int]]:
    functions = document["functions"]
    assert isinstance(functions, list)
    (function,) = functions
    return [(loop["name"], loop["trip_count_total"], loop["cycles"]) for loop in function["loops"]]


def _rules(document: dict[str, object]) -> list[str]:
    diagnostics = document["diagnostics"]
    assert isinstance(diagnostics, list)
    return [item["rule"] for item in diagnostics]


def test_a_sequential_nest_flattened_under_joined_vitis_names_counts_the_product_of_its_levels() -> None:
    """By hand from the report: the outlined copy nest's module, 18 cycles
    (its loop 16 x II 1), then the flattened i/j loop, 4 x 4 = 16 iterations
    of its iteration latency 11 (the outlined k pipeline's 8 cycles and a
    residual of 3), 176, then the function's own 197 - 18 - 176 = 3:
    18 + 16 x 11 + 3 = 197, the report's latency."""
    document = _simulate(FOLDER / "systolic.cpp", FOLDER / "report")
    assert document["cycles"] == 197
    assert _loops(document) == [("VITIS_LOOP_11_1_VITIS_LOOP_12_2", 16, 16),
                                ("VITIS_LOOP_17_3_VITIS_LOOP_18_4", 16, 176),
                                ("VITIS_LOOP_20_5", 64, 96)]
    assert "instrument-loop-unmatched" not in _rules(document)
    assert "instrument-report-loop-unmatched" not in _rules(document)
    assert "simulate-above-report" not in _rules(document)


def test_a_labelled_nest_flattened_as_row_loop_col_loop_is_matched_too(tmp_path: Path) -> None:
    """Aliasgharshinwari's ``Row_Loop: for ... Col_Loop: for ...``: the
    labels are the levels' names, so the report loop is
    ``Row_Loop_Col_Loop``, and the k loop, now the third unlabelled loop, is
    ``VITIS_LOOP_20_3``. Same numbers: 18 + 16 x 11 + 3 = 197."""
    source = (FOLDER / "systolic.cpp").read_text(encoding="utf-8")
    lines = source.splitlines(keepends=True)
    assert lines[16].startswith("    for (int i") and lines[17].startswith("        for (int j")
    lines[16] = lines[16].replace("for", "Row_Loop: for", 1)
    lines[17] = lines[17].replace("for", "Col_Loop: for", 1)
    (tmp_path / "systolic.cpp").write_text("".join(lines), encoding="utf-8")
    report = tmp_path / "report"
    report.mkdir()
    for path in (FOLDER / "report").iterdir():
        renamed = {"VITIS_LOOP_17_3_VITIS_LOOP_18_4": "Row_Loop_Col_Loop", "VITIS_LOOP_20_5": "VITIS_LOOP_20_3"}
        name, text = path.name, path.read_text(encoding="utf-8")
        for old, new in renamed.items():
            name, text = name.replace(old, new), text.replace(old, new)
        (report / name).write_text(text, encoding="utf-8")
    document = _simulate(tmp_path / "systolic.cpp", report)
    assert document["cycles"] == 197
    assert _loops(document) == [("VITIS_LOOP_11_1_VITIS_LOOP_12_2", 16, 16), ("Row_Loop_Col_Loop", 16, 176),
                                ("VITIS_LOOP_20_3", 64, 96)]
    assert "instrument-loop-unmatched" not in _rules(document)
