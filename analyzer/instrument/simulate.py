"""``hlsight simulate``: instrument (pass 2), compile with gcc, run the user's
testbench and collect the per-block cycle table (HLScope+ section II-B: the
cycle estimate comes out of a plain software run).

The instrumented design files are written to a scratch directory under their
original names, next to the generated header; the original directories stay
on the include path so the user's headers are found. A testbench that
``#include``s a design source gets the instrumented copy (it is copied to the
scratch directory too, and quoted includes search the includer's directory
first).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hlsight.analyzer.instrument.codegen import HEADER_NAME, Instrumented
from hlsight.analyzer.instrument.cycles import ParsedSource, instrument_cycles
from hlsight.analyzer.instrument.design_sources import DesignSources, as_design, check_roles
from hlsight.analyzer.instrument.design_tree import design_tree
from hlsight.analyzer.instrument.extra_definitions import check_top, extra_definitions
from hlsight.analyzer.instrument.plan import Baseline, BlockKind
from hlsight.analyzer.instrument.report_bounds import LoopRun, above_report, guessed_trip_counts, trips_above_report
from hlsight.analyzer.memory_profiles import MemoryProfile
from hlsight.analyzer.results import CosimComparison
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.errors import InputError, LocatedError
from hlsight.core.model import Design, Kernel
from hlsight.parsers.csource.includes import includes_file
from hlsight.parsers.cxx import CXX_SUFFIXES
from hlsight.parsers.cxx.hls_headers import find_hls_headers

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
    #: the C function whose text holds the loop, when HLS inlined it into the function listed
    inlined_from: str = ""
    #: the design source holding the loop's text (``line`` is in it)
    file: str = ""
    #: cycles each iteration adds on its longest path: a loop whose iteration
    #: latency is a range is counted at the minimum (HLScope+ III-B); 0 otherwise
    il_spread: int = 0


@dataclass
class FunctionCycles:
    name: str
    module: str
    line: int
    calls: int
    cycles: int
    loops: list[LoopCycles] = field(default_factory=list)
    #: calls the testbench made itself (a software reference model), not
    #: under the top: not in ``calls`` or ``cycles``
    calls_outside_top: int = 0
    #: the design source that defines the function (``line`` is in it)
    file: str = ""


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
    #: every design source (``source`` is the first)
    sources: list[str] = field(default_factory=list)
    #: the simulated cycles per call beside the solution's co-simulation, if it has one
    cosim: CosimComparison | None = None

    @property
    def seconds(self) -> float | None:
        return None if self.clock_ns is None else self.cycles * self.clock_ns * 1e-9

    @property
    def cycles_longest_paths(self) -> int:
        """``cycles`` with every iteration of a path-dependent loop on its
        longest path: the simulated count takes the minimum (HLScope+ III-B),
        so the run lies between the two (a public Vivado 2017.1 convolution:
        2,490,881 simulated, its bounds test taken on the long path 586,756
        times of 589,824)."""
        return self.cycles + sum(loop.il_spread * loop.trip_count_total
                                 for function in self.functions for loop in function.loops)


#: C++ units (HLS C++ kernels, C++ testbenches) get these instead of DEFAULT_FLAGS' -std
CXX_STANDARD = "-std=c++14"


@dataclass
class Toolchain:
    compiler: str = "gcc"
    cxx_compiler: str = "g++"
    flags: tuple[str, ...] = DEFAULT_FLAGS
    libraries: tuple[str, ...] = ("-lm",)
    timeout_s: float = 600.0
    #: further C files of the design or testbench, compiled unchanged
    extra_sources: tuple[Path, ...] = ()
    #: the folder the testbench runs in (``--run-dir``): where its relative
    #: data paths resolve. ``None``: the build folder, so nothing the
    #: testbench writes lands beside the user's files.
    run_dir: Path | None = None


#: Said when a testbench fails in the build folder: it may read data files by relative path.
RUN_DIR_HINT = ("it ran in a temporary build folder: a testbench that opens data files by relative path needs"
                " --run-dir DIR, e.g. its own folder, where 'vitis_hls csim' finds them")


def exit_cause(completed: subprocess.CompletedProcess[bytes], toolchain: Toolchain) -> str:
    """How a testbench run ended, for the message that stops: a signal is a
    crash, not a missing data file (a public Vitis sobel testbench wrote
    720 x 1280 pixels into a 718 x 1278 buffer: SIGSEGV at -O2, silent at
    -O0, and hlsight suggested --run-dir)."""
    code = completed.returncode
    tail = completed.stderr.decode(errors="replace").strip().splitlines()[-1:] or [""]
    said = f": {tail[0]}" if tail[0] else ""
    if not said:
        # a testbench that reports on stdout (a public FIR's "ERROR: Can't open stimulus_01.res",
        # then exit(999)): its last line there is the reason
        printed = (completed.stdout or b"").decode(errors="replace").strip().splitlines()[-1:] or [""]
        said = f" after printing \"{printed[0][:200]}\"" if printed[0] else ""
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = "an unknown signal"
        optimised = [flag for flag in toolchain.flags if flag.startswith("-O") and flag != "-O0"]
        lower = f"; with --cflags \"... -O0\" (here {optimised[-1]}) it may pass" if optimised else ""
        return (f"was killed by signal {-code} ({name}){said}: a crash in the testbench or the design code, e.g. an"
                f" out-of-bounds array access (find it with --cflags \"... -g -fsanitize=address\"){lower}")
    where = "" if toolchain.run_dir is not None else f"; {RUN_DIR_HINT}"
    return f"exited with status {code}{said}{where}"


def _compiler(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise InputError(None, f"C compiler '{name}' not found", expected="gcc on PATH")
    return found


def is_cxx_file(path: Path) -> bool:
    return path.suffix in CXX_SUFFIXES


def _cxx_flags(flags: tuple[str, ...]) -> list[str]:
    """The C flags for a C++ unit: a C ``-std=`` becomes ``CXX_STANDARD``."""
    out = [flag for flag in flags if not (flag.startswith("-std=") and "++" not in flag)]
    if not any(flag.startswith("-std=") for flag in out):
        out.insert(0, CXX_STANDARD)
    return out


def _run_compiler(command: list[str], toolchain: Toolchain) -> str | None:
    try:
        completed = subprocess.run(command, capture_output=True, text=True, check=False,
                                   timeout=toolchain.timeout_s)
    except subprocess.TimeoutExpired:
        return f"the compiler did not finish within {toolchain.timeout_s:g} s"
    if completed.returncode == 0:
        return None
    lines = completed.stderr.splitlines()
    duplicate = _multiple_definition(lines)
    if duplicate is not None:
        return duplicate
    # a link error's cause is the undefined symbol, not "ld returned 1 exit status"
    references = [line for line in lines if "undefined reference to " in line]
    if references:
        undefined = [line.split("undefined reference to ", 1)[1] for line in references]
        names = ", ".join(dict.fromkeys(undefined))
        # the file whose code calls it (``tb.cpp:(.text+0x1e0): undefined reference to``), when one is:
        # a stale testbench's declaration is the testbench's error, not the design's
        callers = {found.group(1) for line in references if (found := _REFERENCING.match(line)) is not None}
        where = f"{callers.pop()}: " if len(callers) == 1 else ""
        if any("(" in name for name in undefined):
            # a C++ name: also the testbench declaring a function the source defines extern "C" (a public
            # FFT's tb_core.cpp), or with other parameters (a public AXI DMA controller's), which no --extra
            # file fixes
            return (f"{where}undefined reference to {names} (a function in a file not given: --extra FILE; or"
                    " declared with other parameters than its definition, or without extern \"C\" where its"
                    " definition has it, or the other way round)")
        return f"{where}undefined reference to {names} (a function in a file not given: --extra FILE)"
    located = (line for line in lines if (found := _LOCATED.match(line)) is not None and "error" in found["severity"])
    return next(located, next((line for line in lines if "error" in line), lines[0] if lines else
                              "the compiler failed"))


#: the linker's ``file.c:(.text+0x1e0): undefined reference to`` (the object's file symbol: a bare name)
_REFERENCING = re.compile(r"^(?:/usr/bin/ld: )?([^\s:/()]+):\(\.text")
#: gcc's and clang's ``file:line[:col]: severity: message``
_LOCATED = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?:(?P<column>\d+):)? "
                      r"(?P<severity>(?:fatal )?error|warning|note): (?P<message>.*)$")


#: the linker's ``FILE:(.text+0x0): multiple definition of `X'; OBJ:FILE:(.text+0x0): first defined here``
_MULTIPLE = re.compile(r"^(?P<again>.*?):\(\S*\): multiple definition of [`'‘](?P<name>.+?)['’]; "
                       r"(?P<first>.*?):\(\S*\): first defined here")


def _multiple_definition(lines: list[str]) -> str | None:
    """A symbol two linked files define, said with both files (the linker's
    own last line, ``ld returned 1 exit status``, names neither). The first
    file comes after the object's name (``/tmp/cc1.o:merge.c``)."""
    for line in lines:
        found = _MULTIPLE.match(line)
        if found is None:
            continue
        name, again = found["name"], found["again"]
        first = found["first"].rsplit(".o:", 1)[-1]
        if first == again:
            return (f"{again}: multiple definition of '{name}': defined twice in files of this name (one file"
                    " compiled twice, or two files of one name: give each file once, as a design source, --extra"
                    " or the testbench)")
        if name == "main":  # the kernel and its test in one file, and a testbench given too
            return (f"{again}: multiple definition of 'main', also defined in {first}: where a design file"
                    " defines main() itself, leave out --testbench (its main() is the program's)")
        # a public 2017.2 mergesort's testbench defines the design's global `h` again, which Vivado's
        # own C simulation linked; the GNU linker can do the same, keeping the first definition
        return (f"{again}: multiple definition of '{name}', also defined in {first} (keep one definition, or make"
                " one static; or link as a tool that accepted it did: --cflags '-Wl,--allow-multiple-definition'"
                " keeps the first)")
    return None


