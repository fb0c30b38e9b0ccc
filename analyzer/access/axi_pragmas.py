"""``#pragma HLS interface m_axi port=X bundle=B``: which pointer parameter
goes through which m_axi bundle (the source analysis of the m_axi traffic and
the instrumenter's memcpy hooks both need it)."""

from __future__ import annotations

import re
from collections.abc import Iterable

#: ``#pragma HLS interface ...`` lines of a source text (the text after ``#pragma``)
PRAGMA_LINE = re.compile(r"^[ \t]*#[ \t]*pragma[ \t]+(HLS[ \t]+interface\b.*)$", re.IGNORECASE | re.MULTILINE)


def axi_pragma_ports(pragmas: Iterable[str]) -> dict[str, str | None]:
    """``port -> bundle`` of ``HLS interface m_axi port=X [bundle=B]`` pragma
    texts (``None``: no ``bundle=`` given)."""
    ports: dict[str, str | None] = {}
    for text in pragmas:
        words = text.replace("=", " = ").split()
        lowered = [word.lower() for word in words]
        if lowered[:2] != ["hls", "interface"] or "m_axi" not in lowered:
            continue
        options: dict[str, str] = {}
        for index, word in enumerate(lowered):
            if index + 2 < len(words) and words[index + 1] == "=":
                options[word] = words[index + 2]
        if "port" in options:
            ports[options["port"]] = options.get("bundle")
    return ports
