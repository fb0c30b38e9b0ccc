"""The C++ front end: HLS C++ (Vivado/Vitis kernels) and SYCL (oneAPI
sources embedded in reports), parsed with libclang.

libclang was chosen over tree-sitter-cpp because both consumers need more
than syntax: the instrumenter needs the preprocessed loop structure with
exact extents and line markers (macros such as ``#define loop(i,n) for(...)``
expand into loops), and the oneAPI source analysis needs types (element sizes
of ``sycl::vec`` and structs, template arguments of accessors). The
``libclang`` wheel ships the shared library, so nothing is compiled here.
"""

import re

from hlsight.parsers.cxx.clang_frontend import CxxUnit, parse_cxx

#: the identifier the C++ lowering (:mod:`~hlsight.parsers.cxx.lower`) puts
#: where it reads no value: the C analyses take it as unknown, never as a
#: name a user could give (here, so they need not import the lowering)
OPAQUE = "__hlsight_cxx"

__all__ = ["CXX_SUFFIXES", "OPAQUE", "STREAM_CALLS", "CxxUnit", "ap_integer_bytes", "parse_cxx"]

#: an ``hls::stream``'s reads and writes as the lowering calls them
#: (``s.read()`` -> ``__hlsight_stream_read(s)``; ``s >> v`` and ``s << v``
#: too), by the direction each moves data
STREAM_CALLS = {"__hlsight_stream_read": "read", "__hlsight_stream_write": "write",
                "__hlsight_stream_read_nb": "read", "__hlsight_stream_write_nb": "write"}

#: the suffixes of a C++ source (Vivado/Vitis compile these as C++)
CXX_SUFFIXES = frozenset({".cpp", ".cc", ".cxx", ".c++", ".C"})

#: an arbitrary-precision type as clang or the lowering spells it, W its
#: first argument (``const ap_uint<512>``, ``ap_int<8>``, ``ap_fixed<16, 6>``,
#: ``ap_ufixed<8, 2, AP_RND>``; spaces optional)
_AP_TYPE = re.compile(r"(?:const\s*)?(?:volatile\s*)?ap_u?(?:int|fixed)<\s*(\d+)\s*(?:,[^<>]*)?>")


def ap_integer_bytes(spelled: str) -> int | None:
    """Bytes of one ``ap_int<W>``/``ap_uint<W>`` (or ``ap_[u]fixed<W, I,
    ...>``, which holds the same W bits) as the HLS tool synthesizes it:
    W / 8 when that is a power of two (a 512-bit bus word: 64; a public
    fault detector's ``sizeof`` of ``ap_int<8>[64]``: 64, as its Vitis 2022.1
    report counts); up to 64 bits, another width padded to the next power
    of two bytes, the space its LLVM integer is allocated (``ap_uint<24>``:
    4, ``ap_fixed<1, 16>``: 1; UG1448 message 214-233: such a type's
    "allocated space contains padding", decision 85). ``None`` for another
    type, or a wider width whose padding is not known here
    (``ap_uint<96>``)."""
    found = _AP_TYPE.fullmatch(spelled.strip())
    if found is None:
        return None
    width = int(found.group(1))
    if width == 0:
        return None
    if width <= 64:
        return 1 << max(0, (width - 1).bit_length() - 3)
    if width % 8 or (width // 8) & (width // 8 - 1):
        return None
    return width // 8
