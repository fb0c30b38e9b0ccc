"""LSUs the report calls work-item invariant run once per launch.

aoc 16.1 hoists the loads of ``param->field`` (a ``__global NetParam *``
argument) into a ``BlockN.wii_blk`` block and says of each "This operation
is work-item invariant -- it performs the same operation for all threads in
the kernel" (the caffe network's six kernels). Before, nothing read that:
``dataLayer``'s hoisted load was taken for one of three per-lane LSUs of
``inputFeatureMap[...]`` (a third of its elements) and ``reluLayer``'s kept
``stride``/``element_bytes`` free, so no value the user could give made the
design's estimate a number.
"""

from __future__ import annotations

import json

import sympy

from hlsight.analyzer.pipeline import analyze
from hlsight.parsers.loader import load_design
from tests.conftest import CORPUS, run_cli

NET = CORPUS / "aoc" / "aoc16.1_s5_de5net_caffe_net" / "kernels" / "net" / "bin" / "net"
#: the report's six hoisted loads: one per kernel, each in the kernel's first (wii) block
HOISTED = {"dataLayer/load0", "paddingLayer/load0", "poolingLayer/load0", "reluLayer/load0", "convLayer/load0",
           "outputLayer/load0"}


def test_the_report_marks_exactly_the_hoisted_loads() -> None:
    design = load_design(NET)
    marked = {lsu.id for kernel in design.kernels for lsu in kernel.lsus if lsu.work_item_invariant}
    assert marked == HOISTED
    assert all(lsu.block is not None and lsu.block.endswith(".wii_blk")
               for kernel in design.kernels for lsu in kernel.lsus if lsu.id in HOISTED)


def test_a_hoisted_load_is_one_access_and_no_share_of_the_stream() -> None:
    result = analyze(load_design(NET))
    lsus = {lsu.id: lsu for kernel in result.design.kernels for lsu in kernel.lsus}
    hoisted = result.source.access(lsus["dataLayer/load0"])
    assert hoisted is not None and (hoisted.accesses, hoisted.element_bytes, hoisted.stride) == ("1", 4, "1")
    assert "once per launch" in (hoisted.explanation or "")
    assert result.source.access(lsus["paddingLayer/load0"]).element_bytes == 8  # type: ignore[union-attr]
    # dataLayer: the two burst-coalesced LSUs of Block2 share inputFeatureMap (was a third each, with the wii one)
    for lsu_id in ("dataLayer/load1", "dataLayer/load2"):
        facts = result.source.access(lsus[lsu_id])
        assert facts is not None and facts.expression == "inputFeatureMap[loadDataCounterScale]"
        assert sympy.sympify(facts.accesses) == sympy.sympify("param_inputTotalDataNum/2")
    # outputLayer: its one streaming load takes all of inputFeatureMap (was half)
    streaming = result.source.access(lsus["outputLayer/load1"])
    assert streaming is not None
    assert sympy.sympify(streaming.accesses) == sympy.sympify("param_inputTotalDataNum")


def test_relu_is_a_number_once_the_user_gives_its_launch() -> None:
    """reluLayer's only unknowns are now what its host knows: the NDRange and
    the size it writes into `param` (`param->inputTotalDataNum`, decision 65;
    it was the loop's trip, which the user had to work out)."""
    result = analyze(load_design(NET))
    relu = result.estimates["reluLayer"].expression
    assert relu is not None
    assert {str(symbol) for symbol in relu.free_symbols} == {
        "global_size1", "global_size2", "param_inputTotalDataNum"}


def test_json_and_text_say_it() -> None:
    data = json.loads(run_cli("analyze", str(NET), "--format", "json").stdout)
    flags = {lsu["id"]: lsu["work_item_invariant"] for kernel in data["kernels"] for lsu in kernel["lsus"]}
    assert {lsu_id for lsu_id, flag in flags.items() if flag} == HOISTED
    text = run_cli("analyze", str(NET), "-v", "--min-severity", "note").stdout
    assert "[work-item invariant: stride 1, 4 B, x 1]" in text
    assert "reluLayer/load0: work-item invariant (block Block22.wii_blk)" in text


def test_the_hoisted_load_streams_alongside_nothing_on_its_bank() -> None:
    """Eqs. 6 and 8 count the accesses streaming together on a bank: relu's
    load and store are two; its once-per-launch load is no third (it was,
    and made relu's bank pay row misses for three streams)."""
    data = json.loads(run_cli("analyze", str(NET), "--format", "json").stdout)
    relu = next(kernel for kernel in data["kernels"] if kernel["name"] == "reluLayer")
    facts = relu["estimate"]["extra"]["lsu_facts"]
    assert {lsu_id: fact["accesses_in_bank"] for lsu_id, fact in facts.items()} == {
        "reluLayer/load0": 1, "reluLayer/load1": 2, "reluLayer/store0": 2}
