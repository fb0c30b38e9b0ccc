"""Readable names for oneAPI kernels that are function-template instances.

A kernel launched as a function template (hls4ml's oneAPI backend makes
one per layer: ``nnet::relu_stream<pipe<...>, pipe<...>, relu_config3>``) is
named in the 2024+ reports by the tail of its demangled signature, cut at
the last space: ``relu_config3>()`` or ``bias_t)``. Those are neither what
the user wrote nor unique (every dense layer ends in ``bias_t)``). The
summary's ``compiler_name`` holds the Itanium-mangled name in full; it is
demangled with ``itanium_demangler`` (a complete parser of the ABI's
grammar, substitutions and template arguments included, which no
hand-written split of the string gets right) and shown as the function's
own name with the template arguments that are plain class names, the
per-layer configuration structs: ``relu_stream<relu_config3>``,
``dense_resource_stream<config2>``.
"""

from __future__ import annotations

import re
from typing import Any

#: Longer mangled names are not demangled: a bound on the parser's work
#: for a hostile report (real kernel names are a few hundred characters).
_MAX_MANGLED = 8192
_PLAIN_NAME = re.compile(r"[A-Za-z_]\w*(::[A-Za-z_]\w*)*")


def is_plain_name(name: str) -> bool:
    """``name`` is a C++ identifier, possibly qualified: the report kept it whole."""
    return _PLAIN_NAME.fullmatch(name) is not None


def template_kernel_name(compiler_name: str) -> str | None:
    """``function<Config>`` for the mangled name of a function-template
    kernel; ``None`` when the name is not one (a kernel-name type such as
    ``_ZTS9VectorAdd``, a lambda) or cannot be demangled."""
    if not compiler_name.startswith("_Z") or len(compiler_name) > _MAX_MANGLED:
        return None
    import itanium_demangler  # only for the reports that need it

    try:
        tree: Any = itanium_demangler.parse(compiler_name)
    except (NotImplementedError, ValueError, IndexError, KeyError, RecursionError):
        return None  # a construct the demangler does not support: keep the report's name
    if tree is None or getattr(tree, "kind", None) != "func":
        return None
    return _function_label(tree.name)


def _function_label(name: Any) -> str | None:
    """The unqualified function name with its plain-name template arguments."""
    parts = list(name.value) if getattr(name, "kind", None) == "qual_name" else [name]
    template_args: list[Any] = []
    if parts and getattr(parts[-1], "kind", None) == "tpl_args":
        template_args = list(parts.pop().value)
    if not parts or getattr(parts[-1], "kind", None) != "name":
        return None  # an operator, a constructor: no name the user would recognise
    function = str(parts[-1].value)
    if not template_args:
        return function
    plain = [str(arg.value) for arg in template_args if getattr(arg, "kind", None) == "name"]
    return f"{function}<{', '.join(plain) if plain else '...'}>"
