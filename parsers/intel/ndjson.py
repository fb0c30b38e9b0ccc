"""oneAPI 2024+ newline-delimited JSON reports (``*.ndjson``).

From oneAPI 2024 the report documents are written one node per line:

* ``loop_attr.ndjson``: a header ``{"name": "loop_attributes", "nodes": [ids]}``
  then one line per kernel / basic block / loop, children given by id;
* ``summary.ndjson``: section headers carrying a ``summary_type``
  (``performanceSummary``, ``estimatedResources``...) and rows naming their
  section in ``parent``;
* ``quartus.ndjson``, ``info.ndjson``: one line, the same object as the
  ``.json`` document;
* ``mav.ndjson``, ``loops.ndjson`` (oneAPI 2025): a header row (``id`` -1 or
  0: the ``links`` or ``columns``), then one row per node naming its
  ``parent`` id.

They sit in ``<proj>.prj/reports/resources/json/`` (hls4ml's reader expects
them there) or, copied out, as bare files. :func:`as_document` rebuilds the
nested shape of the ``.json`` documents so the existing readers apply: a
report with ``mav.ndjson`` is read as any other (``ReportBundle`` falls back
to ``<name>.ndjson``); :func:`read_ndjson_report` assembles a design from the
2024 subset without a mav (kernels come from the summary and the loop data).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hlsight.core.errors import InputError
from hlsight.core.model import (
    Design,
    Kernel,
    KernelKind,
    Product,
    ToolInfo,
    Vendor,
)
from hlsight.parsers.intel.common import as_float, debug_location, unify_file_names
from hlsight.parsers.intel.fmax import read_quartus_json
from hlsight.parsers.intel.jsdata import loads_guarded, read_text
from hlsight.parsers.intel.loops import loops_from_attr
from hlsight.parsers.intel.summary import has_pipe_resources, read_kernel_resources, read_kernel_summaries

#: Documents that come as ``<name>.ndjson``.
NDJSON_NAMES = ("loop_attr", "summary", "quartus")


def ndjson_file(directory: Path, name: str) -> Path | None:
    """``<name>.ndjson`` in ``directory`` or its ``json/`` sub-directory."""
    for candidate in (directory / "json" / f"{name}.ndjson", directory / f"{name}.ndjson"):
        if candidate.is_file():
            return candidate
    return None


def has_ndjson(directory: Path) -> bool:
    return any(ndjson_file(directory, name) is not None for name in NDJSON_NAMES)


def read_lines(path: Path) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for number, line in enumerate(read_text(path).splitlines(), start=1):
        if not line.strip():
            continue
        try:
            value = loads_guarded(line, path, "newline-delimited JSON, one object per line")
        except json.JSONDecodeError as error:
            raise InputError(path, f"line {number} is not JSON ({error.msg})",
                             expected="newline-delimited JSON, one object per line") from None
        if not isinstance(value, dict):
            raise InputError(path, f"line {number} is not a JSON object", expected="one JSON object per line")
        rows.append(value)
    return rows


#: The list a parent-linked document's top-level rows go in (``mav.json``
#: and ``gmv.json`` hold ``{"nodes": [...], "links": [...]}``, ``loops.json``
#: ``{"columns": [...], "children": [...]}``).
TOP_LEVEL_KEY = {"mav": "nodes", "gmv": "nodes", "lmv": "nodes", "new_lmv": "nodes"}


def _is_parent_linked(rows: list[dict[str, Any]]) -> bool:
    """oneAPI 2025 writes ``mav``/``loops`` as a header row (``id`` -1 or 0,
    no ``parent``) then one row per node naming its ``parent`` id."""
    header = rows[0]
    return "parent" not in header and "id" in header and any(
        isinstance(row.get("parent"), int) for row in rows[1:])


def _nest_by_parent(rows: list[dict[str, Any]], top_key: str) -> dict[str, Any]:
    """Rebuild ``{**header, top_key: [nodes with children]}`` from parent ids,
    keeping the file's row order; a row whose parent is missing (or a loop of
    parents) is dropped, as a node the document does not reach."""
    header = {key: value for key, value in rows[0].items() if key not in ("id", "depth")}
    header_id = rows[0].get("id")
    nodes: dict[Any, dict[str, Any]] = {}
    for row in rows[1:]:
        if "id" in row and row["id"] not in nodes and row["id"] != header_id:
            nodes[row["id"]] = {key: value for key, value in row.items() if key not in ("parent", "depth")}
    top: list[dict[str, Any]] = []
    for row in rows[1:]:
        node = nodes.get(row.get("id"))
        if node is None:
            continue
        parent = row.get("parent")
        if parent == header_id:
            top.append(node)
        elif parent in nodes and parent != row.get("id"):
            nodes[parent].setdefault("children", []).append(node)
    return {**header, top_key: top}


def as_document(rows: list[dict[str, Any]], name: str = "") -> Any:
    """The nested document the ``.json`` form of the same report holds
    (``name``: the document, ``"mav"``, ``"loops"``...)."""
    if not rows:
        return None
    if len(rows) == 1:
        return rows[0]
    if _is_parent_linked(rows):
        return _nest_by_parent(rows, TOP_LEVEL_KEY.get(name, "children"))
    by_id = {row["id"]: row for row in rows if "id" in row}
    header = rows[0]
    if isinstance(header.get("nodes"), list):  # loop_attr: children by id
        def resolve(node_id: Any, seen: frozenset[Any]) -> dict[str, Any] | None:
            node = by_id.get(node_id)
            if node is None or node_id in seen:
                return None
            children = [resolve(child, seen | {node_id}) for child in node.get("children") or []]
            return {**node, "children": [child for child in children if child is not None]}

        nodes = [resolve(node_id, frozenset()) for node_id in header["nodes"]]
        return {**header, "nodes": [node for node in nodes if node is not None]}
    sections: dict[str, Any] = {}
    for row in rows:  # summary: sections and rows naming their section
        kind = row.get("summary_type")
        if isinstance(kind, str):
            sections[kind] = {**row, "children": []}
    for row in rows:
        parent = sections.get(str(row.get("parent")))
        if parent is not None:
            parent["children"].append(row)
    return sections


def load(directory: Path, name: str) -> tuple[Path | None, Any]:
    path = ndjson_file(directory, name)
    return (None, None) if path is None else (path, as_document(read_lines(path), name))


def read_ndjson_report(directory: Path, root: Path) -> Design:
    """A design from the ``.ndjson`` documents in ``directory``."""
    files: list[Path] = []
    kernels: dict[str, Kernel] = {}
    summary_path, summary = load(directory, "summary")
    if summary_path is not None:
        files.append(summary_path)
        for name, facts in read_kernel_summaries(summary):
            kernels.setdefault(name, Kernel(
                name=name, kind=facts.kind, autorun=facts.autorun, workgroup_size=facts.workgroup_size,
                compute_units=facts.compute_units, simd=facts.simd, location=facts.location,
                compiler_name=facts.compiler_name))
        for name, used in read_kernel_resources(summary):
            if name in kernels:
                kernels[name].resources = used
    attr_path, attrs = load(directory, "loop_attr")
    if attr_path is not None:
        files.append(attr_path)
        for node in attrs.get("nodes") or [] if isinstance(attrs, dict) else []:
            if isinstance(node, dict) and node.get("type") == "kernel":
                name = str(node.get("name"))
                kernel = kernels.setdefault(name, Kernel(name=name, kind=KernelKind.SINGLE_WORK_ITEM))
                kernel.loops = loops_from_attr(node)
                kernel.fmax_estimated_mhz = as_float(node.get("fmax"))
                kernel.location = kernel.location or debug_location(node)
    quartus_path, quartus = load(directory, "quartus")
    if quartus_path is not None:
        files.append(quartus_path)
        fit = read_quartus_json(quartus, quartus_path.name)
        if fit is not None:
            for kernel in kernels.values():
                kernel.fmax_postfit_mhz = fit.mhz
    if not kernels:
        raise InputError(directory, "oneAPI .ndjson report without kernels",
                         expected="summary.ndjson or loop_attr.ndjson with kernel rows")
    # No info document in this form: the version is only known to be 2024+.
    tool = ToolInfo(Vendor.INTEL, Product.ONEAPI, "2024", "2024+ (inferred: .ndjson report without info data)")
    design = Design(tool=tool, root=root, name=root.name, kernels=list(kernels.values()))
    unify_file_names(design.kernels)
    design.artifacts.extend(files)
    # no mav document here: the pipes' ends are not in this form of the report
    design.pipe_endpoints_unknown = summary_path is not None and has_pipe_resources(summary)
    return design
