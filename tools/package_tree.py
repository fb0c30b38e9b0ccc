"""Lay the installed ``hlsight`` namespace out as a tree of links, for the
tools that find modules on disk instead of through import hooks.

The repository keeps the design card's folders (``analyzer/``, ``parsers/``,
``templates/``, ``fixtures/``) and ``pyproject.toml`` maps them into
``hlsight`` (``[tool.setuptools.package-dir]``). Python follows that mapping
through setuptools' editable finder, but mypy and import-linter (grimp) walk
directories (and grimp does not follow directory links), so they are pointed
at ``build/package-tree/`` instead: real folders in which every Python file is
a hard link (a copy where links fail) to its source, ``hlsight/analyzer/*``
to ``analyzer/*`` and so on, laid out from the same pyproject table so the
two never drift apart.

Usage: ``python tools/package_tree.py`` prints the tree's root.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

REPO = Path(__file__).resolve().parents[1]
TREE = REPO / "build" / "package-tree"


def package_dirs() -> dict[str, str]:
    """``[tool.setuptools.package-dir]`` of pyproject.toml."""
    with (REPO / "pyproject.toml").open("rb") as handle:
        config = tomllib.load(handle)
    mapping: dict[str, str] = config["tool"]["setuptools"]["package-dir"]
    return mapping


def build_tree() -> Path:
    """(Re)make ``build/package-tree`` and return it."""
    if TREE.exists():
        shutil.rmtree(TREE)
    mapping = package_dirs()
    mapped = {REPO / folder for name, folder in mapping.items() if name != "hlsight"}
    for name, folder in mapping.items():
        _link_python_files(REPO / folder, TREE / name.replace(".", "/"), skip=mapped)
    return TREE


def _link_python_files(source: Path, target: Path, skip: set[Path]) -> None:
    """Mirror the Python files below ``source`` into ``target``."""
    for path in sorted(source.rglob("*")):
        if not path.is_file() or path.suffix not in {".py", ".pyi", ".typed"} or "__pycache__" in path.parts:
            continue
        if any(folder in path.parents for folder in skip if folder != source and folder.is_relative_to(source)):
            continue
        destination = target / path.relative_to(source)
        destination.parent.mkdir(parents=True, exist_ok=True)
        try:
            destination.hardlink_to(path)
        except OSError:
            shutil.copy2(path, destination)


if __name__ == "__main__":
    print(build_tree())
