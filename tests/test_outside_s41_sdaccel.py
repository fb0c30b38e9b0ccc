"""An OpenCL C kernel built by SDAccel/Vitis runs one work-group per call.

A public SDAccel 2016.3 CNN (Legorock/cnn_ocl_fpga, ``conv2`` with
``reqd_work_group_size(8,8,8)``, launched with global 8x8x64 on an Alpha Data
ADM-PCIE-KU3) was profiled at 8 calls of 1.86 ms; its csynth report's
latency, the one number hlsight printed, is one call: the work-item loops
``XCL_WG_DIM_Z_XCL_WG_DIM_Y_XCL_WG_DIM_X`` run the 512 work-items of one
work-group. ``--set work_items=4096`` (the host's global size) only got
"a Vivado/Vitis design is C functions: it is not used". The fixtures here
are hand-written reports of the same shape with their own numbers.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import run_cli

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
#: one flattened work-item loop of 64 (two nests, split by a barrier), 1,000 cycles at 4 ns a call
FLAT = FIXTURES / "vhls2016_opencl_workgroup" / "vadd_csynth.rpt"
#: separate nested work-item loops, XCL_WG_DIM_Z 4 x XCL_WG_DIM_X 72 = 288, 600 cycles a call
NESTED = FIXTURES / "vhls2016_opencl_nested" / "scale_csynth.rpt"
#: a plain C function's report (no work-item loops)
PLAIN_C = FIXTURES / "vhls2015_maxi_nosource"


def _json(*argv: str) -> dict:  # type: ignore[type-arg]
    return json.loads(run_cli("analyze", *argv, "--format", "json").stdout)  # type: ignore[no-any-return]


def test_work_items_make_one_call_per_work_group() -> None:
    """1,024 work-items of a kernel whose work-group is 64 (its flattened
    work-item loop's trip count) are 16 calls of 4 us (1,000 cycles at the
    4 ns target): 64 us, said in the headline and the launch breakdown, and
    the work_items warning for C functions does not fire: it is used."""
    out = run_cli("analyze", str(FLAT), "--set", "work_items=1024", "--set", "axi.vadd.gmem.bytes=0")
    assert "estimate: 64 us, compute-bound, 1,024 work-items = 16 work-groups of 64 (one call each)" in out.stdout
    assert "16 x (all kernels; 1,024 work-items = 16 work-groups of 64 (one call each)): 4 us each, 64 us in all" \
        in out.stdout
    assert "input-work-items-unused" not in out.stdout + out.stderr


def test_json_holds_the_work_group_and_the_calls() -> None:
    """JSON: the kernel's ``workgroup_size`` is the report's 64, the design
    time is 16 calls, and the launch entry says how they were made; a plain
    C function's report, which has no NDRange, still gets the work_items
    warning and no work-group."""
    data = _json(str(FLAT), "--set", "work_items=1024", "--set", "axi.vadd.gmem.bytes=0")
    assert data["kernels"][0]["workgroup_size"] == "64"
    assert abs(data["estimate"]["seconds"] - 16 * 1000 * 4e-9) < 1e-12
    (launch,) = data["launches"]
    assert launch["repeat"] == 16
    assert launch["work_groups"] == {"work_items": 1024, "workgroup_size": 64, "calls": 16, "launches": 1,
                                     "text": "1,024 work-items = 16 work-groups of 64 (one call each)"}
    assert not [item for item in data["diagnostics"] if item["rule"] == "input-work-items-unused"]
    plain = _json(str(PLAIN_C), "--set", "work_items=4096", "--set", "axi.poly.gmem.bytes=8")
    assert [item for item in plain["diagnostics"] if item["rule"] == "input-work-items-unused"]
    assert plain["kernels"][0]["workgroup_size"] is None and plain["launches"] == []


def test_without_work_items_the_number_is_said_to_be_one_work_group() -> None:
    """No global size given: the number stays one call, and the headline
    says it is one work-group's and how to get the kernel's time."""
    out = run_cli("analyze", str(FLAT), "--set", "axi.vadd.gmem.bytes=0").stdout
    assert "estimate: 4 us, compute-bound, one work-group's call (64 work-items)" in out
    assert "--set work_items=GLOBAL_SIZE" in out


def test_separate_work_item_loops_multiply() -> None:
    """Work-item loops nested one per dimension: the work-group is the
    product of their trip counts (4 x 72 = 288), 1,152 work-items 4 calls."""
    data = _json(str(NESTED), "--set", "work_items=1152", "--set", "axi.scale.gmem.bytes=0")
    assert data["kernels"][0]["workgroup_size"] == "288"
    assert data["launches"][0]["repeat"] == 4
    assert abs(data["estimate"]["seconds"] - 4 * 600 * 4e-9) < 1e-12


def test_a_global_size_not_a_multiple_of_the_work_group_is_refused() -> None:
    """The OpenCL runtime refuses a global size that is not a whole number
    of work-groups: so does hlsight, naming both numbers."""
    out = run_cli("analyze", str(FLAT), "--set", "work_items=1000", "--set", "axi.vadd.gmem.bytes=0")
    assert out.code != 0
    assert "work_items=1,000 is not a whole number of work-groups of 64" in out.stderr

