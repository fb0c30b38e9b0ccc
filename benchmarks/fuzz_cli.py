"""Fuzz every reader through the real CLI (issue 16).

Seeds are real inputs from every front end: aoc JSON and JS layouts, the 15.1
mav.json, RTL (Verilog, VHDL, SystemVerilog), Vivado/Vitis XML and rpt, the
aggregated csynth.xml, a hints TOML and kernel sources (instrument). Each
mutant rewrites one seed file in a scratch copy of its case (bit flips,
truncation, chunk deletion/duplication, hostile tokens: 1e999, NaN, 5,000-digit
integers, deep nesting, markup, terminal escapes, ...), runs ``hlsight.cli.main``
in-process with a per-run time limit (SIGALRM), restores the file and
classifies the run:

* ``traceback``: an exception other than SystemExit escaped ``main``;
* ``slow``: over the time limit (the run is interrupted);
* ``bad-message``: a non-zero exit whose stderr is not exactly one line
  starting ``hlsight: error:``, or a compiler-style ``file:line[:col]:
  error:`` line for an error at a place in the user's source (gcc's and
  pycparser's, ``LocatedError``); argparse usage errors are not expected here;
* ``ok``: exit 0 or a one-line error.

    python benchmarks/fuzz_cli.py --mutants 10000 [--seed 1] [--limit 20] [--budget SECONDS]

Prints counts per seed and in total, and each failure's seed, mutation and
last traceback line (``--show`` failures kept). Deterministic for one --seed.

Measured 2026-11-23 (issue 16, --mutants 10000 --seed 1, shared 2-core
machine at load 5-9): 10,000 mutants of 24 seeds in 1,827 s (183 ms each):
0 tracebacks, 0 runs over 20 s, 0 bad messages; 4,218 exit 2 (one line),
5,782 exit 0; slowest run 3.31 s. Before the fixes a 240-mutant smoke run
found a traceback in the hints reader (non-UTF-8 TOML).
"""

from __future__ import annotations

import argparse
import io
import random
import re
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from hlsight.cli import main  # noqa: E402

CORPUS = REPO.parent / "shared" / "corpus"
INSTRUMENT = REPO.parent / "shared" / "instrument"
AOC = CORPUS / "aoc"
VIVADO = CORPUS / "vivado"


@dataclass(frozen=True)
class Seed:
    """One real input: ``case`` is copied once; ``target`` (relative to it)
    is the file mutated; ``argv`` runs the CLI on the copy (``{case}``)."""

    name: str
    case: Path
    target: str
    argv: tuple[str, ...] = ("analyze", "{case}")


