"""Argument helpers shared by commands that read a design."""

from __future__ import annotations

import argparse
import os
import sys

from analyzer.results import AnalysisResult
from hlsight.output import write_text
from hlsight.reporters import REPORTERS, get_reporter
from hlsight.reporters.base import RenderOptions


def add_output_arguments(parser: argparse.ArgumentParser, default: str = "text") -> None:
    parser.add_argument("--format", choices=sorted(REPORTERS), default=default, help="output format")
    parser.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")


def add_design_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", metavar="PATH", help="report directory, project directory or report file")
    parser.add_argument("--solution", metavar="NAME", help="Vivado/Vitis solution to read")


def emit(result: AnalysisResult, args: argparse.Namespace) -> None:
    """Render ``result`` in ``args.format`` and write it to ``args.output``."""
    to_terminal = args.output in (None, "-") and sys.stdout.isatty()
    options = RenderOptions(color=to_terminal, relative_to=os.getcwd())
    text = get_reporter(args.format).render(result, options)
    write_text(text, args.output)
