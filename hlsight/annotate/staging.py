"""Copy a report directory to a new output directory without ever touching
the input or leaving a half-written output behind.

The copy is built in a hidden staging directory next to the output and
renamed into place only when complete; with ``--force`` the previous output
is moved aside first and removed after the swap.

The copy holds regular files and directories only: a symbolic link in the
input becomes a copy of its target when that target is a regular file inside
the input, and is left out otherwise (a link out of the input, to a directory,
dangling), as are devices, FIFOs and sockets. So nothing written into the
copy can reach the input or a file outside the output. ``--force`` replaces
only a directory hlsight made (it carries :data:`MARKER`) or an empty one.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from hlsight.core.errors import InputError
from hlsight.output import check_output_folder

#: File that marks a directory as an ``annotate`` output, so ``--force`` may replace it.
MARKER = ".hlsight-annotate"


def check_destination(source: Path, destination: Path, force: bool) -> None:
    """Refuse outputs that would overwrite or nest inside the input, replace
    something that is not a directory, or delete a directory hlsight did
    not make."""
    if not str(destination):
        raise InputError(destination, "empty output path", expected="a directory path")
    src, dst = source.resolve(), destination.resolve()
    if dst == src or dst.is_relative_to(src) or src.is_relative_to(dst):
        raise InputError(destination, "output directory overlaps the report directory",
                         expected=f"a directory outside {source}")
    # OUT_DIR is created, never the folders above it (a mistyped path made them all)
    check_output_folder(destination, expected="OUT_DIR in an existing folder (annotate creates OUT_DIR only)")
    if not (destination.exists() or destination.is_symlink()):
        return
    # what is there is said first: "already exists" for a file read as "a
    # directory is there", "not a directory" for a link to one hid the reason
    if destination.is_symlink():
        raise InputError(destination, "output path is a symbolic link; refusing to follow it (annotate never"
                         " writes through a link out of its output)", expected="a new directory path")
    if not destination.is_dir():
        raise InputError(destination, "output path is a file, not a directory (annotate writes a directory;"
                         " --force replaces only a directory hlsight made)", expected="a new directory path")
    if not force:
        raise InputError(destination, "output directory already exists", expected="a new path, or --force")
    if not (destination / MARKER).is_file() and any(destination.iterdir()):
        raise InputError(destination, f"--force refused: the directory was not made by hlsight annotate"
                         f" (no {MARKER} in it)", expected="a new path, or an earlier annotate output")


def _regular_files_only(source: Path) -> Callable[[str, list[str]], set[str]]:
    """A ``copytree`` ignore function that leaves out every entry that is
    not a directory or a regular file inside ``source`` (after following a
    symbolic link)."""
    root = source.resolve()

    def ignore(directory: str, names: list[str]) -> set[str]:
        skipped = set()
        for name in names:
            path = Path(directory, name)
            try:
                mode = path.lstat().st_mode
                if stat.S_ISLNK(mode):
                    target = path.resolve(strict=True)
                    keep = target.is_relative_to(root) and stat.S_ISREG(target.stat().st_mode)
                else:
                    keep = stat.S_ISREG(mode) or stat.S_ISDIR(mode)
            except (OSError, RuntimeError):  # dangling link, link loop, unreadable
                keep = False
            if not keep:
                skipped.add(name)
        return skipped

    return ignore


def _make_writable(root: Path) -> None:
    """Vendor reports are often read-only (archives, shared corpora); the copy
    must be editable and removable."""
    for directory, _, files in os.walk(root):
        os.chmod(directory, os.stat(directory).st_mode | stat.S_IRWXU)
        for name in files:
            path = os.path.join(directory, name)
            if not os.path.islink(path):
                os.chmod(path, os.stat(path).st_mode | stat.S_IRUSR | stat.S_IWUSR)


def _remove_tree(path: Path) -> None:
    def retry_writable(function: Callable[..., Any], target: str, _: object) -> None:
        os.chmod(os.path.dirname(target), stat.S_IRWXU)
        function(target)

    if path.exists():
        shutil.rmtree(path, onerror=retry_writable)


def _first_error(error: BaseException) -> str:
    """One line for an ``OSError`` or for ``shutil.Error``'s list of them."""
    if isinstance(error, shutil.Error) and error.args and isinstance(error.args[0], list) and error.args[0]:
        source, _, why = error.args[0][0]
        return f"{source}: {why}"
    return str(error)


@contextmanager
def staged_copy(source: Path, destination: Path, force: bool) -> Iterator[Path]:
    """Yield a writable copy of ``source``; on success it becomes
    ``destination``, on any error nothing changes."""
    check_destination(source, destination, force)
    try:
        staging = Path(tempfile.mkdtemp(prefix=f".{destination.name}.hlsight-", dir=destination.parent))
    except OSError as error:
        raise InputError(destination, f"cannot create the output directory: {error.strerror or error}",
                         expected="a writable location") from None
    tree = staging / "tree"
    try:
        try:
            shutil.copytree(source, tree, symlinks=False, ignore=_regular_files_only(source),
                            copy_function=shutil.copyfile)
        except (OSError, shutil.Error) as error:
            raise InputError(source, f"cannot copy the report directory: {_first_error(error)}") from None
        _make_writable(tree)
        (tree / MARKER).write_text("made by hlsight annotate; --force may replace this directory\n",
                                   encoding="utf-8")
        yield tree
        backup = staging / "previous"
        if destination.exists():
            os.replace(destination, backup)
        os.replace(tree, destination)
    finally:
        _remove_tree(staging)