SEEDS: tuple[Seed, ...] = (
    # aoc / oneAPI JSON layouts (lib/json, resources)
    Seed("aoc19.3 summary.json", AOC / "aoc19.3pro_s10gx_axpy/Aplications/Reports_S10GX_1866/AXPY",
         "lib/json/summary.json"),
    Seed("aoc19.3 mav.json", AOC / "aoc19.3pro_s10gx_axpy/Aplications/Reports_S10GX_1866/AXPY",
         "lib/json/mav.json"),
    Seed("aoc19.3 loops.json", AOC / "aoc19.3pro_s10gx_axpy/Aplications/Reports_S10GX_1866/AXPY",
         "lib/json/loops.json"),
    Seed("aoc19.3 area.json", AOC / "aoc19.3pro_s10gx_axpy/Aplications/Reports_S10GX_1866/AXPY",
         "lib/json/area.json"),
    Seed("aoc18.1pro quartus.json", AOC / "aoc18.1pro_s10gx_memprofile/Aplications/Reports_S10GX_1866/Vectoradd216",
         "lib/json/quartus.json"),
    Seed("aoc18.1pro info.json", AOC / "aoc18.1pro_s10gx_memprofile/Aplications/Reports_S10GX_1866/Vectoradd216",
         "lib/json/info.json"),
    # aoc JS layout
    Seed("oneapi20.3 report_data.js", AOC / "oneapi20.3_a10pac_samples/memory_attributes",
         "lib/report_data.js"),
    Seed("oneapi2022.1 gmv.json", AOC / "oneapi2022.1_a10pac_vector_add/reports", "lib/json/gmv.json",
         ("analyze", "{case}", "--set", "work_items=10000")),
    Seed("aoc17.1.1 report_data.js", AOC / "aoc17.1.1_a10_gridding/gridding_kernels_tile/reports",
         "lib/report_data.js"),
    # oneAPI 2025 .ndjson (parent-linked mav, loops; a fixture written in that layout)
    Seed("oneapi2025 mav.ndjson", REPO / "fixtures" / "oneapi2025_ndjson",
         "vadd.report.prj/reports/resources/json/mav.ndjson", ("analyze", "{case}/vadd.report.prj")),
    Seed("oneapi2025 loops.ndjson", REPO / "fixtures" / "oneapi2025_ndjson",
         "vadd.report.prj/reports/resources/json/loops.ndjson", ("analyze", "{case}/vadd.report.prj")),
    # channels: an autorun kernel counted from its feeder (decision 52), source and report
    Seed("aoc19.4 autorun feeder feed.cl", REPO / "fixtures" / "aoc19_autorun_feeder", "feed.cl",
         ("analyze", "{case}", "--set", "n=1000", "--set", "m=500")),
    Seed("aoc19.4 autorun feeder mav.json", REPO / "fixtures" / "aoc19_autorun_feeder", "reports/lib/json/mav.json",
         ("analyze", "{case}", "--set", "n=1000", "--set", "m=500")),
    # a cached load whose re-reads its cache holds (decision 56): the cache size warning, and the source
    Seed("aoc19.4 cached rows summary.json", REPO / "fixtures" / "aoc19_cached_rows", "reports/lib/json/summary.json",
         ("analyze", "{case}", "--set", "rows=64", "--set", "cols=1000")),
    Seed("aoc19.4 cached rows row_dot.cl", REPO / "fixtures" / "aoc19_cached_rows", "row_dot.cl",
         ("analyze", "{case}", "--set", "rows=64", "--set", "cols=1000")),
    # i++ 19.4 task functions: `Task:` loop rows and the specializations the function name mapping names
    Seed("i++19.4 task summary.json", CORPUS / "zaragoza/reports/hbm2/sobel-hiflipvx", "lib/json/summary.json"),
    Seed("i++19.4 task loops.json", CORPUS / "zaragoza/reports/hbm2/sobel-hiflipvx", "lib/json/loops.json"),
    # 15.1 mav.json
    Seed("aoc15.1 mav.json", AOC / "aoc15.1_c5soc_vector_add/vector_add/bin_vector_add", "mav.json"),
    # RTL: Verilog (14.0), VHDL (18.1), SystemVerilog (oneAPI 20.3)
    Seed("aoc14.0 Sobel.v", AOC / "aoc14.0_c5soc_sobel/Sobel", "Sobel.v"),
    Seed("aoc18.1 lsu .vhd", AOC / "aoc18.1_c5soc_vector_add/bin/vector_add",
         "kernel_hdl/vector_add/i_store_memdep_vector_add16.vhd"),
    Seed("oneapi20.3 lsu .sv", AOC / "oneapi20.3_a10pac_samples/vector_add_opt_2",
         "kernel_hdl/k0_ZTS9VectorAdd/k0_ZTS9VectorAdd_i_llvm_fpga_mem_unnamed0000d5_k0_zts9vectoradd0.sv"),
    # Vivado/Vitis per-module XML and rpt, aggregated csynth.xml
    Seed("vhls2019.2 module xml", VIVADO / "vhls2019.2_fibonacci", "fibonacci_csynth.xml"),
    Seed("vhls2019.2 module rpt", VIVADO / "vhls2019.2_fibonacci", "fibonacci_csynth.rpt"),
    Seed("vhls2019.1 nested loops xml", VIVADO / "vhls2019.1_unique_paths", "unique_paths_csynth.xml"),
    Seed("vhls2019.1 nested loops rpt", VIVADO / "vhls2019.1_unique_paths", "unique_paths_csynth.rpt"),
    Seed("vitis2022.2 aggregated csynth.xml", VIVADO / "vitis2022.2.2_machsuite_nw", "csynth.xml"),
    Seed("vitis2022.2 module rpt", VIVADO / "vitis2022.2.2_machsuite_nw", "needwun_csynth.rpt"),
    Seed("vitis2022.1 aggregated csynth.xml", VIVADO / "vitis2022.1_fault_detector", "csynth.xml"),
    Seed("vitis2023.2 module xml", VIVADO / "vitis2023.2_systolic_array", "systolic_array_csynth.xml"),
    Seed("vitis2021.2 module rpt", VIVADO / "vitis2021.2_ascon_aead", "crypto_aead_encrypt_csynth.rpt"),
    # hints TOML
    Seed("hints.toml", REPO / "fixtures" / "demo" / "vector_add", "hints.toml",
         ("analyze", "{case}/reports", "--hints", "{case}/hints.toml")),
    # kernel sources (the instrumenter's C front end) and the annotate path
    Seed("instrument main.c", INSTRUMENT / "vhls2019.1_unique_paths", "main.c",
         ("instrument", "{case}/main.c", "--report", "{case}/report", "--mode", "tripcount", "-o", "{out}")),
    Seed("annotate vitis rpt", VIVADO / "vhls2019.2_fibonacci", "fibonacci_csynth.rpt",
         ("annotate", "{case}", "-o", "{out}", "--force")),
)

