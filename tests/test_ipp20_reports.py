"""i++ 20.x report documents (session 37 outside sweep: a public i++ 20.4
polybench atax compiled for Cyclone 10 GX, its ModelSim run 9,732 cycles).
The corpus has i++ 18.1-19.4 only; the rows below are the public report's
shapes, cut to the fields read."""

from __future__ import annotations

from hlsight.core.model import Product
from hlsight.parsers.intel.info import read_info
from hlsight.parsers.intel.loops import apply_schedule, read_loop_attr, read_loop_tree

_DEBUG = "/mnt/vault0/slowe8/IntelHLSDataset/polybench/atax/src/atax_1.c"


def _row(name: str, data: list[str], file: str, line: int, children: list[dict[str, object]] | None = None,
         text: str = " ") -> dict[str, object]:
    return {"name": name, "data": data, "debug": [[{"filename": file, "line": line}]],
            "details": [{"type": "brief", "text": text}], "children": children or []}


def test_an_hls_product_is_ipp() -> None:
    """i++ 20.x writes ``"product":"HLS"`` in info.json's compileInfo; it was
    read as aoc: the component's Avalon host interfaces called the host's
    memory over PCIe, an OpenCL launch cost cautioned, and its ``.c`` sent
    to the OpenCL C front end."""
    info = {"compileInfo": {"nodes": [{
        "command": "i++ -march=Cyclone 10 GX -ghdl --simulator ModelSim atax_1.c -v -o atax_1",
        "family": "Cyclone10GX, 10CX220YF780I5G", "id": 1, "name": "./atax_1", "product": "HLS",
        "quartus": "20.4.0 Build 72 Pro", "time": "Tue Jan  2 20:41:17 2024", "version": "20.4.0 Build 72"}]}}
    read = read_info(info)
    assert read is not None and read.tool.product is Product.IPP and read.tool.version == "20.4.0"
    assert read.device.family == "Cyclone10GX" and read.device.part == "10CX220YF780I5G"
    opencl = {"compileInfo": {"nodes": [{**info["compileInfo"]["nodes"][0], "product": "OPENCL"}]}}
    read = read_info(opencl)
    assert read is not None and read.tool.product is Product.AOC


def test_a_fused_loop_runs_its_subloops_as_its_iterations() -> None:
    """``Fused loop atax.B6`` ("Multiple Locations") lists the two loops
    fused into it as ``Fused subloop`` rows (n/a, at lines 27 and 37): they
    were read as two loops inside it, their trip counts asked for (64 each
    adds 8,192 cycles that do not exist). They are its iterations: the fused
    loop takes the first one's line, where its count is written."""
    tree = {"columns": ["", "Pipelined", "II", "Speculated iterations", "Details"], "children": [
        _row("Component: atax", [], "", 0, [
            _row("atax.B1.start", ["Yes", ">=1", "n/a"], "Component invocation", 0, [
                _row("Fused loop atax.B6", ["Yes", ">=1", "0"], "Multiple Locations", 0, [
                    _row("Fused subloop", ["n/a", "n/a", "n/a"], "atax_1.c", 27),
                    _row("atax.B7", ["Yes", "4", "1"], _DEBUG, 30),
                    _row("Fused subloop", ["n/a", "n/a", "n/a"], "atax_1.c", 37),
                    _row("atax.B9", ["Yes", "1", "1"], _DEBUG, 39)])])])]}
    (component,) = read_loop_tree(tree)
    (start,) = component.loops
    (fused,) = start.children
    assert [child.name for child in fused.children] == ["atax.B7", "atax.B9"]
    assert fused.location is not None and (fused.location.file, fused.location.line) == ("atax_1.c", 27)
    assert "fuses the loops at lines 27, 37: one iteration runs an iteration of each" in fused.details


def test_loop_attr_counts_a_components_loops() -> None:
    """i++ 20.4's loop_attr.json names the node ``"type":"component"``, and a
    partially unrolled loop by its display name: only ``kernel`` nodes were
    read, so the report's own counts (B4 16 after the 4x unroll, B7 64) were
    asked for as values to give."""
    attr = {"nodes": [{"name": "atax", "type": "component", "fmax": "240.00", "children": [
        {"name": "atax.B1.start", "type": "loop", "tc": "0", "ii": "1", "mi": "1", "lt": "2.000000", "pl": "Yes",
         "af": "240.00", "children": [
             {"name": "atax.B3", "type": "loop", "tc": "0", "ii": "2", "mi": "1", "lt": "35.000000", "pl": "Yes",
              "af": "240.00", "children": [
                  {"name": "4X Partially unrolled atax.B4", "type": "loop", "tc": "16", "ii": "1", "mi": "1",
                   "lt": "36.000000", "pl": "Yes", "af": "240.00"}]},
             {"name": "atax.B7", "type": "loop", "tc": "64", "ii": "4", "mi": "4", "lt": "14.000000", "pl": "Yes",
              "af": "240.00"}]}]}]}
    ((name, fmax, blocks),) = read_loop_attr(attr)
    assert (name, fmax) == ("atax", 240.0)
    tree = {"columns": ["", "Pipelined", "II", "Speculated iterations", "Details"], "children": [
        _row("Component: atax", [], "", 0, [
            _row("atax.B3", ["Yes", ">=2", "0"], _DEBUG, 15, [
                _row("4X Partially unrolled atax.B4", ["Yes", "~1", "1"], _DEBUG, 20)]),
            _row("atax.B7", ["Yes", "4", "1"], _DEBUG, 30)])]}
    (component,) = read_loop_tree(tree)
    apply_schedule(component.loops, blocks)
    outer, b7 = component.loops
    (b4,) = outer.children
    assert b4.trip_count is not None and b4.trip_count.value == 16
    assert b7.trip_count is not None and b7.trip_count.value == 64 and b7.max_interleaving == 4
    assert outer.trip_count is not None and outer.trip_count.value is None  # tc 0: unknown


def test_a_view_link_is_named_by_its_view() -> None:
    """``Use the %L viewer`` with ``{"view": "Fmax II Report"}`` printed
    "Use the ? viewer" (only file links were filled)."""
    row = _row("atax.B3", ["Yes", ">=2", "0"], _DEBUG, 15)
    row["details"] = [{"type": "text", "text": "Maximum concurrent iterations: Capacity of loop", "details": [
        {"type": "text", "text": "Use the %L viewer to estimate capacity", "links": [{"view": "Fmax II Report"}]}]}]
    tree = {"columns": ["", "Pipelined", "II", "Speculated iterations", "Details"],
            "children": [_row("Component: atax", [], "", 0, [row])]}
    (component,) = read_loop_tree(tree)
    assert component.loops[0].details == [
        "Maximum concurrent iterations: Capacity of loop: Use the Fmax II Report viewer to estimate capacity"]
