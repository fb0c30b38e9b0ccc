"""``hlsight demo``: analyze the bundled example report set."""

from __future__ import annotations

import argparse
from pathlib import Path

from analyzer.pipeline import analyze
from hlsight.commands.common import add_output_arguments, emit
from parsers.loader import load_design

#: The bundled example: a small aoc report set written for hlsight.
DEMO_REPORT = Path(__file__).resolve().parents[2] / "fixtures" / "demo" / "vector_add" / "reports"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("demo", help="analyze the bundled example report")
    add_output_arguments(parser)
    return parser


def run(args: argparse.Namespace) -> int:
    emit(analyze(load_design(DEMO_REPORT)), args)
    return 0
