"""The files a C/C++ text ``#include``s, as its preprocessor sees them.

A testbench that ``#include``s a design file compiles it as part of
itself, so ``hlsight simulate`` must not link that file a second time; one
that does not must get it linked. A directive is a line whose first
non-blank character is ``#``: a commented-out ``// #include "x.cpp"`` (a
public Vitis 2021.2 testbench, joej970/Using_Vitis_HLS) or one in a
``/* */`` comment or an ``#if 0`` block is no include, and taking it for
one left the design unlinked ("undefined reference"). ``--source-root``
reads the headers an embedding report left out by the same rule
(:mod:`hlsight.commands.source_headers`).
"""

from __future__ import annotations

import re

from hlsight.parsers.csource.frontend import strip_comments

_DIRECTIVE = re.compile(r"^[ \t]*#[ \t]*(\w+)(.*)$", re.MULTILINE)
_INCLUDED = re.compile(r'"(?P<quoted>[^"]+)"|<(?P<angled>[^>]+)>')


def includes(text: str) -> list[tuple[str, bool]]:
    """The ``#include`` directives of ``text``, in order, as (name, quoted:
    ``"..."`` rather than ``<...>``), leaving out comments and the blocks of
    ``#if 0`` (up to its ``#else``, ``#elif`` or ``#endif``; conditionals
    nested in it are skipped whole). Other conditions are not evaluated:
    their includes count."""
    names: list[tuple[str, bool]] = []
    dead = 0  # conditionals open inside an `#if 0` block, itself included
    for match in _DIRECTIVE.finditer(strip_comments(text)):
        kind, rest = match.group(1), match.group(2).strip()
        if dead:
            if kind in ("if", "ifdef", "ifndef"):
                dead += 1
            elif kind == "endif" or (dead == 1 and kind in ("else", "elif")):
                dead -= 1
            continue
        if kind == "if" and rest == "0":
            dead = 1
        elif kind == "include" and (named := _INCLUDED.match(rest)) is not None:
            names.append((named["quoted"] or named["angled"], named["quoted"] is not None))
    return names


def quoted_includes(text: str) -> list[str]:
    """The names of the ``#include "..."`` directives of ``text`` (:func:`includes`)."""
    return [name for name, quoted in includes(text) if quoted]


def includes_file(text: str, name: str) -> bool:
    """``text`` ``#include``s a file named ``name`` (``"x.cpp"``, ``"../src/x.cpp"``)."""
    return any(included.replace("\\", "/").rpartition("/")[2] == name for included in quoted_includes(text))
