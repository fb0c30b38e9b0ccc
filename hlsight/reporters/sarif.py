"""SARIF 2.1.0 output for editors and code-scanning CI.

One run; the driver lists every rule that produced a result (id, name, help
text, default level); each diagnostic becomes a result whose physical location
points into the kernel source (with the line's text as snippet when the report
embeds the source) and whose property bag carries the numbers behind the
message and the kernel's estimate. The kernel estimates themselves go in the
run's property bag, so a SARIF consumer sees every number ``--format json``
has without parsing prose. Validated against the OASIS schema in the tests.
"""

from __future__ import annotations

import os
from pathlib import PurePosixPath, PureWindowsPath
from typing import Any
from urllib.parse import quote

from hlsight.analyzer.export import _plain, estimate_to_dict, launches_to_list
from hlsight.analyzer.results import AnalysisResult, bound_label
from hlsight.core.diagnostics import Diagnostic
from hlsight.core.version import __version__
from hlsight.reporters.base import RenderOptions
from hlsight.reporters.json_text import json_text
from hlsight.reporters.present import display_path, lsu_terms, source_for
from hlsight.reporters.rule_docs import rule_doc

SARIF_SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
SARIF_VERSION = "2.1.0"
INFORMATION_URI = "https://github.com/hlsight/hlsight"


def artifact_uri(path: str, relative_to: str | None = None) -> str:
    """A SARIF ``uri``: ``file:`` URIs for absolute paths (POSIX or Windows,
    as the build machine wrote them), percent-encoded relative references
    otherwise."""
    shown = display_path(path, relative_to)
    if len(shown) > 2 and shown[0].isalpha() and shown[1] == ":" and shown[2] in "\\/":
        return PureWindowsPath(shown).as_uri()
    if os.path.isabs(shown):
        return PurePosixPath(shown).as_uri()
    return quote(shown.replace("\\", "/"))


#: ``uriBaseId`` of files found on this machine (relative to the working directory).
SRCROOT = "SRCROOT"
#: ``uriBaseId`` of paths only the build machine had (relative to their common folder).
BUILDROOT = "BUILDROOT"


def _is_absolute(path: str) -> bool:
    return os.path.isabs(path) or (len(path) > 2 and path[0].isalpha() and path[1] == ":" and path[2] in "\\/")


def _folder_uri(path: str) -> str:
    uri = artifact_uri(path)
    return uri if uri.endswith("/") else uri + "/"


def _pure(path: str) -> PurePosixPath | PureWindowsPath:
    return PureWindowsPath(path) if "\\" in path or path[1:2] == ":" else PurePosixPath(path)


def _common_folder(paths: list[str]) -> str:
    """The deepest folder holding every one of ``paths`` (POSIX or Windows)."""
    folders = [_pure(path).parent.parts for path in paths]
    common: list[str] = []
    for parts in zip(*folders, strict=False):
        if any(part.lower() != parts[0].lower() for part in parts):
            break
        common.append(parts[0])
    return str(_pure(paths[0]).__class__(*common)) if common else str(_pure(paths[0]).anchor)


class ArtifactLocations:
    """Relative artifact URIs and the ``originalUriBaseIds`` they are relative to.

    A file found on this machine (``--source-root``, the report folder, the
    embedded copy written out) is relative to ``SRCROOT`` (the working
    directory); a build-machine path hlsight could not find is relative to
    ``BUILDROOT``, the folder the report's absolute paths have in common, so
    a consumer can map it with one base-id setting.
    """

    def __init__(self, result: AnalysisResult, options: RenderOptions) -> None:
        self._options = options
        self._srcroot = os.path.abspath(options.relative_to or os.getcwd())
        foreign = sorted({diag.file for diag in result.diagnostics
                          if diag.file and diag.file not in options.sources and _is_absolute(diag.file)})
        self._buildroot = _common_folder(foreign) if foreign else None
        self.used: dict[str, str] = {}

    def location(self, path: str) -> dict[str, str]:
        local = self._options.sources.get(path)
        if local is not None or not _is_absolute(path):
            target = local.path if local is not None else path
            self.used[SRCROOT] = _folder_uri(self._srcroot)
            if _is_absolute(target):
                try:
                    target = os.path.relpath(target, self._srcroot)
                except ValueError:
                    return {"uri": artifact_uri(target)}
            return {"uri": quote(target.replace("\\", "/")), "uriBaseId": SRCROOT}
        if self._buildroot is None:
            return {"uri": artifact_uri(path)}
        self.used[BUILDROOT] = _folder_uri(self._buildroot)
        relative = _pure(path).relative_to(self._buildroot).as_posix()
        return {"uri": quote(relative), "uriBaseId": BUILDROOT}

    def base_ids(self) -> dict[str, dict[str, str]]:
        return {name: {"uri": uri} for name, uri in sorted(self.used.items())}


