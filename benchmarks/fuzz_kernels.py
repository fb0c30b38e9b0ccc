"""Fuzz the source analysis with random OpenCL kernels (session 29).

Each kernel is drawn from the shapes the access walker reads (loops from a
work-item id by a launch size, conditional wraps and paced rows, bounds
with masks, remainders, shifts and conditionals of ids and sizes, two- and
three-dimensional launches, ``reqd_work_group_size``) and put through the
walker and the classifier, and every few through the whole pipeline in a
design with one LSU per access line. A run fails when anything raises or
takes over ``--limit`` seconds: hostile or odd code must give symbols or
"unknown", never a traceback (a divisor that is 0 at the first work-item,
``x % get_local_id(0)``, raised ZeroDivisionError; sympy's summation of a
remainder over an id ran for minutes).

    python benchmarks/fuzz_kernels.py [--kernels 2000] [--seed 1] [--limit 10]

Measured 2026-11-29 (seeds 4-6, 4,300 kernels, 1,700 of them through the
pipeline): 0 failures after the two fixes above (seed 4 found 2 exceptions
and 1 run over 10 s before them). Session 30 added hand-coalesced nests and
divisibility tests (decision 62); seed 2 then found a shift by 8 << 64 that
sympy never finished; after its fix seeds 2, 3 (400 each) and 7-18 (1,500
each, the later ones with falling nests): 0 failures. Seed 19 found a step
divided by a work-group size of 0 ("Invalid NaN comparison"); 0 failures
after its fix. Session 31 added three-deep nests and hotspot v9's wrapping
rows and blocks (decision 64): seeds 24-28, 1,500 each, 0 failures; seed
29 then found an equality whose side divides by the first work-item's id 0
(an offset's KroneckerDelta of nan, "Invalid NaN comparison"); 0 failures
after its fix (seeds 29, 30).
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

from hlsight.analyzer.access.classify import classify
from hlsight.analyzer.access.walker import walk_function
from hlsight.analyzer.pipeline import analyze
from hlsight.core.model import (
    LSU,
    Design,
    Kernel,
    KernelKind,
    LSUKind,
    LSUStyle,
    Product,
    SourceFile,
    SourceLocation,
    ToolInfo,
    Vendor,
)
from hlsight.parsers.csource import parse_c_text
from hlsight.parsers.csource.frontend import Dialect

_IDS = ["get_global_id(0)", "get_global_id(1)", "get_global_id(2)", "get_local_id(0)", "get_local_id(1)",
        "get_group_id(0)"]
_SIZES = ["get_global_size(0)", "get_global_size(1)", "get_global_size(2)", "get_local_size(0)",
          "get_num_groups(0)", "get_num_groups(1)", "n", "4", "64", "(get_global_size(0) * get_global_size(1))",
          "(get_global_size(0) * get_global_size(1) * get_global_size(2))", "0", "-3"]
_LEAVES = [*_IDS, *_SIZES, "x", "y", "i", "1", "16", "~1", "~0"]
_GROUPS = {"": None, "__attribute__((reqd_work_group_size(64,1,1)))\n": (64, 1, 1),
           "__attribute__((reqd_work_group_size(8,8,1)))\n": (8, 8, 1),
           "__attribute__((reqd_work_group_size(0,1,1)))\n": None}


class TooSlow(Exception):
    """A run over the time limit."""


@dataclass
class Tally:
    """What the runs came to."""

    kernels: int = 0
    unparsed: int = 0
    pipeline: int = 0
    failures: list[str] = field(default_factory=list)


class KernelMaker:
    """Random kernels of the shapes the walker reads, deterministic per seed."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def expression(self, depth: int = 0) -> str:
        draw = self.rng.random()
        if depth > 2 or draw < 0.3:
            return self.rng.choice(_LEAVES)
        if draw < 0.5:
            op = self.rng.choice(["+", "-", "*", "/", "%", "&", "<<", ">>"])
            return f"({self.expression(depth + 1)} {op} {self.expression(depth + 1)})"
        if draw < 0.6:
            # a divisibility test's value (blocks rounded up, decision 62)
            divisor = self.rng.choice(["16", "n", "0", "-4", "1"])
            test = self.rng.choice(["==", "!="])
            if self.rng.random() < 0.5:
                return (f"(({self.expression(depth + 1)}) % {divisor} {test} 0 ? {self.expression(depth + 1)} : "
                        f"{self.expression(depth + 1)})")
            return f"({self.expression(depth + 1)} + ({self.expression(depth + 1)} % {divisor} {test} 0))"
        if draw < 0.75:
            test = self.rng.choice(["<", "<=", ">", ">=", "==", "!="])
            return (f"({self.expression(depth + 1)} {test} {self.expression(depth + 1)} ? "
                    f"{self.expression(depth + 1)} : {self.expression(depth + 1)})")
        return f"({self.expression(depth + 1)} & ~{self.rng.choice(['1', '3', '7', '(64 - 1)', 'n'])})"

    def sweep(self) -> str:
        """A column that wraps and a row it may pace, in either order."""
        step, limit = self.rng.choice(["16", "1", "3", "0", "-16", "n"]), self.rng.choice(["48", "64", "0", "-5", "n"])
        column = self.rng.choice([f"x = x < {limit} ? x + {step} : 0;", f"x = x == {limit} ? 0 : x + {step};",
                                  f"x = (x + {step}) & 63;", f"x = {limit} > x ? x + {step} : 0;",
                                  f"x = x >= {limit} ? 0 : x + {step};"])
        row = self.rng.choice(["y = x == 0 ? y + 1 : y;", "if (x == 0) y++;", "y = x != 48 ? y : y + 1;",
                               "y = x == 0 ? y + 2 : y;", "if (x == 16) y++; else y--;",
                               # hotspot v9's rows wrapping once per pass, and its blocks (decision 64)
                               f"y = x == 0 ? (y == {limit} ? -1 : y + 1) : y; if (x == 0 && y == -1) b += 32;"])
        first, second = (column, row) if self.rng.random() < 0.5 else (row, column)
        test = (f"{self.rng.choice(['y', 'b'])} {self.rng.choice(['<', '<=', '!=', '>'])} "
                f"{self.rng.choice(['n', '4', '0', '-2'])}")
        start = f"int x = {self.rng.choice(['0', '16', '5', '-16'])}, y = {self.rng.choice(['0', '2', '-1'])}, b = 0;"
        if self.rng.random() < 0.5:
            return f"{start} do {{ a[x + y * 64] = 1; {first} {second} }} while ({test});"
        return f"{start} while ({test}) {{ a[x + y * 64] = 1; {first} {second} }}"

    def nest(self) -> str:
        """A nest coalesced by hand: a column reset where it wraps, the row
        moved (or not, or twice) in that branch or beside it."""
        width = self.rng.choice(["64", "n", "1", "0", "-3"])
        move = self.rng.choice(["y++;", "y += 2;", "y--;", "", "y = 0;", "--y;", "y += 32;"])
        if self.rng.random() < 0.3:  # a middle level between them (decision 64)
            height = self.rng.choice(["3", "n", "1", "0"])
            move = self.rng.choice([f"z++; if (z == {height}) {{ z = 0; {move} }}",
                                    f"if (z == {height} - 1) {{ z = 0; {move} }} else z++;",
                                    f"z++; if (z == {height}) z = 0; {move}"])
        wrap = self.rng.choice([f"x++; if (x == {width}) {{ x = 0; {move} }}",
                                f"if (x == {width} - 1) {{ {move} x = 0; }} else x++;",
                                f"if (x == {width}) {{ x = 0; {move} }} x++;",
                                f"x++; if (x == {width}) x = 0; if (x == 0) {{ {move} }}",
                                f"x += 16; if (x >= {width}) {{ x = 0; {move} }}",
                                f"x = x + 4; if (x == {width}) {{ {move} x = 0; }}",
                                f"if (++x == {width}) {{ x = 0; {move} }}",
                                f"x -= 4; if (x == -1) {{ x = {width} - 1; {move} }}",
                                f"x = x - 3; if (x < 0) {{ {move} x = {width}; }}"])
        test = f"y {self.rng.choice(['<', '<=', '!=', '>', '>='])} {self.rng.choice(['n', '4', '0', '-2'])}"
        start = (f"int x = {self.rng.choice(['0', '5', '70', '-1', 'n', '63'])}, "
                 f"y = {self.rng.choice(['0', '2', '-1', '9', 'n'])}, z = {self.rng.choice(['0', '2', '4'])};")
        access = self.rng.choice(["a[x + y * 64] = 1;", "a[y] = 1;", "a[y * n + x] = a[x];"])
        if self.rng.random() < 0.5:
            return f"{start} do {{ {access} {wrap} }} while ({test});"
        return f"{start} while ({test}) {{ {access} {wrap} }}"

    def kernel(self, number: int) -> tuple[str, tuple[int, int, int] | None]:
        attribute = self.rng.choice(list(_GROUPS))
        shape = self.rng.randrange(5)
        e = self.expression
        if shape == 0:
            body = f"for (int i = {e()}; i < {e()}; i += {e()}) a[i] = 0;"
        elif shape == 1:
            body = (f"int i = {e()}; while (i {self.rng.choice(['<', '<=', '!='])} {e()}) "
                    f"{{ a[i] = 1; i += {e()}; }}")
        elif shape == 2:
            body = self.sweep()
        elif shape == 3:
            body = f"int m = {e()}; for (int j = 0; j < m; j++) a[j + {e()}] = a[{e()}];"
        else:
            body = self.nest()
        text = f"{attribute}__kernel void k{number}(__global float *restrict a, int n) {{\n  {body}\n}}\n"
        return text, _GROUPS[attribute]


