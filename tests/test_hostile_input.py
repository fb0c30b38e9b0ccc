"""Hostile and broken reports end in one line, exit code 2, never a
traceback or a nonsense number (issue 16). Each case is a real corpus input
with one field made hostile, the way a fuzzer or a careless edit makes it."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import CORPUS, run_cli

FIBONACCI = CORPUS / "vivado" / "vhls2019.2_fibonacci"
UNIQUE_PATHS_XML = CORPUS / "vivado" / "vhls2019.1_unique_paths" / "unique_paths_csynth.xml"
AXPY = CORPUS / "aoc" / "aoc19.3pro_s10gx_axpy" / "Aplications" / "Reports_S10GX_1866" / "AXPY"
MAV15 = CORPUS / "aoc" / "aoc15.1_c5soc_vector_add" / "vector_add" / "bin_vector_add"


def one_line_error(path: Path, *needles: str) -> str:
    result = run_cli("analyze", str(path))
    assert result.code == 2, result.stdout[-2000:]
    assert result.stderr.startswith("hlsight: error: ") and result.stderr.count("\n") == 1, result.stderr
    for needle in needles:
        assert needle in result.stderr, result.stderr
    return result.stderr


def edit(path: Path, pattern: str, replacement: str) -> None:
    text = path.read_text(encoding="utf-8")
    changed, count = re.subn(pattern, replacement, text)
    assert count, f"{pattern} not in {path}"
    path.write_text(changed, encoding="utf-8")


def test_json_nested_past_the_recursion_limit(tmp_path: Path) -> None:
    reports = shutil.copytree(AXPY, tmp_path / "AXPY")
    (reports / "lib" / "json" / "summary.json").write_text("[" * 5000 + "]" * 5000)
    one_line_error(reports, "summary.json", "nested too deeply")


def test_json_integer_of_five_thousand_digits(tmp_path: Path) -> None:
    reports = shutil.copytree(AXPY, tmp_path / "AXPY")
    edit(reports / "lib" / "json" / "summary.json", r"(?<=[:\[, ])\d+(?=[,\]}])", "9" * 5000)
    one_line_error(reports, "summary.json", "4,300 digits")


@pytest.mark.parametrize("number", ["1e999", "Infinity", "NaN"])
def test_json_infinite_numbers(tmp_path: Path, number: str) -> None:
    reports = shutil.copytree(AXPY, tmp_path / "AXPY")
    edit(reports / "lib" / "json" / "summary.json", r"(?<=[:\[, ])\d+(?=[,\]}])", number)
    one_line_error(reports, "summary.json")


@pytest.mark.parametrize(("element", "value", "needle"), [
    ("Worst-caseLatency", "inf", "not a finite number"),
    ("Worst-caseLatency", "1e999", "not a finite number"),
    ("Worst-caseLatency", "9" * 5000, "5000 digits"),
    ("EstimatedClockPeriod", "1e999", "not a finite number"),
    ("EstimatedClockPeriod", "-106", "negative"),
    ("TargetClockPeriod", "-10.00", "negative"),
])
def test_xml_numbers_out_of_range(tmp_path: Path, element: str, value: str, needle: str) -> None:
    report = shutil.copytree(FIBONACCI, tmp_path / "fib")
    for name in ("csynth.xml", "fibonacci_csynth.xml"):
        edit(report / name, f"<{element}>[^<]*<", f"<{element}>{value}<")
    one_line_error(report, "csynth.xml", needle)


GAUSSIAN = CORPUS / "vivado" / "vitis2020.2_gaussian"


@pytest.mark.parametrize("value", ["-5", "-5.0", "-2"])
def test_negative_xml_latency_is_refused_not_read_as_unknown(tmp_path: Path, value: str) -> None:
    """A best case of -5 cycles read as unknown, exit 0, and the function's
    cycles moved (262,673 -> 262,665); only -1 is Vivado's "unknown"."""
    report = shutil.copytree(GAUSSIAN, tmp_path / "gaussian")
    for name in ("csynth.xml", "gaussian_csynth.xml"):
        edit(report / name, "<Best-caseLatency>[^<]*<", f"<Best-caseLatency>{value}<")
    message = one_line_error(report, "csynth.xml", "Best-caseLatency", "negative")
    assert message.count("csynth.xml") == 1


def test_negative_rpt_latency_is_refused(tmp_path: Path) -> None:
    rpt = tmp_path / "gaussian_csynth.rpt"
    shutil.copy(GAUSSIAN / "gaussian_csynth.rpt", rpt)
    edit(rpt, r"\|   262673\|   262673\|", "|       -5|   262673|")
    one_line_error(rpt, "gaussian_csynth.rpt", "latency min is -5", "negative")


