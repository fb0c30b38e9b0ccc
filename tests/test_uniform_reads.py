"""Loads of an address no work-item or iteration changes (stride 0).

aoc 16.1 reloads the fields of a ``__global NetParam *param`` argument in
every iteration of the caffe network's loops (a store may alias them),
through cached LSUs at the loop headers' lines. The source walker leaves such
loads out of the LSU candidates (they are not the streaming access a line
shows), so these LSUs matched nothing and kept ``stride`` and
``element_bytes`` free: no value a user could give made the design a number.
Where a line has no streaming access of the LSU's kind but reads such
fields, or where the RTL names the LSU as a merged read of that variable
(``lsu_local_bb1_ld_memcoalesce_param_load_0147``), the LSU is those reads:
stride 0, and eq. 2 charges it no memory time (delta 0: no new data).
"""

from __future__ import annotations

import dataclasses
import json
import math

import pytest
import sympy

from hlsight.analyzer.memory_model import ModelOptions
from hlsight.analyzer.pipeline import analyze
from hlsight.core.model import Kernel, KernelKind, LSUKind
from hlsight.parsers.loader import load_design
from tests.access_fixtures import MarkedSource, facts_of
from tests.conftest import CORPUS, run_cli
from tests.model_designs import ddr_design, lsu

NET = CORPUS / "aoc" / "aoc16.1_s5_de5net_caffe_net" / "kernels" / "net" / "bin" / "net"


def _access(data: dict[str, object], lsu_id: str) -> dict[str, object]:
    for kernel in data["kernels"]:  # type: ignore[attr-defined]
        for found in kernel["lsus"]:
            if found["id"] == lsu_id:
                return found["access"]  # type: ignore[no-any-return]
    raise AssertionError(lsu_id)


def test_param_reads_at_a_loop_header_are_stride_zero() -> None:
    data = json.loads(run_cli("analyze", str(NET), "--format", "json").stdout)
    pool = _access(data, "poolingLayer/load1")  # 512-bit cached, line 451: the three while conditions
    # its width at a time: aoc merged the three int fields into one 512-bit read
    assert (pool["stride"], pool["element_bytes"], pool["expression"]) == ("0", 64, "param->outputWidth")
    # once per iteration of the three loops over `param`'s sizes (one value per launch: decision 65)
    assert sympy.sympify(pool["accesses"]) == sympy.sympify(
        "param_outputChannel*param_outputHeight*param_outputWidth*work_items/(global_size0*global_size1*global_size2)")
    assert "`param->outputChannel`, `param->outputHeight`, `param->outputWidth`" in str(pool["explanation"])


def test_the_rtl_name_keeps_a_merged_param_read_out_of_the_stream() -> None:
    """convLayer line 509: the 256-bit cached load is `param`'s fields (RTL
    memcoalesce_param_load), not 8/10 of `inputFeatureMap[...]` by its
    width; the two 32-bit loads share the stream, 1/2 each."""
    data = json.loads(run_cli("analyze", str(NET), "--format", "json").stdout)
    assert _access(data, "convLayer/load3")["stride"] == "0"
    for lsu_id in ("convLayer/load4", "convLayer/load5"):
        access = _access(data, lsu_id)
        assert str(access["expression"]).startswith("inputFeatureMap[")
        assert str(access["accesses"]).endswith("*work_items/(2*global_size0*global_size1*global_size2)")


def test_the_network_is_a_number_once_the_launch_values_are_given() -> None:
    design = load_design(NET)
    asked = analyze(design).design_estimate
    assert asked is not None and asked.expression is not None
    free = {str(symbol) for symbol in asked.expression.free_symbols}
    assert not free & {"stride", "element_bytes"}
    values = {name: 4.0 for name in free} | {"work_items": 64.0}  # a 4 x 4 x 4 launch
    result = analyze(design, values)
    assert result.design_estimate is not None and result.design_estimate.seconds is not None
    assert math.isfinite(result.design_estimate.seconds) and result.design_estimate.seconds > 0
    facts = result.estimates["poolingLayer"].lsu_facts["poolingLayer/load1"]
    assert facts.t_total_s == 0.0


@pytest.mark.parametrize("aligned", [True, False])
def test_stride_zero_costs_no_memory_time_aligned_or_not(aligned: bool) -> None:
    """Eq. 2 with delta = 0 for every LSU: zero memory time, never NaN (the
    non-aligned burst of eq. 12 divides by delta)."""
    design = ddr_design([lsu("ld0", aligned=aligned), lsu("st", LSUKind.STORE, aligned=aligned)], fmax=400.0)
    result = analyze(design, {"work_items": 1e6, "element_bytes": 4, "stride": 0},
                     options=ModelOptions(efficiency=False))
    assert result.estimates["k"].memory_seconds == 0.0


def test_the_report_s_variable_name_sends_a_field_read_to_its_own_lsu() -> None:
    """`sum += cfg->scale * x[i]`: two loads on one line, the report's
    "Loads from" saying `cfg` and `x`. The walker has one streaming access
    there (`x[i]`); `cfg`'s LSU is the field read (stride 0, once per
    iteration) and `x`'s takes every element (was: two per-lane LSUs of
    `x[i]`, half each)."""
    source = MarkedSource("uniform.cl")
    cfg = dataclasses.replace(source.lsu("scaled_sum/load0", LSUKind.LOAD, "body"), variable="cfg")
    x = dataclasses.replace(source.lsu("scaled_sum/load1", LSUKind.LOAD, "body"), variable="x")
    found = source.derived([Kernel(name="scaled_sum", kind=KernelKind.SINGLE_WORK_ITEM, lsus=[cfg, x])])
    field, stream = facts_of(found, cfg), facts_of(found, x)
    assert (field.stride, field.accesses, field.expression) == ("0", "1024", "cfg->scale")
    assert (stream.stride, stream.accesses, stream.expression) == ("1", "1024", "x[i]")
