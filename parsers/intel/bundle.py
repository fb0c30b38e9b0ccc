"""Uniform access to the named JSON documents of one aoc report.

The same document (``mav``, ``loops``, ``info``...) lives in ``json/mav.json``
(17.1.1+), in ``json/mav.ndjson`` (oneAPI 2024+, one node per line, rebuilt
into the ``.json`` shape by :func:`hlsight.parsers.intel.ndjson.as_document`),
in ``var mavJSON=`` of ``report_data.js`` (16.1+), or for
``info``/``quartus`` in ``product_data.js``/``quartus_data.js`` (20.4+),
``gmv`` also in ``viewer_data.js`` (oneAPI 2021.4-2022.x).
:class:`ReportBundle` hides where: ``get("mav")`` returns the decoded object
or ``None``. Documents are decoded lazily and once, so reading a design only
pays for what the front end uses.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from hlsight.core.errors import InputError
from hlsight.parsers.intel.jsdata import decode_payload, load_json_file, load_quartus_json, read_text, split_js_vars
from hlsight.parsers.intel.ndjson import as_document, read_lines

T = TypeVar("T")
#: What a reader raises when a well-formed JSON document has an unexpected shape.
SHAPE_ERRORS = (TypeError, AttributeError, KeyError, ValueError, IndexError)

#: JavaScript containers, in lookup order.
JS_FILES = ("report_data.js", "product_data.js", "quartus_data.js")
#: oneAPI 2021.4-2022.x also write the viewers' documents (``gmvJSON``,
#: ``scheduleJSON``...) to ``viewer_data.js``; it is read only for the
#: documents hlsight takes from there and only when ``json/`` lacks them, so
#: a report whose documents are all elsewhere does not pay for (or list) it.
VIEWER_FILE = "viewer_data.js"
VIEWER_DOCUMENTS = frozenset({"gmv"})


class ReportBundle:
    """The documents of one report data directory (``lib/`` or ``resources/``)."""

    def __init__(self, data_dir: Path):
        self.data_dir = data_dir
        self.json_dir = data_dir / "json"
        self._js_vars: dict[str, tuple[Path, str]] | None = None
        self._viewer_vars: dict[str, tuple[Path, str]] | None = None
        self._cache: dict[str, Any] = {}
        self.read_files: list[Path] = []

    def _read_vars(self, files: Sequence[str]) -> dict[str, tuple[Path, str]]:
        """``var`` name -> (file, raw text) over those of ``files`` in the
        report folder (the first file holding a name keeps it), each file
        read listed in :attr:`read_files`."""
        found: dict[str, tuple[Path, str]] = {}
        for name in files:
            path = self.data_dir / name
            if path.is_file():
                self.read_files.append(path)
                for var, raw in split_js_vars(read_text(path), path).items():
                    found.setdefault(var, (path, raw))
        return found

    def _vars(self) -> dict[str, tuple[Path, str]]:
        if self._js_vars is None:
            self._js_vars = self._read_vars(JS_FILES)
        return self._js_vars

    def _var(self, name: str) -> tuple[Path, str] | None:
        """``var <name>JSON`` of the JS containers, then (for
        :data:`VIEWER_DOCUMENTS`) of ``viewer_data.js``."""
        entry = self._vars().get(f"{name}JSON")
        if entry is not None or name not in VIEWER_DOCUMENTS:
            return entry
        if self._viewer_vars is None:
            self._viewer_vars = self._read_vars((VIEWER_FILE,))
        return self._viewer_vars.get(f"{name}JSON")

    def _file(self, name: str) -> Path | None:
        """``json/<name>.json``, else ``json/<name>.ndjson``, when present."""
        for suffix in (".json", ".ndjson"):
            path = self.json_dir / f"{name}{suffix}"
            if path.is_file():
                return path
        return None

    def has(self, name: str) -> bool:
        return self._file(name) is not None or self._var(name) is not None

    def get(self, name: str) -> Any:
        """Decoded document ``name`` (``"mav"``, ``"loops"``...) or ``None``."""
        if name in self._cache:
            return self._cache[name]
        value: Any = None
        path = self._file(name)
        if path is not None:
            self.read_files.append(path)
            if path.suffix == ".ndjson":
                value = as_document(read_lines(path), name)
            else:
                value = load_quartus_json(path) if name == "quartus" else load_json_file(path)
        else:
            entry = self._var(name)
            if entry is not None:
                value = decode_payload(entry[1], entry[0], f"var {name}JSON")
        self._cache[name] = value
        return value

    def source_of(self, name: str) -> Path | None:
        """File the document comes from (for messages and ``artifacts``)."""
        path = self._file(name)
        if path is not None:
            return path
        entry = self._var(name)
        return None if entry is None else entry[0]

    def interpret(self, name: str, reader: Callable[[Any], T]) -> T:
        """``reader(get(name))``; a document of an unexpected shape (a future
        or hand-edited report) becomes an :class:`InputError` naming it."""
        document = self.get(name)
        try:
            return reader(document)
        except RecursionError:
            # a oneAPI 2025 .ndjson document nests by parent ids, as deep as it likes
            where = self.source_of(name) or self.data_dir
            raise InputError(where, f"{name} data nested too deeply to read",
                             expected=f"the aoc {name} document layout") from None
        except SHAPE_ERRORS as error:
            where = self.source_of(name) or self.data_dir
            raise InputError(where, f"{name} data has an unexpected structure ({type(error).__name__}: {error})",
                             expected=f"the aoc {name} document layout of 16.1-2023.0 reports") from None
