"""A loop whose ``#pragma HLS pipeline`` did not give a pipelined loop
(``loop-pipeline-dropped``).

A pipeline unrolls the loops inside it, and a loop without a constant trip
count cannot be unrolled: Vitis then schedules the outer loop sequentially
and the report shows only "Pipelined: no". Found on a public Vitis 2023.2
systolic array (kangaroo-0000/systolic-array-hls, not in the corpus) whose
main loop asks for II 1 around 26 data-dependent loops; checked here on the
shared c2hlsc quicksort (Vitis 2022.2.2), whose two outer ``while`` loops ask
for ``PIPELINE II=1`` around loops counted by the data.
"""

from __future__ import annotations

from tests.conftest import SHARED, run_cli

QUICKSORT = SHARED / "instrument" / "vitis2022.2.2_c2hlsc_quicksort"
GAUSSIAN = SHARED / "instrument" / "vitis2020.2_gaussian"


def test_the_pipeline_the_inner_loops_kept_from_happening_is_said() -> None:
    result = run_cli("analyze", str(QUICKSORT / "report"), "--source-root", str(QUICKSORT / "upstream"), "-v")
    assert result.code == 0, result.stderr
    assert ("qs_fast.cpp:25:1: warning: loop VITIS_LOOP_23_1 is not pipelined although its pipeline pragma asks for"
            " it: a pipeline unrolls the loops inside it, and the report still lists 3 there (VITIS_LOOP_32_2,"
            " VITIS_LOOP_35_3, VITIS_LOOP_37_4), 3 without a constant trip count, which cannot be unrolled; the time"
            " is the report's sequential schedule. To pipeline it, give the inner loops constant bounds (a"
            " LOOP_TRIPCOUNT pragma does not make them unrollable), or pipeline the innermost loops instead"
            " [loop-pipeline-dropped]") in result.stdout
    assert "qs_fast.cpp:34:1: warning: loop VITIS_LOOP_32_2 is not pipelined" in result.stdout
    assert result.stdout.count("[loop-pipeline-dropped]") == 2  # the innermost loops ask for none


def test_a_pipeline_that_took_is_not_flagged() -> None:
    """The shared Gaussian filter's loops ask for ``PIPELINE II=1`` and the
    report pipelines them (``buf_x1``, ``buf_x2``, ...)."""
    result = run_cli("analyze", str(GAUSSIAN / "report"), "--source-root", str(GAUSSIAN), "-v")
    assert result.code == 0 and "buf_x1: II 1, trip 2 pipelined  gaussian.c:18" in result.stdout
    assert "loop-pipeline-dropped" not in result.stdout
