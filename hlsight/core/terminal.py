"""Text that reaches a terminal or a log is shown, never obeyed (issue 16).

Names in reports (kernels, loops, files) are attacker-controlled: an ANSI or
OSC escape in a loop name could recolour, hide or retitle the terminal, and a
newline could forge whole ``error:`` lines in a log. Every control character
(C0 but TAB, DEL, C1) and the Unicode bidirectional overrides that reorder
what is displayed ("Trojan Source") are written as visible Python-style
escapes: ``\\x1b``, ``\\n``, ``\\u202e``.
"""

from __future__ import annotations

import re

_UNSAFE = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_NAMED = {"\n": "\\n", "\r": "\\r"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def terminal_safe(text: str) -> str:
    """``text`` with every control and bidi-override character escaped, so it
    prints as one line that cannot drive the terminal."""
    return _UNSAFE.sub(_escape, text)


def terminal_safe_keeping(text: str, allowed: frozenset[str]) -> str:
    """:func:`terminal_safe`, but the exact escape sequences in ``allowed``
    (hlsight's own colours) pass through unchanged."""
    if not allowed:
        return terminal_safe(text)
    pattern = "(" + "|".join(re.escape(sequence) for sequence in sorted(allowed, key=len, reverse=True)) + ")"
    pieces = re.split(pattern, text)
    return "".join(piece if index % 2 else terminal_safe(piece) for index, piece in enumerate(pieces))