#: compiler options that name an include folder, as one argument or with the folder joined
INCLUDE_OPTIONS = ("-I", "-isystem", "-iquote", "-idirafter")


def flag_include_dirs(flags: Sequence[str]) -> list[Path]:
    """The include folders ``--cflags`` names (``-I DIR``, ``-IDIR``,
    ``-isystem DIR`` ...): the source is preprocessed for parsing with the
    same search path the compile uses (a public SHA-3's ``-I src/inc`` for
    ``ap_cint.h`` was found by gcc but not by the parse)."""
    folders: list[Path] = []
    items = iter(flags)
    for item in items:
        option = next((name for name in INCLUDE_OPTIONS if item.startswith(name)), None)
        if option is None:
            continue
        folder = item[len(option):] or next(items, "")
        if folder:
            folders.append(Path(folder))
    return folders


def compile_program(sources: list[Path], output: Path, include_dirs: list[Path], toolchain: Toolchain,
                    c_as_cxx: bool = False) -> str | None:
    """Compile and link; return the compiler's first error line, or ``None``
    on success. C units are compiled with ``toolchain.compiler`` (as C++ with
    ``c_as_cxx``), C++ units (by suffix) with ``toolchain.cxx_compiler``,
    which then also links."""
    includes = [part for directory in include_dirs for part in ("-I", str(directory))]
    if not c_as_cxx and not any(is_cxx_file(path) for path in sources):
        command = [_compiler(toolchain.compiler), *toolchain.flags, *includes]
        command += [str(path) for path in sources] + ["-o", str(output), *toolchain.libraries]
        return _run_compiler(command, toolchain)
    objects: list[str] = []
    for index, path in enumerate(sources):
        cxx = is_cxx_file(path) or c_as_cxx
        compiler = _compiler(toolchain.cxx_compiler if cxx else toolchain.compiler)
        flags = _cxx_flags(toolchain.flags) if cxx else list(toolchain.flags)
        if cxx and not is_cxx_file(path):
            flags = ["-x", "c++", *flags]
        target = output.parent / f"{output.name}.{index}.o"
        failure = _run_compiler([compiler, *flags, *includes, "-c", str(path), "-o", str(target)], toolchain)
        if failure is not None:
            return failure
        objects.append(str(target))
    command = [_compiler(toolchain.cxx_compiler), *objects, "-o", str(output), *toolchain.libraries]
    return _run_compiler(command, toolchain)


