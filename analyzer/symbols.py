"""The named quantities an estimate may leave open, and user values for them.

Reports do not contain the problem size, the access stride or the element
size; some lack fmax. Those stay sympy symbols in every estimate until the user
gives a value (``--set NAME=VALUE`` or ``--hints FILE.toml``). Per-LSU and
per-loop facts have dotted names (``lsu.<id>.stride``, ``loop.<name>.trip``).

Units are the ones users think in: ``fmax`` and ``f_dram`` in MHz, bytes,
counts. The models convert to SI internally.
"""

from __future__ import annotations

import ast
import difflib
import functools
import math
import operator
import re
import sys
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sympy

from hlsight.analyzer.access import access_free_symbols, parse_expression
from hlsight.analyzer.access.sources import defined_macros
from hlsight.analyzer.access.taken import Taken, settle, test_text
from hlsight.analyzer.implausible import implausible_ii
from hlsight.analyzer.interleaving import BANK_NAME, host_placed_memories, lsu_bank_name, placed_lsus, why_no_bank
from hlsight.analyzer.results import SourceFacts
from hlsight.core.errors import InputError
from hlsight.core.limits import reading
from hlsight.core.model import Design, Kernel, Loop, Product, Vendor

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


@dataclass(frozen=True)
class SymbolInfo:
    name: str
    unit: str
    description: str

    @property
    def symbol(self) -> sympy.Symbol:
        return sympy.Symbol(self.name, positive=True)


GLOBAL_SYMBOLS: dict[str, SymbolInfo] = {
    info.name: info
    for info in (
        SymbolInfo("work_items", "count", "NDRange global size / elements processed per buffer"),
        SymbolInfo("stride", "elements", "index stride delta of the global accesses (1 = contiguous)"),
        SymbolInfo("element_bytes", "bytes", "bytes of one element access (ls_bytes)"),
        SymbolInfo("fmax", "MHz", "kernel clock"),
        SymbolInfo("f_dram", "MHz", "DRAM I/O clock (data rate / 2)"),
    )
}

LSU_FIELDS: dict[str, str] = {
    "stride": "index stride of this LSU",
    "accesses": "number of accesses of this LSU (ls_acc)",
    "bytes": "bytes per access of this LSU (ls_bytes)",
}

#: Per m_axi port (bundle) of a Vivado/Vitis module: ``axi.<module>.<bundle>.<field>``.
AXI_FIELDS: dict[str, str] = {
    "bytes": "bytes this m_axi bundle moves per call, reads plus writes (a buffer the run leaves alone counts 0)",
    "stride": "1 = consecutive bursts (default, printed); more = strided/random (one access per row cycle)",
    "access_bytes": "bytes of one strided/random access (default: the port's data width, printed)",
}

LOOP_FIELDS: dict[str, str] = {
    "trip": "trip count of this loop",
    "ii": "initiation interval of this loop (only where the report's value is flagged implausible)",
}


def _is_lsu_bank(name: str) -> bool:
    """``lsu.<id>.bank``: a buffer's bank (:func:`interleaving.lsu_bank_name`)."""
    return name.startswith("lsu.") and name.endswith("." + BANK_NAME)


def sym(name: str) -> sympy.Symbol:
    """The sympy symbol of a (global or dotted) name; all are positive reals."""
    return sympy.Symbol(name, positive=True)


WORK_ITEMS = sym("work_items")
STRIDE = sym("stride")
ELEMENT_BYTES = sym("element_bytes")
FMAX = sym("fmax")
F_DRAM = sym("f_dram")


#: Units of the per-LSU / per-loop fields.
FIELD_UNITS: dict[str, str] = {"stride": "elements", "accesses": "count", "bytes": "bytes", "trip": "count"}


def symbol_unit(name: str) -> str:
    """The unit of a --set/--sweep name (``fmax`` -> ``MHz``); ``""`` for a
    kernel argument, whose unit only the kernel's author knows."""
    if name in GLOBAL_SYMBOLS:
        return GLOBAL_SYMBOLS[name].unit
    if name.startswith(("lsu.", "loop.", "axi.")):
        return FIELD_UNITS.get(name.rpartition(".")[2], "")
    return ""


def lsu_name(lsu_id: str, field: str) -> str:
    return f"lsu.{lsu_id}.{field}"


