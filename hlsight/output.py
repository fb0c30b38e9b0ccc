"""Write command output without ever leaving a half-written file behind,
replacing anything that is not a report, or a traceback on an I/O error.

``-o FILE`` is written next to its destination and renamed into place. The
destination must be a new path or an existing regular file: a symbolic link
is refused (renaming over it would replace the link, writing through it would
change a file the user did not name), as are directories and block devices.
A character device or FIFO (``/dev/null``, ``/dev/stdout``, a named pipe) is
written to directly, as a shell redirection would. Every ``OSError`` (read-only
file system, disk full, permission) becomes an :class:`InputError` naming the
destination: one line, exit code 2.
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

from hlsight.core.errors import InputError


def write_text(text: str, destination: str | None, inputs: Iterable[Path | str] = ()) -> None:
    """Print ``text`` to stdout, or write it to ``destination`` atomically.

    The file is written next to its destination and renamed into place, so a
    failure (or Ctrl-C) never truncates an existing report. ``inputs`` are the
    files the run read: an output naming one of them is refused
    (:func:`refuse_an_input`).
    """
    if destination is None or destination == "-":
        _write_stdout(text)
        return
    if not destination:
        raise InputError(destination, "empty output path", expected="a file name, or - for stdout")
    target = Path(destination)
    refuse_an_input(target, inputs)
    try:
        mode = target.lstat().st_mode
    except FileNotFoundError:
        mode = None
        check_output_folder(target)
    except OSError as error:
        raise _write_error(target, error) from None
    if mode is not None and not stat.S_ISREG(mode):
        if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
            _write_stream(text, target)
            return
        kind = ("a symbolic link" if stat.S_ISLNK(mode)
                else "a directory" if stat.S_ISDIR(mode) else "not a regular file")
        raise InputError(target, f"output path is {kind}; refusing to replace it",
                         expected="a new path or an existing regular file")
    try:
        _write_atomic(text, target)
    except OSError as error:
        raise _write_error(target, error) from None


def refuse_an_input(target: Path, inputs: Iterable[Path | str]) -> None:
    """Never change an input: ``-o`` naming a file this run read (the
    report's ``csynth.xml``, a source, the hints file) is refused before
    anything is written. ``analyze DIR -o DIR/.../csynth.xml`` replaced the
    report with the text output and exited 0; the next run called the
    report malformed. Compared as files (``samefile``), so another spelling
    of the path or a hard link is caught too."""
    try:
        if not target.exists():
            return
    except OSError:
        return
    for item in inputs:
        try:
            same = Path(item).is_file() and os.path.samefile(target, item)
        except OSError:
            continue
        if same:
            raise InputError(target, "output path is a file this run reads; refusing to overwrite it",
                             expected="a new path, or a file that is not one of the inputs")


def check_output_folder(target: Path,
                        expected: str = "an output in an existing folder (hlsight creates no folders)") -> None:
    """The folder ``target`` goes in must exist: hlsight writes the output it
    was asked for and nothing else (``-o /nonexist/dir/x.txt`` made both
    folders). Exit 2 naming the missing folder instead (``expected``: what
    the option may name)."""
    parent = target.parent
    if not parent.is_dir():
        what = "not a directory" if parent.exists() else "no such directory"
        raise InputError(target, f"{what}: {parent}", expected=expected)


def make_output_folder(folder: Path) -> None:
    """Create ``folder`` itself (``FILE.sources/`` beside ``-o FILE``, which
    the README promises), never its parents, and never through a symbolic
    link (the files written into it would land outside the output)."""
    check_output_folder(folder)
    if folder.is_symlink():
        raise InputError(folder, "output folder is a symbolic link; refusing to follow it",
                         expected="a new folder or one hlsight wrote")
    try:
        folder.mkdir(exist_ok=True)
    except OSError as error:
        raise _write_error(folder, error) from None
    if not folder.is_dir():
        raise InputError(folder, "output folder exists and is not a directory", expected="a folder path")


def _write_atomic(text: str, target: Path) -> None:
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


def _write_stream(text: str, target: Path) -> None:
    """Write to a character device or FIFO (never created, never replaced)."""
    try:
        with open(target, "w", encoding="utf-8") as stream:
            stream.write(text)
    except OSError as error:
        raise _write_error(target, error) from None


def _write_stdout(text: str) -> None:
    try:
        sys.stdout.write(text)
        if text and not text.endswith("\n"):
            sys.stdout.write("\n")
        sys.stdout.flush()
    except BrokenPipeError:
        discard_stdout()
        raise
    except OSError as error:
        discard_stdout()
        raise _write_error("<stdout>", error) from None


def discard_stdout() -> None:
    """Point stdout's descriptor at ``/dev/null`` once writing to it failed,
    so the interpreter's final flush of what is still buffered cannot fail
    again (it would print "Exception ignored" and exit 120)."""
    try:
        descriptor = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # not a real file (tests capture into StringIO)
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, descriptor)
    finally:
        os.close(null)


def _write_error(target: Path | str, error: OSError) -> InputError:
    return InputError(target, f"cannot write output: {error.strerror or error}",
                      expected="a writable path with free space")


def _umask() -> int:
    """The process umask (reading it means setting it; put it back at once)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
