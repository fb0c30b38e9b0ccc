"""``hlsight demo``: analyze the bundled example report set.

The example is a single work-item vector add written for hlsight
(``fixtures/demo/vector_add``); ``hints.toml`` beside it gives the one value
no report contains (the kernel argument ``n``), so the demo prints a number.
``--set`` overrides it, e.g. ``hlsight demo --set n=1024``.
"""

from __future__ import annotations

import argparse
from importlib import resources
from pathlib import Path

from hlsight.analyzer.symbols import read_hints
from hlsight.commands.common import add_model_arguments, add_output_arguments, analyze_with_inputs, emit
from hlsight.parsers.loader import load_design

DEMO_DIR = Path(str(resources.files("hlsight.fixtures"))) / "demo" / "vector_add"
#: The bundled example: a small aoc report set written for hlsight.
DEMO_REPORT = DEMO_DIR / "reports"
DEMO_HINTS = DEMO_DIR / "hints.toml"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("demo", help="analyze the bundled example report")
    add_output_arguments(parser)
    add_model_arguments(parser)
    return parser


def run(args: argparse.Namespace) -> int:
    # the user's --hints (values, [[launch]] tables, concurrent) and --set over the demo's own hints
    emit(analyze_with_inputs(load_design(DEMO_REPORT), args, read_hints(DEMO_HINTS)), args)
    return 0
