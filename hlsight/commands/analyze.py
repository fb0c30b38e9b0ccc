"""``hlsight analyze PATH``: read a design and report on it."""

from __future__ import annotations

import argparse

from hlsight.commands.common import (
    add_design_arguments,
    add_model_arguments,
    add_output_arguments,
    analyze_with_inputs,
    emit,
)
from hlsight.parsers.loader import ReadOptions, load_design


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    parser = subparsers.add_parser("analyze", help="read an HLS report and print the analysis")
    add_design_arguments(parser)
    add_output_arguments(parser)
    add_model_arguments(parser)
    return parser


def run(args: argparse.Namespace) -> int:
    design = load_design(args.path, ReadOptions(solution=args.solution))
    emit(analyze_with_inputs(design, args), args)
    return 0
