"""File-name suffixes the source readers share (no import of a front end)."""

from __future__ import annotations

#: the header files a design's sources include (read with them, searched for their folders)
HEADER_SUFFIXES = frozenset({".h", ".hpp", ".hh"})
