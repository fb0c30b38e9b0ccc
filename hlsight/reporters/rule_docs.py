"""Names and help texts of diagnostic rules, for SARIF rule metadata and the
HTML report's hint list.

Rules are identified by the stable id a :class:`~analyzer.diagnostics.Diagnostic`
carries. A rule the analyzer documents itself (``analyzer.rules.RULES`` once it
exists, an id -> object with ``name``/``summary``/``help``) wins; otherwise
the entry here; otherwise a description derived from the first finding, so an
undocumented new rule still produces valid, readable SARIF.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from analyzer.diagnostics import Diagnostic


@dataclass(frozen=True)
class RuleDoc:
    name: str
    summary: str
    help: str
    tags: tuple[str, ...] = ()


def _analyzer_rules() -> dict[str, object]:
    """The analyzer's own rule registry, when the model provides one."""
    try:
        module = importlib.import_module("analyzer.rules")
    except ImportError:
        return {}
    rules = getattr(module, "RULES", {})
    return dict(rules) if isinstance(rules, dict) else {}


def rule_doc(rule: str, example: Diagnostic) -> RuleDoc:
    """Documentation of ``rule``; ``example`` is one of its findings."""
    documented = _analyzer_rules().get(rule)
    if documented is not None:
        name = str(getattr(documented, "name", rule))
        summary = str(getattr(documented, "summary", getattr(documented, "title", name)))
        help_text = str(getattr(documented, "help", summary))
        return RuleDoc(name=name, summary=summary, help=help_text, tags=("hls",))
    return RuleDoc(
        name=rule,
        summary=f"hlsight finding {rule}",
        help=f"{rule}: {example.message}",
        tags=("hls",),
    )
