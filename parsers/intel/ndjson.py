"""oneAPI 2024+ newline-delimited JSON reports (``*.ndjson``).

From oneAPI 2024 the report documents are written one node per line:

* ``loop_attr.ndjson``: a header ``{"name": "loop_attributes", "nodes": [ids]}``
  then one line per kernel / basic block / loop, children given by id;
* ``summary.ndjson``: section headers carrying a ``summary_type``
  (``performanceSummary``, ``estimatedResources``...) and rows naming their
  section in ``parent``;
* ``quartus.ndjson``: one line, the same object as 20.4+ ``quartus.json``.

They sit in ``<proj>.prj/reports/resources/json/`` (hls4ml's reader expects
them there) or, copied out, as bare files. :func:`as_document` rebuilds the
nested shape of the ``.json`` documents so the existing readers apply;
:func:`read_ndjson_report` assembles a design from them (there is no mav
document in this form: kernels come from the summary and the loop data).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hlsight.core.errors import InputError
from hlsight.core.model import (
    Design,
    InitiationInterval,
    Kernel,
    KernelKind,
    Loop,
    Product,
    ToolInfo,
    TripCount,
    Vendor,
)
from hlsight.parsers.intel.common import as_float, as_int, debug_location, yes_no
from hlsight.parsers.intel.fmax import read_quartus_json
from hlsight.parsers.intel.jsdata import loads_guarded, read_text
from hlsight.parsers.intel.summary import read_kernel_resources, read_kernel_summaries

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


def as_document(rows: list[dict[str, Any]]) -> Any:
    """The nested document the ``.json`` form of the same report holds."""
    if len(rows) == 1:
        return rows[0]
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
    return (None, None) if path is None else (path, as_document(read_lines(path)))


def _loops(node: dict[str, Any]) -> list[Loop]:
    loops: list[Loop] = []
    for child in node.get("children") or []:
        if not isinstance(child, dict):
            continue
        nested = _loops(child)
        if child.get("type") != "loop":
            loops.extend(nested)  # a basic block: its loops belong to the parent
            continue
        trip = as_int(child.get("tc"))
        ii = as_int(child.get("ii"))
        loops.append(Loop(
            name=str(child.get("name")),
            pipelined=yes_no(child.get("pl")),
            ii=InitiationInterval(ii) if ii is not None else None,
            iteration_latency=as_int(as_float(child.get("lt"))),
            trip_count=TripCount(trip, trip) if trip else TripCount(),  # tc 0 = unknown
            max_interleaving=as_int(child.get("mi")),
            achieved_fmax_mhz=as_float(child.get("af")),
            details=[str(item.get("text")) for item in child.get("details") or [] if isinstance(item, dict)],
            location=debug_location(child),
            children=nested,
        ))
    return loops


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
                compute_units=facts.compute_units, simd=facts.simd, location=facts.location))
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
                kernel.loops = _loops(node)
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
    design.artifacts.extend(files)
    return design
