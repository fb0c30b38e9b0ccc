"""A counted run for pass 1: the mean trip count of every loop, measured by
running the program once with the user's testbench (no report needed).

HLScope+ notes that the value of the forced trip count is irrelevant for
eq. 6; measured values additionally make the next report's average-case
latency a real estimate. The counting build reuses the pass 2 machinery with
a plan in which every located loop is a block (its cycle constants unused).
"""

from __future__ import annotations

import json
import math
import tempfile
from pathlib import Path

from hlsight.analyzer.instrument.cycles import ParsedSource, generate_files
from hlsight.analyzer.instrument.design_sources import DesignSources, as_design
from hlsight.analyzer.instrument.plan import Baseline, Block, BlockKind, InstrumentedFunction, Plan
from hlsight.analyzer.instrument.simulate import Toolchain, build, exit_cause, run_program
from hlsight.core.errors import InputError
from hlsight.core.model import Kernel, KernelKind


def counting_plan(source: ParsedSource | DesignSources) -> Plan:
    blocks: list[Block] = []
    functions: dict[str, InstrumentedFunction] = {}
    loop_blocks: dict[int, Block] = {}
    for name, function in source.functions.items():
        if name == "main":
            continue
        block = Block(len(blocks), BlockKind.FUNCTION, name, name, int(function.node.coord.line))
        blocks.append(block)
        functions[name] = InstrumentedFunction(function, Kernel(name, KernelKind.FUNCTION), block)
        for loop in function.all_loops():
            if loop.keyword_token is None:
                continue
            loop_block = Block(len(blocks), BlockKind.PIPELINED, loop.display_name, name, loop.line, ii=1, il=1,
                               loop=loop)
            blocks.append(loop_block)
            loop_blocks[id(loop)] = loop_block
    return Plan("", blocks, functions, loop_blocks, [], [], None, Baseline.SIMPLE)


def count_trip_counts(source: ParsedSource | DesignSources, testbench: Path,
                      toolchain: Toolchain | None = None) -> dict[int, int]:
    """``id(SourceLoop)`` -> mean trip count per entry (rounded up, at least 1)
    for every loop of the design's files the run entered."""
    toolchain = toolchain or Toolchain()
    sources = as_design(source)
    if not testbench.is_file():
        raise InputError(testbench, "no such testbench file", expected="a C file with main()")
    plan = counting_plan(sources)
    generated = generate_files(plan, sources, "(counted run)")
    with tempfile.TemporaryDirectory(prefix="hlsight-count-") as scratch_name:
        scratch = Path(scratch_name)
        program = build(sources, generated, testbench, scratch, toolchain)
        json_path = scratch / "hlsight_cycles.json"
        completed, _elapsed = run_program(program, json_path, toolchain)
        if not json_path.is_file():
            raise InputError(testbench, "the counted run ended before it wrote the trip counts: it "
                             + exit_cause(completed, toolchain),
                             expected="a testbench that returns from main or calls exit()")
        rows = {int(row["id"]): row for row in json.loads(json_path.read_text())["blocks"]}
    counted: dict[int, int] = {}
    for key, block in plan.loop_blocks.items():
        row = rows.get(block.id, {})
        entries, trips = int(row.get("entries", 0)), int(row.get("trip_count", 0))
        if entries:
            counted[key] = max(1, math.ceil(trips / entries))
    return counted
