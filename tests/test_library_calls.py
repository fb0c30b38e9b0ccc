"""RTL library calls (aoc -l): the report cannot show their time, so the
estimate says so beside the number and a warning points at the call."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from hlsight.analyzer.pipeline import analyze
from hlsight.core.model import LibraryCall, SourceLocation
from hlsight.parsers.loader import load_design
from tests.conftest import run_cli

SOBEL = Path("zaragoza") / "reports" / "hbm2" / "sobel"


def test_hdl_function_call_is_read_from_the_report(corpus: Path) -> None:
    """hbm2/sobel's only kernel calls ImgSobelFunc from ImgSobelFunc_lib.aoclib."""
    (kernel,) = load_design(corpus / SOBEL).kernels
    assert kernel.library_calls == [LibraryCall("ImgSobelFunc", SourceLocation("ImgSobel4K_MX.cl", 20))]
    assert not kernel.global_lsus()


def test_a_kernel_made_of_a_library_call_says_why_it_has_no_estimate(corpus: Path) -> None:
    result = run_cli("analyze", str(corpus / SOBEL))
    assert result.code == 0, result.stderr
    assert "estimate: unknown" in result.stdout
    assert ("caution (exm1): calls the RTL library function 'ImgSobelFunc' (ImgSobel4K_MX.cl:20), whose memory"
            " accesses, loops and latency the report does not show: no estimate can be made from the report"
            in result.stdout)
    assert "ImgSobel4K_MX.cl:20:5: warning: kernel 'exm1' calls the RTL library function 'ImgSobelFunc'" \
        in result.stdout and "[report-hdl-library-call]" in result.stdout
    data = json.loads(run_cli("analyze", str(corpus / SOBEL), "--format", "json").stdout)
    (kernel,) = data["kernels"]
    assert kernel["library_calls"] == [{"function": "ImgSobelFunc", "file": "ImgSobel4K_MX.cl", "line": 20}]
    assert "no estimate can be made" in kernel["estimate"]["extra"]["caveats"][0]


def test_an_estimate_beside_a_library_call_is_called_a_lower_bound(corpus: Path) -> None:
    """Same kernel with LSUs of its own: the number stays, with the caution."""
    design = load_design(corpus / "zaragoza" / "reports" / "ddr4-1866" / "vectoradd")
    plain = analyze(design, {"work_items": 32768000})
    kernel = design.kernels[0]
    calls = [LibraryCall("filter", SourceLocation("test_bw10.cl", 30)), LibraryCall("scale", None)]
    called = dataclasses.replace(design, kernels=[dataclasses.replace(kernel, library_calls=calls)])
    result = analyze(called, {"work_items": 32768000})
    estimate = result.estimates[kernel.name]
    assert estimate.seconds == plain.estimates[kernel.name].seconds
    assert estimate.caveats == [
        "calls the RTL library functions 'filter' (test_bw10.cl:30), 'scale', whose memory accesses, loops and"
        " latency the report does not show: the estimate leaves their time out (a lower bound)"]
    warned = [d for d in result.diagnostics if d.rule == "report-hdl-library-call"]
    assert [(d.subject, d.file, d.line) for d in warned] == [
        ("filter", "test_bw10.cl", 30), ("scale", kernel.artifact, None)]
    assert not plain.estimates[kernel.name].caveats