def _compile_in(directory: Path, texts: Mapping[str, str], header: str, sources: DesignSources, testbench: Path,
                toolchain: Toolchain, program_name: str) -> tuple[Path, str | None]:
    """Write the design files (each under its own name), header and
    testbench into ``directory`` and compile them with the toolchain's extra
    sources; ``texts`` maps each design file's path to the text to build."""
    directory.mkdir(parents=True, exist_ok=True)
    tree = design_tree(sources, texts, directory)
    linked = tree.linked_folder(directory)  # a --keep folder is the user's: never written through a link out of it
    if linked is not None:
        raise InputError(linked[0], "a folder of the build is a symbolic link; refusing to write the copy of"
                         f" {linked[1]} through it", expected="a --keep folder hlsight wrote")
    for target, text in {**tree.units, **tree.headers}.items():
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
    copies = {target: tree.originals[target] for target in tree.units}
    (directory / HEADER_NAME).write_text(header, encoding="utf-8")
    try:
        bench_text = testbench.read_text(encoding="utf-8", errors="replace")
    except OSError as error:
        raise InputError(testbench, f"cannot read the testbench: {error.strerror}", expected="a C file") from None
    bench = directory / f"hlsight_tb_{testbench.name}"
    bench.write_text(bench_text, encoding="utf-8")
    # a design file the testbench #includes is compiled as part of it
    units = [copy for copy in copies if not includes_file(bench_text, copy.name)] + [bench]
    units += [extra.resolve() for extra in toolchain.extra_sources]
    include_dirs = [directory, *dict.fromkeys(file.path.resolve().parent for file in sources.files),
                    testbench.resolve().parent, *dict.fromkeys(folder for file in sources.files
                                                               for folder in file.include_dirs)]
    headers = next((file.headers for file in sources.files if file.headers is not None), None)
    if headers is not None:
        include_dirs.append(headers.directory)
    elif is_cxx_file(testbench):
        include_dirs.append(find_hls_headers().directory)
    program = directory / program_name
    given = {bench: testbench, **copies, **{target: tree.originals[target] for target in tree.headers},
             **{extra.resolve(): extra for extra in toolchain.extra_sources}}
    failure = _user_paths(compile_program(units, program, include_dirs, toolchain), given)
    # A C testbench calling C++ functions without extern "C": compile it as C++
    # too (the kernel's own extern "C" declarations are the other case, tried first).
    if failure is not None and sources.is_cxx and not all(is_cxx_file(unit) for unit in units) \
            and compile_program(units, program, include_dirs, toolchain, c_as_cxx=True) is None:
        return program, None
    return program, failure


