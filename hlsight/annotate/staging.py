"""Copy a report directory to a new output directory without ever touching
the input or leaving a half-written output behind.

The copy is built in a hidden staging directory next to the output and
renamed into place only when complete; with ``--force`` the previous output
is moved aside first and removed after the swap.
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


def check_destination(source: Path, destination: Path, force: bool) -> None:
    """Refuse outputs that would overwrite or nest inside the input."""
    src, dst = source.resolve(), destination.resolve()
    if dst == src or dst.is_relative_to(src) or src.is_relative_to(dst):
        raise InputError(destination, "output directory overlaps the report directory",
                         expected=f"a directory outside {source}")
    if destination.exists() and not force:
        raise InputError(destination, "output directory already exists", expected="a new path, or --force")
    if destination.exists() and not destination.is_dir():
        raise InputError(destination, "output exists and is not a directory", expected="a directory path")


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


@contextmanager
def staged_copy(source: Path, destination: Path, force: bool) -> Iterator[Path]:
    """Yield a writable copy of ``source``; on success it becomes
    ``destination``, on any error nothing changes."""
    check_destination(source, destination, force)
    destination.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{destination.name}.hlsight-", dir=destination.parent))
    tree = staging / "tree"
    try:
        shutil.copytree(source, tree, symlinks=True, copy_function=shutil.copyfile)
        _make_writable(tree)
        yield tree
        backup = staging / "previous"
        if destination.exists():
            os.replace(destination, backup)
        os.replace(tree, destination)
    finally:
        _remove_tree(staging)
