"""What OpenCL C adds to C99, reduced to what pycparser can parse.

Address-space qualifiers, ``__kernel`` and attributes are defined away (they
do not change the shape of an index expression); vector types become
typedefs of their scalar type so ``float2 v; v.x`` parses, while
:data:`OPENCL_VECTOR_TYPES` keeps their real size for the memory model
(a ``float2`` access moves 8 bytes).
"""

from __future__ import annotations

import re

#: Scalar OpenCL types and their size in bytes (OpenCL C 1.2, table 6.1).
OPENCL_SCALAR_BYTES: dict[str, int] = {
    "char": 1,
    "uchar": 1,
    "unsigned char": 1,
    "short": 2,
    "ushort": 2,
    "unsigned short": 2,
    "int": 4,
    "uint": 4,
    "unsigned int": 4,
    "unsigned": 4,
    "long": 8,
    "ulong": 8,
    "unsigned long": 8,
    "float": 4,
    "double": 8,
    "half": 2,
    "bool": 1,
    "size_t": 8,
}

_VECTOR_LANES = (2, 3, 4, 8, 16)
_VECTOR_BASES = ("char", "uchar", "short", "ushort", "int", "uint", "long", "ulong", "float", "double", "half")

#: ``float4`` -> ("float", 4). 3-component vectors occupy 4 lanes in memory.
OPENCL_VECTOR_TYPES: dict[str, tuple[str, int]] = {
    f"{base}{lanes}": (base, lanes) for base in _VECTOR_BASES for lanes in _VECTOR_LANES
}

#: Typedefs so pycparser knows the OpenCL type names. The scalar spelling is
#: what C needs to parse; the real sizes live in the tables above.
_C_SPELLING = {
    "uchar": "unsigned char",
    "ushort": "unsigned short",
    "uint": "unsigned int",
    "ulong": "unsigned long",
    "half": "short",
}

#: Macros that erase OpenCL-only syntax before parsing.
OPENCL_DEFINES: dict[str, str] = {
    "__kernel": "",
    "kernel": "",
    "__global": "",
    "global": "",
    "__local": "",
    "local": "",
    "__constant": "const",
    "constant": "const",
    "__private": "",
    "private": "",
    "__read_only": "",
    "read_only": "",
    "__write_only": "",
    "write_only": "",
    "restrict": "",
    "__restrict": "",
    "__attribute__(x)": "",
    "__attribute(x)": "",
    "inline": "",
    "__inline": "",
    "CLK_LOCAL_MEM_FENCE": "1",
    "CLK_GLOBAL_MEM_FENCE": "2",
}


def opencl_prelude() -> str:
    """C declarations prepended to every OpenCL kernel before parsing."""
    lines = [
        "typedef unsigned char uchar;",
        "typedef unsigned short ushort;",
        "typedef unsigned int uint;",
        "typedef unsigned long ulong;",
        "typedef short half;",
        "typedef unsigned long size_t;",
        "typedef _Bool bool;",
        "typedef int event_t;",
        "typedef unsigned long uintptr_t;",
        "typedef long intptr_t;",
        "typedef long ptrdiff_t;",
    ]
    for name, (base, _lanes) in OPENCL_VECTOR_TYPES.items():
        lines.append(f"typedef {_C_SPELLING.get(base, base)} {name};")
    return "\n".join(lines) + "\n"


def opencl_type_bytes(type_name: str) -> int | None:
    """Bytes one element of ``type_name`` occupies in memory (``float3``: 16)."""
    name = " ".join(type_name.split())
    if name in OPENCL_VECTOR_TYPES:
        base, lanes = OPENCL_VECTOR_TYPES[name]
        return OPENCL_SCALAR_BYTES[base] * (4 if lanes == 3 else lanes)
    return OPENCL_SCALAR_BYTES.get(name)


#: ``channel float2 chan[8];`` (Intel channels extension): the keyword before a
#: type and a name. Only that shape is rewritten, so a variable that happens
#: to be called ``channel`` (legal without the extension) survives.
_CHANNEL_DECL = re.compile(
    r"\b(?:channel|pipe)\s+"
    r"(?=(?:unsigned\s+|signed\s+|struct\s+|union\s+|enum\s+)?[A-Za-z_]\w*\s+[A-Za-z_]\w*\s*[\[;,=_])"
)


def strip_channel_keyword(text: str) -> str:
    """Drop the Intel ``channel`` declaration keyword (and OpenCL 2 ``pipe``)
    so the declaration parses as a plain file-scope variable; lines keep their
    numbers."""
    return _CHANNEL_DECL.sub("", text)
