"""A loop trip count the user gives wins over the report's, and the notes say
which was used.

aoc's loop_attr "tc" is the compiler's static count; for a `#pragma
loop_coalesce` nest it is one loop's count (HPCC GEMM on the 520N, public
run in pc2/hpcc_fpga_eval_21: the merged 512 x 64 load loop reads "512",
which put the estimate 11.4 % low; with the true 32768 it is within 0.3 %).
Before, `--set loop.<kernel>.<loop>.trip` was echoed and silently ignored
for such loops. A given count is also no longer called "unknown".
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import CORPUS, run_cli

STREAM = (CORPUS / "aoc" / "aoc21.2_s10_520n_hpcc_stream_randomaccess" / "synthesis_artifacts" / "STREAM"
          / "520n-21.2.0-20.4.0" / "stream_kernels_single_synth_reports")
NW = CORPUS / "vivado" / "vitis2022.2.2_machsuite_nw"


def _kernel(path: str, *given: str, name: str) -> dict[str, Any]:
    result = run_cli("analyze", path, *given, "--format", "json")
    assert result.code == 0, result.stderr
    return next(kernel for kernel in json.loads(result.stdout)["kernels"] if kernel["name"] == name)


def test_a_given_trip_count_wins_over_the_reports() -> None:
    base = ("--set", "loop.calc_0.B2.trip=512", "--set", "stride=1")
    report = _kernel(str(STREAM), *base, name="calc_0")["estimate"]
    given = _kernel(str(STREAM), *base, "--set", "loop.calc_0.B3.trip=65536", name="calc_0")["estimate"]
    notes = [note for term in given["per_lsu"] for note in term["notes"]]
    assert "trip count of loop calc_0.B3: given (loop.calc_0.B3.trip); the report says 32768" in notes
    assert any("loop.calc_0.B2.trip*loop.calc_0.B3.trip" in note for note in notes)
    assert given["seconds"] > report["seconds"]  # twice the iterations of the B3 loop
    payload = json.loads(run_cli("analyze", str(STREAM), *base, "--set", "loop.calc_0.B3.trip=65536",
                                 "--format", "json").stdout)
    assert not any(diag["rule"] == "input-unused" for diag in payload["diagnostics"])
    # the same count as the report's gives the same number
    same = _kernel(str(STREAM), *base, "--set", "loop.calc_0.B3.trip=32768", name="calc_0")["estimate"]
    assert same["seconds"] == pytest.approx(report["seconds"], rel=1e-12)


def test_a_given_trip_count_is_not_called_unknown() -> None:
    estimate = _kernel(str(STREAM), "--set", "loop.calc_0.B2.trip=512", "--set", "stride=1", name="calc_0")["estimate"]
    notes = [note for term in estimate["per_lsu"] for note in term["notes"]] + estimate["assumptions"]
    assert any(note.endswith("trip count of loop calc_0.B2: given (loop.calc_0.B2.trip)") for note in notes)
    assert not any("calc_0.B2 unknown" in note for note in notes)


def test_a_given_count_moves_a_loop_the_report_latency_covers() -> None:
    """Vitis nw: init_row's cycles are its outlined module's reported latency
    (131 for 129 trips). A given count wins there too (session 13; before,
    it was refused with input-unused): II 1 per extra iteration, and the
    report's own count reproduces the report's cycles."""
    names = ("--set", "loop.needwun.pad_a.trip=129", "--set", "loop.needwun.pad_b.trip=129",
             "--set", "loop.needwun.trace.trip=256")

    def cycles(*extra: str) -> tuple[int, list[str], list[str]]:
        out = json.loads(run_cli("analyze", str(NW), *names, *extra, "--format", "json").stdout)
        rules = [diag["rule"] for diag in out["diagnostics"]]
        return out["estimate"]["cycles"]["cycles"], out["estimate"]["cycles"]["notes"], rules

    report, _, _ = cycles()
    same, _, _ = cycles("--set", "loop.needwun.init_row.trip=129")
    more, notes, rules = cycles("--set", "loop.needwun.init_row.trip=1290")
    assert same == report
    assert more == report + (1290 - 129)
    assert "trip count of loop init_row: given (loop.needwun.init_row.trip); the report says 129" in notes
    assert "input-unused" not in rules


def test_a_given_count_reaches_through_exact_parent_loops() -> None:
    """Vivado 2019.2 matrixmul: Row (105) > Col (33) > Product (9), every
    latency exact. Product at 6 trips: 6 x IL 3 = 18, Col IL 18 + 2 = 20,
    Col 60, Row IL 62, Row 186, module 187; at its reported 3 the report's
    106."""
    path = str(CORPUS / "vivado" / "vhls2019.2_matrixmul")

    def cycles(trip: int) -> int:
        out = json.loads(run_cli("analyze", path, "--set", f"loop.matrixmul.Product.trip={trip}",
                                 "--format", "json").stdout)
        value: int = out["estimate"]["cycles"]["cycles"]
        return value

    assert cycles(3) == 106
    assert cycles(6) == 187


def test_a_given_count_inside_the_reports_range_is_used_and_said() -> None:
    """Vitis bfs_queue: loop_queue runs 1 ~ 256 times; the given 256 is the
    number's count (the report's maximum latency), and the note says both."""
    result = run_cli("analyze", str(CORPUS / "vivado" / "vitis2022.2.2_machsuite_bfs_queue"), "--format", "json",
                     "--set", "loop.bfs.loop_queue.trip=256")
    cycles = json.loads(result.stdout)["estimate"]["cycles"]
    assert cycles["cycles"] == 123137
    assert cycles["notes"] == [
        "trip count of loop loop_queue: given (loop.bfs.loop_queue.trip); the report says 1 ~ 256"]


STREAM_OUTER = 2**30 // 4 // 16 // 32768  # the public run: 2^30 floats over 4 replicas, 64 B x 32768 per loop


def _stream_hints(tmp_path: Path, extra: str = "") -> str:
    lines = ['concurrent = ["calc_0", "calc_1", "calc_2", "calc_3"]', "stride = 1"]
    for index in range(4):
        lines += [f'"loop.calc_{index}.B2.trip" = {STREAM_OUTER}', f'"calc_{index}:bank" = {index + 1}']
    path = tmp_path / "stream.toml"
    path.write_text("\n".join(lines) + "\n" + extra, encoding="utf-8")
    return str(path)


def test_a_loop_the_host_skips_takes_zero_trips(tmp_path: Path) -> None:
    """HPCC STREAM's Copy and Scale skip the kernel's in2 loop (B5), which the
    report counts: 0 trips leaves two arrays' traffic, 2/3 of Add's time.
    The public run's Copy took 0.131062 s; Add 0.190222 s."""
    add = json.loads(run_cli("analyze", str(STREAM), "--hints", _stream_hints(tmp_path), "--format", "json").stdout)
    skipped = "".join(f'"loop.calc_{index}.B5.trip" = 0\n' for index in range(4))
    result = run_cli("analyze", str(STREAM), "--hints", _stream_hints(tmp_path, skipped), "--format", "json")
    assert result.code == 0, result.stderr
    copy = json.loads(result.stdout)
    assert copy["estimate"]["seconds"] == pytest.approx(add["estimate"]["seconds"] * 2 / 3, rel=1e-6)
    assert abs(copy["estimate"]["seconds"] / 0.131062 - 1) < 0.05  # -3.2 %