def axi_name(module: str, port: str, field: str) -> str:
    """``axi.<module>.<bundle>.<field>``: ``m_axi_gmem`` of ``vadd`` gives
    ``axi.vadd.gmem.bytes``. Scoped by module like loops (a sub-module's
    bundle moves only its own part of the bytes)."""
    return f"axi.{shell_safe(module)}.{shell_safe(port.removeprefix('m_axi_'))}.{field}"


def axi_names(design: Design, *fields: str) -> list[str]:
    """``axi.<top>.<bundle>.<field>`` of every m_axi bundle of the top
    modules, each bundle's ``fields`` together: the HLScope+ model is the
    top's (estimate.xilinx)."""
    return [axi_name(top.name, port.name, field) for top in design.top_kernels() for port in top.interfaces
            if port.is_axi_master for field in fields]


def loop_name(loop: str, field: str = "trip") -> str:
    return f"loop.{loop}.{field}"


#: ``loop.<kernel>.<loop>.long_iterations``: how many iterations of a loop
#: whose iteration latency is a branch's range take the long path (default:
#: all of them, the worst case, said in a note)
LONG_ITERATIONS = "long_iterations"


def is_branch_loop(loop: Loop) -> bool:
    """A loop that is not pipelined and whose iteration latency the report
    gives as a range (``4102 ~ 8201``): one of two paths per iteration."""
    latency = loop.iteration_latency_range
    return (not loop.pipelined and loop.iteration_latency is None and latency is not None
            and latency.min is not None and latency.max is not None and latency.min < latency.max)


def loop_field(trip_symbol: str, field: str) -> str:
    """Another value of the loop a :func:`loop_symbols` name stands for:
    ``loop.<kernel>.<loop>.trip`` -> ``loop.<kernel>.<loop>.ii``, so an II
    is qualified and shell-safe like its trip count."""
    return trip_symbol.removesuffix(".trip") + "." + field


_NOT_SHELL_SAFE = re.compile(r"[^A-Za-z0-9_-]+")


def shell_safe(name: str) -> str:
    """``name`` with every run of characters a shell would need quoted
    (quotes, parentheses, ``#``, spaces) turned into ``_``, dot-separated
    parts kept: ``'lambda'()#3`` -> ``lambda_3``, ``Loop 1.1`` -> ``Loop_1.1``."""
    parts = [_NOT_SHELL_SAFE.sub("_", part).strip("_") for part in name.split(".")]
    return ".".join(part for part in parts if part) or "_"


def user_spelling(design: Design) -> Callable[[str], str]:
    """A kernel shown by a name a shell would need quoted
    (``relu_stream<relu_config3>``) has its shell-safe spelling in symbol
    names (``loop.relu_stream_relu_config3.B1.trip``): the user reads one and
    types the other. The returned function maps either spelling to the one
    hlsight uses: a ``loop.`` name to its shell-safe form (symbols are always
    shell-safe), a kernel (``concurrent``, ``KERNEL:NAME`` scopes, ``[[launch]]
    kernel``) to the kernel's own name."""
    kernels = {shell_safe(kernel.name): kernel.name for kernel in design.kernels
               if shell_safe(kernel.name) != kernel.name}

    def spelled(name: str) -> str:
        if name in kernels:
            return kernels[name]
        if name.startswith("loop.") and shell_safe(name) != name:
            return shell_safe(name)
        for safe, shown in kernels.items():
            if name.startswith(safe + ":"):
                return shown + name[len(safe):]
        return name
    return spelled