def test_negative_loop_trip_count_in_rpt_is_refused(tmp_path: Path) -> None:
    rpt = tmp_path / "gaussian_csynth.rpt"
    shutil.copy(GAUSSIAN / "gaussian_csynth.rpt", rpt)
    edit(rpt, r"\|     512\|       yes\|", "|     -12|       yes|")
    one_line_error(rpt, "gaussian_csynth.rpt", "loop buf_x2 trip count is -12")


@pytest.mark.parametrize("element", ["TargetClockPeriod", "EstimatedClockPeriod", "ClockUncertainty"])
def test_unreadable_xml_clock_is_refused_not_replaced(tmp_path: Path, element: str) -> None:
    """<TargetClockPeriod>abc read as unknown: the estimated clock timed the
    design and the headline called it the target; its negative and infinite
    values were already refused, so unreadable text is too."""
    report = shutil.copytree(GAUSSIAN, tmp_path / "gaussian")
    for name in ("csynth.xml", "gaussian_csynth.xml"):
        edit(report / name, f"<{element}>[^<]*<", f"<{element}>abc<")
    one_line_error(report, "csynth.xml", f"{element} is 'abc', not a time")


def test_unreadable_rpt_target_clock_is_refused(tmp_path: Path) -> None:
    rpt = tmp_path / "gaussian_csynth.rpt"
    shutil.copy(GAUSSIAN / "gaussian_csynth.rpt", rpt)
    edit(rpt, r"\|ap_clk  \|  10\.00 ns\|", "|ap_clk  |       abc|")
    one_line_error(rpt, "gaussian_csynth.rpt", "ap_clk target clock is 'abc', not a time")


@pytest.mark.parametrize(("cell", "needle"), [("1e999", "not a finite number"), ("-106", "negative")])
def test_rpt_clock_out_of_range(tmp_path: Path, cell: str, needle: str) -> None:
    """The issue's "-106 ns" estimate with exit 0 came from a negative period."""
    rpt = tmp_path / "fibonacci_csynth.rpt"
    shutil.copy(FIBONACCI / "fibonacci_csynth.rpt", rpt)
    edit(rpt, r"(\|ap_clk *\| *10\.00 ns *\| *)[0-9.]+", rf"\g<1>{cell}")
    one_line_error(rpt, "fibonacci_csynth.rpt", needle)


def test_zero_clock_period_is_no_estimate_not_a_division_by_zero() -> None:
    """vhls2018.2 writes 0.000 for a module without logic; it reads as unknown."""
    result = run_cli("analyze", str(CORPUS / "vivado" / "vhls2018.2_svm_classifier_dataflow"))
    assert result.code == 0, result.stderr
    assert "zoo" not in result.stdout and "nan" not in result.stdout


def test_mav15_file_index_map_not_an_object(tmp_path: Path) -> None:
    project = shutil.copytree(MAV15, tmp_path / "bin_vector_add")
    mav = json.loads((project / "mav.json").read_text())
    mav["fileIndexMap"] = [1, 2]
    (project / "mav.json").write_text(json.dumps(mav))
    one_line_error(project, "mav.json", "fileIndexMap")


def nested_loops_xml(folder: Path, depth: int) -> Path:
    """unique_paths with its loops replaced by one nest ``depth`` deep (each
    loop trip count 2): a valid report lxml parses (its limit is 256)."""
    opening = "".join(f"<L{i}><TripCount>2</TripCount><Latency>undef</Latency>"
                      f"<IterationLatency>undef</IterationLatency>" for i in range(depth))
    closing = "".join(f"</L{i}>" for i in reversed(range(depth)))
    folder.mkdir()
    target = folder / "unique_paths_csynth.xml"
    target.write_text(re.sub(r"<SummaryOfLoopLatency>.*</SummaryOfLoopLatency>",
                             f"<SummaryOfLoopLatency>{opening}{closing}</SummaryOfLoopLatency>",
                             UNIQUE_PATHS_XML.read_text(), flags=re.S))
    return folder


def test_deep_loop_nests(tmp_path: Path) -> None:
    deepest = nested_loops_xml(tmp_path / "d100", 100)
    for fmt in ("text", "json", "html", "sarif"):
        result = run_cli("analyze", str(deepest), "--format", fmt)
        assert result.code == 0, result.stderr
    assert "L99: II -, trip 2" in run_cli("analyze", "-v", str(deepest)).stdout
    one_line_error(nested_loops_xml(tmp_path / "d180", 180), "loops nested more than 100 deep")