HOSTILE_TOKENS: tuple[bytes, ...] = (
    b"1e999", b"-1e999", b"NaN", b"Infinity", b"-106", b"0", b"-1", b"?", b"undef", b"9" * 5000,
    b"0x7fffffffffffffff", b"18446744073709551616", b"[" * 3000, b"{\"a\":" * 1200, b"<a>" * 300,
    b"<img src=x onerror=alert(1)>", b"\x1b]0;pwned\x07", b"\x1b[31m", b"\n", b"\r\n", b"\x00",
    b"\"", b"'", b"\\", b"<!DOCTYPE x [<!ENTITY a \"b\">]>", b"&#10;", b"]]>", b"\xff\xfe",
    "\u202e".encode(), b"endmodule", b"module m;", b";", b",", b"}", b"]", b"(10000000)",
)


def mutate(data: bytes, rng: random.Random) -> tuple[bytes, str]:
    """One random mutation of ``data`` and its description."""
    size = len(data)
    kind = rng.choice(("flip", "truncate", "delete", "duplicate", "token", "number", "token", "number"))
    if kind == "flip" or size == 0:
        out = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            if out:
                out[rng.randrange(len(out))] = rng.randrange(256)
        return bytes(out), "flip bytes"
    start = rng.randrange(size)
    if kind == "truncate":
        return data[:start], f"truncate at {start}"
    end = min(size, start + rng.randint(1, 2000))
    if kind == "delete":
        return data[:start] + data[end:], f"delete {start}:{end}"
    if kind == "duplicate":
        return data[:end] + data[start:end] * rng.randint(1, 50) + data[end:], f"duplicate {start}:{end}"
    token = rng.choice(HOSTILE_TOKENS)
    if kind == "number":
        digits = [index for index in range(rng.randrange(size), size) if 48 <= data[index] <= 57][:1]
        if digits:
            first = last = digits[0]
            while first > 0 and 48 <= data[first - 1] <= 57:
                first -= 1
            while last < size and 48 <= data[last] <= 57:
                last += 1
            return data[:first] + token + data[last:], f"number at {first} -> {token[:20]!r}"
    return data[:start] + token + data[start:], f"insert {token[:20]!r} at {start}"


class Slow(BaseException):
    """Raised by the alarm: the run went over the time limit."""


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise Slow()