def loop_symbols(kernel: Kernel) -> dict[int, str]:
    """``id(loop)`` -> the loop's trip-count name, ``loop.<kernel>.<loop>.trip``.

    Qualified by the kernel (Vivado's ``Loop 1`` exists in every module),
    shell-safe (oneAPI's ``'lambda'()#3``), and unique within the kernel: aoc
    lists several ``Fully unrolled loop`` entries and caffe has loops of one
    name, which as one symbol would multiply into T as its cube; a repeated
    name gets its source line (``_L412``), else its position (``_2``). The
    kernel's name is not repeated when aoc already prefixed the loop with it
    (``parse_reads1.B1`` -> ``loop.parse_reads1.B1.trip``).
    """
    # a Vitis _Pipeline_ module's loop is its caller's loop (the reader folds it there)
    kernel_part = shell_safe(kernel.folded_into or kernel.name)
    kernel_base = shell_safe(kernel.name.split("#")[0])
    loops = kernel.all_loops()
    local: dict[int, str] = {}
    raw_base = kernel.name.split("#")[0]
    for loop in loops:
        raw = loop.name
        for prefix in (kernel.name + ".", raw_base + "."):
            if raw.startswith(prefix) and len(raw) > len(prefix):
                raw = raw[len(prefix):]  # oneAPI: "k.cpp:675.B1" in kernel "k.cpp:675#2"
                break
        parts = shell_safe(raw).split(".")
        if len(parts) > 1 and (parts[0] == kernel_base or parts[0].endswith("_" + kernel_base)):
            parts = parts[1:]
        local[id(loop)] = ".".join(parts)
    counts: dict[str, int] = {}
    for name in local.values():
        counts[name] = counts.get(name, 0) + 1
    seen: dict[str, int] = {}
    names: dict[int, str] = {}
    for loop in loops:
        name = local[id(loop)]
        if counts[name] > 1:
            seen[name] = seen.get(name, 0) + 1
            name = f"{name}_L{loop.location.line}" if loop.location is not None else f"{name}_{seen[name]}"
        names[id(loop)] = f"loop.{kernel_part}.{name}.trip"
    # two repeated loops on one line: fall back to their position
    if len(set(names.values())) != len(names):
        for index, loop in enumerate(loops, start=1):
            if list(names.values()).count(names[id(loop)]) > 1:
                names[id(loop)] = f"loop.{kernel_part}.{local[id(loop)]}_{index}.trip"
    return names


#: an NDRange has at most three dimensions
DIMENSIONS = 3


def size_prefix(design: Design) -> str:
    """``global_size`` (OpenCL's ``get_global_size(d)``) or, for oneAPI,
    ``range`` (SYCL's ``get_range(d)``)."""
    return "range" if design.tool.product is Product.ONEAPI else "global_size"


def _launches_ndrange(design: Design) -> bool:
    """Whether ``design`` is of a tool whose kernels may be NDRange launches
    (aoc OpenCL, oneAPI): i++ components and Vivado/Vitis functions are not."""
    return design.tool.vendor is not Vendor.XILINX and design.tool.product is not Product.IPP


def size_names(design: Design) -> list[str]:
    """The per-dimension size names ``--set`` accepts for ``design``."""
    if not _launches_ndrange(design):
        return []
    prefix = size_prefix(design)
    return [f"{prefix}{dimension}" for dimension in range(DIMENSIONS)]


def valid_names(design: Design, derived: SourceFacts | None = None, arguments: bool = True) -> list[str]:
    """Every name ``--set``/``--hints`` accept for ``design``; ``derived``
    (the source analysis of the design) adds the kernel arguments, macros
    and loop trip symbols its access counts and trip expressions use, and
    (``arguments``) every scalar kernel argument."""
    names = [*GLOBAL_SYMBOLS, *size_names(design)]
    if derived is not None:
        names.extend(sorted(access_free_symbols(derived) - set(names)))
        if arguments:
            listed = {name for args in derived.kernel_arguments().values() for name in args}
            names.extend(sorted(listed - set(names)))
    # macros the design was compiled with (accepted; a different value is a warning)
    names.extend(sorted(set(defined_macros(design)) - set(names)))
    if host_placed_memories(design):
        names.append(BANK_NAME)  # which bank the host put a kernel's buffers in
    for memory in host_placed_memories(design):  # ... or one buffer, where a kernel's sit in different banks
        names.extend(lsu_bank_name(lsu.id) for _kernel, lsu in placed_lsus(design, memory))
    names.extend(axi_names(design, *AXI_FIELDS))
    for kernel in design.kernels:
        for lsu in kernel.lsus:
            names.extend(lsu_name(lsu.id, field) for field in LSU_FIELDS)
        symbols = loop_symbols(kernel)
        trips = list(symbols.values())
        names.extend(trips)
        loops = {id(loop): loop for loop in kernel.all_loops()}
        # an II is an input only where the report's cannot be real (the model keeps a symbol there)
        names.extend(loop_field(name, "ii") for key, name in symbols.items()
                     if key in loops and implausible_ii(loops[key]))
        names.extend(loop_field(name, LONG_ITERATIONS) for key, name in symbols.items()
                     if key in loops and is_branch_loop(loops[key]))
    # an outlined Vitis loop is named after its loop in the caller by both modules
    return list(dict.fromkeys(names))