def _expire(_signal: int, _frame: FrameType | None) -> None:
    raise TooSlow


def _design(name: str, text: str, ndrange: bool) -> Design:
    lines = [number for number, line in enumerate(text.splitlines(), 1) if "a[" in line]
    lsus = [LSU(id=f"{name}/lsu{index}", kind=LSUKind.STORE if index % 2 else LSUKind.LOAD,
                style=LSUStyle.BURST_COALESCED, style_raw="Burst-coalesced", width_bits=32, is_global=True,
                location=SourceLocation("f.cl", line)) for index, line in enumerate(lines)]
    kind = KernelKind.NDRANGE if ndrange else KernelKind.SINGLE_WORK_ITEM
    return Design(tool=ToolInfo(Vendor.INTEL, Product.AOC, "19.4.0", command="aoc f.cl"), root=Path("/build"),
                  kernels=[Kernel(name=name, kind=kind, lsus=lsus)],
                  source_files=[SourceFile("/build/f.cl", "f.cl", text)])


def run(kernels: int, seed: int, limit: int, pipeline_every: int = 3) -> Tally:
    """Walk and classify ``kernels`` random kernels; every ``pipeline_every``-th
    also through :func:`analyze`."""
    maker = KernelMaker(seed)
    tally = Tally()
    previous = signal.signal(signal.SIGALRM, _expire)
    try:
        for number in range(kernels):
            text, group = maker.kernel(number)
            ndrange = maker.rng.random() < 0.7
            try:
                unit = parse_c_text(text, "f.cl", Dialect.OPENCL)
            except Exception:  # the generator's own nonsense pycparser rejects: not the walker's to read
                tally.unparsed += 1
                continue
            tally.kernels += 1
            signal.alarm(limit)
            try:
                for function in unit.functions().values():
                    for site in walk_function(unit, function, {unit.filename: unit.lines}, group).sites:
                        classify(site, ndrange)
                if number % pipeline_every == 0:
                    tally.pipeline += 1
                    analyze(_design(f"k{number}", text, ndrange), {"n": 100.0, "work_items": 256.0})
            except TooSlow:
                tally.failures.append(f"over {limit} s:\n{text}")
            except Exception:
                tally.failures.append(f"{traceback.format_exc(limit=-3)}\n{text}")
            finally:
                signal.alarm(0)
    finally:
        signal.signal(signal.SIGALRM, previous)
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kernels", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--limit", type=int, default=10, help="seconds per kernel")
    args = parser.parse_args()
    started = time.perf_counter()
    tally = run(args.kernels, args.seed, args.limit)
    for failure in tally.failures[:5]:
        print(failure)
    print(f"{tally.kernels} kernels ({tally.pipeline} through the pipeline, {tally.unparsed} not C) in "
          f"{time.perf_counter() - started:.0f} s: {len(tally.failures)} failures")
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
