"""The C++ front end: HLS C++ (Vivado/Vitis kernels) and SYCL (oneAPI
sources embedded in reports), parsed with libclang.

libclang was chosen over tree-sitter-cpp because both consumers need more
than syntax: the instrumenter needs the preprocessed loop structure with
exact extents and line markers (macros such as ``#define loop(i,n) for(...)``
expand into loops), and the oneAPI source analysis needs types (element sizes
of ``sycl::vec`` and structs, template arguments of accessors). The
``libclang`` wheel ships the shared library, so nothing is compiled here.
"""

from hlsight.parsers.cxx.clang_frontend import CxxUnit, parse_cxx

#: the identifier the C++ lowering (:mod:`~hlsight.parsers.cxx.lower`) puts
#: where it reads no value: the C analyses take it as unknown, never as a
#: name a user could give (here, so they need not import the lowering)
OPAQUE = "__hlsight_cxx"

__all__ = ["OPAQUE", "CxxUnit", "parse_cxx"]

#: an ``hls::stream``'s reads and writes as the lowering calls them
#: (``s.read()`` -> ``__hlsight_stream_read(s)``; ``s >> v`` and ``s << v``
#: too), by the direction each moves data
STREAM_CALLS = {"__hlsight_stream_read": "read", "__hlsight_stream_write": "write",
                "__hlsight_stream_read_nb": "read", "__hlsight_stream_write_nb": "write"}

#: the suffixes of a C++ source (Vivado/Vitis compile these as C++)
CXX_SUFFIXES = frozenset({".cpp", ".cc", ".cxx", ".c++", ".C"})