_OPERATORS: dict[type, Callable[[float, float], float]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
    ast.Pow: operator.pow, ast.BitXor: operator.pow,  # 2^20 means 2**20, as sympify read it
}


def _arithmetic(node: ast.AST) -> float:
    """Value of a parsed number expression: literals, + - * / ** and
    parentheses only, computed in floats (issue 16: ``sympify`` evaluated
    hints values with ``eval``, so a hints file could run code, and
    ``2**10**10`` never finished)."""
    if isinstance(node, ast.Expression):
        return _arithmetic(node.body)
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return float(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.UAdd, ast.USub)):
        value = _arithmetic(node.operand)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        result = _OPERATORS[type(node.op)](_arithmetic(node.left), _arithmetic(node.right))
        if isinstance(result, complex):
            raise ValueError("complex value")
        return float(result)
    raise ValueError(f"not arithmetic: {type(node).__name__}")


#: A number with thousands separators, as hlsight prints counts (``32,768,000``).
_GROUPED = re.compile(r"[+-]?\d{1,3}(,\d{3})+(\.\d+)?")


def parse_number(name: str, raw: str, source: str | None) -> float:
    try:
        if len(raw) > 200:
            raise ValueError("too long")
        text = raw.strip()
        if _GROUPED.fullmatch(text):  # a value copied from a whatif table or a solve answer
            text = text.replace(",", "")
        value = _arithmetic(ast.parse(text, mode="eval"))
    except (TypeError, ValueError, SyntaxError, OverflowError, ZeroDivisionError, RecursionError, MemoryError):
        raise InputError(source, f"value of '{name}' is '{raw[:60]}'",
                         expected="a number, e.g. 32768000, 2**20 or 4096*4096 (a 2-D global size)") from None
    if not math.isfinite(value):
        raise InputError(source, f"value of '{name}' is {raw}", expected="a finite number")
    if must_be_whole(name) and not value.is_integer():
        raise InputError(source, f"value of '{name}' is {raw}", expected="a whole number (it counts work-items,"
                         " iterations, elements or bytes)")
    if value == 0 and zero_allowed(name):
        return value  # a loop the host program skips, a bundle it leaves idle (HPCC STREAM's Copy: in2)
    if value <= 0 and must_be_positive(name):
        expected = ("0 or more (0: the loop does not run)" if is_trip_count(name) else
                    "0 or more (0: the bundle moves nothing)" if is_axi_bytes(name) else
                    "0 or more (0: every iteration takes the short path)" if zero_allowed(name) else
                    "a bank number from 1 (the report's banks are 1, 2, ...)" if _is_lsu_bank(name) else
                    "a positive finite number")
        raise InputError(source, f"value of '{name}' is {raw}", expected=expected)
    return value


def close_names(name: str, names: Sequence[str], n: int, cutoff: float) -> list[str]:
    """The names ``name`` may mean: one that differs in case only first
    (difflib scores ``n`` against ``N`` 0, so ``--set n=5`` on a design with
    ``N`` had no suggestion), then the trip count of a loop of that name in
    another module (a public Vivado HLS 2019.1 DES decrypter's rounds loop,
    once read as the top's, is its dataflow process's: difflib offered that
    process's three inner loops), then difflib's close matches."""
    folded = [candidate for candidate in names if candidate.casefold() == name.casefold() and candidate != name]
    if is_trip_count(name) and name.count(".") >= 3:
        loop = name.split(".", 2)[2]
        folded += [candidate for candidate in names if is_trip_count(candidate) and candidate.count(".") >= 3
                   and candidate.split(".", 2)[2] == loop and candidate not in (name, *folded)]
    close = difflib.get_close_matches(name, names, n=n, cutoff=cutoff)
    return [*folded, *(candidate for candidate in close if candidate not in folded)][:max(n, len(folded))]


def zero_allowed(name: str) -> bool:
    """Counts that may be 0: a loop's trip count (a loop the host skips),
    a bundle's bytes (one it leaves idle), a branch loop's long iterations
    (every iteration on the short path)."""
    return is_trip_count(name) or is_axi_bytes(name) or name.rpartition(":")[2].endswith("." + LONG_ITERATIONS)