@pytest.mark.parametrize(("name", "value"), [("loop.calc_0.B5.trip", "-1"), ("fmax", "0"), ("work_items", "0")])
def test_zero_is_only_a_trip_count(name: str, value: str) -> None:
    result = run_cli("analyze", str(STREAM), "--set", f"{name}={value}")
    assert result.code == 2 and "Traceback" not in result.stderr
    assert f"value of '{name}' is {value}" in result.stderr


def _exact_top_with_loop() -> list[tuple[str, str, str, int]]:
    """(design, top, trip symbol, report trip) of each corpus Vivado/Vitis
    design whose top has an exact latency and a top-level loop with a known
    trip count."""
    found = []
    for design in sorted((CORPUS / "vivado").iterdir()):
        result = run_cli("analyze", str(design), "--format", "json")
        if result.code not in (0, 1):
            continue
        document = json.loads(result.stdout)
        for kernel in document["kernels"]:
            estimate = kernel.get("estimate") or {}
            cycles = estimate.get("cycles") or {}
            low, high = cycles.get("report_latency_min"), cycles.get("report_latency_max")
            loops = [loop for loop in kernel["loops"] if (loop.get("trip_count") or {}).get("max")
                     and loop["trip_count"]["min"] == loop["trip_count"]["max"]]
            if kernel.get("is_top") and low is not None and low == high and loops:
                found.append((design.name, kernel["name"], loops[0]["name"], loops[0]["trip_count"]["max"]))
    return found


