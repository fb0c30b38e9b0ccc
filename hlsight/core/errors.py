"""Errors that end a command with exit code 2 and one clear message.

Anything a user can cause with bad input (a wrong path, a truncated report, an
unknown tool version, C that the parser rejects, an unknown ``--set`` name)
raises :class:`InputError`. The CLI prints ``hlsight: error: <file>: <message>``
and exits 2 without a traceback; every other exception is a bug. A problem a
compiler located in the user's code is a :class:`LocatedError`, printed as the
one ``file:line:col: severity: message`` line compilers and editors use.
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

    @property
    def summary(self) -> str:
        """What went wrong without the file: for a diagnostic that already
        names the file it is about (``cannot derive access facts from x.c:
        ...``)."""
        return self.message

    def render(self) -> str:
        text = self.message
        if self.expected:
            text = f"{text} (expected {self.expected})"
        return f"{self.path}: {text}" if self.path else text


class LocatedError(InputError):
    """Bad input that a tool hlsight runs (gcc building the testbench) found
    at a place in the user's file: said as that tool's own diagnostic,
    ``file:line:col: severity: message``, naming the file once, followed by
    what it stopped (``context``). It was ``x.c: ... x.c:3:1: error: ...``:
    the file named twice and the position buried mid-line. ``line`` None: a
    diagnostic about the whole file (the linker's multiple definition)."""

    def __init__(self, file: Path | str, line: int | None, column: int | None, severity: str, message: str,
                 context: str, expected: str | None = None):
        self.line = line
        self.column = column
        self.severity = severity
        self.context = context
        super().__init__(file, message, expected)

    @property
    def summary(self) -> str:
        return f"{self.context}: {self.message}"

    def render(self) -> str:
        location = ":".join(str(part) for part in (self.path, self.line, self.column) if part is not None)
        text = f"{location}: {self.severity}: {self.message}; {self.context}"
        return f"{text} (expected {self.expected})" if self.expected else text