def _rules(result: AnalysisResult) -> list[dict[str, Any]]:
    rules: dict[str, dict[str, Any]] = {}
    for diag in result.diagnostics:
        if diag.rule in rules:
            continue
        doc = rule_doc(diag.rule, diag)
        rules[diag.rule] = {
            "id": diag.rule,
            "name": doc.name,
            "shortDescription": {"text": doc.summary},
            "fullDescription": {"text": doc.help},
            "help": {"text": doc.help, "markdown": doc.help},
            "defaultConfiguration": {"level": diag.severity.sarif_level},
            "properties": {"tags": list(doc.tags)},
        }
    return list(rules.values())


def _location(diag: Diagnostic, result: AnalysisResult, artifacts: ArtifactLocations) -> dict[str, Any] | None:
    if diag.file is None:
        return None
    physical: dict[str, Any] = {"artifactLocation": artifacts.location(diag.file)}
    if diag.line is not None and diag.line >= 1:
        region: dict[str, Any] = {"startLine": diag.line}
        if diag.column is not None and diag.column >= 1:
            region["startColumn"] = diag.column
        source = source_for(result.design, diag.file)
        text = None if source is None else source.line_text(diag.line)
        if text is not None:
            region["snippet"] = {"text": text}
        physical["region"] = region
    location: dict[str, Any] = {"physicalLocation": physical}
    if diag.kernel is not None:
        location["logicalLocations"] = [{"name": diag.kernel, "kind": "function"}]
    return location


def _properties(diag: Diagnostic, result: AnalysisResult) -> dict[str, Any]:
    """The numbers behind one finding: its own data (flat, as the analyzer
    named it) and, under ``estimate``, its kernel's estimate and the
    T_ideal/T_ovh of the LSU it concerns."""
    properties: dict[str, Any] = {key: _plain(value) for key, value in diag.data.items()}
    if diag.subject is not None:
        properties["subject"] = diag.subject
    estimate = None if diag.kernel is None else result.estimates.get(diag.kernel)
    if estimate is not None:
        summary: dict[str, Any] = {"kernel": estimate.kernel, "seconds": estimate.seconds, "bound": estimate.bound,
                                   "bound_label": bound_label(estimate)}
        term = lsu_terms(estimate).get(diag.subject or "")
        if term is not None:
            summary["lsu"] = {"id": term.subject, "T_ideal_s": term.ideal_s, "T_ovh_s": term.overhead_s}
        properties["estimate"] = summary
    return properties


def sarif_log(result: AnalysisResult, options: RenderOptions) -> dict[str, Any]:
    """The SARIF log as plain data."""
    rules = _rules(result)
    rule_index = {rule["id"]: index for index, rule in enumerate(rules)}
    artifacts = ArtifactLocations(result, options)
    results = []
    for diag in result.diagnostics:
        entry: dict[str, Any] = {
            "ruleId": diag.rule,
            "ruleIndex": rule_index[diag.rule],
            "level": diag.severity.sarif_level,
            "message": {"text": diag.message},
            "properties": _properties(diag, result),
        }
        location = _location(diag, result, artifacts)
        if location is not None:
            entry["locations"] = [location]
        results.append(entry)
    design = result.design
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": "hlsight",
                "version": __version__,
                "semanticVersion": __version__,
                "informationUri": INFORMATION_URI,
                "rules": rules,
            }
        },
        "results": results,
        **({"originalUriBaseIds": artifacts.base_ids()} if artifacts.used else {}),
        "properties": {
            "design": design.name or str(design.root),
            "producer": {"product": design.tool.product.value, "version": design.tool.version},
            "estimates": {name: estimate_to_dict(estimate) for name, estimate in result.estimates.items()},
            "design_estimate": None
            if result.design_estimate is None
            else estimate_to_dict(result.design_estimate),
            "assignments": dict(result.assignments),
            "launches": launches_to_list(result),
        },
    }
    return {"$schema": SARIF_SCHEMA_URI, "version": SARIF_VERSION, "runs": [run]}


class SarifReporter:
    format_name = "sarif"

    def render(self, result: AnalysisResult, options: RenderOptions) -> str:
        return json_text(sarif_log(result, options))