def is_trip_count(name: str) -> bool:
    """``loop.<kernel>.<loop>.trip`` (also scoped to one kernel)."""
    base = name.rpartition(":")[2]
    return base.startswith("loop.") and base.endswith(".trip")


#: the NDRange's sizes per dimension, OpenCL's and SYCL's (``range1`` is ``get_range(1)``)
LAUNCH_SIZES = re.compile(r"(global_size|local_size|num_groups|range|local_range|group_range)[0-2]")

_WHOLE_COUNTS = re.compile(
    rf"work_items|{LAUNCH_SIZES.pattern}|element_bytes|stride"
    r"|lsu\..+\.(stride|accesses|bytes)|axi\..+\.(bytes|stride|access_bytes)|loop\..+\.long_iterations"
)


def must_be_whole(name: str) -> bool:
    """Names that count work-items, iterations, elements or bytes:
    ``work_items``, the NDRange sizes (``global_size1``...), loop trip counts,
    element sizes, strides and per-LSU / per-bundle counts. A fraction there
    is a slip (``work_items = 2**-3`` gave a 124 ps estimate, ``stride = 0.5``
    halved an LSU's time), not a size; clocks and kernel arguments may be
    fractional, and so may a loop's trip count: the mean count per entry of
    a loop whose count varies (a triangular nest's 8.5, rejection sampling's
    256.25 draws a call, the counts a public Dilithium co-simulated), which
    the source analysis gives itself where it can."""
    base = name.rpartition(":")[2]
    return _WHOLE_COUNTS.fullmatch(base) is not None


def takes_whole_values(name: str, real_arguments: Collection[str]) -> bool:
    """Whether only whole values of ``name`` exist: the counts of
    :func:`must_be_whole`, and a kernel argument or macro unless it is
    declared floating-point (``real_arguments``: ``float alpha``). The
    clocks, IIs and other model quantities take any positive value.
    ``whatif --solve`` answers a count with a whole number."""
    base = name.rpartition(":")[2]
    if must_be_whole(base):
        return True
    if base in GLOBAL_SYMBOLS or base.startswith(("lsu.", "loop.", "axi.")):
        return False
    return base not in real_arguments


def is_axi_bytes(name: str) -> bool:
    """``axi.<top>.<bundle>.bytes``: may be 0, a bundle the host leaves idle."""
    base = name.rpartition(":")[2]
    return base.startswith("axi.") and base.endswith(".bytes")


def must_be_positive(name: str) -> bool:
    """Model quantities (clocks, ``work_items`` and the NDRange's sizes,
    element sizes, strides, per-LSU and per-loop values) are positive; a
    kernel argument may be 0 or negative (pathfinder's first launch has
    ``starting_row = 0``, nw's
    ``block_offset = 0``), unless it counts work, which needs the source
    analysis to tell (:mod:`hlsight.analyzer.count_arguments`)."""
    base = name.rpartition(":")[2]  # KERNEL:NAME scopes a value to one kernel
    return base in GLOBAL_SYMBOLS or LAUNCH_SIZES.fullmatch(base) is not None \
        or base.startswith(("lsu.", "loop.", "axi.")) or name.startswith(("lsu.", "loop.", "axi."))


def parse_set(text: str) -> tuple[str, float]:
    """Parse one ``NAME=VALUE`` from the command line."""
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        raise InputError(None, f"--set '{text}'", expected="NAME=VALUE")
    return name.strip(), parse_number(name.strip(), raw, None)


def _flatten(prefix: str, table: Mapping[str, Any], out: dict[str, Any]) -> None:
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            _flatten(f"{name}.", value, out)
        else:
            out[name] = value


HINTS_EXPECTED = "a hints file (NAME = VALUE lines)"


def load_hints_table(path: Path) -> dict[str, Any]:
    """The parsed TOML of a hints file, read under the same guards as every
    report (deep nesting, huge integers: issue 16); one error line otherwise.
    Shared by :func:`read_hints` and the ``[[launch]]``/``concurrent`` readers."""
    try:
        with reading(path, HINTS_EXPECTED):
            table: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
            return table
    except OSError as error:
        raise InputError(path, f"cannot read hints ({error.strerror})") from None
    except UnicodeDecodeError as error:
        raise InputError(path, f"not UTF-8 text (byte {error.start})", expected=HINTS_EXPECTED) from None
    except tomllib.TOMLDecodeError as error:
        raise InputError(path, f"malformed TOML: {error}", expected=HINTS_EXPECTED) from None


