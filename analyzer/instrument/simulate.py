"""``hlsight simulate``: instrument (pass 2), compile with gcc, run the user's
testbench and collect the per-block cycle table (HLScope+ section II-B: the
cycle estimate comes out of a plain software run).

The instrumented kernel is written to a scratch directory under the
original file name, next to the generated header; the original directories
stay on the include path so the user's headers are found. A testbench that
``#include``s the kernel source gets the instrumented copy (it is copied to
the scratch directory too, and quoted includes search the includer's
directory first).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hlsight.analyzer.instrument.codegen import HEADER_NAME, Instrumented
from hlsight.analyzer.instrument.cycles import ParsedSource, instrument_cycles
from hlsight.analyzer.instrument.plan import Baseline, BlockKind
from hlsight.analyzer.memory_profiles import MemoryProfile
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.errors import InputError
from hlsight.core.model import Design

DEFAULT_FLAGS = ("-std=c99", "-O2", "-Wno-unknown-pragmas")


@dataclass
class LoopCycles:
    name: str
    report_name: str
    line: int
    kind: str
    entries: int
    trip_count_total: int
    cycles: int


@dataclass
class FunctionCycles:
    name: str
    module: str
    line: int
    calls: int
    cycles: int
    loops: list[LoopCycles] = field(default_factory=list)


@dataclass
class SimulationResult:
    """What one instrumented run measured. ``cycles`` is the top function's
    total; ``seconds`` = cycles x clock period of the report."""

    source: str
    report: str
    top: str
    baseline: str
    clock_ns: float | None
    cycles: int
    functions: list[FunctionCycles]
    exit_code: int
    run_seconds: float
    diagnostics: list[Diagnostic] = field(default_factory=list)
    program_output: str = ""  # the testbench's stdout

    @property
    def seconds(self) -> float | None:
        return None if self.clock_ns is None else self.cycles * self.clock_ns * 1e-9


@dataclass
class Toolchain:
    compiler: str = "gcc"
    flags: tuple[str, ...] = DEFAULT_FLAGS
    libraries: tuple[str, ...] = ("-lm",)
    timeout_s: float = 600.0
    #: further C files of the design or testbench, compiled unchanged
    extra_sources: tuple[Path, ...] = ()


def _compiler(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise InputError(None, f"C compiler '{name}' not found", expected="gcc on PATH")
    return found


_INCLUDE_OF = r'#\s*include\s*"([^"]*{name})"'


def _includes_source(testbench_text: str, source_name: str) -> bool:
    return re.search(_INCLUDE_OF.format(name=re.escape(source_name)), testbench_text) is not None


def compile_program(sources: list[Path], output: Path, include_dirs: list[Path], toolchain: Toolchain) -> str | None:
    """Compile and link; return gcc's first error line, or ``None`` on success."""
    command = [_compiler(toolchain.compiler), *toolchain.flags]
    for directory in include_dirs:
        command += ["-I", str(directory)]
    command += [str(path) for path in sources] + ["-o", str(output), *toolchain.libraries]
    completed = subprocess.run(command, capture_output=True, text=True, check=False)
    if completed.returncode == 0:
        return None
    lines = completed.stderr.splitlines()
    return next((line for line in lines if "error" in line), lines[0] if lines else "gcc failed")


def _compile_in(directory: Path, kernel_text: str, header: str, source: ParsedSource, testbench: Path,
                toolchain: Toolchain, program_name: str) -> tuple[Path, str | None]:
    """Write kernel (under its own name), header and testbench into
    ``directory`` and compile them with the toolchain's extra sources."""
    directory.mkdir(parents=True, exist_ok=True)
    kernel = directory / source.path.name
    kernel.write_text(kernel_text, encoding="utf-8")
    (directory / HEADER_NAME).write_text(header, encoding="utf-8")
    try:
        bench_text = testbench.read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        raise InputError(testbench, f"cannot read the testbench: {error.strerror}", expected="a C file") from None
    bench = directory / f"hlsight_tb_{testbench.name}"
    bench.write_text(bench_text, encoding="utf-8")
    units = [bench] if _includes_source(bench_text, source.path.name) else [kernel, bench]
    units += [extra.resolve() for extra in toolchain.extra_sources]
    include_dirs = [directory, source.path.resolve().parent, testbench.resolve().parent]
    program = directory / program_name
    return program, compile_program(units, program, include_dirs, toolchain)


