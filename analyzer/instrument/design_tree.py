"""Where the instrumented files of a design are written, by ``simulate``
(its scratch folder) and ``instrument`` (the ``-o`` folder).

Design files go under their own names. When a user header's function
templates are instrumented (hls4ml's ``nnet_utils/nnet_conv2d_stream.h``),
its edited copy goes at the same path relative to the design files' folder,
and so does an unchanged copy of every other user header the design files
include from that folder or below: a quoted include searches the includer's
folder first, so each include resolves inside the copy exactly as it did
in the original tree, and none reaches the original of an edited header
(whose include guard would then keep the edited one out, silently).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from hlsight.analyzer.instrument.design_sources import DesignSources


@dataclass
class DesignTree:
    """Target path -> text, and the file each target stands for."""

    #: the design files, compiled as units
    units: dict[Path, str] = field(default_factory=dict)
    #: the user headers: edited ones, and unchanged copies of the others
    headers: dict[Path, str] = field(default_factory=dict)
    #: target -> the file the user gave (or the header it copies)
    originals: dict[Path, Path] = field(default_factory=dict)
    #: the targets of the edited headers (the others are unchanged copies)
    edited: set[Path] = field(default_factory=set)

    def linked_folder(self, root: Path) -> tuple[Path, Path] | None:
        """The first folder between ``root`` and a header's target that is a
        symbolic link or no folder, with the header it would carry out of
        ``root`` (``None``: none). Asked before anything is written."""
        for target in self.headers:
            folder = target.parent
            while folder != root and root in folder.parents:
                if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
                    return folder, self.originals[target]
                folder = folder.parent
        return None


def design_tree(sources: DesignSources, texts: Mapping[str, str], directory: Path) -> DesignTree:
    """The files to write into ``directory``: ``texts`` holds each design
    file's and each edited header's text, by the path the sources name."""
    tree = DesignTree()
    headers = sources.template_headers
    for file in sources.files:
        target = directory / file.path.name
        tree.units[target] = texts[str(file.path)]
        tree.originals[target] = file.path
    if not headers:
        return tree
    folder = sources.path.resolve().parent
    for header in headers:
        target = directory / header.path.resolve().relative_to(folder)
        tree.headers[target] = texts[str(header.path)]
        tree.originals[target] = header.path
        tree.edited.add(target)
    for file in sources.files:
        for name in file.unit.user_headers:
            target = directory / Path(name).resolve().relative_to(folder)
            if target in tree.headers:
                continue
            tree.headers[target] = Path(name).read_text(encoding="utf-8", errors="replace")
            tree.originals[target] = Path(name)
    return tree