def _user_paths(failure: str | None, copies: Mapping[Path, Path]) -> str | None:
    """The compiler's message with the scratch copies named as the files the
    user gave (the copies are gone after the run)."""
    if failure is None:
        return None
    for copy, original in copies.items():
        failure = failure.replace(str(copy), str(original))
    # the linker names a file by its bare name (the object's file symbol): ``merge.c:(.text+0x0)``
    for copy, original in copies.items():
        failure = re.sub(rf"(?<![\w./-]){re.escape(copy.name)}(?![\w.-])", str(original).replace("\\", "\\\\"),
                         failure)
    return failure


def _compile_error(failure: str, context: str, sources: DesignSources, testbench: Path, extras: Sequence[Path],
                   expected: str | None = None) -> InputError:
    """The compiler's first error as one diagnostic naming its file once:
    gcc's ``file:line:col: error: message`` stays that (the testbench's error
    against the testbench, a design or --extra file's against that file,
    a header's against the header), a multiple definition is
    ``file: error: ...``; an error naming no file (an undefined reference) is
    said against the first design source."""
    found = _LOCATED.match(failure)
    if found is not None:
        return LocatedError(found["file"], int(found["line"]), int(found["column"]) if found["column"] else None,
                            found["severity"], found["message"], context, expected)
    for path in (testbench, *(file.path for file in sources.files), *extras):
        if failure.startswith(f"{path}: "):
            return LocatedError(path, None, None, "error", failure[len(f"{path}: "):], context, expected)
    return InputError(sources.path, f"{context}: {failure}", expected=expected)


