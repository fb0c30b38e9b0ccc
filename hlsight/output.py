"""Write command output without ever leaving a half-written file behind."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path


def write_text(text: str, destination: str | None) -> None:
    """Print ``text`` to stdout, or write it to ``destination`` atomically.

    The file is written next to its destination and renamed into place, so a
    failure (or Ctrl-C) never truncates an existing report.
    """
    if destination is None or destination == "-":
        sys.stdout.write(text)
        if text and not text.endswith("\n"):
            sys.stdout.write("\n")
        return
    target = Path(destination)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        # mkstemp creates the file 0600; a report is an ordinary file
        os.chmod(temp_name, 0o666 & ~_umask())
        os.replace(temp_name, target)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise


def _umask() -> int:
    """The process umask (reading it means setting it; put it back at once)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
