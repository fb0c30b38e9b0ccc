"""A launch's global size per dimension, as the host program gives it.

``clEnqueueNDRangeKernel(queue, kernel, 2, NULL, global, ...)`` with
``size_t global[2] = {W, H}`` launches W x H work-items, the model's
``work_items``. The host program holds W and H, not their product, so
``--set global_size0=W --set global_size1=H`` (SYCL: ``range0``, ``range1``,
numbered as the code numbers them, ``range<2>(H, W)``) gives
``work_items`` = W x H, said as an assumption where the number is read.
The names are also the symbols of ``get_global_size(d)`` / ``get_range(d)``,
so one value serves both.

Never a guess: sizes that stop below a dimension the kernel reads
(``global_size0`` alone for a kernel that calls ``get_global_id(1)``) give
no ``work_items`` and a warning naming the size to add; a ``work_items``
given beside complete sizes must be their product; a size is a whole
number of at least 1.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from hlsight.analyzer.estimate.inputs import KERNEL_SCOPE
from hlsight.analyzer.launches import Launch
from hlsight.analyzer.results import SourceFacts
from hlsight.analyzer.symbols import WORK_ITEMS, size_names, size_prefix
from hlsight.core.diagnostics import Diagnostic, Severity
from hlsight.core.errors import InputError
from hlsight.core.model import Design, Kernel
from hlsight.core.units import format_value


@dataclass
class DerivedWorkItems:
    """``values`` with the ``work_items`` the sizes give, what was said of
    it, and the size names that gave one (they are used, though no
    expression holds them)."""

    values: dict[str, float]
    #: name -> how it was worked out (``global_size0 x global_size1``)
    derived: dict[str, str] = field(default_factory=dict)
    said: list[str] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    consumed: set[str] = field(default_factory=set)


def with_work_items(design: Design, source: SourceFacts, values: Mapping[str, float], where: str = "",
                    origin: str | None = None, kernel: str | None = None) -> DerivedWorkItems:
    """``values`` plus ``work_items`` (or ``KERNEL:work_items``) wherever the
    sizes given for every dimension the kernels read make it; ``where``
    (`` in [[launch]] #2``) and ``origin`` (the hints file) name the table
    in errors. ``kernel``: the one kernel a ``[[launch]]`` table runs, whose
    dimensions alone count (a public LeNet's ``fc_layer``, 1-D, was refused
    its ``global_size0`` because ``conv2d`` reads dimension 2)."""
    out = DerivedWorkItems(dict(values))
    names = size_names(design)
    if not names or not any(_base(name) in names for name in values):
        return out
    prefix = size_prefix(design)
    ndrange = [found for found in design.kernels if not found.single_threaded and kernel in (None, found.name)]
    scopes: dict[str, dict[int, float]] = {"": {}}
    for name, value in values.items():
        scope, _, base = name.rpartition(KERNEL_SCOPE) if KERNEL_SCOPE in name else ("", "", name)
        if base in names:
            if value < 1 or not float(value).is_integer():
                raise InputError(origin, f"value of '{name}' is {value:g}{where}",
                                 expected="a whole number of at least 1 (work-items along that dimension)")
            scopes.setdefault(scope, {})[int(base.removeprefix(prefix))] = value
    scoped = {scope for scope in scopes if scope}
    for scope, sizes in scopes.items():
        if not sizes and not scope:
            continue
        given = {**scopes[""], **sizes}
        kernels = [found for found in ndrange if found.name == scope] if scope else \
            [found for found in ndrange if found.name not in scoped]
        _derive(out, source, given, kernels, scope, prefix, where, origin)
    return out


def _derive(out: DerivedWorkItems, source: SourceFacts, sizes: Mapping[int, float], kernels: list[Kernel],
            scope: str, prefix: str, where: str, origin: str | None) -> None:
    """Add the ``work_items`` of ``scope`` (``""``: every kernel without its
    own sizes) that ``sizes`` (dimension -> size) give, or say why not."""
    if not kernels:
        return  # no NDRange kernel takes them: input-work-items-unused says so
    target = f"{scope}{KERNEL_SCOPE}{WORK_ITEMS.name}" if scope else WORK_ITEMS.name
    count = max(sizes) + 1
    missing = [dimension for dimension in range(count) if dimension not in sizes]
    read = [(kernel, found) for kernel in kernels if (found := source.dimensions(kernel.name)) is not None
            and found[0] > count]
    if missing or read:
        if target in out.values:
            return  # work_items given: the sizes are symbols of get_global_size(d) only
        if missing:
            wanted = ", ".join(f"{prefix}{dimension}" for dimension in missing)
            why = f"no size for dimension {', '.join(str(dimension) for dimension in missing)}"
        else:
            kernel, (dimensions, evidence) = read[0]
            wanted = ", ".join(f"{prefix}{dimension}" for dimension in range(count, dimensions))
            why = f"kernel {kernel.name} reads dimension {dimensions - 1} of its NDRange ({evidence})"
        at = read[0][0] if read else kernels[0]
        out.diagnostics.append(Diagnostic.at(
            at.location, "input-global-size-incomplete", Severity.WARNING,
            f"the sizes given{where} ({_listed(prefix, sizes)}) do not make work_items: {why}; give {wanted}"
            " as well (work_items is the product of the launch's sizes)", kernel=at.name))
        return
    product = math.prod(sizes[dimension] for dimension in range(count))
    terms = " x ".join(f"{prefix}{dimension}" for dimension in range(count))
    if not math.isfinite(product):
        raise InputError(origin, f"{terms}{where} is more work-items than a float holds ({_listed(prefix, sizes)})",
                         expected="sizes whose product is a finite number")
    if target in out.values:
        if out.values[target] != product:
            raise InputError(origin, f"{target} is {format_value(out.values[target])}{where} but {terms} = "
                             f"{_whole(product)}",
                             expected=f"{target} equal to the product of the launch's sizes, or only one of them")
        return
    out.values[target] = product
    out.derived[target] = terms
    out.consumed.update(f"{scope}{KERNEL_SCOPE}{prefix}{d}" if scope else f"{prefix}{d}" for d in sizes)
    numbers = " x ".join(_whole(sizes[dimension]) for dimension in range(count))
    whose = f" of kernel {scope}" if scope else ""
    out.said.append(f"{target} = {terms} = {numbers}" + (f" = {_whole(product)}" if count > 1 else "") +
                    f" (the{whose} launch's global size{where}, {count}-D)")


def _whole(value: float) -> str:
    return f"{int(value):,}"


def _listed(prefix: str, sizes: Mapping[int, float]) -> str:
    return ", ".join(f"{prefix}{dimension}={format_value(value)}" for dimension, value in sorted(sizes.items()))


def _base(name: str) -> str:
    return name.rpartition(KERNEL_SCOPE)[2]


@dataclass
class SizedInputs(DerivedWorkItems):
    """:class:`DerivedWorkItems` of the top-level values (``derived``: theirs
    only), with the ``[[launch]]`` tables given theirs and what was said of
    every table."""

    launches: list[Launch] = field(default_factory=list)


def sized_inputs(design: Design, source: SourceFacts, values: Mapping[str, float], launches: Sequence[Launch],
                 origin: str | None = None) -> SizedInputs:
    """:func:`with_work_items` at the top level and in each ``[[launch]]``
    table, where a launch's own sizes replace the top level's: its product
    is worked out from the merged table, never kept from the top level's."""
    top = with_work_items(design, source, values, "", origin)
    # with launches, each launch's table (the top level's values and its own) is what runs: its warnings are the ones
    sized = SizedInputs(top.values, top.derived, top.said, [] if launches else top.diagnostics, top.consumed)
    for number, launch in enumerate(launches, 1):
        merged = with_work_items(design, source, {**values, **launch.values}, f" in [[launch]] #{number}", origin,
                                 launch.kernel)
        made = {name: value for name, value in merged.values.items()
                if name not in values and name not in launch.values}
        sized.launches.append(replace(launch, values={**launch.values, **made}) if made else launch)
        if any(sized.values.get(name) != value for name, value in made.items()):
            sized.said.extend(merged.said)  # a size of its own: said with the launch's number
        sized.diagnostics.extend(diagnostic for diagnostic in merged.diagnostics
                                 if diagnostic not in sized.diagnostics)
        sized.consumed |= merged.consumed
    return sized