def test_parts_add_up_after_a_given_trip_recomposes_an_exact_module() -> None:
    """A given trip count recomposes a module whose report latency is exact;
    its own cycles stay what the report leaves beside the parts. They were
    the report's latency minus the parts at the given count (a public
    AdderTree, 34 cycles, trip 32 -> 40: own cycles -6)."""
    cases = _exact_top_with_loop()
    assert len(cases) >= 3
    for design, top, loop, trip in cases:
        symbol = f"loop.{top}.{loop.replace(' ', '_')}.trip"
        result = run_cli("analyze", str(CORPUS / "vivado" / design), "--set", f"{symbol}={trip * 2}",
                         "--format", "json")
        assert result.code in (0, 1), result.stderr
        kernel = next(item for item in json.loads(result.stdout)["kernels"] if item["name"] == top)
        cycles = kernel["estimate"]["cycles"]
        parts = [part["cycles"] for part in cycles["parts"]]
        assert all(value is not None and value >= 0 for value in parts), (design, cycles["parts"])
        assert sum(parts) == pytest.approx(cycles["cycles"]), (design, cycles["parts"], cycles["cycles"])


PRAGMA = Path(__file__).resolve().parents[1] / "fixtures" / "instrument" / "tripcount_pragma"


def test_a_loop_tripcount_count_is_said_and_the_source_count_used_when_given() -> None:
    """Outside check: a public AdderTree's ``for (it = 0; it < n; it++)`` with
    ``loop_tripcount max=32 min=32``: the report's 32 was taken as the loop's
    count, and ``--set n=1`` "changed nothing" (input-argument-unused)."""
    plain = run_cli("analyze", str(PRAGMA / "report"), "--source-root", str(PRAGMA))
    assert "function scale (top): 34 cycles" in plain.stdout
    assert ("note: loop VITIS_LOOP_5_1 runs n times in the source; the report's 32 is its 'HLS loop_tripcount"
            " min=32 max=32', an assumption: give n with --set to use the source's count") in plain.stdout
    given = run_cli("analyze", str(PRAGMA / "report"), "--source-root", str(PRAGMA), "--set", "n=10")
    assert "function scale (top): 12 cycles at the values given (n + 2)" in given.stdout  # 9 + 2 + 1
    assert "VITIS_LOOP_5_1 11, (own control and straight-line code) 1" in given.stdout
    assert "input-argument-unused" not in given.stdout + given.stderr


def test_a_trip_below_a_one_sided_report_range_is_said() -> None:
    """A while loop's report range "1 ~ ?" (Vitis 2020.1 VecReader): 0 is
    below it (a public Ascon decrypt's pipelines were given 0 without a word)."""
    design = CORPUS / "vivado" / "vitis2020.1_vecdot_dataflow"
    result = run_cli("analyze", str(design), "--set", "loop.VecReader.VITIS_LOOP_4_1.trip=0")
    assert ("loop.VecReader.VITIS_LOOP_4_1.trip=0 is outside the 1 ~ ? iterations the report gives for loop"
            " 'VITIS_LOOP_4_1' of 'VecReader'") in result.stdout + result.stderr
    fine = run_cli("analyze", str(design), "--set", "loop.VecReader.VITIS_LOOP_4_1.trip=5000")
    assert "input-trip-outside-report" not in fine.stdout + fine.stderr