def read_hints(path: Path | str) -> dict[str, float]:
    """Read a hints TOML: top-level names plus ``[lsu."<id>"]`` / ``[loop."<name>"]`` tables."""
    path = Path(path)
    return hint_values(path, load_hints_table(path))


#: hints keys that are not symbol values (read by hlsight.analyzer.launches):
#: ``[[launch]]`` tables
LAUNCH_TABLE = "launch"
#: kernels the host runs at the same time
CONCURRENT_KEY = "concurrent"
#: the only kernels the host launches (the others are built into the
#: bitstream, e.g. replicas a run does not use)
LAUNCHED_KEY = "launched"


def hint_values(path: Path, table: Mapping[str, Any]) -> dict[str, float]:
    """The symbol values of a hints file's parsed ``table`` (:func:`load_hints_table`)."""
    data = {key: value for key, value in table.items() if key not in (LAUNCH_TABLE, CONCURRENT_KEY, LAUNCHED_KEY)}
    flat: dict[str, Any] = {}
    with reading(path, HINTS_EXPECTED):  # tables nested deeper than Python recurses
        _flatten("", data, flat)
    values: dict[str, float] = {}
    for name, raw in flat.items():
        if isinstance(raw, bool) or not isinstance(raw, (int, float, str)):
            raise InputError(path, f"value of '{name}' is {raw!r}", expected="a number")
        values[name] = parse_number(name, str(raw), str(path))
    return values


def validate(
    assignments: Iterable[str], design: Design, source: str | None = None, derived: SourceFacts | None = None
) -> None:
    """Raise :class:`InputError` naming the valid names when one is unknown
    (``source``: the file the names came from; ``derived``: see :func:`valid_names`).

    ``KERNEL:NAME`` scopes a value to one kernel (``--set fetch:work_items=1024000``):
    KERNEL must be a kernel of the design and NAME a valid name."""
    assignments = set(assignments)
    if not assignments:
        return  # nothing given, nothing unknown: the valid names (a walk over every LSU and loop) are not needed
    valid = valid_names(design, derived, arguments=False)
    known = set(valid)
    if not set(assignments) <= known:  # a kernel argument the model does not use, a scoped name, or a typo
        valid = valid_names(design, derived)
        known = set(valid)
    kernels = [kernel.name for kernel in design.kernels]
    unknown: list[tuple[str, list[str]]] = []
    for name in sorted(assignments):  # a set from the command line and hints: one order every run
        base = name
        if name not in known and ":" in name:
            # kernel names may hold a colon themselves (oneAPI lambdas: ``kmers.cpp:530``):
            # the longest kernel name that prefixes NAME wins
            scopes = [kernel for kernel in kernels if name.startswith(kernel + ":")]
            if not scopes:
                expected = "one of " + ", ".join(kernels)
                raise InputError(source, f"unknown kernel '{name.rpartition(':')[0]}' in '{name}'", expected=expected)
            base = name[len(max(scopes, key=len)) + 1 :]
        if base not in known and (base == BANK_NAME or _is_lsu_bank(base)) and not host_placed_memories(design):
            raise InputError(source, f"'{name}' does not apply to this design: {why_no_bank(design)}",
                             expected="the values without bank for this design")
        if base not in known and base.endswith(".ii") and base.removesuffix(".ii") + ".trip" in known:
            # accepted and ignored before (a public Vivado 2019.1 spam filter's DOT loop "at II 2" printed
            # the II-1 time): the II is the report's wherever it is plausible
            raise InputError(source, f"'{name}': that loop's II is the report's; an II is a value to give only"
                                     " for a loop whose reported II cannot be real (report-implausible-ii)",
                             expected=f"{base.removesuffix('.ii')}.trip or another name from 'hlsight analyze -v'")
        if base not in known:
            unknown.append((name, close_names(base, valid, n=3, cutoff=0.6)))
    if not unknown:
        return
    unread = _unread_sources(derived)
    if unread and all("." not in name.rpartition(":")[2] for name, _ in unknown):  # names of kernel arguments
        # a kernel argument is a name only where the source is read (a public 2022.1 matrix multiply
        # whose header is not in the repository: "unknown names: 'K'; 'M'; 'N'" and nothing more)
        said = ", ".join(f"'{name}'" for name, _ in unknown)
        raise InputError(source, f"unknown {'names' if len(unknown) > 1 else 'name'} {said}: the source that"
                                 f" would give kernel arguments their meaning was not read ({unread})",
                         expected="the missing file under --source-root, or names from 'hlsight analyze -v'")
    if len(unknown) > 1:
        # every one at once (Intel's loop_coalesce sample: three misspelt trip counts, told one at a time)
        said = "; ".join(f"'{name}'" + (f" (did you mean {' or '.join(close)}?)" if close else "")
                         for name, close in unknown)
        raise InputError(source, f"unknown names: {said}", expected="names from 'hlsight analyze -v' or the --set help")
    name, close = unknown[0]
    if close:
        raise InputError(source, f"unknown name '{name}'; did you mean {' or '.join(close)}?",
                         expected="a name from 'hlsight analyze -v' or the --set help")
    shown = valid if len(valid) <= 40 else [*valid[:40], f"... ({len(valid) - 40} more)"]
    raise InputError(source, f"unknown name '{name}'", expected="one of " + ", ".join(shown))


