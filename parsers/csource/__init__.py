"""C front end: preprocess and parse HLS C / OpenCL C with pycparser.

Shared by the HLScope+ instrumenter (which splices code into the original
text) and the access analysis (which reads array indices at LSU source
lines). Both need every AST node mapped back to the *original* file and
line, so preprocessing keeps cpp line markers and ``#pragma`` lines.
"""

from hlsight.parsers.csource.frontend import CUnit, Dialect, parse_c_file, parse_c_text
from hlsight.parsers.csource.opencl import OPENCL_SCALAR_BYTES, OPENCL_VECTOR_TYPES, opencl_type_bytes

__all__ = [
    "OPENCL_SCALAR_BYTES",
    "OPENCL_VECTOR_TYPES",
    "CUnit",
    "Dialect",
    "opencl_type_bytes",
    "parse_c_file",
    "parse_c_text",
]
