"""Source-level access analysis: stride, element size and execution count per LSU.

Recovers from the kernel source what the memory model (Davila-Guzman journal,
Table 2 "Code" inputs: delta, ls_acc, ls_bytes) would otherwise need typed
in: :func:`derive_access_facts` returns them for a parsed design (which it
does not change) and explains every number; :func:`static_trip_count` gives HLS C loop trip counts
as sympy expressions of the function arguments.
"""

from hlsight.analyzer.access.c_symbols import WORK_ITEMS, parse_expression
from hlsight.analyzer.access.derive import access_free_symbols, derive_access_facts

__all__ = ["WORK_ITEMS", "access_free_symbols", "derive_access_facts", "parse_expression"]