def test_a_loop_count_given_by_its_report_name_reaches_the_access_counts_too() -> None:
    """oneAPI 2021.4 BFS: the loop at line 115 (report B4) has a
    data-dependent bound; the access counts name its count
    ``trips_parallel_bfs_cpp_104_L115``. Given as
    ``loop.parallel_bfs.cpp_104.B4.trip=22`` it was echoed and reached the
    pipeline only: the estimate stayed symbolic in the other name."""
    report = CORPUS / "aoc" / "oneapi2021.4_s10gx_parallel_bfs" / "parallel_bfs_report.prj"
    by_loop = json.loads(run_cli("analyze", str(report), "--set", "nodes=4039", "--set",
                                 "loop.parallel_bfs.cpp_104.B4.trip=22", "--format", "json").stdout)["estimate"]
    by_source = json.loads(run_cli("analyze", str(report), "--set", "nodes=4039", "--set",
                                   "trips_parallel_bfs_cpp_104_L115=22", "--format", "json").stdout)["estimate"]
    assert by_loop["free_symbols"] == [] and by_loop["seconds"] is not None
    assert by_loop["seconds"] == pytest.approx(by_source["seconds"], rel=1e-9)


def test_a_kernel_scoped_value_its_kernel_does_not_use_is_said() -> None:
    """``--set KERNEL:NAME=VALUE`` for a kernel whose estimate holds no NAME
    was accepted and echoed, changing nothing (kmers: the line-675 kernel
    counts k-mers, the line-530 ones do not)."""
    kmers = CORPUS / "aoc" / "oneapi2023.0_s10mx_kmers" / "less_work_but_slower" / "reports_v12_m_v9_half"
    prefix = "two_bit_v19_HBM_test_v12_medium_v9_half.cpp"
    idle = run_cli("analyze", str(kmers), "--set", f"{prefix}:530#2:total_kmers=1000").stdout
    assert (f"warning: {prefix}:530#2:total_kmers changes nothing in the estimate: that kernel's estimate does"
            " not hold the name") in idle
    used = run_cli("analyze", str(kmers), "--set", f"{prefix}:675:total_kmers=1000").stdout
    assert "[input-unused]" not in used


def test_a_source_count_that_waits_for_an_argument_is_said_once(tmp_path: Path) -> None:
    """A loop the report cannot count (``?``) whose source bound is an
    argument (a public Vitis Zadoff-Chu generator's ``m < length``): the
    note naming the value to give was followed by a second saying the same
    count again."""
    report = tmp_path / "report"
    report.mkdir()
    for name in ("csynth.xml", "scale_csynth.xml"):
        text = (PRAGMA / "report" / name).read_text(encoding="utf-8")
        for element in ("TripCount", "Latency", "Best-caseLatency", "Average-caseLatency", "Worst-caseLatency"):
            text = re.sub(rf"<{element}>\d+</{element}>", f"<{element}>undef</{element}>", text)
        (report / name).write_text(text, encoding="utf-8")
    source = (PRAGMA / "scale.c").read_text(encoding="utf-8").replace("#pragma HLS loop_tripcount min=32 max=32\n", "")
    (tmp_path / "scale.c").write_text(source, encoding="utf-8")
    result = run_cli("analyze", str(report), "--source-root", str(tmp_path), "-v")
    assert result.code == 0, result.stderr
    notes = [line.strip() for line in result.stdout.splitlines() if "note: trip count of loop VITIS_LOOP_5_1" in line]
    assert notes == ["note: trip count of loop VITIS_LOOP_5_1 from the source is n: give n with --set"]


YUV = Path(__file__).resolve().parents[1] / "fixtures" / "vhls2018_yuv_filter" / "solution1"


def test_a_trip_given_by_its_source_name_is_checked_against_the_report_too() -> None:
    """A public Vivado 2018.2 yuv_filter: ``for (x=0; x<width; x++)`` with
    ``loop_tripcount min=200 max=1920``. The estimate asks for
    ``trips_yuv_filter_L49``; given 64 that way, nothing was said, while the
    same count given as ``loop.rgb2yuv.RGB2YUV_LOOP_X.trip`` was warned."""
    low = run_cli("analyze", str(YUV), "--set", "trips_yuv_filter_L49=64")
    assert low.code == 0, low.stderr
    assert ("warning: trips_yuv_filter_L49=64 is outside the 200 ~ 1,920 iterations the report gives for loop"
            " 'RGB2YUV_LOOP_X' of 'rgb2yuv' (its bound or a loop_tripcount pragma): taken as given")\
        in low.stdout + low.stderr
    inside = run_cli("analyze", str(YUV), "--set", "trips_yuv_filter_L49=640")
    assert "input-trip-outside-report" not in inside.stdout + inside.stderr
