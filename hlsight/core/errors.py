"""Errors that end a command with exit code 2 and one clear message.

Anything a user can cause with bad input (a wrong path, a truncated report, an
unknown tool version, C that the parser rejects, an unknown ``--set`` name)
raises :class:`InputError`. The CLI prints ``hlsight: error: <file>: <message>``
and exits 2 without a traceback; every other exception is a bug.
"""

from __future__ import annotations

from pathlib import Path


class InputError(Exception):
    """Bad input. ``path`` names the offending file, ``expected`` says what
    hlsight was looking for."""

    def __init__(self, path: Path | str | None, message: str, expected: str | None = None):
        self.path = None if path is None else str(path)
        self.message = message
        self.expected = expected
        super().__init__(self.render())

    def render(self) -> str:
        text = self.message
        if self.expected:
            text = f"{text} (expected {self.expected})"
        return f"{self.path}: {text}" if self.path else text