def _unread_sources(derived: SourceFacts | None) -> str:
    """Why the design's source was not read, from the source analysis's
    own finding (``access-source-unparsed``), else ``""``."""
    if derived is None:
        return ""
    reasons = [diagnostic.message for diagnostic in derived.diagnostics if diagnostic.rule == "access-source-unparsed"]
    return reasons[0] if reasons else ""


def source_expr(raw: str | None, given: Collection[str], notes: list[str], what: str) -> sympy.Expr | None:
    """A source-derived expression (issue 7) with hlsight's symbols, or
    ``None`` when there is none (or it does not parse).

    Its free names are the global symbols (``work_items``) and kernel
    arguments / macros (``N``, ``comp_exit``, ``LOGN``). An argument nobody
    set stays a named symbol in the estimate (never replaced by
    ``work_items``: a kernel whose count is ``in_size`` does not move
    ``work_items`` elements), and a note names the value to give. Parsed with
    :func:`hlsight.analyzer.access.parse_expression` so a kernel argument
    called ``N`` or ``S`` is a symbol, not sympy's function.
    """
    if raw is None:
        return None
    try:
        expr = parse_expression(raw)
    except (sympy.SympifyError, SyntaxError, TypeError, ValueError):
        return None
    settled = settle(expr, given)
    missing = sorted(s.name for s in settled.free_symbols if s.name not in given and s.name not in GLOBAL_SYMBOLS)
    if missing:
        notes.append(f"{what} from the source is {raw}: give {', '.join(missing)} with --set")
    if settled is not expr:
        notes.append(f"{what} from the source counts tests of kernel arguments not given as taken (an upper bound):"
                     f" {', '.join(sorted({test_text(node) for node in expr.atoms(Taken)}))}")
    return settle(_with_hlsight_symbols(raw), given)


def source_trip_expr(raw: str, given: Collection[str], notes: list[str], loop: str) -> sympy.Expr | None:
    """:func:`source_expr` of loop ``loop``'s trip count from the source,
    said once in ``notes``: the value to give where it names one, else the
    count itself (both the Vivado/Vitis and the aoc pipeline models say it)."""
    what = f"trip count of loop {loop}"
    said = len(notes)
    expr = source_expr(raw, given, notes, what)
    if expr is not None and len(notes) == said:
        notes.append(f"{what} from the source: {raw}")
    return expr


@functools.lru_cache(maxsize=4096)
def _with_hlsight_symbols(raw: str) -> sympy.Expr:
    """:func:`parse_expression` of ``raw`` with every symbol replaced by
    hlsight's (:func:`sym`: positive). Cached like ``parse_expression``
    (sympy expressions are immutable): the estimate asks for the same few
    source expressions once per LSU and kernel model (kmers: 213 asks, 25
    texts), and ``subs`` rebuilds the expression one symbol at a time."""
    expr = parse_expression(raw)
    result: sympy.Expr = expr.subs(
        {symbol: sym(symbol.name) for symbol in expr.free_symbols if isinstance(symbol, sympy.Symbol)})
    return result