def run_once(argv: list[str], limit: float) -> tuple[str, int | None, str, float]:
    """(verdict, exit code, detail, seconds) of one in-process CLI run."""
    out, err = io.StringIO(), io.StringIO()
    start = time.monotonic()
    signal.setitimer(signal.ITIMER_REAL, limit)
    code: int | None = None
    verdict, detail = "ok", ""
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exit_:
                code = int(exit_.code or 0) if not isinstance(exit_.code, str) else 2
    except Slow:
        verdict, detail = "slow", f"over {limit:g} s"
    except RecursionError:
        verdict, detail = "traceback", "RecursionError"
    except Exception as error:
        verdict = "traceback"
        frames = traceback.extract_tb(error.__traceback__)[-2:]
        detail = f"{type(error).__name__}: {str(error)[:120]} at " + ", ".join(
            f"{Path(frame.filename).name}:{frame.lineno}" for frame in frames)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    seconds = time.monotonic() - start
    stderr = err.getvalue()
    one_line = bool(_ONE_ERROR.match(stderr)) and stderr.count("\n") == 1
    if verdict == "ok" and code not in (0, None) and not one_line:
        verdict, detail = "bad-message", repr(stderr[:300])
    return verdict, code, detail, seconds


#: the start of the one line an error is: hlsight's own, or a located one
_ONE_ERROR = re.compile(r"hlsight: error: |[^\n]+:\d+(?::\d+)?: error: ")


def main_fuzz() -> int:
    parser = argparse.ArgumentParser(description="fuzz hlsight's readers through the CLI")
    parser.add_argument("--mutants", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=float, default=20.0, help="seconds per run")
    parser.add_argument("--budget", type=float, default=None, help="stop after this many seconds")
    parser.add_argument("--show", type=int, default=30, help="failures to print")
    args = parser.parse_args()
    summary = fuzz(args.mutants, args.seed, args.limit, args.budget, print_failures=args.show)
    return 0 if summary["traceback"] == summary["slow"] == summary["bad-message"] == 0 else 1


def fuzz(mutants: int, seed: int, limit: float, budget: float | None = None, print_failures: int = 30,
         seeds: tuple[Seed, ...] = SEEDS, log: Callable[[str], None] = print) -> Counter[str]:
    """Run ``mutants`` mutants spread over ``seeds``; return verdict counts."""
    rng = random.Random(seed)
    signal.signal(signal.SIGALRM, _alarm)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    totals: Counter[str] = Counter()
    per_seed: dict[str, Counter[str]] = {}
    slowest = (0.0, "")
    shown = 0
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="hlsight-fuzz-") as scratch:
        copies = {}
        for index, item in enumerate(seeds):
            copy = Path(scratch) / f"case{index}"
            shutil.copytree(item.case, copy)
            copies[item.name] = (copy, (copy / item.target).read_bytes())
        for number in range(mutants):
            if budget is not None and time.monotonic() - started > budget:
                log(f"budget of {budget:g} s reached after {number} mutants")
                break
            item = seeds[number % len(seeds)]
            copy, original = copies[item.name]
            target = copy / item.target
            data, how = mutate(original, rng)
            target.write_bytes(data)
            out_dir = Path(scratch) / "out"
            argv = [part.replace("{case}", str(copy)).replace("{out}", str(out_dir)) for part in item.argv]
            try:
                verdict, code, detail, seconds = run_once(argv, limit)
            finally:
                target.write_bytes(original)
                if out_dir.is_dir() and not out_dir.is_symlink():
                    shutil.rmtree(out_dir)
                elif out_dir.exists() or out_dir.is_symlink():
                    out_dir.unlink()
            totals[verdict] += 1
            totals[f"exit {code}"] += 1
            per_seed.setdefault(item.name, Counter())[verdict] += 1
            if seconds > slowest[0]:
                slowest = (seconds, f"{item.name}: {how}")
            if verdict != "ok" and shown < print_failures:
                shown += 1
                log(f"[{verdict}] {item.name}: {how}: {detail}")
    elapsed = time.monotonic() - started
    runs = sum(per_seed_counts.total() for per_seed_counts in per_seed.values())
    log(f"\n{runs} mutants of {len(per_seed)} seeds in {elapsed:.0f} s ({elapsed / max(runs, 1) * 1000:.0f} ms each)")
    for name, counts in per_seed.items():
        log(f"  {name:36} " + " ".join(f"{key} {value}" for key, value in sorted(counts.items())))
    log("total: " + ", ".join(f"{key} {value}" for key, value in sorted(totals.items())))
    log(f"slowest run: {slowest[0]:.2f} s ({slowest[1]})")
    totals["runs"] = runs
    return totals


if __name__ == "__main__":
    sys.exit(main_fuzz())