def build(source: ParsedSource, instrumented: Instrumented, testbench: Path, scratch: Path,
          toolchain: Toolchain, instrumented_build: bool = True) -> Path:
    """Write the sources to ``scratch`` and compile; raise InputError when the
    user's (uninstrumented) program does not compile."""
    text = instrumented.source if instrumented_build else source.unit.text
    name = "instrumented" if instrumented_build else "original"
    program, failure = _compile_in(scratch, text, instrumented.header, source, testbench, toolchain, name)
    if failure is None:
        return program
    if instrumented_build:
        _plain, original_failure = _compile_in(scratch / "plain", source.unit.text, "", source, testbench,
                                               toolchain, "original")
        if original_failure is not None:
            raise InputError(source.path, f"the program does not compile: {original_failure}",
                             expected="C that gcc compiles with the testbench")
        raise InputError(source.path, f"the instrumented program does not compile (an hlsight bug): {failure}")
    raise InputError(source.path, f"the program does not compile: {failure}",
                     expected="C that gcc compiles with the testbench")


def run_program(program: Path, json_path: Path | None, toolchain: Toolchain,
                arguments: tuple[str, ...] = ()) -> tuple[subprocess.CompletedProcess[bytes], float]:
    environment = dict(os.environ)
    environment.pop("HLSIGHT_TABLE", None)
    environment.pop("HLSIGHT_JSON", None)
    if json_path is not None:
        environment["HLSIGHT_JSON"] = str(json_path)
    started = time.perf_counter()
    try:
        completed = subprocess.run([str(program), *arguments], capture_output=True, env=environment,
                                   timeout=toolchain.timeout_s, check=False, cwd=program.parent)
    except subprocess.TimeoutExpired:
        raise InputError(program, f"the testbench did not finish within {toolchain.timeout_s:.0f} s") from None
    return completed, time.perf_counter() - started


def simulate(source: ParsedSource, design: Design, report: str, testbench: Path, top: str | None = None,
             baseline: Baseline = Baseline.FULL, memory: MemoryProfile | None = None,
             toolchain: Toolchain | None = None, keep: Path | None = None) -> SimulationResult:
    toolchain = toolchain or Toolchain()
    if not testbench.is_file():
        raise InputError(testbench, "no such testbench file", expected="a C file with main()")
    instrumented = instrument_cycles(source, design, report, top, baseline, memory)
    with tempfile.TemporaryDirectory(prefix="hlsight-sim-") as scratch_name:
        scratch = keep if keep is not None else Path(scratch_name)
        scratch.mkdir(parents=True, exist_ok=True)
        program = build(source, instrumented, testbench, scratch, toolchain)
        json_path = scratch / "hlsight_cycles.json"
        completed, elapsed = run_program(program, json_path, toolchain)
        if not json_path.is_file():
            tail = completed.stderr.decode(errors="replace").strip().splitlines()[-1:] or [""]
            raise InputError(testbench, f"the testbench exited with status {completed.returncode} before the "
                             f"cycle table was written {tail[0]}".rstrip(),
                             expected="a testbench that returns from main or calls exit()")
        table = json.loads(json_path.read_text(encoding="utf-8"))
    diagnostics = list(instrumented.diagnostics)
    if completed.returncode != 0:
        diagnostics.append(Diagnostic("simulate-exit-status", Severity.WARNING,
                                      f"the testbench exited with status {completed.returncode}",
                                      file=str(testbench)))
    if table.get("overflow"):
        diagnostics.append(Diagnostic("simulate-stack-overflow", Severity.ERROR,
                                      "block nesting exceeded the runtime stack: cycles are incomplete",
                                      file=str(source.path)))
    result = _collect(instrumented, table, source, report, completed.returncode, elapsed, diagnostics)
    result.program_output = completed.stdout.decode(errors="replace")
    return result


def _collect(instrumented: Instrumented, table: dict[str, Any], source: ParsedSource, report: str,
             exit_code: int, elapsed: float, diagnostics: list[Diagnostic]) -> SimulationResult:
    plan = instrumented.plan
    rows: dict[int, dict[str, Any]] = {int(row["id"]): row for row in table.get("blocks", []) if isinstance(row, dict)}
    functions: list[FunctionCycles] = []
    for name, item in plan.functions.items():
        row = rows.get(item.block.id, {})
        function = FunctionCycles(name, item.kernel.name, item.block.line, int(row.get("entries", 0)),
                                  int(row.get("cycles", 0)))
        for block in plan.blocks:
            if block.function != name or block.kind is BlockKind.FUNCTION:
                continue
            loop_row = rows.get(block.id, {})
            function.loops.append(LoopCycles(block.name, block.report_name, block.line, block.kind.value,
                                             int(loop_row.get("entries", 0)), int(loop_row.get("trip_count", 0)),
                                             int(loop_row.get("cycles", 0))))
        functions.append(function)
    top = next((f for f in functions if f.name == plan.top), None)
    return SimulationResult(str(source.path), report, plan.top, plan.baseline.value, plan.clock_ns,
                            top.cycles if top else 0, functions, exit_code, elapsed, diagnostics)