def build(source: ParsedSource | DesignSources, instrumented: Instrumented, testbench: Path, scratch: Path,
          toolchain: Toolchain, instrumented_build: bool = True) -> Path:
    """Write the sources to ``scratch`` and compile; raise InputError when the
    user's (uninstrumented) program does not compile."""
    sources = as_design(source)
    original = {str(file.path): file.text.text for file in sources.edited_files}
    texts = (instrumented.texts or {str(sources.path): instrumented.source}) if instrumented_build else original
    name = "instrumented" if instrumented_build else "original"
    program, failure = _compile_in(scratch, texts, instrumented.header, sources, testbench, toolchain, name)
    if failure is None:
        return program
    if instrumented_build:
        _plain, original_failure = _compile_in(scratch / "plain", original, "", sources, testbench, toolchain,
                                               "original")
        if original_failure is not None:
            raise _compile_error(original_failure, "the program does not compile", sources, testbench,
                                 toolchain.extra_sources, _COMPILES[sources.is_cxx])
        raise _compile_error(failure, "the instrumented program does not compile (an hlsight bug)", sources,
                             testbench, toolchain.extra_sources)
    raise _compile_error(failure, "the program does not compile", sources, testbench, toolchain.extra_sources,
                         _COMPILES[sources.is_cxx])


#: What a kernel and its testbench must be, C or C++.
_COMPILES = {False: "C that gcc compiles with the testbench (and --extra files)",
             True: "C++ that g++ compiles with the testbench (and --extra files)"}


#: At most this much of the testbench's stdout and stderr is kept (each).
OUTPUT_CAP_BYTES = 16 * 1024 * 1024


def _check_keep(keep: Path, inputs: list[Path]) -> None:
    """``--keep DIR`` must not be where an input lives: the instrumented
    kernel is written there under the source's own name. DIR is created,
    never the folders above it."""
    if not keep.parent.is_dir():
        raise InputError(keep, f"no such directory: {keep.parent}",
                         expected="--keep DIR in an existing folder (hlsight creates DIR only)")
    for item in inputs:
        if item.resolve().parent == keep:
            raise InputError(keep, f"--keep would overwrite files next to {item.name}",
                             expected="a folder that holds none of the inputs")


def _read_capped(path: Path) -> bytes:
    with path.open("rb") as stream:
        data = stream.read(OUTPUT_CAP_BYTES + 1)
    if len(data) > OUTPUT_CAP_BYTES:
        return data[:OUTPUT_CAP_BYTES] + b"\n[hlsight: output truncated]\n"
    return data


def run_program(program: Path, json_path: Path | None, toolchain: Toolchain,
                arguments: tuple[str, ...] = ()) -> tuple[subprocess.CompletedProcess[bytes], float]:
    """Run the program in ``toolchain.run_dir`` (default: its own folder);
    stdout and stderr go to files beside the program and are read back
    capped at OUTPUT_CAP_BYTES."""
    program = program.resolve()
    environment = dict(os.environ)
    environment.pop("HLSIGHT_TABLE", None)
    environment.pop("HLSIGHT_JSON", None)
    if json_path is not None:
        environment["HLSIGHT_JSON"] = str(json_path.resolve())
    out_path, err_path = program.parent / "hlsight_stdout.txt", program.parent / "hlsight_stderr.txt"
    started = time.perf_counter()
    try:
        with out_path.open("wb") as out, err_path.open("wb") as err:
            returncode = subprocess.run([str(program), *arguments], stdout=out, stderr=err, env=environment,
                                        timeout=toolchain.timeout_s, check=False,
                                        cwd=toolchain.run_dir or program.parent).returncode
    except subprocess.TimeoutExpired:
        raise InputError(program, f"the testbench did not finish within {toolchain.timeout_s:g} s") from None
    elapsed = time.perf_counter() - started
    completed = subprocess.CompletedProcess([str(program), *arguments], returncode, _read_capped(out_path),
                                            _read_capped(err_path))
    return completed, elapsed


