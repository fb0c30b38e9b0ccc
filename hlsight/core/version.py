"""The installed version, read from the package metadata (defined once, in
``pyproject.toml``) so no module has to import the CLI to learn it."""

from __future__ import annotations

from importlib import metadata

try:
    __version__: str = metadata.version("hlsight")
except metadata.PackageNotFoundError:  # running from a tree that was never installed
    __version__ = "0+unknown"