SV_PROJECT = CORPUS / "aoc" / "oneapi20.3_a10pac_samples" / "vector_add_opt_2"
SV_LSU = Path("kernel_hdl/k0_ZTS9VectorAdd/k0_ZTS9VectorAdd_i_llvm_fpga_mem_unnamed0000d5_k0_zts9vectoradd0.sv")
SOBEL_14 = CORPUS / "aoc" / "aoc14.0_c5soc_sobel" / "Sobel"
VHDL_LSU = (CORPUS / "aoc" / "aoc18.1_c5soc_vector_add" / "bin" / "vector_add" / "kernel_hdl" / "vector_add"
            / "i_store_memdep_vector_add16.vhd")


@pytest.mark.parametrize(("parameter", "value"), [
    ("BURSTCOUNT_WIDTH", "10000000"), ("BURSTCOUNT_WIDTH", "0"), ("WIDTH_BYTES", "9" * 5000),
    ("ALIGNMENT_BYTES", "-4"),
])
def test_rtl_parameters_are_checked_against_their_meaning(tmp_path: Path, parameter: str, value: str) -> None:
    """A BURSTCOUNT_WIDTH of 10,000,000 hung analyze computing 2**(w-1) beats."""
    project = shutil.copytree(SV_PROJECT, tmp_path / "vector_add_opt_2")
    edit(project / SV_LSU, rf"\.{parameter}\([^)]*\)", f".{parameter}({value})")
    stderr = one_line_error(project, f"{SV_LSU.name}:", f"{parameter} = ", "out of range")
    assert ":173: lsu_top " in stderr  # the instance's line


def test_truncated_project_verilog_is_reported(tmp_path: Path) -> None:
    project = shutil.copytree(SOBEL_14, tmp_path / "Sobel")
    verilog = project / "Sobel.v"
    text = verilog.read_text()
    verilog.write_text(text[: len(text) // 3])  # cut mid-module: it read as a design without kernel
    one_line_error(project, "Sobel.v", "endmodule", "truncated")
    verilog.write_text("// no modules at all\n")
    one_line_error(project, "Sobel.v", "no kernel")


def test_truncated_vhdl_is_reported(tmp_path: Path) -> None:
    project = shutil.copytree(VHDL_LSU.parents[2], tmp_path / "vector_add")
    vhdl = project / VHDL_LSU.relative_to(VHDL_LSU.parents[2])
    text = vhdl.read_text()
    vhdl.write_text(text[: text.index("lsu_top") + 200])
    one_line_error(project, vhdl.name, "truncated")


DEMO = Path(__file__).resolve().parents[1] / "fixtures" / "demo" / "vector_add"


@pytest.mark.parametrize("value", ['"__import__(\'pathlib\').Path(\'PWNED\').touch()"', '"2**10**10"', "0x1p2000",
                                   '"' + "(" * 300 + "1" + ")" * 300 + '"'])
def test_hints_values_are_arithmetic_never_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    """sympify evaluated hints values with eval(): a hints file could run code."""
    monkeypatch.chdir(tmp_path)
    hints = tmp_path / "hints.toml"
    hints.write_text(f"n = {value}\n")
    result = run_cli("analyze", str(DEMO / "reports"), "--hints", str(hints))
    assert result.code == 2, result.stdout[-300:]
    assert result.stderr.startswith("hlsight: error: ") and result.stderr.count("\n") == 1, result.stderr
    assert not (tmp_path / "PWNED").exists()


def test_hints_binary_garbage_is_one_line(tmp_path: Path) -> None:
    hints = tmp_path / "hints.toml"
    hints.write_bytes(b"n = 1\xb8\xff\n")
    result = run_cli("analyze", str(DEMO / "reports"), "--hints", str(hints))
    assert result.code == 2 and "not UTF-8" in result.stderr and result.stderr.count("\n") == 1


def test_negative_aoc_clock_is_refused_not_estimated(tmp_path: Path) -> None:
    """A negative fmax made every time negative (the issue's "-106 ns", exit 0)."""
    source = CORPUS / "aoc" / "aoc18.1pro_s10gx_memprofile" / "Aplications" / "Reports_S10GX_1866" / "Vectoradd216"
    reports = shutil.copytree(source, tmp_path / "Vectoradd216")
    for name in ("acl_quartus_report.txt", "lib/json/quartus.json", "lib/report_data.js"):
        edit(reports / name, r"458\.33\d*", "-106")
    one_line_error(reports, "clock -106 MHz", "positive finite fmax")