def simulate(source: ParsedSource | DesignSources, design: Design, report: str, testbench: Path,
             top: str | None = None, baseline: Baseline = Baseline.FULL, memory: MemoryProfile | None = None,
             toolchain: Toolchain | None = None, keep: Path | None = None) -> SimulationResult:
    """Instrument the design's files, build them with the testbench (and the
    ``--extra`` files, unchanged), run it and read back the cycle table."""
    toolchain = toolchain or Toolchain()
    sources = as_design(source)
    if not testbench.is_file():
        raise InputError(testbench, "no such testbench file", expected="a C file with main()")
    check_roles([file.path for file in sources.files], toolchain.extra_sources, testbench)
    check_top(sources.functions, design, top, toolchain.extra_sources, sources.path)
    instrumented = instrument_cycles(sources, design, report, top, baseline, memory)
    instrumented.diagnostics.extend(
        extra_definitions(instrumented.plan, sources.functions, design, toolchain.extra_sources))
    if keep is not None:
        keep = keep.resolve()
        _check_keep(keep, [*(file.path for file in sources.files), testbench, *toolchain.extra_sources])
    with tempfile.TemporaryDirectory(prefix="hlsight-sim-") as scratch_name:
        scratch = keep if keep is not None else Path(scratch_name)
        scratch.mkdir(exist_ok=True)
        program = build(sources, instrumented, testbench, scratch, toolchain)
        json_path = scratch / "hlsight_cycles.json"
        completed, elapsed = run_program(program, json_path, toolchain)
        if not json_path.is_file() and (not instrumented.plan.functions or completed.returncode == 0):
            # nothing was instrumented (warned), or main returned without entering an instrumented
            # block (the table is registered at the first): 0 cycles, said as the top never called
            json_path.write_text('{"blocks": []}', encoding="utf-8")
        if not json_path.is_file():
            # the table is registered at the first instrumented block and written at exit: a
            # program that exited without one never called the top (a crash can end either way)
            when = "before the cycle table was written" if completed.returncode < 0 else \
                "before it called the top (no cycle table was written)"
            raise InputError(testbench, f"the testbench ended {when}: it " + exit_cause(completed, toolchain),
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
                                      file=str(sources.path)))
    result = _collect(instrumented, table, sources, report, completed.returncode, elapsed, diagnostics)
    result.program_output = completed.stdout.decode(errors="replace")
    called = next((function for function in result.functions if function.name == result.top), None)
    per_call = called.cycles / called.calls if called is not None and called.calls else None
    # the co-simulation check is sympy: imported here, not by ``instrument``, which builds with this module
    from hlsight.analyzer.cosim_check import compare_simulated

    result.cosim, found = compare_simulated(design, result.top, per_call, called.calls if called is not None else None)
    result.diagnostics.extend(found)
    return result


def _collect(instrumented: Instrumented, table: dict[str, Any], source: DesignSources, report: str,
             exit_code: int, elapsed: float, diagnostics: list[Diagnostic]) -> SimulationResult:
    plan = instrumented.plan
    rows: dict[int, dict[str, Any]] = {int(row["id"]): row for row in table.get("blocks", []) if isinstance(row, dict)}
    functions: list[FunctionCycles] = []

    def file_of(function: str) -> str:
        """Where ``function`` is written: a design file, or the user header of a template instance."""
        return plan.files.get(function) or str(source.file_of(function).path)

    for name, item in plan.functions.items():
        row = rows.get(item.block.id, {})
        function = FunctionCycles(name, item.kernel.name, item.block.line, int(row.get("entries", 0)),
                                  int(row.get("cycles", 0)), calls_outside_top=int(row.get("entries_outside_top", 0)),
                                  file=file_of(name))
        for block in plan.blocks:
            if block.module_function != name or block.kind is BlockKind.FUNCTION:
                continue
            loop_row = rows.get(block.id, {})
            function.loops.append(LoopCycles(block.name, block.report_name, block.line, block.kind.value,
                                             int(loop_row.get("entries", 0)), int(loop_row.get("trip_count", 0)),
                                             int(loop_row.get("cycles", 0)),
                                             block.function if block.function != name else "",
                                             file_of(block.function or name), block.il_spread))
        functions.append(function)
    # the DRAM terms (--memory, section IV) add time the report's schedule does not hold
    dram = any(int(row.get("bus_cycles", 0)) for row in rows.values())
    diagnostics.extend(trips_above_report(
        LoopRun(block.name, block.report_name, block.fixed_trip, int(rows.get(block.id, {}).get("entries", 0)),
                int(rows.get(block.id, {}).get("trip_count", 0)), block.loop.unroll_factor or 1,
                file_of(block.function), block.line, block.module_function)
        for block in plan.blocks if block.fixed_trip is not None and block.loop is not None
        and not block.loop.has_pragma("loop_tripcount")))
    if not dram and not guessed_trip_counts(block.loop for block in plan.blocks if block.loop is not None):
        diagnostics.extend(above_report((function.name, plan.functions[function.name].kernel, function.calls,
                                         function.cycles, function.file, function.line) for function in functions))
    top = next((f for f in functions if f.name == plan.top), None)
    top_kernel = plan.functions[plan.top].kernel if plan.top in plan.functions else None
    zero_in_report = (top_kernel is not None and top_kernel.latency is not None
                      and top_kernel.latency.min == top_kernel.latency.max == 0)
    # a top whose report latency is an exact 0 (a combinational function) takes 0 cycles: nothing to warn
    if top is None or (top.cycles == 0 and not (zero_in_report and top.calls)):
        why = ("the top function is not instrumented (see the warnings above)" if top is None
               else "the testbench never called the top function" if top.calls == 0
               else "the report gives no latency for what ran (see the warnings above)")
        diagnostics.append(Diagnostic("simulate-zero-cycles", Severity.WARNING,
                                      f"the estimate is 0 cycles: {why}", file=str(source.path)))
    total = top.cycles if top else 0
    if top is not None and top_kernel is not None:
        total = _calls_at_interval(top_kernel, top.cycles, top.calls, diagnostics, str(source.path))
    return SimulationResult(str(source.path), report, plan.top, plan.baseline.value, plan.clock_ns,
                            total, functions, exit_code, elapsed, diagnostics,
                            sources=[str(file.path) for file in source.files])


def _calls_at_interval(kernel: Kernel, cycles: int, calls: int, diagnostics: list[Diagnostic], file: str) -> int:
    """The run's total where every call took the top's fixed latency: the
    RTL starts a call every interval the report gives, not after the last
    call's latency (a public 2023.1 pipelined top, latency 3 and interval 1:
    1,000 calls summed to 3,000 cycles, co-simulation's rule gives 1,002).
    (calls - 1) x interval + latency, where the interval is below the
    latency; the per-call count, compared with co-simulation, stays the
    latency. Calls that do not overlap stay summed (its unpipelined variant,
    latency 312 and interval 313, co-simulated one idle cycle more a call:
    312,999 for 1,000 calls, 312,000 summed)."""
    latency, interval = kernel.latency, kernel.interval
    if (calls < 2 or latency is None or interval is None or latency.min is None or latency.min != latency.max
            or interval.min is None or interval.min != interval.max or interval.min <= 0
            or interval.min >= latency.min or cycles != calls * latency.min):
        return cycles  # calls that do not overlap: each its latency (HLScope+ section III)
    total = (calls - 1) * interval.min + latency.min
    diagnostics.append(Diagnostic(
        "simulate-call-interval", Severity.NOTE,
        f"top '{kernel.name}': {calls:,} calls of {latency.min:,} cycles, one started every {interval.min:,} (the"
        f" report's interval): {total:,} cycles in all, not {cycles:,}", file=file))
    return total
